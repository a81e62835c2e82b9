"""Computer players. An agent sees only a PlayerView and an RNG: it cannot cheat.

`make_agent(game_id, level)`: level is "random" (uniform legal moves, the engine-speed
baseline), "beginner", "normal" or "expert". A game's levels live in `rules.ai.<game_id>`
as `make(level) -> Agent`; so do its sparring players (its module's `SPARRING` names them,
for measurements).
"""

from __future__ import annotations

import importlib

from ..errors import ConfigError
from ..words import fold
from .random_agent import RandomAgent

LEVELS = ("random", "beginner", "normal", "expert")

def make_agent(game_id: str, level: str, sparring: bool = False):
    """The agent of `level` for `game_id`; with `sparring`, also the SPARRING players."""
    from .. import find_game

    game = find_game(game_id)
    level = fold(level)
    try:
        module = importlib.import_module(f"rules.ai.{game.id}")
    except ModuleNotFoundError:
        module = None
    known = LEVELS + getattr(module, "SPARRING", ()) if sparring else LEVELS
    if level not in known:
        raise ConfigError(f"unknown level {level!r}; levels: {', '.join(known)}",
                          "error.unknown_level", level=level, levels=", ".join(known))
    if level == "random":
        return RandomAgent(game)
    agent = module.make(level) if module is not None and hasattr(module, "make") else None
    if agent is None:
        raise ConfigError(f"level {level!r} is not available for {game.id} yet",
                          "error.level_unavailable", level=level, game=game.id)
    return agent
