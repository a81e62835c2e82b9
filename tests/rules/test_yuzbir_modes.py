"""Yüzbir modes (Y21, Y22), table options, the hint (`tilebot hint yuzbir`), replay from
the command line, and the message catalogue."""

from __future__ import annotations

import json
import random
import re
import string

import pytest

from bot.cli import main
from rules import okey101, yuzbir
from rules.ai.random_agent import RandomAgent
from rules.errors import ConfigError

from .test_yuzbir_helpers import GAME, deal, play


# ----- Y21, Y22: modes and seats ------------------------------------------------------------
def test_Y21_single_player_mode_plays_seven_rounds():
    config = GAME.Config.from_options({"mode": "single"})
    assert config.rounds == 7 and GAME.Config.from_options(config.to_json()) == config
    with pytest.raises(ConfigError) as e:
        GAME.Config.from_options({"mode": "single", "rounds": "3"})
    assert e.value.key == "yuzbir.error.single_rounds"
    with pytest.raises(ConfigError):  # asked for, though 1 is the default count
        GAME.Config.from_options({"mode": "single", "rounds": "1"})
    assert GAME.Config.from_options({"mode": "single", "rounds": "7"}).rounds == 7
    assert GAME.Config() == GAME.Config.from_options({"mode": "online", "rounds": "1"})
    assert (GAME.Config().assisted, GAME.Config().timer) == (True, 60)


def test_Y21_the_record_is_the_total_of_a_completed_single_player_match():
    config = GAME.Config.from_options({"mode": "single"})
    state = GAME.new(config, seed=11)
    agent, rng = RandomAgent(GAME), random.Random(11)
    firsts = []
    while not state.is_finished:
        if not firsts or firsts[-1][0] != state.round_index:
            firsts.append((state.round_index, state.r.deal.first))
        assert GAME.single_player_record(config, state.outcome()) is None  # not completed yet
        state.apply(agent.choose(state.view(state.current_player), rng))
    out = state.outcome()
    assert len(out["rounds"]) == 7
    assert GAME.single_player_record(config, out) == out["totals"][0]
    assert GAME.single_player_record(config, out, seat=2) == out["totals"][2]
    # Y-D1 (as O-D2): each round starts with the next seat
    assert [f for _, f in firsts] == [(firsts[0][1] + i) % 4 for i in range(7)]
    online = GAME.Config.from_options({"rounds": "7"})
    assert GAME.single_player_record(online, out) is None  # online results are kept apart (Y22)


def test_Y22_seat_plans_two_humans_sit_opposite():
    assert GAME.seat_plan(1) == [True, False, False, False]
    assert GAME.seat_plan(2) == [True, False, True, False]
    assert GAME.seat_plan(3) == [True, True, True, False]
    assert GAME.seat_plan(4) == [True] * 4
    for bad in (0, 5):
        with pytest.raises(ConfigError):
            GAME.seat_plan(bad)


def test_Y22_three_round_online_match_from_deals():
    deals = [deal(["", "", "", ""], first=f) for f in (2, 3, 0)]
    state = GAME.new(GAME.Config.from_options({"rounds": "3"}), deals=deals)
    assert state.r.deal.first == 2 and state.config.rounds == 3


# ----- the hint ----------------------------------------------------------------------------
HAND = "r1 r2 r3 r4 r5 r6 r7 k13 b13 y13 b9 b9 y2 y2 k1"


def test_hint_values_in_meld_points_with_pairs_value_and_limit():
    result = GAME.hint({"indicator": "b4", "hand": HAND})  # okey b5: no okey in this hand
    assert result["opening"]["value"] == 10 + 17  # 1-7 = 10, three 13s = 17 (Y5)
    assert result["pairs"] == {"pairs": [["b9", "b9"], ["y2", "y2"]], "count": 2, "value": 11}
    assert result["limit"] == 17 and result["pair_limit"] == 26
    text = GAME.format_hint(result)
    assert "27 points" in text and "pairs (2, 11 points)" in text and "limit: 17" in text


def run(capsys, *argv):
    code = main(list(argv))
    out, _ = capsys.readouterr()
    return code, out


def test_tilebot_hint_yuzbir_json(capsys):
    code, out = run(capsys, "hint", "yuzbir", "--indicator", "b4", "--hand", HAND, "--json")
    assert code == 0 and json.loads(out) == GAME.hint({"indicator": "b4", "hand": HAND})


def test_tilebot_replay_yuzbir_record(tmp_path, capsys):
    d = deal(["r5 r6 r7 b10 b11 b12", "", "", ""])
    state = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}", "draw"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    code, out = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out) == state.outcome()


def test_view_json_shows_the_limit_and_provisional_melds():
    d = deal(["r1 r2 r3", "", "", ""])
    view = play(d, ["open r1 r2 r3"]).view(2).to_json()
    assert view["limit"] == 17 and view["need"] == 17 and view["pair_need"] == 26
    assert list(view["provisional"]) == [1] and view["provisional_value"] == 2
    assert view["base_penalty"] == 600 and "rack" in view and view["game"] == "yuzbir"
    json.dumps(view)


# ----- messages ----------------------------------------------------------------------------
def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_yuzbir_key_in_the_code_has_a_message():
    import inspect

    from rules import yuzbir_state

    used = set(re.findall(r'"(yuzbir\.[a-z_.]+)"', inspect.getsource(yuzbir_state)))
    used |= set(re.findall(r'"(yuzbir\.[a-z_.]+)"', inspect.getsource(yuzbir)))
    assert used <= set(yuzbir.MESSAGES) and used
    assert all(k.startswith("yuzbir.") for k in yuzbir.MESSAGES)


def test_events_of_random_games_have_messages_with_matching_placeholders():
    messages = {**okey101.MESSAGES, **yuzbir.MESSAGES}
    seen = set()
    for seed in range(40):
        state = GAME.new(GAME.Config(), seed=seed)
        agent, rng = RandomAgent(GAME), random.Random(seed)
        while not state.is_finished:
            for event in state.apply(agent.choose(state.view(state.current_player), rng)):
                text = messages[event.key]
                assert _placeholders(text) <= set(event.for_seat(event.seat)), event.key
                seen.add(event.key)
    assert {"yuzbir.opened", "yuzbir.discard_refused", "yuzbir.opening_returned"} <= seen
