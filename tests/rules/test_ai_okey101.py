"""Okey 101 computer players (issue 8): legal moves only, views only, level behaviour."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.okey_actions import LayMelds, Open
from rules.record import replay
from rules.tiles import WILD, parse_tiles
from tests.rules.okey_helpers import make_deal, offer, plays_turn
from tests.rules.test_ai_okey_helpers import (
    assert_decides_from_view_alone,
    play_checked,
    play_taking_over,
    watch,
)

GAME = find_game("okey101")
GAMES_PER_LEVEL = 30


@pytest.mark.parametrize("level", ["beginner", "normal"])
def test_level_plays_only_legal_moves(level):
    for seed in range(GAMES_PER_LEVEL):
        state = play_checked("okey101", [level] * 4, seed)
        assert state.outcome()["status"] == "finished"


def test_expert_plays_only_legal_moves():
    # Experts against Normals over many games: every move is legal (the Expert keeps no
    # memory between views, see test_ai_okey_knowledge.py).
    for seed in range(GAMES_PER_LEVEL):
        seats = ["expert", "normal"] * 2 if seed % 2 else ["normal", "expert"] * 2
        play_checked("okey101", seats, 1000 + seed)


def test_levels_play_legally_in_partners_doubling_and_three_rounds():
    config = GAME.Config.from_options({"partners": "on", "doubling": "on", "rounds": "3"})
    for seed in range(4):
        state = play_checked("okey101", ["expert", "normal", "beginner", "normal"], seed, config)
        assert len(state.outcome()["rounds"]) == 3


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_agent_decides_from_the_view_alone(level):
    """Changing tiles the seat cannot see (other racks, the pile) never changes a move."""
    assert_decides_from_view_alone("okey101", level, 7, check_changed=True)


def test_agents_are_deterministic_for_a_seed():
    a = play_checked("okey101", ["expert", "normal", "beginner", "normal"], 42).record()
    b = play_checked("okey101", ["expert", "normal", "beginner", "normal"], 42).record()
    assert a == b


def _first_move(level: str, hand: str):
    deal = make_deal([hand, "", "", ""], indicator="y12")
    state = GAME.new(GAME.Config(), deals=[deal])
    return state, make_agent("okey101", level).choose(state.view(0), random.Random(0))


def test_O14_normal_opens_as_soon_as_its_melds_reach_51():
    state, action = _first_move("normal", "r10 r11 r12 r13 k13 b13 y13 b2 k5")
    assert isinstance(action, Open)
    state.apply(action)
    assert state.r.opened[0] == "melds"
    assert state.r.last_opening >= 51


def test_O14_expert_holds_an_opening_back_until_it_nearly_lays_out():
    # 79 points in melds, but eight loose tiles would stay: the Expert keeps it hidden.
    _state, action = _first_move("expert", "r10 r11 r12 r13 k11 b11 y11 b2 k5 y7 r3 b9 k8 y4 r6")
    assert str(action).startswith("discard")
    _state, action = _first_move("normal", "r10 r11 r12 r13 k11 b11 y11 b2 k5 y7 r3 b9 k8 y4 r6")
    assert isinstance(action, Open)
    # Twelve tiles in melds and two loose: opening now leaves little to lay off.
    hand = "r10 r11 r12 r13 k13 b13 y13 b5 b6 b7 k7 k8 k9 b2 k5"
    state = GAME.new(GAME.Config(), deals=[make_deal([hand, "", "", ""], indicator="y12")])
    action = make_agent("okey101", "expert").choose(state.view(0), random.Random(0))
    assert isinstance(action, Open)
    state.apply(action)
    assert state.r.opened[0] == "melds"


def test_O9_opening_keeps_a_tile_to_discard():
    state, action = _first_move("normal", "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k13 b13")
    assert isinstance(action, Open)
    assert sum(len(m) for m in action.melds) == 14
    state.apply(action)


def _watch(levels, games, on_move):
    """Play games, calling on_move(level, view, action) before each action."""
    watch("okey101", levels, games, on_move, first_seed=500)


def test_O21_normal_and_expert_never_throw_a_penalty_tile_or_okey_with_a_choice():
    bad = []

    def check(level, view, action):
        if level == "beginner" or not str(action).startswith("discard") or len(view.tiles) == 1:
            return
        risky = view.penalty_kinds() | {WILD}
        if action.tile in risky and any(t not in risky for t in view.tiles):
            bad.append((level, str(action), view.tiles))

    _watch(["normal", "expert", "normal", "beginner"], 12, check)
    assert bad == []


def test_O20_normal_and_expert_take_a_discard_only_to_use_it():
    """A taken tile that is not used must be put back (O-D9): a sound player never needs to."""
    returned = []

    def check(level, view, action):
        if level != "beginner" and str(action) == "return":
            returned.append(view)

    _watch(["normal", "expert", "normal", "expert"], 12, check)
    assert returned == []


def test_beginner_misses_what_normal_sees():
    """The Beginner does not always notice its opening; the Normal player always does."""
    hand = "r10 r11 r12 r13 k13 b13 y13 b2 k5"
    deal = make_deal([hand, "", "", ""], indicator="y12")
    state = GAME.new(GAME.Config(), deals=[deal])
    view = state.view(0)
    beginner = make_agent("okey101", "beginner")
    moves = {type(beginner.choose(view, random.Random(s))).__name__ for s in range(40)}
    assert moves == {"Open", "Discard"}
    assert parse_tiles("r10")[0] in view.tiles


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_level_takes_over_any_position_mid_turn(level):
    """A bot replaces a player who timed out: after any mix of the player's own moves
    (here random ones, which also try refused and provisional moves) it goes on legally."""
    play_taking_over("okey101", level)


def test_O20_O_D9_normal_goes_on_after_a_person_who_takes_and_lays_at_random():
    """Many matches of the eager person: the rare turns where a take, then an addition,
    leave one way to use the tile (an okey swap) come up here."""
    play_taking_over("okey101", "normal", seeds=300, first_seed=100)


def test_O16_O17_expert_keeps_new_melds_in_hand_until_it_lays_out():
    """After opening, new melds need no threshold (O16), but a meld on the table is a place
    where the others lay off (O17): the Expert keeps them in its rack unless laying them
    (and what fits the table) ends the round, where the Normal player lays them at once;
    until the pile runs low."""
    expert, normal = make_agent("okey101", "expert"), make_agent("okey101", "normal")
    held = []

    def check(level, view, action):
        if level != "expert" or view.phase != "play" or view.opened[view.seat] != "melds" or view.taken is not None:
            return
        if expert.late(view):
            return  # near the end of the pile it lays what it can
        judge = expert.judge(view)
        o = judge.opening(list(view.tiles), keep=1)
        if not o.melds:
            return
        if expert.can_go_out(view, list(view.tiles), o):
            assert isinstance(action, LayMelds)
            return
        if expert.finish_step(view, judge, list(view.tiles)) is not None:
            return  # another way out this turn (another split, an okey taken back, O19, O24)
        assert not isinstance(action, LayMelds)
        assert isinstance(normal.choose(view, random.Random(0)), LayMelds)
        held.append(view)

    _watch(["expert", "normal", "normal", "normal"], 40, check)
    assert len(held) >= 3


def test_O14_expert_throws_by_tile_efficiency_before_opening():
    """Before opening, the Expert throws the tile that leaves its rack nearest an opening
    and laying out, counting the unseen tiles that would bring it nearer (O14, O17); it
    differs from the Normal player's throw in some positions."""
    from rules.ai.okey_efficiency import Efficiency

    expert, normal = make_agent("okey101", "expert"), make_agent("okey101", "normal")
    beta = expert.tactics.efficiency
    assert beta > 0
    checked, differs = [], []

    def check(level, view, action):
        if level != "expert" or not str(action).startswith("discard") or view.opened[view.seat] is not None:
            return
        judge = expert.judge(view)
        tiles = list(view.tiles)
        if expert.pairs_route(view, judge, tiles) or len(expert.discards(view, tiles)) < 2:
            return
        eff = Efficiency(view, judge, GAME.scoring, tiles)

        keep = expert.keep_scores(view, judge, tiles)

        def score(t):  # ties go to the tile the rack wants least
            rest = list(tiles)
            rest.remove(t)
            return (-eff.shortfall(rest) + beta * eff.acceptance(rest)
                    - expert.discard_cost(view, judge, t) - 0.01 * keep[t])

        looked = sorted(expert.discards(view, tiles), key=lambda t: keep[t])[:expert.tactics.candidates]
        assert score(action.tile) >= max(score(t) for t in looked) - 1e-9
        checked.append(view)
        if normal.choose(view, random.Random(0)) != action:
            differs.append(view)

    _watch(["expert", "normal", "normal", "normal"], 10, check)
    assert len(checked) >= 20 and differs


def test_O24_O_D6_expert_lays_its_okey_on_the_table_to_finish():
    """An opened rack of an okey and one loose tile goes out at once: the okey onto a
    meld on the table, the loose tile as the last discard; the Normal player too (it kept
    its okey and threw the tile, waiting for a draw that fits: as the stand-in for a
    person whose time ran out, it threw their finish away)."""
    from collections import Counter

    from rules.okey_actions import Add, Discard
    from rules.okey_melds import resolve
    from rules.okey_state import TableMeld
    from rules.tiles import parse_tile

    def position():
        state = GAME.new(GAME.Config(), deals=[make_deal(["", "", "", ""], indicator="y12")])
        r = state.r
        r.hands[0] = Counter({parse_tile("k2"): 1, WILD: 1})
        r.opened[0] = r.opened[1] = "melds"
        r.table = [TableMeld(1, resolve(tuple(parse_tiles("r5 r6 r7")), state.okey_kind, state.ace_high))]
        r.seat, r.phase = 0, "play"
        return state

    state = position()
    expert = make_agent("okey101", "expert")
    action = expert.choose(state.view(0), random.Random(0))
    assert isinstance(action, Add) and action.tile == WILD
    state.apply(action)
    action = expert.choose(state.view(0), random.Random(0))
    assert isinstance(action, Discard)
    state.apply(action)
    assert state.results[-1]["winner"] == 0
    state = position()
    action = make_agent("okey101", "normal").choose(state.view(0), random.Random(0))
    assert isinstance(action, Add) and action.tile == WILD


def test_O24_expert_never_discards_a_rack_it_could_lay_out():
    """Whenever the opened Expert's rack can be laid out this turn, it lays it out."""
    from rules.ai.okey_endgame import Finisher, Table

    seen = []

    def check(level, view, action):
        if level != "expert" or view.phase != "play" or view.opened[view.seat] != "melds":
            return
        tiles = list(view.tiles)
        if len(tiles) < 2 or view.taken is not None:
            return
        if Finisher(Table.of(view), view.okey_kind, GAME.scoring).can_finish(tiles):
            seen.append(view)
            assert not str(action).startswith("discard")

    _watch(["expert", "normal", "normal", "normal"], 40, check)
    assert seen


def test_O19_expert_keeps_a_tile_that_takes_an_okey_back():
    """A tile that could take an okey back from the table (O19) is kept as a penalty tile
    is: thrown, the next seat could take it and the okey with it (O20)."""
    seen = []

    def check(level, view, action):
        if level != "expert" or not str(action).startswith("discard"):
            return
        expert = make_agent("okey101", "expert")
        tiles = list(view.tiles)
        options = expert.discards(view, tiles)
        free = [t for t in options if t != WILD and expert.frees_an_okey(view, t)]
        if free and len(tiles) > 1:
            seen.append(view)
            judge = expert.judge(view)
            if any(expert.discard_cost(view, judge, t) == 0 for t in options if t != WILD):
                assert GAME.parse_action(str(action)).tile not in free

    _watch(["expert", "normal", "normal", "normal"], 40, check)
    assert seen


# Seat 2 took k9 and added y3 to meld 7: no return now (O-D9); k9 can only take the okey's
# place in meld 4 (O19).
_TAKEN_FOR_A_SWAP = {"game": "okey101", "seed": 2524, "actions": [
    "discard b8", "take", "open b8 b9 b10 | y10 y11 y12", "discard k7", "take", "return",
    "discard y1", "draw", "open b11 b12 b13 | k8 * k10", "add b7 to 1", "discard r13", "take",
    "return", "discard b9", "take", "return", "add y13 to 2", "add b10 to 3", "discard r10",
    "take", "open r8 * r10 | y7 y8 y9", "discard k12", "draw", "add r7 to 5", "discard k6",
    "take", "return", "discard r4", "take", "return", "discard r10", "draw", "add r6 to 5",
    "meld r3 b3 k3", "discard k12", "take", "meld k12 k13 k1", "discard k4", "draw",
    "discard k9", "take", "add y3 to 7",
]}


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_O19_O_D9_a_level_taking_over_after_an_addition_uses_the_taken_tile(level):
    s = replay(_TAKEN_FOR_A_SWAP)
    view = s.view(s.current_player)
    assert view.legal == ("swap k9 in 4",)
    assert str(make_agent("okey101", level).choose(view, random.Random(1))) == "swap k9 in 4"


# ----- the Expert's finish with a taken discard, an okey taken back, any split (O19, O20, O24)
# Positions from games the Expert lost against three Normals (seeds 202, 101 and 404 of a
# scan of 800 games): each time it could lay out that turn and did not.


def _finish_position(rack: str, table, *, offered: str | None = None, taken: str | None = None,
                     pile: bool = True):
    """Seat 0 has opened with melds and holds `rack`; `table`: (owner, tiles) per meld.
    `offered`: seat 3's discard, seat 0 to draw or take it (O7, O20); `taken`: the rack's
    tile seat 0 has just taken (O20). The okey is y13 (indicator y12)."""
    from collections import Counter

    from rules.okey_melds import resolve
    from rules.okey_state import TableMeld
    from rules.tiles import parse_tile

    state = GAME.new(GAME.Config(), deals=[make_deal(["", "", "", ""], indicator="y12")])
    r = state.r
    r.hands[0] = Counter(parse_tiles(rack))
    r.opened[0] = r.opened[1] = r.opened[2] = "melds"
    r.table = [TableMeld(owner, resolve(tuple(parse_tiles(tiles)), state.okey_kind, state.ace_high))
               for owner, tiles in table]
    r.seat, r.turn = 0, 20
    offer(r, offered)
    if taken is not None:
        t = parse_tile(taken)
        r.taken = (t, r.hands[0][t] - 1)
    if not pile:
        r.pile = []
    return state


def _plays_out(state, level: str = "expert") -> list[str]:
    """Let `level` play seat 0's turn; its moves (the round must end with seat 0 out)."""
    return plays_turn(state, make_agent("okey101", level))


def test_O20_O24_expert_lays_a_taken_discard_in_the_split_that_lays_out():
    """Seed 202 game 290: having taken r9, the Normal's use of it lays its most valuable
    melds (r9 k9 y9 and y3 y4 *, 39 points), stranding r1 r3 and b4; r1 * r3 | r9 k9 y9
    with y4 then y3 added to y5-y10 lays the rack out and b4 is the last discard."""
    table = [(1, "y5 y6 y7 y8 y9 y10"), (0, "b11 b12 b13")]
    state = _finish_position("r1 r3 r9 b4 k9 y3 y4 y9 *", table, taken="r9")
    moves = _plays_out(state)
    assert state.results[-1]["winner"] == 0
    assert moves[-1] == "discard b4"
    state = _finish_position("r1 r3 r9 b4 k9 y3 y4 y9 *", table, taken="r9")
    _plays_out(state, "normal")  # the Normal asks the same way-out search first now
    assert state.results[-1]["winner"] == 0


def test_O19_O20_O24_expert_takes_a_discard_to_swap_it_for_an_okey_and_lay_out():
    """Seed 202 game 241: r11 on offer, r10 * r12 r13 on the table, rack r10 b7 k7. Taken,
    r11 takes the okey's place (O19: the taken tile's use, O20), the okey makes * b7 k7 and
    r10 is the last discard. Drawing instead (the Normal's choice: r11 makes no meld nor
    fits a run end, before the Normal asked the same search) waits for luck."""
    table = [(1, "r10 * r12 r13"), (0, "b11 b12 b13")]
    state = _finish_position("r10 b7 k7", table, offered="r11")
    moves = _plays_out(state)
    assert moves[0] == "take" and moves[1] == "swap r11 in 1", moves
    assert state.results[-1]["winner"] == 0
    state = _finish_position("r10 b7 k7", table, offered="r11")
    assert str(make_agent("okey101", "normal").choose(state.view(0), random.Random(0))) == "take"


def test_O20_O_D15_expert_with_the_pile_empty_lays_out_with_the_discard_it_must_take():
    """Seed 101 game 77: the pile is empty, so only the take is left (O-D15). b10 fits no
    meld with the rack as the Normal looks (it returned the tile and the round was drawn,
    O26); r13 takes the okey of k13 y13 * back (O19) and b10 y10 * is a meld."""
    table = [(1, "b9 b10 b11 * b13"), (2, "k13 y13 *"), (0, "r7 b7 k7 y7")]
    state = _finish_position("r13 b8 b13 y10", table, offered="b10", pile=False)
    moves = _plays_out(state)
    assert moves[0] == "take"
    assert "return" not in moves
    assert state.results[-1]["winner"] == 0, moves


def test_O24_expert_finds_a_way_out_that_is_not_the_most_valuable_split():
    """Seed 404 game 98: r1 y1 y3 y4 *; the most valuable meld is y3 y4 * (12 points),
    which strands y1; y1 * y3 y4 (10) lays out and r1 is the last discard."""
    table = [(0, "b10 b11 b12 b13 b1"), (1, "r6 k6 y6")]
    state = _finish_position("r1 y1 y3 y4 *", table)
    moves = _plays_out(state)
    assert state.results[-1]["winner"] == 0, moves
    assert moves == ["meld y1 * y3 y4", "discard r1"]


# ----- opening and laying out in the same turn (O14, O20, O24, O-D5) --------------------------
# The finish search of an opened rack (above) did not serve a rack not yet opened: it opened
# with its most valuable melds (or held them back, O14 timing) and the leftovers stuck.

_OPPONENTS = [(1, "b5 b6 b7"), (2, "r1 k1 y1"), (1, "k9 k10 k11")]


def _unopened_position(rack: str, table=_OPPONENTS, *, offered: str | None = None):
    """Seat 0 has not opened and holds `rack` (seats 1 and 2 have: `table`); the okey is
    y13 (indicator y12). `offered`: seat 3's discard, seat 0 to draw or take it (O7, O20)."""
    state = _finish_position(rack, table, offered=offered)
    state.r.opened[0] = None
    return state


def test_O14_O24_expert_opens_with_the_split_that_lays_out_not_the_most_valuable():
    """r3 b3 y3 | b10 b11 b12 b13 * | y9 y10 y11 (99 points, the most valuable opening)
    strands r2 b2 and a k8; r2 b2 * | r3 b3 y3 | b10 b11 b12 b13 | y9 y10 y11 (91) opens,
    a k8 goes onto k9 k10 k11 and the other is the last discard."""
    rack = "r2 r3 b2 b3 b10 b11 b12 b13 k8 k8 y3 y9 y10 y11 *"
    state = _unopened_position(rack)
    moves = _plays_out(state)
    assert moves[0].startswith("open ") and "r2 b2 *" in moves[0], moves
    assert state.results[-1]["winner"] == 0, moves
    assert moves[-1] == "discard k8"
    normal = make_agent("okey101", "normal").choose(_unopened_position(rack).view(0), random.Random(0))
    assert str(normal) == "open r2 b2 * | r3 b3 y3 | b10 b11 b12 b13 | y9 y10 y11"  # (it did
    # not look for a way out before, and opened the most valuable melds)


def test_O14_O24_expert_discards_the_okey_to_finish_from_an_unopened_rack():
    """r1 k1 y1 | r5 r6 r7 | r9 b9 y9 | b5 b6 b7 b8 opens (61) and b4 goes onto b5 b6 b7
    on the table: every tile but the okey is laid and the okey is the last discard, the
    better finish (O24). The most valuable opening uses the okey in b7 b8 * and strands r1 k1 y1."""
    rack = "r1 r5 r6 r7 r9 b4 b5 b6 b7 b8 b9 k1 y1 y9 *"
    state = _unopened_position(rack)
    moves = _plays_out(state)
    assert state.results[-1]["winner"] == 0, moves
    assert moves[-1] == "discard *"
    assert state.results[-1]["ending"] == "okey"


def test_O20_O14_O24_expert_takes_a_discard_that_lets_it_open_and_lay_out():
    """k8 on offer: it fits no meld of the rack (the Normal drew, before it asked the same search), but after opening
    r2 b2 * | r3 b3 y3 | b10 b11 b12 b13 | y9 y10 y11 it goes onto k9 k10 k11 (O20: added
    to a meld) and the rack's own k8 is the last discard."""
    rack = "r2 r3 b2 b3 b10 b11 b12 b13 k8 y3 y9 y10 y11 *"
    state = _unopened_position(rack, offered="k8")
    moves = _plays_out(state)
    assert moves[0] == "take", moves
    assert state.results[-1]["winner"] == 0, moves
    normal = make_agent("okey101", "normal").choose(_unopened_position(rack, offered="k8").view(0),
                                                    random.Random(0))
    assert str(normal) == "take"  # the same search (it drew before)


@pytest.mark.parametrize("level", ["normal", "expert"])
def test_O25_O_D14_an_okey_goes_on_the_table_before_a_rival_goes_out(level):
    """An okey left in the rack when another seat goes out counts 500 (O25, O-D14). The
    computer-player scan found opened computers keeping an okey they could add while a
    rival who had opened was one or two tiles from going out, then paying 500 (Expert 51
    rounds in 300 games, Normal 12). In that position they no longer discard with the
    okey still in hand and its addition legal."""
    from rules.okey_actions import Discard

    game = find_game("okey101")
    agent = make_agent("okey101", level)
    seen = 0
    for seed in range(40):
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed ^ 0x5EED)
        while not state.is_finished:
            seat = state.current_player
            view = state.view(seat)
            action = agent.choose(view, rng)
            rivals_close = any(view.opened[s] and view.hand_counts[s] <= 2
                               for s in range(4) if s != seat)
            okey_add = any(text.startswith("add * ") for text in view.legal)
            if WILD in view.tiles and okey_add and rivals_close and len(view.tiles) > 1:
                seen += 1
                assert type(action) is not Discard, (seed, view.tiles, action)
            state.apply(action)
    assert seen > 0
