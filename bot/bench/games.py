"""Random full games per second for each game (uniform random agents, views included)."""

from __future__ import annotations

import time

from rules import find_game, game_ids
from rules.ai import make_agent

from ..commands.simulate import play_game


def random_games(game_id: str, n: int):
    """Yield n finished games between uniform random agents (seeds 0..n-1)."""
    game = find_game(game_id)
    config = game.Config()
    agents = [make_agent(game_id, "random")] * game.seats(config)
    for seed in range(n):
        yield play_game(game, config, agents, seed)


def run(quick: bool) -> dict:
    out = {}
    for gid in game_ids():
        n = 40 if quick else 300
        t0 = time.perf_counter()
        moves = sum(len(state.record()["actions"]) for state in random_games(gid, n))
        dt = time.perf_counter() - t0
        out[gid] = {"games": n, "games_per_s": round(n / dt, 1), "moves_per_s": round(moves / dt)}
    return out


def lines(res: dict) -> list[str]:
    return [f"{gid:9} {r['games_per_s']:8.1f} games/s  {r['moves_per_s']:7d} moves/s  ({r['games']} games)"
            for gid, r in res.items()]
