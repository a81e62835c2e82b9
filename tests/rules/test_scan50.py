"""What the scans of 2026-12-06 (session 50) found in the rules layer: pairs in the okey
games' hints (the finish that keeps the okey, pairs onto a pairs player (Y9), the discard a
pairs player goes out with (O21), a take that makes a pairs opening (O20, O23), pairs typed
without | between them), and Rummikub's typed moves."""

from __future__ import annotations

import pytest

from rules import find_game
from rules.errors import InvalidAction
from rules.record import replay
from rules.tiles import format_tile

from .okey_helpers import make_deal


def _play(game: str, deal: dict, actions: list[str]):
    return replay({"game": game, "config": {}, "deal": deal, "actions": actions})


def _draw_and_throw_it(state) -> None:
    """The seat to move draws and throws the tile it drew."""
    top = state.r.pile[-1]
    state.apply(state.game.parse_action("draw"))
    state.apply(state.game.parse_action(f"discard {format_tile(top)}"))


def test_Y_D8_the_pairs_hint_keeps_the_okey_for_the_finishing_discard():
    """The rack goes out with pairs: the hint paired the two okeys and left b10 to throw
    (a pairs finish, x2), where b10 with one okey and the other okey thrown last finishes
    with the okey too (x4, Y-D8)."""
    deal = make_deal(["k13 k13 y12 y12 r1 r1 b7 b7 y2 y2 k3 k3 b10 r5 r5", "", "", ""],
                     indicator="r4", pile="b8 r8 k8 r6 r4 k6 b2")
    hint = _play("yuzbir", deal, []).view(0).to_json()["hints"]["pairs"]
    assert ["b10", "*"] in hint["pairs"] and ["*", "*"] not in hint["pairs"], hint
    assert sum(p.count("*") for p in hint["pairs"]) == 1


def test_O21_a_pairs_player_is_not_warned_of_the_discard_it_goes_out_with():
    """Opened with pairs, Ali can lay r6 r6 | b5 b5 and throw b13 last, at no cost (O21):
    the warning named b13 as costing 100."""
    deal = make_deal(["y1 y1 r2 r2 b2 b2 k9 k9 b5 b5 k5 k5 r6 y6 b13",
                      "k10 k11 k12 k13 b10 b11 b12 r4 r3 b3 y2", "", ""],
                     pile="b8 r8 k8 r6 y3 r4 k6 b7 y2 y3")
    state = _play("okey101", deal, ["pairs y1 y1 | r2 r2 | b2 b2 | k9 k9 | k5 k5",
                                    "discard y6", "draw", "open k10 k11 k12 k13 | b10 b11 b12",
                                    "discard b3"])
    _draw_and_throw_it(state)
    _draw_and_throw_it(state)
    state.apply(state.game.parse_action("draw"))
    mine = state.view(0).to_json()
    rack = mine["rack"]
    assert "b13" in mine.get("free_last", []), mine.get("free_last")
    assert "b13" not in [rack[i] for i in mine["penalty_tiles"]]


def test_Y9_a_runs_opener_is_shown_the_pairs_it_may_lay_onto_a_pairs_opener():
    """Budi (runs) took Ali's (pairs) y4 to lay y4 y4 in front of her: the take was offered,
    then no hint nor button named the move that uses it (Y8, Y9)."""
    deal = make_deal(["k13 k13 y12 y12 r1 r1 y4 b6 k2 r9 y6 b11 k7 r12 b4",
                      "k10 k11 k12 y8 y9 y10 r3 b3 y3 y4 b1 k6", "", ""],
                     indicator="r4", pile="b8 r8 k8 r6 r4 k6 b2")
    state = _play("yuzbir", deal, ["pairs k13 k13 | y12 y12 | r1 r1", "discard b4", "draw",
                                   "open r3 b3 y3 | k10 k11 k12 | y8 y9 y10", "discard b1"])
    _draw_and_throw_it(state)
    _draw_and_throw_it(state)
    state.apply(state.game.parse_action("draw"))
    state.apply(state.game.parse_action("discard y4"))
    state.apply(state.game.parse_action("take"))
    pairs_to = state.view(1).to_json()["hints"]["pairs_to"]
    assert pairs_to["seat"] == 0 and pairs_to["pairs"][0] == ["y4", "y4"], pairs_to
    move = " | ".join(" ".join(p) for p in pairs_to["pairs"])
    assert state.is_legal(state.game.parse_action(f"pairs {move} to 0"))


def test_O20_O23_the_take_that_makes_a_pairs_opening_is_said():
    """Can holds four pairs and a k7; Budi throws k7: the caption offered the take but not
    that it opens with five pairs."""
    deal = make_deal(["r1 r3 b2 b4 k5 r9 y3 k12 b11 b9 y6 y8 r12 k13 b13",
                      "k10 k11 k12 y9 y10 r4 b3 y2 b1 b5 k7 r10 y13",
                      "y1 y1 r2 r2 k9 k9 b6 b6 k7 k1 k3 r13 b12 y5", ""],
                     pile="r5 r6 r7 r8 b7 b8")
    state = _play("okey101", deal, ["discard r9", "draw", "discard k7"])
    hints = state.view(2).to_json()["hints"]
    assert hints["take_opens"] is None
    assert ["k7", "k7"] in hints["take_opens_pairs"] and len(hints["take_opens_pairs"]) == 5


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_pairs_typed_without_bars_are_answered_with_them_put_in(game):
    with pytest.raises(InvalidAction) as e:
        find_game(game).parse_action("pairs r1 r1 b2 b2 k5 k5 * y7")
    assert e.value.key == "error.pair_split"
    assert e.value.params["example"] == "pairs r1 r1 | b2 b2 | k5 k5 | * y7"
    with pytest.raises(InvalidAction) as e:  # no pairs in that order: the general answer
        find_game(game).parse_action("pairs r1 b2 r1 b2")
    assert e.value.key == "error.pair_size"


# Rummikub typed moves (a scan of the same day)
@pytest.mark.parametrize("heading", ["Sets on the table:", "Masadaki perler:", "Set di meja:",
                                     "टेबल पर सेट:"])
def test_K_D2_a_table_copied_with_its_captions_heading_reads_as_the_table(heading):
    """"/play Sets on the table: 1. r10 r11 J 2. ..." (the caption copied whole) was "Not a
    tile: Sets"."""
    from rules.rummikub_actions import parse_action

    action = parse_action(f"play {heading} | 1. r10 r11 J | 2. k5 k6 k7")
    assert str(action) == "play r10 r11 J | k5 k6 k7"


@pytest.mark.parametrize("typed", ["play |||", "play ·", "play Sets on the table:"])
def test_K_D2_play_with_no_tiles_asks_for_them(typed):
    """"/play |||" said to type "/place " (an empty list of rack numbers)."""
    from rules.rummikub_actions import parse_action

    with pytest.raises(InvalidAction) as e:
        parse_action(typed)
    assert e.value.key == "rummikub.error.no_tiles"


def test_K7_one_tile_that_cannot_go_on_the_table_is_named_as_one():
    """"/place k13" beside a full group of 13s: "Those tiles cannot go on the table: k13"."""
    from types import SimpleNamespace

    from rules.rummikub_actions import _cannot_place
    from rules.tiles import parse_tiles

    table = [tuple(parse_tiles("r13 b13 y13 k13", "rummikub"))]
    refusal = _cannot_place(SimpleNamespace(table=table), parse_tiles("k13", "rummikub"), False)
    assert (refusal.key, refusal.params) == ("rummikub.error.cannot_place_one", {"tiles": "k13"})


def test_O4_a_fake_joker_in_hindi_is_the_fake_okey():
    """जोकर is the okey now (the Hindi rack caption): "नकली जोकर" (a fake joker) read as a
    fake okey and an okey, two tiles."""
    from rules.tiles import FAKE, parse_tiles

    assert parse_tiles("r3 नकली जोकर r5") == parse_tiles("r3 F r5")
    assert FAKE in parse_tiles("fake joker")


def test_K_D2_a_joker_before_a_colon_is_no_heading():
    """"play J: r2 r3" lost its joker as if "J:" were a caption's heading."""
    from rules.rummikub_actions import parse_action

    with pytest.raises(InvalidAction):  # refused as typed ("J:"), not read without it
        parse_action("play J: r2 r3")
