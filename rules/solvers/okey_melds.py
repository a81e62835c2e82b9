"""Meld shapes of the okey games (O10-O13, Y3, Y5) and the value of one meld in table order.

A *shape* is what a meld stands for, okeys resolved: a run (colour, first..last number) or
a set (number, colours). Values depend only on the shape (an okey is worth what it stands
for, O13/Y5), which is what lets the opening solver search over shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from ..tiles import FAKE, WILD, colour_of, kind, number_of
from .okey_scoring import Scoring

HIGH_ACE = 14  # a 1 laid after 13 (O10), worth 14 (O-D3)


@dataclass(frozen=True)
class Shape:
    kinds: tuple[int, ...]  # table order: a run ascending (high 1 last), a set by colour
    is_run: bool
    value: int

    @property
    def number(self) -> int:
        return number_of(self.kinds[0])


def _face(number: int) -> int:
    """The number printed on the tile at a run position (a high ace is a 1)."""
    return 1 if number == HIGH_ACE else number


def _run_shape(colour: int, first: int, last: int, scoring: Scoring) -> Shape:
    numbers = tuple(range(first, last + 1))
    kinds = tuple(kind(colour, _face(n)) for n in numbers)
    return Shape(kinds, True, scoring.run_value(numbers))


def _set_shape(number: int, colours: tuple[int, ...], scoring: Scoring) -> Shape:
    kinds = tuple(kind(c, number) for c in colours)
    return Shape(kinds, False, scoring.set_value(number, len(colours)))


@cache
def all_shapes(scoring: Scoring) -> tuple[Shape, ...]:
    """Every legal meld shape: runs first (by colour, start, length), then sets."""
    out: list[Shape] = []
    top = HIGH_ACE if scoring.ace_high else 13
    for colour in range(4):
        for first in range(1, top - 1):
            for last in range(first + 2, top + 1):
                # O-D3: at most one 1, so 13 tiles at most and never 13-1-2 (O10).
                if first == 1 and last == HIGH_ACE:
                    continue
                out.append(_run_shape(colour, first, last, scoring))
    for number in range(1, 14):
        for size in (3, 4):
            for colours in combinations(range(4), size):
                out.append(_set_shape(number, colours, scoring))
    return tuple(out)


def _identity(tile: int, okey_kind: int) -> int | None:
    """The kind a tile plays as (O4: a fake okey is the okey's kind); None for an okey."""
    if tile == WILD:
        return None
    if tile == FAKE:
        return okey_kind
    if not 0 <= tile < 52:
        raise ValueError(f"no such tile code {tile}")
    return tile


def count_hand(hand: Sequence[int], okey_kind: int) -> tuple[list[int], int, int]:
    """(copies per kind with fakes as the okey's kind, okeys, fakes)."""
    counts = [0] * 52
    okeys = fakes = 0
    for tile in hand:
        if tile == WILD:
            okeys += 1
        elif tile == FAKE:
            fakes += 1
            counts[okey_kind] += 1
        elif 0 <= tile < 52:
            counts[tile] += 1
        else:
            raise ValueError(f"no such tile code {tile}")
    return counts, okeys, fakes


def _as_run(ids: list[int | None], scoring: Scoring) -> tuple[int, ...] | None:
    """The numbers a run in table order stands for, or None if it is not a run."""
    reals = [(i, t) for i, t in enumerate(ids) if t is not None]
    if len(ids) < 3 or not reals or len({colour_of(t) for _, t in reals}) != 1:
        return None
    i0, t0 = reals[0]
    starts = [number_of(t0) - i0]
    if scoring.ace_high and number_of(t0) == 1:
        starts.append(HIGH_ACE - i0)
    for first in starts:
        last = first + len(ids) - 1
        if first < 1 or last > (HIGH_ACE if scoring.ace_high else 13):
            continue
        if first == 1 and last == HIGH_ACE:
            continue
        numbers = tuple(range(first, last + 1))
        if all(number_of(t) == _face(numbers[i]) for i, t in reals):
            return numbers
    return None


def _as_set(ids: list[int | None]) -> int | None:
    """The number a set stands for, or None if it is not a set."""
    reals = [t for t in ids if t is not None]
    if len(ids) not in (3, 4) or not reals:
        return None
    if len({number_of(t) for t in reals}) != 1 or len({colour_of(t) for t in reals}) != len(reals):
        return None
    return number_of(reals[0])


def meld_value(meld_tiles, okey_kind: int, scoring: Scoring, as_set: bool | None = None) -> int | None:
    """Value of one meld given in table order, or None if it is no valid run or set.

    Okeys are worth what they stand for (O13/Y5); every meld needs a non-okey (O-D4).
    Only one real tile plus okeys can read both ways (`r5 * *`: run 5-6-7 or set of 5s):
    table order reads it as a run unless that is impossible; `as_set` forces a reading.
    """
    ids = [_identity(t, okey_kind) for t in meld_tiles]
    if as_set is not True:
        numbers = _as_run(ids, scoring)
        if numbers is not None:
            return scoring.run_value(numbers)
    if as_set is not False:
        number = _as_set(ids)
        if number is not None:
            return scoring.set_value(number, len(ids))
    return None
