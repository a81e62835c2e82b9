"""Rummikub actions and their text (see rules/rummikub.py): `play <table>`, `place
<tiles>` (input only: becomes a `play` through the solver), `draw`, `pass`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .errors import IllegalAction, InvalidAction
from .rummikub_sets import FAMILY, canonical_table, format_table
from .tiles import format_tile, format_tiles, parse_melds, parse_tiles
from .words import fold


@dataclass(frozen=True)
class Play:
    """The whole table after the move (canonical sets in canonical order)."""

    table: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "play " + format_table(self.table)


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass


def parse_action(text: str, view=None) -> Action:
    """Parse a move. `place <tiles>` needs the view (its seat's table and rack)."""
    verb, _, rest = str(text).strip().partition(" ")
    verb = fold(verb)
    rest = rest.strip()
    if verb == "draw" and not rest:
        return Draw()
    if verb == "pass" and not rest:
        return Pass()
    if verb == "play":
        if not rest:
            raise InvalidAction("play needs the whole new table", "rummikub.error.no_tiles")
        return Play(canonical_table(parse_melds(rest, FAMILY)))
    if verb == "place":
        tiles = parse_tiles(rest, FAMILY)
        if not tiles:
            raise InvalidAction("place needs tiles", "rummikub.error.no_tiles")
        if view is None:
            raise InvalidAction("place needs the current table", "rummikub.error.place_needs_view")
        return place_action(view, tiles)
    raise InvalidAction(f"unknown move {str(text).strip()!r}", "rummikub.error.bad_action",
                        text=str(text).strip())


def place_action(view, tiles: list[int]) -> Play:
    """The intent form: the solver arranges exactly `tiles` from the rack onto the table."""
    from .rummikub_state import INITIAL_MELD_POINTS
    from .solvers.rummikub import initial_points, place

    initial = not view.melded[view.seat]
    missing = Counter(tiles) - Counter(view.rack)
    if missing:  # before the initial meld only the rack may be used (K6); after it, K7
        tile = format_tile(next(iter(missing)), FAMILY)
        raise IllegalAction("K6" if initial else "K7", f"{tile} is not in the rack",
                            "rummikub.error.not_in_rack", tile=tile)
    move = place(view.table, tiles, initial=initial)
    if move is None and initial:
        # Sets of their own, only too few points (K6)? Then the most they can be worth:
        # laid out with each joker where it counts most.
        points = initial_points(tiles)
        if points is not None:
            raise IllegalAction("K6", f"initial meld worth {points} < {INITIAL_MELD_POINTS}",
                                "rummikub.error.initial_too_low", points=points,
                                needed=INITIAL_MELD_POINTS)
    if move is None:
        text = format_tiles(sorted(tiles), FAMILY)
        raise IllegalAction("K6" if initial else "K7", f"cannot place {text}",
                            "rummikub.error.cannot_place", tiles=text)
    return Play(move.table)
