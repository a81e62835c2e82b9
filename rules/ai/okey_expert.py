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
- The finish: as the Normal (rules/ai/okey_way_out.py `way_out_step`), whenever its rack can
  be laid out this turn it plays a way out (`finish_step`), with every split of the rack
  into melds, additions and okeys taken back (O19), a taken discard too (O20): it takes a
  discard that lays it out (`take_finishes`) and, having taken one, plays the way out
  rather than the use of the tile. Not opened yet, it opens and lays out in the same turn
  whenever any split of the rack into new melds reaches the need and lets the rest go out
  (`open_and_finish`: O14, O-D5, Y6, Y-D3), its timing rules notwithstanding.
- Timing (`Tactics`): when to open and when to hold melds back. A meld on the table is a
  place where the others lay off tiles (and, in Yüzbir, each tile added to it costs its
  owner, Y11), so the Expert may keep its melds in hand until it can lay out (nearly) all.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import okey_actions as A
from ..tiles import FAKE, WILD, colour_of, kind, number_of
from .okey_agent import NormalAgent
from .okey_efficiency import Efficiency
from .okey_endgame import Finisher, Table, left_after_laying
from .okey_hand import has_partner, minus
from .okey_knowledge import identity, knowledge
from .okey_plans import shapes_with


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
        # a way out this turn was looked for first (`way_out_step`, as the Normal does)
        if self.tactics.hold_melds and not self.late(view):
            o = judge.opening(tiles, keep=1)
            if o.melds and self.can_go_out(view, tiles, o):
                return A.LayMelds(o.melds)
            return (self.adds_and_swaps(view) or self.okey_before_a_finish(view, tiles)
                    or self.pairs_onto_pairs(view, judge, tiles))
        return super().lay_more(view, judge, tiles, rng)

    # ----- additions and the finish (O17, O24) ----------------------------------------------
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
