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
