"""`tilebot hint GAME ...`: each game's `hint(options) -> dict` and `format_hint(dict)`."""

from __future__ import annotations

import json

from rules import find_game

from ..cli import CliError


def run_hint(args) -> int:
    game = find_game(args.game)
    if not hasattr(game, "hint"):
        raise CliError(f"{game.id} has no hints")
    opts = {k: v for k, v in vars(args).items() if k not in ("cmd", "game", "json", "batch")}
    if args.batch:
        if not hasattr(game, "hint_batch"):
            raise CliError(f"{game.id} has no --batch")
        with open(args.batch, encoding="utf-8") as f:
            for line in game.hint_batch(f):
                print(json.dumps(line), flush=True)
        return 0
    result = game.hint(opts)
    print(json.dumps(result) if args.json else game.format_hint(result))
    return 0
