"""Dominoes computer players: only legal moves, from views only, deterministic."""

from __future__ import annotations

import random

import pytest

from rules.ai import make_agent
from rules.dominoes_belief import Belief
from rules.dominoes_tiles import mask_of, tiles_of

from .test_dominoes_helpers import DEAL_BLOCK, GAME, act, new

CONFIGS = [{}, {"dead_tiles": "off"}, {"players": "5"},
           {"players": "5", "dead_tiles": "off", "zero25": "on", "games": "3"}]


@pytest.mark.parametrize("level,games", [("beginner", 40), ("normal", 40), ("expert", 4)])
def test_every_level_plays_only_legal_moves(level, games):
    agent = make_agent("dominoes", level)
    other = make_agent("dominoes", "random")
    for options in CONFIGS:
        for seed in range(games):
            state = new(options, seed=seed)
            rng = random.Random(seed)
            while not state.is_finished:
                seat = state.current_player
                view = state.view(seat)
                a = (agent if seat % 2 == 0 else other).choose(view, rng)
                assert str(a) in view.legal
                state.apply(a)


def test_agents_are_deterministic_given_the_rng():
    for level in ("normal", "expert"):
        agent = make_agent("dominoes", level)
        s = new(seed=5)
        while s.current_player is not None and len(s.actions) < 12:
            view = s.view(s.current_player)
            a, b = agent.choose(view, random.Random(7)), agent.choose(view, random.Random(7))
            assert a == b
            s.apply(a)


def test_belief_infers_missing_numbers_from_dead_tiles():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 2-2")  # seat 3 had no blank
    b = Belief(s.view(0))
    assert b.lacking(3, 0) and not b.lacking(1, 0)
    rng = random.Random(1)
    for _ in range(50):
        hands, deads, _ = b.sample(rng)
        assert hands[0] == 0 and deads[0] == 0
        assert [len(tiles_of(h)) for h in hands][1:] == [7, 6, 6]
        assert len(tiles_of(deads[3])) == 1
        assert not any(t in (0, 1, 2, 3, 4, 5, 6) for t in tiles_of(hands[3] | deads[3]))
        everything = hands[1] | hands[2] | hands[3] | deads[3] | mask_of(s.view(0).hand) | 1
        assert everything == (1 << 28) - 1


def test_normal_lays_the_cheapest_dead_tile():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    a = make_agent("dominoes", "normal").choose(s.view(3), random.Random(0))
    # seat 3: 1-1 1-2 1-3 1-4 1-5 1-6 2-2: [1-1] is the lightest and has no blank to hope for
    assert str(a) == "drop 1-1"


def test_levels_exist():
    for level in ("beginner", "normal", "expert"):
        assert make_agent("dominoes", level).level == level
    assert GAME.id == "dominoes"
