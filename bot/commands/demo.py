"""`tilebot demo`: four computer players play a match, printed move by move, then the scores."""

from __future__ import annotations

import random
import secrets

from rules import find_game
from rules.ai import make_agent
from rules.errors import ConfigError


def _agent(game_id: str):
    for level in ("normal", "random"):
        try:
            return make_agent(game_id, level)
        except ConfigError:
            continue
    raise ConfigError(f"no computer player for {game_id}")


def run_demo(args) -> int:
    game = find_game(args.game)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    config = game.Config()
    state = game.new(config, seed=seed)
    agents = [_agent(game.id) for _ in range(game.seats(config))]
    rng = random.Random(seed)
    print(f"{game.title}, seed {seed}")
    while not state.is_finished:
        seat = state.current_player
        action = agents[seat].choose(state.view(seat), rng)
        events = state.apply(action)
        print(f"seat {seat}: {action}")
        for ev in events:
            if ev.key.endswith("round_over") or ev.key.endswith("penalty"):
                print(f"    {ev.key.split('.', 1)[1].replace('_', ' ')}: {ev.public}")
    out = state.outcome()
    print()
    print("round  " + "  ".join(f"seat {s:<3}" for s in range(len(out["totals"]))))
    for n, rnd in enumerate(out["rounds"], 1):
        print(f"{n:<6} " + "  ".join(f"{x:>8}" for x in rnd["scores"]))
    print("total  " + "  ".join(f"{x:>8}" for x in out["totals"]))
    print("winner: " + ", ".join(f"seat {s}" for s in out["winners"]))
    return 0
