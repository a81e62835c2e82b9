"""Tiles as people type them (rules/tiles.py) and the refusal of a set too short for one
(rules/rummikub_state.py): the Rummikub joker in each language's word, a full stop after a
word that is no tile, and `play J, k12, k13` (a comma ends a set in /play)."""

from __future__ import annotations

import pytest

from rules import find_game
from rules.errors import IllegalAction, InvalidAction
from rules.rummikub import MESSAGES
from rules.rummikub_deal import all_tiles
from rules.tiles import WILD, format_tile, format_tiles, parse_tile, parse_tiles

G = find_game("rummikub")


@pytest.mark.parametrize("word", ["J", "j", "joker", "Joker", "JOKER", "जोकर"])
def test_the_joker_is_read_in_the_word_each_language_writes(word):
    """The help names the joker "J joker" (en, id, tr: "J jokerdir") and "J जोकर है" (hi);
    colour words already work in all four languages, the joker's word now too."""
    assert parse_tile(word, "rummikub") == WILD
    assert parse_tiles(f"k12 k13 {word}", "rummikub") == [parse_tile("k12"), parse_tile("k13"),
                                                            WILD]


def test_a_number_after_the_joker_s_word_is_a_tile_of_its_own_not_glued_to_it():
    """ "R 7" is r7, but "जोकर 7" is no tile जोकर7: the number stays a word of its own."""
    with pytest.raises(InvalidAction) as e:
        parse_tiles("जोकर 7", "rummikub")
    assert e.value.params["tile"] == "7"


def test_the_okey_games_keep_their_own_wild_words():
    """The okey games' wild is `*` (an okey); Rummikub's J is no tile there. The rack's
    caption calls the okey a joker, in English and in Hindi ("एक जोकर जो ..."): both words
    read as the okey (a scan found the Hindi one refused)."""
    assert parse_tile("*") == WILD
    assert parse_tile("joker") == parse_tile("जोकर") == WILD
    with pytest.raises(InvalidAction):
        parse_tile("J")


@pytest.mark.parametrize("family,key", [("rummikub", "rummikub.error.bad_tile"),
                                        ("okey", "error.bad_tile")])
def test_a_word_ending_in_a_full_stop_is_quoted_before_the_sentence_s_own(family, key):
    """ "Not a tile: {tile}. Write..." with "y12." read "Not a tile: y12.. Write": the
    refusal's own full stop ends the quote."""
    for typed, shown in (("x.", "x"), ("purple3...", "purple3"), (".", '"."')):
        with pytest.raises(InvalidAction) as e:
            parse_tile(typed, family)
        assert (e.value.key, e.value.params["tile"]) == (key, shown)


def _state_with(rack: str):
    """Seat 1 to move, holding `rack` and one of each other kind up to 14 tiles (K-D1);
    `play` puts down exactly the table it names, so the filler does not matter."""
    named = parse_tiles(rack, "rummikub")
    rest = [t for t in all_tiles() if t not in named and t != WILD][::2]  # one of each
    hands = [" ".join([rack, format_tiles(rest[:14 - len(named)], "rummikub")]),
             format_tiles(rest[14:28], "rummikub")]
    return G.new(G.Config.from_options({"players": "2"}), deals=[{"first": 0, "hands": hands}])


@pytest.mark.parametrize("move,rule,short", [("play J, k12, k13", "K3", "k12"),
                                             ("play k12, k13 J", "K3", "k12"),
                                             ("play k12 k13 | J", "K4", "k12 k13")])
def test_K3_K4_a_set_of_fewer_than_three_tiles_is_refused_as_too_short(move, rule, short):
    """K3 (a group is 3-4 tiles) and K4 (a run at least 3): `play J, k12, k13` reads each
    comma as the end of a set (`play r1 r2 r3, b4 b5 b6 J` is two sets), and was refused
    as "Not a valid group or run: k12"; a set of one or two tiles is too short."""
    s = _state_with("J k12 k13")
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action(move, s.view(0)))
    assert (e.value.rule, e.value.key) == (rule, "rummikub.error.short_set")
    assert e.value.params == {"set": short, "least": 3}
    assert MESSAGES[e.value.key].format_map(e.value.params) == (
        f"Too short for a set: {short}. A group or a run needs at least 3 tiles; in /play a | "
        "or a comma ends a set.")


def test_K3_a_set_of_three_or_more_that_is_no_group_is_still_not_a_valid_set():
    s = _state_with("J k12 k13 r12 b11")
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play k12 r12 b11", s.view(0)))
    assert (e.value.rule, e.value.key) == ("K4", "rummikub.error.bad_set")
    assert s.apply(G.parse_action("play J k12 k13", s.view(0)))  # one set: played


@pytest.mark.parametrize("word, tile", [("नीली 3", "b3"), ("काली 13", "k13"), ("पीली 1", "y1"),
                                        ("नीला 3", "b3")])
def test_hindi_colour_words_are_read_in_the_feminine_a_tile_takes_too(word, tile):
    """A tile (टाइल) is feminine in Hindi: "नीली 3" was refused as no tile (a scan)."""
    assert parse_tile(word) == parse_tile(tile)


@pytest.mark.parametrize("text,tiles", [
    ("13 merah", "r13"), ("5 kuning", "y5"), ("12 mavi", "b12"),  # the colour after it
    ("13 merah 12 biru, r3", "r13 b12 r3"), ("merah 13 13 biru", "r13 b13"),
    ("y13,", "y13"), ("r5, r6, r7,", "r5 r6 r7"),  # a phone keyboard's last comma
])
def test_O4_K5_a_tile_named_number_first_or_with_a_trailing_comma_is_read(text, tiles):
    """An Indonesian newcomer wrote `/discard 13 merah` ("Not a tile") and `y13,` (a scan):
    the colour word after its number, and a comma after the last tile, name the same tile."""
    assert " ".join(format_tile(t) for t in parse_tiles(text)) == tiles
    assert " ".join(format_tile(t, "rummikub") for t in parse_tiles(text, "rummikub")) == tiles


def test_a_lone_letter_after_a_number_is_still_no_tile():
    """`13 r` is no tile: a letter after a number could be the next tile's colour."""
    with pytest.raises(InvalidAction):
        parse_tile("13 r")


def test_K3_K4_sets_typed_without_the_bar_between_them_are_refused_with_it_put_in():
    """`play r7 b7 y7 y8 y9 y10` was only "Not a valid group or run"; as in the okey games
    (O10), the refusal shows the | where the tiles allow it (README: notation)."""
    s = _state_with("r7 b7 y7 y8 y9 y10")
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r7 b7 y7 y8 y9 y10", s.view(0)))
    assert (e.value.rule, e.value.key) == ("K4", "rummikub.error.bad_set_split")
    assert MESSAGES[e.value.key].format_map(e.value.params) == (
        "Not a valid group or run: r7 b7 y7 y8 y9 y10. A | separates sets, as in "
        "r7 b7 y7 | y8 y9 y10.")
    s.apply(G.parse_action("play r7 b7 y7 | y8 y9 y10", s.view(0)))  # as it says: 21 + 27 points (K6)


@pytest.mark.parametrize("move", ["draw 1", "draw now", "pass please"])
def test_K9_draw_or_pass_with_words_after_it_says_to_type_it_alone(move):
    """`/draw 1` at Rummikub was "Unknown move draw: use play, place, draw or pass" (a
    newcomer's scan); as at the okey games, it says to type the move alone."""
    with pytest.raises(InvalidAction) as e:
        G.parse_action(move)
    assert (e.value.key, e.value.params) == ("error.takes_nothing", {"verb": move.split()[0]})
