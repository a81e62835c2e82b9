"""Double-six domino tiles and their notation (`3-5`, lower end first).

A tile is an int id 0..27 in canonical order 0-0, 0-1, ..., 0-6, 1-1, ..., 6-6. A set of
tiles (a hand, the dead tiles) is a 28-bit mask, so "what can I play" is one AND.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import InvalidAction
from .words import echoed

TILES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
NUM_TILES = len(TILES)  # 28
ALL_MASK = (1 << NUM_TILES) - 1
ID_OF: dict[tuple[int, int], int] = {}
for _i, (_a, _b) in enumerate(TILES):
    ID_OF[(_a, _b)] = _i
    ID_OF[(_b, _a)] = _i
LOW = tuple(a for a, _ in TILES)
HIGH = tuple(b for _, b in TILES)
PIPS = tuple(a + b for a, b in TILES)
TEXT = tuple(f"{a}-{b}" for a, b in TILES)
# HAS[n]: mask of the tiles showing n on either half.
HAS = tuple(sum(1 << i for i, (a, b) in enumerate(TILES) if n in (a, b)) for n in range(7))
DOUBLES_MASK = sum(1 << i for i, (a, b) in enumerate(TILES) if a == b)
DOUBLE_ZERO = ID_OF[(0, 0)]

_TILE_RE = re.compile(r"^\[?\s*([0-6])\s*[-:|/]?\s*([0-6])\s*\]?$")


def plain(text: str) -> str:
    """Any script's digits as 0-9 and any dash as "-": a phone types `０－１`, `0–1`, `३-५`."""
    text = unicodedata.normalize("NFKC", text.strip())
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal()
                   else "-" if unicodedata.category(c) == "Pd" or c == "\u2212" else c
                   for c in text)


def parse_tile(text: str) -> int:
    """`3-5`, `5-3`, `[3-5]`, `3:5`, `35` -> the id of [3-5] (digits of any script)."""
    m = _TILE_RE.match(plain(text))
    if not m:
        raise InvalidAction(f"not a domino: {text.strip()!r}", "dominoes.error.bad_tile",
                            tile=echoed(text))
    return ID_OF[(int(m.group(1)), int(m.group(2)))]


def parse_tiles(text: str) -> list[int]:
    return [parse_tile(w) for w in text.replace(",", " ").split()]


# The ids in every 7-bit quarter of a mask: views ask for hands on every move.
_Q0, _Q1, _Q2, _Q3 = (tuple(tuple(i + 7 * q for i in range(7) if (m >> i) & 1) for m in range(128))
                      for q in range(4))


def tiles_of(mask: int) -> tuple[int, ...]:
    """The ids in a mask, ascending."""
    return (_Q0[mask & 127] + _Q1[(mask >> 7) & 127] + _Q2[(mask >> 14) & 127]
            + _Q3[mask >> 21])


def random_tile(mask: int, rng) -> int:
    """One of the ids in a non-empty mask, uniformly, from `rng`."""
    ts = tiles_of(mask)
    return ts[rng.randrange(len(ts))]


def mask_of(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def format_tiles(tiles) -> str:
    return " ".join(TEXT[t] for t in tiles)


def other_half(tile: int, n: int) -> int:
    """The half of `tile` that is not the matched `n`."""
    a = LOW[tile]
    return HIGH[tile] if a == n else a
