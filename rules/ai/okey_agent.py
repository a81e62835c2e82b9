"""The okey-family computer player (Okey 101 here; Yüzbir plugs in its own rules hooks).

An agent is called once per action: a turn is several calls (draw or take; then open,
lay, add, swap as it likes; then discard). Every call re-derives the plan from the view,
so the agent keeps no hidden state beyond the public discard history it has watched.

Levels (issue 8): `BeginnerAgent` plays simply and misses things; `NormalAgent` is a sound
greedy player; the Expert (rules/ai/okey_expert.py) adds tile tracking and look-ahead.
"""

from __future__ import annotations

from .. import okey_actions as A
from ..tiles import WILD
from .okey_hand import Judge, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import legal_adds, melds_using, pair_with, swaps

PAIRS_TO_OPEN = 5  # O23


class NormalAgent:
    """Opens as soon as it can, lays everything it can, adds and takes okeys back,
    takes a discard only when it can use it at once, and throws the tile its rack needs
    least, never a penalty tile (O21) or an okey while it has a choice."""

    level = "normal"

    def __init__(self, game):
        self.game = game

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

    # ----- draw or take (O7, O20) -----------------------------------------------------------
    def draw_step(self, view, rng):
        legal = set(view.legal)
        if view.takeable is not None and "take" in legal:
            if self.want_take(view, self.judge(view), rng) or "draw" not in legal:
                return A.Take()
        return A.Draw()

    def want_take(self, view, judge: Judge, rng) -> bool:
        t = view.takeable
        tiles = list(view.tiles) + [t]
        return self.use_taken(view, judge, tiles, t) is not None

    def use_taken(self, view, judge: Judge, tiles, t):
        """The action that uses the taken tile `t` right away, or None (O20, O-D9)."""
        own = view.opened[view.seat]
        if own is None:
            if self.route(view, judge, tiles) == "pairs":
                p = judge.pairs(tiles, keep=1)
                if p.count >= PAIRS_TO_OPEN and any(t in pr for pr in p.pairs) and \
                        judge.pairs(minus(tiles, [[t]])).count < p.count:
                    return A.Pairs(p.pairs)
            plan = melds_using(judge, tiles, t, keep=1)
            if plan is not None and plan[1] >= view.need:
                return A.Open(plan[0])
            return None
        if own == "melds":
            for n, _owner, m in self._targets(view):
                from ..okey_melds import add_tile
                if add_tile(m, t, view.okey_kind, view.ace_high) is not None and len(tiles) > 1:
                    return A.Add(t, n)
            plan = melds_using(judge, tiles, t, keep=1)
            return A.LayMelds(plan[0]) if plan is not None else None
        pair = pair_with(minus(tiles, [[t]]), t)
        if pair is not None and len(tiles) > 2:
            return A.Pairs((pair,))
        return None

    def _targets(self, view):
        from .okey_plans import table_melds
        return table_melds(view)

    # ----- the rest of the turn ---------------------------------------------------------------
    def play_step(self, view, rng):
        judge = self.judge(view)
        tiles = list(view.tiles)
        if view.taken is not None:
            action = self.use_taken(view, judge, tiles, view.taken)
            if action is not None:
                return action
            return A.Return()
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

    def route(self, view, judge: Judge, tiles) -> str:
        """Melds or pairs (O23): pairs when the rack is already rich in pairs."""
        p = judge.pairs(tiles)
        naturals = sum(1 for a, b in p.pairs if a == b and a != WILD)
        if naturals >= 5 or (naturals >= 4 and judge.opening(tiles).value < 30):
            return "pairs"
        return "melds"

    def try_open(self, view, judge: Judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.value >= view.need:
            return A.Open(o.melds)
        p = judge.pairs(tiles, keep=1)
        if p.count >= PAIRS_TO_OPEN and self.route(view, judge, tiles) == "pairs":
            return A.Pairs(p.pairs)
        return None

    def lay_more(self, view, judge: Judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.melds:
            return A.LayMelds(o.melds)
        return self.adds_and_swaps(view)

    def adds_and_swaps(self, view):
        for t, n, _owner in swaps(view):
            return A.Swap(t, n)
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t != WILD]
        if adds:
            t, n = adds[0]
            return A.Add(t, n)
        return None

    def lay_pairs(self, view, judge: Judge, tiles, rng):
        if len(tiles) <= 2:
            return None
        p = judge.pairs(tiles, keep=1)
        if p.count:
            return A.Pairs(p.pairs)
        return None

    # ----- the discard (O8, O21) ---------------------------------------------------------------
    def rack_value(self, view, judge: Judge, tiles) -> float:
        own = view.opened[view.seat]
        if own == "melds":
            return judge.value_after_opening(tiles)
        if own == "pairs" or self.route(view, judge, tiles) == "pairs":
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
        if len(tiles) == 1:
            return tiles[0]
        best, best_score = None, None
        judge.note_parent(tiles)
        for t in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(t)
            score = self.rack_value(view, judge, rest) - self.discard_cost(view, judge, t)
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best


class BeginnerAgent(NormalAgent):
    """A new player: opens when the solver shows it (and notices most of the time), rarely
    takes a discard, forgets to add tiles, and throws a random tile it does not see in a
    meld, without reading the table for penalty tiles."""

    level = "beginner"

    def want_take(self, view, judge, rng) -> bool:
        return rng.random() < 0.3 and super().want_take(view, judge, rng)

    def route(self, view, judge, tiles) -> str:
        return "melds"

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
        if len(tiles) == 1:
            return tiles[0]
        o = judge.opening(tiles)
        loose = [t for t in minus(tiles, o.melds) if t != WILD]
        pool = loose or [t for t in tiles if t != WILD] or tiles
        return rng.choice(sorted(pool))
