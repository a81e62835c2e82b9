"""The finish of an okey-family round seen from a rack (O9, O16-O18, O24).

After opening, a player finishes on the turn they can lay every tile but one and discard
that one. `Table` models where tiles can still go (run ends, the free colour of a set of
three); `can_lay_all` and `can_finish` search every way to lay a rack out: tiles added to
the table and any melds from the rack (not only the most valuable split: r1 y1 y3 y4 *
lays out as y1 * y3 y4 and r1, where the best opening y3 y4 * strands y1). An okey fits
any run end or set of three (O-D6). `LayOut` plans a whole turn's way out, the value of its
new melds counted: an opening laid and finished in one turn (O14, Y6), and Yüzbir's one
tile per run end a turn (Y10).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from .. import okey_actions as A
from ..okey_melds import add_tile, resolve
from ..solvers.okey_opening import best_opening
from ..tiles import FAKE, WILD, colour_of, kind, number_of
from .okey_hand import has_partner
from .okey_knowledge import identity
from .okey_plans import resolved


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


class OutOfTime(Exception):
    """A finish search went past its budget of positions: the answer is "not found"."""


class Finisher:
    """Answers "can this rack be laid out?" for one table, memoised per rack. `budget`: how
    many positions one question may search before it gives up with "no" (a big rack with an
    okey has many ways to split; a rack that lays out is found long before)."""

    budget = 4000

    def __init__(self, table: Table, okey_kind: int, scoring):
        self.table = table
        self.okey = okey_kind
        self.scoring = scoring
        self._memo: dict = {}
        self._left = 0

    def can_lay_all(self, tiles, table: Table | None = None) -> bool:
        self._left = self.budget
        try:
            return self._lay_all(tiles, table or self.table)
        except OutOfTime:
            return False

    def _lay_all(self, tiles, table: Table) -> bool:
        key = (tuple(sorted(tiles)), tuple(sorted(table.runs)),
               tuple(sorted((n, tuple(sorted(c))) for n, c in table.sets)))
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
        if WILD in tiles:
            return 0 if (table.runs or table.sets or len(tiles) >= 3) else 1
        return lone_tiles(tiles, table.accepts(self.okey), self.okey)

    def _search(self, tiles, table: Table) -> bool:
        """Every way out, each once: the lowest real tile left goes into a meld from the rack
        (any split, not only the most valuable), onto a run end on the table (with the rack
        tiles, or okeys, between: r8 r9 onto r5-r7) or into a set of three; okeys left
        alone go where the table has room."""
        if not tiles:
            return True
        self._left -= 1
        if self._left < 0:
            raise OutOfTime
        if self.stranded(tiles, table):
            return False
        okeys = tiles.count(WILD)
        # each okey places at most one lone tile (bridging a run end, or two with one tile)
        if okeys and lone_tiles(tiles, table.accepts(self.okey), self.okey) > okeys:
            return False
        reals = [t for t in tiles if t != WILD]
        if not reals:
            return self._room(table) >= okeys
        t = min(reals)
        ident = identity(t, self.okey)
        c, n = colour_of(ident), number_of(ident)
        have = Counter(tiles)
        have[t] -= 1
        top = table._top()
        for i, (rc, lo, hi) in enumerate(table.runs):
            if rc != c:
                continue
            for p in ((n, 14) if n == 1 and table.ace_high else (n,)):
                if hi < p <= top and p - lo < 13 and not (lo == 1 and p == 14):
                    between, new = range(hi + 1, p), (rc, lo, p)
                elif 1 <= p < lo and hi - p < 13 and not (p == 1 and hi == 14):
                    between, new = range(p + 1, lo), (rc, p, hi)
                else:
                    continue
                taken = take_run(have, c, between, self.okey)
                if taken is not None and self._lay_all(list(taken[0].elements()),
                                                       table._replace_run(i, new)):
                    return True
        for i, (sn, cols) in enumerate(table.sets):
            if sn == n and c in cols:
                if self._lay_all(list((+have).elements()), table._drop_set(i)):
                    return True
                break
        for codes, shape in meld_options(tuple(tiles), self.okey, table.ace_high):
            if t not in codes:
                continue
            rest = Counter(tiles)
            rest.subtract(codes)
            left = list((+rest).elements())
            if not left:
                return True
            if shape[0] == "run":
                grown = Table(table.runs + (shape[1:],), table.sets, table.ace_high)
            elif len(codes) == 3:
                grown = Table(table.runs, table.sets + (shape[1:],), table.ace_high)
            else:
                grown = table
            if self._lay_all(left, grown):
                return True
        return False

    def _room(self, table: Table) -> int:
        """How many okeys the table takes (O-D6): each set of three one, each run up to 13."""
        room = len(table.sets)
        top = table._top()
        for _c, lo, hi in table.runs:
            low_end = 2 if hi == 14 else 1
            high_end = 13 if lo == 1 else top
            room += min(13 - (hi - lo + 1), (lo - low_end) + (high_end - hi))
        return room

    def can_finish(self, tiles, avoid: int | None = None, last: int | None = None) -> bool:
        """Lay all but one tile, then discard it (O24); the okey is the best last tile.
        `avoid`: a tile that may not be the last (a taken discard must be used, O20);
        `last`: the only tile that may (an okey: the finish that scores double, O-D12)."""
        tiles = list(tiles)
        if self.stranded(tiles) > 1:
            return False
        self._left = self.budget
        try:
            for _last, rest in last_discards(tiles, avoid, last):
                if self._lay_all(rest, self.table):
                    return True
        except OutOfTime:
            return False
        return False


def lone_tiles(tiles, accepts, okey_kind: int) -> int:
    """The real tiles with no slot on the table (`accepts`: kinds it takes) and no possible
    meld partner among the other real tiles of the rack."""
    reals = [t for t in tiles if t != WILD]
    return sum(1 for i, t in enumerate(reals)
               if identity(t, okey_kind) not in accepts
               and not has_partner(reals[:i] + reals[i + 1:], t, okey_kind))


def take_run(have: Counter, colour: int, positions, okey_kind: int):
    """(`have` less the tiles for run `positions` of `colour`, real ones first and okeys
    for the rest; the codes in the order they are added), or None."""
    rest = +have
    codes = []
    for q in positions:
        k = kind(colour, (q - 1) % 13 + 1)
        code = FAKE if k == okey_kind else k
        if rest[code] > 0:
            rest[code] -= 1
        elif rest[WILD] > 0:
            rest[WILD] -= 1
            code = WILD
        else:
            return None
        codes.append(code)
    return +rest, codes


def last_discards(tiles, avoid: int | None = None, only: int | None = None):
    """(last, rest): each tile that may be the last discard, the okey first (the best last
    tile, O24), never `avoid` (a taken discard, O20), only `only` if given, and the rack
    without it."""
    for last in sorted(set(tiles), key=lambda t: t != WILD):
        if last != avoid and only in (None, last):
            rest = list(tiles)
            rest.remove(last)
            yield last, rest


@lru_cache(maxsize=4096)
def meld_options(tiles: tuple, okey_kind: int, ace_high: bool) -> tuple:
    """Every run and set the rack `tiles` can lay, its real tiles where it holds them and
    okeys for the rest (O10-O12, O-D3, O-D4): (tile codes in table order, shape), the shape
    ("run", colour, low, high) or ("set", number, colours a real tile does not hold).
    Longest first."""
    have = Counter(identity(t, okey_kind) for t in tiles if t != WILD)
    okeys = tiles.count(WILD)

    def code(k):
        return FAKE if k == okey_kind else k

    out = {}
    top = 14 if ace_high else 13
    for c in sorted({colour_of(k) for k in have}):
        for s in range(1, top - 1):
            codes, miss, real = [], 0, 0
            for p in range(s, top + 1):
                if (s == 1 and p == 14) or p - s >= 13:
                    break
                k = kind(c, (p - 1) % 13 + 1)
                if have[k]:
                    codes.append(code(k))
                    real += 1
                else:
                    miss += 1
                    if miss > okeys:
                        break
                    codes.append(WILD)
                if len(codes) >= 3 and real:
                    out.setdefault(tuple(codes), ("run", c, s, p))
    for n in sorted({number_of(k) for k in have}):
        held = [c for c in range(4) if have[kind(c, n)]]
        for size in (3, 4):
            for cols in combinations(range(4), size):
                reals = [c for c in cols if c in held]
                if not reals or size - len(reals) > okeys:
                    continue
                codes = [code(kind(c, n)) for c in reals] + [WILD] * (size - len(reals))
                if len(reals) == 1 and size == 3:
                    codes = [WILD, codes[0], WILD]
                out.setdefault(tuple(codes), ("set", n, frozenset(x for x in range(4) if x not in reals)))
    return tuple(sorted(out.items(), key=lambda item: -len(item[0])))


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


class Plan:
    """A turn's way out: `melds` new melds from the rack (tile codes in table order, to be
    laid first, in one action) and `adds`, (tile, meld, "high" | "low" | None) in order, the
    meld a table number or ("new", i) for the i-th new meld; `last` the discard."""

    __slots__ = ("melds", "adds", "last")

    def __init__(self, melds, adds, last):
        self.melds, self.adds, self.last = melds, adds, last


class LayOut:
    """The whole of a turn's way out, with the value of the new melds counted: the rack
    goes out this turn (O24) with new melds worth at least `need` between them (an
    opening laid and finished in one turn, O14, O-D5, Y6, Y-D3; 0 once opened), the rest
    added to the table (O17), a taken discard used (O20; Yüzbir: in a new meld, Y8).
    Every split of the rack is tried, as `Finisher` does. `strict`: each end of a run takes
    one tile a turn (Y10), so a run end takes no chain (r8 r9 onto r5-r7) and `free` names
    the ends of the table's runs still free this turn ((meld number, "low" | "high"); None:
    all). The search stops after `budget` positions with "none found"."""

    budget = 1000  # a way out is found within a few hundred positions (measured: at most 339)

    def __init__(self, melds, okey_kind: int, ace_high: bool, scoring, strict: bool = False, free=None):
        self.okey, self.ace_high, self.scoring, self.strict = okey_kind, ace_high, scoring, strict
        runs, sets = [], []
        for n, _owner, m in resolved(melds, okey_kind, ace_high):
            if m.kind == "run":
                lo_free = free is None or (n, "low") in free
                hi_free = free is None or (n, "high") in free
                runs.append((n, m.colour, m.numbers[0], m.numbers[-1], lo_free, hi_free))
            elif len(m.tiles) == 3:
                reals = {colour_of(identity(t, okey_kind)) for t in m.tiles if t != WILD}
                sets.append((n, m.numbers[0], frozenset(c for c in range(4) if c not in reals)))
        self.runs, self.sets = tuple(runs), tuple(sets)
        self.top = 14 if ace_high else 13

    def finish(self, tiles, need: int = 0, avoid: int | None = None, taken: int | None = None,
               in_meld: int = 0, last: int | None = None) -> Plan | None:
        """A way out of `tiles` keeping one to discard (not `avoid`; an okey first; only
        `last` if given), with at least `in_meld` copies of `taken` in new melds; or None."""
        tiles = sorted(tiles)
        if len(tiles) < 2:
            return None
        self.need, self.taken = need, taken
        if self._stuck(tiles, self.runs, self.sets, spare=1):
            return None  # more tiles with no place than the one discard and the okeys
        self._failed = set()
        self._left = self.budget
        try:
            for out, rest in last_discards(tiles, avoid, last):
                found = self._go(tuple(rest), self.runs, self.sets, 0, in_meld)
                if found is not None:
                    melds, adds = found
                    return Plan(melds, adds, out)
        except OutOfTime:
            return None
        return None

    # ----- the search ------------------------------------------------------------------
    def _run_positions(self, lo, hi, lo_free, hi_free):
        """(position, side) where a run lo..hi can take its next tile (O10, O-D3, Y10)."""
        if hi - lo + 1 >= 13:
            return
        if lo_free and lo > 1 and not (lo == 2 and hi == 14):
            yield lo - 1, "low"
        if hi_free and hi < self.top and not (lo == 1 and hi + 1 == 14):
            yield hi + 1, "high"

    def _accepts(self, runs, sets) -> set:
        out = set()
        for _n, c, lo, hi, lf, hf in runs:
            for p, _side in self._run_positions(lo, hi, lf, hf):
                out.add(kind(c, (p - 1) % 13 + 1))
        for _n, num, cols in sets:
            out.update(kind(c, num) for c in cols)
        return out

    def _stuck(self, tiles, runs, sets, spare: int = 0) -> bool:
        """More tiles with no table slot and no possible partner than the okeys place
        (and `spare` more: the discard)."""
        lone = lone_tiles(tiles, self._accepts(runs, sets), self.okey)
        return lone > tiles.count(WILD) + spare

    def _value(self, m) -> int:
        if m.kind == "run":
            return self.scoring.run_value(m.numbers)
        return self.scoring.set_value(m.numbers[0], len(m.tiles))

    def _go(self, tiles: tuple, runs, sets, value: int, in_meld: int):
        """(melds, adds) laying every tile of `tiles`, or None."""
        capped = min(value, self.need)
        if not tiles:
            return ([], []) if capped >= self.need and in_meld <= 0 else None
        key = (tiles, runs, sets, capped, max(in_meld, 0))
        if key in self._failed:
            return None
        self._left -= 1
        if self._left < 0:
            raise OutOfTime
        found = self._try(tiles, runs, sets, value, in_meld)
        if found is None:
            self._failed.add(key)
        return found

    def _try(self, tiles, runs, sets, value, in_meld):
        if self._stuck(tiles, runs, sets):
            return None
        reals = [t for t in tiles if t != WILD]
        if not reals:
            return self._okeys_only(len(tiles), runs, sets, value, in_meld)
        t = reals[0]
        ident = identity(t, self.okey)
        c, n = colour_of(ident), number_of(ident)
        have = Counter(tiles)
        have[t] -= 1
        # onto a run end of the table (with rack tiles or okeys between, where allowed)
        for i, (rid, rc, lo, hi, lf, hf) in enumerate(runs):
            if rc != c:
                continue
            for p in ((n, 14) if n == 1 and self.ace_high else (n,)):
                if hf and hi < p <= self.top and p - lo < 13 and not (lo == 1 and p == 14):
                    between, side, new = range(hi + 1, p), "high", (rid, rc, lo, p, lf, not self.strict)
                elif lf and 1 <= p < lo and hi - p < 13 and not (p == 1 and hi == 14):
                    between, side, new = range(lo - 1, p, -1), "low", (rid, rc, p, hi, not self.strict, hf)
                else:
                    continue
                if self.strict and len(between):
                    continue
                taken_codes = take_run(have, c, between, self.okey)
                if taken_codes is None:
                    continue
                rest, codes = taken_codes
                found = self._go(tuple(sorted(rest.elements())), runs[:i] + (new,) + runs[i + 1:],
                                 sets, value, in_meld)
                if found is not None:
                    melds, adds = found
                    return melds, [(x, rid, side) for x in codes + [t]] + adds
        for i, (sid, num, cols) in enumerate(sets):
            if num == n and c in cols:
                found = self._go(tuple(sorted((+have).elements())), runs, sets[:i] + sets[i + 1:], value, in_meld)
                if found is not None:
                    melds, adds = found
                    return melds, [(t, sid, None)] + adds
                break
        # in a new meld from the rack (any split)
        for codes, shape in meld_options(tiles, self.okey, self.ace_high):
            if t not in codes:
                continue
            m = resolve(codes, self.okey, self.ace_high)
            if m is None:
                continue
            rest = Counter(tiles)
            rest.subtract(codes)
            mid = ("new", codes)
            if shape[0] == "run":
                runs2, sets2 = runs + ((mid, shape[1], shape[2], shape[3], True, True),), sets
            elif len(codes) == 3:
                runs2, sets2 = runs, sets + ((mid, shape[1], shape[2]),)
            else:
                runs2, sets2 = runs, sets
            used = codes.count(self.taken) if self.taken is not None else 0
            found = self._go(tuple(sorted((+rest).elements())), runs2, sets2, value + self._value(m),
                             in_meld - used)
            if found is not None:
                melds, adds = found
                return [codes] + melds, adds
        return None

    def _okeys_only(self, count, runs, sets, value, in_meld):
        """`count` okeys left, each to a place the table has (O-D6; Y10: one per run end)."""
        if min(value, self.need) < self.need or in_meld > 0:
            return None
        adds = []
        for rid, _c, lo, hi, lf, hf in runs:
            while len(adds) < count:
                ends = list(self._run_positions(lo, hi, lf, hf))
                if not ends:
                    break
                p, side = ends[-1]  # the high end first
                adds.append((WILD, rid, side))
                if side == "high":
                    hi, hf = p, hf and not self.strict
                else:
                    lo, lf = p, lf and not self.strict
        for sid, _num, _cols in sets:
            if len(adds) < count:
                adds.append((WILD, sid, None))
        return ([], adds) if len(adds) >= count else None


# ----- a turn's way out, from a view --------------------------------------------------------
def way_out(view, tiles, scoring, *, last: int | None = None, need: int = 0, strict: bool = False,
            free=None, take_to_add: bool = True) -> Plan | None:
    """A `LayOut` plan for the seat of `view` to go out this turn with `tiles` (O24): its
    new melds worth `need` between them (an opening's, O14, Y6; 0 once opened), `last` the
    discard if given; a taken discard still waiting (O20) laid, never the last (Yüzbir,
    `take_to_add` False: in a new meld, Y8). `strict`, `free`: as `LayOut` (Y10)."""
    taken = view.taken if view.taken is not None and view.taken in tiles else None
    before = tiles.count(taken) - 1 if taken is not None else 0
    lay = LayOut(view.melds, view.okey_kind, view.ace_high, scoring, strict=strict, free=free)
    return lay.finish(tiles, need=need, avoid=taken if taken is not None and before == 0 else None,
                      taken=taken, in_meld=0 if taken is None or take_to_add else 1, last=last)


def okey_way_out(view, tiles, scoring, *, need: int = 0, strict: bool = False, free=None,
                 take_to_add: bool = True) -> Plan | None:
    """A way out this turn that keeps an okey for the last discard, the finish that scores
    double (O24, O-D12; Yüzbir: Y17, Y-D8), or None: the most valuable melds of the rest
    when they hold every other tile (`k1 k2 k3 y4 y5 y6 y7 *`: both runs, then the okey),
    else any (`way_out`; arguments as there)."""
    if WILD not in tiles or len(tiles) < 2:
        return None
    rest = list(tiles)
    rest.remove(WILD)
    if view.taken != WILD:  # a taken okey must be laid (O20, Y8): `way_out` sees to it
        o = best_opening(sorted(rest), view.okey_kind, scoring)
        if o.value >= need and sum(len(m) for m in o.melds) == len(rest):
            return Plan(list(o.melds), [], WILD)
    return way_out(view, tiles, scoring, last=WILD, need=need, strict=strict, free=free,
                   take_to_add=take_to_add)


def legal_adds_by_place(view) -> tuple[set, dict]:
    """From the additions the view lists as legal: the run ends that may still take a tile
    this turn ((meld, "low" | "high"); Y10 closes an end once it has taken one) and each
    addition by its place ((tile, meld, side), side None for a set), as `Plan.adds` names
    them."""
    okey, ace = view.okey_kind, view.ace_high
    metas = {n: (mt, k) for n, _o, mt, k in view.melds}
    free, adds = set(), {}
    for text in view.legal:
        if not text.startswith("add "):
            continue
        a = A.parse_action(text)
        mt, k = metas.get(a.target, (None, "pair"))
        if k == "pair":
            continue
        side = None
        if k == "run":
            old = resolve(mt, okey, ace)
            new = add_tile(old, a.tile, okey, ace, not a.low) if old is not None else None
            if new is None:
                continue
            side = "high" if new.high > old.high else "low"
            free.add((a.target, side))
        adds.setdefault((a.tile, a.target, side), a)
    return free, adds


def first_move(plan: Plan, adds: dict):
    """The action that starts `plan`: its new melds, all in one (O-D5), else its first
    addition as `legal_adds_by_place` lists it (None if the view does not list it)."""
    if plan.melds:
        return A.LayMelds(tuple(plan.melds))
    return adds.get(plan.adds[0]) if plan.adds else None
