"""Dominoes golden records (tests/golden/dominoes): whole games with explicit deals that end
in the D12 worked examples and other rule situations. The generic golden test checks their
outcomes too; here also the counted tiles each seat is left with."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.dominoes_scoring import count
from rules.dominoes_tiles import parse_tiles
from rules.record import replay

GOLDEN = Path(__file__).parent.parent / "golden" / "dominoes"
FILES = sorted(GOLDEN.glob("*.json"))


def load(name):
    return json.loads((GOLDEN / name).read_text())


def _holdings(state):
    r = state.revealed[-1]
    return [sorted(parse_tiles(f"{h} {d}")) for h, d in zip(r["hands"], r["dead"], strict=True)]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_dominoes_record_holdings_and_rewrite(path):
    # (tests/rules/test_golden_records.py checks "expect" against the outcome)
    rec = json.loads(path.read_text())
    state = replay(rec)
    assert state.outcome()["status"] == rec["expect"]["status"]
    if "expect_holdings" in rec:
        assert _holdings(state) == [sorted(parse_tiles(h)) for h in rec["expect_holdings"]]
    # the record the replayed state writes is the same game
    assert replay(state.record()).outcome() == state.outcome()


@pytest.mark.parametrize("name,holdings,scores,winner", [
    ("d12_example1.json", ["1-1 1-3", "1-5", "2-4", "2-3"], [6, 6, 6, 5], 3),
    ("d12_example2.json", ["1-1 1-3", "0-6", "2-4", "3-3", "6-6"], [6, 6, 6, 6, 12], 0),
    ("d12_example3.json", ["2-2 1-5", "1-3 3-3", "6-4", "0-5 2-3", "6-6"], [10, 10, 10, 10, 12], 1),
])
def test_D12_worked_examples_as_whole_games(name, holdings, scores, winner):
    state = replay(load(name))
    assert _holdings(state) == [sorted(parse_tiles(h)) for h in holdings]
    rnd = state.outcome()["rounds"][0]
    assert rnd["scores"] == scores and rnd["winner"] == winner
    assert state.outcome()["winners"] == [winner]


def test_D10_golden_lone_double_blank_counts_25():
    state = replay(load("zero25_lone_double_blank.json"))
    hs = _holdings(state)
    seat = next(s for s, h in enumerate(hs) if parse_tiles("0-0")[0] in h)
    assert state.outcome()["rounds"][0]["scores"][seat] == count(hs[seat]) + 25


def test_D_D4_golden_blocked_game_ends_on_four_passes():
    rec = load("pass_variant_blocked.json")
    assert rec["actions"][-4:] == ["pass"] * 4
    assert replay(rec).outcome()["rounds"][0]["ending"] == "blocked"


def test_tilebot_replay_prints_the_outcome_of_a_golden_record():
    path = GOLDEN / "d12_example1.json"
    res = subprocess.run([sys.executable, "-m", "bot.cli", "replay", str(path), "--json"],
                         capture_output=True, text=True, check=True)
    out = json.loads(res.stdout)
    assert out["winners"] == [3] and out["totals"] == [6, 6, 6, 5]
