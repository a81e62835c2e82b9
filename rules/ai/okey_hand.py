"""What an okey-family computer player knows while judging its rack: the round's facts
(okey, scoring, unseen tiles, where the table takes tiles), the exact best melds a rack
holds (the opening solver, memoised across calls: answers depend only on the rack), and
the *near melds* two tiles form (one more tile would make a run or a set).
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
    """Two rack tiles that one more tile would complete, and the kinds that complete them."""

    completions: tuple[int, ...]


class Judge:
    def __init__(self, okey_kind: int, scoring, know: Knowledge, table_kinds=frozenset()):
        self.okey = okey_kind
        self.scoring = scoring
        self.ace_high = scoring.ace_high
        self.know = know
        self.table_kinds = table_kinds  # kinds that would extend a meld on the table
        self._links: dict = {}

    # ----- solver calls, memoised ------------------------------------------------------------
    def opening(self, tiles, keep: int = 0):
        key = (self.okey, self.scoring.name, tuple(sorted(tiles)), keep)
        hit = _OPENINGS.get(key)
        if hit is not None:
            return hit
        hit = best_opening(key[2], self.okey, self.scoring, keep=keep)
        if len(_OPENINGS) >= _CACHE_SIZE:
            _OPENINGS.pop(next(iter(_OPENINGS)))
        _OPENINGS[key] = hit
        return hit

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
            return Link(tuple(kind(c, na) for c in range(4) if c not in (ca, cb)))
        if a == b:
            return None
        top = 14 if self.ace_high else 13
        comps: set[int] = set()
        for pa in positions(na, self.ace_high):
            for pb in positions(nb, self.ace_high):
                lo, hi = min(pa, pb), max(pa, pb)
                if hi - lo == 1:
                    comps.update(kind(ca, face(p)) for p in (lo - 1, hi + 1) if 1 <= p <= top)
                elif hi - lo == 2:
                    comps.add(kind(ca, face(lo + 1)))
        return Link(tuple(sorted(comps))) if comps else None


_OPENINGS: dict = {}  # (okey, scoring, rack, keep) -> Opening; insertion-ordered, oldest out
_CACHE_SIZE = 20_000  # about 20 MB at most


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
