"""The okey games' moves as Indonesian players typed them (tgid41): the okey called
"joker" (the id rules: "adalah okey, batu joker"), and a meld cut short by a comma (a `|` or
a comma ends a meld, rules/tiles.py parse_melds), refused as too short, as Rummikub's /play
does (rules/rummikub_state.py _bad_set_error)."""

from __future__ import annotations

import pytest

from bot.i18n import source_messages
from rules import find_game
from rules.errors import IllegalAction, InvalidAction
from rules.tiles import WILD, parse_tile, parse_tiles

from . import okey_helpers as O
from . import test_yuzbir_helpers as Y

SOURCES = source_messages()  # new and changed texts: the catalogs are rebuilt from these


@pytest.mark.parametrize("word", ["joker", "Joker", "JOKER", "ओकेय"])
def test_O4_the_okey_is_read_as_joker_and_as_the_hindi_texts_name_it(word):
    """`*`, `ok` and `okey` were the okey; "joker" now too (any case), and ओकेय, the okey
    as the Hindi rules write it. A number after it is a tile of its own."""
    assert parse_tile(word) == WILD
    assert parse_tiles(f"k9 {word} k11") == [parse_tile("k9"), WILD, parse_tile("k11")]
    with pytest.raises(InvalidAction):
        parse_tiles(f"{word} 7")  # not glued into a tile "joker7": 7 alone is none


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O4_the_scan_s_opening_with_joker_reads_the_okey(game):
    action = find_game(game).parse_action("open r3 b3 k3 | k9 joker k11 k12")
    assert str(action) == "open r3 b3 k3 | k9 * k11 k12"


@pytest.mark.parametrize("words", ["नकली ओकेय", "नकली", "sahte okey", "SAHTE OKEY",
                                   "okey palsu", "fake okey", "F"])
def test_O4_the_fake_okey_is_read_as_the_texts_name_it(words):
    """The refusals say "the fake okey F" in each language (नकली ओकेय, sahte okey, okey
    palsu); typed so, it was "not a tile" (a Hindi newcomer's scan). Two words, one tile."""
    from rules.tiles import FAKE

    assert parse_tile(words) == FAKE
    assert parse_tiles(f"r1 {words} k3") == [parse_tile("r1"), FAKE, parse_tile("k3")]
    action = find_game("okey101").parse_action(f"discard {words}")
    assert str(action) == "discard F"


def test_O4_J_stays_rummikub_s_and_the_hindi_joker_is_the_okey():
    """J is Rummikub's joker, no okey tile. जोकर is the okey in the okey games: the hi rack
    caption calls the okey "एक जोकर" (as Indian rummy calls its wild cards), as "joker" is
    in English (test_tiles41)."""
    with pytest.raises(InvalidAction):
        parse_tile("J")
    assert parse_tile("जोकर") == parse_tile("*")


def test_O4_a_word_that_is_no_tile_is_told_how_the_okey_is_written():
    """"Bukan batu: joker. Tulis huruf warna dan angka: ..." never said how to write it."""
    with pytest.raises(InvalidAction) as e:
        parse_tile("jokr")
    assert e.value.key == "error.bad_tile"
    assert SOURCES[e.value.key].endswith("e.g. r7, k13; the okey is * (or okey), a fake okey F.")


def _refusal(state, text: str) -> IllegalAction:
    game = find_game(state.outcome()["game"])
    with pytest.raises(IllegalAction) as e:
        state.apply(game.parse_action(text, state.view(state.current_player)))
    return e.value


def test_O10_a_meld_a_comma_cut_short_is_refused_as_too_short():
    """`open r3, r4, r5 | ...`: each comma ended a meld; "Not a run or a group: r3." did
    not say why, nor that the commas did it."""
    state = O.play(O.make_deal(["r3 r4 r5 b9 b10 b11 k12 y12 r12", "", "", ""]), [])
    e = _refusal(state, "open r3, r4, r5 | b9 b10 b11")
    assert (e.rule, e.key, e.params) == ("O10", "okey.error.short_meld",
                                         {"meld": "r3", "least": 3})
    assert SOURCES[e.key].format(**e.params) == (
        "Too short for a meld: r3. A run or a group needs at least 3 tiles; a | or a comma "
        "ends a meld.")
    assert _refusal(state, "open b9 b10 b11 | r3 r4").params["meld"] == "r3 r4"
    e = _refusal(state, "open r3 r4 b9 | k12 y12 r12")  # long enough, but no meld
    assert (e.rule, e.key) == ("O10", "okey.error.bad_meld")


def test_Y3_yuzbir_refuses_a_short_meld_under_its_own_rule_id():
    state = Y.play(Y.deal(["r3 r4 r5 b9 b10 b11", "", "", ""]), [])
    e = _refusal(state, "open r3, r4, r5")
    assert (e.rule, e.key, e.params["meld"]) == ("Y3", "okey.error.short_meld", "r3")


def test_O23_pairs_are_still_two_tiles():
    state = O.play(O.make_deal(["r3 r3 b9 b9 k12 k12 y1 y1 r7 r7", "", "", ""]), [])
    e = _refusal(state, "pairs r3 r3 | b9 b9 | k12 k12 | y1 y1")
    assert e.key == "okey.error.too_few_pairs"  # a pair is no meld too short
