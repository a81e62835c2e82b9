"""Random-game invariants for dominoes: tile conservation, replay equality, views that
never leak a hidden tile, determinism, every game ends."""

from __future__ import annotations

import json
import random
import re

import pytest

from rules.ai.random_agent import RandomAgent
from rules.dominoes_tiles import ALL_MASK, ID_OF, TEXT, mask_of, tiles_of
from rules.record import replay

from .test_dominoes_helpers import GAME, new

CONFIGS = [
    {},
    {"dead_tiles": "off"},
    {"players": "5"},
    {"players": "5", "dead_tiles": "off", "zero25": "on", "games": "3"},
    {"games": "3", "zero25": "on"},
]
_TILE_TEXT = re.compile(r"\b[0-6]-[0-6]\b")


def _line_mask(state):
    return mask_of(ID_OF[p] for p in state.line)


def _check_conservation(state):
    parts = [*state.hands, *state.dead, _line_mask(state), mask_of(state.middle)]
    union = 0
    for m in parts:
        assert union & m == 0, "a tile is in two places"
        union |= m
    assert union == ALL_MASK
    assert [len(tiles_of(h)) for h in state.hands] == state.hand_counts
    assert [len(tiles_of(d)) for d in state.dead] == state.dead_counts


def _check_view_hides(state, seat):
    view = state.view(seat)
    j = view.to_json()
    visible = state.hands[seat] | state.dead[seat] | _line_mask(state)
    hidden = ALL_MASK & ~visible
    for key in ("legal", "hand", "dead", "history"):
        for text in _TILE_TEXT.findall(json.dumps(j[key])):
            assert not (hidden >> ID_OF[tuple(map(int, text.split("-")))]) & 1, (key, text)
    assert j["hand_counts"] == state.hand_counts and j["dead_counts"] == state.dead_counts
    assert len(j["rounds"]) == len(state.rounds)  # revealed only once a game is over
    if seat != state.current_player:
        assert j["legal"] == []


def _play(options, seed, check=True):
    state = new(options, seed=seed)
    agent = RandomAgent(GAME)
    rng = random.Random(seed)
    moves = 0
    while not state.is_finished:
        if check:
            _check_conservation(state)
            for seat in range(state.num_seats):
                _check_view_hides(state, seat)
            assert set(state.legal_texts()) == {str(a) for a in state.legal_actions()}
            assert all(state.is_legal(a) for a in state.legal_actions())
        state.apply(agent.choose(state.view(state.current_player), rng))
        moves += 1
        assert moves <= 40 * state.config.games, "game did not end"
    return state


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_every_invariant(options):
    for seed in range(40):
        state = _play(options, seed)
        _check_conservation(state)
        out = state.outcome()
        assert out["status"] == "finished" and len(out["rounds"]) == state.config.games
        assert out["winners"]
        again = replay(json.loads(json.dumps(state.record())))
        assert again.outcome() == out
        assert all(again.view(s) == state.view(s) for s in range(state.num_seats))


def test_same_seed_same_game():
    for options in CONFIGS:
        a = _play(options, 123, check=False)
        b = _play(options, 123, check=False)
        assert a.record() == b.record() and a.outcome() == b.outcome()
    assert _play({}, 1, check=False).record() != _play({}, 2, check=False).record()


def test_clone_is_independent():
    s = new(seed=8)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert s.actions == [] and s.hand_counts == [7, 7, 7, 7]
    assert c.actions != []


def test_no_tile_of_the_middle_is_ever_shown():
    for seed in range(20):
        s = new({"players": 5}, seed=seed)
        middle = {TEXT[t] for t in s.middle}
        while not s.is_finished:
            for seat in range(5):
                assert not middle & set(_TILE_TEXT.findall(json.dumps(s.view(seat).to_json())))
            s.apply(s.legal_actions()[0])
