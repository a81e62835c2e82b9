"""Bench: the exact okey opening solver on random hands that hold both okeys.

Times best_opening and best_pairs per scoring on 15-tile hands (the first player's hand,
target p99 < 10 ms) and best_opening on 22-tile hands (a long Yüzbir round).
"""

from __future__ import annotations

import random
import time

from bot.bench.timing import summarise
from rules.solvers.okey_opening import OKEY101_SCORING, YUZBIR_SCORING, best_opening, best_pairs
from rules.tiles import FAKE, WILD, okey_kind_for

SEED = 101


def _hands(rng: random.Random, n: int, size: int) -> list[tuple[list[int], int]]:
    """Hands of `size` tiles with both okeys, drawn from a full set without the indicator."""
    out = []
    for _ in range(n):
        indicator = rng.randrange(52)
        okey_kind = okey_kind_for(indicator)
        pool = [k for k in range(52) for _ in range(2) if k != okey_kind]
        pool.remove(indicator)
        pool += [FAKE, FAKE]
        out.append((rng.sample(pool, size - 2) + [WILD, WILD], okey_kind))
    return out


def _time(fn, hands, scoring) -> dict:
    fn(*hands[0], scoring)  # warm the per-scoring shape tables before timing
    samples = []
    for hand, okey_kind in hands:
        start = time.perf_counter()
        fn(hand, okey_kind, scoring)
        samples.append(time.perf_counter() - start)
    return summarise(samples)


def run(quick: bool) -> dict:
    rng = random.Random(SEED)
    n = 300 if quick else 2000
    hands15 = _hands(rng, n, 15)
    hands22 = _hands(rng, max(50, n // 10), 22)
    res = {}
    for scoring in (OKEY101_SCORING, YUZBIR_SCORING):
        res[f"{scoring.name} opening 15"] = _time(best_opening, hands15, scoring)
        res[f"{scoring.name} pairs 15"] = _time(best_pairs, hands15, scoring)
        res[f"{scoring.name} opening 22"] = _time(best_opening, hands22, scoring)
    return res


def lines(res: dict) -> list[str]:
    return [
        f"{name:<22} n={s['n']:<5} median {s['median_ms']:.3f} ms  p99 {s['p99_ms']:.3f} ms  max {s['max_ms']:.3f} ms"
        for name, s in res.items()
    ]
