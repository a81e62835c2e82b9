"""The Yüzbir Expert: the okey-family Expert (rules/ai/okey_expert.py) with Yüzbir's money.

In Yüzbir the lowest penalty wins (Y19), and the finisher's bonus (Y15) is small next to
what the others make it pay while its melds lie on the table: every tile they add costs it
ten times the tile's number (Y11). Measured against Normal players (issue 8):

- Opening early and low is the worst timing: it lowers the limit for everyone after (Y-D3)
  and leaves the melds on the table for the others to add to (Y11). So the Expert holds a
  possible opening back unless it is worth `open_value` (the others then need more than
  that, Y-D3), or laying it (and what then fits) leaves at most `open_left` tiles, or the
  pile is nearly down (Y14). Losing the race to a higher opening costs less than it saves.
  In a game of one round the rule holds for an opening made by taking the discard (Y8)
  too; in a match of several rounds it takes it (a sure opening; the total counts).
- Nor, in a game of one round, does it open while the others who have opened would add
  much to what it lays (Y11), unless it goes out at once or the pile is nearly down: per
  tile that would extend a meld (a run's ends, a group's missing colour) or take its okey
  back, ten times its number, times its live copies (unseen: not in our rack, on the table
  or in any discard pile), times the share of the hidden tiles those seats hold
  (`exposure`). A seat that has not opened cannot add until it beats the limit (Y-D3).
  Paired on the same 2,000 deals against three Normals this won +0.025 +- 0.013 (seed 12,
  0.298 -> 0.323; seed 11: +0.022 +- 0.013, 0.306 -> 0.328), paying 21 points less to
  additions a round but a little more in all (+5 to +7 +- 6: more unopened penalties, Y15),
  hence one-round games only. The same hold counting the unopened seats and the pile too
  won as much (+0.026 +- 0.017) but cost 20 points a round more; raising `open_value` to 40
  instead lost 0.021 +- 0.018 (600 deals). Laying only the least exposed melds that reach
  the need, keeping the rest in hand, won nothing (-0.005 +- 0.017, 600 deals).
- It lays off onto the opponent nearest to finishing: the owner pays (Y11), and a finisher
  who has paid enough no longer wins the round (Y19).
"""

from __future__ import annotations

from .. import okey_actions as A
from ..okey_melds import resolve
from ..tiles import WILD, kind, number_of
from .okey_endgame import Table, left_after_laying
from .okey_expert import ExpertAgent
from .okey_knowledge import identity


class YuzbirExpert(ExpertAgent):
    open_value = 30  # an opening worth this much is laid at once
    open_left = 3  # ... and so is one that leaves at most this many tiles
    # In a game of one round, an opening whose melds the others would add this many points
    # to (Y11, `exposed`) waits, whatever its value, unless it goes out or the pile is
    # nearly down. None: no such hold.
    hold_exposure: float | None = 30.0
    exposure_scale = 0.5
    run_chain = 0.3  # a run's second tile beyond an end, once the first has been added
    # Before opening, a meld's worth is about its numbers (Y5) and the limit rises with every
    # opening (Y-D3): weigh high friendships fully and the value the next draw may bring.
    # Paired against three Normals: +0.019 +- 0.014 (2,000 deals, seed 11), +0.020 +- 0.019
    # (1,200, seed 12); either part alone won about half of that.
    points_bias = 1.0
    value_weight = 1.0

    def try_open(self, view, judge, tiles, rng):
        if self.holds_back(view, judge, tiles):
            return None
        return super().try_open(view, judge, tiles, rng)

    def use_taken(self, view, judge, tiles, t):
        """Taking the discard to open (Y8) is opening too: in a game of one round, where
        only the win counts, the same timing rule holds. In a match of several rounds
        (single-player mode, Y21) the total counts, and a sure opening now saves the
        unopened penalty (Y15). Once taken, the tile must be used."""
        action = super().use_taken(view, judge, tiles, t)
        if (type(action) is A.Open and view.taken is None and view.rounds == 1
                and self.holds_back(view, judge, tiles)):
            return None
        return action

    def holds_back(self, view, judge, tiles) -> bool:
        """Does it keep an opening it could lay now in hand (see `open_now`)?"""
        if self.late(view):
            return False
        o = judge.opening(tiles, keep=1)
        return o.value >= view.need and not self.open_now(view, tiles, o)

    def open_now(self, view, tiles, opening) -> bool:
        """Is an opening that reaches the need worth laying now (Y6, Y-D3, Y11)?"""
        if self.can_go_out(view, tiles, opening):
            return True
        if (self.hold_exposure is not None and view.rounds == 1
                and self.exposed(view, opening) > self.hold_exposure):
            return False
        if opening.value >= self.open_value:
            return True
        left = left_after_laying(tiles, Table.of(view), view.okey_kind, self.game.scoring)
        return left <= self.open_left + 1  # the discard goes too

    def exposed(self, view, opening) -> float:
        """What the others may make us pay (Y11) for the melds of `opening`, in points:
        about half of what `exposure` counts is added in play (measured: `exposure_scale`)."""
        know = self.know(view)
        return self.exposure_scale * sum(self.exposure(view, know, m) for m in opening.melds)

    def exposure(self, view, know, meld) -> float:
        """Y11's weight on one meld laid now: per tile that would extend it (each end of a
        run, and the tile beyond it at `run_chain`; a group of three's missing colours; a
        group of four and a run of 13 take none) or take its okey back (Y13: not from a
        group of three), 10 x its number x its live copies x the share of the hidden tiles
        held by the seats that have opened and can add at once (O17, Y11)."""
        m = resolve(meld, view.okey_kind, False)
        if m is None:
            return 0.0
        adders = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat and view.opened[s])
        q = min(1.0, adders / max(1, know.hidden))
        if not q:
            return 0.0
        unseen = know.unseen
        total = 0.0
        if m.kind == "run":
            if len(m.tiles) >= 13:
                return 0.0
            for step in (-1, 1):
                weight, p = 1.0, (m.low - 1 if step < 0 else m.high + 1)
                while 1 <= p <= 13 and weight > 0.01:
                    total += weight * 10 * p * unseen[kind(m.colour, p)] * q
                    weight *= self.run_chain
                    p += step
        elif len(m.tiles) == 3:
            n = m.numbers[0]
            total += sum(10 * n * unseen[kind(c, n)] * q for c in m.missing)
        if m.kind == "run" or len(m.tiles) == 4:
            for i, t in enumerate(m.tiles):
                if t == WILD:
                    k = m.rep(i)
                    total += 10 * number_of(k) * unseen[k] * q
        return total

    def pick_add(self, view, adds):
        """An add onto an opponent's meld charges its owner (Y11): charge the one nearest
        to finishing (fewest tiles), with the highest number; our own melds last."""
        owners = {n: owner for n, owner, _tiles, _kind in view.melds}

        def rank(a):
            owner = owners[a[1]]
            mine = owner == view.seat
            return (not mine, 0 if mine else -view.hand_counts[owner],
                    number_of(identity(a[0], view.okey_kind)))

        return max(adds, key=rank)
