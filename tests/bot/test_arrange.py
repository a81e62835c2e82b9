"""`/arrange pairs|runs`: how a person's okey rack is ordered, in the picture, its caption
and the numbers a tile can be named by (O23, Y-D4: a player going for pairs sees them)."""

from __future__ import annotations

from bot import views
from bot.i18n import render_lines
from bot.messages import Image
from bot.views import in_pairs_order, pairs_first

from .conftest import ALI, BUDI, draw_until_to_discard, en, okey_table


def test_pairs_come_first_each_with_a_gap_and_the_rest_keeps_its_order():
    rack = ["r7", "r7", "r8", None, "b4", "*", None, "b4", "k1", "*"]
    assert pairs_first(rack) == ["r7", "r7", None, "b4", "b4", None, "r8", None, "*", None,
                                 "k1", "*"]
    assert pairs_first(["r7", "r8", None, "y1"]) == ["r7", "r8", None, "y1"]  # no pair
    assert pairs_first(["*", "*", "k2", "k2", "k2"]) == ["k2", "k2", None, "*", "*", "k2"]


def test_O28_penalty_marks_move_with_their_tiles():
    view = {"game": "okey101", "rack": ["r5", "r6", None, "b9", "k2", "b9"],
            "penalty_tiles": [0, 3, 5]}  # r5 and both b9 would be penalty tiles
    shown = in_pairs_order(view)
    assert shown["rack"] == ["b9", "b9", None, "r5", "r6", None, "k2"]
    assert shown["penalty_tiles"] == [0, 1, 3]


def rack_images(out, user) -> list[Image]:
    return [m for m in out if isinstance(m, Image) and m.kind == "rack" and m.to.user == user.id]


async def test_a_player_orders_the_rack_by_pairs_and_names_tiles_in_that_order(bot):
    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    default = views.Snapshot(table.state).json(seat)["rack"]
    assert pairs_first(default) != default, "this deal gives Ali a pair"

    out = await bot.say(ALI, "/arrange pairs")  # typed in the group: answered privately
    assert all(m.to.private and m.to.user == ALI.id for m in out)
    assert en(out[0]) == "Your okey racks now show pairs first."
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


async def test_an_unknown_order_is_refused_and_a_dominoes_player_just_gets_the_answer(bot):
    out = await bot.say(ALI, "/arrange colours")
    assert [m.lines[0].key for m in out] == ["core.error.unknown_arrangement"]
    assert await bot.store.prefs() == []
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/arrange runs")
    assert [m.lines[0].key for m in out] == ["core.arrange_set"]  # no okey rack to resend
    assert await bot.store.prefs() == [("tg", "user", ALI.id, "arrange", "runs")]
