"""What an okey-family agent knows from one view alone: the public discard history and the
unseen tiles; the Expert keeps nothing between calls."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.ai.okey_knowledge import knowledge


@pytest.mark.parametrize("game_id", ["okey101", "yuzbir"])
def test_view_shows_every_discard_pile_and_knowledge_counts_the_hidden_tiles(game_id):
    """Every discard is public (O8, and Y8 for Yüzbir): each seat's view carries the same piles, exactly
    the state's (a taken tile has left its pile, O20/Y8), so the unseen tiles are exactly
    the other racks plus the pile."""
    game = find_game(game_id)
    agent = make_agent(game_id, "normal")
    for seed in range(3):
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not state.is_finished:
            seat = state.current_player
            view = state.view(seat)
            piles = tuple(tuple(p) for p in state.r.discards)
            assert view.discard_piles == piles
            assert all(state.view(s).discard_piles == piles for s in range(4))
            assert view.discards == tuple(p[-1] if p else None for p in piles)
            know = knowledge(view)
            assert sum(know.unseen) + know.unseen_okeys == know.hidden
            checked += 1
            state.apply(agent.choose(view, rng))
        assert checked > 20
        assert sum(len(p) for p in state.r.discards) > 4


@pytest.mark.parametrize("game_id", ["okey101", "yuzbir"])
def test_expert_is_stateless_same_view_same_move(game_id):
    """The bot shares one agent object between all its tables: the Expert's move depends
    on the view (and the RNG) only, not on the views it saw before."""
    game = find_game(game_id)
    seasoned = make_agent(game_id, "expert")  # plays every seat of the game
    compared = 0
    for seed in range(3):
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        while not state.is_finished:
            view = state.view(state.current_player)
            if sum(map(len, state.r.discards)) >= 5 and compared < 40 * (seed + 1):
                fresh = make_agent(game_id, "expert")  # has never seen this game
                assert str(fresh.choose(view, random.Random(7))) == str(seasoned.choose(view, random.Random(7)))
                compared += 1
            state.apply(seasoned.choose(view, rng))
    assert compared >= 60
