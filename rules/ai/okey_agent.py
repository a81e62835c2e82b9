"""The okey-family computer players (Okey 101 and Yüzbir share them; `Variant` says what
differs between the two games for a player).

An agent is called once per action: a turn is several calls (draw or take; then open,
lay, add, swap as it likes; then discard). Every call re-derives its plan from the view.

Levels (issue 8): `BeginnerAgent` plays simply and misses things; `NormalAgent` is a sound
greedy player; the Expert (rules/ai/okey_expert.py) adds tile tracking and look-ahead.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .. import okey_actions as A
from ..okey_melds import swap_okey
from ..tiles import WILD, colour_of, number_of
from .okey_hand import Judge, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import fits_table, legal_adds, melds_using, pair_with, swaps, table_melds
from .okey_way_out import WayOut, opening_under_way


@dataclass(frozen=True)
class Variant:
    """`take_to_add`: a taken discard may be added to a meld (O20) rather than only used in
    a new combination (Y8). `pairs_onto_pairs`: a meld player may lay pairs onto a pairs
    player (Y9). `swap_from_groups_of_three`: an okey in a set of three may be taken (O19;
    Y13 forbids it). `one_tile_per_run_end`: each run end takes one tile a turn (Y10)."""

    take_to_add: bool
    pairs_onto_pairs: bool
    swap_from_groups_of_three: bool
    one_tile_per_run_end: bool = False
    okey_left_costs: bool = False  # an okey left when another seat goes out costs 500 (O-D14)


OKEY101 = Variant(take_to_add=True, pairs_onto_pairs=False, swap_from_groups_of_three=True,
                  okey_left_costs=True)
YUZBIR = Variant(take_to_add=False, pairs_onto_pairs=True, swap_from_groups_of_three=False,
                 one_tile_per_run_end=True)


class NormalAgent(WayOut):
    """Goes out whenever its rack can this turn (`way_out_step`, taking a discard for it
    too), else opens as soon as it can, lays everything it can, adds and takes okeys back,
    takes a discard only when it can use it at once, and throws the tile its rack needs
    least, never a penalty tile (O21/Y16) or an okey while it has a choice."""

    level = "normal"

    def __init__(self, game, variant: Variant):
        self.game = game
        self.variant = variant

    @property
    def strict_ends(self) -> bool:
        """Each run end takes one tile a turn (Yüzbir, Y10)."""
        return self.variant.one_tile_per_run_end

    # ----- the facts of this call ----------------------------------------------------------
    def judge(self, view) -> Judge:
        kinds, _wild = view.extenders()
        return Judge(view.okey_kind, self.game.scoring, self.know(view), frozenset(kinds))

    def know(self, view):
        # A greedy player counts only the tiles in plain sight (the top discards); tracking
        # every buried discard is the Expert's skill (issue 8).
        return knowledge(view, buried=False)

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
        """Take the discard when it lets the rack go out this turn (`take_finishes`) or
        when it has a use at once (`use_taken`)."""
        return self.take_finishes(view) or self.uses_take(view, judge)

    def uses_take(self, view, judge: Judge) -> bool:
        t = view.takeable
        return self.use_taken(view, judge, list(view.tiles) + [t], t) is not None

    def use_taken(self, view, judge: Judge, tiles, t):
        """The action that uses the taken tile `t` at once, or None (O20, O-D9, Y8)."""
        own = view.opened[view.seat]
        if own is None:
            under_way = opening_under_way(view)
            plan = melds_using(judge, tiles, t, keep=1, need=view.need) \
                if under_way != "pairs" else None
            if plan is not None:
                return A.Open(plan[0])
            p = judge.pairs(tiles, keep=1)
            if under_way != "melds" and self.pairs_route(view, judge, tiles) \
                    and self.game.pairs_opening_ok(view, p) and _uses(p.pairs, t):
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
        step = self.way_out_step(view, tiles)
        if step is not None:
            return step
        if view.taken is not None:
            action = self.use_taken(view, judge, tiles, view.taken)
            if action is not None:
                return action
            if "return" in view.legal or not view.legal:
                return A.Return()
            # O-D9: laid something this turn, so no return: the moves left use it (O19 swap)
            return A.parse_action(view.legal[0], view)
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

    # ----- going out this turn (O24) ------------------------------------------------------
    def pairs_route(self, view, judge: Judge, tiles) -> bool:
        """Go for a pairs opening (O23, Y6) when the rack holds more pairs than melds."""
        if self.game.scoring.pairs_by_value:
            p = judge.pairs(tiles, keep=1)
            return p.value >= view.pair_need and judge.opening(tiles, keep=1).value < view.need
        p = judge.pairs(tiles)
        naturals = sum(1 for a, b in p.pairs if a == b and a != WILD)
        return naturals >= 5 or (naturals >= 4 and judge.opening(tiles).value < 30)

    def try_open(self, view, judge: Judge, tiles, rng):
        under_way = opening_under_way(view)
        o = judge.opening(tiles, keep=1)
        if o.value >= view.need and under_way != "pairs":
            return A.Open(o.melds)
        p = judge.pairs(tiles, keep=1)
        if under_way != "melds" and self.game.pairs_opening_ok(view, p) \
                and self.pairs_route(view, judge, tiles):
            return A.Pairs(p.pairs)
        return None

    def lay_more(self, view, judge: Judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.melds:
            return A.LayMelds(o.melds)
        return (self.adds_and_swaps(view) or self.okey_to_go_out(view, tiles)
                or self.okey_before_a_finish(view, tiles)
                or self.pairs_onto_pairs(view, judge, tiles))

    def adds_and_swaps(self, view):
        for t, n, _owner in swaps(view, self.variant.swap_from_groups_of_three):
            return A.Swap(t, n)
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t != WILD]
        if adds:
            t, n = self.pick_add(view, adds)
            return A.Add(t, n)
        return None

    def okey_to_go_out(self, view, tiles):
        """An okey kept back from the table while it is all that stands between the rack
        and going out (`b13 *`: add the okey, discard b13; `* *`: add one, finish with the
        other) threw the other tile and waited, or threw an okey for its penalty (O21,
        Y17). With at most one other tile left, the okeys go on the table."""
        if WILD not in tiles or len(tiles) < 2 or len(tiles) - tiles.count(WILD) > 1:
            return None
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t == WILD]
        return A.Add(*adds[0]) if adds else None

    def okey_before_a_finish(self, view, tiles):
        """O25, O-D14: an okey still in the rack when another seat goes out counts 100 times
        five (a round's 500, 1000 at a pairs ending) where a Yüzbir okey counts 10 (Y-D8). With
        a rival who has opened two tiles or fewer from going out, it goes on the table: it
        kept the okey 'for later' and paid 500 (a scan: 51 rounds in 300 Expert games)."""
        if not self.variant.okey_left_costs or WILD not in tiles:
            return None
        partner = (view.seat + 2) % 4 if view.partners else view.seat
        if not any(view.opened[s] and view.hand_counts[s] <= 2
                   for s in range(len(view.hand_counts)) if s not in (view.seat, partner)):
            return None
        adds = [(t, n) for t, n in legal_adds(view, self.parse) if t == WILD]
        return A.Add(*self.pick_add(view, adds)) if adds else None

    def pick_add(self, view, adds):
        return adds[0]

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

    def discard_cost(self, view, judge: Judge, t: int) -> float:
        """What throwing `t` costs beyond the rack, in tiles' worth of melds: an okey, a
        penalty tile (O21, Y16) far more than any loose tile."""
        if t == WILD:
            return 40.0
        if identity(t, view.okey_kind) in judge.table_kinds:
            return 20.0
        if self.hands_next_a_finish(view) and self.frees_an_okey(view, t):
            return 20.0  # the next seat takes it, puts it in for the okey and goes out (O19, O20)
        return 0.0

    def hands_next_a_finish(self, view) -> bool:
        """Could a tile that frees a table okey let the next seat go out at once? It may take
        the discard to put it in for the okey (O19, O20; Yüzbir's Y8 allows no such use)
        once opened with melds (O-D8), and with two tiles or fewer the okey and they are
        nearly all its rack."""
        nxt = (view.seat + 1) % 4
        return (self.variant.take_to_add and view.opened[nxt] == "melds"
                and view.hand_counts[nxt] <= 2)

    def frees_an_okey(self, view, t: int) -> bool:
        """Could `t` take an okey back from a meld on the table (O19)? Thrown, it lets the
        next seat take it and the okey with it (O20); kept, it brings the okey to us."""
        return any(WILD in m.tiles and swap_okey(m, t, view.okey_kind, view.ace_high) is not None
                   for _n, _owner, m in table_melds(view))

    def pick_discard(self, view, judge: Judge, tiles, rng) -> int:
        """Throw the tile with the fewest friends (see `keep_scores`)."""
        options = self.discards(view, tiles)
        if len(tiles) == 1 or len(options) == 1:
            return options[0]
        keep = self.keep_scores(view, judge, tiles)
        return min(options, key=lambda t: keep[t])

    def keep_scores(self, view, judge: Judge, tiles) -> dict[int, float]:
        """Per tile, how much the rack wants to keep it: a tile of a meld it holds (or of a
        pair, on the pairs route) most, then by the tiles of its run or its number beside
        it; the lower one goes first while collecting points for the opening (O14), the
        higher one once open (it would count if someone finishes, O25); an okey or a
        penalty tile (O21, Y16) is kept whatever it costs the rack."""
        pairs = view.opened[view.seat] == "pairs" or (
            view.opened[view.seat] is None and self.pairs_route(view, judge, tiles))
        held = judge.pairs(tiles) if pairs else judge.opening(tiles)
        core = Counter(t for g in (held.pairs if pairs else held.melds) for t in g)
        have = Counter(tiles)
        ids = {t: identity(t, view.okey_kind) for t in have if t != WILD}
        opened = view.opened[view.seat] is not None
        out = {}
        for t in have:
            score = 10.0 if core[t] >= have[t] else 0.0
            if t == WILD:
                score += 1000.0
            elif pairs:
                score += 3.0 * (have[t] >= 2)
            else:
                score += sum(self.friend(ids[t], ids[u], judge, opened) for u in ids if u != t)
            n = number_of(ids[t]) if t != WILD else 0
            out[t] = score + (-n if opened else n) / 100 + self.discard_cost(view, judge, t)
        return out

    def friend(self, a: int, b: int, judge: Judge, opened: bool) -> float:
        return _friend(a, b)

class BeginnerAgent(NormalAgent):
    """A new player: opens when the solver shows it (and notices most of the time), rarely
    takes a discard, forgets to add tiles, never thinks of pairs, and throws a random tile
    it does not see in a meld, without reading the table for penalty tiles."""

    level = "beginner"

    def want_take(self, view, judge, rng) -> bool:
        return rng.random() < 0.3 and self.uses_take(view, judge)

    def way_out_step(self, view, tiles):
        """No search for a way out (it misses finishes by design): only the okey finish a
        plain look finds (`okey_finish_step`, O-D12)."""
        return self.okey_finish_step(view, tiles)

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


def _friend(a: int, b: int) -> float:
    """How much tile identity `b` helps `a` towards a meld: its number in another colour
    or a neighbour in its colour counts 1, a tile two away in its colour 0.5 (O10, O11)."""
    if colour_of(a) != colour_of(b):
        return 1.0 if number_of(a) == number_of(b) else 0.0
    gap = abs(number_of(a) - number_of(b))
    gap = min(gap, 13 - gap)
    return 1.0 if gap == 1 else 0.5 if gap == 2 else 0.0


def _uses(groups, t) -> bool:
    return any(t in g for g in groups)
