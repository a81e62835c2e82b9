"""How an okey-family player goes out this turn, if its rack can: the search the Normal
asks first each turn (and so the stand-in for a person whose time ran out) and the Expert
uses as its finish (rules/ai/okey_agent.py, okey_expert.py). Before drawing: would the
discard lay the rack out (O19, O20)? After: an opening after which the rest goes out
(O14, O-D5), new melds, tiles added, okeys taken back from melds and pairs (O19, O-D10;
Yüzbir: one tile per run end a turn, Y10), keeping an okey for the last discard where it
can (O24: it scores double)."""

from __future__ import annotations

from .. import okey_actions as A
from ..okey_melds import add_tile, extensions, resolve, swap_okey, swap_pair_okey
from ..solvers.okey_opening import best_opening
from ..tiles import WILD, format_tile
from .okey_endgame import (
    Finisher,
    LayOut,
    Table,
    first_move,
    legal_adds_by_place,
    meld_options,
    okey_way_out,
)
from .okey_knowledge import identity
from .okey_plans import resolved


class WayOut:
    """The way-out search, mixed into the okey agents (it reads their `game` and
    `variant`)."""

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

    def way_out_step(self, view, tiles):
        """A sound player goes out when it can (issue 8): the first move of a way out this
        turn, or None. Not opened yet, an opening after which the rest goes out
        (`open_and_finish`); opened with melds, any way out (`finish_step`). Either keeps
        an okey for the last discard when it can (O-D12, Y-D8)."""
        own = view.opened[view.seat]
        if own is None and not _provisional(view):
            taken = view.taken
            before = tiles.count(taken) - 1 if taken is not None else 0
            plan = self.open_and_finish(view, tiles, taken, before)
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
        return lay.finish(tiles, need=need, avoid=avoid, taken=taken if pending else None,
                          in_meld=in_meld)

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
        lay = LayOut(view.melds, view.okey_kind, view.ace_high, self.game.scoring, strict=True,
                     free=free)
        in_meld = tiles.count(taken) - before if pending and not self.variant.take_to_add else 0
        plan = lay.finish(tiles, need=0, avoid=taken if pending and before == 0 else None,
                          taken=taken if pending else None, in_meld=in_meld, last=last)
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
            kept = taken if pending else None
            for move in self._finish_moves(view, tiles, melds, kept, only_new, depth):
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
            adds = [a for a in (self.parse(x) for x in view.legal if x.startswith("add "))
                    if a.target in owners]
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
                listed = f"swap {format_tile(t)} in {n}" in view.legal
                if not self.variant.swap_from_groups_of_three and not listed:
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
