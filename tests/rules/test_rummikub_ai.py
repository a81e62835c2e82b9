"""Rummikub computer players: legal moves only, from views only, and their characters."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.ai.rummikub import Beginner, Expert, Normal, make
from rules.rummikub import Draw, Play
from rules.rummikub_sets import parse_table
from rules.tiles import parse_tiles

G = find_game("rummikub")


def T(text):
    return parse_tiles(text, "rummikub")


def play_games(levels, games, seed=0):
    agents = [make(level) for level in levels]
    for g in range(games):
        cfg = G.Config.from_options({"players": str(len(levels))})
        state = G.new(cfg, seed=seed + g)
        rng = random.Random(g)
        moves = 0
        while not state.is_finished:
            seat = state.current_player
            action = agents[seat].choose(state.view(seat), rng)
            assert state.is_legal(action), (levels[seat], str(action))
            state.apply(action)
            moves += 1
            assert moves < 2000
        yield state


@pytest.mark.parametrize("levels", [
    ("beginner", "normal", "expert", "normal"),
    ("expert", "expert", "expert"),
    ("beginner", "beginner"),
    ("normal", "expert"),
])
def test_every_level_plays_only_legal_moves(levels):
    finished = list(play_games(levels, 12, seed=len(levels) * 100))
    assert all(s.outcome()["status"] == "finished" for s in finished)


def test_make_agent_levels():
    for level in ("beginner", "normal", "expert"):
        agent = make_agent("rummikub", level)
        assert agent.level == level


def _view(table, rack, melded=True, pool=40, counts=(14, 14, 14, 14)):
    state = G.new(G.Config(), seed=1)
    view = state.view(state.current_player)
    seat = view.seat
    return view.__class__(**{**view.__dict__, "table": parse_table(table), "rack": tuple(sorted(T(rack))),
                             "melded": tuple(melded if i == seat else True for i in range(4)),
                             "pool": pool, "hand_counts": counts})


def test_beginner_never_touches_the_table():
    view = _view("r1 r2 r3", "r4 b7 k7 y7")
    action = Beginner().choose(view, random.Random(1))
    assert isinstance(action, Play)
    assert set(parse_table("r1 r2 r3")) <= set(action.table)  # r4 not added to the run
    assert set(parse_table("b7 k7 y7")) <= set(action.table)


def test_normal_plays_the_best_move():
    view = _view("r1 r2 r3 | b7 k7 y7", "r4 r7 y1 b9")
    action = Normal().choose(view, random.Random(1))
    tiles = sorted(t for s in action.table for t in s)
    assert tiles == sorted(T("r1 r2 r3 r4 b7 k7 y7 r7"))  # y1 and b9 fit nowhere


def test_normal_keeps_a_joker_that_wins_little():
    view = _view("r1 r2 r3 | b7 k7 y7", "r4 J b11 k2")
    action = Normal().choose(view, random.Random(1))
    assert T("J")[0] not in [t for s in action.table for t in s]


def test_expert_waits_until_it_can_go_out():
    view = _view("r1 r2 r3 | b7 k7 y7", "r4 r7 b12 k2")
    assert Expert().choose(view, random.Random(1)) == Draw()
    view = _view("r1 r2 r3 | b7 k7 y7", "r4 r7")
    action = Expert().choose(view, random.Random(1))
    assert isinstance(action, Play)
    assert sorted(t for s in action.table for t in s) == sorted(T("r1 r2 r3 r4 b7 k7 y7 r7"))


def test_expert_sheds_value_when_the_pool_runs_out():
    view = _view("r1 r2 r3 | b7 k7 y7", "r4 r7 b12 k2", pool=3)
    action = Expert().choose(view, random.Random(1))
    assert isinstance(action, Play)


def test_expert_melds_as_soon_as_it_can():
    view = _view("", "r10 b10 k10 y2", melded=False)
    action = Expert().choose(view, random.Random(1))
    assert action == G.parse_action("play r10 b10 k10")


def test_K3_a_beginner_puts_a_tile_on_the_end_of_a_run_on_the_table():
    """With no set of its own to lay, a melded Beginner drew while y12 went on the table's
    y9 y10 y11: a table of Beginners never went out (every round ended blocked, K11)."""
    view = _view("y9 y10 y11 | r5 b5 J", "y12 k1")
    action = Beginner().choose(view, random.Random(0))
    assert isinstance(action, Play)
    assert parse_table("y9 y10 y11 y12")[0] in action.table
    assert parse_table("r5 b5 J")[0] in action.table  # a joker's set is left alone
    unmelded = _view("y9 y10 y11", "y12 k1", melded=False)  # K6: not before its meld
    assert isinstance(Beginner().choose(unmelded, random.Random(0)), Draw)


def test_a_normal_move_changes_no_more_of_the_table_than_it_needs():
    """Playing only b8, the Normal player broke up four sets (b9 b10 b11, b11 b12 b13,
    r11 k11 y11, r13 k13 y13): the group read the table change of a rearrangement. b8
    goes on b9 b10 b11 and the rest stays as it lay."""
    table = ("r7 J r9 | b3 b4 b5 | b9 b10 b11 | b11 b12 b13 | y3 y4 y5 | y6 y7 y8 y9 | "
             "y9 y10 y11 y12 | r1 b1 y1 | r2 k2 y2 | r3 k3 y3 | r6 k6 y6 | r10 k10 y10 | "
             "r11 k11 y11 | r12 y12 J | r13 k13 y13")
    action = Normal().choose(_view(table, "b1 b8 k2 k7 k13"), random.Random(0))
    assert isinstance(action, Play)
    kept = set(parse_table(table)) - set(parse_table("b9 b10 b11"))
    assert kept <= set(action.table) and parse_table("b8 b9 b10 b11")[0] in action.table
