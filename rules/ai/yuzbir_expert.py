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
- It lays off onto the opponent nearest to finishing: the owner pays (Y11), and a finisher
  who has paid enough no longer wins the round (Y19).
"""

from __future__ import annotations

from .. import okey_actions as A
from ..tiles import number_of
from .okey_endgame import Table, left_after_laying
from .okey_expert import ExpertAgent
from .okey_knowledge import identity


class YuzbirExpert(ExpertAgent):
    open_value = 30  # an opening worth this much is laid at once
    open_left = 3  # ... and so is one that leaves at most this many tiles

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
        if opening.value >= self.open_value or self.can_go_out(view, tiles, opening):
            return True
        left = left_after_laying(tiles, Table.of(view), view.okey_kind, self.game.scoring)
        return left <= self.open_left + 1  # the discard goes too

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
