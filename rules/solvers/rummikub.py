"""The Rummikub table solver: the best move, and the intent form ("put these tiles down").

best_move(table, rack, initial): the legal move putting down the most rack value (a joker
30), then the most tiles (objective="tiles": the other way round); with `initial`, new
sets from the rack alone worth at least 30 (K6). place(table, tiles, initial): a legal new
table adding exactly those tiles. fits(table, tiles): whether such a table exists. All
exact; the search itself is in rummikub_dp.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..rummikub_sets import JOKER, JOKER_VALUE, canonical_set, canonical_table, tile_counts
from .rummikub_dp import BY_TILES, BY_VALUE, FILLER, GENERAL, rebuild, search

NEED = 30  # K6


@dataclass(frozen=True)
class Move:
    table: tuple[tuple[int, ...], ...]  # the whole new table, canonical
    played: tuple[int, ...]  # rack tiles put down, sorted
    value: int  # K10 values: face value, a joker 30
    tiles: int


# ------------------------------------------------------------------ pruning


def _drop_useless(must: list[int], may: list[int]) -> list[int]:
    """Drop rack tiles that fit no set even with every other tile available (no groups of
    their number, no run window): they only slow the search."""
    may = list(may)
    jokers = must[JOKER] + may[JOKER]
    changed = True
    while changed:
        changed = False
        avail = [must[t] + may[t] for t in range(52)]
        for t in range(52):
            if may[t] and not _fits(t, avail, jokers):
                may[t] = 0
                changed = True
    return may


def _fits(t: int, avail: list[int], jokers: int) -> bool:
    c, n = divmod(t, 13)
    n += 1
    others = sum(1 for c2 in range(4) if c2 != c and avail[c2 * 13 + n - 1])
    if others + jokers >= 2:
        return True
    for s in range(max(1, n - 2), min(n, 11) + 1):
        missing = sum(1 for p in range(s, s + 3) if p != n and not avail[c * 13 + p - 1])
        if missing <= jokers:
            return True
    return False


# ------------------------------------------------------------------ public API


# With a big rack the best move often leaves out only a tile or two: asking first for
# moves within a small gap of "every usable tile" prunes hard (measured on self-play
# positions: the slowest 1% twice as fast, the median unchanged).
FLOOR_RACK = 12  # usable rack tiles from which the floors are tried
FLOOR_GAPS = {BY_VALUE: (2, 6), BY_TILES: (1, 2)}  # in value points / in tiles


def _solve(must, may, need, mode=None, weights=BY_VALUE):
    """Sets placing all of `must` and the best choice of `may`, or None. The initial meld
    counts where jokers stand: GENERAL mode. Often every usable rack tile can go down:
    that is checked first with all of them required, a much smaller search."""
    if mode is None:
        mode = GENERAL if need else FILLER
    res = None
    if any(may):
        every = [a + b for a, b in zip(must, may, strict=True)]
        res = search(every, [0] * 53, need, mode, weights)
        if res is not None:
            must, may = every, [0] * 53
    if res is None and sum(may) >= FLOOR_RACK:
        per_value, per_tile = weights
        top = sum(may[t] * ((t % 13 + 1) * per_value + per_tile) for t in range(52))
        top += may[JOKER] * (JOKER_VALUE * per_value + per_tile)
        unit = per_value if weights == BY_VALUE else per_tile
        for gap in FLOOR_GAPS[weights]:
            res = search(must, may, need, mode, weights, floor=top - (gap + 1) * unit + 1)
            if res is not None:
                break
    if res is None:
        res = search(must, may, need, mode, weights)
    if res is None:
        return None
    _, free, choices = res
    return rebuild(must, may, choices, free, mode)


def _counts(tiles: Iterable[int]) -> list[int]:
    return tile_counts(tiles)


def _played(sets, table_counts) -> list[int]:
    new = tile_counts(t for s in sets for t in s)
    return [new[t] - table_counts[t] for t in range(53)]


def _move(table_sets, played_counts) -> Move:
    played = tuple(t for t in range(53) for _ in range(played_counts[t]))
    value = sum(JOKER_VALUE if t == JOKER else t % 13 + 1 for t in played)
    return Move(canonical_table(table_sets), played, value, len(played))


def best_move(table: Iterable[Sequence[int]], rack: Iterable[int], initial: bool = False,
              stable: bool = True, objective: str = "value", reach: int | None = None
              ) -> Move | None:
    """The legal move that puts down the most rack value (then the most tiles), or None
    when no tile can go down. `initial`: the player has not melded yet (K6).
    objective="tiles": the most tiles first, then value. `stable`: keep the sets the move
    does not need untouched (nicer to read; costs a little). `reach`: not exact, for
    quicker players: only the sets holding a tile of a rack tile's number or of its colour
    within `reach` may be rearranged; the others stay as they are."""
    weights = BY_TILES if objective == "tiles" else BY_VALUE
    table = [tuple(s) for s in table]
    rcounts = _counts(rack)
    kept: list[tuple[int, ...]] = []
    if reach is not None and not initial:
        kept = [s for s in table if not _near(s, rcounts, reach)]
        table = [s for s in table if _near(s, rcounts, reach)]
        stable = False  # the far sets are kept already
    tcounts = _counts(t for s in table for t in s)
    if initial:
        sets = _solve([0] * 53, _drop_useless([0] * 53, rcounts), NEED, weights=weights)
        if not sets:
            return None
        return _move(table + sets, _counts(t for s in sets for t in s))
    sets = _solve(tcounts, _drop_useless(tcounts, rcounts), 0, weights=weights)
    if sets is None:
        return None
    played = _played(sets, tcounts)
    if not any(played):
        return None
    if stable:
        sets = _stable(table, played, have_any=True) or sets
    return _move(kept + sets, played)


def fits(table: Iterable[Sequence[int]], tiles: Iterable[int]) -> bool:
    """Can the table plus exactly `tiles` be arranged into valid sets (K7)? One quick
    search, no table built: e.g. "can I go out now?"."""
    must = _counts(t for s in table for t in s)
    for t in tiles:
        must[t] += 1
    return search(must, [0] * 53, 0, FILLER) is not None


def place(table: Iterable[Sequence[int]], tiles: Iterable[int], initial: bool = False
          ) -> Move | None:
    """A legal new table holding the table plus exactly `tiles`, or None if there is none.
    `initial`: the tiles must form new sets worth at least 30 and the table stays (K6)."""
    table = [tuple(s) for s in table]
    played = _counts(tiles)
    if not any(played):
        return None
    if initial:
        sets = _solve(played, [0] * 53, NEED)
        if sets is None:
            return None
        return _move(table + sets, played)
    sets = _stable(table, played)
    if sets is None:
        return None
    return _move(sets, played)


def _stable(table: list[tuple[int, ...]], played: list[int], have_any: bool = False):
    """A new table adding `played` that keeps as many old sets untouched as it can: first
    the played tiles as new sets, then rearranging only the sets near them, then all (not
    when the caller has a whole-table answer already: `have_any`)."""
    zero = [0] * 53
    stages = [[]]
    for reach in (1, 2):
        stages.append([i for i, s in enumerate(table) if _near(s, played, reach)])
    if not have_any:
        stages.append(list(range(len(table))))
    seen = set()
    for loose in stages:
        if len(loose) in seen or (have_any and len(loose) == len(table)):
            continue
        seen.add(len(loose))
        must = _counts(t for i in loose for t in table[i])
        for t in range(53):
            must[t] += played[t]
        sets = _solve(must, zero, 0)
        if sets is not None:
            chosen = set(loose)
            return [s for i, s in enumerate(table) if i not in chosen] + sets
    return None


def _near(s: Sequence[int], played: list[int], reach: int) -> bool:
    """Does set `s` hold a tile of a played tile's number, or of its colour within `reach`?"""
    spots = [divmod(p, 13) for p in range(52) if played[p]]
    for t in s:
        if t != JOKER:
            c, n = divmod(t, 13)
            if any(pn == n or (pc == c and abs(pn - n) <= reach) for pc, pn in spots):
                return True
    return False


def is_valid_table(sets: Iterable[Sequence[int]]) -> bool:
    return all(canonical_set(s) is not None for s in sets)
