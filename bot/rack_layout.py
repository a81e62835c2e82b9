"""A person's own arrangement of their rack (Y-D9: "players can reorder their rack"), as a
chat can carry it, where nobody can drag a tile:

`/arrange 5 6 7 | 1 2` moves the tiles named (by their number in the picture, or by name:
`/arrange r3 r4 r5 | k9 k9`, `/arrange red 3`, as a move names them) to the left end, in
that order, with a gap at each `|`; the rest of the rack follows after a gap, in the order
and with the gaps it had.

The layout is kept as tile texts and gaps and laid over the rack each time it is shown:
a tile that left the rack (discarded, laid down) drops out, and a tile that came in (a
draw) goes to the right end after a gap, where a drawn tile lands on a real rack. A layout
belongs to its round: the next deal starts from the person's chosen order again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules.errors import InvalidAction
from rules.tiles import format_tile, is_colour_word, parse_tile
from rules.words import fold

from .notation import each_with_colour, number
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


def _typed(words) -> list[str]:
    """The layout's words as typed, `|` one of its own ("1 2|3" as "1 2 | 3")."""
    return " ".join(words).replace(GAP, f" {GAP} ").split()


def _tile_words(typed: list[str]) -> list[str]:
    """`typed` with a colour word and the number after it as one tile ("red 7", "R 7",
    "kırmızı 7" as r7), as the moves read them (bot/notation.py): else the number would be
    a tile's number in the picture."""
    out: list[str] = []
    for word in typed:
        if out and number(word) is not None and is_colour_word(out[-1]):
            out[-1] += word
        else:
            out.append(word)
    return out


def _refuse_colour_then_numbers(typed: list[str]) -> None:
    """"r 8 9": the tiles r8 and r9, or r8 and the picture's tile 9? Asked, not guessed (as
    a move is, bot/notation.py)."""
    for i in range(len(typed) - 2):
        if is_colour_word(typed[i]) and number(typed[i + 1]) is not None \
                and number(typed[i + 2]) is not None:
            end = i + 2
            while end < len(typed) and number(typed[end]) is not None:
                end += 1
            raise Refusal("core.error.colour_then_numbers", words=" ".join(typed[i:end]),
                          tiles=each_with_colour(typed[i:end]))


def names_tiles(words) -> bool:
    """Whether any of `words` is a tile's number or name (else they are no layout at all,
    e.g. a misspelt order); a colour word and a number ("kırmızı 20") mean a tile, even
    one that does not exist (its refusal says why)."""
    typed = _typed(words)
    if any(is_colour_word(a) and number(b) is not None
           for a, b in zip(typed, typed[1:], strict=False)):  # each word and the next
        return True
    for word in _tile_words(typed):
        if word == GAP:
            continue
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
    """Do a layout's (or a move's) words name some tile by its name (r7, 6-6), not only by
    its number in the picture? Typed in a group, that shows the group the person's tiles.
    (A move's "to" and "in" name no tile: `add 3 to 2`.)"""
    return any(number(w) is None and fold(w) not in ("to", "in")
               for w in " ".join(words).replace(GAP, " ").split())


def arranged(words, shown: list, family: str) -> list:
    """The rack `shown` (tile texts and None gaps, as the person's picture numbers it) with
    the tiles `words` name moved to the left, in that order, a gap at each `|`.

    A number is a tile's number in the picture (not after a colour word: "red 7" is r7); a
    name takes the first copy not yet named. Refused (nothing changes): a number past the
    last tile, a tile named twice, a tile the rack does not hold, or no tile named at
    all."""
    typed = _typed(words)
    _refuse_colour_then_numbers(typed)
    tiles = [t for t in shown if t is not None]
    taken = [False] * len(tiles)
    front: list = []
    for word in _tile_words(typed):
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
