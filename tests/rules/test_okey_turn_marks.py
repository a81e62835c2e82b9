"""The table picture's "just laid" marks in Okey 101 and Yüzbir: after a turn (and as the
round ends, for the picture of how the winner went out) they are exactly the tiles that turn
put on the table: a new meld whole, a tile added to a run or a set (O17, Y11), the real tile
put in place of an okey (O19, Y11)."""

from __future__ import annotations

from rules.okey_melds import turn_marks
from rules.tiles import WILD, parse_tiles

from . import test_yuzbir_helpers as Y
from .okey_helpers import make_deal, play


def marks(view) -> dict[int, list[bool]]:
    return {m["n"]: m["laid"] for m in view.to_json()["melds"]}


def marked_tiles(view) -> list[str]:
    return sorted(t for m in view.to_json()["melds"] for t, f in zip(m["tiles"], m["laid"], strict=True) if f)


def cycle(*tiles: str) -> list[str]:
    """Each next seat draws the named pile tile and discards it."""
    return [a for t in tiles for a in ("draw", f"discard {t}")]


# ----- turn_marks itself ----------------------------------------------------------------
def test_O17_a_tile_added_to_a_set_is_marked_where_the_colour_order_puts_it():
    r3, b3, k3, y3 = parse_tiles("r3 b3 k3 y3")
    # the set is kept in colour order: k3 lands between b3 and y3
    assert turn_marks([(r3, b3, y3)], [(r3, b3, k3, y3)], ["set"]) == ((False, False, True, False),)
    # an okey added to a set goes last, and only it is new
    assert turn_marks([(r3, b3, y3)], [(r3, b3, y3, WILD)], ["set"]) == ((False, False, False, True),)


def test_O17_a_real_tile_added_to_a_set_with_an_okey_marks_only_that_tile():
    """The okey still lies in the set (now after k3): read by place, it would look swapped
    out and laid again."""
    r3, b3, k3 = parse_tiles("r3 b3 k3")
    assert turn_marks([(r3, b3, WILD)], [(r3, b3, k3, WILD)], ["set"]) == ((False, False, True, False),)


def test_O19_a_tile_swapped_for_an_okey_in_a_set_is_marked():
    r8, k8, y8 = parse_tiles("r8 k8 y8")
    assert turn_marks([(k8, y8, WILD)], [(r8, k8, y8)], ["set"]) == ((True, False, False),)
    # okey-tile-okey (a one-real-tile set): the colour order moves every tile
    b3, r3 = parse_tiles("b3 r3")
    assert turn_marks([(WILD, r3, WILD)], [(r3, b3, WILD)], ["set"]) == ((False, True, False),)


def test_O19_O17_a_run_whose_okey_is_swapped_out_and_added_back_marks_both():
    r5, r6, r7 = parse_tiles("r5 r6 r7")
    assert turn_marks([(r5, WILD, r7)], [(r5, r6, r7, WILD)], ["run"]) == ((False, True, False, True),)
    # an okey added at the low end of a run that already holds one: the new one is marked
    assert turn_marks([(r5, WILD, r7)], [(WILD, r5, WILD, r7)], ["run"]) == ((True, False, False, False),)


# ----- in play: Okey 101 ----------------------------------------------------------------
def test_O17_O19_okey101_an_addition_and_a_swap_in_sets_are_marked_after_the_turn():
    """Seed 3's turn: `add k3 to 7` onto r3 b3 y3 and `swap r8 in 2` on k8 y8 * went
    unmarked."""
    hand0 = "r10 r11 r12 r13 r3 b3 y3 k8 y8 * k3 r8"  # 46 + 9 + 24 = 79
    d = make_deal([hand0, "", "", ""], pile="k2 k5 y6 b9")
    last = d["hands"][0].split()[-1]
    s = play(d, ["open r10 r11 r12 r13 | r3 b3 y3 | k8 y8 *", f"discard {last}",
                 *cycle("k2", "k5", "y6"), "draw", "add k3 to 2", "swap r8 in 3", "discard b9"])
    assert [tm.tiles for tm in s.r.table[1:]] == [tuple(parse_tiles("r3 b3 k3 y3")),
                                                    tuple(parse_tiles("r8 k8 y8"))]
    assert marks(s.view(1)) == {1: [False] * 4, 2: [False, False, True, False], 3: [True, False, False]}


def test_O24_okey101_the_round_end_table_marks_the_winners_last_addition():
    """Seed 1: the winner's `add k6 to 8`, then the finishing discard: the round-end
    picture marked the previous player's tiles instead."""
    d = make_deal(["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 k9", "", "", ""],
                  pile="k2 k5 y3 y6")
    s = play(d, ["open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 | b1 b2 b3", "discard k9",  # 55 + 6
                 "draw", "discard k2", "draw", "discard k5", "draw", "discard y3",
                 "draw", "add r11 to 1", "discard y6"])
    assert s.outcome()["rounds"][0]["winner"] == 0
    for seat in range(4):  # every seat's view as the round ended (the round-end picture)
        assert marks(s.round_end[seat]) == {1: [False] * 10 + [True], 2: [False] * 3}


def test_O24_okey101_a_finisher_laying_the_whole_hand_at_once_has_it_all_marked():
    """Seat 1 opened the turn before; seat 2 lays everything and goes out: its melds are
    marked, seat 1's no longer."""
    hand1 = "k10 k11 k12 k13 y8 y9 y10 b1 b2 r5 r6 r7 k1"  # 73, then r5 goes
    hand2 = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b5 b6 b7"
    d = make_deal(["y1", hand1, hand2, ""], pile="k2 y6 b9 k4")
    s = play(d, ["discard y1", "draw", "open k10 k11 k12 k13 | y8 y9 y10", "discard r5", "draw",
                 "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b5 b6 b7", "discard y6"])
    assert s.outcome()["rounds"][0]["winner"] == 2
    assert marks(s.round_end[0]) == {1: [False] * 4, 2: [False] * 3, 3: [True] * 11, 4: [True] * 3}


def test_O24_okey101_a_later_round_starts_with_no_marks():
    d = make_deal(["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 k9", "", "", ""])
    s = play(d, ["open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "discard k9"],
             config={"rounds": 3})
    assert marks(s.round_end[0]) == {1: [True] * 11, 2: [True] * 3}
    assert s.view(0).to_json()["melds"] == [] and s.r.last_laid == ()


# ----- in play: Yüzbir --------------------------------------------------------------------
def test_Y11_yuzbir_a_tile_added_to_a_group_is_marked():
    """Seed 4: `add b11 to 7` onto r11 k11 y11 made r11 b11 k11 y11, nothing marked."""
    d = Y.deal(["r11 k11 y11 r5 r6 r7 b11", "", "", ""], pile="k2 k5 y3 b2")
    s = Y.play(d, ["open r11 k11 y11 | r5 r6 r7", f"discard {d['hands'][0].split()[-1]}",
                   *cycle("k2", "k5", "y3"), "draw", "add b11 to 1", "discard b2"])
    assert s.r.table[0].tiles == tuple(parse_tiles("r11 b11 k11 y11"))
    assert marks(s.view(1)) == {1: [False, True, False, False], 2: [False] * 3}


def test_Y14_yuzbir_the_round_end_table_marks_the_winners_last_turn():
    """Seat 1 lays three melds, adds b9 to seat 0's b10 b11 b12 and goes out with r8: the
    round-end picture marks just those tiles (seed 2's `add y13 to 2` had no mark)."""
    hand1 = "k1 k2 k3 k4 k5 k6 k7 y1 y2 y3 k9 k10 k11 r8"
    d = Y.deal(["r5 r6 r7 b10 b11 b12", hand1, "", ""], pile="b9")
    s = Y.play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}", "draw",
                   "open k1 k2 k3 k4 k5 k6 k7 | y1 y2 y3 | k9 k10 k11", "add b9 to 2", "discard r8"])
    assert s.outcome()["rounds"][0]["winner"] == 1
    for seat in range(4):
        assert marks(s.round_end[seat]) == {1: [False] * 3, 2: [True, False, False, False],
                                            3: [True] * 7, 4: [True] * 3, 5: [True] * 3}
    assert marked_tiles(s.round_end[0]) == sorted(
        "k1 k2 k3 k4 k5 k6 k7 y1 y2 y3 k9 k10 k11 b9".split())
