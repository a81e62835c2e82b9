"""An assisted okey table offers `/take` (a button, a listed move) only when the discard on
offer can be used in that turn (O20, Y8): taken and unused, it could only be given back
(O-D9), a step that tells the group nothing but a wasted turn's start. Typed, `/take` is
still a legal move, and a table without assistance (O28) lists it always."""

from __future__ import annotations

from bot.views import legal_moves
from rules.okey_actions import parse_action
from tests.rules import okey_helpers as okey
from tests.rules import test_yuzbir_helpers as yuzbir

# seat 1 holds k11 k12 k13 b11 b12 and, from the filler, sets of 7s and four pairs
OKEY_DEAL = okey.make_deal(["b13 r1 k10", "k11 k12 k13 b11 b12", "", ""])


def _okey(actions: list[str], assisted: bool = True):
    return okey.play(OKEY_DEAL, actions, config={"assisted": assisted})


def test_O20_a_discard_that_completes_a_meld_of_the_opening_is_offered():
    s = _okey(["discard b13"])  # b11 b12 b13
    assert legal_moves(s, 1) == ("draw", "take")
    s.apply(parse_action("take"))
    s.apply(parse_action("open b11 b12 b13 | k11 k12 k13"))  # the use the offer stood for
    assert s.r.opened[1] == "melds" and not s.r.taken


def test_O20_a_discard_nothing_takes_is_not_offered_but_can_still_be_typed():
    s = _okey(["discard r1"])  # no 1 or 2 in seat 1's rack, no pair for it
    assert s.view(1).legal == ("draw", "take")
    assert legal_moves(s, 1) == ("draw",)
    s.apply(parse_action("take"))  # typed: taken, and given back (O-D9)
    assert legal_moves(s, 1) == ("return",)


def test_O28_a_table_without_assistance_lists_take_always():
    assert legal_moves(_okey(["discard r1"], assisted=False), 1) == ("draw", "take")


def test_O20_after_opening_a_discard_that_extends_a_table_meld_is_offered():
    hands = OKEY_DEAL["hands"]
    s = _okey(["discard r1", "draw", "open k11 k12 k13 | r7 b7 k7", "discard y4",
               "draw", f"discard {hands[2].split()[0]}", "draw", f"discard {hands[3].split()[-1]}",
               "draw", "discard k10"])  # k10 goes onto seat 1's k11 k12 k13 (O17)
    assert s.r.opened[1] == "melds"
    assert "take" in legal_moves(s, 1)


def test_Y8_a_discard_nothing_takes_is_not_offered():
    d = yuzbir.deal(["r8", "r9 r10 r11 b9 b10 b11", "", ""])
    s = yuzbir.play(d, [f"discard {d['hands'][0].split()[-1]}"])  # filler: melds with nothing
    assert s.view(1).legal == ("draw", "take") and legal_moves(s, 1) == ("draw",)


def test_Y8_a_discard_that_opens_is_offered():
    d = yuzbir.deal(["r8", "r9 r10 r11 b9 b10 b11", "", ""])
    s = yuzbir.play(d, ["discard r8"])
    assert legal_moves(s, 1) == ("draw", "take")
    s.apply(yuzbir.GAME.parse_action("take"))
    s.apply(yuzbir.GAME.parse_action("open r8 r9 r10 r11 | b9 b10 b11"))
    assert s.r.opened[1] == "melds" and not s.r.taken
