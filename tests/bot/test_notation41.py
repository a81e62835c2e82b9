"""Moves typed as phones and people type them (bot/notation.py, README "The games"): rack
numbers separated by commas, the joker in the Hindi word, a full stop after the move, and
`/play J, k12, k13` (a comma ends a set there) refused as too short, not as a bad group."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import rules
from bot import i18n, notation, views
from bot.messages import Line
from bot.refusal import Refusal

from .conftest import ALI, Harness, en

OKEY = SimpleNamespace(family="okey")
RUMMIKUB = rules.find_game("rummikub")
YUZBIR = rules.find_game("yuzbir")
DOMINOES = rules.find_game("dominoes")
RACK = ["r7", "b7", "y7", "y11", "*", "y13", "k1"]
SOURCES = i18n.source_messages()  # en.po is rebuilt from them (`python -m bot.i18n`)


def english(line: Line) -> str:
    """`line` in the sources' English (its nested lines too)."""
    params = {k: english(v) if isinstance(v, Line) else i18n.show("en", v)
              for k, v in line.params.items()}
    return SOURCES[line.key].format_map(params)


async def _rummikub(bot, options: str = ""):
    """A Rummikub table where Ali (seat 1) moves first; his rack as his picture numbers it."""
    await bot.say(ALI, f"/new rummikub bots=beginner {options}")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0
    shown = views.Snapshot(table.state).json(0)["rack"]
    return table, [t for t in shown if t is not None]


def _slots(rack: list[str], *tiles: str) -> list[int]:
    """The numbers under `tiles` in the rack picture (each a different slot)."""
    slots = []
    for tile in tiles:
        slots.append(next(i + 1 for i, t in enumerate(rack) if t == tile and i + 1 not in slots))
    return slots


# ---------------------------------------------------------------- 1. commas between rack numbers


def test_rack_numbers_may_be_separated_by_commas_as_tiles_are():
    """README: "a tile of your rack may also be named by the number under it"; "r12, k12"
    worked and "6, 11" was "Not a tile: 6": a comma separates numbers as it does tiles."""
    assert notation.slots_named(RUMMIKUB, "place 1, 2,3") == [1, 2, 3]
    assert notation.tiles_by_slot(RUMMIKUB, "place 1, 2,3", RACK).split() == [
        "place", "r7", ",", "b7", ",", "y7"]
    # okey: a comma ends a meld, the numbers read as the tiles they name would
    okey101 = rules.find_game("okey101")
    typed = notation.tiles_by_slot(OKEY, "open 1 2 3, 4 5 6", RACK)
    assert okey101.parse_action(typed) == okey101.parse_action("open r7 b7 y7, y11 * y13")
    assert notation.tiles_by_slot(OKEY, "add 7, to 2", RACK).split()[:2] == ["add", "k1"]


def test_a_colour_then_numbers_with_commas_is_asked_about_as_typed():
    with pytest.raises(Refusal) as e:
        notation.tiles_by_slot(RUMMIKUB, "place b 10, 11, 12", RACK * 2)
    assert e.value.line.params == {"words": "b 10, 11, 12", "tiles": "b10 b11 b12"}
    # a rack number before the colour: the words asked about are all there (they were none,
    # and the refusal began ": is that one tile...")
    with pytest.raises(Refusal) as e:
        notation.tiles_by_slot(OKEY, "discard 5 लाल 3", RACK)
    assert e.value.line.params == {"words": "5 लाल 3", "tiles": "r3"}


async def test_place_by_rack_numbers_with_commas_lays_those_tiles(bot):
    table, rack = await _rummikub(bot)
    slots = _slots(rack, "r12", "k12", "y12")  # seed 7: Ali opens with three 12s (K6, 36)
    await bot.say(ALI, "/place " + ", ".join(map(str, slots)))
    assert (11, 37, 50) in table.state.table  # r12 k12 y12


# ---------------------------------------------------------------- 2. the joker's word


async def test_K5_the_joker_in_hindi_as_the_hindi_help_names_it(tmp_path):
    """The Hindi help says "J जोकर है"; `/place k12 k13 जोकर` was "Not a tile: जोकर"."""
    async with Harness(tmp_path / "bot.db", seed=28) as bot:
        table, rack = await _rummikub(bot, "players=2 timer=0 league=off")
        assert {"k12", "k13", "J"} <= set(rack)
        await bot.say(ALI, "/place k12 k13 जोकर")
        assert table.state.table == ((52, 37, 38),)  # J k12 k13


# ---------------------------------------------------------------- 3. a full stop after the move


@pytest.mark.parametrize("game,typed,read", [
    (RUMMIKUB, "place r12 k12 y12.", "place r12 k12 y12"),
    (RUMMIKUB, "place 6 11 14 !", "place 6 11 14"),
    (YUZBIR, "pairs r1 r1 to 3।", "pairs r1 r1 to 2"),  # the seat still counted from 1
    (YUZBIR, "discard r7?", "discard r7"),
    (DOMINOES, "play 3-5 left...", "play 3-5 left"),
    (DOMINOES, "pass.", "pass"),
])
def test_a_full_stop_after_a_move_is_dropped_in_every_game(game, typed, read):
    assert notation.from_person(game, typed, 4) == read


def test_a_move_word_with_a_full_stop_is_still_a_move():
    """ "/draw." is the move draw, not an unknown command; "/play 3-5." a domino's."""
    assert notation.could_be_move("draw.") and notation.move_of(RUMMIKUB, "pass!")
    assert notation.fits(DOMINOES, "play 3-5.") and not notation.fits(RUMMIKUB, "play 3-5.")
    assert not notation.could_be_move("help.")


async def test_place_with_a_full_stop_after_it_is_played(bot):
    table, _ = await _rummikub(bot)
    await bot.say(ALI, "/place r12 k12 y12.")
    assert (11, 37, 50) in table.state.table


async def test_draw_with_a_full_stop_after_it_draws(bot):
    table, rack = await _rummikub(bot)
    await bot.say(ALI, "/draw.")
    assert len(table.state.view(0).rack) == len(rack) + 1


async def test_a_word_that_is_no_tile_is_quoted_without_a_doubled_full_stop(bot):
    await _rummikub(bot)
    out = await bot.say(ALI, "/place r12 x. k12")
    assert en(out[0]).splitlines()[0] == ("Not a tile: x. Write a colour letter and a number: r red, b blue, "
                          "k black, y orange, e.g. r7, k13; J is a joker.")


# ---------------------------------------------------------------- 4. /play with commas


async def test_K3_play_with_commas_is_refused_as_sets_too_short(bot):
    """In /play a comma ends a set (`play r1 r2 r3, b4 b5 b6 J`, tests/rules/test_rummikub):
    `/play J, k12, k13` named sets of one tile, refused as "Not a valid group or run: k12"
    (K3, a group of 3-4); now it says such a set is too short and what ends one."""
    table, _ = await _rummikub(bot)
    out = await bot.say(ALI, "/play r12, k12, y12")
    line, *tip = out[0].lines
    assert [t.key for t in tip] == ["core.tip.typed_in_group"]  # (the group read them)
    assert line.params["reason"].key == "rummikub.error.short_set"
    assert english(line) == ("Not allowed (K3): Too short for a set: r12. A group or a run "
                             "needs at least 3 tiles; in /play a | or a comma ends a set.")
    assert table.state.table == ()
