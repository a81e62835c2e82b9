"""A fast play-out of one dominoes game from a full deal, for the Expert player.

Works on bare masks (no events, views or records). Every seat plays like the Normal
player (rules/dominoes_policy.py), except the seats the Expert reads as other kinds of
player: those in `wild` choose at random among their legal moves, those in `heavy` lay
their heaviest tiles (and their lightest dead). Returns the counted tiles per seat at the
end.
"""

from __future__ import annotations

from .dominoes_policy import fast_drop, fast_play, heavy_drop, heavy_play, random_play
from .dominoes_tiles import HAS, random_tile


def playout(hands: list[int], deads: list[int], counts: list[int], left: int, right: int,
            turn: int, passes: int, rules: tuple[bool, bool], line: int,
            lacks: list[int], wild: int = 0, rng=None, heavy: int = 0) -> list[int]:
    """Play to the end (D8, D-D4); mutates the lists. `rules` is (dead_tiles, zero25),
    `line` the mask of played tiles, `lacks` the numbers each seat is known to lack, `wild`
    and `heavy` the seats (a bit each) that play at random or their heaviest tiles, drawing
    from `rng`. Returns hand|dead per seat."""
    dead_tiles, zero25 = rules
    n = len(hands)
    odd = wild | heavy
    while True:
        h = hands[turn]
        fit = h & (HAS[left] | HAS[right])
        if fit:
            if (odd >> turn) & 1:
                pick = heavy_play if (heavy >> turn) & 1 else random_play
                t, left, right = pick(h, left, right, rng)
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
                if (heavy >> turn) & 1:
                    t = heavy_drop(h)
                elif (wild >> turn) & 1:
                    t = random_tile(h, rng)
                else:
                    t = fast_drop(h, deads[turn], line, left, right, zero25)
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
