"""The okey-family computer players (Okey 101 and Yüzbir share them; `Variant` says what
differs between the two games for a player).

An agent is called once per action: a turn is several calls (draw or take; then open,
lay, add, swap as it likes; then discard). Every call re-derives its plan from the view.

Levels (issue 8): `BeginnerAgent` plays simply and misses things; `NormalAgent` is a sound
greedy player; the Expert (rules/ai/okey_expert.py) adds tile tracking and look-ahead.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import okey_actions as A
from ..tiles import WILD
from .okey_hand import Judge, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import fits_table, legal_adds, melds_using, pair_with, swaps


@dataclass(frozen=True)
class Variant:
    """`take_to_add`: a taken discard may be added to a meld (O20) rather than only used in
    a new combination (Y8). `pairs_onto_pairs`: a meld player may lay pairs onto a pairs
    player (Y9). `swap_from_groups_of_three`: an okey in a set of three may be taken (O19;
    Y13 forbids it)."""

    take_to_add: bool
    pairs_onto_pairs: bool
    swap_from_groups_of_three: bool


OKEY101 = Variant(take_to_add=True, pairs_onto_pairs=False, swap_from_groups_of_three=True)
YUZBIR = Variant(take_to_add=False, pairs_onto_pairs=True, swap_from_groups_of_three=False)


class NormalAgent:
    """Opens as soon as it can, lays everything it can, adds and takes okeys back,
    takes a discard only when it can use it at once, and throws the tile its rack needs
    least, never a penalty tile (O21/Y16) or an okey while it has a choice."""

    level = "normal"

    def __init__(self, game, variant: Variant):
        self.game = game
        self.variant = variant

    # ----- the facts of this call ----------------------------------------------------------
    def judge(self, view) -> Judge:
        kinds, wild = view.extenders()
        return Judge(view.okey_kind, self.game.scoring, self.know(view), frozenset(kinds), wild)

    def know(self, view):
        return knowledge(view)

    def parse(self, text):
        return self.game.parse_action(text)

    def choose(self, view, rng):
        if view.phase == "draw":
            return self.draw_step(view, rng)
        return self.play_step(view, rng)

    # ----- draw or take (O7, O20, Y8) ------------------------------------------------------
    def draw_step(self, view, rng):
        legal = set(view.legal)
        if view.takeable is not None and "take" in legal:
            if "draw" not in legal or self.want_take(view, self.judge(view), rng):
                return A.Take()
        return A.Draw()

    def want_take(self, view, judge: Judge, rng) -> bool:
        t = view.takeable
        return self.use_taken(view, judge, list(view.tiles) + [t], t) is not None

    def use_taken(self, view, judge: Judge, tiles, t):
        """The action that uses the taken tile `t` at once, or None (O20, O-D9, Y8)."""
        own = view.opened[view.seat]
        if own is None:
            plan = melds_using(judge, tiles, t, keep=1, need=view.need)
            if plan is not None:
                return A.Open(plan[0])
            p = judge.pairs(tiles, keep=1)
            if self.pairs_route(view, judge, tiles) and self.game.pairs_opening_ok(view, p) \
                    and _uses(p.pairs, t):
                return A.Pairs(p.pairs)
            return None
        if own == "melds":
            if self.variant.take_to_add and len(tiles) > 1:
                n = fits_table(view, t)
                if n is not None:
                    return A.Add(t, n)
            plan = melds_using(judge, tiles, t, keep=1)
            return A.LayMelds(plan[0]) if plan is not None else None
        pair = pair_with(minus(tiles, [[t]]), t)
        if pair is not None and len(tiles) > 2:
            return A.Pairs((pair,))
        return None

    # ----- the rest of the turn ---------------------------------------------------------------
    def play_step(self, view, rng):
        judge = self.judge(view)
        tiles = list(view.tiles)
        if view.taken is not None:
            action = self.use_taken(view, judge, tiles, view.taken)
            return action if action is not None else A.Return()
        own = view.opened[view.seat]
        if own is None:
            action = self.try_open(view, judge, tiles, rng)
        elif own == "melds":
            action = self.lay_more(view, judge, tiles, rng)
        else:
            action = self.lay_pairs(view, judge, tiles, rng)
        if action is not None:
            return action
        return A.Discard(self.pick_discard(view, judge, tiles, rng))

    def pairs_route(self, view, judge: Judge, tiles) -> bool:
        """Go for a pairs opening (O23, Y6) when the rack holds more pairs than melds."""
        if self.game.scoring.pairs_by_value:
            p = judge.pairs(tiles, keep=1)
            return p.value >= view.pair_need and judge.opening(tiles, keep=1).value < view.need
        p = judge.pairs(tiles)
        naturals = sum(1 for a, b in p.pairs if a == b and a != WILD)
        return naturals >= 5 or (naturals >= 4 and judge.opening(tiles).value < 30)

    def try_open(self, view, judge: Judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.value >= view.need:
            return A.Open(o.melds)
        p = judge.pairs(tiles, keep=1)
        if self.game.pairs_opening_ok(view, p) and self.pairs_route(view, judge, tiles):
            return A.Pairs(p.pairs)
        return None

    def lay_more(self, view, judge: Judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.melds:
            return A.LayMelds(o.melds)
        return self.adds_and_swaps(view) or self.pairs_onto_pairs(view, judge, tiles)

    def adds_and_swaps(self, view):
        for t, n, _owner in swaps(view, self.variant.swap_from_groups_of_three):
            return A.Swap(t, n)
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t != WILD]
        if adds:
            t, n = adds[0]
            return A.Add(t, n)
        return None

    def pairs_onto_pairs(self, view, judge: Judge, tiles):
        """Y9: a meld player rids itself of natural pairs onto a pairs player."""
        if not self.variant.pairs_onto_pairs:
            return None
        receivers = [s for s, o in enumerate(view.opened) if o == "pairs" and s != view.seat]
        if not receivers:
            return None
        p = judge.pairs([t for t in tiles if t != WILD], keep=1)
        if p.count:
            return A.Pairs(p.pairs, receivers[0])
        return None

    def lay_pairs(self, view, judge: Judge, tiles, rng):
        if len(tiles) > 2:
            p = judge.pairs(tiles, keep=1)
            if p.count:
                return A.Pairs(p.pairs)
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t != WILD]
        if adds:
            t, n = adds[0]
            return A.Add(t, n)
        return None

    # ----- the discard (O8, O21, Y16, Y17) -------------------------------------------------------
    def discards(self, view, tiles) -> list[int]:
        """The tiles whose discard the rules let stand now (Yüzbir refuses some)."""
        listed = sorted({self.parse(a).tile for a in view.legal if a.startswith("discard")})
        return listed or sorted(set(tiles))

    def rack_value(self, view, judge: Judge, tiles) -> float:
        own = view.opened[view.seat]
        if own == "melds":
            return judge.value_after_opening(tiles)
        if own == "pairs" or (own is None and self.pairs_route(view, judge, tiles)):
            return judge.value_pairs(tiles)
        return judge.value_before_opening(tiles)

    def discard_cost(self, view, judge: Judge, t: int) -> float:
        """What throwing `t` costs beyond the rack: a penalty tile (O21) or an okey."""
        if t == WILD:
            return 1000.0
        if identity(t, view.okey_kind) in judge.table_kinds:
            return 500.0
        return 0.0

    def pick_discard(self, view, judge: Judge, tiles, rng) -> int:
        options = self.discards(view, tiles)
        if len(tiles) == 1 or len(options) == 1:
            return options[0]
        best, best_score = None, None
        judge.note_parent(tiles)
        for t in options:
            rest = list(tiles)
            rest.remove(t)
            score = self.rack_value(view, judge, rest) - self.discard_cost(view, judge, t)
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best


class BeginnerAgent(NormalAgent):
    """A new player: opens when the solver shows it (and notices most of the time), rarely
    takes a discard, forgets to add tiles, never thinks of pairs, and throws a random tile
    it does not see in a meld, without reading the table for penalty tiles."""

    level = "beginner"

    def want_take(self, view, judge, rng) -> bool:
        return rng.random() < 0.3 and super().want_take(view, judge, rng)

    def pairs_route(self, view, judge, tiles) -> bool:
        return False

    def try_open(self, view, judge, tiles, rng):
        if rng.random() < 0.8:
            return super().try_open(view, judge, tiles, rng)
        return None

    def lay_more(self, view, judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.melds and rng.random() < 0.7:
            return A.LayMelds(o.melds)
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t != WILD]
        if adds and rng.random() < 0.5:
            t, n = rng.choice(adds)
            return A.Add(t, n)
        return None

    def pick_discard(self, view, judge, tiles, rng) -> int:
        options = self.discards(view, tiles)
        o = judge.opening(tiles)
        loose = set(minus(tiles, o.melds))
        pool = [t for t in options if t in loose and t != WILD] or [t for t in options if t != WILD] or options
        return rng.choice(pool)


def _uses(groups, t) -> bool:
    return any(t in g for g in groups)
