"""Dealing a dominoes game (D1, D3, D4) and the deal's record format.

4 players: {"first": seat, "hands": ["0-0 1-3 ...", ...]}, `first` the seat that starts.
5 players: {"first": seat, "hands": [...], "start": "3-4", "middle": "1-2 5-6"}: `first`
turned the `start` tile up (D4), the next seat plays first (D-D3), `middle` stays face down.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .dominoes_tiles import (
    DOUBLE_ZERO,
    DOUBLES_MASK,
    NUM_TILES,
    format_tiles,
    parse_tile,
    parse_tiles,
)
from .errors import DealError, InvalidAction

HAND_SIZE = {4: 7, 5: 5}


@dataclass(frozen=True)
class Deal:
    first: int
    hands: tuple[tuple[int, ...], ...]
    start: int | None = None  # 5 players: the turned-up tile
    middle: tuple[int, ...] = ()  # 5 players: the two face-down tiles

    def to_json(self) -> dict:
        out = {"first": self.first, "hands": [format_tiles(h) for h in self.hands]}
        if self.start is not None:
            out["start"] = format_tiles([self.start])
            out["middle"] = format_tiles(self.middle)
        return out


def starter(hands, game_index: int, prev_winner: int | None) -> int:
    """D3 with all tiles dealt: the [0-0] holder in the first game; later the previous
    winner if they hold a double, else the next seat in turn order that has one."""
    n = len(hands)
    if game_index == 0:
        return next(s for s in range(n) if DOUBLE_ZERO in hands[s])
    for k in range(n):
        seat = (prev_winner + k) % n
        if any((DOUBLES_MASK >> t) & 1 for t in hands[seat]):
            return seat
    raise DealError("no player holds a double")  # impossible with 28 tiles in 4 hands


def expected_first(deal_hands, players: int, game_index: int, prev_winner: int | None):
    """The `first` the rules give, or None where it is free (5 players, first game: D4
    says the turner is chosen at random)."""
    if players == 4:
        return starter(deal_hands, game_index, prev_winner)
    return None if game_index == 0 else prev_winner


def random_deal(rng: random.Random, players: int, game_index: int,
                prev_winner: int | None) -> Deal:
    tiles = list(range(NUM_TILES))
    rng.shuffle(tiles)
    size = HAND_SIZE[players]
    hands = tuple(tuple(sorted(tiles[i * size:(i + 1) * size])) for i in range(players))
    rest = tiles[players * size:]
    first = expected_first(hands, players, game_index, prev_winner)
    if first is None:
        first = rng.randrange(players)
    if players == 4:
        return Deal(first, hands)
    return Deal(first, hands, rest[0], tuple(sorted(rest[1:])))


def parse_deal(obj, players: int) -> Deal:
    """Check a record's deal: the right hand sizes and all 28 tiles exactly once. Whether
    `first` agrees with D3/D4 is checked when the game starts (it needs the last winner)."""
    if not isinstance(obj, dict) or not isinstance(obj.get("hands"), list):
        raise DealError("a dominoes deal is an object with \"hands\"")
    if len(obj["hands"]) != players:
        raise DealError(f"{players} players need {players} hands, not {len(obj['hands'])}")
    size = HAND_SIZE[players]
    try:
        hands = tuple(tuple(sorted(_tiles(h))) for h in obj["hands"])
        start = middle = None
        if players == 5:
            if "start" not in obj or "middle" not in obj:
                raise DealError("a 5-player deal needs \"start\" and \"middle\"")
            start = parse_tile(str(obj["start"]))
            middle = tuple(sorted(_tiles(obj["middle"])))
    except InvalidAction as e:
        raise DealError(f"bad deal: {e.message}") from e
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise DealError(f"seat {seat + 1} has {len(hand)} tiles; each takes {size} (D1)")
    everything = [t for h in hands for t in h]
    if players == 5:
        if len(middle) != 2:
            raise DealError("\"middle\" holds the two tiles not turned up (D-D3)")
        everything += [start, *middle]
    if len(set(everything)) != NUM_TILES:
        raise DealError("every one of the 28 tiles must appear exactly once")
    first = obj.get("first")
    if first is None:
        first = -1  # filled in from D3/D4 when the game starts, where the rules name it
    if not isinstance(first, int) or isinstance(first, bool) or not -1 <= first < players:
        raise DealError(f"\"first\" must be a seat from 0 to {players - 1}")
    return Deal(first, hands, start, middle or ())


def _tiles(value) -> list[int]:
    if isinstance(value, list):
        return [parse_tile(str(v)) for v in value]
    return parse_tiles(str(value))
