"""A person's own arrangement of their rack (Y-D9: "players can reorder their rack"), as a
chat can carry it, where nobody can drag a tile:

`/arrange 5 6 7 | 1 2` moves the tiles named (by their number in the picture, or by name:
`/arrange r3 r4 r5 | k9 k9`) to the left end, in that order, with a gap at each `|`; the
rest of the rack follows after a gap, in the order and with the gaps it had.

The layout is kept as tile texts and gaps and laid over the rack each time it is shown:
a tile that left the rack (discarded, laid down) drops out, and a tile that came in (a
draw) goes to the right end after a gap, where a drawn tile lands on a real rack. A layout
belongs to its round: the next deal starts from the person's chosen order again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.errors import InvalidAction
from rules.tiles import format_tile, parse_tile

from .notation import number
from .refusal import Refusal

GAP = "|"


@dataclass(frozen=True)
class Layout:
    round: int
    tiles: tuple  # tile texts as the view writes them, None for a gap

    def text(self) -> str:
        """The tiles as the store keeps them, `|` for a gap."""
        return " ".join(GAP if t is None else t for t in self.tiles)

    @classmethod
    def parse(cls, round_: int, text: str) -> Layout:
        return cls(round_, tuple(None if w == GAP else w for w in text.split()))


def _tidy(rack: list) -> list:
    """No gap at either end and never two in a row."""
    out: list = []
    for t in rack:
        if t is not None or (out and out[-1] is not None):
            out.append(t)
    while out and out[-1] is None:
        out.pop()
    return out


def names_tiles(words) -> bool:
    """Whether any of `words` is a tile's number or name (else they are no layout at all,
    e.g. a misspelt order)."""
    for word in " ".join(words).replace(GAP, " ").split():
        if number(word) is not None:
            return True
        for family in ("okey", "rummikub"):
            try:
                parse_tile(word, family)
                return True
            except InvalidAction:
                pass
    return False


def names_by_name(words) -> bool:
    """Does the layout name some tile by its name (r7), not only by its number in the
    picture? Typed in a group, that shows the group the person's tiles."""
    return any(number(w) is None for w in " ".join(words).replace(GAP, " ").split())


def arranged(words, shown: list, family: str) -> list:
    """The rack `shown` (tile texts and None gaps, as the person's picture numbers it) with
    the tiles `words` name moved to the left, in that order, a gap at each `|`.

    A number is a tile's number in the picture; a name takes the first copy not yet named.
    Refused (nothing changes): a number past the last tile, a tile named twice, a tile the
    rack does not hold, or no tile named at all."""
    tiles = [t for t in shown if t is not None]
    taken = [False] * len(tiles)
    front: list = []
    for word in " ".join(words).replace(GAP, f" {GAP} ").split():
        if word == GAP:
            front.append(None)
            continue
        if number(word) is not None:
            i = number(word) - 1
            if not 0 <= i < len(tiles):
                raise Refusal("core.error.bad_slot", slot=number(word), last=len(tiles))
            if taken[i]:
                raise Refusal("core.error.arrange_twice", tile=f"{word} ({tiles[i]})")
        else:
            name = format_tile(parse_tile(word, family), family)
            i = next((i for i, t in enumerate(tiles) if t == name and not taken[i]), None)
            if i is None and name in tiles:
                raise Refusal("core.error.arrange_too_many", tile=name, held=tiles.count(name))
            if i is None:
                raise Refusal("core.error.arrange_not_held", tile=name)
        taken[i] = True
        front.append(tiles[i])
    if not any(taken):
        raise Refusal("core.error.unknown_arrangement")
    rest = without(shown, {i + 1 for i, named in enumerate(taken) if named})
    return _tidy([*_tidy(front), None, *_tidy(rest)])


def without(shown: list, numbers: set[int]) -> list:
    """The rack `shown` (tiles and gaps) without its tiles of these numbers (from 1, as the
    picture numbers them); the gaps stay."""
    out, n = [], 0
    for t in shown:
        if t is not None:
            n += 1
            if n in numbers:
                continue
        out.append(t)
    return out


def laid_over(layout: Layout, rack: list) -> list:
    """`rack` (tile texts and gaps, in the person's chosen order) as `layout` places it:
    the layout's tiles the rack still holds, in their places; the rest after a gap."""
    left = Counter(t for t in rack if t is not None)
    out: list = []
    for t in layout.tiles:
        if t is None:
            out.append(None)
        elif left[t]:
            left[t] -= 1
            out.append(t)
    new: list = []
    for t in rack:
        if t is None:
            new.append(None)
        elif left[t]:
            left[t] -= 1
            new.append(t)
    return _tidy([*_tidy(out), None, *_tidy(new)])
