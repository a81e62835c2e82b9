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


def test_expert_reading_of_past_plays_explains_real_normal_players():
    # with the true hands, every past play of a Normal player is the one the model expects
    from rules.ai.dominoes import _likelihood
    from rules.dominoes_actions import Drop
    from rules.dominoes_belief import past_choices
    normal = make_agent("dominoes", "normal")
    checked = 0
    for options in ({}, {"players": "5", "zero25": "on"}):
        for seed in range(15):
            s = new(options, seed=seed)
            rng = random.Random(seed)
            order = [[] for _ in range(s.num_seats)]
            while not s.is_finished:
                view = s.view(s.current_player)
                choices = past_choices(view)
                true_order = [[1 << t for t in o] for o in order]
                assert _likelihood(view, list(s.hands), true_order, choices, 0.0) == 1.0
                checked += len(choices)
                a = normal.choose(view, rng)
                if type(a) is Drop:
                    order[s.current_player].append(a.tile)
                s.apply(a)
    assert checked > 500


def test_policy_play_options_follow_the_engines_legal_order():
    from rules.ai.dominoes import ends_after
    from rules.dominoes_policy import play_options
    for seed in range(30):
        s = new(seed=seed)
        while not s.is_finished:
            view = s.view(s.current_player)
            if view.ends is not None and not view.legal[0].startswith("drop"):
                legal = [GAME.parse_action(t) for t in view.legal]
                expected = [(a.tile, *ends_after(view, a)) for a in legal]
                assert play_options(mask_of(view.hand), *view.ends) == expected
            s.apply(s.legal_actions()[-1])


def test_belief_chain_keeps_the_hard_constraints():
    s = new(deals=[DEAL_BLOCK])
    for a in ("play 0-0", "drop 2-2", "play 0-1", "play 0-4", "play 4-6"):
        act(s, a)
    b = Belief(s.view(0))
    deals = b.chain(random.Random(3), lambda h, o: 1.0, samples=30, thin=2, burn=10)
    assert len(deals) == 30
    for hands, deads, order in deals:
        # seat 3 laid a dead tile at ends 0|0: neither it nor its hand shows a 0
        assert not any(t <= 6 for t in tiles_of(hands[3] | deads[3]))
        assert [len(tiles_of(h)) for h in hands] == [0, 6, 5, 6]
        assert deads[3] == order[3][0]
