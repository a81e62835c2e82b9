"""Okey-family helpers built on the solvers: the `tilebot hint` answer and the random agent."""

from __future__ import annotations

from collections import Counter

from . import okey_actions as A
from .errors import InvalidAction
from .okey_view import pairs_hint
from .solvers.okey_opening import best_opening, best_pairs
from .tiles import FAKE, WILD, format_tile, okey_kind_for, parse_tile, parse_tiles


def opening_hint(scoring, options: dict) -> dict:
    """{"opening": {"melds", "value"}, "pairs": {"pairs", "count"}} for a hand + indicator."""
    if not options.get("indicator") or not options.get("hand"):
        raise InvalidAction("give --indicator and --hand", "error.hint_args")
    indicator = parse_tile(options["indicator"])
    if indicator in (WILD, FAKE):
        raise InvalidAction("the indicator must be a numbered tile (O-D1)", "error.hint_args")
    okey = okey_kind_for(indicator)
    named = parse_tiles(options["hand"])
    if len(named) > 15:  # 14 dealt, 15 for the first player or after a draw (O5, Y1)
        raise InvalidAction(f"a rack holds at most 15 tiles; the hand names {len(named)}",
                            "error.hint_args")
    _check_copies(named, indicator, okey)
    hand = [WILD if t == okey else t for t in named]
    # A full rack of 15 must keep a tile for the discard that ends the turn (O9, Y14); a
    # smaller hand draws first, and that tile can be the discard.
    keep = 1 if len(hand) >= 15 else 0
    opening = best_opening(hand, okey, scoring, keep=keep)
    pairs = best_pairs(hand, okey, scoring, keep=keep)
    return {
        "opening": {"melds": [[format_tile(t) for t in m] for m in opening.melds], "value": opening.value},
        "pairs": pairs_hint(pairs, scoring),
    }


def _check_copies(hand, indicator: int, okey: int) -> None:
    """A hand the set could hold (O1-O3): two of each tile, the indicator's other copy
    face up (so one in a hand), two okeys in all (`*` or named) and two fake okeys."""
    counts = Counter(WILD if t == okey else t for t in hand)
    for tile, have in sorted(counts.items()):
        most = 1 if tile == indicator else 2
        if have > most:
            # the okey's own tile, named or as *, counts as an okey (O3)
            shown = f"* (the okey, {format_tile(okey)})" if tile == WILD else format_tile(tile)
            raise InvalidAction(f"{shown} is named {have} times; a hand can hold {most}",
                                "error.hint_args")


def format_opening_hint(result: dict) -> str:
    o, p = result["opening"], result["pairs"]
    lines = []
    if o["value"]:
        lines.append(f"best opening ({o['value']} points): " + " | ".join(" ".join(m) for m in o["melds"]))
    else:
        lines.append("no run or set in this hand")
    if p["count"]:
        worth = f", {p['value']} points" if "value" in p else ""
        lines.append(f"pairs ({p['count']}{worth}): " + " | ".join(" ".join(x) for x in p["pairs"]))
    else:
        lines.append("no pairs")
    for key in ("limit", "pair_limit"):
        if key in result:
            lines.append(f"{key}: {result[key]}")
    return "\n".join(lines)


def random_okey_action(game, view, rng):
    """The random agent of the okey games: random among the legal moves, but it lays an
    opening or more melds when it holds them, so random games end by someone finishing."""
    legal = list(view.legal)
    if view.phase == "play" and view.taken is None:
        own = view.opened[view.seat]
        if own is None:
            opening = best_opening(view.tiles, view.okey_kind, game.scoring, keep=1)
            if opening.value >= view.need and rng.random() < 0.9:
                return A.Open(opening.melds)
            pairs = best_pairs(view.tiles, view.okey_kind, game.scoring, keep=1)
            if game.pairs_opening_ok(view, pairs) and rng.random() < 0.9:
                return A.Pairs(pairs.pairs)
        elif own == "melds":
            more = best_opening(view.tiles, view.okey_kind, game.scoring, keep=1)
            if more.melds and rng.random() < 0.9:
                return A.LayMelds(more.melds)
            adds = [a for a in legal if a.startswith("add")]
            if adds and rng.random() < 0.7:
                return game.parse_action(rng.choice(adds))
        elif own == "pairs":
            pairs = best_pairs(view.tiles, view.okey_kind, game.scoring, keep=1)
            if pairs.count:
                return A.Pairs(pairs.pairs)
    choices = [a for a in legal if a != "take"] or legal
    return game.parse_action(rng.choice(choices))
