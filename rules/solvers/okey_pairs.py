"""The best pairs opening of the okey games (O22, O23, O-D10; Y3, Y5, Y-D4).

A pair is two identical tiles (a fake okey is the okey's kind, O4), an okey with any tile,
or two okeys (O-D10, Y-D4). An okey in a pair is worth the tile it pairs with; two okeys
stand for the best pair there is, a 13.

Exact by a small enumeration: every identical pair in the hand is worth taking, each okey
either pairs with a leftover single (the best ones first) or with the other okey, and
breaking an identical pair with two okeys never beats pairing the two okeys together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tiles import FAKE, WILD, number_of
from .okey_melds import count_hand
from .okey_scoring import Scoring

PAIRS_TO_OPEN = 5  # O23: an Okey 101 pairs opening needs five pairs at least


@dataclass(frozen=True)
class Pairs:
    """`pairs`: tile codes (an okey as WILD, a fake as FAKE); `count`; `value` (Y5/O23)."""

    pairs: tuple[tuple[int, int], ...]
    count: int
    value: int


def _tiles_of(kinds: dict[int, int], okey_kind: int, fakes: int) -> dict[int, list[int]]:
    """Tile codes to hand out per kind: a fake okey for the okey's kind first."""
    out = {}
    for k, n in kinds.items():
        codes = [FAKE] * min(fakes, n) if k == okey_kind else []
        out[k] = codes + [k] * (n - len(codes))
    return out


def best_pairs(hand: Sequence[int], okey_kind: int, scoring: Scoring, keep: int = 0) -> Pairs:
    """Pairs of maximal count then value (Okey 101, O23) or of maximal value (Yüzbir, Y-D4).

    At most (len(hand) - keep) // 2 pairs: `keep=1` leaves a tile to discard (O9). Ties
    prefer fewer okeys, then more pairs, then higher numbers.
    """
    counts, okeys, fakes = count_hand(hand, okey_kind)
    order = sorted(range(52), key=lambda k: (-scoring.pair_value(number_of(k)), -number_of(k), k))
    naturals = [k for k in order for _ in range(counts[k] // 2)]
    singles = [k for k in order if counts[k] % 2]
    cap = max(0, (len(hand) - keep) // 2)
    wild_pair = scoring.pair_value(13)

    best_key = None
    best = (0, 0, 0)
    for both in range(okeys // 2 + 1):
        for lone in range(min(okeys - 2 * both, len(singles)) + 1):
            n_nat = cap - both - lone
            if n_nat < 0:
                continue
            nat, sing = naturals[:n_nat], singles[:lone]
            count = both + len(nat) + lone
            value = both * wild_pair + sum(scoring.pair_value(number_of(k)) for k in nat + sing)
            numbers = sum(2 * number_of(k) for k in nat) + sum(number_of(k) for k in sing)
            tie = (-(2 * both + lone), count, numbers)
            key = (value, *tie) if scoring.pairs_by_value else (count, value, *tie)
            if best_key is None or key > best_key:
                best_key, best = key, (both, len(nat), lone)

    both, n_nat, lone = best
    used: dict[int, int] = {}
    for k in naturals[:n_nat]:
        used[k] = used.get(k, 0) + 2
    for k in singles[:lone]:
        used[k] = used.get(k, 0) + 1
    codes = _tiles_of(used, okey_kind, fakes)
    pairs = [(codes[k].pop(), codes[k].pop()) for k in naturals[:n_nat]]
    pairs += [(codes[k].pop(), WILD) for k in singles[:lone]]
    pairs.sort(key=lambda p: (p[0] if p[0] != FAKE else okey_kind))
    pairs += [(WILD, WILD)] * both
    value = both * wild_pair + sum(
        scoring.pair_value(number_of(k)) for k in naturals[:n_nat] + singles[:lone]
    )
    return Pairs(tuple(pairs), len(pairs), value)
