"""Counting a dominoes game (D9, D10) and finding its winner (D11, D-D5).

`holdings[seat]` is every tile that counts for that seat: the unplayed hand plus the dead
tiles laid face down (D6).
"""

from __future__ import annotations

from .dominoes_tiles import DOUBLE_ZERO, LOW, PIPS


def count(tiles, zero25: bool = False) -> int:
    """D9: the pips of the tiles. D10 (option): [0-0] counts 25 when it is the holder's only
    tile with a blank; with another blank tile it counts nothing (its pips are 0 anyway)."""
    total = 0
    blanks = 0
    has_double_zero = False
    for t in tiles:
        total += PIPS[t]
        if LOW[t] == 0:
            blanks += 1
            if t == DOUBLE_ZERO:
                has_double_zero = True
    if zero25 and has_double_zero and blanks == 1:
        total += 25
    return total


def rank_key(tiles, zero25: bool = False) -> tuple:
    """Sort key, lowest wins. D11: score, then the lowest-pip tile held, then that tile's
    lower end. D-D5: every counted tile takes part (dead ones too); a player with no
    counted tile at all wins outright. Decision: the tie-break compares face pips, so
    [0-0] is the lowest tile even where D10 makes it count 25."""
    tiles = list(tiles)
    if not tiles:
        return (0, 0, 0, 0)
    best = min(tiles, key=lambda t: (PIPS[t], LOW[t]))
    return (count(tiles, zero25), 1, PIPS[best], LOW[best])


def winner(holdings, zero25: bool = False) -> int:
    """The seat that wins a game. Always one seat: two players cannot hold the same tile,
    and the lowest tile's pips and lower end name it."""
    keys = [rank_key(h, zero25) for h in holdings]
    return min(range(len(keys)), key=keys.__getitem__)


def decided_by_tiebreak(holdings, zero25: bool = False) -> bool:
    """True when the lowest score is shared, so D11's tie-break named the winner; not when
    the winner holds no counted tile (D-D5: it wins outright)."""
    scores = [count(h, zero25) for h in holdings]
    if not list(holdings[winner(holdings, zero25)]):
        return False
    return scores.count(min(scores)) > 1
