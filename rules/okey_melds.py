"""Melds of the okey games (runs, sets, pairs) as they lie on the table.

Shared by Okey 101 and Yüzbir: the differences (a high 1 after 13, meld values) come in
through a `Scoring` object from rules/solvers/okey_opening.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import FAKE, WILD, colour_of, kind, number_of


def identity(tile: int, okey_kind: int) -> int:
    """What a non-wild tile plays as: a fake okey plays as the okey's kind (O4)."""
    return okey_kind if tile == FAKE else tile


@dataclass(frozen=True)
class Meld:
    """A valid meld in table order. `reps` is the kind each tile stands for (an okey in a set
    of three stands for a missing colour: `reps` names one, `missing` both, O-D4)."""

    kind: str  # "run" | "set" | "pair"
    tiles: tuple[int, ...]
    numbers: tuple[int, ...]  # per tile: the number it represents (14 = a 1 after 13)
    colour: int  # runs: the colour; sets/pairs: -1
    missing: tuple[int, ...] = ()  # sets: colours not held by a real tile
    okey_kind: int = -1

    @property
    def low(self) -> int:
        return self.numbers[0]

    @property
    def high(self) -> int:
        return self.numbers[-1]

    def rep(self, i: int) -> int:
        """The kind tile i stands for (a set's okey: a missing colour, in order)."""
        if self.kind == "run":
            return kind(self.colour, (self.numbers[i] - 1) % 13 + 1)
        if self.tiles[i] != WILD:
            return identity(self.tiles[i], self.okey_kind)
        wild_index = sum(1 for t in self.tiles[:i] if t == WILD)
        return kind(self.missing[wild_index], self.numbers[0])


def _run_numbers(tiles, okey_kind, ace_high):
    reals = [(i, identity(t, okey_kind)) for i, t in enumerate(tiles) if t != WILD]
    if not reals:
        return None
    colours = {colour_of(k) for _, k in reals}
    if len(colours) != 1:
        return None
    i0, k0 = reals[0]
    n0 = number_of(k0)
    starts = [n0 - i0]
    if n0 == 1 and ace_high:
        starts.append(14 - i0)
    top = 14 if ace_high else 13
    for s in starts:
        e = s + len(tiles) - 1
        if s < 1 or e > top:
            continue
        if all(number_of(k) == s + i or (number_of(k) == 1 and s + i == 14) for i, k in reals):
            return colours.pop(), tuple(range(s, e + 1))
    return None


def _okeys_moved(tiles: tuple) -> tuple:
    """`tiles` with the okeys at one end moved to the other (both directions), tried only
    when neither the typed order nor its reverse is a run: `k12 k13 *` can only be k11 k12
    k13 where a 13 ends a run (Y3), and is read so rather than refused."""
    reals = [i for i, t in enumerate(tiles) if t != WILD]
    lead, trail = reals[0], len(tiles) - 1 - reals[-1]
    if not lead and not trail:
        return ()
    core = tiles[lead:len(tiles) - trail]
    wild = (WILD,) * (lead + trail)
    return (wild + core, core + wild, (wild + core)[::-1], (core + wild)[::-1])


def resolve(tiles, okey_kind: int, ace_high: bool = True) -> Meld | None:
    """Read `tiles` (table order) as a run or a set; None if it is neither.

    A meld needs a real tile (O-D4). Runs may be given descending (Y4); they are stored
    ascending. When both readings fit (one real tile and okeys), the run reading wins:
    an okey's meaning comes from its position (O-D4)."""
    tiles = tuple(tiles)
    if len(tiles) < 3 or all(t == WILD for t in tiles) or len(tiles) > 13:
        return None
    return _as_run((tiles, tiles[::-1], *_ace_last(tiles, okey_kind, ace_high)), okey_kind,
                   ace_high) \
        or _as_set(tiles, okey_kind) \
        or _as_run(_okeys_moved(tiles), okey_kind, ace_high)  # (last: `* y13 *`,
    # the opening solver's set of 13s, must not read as a run with its okeys moved)


def _ace_last(tiles: tuple, okey_kind: int, ace_high: bool) -> tuple:
    """`r1 r12 r13`, as a rack sorted by number shows it: the 1 after the 13 (O10), the
    run 12-13-1; as typed it would be read 1-2-3."""
    first = tiles[0]
    if ace_high and first != WILD and number_of(identity(first, okey_kind)) == 1:
        return (tiles[1:] + tiles[:1],)
    return ()


def _as_run(orders, okey_kind: int, ace_high: bool) -> Meld | None:
    for order in orders:
        run = _run_numbers(order, okey_kind, ace_high)
        if run:
            return Meld("run", order, run[1], run[0], (), okey_kind)
    return None


def _as_set(tiles: tuple, okey_kind: int) -> Meld | None:
    if len(tiles) > 4:
        return None
    reals = [identity(t, okey_kind) for t in tiles if t != WILD]
    numbers = {number_of(k) for k in reals}
    colours = [colour_of(k) for k in reals]
    if len(numbers) != 1 or len(set(colours)) != len(colours):
        return None
    n = numbers.pop()
    missing = tuple(c for c in range(4) if c not in colours)
    # canonical set order: real tiles by colour, okeys last
    ordered = tuple(sorted((t for t in tiles if t != WILD), key=lambda t: colour_of(identity(t, okey_kind))))
    ordered += (WILD,) * (len(tiles) - len(ordered))
    if len(reals) == 1:
        # okey-tile-okey: written with the real tile first it would read back as a run
        ordered = (WILD,) + ordered[:1] + ordered[2:]
    return Meld("set", ordered, (n,) * len(tiles), -1, missing, okey_kind)


def is_pair(a: int, b: int) -> bool:
    """Two identical tiles, or an okey with anything (O22, O-D10)."""
    return a == b or a == WILD or b == WILD


def extensions(meld: Meld, okey_kind: int, ace_high: bool = True) -> tuple[frozenset, bool]:
    """(kinds a real tile may have to be added, whether an okey can be added)."""
    if meld.kind == "run":
        ends = set()
        if len(meld.tiles) >= 13:
            return frozenset(), False
        has_one = meld.low == 1 or meld.high == 14
        if meld.low > 1 and not (meld.low == 2 and meld.high == 14):
            ends.add(kind(meld.colour, meld.low - 1))
        if meld.high < 13 or (ace_high and meld.high == 13 and not has_one):
            ends.add(kind(meld.colour, meld.high % 13 + 1))
        return frozenset(ends), bool(ends)
    if meld.kind == "set" and len(meld.tiles) == 3:
        return frozenset(kind(c, meld.numbers[0]) for c in meld.missing), True
    return frozenset(), False


def add_tile(meld: Meld, tile: int, okey_kind: int, ace_high: bool = True,
             high_first: bool = True) -> Meld | None:
    """The meld with `tile` added (a run: at the end it fits, the high end first unless
    `high_first` is False: an okey fits both ends)."""
    if meld.kind == "run":
        ends = (meld.tiles + (tile,), (tile,) + meld.tiles)
        for candidate in ends if high_first else ends[::-1]:
            m = resolve(candidate, okey_kind, ace_high)
            if m is not None and m.kind == "run" and m.colour == meld.colour and (
                    m.tiles == candidate):
                return m
        return None
    if meld.kind == "set":
        m = resolve(meld.tiles + (tile,), okey_kind, ace_high)
        return m if m is not None and m.kind == "set" else None
    return None


def swap_okey(meld: Meld, tile: int, okey_kind: int, ace_high: bool = True) -> Meld | None:
    """Put the real `tile` in place of an okey it stands for (O19); None if it does not fit."""
    if tile == WILD:
        return None
    ident = identity(tile, okey_kind)
    for i, t in enumerate(meld.tiles):
        if t != WILD:
            continue
        if meld.kind == "run" and meld.rep(i) != ident:
            continue
        new = meld.tiles[:i] + (tile,) + meld.tiles[i + 1:]
        m = resolve(new, okey_kind, ace_high)
        if m is not None and m.kind == meld.kind:
            return m
    return None


def swap_pair_okey(pair: tuple[int, ...], tile: int, okey_kind: int) -> tuple[int, ...] | None:
    """The pair with the real `tile` in place of its okey (O19, Y11), or None. A pair's okey
    stands for its partner (O-D10, Y-D4: an okey completes a pair), so only a tile that
    plays as the partner takes it back (a fake okey for a fake okey's, O4). A pair of two
    okeys stands for no tile: None, as for a pair with no okey."""
    if tile == WILD or pair.count(WILD) != 1:
        return None
    partner = next(t for t in pair if t != WILD)
    if identity(tile, okey_kind) != identity(partner, okey_kind):
        return None
    return tuple(tile if t == WILD else t for t in pair)


def swap_in(target: Meld | tuple[int, ...], tile: int, okey_kind: int,
            ace_high: bool = True) -> Meld | tuple[int, ...] | None:
    """`swap_okey` for a run or set (a `Meld`), `swap_pair_okey` for a pair (its two tiles)."""
    if isinstance(target, Meld):
        return swap_okey(target, tile, okey_kind, ace_high)
    return swap_pair_okey(tuple(target), tile, okey_kind)


def turn_marks(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]],
               kinds: Sequence[str] = ()) -> tuple[tuple[bool, ...], ...]:
    """Per meld of `after` (the table now; melds keep their numbers, `kinds` says which are
    sets), which tiles a turn laid since `before`: a new meld whole; an old run its tiles
    beyond the old ones (added at an end, O17) and the real tiles where its okeys were
    (O19); an old set the tiles it did not hold before (O17, O19)."""
    marks = []
    for i, now in enumerate(after):
        old = before[i] if i < len(before) else ()
        if not old:
            marks.append(tuple(True for _ in now))
            continue
        at = None
        if (kinds[i] if i < len(kinds) else None) != "set":
            at = next((k for k in range(len(now) - len(old) + 1)
                       if all(now[k + j] == t or t == WILD for j, t in enumerate(old))), None)
        if at is None:
            # a set is kept in colour order (an added tile lands anywhere) and an okey's
            # place in it means nothing: what is new is what it did not hold before
            marks.append(_new_tiles(old, now))
            continue
        marks.append(tuple(not at <= j < at + len(old) or (old[j - at] == WILD and t != WILD)
                           for j, t in enumerate(now)))
    return tuple(marks)


def _new_tiles(old: Sequence[int], now: Sequence[int]) -> tuple[bool, ...]:
    """Which tiles of `now` are beyond the multiset `old` (of equal tiles, the last ones:
    a set keeps its okeys last, so an okey added to one is the last)."""
    left = Counter(old)
    marks = [False] * len(now)
    for j, t in enumerate(now):
        marks[j] = left[t] <= 0
        left[t] -= 1
    return tuple(marks)
