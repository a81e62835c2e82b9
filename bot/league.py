"""League ratings per chat and game: multiplayer Elo.

A match of n players counts as the n(n-1)/2 head-to-head results it implies: the match
winners beat everyone else, and otherwise the better total wins (lower or higher, whichever
way the game's winners point); equal totals draw. Each person's rating moves by
K / (n - 1) times the sum of (result - expected) over their opponents, so a 4-player match
weighs like one two-player game. Partners (2v2) are not rated against each other.
Computer players take part at a fixed rating per level and are never stored.
"""

from __future__ import annotations

START = 1000.0
K = 32.0
COMPUTER_RATING = {"random": 600.0, "beginner": 800.0, "normal": 1000.0, "expert": 1200.0}


def _lower_is_better(outcome: dict) -> bool:
    totals, winners = outcome["totals"], outcome["winners"]
    if not winners:
        return True
    return totals[winners[0]] <= min(totals)


def head_to_head(outcome: dict, i: int, j: int) -> float:
    """1 if seat i did better than seat j, 0.5 for a draw, 0 if worse."""
    winners = outcome["winners"]
    wi, wj = i in winners, j in winners
    if wi != wj:
        return 1.0 if wi else 0.0
    ti, tj = outcome["totals"][i], outcome["totals"][j]
    if ti == tj:
        return 0.5
    better = ti < tj if _lower_is_better(outcome) else ti > tj
    return 1.0 if better else 0.0


def expected(ri: float, rj: float) -> float:
    return 1.0 / (1.0 + 10 ** ((rj - ri) / 400.0))


def rate(outcome: dict, ratings: list[float], rated: list[bool],
         partners: bool = False) -> list[float]:
    """New ratings for every seat (unchanged for seats not `rated`)."""
    n = len(ratings)
    out = list(ratings)
    for i in range(n):
        if not rated[i]:
            continue
        opponents = [j for j in range(n) if j != i and not (partners and j == (i + n // 2) % n)]
        if not opponents:
            continue
        delta = sum(head_to_head(outcome, i, j) - expected(ratings[i], ratings[j])
                    for j in opponents)
        out[i] = round(ratings[i] + K / len(opponents) * delta, 1)
    return out


def win_share(outcome: dict, seat: int, partners: bool = False) -> float:
    """1 for a win, shared when several sides tie; partners win as one side."""
    winners = outcome["winners"]
    if seat not in winners:
        return 0.0
    return min(1.0, (2.0 if partners else 1.0) / len(winners))
