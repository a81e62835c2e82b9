"""A fast greedy play-out of one dominoes game from a full deal, for the Expert player.

Works on bare masks (no events, views or records): every seat plays its heaviest fitting
tile on the end that keeps most of its own tiles playable, lays its lightest tile dead
(D6) or passes (D7) when nothing fits. Returns the counted tiles per seat at the end.
"""

from __future__ import annotations

from .dominoes_tiles import ALL_MASK, HAS, HIGH, LOW, PIPS, tiles_of

# Tiles in a mask heaviest first, then doubles first (they are the hardest to place).
_ORDER = sorted(range(28), key=lambda t: (-PIPS[t], LOW[t] != HIGH[t]))


def _heaviest(mask: int) -> int:
    for t in _ORDER:
        if (mask >> t) & 1:
            return t
    raise ValueError("empty mask")


def _lightest(mask: int) -> int:
    return min(tiles_of(mask), key=lambda t: (PIPS[t], LOW[t]))


def place(t: int, left: int, right: int, hand_after: int) -> tuple[int, int]:
    """The ends after placing `t`: on the end it fits; if both fit, where the new end
    matches more of `hand_after`."""
    a, b = LOW[t], HIGH[t]
    fits_l = left == a or left == b
    fits_r = right == a or right == b
    new_l = (b if left == a else a) if fits_l else -1
    new_r = (b if right == a else a) if fits_r else -1
    if fits_l and fits_r and left != right:
        if (hand_after & HAS[new_l]).bit_count() > (hand_after & HAS[new_r]).bit_count():
            return new_l, right
        return left, new_r
    if fits_r:
        return left, new_r
    return new_l, right


def _variety(mask: int) -> int:
    return sum(1 for n in range(7) if mask & HAS[n])


def chance_next_fits(unseen: int, next_count: int, left: int, right: int) -> float:
    """P(a hand of `next_count` tiles drawn from `unseen` has one showing left or right)."""
    total = unseen.bit_count()
    fitting = (unseen & (HAS[left] | HAS[right])).bit_count()
    miss = 1.0
    for i in range(next_count):
        if total - i <= 0:
            break
        miss *= max(0.0, (total - fitting - i) / (total - i))
    return 1.0 - miss


def greedy_play(h: int, fit: int, left: int, right: int, unseen: int = -1,
                next_count: int = 0) -> tuple[int, int, int]:
    """The Normal player's cheap features: heavy tiles, doubles, tiles that fit the new
    ends, variety kept in hand and (given `unseen`, the tiles this player has not seen)
    ends the next player is unlikely to match. Returns (tile, new left, new right)."""
    best = None
    for t in tiles_of(fit):
        after = h ^ (1 << t)
        a, b = LOW[t], HIGH[t]
        options = []
        if left == a or left == b:
            options.append(((b if left == a else a), right))
        if (right == a or right == b) and not (left == right and options):
            options.append((left, (b if right == a else a)))
        for nl, nr in options:
            score = (PIPS[t] + 2.0 * (a == b)
                     + 1.5 * (after & (HAS[nl] | HAS[nr])).bit_count() + 0.5 * _variety(after))
            if unseen >= 0:
                score += 4.0 * (1.0 - chance_next_fits(unseen, next_count, nl, nr))
            if best is None or score > best[0]:
                best = (score, t, nl, nr)
    return best[1], best[2], best[3]


def playout(hands: list[int], deads: list[int], counts: list[int], left: int, right: int,
            turn: int, passes: int, dead_tiles: bool, smart: int = 0,
            played: int = 0) -> list[int]:
    """Play to the end (D8, D-D4); mutates the lists. Returns hand|dead per seat.
    smart 0: heaviest tile; 1: greedy_play's features; 2: also the next-player term
    (needs `played`, the tiles in the line)."""
    n = len(hands)
    while True:
        h = hands[turn]
        fit = h & (HAS[left] | HAS[right])
        if fit:
            if smart and fit & (fit - 1):
                if smart == 2:
                    unseen = ALL_MASK & ~(played | h | deads[turn])
                    nxt = (turn + 1) % n
                    t, left, right = greedy_play(h, fit, left, right, unseen, counts[nxt])
                else:
                    t, left, right = greedy_play(h, fit, left, right)
                h ^= 1 << t
                played |= 1 << t
            else:
                t = _heaviest(fit)
                h ^= 1 << t
                played |= 1 << t
                left, right = place(t, left, right, h)
            hands[turn] = h
            counts[turn] -= 1
            passes = 0
            if counts[turn] == 0:
                break
        elif dead_tiles:
            t = _lightest(h)
            hands[turn] = h ^ (1 << t)
            deads[turn] |= 1 << t
            counts[turn] -= 1
            if counts[turn] == 0:
                break
        else:
            passes += 1
            if passes == n:
                break
        turn = (turn + 1) % n
    return [hands[s] | deads[s] for s in range(n)]
