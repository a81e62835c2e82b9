"""What a dominoes player can infer from their view, for the computer players.

Nobody draws in this game, so a player who laid a dead tile or passed at ends (l, r) held
no tile showing l or r then, nor at any later time; the dead tile they laid avoided those
numbers as well. `Belief` gathers these facts and samples full deals of the hidden tiles
(others' hands, others' dead tiles, the face-down middle) consistent with them.
"""

from __future__ import annotations

import random

from .dominoes_tiles import ALL_MASK, HAS, ID_OF, mask_of, tiles_of


class Belief:
    __slots__ = ("me", "n", "unseen", "lacks", "dead_lacks", "hand_counts", "middle_count")

    def __init__(self, view):
        n = view.players
        self.me = view.seat
        self.n = n
        seen = mask_of(view.hand) | mask_of(view.dead) | mask_of(ID_OF[p] for p in view.line)
        self.unseen = ALL_MASK & ~seen
        lacks = [0] * n  # per seat: numbers (as a 7-bit set) it cannot hold now
        dead_lacks: list[list[int]] = [[] for _ in range(n)]
        for seat, kind, _tile, _side, left, right in view.history:
            if kind == "play" or left < 0:
                continue
            lacks[seat] |= (1 << left) | (1 << right)
            if kind == "drop":
                dead_lacks[seat].append(lacks[seat])
        self.lacks = lacks
        self.dead_lacks = dead_lacks
        self.hand_counts = view.hand_counts
        self.middle_count = view.middle_count

    def allowed(self, number_set: int) -> int:
        """Mask of unseen tiles showing none of the numbers in `number_set`."""
        bad = 0
        for k in range(7):
            if (number_set >> k) & 1:
                bad |= HAS[k]
        return self.unseen & ~bad

    def lacking(self, seat: int, number: int) -> bool:
        return bool((self.lacks[seat] >> number) & 1)

    def sample(self, rng: random.Random, tries: int = 20):
        """One deal of the unseen tiles: (hands, deads, dead masks in laying order) per
        seat, own seat left empty.
        Falls back to ignoring the inferred constraints if none fits in `tries`."""
        groups = []  # (seat, dead tile's drop index or -1, allowed mask, capacity)
        for s in range(self.n):
            if s == self.me:
                continue
            groups.append((s, -1, self.allowed(self.lacks[s]), self.hand_counts[s]))
            for k, lack in enumerate(self.dead_lacks[s]):
                groups.append((s, k, self.allowed(lack), 1))
        if self.middle_count:
            groups.append((-1, False, self.unseen, self.middle_count))
        tiles = list(tiles_of(self.unseen))
        for attempt in range(tries + 1):
            strict = attempt < tries
            out = _assign(tiles, groups, rng, strict)
            if out is not None:
                return self._collect(groups, out)
        raise RuntimeError("no deal fits the counts")  # the counts always fit unconstrained

    def _collect(self, groups, out):
        """(hands, deads, dead tiles per seat in the order they were laid)."""
        hands = [0] * self.n
        deads = [0] * self.n
        order: list[list[int]] = [[0] * len(self.dead_lacks[s]) for s in range(self.n)]
        for (seat, k, _, _), mask in zip(groups, out, strict=True):
            if seat < 0:
                continue
            if k >= 0:
                deads[seat] |= mask
                order[seat][k] = mask
            else:
                hands[seat] |= mask
        return hands, deads, order


def _assign(tiles, groups, rng, strict):
    """Place each tile in a group with room, the most constrained tiles first."""
    room = [g[3] for g in groups]
    out = [0] * len(groups)
    options = []
    for t in tiles:
        allowed = [i for i, g in enumerate(groups) if not strict or (g[2] >> t) & 1]
        options.append((len(allowed), rng.random(), t, allowed))
    options.sort()
    for _, _, t, allowed in options:
        fits = [i for i in allowed if room[i]]
        if not fits:
            return None
        # weight by remaining room so big hands take their share
        total = sum(room[i] for i in fits)
        pick = rng.randrange(total)
        for i in fits:
            pick -= room[i]
            if pick < 0:
                break
        room[i] -= 1
        out[i] |= 1 << t
    return out


def past_choices(view) -> list[tuple]:
    """Every play by another seat that had a choice to make: (seat, tile, left, right,
    tiles that seat played from then on, dead tiles it had laid before)."""
    later = [0] * view.players
    drops = [0] * view.players
    for seat, kind, _t, _side, _l, _r in view.history:
        if kind == "drop":
            drops[seat] += 1
    out = []
    for seat, kind, tile, _side, left, right in reversed(view.history):
        if kind == "drop":
            drops[seat] -= 1
        if kind != "play":
            continue
        later[seat] |= 1 << tile
        if seat != view.seat and left >= 0:
            out.append((seat, tile, left, right, later[seat], drops[seat]))
    return out
