"""How the two okey games value melds and pairs: the seam between Okey 101 and Yüzbir.

The solvers never hard-code a formula: they ask a `Scoring` for the value of a run, a set
or a pair, so a new variant is a new `Scoring`, not a new solver.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scoring:
    """`ace_high`: a 1 may follow 13 (12-13-1) and is then worth 14 (O10, O-D3).
    `pairs_by_value`: best_pairs maximises the pairs' value (Y-D4) rather than their
    count first (O23). `name` only identifies the scoring in reprs and reports."""

    name: str
    ace_high: bool
    pairs_by_value: bool

    def run_value(self, numbers: tuple[int, ...]) -> int:
        raise NotImplementedError

    def set_value(self, number: int, size: int) -> int:
        raise NotImplementedError

    def pair_value(self, number: int) -> int:
        raise NotImplementedError


@dataclass(frozen=True)
class Okey101Scoring(Scoring):
    def run_value(self, numbers: tuple[int, ...]) -> int:
        # O13: a tile is worth its number; a high 1 is passed in as 14 (O-D3).
        return sum(numbers)

    def set_value(self, number: int, size: int) -> int:
        return number * size

    def pair_value(self, number: int) -> int:
        # O23: pairs are counted, not summed.
        return 1


@dataclass(frozen=True)
class YuzbirScoring(Scoring):
    def run_value(self, numbers: tuple[int, ...]) -> int:
        # Y5: median of the three largest (the second largest) + 1 per tile beyond three.
        top = sorted(numbers)
        return top[-2] + len(top) - 3

    def set_value(self, number: int, size: int) -> int:
        # Y5: three -> number (three 13s: 17); four -> number + 1 (four 13s: 14, Y-D2).
        if size == 3:
            return 17 if number == 13 else number
        return number + 1

    def pair_value(self, number: int) -> int:
        return number


OKEY101_SCORING = Okey101Scoring(name="okey101", ace_high=True, pairs_by_value=False)
YUZBIR_SCORING = YuzbirScoring(name="yuzbir", ace_high=False, pairs_by_value=True)
