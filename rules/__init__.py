"""tilebot's rules engine: pure, synchronous, no I/O. `find_game(id)` is the entry point."""

from __future__ import annotations

import importlib

from .errors import UnknownGame

# game id -> module that defines `GAME`
_GAME_MODULES = {
    "okey101": "rules.okey101",
    "yuzbir": "rules.yuzbir",
    "rummikub": "rules.rummikub",
    "dominoes": "rules.dominoes",
}


def game_ids() -> list[str]:
    """The games whose module is present (a game still being built is left out)."""
    out = []
    for gid, mod in _GAME_MODULES.items():
        if importlib.util.find_spec(mod) is not None:
            out.append(gid)
    return out


def find_game(game_id: str):
    gid = str(game_id).strip().lower()
    if gid not in _GAME_MODULES or gid not in game_ids():
        raise UnknownGame(str(game_id), game_ids())
    return importlib.import_module(_GAME_MODULES[gid]).GAME
