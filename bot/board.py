"""The table and a rack as readable, translated lines, per game family.

`table_lines` reads only the public view JSON (bot.views.public_json), so a group message
can never carry a rack; `rack_lines` reads one seat's own view JSON and goes only to that
seat. Seats are named as people see them: numbered from 1, with the player's name. A game
with no module here falls back to bot.views' generic text.
"""

from __future__ import annotations

from dataclasses import replace

from . import board_dominoes, board_okey, board_rummikub, notation, views
from .messages import Joined, Line

_FAMILIES = {"okey": board_okey, "rummikub": board_rummikub, "dominoes": board_dominoes}


def _module(table):
    return _FAMILIES.get(getattr(table.game, "family", ""))


def table_lines(table, pub: dict, news=()) -> list[Line]:
    """The public table: what everyone at `table` may see, from the public view `pub`;
    `news`: the lines above it in the same caption (dominoes says a new game's number once)."""
    module = _module(table)
    if module is None:
        return [Line("core.board", {"text": views.generic_table_text(pub, table.config)})]
    return module.table_lines(table, pub, news)


def rack_lines(table, snap, seat: int) -> list[Line]:
    """`seat`'s own view (from the Snapshot `snap`) as that seat's private lines, its rack
    first."""
    module = _module(table)
    if module is None:
        return [Line("core.rack", {"game": table.game_name(),
                                   "rack": views.rack_text(snap, seat)})]
    # with the moves its buttons offer: a line that points to one must not name a move
    # that has none (an assisted okey table offers no take nothing would use)
    return module.rack_lines(table, dict(snap.json(seat), buttons=views.legal_moves(snap, seat)))


def opening_short(table, snap, seat: int) -> bool:
    """Yüzbir: `seat` has laid tiles this turn towards an opening that is short of the
    limit, so any discard now takes them back and the tile stays in the rack (Y7, Y-D5)."""
    return table.game.id == "yuzbir" and board_okey.opening_short(snap.json(seat))


def rules_example(game) -> tuple[list[Line], dict] | None:
    """A move shown step by step with the rules, as caption lines and picture data, for
    the games whose rules promise one (K2); else None."""
    module = _FAMILIES.get(getattr(game, "family", ""))
    if module is None or not hasattr(module, "rules_example"):
        return None
    example = module.rules_example()
    return [module.rules_example_line(example)], example


def moves_at(lines, game, others) -> list[Line]:
    """Hint lines with the moves they suggest naming `game` (`rummikub draw`) where one of
    the person's `others` games has that move too: typed privately, a bare one could be
    that table's. One no other game has stays bare (`/take` beside Rummikub: Telegram makes
    only a caption's first word a command to tap)."""
    def named(move) -> str:
        move = str(move)
        shared = any(notation.fits(other, move) for other in others)
        return f"{game.id} {move}" if shared else move

    out = []
    for line in lines:
        params = dict(line.params)
        for name in ("move", "cmd", "take"):
            if name in params:
                params[name] = named(params[name])
        if isinstance(params.get("moves"), Joined):
            moves = params["moves"]
            params["moves"] = replace(moves, parts=tuple(named(m) for m in moves.parts))
        out.append(replace(line, params=params) if params != line.params else line)
    return out


def suggested_moves(lines) -> list[str]:
    """The moves that hint lines offer (a `move` param, or the parts of a `moves` one), in
    order."""
    found = []
    for line in lines:
        if "move" in line.params:
            found.append(line.params["move"])
        if isinstance(line.params.get("moves"), Joined):
            found += [str(m) for m in line.params["moves"].parts]
    return found
