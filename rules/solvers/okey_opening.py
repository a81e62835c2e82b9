"""The exact best opening of the okey games (O10-O14, O-D3, O-D4; Y3, Y5, Y-D2).

`best_opening(hand, okey_kind, scoring)` finds disjoint runs and sets from a hand whose total
value is maximal. Values are not additive by tile in Yüzbir (three 13s = 17, four = 14;
long runs are worth little), so this is an exact search, never a greedy one:

- the hand is a multiset of kinds (a fake okey plays as the okey's kind, O4) plus a number
  of okeys; it is packed in one int, 3 bits per kind, so a state is a (packed, okeys) pair;
- the lowest kind left is either never laid (all its copies are dropped) or laid in some
  shape containing it; a shape takes the real tiles it finds and okeys for the rest, which
  uses the fewest okeys whatever order the melds are chosen in (an okey in a meld of three
  or more always leaves a real tile: only two okeys exist, O-D4);
- results are memoised per state. The search maximises (value, okeys left, tiles laid):
  ties prefer fewer okeys, then more tiles laid, then the first found (runs before sets,
  lower kinds first), so the same hand always gives the same answer.

Also re-exports the rest of the solver API (pairs, scorings, meld_value).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ..tiles import FAKE, WILD
from .okey_melds import Shape, all_shapes, count_hand, meld_value
from .okey_pairs import Pairs, best_pairs
from .okey_scoring import OKEY101_SCORING, YUZBIR_SCORING, Scoring

__all__ = [
    "OKEY101_SCORING", "YUZBIR_SCORING", "Opening", "Pairs", "Scoring",
    "best_opening", "best_pairs", "meld_value",
]

_BITS = 3  # per kind in a packed hand: up to 7 copies (a hand has at most 4 of a kind)
_ONES = sum(1 << (_BITS * k) for k in range(52))


@dataclass(frozen=True)
class Opening:
    """`melds`: tile codes in table order (an okey as WILD at its place, a fake as FAKE).
    `identities`: per meld, the kind each tile stands for (okeys and fakes resolved: what
    an okey stands for is fixed when laid, O-D4). A set lists its real tiles first, then
    its okeys (see `_set_order`); `meld_value` reads every meld back to its value.
    `value`: the total that O14/Y6 compare with the threshold."""

    melds: tuple[tuple[int, ...], ...]
    value: int
    identities: tuple[tuple[int, ...], ...] = ()

    @property
    def okeys_used(self) -> int:
        return sum(m.count(WILD) for m in self.melds)

    @property
    def tiles_used(self) -> int:
        return sum(len(m) for m in self.melds)


@cache
def _masks(scoring: Scoring) -> tuple[tuple[Shape, int], ...]:
    """Every shape with its packed mask (one unit per kind it holds)."""
    return tuple(
        (shape, sum(1 << (_BITS * k) for k in shape.kinds)) for shape in all_shapes(scoring)
    )


def _candidates(counts: list[int], okeys: int, scoring: Scoring) -> list[list[tuple]]:
    """Per kind, the shapes containing it that this hand could ever lay."""
    present = sum(1 << (_BITS * k) for k in range(52) if counts[k])
    by_kind: list[list[tuple]] = [[] for _ in range(52)]
    for index, (shape, mask) in enumerate(_masks(scoring)):
        missing = (mask & ~present).bit_count()
        if missing <= okeys and missing < len(shape.kinds):
            entry = (mask, shape.value, len(shape.kinds), index)
            for k in shape.kinds:
                if counts[k]:
                    by_kind[k].append(entry)
    return by_kind


class _Search:
    """Memo of state (packed, okeys) -> ((value, okeys left, tiles laid), shape index or
    None when the lowest kind is dropped). One memo serves several roots (see `keep`)."""

    def __init__(self, by_kind: list[list[tuple]]):
        self.by_kind = by_kind
        self.memo: dict = {}

    def solve(self, c: int, w: int) -> tuple[int, int, int]:
        memo, by_kind = self.memo, self.by_kind

        def solve(c: int, w: int) -> tuple[int, int, int]:
            hit = memo.get((c, w))
            if hit is not None:
                return hit[0]
            if not c:
                memo[(c, w)] = ((0, w, 0), None)
                return (0, w, 0)
            nz = (c | c >> 1 | c >> 2) & _ONES
            low = nz & -nz
            best = solve(c & ~(7 * low), w)
            choice = None
            absent = ~nz
            for mask, value, size, index in by_kind[(low.bit_length() - 1) // _BITS]:
                miss = (mask & absent).bit_count()
                if miss > w:
                    continue
                sub = solve(c - (mask & nz), w - miss)
                cand = (sub[0] + value, sub[1], sub[2] + size)
                if cand > best:
                    best, choice = cand, index
            memo[(c, w)] = (best, choice)
            return best

        return solve(c, w)

    def best_root(self, c: int, w: int, keep: int) -> tuple[int, int]:
        """The root state to read the answer from when `keep` tiles must stay unlaid: the
        hand itself if its best leaves enough, else the best hand with one tile set aside
        (every answer leaving `keep` tiles leaves some tile, so this is exact)."""
        result = self.solve(c, w)
        left = _size(c) + w - result[2]
        if keep <= 0 or left >= keep:
            return c, w
        roots = []
        if w:
            roots.append((c, w - 1))
        for k in range(52):
            if (c >> (_BITS * k)) & 7:
                roots.append((c - (1 << (_BITS * k)), w))
        best_key, best_root = None, (c, w)
        for rc, rw in roots:
            root = self.best_root(rc, rw, keep - 1)
            value, wleft, laid = self.memo[root][0]
            # An okey set aside is an okey not laid: ties still prefer fewer laid.
            key = (value, wleft + w - root[1], laid)
            if best_key is None or key > best_key:
                best_key, best_root = key, root
        return best_root


def _size(c: int) -> int:
    return sum((c >> (_BITS * k)) & 7 for k in range(52))


def _pack(counts: list[int]) -> int:
    if max(counts) >= 1 << _BITS:
        raise ValueError("too many copies of one tile for an okey hand")
    return sum(n << (_BITS * k) for k, n in enumerate(counts))


def _set_order(placed: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Real tiles first, in colour order, then okeys; a lone real tile goes between its
    two okeys. Only one real tile and okeys could read as a run, and the solver lays that
    only as three 13s in Yüzbir (17 beats any run): `* y13 *` is then no run whichever way
    it is read (12-13-14 needs a high 1), where `y13 * *` reversed would be 11-12-13."""
    reals = [p for p in placed if p[0] != WILD]
    okeys = [p for p in placed if p[0] == WILD]
    if len(reals) == 1 and len(okeys) == 2:
        return [okeys[0], reals[0], okeys[1]]
    return reals + okeys


def best_opening(hand: Sequence[int], okey_kind: int, scoring: Scoring, keep: int = 0) -> Opening:
    """The disjoint runs and sets of maximal total value (exact; see the module doc).

    `keep`: tiles that must stay in the hand (1 leaves a tile to discard, O9).
    """
    counts, okeys, fakes = count_hand(hand, okey_kind)
    search = _Search(_candidates(counts, okeys, scoring))
    c, w = search.best_root(_pack(counts), okeys, keep)
    return _melds_from(search.memo, c, w, fakes, okey_kind, scoring)


def _melds_from(memo: dict, c: int, w: int, fakes: int, okey_kind: int, scoring: Scoring) -> Opening:
    """Walk the memoised choices from a root state and turn shapes into tile codes."""
    shapes = _masks(scoring)
    value = memo[(c, w)][0][0]
    melds: list[tuple[int, ...]] = []
    identities: list[tuple[int, ...]] = []
    while c:
        choice = memo[(c, w)][1]
        nz = (c | c >> 1 | c >> 2) & _ONES
        if choice is None:
            c &= ~(7 * (nz & -nz))
            continue
        shape, mask = shapes[choice]
        placed = []
        for k in shape.kinds:
            if not (nz >> (_BITS * k)) & 1:
                placed.append((WILD, k))
            elif k == okey_kind and fakes:
                fakes -= 1
                placed.append((FAKE, k))
            else:
                placed.append((k, k))
        if not shape.is_run:
            placed = _set_order(placed)
        melds.append(tuple(t for t, _ in placed))
        identities.append(tuple(k for _, k in placed))
        w -= (mask & ~nz).bit_count()
        c -= mask & nz
    return Opening(tuple(melds), value, tuple(identities))
