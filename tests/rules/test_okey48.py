"""O4 in a meld: the okey named by its face inside a meld (a newcomer read "the okey is
y13" and wrote `k9 y13 k11 k12`) was "not a run or a group"; it is answered as the same
name in a discard is, with how the okey is written."""

from __future__ import annotations

import pytest

from rules.errors import IllegalAction

from .okey_helpers import make_deal, play
from .test_okey101_rules import GAME


def test_O4_the_okey_named_by_its_face_in_a_meld_says_how_to_write_it():
    s = play(make_deal(["r3 b3 k3 k9 * k11 k12 r5", "", "", ""]), [])  # the okey is y13
    before = s.view(0).to_json()
    with pytest.raises(IllegalAction) as refused:
        s.apply(GAME.parse_action("open r3 b3 k3 | k9 y13 k11 k12"))
    assert (refused.value.rule, refused.value.key) == ("O4", "okey.error.okey_by_face")
    assert s.view(0).to_json() == before  # nothing changed
    s.apply(GAME.parse_action("open r3 b3 k3 | k9 * k11 k12"))  # as it says: 9 + 42 = 51 (O14)
    with pytest.raises(IllegalAction) as refused:  # no okey held: plainly no run
        play(make_deal(["r3 b3 k3 k9 k11 k12 r5", "", "", ""]), []).apply(
            GAME.parse_action("open r3 b3 k3 | k9 y13 k11 k12"))
    assert refused.value.key != "okey.error.okey_by_face"


def test_O4_the_okey_named_by_its_face_in_a_pair_or_an_addition_says_how_to_write_it():
    """The regression scan: `pairs r5 r5 | y13 b8` (O22 "not a pair") and `add y13 to 2`
    (O17 "does not fit") where y13 is the okey: answered as in a meld, with how to write
    it."""
    s = play(make_deal(["r5 r5 b8 * k1 k2 k3 r9 r10 r11 b11 k11 y11 r4", "", "", ""]), [])
    for move in ("pairs r5 r5 | y13 b8", "pairs r5 r5 | b8 y13"):
        with pytest.raises(IllegalAction) as refused:
            s.apply(GAME.parse_action(move))
        assert (refused.value.rule, refused.value.key) == ("O4", "okey.error.okey_by_face")
    s.apply(GAME.parse_action("open r9 r10 r11 | b11 k11 y11 | k1 k2 k3"))  # 30 + 33 + 6
    with pytest.raises(IllegalAction) as refused:
        s.apply(GAME.parse_action("add y13 to 1"))
    assert (refused.value.rule, refused.value.key) == ("O4", "okey.error.okey_by_face")
    s.apply(GAME.parse_action("add * to 1"))  # as it says: the okey as r12


@pytest.mark.parametrize("move, key", [("open", "error.no_tiles_melds"),
                                       ("meld |", "error.no_tiles_melds"),
                                       ("open ,", "error.no_tiles_melds"),
                                       ("pairs", "error.no_tiles_pairs"),
                                       ("pairs to 2", "error.no_tiles_pairs")])
def test_O10_a_meld_move_without_tiles_shows_one_written_out(move, key):
    """`/open` alone was "Name the tiles too." with no example (a newcomer's scan); a
    discard's said "e.g. discard r7"."""
    from rules.errors import InvalidAction

    with pytest.raises(InvalidAction) as e:
        GAME.parse_action(move)
    assert e.value.key == key and e.value.params == {"verb": move.split()[0]}
