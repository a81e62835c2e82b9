"""Random-game invariants for Yüzbir (the Okey 101 issue's, on the Yüzbir rules): 106 tiles
at every step, replay(record) equals the live state, views never show another rack or the
pile order, same seed same game, every game ends.

The suite plays GAMES seeded games; `YUZBIR_GAMES=1000 pytest ...` runs the full 1,000.
The random agent now and then tries moves the rules refuse or undo (playable and okey
discards, short openings, takes), so those paths are exercised too.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

from rules.record import replay

from .okey_helpers import play_random, shuffle_hidden
from .test_yuzbir_helpers import GAME

GAMES = int(os.environ.get("YUZBIR_GAMES", "200"))


def _play(seed, config=None, on_step=None):
    return play_random(GAME, seed, config, on_step, max_steps=3000)


def test_tiles_conserved_replay_equal_and_every_game_ends():
    endings = Counter()

    def conserved(state, _steps):
        assert sum(state.all_tiles().values()) == 106
        assert all(n > 0 for h in state.r.hands for n in h.values())

    for seed in range(GAMES):
        state = _play(seed, on_step=conserved)
        out = state.outcome()
        endings.update(r["ending"] for r in out["rounds"])
        again = replay(json.loads(json.dumps(state.record())))
        assert again.outcome() == out and again.record() == state.record()
        assert out["winners"] and len(out["rounds"]) == 1
    assert endings["draw"] > 0 and sum(n for e, n in endings.items() if e != "draw") > 0


def test_replay_equals_the_live_state_mid_game():
    for seed in range(20):
        def compare(state, steps):
            if steps % 37 == 0:
                twin = replay(state.record())
                assert twin.view(state.current_player).to_json() == state.view(state.current_player).to_json()
                assert twin.r.penalties == state.r.penalties and twin.r.limit == state.r.limit

        _play(seed, on_step=compare)


def test_same_seed_same_game_and_different_seeds_differ():
    a, b, c = _play(5), _play(5), _play(6)
    assert a.record() == b.record()
    assert a.record()["actions"] != c.record()["actions"]


def test_seven_round_single_player_matches_replay():
    config = GAME.Config.from_options({"mode": "single"})
    for seed in range(3):
        state = _play(seed, config)
        out = state.outcome()
        assert len(out["rounds"]) == 7 and out["totals"] == [sum(r["scores"][s] for r in out["rounds"])
                                                            for s in range(4)]
        assert replay(state.record()).outcome() == out


def test_views_never_depend_on_hidden_tiles():
    # A view that leaked another rack or the pile order would change when they change.
    rng = random.Random(1)
    checked = 0
    for seed in range(40):
        def probe(state, steps):
            nonlocal checked
            if steps % 7 or state.is_finished:
                return
            for seat in range(4):
                if seat == state.current_player:
                    continue
                before = state.view(seat).to_json()
                twin = state.clone()
                shuffle_hidden(twin, seat, rng)
                assert twin.view(seat).to_json() == before
                checked += 1

        _play(seed, on_step=probe)
    assert checked > 300
