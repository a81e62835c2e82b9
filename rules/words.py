"""Typed words as the bot compares them, whichever way the reader capitalises."""

from __future__ import annotations


def fold(word) -> str:
    """Lower case for English and Turkish readers alike: `AÇIK`, `AKTİF` and `İD` match
    `açık`, `aktif` and `id` (str.lower turns İ into i and a combining dot, and I into i
    where Turkish means ı), so İ, I and ı all read as i."""
    return str(word).strip().replace("İ", "i").lower().replace("ı", "i")


def echoed(text, limit: int = 40) -> str:
    """What a person typed, as a refusal quotes it back: a pasted page is not sent back
    whole (it would split over several messages), only its start."""
    text = str(text).strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"
