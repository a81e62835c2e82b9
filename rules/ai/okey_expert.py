"""The okey-family Expert: the Normal player's plan, played with more information and
with timing.

- Tile tracking: it reads every discard pile from the view (all discards are public), so it
  knows which tiles are dead and counts the live copies of what it waits for exactly. It
  keeps no state between calls: one agent object may play many tables at once.
- Hidden tiles: the tiles it has not seen are spread over the other racks and the pile in
  proportion to their sizes (the distribution a consistent random sample of the hidden
  tiles has), which gives in closed form the chance that the next seat holds two tiles
  that meld with a discard (feeding, O20) and the chance of each next draw.
- Look-ahead: before opening it weighs how likely the next draw opens (O14, Y6); with a
  small rack after opening it picks the discard that most often finishes next turn (O24),
  by an exact search of how a rack can be laid out on the table (rules/ai/okey_endgame.py).
- The finish: whenever its rack can be laid out this turn it plays a way out
  (`finish_step`), with every split of the rack into melds, additions and okeys taken back
  (O19), a taken discard too (O20): it takes a discard that lays it out (`want_take`) and,
  having taken one, plays the way out rather than the Normal's use of the tile. Not opened
  yet, it opens and lays out in the same turn whenever any split of the rack into new melds
  reaches the need and lets the rest go out (`open_and_finish`: O14, O-D5, Y6, Y-D3), its
  timing rules notwithstanding, and takes a discard that lets it (O20, Y8).
- Timing (`Tactics`): when to open and when to hold melds back. A meld on the table is a
  place where the others lay off tiles (and, in Yüzbir, each tile added to it costs its
  owner, Y11), so the Expert may keep its melds in hand until it can lay out (nearly) all.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import okey_actions as A
from ..okey_melds import add_tile, extensions, resolve, swap_okey
from ..solvers.okey_opening import best_opening
from ..tiles import FAKE, WILD, colour_of, kind, number_of
from .okey_agent import NormalAgent
from .okey_efficiency import Efficiency
from .okey_endgame import (
    Finisher,
    LayOut,
    Table,
    first_move,
    left_after_laying,
    legal_adds_by_place,
    meld_options,
)
from .okey_hand import has_partner, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import resolved, shapes_with, table_melds


@dataclass(frozen=True)
class Tactics:
    """`open_when_left`: hold a possible opening back until laying it (and everything that
    then fits) would leave at most this many tiles; None opens at once. `hold_melds`: after
    opening, lay new melds only when that lays the rack out. Both give way once the pile is
    down to `late_pile` tiles. `lookahead`: how many of the best discards get the one-draw
    look-ahead before opening."""

    open_when_left: int | None = None
    hold_melds: bool = False
    late_pile: int = 8
    lookahead: int = 4
    efficiency: float = 0.0  # weight of the next draw's acceptance; 0: friends only
    candidates: int = 8  # how many of the least wanted tiles get the efficiency look


class ExpertAgent(NormalAgent):
    level = "expert"
    strict_ends = False  # each run end takes one tile a turn (Yüzbir, Y10)
    endgame_size = 7  # racks up to this size get the exact finish look-ahead
    finish_weight = 10.0  # a sure finish next turn outweighs ten friends
    open_weight = 10.0
    value_weight = 0.0  # per point of opening value expected after the next draw
    table_near = 2.0  # a tile one away from a run end on the table: two friends' worth
    points_bias = 0.5  # before opening, how much more a friendship of high tiles counts
    feed_weight = 1.0  # feeding the next seat costs about one friend

    def __init__(self, game, variant, tactics: Tactics = Tactics()):
        super().__init__(game, variant)
        self.tactics = tactics

    def know(self, view):
        return knowledge(view)  # every discard, buried ones too: all were shown (O20)

    def late(self, view) -> bool:
        return view.pile <= self.tactics.late_pile

    # ----- when to open, when to hold back --------------------------------------------------
    def try_open(self, view, judge, tiles, rng):
        hold = self.tactics.open_when_left
        if hold is not None and not self.late(view):
            o = judge.opening(tiles, keep=1)
            if o.value >= view.need and not self.can_go_out(view, tiles, o):
                left = left_after_laying(tiles, Table.of(view), view.okey_kind, self.game.scoring)
                if left > hold + 1:
                    return None
        return super().try_open(view, judge, tiles, rng)

    def lay_more(self, view, judge, tiles, rng):
        step = self.finish_step(view, judge, tiles)
        if step is not None:
            return step
        if self.tactics.hold_melds and not self.late(view):
            o = judge.opening(tiles, keep=1)
            if o.melds and self.can_go_out(view, tiles, o):
                return A.LayMelds(o.melds)
            return self.adds_and_swaps(view) or self.pairs_onto_pairs(view, judge, tiles)
        return super().lay_more(view, judge, tiles, rng)

    # ----- the finish (O24, O19, O20) ------------------------------------------------------
    def want_take(self, view, judge, rng) -> bool:
        """Take the discard when it lays the rack out this turn (O20, O24): in a new meld,
        added, or put in place of an okey on the table (O19) which then goes in a meld."""
        t = view.takeable
        if view.opened[view.seat] is None and t is not None and "take" in view.legal:
            tiles = list(view.tiles)
            if self.open_and_finish(view, tiles + [t], t, tiles.count(t)) is not None:
                return True  # open and go out with it this turn (O14, O20, O24; Y6, Y8)
        if view.opened[view.seat] == "melds" and t is not None and "take" in view.legal:
            tiles = list(view.tiles) + [t]
            if self._way_out(view, tiles, list(view.melds), t, tiles.count(t) - 1, 1):
                return True
        return super().want_take(view, judge, rng)

    def play_step(self, view, rng):
        """Not opened yet: an opening after which the rest of the rack goes out this turn
        first, whatever the timing (`open_and_finish`). With a taken discard waiting, a way
        out first: the Normal's use of the tile lays its most valuable melds and may throw
        the finish away (O20, O24)."""
        if view.opened[view.seat] is None and not _provisional(view):
            tiles = list(view.tiles)
            taken = view.taken
            plan = self.open_and_finish(view, tiles, taken, tiles.count(taken) - 1 if taken is not None else 0)
            if plan is not None:
                return A.Open(tuple(plan.melds))
        if view.taken is not None and view.opened[view.seat] == "melds":
            step = self.finish_step(view, self.judge(view), list(view.tiles))
            if step is not None:
                return step
        return super().play_step(view, rng)

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

    def okey_finish_step(self, view, tiles):
        """`finish_step` and `open_and_finish` already keep an okey for the last discard
        whenever a way out allows it (O-D12, Y-D8)."""
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
        Y8; an okey laid this turn stays, Y12: the table's own okeys are the view's)."""
        if depth == 0:
            return [self.parse(x) for x in view.legal if x.startswith("swap ")]
        okey, ace = view.okey_kind, view.ace_high
        out = []
        for n, owner, mt, k in melds:
            if k == "pair" or WILD not in mt:
                continue
            m = resolve(mt, okey, ace)
            if m is None:
                continue
            if not self.variant.swap_from_groups_of_three and (
                    owner == view.seat or (m.kind == "set" and len(m.tiles) < 4)):
                continue
            for t in sorted(set(tiles)):
                if t == WILD or (t == taken and not self.variant.take_to_add):
                    continue
                if swap_okey(m, t, okey, ace) is not None:
                    out.append(A.Swap(t, n))
        return out

    def pick_add(self, view, adds):
        """Lay off onto an opponent's meld first: its owner pays (O17, Y11), and a tile kept
        back for our own meld may still go there later."""
        owners = {n: owner for n, owner, _tiles, _kind in view.melds}
        partner = (view.seat + 2) % 4 if view.partners else view.seat
        return max(adds, key=lambda a: (owners[a[1]] not in (view.seat, partner), number_of(identity(a[0], view.okey_kind))))

    def can_go_out(self, view, tiles, opening) -> bool:
        """After laying `opening`, can the rest go out this turn (O24)?"""
        fin = Finisher(Table.of(view), view.okey_kind, self.game.scoring)
        return fin.can_finish(minus(tiles, opening.melds))

    def table_reach(self, view, judge, tiles) -> float:
        """Tiles one tile away from a run end on the table: when that tile comes (drawn, or
        added by anyone), they can be laid off too (O17)."""
        if not self.table_near:
            return 0.0
        table = Table.of(view)
        gaps = {}
        for c, lo, hi in table.runs:
            top = 14 if table.ace_high else 13
            if hi + 2 <= top and hi - lo < 11:
                gaps[kind(c, (hi + 1) % 13 + 1)] = kind(c, (hi) % 13 + 1)
            if lo - 2 >= 1 and hi - lo < 11:
                gaps[kind(c, lo - 2)] = kind(c, lo - 1)
        unseen = judge.know.unseen
        total = 0.0
        for t in set(tiles):
            if t == WILD:
                continue
            slot = gaps.get(identity(t, view.okey_kind))
            if slot is not None:
                total += min(unseen[slot], 2) / 2
        return self.table_near * total

    # ----- feeding the next seat (O20, Y8) --------------------------------------------------
    def p_next_uses(self, view, judge, t: int) -> float:
        """Chance that the next seat holds two tiles that make a meld with `t`."""
        nxt = (view.seat + 1) % 4  # never the partner, who sits opposite (O27)
        unseen = judge.know.unseen
        share = view.hand_counts[nxt] / max(1, judge.know.hidden)
        if view.opened[nxt] == "pairs":
            return min(1.0, unseen[identity(t, view.okey_kind)] * share)

        def held(k: int) -> float:
            return 1.0 - (1.0 - share) ** unseen[k]

        miss = 1.0
        for _is_run, kinds, _numbers in shapes_with(t, view.okey_kind, view.ace_high, max_run=3):
            others = list(kinds)
            others.remove(identity(t, view.okey_kind))
            p = 1.0
            for k in others:
                p *= held(k)
            miss *= 1.0 - p
        wild = 1.0 - (1.0 - share) ** judge.know.unseen_okeys
        p_meld = 1.0 - miss * (1.0 - wild * 0.5)
        # A seat that has not opened takes only what completes its opening.
        return p_meld if view.opened[nxt] == "melds" else p_meld * 0.5

    def discard_cost(self, view, judge, t: int) -> float:
        base = super().discard_cost(view, judge, t)
        if t == WILD or base:
            return base
        if self.frees_an_okey(view, t):
            return 20.0  # kept as a penalty tile is: whoever holds it takes that okey (O19)
        return self.feed_weight * self.p_next_uses(view, judge, t)

    def frees_an_okey(self, view, t: int) -> bool:
        """Could `t` take an okey back from a meld on the table (O19)? Thrown, it lets the
        next seat take it and the okey with it (O20); kept, it brings the okey to us."""
        return any(WILD in m.tiles and swap_okey(m, t, view.okey_kind, view.ace_high) is not None
                   for _n, _owner, m in table_melds(view))


    # ----- look-ahead ------------------------------------------------------------------------
    def draws(self, judge):
        """(tile, probability) of the next draw, from the unseen counts."""
        know = judge.know
        total = sum(know.unseen) + know.unseen_okeys
        if not total:
            return []
        out = [(k, n / total) for k, n in enumerate(know.unseen) if n]
        if know.unseen_okeys:
            out.append((WILD, know.unseen_okeys / total))
        return out

    def friend(self, a: int, b: int, judge, opened: bool) -> float:
        """A friend whose completing tiles are all dead (seen elsewhere) helps little;
        before opening, high tiles are worth more towards the limit (O13, Y5)."""
        base = super().friend(a, b, judge, opened)
        if not base:
            return 0.0
        if not opened and self.points_bias:
            base *= 1.0 - self.points_bias + self.points_bias * (number_of(a) + number_of(b)) / 20
        link = judge.link(a, b)
        if link is None:
            return base
        live = sum(judge.know.unseen[k] for k in link.completions)
        return base * (1.0 if live >= 2 else 0.6 if live == 1 else 0.15)

    def pick_discard(self, view, judge, tiles, rng) -> int:
        options = self.discards(view, tiles)
        if len(tiles) == 1 or len(options) == 1:
            return options[0]
        keep = self.keep_scores(view, judge, tiles)
        own = view.opened[view.seat]
        if own == "melds" and len(tiles) <= self.endgame_size:
            return self.endgame_discard(view, judge, tiles, options, keep)
        if self.tactics.efficiency and own != "pairs" and not self.pairs_route(view, judge, tiles):
            return self.efficient_discard(view, judge, tiles, options, keep)
        if own is None and self.tactics.lookahead > 1 and not self.pairs_route(view, judge, tiles):
            return self.opening_discard(view, judge, tiles, options, keep)
        return min(options, key=lambda t: keep[t])

    def efficient_discard(self, view, judge, tiles, options, keep) -> int:
        """The discard that leaves the rack nearest to laying out, counting how many unseen
        tiles would bring it nearer (see rules/ai/okey_efficiency.py); an okey or a
        penalty tile (O21) still costs what `discard_cost` says, feeding the next seat
        (O20) too."""
        tac = self.tactics
        eff = Efficiency(view, judge, self.game.scoring, tiles)
        best, best_score = None, None
        for t in sorted(options, key=lambda t: keep[t])[:tac.candidates]:
            rest = list(tiles)
            rest.remove(t)
            look = eff.acceptance(rest)
            score = (-eff.shortfall(rest) + tac.efficiency * look
                     - self.discard_cost(view, judge, t) - 0.01 * keep[t])
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best

    def opening_discard(self, view, judge, tiles, options, keep) -> int:
        """Before opening: among the few tiles the rack wants least, the one whose loss
        least spoils the chance that the next draw opens (O14, Y6) and, at `value_weight`
        a point, the opening value the next draw is expected to bring (up to the need)."""
        draws = self.draws(judge)
        need = view.need
        best, best_score = None, None
        for t in sorted(options, key=lambda t: keep[t])[:self.tactics.lookahead]:
            rest = list(tiles)
            rest.remove(t)
            # A drawn tile with no possible partner in the rack changes no meld: it would
            # be the discard, and the rack's opening next turn is the one it holds now.
            now = judge.opening(rest).value
            p_open = value = 0.0
            for x, p in draws:
                v = (judge.opening(rest + [_code(x, view)], keep=1).value
                     if x == WILD or has_partner(rest, x, view.okey_kind) else now)
                p_open += p * (v >= need)
                value += p * min(v, need)
            score = self.open_weight * p_open + self.value_weight * value - keep[t]
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best

    def endgame_discard(self, view, judge, tiles, options, keep) -> int:
        """A small rack after opening: the discard that most often finishes next turn."""
        table = Table.of(view)
        fin = Finisher(table, view.okey_kind, self.game.scoring)
        draws = self.draws(judge)
        accepts = table.accepts(view.okey_kind)
        best, best_score = None, None
        for t in options:
            rest = list(tiles)
            rest.remove(t)
            if fin.can_lay_all(rest):
                p = 1.0  # whatever comes, it can be the last discard
            else:
                near = _near_kinds(rest, view.okey_kind)
                p = sum(px for x, px in draws
                        if (x == WILD or x in accepts or x in near) and fin.can_finish(rest + [_code(x, view)]))
            if len(rest) <= 2:
                # Two tiles and a draw cannot make a meld and keep a tile to discard (O9):
                # here only what the table will take counts, not friends in the rack.
                n = 0 if t == WILD else number_of(identity(t, view.okey_kind))
                rack = n / 100 - self.discard_cost(view, judge, t)
            else:
                rack = -keep[t]
            score = self.finish_weight * p + rack + self.table_reach(view, judge, rest)
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best


class _TableView:
    """The part of a view `Table.of` reads, for a table after a move."""

    def __init__(self, melds, okey_kind, ace_high):
        self.melds, self.okey_kind, self.ace_high = melds, okey_kind, ace_high


def _after(view, melds, tiles, move):
    """(rack, table melds as `view.melds`) after `move` (a meld laid, a tile added, an okey
    taken back), or None if it cannot be made."""
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
    meld = resolve(mt, okey, ace) if k != "pair" else None
    if meld is None or move.tile not in rest:
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


def _code(k: int, view) -> int:
    """The tile code of a drawn identity: the okey's kind comes as a fake okey (O4)."""
    return FAKE if k == view.okey_kind else k


def _near_kinds(tiles, okey_kind: int) -> set:
    """Kinds that could meld with a rack tile (same colour within two, same number)."""
    out = set()
    for t in tiles:
        if t == WILD:
            continue
        i = identity(t, okey_kind)
        c, n = colour_of(i), number_of(i)
        out.update(kind(c, (n - 1 + d) % 13 + 1) for d in (-2, -1, 1, 2))
        out.update(kind(x, n) for x in range(4))
    return out
