"""Computer players for single-train dominoes: `make(level)` -> agent with
`choose(view, rng) -> Action`. They see only a DominoesView.

- beginner: a random fitting tile; a random dead tile when blocked.
- normal: greedy (rules/dominoes_policy.py): heavy tiles first, doubles while they fit,
  keep tiles that fit the new ends and variety in hand, make ends the next player is
  unlikely to match (using what its dead tiles and passes showed); when blocked, lay the
  tile whose count (D10 included) times its chance to be played later is lowest.
- expert: infers from dead tiles and passes which numbers each player lacks, samples hidden
  deals consistent with the view (rules/dominoes_belief.py), weighs each by how well it
  explains the others' past plays, plays every move out in every sample
  (rules/dominoes_playout.py) and picks the best weighted result (win first, then margin).
"""

from __future__ import annotations

import random

from ..dominoes_actions import BY_TEXT, DROP, LEFT, RIGHT, Drop, Play
from ..dominoes_belief import Posterior, public_lacks
from ..dominoes_playout import playout
from ..dominoes_policy import normal_drop, normal_play
from ..dominoes_scoring import count, rank_key
from ..dominoes_tiles import HIGH, ID_OF, LOW, mask_of, tiles_of


def _actions(view):
    return [BY_TEXT[t] for t in view.legal]


def line_mask(view) -> int:
    return mask_of(ID_OF[p] for p in view.line)


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
        hand = mask_of(view.hand)
        dead = mask_of(view.dead)
        line = line_mask(view)
        left, right = view.ends if view.ends is not None else (-1, -1)
        if type(moves[0]) is Drop:
            return DROP[normal_drop(hand, dead, line, left, right, view.zero25)]
        nxt = (view.seat + 1) % view.players
        lacks = public_lacks(view.history, view.players)
        options = [(m.tile, *ends_after(view, m)) for m in moves]
        best = normal_play(hand, dead, line, left, right, view.zero25, lacks[nxt],
                           view.hand_counts[nxt], options)
        return moves[options.index(best)]


class Expert:
    level = "expert"

    def __init__(self, budget: int = 160, min_samples: int = 40, max_samples: int = 40,
                 smart: bool = True, margin: float = 0.01, mismatch: float = 0.001,
                 burn: int = 60, thin: int = 3, chains: int = 1):
        self.budget = budget  # play-outs per decision
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.smart = smart  # play-outs as Normal players (else heaviest tile first)
        self.margin = margin  # weight of the score margin next to the win
        self.mismatch = mismatch  # likelihood factor of a past move the deal can't explain
        self.burn = burn  # the Metropolis chain: steps before the first deal,
        self.thin = thin  # steps between deals,
        self.chains = chains  # independent chains

    def choose(self, view, rng: random.Random):
        moves = _actions(view)
        if len(moves) == 1:
            return moves[0]
        # a fixed count (not a clock) keeps the choice a function of the view and rng
        samples = max(self.min_samples, min(self.max_samples, self.budget // len(moves)))
        posterior = Posterior(view, self.mismatch)
        deals = posterior.chain(rng, samples, self.burn, self.thin, self.chains)
        base = _Position(view)
        totals = [0.0] * len(moves)
        for (hands, deads), _energy in deals:
            for i, move in enumerate(moves):
                holdings = base.play_out(hands, deads, move, self.smart)
                totals[i] += _result(view, holdings, self.margin)
        best = max(range(len(moves)), key=totals.__getitem__)
        return moves[best]


class _Position:
    """The public position of a view, ready to be played out from a sampled deal."""

    def __init__(self, view):
        self.view = view
        self.hand = mask_of(view.hand)
        self.dead = mask_of(view.dead)
        self.line = line_mask(view)
        self.lacks = public_lacks(view.history, view.players)
        self.passes = _trailing_passes(view)

    def play_out(self, hands, deads, move, smart) -> list[int]:
        view = self.view
        me = view.seat
        n = view.players
        hands = list(hands)
        deads = list(deads)
        hands[me] = self.hand
        deads[me] = self.dead
        counts = list(view.hand_counts)
        lacks = list(self.lacks)
        line = self.line
        passes = self.passes
        left, right = view.ends if view.ends is not None else (-1, -1)
        kind = type(move)
        if kind is Play:
            hands[me] ^= 1 << move.tile
            line |= 1 << move.tile
            counts[me] -= 1
            left, right = ends_after(view, move)
            passes = 0
            over = counts[me] == 0
        else:
            lacks[me] |= (1 << left) | (1 << right)
            if kind is Drop:
                hands[me] ^= 1 << move.tile
                deads[me] |= 1 << move.tile
                counts[me] -= 1
                over = counts[me] == 0
            else:
                passes += 1
                over = passes == n
        if over:
            return [hands[s] | deads[s] for s in range(n)]
        return playout(hands, deads, counts, left, right, (me + 1) % n, passes,
                       (view.dead_tiles, view.zero25), line, lacks, smart)


def _trailing_passes(view) -> int:
    k = 0
    for entry in reversed(view.history):
        if entry[1] != "pass":
            break
        k += 1
    return k


def _result(view, holdings, margin) -> float:
    """1 for a win (of this game; of the match on its last game) plus a margin term."""
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
