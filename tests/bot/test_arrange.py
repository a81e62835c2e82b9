"""`/arrange runs|pairs|groups`: how a person's rack is ordered, in the picture, its caption
and the numbers a tile can be named by (O23, Y-D4: a player going for pairs sees them;
groups by number, as for sets, in the okey games and Rummikub)."""

from __future__ import annotations

import pytest

from bot import views
from bot.i18n import render_lines
from bot.messages import Image
from bot.rack_order import by_number, ordered, pairs_first

from .conftest import ALI, BUDI, draw_until_to_discard, en, okey_table


def test_pairs_come_first_each_with_a_gap_and_the_rest_keeps_its_order():
    rack = ["r7", "r7", "r8", None, "b4", "*", None, "b4", "k1", "*"]
    assert pairs_first(rack) == ["r7", "r7", None, "b4", "b4", None, "r8", None, "*", None,
                                 "k1", "*"]
    assert pairs_first(["r7", "r8", None, "y1"]) == ["r7", "r8", None, "y1"]  # no pair
    assert pairs_first(["*", "*", "k2", "k2", "k2"]) == ["k2", "k2", None, "*", "*", "k2"]


def test_groups_go_by_number_then_colour_with_wild_tiles_last():
    assert by_number(["r3", "r5", None, "b4", "k4", "J", "y3", "b3"]) == [
        "r3", "b3", "y3", None, "b4", "k4", None, "r5", None, "J"]
    assert by_number(["F", "k9", "*", "r9"]) == ["r9", "k9", None, "*", "F"]
    # O4: a fake okey is the okey's tile, so it sorts among that number
    assert by_number(["F", "k9", "*", "b12", "r9", "y13"], okey="b12") == [
        "r9", "k9", None, "b12", "F", None, "y13", None, "*"]


def test_O28_penalty_marks_move_with_their_tiles():
    view = {"game": "okey101", "rack": ["r5", "r6", None, "b9", "k2", "b9"],
            "penalty_tiles": [0, 3, 5]}  # r5 and both b9 would be penalty tiles
    shown = ordered(view, "pairs")
    assert shown["rack"] == ["b9", "b9", None, "r5", "r6", None, "k2"]
    assert shown["penalty_tiles"] == [0, 1, 3]
    shown = ordered(view, "groups")
    assert shown["rack"] == ["k2", None, "r5", None, "r6", None, "b9", "b9"]
    assert shown["penalty_tiles"] == [2, 6, 7]
    # pairs are no order for Rummikub racks, nor any for domino hands
    rummikub = {"game": "rummikub", "rack": ["r7", "r7"]}
    assert ordered(rummikub, "pairs") is rummikub
    assert ordered(rummikub, "groups")["rack"] == ["r7", "r7"]


def rack_images(out, user) -> list[Image]:
    return [m for m in out if isinstance(m, Image) and m.kind == "rack" and m.to.user == user.id]


async def test_a_player_orders_the_rack_by_pairs_and_names_tiles_in_that_order(bot):
    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    default = views.Snapshot(table.state).json(seat)["rack"]
    assert pairs_first(default) != default, "this deal gives Ali a pair"

    out = await bot.say(ALI, "/arrange pairs")  # typed in the group: answered privately
    assert all(m.to.private and m.to.user == ALI.id for m in out)
    assert en(out[0]) == "From now on your racks at every table are ordered: pairs first (okey games)."
    (rack,) = rack_images(out, ALI)  # the rack again at once, in the new order
    assert rack.view["rack"] == pairs_first(default)
    tiles = " ".join(t for t in rack.view["rack"] if t is not None)
    assert tiles in render_lines(rack.lines, "en").replace(" ·", "")  # the caption agrees
    budi = rack_images(await bot.say(BUDI, "/hand"), BUDI)[0]
    assert budi.view["rack"] == views.Snapshot(table.state).json(table.seat_of(BUDI.id))["rack"]

    await draw_until_to_discard(bot, table, ALI)
    table = (await bot.restart()).table()  # the choice is kept in the store
    shown = rack_images(await bot.say(ALI, "/hand"), ALI)[0].view["rack"]
    default = views.Snapshot(table.state).json(seat)["rack"]
    assert shown == pairs_first(default)
    # a number whose tile differs between the two orders: it is read in Ali's order
    mine, engines = ([t for t in rack if t is not None] for rack in (shown, default))
    slot = next(i for i, (a, b) in enumerate(zip(mine, engines, strict=True)) if a != b) + 1
    moves = table.moves
    await bot.say(ALI, f"/discard {slot}")
    assert (await bot.store.move_log(table.id))[moves].action == f"discard {mine[slot - 1]}"


async def test_an_unknown_order_is_refused_and_with_no_table_the_choice_is_kept(bot):
    out = await bot.say(ALI, "/arrange colours")
    assert [m.lines[0].key for m in out] == ["core.error.unknown_arrangement"]
    assert await bot.store.prefs() == []
    out = await bot.say(ALI, "/arrange runs")  # for the okey tables to come
    assert [m.lines[0].key for m in out] == ["core.arrange_set"]  # no rack to resend
    assert await bot.store.prefs() == [("tg", "user", ALI.id, "arrange", "runs")]
    # at a dominoes table it is refused (test_hide.py)


async def test_K_a_rummikub_player_sorts_by_number_and_places_by_those_numbers(bot):
    await bot.say(ALI, "/new rummikub players=2")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    out = await bot.say(BUDI, "/arrange groups")
    (rack,) = rack_images(out, BUDI)
    seat = table.seat_of(BUDI.id)
    default = views.Snapshot(table.state).json(seat)["rack"]
    assert rack.view["rack"] == by_number(default) != default
    # Budi names three tiles by their numbers in this order: the refusal names those tiles
    # (r2 k2 k3 cannot go on the table; in the colour order the first three differ)
    if table.state.current_player != seat:
        await bot.say(ALI, "/draw")
    tiles = [t for t in rack.view["rack"] if t is not None]
    assert tiles[:3] != [t for t in default if t is not None][:3]
    out = await bot.say(BUDI, "/place 1 2 3")
    assert en(out[0]) == (f"Not allowed (K6): No new set can be made with {' '.join(tiles[:3])}: "
                          "before your initial meld, only new sets from your rack may go down "
                          "(the sets on the table stay as they are).")


@pytest.mark.parametrize("typed, order", [
    ("जोड़ियाँ", "pairs"), ("पहले जोड़ियाँ (ओकेय)", "pairs"), ("ÇİFTLER", "pairs"),
    ("ग्रुप", "groups"), ("kelompok", "groups"), ("seri", "runs"),
    ("pairs.", "pairs")])  # (a phone's full stop)
async def test_an_order_is_named_in_the_readers_words_too(bot, typed, order):
    """The bot answers /arrange pairs with "पहले जोड़ियाँ (ओकेय)": that phrase, or its
    word for the order, typed back, sets it (README: words the bot shows are read back;
    a scan found /arrange जोड़ियाँ refused)."""
    out = await bot.say(ALI, f"/arrange {typed}")
    assert [m.lines[0].key for m in out] == ["core.arrange_set"]
    assert await bot.store.prefs() == [("tg", "user", ALI.id, "arrange", order)]
