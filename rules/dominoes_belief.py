"""What a dominoes player can infer from their view, for the computer players.

Nobody draws in this game, so a player who laid a dead tile or passed at ends (l, r) held
no tile showing l or r then, nor at any later time; the dead tile they laid avoided those
numbers as well. `Belief` gathers these facts and samples full deals of the hidden tiles
(others' hands, others' dead tiles, the face-down middle) consistent with them.
"""

from __future__ import annotations

import math
import random

from .dominoes_policy import (
    LACK_MASK,
    count_plays,
    drop_cost,
    fast_drop,
    fast_play,
    heaviest,
    heavy_drop,
)
from .dominoes_tiles import ALL_MASK, HAS, HIGH, ID_OF, LOW, mask_of, random_tile, tiles_of


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


def public_lacks(history, n: int) -> list[int]:
    """Per seat, the 7-bit set of numbers it is known not to hold (from dead tiles and
    passes: nobody draws, so a hand only shrinks)."""
    lacks = [0] * n
    for seat, kind, _t, _side, left, right in history:
        if kind != "play" and left >= 0:
            lacks[seat] |= (1 << left) | (1 << right)
    return lacks


# --- an exact reading of Normal players ---------------------------------------------------
# A Normal player's move is a function of its hand and the public position, and a seat's
# hand at any past moment is its hidden holding now (hand + dead tiles) plus the tiles it
# has played since. So whether a seat's hidden holding H explains all its past moves can
# be checked on H alone, by replaying that seat's moves: this is `replay`.

PLAY_CHECKED, PLAY_FREE, DROP_EVENT, PASS_EVENT = 0, 1, 2, 3
_UNKNOWN = object()
_INF = float("inf")


def seat_events(view) -> tuple[list[list[tuple]], list[int]]:
    """Per seat, its moves this game in order with what it knew then, and the mask of the
    tiles it played:
    (PLAY_CHECKED, tile, left, right, new left, new right, line before, next seat's lacks,
    next seat's hand count), (PLAY_FREE, tile) for an opening, (DROP_EVENT, left, right,
    line before, tiles it played later) and (PASS_EVENT, left, right)."""
    n = view.players
    hist = view.history
    counts = list(view.hand_counts)
    played = [0] * n
    for seat, kind, tile, *_ in hist:
        if kind != "pass":
            counts[seat] += 1
        if kind == "play":
            played[seat] |= 1 << tile
    line = mask_of(ID_OF[p] for p in view.line)
    line &= ~_or(played)  # what is left is the turned-up start tile (D4)
    lacks = [0] * n
    later = list(played)
    events: list[list[tuple]] = [[] for _ in range(n)]
    for seat, kind, tile, side, left, right in hist:
        if kind == "play":
            later[seat] &= ~(1 << tile)
            if left < 0:
                events[seat].append((PLAY_FREE, tile))
            else:
                a, b = LOW[tile], HIGH[tile]
                if side == "left":
                    nl, nr = (b if left == a else a), right
                else:
                    nl, nr = left, (b if right == a else a)
                nxt = (seat + 1) % n
                events[seat].append((PLAY_CHECKED, tile, left, right, nl, nr, line, lacks[nxt],
                                     counts[nxt]))
            line |= 1 << tile
            counts[seat] -= 1
        else:
            if kind == "drop":
                events[seat].append((DROP_EVENT, left, right, line, later[seat]))
                counts[seat] -= 1
            else:
                events[seat].append((PASS_EVENT, left, right))
            if left >= 0:
                lacks[seat] |= (1 << left) | (1 << right)
    return events, played


def _or(masks) -> int:
    m = 0
    for x in masks:
        m |= x
    return m


def replay(events, holding: int, played: int, zero25: bool, heavy: bool = False
           ) -> tuple[int, int, int] | None:
    """Replay one seat's moves from its hidden holding now (hand + dead tiles): (how many
    of its plays and dead tiles a Normal player would not have chosen, its dead tiles, the
    product of the numbers of legal plays it had at each checked play), or None if the
    holding is impossible (a tile it held showed an end it could not match).
    With `heavy`, the same for a player who lays the heaviest tile that fits and the
    lightest tile dead (rules/dominoes_policy.py; pips, D10 or not), the product being
    of the numbers of heaviest plays it had at the plays that were such."""
    hand = holding | played
    dead = 0
    miss = 0
    choices = 1
    for ev in events:
        kind = ev[0]
        if kind == PLAY_CHECKED:
            _, tile, left, right, nl, nr, line, next_lacks, next_count = ev
            if heavy:
                top = heaviest(hand, left, right)
                if (top >> tile) & 1:
                    choices *= count_plays(top, left, right)
                else:
                    miss += 1
            else:
                pick = fast_play(hand, dead, line, left, right, zero25, next_lacks, next_count)
                if pick[0] != tile or pick[1] != nl or pick[2] != nr:
                    miss += 1
                choices *= count_plays(hand, left, right)
            hand ^= 1 << tile
        elif kind == PLAY_FREE:
            hand ^= 1 << ev[1]
        elif kind == DROP_EVENT:
            _, left, right, line, later = ev
            if not hand or (left >= 0 and hand & (HAS[left] | HAS[right])):
                return None
            t = heavy_drop(hand) if heavy else fast_drop(hand, dead, line, left, right, zero25)
            if (later >> t) & 1:  # it would have laid a tile it played later
                miss += 1
                free = hand & ~later
                if not free:
                    return None
                t = heavy_drop(free) if heavy else min(
                    tiles_of(free),
                    key=lambda u: drop_cost(u, hand, dead, line, left, right, zero25))
            hand ^= 1 << t
            dead |= 1 << t
        else:
            _, left, right = ev
            if left >= 0 and hand & (HAS[left] | HAS[right]):
                return None
    return miss, dead, choices


class Posterior:
    """Deals of the hidden tiles weighted by how well they explain every other seat's
    moves. Each seat is read as one of three kinds of player:
    - a Normal player (prior share 1 - `other` - `heavy`): its moves follow from its hand,
      and each move a holding does not explain costs a factor `mismatch` (0 < mismatch < 1);
    - a player who lays the heaviest tile that fits (prior share `heavy`), a common way
      people play: each such play is one of the heaviest ones, taken at random, and each
      move that is not costs `mismatch`;
    - any other player (prior share `other`): read as choosing among its legal plays at
      random, so a holding is as likely as the chance it gives to the plays made.
    With other = 0 and a tiny mismatch this is the exact posterior for Normal opponents.
    With other > 0, a seat whose moves no holding explains as a Normal player's (a person
    who plays their own way) stops being read as one, so its moves no longer mislead.

    The state of the chain is each seat's hidden holding (hand + dead tiles); a move swaps
    two tiles between two places (seats or the face-down middle)."""

    def __init__(self, view, mismatch: float, other: float = 0.0, heavy: float = 0.0):
        self.view = view
        self.n = n = view.players
        self.me = view.seat
        self.log_mismatch = math.log(mismatch)
        self.other = other
        self.heavy = heavy
        # the chains' energy unit: unexplained moves (exact integers) when every seat is
        # read as Normal, else nats
        self.scale = -self.log_mismatch if not (other or heavy) else 1.0
        self.belief = Belief(view)
        self.events, self.played = seat_events(view)
        self.zero25 = view.zero25
        self.caches: tuple[list[dict], ...] = tuple([{} for _ in range(n)] for _kind in range(2))
        self.costs: dict[tuple[int, int], float] = {}  # _cost's answers by (seat, holding)
        unseen = self.belief.unseen
        places = []
        for s in range(n):
            if s == self.me:
                continue
            first = 0  # every tile it holds now was in hand at its first blocked turn
            for ev in self.events[s]:
                if ev[0] in (DROP_EVENT, PASS_EVENT) and ev[1] >= 0:
                    first = (1 << ev[1]) | (1 << ev[2])
                    break
            places.append((s, unseen & ~LACK_MASK[first]))
        if view.middle_count:
            places.append((-1, unseen))
        self.places = places

    def judge(self, seat: int, holding: int, heavy: bool = False):
        """(mismatches, dead tiles, legal-play product) of a seat's holding read as a
        Normal player's, or with `heavy` as a heaviest-first player's (see `replay`), or
        None if impossible."""
        if seat < 0:
            return 0, 0, 1
        cache = self.caches[heavy][seat]
        got = cache.get(holding, _UNKNOWN)
        if got is _UNKNOWN:
            got = cache[holding] = replay(self.events[seat], holding, self.played[seat],
                                          self.zero25, heavy)
        return got

    def start(self, rng: random.Random) -> list[int]:
        hands, deads, _ = self.belief.sample(rng)
        taken = 0
        out = []
        for s, _ in self.places:
            if s >= 0:
                out.append(hands[s] | deads[s])
                taken |= out[-1]
            else:  # the middle is last
                out.append(self.belief.unseen & ~taken)
        return out

    def energy(self, state: list[int]) -> float:
        """How many past moves the deal leaves unexplained as Normal players' (inf if it
        is impossible)."""
        e = 0
        for (s, _), h in zip(self.places, state, strict=True):
            j = self.judge(s, h)
            if j is None:
                return _INF
            e += j[0]
        return e

    def deal(self, state: list[int], rng: random.Random):
        """(hands, deads, wild, heavy) from a chain state: hands and dead tiles per seat
        (own seat empty), and the seats (a bit each) drawn as playing their own way (`wild`)
        or their heaviest tiles (`heavy`) rather than as Normal, each by its chance given
        its holding (never, with other = heavy = 0)."""
        hands = [0] * self.n
        deads = [0] * self.n
        wild = heavy = 0
        for (s, _), h in zip(self.places, state, strict=True):
            if s >= 0:
                j = self.judge(s, h)
                jh = self.judge(s, h, True) if self.heavy else None
                normal, heavier, other = self._kinds(j, jh)
                kind = "normal"
                if self.other or self.heavy:
                    pick = rng.random() * (other + heavier + normal)
                    kind = "wild" if pick < other else "heavy" if pick < other + heavier \
                        else "normal"
                if kind == "heavy":
                    heavy |= 1 << s
                    dead = jh[1]
                elif j is not None:
                    if kind == "wild":
                        wild |= 1 << s
                    dead = j[1]
                else:  # no order of dead tiles fits (never with Normal players): any
                    dead = mask_of(tiles_of(h)[:self.view.dead_counts[s]])
                deads[s] = dead
                hands[s] = h & ~dead
        return hands, deads, wild, heavy

    def _kinds(self, judged, judged_heavy=None) -> tuple[float, float, float]:
        """From `judge`'s answers for a holding (as Normal, as heavy): how likely the seat's
        past moves are if it is a Normal player, if it lays its heaviest tiles, and if it
        plays its own way, each times its prior share."""
        normal = other = heavier = 0.0
        if judged is not None:
            miss, _dead, choices = judged
            normal = (1.0 - self.other - self.heavy) * math.exp(miss * self.log_mismatch)
            other = self.other / choices
        if judged_heavy is not None:
            miss, _dead, ties = judged_heavy
            heavier = self.heavy * math.exp(miss * self.log_mismatch) / ties
        return normal, heavier, other

    def chain(self, rng: random.Random, samples: int, burn: int, thin: int, chains: int = 1,
              distinct: int = 0) -> list[tuple[tuple, float]]:
        """Up to `samples` deals ((hands, deads, wild, heavy), energy) from `chains`
        Metropolis chains of tile swaps taking turns (each `thin` steps per deal after
        `burn` steps); with `distinct`, stop once that many different deals (the seats'
        kinds included) came up. The chains weigh deals by `_cost`; the energy reported
        is `energy`'s count of unexplained moves."""
        runs = []
        for _ in range(chains):
            run = self._run(rng)
            self._walk(run, rng, burn)
            runs.append(run)
        # a chain stuck on deals that explain less than another's (by about a move a
        # Normal player would not make) takes over a copy of it
        low = min(r[2] for r in runs)
        best = [r for r in runs if r[2] == low]
        for i, run in enumerate(runs):
            if (run[2] - low) * self.scale > -self.log_mismatch / 2:
                good = best[i % len(best)]
                runs[i] = [list(good[0]), list(good[1]), good[2]]
        out = []
        seen = set()
        while len(out) < samples:
            for run in runs:
                self._walk(run, rng, thin)
                state = run[0]
                deal = self.deal(state, rng)
                out.append((deal, self.energy(state)))
                seen.add((tuple(state), deal[2:]))  # each is played out on its own
                if len(out) == samples or (distinct and len(seen) >= distinct):
                    return out
        return out

    def _run(self, rng: random.Random) -> list:
        """A chain's state: [holdings per place, their costs, energy]."""
        state = self.start(rng)
        costs = [self._cost(p[0], h) for p, h in zip(self.places, state, strict=True)]
        return [state, costs, sum(costs)]

    def _walk(self, run: list, rng: random.Random, steps: int) -> None:
        places = self.places
        k = len(places)
        if k < 2:
            return
        state, costs, e = run
        scale = self.scale
        for _ in range(steps):
            if k > 2 and rng.random() < 0.5:
                e = self._rotate(state, costs, e, rng)
                continue
            i = rng.randrange(k)
            j = rng.randrange(k - 1)
            if j >= i:
                j += 1
            hi, hj = state[i], state[j]
            if not hi or not hj:
                continue
            a = random_tile(hi, rng)
            b = random_tile(hj, rng)
            if not ((places[j][1] >> a) & 1 and (places[i][1] >> b) & 1):
                continue
            swap = (1 << a) | (1 << b)
            ci = self._cost(places[i][0], hi ^ swap)
            cj = self._cost(places[j][0], hj ^ swap)
            e2 = ci + cj + sum(c for x, c in enumerate(costs) if x != i and x != j)
            if e2 <= e or (e2 != _INF and rng.random() < math.exp((e - e2) * scale)):
                state[i], state[j] = hi ^ swap, hj ^ swap
                costs[i], costs[j] = ci, cj
                e = e2
        run[2] = e

    def _rotate(self, state, costs, e, rng: random.Random):
        """A Metropolis move of three tiles round three places (deals that explain the
        past can be a rotation apart and no swap apart). Returns the energy."""
        places = self.places
        i, j, m = rng.sample(range(len(places)), 3)
        hi, hj, hm = state[i], state[j], state[m]
        if not (hi and hj and hm):
            return e
        a, b, c = random_tile(hi, rng), random_tile(hj, rng), random_tile(hm, rng)
        # a: i -> j, b: j -> m, c: m -> i
        if not ((places[j][1] >> a) & 1 and (places[m][1] >> b) & 1 and (places[i][1] >> c) & 1):
            return e
        ni = hi ^ (1 << a) ^ (1 << c)
        nj = hj ^ (1 << b) ^ (1 << a)
        nm = hm ^ (1 << c) ^ (1 << b)
        ci = self._cost(places[i][0], ni)
        cj = self._cost(places[j][0], nj)
        cm = self._cost(places[m][0], nm)
        e2 = ci + cj + cm + sum(x for y, x in enumerate(costs) if y not in (i, j, m))
        if e2 <= e or (e2 != _INF and rng.random() < math.exp((e - e2) * self.scale)):
            state[i], state[j], state[m] = ni, nj, nm
            costs[i], costs[j], costs[m] = ci, cj, cm
            return e2
        return e

    def _cost(self, seat: int, holding: int) -> float:
        """-log of how likely the holding makes the seat's past moves (see the class)."""
        key = (seat, holding)
        got = self.costs.get(key)
        if got is None:
            got = self.costs[key] = self._new_cost(seat, holding)
        return got

    def _new_cost(self, seat: int, holding: int) -> float:
        j = self.judge(seat, holding)
        if not (self.other or self.heavy):
            return _INF if j is None else j[0]
        jh = self.judge(seat, holding, True) if self.heavy else None
        likely = sum(self._kinds(j, jh))
        return -math.log(likely) if likely > 0 else _INF
