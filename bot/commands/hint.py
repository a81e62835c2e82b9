"""`tilebot hint GAME ...`: each game's `hint(options) -> dict` and `format_hint(dict)`."""

from __future__ import annotations

import json

from rules import find_game

from ..cli import CliError

LIMITS = ("limit", "pair_limit")  # Yüzbir's opening limits (Y6, Y-D3) in a hint's JSON


def run_hint(args) -> int:
    game = find_game(args.game)
    if not hasattr(game, "hint"):
        raise CliError(f"{game.id} has no hints")
    opts = {k: v for k, v in vars(args).items() if k not in ("cmd", "game", "json", "batch")}
    if args.batch:
        if not hasattr(game, "hint_batch"):
            raise CliError(f"{game.id} has no --batch")
        # a line that is not UTF-8 is one bad line (its error), not the end of the batch
        with open(args.batch, encoding="utf-8", errors="replace") as f:
            for line in game.hint_batch(f):
                print(json.dumps(line), flush=True)
        return 0
    result = game.hint(opts)
    print(json.dumps(result) if args.json else format_hint(game, result))
    return 0


def format_hint(game, result: dict) -> str:
    """The game's own text, with the opening limits a Yüzbir hint carries in words like its
    other lines (the okey games' text would show them as their JSON keys)."""
    if not any(k in result for k in LIMITS):
        return game.format_hint(result)
    text = game.format_hint({k: v for k, v in result.items() if k not in LIMITS})
    parts = []
    if "limit" in result:
        parts.append(f"{result['limit']} points with runs and groups")
    if "pair_limit" in result:
        parts.append(f"{result['pair_limit']} with pairs")
    return f"{text}\nopening limit: {', '.join(parts)} (Y6)"
