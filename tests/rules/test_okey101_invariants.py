"""Random-game invariants for Okey 101 over 1,000 seeded games (issue 2)."""

from __future__ import annotations

import json
import random
from collections import Counter

from rules.record import replay

from .okey_helpers import GAME, play_random, shuffle_hidden

GAMES = 1000


def _play(seed, config=None, on_step=None):
    return play_random(GAME, seed, config, on_step, max_steps=2000)


def test_tiles_conserved_replay_equal_and_every_game_ends():
    endings = Counter()
    for seed in range(GAMES):
        def conserved(state, _steps):
            if not state.r.over:
                assert sum(state.all_tiles().values()) == 106

        state = _play(seed, on_step=conserved)
        out = state.outcome()
        endings[out["rounds"][0]["ending"]] += 1
        again = replay(json.loads(json.dumps(state.record())))
        assert again.outcome() == out
        assert again.record() == state.record()
    # random play does finish rounds, in every way
    assert endings["hand"] > 0 and endings["draw"] > 0


def test_same_seed_same_game_and_different_seeds_differ():
    a, b, c = _play(5), _play(5), _play(6)
    assert a.record() == b.record()
    assert a.record()["actions"] != c.record()["actions"]


def test_three_round_partner_matches_replay():
    config = GAME.Config.from_options({"rounds": "3", "partners": "on", "doubling": "on"})
    for seed in range(20):
        state = _play(seed, config)
        out = state.outcome()
        assert len(out["rounds"]) == 3 and "teams" in out
        assert replay(state.record()).outcome() == out


def test_views_never_depend_on_hidden_tiles():
    # A view that leaked another rack or the pile order would change when they change.
    rng = random.Random(1)
    checked = 0
    for seed in range(60):
        def probe(state, steps):
            nonlocal checked
            if steps % 7 or state.is_finished or state.r.over:
                return
            for seat in range(4):
                if seat == state.current_player:
                    continue  # its legal moves may depend on the next tile, never shown
                before = state.view(seat).to_json()
                twin = state.clone()
                shuffle_hidden(twin, seat, rng)
                assert twin.view(seat).to_json() == before
                checked += 1

        _play(seed, on_step=probe)
    assert checked > 500
