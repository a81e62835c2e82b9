"""Yüzbir's penalties: the limit arithmetic (Y6, Y-D3), penalties during play (Y11, Y16,
Y17) and the end of a round (Y15, Y18, Y-D8). Pure functions of plain numbers.

A round's `ending` says how it ended, in words joined by "+" (as in Okey 101's "hand",
"okey", "pairs"): "hand" (an ordinary finish), "okey" (the last discard was the okey),
"pairs" (the finisher opened with pairs), "pairs+okey"; "+at_once" is added when the
finisher laid everything in one turn before anyone had opened (Y18). "draw": the pile ran
out (Y14).
"""

from __future__ import annotations

from math import ceil

from .tiles import colour_of

START_LIMIT = 17  # Y6
# Y15: the base penalty by the okey's colour (tile colours r, b, k, y = 0, 1, 2, 3)
BASE_BY_COLOUR = {0: 400, 1: 800, 2: 500, 3: 600}


def base_penalty(okey_kind: int) -> int:
    """Y15: red 400, black 500, yellow 600, blue 800."""
    return BASE_BY_COLOUR[colour_of(okey_kind)]


def pairs_limit(limit: int) -> int:
    """Y6: the pair limit is the run limit x 1.5, rounded up."""
    return ceil(limit * 3 / 2)


def needs(limit: int, anyone_opened: bool) -> tuple[int, int]:
    """Y-D3: (run opening, pairs opening) needed: reach the limits before anyone has opened,
    exceed them afterwards."""
    extra = 1 if anyone_opened else 0
    return limit + extra, pairs_limit(limit) + extra


def limit_after(kind: str, value: int) -> int:
    """Y-D3: a run opening of value v sets L = v; a pair opening of value p, ceil(p / 1.5)."""
    return value if kind == "melds" else ceil(value * 2 / 3)


def doubling(*pairs_players: bool) -> int:
    """Y11/Y16/Y17: x2 for each player concerned who opened with pairs."""
    return 2 ** sum(1 for p in pairs_players if p)


def addition_charge(number: int, actor_pairs: bool, owner_pairs: bool) -> int:
    """Y11: the represented number x 10, doubled for an actor and an owner who opened with pairs."""
    return number * 10 * doubling(actor_pairs, owner_pairs)


def playable_discard_charge(pairs_player: bool) -> int:
    """Y16: 100, 200 for a player who opened with pairs."""
    return 100 * doubling(pairs_player)


def okey_discard_charge(okey_kind: int, pairs_player: bool) -> int:
    """Y17: the base penalty, doubled for a player who opened with pairs."""
    return base_penalty(okey_kind) * doubling(pairs_player)


def ending_name(pairs: bool, okey: bool, at_once: bool) -> str:
    parts = ["pairs"] if pairs else []
    if okey:
        parts.append("okey")
    parts = parts or ["hand"]
    if at_once:
        parts.append("at_once")
    return "+".join(parts)


def multipliers(ending: str) -> tuple[int, int]:
    """Y-D8: (finish multiplier: pairs x2, okey x2; Y18's x4 on base penalties only).
    A round that ran out of tiles has neither."""
    parts = set(ending.split("+"))
    finish = (2 if "pairs" in parts else 1) * (2 if "okey" in parts else 1)
    return finish, 4 if "at_once" in parts else 1


def round_scores(okey_kind: int, ending: str, winner: int | None,
                 opened: list[bool], tiles_left: list[int]) -> list[int]:
    """Y15/Y18/Y-D8: per seat, the end-of-round penalty (penalties during play not included).

    The winner gets -base/10; a player who has not opened pays the base; one who opened pays
    10 per tile left (an okey is one tile). The finish multiplier applies to all three; Y18's
    x4 to the base penalties only."""
    base = base_penalty(okey_kind)
    finish, at_once = multipliers(ending)
    scores = []
    for seat, (has_opened, tiles) in enumerate(zip(opened, tiles_left, strict=True)):
        if seat == winner:
            scores.append(-(base // 10) * finish)
        elif has_opened:
            scores.append(10 * tiles * finish)
        else:
            scores.append(base * finish * at_once)
    return scores
