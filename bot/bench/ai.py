"""Decision time of the computer players, per game and level (issue 8: Expert p99 under
200 ms, Normal under 20 ms). The measured level sits at seat 0 against Normal players (or
random ones where a game has no Normal), seats rotating from game to game; levels a game
does not offer are skipped."""

from __future__ import annotations

from rules import find_game, game_ids
from rules.ai import LEVELS, make_agent
from rules.errors import ConfigError

from ..commands.simulate import play_game
from .timing import summarise

TARGET_P99_MS = {"expert": 200.0, "normal": 20.0}


def _agent(gid: str, level: str):
    try:
        return make_agent(gid, level)
    except ConfigError:
        return None


def run(quick: bool) -> dict:
    out = {}
    games = 4 if quick else 40
    for gid in game_ids():
        game = find_game(gid)
        config = game.Config()
        seats = game.seats(config)
        opponent = _agent(gid, "normal") or _agent(gid, "random")
        per_level = {}
        for level in LEVELS:
            if level == "random":
                continue
            agent = _agent(gid, level)
            if agent is None:
                continue
            samples: list[float] = []
            for seed in range(games):
                at = seed % seats
                agents = [agent if s == at else opponent for s in range(seats)]
                times = [[] for _ in range(seats)]
                play_game(game, config, agents, seed, times)
                # Against its own level every seat is a sample (a steadier p99).
                same = getattr(opponent, "level", None) == level
                for s in range(seats) if same else (at,):
                    samples.extend(times[s])
            per_level[level] = {**summarise(samples), "games": games,
                                "target_p99_ms": TARGET_P99_MS.get(level)}
        if per_level:
            out[gid] = per_level
    return out


def lines(res: dict) -> list[str]:
    out = []
    for gid, levels in res.items():
        for level, r in levels.items():
            if not r.get("n"):
                continue
            target = r.get("target_p99_ms")
            verdict = "" if target is None else ("  ok" if r["p99_ms"] < target else f"  OVER {target:g} ms")
            out.append(f"{gid:9} {level:8} median {r['median_ms']:8.3f} ms  p99 {r['p99_ms']:8.3f} ms  "
                       f"max {r['max_ms']:8.3f} ms  ({r['n']} moves, {r['games']} games){verdict}")
    return out
