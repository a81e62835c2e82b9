"""Actions of the okey games and their canonical text (issue 2's grammar).

`draw`, `take`, `return`, `discard r7`, `open r4 r5 r6 | b9 r9 k9`, `meld r1 r2 r3`,
`pairs b9 b9 | r1 r1` (Yüzbir: `... to 2`), `add b7 to 3`, `swap b8 in 2`.
Input is case-insensitive; `str(action)` is canonical and parses back to the same action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidAction
from .tiles import WILD, format_melds, format_tile, is_tile, parse_melds, parse_tile
from .words import echoed, fold


@dataclass(frozen=True)
class Draw:
    def __str__(self):
        return "draw"


@dataclass(frozen=True)
class Take:
    def __str__(self):
        return "take"


@dataclass(frozen=True)
class Return:
    def __str__(self):
        return "return"


@dataclass(frozen=True)
class Discard:
    tile: int

    def __str__(self):
        return f"discard {format_tile(self.tile)}"


@dataclass(frozen=True)
class Open:
    melds: tuple[tuple[int, ...], ...]

    def __str__(self):
        return f"open {format_melds(self.melds)}"


@dataclass(frozen=True)
class LayMelds:
    melds: tuple[tuple[int, ...], ...]

    def __str__(self):
        return f"meld {format_melds(self.melds)}"


@dataclass(frozen=True)
class Pairs:
    pairs: tuple[tuple[int, ...], ...]
    to: int | None = None  # Yüzbir (Y9): lay onto the pairs of another seat

    def __str__(self):
        tail = f" to {self.to}" if self.to is not None else ""
        return f"pairs {format_melds(self.pairs)}{tail}"


@dataclass(frozen=True)
class Add:
    tile: int
    target: int  # meld number, from 1
    low: bool = False  # an okey that fits both ends of a run goes to the low one (O-D4)

    def __str__(self):
        return f"add {format_tile(self.tile)} to {self.target}" + (" low" if self.low else "")


@dataclass(frozen=True)
class Swap:
    tile: int
    target: int

    def __str__(self):
        return f"swap {format_tile(self.tile)} in {self.target}"


_SIMPLE = {"draw": Draw(), "take": Take(), "return": Return()}
# a meld's number as Turkish says "to 3" / "in 2": "3'e", "3'üne", "2'de", "2'deki" (an
# apostrophe of any keyboard, or none; bot/notation.py reads glosses with it too), or its
# ordinal before the word per ("3. pere", "2. perdeki", as /rules glosses add and swap)
# "to 3" / "in 2" as Turkish says them: the dative ("3'e", "2'ye", "3'üne") and the
# locative ("2'de", "2'deki"); not the accusative ("2'yi", "5'i": the tile itself)
MELD_ENDING = r"['’`]?(?:[yn]?[ae]|[yn]?[ıiuü]n[ae]|[dt][ae](?:ki)?)"
_TURKISH_TARGET = (rf"(?:{MELD_ENDING}(?![\w.])"
                   r"|\.(?:\s*per\w*)?|\s+(?:को|में))?")  # (and Hindi's "1 में", in 1)
# "add b7 to 3"; the messages' own "to meld 3" and a "#3" read alike, and "to" / "in" and
# "meld" in our players' words (ke, di, pada, को, में; kombinasi, per) or left out ("add b7
# 3", where b7 is a tile)
_TARGET = re.compile(r"^(.+?)\s+(?:(to|in|ke|di|pada|को|में)\s+)?"
                     r"(?:(?:meld|kombinasi|seri|per|मेल्ड)\s+|#\s*)?(\d+)" + _TURKISH_TARGET
                     + r"(\s+low)?\s*$", re.IGNORECASE)


def _melds(text: str, verb: str):
    if not re.sub(r"[|,;।॥]", "", text).strip():  # "open", "open ,": with an example
        raise InvalidAction(f"{verb} needs tiles", "error.no_tiles_pairs" if verb == "pairs"
                            else "error.no_tiles_melds", verb=verb)
    return tuple(tuple(m) for m in parse_melds(text))


def _one_tile(text: str, verb: str) -> int:
    """The one tile a discard, an add or a swap names (two tiles are not "not a tile")."""
    words = [w for w in re.split(r"[\s|,]+", text) if w]
    if not words:
        raise InvalidAction(f"{verb} needs a tile", "error.no_tile", verb=verb)
    if len(words) > 1 and all(is_tile(w) for w in words) and not is_tile(text):
        # (but "R 7" and "sahte okey" are one tile in two words)
        raise InvalidAction(f"{verb} takes one tile", "error.one_tile", verb=verb)
    if len(words) > 1 and not is_tile(text) and is_tile(words[0]):
        # "discard r3 now": the word that is not a tile is named, not all of it (but
        # "purple 3", the 3 a rack number, is named as typed)
        return parse_tile(next(w for w in words if not is_tile(w)))
    return parse_tile(text)


def _seat_number(digits: str) -> int:
    """A seat number as a record has it. One of thousands of digits (int() refuses more
    than 4,300) names no seat either: as big as any number that is too big."""
    return int(digits) if len(digits) <= 9 else 10**9


def parse_action(text: str, view=None):
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidAction("empty action", "error.empty_action")
    verb = fold(words[0]).lstrip("/")
    rest = words[1].strip() if len(words) > 1 else ""
    if verb in _SIMPLE:
        if rest:
            raise InvalidAction(f"{verb!r} takes nothing after it", "error.takes_nothing",
                                verb=verb)
        return _SIMPLE[verb]
    if verb == "discard":
        meld = re.fullmatch(r"(\S+)\s+(?:to|in)\s+(\d{1,9})", rest, re.IGNORECASE)
        if meld and is_tile(meld.group(1)):  # "discard r2 to 1": an addition meant
            tile = format_tile(parse_tile(meld.group(1)))
            raise InvalidAction("discard names no meld", "error.discard_to_meld", tile=tile,
                                example=f"add {tile} to {int(meld.group(2))}")
        return Discard(_one_tile(rest, verb))
    if verb == "open":
        return Open(_melds(rest, verb))
    if verb == "meld":
        return LayMelds(_melds(rest, verb))
    if verb == "pairs":
        to = None
        m = re.match(r"^(.*?)\s*\bto\s+(\d+)\s*$", rest, re.IGNORECASE)  # ("to 2" alone too)
        if m:
            rest, to = m.group(1), _seat_number(m.group(2))
            if re.search(r"\bto\b", rest, re.IGNORECASE):  # ("to 3 to 3": one seat, once)
                raise InvalidAction("write: pairs <tiles> to <seat number>", "error.pairs_to_form")
        elif re.search(r"\bto\s+\S*[^\W\d]\S*\s*$", rest, re.IGNORECASE):  # "to Budi": a name
            raise InvalidAction("write: pairs <tiles> to <seat number>", "error.pairs_to_form")
        pairs = _melds(rest, verb)
        if any(len(p) != 2 for p in pairs):
            split = [p[i:i + 2] for p in pairs for i in range(0, len(p), 2)]
            if to is None and all(len(p) == 2 and (p[0] == p[1] or WILD in p) for p in split):
                # "pairs r1 r1 b2 b2": the pairs typed without | between them, in order
                raise InvalidAction("each pair is two tiles", "error.pair_split",
                                    example=f"pairs {format_melds(split)}")
            raise InvalidAction("each pair is two tiles", "error.pair_size")
        return Pairs(pairs, to)
    if verb in ("add", "swap"):
        m = _TARGET.match(rest)
        want = "to" if verb == "add" else "in"
        if m and not m.group(2) and not is_tile(m.group(1)):  # ("add merah 7": no meld)
            m = None
        if not m or (m.group(4) and verb != "add"):  # ("add b7 in 3": as clear as "to")
            raise InvalidAction(f"write: {verb} <tile> {want} <meld number>", "error.target_form",
                                verb=verb, want=want)
        if len(m.group(3)) > 9:  # thousands of digits: int() refuses more than 4,300
            raise InvalidAction(f"there is no meld {echoed(m.group(3))} on the table",
                                "okey.error.no_meld", n=echoed(m.group(3)))
        tile, target = _one_tile(m.group(1), verb), int(m.group(3))
        return Add(tile, target, bool(m.group(4))) if verb == "add" else Swap(tile, target)
    raise InvalidAction(f"unknown action {verb!r}", "error.unknown_action", verb=echoed(verb))
