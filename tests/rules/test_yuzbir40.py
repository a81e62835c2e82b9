"""Y8: a taken discard is used only by a NEW combination that turn. Putting a tile of its kind
in place of an okey (Y11) or adding one to a meld on the table is not a new combination, so
it leaves the take waiting: it must still go into a new meld or pair, or be returned (the
take undone, Y8). Okey 101 counts such a swap as using it (O19, O20)."""

from __future__ import annotations

import pytest

from rules.errors import IllegalAction
from rules.tiles import WILD, parse_tile

from . import okey_helpers as O
from .test_yuzbir_helpers import act, deal, hand, keys, play


def refused(s, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        act(s, text)
    return e.value


def last(d: dict, seat: int) -> str:
    return d["hands"][seat].split()[-1]


def _r6_on_offer(extra: str = ""):
    """Seat 0 opened with r5 * r7 | k11 b11 y11 (17) and holds its own r6 (and `extra`);
    seat 3 then throws r6, and seat 0 takes it."""
    d = deal([f"r5 * r7 k11 b11 y11 r6 {extra}".strip(), "", "", "r6"], pile="b2 b3 b4")
    s = play(d, ["open r5 * r7 | k11 b11 y11", f"discard {last(d, 0)}",
                 "draw", f"discard {last(d, 1)}", "draw", f"discard {last(d, 2)}",
                 "draw", "discard r6", "take"])
    assert s.current_player == 0 and s.r.opened[0] == "melds"
    return d, s


def test_Y8_an_okey_swap_with_the_taken_kind_does_not_use_the_take():
    """Taking r6 only to take one's own okey back (swap r6 in 1) and throwing the other r6
    is refused: no new combination took it. Returning it undoes the take; the swap stands."""
    _, s = _r6_on_offer()
    act(s, "swap r6 in 1")
    assert hand(s, 0)[WILD] == 1 and hand(s, 0)[parse_tile("r6")] == 1
    e = refused(s, "discard r6")
    assert (e.rule, e.key) == ("Y8", "okey.error.taken_unused")
    assert "return" in s.view(0).legal
    assert not any(a.startswith("discard") for a in s.view(0).legal)
    assert keys(act(s, "return")) == ["okey.returned", "okey.drew"]
    assert s.r.discards[3][-1] == parse_tile("r6") and hand(s, 0)[parse_tile("r6")] == 0
    assert s.r.table[0].tiles == tuple(parse_tile(t) for t in "r5 r6 r7".split())


def test_Y8_after_such_a_swap_an_unrelated_meld_does_not_use_the_take_either():
    """The swap put a copy of r6 on the table; a new meld without r6 leaves the other r6
    as it was before the take: the take still waits."""
    _, s = _r6_on_offer("b1 b2 b3")
    act(s, "swap r6 in 1")
    act(s, "meld b1 b2 b3")
    assert refused(s, "discard r6").rule == "Y8"


def test_Y8_after_such_a_swap_the_other_copy_in_a_new_meld_uses_the_take():
    _, s = _r6_on_offer("k6 y6")
    act(s, "swap r6 in 1")
    act(s, "meld r6 k6 y6")
    assert s.r.taken is None
    act(s, "discard " + next(a.split()[1] for a in s.view(0).legal if a.startswith("discard")))
    assert s.current_player == 1 and s.r.penalties == [0, 0, 0, 0]


def test_Y8_an_addition_of_the_taken_kind_then_an_unrelated_meld_does_not_use_the_take():
    """Seat 0 holds r8 and takes another: adding one r8 to a run (no new combination, Y8)
    and laying b1 b2 b3 leaves the other r8 as it was before the take: the take waits."""
    d = deal(["k10 b10 y10 k11 b11 y11 r5 r6 r7 r8 b1 b2 b3", "", "", "r8"], pile="k2 k3 k4")
    s = play(d, ["open k10 b10 y10 | k11 b11 y11", f"discard {last(d, 0)}",
                 "draw", f"discard {last(d, 1)}", "draw", f"discard {last(d, 2)}",
                 "draw", "discard r8", "take", "meld r5 r6 r7"])
    act(s, "add r8 to 3")
    act(s, "meld b1 b2 b3")
    assert refused(s, "discard r8").rule == "Y8"
    assert keys(act(s, "return")) == ["okey.returned", "okey.drew"]


def test_O19_O20_okey101_a_swap_with_the_taken_tile_uses_it():
    """Okey 101 keeps O20 as written: putting the taken tile in place of a table okey
    (O19) lays it, so the take is used and its discarder pays (O20: b8 x 10; O19: 180)."""
    d = O.make_deal(["r10 r11 r12 r13 b7 * b9 b8", "k10 k11 k12 k13 y8 y9 y10", "", ""], pile="r1 r2")
    s = O.play(d, ["open r10 r11 r12 r13 | b7 * b9", "discard b8",
                   "take", "open k10 k11 k12 k13 | y8 y9 y10", "swap b8 in 2"])
    assert s.r.taken is None and s.r.penalties[0] == 80 + 180
    s.apply(O.GAME.parse_action("discard " + d["hands"][1].split()[-1]))
    assert s.current_player == 2


def test_a_tile_not_held_cites_no_rule_of_the_tiles_and_the_deal():
    """`discard b3` without b3 answered "Not allowed (Y1)": Y1 is the 106 tiles and the
    deal. Naming a tile one does not hold breaks no numbered Yüzbir rule: none is cited."""
    d = deal(["r5 r6 r7 k11 b11 y11", "", "", ""], pile="b2 b3 b4")
    s = play(d, [])
    assert hand(s, 0)[parse_tile("b9")] == 0
    e = refused(s, "discard b9")
    assert (e.rule, e.key) == ("", "okey.error.not_in_hand")


def test_O4_a_tile_not_held_with_an_okey_in_hand_says_how_to_play_the_okey_as_it():
    """Holding the okey, a newcomer named the tile it would stand for (`k10` in k9 k10 k11)
    and was told only "You do not hold k10"."""
    d = deal(["k9 * k11 r5 r6 r7", "", "", ""], pile="b2 b3 b4")
    s = play(d, [])
    assert hand(s, 0)[parse_tile("k10")] == 0
    e = refused(s, "open k9 k10 k11 | r5 r6 r7")
    assert (e.key, e.params) == ("okey.error.not_in_hand_okey", {"tile": "k10"})


def test_O4_O8_a_discard_or_swap_of_a_tile_not_held_gives_no_okey_tip():
    """The okey plays a tile only in a meld: told "write * in its place" for `discard k10`
    (or the fake okey F), a newcomer threw the okey away (a scan). Only melds get the tip."""
    d = deal(["k9 * k11 r5 r6 r7", "", "", ""], pile="b2 b3 b4")
    s = play(d, [])
    assert hand(s, 0)[parse_tile("k10")] == 0
    assert refused(s, "discard k10").key == "okey.error.not_in_hand"
    assert refused(s, "discard F").key == "okey.error.not_in_hand"
    assert refused(s, "open k9 k10 k11 | r5 r6 r7").key == "okey.error.not_in_hand_okey"
