"""Tile efficiency (rules/ai/okey_efficiency.py): the Expert's measure of how far a rack is
from laying out and which unseen tiles bring it nearer."""

from __future__ import annotations

import dataclasses
import random

from rules import find_game
from rules.ai import make_agent
from rules.ai.okey_efficiency import Efficiency, shared_search
from rules.solvers.okey_melds import count_hand
from rules.solvers.okey_opening import OKEY101_SCORING, _pack, best_opening
from rules.tiles import WILD, parse_tile, parse_tiles
from tests.rules.okey_helpers import make_deal

GAME = find_game("okey101")


def test_shared_search_is_the_exact_opening_solver_for_racks_near_the_first():
    """O10-O14: one memo answers racks with tiles taken out and up to `extra` put in,
    exactly as the opening solver does."""
    tiles = [k for k in range(52) for _ in range(2)] + [WILD, WILD]
    rng = random.Random(3)
    checked = 0
    for _ in range(60):
        rack = rng.sample(tiles, 15)
        search = shared_search(rack, 5, OKEY101_SCORING, extra=2)
        for _ in range(6):
            other = list(rack)
            other.remove(rng.choice(other))
            other += rng.sample(tiles, 2)
            if other.count(WILD) > 2 or any(other.count(t) > 2 for t in other if t != WILD):
                continue
            counts, okeys, _ = count_hand(other, 5)
            assert search.solve(_pack(counts), okeys)[0] == best_opening(other, 5, OKEY101_SCORING).value
            checked += 1
    assert checked > 200


def _view(hand: str, **changes):
    """Seat 0's first view with exactly `hand` as its rack (indicator y12: okey y13)."""
    deal = make_deal([hand, "", "", ""], indicator="y12")
    state = GAME.new(GAME.Config(), deals=[deal])
    return dataclasses.replace(state.view(0), tiles=tuple(sorted(parse_tiles(hand))), **changes)


def _efficiency(view):
    agent = make_agent("okey101", "expert")
    return Efficiency(view, agent.judge(view), GAME.scoring, view.tiles)


def test_O14_shortfall_counts_loose_tiles_and_the_points_missing_for_the_opening():
    view = _view("r10 r11 r12 r13 k11 b11 y11 b2 k5 y4")
    eff = _efficiency(view)
    rack = list(view.tiles)
    # 46 + 33 = 79 points in melds: only the three loose tiles count.
    assert eff.shortfall(rack) == 3
    # Without the 11s the run makes 46 < 51: 5 points short, half a tile at 10 a tile.
    without = [t for t in rack if t not in parse_tiles("k11 b11 y11")]
    assert eff.shortfall(without) == 3 + 0.5


def test_acceptance_counts_only_live_copies_from_the_public_discard_piles():
    """A near run r5 r6 waits on r4 and r7; once all their copies lie in the discard
    piles (public, O8) no draw completes it and its acceptance falls."""
    hand = "r5 r6 k1 b4 y8 k11 b13 y2 k9 r12 b7 y10 k3 b10"
    live = _view(hand)
    eff = _efficiency(live)
    rest = [t for t in live.tiles if t != parse_tile("b13")]
    seen = tuple(parse_tiles("r4 r4 r7 r7"))
    dead = _view(hand, discard_piles=((), seen[:2], seen[2:], ()))
    eff_dead = _efficiency(dead)
    assert eff_dead.acceptance(rest) < eff.acceptance(rest)
    gone = {parse_tile("r4"), parse_tile("r7")}
    assert all(k not in gone for k, _p in eff_dead.draws)
