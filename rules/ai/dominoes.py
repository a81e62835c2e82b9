"""Computer players for single-train dominoes: `make(level)` -> agent with
`choose(view, rng) -> Action`. They see only a DominoesView.

- beginner: a random fitting tile; a random dead tile when blocked.
- normal: greedy: heavy tiles first, keep tiles that fit the new ends, play doubles while
  they fit, make ends the next player is unlikely to match; when blocked, lay the tile
  whose expected cost is lowest (its count, D10 included, times its chance to be played).
- expert: infers from dead tiles and passes which numbers each player lacks, samples
  hidden deals consistent with the view (rules/dominoes_belief.py) and plays each move
  out in every sample (rules/dominoes_playout.py); picks the best average result.
"""

from __future__ import annotations

import random

from ..dominoes_actions import BY_TEXT, LEFT, RIGHT, Drop, Pass, Play
from ..dominoes_belief import Belief, past_choices
from ..dominoes_playout import greedy_play, playout
from ..dominoes_scoring import count, rank_key
from ..dominoes_tiles import DOUBLE_ZERO, HAS, HIGH, ID_OF, LOW, PIPS, mask_of, tiles_of


def _actions(view):
    return [BY_TEXT[t] for t in view.legal]


def ends_after(view, play: Play) -> tuple[int, int]:
    """The line's ends once `play` is placed (the engine's rule for a play with no end:
    right if it fits there, else left)."""
    t = play.tile
    if view.ends is None:
        return LOW[t], HIGH[t]
    left, right = view.ends
    a, b = LOW[t], HIGH[t]
    side = play.end or (RIGHT if right in (a, b) else LEFT)
    if side == LEFT:
        return (b if left == a else a), right
    return left, (b if right == a else a)


def tile_value(t: int, holding: int, zero25: bool) -> int:
    """What `t` adds to the count of `holding` (hand + dead) if it stays there (D9, D10)."""
    if zero25 and t == DOUBLE_ZERO and (holding & HAS[0]).bit_count() == 1:
        return 25
    return PIPS[t]


class Beginner:
    level = "beginner"

    def choose(self, view, rng: random.Random):
        return BY_TEXT[rng.choice(view.legal)]


class Normal:
    level = "normal"

    def choose(self, view, rng: random.Random):
        moves = _actions(view)
        if len(moves) == 1:
            return moves[0]
        belief = Belief(view)
        if type(moves[0]) is Drop:
            return min(moves, key=lambda d: self._drop_cost(view, belief, d.tile))
        return max(moves, key=lambda p: self._play_score(view, belief, p))

    def _drop_cost(self, view, belief, t):
        holding = mask_of(view.hand) | mask_of(view.dead)
        # chance to play `t` later: grows with the unseen tiles that can bring its numbers up
        k = (belief.unseen & (HAS[LOW[t]] | HAS[HIGH[t]])).bit_count()
        ends = view.ends or (-1, -1)
        chance = 1.0 - 0.75 ** (k + 2 * (LOW[t] in ends or HIGH[t] in ends))
        return (tile_value(t, holding, view.zero25) * chance, PIPS[t])

    def _play_score(self, view, belief, play):
        t = play.tile
        hand = mask_of(view.hand)
        after = hand & ~(1 << t)
        left, right = ends_after(view, play)
        score = tile_value(t, hand | mask_of(view.dead), view.zero25)
        if LOW[t] == HIGH[t]:
            score += 2.0
        # keep tiles that fit the new ends, and variety of numbers in hand
        score += 1.5 * (after & (HAS[left] | HAS[right])).bit_count()
        score += 0.5 * sum(1 for n in range(7) if after & HAS[n])
        # make the next player lay a dead tile / pass
        score += 4.0 * (1.0 - self._chance_next_fits(view, belief, left, right))
        return score

    @staticmethod
    def _chance_next_fits(view, belief, left, right):
        nxt = (view.seat + 1) % view.players
        if belief.lacking(nxt, left) and belief.lacking(nxt, right):
            return 0.0
        unseen = belief.unseen.bit_count()
        fitting = (belief.allowed(belief.lacks[nxt]) & (HAS[left] | HAS[right])).bit_count()
        h = view.hand_counts[nxt]
        # P(at least one of h hidden tiles is among the fitting ones), drawn without order
        miss = 1.0
        for i in range(h):
            if unseen - i <= 0:
                break
            miss *= max(0.0, (unseen - fitting - i) / (unseen - i))
        return 1.0 - miss


class Expert:
    level = "expert"

    def __init__(self, budget: int = 240, min_samples: int = 12, max_samples: int = 60,
                 smart: bool = False, margin: float = 0.01, mismatch: float = 1.0):
        self.budget = budget  # play-outs per decision
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.smart = smart
        self.margin = margin
        self.mismatch = mismatch

    def choose(self, view, rng: random.Random):
        moves = _actions(view)
        if len(moves) == 1:
            return moves[0]
        belief = Belief(view)
        samples = max(self.min_samples, min(self.max_samples, self.budget // len(moves)))
        choices = past_choices(view) if self.mismatch < 1 else []
        totals = [0.0] * len(moves)
        for _ in range(samples):
            hands, deads, order = belief.sample(rng)
            w = _likelihood(hands, order, choices, self.mismatch)
            for i, move in enumerate(moves):
                totals[i] += w * self._value(view, hands, deads, move, self.smart, self.margin)
        best = max(range(len(moves)), key=totals.__getitem__)
        return moves[best]

    @staticmethod
    def _value(view, hands, deads, move, smart=False, margin=0.01) -> float:
        me = view.seat
        n = view.players
        hands = list(hands)
        deads = list(deads)
        hands[me] = mask_of(view.hand)
        deads[me] = mask_of(view.dead)
        counts = list(view.hand_counts)
        passes = _trailing_passes(view)
        kind = type(move)
        left, right = view.ends if view.ends is not None else (-1, -1)
        over = False
        if kind is Play:
            t = move.tile
            hands[me] ^= 1 << t
            counts[me] -= 1
            left, right = ends_after(view, move)
            passes = 0
            over = counts[me] == 0
        elif kind is Drop:
            hands[me] ^= 1 << move.tile
            deads[me] |= 1 << move.tile
            counts[me] -= 1
            over = counts[me] == 0
        elif kind is Pass:
            passes += 1
            over = passes == n
        if over:
            holdings = [hands[s] | deads[s] for s in range(n)]
        else:
            played = mask_of(ID_OF[p] for p in view.line)
            if kind is Play:
                played |= 1 << move.tile
            holdings = playout(hands, deads, counts, left, right, (me + 1) % n, passes,
                               view.dead_tiles, smart, played)
        return _result(view, holdings, margin)


def _likelihood(hands, dead_order, choices, mismatch) -> float:
    """How well a sampled deal explains the other seats' past plays, if they play like
    the Normal player: each play it would not have chosen costs a factor `mismatch`."""
    w = 1.0
    for seat, tile, left, right, later, drops_before in choices:
        then = hands[seat] | later
        for d in dead_order[seat][drops_before:]:
            then |= d
        fit = then & (HAS[left] | HAS[right])
        if fit & (fit - 1) and greedy_play(then, fit, left, right)[0] != tile:
            w *= mismatch
    return w


def _trailing_passes(view) -> int:
    k = 0
    for entry in reversed(view.history):
        if entry[1] != "pass":
            break
        k += 1
    return k


def _result(view, holdings, margin=0.01) -> float:
    """1 for a win (this game, or the match on its last game) plus a small margin term."""
    me = view.seat
    zero25 = view.zero25
    tiles = [tiles_of(h) for h in holdings]
    scores = [count(ts, zero25) for ts in tiles]
    if view.game_number == view.games:
        totals = [view.scores[s] + scores[s] for s in range(len(scores))]
        keys = [(totals[s], rank_key(tiles[s], zero25)) for s in range(len(scores))]
    else:
        totals = scores
        keys = [rank_key(ts, zero25) for ts in tiles]
    best_other = min(totals[s] for s in range(len(totals)) if s != me)
    win = 1.0 if min(range(len(keys)), key=keys.__getitem__) == me else 0.0
    return win + margin * (best_other - totals[me])


def make(level: str):
    level = level.strip().lower()
    if level == "beginner":
        return Beginner()
    if level == "normal":
        return Normal()
    if level == "expert":
        return Expert()
    return None


__all__ = ["make", "Beginner", "Normal", "Expert"]
