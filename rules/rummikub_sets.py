"""Rummikub sets (K3-K5) and the table notation.

A set is a tuple of tile codes (rules/tiles.py; JOKER is WILD). Its canonical form:
- a group (K3): the number tiles in colour order r, b, k, y, then its jokers;
- a run (K4): ascending, a joker written at the position it stands for (K5), so
  `r5 r6 J` is 5-6-7 and `J r5 r6` is 4-5-6. One number tile with two jokers is a run (K5).
A table is a tuple of canonical sets, runs first (by colour, then start, then length), then
groups (by number, then tiles). Sets that are not valid keep their written order and sort
last, so an action naming one still prints and parses back the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

from .errors import InvalidAction
from .tiles import WILD, colour_of, format_tile, kind, number_of, parse_melds

JOKER = WILD
JOKER_VALUE = 30  # K10: a joker left on a rack
MAX_NUMBER = 13
MIN_SET = 3  # K3: a group is 3-4 tiles; K4: a run at least 3
FAMILY = "rummikub"


def tile_value(tile: int) -> int:
    """K10: the rack value of a tile (face value, a joker 30)."""
    return JOKER_VALUE if tile == JOKER else number_of(tile)


def _run_start(seq: Sequence[int]) -> int | None:
    """The first number of `seq` read as an ascending run with jokers in place, or None."""
    start = None
    for i, t in enumerate(seq):
        if t == JOKER:
            continue
        s = number_of(t) - i
        if start is None:
            start = s
        elif s != start:
            return None
    if start is None or start < 1 or start + len(seq) - 1 > MAX_NUMBER:
        return None
    return start


def canonical_set(tiles: Iterable[int]) -> tuple[int, ...] | None:
    """The canonical form of a valid set (K3-K5), or None if the tiles form no set."""
    tiles = tuple(tiles)
    jokers = tiles.count(JOKER)
    reals = [t for t in tiles if t != JOKER]
    if len(tiles) < 3 or not reals:
        return None
    numbers = [number_of(t) for t in reals]
    colours = [colour_of(t) for t in reals]
    if len(reals) >= 2 and len(set(numbers)) == 1:
        # K3 / K5: a joker in a group stands for a missing colour.
        if len(tiles) <= 4 and len(set(colours)) == len(colours):
            return tuple(sorted(reals)) + (JOKER,) * jokers
        return None
    if len(set(colours)) != 1 or len(set(numbers)) != len(numbers):
        return None
    # K4 / K5: a run. As written (either direction) the jokers keep their positions.
    for seq in (tiles, tiles[::-1]):
        if _run_start(seq) is not None:
            return seq
    # Written out of order: sort the numbers, jokers fill the gaps, spares go high.
    lo, hi = min(numbers), max(numbers)
    gaps = hi - lo + 1 - len(reals)
    if gaps > jokers:
        return None
    spare = jokers - gaps
    length = hi - lo + 1 + spare
    if length > MAX_NUMBER:
        return None
    up = min(spare, MAX_NUMBER - hi)
    start = lo - (spare - up)
    have = set(numbers)
    return tuple(kind(colours[0], n) if n in have else JOKER for n in range(start, start + length))


def is_run(cset: Sequence[int]) -> bool:
    """A canonical valid set is a run unless its number tiles share one number (K5)."""
    reals = [t for t in cset if t != JOKER]
    return len(reals) == 1 or len({number_of(t) for t in reals}) > 1


def run_start(cset: Sequence[int]) -> int:
    start = _run_start(cset)
    assert start is not None, cset
    return start


def set_points(cset: Sequence[int]) -> int:
    """K6: the points of a canonical valid set; a joker counts as the number it stands for."""
    if is_run(cset):
        start = run_start(cset)
        return sum(range(start, start + len(cset)))
    number = number_of(next(t for t in cset if t != JOKER))
    return number * len(cset)


def set_sort_key(s: Sequence[int]) -> tuple:
    c = canonical_set(s)
    if c is None or tuple(s) != c:
        return (2, 0, 0, 0, tuple(s))
    if is_run(c):
        real = next(t for t in c if t != JOKER)
        return (0, colour_of(real), run_start(c), len(c), tuple(c))
    return (1, number_of(c[0]), 0, 0, tuple(c))


def canonical_table(sets: Iterable[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Canonical sets (invalid ones as written) in canonical table order."""
    out = []
    for s in sets:
        c = canonical_set(s)
        out.append(c if c is not None else tuple(s))
    return tuple(sorted(out, key=set_sort_key))


def invalid_sets(sets: Iterable[Sequence[int]]) -> list[tuple[int, ...]]:
    return [tuple(s) for s in sets if canonical_set(s) is None]


def format_set(s: Iterable[int]) -> str:
    return " ".join(format_tile(t, FAMILY) for t in s)


def format_table(sets: Iterable[Iterable[int]]) -> str:
    return " | ".join(format_set(s) for s in sets)


def parse_table(text: str) -> tuple[tuple[int, ...], ...]:
    """`r1 r2 r3 | b7 k7 y7` -> the canonical table. An empty text is the empty table."""
    if not text or not text.replace("|", "").replace(",", "").strip():
        return ()
    return canonical_table(parse_melds(text, FAMILY))


def placed_marks(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]],
                 placed: Iterable[int]) -> tuple[tuple[bool, ...], ...]:
    """Per set of `after`, which of its tiles are the `placed` ones: each placed tile marks
    its last unmarked copy in a set that is not one of `before`'s (else anywhere)."""
    new = [[False] * len(s) for s in after]
    kept = {tuple(s) for s in before}
    for t in placed:
        spots = [(tuple(s) not in kept, i, j) for i, s in enumerate(after)
                 for j, u in enumerate(s) if u == t and not new[i][j]]
        if spots:
            _, i, j = max(spots)
            new[i][j] = True
    return tuple(tuple(m) for m in new)


def placements(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]],
               laid: Sequence[Sequence[bool]]) -> tuple[tuple[str, list[int], list[int]], ...]:
    """Where a move's tiles went, per set of `after` that holds any (`laid`, as
    placed_marks gives it): ("new", tiles, []) a set of the rack's tiles alone, ("added",
    tiles, the set as it was) onto a set of `before` kept whole, or ("into", tiles, the set
    now) where the table was rearranged around them, a set's joker moved too ("added to J
    r10 r11" named a set nobody saw: it was r10 r11 J, K8)."""
    kept = {tuple(sorted(s)): list(s) for s in before}
    out = []
    for tiles, marks in zip(after, laid, strict=True):
        placed = [t for t, m in zip(tiles, marks, strict=True) if m]
        if not placed:
            continue
        rest = [t for t, m in zip(tiles, marks, strict=True) if not m]
        if not rest:
            out.append(("new", placed, []))
        elif (was := kept.get(tuple(sorted(rest)))) is not None \
                and (JOKER not in rest or rest == was):
            out.append(("added", placed, was))
        else:
            out.append(("into", placed, list(tiles)))
    return tuple(out)


def tile_counts(tiles: Iterable[int]) -> list[int]:
    """53 counters: kinds 0..51 and the joker."""
    counts = [0] * 53
    for t in tiles:
        counts[t] += 1
    return counts


def table_tiles(sets: Iterable[Iterable[int]]) -> list[int]:
    return [t for s in sets for t in s]


def check_table_text(text: str) -> tuple[tuple[int, ...], ...]:
    """Parse a table that must be a valid arrangement (hints, explicit positions)."""
    table = parse_table(text)
    bad = invalid_sets(table)
    if bad and len(bad[0]) < MIN_SET:  # as a move says it (rummikub_state._bad_set_error)
        text = format_set(bad[0])
        raise InvalidAction(f"{text} is too short: a set needs at least {MIN_SET} tiles",
                            "rummikub.error.short_set", set=text, least=MIN_SET)
    if bad:
        raise InvalidAction(f"not a valid set: {format_set(bad[0])}", "rummikub.error.bad_set",
                            set=format_set(bad[0]))
    return table


# ------------------------------------------------------------------ K8: taking a joker


def joker_roles(sets: Iterable[Sequence[int]]) -> list[tuple[int, ...]]:
    """What each joker of a table stands for (K5), as the kinds it may be: in a run the one
    tile of its colour at its position; in a group with one joker any missing colour of
    that number (K-D4: in a group of three, either of the two); in a group of four with
    two jokers, one missing colour each (they cannot both be the same tile). Invalid sets
    are skipped."""
    roles: list[tuple[int, ...]] = []
    for s in sets:
        if JOKER not in s:
            continue
        c = canonical_set(s)
        if c is None:
            continue
        reals = [t for t in c if t != JOKER]
        if is_run(c):
            colour, start = colour_of(reals[0]), run_start(c)
            roles.extend((kind(colour, start + i),) for i, t in enumerate(c) if t == JOKER)
            continue
        n = number_of(reals[0])
        missing = tuple(kind(col, n) for col in range(4) if kind(col, n) not in c)
        jokers = c.count(JOKER)
        if jokers == 1:
            roles.append(missing)
        else:
            roles.extend((m,) for m in missing[:jokers])
    return roles


def untaken_joker(old: Iterable[Sequence[int]], new: Iterable[Sequence[int]]
                  ) -> tuple[int, ...] | None:
    """K8 on a turn judged by its end state (K-D2): None if `new` may follow `old`, else
    what a joker taken without being replaced stood for (the kinds that would free it).

    The criterion. Jokers are alike, so the old table's jokers are matched one-to-one
    with jokers of the new table (there are at most two: every matching is tried). An old
    joker is fine when
    - it was not taken: its match still stands for a kind it stood for (their kinds
      meet); only the tiles around it changed (`r10 r11 J` + r13 -> `r10 r11 J r13`, a
      group of three `r5 b5 J` + k5 -> `r5 b5 k5 J`, K-D4), even from a run to a group
      (`r5 r6 J` and `b7 k7 y7` -> `b7 k7 y7 J`, still r7: the run's tiles moved away
      from it and the group's to it, the joker never left the table), or
    - it was taken and replaced: the new table holds a real tile of a kind it stood for.
      Not "more copies than the old table held": K8 lets the replacing tile come from
      another set as well as from the rack, and a tile moved from another set changes
      no count. Nor one tile per joker: once it has freed one joker, that tile is in a
      set on the table and may free the next one ("from another set" again).
    A replaced joker needs no match, so the test is: the old jokers that the new table
    holds no tile for must be matched to distinct new jokers still standing for one of
    their kinds. In particular a joker whose tile the old table already held can always
    be taken: that tile frees it and K7 lets it move on in the same turn.
    Exact for a turn seen only by its end: if the test holds, the steps "put each
    replacing tile in its joker's place, then rearrange the rest" are allowed by K7 and
    K8; if some allowed steps lead to `new`, a taken joker's tile went onto the table
    and stays there (K7), and a joker never taken still stands for its tile."""
    roles = joker_roles(old)
    if not roles:
        return None
    new = [tuple(s) for s in new]
    real = {t for s in new for t in s if t != JOKER}
    need = [r for r in roles if not real.intersection(r)]
    if not need:
        return None
    after = joker_roles(new)
    for order in permutations(range(len(after)), len(need)):
        if all(set(need[i]).intersection(after[j]) for i, j in enumerate(order)):
            return None
    # Name a joker no new joker stands in for at all, else the last one.
    alone = [r for r in need if not any(set(r).intersection(a) for a in after)]
    return alone[0] if alone else need[-1]
