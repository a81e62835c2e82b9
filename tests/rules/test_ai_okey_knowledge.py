"""What an okey-family agent knows from one view alone: the public discard history and the
unseen tiles; the Expert keeps nothing between calls."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.ai.okey_knowledge import knowledge
from rules.tiles import format_tile, parse_tile, parse_tiles
from tests.rules.okey_helpers import make_deal


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


def test_expert_reads_buried_discards_as_dead_tiles():
    """O8/O20: every discard is public, buried ones too. With both b4 and both b7 under
    other tiles in the discard piles, the near run b5 b6 can never be completed, so the
    Expert throws from it and keeps r5 r6, whose r4 and r7 are still live."""
    game = find_game("okey101")
    state = game.new(game.Config(), deals=[make_deal(["", "", "", ""], indicator="y12")])
    rack = tuple(sorted(parse_tiles("k1 k2 k3 k4 y1 y2 y3 r9 b9 k9 r5 r6 b5 b6")))
    piles = (tuple(parse_tiles("b4 r12")), tuple(parse_tiles("b7 k12")),
             tuple(parse_tiles("b4 y11")), tuple(parse_tiles("b7 r1")))
    view = dataclasses.replace(
        state.view(0), tiles=rack, legal=tuple(f"discard {format_tile(t)}" for t in sorted(set(rack))),
        discard_piles=piles)
    action = make_agent("okey101", "expert").choose(view, random.Random(0))
    assert action.tile in (parse_tile("b5"), parse_tile("b6"))
    # Seeing only the top discards, the near run b5 b6 looks as alive as r5 r6: kept.
    blind = dataclasses.replace(view, discard_piles=tuple((p[-1],) for p in piles))
    assert make_agent("okey101", "expert").choose(blind, random.Random(0)).tile not in parse_tiles("b5 b6")


def test_only_the_expert_tracks_buried_discards():
    """Issue 8: tracking every tile seen is the Expert's skill; the Normal player counts the
    discards in plain sight (each pile's top) only."""
    game = find_game("okey101")
    state = game.new(game.Config(), deals=[make_deal(["", "", "", ""], indicator="y12")])
    piles = (tuple(parse_tiles("b4 r12")), tuple(parse_tiles("b7 k12")), (), ())
    rack = tuple(sorted(parse_tiles("k1 k2 k3 k4 y1 y2 y3 r9 b9 k9 r5 r6 b5 b6")))
    view = dataclasses.replace(state.view(0), tiles=rack, discard_piles=piles)
    b4, r12 = parse_tile("b4"), parse_tile("r12")
    normal = make_agent("okey101", "normal").know(view)
    expert = make_agent("okey101", "expert").know(view)
    assert expert.unseen[b4] == normal.unseen[b4] - 1  # the buried b4: only the Expert
    assert expert.unseen[r12] == normal.unseen[r12]  # a top discard: both see it
