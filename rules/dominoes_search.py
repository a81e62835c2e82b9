"""The dominoes Expert's look-ahead over sampled deals, without assuming it knows the deal.

The others are read as Normal players, whose moves follow from the deal, so from one deal
a move of the Expert leads to exactly one position at its next turn. Deals that lead there
through the same public moves (plays with their ends, face-down dead tiles, passes) are
one situation to the Expert: it cannot tell them apart, so it must make one choice for all
of them. The tree takes, in each such group, the move with the best total over the
group, never a move per deal (that would be playing as if it saw the hidden tiles, which
overrates every position). Past `depth` decisions of its own, everyone plays as the
Normal player (rules/dominoes_playout.py). At depth 1 (the Expert's default) this is a
plain play-out of every deal after the move.

A deal can also say that some seats play their own way (`wild`: they choose at random) or
lay their heaviest tiles (`heavy`: ties at random), from a generator seeded per deal, so
that every move of the Expert meets the same luck.
"""

from __future__ import annotations

import random

from .dominoes_playout import playout
from .dominoes_policy import fast_drop, fast_play, heavy_drop, heavy_play, play_options, random_play
from .dominoes_tiles import HAS, random_tile, tiles_of

PLAY, DROP, PASS = 0, 1, 2


class Line:
    """One deal's game in progress, on bare masks."""

    __slots__ = ("hands", "deads", "counts", "left", "right", "turn", "passes", "line",
                 "lacks", "over", "wild", "seed", "heavy")

    def __init__(self, hands, deads, counts, left, right, turn, passes, line, lacks,
                 over=False, wild=0, seed=0, heavy=0):
        self.hands = hands
        self.deads = deads
        self.counts = counts
        self.left = left
        self.right = right
        self.turn = turn
        self.passes = passes
        self.line = line
        self.lacks = lacks
        self.over = over
        self.wild = wild  # seats (a bit each) that play at random
        self.seed = seed  # their luck in this deal
        self.heavy = heavy  # seats (a bit each) that lay their heaviest tiles

    def copy(self) -> Line:
        return Line(list(self.hands), list(self.deads), list(self.counts), self.left,
                    self.right, self.turn, self.passes, self.line, list(self.lacks), self.over,
                    self.wild, self.seed, self.heavy)

    def luck(self):
        """A fresh generator for the random and heavy seats (None when every seat is
        Normal)."""
        return random.Random(self.seed) if self.wild or self.heavy else None

    def moves(self, dead_tiles: bool) -> list[tuple]:
        """The mover's legal moves: (PLAY, tile, new left, new right), (DROP, tile) or
        (PASS,)."""
        h = self.hands[self.turn]
        plays = play_options(h, self.left, self.right)
        if plays:
            return [(PLAY, *p) for p in plays]
        if dead_tiles:
            return [(DROP, t) for t in tiles_of(h)]
        return [(PASS,)]

    def apply(self, move: tuple) -> None:
        s = self.turn
        n = len(self.hands)
        if move[0] == PLAY:
            _, t, self.left, self.right = move
            self.hands[s] ^= 1 << t
            self.line |= 1 << t
            self.counts[s] -= 1
            self.passes = 0
            self.over = self.counts[s] == 0
        else:
            self.lacks[s] |= (1 << self.left) | (1 << self.right)
            if move[0] == DROP:
                t = move[1]
                self.hands[s] ^= 1 << t
                self.deads[s] |= 1 << t
                self.counts[s] -= 1
                self.over = self.counts[s] == 0
            else:
                self.passes += 1
                self.over = self.passes == n
        self.turn = s + 1 if s + 1 < n else 0

    def kind_move(self, rules: tuple[bool, bool], rng) -> tuple:
        """The mover's move as its kind plays it: at random if a wild seat, heaviest first
        if a heavy one (both drawing from `rng`), else as the Normal player."""
        dead_tiles, zero25 = rules
        s = self.turn
        h = self.hands[s]
        wild = (self.wild >> s) & 1
        heavy = (self.heavy >> s) & 1
        if h & (HAS[self.left] | HAS[self.right]):
            if wild:
                return (PLAY, *random_play(h, self.left, self.right, rng))
            if heavy:
                return (PLAY, *heavy_play(h, self.left, self.right, rng))
            nxt = s + 1 if s + 1 < len(self.hands) else 0
            return (PLAY, *fast_play(h, self.deads[s], self.line, self.left, self.right,
                                     zero25, self.lacks[nxt], self.counts[nxt]))
        if not dead_tiles:
            return (PASS,)
        if wild:
            return (DROP, random_tile(h, rng))
        if heavy:
            return (DROP, heavy_drop(h))
        return (DROP, fast_drop(h, self.deads[s], self.line, self.left, self.right, zero25))

    def until(self, me: int, rules: tuple[bool, bool], rng=None) -> tuple:
        """The others play (as Normal, at random for the wild seats, heaviest first for the
        heavy ones, from `rng`) until it is `me`'s turn or the game is over. Returns what
        `me` sees of their moves (a dead tile is laid face down)."""
        seen = []
        while not self.over and self.turn != me:
            move = self.kind_move(rules, rng)
            self.apply(move)
            seen.append((DROP,) if move[0] == DROP else move)
        return tuple(seen)

    def finish(self, rules: tuple[bool, bool], rng=None) -> list[int]:
        """Everyone plays to the end (as in `until`): hand|dead per seat. (The same moves
        as `until`, in playout's faster loop, which records nothing.)"""
        if self.over:
            return [h | d for h, d in zip(self.hands, self.deads, strict=True)]
        return playout(list(self.hands), list(self.deads), list(self.counts), self.left,
                       self.right, self.turn, self.passes, rules, self.line, list(self.lacks),
                       self.wild, rng, self.heavy)


def move_value(group: list[tuple[float, Line]], move: tuple, depth: int, me: int,
               rules: tuple[bool, bool], score, total: float = 0.0) -> float:
    """`total` plus the weighted sum of `score(holdings)` over the deals of `group`
    (positions at `me`'s turn that `me` cannot tell apart) when `me` plays `move`, then
    chooses its next `depth - 1` moves by this look-ahead and plays as Normal after that.
    (Deals are added in order, so a sum over some deals can go on over the rest.)"""
    groups: dict[tuple, list] = {}
    for weight, position in group:
        after = position.copy()
        after.apply(move)
        rng = after.luck()
        seen = after.until(me, rules, rng)
        if after.over or depth <= 1:
            total += weight * score(after.finish(rules, rng))
        else:
            groups.setdefault(seen, []).append((weight, after))
    for same in groups.values():
        total += best_value(same, depth - 1, me, rules, score)
    return total


def best_value(group, depth: int, me: int, rules, score) -> float:
    """The best total `me` can get from a group of positions it cannot tell apart."""
    moves = group[0][1].moves(rules[0])
    return max(move_value(group, m, depth, me, rules, score) for m in moves)
