"""What the Expert rebuilds from its views alone: the discard history and the unseen tiles."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.ai.okey_knowledge import DiscardMemory, knowledge


@pytest.mark.parametrize("game_id", ["okey101", "yuzbir"])
def test_memory_rebuilds_every_discard_pile_and_counts_the_hidden_tiles(game_id):
    """Watching only its own views, a seat knows every discard pile exactly (taken tiles
    leave it, O20/Y8), so its unseen tiles are exactly the other racks plus the pile."""
    game = find_game(game_id)
    agent = make_agent(game_id, "normal")
    for seed in range(3):
        state = game.new(game.Config(), seed=seed)
        memory = DiscardMemory()
        rng = random.Random(seed)
        checked = 0
        while not state.is_finished:
            seat = state.current_player
            view = state.view(seat)
            if seat == 1:
                piles = memory.update(view)
                assert piles == [list(p) for p in state.r.discards]
                know = knowledge(view, piles)
                assert sum(know.unseen) + know.unseen_okeys == know.hidden
                checked += 1
            state.apply(agent.choose(view, rng))
        assert checked > 5


def test_memory_starts_afresh_for_a_new_game_at_the_same_seat():
    game = find_game("okey101")
    memory = DiscardMemory()
    late = game.new(game.Config(), seed=4)
    agent = make_agent("okey101", "normal")
    rng = random.Random(0)
    for _ in range(24):
        late.apply(agent.choose(late.view(late.current_player), rng))
    assert memory.update(late.view(0)) != [[], [], [], []]
    fresh = game.new(game.Config(), seed=5)
    assert memory.update(fresh.view(0)) == [list(p) for p in fresh.r.discards]
