"""Yüzbir computer players (issue 8): legal moves only, views only, level behaviour."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.ai import make_agent
from rules.okey_actions import Open
from tests.rules.okey_helpers import make_deal
from tests.rules.test_ai_okey_helpers import (
    assert_decides_from_view_alone,
    play_checked,
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
    agents = {lv: make_agent("yuzbir", lv) for lv in ("normal", "expert")}
    levels = ["normal", "expert", "normal", "expert"]
    for seed in range(10):
        state = GAME.new(GAME.Config(), seed=300 + seed)
        rng = random.Random(seed)
        while not state.is_finished:
            seat = state.current_player
            action = agents[levels[seat]].choose(state.view(seat), rng)
            assert str(action) != "return"
            state.apply(action)


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_level_takes_over_any_position_mid_turn(level):
    """A bot replaces a player who timed out: after any mix of the player's own moves
    (here random ones, which also try refused and provisional moves) it goes on legally."""
    agent = make_agent("yuzbir", level)
    player = make_agent("yuzbir", "random")
    for seed in range(6):
        state = GAME.new(GAME.Config(), seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_finished:
            view = state.view(state.current_player)
            action = (agent if rng.random() < 0.5 else player).choose(view, rng)
            state.check(action)
            state.apply(action)
            moves += 1
            assert moves < 5000
