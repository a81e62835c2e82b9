"""Rummikub deals (K1, K-D1): random ones from the state's rng, explicit ones from records.

A deal's JSON form: {"first": seat, "hands": ["r1 r2 ...", ...], "pool": "<top first>"}.
The pool may be partial: the tiles named nowhere follow it in canonical order (r, b, k, y,
number ascending, jokers last). Naming a tile more often than it exists is an error.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .errors import DealError, InvalidAction
from .rummikub_sets import FAMILY, JOKER
from .tiles import format_tile, format_tiles, parse_tiles

HAND_SIZE = 14  # K-D1
COPIES = 2  # K1: two of each number tile, two jokers


def all_tiles() -> list[int]:
    """The 106 tiles in canonical order."""
    return [t for t in range(52) for _ in range(COPIES)] + [JOKER] * COPIES


@dataclass(frozen=True)
class Deal:
    first: int
    hands: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]  # top first

    def to_json(self) -> dict:
        return {"first": self.first,
                "hands": [format_tiles(h, FAMILY) for h in self.hands],
                "pool": format_tiles(self.pool, FAMILY)}


def random_deal(rng: random.Random, seats: int, first: int) -> Deal:
    tiles = all_tiles()
    rng.shuffle(tiles)
    hands = tuple(tuple(sorted(tiles[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(seats))
    return Deal(first, hands, tuple(tiles[seats * HAND_SIZE:]))


def _tiles(value, what: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str):
        return parse_tiles(value, FAMILY)
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return [t for v in value for t in parse_tiles(v, FAMILY)]
    raise DealError(f"{what}: expected tiles as a string or a list of strings")


def parse_deal(obj, seats: int, first: int | None) -> Deal:
    """Check and complete one deal. `first`, when given, is the seat K12 requires."""
    if not isinstance(obj, dict):
        raise DealError("a deal is a JSON object with \"hands\"")
    hands_raw = obj.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != seats:
        raise DealError(f"a deal needs \"hands\": a list of {seats} racks")
    try:
        hands = [_tiles(h, f"hand {i}") for i, h in enumerate(hands_raw)]
        pool = _tiles(obj.get("pool"), "pool")
    except InvalidAction as e:
        if isinstance(e, DealError):
            raise
        raise DealError(f"bad tile in deal: {e.message}") from e
    for i, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise DealError(f"hand {i} has {len(h)} tiles; K-D1 deals {HAND_SIZE}")
    left = {t: COPIES for t in range(52)}
    left[JOKER] = COPIES
    for t in [t for h in hands for t in h] + pool:
        left[t] -= 1
        if left[t] < 0:
            raise DealError(f"{format_tile(t, FAMILY)} is named more than {COPIES} times")
    rest = [t for t in sorted(left) for _ in range(left[t])]
    seat = obj.get("first", first if first is not None else 0)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise DealError(f"\"first\" must be a seat 0..{seats - 1}")
    if first is not None and seat != first:
        raise DealError(f"K12: this round starts with seat {first}, not {seat}")
    return Deal(seat, tuple(tuple(h) for h in hands), tuple(pool + rest))
