"""Computer players for Rummikub: `make(level)` -> agent with `choose(view, rng) -> Action`.
They see only a RummikubView.

- beginner: only new sets made from its own rack (runs of 3-5, groups, at most one joker),
  picked at random; never touches the table.
- normal: goes out whenever its whole rack fits the table (the exact check, as the
  expert); otherwise the solver's best move by value, looking only at the sets near its
  own tiles, but keeps its jokers unless they let it put down three tiles more or someone
  is close to going out, and on a big rack with a fresh pool it holds back a small move
  (one or two low tiles) to build longer sets.
- expert: melds as early as it can, then starves the table: it puts nothing down until it
  can go out in one turn (the exact solver checks every turn), and sheds value once the
  pool runs low (K11).
"""

from __future__ import annotations

import random
from collections import Counter

from ..rummikub import Draw, Pass, Play
from ..rummikub_random import rack_sets, take_sets
from ..rummikub_sets import JOKER, canonical_set, canonical_table, set_points
from ..solvers.rummikub import best_move, fits, place, untouched

DANGER_TILES = 3  # an opponent this close to going out changes priorities
INITIAL = 30


def _fallback(view):
    return Draw() if view.pool else Pass()


def _danger(view) -> bool:
    others = [n for i, n in enumerate(view.hand_counts) if i != view.seat]
    return min(others) <= DANGER_TILES or (view.pool == 0)


def _final(view, move) -> Play:
    """The chosen move as an action, rearranging as little of the table as it can: the
    tidiest of its own table and the one `place` lays out for its tiles (which may move
    more sets than the move found: a reshuffle the group reads as one line)."""
    if view.melded[view.seat]:
        tidy = place(view.table, move.played)
        if tidy is not None and untouched(view.table, tidy.table) >= untouched(view.table,
                                                                                move.table):
            return Play(tidy.table)
    return Play(move.table)


class Beginner:
    level = "beginner"

    def choose(self, view, rng: random.Random):
        sets = rack_sets(view.rack)
        rng.shuffle(sets)
        chosen = take_sets(sets, Counter(view.rack))
        if not chosen:
            return _one_tile_more(view, rng) or _fallback(view)
        if not view.melded[view.seat] and sum(set_points(s) for s in chosen) < INITIAL:
            return _fallback(view)
        return Play(canonical_table(tuple(view.table) + tuple(chosen)))


def _one_tile_more(view, rng: random.Random):
    """A Beginner's add: one rack tile onto the end of a run or into a group on the table
    (no rearranging, no joker's set), once it has melded (K6). Without it a table of
    Beginners never went out: every round ended with the pool empty (K11)."""
    if not view.melded[view.seat]:
        return None
    rack = [t for t in view.rack if t != JOKER]
    rng.shuffle(rack)
    for tile in rack:
        for i, table_set in enumerate(view.table):
            if JOKER in table_set:
                continue
            longer = canonical_set((*table_set, tile))
            if longer is not None:
                table = (*view.table[:i], longer, *view.table[i + 1:])
                return Play(canonical_table(table))
    return None


class Normal:
    """A sound greedy player that looks only near its own tiles (REACH): quicker than the
    exact search, and its moves leave the far side of the table as it was. Going out is
    checked over the whole table first (_going_out)."""

    level = "normal"
    JOKER_GAIN = 3  # tiles a joker must win to be played
    HOLD_RACK = 10  # hold back a tiny move on a rack at least this big...
    HOLD_POOL = 20  # ...while the pool is still this big
    REACH = 2

    def choose(self, view, rng: random.Random):
        out = _going_out(view)
        if out is not None:
            return out
        rack = list(view.rack)
        melded = view.melded[view.seat]
        plain = [t for t in rack if t != JOKER]
        jokers = len(rack) - len(plain)
        if not melded:
            move = best_move(view.table, plain, initial=True, stable=False) if jokers else None
            move = move or best_move(view.table, rack, initial=True, stable=False)
            return Play(move.table) if move else _fallback(view)
        move = best_move(view.table, rack, reach=self.REACH)
        if move is None:
            return _fallback(view)
        if move.tiles == len(rack):
            return _final(view, move)
        if jokers and JOKER in move.played and not _danger(view):
            kept = best_move(view.table, plain, reach=self.REACH)
            if move.tiles - (kept.tiles if kept else 0) < self.JOKER_GAIN:
                if kept is None:
                    return _fallback(view)
                move = kept
        if (len(rack) >= self.HOLD_RACK and view.pool >= self.HOLD_POOL and move.tiles <= 2
                and move.value <= 8 and not _danger(view)):
            return _fallback(view)
        return _final(view, move)  # (the group reads which sets changed: as few as can)


def _going_out(view) -> Play | None:
    """The whole rack put down this turn (K10), whatever the table needs rearranging: the
    Normal's REACH sees only the sets near its tiles and missed 82 of 253 such chances
    (600 games), drawing or keeping tiles back instead. Before its initial meld only new
    sets from the rack worth 30 may go down, the table untouched (K6)."""
    rack = list(view.rack)
    if not view.melded[view.seat]:
        move = place(view.table, rack, initial=True)
    elif fits(view.table, rack):  # the quick check first: it is rarely true
        move = place(view.table, rack)
    else:
        move = None
    return Play(move.table) if move is not None else None


class Expert:
    """Melds as soon as it can, then feeds the table nothing: it draws until it can put
    its whole rack down in one turn. Every tile a player adds to the table is material the
    others rearrange to go out, so starving the table slows the three others far more than
    waiting slows this player (measured: see the report). Near the end of the pool the
    lowest rack wins a blocked round (K11), so it then sheds value instead."""

    level = "expert"
    ENDGAME_POOL = 6

    def choose(self, view, rng: random.Random):
        rack = list(view.rack)
        if not view.melded[view.seat]:
            # K6: the most tiles from the rack alone; jokers kept if that costs nothing.
            options = [best_move(view.table, rack, initial=True, stable=False, objective="tiles")]
            plain = [t for t in rack if t != JOKER]
            if len(plain) < len(rack):
                options.append(best_move(view.table, plain, initial=True, stable=False,
                                         objective="tiles"))
            options = [m for m in options if m is not None]
            if not options:
                return _fallback(view)
            return Play(max(options, key=lambda m: (m.tiles + _jokers_kept(view, m),
                                                    -m.tiles)).table)
        if fits(view.table, rack):
            return Play(place(view.table, rack).table)  # going out (K10)
        if view.pool <= self.ENDGAME_POOL:
            shed = best_move(view.table, rack, stable=False, objective="value")
            return _final(view, shed) if shed else _fallback(view)
        return _fallback(view)


def _jokers_kept(view, move) -> int:
    return list(view.rack).count(JOKER) - list(move.played).count(JOKER)


def make(level: str):
    cls = {"beginner": Beginner, "normal": Normal, "expert": Expert}.get(level)
    return cls() if cls is not None else None
