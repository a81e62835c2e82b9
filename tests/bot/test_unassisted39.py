"""O28: an okey table without assistance leaves spotting what fits to the player: its
buttons offer no additions in one tap, and a discard of every tile (Yüzbir's legal moves
leave out what Y16 sends back, so the missing button pointed the tile out)."""

from __future__ import annotations

import pytest

from bot import views
from tests.rules import test_yuzbir_helpers as Y

HAND = "k9 k10 k11 k12 k13 r7 b7 y7 k8 r1"  # k8 fits the run laid (Y16 if discarded)


def _opened(assisted: bool):
    return Y.play(Y.deal([HAND, "", "", ""]), ["open k9 k10 k11 k12 k13 | r7 b7 y7"],
                  {"assisted": assisted})


def test_O28_Y16_without_assistance_every_tile_has_its_discard_and_no_add_is_offered():
    moves = views.legal_moves(_opened(False), 0)
    assert "discard k8" in moves
    assert not any(m.split()[0] in ("add", "swap") for m in moves)


def test_O28_assisted_the_add_is_one_tap_and_the_tile_that_fits_has_no_discard():
    moves = views.legal_moves(_opened(True), 0)
    assert "add k8 to 1" in moves and "discard k8" not in moves


@pytest.mark.parametrize("assisted", [False, True])
def test_O28_a_discard_button_without_assistance_is_charged_and_comes_back(assisted):
    """Pressed, the discard of k8 does what the rules say (Y16: charged, back in the
    rack): the button only stops giving the tile away."""
    state = _opened(assisted)
    events = Y.act(state, "discard k8")
    assert "yuzbir.discard_refused" in Y.keys(events)


def test_O28_O20_without_assistance_a_taken_discard_left_to_add_keeps_its_buttons():
    """Seat 1 took r9 and typed an addition: it may no longer give the take back (O-D9),
    and only additions are left. Without them the prompt had no button at all."""
    from tests.rules.okey_helpers import GAME, make_deal, play

    d = make_deal(["y1 r9", "r10 r11 r12 r13 b11 k11 y11 b7 k7 y7 r7 b3 b4", "", ""],
                  indicator="y5", pile="r1 b1 k1 y2 k3 k4")
    s = play(d, ["discard y1", "draw", "open r10 r11 r12 r13 | b11 k11 y11 | b7 k7 y7",
                 "discard b3", "draw", "discard b1", "draw", "discard k1", "draw", "discard r9",
                 "take"], {"assisted": False})
    assert views.legal_moves(s, 1) == ("return",)  # the addition is the player's to spot
    s.apply(GAME.parse_action("add r7 to 3"))
    assert "add r9 to 1" in views.legal_moves(s, 1)


def test_Y17_without_assistance_the_okey_gets_no_discard_button():
    """The okey shows as itself: leaving its (refused, Y17) discard out tells nothing."""
    state = Y.play(Y.deal([HAND + " *", "", "", ""]), ["open k9 k10 k11 k12 k13 | r7 b7 y7"],
                   {"assisted": False})
    assert "discard *" not in views.legal_moves(state, 0)
