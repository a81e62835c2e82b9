"""Tile efficiency for an okey-family rack: how far a rack is from laying out, and how many
of the tiles still unseen would bring it closer (the Expert's discard choice).

A rack's *shortfall* counts the tiles it still cannot place: those left after laying its
best melds (the exact opening search, O10-O14) and adding what fits the table (O16, O17),
plus, before opening, the points its melds still lack for the opening (O14), a tile per
`points_per_tile`. A discard is judged by the shortfall it leaves and by the *acceptance*
of the rest: over every tile identity the agent has not seen (counted exactly from its
view), the chance it is the next draw times how much it lowers the shortfall once the
worst tile is thrown.

One decision asks about a few hundred racks that differ from the current one by a tile
or two, so they share one search memo: the shapes it tries are those the current rack
could lay with at most one more tile (any other is out of reach of every rack asked).
"""

from __future__ import annotations

from ..solvers.okey_melds import count_hand
from ..solvers.okey_opening import _BITS, _ONES, _masks, _pack, _Search
from ..tiles import FAKE, WILD
from .okey_endgame import Table
from .okey_hand import has_partner


def shared_search(rack, okey_kind: int, scoring, extra: int = 1) -> _Search:
    """A search whose memo serves every rack made of `rack` less some tiles plus `extra`
    more."""
    counts, okeys, _fakes = count_hand(rack, okey_kind)
    present = sum(1 << (_BITS * k) for k in range(52) if counts[k])
    by_kind: list[list[tuple]] = [[] for _ in range(52)]
    for index, (shape, mask) in enumerate(_masks(scoring)):
        missing = (mask & ~present).bit_count()
        if missing <= okeys + extra:
            entry = (mask, shape.value, len(shape.kinds), index)
            for k in shape.kinds:
                by_kind[k].append(entry)
    return _Search(by_kind)


class Efficiency:
    """Shortfalls and acceptance for one decision (one view), memoised per rack."""

    def __init__(self, view, judge, scoring, rack, points_per_tile: float = 10.0):
        self.view = view
        self.okey = view.okey_kind
        self.table = Table.of(view)
        self.accepts = self.table.accepts(self.okey)
        self.opened = view.opened[view.seat] is not None
        self.need = view.need
        self.points_per_tile = points_per_tile
        self.search = shared_search(rack, self.okey, scoring)
        self.masks = _masks(scoring)
        self._memo: dict = {}
        know = judge.know
        self.judge_unseen = know.unseen
        self.unseen_okeys = know.unseen_okeys
        total = sum(know.unseen) + know.unseen_okeys
        self.draws = [(k, n / total) for k, n in enumerate(know.unseen) if n] if total else []
        if total and know.unseen_okeys:
            self.draws.append((WILD, know.unseen_okeys / total))

    def melds(self, tiles) -> tuple[int, list[int], int]:
        """(value of the best melds, the kinds left over, okeys left over)."""
        counts, okeys, _fakes = count_hand(tiles, self.okey)
        c, w = _pack(counts), okeys
        value = self.search.solve(c, w)[0]
        memo = self.search.memo
        left: list[int] = []
        while c:
            choice = memo[(c, w)][1]
            nz = (c | c >> 1 | c >> 2) & _ONES
            low = nz & -nz
            if choice is None:
                k = (low.bit_length() - 1) // _BITS
                left.extend([k] * ((c >> (_BITS * k)) & 7))
                c &= ~(7 * low)
                continue
            mask = self.masks[choice][1]
            w -= (mask & ~nz).bit_count()
            c -= mask & nz
        return value, left, w

    def shortfall(self, tiles) -> float:
        key = tuple(sorted(tiles))
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        value, left, okeys = self.melds(key)
        table = self.table
        stuck = 0
        for k in left:
            fits = table.fits(k, self.okey)
            if fits:
                table = fits[0]
            else:
                stuck += 1
        if okeys:
            stuck += 0 if (table.runs or table.sets) else okeys
        out = float(stuck)
        if not self.opened and value < self.need:
            out += (self.need - value) / self.points_per_tile
        self._memo[key] = out
        return out

    def acceptance(self, rest) -> float:
        """Expected fall of the shortfall from the next draw (then throwing the worst
        tile, which takes a leftover tile out: one less when any is left)."""
        base = self.shortfall(rest)
        gain = 0.0
        for k, p in self.draws:
            code = FAKE if k == self.okey else k
            if k != WILD and k not in self.accepts and not has_partner(rest, code, self.okey):
                continue  # a tile that melds with nothing changes nothing: it is thrown
            after = self.shortfall(list(rest) + [code]) - 1.0
            if after < base:
                gain += p * (base - after)
        return gain
