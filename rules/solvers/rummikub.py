"""The Rummikub table solver: the best move, and the intent form ("put these tiles down").

best_move(table, rack, initial): the legal move putting down the most rack value (a joker
30), then the most tiles (objective="tiles": the other way round); with `initial`, new
sets from the rack alone worth at least 30 (K6). place(table, tiles, initial): a legal new
table adding exactly those tiles. fits(table, tiles): whether such a table exists.
best_short_initial(rack) and initial_points(tiles): the most initial-meld points (K6) a
rack, or exactly some tiles, can lay out when that is under 30. All exact; the search
itself is in rummikub_dp.py. Legal includes K8: a table joker changes what it stands for
only if a tile it stood for is on the new table (_solve_table).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from ..rummikub_sets import (
    JOKER,
    JOKER_VALUE,
    canonical_set,
    canonical_table,
    joker_roles,
    set_points,
    tile_counts,
    untaken_joker,
)
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
            if may[t] and not fits_a_set(t, avail, jokers):
                may[t] = 0
                changed = True
    return may


def fits_a_set(t: int, avail: list[int], jokers: int) -> bool:
    """Could tile `t` be in some group or run (K3-K5) made of the tiles counted in `avail`
    (per tile code) and `jokers`? A check per tile, blind to what the other sets need."""
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


def _gain(t: int, weights) -> int:
    """What putting down rack tile `t` scores: value x weights[0] + weights[1] (K10)."""
    per_value, per_tile = weights
    return (JOKER_VALUE if t == JOKER else t % 13 + 1) * per_value + per_tile


def _solve(must, may, need, mode=None, weights=BY_VALUE, floor=None, **k8):
    """Sets placing all of `must` and the best choice of `may`, or None. The initial meld
    counts where jokers stand: GENERAL mode. Often every usable rack tile can go down:
    that is checked first with all of them required, a much smaller search. `floor`: only
    a choice of `may` scoring at least this is wanted (None then also when there is none).
    `k8`: the search's no_group and group_jokers (see _solve_table)."""
    if mode is None:
        mode = GENERAL if need or k8.get("group_jokers") else FILLER
    per_value, per_tile = weights
    big = sum(may) >= FLOOR_RACK
    if floor is not None or big:
        top = sum(may[t] * _gain(t, weights) for t in range(53))
        if floor is not None and top < floor:
            return None
    res = None
    if any(may):
        every = [a + b for a, b in zip(must, may, strict=True)]
        res = search(every, [0] * 53, need, mode, weights, **k8)
        if res is not None:
            must, may = every, [0] * 53
    if res is None and big:
        unit = per_value if weights == BY_VALUE else per_tile
        for gap in FLOOR_GAPS[weights]:
            least = top - (gap + 1) * unit + 1
            res = search(must, may, need, mode, weights,
                         floor=least if floor is None else max(least, floor), **k8)
            if res is not None:
                break
    if res is None:
        res = search(must, may, need, mode, weights, floor=floor, **k8)
    if res is None:
        return None
    _, free, choices = res
    return rebuild(must, may, choices, free, mode)


# ------------------------------------------------------------------ K8: table jokers
#
# The search knows nothing of K8: it moves table jokers freely (FILLER mode even moves a
# joker that opens a run to the run's high end). A table joker is at risk only if no real
# tile of a kind it stands for is sure to be on the new table (the old table's tiles and
# the tiles that must go down): otherwise every new table keeps K8 for it (see
# rules.rummikub_sets.untaken_joker). Tables without jokers at risk are solved as before.
# With some, the legal tables are split into searches, one per choice for each joker at
# risk: it is replaced (one rack tile of one of its kinds must go down; the joker is then
# free), or it stays (it becomes a stand-in: a real tile of one of its kinds for the
# search, and no rack tile of its kinds goes down: that case is "replaced"). Together
# these cover every legal table, so the best of them is the best legal move.
# A stand-in is a little freer than the joker it stands for: in a group it counts as a
# number tile, so `r13 y13 J` is a group for the search but `J y13 J` is a run (K5). When
# that happens (rarely) the choice is searched again, split: each stand-in goes into runs
# only, or its joker into a group of its number (which the joker then stands in).


def _at_risk(old_sets, must: list[int], held=()) -> list[tuple[int, ...]]:
    """The kinds of each joker of `old_sets` with no real tile of them in `must` (or in
    the kinds `held` by sets of the table that stay as they are)."""
    return [r for r in joker_roles(old_sets)
            if not any(must[k] or k in held for k in r)]


def _branches(must, may, risky, virtual):
    """(must, may, virtual) for each choice per joker at risk (see above); virtual[k]: the
    stand-in tiles of kind k (jokers that stay)."""
    if not risky:
        yield must, may, virtual
        return
    role, rest = risky[0], risky[1:]
    if any(must[k] > virtual[k] for k in role):  # a real tile of its kind is down already
        yield from _branches(must, may, rest, virtual)
        return
    for k in role:  # replaced by a rack tile of kind k
        if may[k]:
            m2, y2 = list(must), list(may)
            m2[k] += 1
            y2[k] -= 1
            yield from _branches(m2, y2, rest, virtual)
    for k in role:  # stays, standing for k
        m2, y2, v2 = list(must), list(may), list(virtual)
        m2[k] += 1
        m2[JOKER] -= 1
        v2[k] += 1
        for k2 in role:
            y2[k2] = 0
        yield from _branches(m2, y2, rest, v2)


def _unvirtual(sets, virtual) -> list[tuple[int, ...]]:
    """The stand-in tiles back to jokers (every tile of such a kind is a stand-in)."""
    if not any(virtual):
        return sets
    return [tuple(JOKER if t != JOKER and virtual[t] else t for t in s) for s in sets]


def _solve_table(old_sets, must, may, weights=BY_VALUE, kept=()):
    """The best new sets (rack tiles scored by `weights`) holding all of `must` (the tiles
    of `old_sets` and those that must go down) and any of `may`, that take no joker of
    `old_sets` against K8; None if there are none. `kept`: the other sets of the table,
    which stay as they are (their tiles may have replaced a joker of `old_sets` too)."""
    risky = []
    if must[JOKER]:
        held = {t for s in kept for t in s}
        risky = _at_risk(old_sets, must, held)
    if not risky:
        return _solve(must, may, 0, weights=weights)
    old_sets, kept = list(old_sets), list(kept)

    def legal(sets) -> bool:
        return is_valid_table(sets) and untaken_joker(old_sets + kept, sets + kept) is None

    best, best_score = None, None
    for m2, y2, virtual in _branches(must, may, risky, [0] * 53):
        # Each later choice only needs to beat the best so far: a floor for its search,
        # less the rack tiles this choice puts down for sure.
        forced = sum((m2[t] - must[t] - virtual[t]) * _gain(t, weights) for t in range(52))
        floor = None if best_score is None else best_score + 1 - forced
        found = _solve(m2, y2, 0, weights=weights, floor=floor)
        if found is None:
            continue
        tries = [_unvirtual(found, virtual)]
        if not legal(tries[0]):  # a stand-in in a group too small for it
            tries = []
            for m3, virtual3, k8 in _split_stand_ins(m2, virtual):
                found = _solve(m3, y2, 0, weights=weights, floor=floor, **k8)
                if found is not None:
                    tries.append(_unvirtual(found, virtual3))
        for sets in tries:
            if not legal(sets):
                continue
            new = _counts(t for s in sets for t in s)
            score = sum((new[t] - must[t]) * _gain(t, weights) for t in range(53))
            if best_score is None or score > best_score:
                best, best_score = sets, score
    return best


def _split_stand_ins(must, virtual):
    """For a choice whose stand-ins made a bad group: (must, virtual, search options) for
    each way to send every stand-in either into runs only or, as its joker again, into a
    group of its number."""
    kinds = [k for k in range(52) if virtual[k]]
    for split in product(*(range(virtual[k] + 1) for k in kinds)):
        m2, v2 = list(must), list(virtual)
        no_group, group_jokers = set(), {}
        for k, g in zip(kinds, split, strict=True):
            m2[k] -= g
            m2[JOKER] += g
            v2[k] -= g
            if g:
                group_jokers[k % 13 + 1] = group_jokers.get(k % 13 + 1, 0) + g
            if v2[k]:
                no_group.add(k)
        yield m2, v2, {"no_group": frozenset(no_group), "group_jokers": group_jokers or None}


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
    sets = _solve_table(table, tcounts, _drop_useless(tcounts, rcounts), weights, kept)
    if sets is None:
        return None
    played = _played(sets, tcounts)
    if not any(played):
        return None
    if stable:
        sets = _stable(table, played, have_any=True) or sets
    return _move(kept + sets, played)


def best_short_initial(rack: Iterable[int]) -> list[tuple[int, ...]]:
    """The sets the rack alone holds worth the most points towards an initial meld (K6: a
    joker counts as the number it stands for; counted up to 30), then the most rack value,
    then the most tiles (no set: []): how far it is from an initial meld when `best_move`
    finds none. Not simply the most valuable sets: `b5 J b7 J` (26 points) beats
    `r2 b2 J | b5 J b7` (24), which puts more down."""
    return _most_points([0] * 53, _drop_useless([0] * 53, _counts(rack))) or []


def initial_points(tiles: Iterable[int]) -> int | None:
    """The most points (K6) exactly `tiles` are worth laid out as new sets, counted up to
    30; None if they form no sets. `place(..., initial=True)` lays jokers out anywhere
    once 30 is reached: this says how close tiles that do not reach it come."""
    played = _counts(tiles)
    if not any(played):
        return None
    sets = _most_points(played, [0] * 53)
    return None if sets is None else min(NEED, sum(set_points(s) for s in sets))


def _most_points(must: list[int], may: list[int]) -> list[tuple[int, ...]] | None:
    """New sets holding all of `must` and a choice of `may` with the most initial-meld
    points (up to NEED), then the most rack value, then tiles; None if there are none."""
    res = search(must, may, NEED, GENERAL, most_points=True)
    if res is None:
        return None
    _, free, choices = res
    return rebuild(must, may, choices, free, GENERAL)


def fits(table: Iterable[Sequence[int]], tiles: Iterable[int]) -> bool:
    """Can the table plus exactly `tiles` be arranged into valid sets (K7, K8)? One quick
    search, no table built, unless a table joker may have to stay: e.g. "can I go out
    now?"."""
    table = [tuple(s) for s in table]
    must = _counts(t for s in table for t in s)
    for t in tiles:
        must[t] += 1
    if must[JOKER] and _at_risk(table, must):  # K8: a table joker may have to stay
        return _solve_table(table, must, [0] * 53) is not None
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
    when the caller has a whole-table answer already: `have_any`). A joker is near no set
    (K8: it may stand in any): before the whole table, it goes into any one set with those
    near the other tiles, the answer that keeps the most sets as they were."""
    zero = [0] * 53

    def laid(loose: list[int]):
        chosen = set(loose)
        kept = [s for i, s in enumerate(table) if i not in chosen]
        must = _counts(t for i in loose for t in table[i])
        for t in range(53):
            must[t] += played[t]
        sets = _solve_table([table[i] for i in loose], must, zero, kept=kept)
        return None if sets is None else kept + sets

    seen = set()

    def fresh(loose: list[int]) -> bool:  # not tried yet, nor the whole table if the
        key = tuple(loose)  # caller has an answer for it
        if key in seen or (have_any and len(loose) == len(table)):
            return False
        seen.add(key)
        return True

    near = [[i for i, s in enumerate(table) if _near(s, played, reach)] for reach in (1, 2)]
    # one near set alone before them all: r12 onto "r10 r11 J | b12 k12 y12" goes into the
    # group, not the joker into it and r12 in its place (both sets changed for nothing)
    for loose in ([], *([i] for i in near[0]), *near):
        if fresh(loose) and (found := laid(loose)) is not None:
            return found
    # a hop further: the sets near the tiles the near sets would give up (k3 k4 into
    # k3 k4 k5 frees b5 and y5, which go to b6 b7 b8 and y2 y3 y4)
    moved = list(played)
    for i in near[1]:
        for t in table[i]:
            moved[t] += 1
    hop = [i for i, s in enumerate(table) if _near(s, moved, 1)]
    wider = [hop] if len(hop) < len(table) else []
    wider += [sorted({*near[0], i}) for i in range(len(table))] if played[JOKER] else []
    if not have_any:
        wider.append(list(range(len(table))))
    answers = [f for loose in wider if fresh(loose) and (f := laid(loose)) is not None]
    return max(answers, key=lambda f: untouched(table, f), default=None)


def untouched(table, new) -> int:
    """How many of `table`'s sets `new` still holds as they were."""
    return sum((Counter(map(tuple, table)) & Counter(map(tuple, new))).values())


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
