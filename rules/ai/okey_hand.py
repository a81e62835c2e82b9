"""Judging an okey-family rack for the computer players: what to keep and what to throw.

`Judge` holds the round's facts (okey, scoring, what is still unseen) and scores a rack:
the exact best melds it holds (the opening solver) plus the *near melds* among the tiles
left over (two tiles that one more tile would turn into a run or a set), each weighted by
how many copies of the missing tile are still unseen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..solvers.okey_opening import best_opening, best_pairs
from ..tiles import WILD, colour_of, kind, number_of
from .okey_knowledge import Knowledge, identity


def positions(number: int, ace_high: bool) -> tuple[int, ...]:
    """Where a number may stand in a run: a 1 also after 13 when the game allows (O10)."""
    return (1, 14) if number == 1 and ace_high else (number,)


def face(position: int) -> int:
    return 1 if position == 14 else position


@dataclass(frozen=True)
class Link:
    """Two rack tiles that one more tile would complete: the kinds that complete it, the
    completed meld's value and a weight for how easily such shapes fill."""

    completions: tuple[int, ...]
    value: int
    weight: float


class Judge:
    def __init__(self, okey_kind: int, scoring, know: Knowledge, table_kinds=frozenset(),
                 table_wild: bool = False):
        self.okey = okey_kind
        self.scoring = scoring
        self.ace_high = scoring.ace_high
        self.know = know
        self.table_kinds = table_kinds  # kinds that would extend a meld on the table
        self.table_wild = table_wild
        self._links: dict = {}
        self._parents: list = []
        self._derived: dict = {}

    # ----- solver calls, memoised ------------------------------------------------------------
    def opening(self, tiles, keep: int = 0):
        key = (self.okey, self.scoring.name, tuple(sorted(tiles)), keep)
        hit = _OPENINGS.get(key) or self._derived.get(key)
        if hit is not None:
            return hit
        if keep == 0:
            # Kept per call only: the melds (not the value) may differ from the solver's
            # own tie-break, and answers must not depend on what was asked before.
            hit = self._from_parent(key[2])
            if hit is not None:
                self._derived[key] = hit
                return hit
        hit = best_opening(key[2], self.okey, self.scoring, keep=keep)
        if len(_OPENINGS) >= _CACHE_SIZE:
            _OPENINGS.pop(next(iter(_OPENINGS)))
        _OPENINGS[key] = hit
        return hit

    def note_parent(self, tiles) -> None:
        """A rack whose one-tile-smaller subracks will be asked next (the discard loop):
        dropping a tile its best melds do not use leaves the same best melds."""
        self._parents.append((Counter(tiles), self.opening(tiles)))

    def _from_parent(self, tiles):
        for parent, o in self._parents:
            if sum(parent.values()) != len(tiles) + 1:
                continue
            extra = parent - Counter(tiles)
            if sum(extra.values()) != 1:
                continue
            (d,) = extra
            if sum(m.count(d) for m in o.melds) < parent[d]:
                return o
        return None

    def pairs(self, tiles, keep: int = 0):
        return best_pairs(tuple(sorted(tiles)), self.okey, self.scoring, keep=keep)

    # ----- near melds --------------------------------------------------------------------
    def link(self, a: int, b: int) -> Link | None:
        """The near meld two identities form, if any (cached: a rack asks many times)."""
        if a > b:
            a, b = b, a
        key = (a, b)
        if key in self._links:
            return self._links[key]
        self._links[key] = out = self._make_link(a, b)
        return out

    def _make_link(self, a: int, b: int) -> Link | None:
        ca, cb = colour_of(a), colour_of(b)
        na, nb = number_of(a), number_of(b)
        if ca != cb:
            if na != nb:
                return None
            others = tuple(kind(c, na) for c in range(4) if c not in (ca, cb))
            return Link(others, self.scoring.set_value(na, 3), 0.9)
        if a == b:
            return None
        top = 14 if self.ace_high else 13
        best = None
        for pa in positions(na, self.ace_high):
            for pb in positions(nb, self.ace_high):
                lo, hi = min(pa, pb), max(pa, pb)
                if hi - lo == 1:
                    comps = tuple(kind(ca, face(p)) for p in (lo - 1, hi + 1) if 1 <= p <= top)
                    value = self.scoring.run_value((lo, hi, hi + 1 if hi < top else lo - 1))
                    cand = Link(comps, value, 1.0)
                elif hi - lo == 2:
                    cand = Link((kind(ca, face(lo + 1)),), self.scoring.run_value((lo, lo + 1, hi)), 0.6)
                else:
                    continue
                if best is None or cand.weight > best.weight:
                    best = cand
        return best

    def outs(self, link: Link, rack: Counter) -> int:
        """Unseen copies of the completing kinds (copies in the rack are not outs)."""
        return sum(self.know.unseen[k] for k in link.completions)

    def near_value(self, left: list[int], by_points: bool) -> float:
        """Near melds among leftover tiles: each tile counts in its best link only."""
        ids = [identity(t, self.okey) for t in left if t != WILD]
        rack = Counter(ids)
        best: dict[int, float] = {}
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                lk = self.link(ids[i], ids[j])
                if lk is None:
                    continue
                outs = self.outs(lk, rack)
                if outs <= 0:
                    continue
                score = lk.weight * min(outs, 3) / 3 * (lk.value if by_points else 3)
                for x in (i, j):
                    if score > best.get(x, 0.0):
                        best[x] = score
        return sum(best.values()) / 2

    # ----- a rack's worth ------------------------------------------------------------------
    def value_before_opening(self, tiles, alpha: float = 0.35) -> float:
        """Opening points held now plus a share of what near melds may bring (O14)."""
        o = self.opening(tiles)
        left = minus(tiles, o.melds)
        return o.value + alpha * self.near_value(left, by_points=True)

    def value_after_opening(self, tiles) -> float:
        """After opening, every tile still to be laid is a tile short of finishing (O24),
        and each one left costs its points if someone else finishes (O25)."""
        o = self.opening(tiles)
        left = minus(tiles, o.melds)
        extendable = sum(1 for t in left if t != WILD and identity(t, self.okey) in self.table_kinds)
        plain = [t for t in left if t == WILD or identity(t, self.okey) not in self.table_kinds]
        points = sum(number_of(identity(t, self.okey)) for t in plain if t != WILD)
        return (3.0 * o.tiles_used + 2.5 * extendable + 4.0 * self.near_value(plain, by_points=False)
                - 3.0 * len(plain) - 0.05 * points + 6.0 * left.count(WILD))

    def value_pairs(self, tiles) -> float:
        """Pairs route: pairs held, and singles whose twin is still unseen (O22, O23)."""
        p = self.pairs(tiles)
        left = minus(tiles, p.pairs)
        live = sum(min(1.0, self.know.unseen[identity(t, self.okey)] / 1.0) for t in left if t != WILD)
        return 10.0 * p.count + 2.0 * live


_OPENINGS: dict = {}  # (okey, scoring, rack, keep) -> Opening; insertion-ordered, oldest out
_CACHE_SIZE = 50_000


def minus(tiles, groups) -> list[int]:
    """The rack without the tiles of `groups` (melds or pairs)."""
    rest = Counter(tiles)
    for g in groups:
        rest.subtract(g)
    return list((+rest).elements())


def has_partner(tiles, tile: int, okey_kind: int) -> bool:
    """Could `tile` be in a meld with some of `tiles`: one of its number in another colour,
    one within two of it in its colour, or two okeys (O10-O12)?"""
    if list(tiles).count(WILD) >= 2:
        return True
    ident = identity(tile, okey_kind)
    c, n = colour_of(ident), number_of(ident)
    for t in tiles:
        if t == WILD:
            continue
        k = identity(t, okey_kind)
        if k == ident:
            continue
        m = number_of(k)
        if m == n or (colour_of(k) == c and min(abs(m - n), 13 - abs(m - n)) <= 2):
            return True
    return False
