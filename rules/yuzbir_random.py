"""Yüzbir's random agent: the okey random agent, plus now and then a move that the Yüzbir
rules refuse or undo (a playable or okey discard, Y16/Y17; an opening below the limit, Y7)
and pairs laid onto a pairs player (Y9), so that random games exercise those paths too."""

from __future__ import annotations

from . import okey_actions as A
from .okey_hints import random_okey_action
from .solvers.okey_opening import best_opening, best_pairs
from .tiles import WILD


def random_yuzbir_action(game, view, rng):
    if view.phase == "draw" and "take" in view.legal and rng.random() < 0.1:
        return A.Take()  # to be used in a new combination, or given back (Y8)
    if view.phase != "play" or view.taken is not None:
        return random_okey_action(game, view, rng)
    extra = dict(view.extra)
    own = view.opened[view.seat]
    if extra["provisional_kind"] is not None and own is None:
        return _continue_provisional(game, view, rng, extra["provisional_kind"])
    roll = rng.random()
    if roll < 0.03 and len(view.tiles) > 1:
        risky = sorted({t for t in view.tiles if t == WILD} | view.penalty_kinds())
        if risky:
            return A.Discard(rng.choice(risky))
    elif roll < 0.06 and own is None:
        opening = best_opening(view.tiles, view.okey_kind, game.scoring, keep=1)
        if opening.melds and opening.value < view.need:
            return A.Open(opening.melds[:1])
    elif roll < 0.3 and own == "melds":
        receivers = [s for s, o in enumerate(view.opened) if o == "pairs"]
        pairs = best_pairs(view.tiles, view.okey_kind, game.scoring, keep=1)
        if receivers and pairs.count:
            return A.Pairs(pairs.pairs[:1], rng.choice(receivers))
    return random_okey_action(game, view, rng)


def _continue_provisional(game, view, rng, kind: str):
    """An opening below the limit is on the table: lay more of the same kind, or discard
    (which gives the opening up, Y-D5)."""
    if rng.random() < 0.5:
        if kind == "melds":
            more = best_opening(view.tiles, view.okey_kind, game.scoring, keep=1)
            if more.melds:
                return A.Open(more.melds)
        else:
            pairs = best_pairs(view.tiles, view.okey_kind, game.scoring, keep=1)
            if pairs.count:
                return A.Pairs(pairs.pairs)
    return game.parse_action(rng.choice([a for a in view.legal if a.startswith("discard")]))
