"""Golden records of every game replay to their recorded outcome (files under tests/golden)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.record import replay

GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*/*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[f"{p.parent.name}/{p.stem}" for p in GOLDEN])
def test_golden_record_replays_to_its_outcome(path):
    record = json.loads(path.read_text())
    expect = record.pop("expect")
    state = replay(record)
    out = state.outcome()
    assert {k: out[k] for k in expect} == expect
    if "expect_penalties" in record:  # okey games: the penalties charged so far this round
        assert list(state.r.penalties) == record["expect_penalties"]
