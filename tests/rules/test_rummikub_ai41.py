"""The Rummikub Normal player goes out whenever its whole rack fits the table (K10), even
when that rearranges sets far from its own tiles; before its initial meld only from its
rack alone, worth 30, the table untouched (K6)."""

from __future__ import annotations

import random

from rules import find_game
from rules.ai.rummikub import Normal
from rules.rummikub import Draw, Play
from rules.rummikub_sets import parse_table, tile_counts
from rules.solvers.rummikub import best_move
from rules.tiles import parse_tiles

G = find_game("rummikub")

# A blunder scan's position (seed 1105132627825481223, game 20, move 31): with `b3 b5` the
# Normal laid b5 alone; r4 can join `r1 r2 J`, y4 make `r4 b4 k4 y4`, and `b3 b4 b5` go out.
SCAN_TABLE = ("r1 r2 J | r7 r8 r9 | r10 r11 r12 | b9 b10 b11 | k5 k6 J k8 k9 | y10 y11 y12 | "
              "r1 b1 k1 | r2 k2 y2 | b2 k2 y2 | b3 k3 y3 | r4 b4 k4 | r4 b4 y4 | r5 k5 y5 | "
              "r8 b8 y8 | r11 k11 y11 | r12 b12 y12 | r13 k13 y13 | b13 k13 y13")


def T(text: str) -> list[int]:
    return parse_tiles(text, "rummikub")


def position(table: str, rack: str, melded: bool = True, pool: int = 28):
    """A real game state at a chosen table, the seat to move holding `rack` (the others'
    racks and the pool stay as dealt: the rules judge only the mover's tiles)."""
    state = G.new(G.Config(), seed=1)
    seat = state.current_player
    state.table = parse_table(table)
    state.racks[seat] = tile_counts(T(rack))
    state.melded = [melded if i == seat else True for i in range(state.num_seats)]
    del state.pool[pool:]
    return state


def normal_move(state):
    return Normal().choose(state.view(state.current_player), random.Random(1))


def table_tiles(table) -> list[int]:
    return sorted(t for s in table for t in s)


def test_K10_K7_normal_goes_out_rearranging_sets_far_from_its_tiles():
    state = position(SCAN_TABLE, "b3 b5")
    rack = list(state.rack(state.current_player))
    near = best_move(state.table, rack, reach=Normal.REACH)
    assert near is not None and near.tiles < len(rack)  # its near look cannot go out here
    action = normal_move(state)
    assert isinstance(action, Play) and state.is_legal(action)  # K7, K8 included
    events = state.apply(action)
    assert "rummikub.went_out" in [e.key for e in events]


def test_K6_normal_goes_out_with_its_joker_on_its_initial_meld():
    """The Normal keeps a joker when a meld without it reaches 30; not when the joker
    lets the whole rack go down."""
    state = position("r1 r2 r3", "r10 r11 r12 b10 b11 b12 k5 k6 J", melded=False)
    action = normal_move(state)
    assert isinstance(action, Play) and state.is_legal(action)
    assert table_tiles(action.table) == sorted(T("r1 r2 r3 r10 r11 r12 b10 b11 b12 k5 k6 J"))
    assert "rummikub.went_out" in [e.key for e in state.apply(action)]


def test_K6_before_its_initial_meld_the_normal_does_not_go_out_with_table_tiles():
    """With table tiles `k5 k6 | k7 k8 k9` would go out; before the meld they may not."""
    state = position("k7 k8 k9", "r10 r11 r12 b10 b11 b12 k5 k6", melded=False)
    seat = state.current_player
    action = normal_move(state)
    assert isinstance(action, Play) and state.is_legal(action)
    assert parse_table("k7 k8 k9")[0] in action.table  # the table stays as it was
    state.apply(action)
    assert sorted(state.rack(seat)) == sorted(T("k5 k6"))


def test_K6_a_whole_rack_worth_under_30_does_not_go_down_first():
    state = position("", "r1 r2 r3 b1 k1 y1", melded=False)
    assert normal_move(state) == Draw()

