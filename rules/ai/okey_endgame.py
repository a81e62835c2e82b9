"""The finish of an okey-family round seen from a rack (O9, O16-O18, O24).

After opening, a player finishes on the turn they can lay every tile but one and discard
that one. `Table` models where tiles can still go (run ends, the free colour of a set of
three); `can_lay_all` and `can_finish` search the few orders that matter for a small rack.
An okey fits any run end or set of three (O-D6).
"""

from __future__ import annotations

from collections import Counter

from ..okey_melds import resolve
from ..solvers.okey_opening import best_opening
from ..tiles import WILD, colour_of, kind, number_of
from .okey_hand import has_partner
from .okey_knowledge import identity


class Table:
    """Open slots on the table: runs as [colour, low, high] positions, sets of three as the
    colours they still accept. Immutable in use: `with_tile` returns a new table."""

    __slots__ = ("runs", "sets", "ace_high", "_accepts")

    def __init__(self, runs, sets, ace_high):
        self.runs = runs  # tuple of (colour, low, high)
        self.sets = sets  # tuple of (number, frozenset of colours accepted)
        self.ace_high = ace_high
        self._accepts = None

    @classmethod
    def of(cls, view) -> Table:
        runs, sets = [], []
        for _n, _owner, tiles, kind_ in view.melds:
            if kind_ == "pair":
                continue
            m = resolve(tiles, view.okey_kind, view.ace_high)
            if m is None:
                continue
            if m.kind == "run":
                runs.append((m.colour, m.numbers[0], m.numbers[-1]))
            elif len(m.tiles) == 3:
                reals = {colour_of(identity(t, view.okey_kind)) for t in m.tiles if t != WILD}
                sets.append((m.numbers[0], frozenset(c for c in range(4) if c not in reals)))
        return cls(tuple(runs), tuple(sets), view.ace_high)

    def _top(self) -> int:
        return 14 if self.ace_high else 13

    def _run_ends(self, i):
        """(new run, position) for each end of run i that can still grow (O10, O-D3)."""
        c, lo, hi = self.runs[i]
        if hi - lo + 1 >= 13:
            return
        if lo > 1 and not (lo == 2 and hi == 14):
            yield (c, lo - 1, hi), lo - 1
        if hi < self._top() and not (lo == 1 and hi + 1 == 14):
            yield (c, lo, hi + 1), hi + 1

    def fits(self, tile: int, okey_kind: int) -> list[Table]:
        """The tables that result from adding `tile` somewhere (one per distinct place)."""
        out = []
        if tile == WILD:
            for i in range(len(self.runs)):
                for new, _p in self._run_ends(i):
                    out.append(self._replace_run(i, new))
            for i in range(len(self.sets)):
                out.append(self._drop_set(i))
            return out
        ident = identity(tile, okey_kind)
        c, n = colour_of(ident), number_of(ident)
        for i, (rc, _lo, _hi) in enumerate(self.runs):
            if rc != c:
                continue
            for new, p in self._run_ends(i):
                if (p - 1) % 13 + 1 == n:
                    out.append(self._replace_run(i, new))
        for i, (sn, cols) in enumerate(self.sets):
            if sn == n and c in cols:
                out.append(self._drop_set(i))
                break
        return out

    def _replace_run(self, i, new) -> Table:
        return Table(self.runs[:i] + (new,) + self.runs[i + 1:], self.sets, self.ace_high)

    def _drop_set(self, i) -> Table:
        return Table(self.runs, self.sets[:i] + self.sets[i + 1:], self.ace_high)

    def accepts(self, okey_kind: int) -> set[int]:
        """Kinds a real tile may have to be added now."""
        if self._accepts is None:
            self._accepts = self._find_accepts()
        return self._accepts

    def _find_accepts(self) -> set[int]:
        out = set()
        for i in range(len(self.runs)):
            c = self.runs[i][0]
            for _new, p in self._run_ends(i):
                out.add(kind(c, (p - 1) % 13 + 1))
        for n, cols in self.sets:
            out.update(kind(c, n) for c in cols)
        return out


class Finisher:
    """Answers "can this rack be laid out?" for one table, memoised per rack."""

    def __init__(self, table: Table, okey_kind: int, scoring):
        self.table = table
        self.okey = okey_kind
        self.scoring = scoring
        self._memo: dict = {}

    def can_lay_all(self, tiles, table: Table | None = None) -> bool:
        table = table or self.table
        key = (tuple(sorted(tiles)), table.runs, table.sets)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        result = self._search(list(key[0]), table)
        self._memo[key] = result
        return result

    def stranded(self, tiles, table: Table | None = None) -> int:
        """Tiles with no place at all: no table slot now and no possible meld partner in the
        rack (a chain r8 r9 onto r5-r7 counts r9 as partnered)."""
        table = table or self.table
        accepts = table.accepts(self.okey)
        if WILD in tiles:
            return 0 if (table.runs or table.sets or len(tiles) >= 3) else 1
        out = 0
        for i, t in enumerate(tiles):
            if identity(t, self.okey) in accepts:
                continue
            if has_partner(tiles[:i] + tiles[i + 1:], t, self.okey):
                continue
            out += 1
        return out

    def _search(self, tiles, table: Table) -> bool:
        if not tiles:
            return True
        if self.stranded(tiles, table):
            return False
        o = best_opening(tiles, self.okey, self.scoring)
        if o.tiles_used == len(tiles):
            return True
        for t in sorted(set(tiles)):
            for nxt in table.fits(t, self.okey):
                rest = list(tiles)
                rest.remove(t)
                if self.can_lay_all(rest, nxt):
                    return True
        # A meld laid first can open a place for a tile (r5 r6 r7 laid, then r8 added).
        for meld in o.melds:
            rest = Counter(tiles)
            rest.subtract(meld)
            left = list((+rest).elements())
            m = resolve(meld, self.okey, table.ace_high)
            if m is not None and m.kind == "run" and left:
                grown = Table(table.runs + ((m.colour, m.numbers[0], m.numbers[-1]),), table.sets, table.ace_high)
                if self.can_lay_all(left, grown):
                    return True
        return False

    def can_finish(self, tiles) -> bool:
        """Lay all but one tile, then discard it (O24); the okey is the best last tile."""
        tiles = list(tiles)
        if self.stranded(tiles) > 1:
            return False
        for last in sorted(set(tiles), key=lambda t: t != WILD):
            rest = list(tiles)
            rest.remove(last)
            if self.can_lay_all(rest):
                return True
        return False


def left_after_laying(tiles, table: Table, okey_kind: int, scoring) -> int:
    """How many tiles stay in the rack after laying its best melds and then adding every
    tile that fits the table, okeys last (a quick greedy count, not a search)."""
    rest = list(tiles)
    for _ in range(3):
        o = best_opening(rest, okey_kind, scoring)
        for m in o.melds:
            for t in m:
                rest.remove(t)
            meld = resolve(m, okey_kind, table.ace_high)
            if meld is not None and meld.kind == "run":
                table = Table(table.runs + ((meld.colour, meld.numbers[0], meld.numbers[-1]),),
                              table.sets, table.ace_high)
        changed = True
        while changed:
            changed = False
            for t in sorted(set(rest), key=lambda t: t == WILD):
                fits = table.fits(t, okey_kind)
                if fits:
                    rest.remove(t)
                    table = fits[0]
                    changed = True
                    break
        if not o.melds:
            break
    return len(rest)
