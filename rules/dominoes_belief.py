"""What a dominoes player can infer from their view, for the computer players.

Nobody draws in this game, so a player who laid a dead tile or passed at ends (l, r) held
no tile showing l or r then, nor at any later time; the dead tile they laid avoided those
numbers as well. `Belief` gathers these facts and samples full deals of the hidden tiles
(others' hands, others' dead tiles, the face-down middle) consistent with them.
"""

from __future__ import annotations

import random

from .dominoes_tiles import ALL_MASK, HAS, HIGH, ID_OF, LOW, mask_of, tiles_of


class Belief:
    __slots__ = ("me", "n", "unseen", "lacks", "dead_lacks", "hand_counts", "middle_count")

    def __init__(self, view):
        n = view.players
        self.me = view.seat
        self.n = n
        seen = mask_of(view.hand) | mask_of(view.dead) | mask_of(ID_OF[p] for p in view.line)
        self.unseen = ALL_MASK & ~seen
        lacks = [0] * n  # per seat: numbers (as a 7-bit set) it cannot hold now
        dead_lacks: list[list[int]] = [[] for _ in range(n)]  # lacks when each was laid
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
        groups = self.groups()
        tiles = list(tiles_of(self.unseen))
        for attempt in range(tries + 1):
            strict = attempt < tries
            out = _assign(tiles, groups, rng, strict)
            if out is not None:
                return self._collect(groups, out)
        raise RuntimeError("no deal fits the counts")  # the counts always fit unconstrained

    def groups(self) -> list[tuple[int, int, int, int]]:
        """Where hidden tiles can be: (seat or -1 for the middle, dead tile's laying index
        or -1 for the hand, allowed mask, capacity)."""
        out = []
        for s in range(self.n):
            if s == self.me:
                continue
            out.append((s, -1, self.allowed(self.lacks[s]), self.hand_counts[s]))
            for k, lack in enumerate(self.dead_lacks[s]):
                out.append((s, k, self.allowed(lack), 1))
        if self.middle_count:
            out.append((-1, -1, self.unseen, self.middle_count))
        return out

    def chain(self, rng: random.Random, weight, samples: int, thin: int, burn: int):
        """`samples` deals drawn by a Metropolis chain over swaps of two hidden tiles
        between places, with stationary weights `weight(hands, dead_order)` (e.g. how
        well a deal explains the others' past plays) on top of the hard constraints."""
        groups = self.groups()
        hands, deads, order = self.sample(rng)
        tiles = list(tiles_of(self.unseen))
        where = {}
        for gi, (seat, k, _, _) in enumerate(groups):
            mask = (order[seat][k] if k >= 0 else hands[seat]) if seat >= 0 else 0
            for t in tiles_of(mask):
                where[t] = gi
        for t in tiles:
            where.setdefault(t, len(groups) - 1)  # the rest is the middle
        w = weight(hands, order)
        out = []
        step = 0
        movable = len(tiles) > 1 and len(groups) > 1
        while len(out) < samples:
            step += 1
            if movable:
                a, b = rng.sample(tiles, 2)
                ga, gb = where[a], where[b]
                if ga != gb and (groups[gb][2] >> a) & 1 and (groups[ga][2] >> b) & 1:
                    _swap(groups, hands, order, a, ga, b, gb)
                    w2 = weight(hands, order)
                    if w2 >= w or rng.random() * w < w2:
                        where[a], where[b] = gb, ga
                        w = w2
                    else:
                        _swap(groups, hands, order, b, ga, a, gb)
            if step > burn and (step - burn) % thin == 0:
                deads = [0] * self.n
                for s in range(self.n):
                    for d in order[s]:
                        deads[s] |= d
                out.append((list(hands), deads, [list(o) for o in order]))
        return out

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


def _swap(groups, hands, order, a, ga, b, gb):
    """Move tile a from place ga to gb and tile b from gb to ga."""
    for t, g in ((a, ga), (a, gb), (b, gb), (b, ga)):
        _toggle(groups[g], hands, order, t)


def _toggle(group, hands, order, t):
    seat, k, _, _ = group
    if seat < 0:
        return  # the middle holds whatever is in no hand
    if k >= 0:
        order[seat][k] ^= 1 << t
    else:
        hands[seat] ^= 1 << t


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


def public_lacks(history, n: int) -> list[int]:
    """Per seat, the 7-bit set of numbers it is known not to hold (from dead tiles and
    passes: nobody draws, so a hand only shrinks)."""
    lacks = [0] * n
    for seat, kind, _t, _side, left, right in history:
        if kind != "play" and left >= 0:
            lacks[seat] |= (1 << left) | (1 << right)
    return lacks


def past_choices(view) -> list[tuple]:
    """Every play by another seat on a non-empty line, with what that seat knew then:
    (seat, tile, left, right, new left, new right, line mask before, the next seat's
    lacks and hand count then, tiles the seat played from then on, dead tiles it had
    laid before)."""
    n = view.players
    hist = view.history
    # backward: tiles each seat still had to play, dead tiles laid, hand counts
    later = [0] * n
    drops = [0] * n
    counts = list(view.hand_counts)
    for seat, kind, *_ in hist:
        if kind == "drop":
            drops[seat] += 1
    back = [None] * len(hist)
    for i in range(len(hist) - 1, -1, -1):
        seat, kind, tile, _side, _l, _r = hist[i]
        if kind == "drop":
            drops[seat] -= 1
            counts[seat] += 1
        elif kind == "play":
            later[seat] |= 1 << tile
            counts[seat] += 1
        back[i] = (later[seat], drops[seat], counts[(seat + 1) % n])
    out = []
    lacks = [0] * n
    line = mask_of(ID_OF[p] for p in view.line)
    for _seat, kind, tile, *_ in hist:
        if kind == "play":
            line &= ~(1 << tile)  # what is left is the turned-up start tile (D4)
    for i, (seat, kind, tile, side, left, right) in enumerate(hist):
        if kind == "play":
            if seat != view.seat and left >= 0:
                a, b = LOW[tile], HIGH[tile]
                if side == "left":
                    nl, nr = (b if left == a else a), right
                else:
                    nl, nr = left, (b if right == a else a)
                nxt = (seat + 1) % n
                lat, dropped, next_count = back[i]
                # the next seat's count before this play: `back` counted after it
                out.append((seat, tile, left, right, nl, nr, line, lacks[nxt], next_count,
                            lat, dropped))
            line |= 1 << tile
        elif left >= 0:
            lacks[seat] |= (1 << left) | (1 << right)
    return out
