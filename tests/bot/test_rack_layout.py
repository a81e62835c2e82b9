"""`/arrange 5 6 7 | 1 2` (Y-D9: "players can reorder their rack"): a person lays out their
own rack, by the tiles' numbers in their picture or by name, a gap at each `|`; the layout
holds through draws, discards and a restart, and `/arrange runs|pairs|groups` sorts again."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import rules
from bot import views
from bot.messages import Buttons, Image
from bot.rack_layout import Layout, arranged, laid_over
from bot.rack_order import ordered
from bot.refusal import Refusal
from rules.ai.random_agent import RandomAgent
from rules.errors import InvalidAction

from .conftest import ALI, BUDI, en, okey_table

RACK = ["r3", "b3", "k3", None, "k9", "*", "k11", None, "r3", None, "y1", "y4"]


def test_named_tiles_go_first_in_that_order_and_the_rest_keeps_its_order_and_gaps():
    # 8 is y1; the names take the copies not yet named (both r3)
    assert arranged(["8", "r3", "|", "5", "r3"], RACK, "okey") == [
        "y1", "r3", None, "*", "r3", None, "b3", "k3", None, "k9", "k11", None, "y4"]
    assert arranged(["7|1"], RACK, "okey") == [  # "|" need not stand apart
        "r3", None, "r3", None, "b3", "k3", None, "k9", "*", "k11", None, "y1", "y4"]
    assert arranged(["okey", "F"], ["F", "*"], "okey") == ["*", "F"]  # okey by its word
    assert arranged(["J", "r5"], ["r5", "J"], "rummikub") == ["J", "r5"]


@pytest.mark.parametrize("words, key", [
    (["10"], "core.error.bad_slot"), (["0"], "core.error.bad_slot"),
    (["2", "2"], "core.error.arrange_twice"), (["2", "b3"], "core.error.arrange_too_many"), (["y13"], "core.error.arrange_not_held"),
    (["r3", "r3", "r3"], "core.error.arrange_too_many"),
    (["|", "|"], "core.error.unknown_arrangement")])
def test_what_cannot_be_laid_out_is_refused(words, key):
    with pytest.raises(Refusal) as refused:
        arranged(words, RACK, "okey")
    assert refused.value.line.key == key
    with pytest.raises(InvalidAction):
        arranged(["x7"], RACK, "okey")


def test_a_layout_drops_tiles_that_left_and_puts_new_ones_at_the_right_end():
    layout = Layout(2, ("y1", "r3", None, "*", "r3", None, "b3"))
    rack = ["r3", "b3", None, "k5", "*", None, "y2"]  # y1 and one r3 left; k5 and y2 came
    assert laid_over(layout, rack) == ["r3", None, "*", None, "b3", None, "k5", None, "y2"]
    assert laid_over(layout, ["y1"]) == ["y1"]
    assert Layout.parse(2, layout.text()) == layout


def test_O28_a_layout_belongs_to_its_round_and_penalty_marks_move_with_their_tiles():
    view = {"game": "okey101", "round": 2, "rack": ["r5", "r6", None, "b9"],
            "penalty_tiles": [0]}
    shown = ordered(view, "runs", Layout(2, ("b9", None, "r6", "r5")))
    assert shown["rack"] == ["b9", None, "r6", "r5"] and shown["penalty_tiles"] == [3]
    assert ordered(view, "runs", Layout(1, ("b9", None, "r6", "r5"))) is view  # last round's


def racks(out, person) -> list[Image]:
    return [m for m in out if isinstance(m, Image) and m.kind == "rack" and m.to.user == person.id]


def tiles_of(rack: list) -> list:
    return [t for t in rack if t is not None]


async def test_Y_D9_a_player_lays_out_the_rack_and_it_holds_through_a_draw_and_a_restart(bot):
    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    before = views.Snapshot(table.state).json(seat)["rack"]

    out = await bot.say(ALI, "/arrange 9 10 | 1 2 3")  # typed in the group
    assert all(m.to.private and m.to.user == ALI.id for m in out)
    assert en(out[0]).startswith("Your rack is laid out as you wrote it.")
    (rack,) = racks(out, ALI)  # the rack again at once, as laid out
    laid = arranged(["9", "10", "|", "1", "2", "3"], before, "okey")
    assert rack.view["rack"] == laid and tiles_of(laid)[:5] == ["r8", "r9", "r3", "b3", "k3"]
    assert " ".join(tiles_of(laid)) in en(rack).replace(" ·", "")  # the caption agrees
    budi = racks(await bot.say(BUDI, "/hand"), BUDI)[0]  # nobody else's rack moves
    assert budi.view["rack"] == views.Snapshot(table.state).json(table.seat_of(BUDI.id))["rack"]

    moves = table.moves  # a number is read in Ali's layout: 1 is r8 now
    await bot.say(ALI, "/discard 1")
    assert (await bot.store.move_log(table.id))[moves].action == "discard r8"
    budi = table.seat_of(BUDI.id)
    while table.state.current_player == budi:  # Budi draws and discards; computers play
        legal = table.state.view(budi).legal
        await bot.say(BUDI, "/" + next((a for a in legal if a == "draw"), legal[0]))
    out = await bot.say(ALI, "/draw")
    shown = racks(out, ALI)[0].view["rack"]
    (buttons,) = [m for m in out if isinstance(m, Buttons)]  # discards in the rack's order
    discards = [c.label.split()[1] for c in buttons.choices if c.label.startswith("discard")]
    assert discards == list(dict.fromkeys(tiles_of(shown))) and len(discards) > 8
    drawn = [t for t in views.Snapshot(table.state).json(seat)["rack"] if t is not None]
    (new,) = Counter(drawn) - Counter(tiles_of(laid[1:]))  # the drawn tile (seed 7: an okey)
    assert shown == [*laid[1:], None, new]  # at the right end

    table = (await bot.restart()).table()  # kept in the store
    assert racks(await bot.say(ALI, "/hand"), ALI)[0].view["rack"] == shown
    await bot.say(ALI, "/hide")  # the face-down okey stays where Ali put it
    hidden = racks(await bot.say(ALI, "/hand"), ALI)[0].view
    assert hidden["rack"] == shown  # both okeys face down, each where it lies
    assert hidden["face_down"] == [i for i, t in enumerate(shown) if t == "*"] == [7, 23]

    out = await bot.say(ALI, "/arrange runs")  # sorted again; the layout is gone
    assert racks(out, ALI)[0].view["rack"] == views.Snapshot(table.state).json(seat)["rack"]
    assert await bot.store.rack_layouts() == []


async def test_a_refused_layout_changes_nothing_and_domino_hands_have_none(bot):
    await bot.say(ALI, "/new okey101 bots=random")
    out = await bot.say(ALI, "/arrange 1 2")  # not dealt yet
    assert [m.lines[0].key for m in out] == ["core.error.not_started_opener"]
    await bot.say(ALI, "/start")
    table = bot.table()
    shown = views.Snapshot(table.state).json(table.seat_of(ALI.id))["rack"]
    for text, key in (("/arrange 1 1", "core.error.arrange_twice"),
                      ("/arrange 16", "core.error.bad_slot"),
                      ("/arrange r3 x9", "error.bad_tile"),
                      # "²" is a digit to str.isdigit(), not to int(); 5,000 digits neither
                      ("/arrange ²", "core.error.unknown_arrangement"),
                      ("/arrange " + "9" * 5000, "core.error.unknown_arrangement"),
                      ("/discard ²", "error.bad_tile"), ("/discard 1|2", "error.one_tile")):
        out = await bot.say(ALI, text)
        assert [m.lines[0].key for m in out] == [key] and out[0].to.private
        assert await bot.store.rack_layouts() == []
    assert racks(await bot.say(ALI, "/hand"), ALI)[0].view["rack"] == shown
    out = await bot.say(ALI, "/arrange ५|２")  # Devanagari and full-width digits are numbers
    tiles = [t for t in shown if t is not None]
    assert racks(out, ALI)[0].view["rack"][:3] == [tiles[4], None, tiles[1]]
    out = await bot.say(BUDI, "/arrange 1 2")  # not at the table
    assert [m.lines[0].key for m in out] == ["core.error.not_seated"]

    await bot.say(BUDI, "/new dominoes bots=random", chat="g2")
    await bot.say(BUDI, "/start", chat="g2")
    out = await bot.say(BUDI, "/arrange 1 2", chat="g2")
    assert en(out[0]) == ("Only okey and Rummikub racks can be laid out: a domino hand "
                          "keeps its order.")


def test_O21_discard_buttons_go_by_the_rack_and_those_that_cost_a_penalty_come_last():
    game = rules.find_game("okey101")
    agent, checked = RandomAgent(game), 0
    for seed in range(40):  # random games, at each discard with a penalty tile in the rack
        state, rng = game.new(seed=seed), random.Random(seed)
        while not state.is_finished and checked < 25:
            seat = state.current_player
            data = views.Snapshot(state).json(seat)
            costly = {data["rack"][i] for i in data["penalty_tiles"]}
            discards = [a.split()[1] for a in views.legal_moves(state, seat)
                        if a.startswith("discard")]
            if costly and len(costly) < len(discards):
                cheap = [t for t in discards if t not in costly]
                assert discards == cheap + [t for t in discards if t in costly]
                tiles = [t for t in data["rack"] if t is not None]
                assert cheap == sorted(cheap, key=tiles.index)
                checked += 1
            state.apply(agent.choose(state.view(seat), rng))
    assert checked == 25


async def test_Y_D9_a_tile_named_by_its_number_leaves_from_the_place_named(bot):
    table = await okey_table(bot)  # seed 7: Ali holds r3 b3 k3 and a second r3 (tile 8)
    out = await bot.say(ALI, "/arrange 8 | 1 2 3")
    assert racks(out, ALI)[0].view["rack"][:5] == ["r3", None, "r3", "b3", "k3"]
    moves = table.moves
    await bot.say(ALI, "/discard 1")  # the lone r3, not the one in the group
    assert (await bot.store.move_log(table.id))[moves].action == "discard r3"
    after = racks(await bot.say(ALI, "/hand"), ALI)[0].view["rack"]
    assert after[:4] == ["r3", "b3", "k3", None] and after.count("r3") == 1


async def test_tiles_named_in_the_group_get_a_private_tip_numbers_do_not(bot):
    """`/arrange r3 b3` typed in the group shows the group those tiles: the bot says so,
    privately; a layout by numbers shows nothing and gets no tip."""
    table = await okey_table(bot)
    out = await bot.say(ALI, "/arrange 9 10 | 1 2 3")
    assert "core.tip.typed_in_group" not in [ln.key for m in out for ln in m.lines]
    tile = views.Snapshot(table.state).json(table.seat_of(ALI.id))["rack"][0]
    out = await bot.say(ALI, f"/arrange {tile}")
    tips = [m for m in out if m.lines[0].key == "core.tip.typed_in_group"]
    assert len(tips) == 1 and tips[0].to.private and tips[0].to.user == ALI.id
    out = await bot.say(ALI, f"/arrange {tile}", chat=ALI.id, private=True)
    assert "core.tip.typed_in_group" not in [ln.key for m in out for ln in m.lines]
    # Discord's slash commands are answered to the asker alone: nobody else read it
    out = await bot.say(ALI, f"/arrange {tile}", shown_to_chat=False)
    keys = [ln.key for m in out for ln in m.lines]
    assert "core.arrange_own" in keys and "core.tip.typed_in_group" not in keys


async def test_the_terminal_has_no_group_and_gets_no_such_tip(tmp_path):
    from .conftest import Harness

    bot = await Harness(tmp_path / "t.db", buttons=False).start()
    try:
        table = await okey_table(bot)
        tile = views.Snapshot(table.state).json(table.seat_of(ALI.id))["rack"][0]
        out = await bot.say(ALI, f"/arrange {tile}", shown_to_chat=False)  # as the terminal
        keys = [ln.key for m in out for ln in m.lines]
        assert "core.arrange_own" in keys and "core.tip.typed_in_group" not in keys
    finally:
        await bot.close()


async def test_a_closed_tables_layouts_leave_memory(bot):
    """A layout belongs to its table: once the table closes nothing reads it again, so the
    bot does not keep it (a soak kept every one until a restart)."""
    table = await okey_table(bot)
    await bot.say(ALI, "/arrange 2 1")
    assert bot.core.prefs.layout(table.id, ALI.id) is not None
    await bot.say(ALI, "/stop", is_admin=True)
    assert table.status == "stopped" and bot.core.prefs.layout(table.id, ALI.id) is None
