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


def test_Y9_a_meld_while_an_opening_of_pairs_is_laid_points_to_pairs():
    """With a pairs opening under way, `meld` said "add more melds with /open", and /open
    is then refused (Y9: pairs or runs, not both)."""
    from .test_yuzbir_helpers import act, deal, play, snapshot
    from .test_yuzbir_rules import refused

    s = play(deal(["b13 b13 k9 k10 k11 r2 r2", "", "", ""]), [])
    act(s, "pairs b13 b13")
    before = snapshot(s)
    e = refused(s, "meld k9 k10 k11")
    assert e.rule == "Y9" and e.key == "yuzbir.error.meld_while_opening_pairs"
    assert snapshot(s) == before
    act(s, "pairs r2 r2")  # the way it points to


@pytest.mark.parametrize("typed, move", [("6-1 oyna", "play 1-6"), ("6-1 sol oyna", "play 1-6 left"),
                                         ("4-5 बाएँ खेलो", "play 4-5 left"), ("6-6 ters", "drop 6-6"),
                                         ("pas geç", "pass")])
def test_D2_D7_a_dominoes_move_said_verb_last_or_as_the_bots_turkish_says_it(typed, move):
    """"6-1 oyna" was "not a dominoes move"; "pas geç" (the bot's "pas geçti") was "nothing
    comes after /pas"."""
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == move


def test_O17_seri_names_a_meld_as_kombinasi_does():
    assert str(find_game("okey101").parse_action("add r9 ke seri 1")) == "add r9 to 1"


def test_O10_a_run_of_12_13_1_typed_with_the_1_first_is_read():
    """A rack sorted by number shows r1 before r12 r13: `open r1 r12 r13 | ...` was "Not a
    run or a group (O10)", the rule that allows it."""
    from rules.okey_melds import resolve
    from rules.tiles import parse_tile, parse_tiles

    okey = parse_tile("y5")
    meld = resolve(parse_tiles("r1 r12 r13"), okey)
    assert meld is not None and meld.kind == "run"
    assert resolve(parse_tiles("r1 r2 r3"), okey).kind == "run"  # (still 1-2-3)
    assert resolve(parse_tiles("r1 r12 r11"), okey) is None
