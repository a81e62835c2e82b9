"""Yüzbir computer players (issue 8): legal moves only, views only, level behaviour."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.okey_actions import Open
from rules.record import replay
from rules.tiles import parse_tiles
from tests.rules.okey_helpers import make_deal, offer, plays_turn
from tests.rules.test_ai_okey_helpers import (
    assert_decides_from_view_alone,
    play_checked,
    play_taking_over,
    watch,
)

GAME = find_game("yuzbir")
GAMES_PER_LEVEL = 30


@pytest.mark.parametrize("level", ["beginner", "normal"])
def test_level_plays_only_legal_moves(level):
    for seed in range(GAMES_PER_LEVEL):
        state = play_checked("yuzbir", [level] * 4, seed)
        assert state.outcome()["status"] == "finished"


def test_expert_plays_only_legal_moves():
    for seed in range(GAMES_PER_LEVEL):
        seats = ["expert", "normal"] * 2 if seed % 2 else ["normal", "expert"] * 2
        play_checked("yuzbir", seats, 2000 + seed)


def test_Y21_levels_play_a_seven_round_single_player_match():
    config = GAME.Config.from_options({"mode": "single"})
    state = play_checked("yuzbir", ["beginner", "expert", "normal", "expert"], 5, config)
    assert len(state.outcome()["rounds"]) == 7


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_agent_decides_from_the_view_alone(level):
    assert_decides_from_view_alone("yuzbir", level, 11)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_Y6_opens_when_the_melds_reach_the_limit(level):
    # r11 r12 r13 is a run worth 12 (Y5); with three 13s (17) it passes the limit of 17.
    deal = make_deal(["r10 r11 r12 k13 b13 y13 b2 k5", "", "", ""], indicator="y12")
    state = GAME.new(GAME.Config(), deals=[deal])
    action = make_agent("yuzbir", level).choose(state.view(0), random.Random(0))
    assert isinstance(action, Open)
    state.apply(action)
    assert state.r.opened[0] == "melds"


def test_Y8_normal_and_expert_never_take_a_discard_they_must_give_back():
    def check(level, view, action):
        assert str(action) != "return"

    watch("yuzbir", ["normal", "expert", "normal", "expert"], 10, check, first_seed=300)


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_level_takes_over_any_position_mid_turn(level):
    """A bot replaces a player who timed out: after any mix of the player's own moves
    (here random ones, which also try refused and provisional moves) it goes on legally."""
    play_taking_over("yuzbir", level)


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
@pytest.mark.parametrize("laid", ["open r1 r2 r3", "pairs b6 b6"])
def test_Y9_Y_D5_a_computer_taking_over_a_short_opening_keeps_to_its_kind(level, laid):
    """A person laid a short opening (runs r1 r2 r3, 2 points; or pairs b6 b6) and timed
    out: the rack also holds pairs worth the pair limit (b6 b6, k13 k13, y9 y9) and runs.
    The computer's move must be legal: an opening is runs or pairs, not both (Y9), so it
    lays no pairs onto a runs opening under way (Normal and Expert did: refused)."""
    from tests.rules.test_yuzbir_helpers import deal, play

    state = play(deal(["r1 r2 r3 b6 b6 k13 k13 y9 y9 k7 y7", "", "", ""]), [laid])
    action = make_agent("yuzbir", level).choose(state.view(0), random.Random(1))
    state.check(action)  # raises RulesError if the engine refuses it


def test_Y8_Y12_normal_goes_on_after_a_person_who_takes_and_lays_at_random():
    """Many matches of the eager person: the rare turns where a take, then an addition,
    leave one way to use the tile (an okey swap) come up here."""
    play_taking_over("yuzbir", "normal", seeds=300, first_seed=100)


# Seat 4 added an okey to seat 1's run (meld 6) this turn: it may not take it back (Y12).
_FRESH_OKEY_IN_ANOTHERS_MELD = {"game": "yuzbir", "seed": 4, "actions": [
    "discard y3", "take", "return", "discard y10", "take", "return",
    "open r6 r7 r8 | b10 k10 y10", "discard b1", "take",
    "open r1 b1 k1 y1 | r8 b8 k8 y8 | k11 * k13", "discard k9", "take", "return",
    "discard b10", "take", "return", "discard y5", "take", "return", "meld b4 k4 y4",
    "discard y13", "draw", "discard y7", "draw", "open r11 k11 y11 | F k13 y13",
    "swap k12 in 5", "add * to 6",
]}


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_Y12_no_level_takes_back_an_okey_it_added_to_anothers_meld_this_turn(level):
    s = replay(_FRESH_OKEY_IN_ANOTHERS_MELD)
    assert not any(a.startswith("swap") for a in s.view(s.current_player).legal)
    for seed in range(5):
        view = s.view(s.current_player)
        action = make_agent("yuzbir", level).choose(view, random.Random(seed))
        assert s.is_legal(action), (seed, str(action))


# ----- the Yüzbir Expert's own rules (rules/ai/yuzbir_expert.py) ------------------------
def _first_view(hand: str, indicator: str = "r5"):
    deal = make_deal([hand, "", "", ""], indicator=indicator)
    return GAME.new(GAME.Config(), deals=[deal]).view(0)


def test_Y_D3_Y11_expert_holds_back_a_low_opening_far_from_laying_out():
    # Three 13s reach the first limit (17, Y6) but leave twelve tiles in the rack: opening
    # now would lower the limit for the others (Y-D3) and leave a meld to add to (Y11).
    view = _first_view("k13 b13 y13 r1 b4 k7 y10 r2 b5 k8 y11 r12 b9 k4 y1")
    normal = make_agent("yuzbir", "normal").choose(view, random.Random(0))
    expert = make_agent("yuzbir", "expert").choose(view, random.Random(0))
    assert isinstance(normal, Open)
    assert str(expert).startswith("discard")
    # Y14: with the pile nearly down it opens after all.
    late = dataclasses.replace(view, pile=4)
    assert isinstance(make_agent("yuzbir", "expert").choose(late, random.Random(0)), Open)


def test_Y_D3_expert_opens_at_once_with_a_high_opening():
    # 17 + 12 + 11 = 40 points (Y5): the others then need more than 40 (Y-D3).
    view = _first_view("k13 b13 y13 r12 b12 k12 r11 b11 y11 r1 b4 k7 y10 r2 b5")
    action = make_agent("yuzbir", "expert").choose(view, random.Random(0))
    assert isinstance(action, Open)
    assert sum(len(m) for m in action.melds) == 9


def test_Y6_expert_opens_when_it_lays_nearly_everything():
    # Runs worth 2 + 5 + 8 + 11 = 26 (Y5): below the expert's own bar for a blocking
    # opening, but only three tiles stay in the rack.
    view = _first_view("r1 r2 r3 b4 b5 b6 k7 k8 k9 y10 y11 y12 r9 b12 k2")
    action = make_agent("yuzbir", "expert").choose(view, random.Random(0))
    assert isinstance(action, Open)
    assert sum(len(m) for m in action.melds) == 12


def test_Y11_expert_holds_back_an_opening_the_others_would_add_to():
    # Three runs worth 11 each (Y5): 33 points, an opening the Expert would lay at once,
    # leaving six loose tiles. But the three others have opened, and each run's ends (the
    # 9s and 13s) are all still unseen: every one they add costs us 90 or 130 (Y11).
    hand = "b10 b11 b12 k10 k11 k12 y10 y11 y12 r1 b3 k5 y7 r9 b6"
    view = dataclasses.replace(_first_view(hand), opened=(None, "melds", "melds", "melds"),
                               hand_counts=(15, 11, 11, 11), pile=30, need=26)
    old = make_agent("yuzbir", "expert")
    old.hold_exposure = None
    assert isinstance(old.choose(view, random.Random(0)), Open)
    expert = make_agent("yuzbir", "expert")
    assert str(expert.choose(view, random.Random(0))).startswith("discard")
    # With every tile that would extend the runs seen in the discard piles (dead), the
    # melds are safe to lay: it opens.
    dead = tuple(parse_tiles("b9 b13 k9 k13 y9 y13 b8 k8 y8"))
    safe = dataclasses.replace(view, discard_piles=((), dead, dead, ()))
    assert isinstance(expert.choose(safe, random.Random(0)), Open)
    # In a match of several rounds (Y21) the total counts: it opens as before.
    match = dataclasses.replace(view, rounds=7)
    assert isinstance(expert.choose(match, random.Random(0)), Open)


def test_Y11_expert_lays_off_onto_the_opponent_nearest_to_finishing():
    view = _first_view("r1 b4 k7 y10 r2 b5 k8 y11 r12 b9 k4 y1 b1 k1 y2")
    r, b, k = 0, 13, 26  # tile codes: colour * 13 + number - 1
    melds = ((1, 0, (k + 2, k + 3, k + 4), "run"),  # our own k3-k5
             (2, 1, (r + 9, r + 10, r + 11), "run"),  # seat 1's r10-r12, 9 tiles left
             (3, 2, (b + 5, b + 6, b + 7), "run"))  # seat 2's b6-b8, 3 tiles left
    view = dataclasses.replace(view, melds=melds, hand_counts=(15, 9, 3, 14))
    adds = [(k + 5, 1), (r + 8, 2), (b + 4, 3)]  # k6 on ours, r9 on seat 1's, b5 on seat 2's
    expert = make_agent("yuzbir", "expert")
    assert expert.pick_add(view, adds) == (b + 4, 3)
    # Without seat 2's meld it charges seat 1; our own meld comes last (no one pays).
    assert expert.pick_add(view, adds[:2]) == (r + 8, 2)


def _view_after_discard(hand: str, discard: str):
    """Seat 1's view when seat 0 (first) has just thrown `discard` (Y8: seat 1 may take it
    only into a new combination)."""
    deal = make_deal([discard, hand, "", ""], indicator="r5")
    state = GAME.new(GAME.Config(), deals=[deal])
    state.apply(GAME.parse_action(f"discard {discard}"))
    return state.view(1)


def test_Y8_Y_D3_expert_does_not_take_a_discard_for_a_low_opening():
    # y13 would make three 13s: 17 points, the first limit (Y6), with eleven tiles left.
    # Taking it to open is opening low and early (Y-D3, Y11), as from the rack.
    view = _view_after_discard("k13 b13 r1 b4 k7 y10 r2 b5 k8 y11 r12 b9 k4 y1", "y13")
    assert view.takeable is not None
    normal = make_agent("yuzbir", "normal").choose(view, random.Random(0))
    expert = make_agent("yuzbir", "expert").choose(view, random.Random(0))
    assert str(normal) == "take"
    assert str(expert) == "draw"
    # Y14: with the pile nearly down it takes it after all.
    late = dataclasses.replace(view, pile=4)
    assert str(make_agent("yuzbir", "expert").choose(late, random.Random(0))) == "take"


def test_Y8_Y_D3_expert_takes_a_discard_for_a_high_opening():
    # With y13: 17 + 12 + 11 = 40 points (Y5), an opening the Expert lays at once.
    view = _view_after_discard("k13 b13 r12 b12 k12 r11 b11 y11 r1 b4 k7 y10 r2 b5", "y13")
    expert = make_agent("yuzbir", "expert")
    action = expert.choose(view, random.Random(0))
    assert str(action) == "take"


def test_Y21_Y15_expert_takes_a_discard_for_a_low_opening_in_a_match():
    # In single-player mode (Y21) the seven rounds' total counts: a sure opening now saves
    # the unopened penalty (Y15), so the Expert takes y13 after all, in any round.
    view = _view_after_discard("k13 b13 r1 b4 k7 y10 r2 b5 k8 y11 r12 b9 k4 y1", "y13")
    for round_ in (1, 7):
        match_round = dataclasses.replace(view, round=round_, rounds=7)
        assert str(make_agent("yuzbir", "expert").choose(match_round, random.Random(0))) == "take"


def test_Y5_Y_D3_expert_before_opening_keeps_the_tiles_that_raise_its_opening_value():
    """Before opening, the Expert also weighs the opening value its next draw is expected
    to bring (Y5; the limit rises with every opening, Y-D3): where that changes its
    discard, the rack it keeps promises more points than the one it would keep without."""
    import copy

    from rules.ai.okey_expert import _code
    from rules.ai.okey_hand import has_partner
    from rules.tiles import WILD

    expert = make_agent("yuzbir", "expert")
    plain = copy.copy(expert)
    plain.value_weight = 0.0  # the same player, blind to the value the draw brings
    assert expert.value_weight > 0

    def promised(view, judge, tiles, t) -> float:
        rest = list(tiles)
        rest.remove(t)
        now = judge.opening(rest).value
        total = 0.0
        for x, p in expert.draws(judge):
            v = (judge.opening(rest + [_code(x, view)], keep=1).value
                 if x == WILD or has_partner(rest, x, view.okey_kind) else now)
            total += p * min(v, view.need)
        return total

    differs = []

    def check(level, view, action):
        if level != "expert" or view.opened[view.seat] is not None \
                or not str(action).startswith("discard"):
            return
        other = plain.choose(view, random.Random(0))
        if str(other).startswith("discard") and other != action:
            judge, tiles = expert.judge(view), list(view.tiles)
            differs.append((promised(view, judge, tiles, action.tile),
                            promised(view, judge, tiles, other.tile)))

    watch("yuzbir", ["expert", "normal", "normal", "normal"], 24, check, first_seed=700,
          agents={"expert": expert, "normal": make_agent("yuzbir", "normal")})
    assert len(differs) >= 3 and all(kept >= other for kept, other in differs), differs


# ----- opening and laying out in the same turn (Y6, Y-D3, Y8, Y10, Y14) -----------------------
def _unopened_position(rack: str, table, *, indicator: str, limit: int, offered: str | None = None):
    """Seat 0 has not opened and holds `rack`; `table`: (owner, tiles) per meld, a pair
    laid by a pairs opener (Y3, Y9); the owners have opened with what they laid; the
    limit is `limit` (Y-D3). `offered`: seat 3's discard, seat 0 to draw or take it (Y8)."""
    from collections import Counter

    from rules.okey_melds import resolve
    from rules.okey_state import TableMeld

    state = GAME.new(GAME.Config(), deals=[make_deal(["", "", "", ""], indicator=indicator)])
    r = state.r
    r.hands[0] = Counter(parse_tiles(rack))
    r.table = []
    for owner, text in table:
        tiles = tuple(parse_tiles(text))
        if len(tiles) == 2:
            r.table.append(TableMeld(owner, None, tiles))
            r.opened[owner] = "pairs"
        else:
            r.table.append(TableMeld(owner, resolve(tiles, state.okey_kind, state.ace_high)))
            r.opened[owner] = r.opened[owner] or "melds"
    r.limit = limit
    r.seat, r.turn = 0, 20
    offer(r, offered)
    return state


def _plays_turn(state) -> list[str]:
    return plays_turn(state, make_agent("yuzbir", "expert"))


# Seed 11 game 43 of a scan of 300 games against three Normals: the okey is k11 (F).
_G43_TABLE = [(1, "r6 r6"), (1, "r12 r12"), (1, "b10 b10"), (2, "r3 b3 k3 y3"),
              (2, "b3 b4 b5 b6 b7 b8"), (2, "F y11 *")]


def test_Y6_Y14_expert_opens_with_the_split_that_lays_out():
    """The most valuable opening r5 b5 y5 | r9 * r11 | y2 y3 y4 | y7 y8 y9 y10 strands k9
    and b8 (the Expert opened so and lost); r9 * k9 instead lays it out: r11 goes onto
    k11 y11 * (Y11), y10 onto y7 y8 y9 and b8 is the last discard (Y14)."""
    state = _unopened_position("r5 r9 r11 b5 b8 k9 y2 y3 y4 y5 y7 y8 y9 y10 *", _G43_TABLE,
                               indicator="k10", limit=23)
    moves = _plays_turn(state)
    assert moves[0].startswith("open ") and "r9 k9 *" in moves[0], moves
    assert state.results[-1]["winner"] == 0, moves
    assert moves[-1] == "discard b8"


def test_Y8_Y6_Y14_expert_takes_a_discard_to_open_and_lay_out():
    """y10 on offer (Y8: it must go in a new combination): y7 y8 y9 y10 with r5 b5 y5 |
    r9 * k9 | y2 y3 y4 opens, r11 goes onto k11 y11 * and b8 is the last discard."""
    state = _unopened_position("r5 r9 r11 b5 b8 k9 y2 y3 y4 y5 y7 y8 y9 *", _G43_TABLE,
                               indicator="k10", limit=23, offered="y10")
    moves = _plays_turn(state)
    assert moves[0] == "take", moves
    assert state.results[-1]["winner"] == 0, moves


def test_Y_D3_Y11_expert_does_not_hold_back_an_opening_that_lays_out():
    """Seed 11 game 159: the most valuable opening leaves tiles in the rack, so the Expert
    held it back (Y-D3, Y11); b4 b5 b6 | b6 k6 y6 | b8 b9 b10 | * F y12 opens (the okey
    is b12), k5 goes onto k1-k4, k13 onto r13 y13 * and k7 is the last discard."""
    table = [(1, "r13 y13 *"), (1, "r3 b3 k3 y3"), (3, "r4 r5 r6 r7 r8 r9 r10 r11 r12"),
             (3, "b13 k13 y13"), (3, "k1 k2 k3 k4")]
    state = _unopened_position("b4 b5 b6 b6 b8 b9 b10 k5 k6 k7 k13 y6 y12 * F", table,
                               indicator="b11", limit=30)
    moves = _plays_turn(state)
    assert moves[0].startswith("open "), moves
    assert state.results[-1]["winner"] == 0, moves


def test_Y10_expert_lays_out_one_tile_per_run_end():
    """After opening, b7 and b8 could both go onto b4 b5 b6 only in one turn each (Y10):
    the way out lays b7 b8 b9 as a meld with the rack's b9 instead of chaining them."""
    from rules.ai.okey_endgame import LayOut
    from rules.solvers.okey_scoring import YUZBIR_SCORING

    melds = ((1, 1, tuple(parse_tiles("b4 b5 b6")), "run"),)
    tiles = parse_tiles("b7 b8 b9 r1")
    okey = 36
    loose = LayOut(melds, okey, False, YUZBIR_SCORING).finish(tiles)
    strict = LayOut(melds, okey, False, YUZBIR_SCORING, strict=True).finish(tiles)
    assert loose is not None and not loose.melds  # b7 b8 b9 all onto the run end
    assert strict is not None and [list(m) for m in strict.melds] == [parse_tiles("b7 b8 b9")]
    assert LayOut(melds, okey, False, YUZBIR_SCORING, strict=True).finish(parse_tiles("b7 b8 r1")) is None
