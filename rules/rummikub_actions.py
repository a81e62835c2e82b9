"""Rummikub actions and their text (see rules/rummikub.py): `play <table>`, `place
<tiles>` (input only: becomes a `play` through the solver), `draw`, `pass`."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from .errors import IllegalAction, InvalidAction
from .rummikub_sets import FAMILY, JOKER, canonical_table, format_table, tile_counts, tile_value
from .tiles import format_tile, format_tiles, is_tile, parse_melds, parse_tiles
from .words import echoed, fold


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
    if verb in ("draw", "pass") and view is not None and verb not in view.legal:
        return Draw() if verb == "draw" else Pass()  # "/pass please" with tiles in the pool:
        # the rule's own refusal (K9), not "type /pass alone" that the rule then refuses
    if verb in ("draw", "pass"):  # "/draw 1": not "unknown move draw" (the okey games' words)
        raise InvalidAction(f"{verb!r} takes nothing after it", "error.takes_nothing", verb=verb)
    if verb == "play":
        # a caption copied with its heading ("Sets on the table:", in any language): the
        # words before a colon, no tile or number among them, are no set
        heading = re.match(r"^[^|·\d]*:", rest)
        if heading and not any(is_tile(w.rstrip(":"), FAMILY) for w in heading[0].split()):
            rest = rest[heading.end():].strip()  # ("J: r2 r3" keeps its joker)
        if not rest:
            raise InvalidAction("play needs the whole new table", "rummikub.error.no_tiles")
        numbers = re.sub(r"[|,·।॥]", " ", rest).split()
        if not numbers:  # "/play |||": no tiles at all, not rack numbers
            raise InvalidAction("play needs the whole new table", "rummikub.error.no_tiles")
        if all(w.isdecimal() for w in numbers):  # rack numbers: `place 8 9 10` lays them
            text = " ".join(numbers)
            raise InvalidAction("play takes tiles, not rack numbers", "rummikub.error.play_numbers",
                                numbers=echoed(text, 200))
        try:
            return Play(canonical_table(parse_melds(rest, FAMILY)))
        except InvalidAction as e:  # "... | 8 y11 J y13": a rack number among the tiles
            if e.key == "rummikub.error.bad_tile" and str(e.params.get("tile")).isdecimal():
                raise InvalidAction("play takes tiles, not rack numbers",
                                    "rummikub.error.play_some_numbers",
                                    numbers=" ".join(_rack_numbers(numbers))) from e
            raise
    if verb == "place":  # the tiles alone: set separators typed out of habit are no tile
        tiles = parse_tiles(re.sub(r"[|·।॥]", " ", rest), FAMILY)  # (।: Hindi |)
        if not tiles:
            raise InvalidAction("place needs tiles", "rummikub.error.no_tiles_place",
                                example="place r7 b7 k7")
        if view is None:
            raise InvalidAction("place needs the current table", "rummikub.error.place_needs_view")
        return place_action(view, tiles)
    # the move's word, not the whole line ("Unknown move taruh r1 r2 r3" read as a name)
    raise InvalidAction(f"unknown move {str(text).strip()!r}", "rummikub.error.bad_action",
                        text=echoed(str(text).split()[0]) if str(text).split() else "")


def _rack_numbers(words: list[str]) -> list[str]:
    """The bare numbers among a /play's words: not the number of a tile written apart from
    its colour ("R 7")."""
    return [w for i, w in enumerate(words)
            if w.isdecimal() and not (i and is_tile(words[i - 1] + w, FAMILY))]


def place_action(view, tiles: list[int]) -> Play:
    """The intent form: the solver arranges exactly `tiles` from the rack onto the table."""
    from .rummikub_state import INITIAL_MELD_POINTS
    from .solvers.rummikub import initial_points, place

    initial = not view.melded[view.seat]
    named, held = Counter(tiles), Counter(view.rack)
    missing = named - held
    if missing:  # before the initial meld only the rack may be used (K6); after it, K7
        t = next(iter(missing))
        raise rack_error("K6" if initial else "K7", t, named[t], held[t])
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
        raise _cannot_place(view, tiles, initial)
    return Play(move.table)


def rack_error(rule: str, tile: int, named: int, held: int) -> IllegalAction:
    """A move puts down `tile` `named` times from a rack that holds it `held` times (fewer):
    "not in your rack", or how many it holds ("place r1 r1" with one r1)."""
    text = format_tile(tile, FAMILY)
    if not held:
        return IllegalAction(rule, f"{text} is not in the rack", "rummikub.error.not_in_rack",
                             tile=text)
    return IllegalAction(rule, f"{text} put down {named} times, held {held}",
                         "rummikub.error.too_few_copies", tile=text, named=named, held=held)


def _cannot_place(view, tiles: list[int], initial: bool) -> IllegalAction:
    """Why the solver found no table for `place`: before the initial meld only new sets of
    the tiles themselves count (K6), so the tiles that make no set with the others are
    named; after it (K7) the tiles that fit no set even with every table tile. If each
    tile fits somewhere but not all at once, all of them."""
    others = [] if initial else [t for s in view.table for t in s]
    lonely = set(fitting_nowhere(tiles, others))
    # each copy named as typed ("r3 r3 r8": both r3, the second was dropped)
    text = format_tiles([t for t in sorted(tiles) if t in lonely] or sorted(tiles), FAMILY)
    if initial:
        key = "rummikub.error.initial_no_set" if lonely else "rummikub.error.initial_cannot_place"
        return IllegalAction("K6", f"no new sets of {text}", key, tiles=text)
    if lonely:  # (one tile: "This tile fits in no set")
        key = "rummikub.error.fits_nowhere" + ("_one" if len(text.split()) == 1 else "")
        return IllegalAction("K7", f"cannot place {text}", key, tiles=text)
    spoiler = _spoilers(view.table, tiles)
    if spoiler and len(spoiler) == 1 and set(tiles) == set(spoiler):
        tile = format_tile(spoiler[0], FAMILY)  # "place r8 r8": one of them fits
        return IllegalAction("K7", f"only one {tile} fits", "rummikub.error.one_copy_fits",
                             tile=tile)
    if spoiler:
        tile = format_tiles(spoiler, FAMILY)
        return IllegalAction("K7", f"cannot place {text} with {tile}",
                             "rummikub.error.cannot_place_with", tiles=text, tile=tile)
    one = "_one" if len(text.split()) == 1 else ""  # ("This tile cannot go on the table")
    return IllegalAction("K7", f"cannot place {text}", "rummikub.error.cannot_place" + one,
                         tiles=text)


SPOILER_PAIRS_UP_TO = 8  # tiles named: two left out are looked for up to this many (28 tries)
SPOILER_TRIPLES_UP_TO = 6  # and three up to this many (20 tries)


def _spoilers(table, tiles: list[int]) -> list[int]:
    """The fewest tiles (one, else two, else three) without which the rest of `tiles` would go down
    (K7: they fit only where a set, or a table joker, cannot spare what it needs); of
    several such, those that leave the most points down. Solver calls made only once the
    whole place has failed; none found: []."""
    from itertools import combinations

    from .solvers.rummikub import place

    sizes = (1, 2, 3) if len(tiles) <= SPOILER_TRIPLES_UP_TO \
        else (1, 2) if len(tiles) <= SPOILER_PAIRS_UP_TO else (1,)
    for size in sizes:
        fits = []
        for left_out in sorted(set(combinations(sorted(tiles), size))):
            rest = list(tiles)
            for t in left_out:
                rest.remove(t)
            if rest and place(table, rest) is not None:
                fits.append(list(left_out))
        if fits:  # the fewest points left out: the most put down
            return min(fits, key=lambda out: (sum(tile_value(t) for t in out), out))
    return []


def fitting_nowhere(tiles: list[int], others=()) -> list[int]:
    """The tiles of `tiles` (sorted, each kind once) that belong to no valid set (K3-K5)
    that could be made of `tiles` and `others` together: a cheap check, per tile, that
    ignores what the other sets need."""
    from .solvers.rummikub import fits_a_set

    avail = tile_counts([*tiles, *others])
    jokers = avail[JOKER]
    out = []
    for t in sorted(set(tiles)):
        fits = _joker_fits(avail) if t == JOKER else fits_a_set(t, avail, jokers)
        if not fits:
            out.append(t)
    return out


def _joker_fits(avail: list[int]) -> bool:
    """A joker belongs in a set with two more tiles: a tile and the other joker, or two
    tiles of one number in different colours, or of one colour up to two apart (K5)."""
    real = [t for t in range(52) if avail[t]]
    if avail[JOKER] >= 2 and real:
        return True
    for i, a in enumerate(real):
        for b in real[i + 1:]:
            (ca, na), (cb, nb) = divmod(a, 13), divmod(b, 13)
            if (na == nb and ca != cb) or (ca == cb and 1 <= abs(na - nb) <= 2):
                return True
    return False
