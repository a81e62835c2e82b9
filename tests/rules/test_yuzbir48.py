"""Y-D5, Y-D3: a tile added this turn to a meld of the opening being laid is part of the
opening (a scan: r9 added to one's own r6 r7 r8 left the limit at 17 under a table worth 19,
and a short opener could not add it at all: "open first")."""

from __future__ import annotations

from .test_yuzbir_helpers import act, deal, hand, keys, play
from .test_yuzbir_rules import last, refused


def test_Y_D3_a_tile_added_to_ones_own_new_run_counts_in_the_opening_and_the_limit():
    d = deal(["r6 r7 r8 b10 k10 y10 r9", "", "", ""])
    s = play(d, ["open r6 r7 r8 | b10 k10 y10"])  # 7 + 10 = 17: reached
    act(s, "add r9 to 1")  # r6-r9: 8 + 1 = 9 (Y5)
    events = act(s, f"discard {last(d, 0)}")
    assert events[-1].key == "yuzbir.opened"
    assert events[-1].public == {"seat": 0, "value": 19, "limit": 19}
    assert s.r.limit == 19 and (s.opening_need(), s.pairs_need()) == (20, 30)


def test_Y7_a_short_opener_may_add_to_its_own_new_run_and_so_reach_the_need():
    d = deal(["r1 r2 r3 r4 k11 k12 k13 b5 b6 b7", "", "", ""])
    s = play(d, [])
    start = hand(s, 0)
    act(s, "open r1 r2 r3")  # 2: short of 17
    assert s.r.opened[0] is None
    assert "add r4 to 1" in s.view(0).legal  # listed: a meld of its own opening
    act(s, "add r4 to 1")  # r1-r4: 3 + 1 = 4
    act(s, "open k11 k12 k13")  # 4 + 12 = 16, still short
    assert keys(act(s, f"discard {last(d, 0)}")) == ["yuzbir.opening_returned"]
    assert s.r.table == [] and hand(s, 0) == start  # every tile back, r4 too (Y7)
    act(s, "open r1 r2 r3 | k11 k12 k13")  # 2 + 12 = 14
    act(s, "add r4 to 1")  # 4 + 12 = 16
    act(s, "open b5 b6 b7")  # + 6 = 22: reached
    assert s.r.opened[0] == "melds"
    events = act(s, f"discard {last(d, 0)}")
    assert events[-1].public == {"seat": 0, "value": 22, "limit": 22}


def test_Y9_a_short_opener_still_adds_to_nobody_elses_meld():
    d = deal(["r9 r10 r11 b9 b10 b11", "k5 k6 k7 b12", "", ""], pile="r4 r4")
    s = play(d, ["open r9 r10 r11 | b9 b10 b11", f"discard {last(d, 0)}", "draw",
                 "open k5 k6 k7"])  # 6: short of 21
    e = refused(s, "add b12 to 2")
    assert e.rule == "O-D8" or e.rule.startswith("Y")


def test_Y3_Y4_an_okey_typed_after_a_13_is_read_at_the_runs_low_end():
    """`open k12 k13 *` was "not a run or a group", though with a 13 ending a run (Y3: a 1
    is always low) the okey can only be k11, as the hint writes it (`* k12 k13`)."""
    d = deal(["k12 k13 * b10 k10 y10", "", "", ""])  # 12 + 10 = 22
    s = play(d, [])
    events = act(s, "open k12 k13 * | b10 k10 y10")
    assert events[0].public["value"] == 22
    assert [t for t in s.r.table[0].meld.numbers] == [11, 12, 13]
    s = play(deal(["* r1 r2 b10 k10 y10", "", "", ""]), [])
    act(s, "open * r1 r2 | b10 k10 y10")  # before a 1: only r3 fits, after r2
    assert s.r.table[0].meld.numbers == (1, 2, 3)


def test_Y5_a_set_of_a_13_and_two_okeys_stays_a_set_worth_17():
    """The regression scan: with okeys moved to the other end tried first, `* y13 *` (the
    opening solver's way of writing a set of 13s) read as the run 11-12-13, worth 12: the
    hint's opening fell short and a Normal player laid and took it back for ever."""
    d = deal(["y13 * * r2 b2 y2", "", "", ""], indicator="r5")  # the okey is r6
    s = play(d, [])
    events = act(s, "open r2 b2 y2 | * y13 *")  # 2 + 17 (Y5: three 13s)
    assert events[0].public["value"] == 19 and s.r.table[1].meld.kind == "set"
    s = play(deal(["k1 * * b10 k10 y10", "", "", ""]), [])
    act(s, "open * k1 * | b10 k10 y10")
    assert s.r.table[0].meld.kind == "set"  # a set of 1s, not 1-2-3
