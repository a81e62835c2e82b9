"""Dealing the okey games: the 106 tiles, the indicator, hands and pile (O1-O5, O-D1).

A deal is the JSON object of the record format:
{"first": 0, "indicator": "r5", "hands": ["<15 tiles>", "<14>", "<14>", "<14>"],
 "pile": "<top first; may be partial>"}. Tiles named nowhere follow the named part of the
pile in canonical order. In hands and pile an okey may be written `*` or as its kind.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .errors import DealError
from .tiles import (
    FAKE,
    WILD,
    format_tile,
    format_tiles,
    full_set,
    okey_kind_for,
    parse_tile,
    parse_tiles,
)

HAND_SIZE = 14


@dataclass
class Deal:
    first: int
    indicator: int
    okey_kind: int
    hands: list[list[int]]  # okey copies as WILD
    pile: list[int]  # top of the pile first

    def to_json(self) -> dict:
        return {"first": self.first, "indicator": format_tile(self.indicator),
                "hands": [format_tiles(h) for h in self.hands], "pile": format_tiles(self.pile)}


def _as_okey(tiles, okey_kind):
    return [WILD if t == okey_kind else t for t in tiles]


def random_deal(rng: random.Random, first: int, seats: int = 4) -> Deal:
    tiles = sorted(full_set(copies=2, fakes=2).elements())
    rng.shuffle(tiles)
    # O-D1: a fake okey turned up goes back into the pile; the next tile is turned.
    i = next(i for i, t in enumerate(tiles) if t != FAKE)
    indicator = tiles.pop(i)
    okey = okey_kind_for(indicator)
    tiles = _as_okey(tiles, okey)
    hands = []
    pos = 0
    for s in range(seats):
        n = HAND_SIZE + (1 if s == first else 0)
        hands.append(tiles[pos:pos + n])
        pos += n
    return Deal(first, indicator, okey, hands, tiles[pos:])


def parse_deal(obj: dict, seats: int = 4) -> Deal:
    if not isinstance(obj, dict):
        raise DealError("a deal is a JSON object")
    try:
        first = int(obj.get("first", 0))
        indicator = parse_tile(str(obj["indicator"]))
        hand_texts = obj["hands"]
    except KeyError as e:
        raise DealError(f"the deal has no {e.args[0]!r}") from None
    except (TypeError, ValueError):
        raise DealError("the deal's \"first\" must be a seat number") from None
    if not 0 <= first < seats:
        raise DealError(f"\"first\" must be a seat from 0 to {seats - 1}")
    if indicator in (WILD, FAKE):
        raise DealError("the indicator must be a numbered tile (O-D1)")
    if not isinstance(hand_texts, list) or len(hand_texts) != seats:
        raise DealError(f"the deal needs {seats} hands")
    okey = okey_kind_for(indicator)
    hands = [_as_okey(parse_tiles(str(h)), okey) for h in hand_texts]
    for s, h in enumerate(hands):
        want = HAND_SIZE + (1 if s == first else 0)
        if len(h) != want:
            raise DealError(f"seat {s + 1} has {len(h)} tiles; it needs {want} (O5)")
    pile = _as_okey(parse_tiles(str(obj.get("pile", ""))), okey)
    available = full_set(copies=2, fakes=2)
    available[okey] -= 2
    available[WILD] = 2
    available[indicator] -= 1
    used = Counter(t for h in hands for t in h) + Counter(pile)
    for t, n in used.items():
        if n > available[t]:
            name = "*" if t == WILD else format_tile(t)
            raise DealError(f"the deal names {name} {n} times; only {available[t]} exist besides the indicator",
                            tile=name)
    rest = available - used
    # canonical order: by colour and number (an okey where its kind stands), fake okeys last
    pile += sorted(rest.elements(), key=lambda t: (t == FAKE, okey if t == WILD else t))
    return Deal(first, indicator, okey, hands, pile)
