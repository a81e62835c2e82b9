"""Yüzbir's end-of-round penalties: Y15, Y18, Y-D8, every multiplier combination for each
okey colour, played out from explicit deals; plus the limit arithmetic of Y6/Y-D3.

The expected numbers are written out from the rules text, not computed by the engine's
scoring module: base penalties red 400, black 500, yellow 600, blue 800; winner -40 / -50 /
-60 / -80; 10 per tile left for a player who opened; pairs x2, okey x2, both x4; Y18's x4
on base penalties only; a pile run out has no winner and no multiplier.
"""

from __future__ import annotations

import pytest

from rules import yuzbir_scoring as Y

from .test_yuzbir_helpers import act, deal, play

BASE = {"r": 400, "k": 500, "y": 600, "b": 800}  # Y15, by the okey's colour
WINNER = {"r": -40, "k": -50, "y": -60, "b": -80}
# (finish multiplier, Y18 multiplier on base penalties) per ending (Y-D8)
FINISHES = {
    "hand": (1, 1), "okey": (2, 1), "pairs": (2, 1), "pairs+okey": (4, 1),
    "hand+at_once": (1, 4), "okey+at_once": (2, 4), "pairs+at_once": (2, 4), "pairs+okey+at_once": (4, 4),
}


def colours(c: str) -> tuple[str, str, str]:
    """The three colours other than the okey's."""
    a, b, d = (x for x in "rbky" if x != c)
    return a, b, d


def at_once(c: str, ending: str):
    """Seat 0 lays 14 tiles in its first turn, before anyone has opened, and discards the
    15th (Y18)."""
    a, b, d = colours(c)
    last = "*" if "okey" in ending else f"{d}13"
    if ending.startswith("pairs"):
        laid = f"{a}2 {a}2 | {a}4 {a}4 | {a}6 {a}6 | {a}8 {a}8 | {b}2 {b}2 | {b}4 {b}4 | {b}6 {b}6"  # 32
        action = f"pairs {laid}"
    else:
        laid = " | ".join(" ".join(f"{x}{n}" for n in range(1, 8)) for x in (a, b))  # 10 + 10
        action = f"open {laid}"
    hand0 = laid.replace("|", " ") + " " + last
    return deal([hand0, "", "", ""], indicator=f"{c}9"), [action, f"discard {last}"]


def later(c: str, ending: str, hand2: str = ""):
    """Seat 0 opens in its first turn, seat 1 opens too, seats 2 and 3 do not; seat 0
    finishes in its second turn."""
    a, b, d = colours(c)
    last = "*" if "okey" in ending else f"{c}5"
    if ending.startswith("pairs"):
        hand0 = f"{a}8 {a}8 {b}8 {b}8 {d}8 {d}8 {a}9 {a}9 {d}1 {a}2 {a}2 {b}2 {b}2 {d}2 {d}2"
        first = f"pairs {a}8 {a}8 | {b}8 {b}8 | {d}8 {d}8 | {a}9 {a}9"  # 33: L = 22
        finish = f"pairs {a}2 {a}2 | {b}2 {b}2 | {d}2 {d}2"
    else:
        hand0 = f"{a}11 {a}12 {a}13 {b}11 {b}12 {b}13 {d}1 {a}1 {a}2 {a}3 {a}4 {b}1 {b}2 {b}3 {b}4"
        first = f"open {a}11 {a}12 {a}13 | {b}11 {b}12 {b}13"  # 24
        finish = f"meld {a}1 {a}2 {a}3 {a}4 | {b}1 {b}2 {b}3 {b}4"
    hand1 = f"{a}13 {b}13 {d}13 {d}10 {d}11 {d}12"  # 17 + 11 = 28
    d_ = deal([hand0, hand1, hand2, ""], indicator=f"{c}9", pile=f"{a}6 {b}6 {d}5 {last}")
    actions = [first, f"discard {d}1",
               "draw", f"open {a}13 {b}13 {d}13 | {d}10 {d}11 {d}12", f"discard {a}6",
               "draw", f"discard {b}6", "draw", f"discard {d}5",
               "draw", finish, f"discard {last}"]
    return d_, actions


@pytest.mark.parametrize("c", "rkyb")
@pytest.mark.parametrize("ending", list(FINISHES))
def test_Y15_Y18_Y_D8_finish_multipliers_by_okey_colour(c, ending):
    finish, y18 = FINISHES[ending]
    if y18 == 4:
        the_deal, actions = at_once(c, ending)
        # nobody else opened: base penalties x finish x 4; the winner's bonus x finish only
        expect = [WINNER[c] * finish] + [BASE[c] * finish * 4] * 3
    else:
        the_deal, actions = later(c, ending)
        # seat 1 opened and keeps 8 tiles: 10 each, x finish
        expect = [WINNER[c] * finish, 80 * finish, BASE[c] * finish, BASE[c] * finish]
    s = play(the_deal, actions)
    assert s.outcome()["rounds"] == [{"ending": ending, "winner": 0, "scores": expect}]
    assert s.is_finished and s.outcome()["winners"] == [0]


@pytest.mark.parametrize("c", "rkyb")
def test_Y_D8_pile_run_out_no_winner_no_multiplier_okey_counts_one_tile(c):
    a, b, d = colours(c)
    hand0 = f"{a}11 {a}12 {a}13 {b}11 {b}12 {b}13 *"
    the_deal = deal([hand0, "", "", ""], indicator=f"{c}9")
    s = play(the_deal, [f"open {a}11 {a}12 {a}13 | {b}11 {b}12 {b}13"])
    while not s.is_finished:
        if s.r.phase == "draw":
            act(s, "draw")
        else:
            act(s, [x for x in s.view(s.current_player).legal if x.startswith("discard")][-1])
    # the okeys stayed in hand (seat 0 draws the second one too: the unnamed tiles follow
    # the pile in canonical order, the okey at its kind)
    assert s.r.penalties == [0, 0, 0, 0] and s.r.hands[0][52] >= 1
    held = sum(s.r.hands[0].values())
    assert held == 8
    # seat 0 opened and holds 8 tiles, okeys among them: each tile 10, an okey too
    assert s.outcome()["rounds"] == [{"ending": "draw", "winner": None, "scores": [80] + [BASE[c]] * 3}]


def test_Y15_penalties_during_play_are_added_to_the_round():
    # red okey (indicator r9): seat 2 first tries a playable discard (Y16: 100)
    the_deal, actions = later("r", "hand", hand2="b10")
    actions = actions[:6] + ["discard b10"] + actions[6:]  # b10 extends seat 0's b11 b12 b13
    s = play(the_deal, actions)
    assert s.r.penalties == [0, 0, 100, 0]
    assert s.outcome()["rounds"][0]["scores"] == [-40, 80, 400 + 100, 400]


# ----- the arithmetic of Y6 / Y-D3 / Y11 (pure functions) -----------------------------------
def test_Y6_pair_limit_is_run_limit_x_1_5_rounded_up():
    assert [Y.pairs_limit(n) for n in (17, 18, 20, 21, 25)] == [26, 27, 30, 32, 38]


def test_Y_D3_reach_before_anyone_opened_exceed_afterwards():
    assert Y.needs(17, anyone_opened=False) == (17, 26)
    assert Y.needs(17, anyone_opened=True) == (18, 27)
    assert Y.limit_after("melds", 24) == 24 and Y.limit_after("pairs", 31) == 21 and Y.limit_after("pairs", 30) == 20


def test_Y11_doublings_for_actor_and_owner_who_opened_with_pairs():
    assert [Y.addition_charge(7, a, o) for a, o in ((False, False), (True, False), (False, True), (True, True))] == [
        70, 140, 140, 280]
