"""Yüzbir positions from explicit deals (the record's `deal` objects), for the rule tests.

`deal(hands)` pads partial hands to 15/14 tiles with filler that forms no combination with
the rest of its hand and, as far as the tiles allow, cannot extend a named meld, so a
test's hands hold exactly the melds it names and discarding filler is safe.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules import find_game
from rules.record import replay
from rules.tiles import (
    FAKE,
    WILD,
    colour_of,
    format_tile,
    full_set,
    number_of,
    okey_kind_for,
    parse_tile,
    parse_tiles,
)

GAME = find_game("yuzbir")
_ORDER = [c * 13 + n - 1 for n in (1, 4, 7, 10, 13, 2, 5, 8, 11, 3, 6, 9, 12) for c in range(4)]


def _near(k: int, tiles: list[int], gap: int) -> bool:
    return any(colour_of(t) == colour_of(k) and abs(number_of(t) - number_of(k)) <= gap for t in tiles)


def _stages(named: list[int]):
    """Filler rules, strictest first. A filler tile never sits next to a named tile of its
    colour nor shares the number of two named tiles (discarding it never feeds a named meld),
    and keeps two numbers from its own hand's tiles of its colour (no run, even with an okey);
    short of tiles, a late hand only avoids plain runs."""
    def safe(k):
        return not _near(k, named, 1) and sum(1 for t in named if number_of(t) == number_of(k)) < 2

    return [
        lambda k, own: safe(k) and not _near(k, own, 2),
        lambda k, own: safe(k) and not _near(k, own, 1),
        lambda k, own: not _near(k, own, 1),
    ]


def deal(hands: list[str], indicator: str = "y12", first: int = 0, pile: str = "") -> dict:
    """A full deal: `hands` (partial, `*` = an okey, F = a fake okey) padded with filler."""
    ind = parse_tile(indicator)
    okey = okey_kind_for(ind)
    avail = full_set(copies=2, fakes=0)
    avail[ind] -= 1
    avail[okey] = 0
    named = [okey if t == FAKE else t for text in hands + [pile] for t in parse_tiles(text) if t != WILD]
    for t in named:
        avail[t] -= 1
    out = []
    for seat, text in enumerate(hands):
        tiles = parse_tiles(text)
        own = [okey if t == FAKE else t for t in tiles if t != WILD]
        want = 15 if seat == first else 14
        for fits in _stages(named):
            for k in _ORDER:
                same_number = sum(1 for t in own if number_of(t) == number_of(k))
                if len(tiles) < want and avail[k] > 0 and same_number < 2 and fits(k, own):
                    avail[k] -= 1
                    tiles.append(k)
                    own.append(k)
        assert len(tiles) == want, f"no room for filler in seat {seat}'s hand"
        out.append(" ".join(format_tile(t) for t in tiles))
    return {"first": first, "indicator": indicator, "hands": out, "pile": pile}


def play(the_deal: dict | list, actions: list[str], config: dict | None = None):
    rec = {"game": "yuzbir", "config": config or {}, "actions": actions}
    rec["deals" if isinstance(the_deal, list) else "deal"] = the_deal
    return replay(rec)


def act(state, text: str):
    return state.apply(GAME.parse_action(text))


def keys(events) -> list[str]:
    return [e.key for e in events]


def hand(state, seat: int) -> Counter:
    return +Counter(state.r.hands[seat])


def snapshot(state):
    r = state.r
    return (state.record(), [dict(h) for h in r.hands], [tm.tiles for tm in r.table], list(r.penalties),
            list(r.opened), r.limit, r.seat, r.phase)


def test_filler_never_forms_a_combination():
    from rules.solvers.okey_opening import best_opening, best_pairs

    d = deal(["", "", "", ""], indicator="r5")
    okey = okey_kind_for(parse_tile("r5"))
    for text in d["hands"]:
        tiles = parse_tiles(text)
        assert best_opening(tiles, okey, GAME.scoring).value == 0
        assert best_pairs(tiles, okey, GAME.scoring).count == 0


def test_named_tiles_stay_and_the_deal_is_valid():
    d = deal(["r1 r2 r3 *", "F", "", ""], indicator="b4", first=1, pile="k9")
    s = play(d, [])
    assert [sum(h.values()) for h in s.r.hands] == [14, 15, 14, 14]
    assert s.r.pile[-1] == parse_tile("k9")
    with pytest.raises(AssertionError):
        deal(["r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 b1 b2 b3"], first=0)
