"""What the scans of 2026-12-06 (session 52) found in the engine, each fixed."""

from __future__ import annotations

import pytest

from rules import find_game
from rules.errors import InvalidAction
from rules.tiles import parse_tile


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
@pytest.mark.parametrize("typed, move", [
    ("add r6 1'e", "add r6 to 1"), ("add r6 2'ye", "add r6 to 2"),
    ("add r6 1. pere", "add r6 to 1"), ("add r6 3.pere", "add r6 to 3"),
    ("swap r6 2'deki", "swap r6 in 2"), ("swap r6 1. perdeki", "swap r6 in 1"),
    ("add r6'yı 1'e", "add r6 to 1"), ("discard r6'yı", "discard r6")])
def test_O17_O19_a_meld_and_a_tile_said_with_turkish_endings_are_read(game, typed, move):
    """`add r6 1'e` (to 1, as the bot's gloss "3'e işle" reads it) was "write: add <tile>
    to <meld number>"; "1. pere" (/rules' "3. pere işle") and "r6'yı" were not read."""
    assert str(find_game(game).parse_action(typed)) == move


def test_a_case_ending_makes_no_tile_of_a_word_that_is_none():
    with pytest.raises(InvalidAction):
        parse_tile("r14'e")
    assert parse_tile("okey'i") == parse_tile("okey")


@pytest.mark.parametrize("table, tiles", [("r10 r11 J | b12 k12 y12", "r12"),
                                          ("r3 r4 J | b5 k5 y5", "r5")])
def test_K7_place_keeps_a_set_it_need_not_touch(table, tiles):
    """`place r12` onto r10 r11 J | b12 k12 y12 moved the joker into the group and r12 into
    the run: both sets changed, and the move's text named only r12's."""
    from rules.rummikub_sets import parse_table
    from rules.solvers.rummikub import place, untouched
    from rules.tiles import parse_tiles

    before = parse_table(table)
    move = place(before, parse_tiles(tiles, "rummikub"))
    assert untouched(before, move.table) == 1


@pytest.mark.parametrize("typed, move", [("add r6 1 में", "add r6 to 1"),
                                         ("swap * 2 में", "swap * in 2")])
def test_O17_O19_a_meld_before_hindis_postposition_is_read(typed, move):
    assert str(find_game("okey101").parse_action(typed)) == move
