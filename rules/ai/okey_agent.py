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
from ..okey_melds import add_tile, extensions, resolve, swap_okey, swap_pair_okey
from ..solvers.okey_opening import best_opening
from ..tiles import WILD, colour_of, format_tile, number_of
from .okey_endgame import (
    Finisher,
    LayOut,
    Table,
    first_move,
    legal_adds_by_place,
    meld_options,
    okey_way_out,
)
from .okey_hand import Judge, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import fits_table, legal_adds, melds_using, pair_with, resolved, swaps, table_melds


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


OKEY101 = Variant(take_to_add=True, pairs_onto_pairs=False, swap_from_groups_of_three=True)
YUZBIR = Variant(take_to_add=False, pairs_onto_pairs=True, swap_from_groups_of_three=False,
                 one_tile_per_run_end=True)


class NormalAgent:
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

    def take_finishes(self, view) -> bool:
        """Does the discard lay the rack out this turn (O20, O24)? In a new meld, added,
        or put in place of an okey on the table (O19) which then goes in a meld; not opened
        yet, in an opening after which the rest goes out too (O14; Y6, Y8)."""
        t = view.takeable
        if t is None or "take" not in view.legal:
            return False
        tiles = list(view.tiles)
        own = view.opened[view.seat]
        if own is None:
            return self.open_and_finish(view, tiles + [t], t, tiles.count(t)) is not None
        if own == "melds":
            return bool(self._way_out(view, tiles + [t], list(view.melds), t, tiles.count(t), 1))
        return False

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
    def way_out_step(self, view, tiles):
        """A sound player goes out when it can (issue 8): the first move of a way out this
        turn, or None. Not opened yet, an opening after which the rest goes out
        (`open_and_finish`); opened with melds, any way out (`finish_step`). Either keeps
        an okey for the last discard when it can (O-D12, Y-D8)."""
        own = view.opened[view.seat]
        if own is None and not _provisional(view):
            taken = view.taken
            plan = self.open_and_finish(view, tiles, taken, tiles.count(taken) - 1 if taken is not None else 0)
            return A.Open(tuple(plan.melds)) if plan is not None else None
        if own == "melds":
            return self.finish_step(view, self.judge(view), tiles)
        return None

    def open_and_finish(self, view, tiles, taken=None, before=0):
        """A way to open and go out in the same turn (O14 + O24, O-D5; Y6, Y-D3): new melds
        from the rack worth the need between them (any split, not only the most valuable
        opening, whose leftovers may not fit), the rest added to the table and to those
        melds, one tile kept to discard. A taken discard (O20) is laid (Yüzbir: in a new
        meld, Y8), never the last discard. The `LayOut` plan or None; cheap when the rack
        holds no opening at all (its most valuable one is below the need)."""
        need, okey = view.need, view.okey_kind
        if len(tiles) < 4:
            return None
        if best_opening(sorted(tiles), okey, self.game.scoring, keep=1).value < need:
            return None
        pending = taken is not None and tiles.count(taken) > before
        avoid = taken if pending and before == 0 else None
        in_meld = tiles.count(taken) - before if pending and not self.variant.take_to_add else 0
        lay = LayOut(view.melds, okey, view.ace_high, self.game.scoring, strict=self.strict_ends)
        return lay.finish(tiles, need=need, avoid=avoid, taken=taken if pending else None, in_meld=in_meld)

    def finish_step(self, view, judge, tiles):
        """When the rack can be laid out this turn (O24), the next move of a way out: the
        move after which the rest can still go out. Any split of the rack into melds counts,
        not only the most valuable one; so do additions, an okey added to the table (O-D6:
        with an okey and one loose tile, adding the okey and throwing the tile finishes now)
        and okeys taken back (O19) to lay in melds. A taken discard (O20) is laid, never
        the last discard (Yüzbir: in a new meld, Y8)."""
        if len(tiles) < 2 or view.opened[view.seat] != "melds":
            return None
        taken = view.taken
        before = tiles.count(taken) - 1 if taken is not None else 0
        okey_at_hand = WILD in tiles or any(x.startswith("swap ") for x in view.legal)
        # O24, O-D12, Y-D8: a way out that keeps an okey for the last discard scores double
        for last in (WILD, None) if okey_at_hand else (None,):
            step = self._way_out(view, tiles, list(view.melds), taken, before, 0, last)
            if step is not None and self.strict_ends:
                # Y10: each run end takes one tile a turn; `_way_out` may plan two onto one
                # end (r8 r9 onto r5-r7): a way out that keeps to the rule comes first.
                strict = self._strict_step(view, tiles, taken, before, last)
                if strict is not None:
                    return strict
                if last is not None:
                    continue  # the okey's way out breaks Y10: any other that keeps to it
            if step is not None:
                return step
        return None

    def _strict_step(self, view, tiles, taken, before, last=None):
        """The first move of a way out in which each run end takes at most one tile this
        turn (Y10): the ends still free are those a listed addition goes to; `last`, if
        given, the only tile it may discard last."""
        free, adds = legal_adds_by_place(view)
        pending = taken is not None and tiles.count(taken) > before
        lay = LayOut(view.melds, view.okey_kind, view.ace_high, self.game.scoring, strict=True, free=free)
        plan = lay.finish(tiles, need=0, avoid=taken if pending and before == 0 else None,
                          taken=taken if pending else None,
                          in_meld=tiles.count(taken) - before if pending and not self.variant.take_to_add else 0,
                          last=last)
        return first_move(plan, adds) if plan is not None else None

    def _way_out(self, view, tiles, melds, taken, before, depth, last=None):
        """The first move of a way out (`depth` 0: an action the view lists or a meld from
        the rack), or at `depth` > 0 whether there is one; `melds` as `view.melds`, `taken`
        the taken discard of which the rack held `before` copies; `last`, if given, the only
        tile the way out may discard last. Up to two okeys are taken back first (O19)."""
        okey, ace, scoring = view.okey_kind, view.ace_high, self.game.scoring
        pending = taken is not None and tiles.count(taken) > before
        only_new = pending and not self.variant.take_to_add  # Y8
        table = Table.of(_TableView(melds, okey, ace))
        avoid = taken if pending and before == 0 else None
        if Finisher(table, okey, scoring).can_finish(tiles, avoid=avoid, last=last):
            if depth and not only_new:
                return True
            for move in self._finish_moves(view, tiles, melds, taken if pending else None, only_new, depth):
                after = _after(view, melds, tiles, move)
                if after is None:
                    continue
                rest, melds2 = after
                if not rest:
                    continue
                left_avoid = None
                if pending and rest.count(taken) > before:
                    if only_new or not _taken_has_a_use(view, rest, melds2, taken):
                        continue
                    left_avoid = avoid
                fin = Finisher(Table.of(_TableView(melds2, okey, ace)), okey, scoring)
                if fin.can_finish(rest, avoid=left_avoid, last=last):
                    return move if not depth else True
        if depth >= 2:
            return None
        for move in self._swap_moves(view, tiles, melds, taken if pending else None, depth):
            after = _after(view, melds, tiles, move)
            if after is None:
                continue
            rest, melds2 = after
            if self._way_out(view, rest, melds2, taken, before, depth + 1, last):
                return move if not depth else True
        return None

    def _finish_moves(self, view, tiles, melds, taken, only_new, depth):
        """Candidate first moves of a way out: melds from the rack (the best opening first,
        as one move, then each meld the rack can lay) and, from the view, additions (onto
        an opponent's meld first, the okey last). With a taken discard waiting, the moves
        that lay it come first (Y8: only those)."""
        okey, ace = view.okey_kind, view.ace_high
        options = [codes for codes, _shape in meld_options(tuple(sorted(tiles)), okey, ace)
                   if resolve(codes, okey, ace) is not None]
        if only_new:
            return [A.LayMelds((m,)) for m in options if taken in m]
        moves = []
        o = best_opening(sorted(tiles), okey, self.game.scoring, keep=1)
        if o.melds:
            moves.append(A.LayMelds(o.melds))
            moves.extend(A.LayMelds((m,)) for m in o.melds)
        if depth == 0:
            owners = {n: owner for n, owner, _t, _k in melds}
            adds = [a for a in (self.parse(x) for x in view.legal if x.startswith("add ")) if a.target in owners]
            adds.sort(key=lambda a: (a.tile == WILD, owners[a.target] == view.seat))
            moves.extend(adds)
        moves.extend(A.LayMelds((m,)) for m in options)
        if taken is not None:
            moves.sort(key=lambda m: not _lays(m, taken))
        return moves

    def _swap_moves(self, view, tiles, melds, taken, depth):
        """Okeys to take back (O19): at `depth` 0 the swaps the view lists; deeper, those
        the rules allow on the table as it would be (Yüzbir: Y13, and never the taken tile,
        Y8; an okey laid this turn stays, Y12: only the swaps the view lists, whose okeys
        were laid before this turn, in anyone's meld)."""
        if depth == 0:
            return [self.parse(x) for x in view.legal if x.startswith("swap ")]
        okey, ace = view.okey_kind, view.ace_high
        out = []
        for n, _owner, mt, k in melds:
            if k == "pair" or WILD not in mt:
                continue
            m = resolve(mt, okey, ace)
            if m is None:
                continue
            if not self.variant.swap_from_groups_of_three and m.kind == "set" and len(m.tiles) < 4:
                continue
            for t in sorted(set(tiles)):
                if t == WILD or (t == taken and not self.variant.take_to_add):
                    continue
                if not self.variant.swap_from_groups_of_three and f"swap {format_tile(t)} in {n}" not in view.legal:
                    continue
                if swap_okey(m, t, okey, ace) is not None:
                    out.append(A.Swap(t, n))
        return out

    def okey_finish_step(self, view, tiles):
        """Finishing by discarding an okey scores double (O24, O-D12; Yüzbir: Y17, Y-D8),
        so when the rack can go out this turn keeping an okey for the last discard (with
        `k1 k2 k3 *`: lay k1 k2 k3 and throw the okey, not k2 k3 * and k1), the next move
        of such a way out: its new melds (the opening, if not opened yet), else its next
        addition. None otherwise (and for a pairs player: pairs are not laid out here)."""
        own = view.opened[view.seat]
        if WILD not in tiles or len(tiles) < 2 or own == "pairs" or opening_under_way(view):
            return None
        strict = self.variant.one_tile_per_run_end
        free = legal_adds_by_place(view)[0] if strict and own is not None else None
        plan = okey_way_out(view, tiles, self.game.scoring, need=view.need if own is None else 0,
                            strict=strict, free=free, take_to_add=self.variant.take_to_add)
        if plan is None:
            return None
        if own is None:
            return A.Open(tuple(plan.melds)) if plan.melds else None
        return first_move(plan, legal_adds_by_place(view)[1])

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


class _TableView:
    """The part of a view `Table.of` reads, for a table after a move."""

    def __init__(self, melds, okey_kind, ace_high):
        self.melds, self.okey_kind, self.ace_high = melds, okey_kind, ace_high


def _after(view, melds, tiles, move):
    """(rack, table melds as `view.melds`) after `move` (a meld laid, a tile added, an okey
    taken back, from a pair too: O19, O-D10), or None if it cannot be made."""
    okey, ace = view.okey_kind, view.ace_high
    rest = list(tiles)
    if isinstance(move, A.LayMelds):
        out = list(melds)
        top = max((n for n, *_ in melds), default=0)
        for m in move.melds:
            meld = resolve(m, okey, ace)
            if meld is None:
                return None
            for t in m:
                if t not in rest:
                    return None
                rest.remove(t)
            top += 1
            out.append((top, view.seat, meld.tiles, meld.kind))
        return rest, out
    i = next((i for i, entry in enumerate(melds) if entry[0] == move.target), None)
    if i is None:
        return None
    n, owner, mt, k = melds[i]
    if move.tile not in rest:
        return None
    if k == "pair":
        pair = swap_pair_okey(tuple(mt), move.tile, okey) if isinstance(move, A.Swap) else None
        if pair is None:
            return None
        rest.remove(move.tile)
        rest.append(WILD)
        return rest, melds[:i] + [(n, owner, pair, k)] + melds[i + 1:]
    meld = resolve(mt, okey, ace)
    if meld is None:
        return None
    if isinstance(move, A.Swap):
        new = swap_okey(meld, move.tile, okey, ace)
        if new is None:
            return None
        rest.remove(move.tile)
        rest.append(WILD)
    else:
        new = add_tile(meld, move.tile, okey, ace, not move.low)
        if new is None:
            return None
        rest.remove(move.tile)
    return rest, melds[:i] + [(n, owner, new.tiles, new.kind)] + melds[i + 1:]


def _provisional(view) -> bool:
    """Is an opening being laid this turn, not complete yet (Yüzbir, Y7, Y-D5)?"""
    return bool(dict(view.extra).get("provisional"))


def _lays(move, tile: int) -> bool:
    """Does `move` lay a copy of `tile`?"""
    if isinstance(move, A.LayMelds):
        return any(tile in m for m in move.melds)
    return move.tile == tile


def _taken_has_a_use(view, rest, melds, taken: int) -> bool:
    """After a move that did not lay the taken discard, has it a use at once (O20)? Added
    to a meld (a tile kept to discard, O9), put in place of an okey (O19), or laid in a
    meld with rack tiles: the engine asks at least this of every such move (O-D9)."""
    okey, ace = view.okey_kind, view.ace_high
    for _n, _owner, m in resolved(melds, okey, ace):
        kinds, wild = extensions(m, okey, ace)
        if len(rest) >= 2 and (wild if taken == WILD else identity(taken, okey) in kinds):
            return True
        if WILD in m.tiles and swap_okey(m, taken, okey, ace) is not None:
            return True
    if len(rest) >= 4:
        return any(taken in codes and len(codes) < len(rest)
                   for codes, _shape in meld_options(tuple(sorted(rest)), okey, ace))
    return False


def opening_under_way(view) -> str | None:
    """The kind ("melds" or "pairs") of an opening laid this turn and not complete yet
    (Yüzbir, Y7, Y-D5: a person laid it and timed out): the turn may only add to it (Y9)."""
    return dict(view.extra).get("provisional_kind")
