"""Small helpers for benchmark statistics."""

from __future__ import annotations

import statistics


def summarise(samples_s: list[float]) -> dict:
    """Median, p99 and max of durations given in seconds, reported in milliseconds."""
    s = sorted(samples_s)
    if not s:
        return {"n": 0}
    return {
        "n": len(s),
        "median_ms": round(statistics.median(s) * 1000, 3),
        "p99_ms": round(s[min(len(s) - 1, int(0.99 * len(s)))] * 1000, 3),
        "max_ms": round(s[-1] * 1000, 3),
    }
