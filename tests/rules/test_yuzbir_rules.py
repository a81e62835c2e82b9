"""Yüzbir rules Y1-Y14, Y16, Y17, Y19, Y-D1..Y-D7 (shared/rules/yuzbir.md), from explicit
deals. The end-of-round penalties (Y15, Y18, Y-D8) are in test_yuzbir_scoring.py, the
modes (Y21, Y22) and hints in test_yuzbir_modes.py.

Unless a test says otherwise the indicator is y12, so the okey is y13 (written `*`).
"""

from __future__ import annotations

import pytest

from rules.errors import DealError, IllegalAction
from rules.tiles import WILD, parse_tile, parse_tiles

from .test_yuzbir_helpers import GAME, act, deal, hand, keys, play, snapshot


def last(d: dict, seat: int) -> str:
    """The last tile of a seat's hand in the deal (filler, safe to discard)."""
    return d["hands"][seat].split()[-1]


def cycle(*tiles: str) -> list[str]:
    """Each next seat draws the named pile tile and discards it."""
    return [a for t in tiles for a in ("draw", f"discard {t}")]


def refused(state, text: str) -> IllegalAction:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        act(state, text)
    assert snapshot(state) == before  # nothing changed
    return e.value


def laid_value(hand_text: str, action: str, indicator: str = "y12") -> int:
    """The points an opening action is worth (Y5): the provisional value after it."""
    s = play(deal([hand_text, "", "", ""], indicator=indicator), [])
    events = act(s, action)
    ev = events[0]
    value, need = ev.public["value"], ev.public["need"]
    # Y7: an opening that has reached the limit says so; it stands at the discard
    enough = "_enough" if value >= need else ""
    assert ev.key in (f"yuzbir.laid{enough}", f"yuzbir.laid_pairs{enough}")
    return value


# ----- Y1, Y2, Y-D1: tiles, deal, okey --------------------------------------------------
def test_Y1_106_tiles_first_gets_15_and_starts_by_discarding():
    s = GAME.new(GAME.Config(), seed=3)
    first = s.current_player
    assert [sum(h.values()) for h in s.r.hands] == [15 if i == first else 14 for i in range(4)]
    assert sum(s.all_tiles().values()) == 106 and len(s.r.pile) == 48
    assert s.r.phase == "play" and all(a.startswith("discard") for a in s.view(first).legal)
    act(s, s.view(first).legal[0])
    assert s.current_player == (first + 1) % 4 and s.view(s.current_player).legal == ("draw", "take")


def test_Y2_okey_is_next_number_of_indicator_colour_and_13_wraps_to_1():
    s = play(deal(["", "", "", ""], indicator="k13"), [])
    assert s.okey_kind == parse_tile("k1")
    s = play(deal(["", "", "", ""], indicator="b7"), [])
    assert s.okey_kind == parse_tile("b8")


def test_Y2_fake_okey_plays_as_the_okey_number_and_colour():
    # indicator k11: the okey is k12, a fake okey plays as k12
    assert laid_value("k10 k11 F", "open k10 k11 F", indicator="k11") == 11
    s = play(deal(["k10 F k13", "", "", ""], indicator="k11"), [])
    e = refused(s, "open k10 F k13")  # a fake is NOT wild: k10 k12 k13 is no run
    assert e.rule == "Y3"


def test_Y_D1_indicator_is_never_a_fake_okey():
    with pytest.raises(DealError):
        play(deal(["", "", "", ""], indicator="y12") | {"indicator": "F"}, [])
    for seed in range(30):
        s = GAME.new(GAME.Config(), seed=seed)
        assert s.r.deal.indicator < 52


# ----- Y3, Y4: melds ---------------------------------------------------------------------
def test_Y3_no_13_1_run_a_one_is_always_low():
    s = play(deal(["r12 r13 r1 r2", "", "", ""]), [])
    assert refused(s, "open r12 r13 r1").rule == "Y3"
    assert laid_value("r1 r2 r3", "open r1 r2 r3") == 2


def test_Y3_group_needs_distinct_colours_and_a_pair_same_colour_and_number():
    s = play(deal(["r5 r5 b5 r7 b7", "", "", ""]), [])
    assert refused(s, "open r5 r5 b5").rule == "Y3"
    e = refused(s, "pairs r7 b7")
    assert e.rule == "Y3" and e.key == "okey.error.bad_pair"
    assert laid_value("r7 r7", "pairs r7 r7") == 7


def test_Y4_a_run_in_reverse_order_counts_and_the_rack_keeps_gaps():
    s = play(deal(["r7 r6 r5", "", "", ""]), [])
    act(s, "open r7 r6 r5")
    assert s.r.table[0].tiles == tuple(parse_tiles("r5 r6 r7"))
    rack = play(deal(["r1 r2 r3 b9 k9 y9", "", "", ""]), []).view(0).to_json()["rack"]
    assert rack[:8] == ["r1", "r2", "r3", None, "b9", "k9", "y9", None]  # combinations first, gaps


# ----- Y5, Y-D2: meld points -------------------------------------------------------------
@pytest.mark.parametrize("hand_text,action,points", [
    ("r9 b9 k9", "open r9 b9 k9", 9),  # group of three: its number
    ("r9 b9 k9 y9", "open r9 b9 k9 y9", 10),  # group of four: number + 1
    ("r13 b13 k13", "open r13 b13 k13", 17),  # three 13s are special
    ("r1 r2 r3 r4 r5 r6 r7", "open r1 r2 r3 r4 r5 r6 r7", 10),  # the seed: 1-7 = 6 + 4
    ("r3 r4 r5", "open r3 r4 r5", 4),  # a run of three counts its middle tile
    ("b8 b9 b10 b11 b12 b13", "open b8 b9 b10 b11 b12 b13", 15),  # 12 + 3
    ("r5 * r7", "open r5 * r7", 6),  # an okey counts as the tile it replaces
    ("r12 r13 *", "open * r12 r13", 12),  # ... here an 11 (no 13-1): 11-12-13 = 12
    ("r8 r8 b2 *", "pairs r8 r8 | b2 *", 10),  # pairs: the number once; okey completes a pair
])
def test_Y5_meld_points(hand_text, action, points):
    assert laid_value(hand_text, action) == points


def test_Y_D2_four_13s_score_14_less_than_three():
    # indicator b4: the okey is b5, so y13 is a plain tile here
    assert laid_value("r13 b13 k13 y13", "open r13 b13 k13 y13", indicator="b4") == 14
    assert laid_value("r13 b13 k13 y13", "open r13 b13 k13", indicator="b4") == 17


# ----- Y6, Y-D3: the limit ---------------------------------------------------------------
def test_Y6_first_run_opening_needs_17_and_pairs_26():
    d = deal(["r5 r6 r7 b10 b11 b12", "", "", ""])
    s = play(d, [])
    assert (s.opening_need(), s.pairs_need(), s.view(0).limit) == (17, 26, 17)
    act(s, "open r5 r6 r7 | b10 b11 b12")  # 6 + 11 = 17: enough before anyone opened
    events = act(s, "discard " + last(d, 0))
    assert "yuzbir.opened" in keys(events) and s.r.opened[0] == "melds" and s.r.limit == 17


def test_Y6_Y_D3_pair_limit_26_reached_or_not():
    hand0 = "r13 r13 b12 b12 k1"  # 13 + 12 = 25, with k1 k1 26
    d = deal([hand0, "", "", ""])
    s = play(d, ["pairs r13 r13 | b12 b12"])
    events = act(s, f"discard {last(d, 0)}")
    assert keys(events) == ["yuzbir.opening_returned"] and s.r.opened[0] is None
    d = deal([hand0 + " k1", "", "", ""])
    s = play(d, ["pairs r13 r13 | b12 b12 | k1 k1", f"discard {last(d, 0)}"])
    assert s.r.opened[0] == "pairs" and s.r.limit == 18  # ceil(26 / 1.5)


def test_Y_D3_later_openings_must_exceed_the_limit():
    hand0 = "r9 r10 r11 b9 b10 b11"  # 10 + 10 = 20
    hand1 = "k9 k10 k11 y9 y10 y11 b1 b2 b3"  # 20, or 22 with b1 b2 b3
    d = deal([hand0, hand1, "", ""], pile="r4 r4")
    s = play(d, ["open r9 r10 r11 | b9 b10 b11", f"discard {last(d, 0)}", "draw"])
    assert s.r.limit == 20 and (s.opening_need(), s.pairs_need()) == (21, 31)
    view = s.view(1).to_json()
    assert (view["limit"], view["need"], view["pair_need"]) == (20, 21, 31)
    act(s, "open k9 k10 k11 | y9 y10 y11")
    assert keys(act(s, "discard r4")) == ["yuzbir.opening_returned"]  # 20 is not > 20
    act(s, "open k9 k10 k11 | y9 y10 y11 | b1 b2 b3")
    events = act(s, "discard r4")
    assert events[-1].key == "yuzbir.opened" and events[-1].public == {"seat": 1, "value": 22, "limit": 22}
    assert s.r.limit == 22


def test_Y_D3_a_pairs_opening_sets_the_limit_to_ceil_p_over_1_5():
    hand0 = "r9 r10 r11 b9 b10 b11"  # 20: the pair limit becomes 30, so pairs need 31
    hand1 = "k13 k13 b12 b12 b3 b3 r3 r3"  # 13 + 12 + 3 = 28, + 3 = 31
    d = deal([hand0, hand1, "", ""], pile="r4 r4")
    s = play(d, ["open r9 r10 r11 | b9 b10 b11", f"discard {last(d, 0)}", "draw",
                 "pairs k13 k13 | b12 b12 | b3 b3"])
    assert keys(act(s, "discard r4")) == ["yuzbir.opening_returned"]
    act(s, "pairs k13 k13 | b12 b12 | b3 b3 | r3 r3")
    act(s, "discard r4")
    assert s.r.opened[1] == "pairs" and s.r.limit == 21  # ceil(31 / 1.5) = 21


# ----- Y7, Y-D5: provisional openings ---------------------------------------------------
def test_Y7_Y_D5_short_opening_returns_with_the_discard_and_the_turn_goes_on():
    d = deal(["r1 r2 r3", "", "", ""])
    s = play(d, [])
    start = hand(s, 0)
    events = act(s, "open r1 r2 r3")
    assert events[0].public["value"] == 2 and events[0].public["need"] == 17
    assert list(s.view(1).to_json()["provisional"]) == [1]  # everyone sees the provisional meld
    events = act(s, f"discard {last(d, 0)}")
    assert keys(events) == ["yuzbir.opening_returned"]
    assert events[0].public == {"seat": 0, "value": 2, "need": 17}
    assert hand(s, 0) == start and s.r.table == [] and s.current_player == 0 and s.r.phase == "play"
    assert sum(s.all_tiles().values()) == 106
    act(s, f"discard {last(d, 0)}")  # with nothing laid, the discard goes ahead
    assert s.current_player == 1


def test_Y_D5_an_opening_may_be_laid_in_several_steps_and_all_of_it_counts():
    d = deal(["r9 r10 r11 b9 b10 b11 k1 k2 k3", "", "", ""])
    s = play(d, ["open r9 r10 r11"])
    assert s.r.opened[0] is None
    events = act(s, "open b9 b10 b11")
    assert events[0].public["value"] == 20 and s.r.opened[0] == "melds"  # reached: may add now
    act(s, "meld k1 k2 k3")
    events = act(s, f"discard {last(d, 0)}")
    assert events[-1].public == {"seat": 0, "value": 22, "limit": 22}


def test_Y_D4_a_pair_of_a_tile_held_once_is_refused_for_the_missing_copy():
    s = play(deal(["y6 r3 r3", "", "", ""]), [])
    e = refused(s, "pairs r3 r3 | y6 y6")
    assert (e.key, e.params) == ("okey.error.too_few_copies", {"tile": "y6", "named": 2, "held": 1})


def test_Y9_an_opening_is_runs_or_pairs_not_both_in_one_turn():
    s = play(deal(["r1 r2 r3 b5 b5", "", "", ""]), ["open r1 r2 r3"])
    e = refused(s, "pairs b5 b5")
    assert e.rule == "Y9" and e.key == "yuzbir.error.opening_mixed"


# ----- Y8: taking the discard ------------------------------------------------------------
def _taker():
    hand0 = "r8"
    hand1 = "r9 r10 r11 b9 b10 b11"
    d = deal([hand0, hand1, "", ""], pile="k4")
    return d, play(d, ["discard r8", "take"])


def test_Y8_taken_discard_used_in_a_new_combination_costs_nothing():
    d, s = _taker()
    act(s, "open r8 r9 r10 r11 | b9 b10 b11")  # 11 + 10 = 21
    act(s, f"discard {last(d, 1)}")
    assert s.r.opened[1] == "melds" and s.r.penalties == [0, 0, 0, 0] and s.r.limit == 21


def test_Y8_taken_discard_may_not_be_added_nor_kept_but_the_take_can_be_undone():
    d, s = _taker()
    act(s, "open r9 r10 r11 | b9 b10 b11")  # laid without it: still usable later this turn
    e = refused(s, "add r8 to 1")
    assert e.rule == "Y8" and e.key == "yuzbir.error.taken_new_combination"
    e = refused(s, f"discard {last(d, 1)}")
    assert e.rule == "Y8" and e.key == "okey.error.taken_unused"
    assert "return" in s.view(1).legal
    events = act(s, "return")  # undone even after laying: r8 goes back, seat 1 draws
    assert keys(events) == ["okey.returned", "okey.drew"]
    assert s.r.discards[0] == [parse_tile("r8")] and hand(s, 1)[parse_tile("k4")] == 1
    act(s, f"discard {last(d, 1)}")
    assert s.r.opened[1] == "melds"


def test_Y8_Y7_taken_tile_in_a_short_opening_comes_back_unused():
    d, s = _taker()
    act(s, "open r8 r9 r10 r11")  # 11 < 17
    assert keys(act(s, f"discard {last(d, 1)}")) == ["yuzbir.opening_returned"]
    assert refused(s, f"discard {last(d, 1)}").rule == "Y8"
    act(s, "return")
    assert s.r.taken is None and s.r.discards[0] == [parse_tile("r8")]


def test_Y8_Y7_return_or_draw_with_the_taken_tile_in_a_short_opening_says_the_way_out():
    """The Yüzbir scan: r8 taken and laid in a short opening, /return said "you have not
    taken a discard this turn" and /draw "you have already drawn"; both say that a discard
    takes the opening back first (Y7), and nothing changes."""
    d, s = _taker()
    act(s, "open r8 r9 r10 r11")  # 11 < 17
    for move in ("return", "draw"):
        e = refused(s, move)
        assert e.rule == "Y8" and e.key == "yuzbir.error.taken_in_short_opening", move
        assert e.params == {"tile": "r8", "value": 11, "need": 17}
    act(s, f"discard {last(d, 1)}")  # the opening comes back, r8 with it
    assert keys(act(s, "return")) == ["okey.returned", "okey.drew"]


# ----- Y9, Y11, Y-D6: pairs players ------------------------------------------------------
PAIRS0 = "r2 r2 b4 b4 k6 k6 r8 r8 b10 b10"  # 2 + 4 + 6 + 8 + 10 = 30
RUNS1 = "k7 k8 k9 r11 b11 y11 b1 b2 b3"  # 8 + 11 + 2 = 21 > L = ceil(30 / 1.5) = 20


def _pairs_and_runs():
    d = deal([PAIRS0 + " k12 k12 k10 k11", RUNS1 + " r3 r3", "", ""], pile="y6 r5 b7 y1 y8")
    s = play(d, [
        "pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | b10 b10", f"discard {last(d, 0)}",
        "draw", "open k7 k8 k9 | r11 b11 y11 | b1 b2 b3", "discard y6",
        *cycle("r5", "b7"), "draw",
    ])
    return d, s


def test_Y9_pairs_player_adds_single_tiles_to_runs_paying_double_Y11():
    d, s = _pairs_and_runs()
    assert s.r.opened == ["pairs", "melds", None, None] and s.r.limit == 21
    events = act(s, "add k10 to 6")  # seat 1's k7 k8 k9: 10 x 10, x2 for a pairs actor
    assert events[-1].public == {"seat": 1, "points": 200, "rule": "Y11"}
    e = refused(s, "add k11 to 7")  # r11 b11 y11 is a group
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_runs_only"
    assert refused(s, "meld k10 k11 k12").rule == "Y9"
    e = refused(s, "open k10 k11 k12")
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_player_no_runs"
    events = act(s, "pairs k12 k12")  # pairs players keep laying pairs
    assert events[0].key == "okey.paired"
    act(s, "discard y1")
    assert s.r.penalties == [0, 200, 0, 0]


def test_Y9_Y_D6_runs_player_lays_pairs_only_onto_a_pairs_player_who_pays_for_each():
    d, s = _pairs_and_runs()
    act(s, "discard y1")
    act(s, "draw")  # seat 1
    e = refused(s, "pairs r3 r3")
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_onto_pairs_players"
    e = refused(s, "pairs r3 r3 to 2")
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_to_target"
    events = act(s, "pairs r3 r3 to 0")
    assert events[0].key == "yuzbir.pairs_given" and events[0].public["to"] == 0
    # one addition of a 3 onto a pairs owner: 3 x 10 x 2
    assert events[-1].public == {"seat": 0, "points": 60, "rule": "Y-D6"}  # (its own line)
    assert s.r.table[-1].owner == 0 and s.r.table[-1].kind == "pair"
    assert str(GAME.parse_action("PAIRS r3 r3 TO 0")) == "pairs r3 r3 to 0"


def test_Y9_only_a_runs_opener_lays_pairs_onto_others():
    d, s = _pairs_and_runs()
    e = refused(s, "pairs k12 k12 to 1")
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_to_needs_runs"


# ----- Y10: one tile per run end per turn ------------------------------------------------
def test_Y10_each_run_end_takes_one_tile_per_turn():
    d = deal(["r4 r5 r6 r7 r8 r9 b10 b11 b12 *", "", "", ""], pile="k2 k5 y3 b2")
    s = play(d, ["open r5 r6 r7 | b10 b11 b12"])  # 6 + 11 = 17
    act(s, "add r8 to 1")
    e = refused(s, "add r9 to 1")
    assert e.rule == "Y10" and e.key == "yuzbir.error.end_used"
    act(s, "add * to 1")  # the high end is used: the okey goes to the low end (as r4)
    assert s.r.table[0].tiles == (WILD, *parse_tiles("r5 r6 r7 r8"))
    assert refused(s, "add r4 to 1").key == "okey.error.does_not_fit"  # the okey is the 4
    act(s, f"discard {last(d, 0)}")
    s2 = play(d, s.record()["actions"] + cycle("k2", "k5", "y3") + ["draw", "add r9 to 1"])
    assert len(s2.r.table[0].tiles) == 6  # a new turn: the high end takes a tile again


# ----- Y11: additions and okey swaps -----------------------------------------------------
def _two_openers(extra0="", extra1="", pile="k2 k5 y3 b2 y5"):
    hand0 = "r5 r6 r7 b10 b11 b12 " + extra0  # 6 + 11 = 17
    hand1 = "k9 k10 k11 y9 y10 y11 " + extra1  # 20 > 17
    d = deal([hand0.strip(), hand1.strip(), "", ""], pile=pile)
    return d, ["open r5 r6 r7 | b10 b11 b12", f"discard {last(d, 0)}", "draw",
               "open k9 k10 k11 | y9 y10 y11"]


def test_Y11_adding_blue_13_to_an_opponents_meld_costs_them_130_own_meld_free():
    d, start = _two_openers(extra1="b13 k12")
    s = play(d, start)
    events = act(s, "add b13 to 2")
    assert events[-1].public == {"seat": 0, "points": 130, "rule": "Y11"}
    events = act(s, "add k12 to 3")  # own meld: nothing
    assert keys(events) == ["okey.added"] and s.r.penalties == [130, 0, 0, 0]


@pytest.mark.parametrize("move", ["add b13 to 99", "add b13 to 0", "swap b13 in 12"])
def test_Y11_a_meld_number_the_table_lacks_cites_no_rule(move):
    """A scan: "there is no meld 99" cited Y11, the charge for adding to another's meld;
    it is a slip of the number, answered with no rule (as a tile not held is)."""
    d, start = _two_openers(extra1="b13 k12")
    s = play(d, start)
    e = refused(s, move)
    assert (e.rule, e.key) == ("", "okey.error.no_meld")


def test_Y11_an_added_okey_charges_the_number_it_stands_for():
    d, start = _two_openers(extra1="*")
    s = play(d, start)
    act(s, "add * to 1")  # r5 r6 r7 + okey as r8
    assert s.r.penalties == [80, 0, 0, 0]


def test_Y11_swapping_an_opponents_okey_costs_the_number_x10():
    hand0 = "r5 * r7 b10 b11 b12"
    hand1 = "k9 k10 k11 y9 y10 y11 r6"
    d = deal([hand0, hand1, "", ""], pile="k2")
    s = play(d, ["open r5 * r7 | b10 b11 b12", f"discard {last(d, 0)}", "draw",
                 "open k9 k10 k11 | y9 y10 y11"])
    events = act(s, "swap r6 in 1")
    assert events[-1].public == {"seat": 0, "points": 60, "rule": "Y11"}
    assert hand(s, 1)[WILD] == 1


# ----- Y12, Y13: okeys on the table ------------------------------------------------------
def test_Y12_an_okey_laid_this_turn_cannot_be_swapped_until_a_later_turn():
    d = deal(["r5 * r7 b10 b11 b12 r6", "", "", ""], pile="k2 k5 y3 b2")
    s = play(d, ["open r5 * r7 | b10 b11 b12"])
    e = refused(s, "swap r6 in 1")
    assert e.rule == "Y12" and e.key == "yuzbir.error.fresh_okey"
    assert "swap r6 in 1" not in s.view(0).legal  # the buttons offer only what stands
    s = play(d, s.record()["actions"] + [f"discard {last(d, 0)}"] + cycle("k2", "k5", "y3") + ["draw"])
    assert "swap r6 in 1" in s.view(0).legal
    act(s, "swap r6 in 1")  # own meld, a later turn: allowed and free
    assert hand(s, 0)[WILD] == 1 and s.r.penalties == [0, 0, 0, 0]


def test_Y12_an_okey_added_this_turn_cannot_be_swapped_this_turn():
    d = deal(["r5 r6 r7 b10 b11 b12 * r8", "", "", ""], pile="k2 k5 y3 b2")
    s = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {last(d, 0)}"] + cycle("k2", "k5", "y3")
             + ["draw", "add * to 1"])
    assert refused(s, "swap r8 in 1").rule == "Y12"


def test_Y13_an_okey_in_a_group_is_taken_only_to_complete_four_colours():
    d = deal(["r9 b9 * k10 k11 k12 k9", "", "", ""], pile="r1 r4 b7 b1")
    s = play(d, ["open r9 b9 * | k10 k11 k12", f"discard {last(d, 0)}"] + cycle("r1", "r4", "b7") + ["draw"])
    e = refused(s, "swap k9 in 1")
    assert e.rule == "Y13" and e.key == "yuzbir.error.group_okey"
    assert not [a for a in s.view(0).legal if a.startswith("swap")]
    d = deal(["r9 b9 k9 * k1 k2 k3 k4 k5 k6 y9", "", "", ""], pile="r1 r4 b7 r6")
    s = play(d, ["open r9 b9 k9 * | k1 k2 k3 k4 k5 k6", f"discard {last(d, 0)}"] + cycle("r1", "r4", "b7")
             + ["draw"])
    assert "swap y9 in 1" in s.view(0).legal
    act(s, "swap y9 in 1")
    assert s.r.table[0].tiles == tuple(parse_tiles("r9 b9 k9 y9")) and hand(s, 0)[WILD] == 1


# ----- Y14: finishing and the end of the pile --------------------------------------------
def test_Y14_the_last_tile_must_be_discarded():
    s = play(deal(["r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7 b8", "", "", ""]), [])
    e = refused(s, "open r1 r2 r3 r4 r5 r6 r7 | b1 b2 b3 b4 b5 b6 b7 b8")
    assert e.rule == "Y14" and e.key == "okey.error.keep_one"


def test_Y14_the_round_ends_with_the_discard_of_whoever_drew_the_last_tile():
    d = deal(["", "", "", ""])
    s = play(d, [])
    act(s, f"discard {last(d, 0)}")
    while len(s.r.pile) > 1:
        act(s, "draw")
        act(s, s.view(s.current_player).legal[-1])
    act(s, "draw")
    seat = s.current_player
    assert s.r.pile == [] and s.current_player == seat and not s.is_finished
    events = act(s, s.view(seat).legal[-1])
    assert events[-2].key == "okey.round_over" and s.is_finished
    assert s.outcome()["rounds"] == [{"ending": "draw", "winner": None, "scores": [600] * 4}]


# ----- Y16, Y-D7: playable discards ------------------------------------------------------
def test_Y16_a_playable_discard_is_refused_costs_100_and_comes_back():
    d, start = _two_openers(extra1="r8 b9")
    s = play(d, start)
    events = act(s, "discard r8")
    assert keys(events) == ["yuzbir.discard_refused", "okey.penalty"]
    assert events[1].public == {"seat": 1, "points": 100, "rule": "Y16"}
    assert hand(s, 1)[parse_tile("r8")] == 1 and s.current_player == 1 and s.r.phase == "play"
    assert "discard r8" not in s.view(1).legal and "discard b9" not in s.view(1).legal
    assert s.view(1).to_json()["penalty_tiles"]  # the assisted rack marks them
    act(s, f"discard {last(d, 1)}")
    assert s.current_player == 2 and s.r.penalties == [0, 100, 0, 0]


def test_Y16_pairs_player_pays_200_for_a_playable_discard():
    d = deal(["r5 r6 r7 b10 b11 b12", "k13 k13 b13 b13 r1 r1 r8", "", ""], pile="k2")
    s = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {last(d, 0)}", "draw",
                 "pairs k13 k13 | b13 b13 | r1 r1"])  # 26 + 1 = 27 > 26
    events = act(s, "discard r8")
    assert events[-1].public == {"seat": 1, "points": 200, "rule": "Y16"}


def test_Y16_the_final_discard_is_exempt():
    hand1 = "k1 k2 k3 k4 k5 k6 k7 y1 y2 y3 k9 k10 k11 r8"
    d = deal(["r5 r6 r7 b10 b11 b12", hand1, "", ""], pile="b9")
    s = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {last(d, 0)}", "draw",
                 "open k1 k2 k3 k4 k5 k6 k7 | y1 y2 y3 | k9 k10 k11", "add b9 to 2"])
    events = act(s, "discard r8")  # playable, but it finishes
    assert s.outcome()["rounds"][0]["winner"] == 1 and s.r.penalties == [90, 0, 0, 0]
    assert "okey.penalty" not in keys(events[:2])


def test_Y_D7_when_every_tile_is_playable_the_discard_stands_and_is_charged():
    hand1 = "k1 k2 k3 k4 k5 k6 k7 y1 y2 y3 k9 k10 k11 r8"  # 10 + 2 + 10 = 22 > 17
    d = deal(["r5 r6 r7 b10 b11 b12", hand1, "", ""], pile="b9")
    s = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {last(d, 0)}", "draw",
                 "open k1 k2 k3 k4 k5 k6 k7 | y1 y2 y3 | k9 k10 k11"])
    assert hand(s, 1) == {parse_tile("r8"): 1, parse_tile("b9"): 1}  # both playable
    events = act(s, "discard r8")
    assert keys(events)[:2] == ["okey.discarded", "okey.penalty"]
    assert events[1].public == {"seat": 1, "points": 100, "rule": "Y-D7"}
    assert s.current_player == 2


# ----- Y17: the okey is discarded only to finish ------------------------------------------
def test_Y17_discarding_the_okey_before_the_end_costs_the_base_penalty_and_is_refused():
    d = deal(["*", "", "", ""])  # okey y13: yellow, base 600
    s = play(d, [])
    events = act(s, "discard *")
    assert keys(events) == ["yuzbir.okey_refused", "okey.penalty"]
    assert events[1].public == {"seat": 0, "points": 600, "rule": "Y17"}
    assert hand(s, 0)[WILD] == 1 and s.current_player == 0
    assert "discard *" not in s.view(0).legal
    act(s, f"discard {last(d, 0)}")
    assert s.r.penalties == [600, 0, 0, 0]  # penalties already incurred stay


def test_Y17_a_pairs_player_pays_double_by_the_okey_colour():
    # indicator r7: okey r8, red: base 400, doubled for pairs: 800
    d = deal(["k13 k13 y12 y12 b1 b1 *", "", "", ""], indicator="r7", pile="b5 b8 k5 y5")
    s = play(d, ["pairs k13 k13 | y12 y12 | b1 b1", f"discard {last(d, 0)}"] + cycle("b5", "b8", "k5") + ["draw"])
    events = act(s, "discard *")
    assert events[-1].public == {"seat": 0, "points": 800, "rule": "Y17"}


def test_Y17_with_nothing_but_okeys_left_the_okey_discard_stands_charged():
    hand0 = "r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 * *"
    d = deal([hand0, "", "", ""])
    s = play(d, ["open r1 r2 r3 r4 r5 r6 r7 | b1 b2 b3 b4 b5 b6"])
    assert [a for a in s.view(0).legal if a.startswith("discard")] == ["discard *"]
    events = act(s, "discard *")
    assert events[1].public == {"seat": 0, "points": 600, "rule": "Y17"} and s.current_player == 1


# ----- Y19: lowest total wins --------------------------------------------------------------
def test_Y19_lowest_total_wins_over_the_rounds():
    """Each round's first seat (O-D2) lays everything at once; round 2's okey is blue: its
    winner gains -80 and the others pay 800 x 4 (Y15, Y18). Seat 1 won one round, as
    seats 0 and 2 did, and wins the match on the lowest total."""
    at_once = "r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7 k12"
    deals = [deal([at_once if s == f else "" for s in range(4)], first=f, indicator=i)
             for f, i in ((0, "y12"), (1, "b12"), (2, "y12"))]
    actions = ["open r1 r2 r3 r4 r5 r6 r7 | b1 b2 b3 b4 b5 b6 b7", "discard k12"] * 3
    s = play(deals, actions, config={"rounds": "3"})
    out = s.outcome()
    assert [r["winner"] for r in out["rounds"]] == [0, 1, 2]
    assert out["totals"] == [-60 + 3200 + 2400, 2400 - 80 + 2400, 2400 + 3200 - 60,
                             2400 + 3200 + 2400] and out["winners"] == [1]


# ----- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["pairs r3 r3 | * b9 to 2", "add b7 to 3", "swap r6 in 1", "return"])
def test_yuzbir_actions_round_trip(text):
    assert str(GAME.parse_action(text)) == text


def test_illegal_moves_change_nothing():
    s = play(deal(["r1 r2 r3", "", "", ""]), [])
    for text in ("draw", "take", "add r1 to 1", "swap r1 in 1", "pairs r1 r1 to 1", "meld r1 r2 r3"):
        refused(s, text)


def test_Y_D4_pairs_need_no_minimum_count_two_13s_reach_26():
    d = deal(["r13 r13 b13 b13", "", "", ""])
    s = play(d, ["pairs r13 r13 | b13 b13", f"discard {last(d, 0)}"])
    assert s.r.opened[0] == "pairs" and s.r.limit == 18  # ceil(26 / 1.5)


def test_Y9_Y11_pairs_player_takes_an_okey_from_a_run_paying_double():
    d = deal([PAIRS0 + " k8", "k7 * k9 r11 b11 y11 b1 b2 b3", "", ""], pile="y6 r5 b7 y1")
    s = play(d, ["pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | b10 b10", f"discard {last(d, 0)}",
                 "draw", "open k7 * k9 | r11 b11 y11 | b1 b2 b3", "discard y6", *cycle("r5", "b7"), "draw"])
    events = act(s, "swap k8 in 6")  # 8 x 10, x2 for the pairs player taking it
    assert events[-1].public == {"seat": 1, "points": 160, "rule": "Y11"} and hand(s, 0)[WILD] == 1


def test_Y7_a_second_meld_of_an_opening_under_way_is_laid_with_open():
    """While an opening is being laid (provisional until the discard, Y7), `meld` is
    refused with the way on: more melds go to the opening with `open`."""
    s = play(deal(["r1 r2 r3 k5 k6 k7", "", "", ""]), [])
    act(s, "open r1 r2 r3")
    e = refused(s, "meld k5 k6 k7")
    assert e.rule == "Y7" and e.key == "yuzbir.error.meld_while_opening"
    events = act(s, "open k5 k6 k7")
    assert events[0].public["value"] == 8  # 2 + 6 of the 17 needed


def test_Y8_Y10_the_add_hint_names_only_adds_the_rules_allow_now():
    d = deal(["r5 r6 r7 r8 r9 b10 b11 b12", "", "", ""])
    s = play(d, ["open r5 r6 r7 | b10 b11 b12", "add r8 to 1"])
    adds = s.view(0).to_json()["hints"]["adds"]
    assert "r9" not in adds  # Y10: that end took a tile this turn
    for tile, melds in adds.items():
        for n in melds:
            act(play(d, s.record()["actions"]), f"add {tile} to {n}")


def test_Y7_a_tile_of_the_opening_under_way_is_named_as_on_the_table_not_unheld():
    d = deal(["r1 r2 r3", "", "", ""])
    s = play(d, [])
    act(s, "open r1 r2 r3")
    before = snapshot(s)
    e = refused(s, "discard r2")
    assert (e.rule, e.key, e.params) == ("Y7", "yuzbir.error.in_opening", {"tile": "r2"})
    assert snapshot(s) == before
