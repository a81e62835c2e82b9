"""The random agent's moves for Rummikub: legal, cheap, and playing often enough that
random games usually end by someone going out (and always end: K9 + K11)."""

from __future__ import annotations

import random
from collections import Counter

from .rummikub_actions import Draw, Pass, Play
from .rummikub_sets import JOKER, canonical_set, canonical_table, is_run, run_start, set_points
from .tiles import colour_of, kind, number_of

SOLVER_SHARE = 0.15  # the solver's best move (racks up to SOLVER_RACK tiles: keeps it quick)
SOLVER_RACK = 12
SIMPLE_SHARE = 0.55  # a simple play: a new set from the rack or one tile added to a set


def random_action(view, rng: random.Random):
    fallback = Draw() if view.pool else Pass()
    r = rng.random()
    if r < SOLVER_SHARE and len(view.rack) <= SOLVER_RACK:
        from .solvers.rummikub import best_move

        move = best_move(view.table, view.rack, initial=not view.melded[view.seat], stable=False)
        return Play(move.table) if move else fallback
    if r < SOLVER_SHARE + SIMPLE_SHARE:
        table = simple_play(view.table, view.rack, view.melded[view.seat], rng)
        return Play(table) if table else fallback
    return fallback


def rack_sets(rack) -> list[tuple[int, ...]]:
    """Valid sets made of rack tiles alone: every group, and every run of 3-5 tiles (with
    at most one joker filling a gap or an end)."""
    have = Counter(rack)
    jokers = have[JOKER]
    out = []
    for n in range(1, 14):
        colours = [c for c in range(4) if have[kind(c, n)]]
        for size in (3, 4):
            for extra in range(min(jokers, 1) + 1):
                if len(colours) >= size - extra >= 2:
                    out.append(tuple(kind(c, n) for c in colours[:size - extra]) + (JOKER,) * extra)
    for c in range(4):
        for start in range(1, 12):
            for length in (3, 4, 5):
                if start + length - 1 > 13:
                    break
                seq = [kind(c, n) for n in range(start, start + length)]
                missing = [i for i, t in enumerate(seq) if not have[t]]
                if len(missing) <= min(jokers, 1) and len(missing) < length - 1:
                    for i in missing:
                        seq[i] = JOKER
                    out.append(tuple(seq))
    return out


def take_sets(sets, left: Counter) -> list[tuple[int, ...]]:
    """The sets, in order, that the tiles in `left` can still make; `left` loses them."""
    chosen = []
    for s in sets:
        need = Counter(s)
        if all(left[t] >= k for t, k in need.items()):
            left.subtract(need)
            chosen.append(s)
    return chosen


def _extensions(table, rack) -> list[tuple[int, ...]]:
    """Tables with one rack tile added to the end of a run or to a group of three."""
    have = set(rack)
    out = []
    for i, s in enumerate(table):
        candidates = []
        if is_run(s):
            c = colour_of(next(t for t in s if t != JOKER))
            start = run_start(s)
            if start > 1:
                candidates.append((kind(c, start - 1),) + tuple(s))
            if start + len(s) <= 13:
                candidates.append(tuple(s) + (kind(c, start + len(s)),))
        elif len(s) == 3:
            n = number_of(s[0])
            candidates += [tuple(s) + (kind(c, n),) for c in range(4)]
        for cand in candidates:
            added = [t for t in cand if t not in s]
            if added and added[0] in have and canonical_set(cand) is not None:
                out.append(canonical_table(table[:i] + (cand,) + table[i + 1:]))
    return out


def simple_play(table, rack, melded: bool, rng: random.Random):
    """A random simple legal play, or None. Before the initial meld: new rack sets adding
    up to at least 30 points (K6)."""
    sets = rack_sets(rack)
    rng.shuffle(sets)
    if not melded:
        left = Counter(rack)
        chosen, points = [], 0
        for s in sets:
            need = Counter(s)
            if all(left[t] >= k for t, k in need.items()):
                left.subtract(need)
                chosen.append(s)
                points += set_points(s)
        return canonical_table(tuple(table) + tuple(chosen)) if points >= 30 else None
    options = [canonical_table(tuple(table) + (s,)) for s in sets[:3]]
    options += _extensions(tuple(table), rack)
    return rng.choice(options) if options else None
