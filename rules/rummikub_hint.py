"""`tilebot hint rummikub`: the solver on a position given as text.

Options: table (a valid arrangement, `r1 r2 r3 | b7 k7 y7`), rack, initial (the player has
not made the initial meld yet), play (the intent form: exactly these rack tiles). The tiles
may also come as JSON lists, as --json writes them (a table as a list of sets, each a list
of tile names or a text; a rack or play as a list of tile names): its output goes back into
--batch; a value of another type is an error, not a traceback.
"""

from __future__ import annotations

import json
import time
from collections import Counter

from .errors import InvalidAction, RulesError
from .rummikub_sets import FAMILY, JOKER, canonical_table, check_table_text, set_points
from .solvers.rummikub import NEED, best_move, best_short_initial, place
from .tiles import format_tile, parse_tiles

_JSON_TYPES = {dict: "an object", list: "a list", str: "text", bool: "true or false",
               int: "a number", float: "a number"}


def _kind(value) -> str:
    """What a value given as JSON is, for an error: "a number", "an object"."""
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _names(value, what: str, example: str) -> str:
    """Tile names as text: the text itself, or a list of tile names (as --json writes a
    set or the played tiles) joined by spaces. Anything else is refused, naming `what`."""
    if value is None or isinstance(value, str):
        return value or ""
    odd = value
    if isinstance(value, list):
        odd = next((t for t in value if not isinstance(t, str)), None)
        if odd is None:
            return " ".join(value)
    got = f"a list holding {_kind(odd)}" if odd is not value else _kind(value)
    raise InvalidAction(f"{what} must be tile names, as text ({example!r}) or a list of "
                        f"them, not {got}", "error.hint_args")


def _table_text(value) -> str:
    """The table as text: `r1 r2 r3 | b7 k7 y7`, or a list of sets (as --json writes it),
    each a list of tile names or a text."""
    if value is None or isinstance(value, str):
        return value or ""
    if not isinstance(value, list):
        raise InvalidAction(f"table must be text ('r1 r2 r3 | b7 k7 y7') or a list of sets, "
                            f"not {_kind(value)}", "error.hint_args")
    return " | ".join(_names(s, "each set of the table", "r1 r2 r3") for s in value)


def _tiles(value, what: str) -> list[int]:
    text = _names(value, what, "r4 b5")
    return parse_tiles(text, FAMILY) if text.strip() else []


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    if value is None or isinstance(value, (bool, int)):
        return bool(value)
    raise InvalidAction(f"initial must be true or false, not {_kind(value)}",
                        "error.hint_args")


def hint(options: dict) -> dict:
    table = check_table_text(_table_text(options.get("table")))
    rack = _tiles(options.get("rack"), "rack")
    play = options.get("play")
    wanted = _tiles(play, "play") if play else None
    if wanted is not None and not rack:
        rack = list(wanted)  # no rack given: the tiles to play are the rack
    if not rack:  # nothing to play from: no answer would mean anything
        raise InvalidAction("give --rack (or --play)", "error.hint_args")
    counts = Counter(t for s in table for t in s) + Counter(rack)
    for t, k in counts.items():
        if k > 2:
            tile = format_tile(t, FAMILY)
            raise InvalidAction(f"{tile} is named {k} times; the game has 2",
                                "rummikub.error.too_many_tiles", tile=tile)
    if wanted is not None:
        missing = Counter(wanted) - Counter(rack)
        if missing:
            tile = format_tile(next(iter(missing)), FAMILY)
            raise InvalidAction(f"{tile} is not in the rack", "rummikub.error.not_in_rack",
                                tile=tile)
    initial = _truthy(options.get("initial"))
    start = time.perf_counter()
    if wanted is not None:
        move = place(table, wanted, initial=initial) if wanted else None
    else:
        move = best_move(table, rack, initial=initial)
        if move is not None and initial:  # the layout `place` gives those tiles (the
            # move people make of the hint): its points are the ones the meld will count
            move = place(table, list(move.played), initial=True) or move
    ms = round((time.perf_counter() - start) * 1000, 3)
    if move is None:
        short = best_short_initial(rack) if initial and wanted is None else []
        if short:  # K6: sets that do not reach 30 yet, and how far they are
            return {"impossible": True, "ms": ms, "short": {
                "sets": [[format_tile(t, FAMILY) for t in s] for s in short],
                "value": _initial_points([], short), "need": NEED}}
        return {"impossible": True, "ms": ms}
    return {
        "table": [[format_tile(t, FAMILY) for t in s] for s in move.table],
        "played": [format_tile(t, FAMILY) for t in move.played],
        "value": _initial_points(table, move.table) if initial else move.value,
        "tiles": move.tiles,
        "ms": ms,
    }


def _initial_points(old, new) -> int:
    """What an initial meld counts towards its 30 (K6): its new sets, a joker as the number
    it stands for (the solver's value counts a joker 30, as a rack does, K10)."""
    added = Counter(canonical_table(new)) - Counter(canonical_table(old))
    return sum(set_points(s) * k for s, k in added.items())


def _counted(n: int, noun: str) -> str:
    """"1 tile", "3 tiles"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def format_hint(result: dict) -> str:
    if "error" in result:
        return f"error: {result['error']}"
    if result.get("impossible"):
        short = result.get("short")
        if short:
            sets = " | ".join(" ".join(s) for s in short["sets"])
            return (f"No initial meld yet: the best sets, {sets}, are worth {short['value']} of "
                    f"the {short['need']} needed (K6; {result['ms']} ms).")
        return f"No move: those tiles cannot go on the table ({result['ms']} ms)."
    played = " ".join(result["played"])
    table = " | ".join(" ".join(s) for s in result["table"])
    jokers = sum(1 for t in result["played"] if t == format_tile(JOKER, FAMILY))
    extra = f", {_counted(jokers, 'joker')}" if jokers else ""
    tiles = _counted(result["tiles"], "tile")
    return (f"Put down {played} (value {result['value']}, {tiles}{extra}; "
            f"{result['ms']} ms)\nTable: {table}")


def hint_batch(lines):
    """One JSON position per line ({"table", "rack", "initial", "play"}), one result per
    line in order; a bad line gives {"error": message} and the batch goes on, a blank one
    too (results stay on the lines of their positions)."""
    for line in lines:
        if not line.strip():
            yield {"error": "an empty line: no position"}
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("each line must be a JSON object")
            yield hint(obj)
        except RulesError as e:
            yield {"error": e.message}
        except (ValueError, RecursionError) as e:  # not JSON; JSON nested too deep
            yield {"error": str(e)}

