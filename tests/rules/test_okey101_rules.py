"""Okey 101 rules, one test (or a few) per rule id of shared/rules/okey101.md."""

from __future__ import annotations

import json
import random

import pytest

from rules.ai.random_agent import RandomAgent
from rules.errors import ConfigError, DealError, IllegalAction, InvalidAction
from rules.okey_actions import parse_action
from rules.record import ReplayError, replay
from rules.tiles import WILD, number_of, parse_tile, parse_tiles

from .okey_helpers import GAME, make_deal, play

# Indicator y12 -> the okey is y13 (written `*`).
OPENER_0 = "r10 r11 r12 r13 b4 b5 b6"  # 46 + 15 = 61
OPENER_1 = "k10 k11 k12 k13 y8 y9 y10"  # 46 + 27 = 73


def penalties(state):
    return list(state.r.penalties)


def test_O1_O5_deal_sizes_and_106_tiles():
    s = GAME.new(GAME.Config(), seed=7)
    first = s.current_player
    assert [sum(h.values()) for h in s.r.hands] == [15 if i == first else 14 for i in range(4)]
    assert sum(s.all_tiles().values()) == 106


def test_O3_okey_is_next_number_and_13_wraps_to_1():
    d = make_deal([""] * 4, indicator="k13")
    s = play(d, [])
    assert s.okey_kind == parse_tile("k1")


def test_O_D1_indicator_cannot_be_fake():
    d = make_deal([""] * 4)
    d["indicator"] = "F"
    with pytest.raises(DealError):
        play(d, [])


def test_deal_naming_a_tile_too_often_is_an_error():
    with pytest.raises(DealError):
        play(make_deal(["r1 r1 r1", "", "", ""]), [])


def test_O6_first_player_discards_without_drawing():
    d = make_deal(["r1"] + [""] * 3)
    for move in ("draw", "take"):  # told why: the first turn has no draw
        with pytest.raises(ReplayError) as e:
            play(d, [move])
        assert e.value.rule == "O6" and "first player starts by discarding" in e.value.message
    s = play(d, ["discard r1"])
    assert s.current_player == 1 and s.r.phase == "draw"


def test_O7_next_player_draws_or_takes_then_discards():
    d = make_deal(["r1", "", "", ""], pile="b2")
    s = play(d, ["discard r1", "draw"])
    assert s.r.hands[1][parse_tile("b2")] >= 1
    with pytest.raises(ReplayError):
        play(d, ["discard r1", "draw", "draw"])


def test_O10_no_13_1_2_run_and_O_D3_high_one_worth_14():
    d = make_deal(["r12 r13 r1 k13 k1 k2 b10 b11 b12 b13"] + [""] * 3)
    with pytest.raises(ReplayError) as e:
        play(d, ["open k13 k1 k2 | b10 b11 b12 b13"])
    assert e.value.rule == "O10"
    # 12+13+14 = 39 and 10+11+12+13 = 46: 85
    s = play(d, ["open r12 r13 r1 | b10 b11 b12 b13"])
    assert s.r.last_opening == 85


def test_O11_set_needs_distinct_colours():
    d = make_deal(["r9 r9 b9 k9 k10 k11 k12 k13"] + [""] * 3)
    with pytest.raises(ReplayError) as e:
        play(d, ["open r9 r9 b9 | k10 k11 k12 k13"])
    assert e.value.rule == "O11"  # a set's rule, not O10's runs


def test_O12_O13_okey_fills_a_run_and_is_worth_what_it_stands_for():
    d = make_deal(["r10 * r12 r13 b4 b5 b6"] + [""] * 3)
    s = play(d, ["open r10 * r12 r13 | b4 b5 b6"])
    assert s.r.last_opening == 61


def test_O4_fake_okey_plays_as_the_okey_identity():
    # indicator y12: okey y13, so F plays as y13.
    d = make_deal(["y11 y12 F r10 r11 r12 r13"] + [""] * 3)
    s = play(d, ["open y11 y12 F | r10 r11 r12 r13"])
    assert s.r.last_opening == 36 + 46


def test_O14_opening_below_51_refused_and_changes_nothing():
    d = make_deal(["r1 r2 r3 b4 b5 b6"] + [""] * 3)
    s = play(d, [])
    before = s.record(), [dict(h) for h in s.r.hands]
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("open r1 r2 r3 | b4 b5 b6"))
    assert e.value.rule == "O14" and e.value.params == {"value": 21, "need": 51}
    assert (s.record(), [dict(h) for h in s.r.hands]) == before


def test_O15_doubling_68_needs_69():
    hand0 = "r8 r9 r10 r11 r12 b5 b6 b7"  # 50 + 18 = 68
    hand1 = "k8 k9 k10 k11 k12 y5 y6 y7 b1 b2 b3"  # 68, or 74 with b1 b2 b3
    d = make_deal([hand0, hand1, "", ""], pile="r1")
    start = ["open r8 r9 r10 r11 r12 | b5 b6 b7", "discard " + d["hands"][0].split()[-1], "draw"]
    s = play(d, start, config={"doubling": "on"})
    assert s.r.last_opening == 68 and s.opening_need() == 69
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("open k8 k9 k10 k11 k12 | y5 y6 y7"))
    assert e.value.rule == "O15" and e.value.params["need"] == 69
    s.apply(GAME.parse_action("open k8 k9 k10 k11 k12 | y5 y6 y7 | b1 b2 b3"))
    assert s.r.last_opening == 74
    # without doubling, 51 is always enough
    s2 = play(d, start + ["open k8 k9 k10 k11 k12 | y5 y6 y7"])
    assert s2.r.opened[1] == "melds"


def _opened_pair(extra0: str = "", extra1: str = "", pile: str = "r1 r2 r3 r4 r5"):
    d = make_deal([f"{OPENER_0} {extra0}".strip(), f"{OPENER_1} {extra1}".strip(), "", ""], pile=pile)
    discard0 = d["hands"][0].split()[-1]
    return d, ["open r10 r11 r12 r13 | b4 b5 b6", f"discard {discard0}", "draw",
               "open k10 k11 k12 k13 | y8 y9 y10"]


def test_O17_adding_blue_7_to_opponents_meld_costs_them_70():
    d, actions = _opened_pair(extra1="b7")
    s = play(d, actions + ["add b7 to 2"])
    assert penalties(s) == [70, 0, 0, 0]
    assert [t for t in s.r.table[1].tiles] == [parse_tile(x) for x in ("b4", "b5", "b6", "b7")]


def test_O17_adding_to_your_own_meld_costs_nothing():
    d, actions = _opened_pair(extra1="y11")
    s = play(d, actions + ["add y11 to 4"])
    assert penalties(s) == [0, 0, 0, 0]


def test_O18_okey_added_to_opponent_charges_the_value_it_stands_for():
    d, actions = _opened_pair(extra1="*")
    s = play(d, actions + ["add * to 2"])  # at the high end: stands for b7
    assert penalties(s) == [70, 0, 0, 0]


def test_O19_giving_blue_8_and_taking_the_okey_costs_180():
    d = make_deal(["r10 r11 r12 r13 b7 * b9", f"{OPENER_1} b8", "", ""], pile="r1 r2")
    discard0 = d["hands"][0].split()[-1]
    before = play(d, ["open r10 r11 r12 r13 | b7 * b9", f"discard {discard0}", "draw",
                      "open k10 k11 k12 k13 | y8 y9 y10"])
    assert [a for a in before.view(1).legal if a.startswith("swap")] == ["swap b8 in 2"]
    s = play(d, before.record()["actions"] + ["swap b8 in 2"])
    assert penalties(s) == [180, 0, 0, 0]
    assert s.r.hands[1][WILD] == 1
    assert s.r.table[1].tiles == tuple(parse_tile(x) for x in ("b7", "b8", "b9"))
    # no such meld: a swap cites O19, an addition O17
    for move, rule in (("swap b8 in 9", "O19"), ("add b8 to 9", "O17")):
        with pytest.raises(IllegalAction) as e:
            play(d, before.record()["actions"]).apply(parse_action(move))
        assert (e.value.rule, e.value.key) == (rule, "okey.error.no_meld")


def test_O_D8_swap_and_add_need_an_opening_with_melds():
    d = make_deal(["r10 r11 r12 r13 b7 * b9", "b8 b10", "", ""], pile="r1 r2")
    discard0 = d["hands"][0].split()[-1]
    base = ["open r10 r11 r12 r13 | b7 * b9", f"discard {discard0}", "draw"]
    assert not [a for a in play(d, base).view(1).legal if a.startswith(("swap", "add"))]
    for move in ("swap b8 in 2", "add b10 to 2"):
        with pytest.raises(ReplayError) as e:
            play(d, base + [move])
        assert e.value.rule == "O-D8"


def test_O21_discarding_the_4_or_8_next_to_an_opponents_5_6_7_costs_100():
    d = make_deal(["r10 r11 r12 r13 k5 k6 k7", "k4 k8", "", ""], pile="r1 r2 r3")
    discard0 = d["hands"][0].split()[-1]
    base = ["open r10 r11 r12 r13 | k5 k6 k7", f"discard {discard0}", "draw"]
    assert penalties(play(d, base + ["discard k4"])) == [0, 100, 0, 0]
    assert penalties(play(d, base + ["discard k8"])) == [0, 100, 0, 0]


def test_O21_final_discard_is_exempt():
    hand = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 r12"
    s = play(make_deal([hand, "", "", ""]), ["open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "discard r12"])
    rnd = s.outcome()["rounds"][0]
    assert rnd["ending"] == "hand" and rnd["winner"] == 0
    assert rnd["scores"] == [-500, 500, 500, 500]  # no +100 for r12


def test_O_D6_a_discarded_okey_is_a_penalty_tile_while_a_run_can_grow():
    d = make_deal(["r10 r11 r12 r13 k5 k6 k7", "*", "", ""], pile="r1 r2")
    discard0 = d["hands"][0].split()[-1]
    s = play(d, ["open r10 r11 r12 r13 | k5 k6 k7", f"discard {discard0}", "draw", "discard *"])
    assert penalties(s) == [0, 100, 0, 0]


def test_O20_taking_the_discard_charges_the_discarder_when_used():
    d = make_deal([f"{OPENER_0} b7", OPENER_1, "", ""], pile="r1")
    s = play(d, ["open r10 r11 r12 r13 | b4 b5 b6", "discard b7", "take",
                 "open k10 k11 k12 k13 | y8 y9 y10", "add b7 to 2"])
    # seat 0 pays 100 for discarding b7 next to its own b4-b6 (O21, O-D6), 70 for the
    # taken discard (O20) and 70 for the addition (O17)
    assert penalties(s) == [240, 0, 0, 0]


def test_O_D9_unused_taken_discard_cannot_be_discarded_and_can_be_returned():
    d = make_deal(["r1", "", "", ""], pile="b2")
    with pytest.raises(ReplayError) as e:
        play(d, ["discard r1", "take", "discard r1"])
    assert e.value.rule == "O20"
    s = play(d, ["discard r1", "take", "return"])
    assert s.r.discards[0] == [parse_tile("r1")] and s.r.hands[1][parse_tile("b2")] >= 1
    assert s.r.phase == "play" and penalties(s) == [0, 0, 0, 0]


def test_O_D9_after_laying_the_refusal_says_only_to_use_the_taken_tile():
    """The take cannot go back once tiles were laid (O-D9): a discard refused for the
    unused taken r9 (O20) says to use it, not to return it (a return is refused then)."""
    d = make_deal(["r10 r11 r12 r13 k7 y7 b7 r9", "b10 b11 b12 b13 k10 y10 r10 k2", "", ""],
                  pile="y2 y3")
    s = play(d, ["open r10 r11 r12 r13 | k7 y7 b7", "discard r9", "take"])
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_action("discard k2"))
    assert (e.value.rule, e.value.key) == ("O20", "okey.error.taken_unused")  # may return
    s.apply(parse_action("open b10 b11 b12 b13 | k10 y10 r10"))
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_action("discard k2"))
    assert (e.value.rule, e.value.key) == ("O20", "okey.error.taken_use_it")
    assert "return" not in s.view(1).legal and "add r9 to 1" in s.view(1).legal


def test_O9_laying_may_not_empty_the_hand():
    hand = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 b1 b2 b3"
    with pytest.raises(ReplayError) as e:
        play(make_deal([hand, "", "", ""]), ["open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 | b1 b2 b3"])
    assert e.value.rule == "O9"


def test_O22_O23_pairs_opening_needs_five_pairs_and_then_no_runs_or_adds():
    pairs = "r1 r1 b2 b2 k3 k3 y4 y4 r5 r5"
    d = make_deal([pairs + " r10 r11 r12", "", "", ""], pile="b9 b8 b7 b6")
    with pytest.raises(ReplayError) as e:
        play(d, ["pairs r1 r1 | b2 b2 | k3 k3 | y4 y4"])
    assert e.value.rule == "O23"
    s = play(d, ["pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r5 r5"])
    assert s.r.opened[0] == "pairs" and len(s.r.table) == 5
    with pytest.raises(IllegalAction):
        s.apply(GAME.parse_action("meld r10 r11 r12"))


def test_O8_O23_pairs_named_but_not_held_are_refused_for_the_tiles_not_the_count():
    d = make_deal(["r1 r1 b2 b2 k3 k3 y4 y4 r5", "", "", ""])
    with pytest.raises(ReplayError) as e:  # one r5: the answer is the missing copy
        play(d, ["pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r5 r5"])
    assert (e.value.rule, e.value.message) == ("O8", "you named r5 2 times but hold 1")
    with pytest.raises(ReplayError) as e:  # one pair, and one k4 of it held
        play(d, ["pairs y4 y4 | k4 k4"])
    assert e.value.message == "you do not hold k4"
    with pytest.raises(ReplayError) as e:  # held, but too few: the count is the answer
        play(d, ["pairs r1 r1 | b2 b2"])
    assert e.value.rule == "O23"


def test_O_D10_an_okey_pairs_with_any_tile():
    d = make_deal(["r1 * b2 b2 k3 k3 y4 y4 r5 r5", "", "", ""])
    s = play(d, ["pairs r1 * | b2 b2 | k3 k3 | y4 y4 | r5 r5"])
    assert s.r.opened[0] == "pairs"


def _finish(hand0: str, lay: str, last: str, others=("", "", "")):
    return play(make_deal([hand0, *others]), [lay, f"discard {last}"])


def test_O24_finish_from_hand_minus_500_and_unopened_plus_500():
    s = _finish("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 k9",
                "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "k9")
    assert s.outcome()["rounds"][0] == {"ending": "hand", "winner": 0, "scores": [-500, 500, 500, 500]}


def test_O24_finish_by_discarding_an_okey_minus_1000_plus_1000():
    s = _finish("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 *",
                "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "*")
    assert s.outcome()["rounds"][0] == {"ending": "okey", "winner": 0, "scores": [-1000, 1000, 1000, 1000]}


def test_O24_finish_with_pairs_minus_1000():
    s = _finish("r1 r1 b2 b2 k3 k3 y4 y4 r5 r5 b6 b6 k7 k7 y9",
                "pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r5 r5 | b6 b6 | k7 k7", "y9")
    assert s.outcome()["rounds"][0] == {"ending": "pairs", "winner": 0, "scores": [-1000, 1000, 1000, 1000]}


def test_O4_finishing_with_a_fake_okey_is_a_normal_finish():
    s = _finish("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 F",
                "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "F")
    assert s.outcome()["rounds"][0]["ending"] == "hand"


def test_O24_O25_O_D14_opened_opponent_pays_tiles_left_x5_and_okey_counts_100():
    # seat 1 opens (73) keeping b1 b2 * + filler; seat 2 finishes from hand.
    hand1 = f"{OPENER_1} b1 b2 * r5 r6 r7 k1"  # 14 tiles: 7 laid, 7 left
    hand2 = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b5 b6 b7"  # lays 14 after drawing
    d = make_deal(["y1", hand1, hand2, ""], pile="k2 y6 b9 k4")
    s = play(d, ["discard y1", "draw", "open k10 k11 k12 k13 | y8 y9 y10", "discard r5", "draw",
                 "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b5 b6 b7", "discard y6"])
    rnd = s.outcome()["rounds"][0]
    # seat 1 drew k2 and discarded r5: b1 b2 * r6 r7 k1 k2 are left (not k1: after k13 it
    # would have been a penalty tile)
    left1 = 1 + 2 + 100 + 6 + 7 + 1 + 2
    assert rnd == {"ending": "hand", "winner": 2, "scores": [500, left1 * 5, -500, 500]}


def test_O24_pairs_ending_opened_opponent_pays_x10_okey_1000():
    hand1 = f"{OPENER_1} * b9 b10 k1 k2 y3 y5"
    hand2 = "r1 r1 b2 b2 k3 k3 y4 y4 r5 r5 b6 b6 k7 k7"
    d = make_deal(["y1", hand1, hand2, ""], pile="k5 y9")
    s = play(d, ["discard y1", "draw", "open k10 k11 k12 k13 | y8 y9 y10", "discard k5", "draw",
                 "pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r5 r5 | b6 b6 | k7 k7", "discard y9"])
    rnd = s.outcome()["rounds"][0]
    left1 = 100 + 9 + 10 + 1 + 2 + 3 + 5
    assert rnd == {"ending": "pairs", "winner": 2, "scores": [1000, left1 * 10, -1000, 1000]}


def test_O_D12_a_pairs_finish_by_discarding_an_okey_scores_minus_1000_once():
    s = _finish("r1 r1 b2 b2 k3 k3 y4 y4 r5 r5 b6 b6 k7 k7 *",
                "pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r5 r5 | b6 b6 | k7 k7", "*")
    assert s.outcome()["rounds"][0] == {"ending": "okey", "winner": 0, "scores": [-1000, 1000, 1000, 1000]}


def test_O_D12_a_pairs_player_pays_tiles_left_x10_when_another_finishes_from_hand():
    hand1 = "k9 k9 b10 b10 k11 k11 r12 r12 r13 r13 b1 k2 y3 y5"
    hand2 = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b5 b6 b7"
    d = make_deal(["y1", hand1, hand2, ""], pile="k5 y9")
    s = play(d, ["discard y1", "draw", "pairs k9 k9 | b10 b10 | k11 k11 | r12 r12 | r13 r13",
                 "discard k5", "draw", "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b5 b6 b7", "discard y9"])
    # A finish from hand multiplies by 5, but seat 1 opened with pairs: b1 k2 y3 y5 x 10.
    assert s.outcome()["rounds"][0] == {"ending": "hand", "winner": 2, "scores": [500, 110, -500, 500]}


def test_O_D5_the_opening_is_one_action_then_more_melds_and_adds_that_turn():
    d = make_deal(["r10 r11 r12 r13 b4 b5 b6 k1 k2 k3 r9 y8", "", "", ""])
    # 46 now and 15 later in the turn is not an opening of 61: each part is judged alone.
    with pytest.raises(ReplayError) as refused:
        play(d, ["open r10 r11 r12 r13"])
    assert refused.value.rule == "O14"
    s = play(d, ["open r10 r11 r12 r13 | b4 b5 b6", "meld k1 k2 k3", "add r9 to 1"])
    assert s.r.opened[0] == "melds" and s.r.last_opening == 61
    assert sorted(len(m.tiles) for m in s.r.table) == [3, 3, 5]
    assert s.current_player == 0  # the turn goes on to its discard


def test_O26_O_D15_draw_when_the_pile_is_empty_and_the_discard_is_of_no_use():
    # Random games often run the pile dry; check each such ending against O26's table.
    found = 0
    for seed in range(40):
        s = GAME.new(GAME.Config(), seed=seed)
        rng = random.Random(seed)
        agent = RandomAgent(GAME)
        while not s.is_finished:
            before = s.clone() if not s.r.pile else None
            s.apply(agent.choose(s.view(s.current_player), rng))
        rnd = s.outcome()["rounds"][0]
        if rnd["ending"] != "draw":
            continue
        found += 1
        assert s.r.pile == [] and rnd["winner"] is None
        # the next seat could not use the last discard (O-D15)
        seat = s.r.seat
        tile = s.r.discards[(seat - 1) % 4][-1]
        assert not s.can_use(seat, tile)
        for p in range(4):
            left = sum((100 if t == WILD else number_of(t if t != 53 else s.okey_kind)) * n
                       for t, n in s.r.hands[p].items())
            base = {None: 500, "melds": left * 5, "pairs": left * 10}[s.r.opened[p]]
            assert rnd["scores"][p] == base + s.r.penalties[p]
        assert before is not None
    assert found >= 5


def test_O_D7_partners_pay_nothing_to_each_other():
    d = make_deal(["r10 r11 r12 r13 b4 b5 b6", "", f"{OPENER_1} b7", ""], pile="r1 r2 r3")
    discard0 = d["hands"][0].split()[-1]
    s = play(d, ["open r10 r11 r12 r13 | b4 b5 b6", f"discard {discard0}", "draw",
                 "discard " + d["hands"][1].split()[-1], "draw",
                 "open k10 k11 k12 k13 | y8 y9 y10", "add b7 to 2"], config={"partners": "on"})
    assert penalties(s) == [0, 0, 0, 0]


def test_O2_O_D11_partners_sit_opposite_team_total_and_winners():
    s = _finish("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 k9",
                "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "k9")
    rec = s.record()
    rec["config"] = {"partners": True}
    out = replay(rec).outcome()
    assert out["teams"] == [{"seats": [0, 2], "total": 0}, {"seats": [1, 3], "total": 1000}]
    assert out["winners"] == [0, 2]


def test_O24_O_D11_the_finishers_partner_pays_for_their_tiles_left():
    """Our decision where O24 names only opponents (a scan asked): the finisher's partner
    pays for what they hold as the others do, and the team's total adds it (O-D11)."""
    d = make_deal(["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3", "", OPENER_1, ""],
                  first=2, pile="k9 k9")
    partner, next_seat = d["hands"][2].split(), d["hands"][3].split()
    s = play(d, [f"open {OPENER_1[:15]} | {OPENER_1[16:]}", f"discard {partner[-1]}", "draw",
                 f"discard {next_seat[-1]}", "draw",
                 "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "discard k9"],
             config={"partners": "on"})
    left = sum(int(t[1:]) for t in partner[7:-1])
    out = s.outcome()
    assert out["rounds"][0]["scores"] == [-500, 500, left * 5, 500] and left > 0
    assert out["teams"][0] == {"seats": [0, 2], "total": -500 + left * 5}


def test_O_D2_O29_next_round_starts_with_next_seat():
    s = GAME.new(GAME.Config.from_options({"rounds": "3"}), seed=11)
    first = s.current_player
    hand = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3 k9"
    d1 = make_deal([hand, "", "", ""], first=0)
    d2 = make_deal(["", hand, "", ""], first=1)
    s = play(None, ["open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3", "discard k9"],
             config={"rounds": 3}, deals=[d1, d2])
    assert s.current_player == 1 and first in range(4)
    with pytest.raises(ConfigError):
        GAME.Config.from_options({"rounds": "2"})


def test_illegal_moves_change_nothing_and_name_their_rule():
    d, actions = _opened_pair(extra1="b7")
    s = play(d, actions)
    snapshot = (s.record(), [dict(h) for h in s.r.hands], [tm.tiles for tm in s.r.table], penalties(s))
    for text, rule in [("add b7 to 9", "O17"), ("add r9 to 1", "O8"), ("swap b5 in 2", "O19"),
                       ("open r1 r2 r3", "O14"), ("pairs b7 b7", "O23"), ("draw", "O7")]:
        with pytest.raises(IllegalAction) as e:
            s.apply(GAME.parse_action(text))
        assert e.value.rule == rule, text
        assert (s.record(), [dict(h) for h in s.r.hands], [tm.tiles for tm in s.r.table], penalties(s)) == snapshot


@pytest.mark.parametrize("text", ["draw", "take", "return", "discard r7", "discard *", "discard F", "add * to 3 low",
                                  "open r4 r5 r6 | b9 r9 k9", "meld r1 r2 r3", "pairs b9 b9 | r1 *",
                                  "add b7 to 3", "swap b8 in 2"])
def test_notation_round_trips(text):
    assert str(GAME.parse_action(text)) == text
    assert str(GAME.parse_action(text.upper().replace("TO", "to").replace("IN", "in"))) == text


@pytest.mark.parametrize("text", ["", "fly", "discard", "discard r14", "discard q7", "add r7", "open",
                                  "swap r7 x", "pairs r1 r1 r1", "draw now"])
def test_bad_text_raises_invalid_action(text):
    with pytest.raises(InvalidAction):
        GAME.parse_action(text)


def test_partial_pile_is_followed_by_the_unnamed_tiles_in_canonical_order():
    # indicator y12: the okeys are the y13s; they sit where y13 stands, before the fakes
    s = play(make_deal([""] * 4, pile="b1"), [])
    pile = list(reversed(s.r.pile))  # top first
    assert pile[0] == parse_tile("b1")
    rest = pile[1:]
    assert rest[-2:] == [53, 53] and rest[-4:-2] == [WILD, WILD]
    kinds = [t for t in rest if t < 52]
    assert kinds == sorted(kinds)


def test_O8_a_discard_or_an_addition_names_one_tile():
    for text, key in (("discard b9 k9", "error.one_tile"), ("add r7 b7 to 2", "error.one_tile"),
                      ("discard", "error.no_tile"), ("discard r3 | b3", "error.one_tile"), ("discard x9", "error.bad_tile")):
        with pytest.raises(InvalidAction) as e:
            parse_action(text)
        assert e.value.key == key, text
    assert str(parse_action("discard r 7")) == "discard r7"


def test_O9_O20_an_opening_that_leaves_only_the_taken_tile_is_refused():
    # Seat 1 takes r5 and opens with everything else: r5 could only be added after, which
    # would leave nothing to discard (O9), and it may not be discarded again (O-D9).
    d = make_deal(["r5", "r1 r2 r3 r4 b5 b6 b7 b8 k9 k10 k11 y11 y12 y13", "", ""],
                  indicator="b3")
    with pytest.raises(ReplayError) as e:
        play(d, ["discard r5", "take",
                 "open r1 r2 r3 r4 | b5 b6 b7 b8 | k9 k10 k11 | y11 y12 y13"])
    assert e.value.rule == "O20"
    s = play(d, ["discard r5", "take",  # with the taken r5 in it, the opening stands
                 "open r1 r2 r3 r4 r5 | b5 b6 b7 b8 | k9 k10 k11"])
    assert s.r.opened[1] == "melds" and s.r.taken is None


def test_O13_O20_a_taken_okey_costs_the_value_it_stands_for():
    # y3 shows: the okey is y4. Seat 0 discards its okey; seat 1 takes it as a 10.
    d = make_deal(["r5 r6 r7 k10 k11 k12 k13 *", "r10 r11 r12 r13 b10 y10", "", ""],
                  indicator="y3")
    before = play(d, ["open r5 r6 r7 | k10 k11 k12 k13", "discard *"]).r.penalties[0]
    s = play(d, ["open r5 r6 r7 | k10 k11 k12 k13", "discard *", "take",
                 "open r10 r11 r12 r13 | b10 y10 *"])
    assert s.r.penalties[0] - before == 100  # 10 x 10, not 1 x 10


def test_O20_a_taken_tile_may_follow_an_addition_that_makes_room_for_it():
    # Seat 1 takes r9, opens with sets, adds r8 to seat 0's r5 r6 r7, then the r9.
    d = make_deal(["r5 r6 r7 k10 k11 k12 k13 r9", "b9 k9 y9 b11 k11 y11 r8", "", ""],
                  indicator="y3")
    s = play(d, ["open r5 r6 r7 | k10 k11 k12 k13", "discard r9", "take",
                 "open b9 k9 y9 | b11 k11 y11", "add r8 to 1", "add r9 to 1"])
    assert [number_of(t) for t in s.r.table[0].meld.tiles] == [5, 6, 7, 8, 9]
    assert s.r.taken is None  # used: seat 0 paid for it (O20) and for both additions (O17)
    assert s.r.penalties[0] == 90 + 80 + 90


def test_O19_O20_a_taken_tile_swapped_for_an_okey_is_charged_as_used():
    d = make_deal(["r5 * r7 k10 k11 k12 k13 r6 y2", "b9 k9 y9 b11 k11 y11 b2", "", ""],
                  indicator="y3", pile="y5 b4 r2 k3")
    turns = ["open r5 * r7 | k10 k11 k12 k13", "discard y2",
             "draw", "open b9 k9 y9 | b11 k11 y11", "discard b2",
             "draw", "discard b4", "draw", "discard r2",
             "draw", "discard r6", "take"]
    before = play(d, turns).r.penalties[0]
    s = play(d, [*turns, "swap r6 in 1"])
    assert s.r.penalties[0] - before == (100 + 60) + 60  # O19, and O20 for the taken r6
    assert s.r.taken is None


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O20_Y8_O28_after_a_take_the_opening_hint_never_wastes_the_taken_tile(game):
    # Seat 1 takes r5. Its best opening is three sets with no place for a r5: advising it
    # would waste the take, so the assisted rack shows no opening hint.
    sets = "b9 k9 y9 b11 k11 y11 b12 k12 y12"
    for hand, shown in ((sets, False), (sets + " r6 r7", True)):
        d = make_deal(["r5", hand, "", ""], indicator="y3")
        s = replay({"game": game, "deal": d, "actions": ["discard r5", "take"]})
        opening = s.view(1).to_json()["hints"]["opening"]
        assert (opening is not None) == shown, (game, hand)
        if shown:
            assert any("r5" in m for m in opening["melds"])


def test_O21_O9_the_last_tile_is_no_penalty_tile_and_no_add_is_hinted():
    """With one tile left its discard finishes the round: O21 charges nothing for it and O9
    forbids adding it, so an assisted rack neither marks it (O28) nor suggests adds."""
    from tests.rules.okey_helpers import make_deal, play

    deal = make_deal(["r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12 k13 r9 y5", "y1", "", ""],
                     first=1, pile="y6 y7 k9 y8 y2 y3 b9")
    state = play(deal, [
        "discard y1", "draw", "discard y6", "draw", "discard y7",
        "draw", "open r10 r11 r12 r13 | b10 b11 b12 b13 | k10 k11 k12 k13", "add k9 to 3",
        "discard y5",
        "draw", "discard y8", "draw", "discard y2", "draw", "discard y3",
        "draw", "add b9 to 2"], config={"assisted": True})
    view = state.view(0)
    assert list(view.tiles) == [8]  # r9 alone
    assert view.penalty_kinds()  # mid-round r9 would extend r10-r13 (O21)
    data = view.to_json()
    assert data["penalty_tiles"] == [] and data["hints"]["adds"] == {}
    state.apply(GAME.parse_action("discard r9"))  # and it finishes, uncharged
    assert state.outcome()["rounds"][0]["winner"] == 0


def test_O20_O_D9_a_swap_after_a_take_must_leave_the_taken_tile_a_use():
    """A swap lays a tile, so the take can no longer be returned (O-D9): a swap that leaves
    the taken tile nowhere to go would leave the turn with no way to end."""
    hands = ["r5 * r7 k10 k11 k12 k13 r6 y2 {t}", "b9 k9 y9 b11 k11 y11 b2 r6", "", ""]
    turns = ["open r5 * r7 | k10 k11 k12 k13", "discard y2",
             "draw", "open b9 k9 y9 | b11 k11 y11", "discard b2",
             "draw", "discard b4", "draw", "discard r2",
             "draw", "discard {t}", "take"]

    def taken(t):
        d = make_deal([h.format(t=t) for h in hands], indicator="y3", pile="y5 b4 r2 k3")
        return play(d, [x.format(t=t) for x in turns])

    s = taken("b7")  # no 7 and no blue near 7 in seat 1's rack, even with the okey
    snapshot = (s.record(), [dict(h) for h in s.r.hands], s.r.penalties[:])
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("swap r6 in 1"))
    assert (e.value.rule, e.value.key) == ("O20", "okey.error.taken_unused")
    assert (s.record(), [dict(h) for h in s.r.hands], s.r.penalties) == snapshot
    assert s.view(1).legal == ("return",)  # ... and the take can still go back
    s = taken("y13")  # the okey it brings makes * y13 y1 (O10): the swap stands
    s.apply(GAME.parse_action("swap r6 in 1"))
    s.apply(GAME.parse_action("meld * y13 y1"))
    assert s.r.taken is None


def test_O_D15_O20_no_draw_while_the_next_seat_can_take_open_and_add_the_discard():
    """Seat 1 has not opened; it can take k8, open without it and add it to k5 k6 k7: the
    empty pile does not end the round as a draw (O-D15)."""
    d = make_deal(["r10 r11 r12 r13 k5 k6 k7 k8", "b10 b11 b12 b13 y10 y11 y12", "", ""],
                  indicator="y3", pile="r1")
    s = play(d, ["open r10 r11 r12 r13 | k5 k6 k7"])
    s.r.pile = []  # the pile ran out
    s.apply(GAME.parse_action("discard k8"))
    assert s.outcome()["rounds"] == [] and s.can_use(1, parse_tile("k8"))
    for move in ("take", "open b10 b11 b12 b13 | y10 y11 y12", "add k8 to 2"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None


def test_O_D15_O20_no_draw_where_a_lesser_opening_keeps_the_tile_the_discard_needs():
    """The rules scan: seat 1's most valuable opening (b8 k8 y8 r8 | b10 b11 b12 b13, 78)
    uses up r8, and r9 then fits nowhere; but b8 k8 y8 | b10 b11 b12 b13 (70) opens too,
    and r8 then r9 go on r5 r6 r7 (O17, O20). The move check takes it while the pile
    lasts, so the empty pile must not end the round as a draw (O-D15)."""
    d = make_deal(["r5 r6 r7 k10 k11 k12 k13 r9 b1 b2 b3 b4 b5",
                   "r8 b8 k8 y8 b10 b11 b12 b13", "", ""], indicator="y1", pile="r1")
    s = play(d, ["open r5 r6 r7 | b1 b2 b3 b4 b5 | k10 k11 k12 k13"])
    s.r.pile = []  # the pile ran out
    s.apply(GAME.parse_action("discard r9"))
    assert s.outcome()["rounds"] == [] and s.can_use(1, parse_tile("r9"))
    for move in ("take", "open b8 k8 y8 | b10 b11 b12 b13", "add r8 to 1", "add r9 to 1"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None


def test_O_D15_O23_no_draw_while_the_next_seat_can_lay_the_discard_in_a_seventh_pair():
    """The rules scan: seat 1, not opened, holds six pairs, an okey and b4; seat 0 throws
    r9 as the pile runs out. Seat 1 can take it and open with seven pairs, r9 with the okey
    (O20, O23), as the move check allows while the pile lasts: no draw (it asked whether
    r9 raised the count of pairs, and seven were there without it)."""
    d = make_deal(["r9 r10 r11 r12 r13 b5 b6 b7 b8 b9 k8 k9 k10 k11 k12",
                   "r1 r1 b2 b2 k3 k3 y4 y4 r7 r7 k4 k4 * b4", "", ""], indicator="y12")
    s = play(d, [])
    s.r.pile = []  # the pile ran out
    s.apply(GAME.parse_action("discard r9"))
    assert s.outcome()["rounds"] == [] and s.can_use(1, parse_tile("r9"))
    for move in ("take", "pairs r1 r1 | b2 b2 | k3 k3 | y4 y4 | r7 r7 | k4 k4 | r9 *",
                 "discard b4"):
        s.apply(GAME.parse_action(move))
    assert s.outcome()["rounds"][0]["ending"] == "pairs"


def test_O_D15_a_discard_no_pairs_opening_can_hold_still_ends_the_round():
    """Five pairs in hand and nothing to pair r9 with (no r9, no okey): a draw (O-D15)."""
    d = make_deal(["r9 r10 r11 r12 r13 b5 b6 b7 b8 b9 k8 k9 k10 k11 k12",
                   "r1 r1 b2 b2 k3 k3 y4 y4 r7 r7 k1 b4 y8 y6", "", ""], indicator="y12")
    s = play(d, [])
    s.r.pile = []
    assert not s.can_use(1, parse_tile("r9"))
    s.apply(GAME.parse_action("discard r9"))
    assert s.outcome()["rounds"][0]["ending"] == "draw"


def _last_discard_with_the_pile_empty(hands: list[str], first_discard: str, opening: str,
                                      last_discard: str):
    """Seat 0 discards `first_discard`, seat 1 draws and lays `opening`; each seat then
    draws and throws back until seat 0 draws the pile's last tile and discards
    `last_discard` (O-D15 decides then)."""
    d = make_deal(hands, indicator="y12", pile="k2 b1 b2 b3")
    s = play(d, ["discard " + first_discard, "draw", "open " + opening, "discard k2",
                 "draw", "discard b1", "draw", "discard b2"])
    s.r.pile = [parse_tile("b3")]  # the pile's last tile
    s.apply(GAME.parse_action("draw"))
    s.apply(GAME.parse_action("discard " + last_discard))
    return s


def test_O_D15_O19_no_draw_while_the_next_seat_can_put_the_discard_in_place_of_an_okey():
    """Seat 1 opened with r4 * r6 on the table: the discard r5 can take the okey's place
    (O19), so the empty pile does not end the round as a draw (O-D15)."""
    s = _last_discard_with_the_pile_empty(
        ["k1 r5", "r4 * r6 b10 b11 b12 b13 k10 k11 k12", "", ""], "k1",
        "r4 * r6 | b10 b11 b12 b13 | k10 k11 k12", "r5")
    assert s.outcome()["rounds"] == [] and s.can_use(1, parse_tile("r5"))
    for move in ("take", "swap r5 in 1"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None and s.r.hands[1][WILD] == 1


def test_O_D15_O17_no_draw_while_the_next_seat_can_add_the_discard_after_its_own_tile():
    """Seat 1 has r5 r6 r7 on the table and r8 in hand: the discard r9 fits once r8 is
    added (O17), so the empty pile does not end the round as a draw (O-D15); r10 would
    need both r8 and r9."""
    s = _last_discard_with_the_pile_empty(
        ["k1 r9", "r5 r6 r7 r8 b10 b11 b12 b13 k11 k12 k13 y1 b6 k3", "", ""], "k1",
        "r5 r6 r7 | b10 b11 b12 b13 | k11 k12 k13", "r9")
    assert s.outcome()["rounds"] == [] and s.can_use(1, parse_tile("r9"))
    assert not s.can_use(1, parse_tile("r10"))
    for move in ("take", "add r8 to 1", "add r9 to 1"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None


_ADDS_AFTER_OPENING = {"first": 0, "indicator": "y5", "pile": "", "hands": [
    "r5 r6 r7 b10 b11 b12 b13 k11 k12 k13 r9 k1 k4 y1 y4",
    "r8 y10 y11 y12 y13 b1 b2 b3 k5 b6 k8 r12 r2 k3",
    "r1 r3 b4 b5 k6 k7 y2 y3 y7 y8 b8 b9 k9 r13",
    "r4 r10 r11 b7 k2 k10 y9 k13 b12 y13 r9 r12 b13 y12"]}
_OPEN_SEAT_0 = "open r5 r6 r7 | b10 b11 b12 b13 | k11 k12 k13"


def test_O20_a_taken_tile_may_follow_an_opening_and_an_addition_of_ones_own():
    """Seat 1 takes r9, opens without it (52), adds its r8 to seat 0's r5 r6 r7 and then
    r9: the opening leaves r9 usable this turn, so it stands."""
    s = replay({"game": "okey101", "deal": _ADDS_AFTER_OPENING,
                "actions": [_OPEN_SEAT_0, "discard r9"]})
    assert s.can_use(1, parse_tile("r9"))
    for move in ("take", "open y10 y11 y12 y13 | b1 b2 b3", "add r8 to 1", "add r9 to 1"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None


def test_O_D15_no_draw_while_the_next_seat_can_open_then_add_its_own_tile_and_the_discard():
    s = replay({"game": "okey101", "deal": _ADDS_AFTER_OPENING,
                "actions": [_OPEN_SEAT_0, "discard k1"]})
    while True:  # every seat throws back what it draws until the pile is out
        drew = s.apply(GAME.parse_action("draw"))
        if not s.r.pile:
            break
        s.apply(GAME.parse_action("discard " + next(
            e.private["tile"] for e in drew if e.key == "okey.drew")))
    assert s.current_player == 0
    s.apply(GAME.parse_action("discard r9"))
    assert s.outcome()["rounds"] == [] and s.current_player == 1


def test_O_D15_O9_a_discard_usable_only_by_laying_the_whole_hand_is_of_no_use():
    """Seat 1 could reach 51 with r9 only by laying all 15 tiles (r8 r9 r10 and four runs
    of 1 2 3), which O9 forbids: with the pile out, seat 0's r9 ends the round as a draw."""
    deal = {"first": 0, "indicator": "y5", "pile": "", "hands": [
        "r9 r13 b13 k13 y13 r12 b12 k12 y12 b11 k11 y11 r11 k10 b10",
        "r8 r10 r1 r2 r3 b1 b2 b3 k1 k2 k3 y1 y2 y3",
        "r4 r5 b4 b5 k6 k7 y7 y8 b8 b9 k9 y9 r6 y10",
        "r4 r5 b6 b7 k4 k5 y4 y5 r7 k8 b9 y9 r12 b12"]}
    s = replay({"game": "okey101", "deal": deal, "actions": ["discard r13"]})
    while True:
        drew = s.apply(GAME.parse_action("draw"))
        if not s.r.pile:
            break
        s.apply(GAME.parse_action("discard " + next(
            e.private["tile"] for e in drew if e.key == "okey.drew")))
    assert s.current_player == 0 and not s.can_use(1, parse_tile("r9"))
    s.apply(GAME.parse_action("discard r9"))
    assert s.outcome()["rounds"][-1]["ending"] == "draw"


def test_O19_O20_a_taken_tile_may_wait_for_an_okey_it_can_replace():
    """Seat 1 takes r6 and opens with three sets: r6 can still take the okey's place in
    r5 * r7 (O19), so the opening stands (O20) and the swap uses the take."""
    d = make_deal(["r5 * r7 k10 k11 k12 k13 r6 y2", "b9 k9 y9 b11 k11 y11 b12 k12 y12", "",
                   ""], indicator="y3", pile="y5 b4 r2 k3")
    s = play(d, ["open r5 * r7 | k10 k11 k12 k13", "discard y2", "draw", "discard y5", "draw",
                 "discard b4", "draw", "discard r2", "draw", "discard r6", "take",
                 "open b9 k9 y9 | b11 k11 y11 | b12 k12 y12", "swap r6 in 1"])
    assert s.r.taken is None and s.r.hands[1][WILD] == 1


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O20_O28_after_a_take_no_pairs_hint_leaves_the_taken_tile_out(game):
    hand = "b1 b1 k3 k3 y4 y4 r9 r9 b11 b11 k13 k13"
    d = make_deal(["r5", hand, "", ""], indicator="r12")
    s = replay({"game": game, "deal": d, "actions": ["discard r5", "take"]})
    pairs = s.view(1).to_json()["hints"]["pairs"]
    assert pairs is None or any("r5" in p for p in pairs["pairs"])


def test_O9_O20_O28_no_opening_hint_leaves_only_the_taken_tile():
    """Laying all but the taken r5 would leave r5 to add and nothing to discard (O9)."""
    d = make_deal(["r5", "r6 r7 r8 b10 b11 b12 b13 k10 k11 k12 k13 y11 y12 y13", "", ""],
                  indicator="b3")
    s = play(d, ["discard r5", "take"])
    opening = s.view(1).to_json()["hints"]["opening"]
    if opening is not None and opening["value"]:
        laid = [t for m in opening["melds"] for t in m]
        move = "open " + " | ".join(" ".join(m) for m in opening["melds"])
        assert "r5" in laid or len(laid) <= len(s.view(1).tiles) - 2, move


def test_O9_the_hint_command_keeps_a_tile_of_a_full_rack_for_the_discard():
    hand = "r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7 b8"
    res = GAME.hint({"indicator": "y3", "hand": hand})
    assert sum(len(m) for m in res["opening"]["melds"]) <= 14
    seven = GAME.hint({"indicator": "y3", "hand": "r6 r6 b2 b2 b7 b7 k3 k3 k8 k8 y5 y5 r1 r1"})
    assert seven["pairs"]["count"] == 7  # 14 tiles: the draw brings the discard


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O_D4_O18_an_okey_may_go_to_the_low_end_of_a_run_and_costs_what_it_stands_for(game):
    """`add * to 2 low` lays the okey as r4 below r5 r6 r7 (charged 40, O18/Y11), so r3
    can follow; `add * to 2` lays it as r8 (80)."""
    if game == "okey101":
        d = make_deal(["r10 r11 r12 r13 r5 r6 r7", "k10 k11 k12 k13 y8 y9 y10 * r3", "", ""],
                      indicator="b12", pile="k2 y5")
        first = "open r10 r11 r12 r13 | r5 r6 r7"
        second = "open k10 k11 k12 k13 | y8 y9 y10"
    else:
        from .test_yuzbir_helpers import deal
        d = deal(["b10 b11 b12 r5 r6 r7", "k9 k10 k11 y9 y10 y11 * r3", "", ""],
                 indicator="b12", pile="k2 y5")
        first, second = "open b10 b11 b12 | r5 r6 r7", "open k9 k10 k11 | y9 y10 y11"
    turns = [first, f"discard {d['hands'][0].split()[-1]}", "draw", second]
    rec = {"game": game, "deal": d}
    s = replay({**rec, "actions": turns})
    legal = s.view(1).legal
    assert "add * to 2" in legal and "add * to 2 low" in legal  # both ends, both buttons
    s = replay({**rec, "actions": [*turns, "add * to 2 low"]})
    assert s.r.table[1].tiles == (WILD, *parse_tiles("r5 r6 r7"))
    assert s.r.penalties[0] == 40  # the okey stands for r4 (O18, Y11)
    if game == "okey101":  # (Yüzbir: that end takes one tile a turn, Y10)
        s.apply(GAME.parse_action("add r3 to 2"))
        assert s.r.table[1].tiles == (parse_tile("r3"), WILD, *parse_tiles("r5 r6 r7"))
    assert replay(json.loads(json.dumps(s.record()))).r.table[1].tiles == s.r.table[1].tiles
    high = replay({**rec, "actions": [*turns, "add * to 2"]})
    assert high.r.penalties[0] == 80 and high.r.table[1].tiles[-1] == WILD
    # a run that starts at 1 has no low end: `low` is refused, not played at the high end
    start = "open r1 r2 r3 r4 r5 r6 | r10 r11 r12 r13" if game == "okey101" \
        else "open r1 r2 r3 r4 r5 r6 | b10 b11 b12"
    d = make_deal([start[5:].replace("|", ""), "k10 k11 k12 k13 y8 y9 y10 * r3", "", ""],
                  indicator="b12", pile="k2 y5") if game == "okey101" else \
        deal([start[5:].replace("|", ""), "k9 k10 k11 y9 y10 y11 * r3", "", ""],
             indicator="b12", pile="k2 y5")
    s = replay({"game": game, "deal": d,
                "actions": [start, f"discard {d['hands'][0].split()[-1]}", "draw", second]})
    assert "add * to 1 low" not in s.view(1).legal and "add * to 1" in s.view(1).legal
    with pytest.raises(IllegalAction) as e:
        s.apply(GAME.parse_action("add * to 1 low"))
    # (Yüzbir's own rule: a 1 is always low, Y3)
    assert (e.value.rule, e.value.key) == ("O-D4" if game == "okey101" else "Y3",
                                           "okey.error.no_low_end")


@pytest.mark.parametrize("text, verb, want", [
    ("add k7 onto meld 1", "add", "to"), ("add k7", "add", "to"), ("swap b8 two", "swap", "in")])
def test_O17_O19_a_misworded_add_or_swap_is_told_its_form(text, verb, want):
    with pytest.raises(InvalidAction) as e:
        parse_action(text)
    assert (e.value.key, e.value.params) == ("error.target_form", {"verb": verb, "want": want})


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O_D2_a_records_later_deal_must_start_with_the_next_seat(game):
    """Round 2 starts with the seat after round 1's first (O-D2, Y-D1): a record whose
    second deal names another seat is refused before play, not replayed."""
    first = make_deal(["r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7 k9", "", "", ""], first=0)
    config = {"rounds": 3}
    with pytest.raises(DealError, match="O-D2"):
        replay({"game": game, "config": config,
                "deals": [first, make_deal(["", "", "", ""], first=0)], "actions": []})
    s = replay({"game": game, "config": config,
                "deals": [first, make_deal(["", "", "", ""], first=1)], "actions": []})
    assert s.deals[0].first == 0


def test_the_view_marks_what_the_last_turn_laid():
    """The table picture shows what the turn that ended laid: a new meld whole, a tile
    added at either end (O17), the real tile put where an okey was (O19)."""
    from rules.okey_melds import turn_marks

    r3, r4, r5, r6, r7 = parse_tiles("r3 r4 r5 r6 r7")
    before = [(r4, r5, r6), (r4, WILD, r6), (r5, r6, r7)]
    after = [(r3, r4, r5, r6, r7), (r4, r5, r6), (r5, r6, r7), (r3, r4, r5)]
    assert turn_marks(before, after) == ((True, False, False, False, True), (False, True, False),
                                         (False, False, False), (True, True, True))
    # in play: seat 0 opens, and once its turn is over its melds are marked in every view
    d = make_deal(["r10 r11 r12 r13 k5 k6 k7 y1", "", "", ""], indicator="y3")
    s = play(d, ["open r10 r11 r12 r13 | k5 k6 k7"])
    assert s.view(1).to_json()["melds"][0]["laid"] == []  # not over yet
    s.apply(GAME.parse_action("discard y1"))
    assert [m["laid"] for m in s.view(2).to_json()["melds"]] == [[True] * 4, [True] * 3]
    s.apply(GAME.parse_action("draw"))
    tile = next(t for t in s.view(1).to_json()["rack"] if t)
    s.apply(GAME.parse_action(f"discard {tile}"))
    assert [m["laid"] for m in s.view(2).to_json()["melds"]] == [[False] * 4, [False] * 3]


def test_O4_the_okey_named_by_its_face_is_answered_with_how_to_write_it():
    """With y12 turned up the okey is y13 (O3): every y13 is an okey, written *, and a fake
    okey (O4: it plays as y13) is F. `discard y13` names no tile a rack holds: the refusal
    says how to write the okeys instead of "you do not hold y13"."""
    s = play(make_deal(["* F r5", "", "", ""]), [])
    with pytest.raises(IllegalAction) as refused:
        s.apply(parse_action("discard y13"))
    assert (refused.value.rule, refused.value.key) == ("O4", "okey.error.okey_by_face")
    s = play(make_deal(["r5", "", "", ""]), [])  # no okey of either kind: plainly not held
    with pytest.raises(IllegalAction) as refused:
        s.apply(parse_action("discard y13"))
    assert (refused.value.rule, refused.value.key) == ("O8", "okey.error.not_in_hand")


def test_Y2_the_okey_named_by_its_face_in_yuzbir_cites_yuzbir_s_rule():
    """The same refusal at Yüzbir cites Y2 (its okey and fake okey), not Okey 101's O4."""
    from tests.rules import test_yuzbir_helpers as Y

    s = Y.play(Y.deal(["* F r5", "", "", ""]), [])  # indicator y12: the okey is y13
    with pytest.raises(IllegalAction) as refused:
        s.apply(Y.GAME.parse_action("discard y13"))
    assert (refused.value.rule, refused.value.key) == ("Y2", "okey.error.okey_by_face")


def test_O26_O_D15_a_take_put_back_with_the_pile_empty_ends_the_round_and_says_so():
    """The round went on for a discard seat 1 could use (O-D15); seat 1 takes it and puts
    it back: nothing is left to draw, so the round is drawn (O26), and the event says the
    pile is empty rather than "draw instead" (no draw happens)."""
    d = make_deal(["r10 r11 r12 r13 k5 k6 k7 k8", "b10 b11 b12 b13 y10 y11 y12", "", ""],
                  indicator="y3", pile="r1")
    s = play(d, ["open r10 r11 r12 r13 | k5 k6 k7"])
    s.r.pile = []
    s.apply(GAME.parse_action("discard k8"))
    s.apply(GAME.parse_action("take"))
    events = s.apply(GAME.parse_action("return"))
    assert [e.key for e in events][0] == "okey.returned_no_pile"
    assert "okey.drew" not in [e.key for e in events]
    assert s.outcome()["rounds"][-1]["ending"] == "draw"


def test_O18_an_okey_added_to_another_seat_s_meld_is_charged_under_O18():
    """The charge for an okey added to an opponent's meld cites O18 (it cited O17, the
    rule for tiles), and the penalty line says what it charges for (bot/texts.py)."""
    from bot import i18n

    d = make_deal(["r4 r5 r6 r10 r11 r12 r13 k1", "b10 b11 b12 b13 y10 y11 y12 *", "", ""])
    s = play(d, ["open r4 r5 r6 | r10 r11 r12 r13", "discard k1", "draw",
                 "open b10 b11 b12 b13 | y10 y11 y12"])
    events = s.apply(GAME.parse_action("add * to 1"))
    [penalty] = [e for e in events if e.key == "okey.penalty"]
    assert penalty.public["rule"] == "O18" and penalty.public["seat"] == 0
    assert i18n.translate("en", "core.rule.O18").startswith("O18: an okey")


def test_O10_melds_typed_without_a_bar_are_told_where_the_bar_goes():
    """`open r3 b3 k3 k9 * k11 k12` (no |) was "Not a run or a group" with no word of the
    bar (a scan): tiles that cut, as typed, into melds are shown cut; others are not."""
    s = play(make_deal(["r3 b3 k3 k9 * k11 k12 r10 r11 r12 r13", "", "", ""]), [])
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_action("open r3 b3 k3 k9 * k11 k12 r10 r11 r12 r13"))
    assert (e.value.rule, e.value.key) == ("O10", "okey.error.bad_meld_split")
    assert e.value.params["melds"] == "r3 b3 k3 | k9 * k11 k12 | r10 r11 r12 r13"
    with pytest.raises(IllegalAction) as e:
        s.apply(parse_action("open r3 b3 k9"))
    assert e.value.key == "okey.error.bad_meld"  # no meld in it: nothing to cut
