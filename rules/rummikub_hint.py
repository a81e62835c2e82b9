"""`tilebot hint rummikub`: the solver on a position given as text.

Options: table (a valid arrangement, `r1 r2 r3 | b7 k7 y7`), rack, initial (the player has
not made the initial meld yet), play (the intent form: exactly these rack tiles).
"""

from __future__ import annotations

import json
import time
from collections import Counter

from .errors import InvalidAction, RulesError
from .rummikub_sets import FAMILY, JOKER, canonical_table, check_table_text, set_points
from .solvers.rummikub import NEED, best_move, best_short_initial, place
from .tiles import format_tile, parse_tiles


def _tiles(text) -> list[int]:
    return parse_tiles(text, FAMILY) if text and str(text).strip() else []


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def hint(options: dict) -> dict:
    table = check_table_text(options.get("table") or "")
    rack = _tiles(options.get("rack"))
    play = options.get("play")
    wanted = _tiles(play) if play else None
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
    line in order; a bad line gives {"error": message} and the batch goes on."""
    for line in lines:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("each line must be a JSON object")
            yield hint(obj)
        except RulesError as e:
            yield {"error": e.message}
        except ValueError as e:
            yield {"error": str(e)}

