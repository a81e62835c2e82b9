"""Moves an okey-family agent can build from its view: melds that must use one given tile
(a taken discard, O20/Y8), okey swaps (O19), and the adds the view lists as legal."""

from __future__ import annotations

from collections import Counter

from ..okey_melds import add_tile, resolve, swap_okey
from ..tiles import FAKE, WILD, colour_of, format_tile, kind, number_of
from .okey_hand import Judge, face, has_partner, positions
from .okey_knowledge import identity


def _fill(kinds_in_order, hand: Counter, must: int, okey_kind: int):
    """Tile codes for a shape from `hand` (okeys for gaps); the tile `must` fills its own
    place first. None if the hand cannot fill it or it would be okeys only (O-D4)."""
    left = hand.copy()
    out = []
    placed_must = False
    for k in kinds_in_order:
        code = None
        if not placed_must and must != WILD and identity(must, okey_kind) == k and left[must] > 0:
            code, placed_must = must, True
        else:
            for c in ((FAKE, k) if k == okey_kind else (k,)):
                if left[c] > 0:
                    code = c
                    break
        if code is None:
            if left[WILD] <= 0:
                return None
            code = WILD
        left[code] -= 1
        out.append(code)
    if must == WILD and WILD not in out:
        return None
    if must != WILD and not placed_must:
        return None
    if all(c == WILD for c in out):
        return None
    return tuple(out), +left


def shapes_with(tile: int, okey_kind: int, ace_high: bool, max_run: int = 5):
    """Kinds (table order) of the runs and sets of up to `max_run` tiles that hold `tile`."""
    ident = identity(tile, okey_kind)
    c, n = colour_of(ident), number_of(ident)
    top = 14 if ace_high else 13
    for p in positions(n, ace_high):
        for length in range(3, max_run + 1):
            for start in range(p - length + 1, p + 1):
                end = start + length - 1
                if start < 1 or end > top or (start == 1 and end == 14):
                    continue
                yield True, tuple(kind(c, face(q)) for q in range(start, end + 1)), tuple(range(start, end + 1))
    others = [x for x in range(4) if x != c]
    for a in range(3):
        for b in range(a + 1, 3):
            cols = sorted([c, others[a], others[b]])
            yield False, tuple(kind(x, n) for x in cols), (n,) * 3
    yield False, tuple(kind(x, n) for x in range(4)), (n,) * 4


def melds_using(judge: Judge, tiles, tile: int, keep: int = 1, need: int = 0):
    """The most valuable melds from `tiles` worth at least `need` that include a copy of
    `tile`: (melds, value), or None. Used to plan taking a discard (O20, Y8)."""
    best = judge.opening(tiles, keep)
    if best.value < need:
        return None  # nothing reaches `need`, with this tile or without
    if sum(m.count(tile) for m in best.melds) >= 1:
        return best.melds, best.value
    if tile == WILD or not has_partner(tiles, tile, judge.okey):
        return None
    hand = Counter(tiles)
    result = None
    for is_run, kinds, numbers in shapes_with(tile, judge.okey, judge.ace_high):
        filled = _fill(kinds, hand, tile, judge.okey)
        if filled is None:
            continue
        codes, rest = filled
        if sum(rest.values()) < keep:
            continue
        m = resolve(codes, judge.okey, judge.ace_high)
        if m is None or m.kind != ("run" if is_run else "set"):
            continue
        value = (judge.scoring.run_value(numbers) if is_run
                 else judge.scoring.set_value(numbers[0], len(numbers)))
        more = judge.opening(list(rest.elements()), keep)
        total = value + more.value
        if total >= need and (result is None or total > result[1]):
            result = ((codes,) + more.melds, total)
    return result




def table_melds(view):
    """(n, owner, Meld) of the runs and sets on the table."""
    return list(resolved(view.melds, view.okey_kind, view.ace_high))


def resolved(melds, okey_kind: int, ace_high: bool):
    """(n, owner, Meld) of the runs and sets among `melds` (as a view lists them)."""
    for n, owner, tiles, kind_ in melds:
        if kind_ == "pair":
            continue
        m = resolve(tiles, okey_kind, ace_high)
        if m is not None:
            yield n, owner, m


def swaps(view, groups_of_three: bool = True):
    """(tile, meld number, owner) for every okey on the table we could take back (O19),
    from our own melds too. Yüzbir allows it from a group only to complete four colours
    (Y13), and never for an okey laid this turn (Y12), which may lie in anyone's meld
    (added there): there only the swaps the view lists as legal are taken."""
    out = []
    held = sorted({t for t in view.tiles if t != WILD})
    for n, owner, m in table_melds(view):
        if WILD not in m.tiles:
            continue
        if not groups_of_three and m.kind == "set" and len(m.tiles) < 4:
            continue
        for t in held:
            if swap_okey(m, t, view.okey_kind, view.ace_high) is not None and (
                    groups_of_three or f"swap {format_tile(t)} in {n}" in view.legal):
                out.append((t, n, owner))
    return out


def fits_table(view, tile: int) -> int | None:
    """The first meld on the table `tile` can be added to (O17), or None."""
    for n, _owner, m in table_melds(view):
        if add_tile(m, tile, view.okey_kind, view.ace_high) is not None:
            return n
    return None


def legal_adds(view, parse):
    """The adds listed in the view (O17): (tile, meld number) pairs."""
    out = []
    for text in view.legal:
        if text.startswith("add "):
            a = parse(text)
            out.append((a.tile, a.target))
    return out


def pair_with(tiles, tile: int):
    """A pair made with `tile` from the rack (O22, O-D10), or None."""
    hand = Counter(tiles)
    if tile == WILD:
        others = [t for t in tiles if t != WILD]
        return (max(others, key=lambda t: number_of(t) if t < 52 else 0), WILD) if others else None
    if hand[tile] >= 2:
        return (tile, tile)
    if hand[WILD] >= 1:
        return (tile, WILD)
    return None
