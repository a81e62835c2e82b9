"""Computer players for single-train dominoes: `make(level)` -> agent with
`choose(view, rng) -> Action`. They see only a DominoesView.

- beginner: a random fitting tile; a random dead tile when blocked.
- normal: greedy (rules/dominoes_policy.py): heavy tiles first, doubles while they fit,
  keep tiles that fit the new ends and variety in hand, make ends the next player is
  unlikely to match (using what its dead tiles and passes showed); when blocked, lay the
  tile whose count (D10 included) times its chance to be played later is lowest.
- expert: reads each other seat as one of three kinds of player. A Normal player's moves
  follow from its hand, and its hand at any past turn is its hidden holding now plus the
  tiles it played since, so each seat's past plays and dead tiles (D6) can be replayed
  from a candidate holding (rules/dominoes_belief.py); each move the holding does not
  explain costs a factor 1e-6. Many people lay the heaviest tile that fits (and the
  lightest dead): that kind is replayed the same way, ties taken at random. Anyone else
  (a person with their own way, a Beginner) is read as choosing at random among their
  legal plays. Each seat starts at odds Normal 0.3, heaviest-first 0.2 (`heavy`), own way
  0.5 (`other`), and a deal is weighted by the chance each kind gives to the seat's
  moves, so the odds follow the play: a seat whose moves no hand explains as Normal's
  stops misleading the reading. Metropolis chains of tile swaps sample deals of the
  hidden tiles by these weights, each deal also drawing each seat's kind; every move is
  played out in every distinct deal, each seat playing as its kind (the same luck for
  every move; rules/dominoes_playout.py), and the best weighted result wins (win first,
  then margin).
  Only the two best moves after the first third of the deals are played out in the rest;
  the number of deals (400 at most) shrinks with the play-out work (moves x tiles left)
  to keep every decision within its time.
  At a table where a blocked player passes (D7) it looks two decisions ahead
  (rules/dominoes_search.py): it also chooses its next move, one for all the deals that
  would show it the same replies (it will not know which deal it is in). Measured in
  paired games against three Normals, this won +0.027 +- 0.017 more with passes (2,600)
  but +0.002 +- 0.012 with dead tiles (3,300), where it then has too few deals in time.
"""

from __future__ import annotations

import random

from .. import dominoes_search as search
from ..dominoes_actions import BY_TEXT, DROP, LEFT, RIGHT, Drop, Play
from ..dominoes_belief import Posterior, public_lacks
from ..dominoes_policy import heavy_drop, normal_drop, normal_play
from ..dominoes_scoring import count, rank_key
from ..dominoes_tiles import ALL_MASK, HIGH, ID_OF, LOW, NUM_TILES, PIPS, mask_of, tiles_of


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


class HeavyFirst:
    """Not a level: a sparring player for `tilebot simulate`. It lays the heaviest tile
    that fits (ties at random) and the lightest tile dead, a common way people play and
    one of the kinds the Expert reads (rules/dominoes_policy.py `heavy_play`: the legal
    moves come in the same order, so it chooses as the Expert's play-outs do)."""

    level = "heavy"

    def choose(self, view, rng: random.Random):
        moves = _actions(view)
        if type(moves[0]) is Drop:
            return DROP[heavy_drop(mask_of(view.hand))]
        if type(moves[0]) is not Play:
            return moves[0]
        top = max(PIPS[m.tile] for m in moves)
        best = [m for m in moves if PIPS[m.tile] == top]
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


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


def never_playable(view, tile: int) -> bool:
    """No end shows either number of `tile` and every other tile with one of them is on the
    line or among our own dead tiles: no play can make such an end (D2), so it counts at
    the end whatever happens (D9), and laying it face down (D6) costs nothing more."""
    numbers = {LOW[tile], HIGH[tile]}
    if view.ends is not None and numbers & set(view.ends):
        return False
    gone = line_mask(view) | mask_of(view.dead)
    return all(gone >> t & 1 for t in range(NUM_TILES)
               if t != tile and numbers & {LOW[t], HIGH[t]})


class Expert:
    level = "expert"

    def __init__(self, samples: int = 400, work: int = 40000, margin: float = 0.01,
                 mismatch: float = 1e-6, burn: int = 100, thin: int = 3, chains: int = 4,
                 keep: int = 2, depth: int | None = None, branch: float = 2.0,
                 other: float = 0.5, heavy: float = 0.2):
        self.samples = samples  # deals drawn per decision, at most
        self.work = work  # at most this many moves played out per decision (estimated)
        self.margin = margin  # weight of the score margin next to the win
        self.mismatch = mismatch  # likelihood factor of a past move the deal can't explain
        self.burn = burn  # the Metropolis chains: steps before the first deal,
        self.thin = thin  # steps between deals,
        self.chains = chains  # independent chains
        self.keep = keep  # moves that get the full look-ahead
        self.depth = depth  # own decisions looked ahead (rules/dominoes_search.py);
        # None: two with passes (D7), one with dead tiles (D6)
        self.branch = branch  # the look-ahead's cost per deal, in play-outs per move kept
        self.other = other  # prior share of opponents read as playing their own way,
        self.heavy = heavy  # ... as laying their heaviest tiles (the rest: as Normal)

    def choose(self, view, rng: random.Random):
        moves = _actions(view)
        if len(moves) == 1:
            return moves[0]
        if type(moves[0]) is Drop:  # a tile that can never be played goes face down first:
            # it counts either way, and every other keeps its chance (a scan saw it lay a
            # live 1-1 and keep a 4-4 whose every other 4 was on the line, 19 in 300 games)
            dead = [m for m in moves if never_playable(view, m.tile)]
            if dead:
                return max(dead, key=lambda m: PIPS[m.tile])
        # fixed counts (not a clock) keep the choice a function of the view and rng
        length = max(1, sum(view.hand_counts))  # a play-out's length, at most
        kept = min(len(moves), self.keep)
        depth = self.depth or (1 if view.dead_tiles else 2)
        cost = (kept * self.branch if depth > 1 else kept) + (len(moves) - kept) / 3
        distinct = max(self.chains, int(self.work // (length * cost)))
        base = _Position(view)
        group = self.sample(base, rng, distinct)
        steps = [base.step(m) for m in moves]
        trying = range(len(moves))
        start, rest = [0.0] * len(moves), group
        if kept < len(moves):
            # a one-move look on the first third of the deals picks the moves worth more
            cut = (len(group) + 2) // 3
            rough = [base.value(group[:cut], step, 1, self.margin) for step in steps]
            trying = sorted(trying, key=lambda i: (-rough[i], i))[:kept]
            if depth == 1:  # it goes on over the rest (a deeper look needs every deal)
                start, rest = rough, group[cut:]
        totals = {i: base.value(rest, steps[i], depth, self.margin, start[i])
                  for i in trying}
        best = max(trying, key=lambda i: (totals[i], -i))
        return moves[best]

    def sample(self, base: _Position, rng: random.Random, distinct: int) -> list:
        """Deals of the hidden tiles by the reading (up to `distinct` different ones), as
        (weight, position in that deal) with each seat's kind and luck, to play out."""
        posterior = Posterior(base.view, self.mismatch, self.other, self.heavy)
        deals = posterior.chain(rng, self.samples, self.burn, self.thin, self.chains, distinct)
        weights: dict = {}
        for (hands, deads, wild, heavy), _energy in deals:
            key = (tuple(hands), tuple(deads), wild, heavy)
            weights[key] = weights.get(key, 0) + 1
        return [(w, base.start(hands, deads, wild, rng.getrandbits(32) if wild | heavy else 0,
                               heavy))
                for (hands, deads, wild, heavy), w in weights.items()]


class _Position:
    """The public position of a view, ready to be played out from sampled deals."""

    def __init__(self, view):
        self.view = view
        self.hand = mask_of(view.hand)
        self.dead = mask_of(view.dead)
        self.line = line_mask(view)
        self.lacks = public_lacks(view.history, view.players)
        self.passes = _trailing_passes(view)
        self.rules = (view.dead_tiles, view.zero25)

    def start(self, hands, deads, wild: int = 0, seed: int = 0, heavy: int = 0) -> search.Line:
        """This position in a sampled deal (own seat empty in `hands` and `deads`; the
        seats in `wild` play at random and those in `heavy` heaviest first, with luck `seed`)."""
        view = self.view
        me = view.seat
        hands = list(hands)
        deads = list(deads)
        hands[me] = self.hand
        deads[me] = self.dead
        left, right = view.ends if view.ends is not None else (-1, -1)
        return search.Line(hands, deads, list(view.hand_counts), left, right, me, self.passes,
                           self.line, list(self.lacks), wild=wild, seed=seed, heavy=heavy)

    def step(self, move) -> tuple:
        """The search's form of a legal action."""
        if type(move) is Play:
            return (search.PLAY, move.tile, *ends_after(self.view, move))
        if type(move) is Drop:
            return (search.DROP, move.tile)
        return (search.PASS,)

    def value(self, group, step, depth: int, margin: float, start: float = 0.0) -> float:
        """`start` plus the weighted result (see _result) of `step` over the deals in
        `group`, looking `depth` own decisions ahead, then everyone as the Normal player."""
        view = self.view
        return search.move_value(group, step, depth, view.seat, self.rules,
                                 lambda holdings: _result(view, holdings, margin), start)


def _trailing_passes(view) -> int:
    k = 0
    for entry in reversed(view.history):
        if entry[1] != "pass":
            break
        k += 1
    return k


_PIPS_Q = tuple(tuple(sum(PIPS[t] for t in tiles_of((m << 7 * q) & ALL_MASK)) for m in range(128))
                for q in range(4))


def _pips(mask: int) -> int:
    p0, p1, p2, p3 = _PIPS_Q
    return p0[mask & 127] + p1[(mask >> 7) & 127] + p2[(mask >> 14) & 127] + p3[mask >> 21]


def _result(view, holdings, margin) -> float:
    """1 for a win (of this game; of the match on its last game) plus a margin term."""
    me = view.seat
    zero25 = view.zero25
    if zero25:
        scores = [count(tiles_of(h), True) for h in holdings]
    else:
        scores = [_pips(h) for h in holdings]
    final = view.game_number == view.games
    totals = [view.scores[s] + scores[s] for s in range(len(scores))] if final else scores
    mine = totals[me]
    best_other = min(totals[s] for s in range(len(totals)) if s != me)
    if mine != best_other:
        win = 1.0 if mine < best_other else 0.0
    else:  # D11's tie-break
        tiles = [tiles_of(h) for h in holdings]
        if final:
            keys = [(totals[s], rank_key(tiles[s], zero25)) for s in range(len(scores))]
        else:
            keys = [rank_key(ts, zero25) for ts in tiles]
        win = 1.0 if min(range(len(keys)), key=keys.__getitem__) == me else 0.0
    return win + margin * (best_other - mine)


# Players that only `tilebot simulate` seats, to measure the levels against another way of
# playing (never at a table): "heavy" lays the heaviest tile that fits.
SPARRING = ("heavy",)


def make(level: str):
    level = level.strip().lower()
    if level == "beginner":
        return Beginner()
    if level == "normal":
        return Normal()
    if level == "expert":
        return Expert()
    if level == "heavy":
        return HeavyFirst()
    return None


__all__ = ["make", "Beginner", "Normal", "Expert", "HeavyFirst", "SPARRING"]
