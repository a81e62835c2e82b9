"""A fast play-out of one dominoes game from a full deal, for the Expert player.

Works on bare masks (no events, views or records). Every seat plays like the Normal
player (rules/dominoes_policy.py), or, with `smart` off, its heaviest fitting tile and its
lightest dead tile. Returns the counted tiles per seat at the end.
"""

from __future__ import annotations

from .dominoes_policy import fast_drop, fast_play
from .dominoes_tiles import HAS, HIGH, LOW, PIPS, tiles_of

# Tiles heaviest first, then doubles first (they are the hardest to place).
_ORDER = sorted(range(28), key=lambda t: (-PIPS[t], LOW[t] != HIGH[t]))


def _heaviest(mask: int) -> int:
    for t in _ORDER:
        if (mask >> t) & 1:
            return t
    raise ValueError("empty mask")


def _lightest(mask: int) -> int:
    return min(tiles_of(mask), key=lambda t: (PIPS[t], LOW[t]))


def _place_heaviest(h: int, fit: int, left: int, right: int) -> tuple[int, int, int]:
    t = _heaviest(fit)
    a, b = LOW[t], HIGH[t]
    if right == a or right == b:
        return t, left, (b if right == a else a)
    return t, (b if left == a else a), right


def playout(hands: list[int], deads: list[int], counts: list[int], left: int, right: int,
            turn: int, passes: int, rules: tuple[bool, bool], line: int, lacks: list[int],
            smart: bool = True) -> list[int]:
    """Play to the end (D8, D-D4); mutates the lists. `rules` is (dead_tiles, zero25),
    `line` the mask of played tiles, `lacks` the numbers each seat is known to lack.
    Returns hand|dead per seat."""
    dead_tiles, zero25 = rules
    n = len(hands)
    while True:
        h = hands[turn]
        fit = h & (HAS[left] | HAS[right])
        if fit:
            if not smart:
                t, left, right = _place_heaviest(h, fit, left, right)
            else:
                nxt = turn + 1 if turn + 1 < n else 0
                t, left, right = fast_play(h, deads[turn], line, left, right, zero25,
                                             lacks[nxt], counts[nxt])
            hands[turn] = h ^ (1 << t)
            line |= 1 << t
            counts[turn] -= 1
            passes = 0
            if counts[turn] == 0:
                break
        else:
            lacks[turn] |= (1 << left) | (1 << right)
            if dead_tiles:
                t = fast_drop(h, deads[turn], line, left, right, zero25) if smart else _lightest(h)
                hands[turn] = h ^ (1 << t)
                deads[turn] |= 1 << t
                counts[turn] -= 1
                if counts[turn] == 0:
                    break
            else:
                passes += 1
                if passes == n:
                    break
        turn = turn + 1 if turn + 1 < n else 0
    return [hands[s] | deads[s] for s in range(n)]
