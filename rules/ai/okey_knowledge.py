"""What an okey-family agent knows about the tiles it cannot see, from its views only.

Every tile is counted by *identity* (a fake okey plays as the okey's kind, O4); okeys are
counted apart. A tile is "seen" when it is in the agent's own rack, on the table, the
indicator, or in a discard pile: every discard is shown to all players, so the view
carries each seat's whole pile (`discard_piles`) and an agent needs no memory of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def knowledge(view, buried: bool = True) -> Knowledge:
    """Count what the agent has not seen, from this view alone. `buried=False` counts only
    the discards lying on top, as a player who does not track the piles sees them."""
    counts, okeys = full_counts(view)
    seen: list[int] = list(view.tiles)
    for _n, _owner, tiles, _kind in view.melds:
        seen.extend(tiles)
    if buried:
        for pile in view.discard_piles:
            seen.extend(pile)
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
