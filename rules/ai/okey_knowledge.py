"""What an okey-family agent knows about the tiles it cannot see, from its views only.

Every tile is counted by *identity* (a fake okey plays as the okey's kind, O4); okeys are
counted apart. A tile is "seen" when it is in the agent's own rack, on the table, the
indicator, or in a discard pile the agent has watched. `DiscardMemory` keeps the discard
piles between calls: the view only shows each seat's top discard, but an agent sees the
view at each of its turns, so it can rebuild the public discard history itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..tiles import FAKE, WILD


def identity(tile: int, okey_kind: int) -> int:
    return okey_kind if tile == FAKE else tile


def full_counts(view) -> tuple[list[int], int]:
    """(copies per identity, okeys) of the whole round, the indicator taken out (O1, O3)."""
    counts = [2] * 52
    counts[view.indicator] -= 1
    return counts, 2


@dataclass
class Knowledge:
    """Unseen copies per identity and unseen okeys, with the hidden-tile total."""

    unseen: list[int]
    unseen_okeys: int
    hidden: int  # tiles in other racks plus the pile


def knowledge(view, discards_seen=None) -> Knowledge:
    """Count what the agent has not seen; `discards_seen` adds buried discards it watched."""
    counts, okeys = full_counts(view)
    seen: list[int] = list(view.tiles)
    for _n, _owner, tiles, _kind in view.melds:
        seen.extend(tiles)
    if discards_seen is not None:
        for pile in discards_seen:
            seen.extend(t for t in pile if t is not None)
    else:
        seen.extend(t for t in view.discards if t is not None)
    for t in seen:
        if t == WILD:
            okeys -= 1
        else:
            counts[identity(t, view.okey_kind)] -= 1
    counts = [max(0, c) for c in counts]
    hidden = view.pile + sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
    return Knowledge(counts, max(0, okeys), hidden)


@dataclass
class _SeatMemory:
    key: tuple
    pile: int
    piles: list[list[int | None]] = field(default_factory=lambda: [[], [], [], []])
    counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


class DiscardMemory:
    """Per seat of the agent, the discard piles rebuilt from successive views.

    One agent object may play several seats and several games (the simulator shares it),
    so memory is keyed by seat and reset when a view cannot follow the last one (another
    round or indicator, or a pile that grew back)."""

    def __init__(self):
        self._by_seat: dict[int, _SeatMemory] = {}

    def update(self, view) -> list[list[int | None]]:
        key = (view.round, view.indicator, view.rounds)
        mem = self._by_seat.get(view.seat)
        if mem is None or mem.key != key or view.pile > mem.pile:
            mem = _SeatMemory(key, view.pile)
            self._by_seat[view.seat] = mem
        mem.pile = view.pile
        for s, count in enumerate(view.discard_counts):
            pile = mem.piles[s]
            while len(pile) > count:
                pile.pop()  # taken by the next seat (O20): it is now on the table
            if len(pile) < count:
                # Tiles discarded while we were not looking: only the top one is known.
                pile.extend([None] * (count - len(pile) - 1))
                pile.append(view.discards[s])
            elif count and pile[-1] != view.discards[s]:
                pile[-1] = view.discards[s]
            mem.counts[s] = count
        return mem.piles
