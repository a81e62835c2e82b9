"""The okey-family Expert: the Normal player's plan, played with more information.

- It remembers every discard it has watched (DiscardMemory), so it knows which tiles are
  dead and counts the live copies of what it waits for exactly.
- It estimates what the next seat can hold: the hidden tiles are spread over the other
  racks and the pile in proportion to their sizes, so the chance that the next seat holds
  two tiles that meld with a discard follows from the unseen counts (sampling the hidden
  tiles consistently with the view, in closed form).
- Before opening it looks one draw ahead: for the best few discards it counts how likely
  the next draw (or the discard it may take) opens.
"""

from __future__ import annotations

from ..tiles import WILD
from .okey_agent import NormalAgent
from .okey_knowledge import DiscardMemory, identity, knowledge
from .okey_plans import shapes_with


class ExpertAgent(NormalAgent):
    level = "expert"

    def __init__(self, game, variant):
        super().__init__(game, variant)
        self.memory = DiscardMemory()

    def know(self, view):
        return knowledge(view, self.memory.update(view))

    # ----- feeding the next seat (O20) ------------------------------------------------------
    def p_next_uses(self, view, judge, t: int) -> float:
        """Chance that the next seat holds two tiles that make a meld with `t`."""
        nxt = (view.seat + 1) % 4
        if view.partners and nxt == (view.seat + 2) % 4:
            return 0.0
        own = view.opened[nxt]
        if own == "pairs":
            return min(1.0, judge.know.unseen[identity(t, view.okey_kind)] * view.hand_counts[nxt]
                       / max(1, judge.know.hidden))
        m = view.hand_counts[nxt]
        share = m / max(1, judge.know.hidden)
        unseen = judge.know.unseen

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
        return p_meld if own == "melds" else p_meld * 0.5

    def discard_cost(self, view, judge, t: int) -> float:
        base = super().discard_cost(view, judge, t)
        if t == WILD or base:
            return base
        return self.feed_weight(view) * self.p_next_uses(view, judge, t)

    def feed_weight(self, view) -> float:
        return 4.0 if view.opened[view.seat] == "melds" else 8.0

    # ----- looking one draw ahead -----------------------------------------------------------
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

    def pick_discard(self, view, judge, tiles, rng) -> int:
        if self.weak_discard:
            from .okey_agent import BeginnerAgent
            return BeginnerAgent.pick_discard(self, view, judge, tiles, rng)
        if len(tiles) > 1 and view.opened[view.seat] == "melds" and len(tiles) <= self.endgame_size:
            return self.endgame_discard(view, judge, tiles)
        options = self.discards(view, tiles)
        if len(tiles) == 1 or len(options) == 1 or view.opened[view.seat] is not None:
            return super().pick_discard(view, judge, tiles, rng)
        if self.pairs_route(view, judge, tiles):
            return super().pick_discard(view, judge, tiles, rng)
        scored = []
        judge.note_parent(tiles)
        for t in options:
            rest = list(tiles)
            rest.remove(t)
            scored.append((self.rack_value(view, judge, rest) - self.discard_cost(view, judge, t), t, rest))
        scored.sort(key=lambda x: -x[0])
        draws = self.draws(judge)
        best, best_score = None, None
        for base, t, rest in scored[:self.lookahead_width]:
            p_open = 0.0
            for x, p in draws:
                o = judge.opening(rest + [self.as_tile(x, view)], keep=1)
                if o.value >= view.need:
                    p_open += p
            score = base + self.open_weight * p_open
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best

    lookahead_width = 4
    open_weight = 60.0

    @staticmethod
    def as_tile(k: int, view) -> int:
        """The tile code of a drawn identity: the okey's kind comes as a fake okey."""
        from ..tiles import FAKE
        return FAKE if k == view.okey_kind else k

    # ----- experiments --------------------------------------------------------------------
    spare_okeys = False

    def try_open(self, view, judge, tiles, rng):
        if self.hold_back:
            return self.try_open_hold(view, judge, tiles, rng)
        if self.spare_okeys and WILD in tiles:
            plain = [t for t in tiles if t != WILD]
            o = judge.opening(plain, keep=0)
            if o.value >= view.need:
                return __import__("rules.okey_actions", fromlist=["Open"]).Open(o.melds)
        return super().try_open(view, judge, tiles, rng)

    def lay_more(self, view, judge, tiles, rng):
        if self.spare_okeys and WILD in tiles:
            plain = [t for t in tiles if t != WILD]
            o = judge.opening(plain, keep=0)
            if o.melds:
                return __import__("rules.okey_actions", fromlist=["Open"]).LayMelds(o.melds)
            full = judge.opening(tiles, keep=1)
            if full.melds and full.tiles_used >= len(tiles) - 1:
                return __import__("rules.okey_actions", fromlist=["Open"]).LayMelds(full.melds)
            return self.adds_and_swaps(view)
        return super().lay_more(view, judge, tiles, rng)

    weak_discard = False
    no_take = False

    def draw_step(self, view, rng):
        if self.no_take and "draw" in view.legal:
            from ..okey_actions import Draw
            return Draw()
        return super().draw_step(view, rng)

    endgame_size = 7
    finish_weight = 40.0

    def endgame_discard(self, view, judge, tiles) -> int:
        """Small rack after opening: the discard that most often finishes next turn."""
        from .okey_endgame import Finisher, Table
        table = Table.of(view)
        fin = Finisher(table, view.okey_kind, self.game.scoring)
        draws = self.draws(judge)
        accepts = table.accepts(view.okey_kind)
        best, best_score = None, None
        for t in self.discards(view, tiles):
            rest = list(tiles)
            rest.remove(t)
            base = fin.can_lay_all(rest)
            near = self.near_kinds(rest, view)
            p = 0.0
            for x, px in draws:
                if base:
                    p += px
                    continue
                if x != WILD and x not in accepts and x not in near:
                    continue
                if fin.can_finish(rest + [self.as_tile(x, view)]):
                    p += px
            score = self.finish_weight * p + self.rack_value(view, judge, rest) - self.discard_cost(view, judge, t)
            if best_score is None or score > best_score:
                best, best_score = t, score
        return best

    def near_kinds(self, tiles, view) -> set:
        """Kinds that could meld with a rack tile (same colour within two, same number)."""
        from ..tiles import colour_of, kind, number_of
        out = set()
        for t in tiles:
            if t == WILD:
                continue
            i = identity(t, view.okey_kind)
            c, n = colour_of(i), number_of(i)
            for d in (-2, -1, 1, 2):
                m = (n - 1 + d) % 13 + 1
                out.add(kind(c, m))
            out.update(kind(x, n) for x in range(4))
        return out

    hold_back = False
    hold_pile = 0

    def can_go_out(self, view, judge, tiles, opening) -> bool:
        from .okey_endgame import Finisher, Table
        from .okey_hand import minus
        rest = minus(tiles, opening.melds)
        fin = Finisher(Table.of(view), view.okey_kind, self.game.scoring)
        return fin.can_finish(rest)

    def holding(self, view, judge, tiles) -> bool:
        return self.hold_back and view.pile > self.hold_pile

    def try_open_hold(self, view, judge, tiles, rng):
        o = judge.opening(tiles, keep=1)
        if o.value >= view.need and self.holding(view, judge, tiles):
            if not self.can_go_out(view, judge, tiles, o):
                return None
        return NormalAgent.try_open(self, view, judge, tiles, rng)

    def rack_value(self, view, judge, tiles) -> float:
        if self.hold_back and view.opened[view.seat] is None:
            o = judge.opening(tiles)
            if o.value >= view.need:
                return 1000.0 + judge.value_after_opening(tiles)
        return super().rack_value(view, judge, tiles)
