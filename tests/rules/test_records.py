"""Records replay to the same state, whatever they leave to the engine (determinism)."""

from __future__ import annotations

import random

import pytest

from rules import find_game
from rules.record import replay

HANDS = ["0-1 0-2 0-3 0-4 0-5 0-6 6-6", "1-1 1-2 1-3 1-4 1-5 1-6 5-5",
         "2-2 2-3 2-4 2-5 2-6 4-4 3-3", "0-0 3-4 3-5 3-6 4-5 4-6 5-6"]


def test_dominoes_games_past_the_given_deals_replay_the_same():
    """D-D6: a 3-game match recorded with one deal: the later games are dealt the same on
    every replay (they came from the OS's randomness before)."""
    game = find_game("dominoes")
    state = game.new(game.Config(games=3), deals=[{"hands": HANDS}])
    rng_moves = []
    while state.game_index == 0:
        action = state.view(state.current_player).legal[0]
        rng_moves.append(action)
        state.apply(game.parse_action(action))
    rec = {"game": "dominoes", "config": {"games": 3}, "deals": [{"hands": HANDS}],
           "actions": rng_moves}
    first, second = replay(rec), replay(rec)
    assert first.game_index == 1
    assert [first.view(s).hand for s in range(4)] == [second.view(s).hand for s in range(4)]
    assert first.current_player == second.current_player
    assert [first.view(s).hand for s in range(4)] == [state.view(s).hand for s in range(4)]


def test_rummikub_place_in_a_record_is_read_against_the_table():
    """K7: `place` names rack tiles; a record holding it replays (it needs the table)."""
    rec = {"game": "rummikub", "config": {"players": 2},
           "deals": [{"first": 0, "hands": ["r10 r11 r12 J b1 b2 b3 k5 k6 k7 y9 y9 b13 k13",
                                            "r13 r9 r3 b4 b5 b6 k1 k2 k3 y1 y2 y3 y10 y11"]}],
           "actions": ["0: place r10 r11 r12", "1: draw"]}
    state = replay(rec)
    assert state.current_player == 0
    assert [list(s) for s in state.view(0).table] == [[9, 10, 11]]  # r10 r11 r12


def test_rummikub_game_without_a_seed_records_one_that_replays():
    game = find_game("rummikub")
    state = game.new(game.Config(players=2))
    state.apply(game.parse_action("draw"))
    rec = state.record()
    assert isinstance(rec["seed"], int)
    again = replay(rec)
    assert again.view(0).rack == state.view(0).rack and again.view(1).rack == state.view(1).rack


def test_okey_rounds_past_the_given_deals_and_seedless_games_replay_the_same():
    """A 3-round Okey 101 record with one deal deals round 2 the same on every replay, and a
    game started without a seed records the one it drew."""
    from rules.ai.random_agent import RandomAgent
    from tests.rules.okey_helpers import make_deal

    game = find_game("okey101")
    state = game.new(game.Config(rounds=3), deals=[make_deal(["r1 r2 r3", "", "", ""])])
    agent, rng = RandomAgent(game), random.Random(3)
    while not state.outcome()["rounds"]:
        state.apply(agent.choose(state.view(state.current_player), rng))
    first, second = replay(state.record()), replay(state.record())
    assert [sorted(first.view(s).tiles) for s in range(4)] == \
        [sorted(second.view(s).tiles) for s in range(4)] == \
        [sorted(state.view(s).tiles) for s in range(4)]
    fresh = game.new(game.Config())
    assert isinstance(fresh.record()["seed"], int)
    assert replay(fresh.record()).view(0).tiles == fresh.view(0).tiles


@pytest.mark.parametrize("gid,options", [("rummikub", {"rounds": 3, "players": 2}),
                                         ("dominoes", {"games": 3})])
@pytest.mark.parametrize("seed", [None, 11])
def test_a_record_taken_mid_match_from_given_deals_plays_on_as_the_match_did(gid, options, seed):
    """A match from one given deal (and a seed, or none): its record taken in round 2
    replays, and played on with the same moves deals round 3 as the match did (the record
    held the rng's round 2 as a given deal, so the replay's rng dealt round 3 anew)."""
    import json

    from rules.ai import make_agent

    game = find_game(gid)
    config = game.Config.from_options(options)
    first = game.new(config, seed=5)
    deal = first.deals_used[0] if gid == "dominoes" else first.deals[0].to_json()
    state = game.new(config, seed=seed, deals=[deal])
    agent, n = make_agent(gid, "normal"), 0

    def rounds(s):
        return len(s.outcome()["rounds"])

    while rounds(state) < 1:
        state.apply(agent.choose(state.view(state.current_player), random.Random(n)))
        n += 1
    again = replay(json.loads(json.dumps(state.record())))
    while rounds(state) < 2:
        action = agent.choose(state.view(state.current_player), random.Random(n))
        n += 1
        state.apply(action)
        again.apply(game.parse_action(str(action), again.view(again.current_player)))
    assert [again.view(s).to_json() for s in range(state.num_seats)] == \
        [state.view(s).to_json() for s in range(state.num_seats)]


@pytest.mark.parametrize("gid,options", [("rummikub", {"rounds": 3, "players": 2}),
                                         ("dominoes", {"games": 3})])
def test_a_record_holds_every_given_deal_even_before_it_is_played(gid, options):
    """Two deals given, the record taken at the first move: both are in it (it held only
    the one played, so its replay dealt round 2 from the rng: another match)."""
    game = find_game(gid)
    config = game.Config.from_options(options)
    source = game.new(config, seed=5)
    deal = source.deals_used[0] if gid == "dominoes" else source.deals[0].to_json()
    other = game.new(config, seed=6)
    second = other.deals_used[0] if gid == "dominoes" else other.deals[0].to_json()
    if gid == "rummikub":  # K12: round 2's first seat follows round 1's
        second = {**second, "first": (deal["first"] + 1) % 2}
    state = game.new(config, deals=[deal, second])
    assert len(state.record()["deals"]) == 2
