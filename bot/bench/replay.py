"""Replaying records (parse + legality check + apply) in actions per second, per game."""

from __future__ import annotations

import statistics
import time

from rules import game_ids, record

from .games import random_games


def run(quick: bool) -> dict:
    out = {}
    for gid in game_ids():
        records = [state.record() for state in random_games(gid, 20 if quick else 100)]
        actions = sum(len(r["actions"]) for r in records)
        rates = []
        for _ in range(3 if quick else 5):
            t0 = time.perf_counter()
            for rec in records:
                record.replay(rec)
            rates.append(actions / (time.perf_counter() - t0))
        out[gid] = {"records": len(records), "actions": actions,
                    "actions_per_s_median": round(statistics.median(rates))}
    return out


def lines(res: dict) -> list[str]:
    return [f"{gid:9} {r['actions_per_s_median']:8d} actions/s replayed (median of runs; "
            f"{r['actions']} actions in {r['records']} records)" for gid, r in res.items()]
