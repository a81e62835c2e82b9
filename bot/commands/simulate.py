"""`tilebot simulate GAME --seats a,b,c,d --games N`: a tournament between agents.

Seats rotate from game to game so no level keeps a lucky seat. Prints per level: win rate
with a 95% Wilson interval, average score per round, and decision time median / p99.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time

from rules import find_game
from rules.ai import make_agent

from ..cli import CliError
from ..lobby import CORE_OPTIONS


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def play_game(game, config, agents, seed, times=None, max_moves=100_000):
    """Play one match; agents[i] sits at seat i. Returns the final state."""
    state = game.new(config, seed=seed)
    rng = random.Random(seed ^ 0x5EED)
    moves = 0
    while not state.is_finished:
        seat = state.current_player
        view = state.view(seat)
        t0 = time.perf_counter()
        action = agents[seat].choose(view, rng)
        if times is not None:
            times[seat].append(time.perf_counter() - t0)
        state.apply(action)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"{game.id}: game with seed {seed} did not end")
    return state


def run_tournament(game_id, levels, games, seed=None, options=None, progress=None):
    game = find_game(game_id)
    table_only = [k for k in options or {} if k in CORE_OPTIONS and k not in
                  game.Config.options()]
    if table_only:  # a chat table's, which games between computers have no use for
        raise CliError(f"simulate plays the game only: {', '.join(table_only)} "
                       f"{'is an option' if len(table_only) == 1 else 'are options'} of a "
                       f"table in a chat (--seats names the computers' levels); the game's "
                       f"options: {', '.join(game.Config.options())}")
    config = game.Config.from_options(options or {})
    partners = bool(getattr(config, "partners", False))
    n = game.seats(config)
    if len(levels) != n:
        raise CliError(f"{game_id} with these options has {n} seats; --seats names {len(levels)}")
    agents = {lv: make_agent(game_id, lv, sparring=True) for lv in set(levels)}
    master = random.Random(seed)
    stats = {lv: {"seats": 0, "wins": 0.0, "score": 0.0, "rounds": 0, "times": []}
             for lv in set(levels)}
    t_start = time.perf_counter()
    for g in range(games):
        shift = g % n
        seating = [levels[(i + shift) % n] for i in range(n)]
        times = [[] for _ in range(n)]
        state = play_game(game, config, [agents[lv] for lv in seating],
                          master.getrandbits(63), times)
        out = state.outcome()
        winners = out["winners"]
        # a shared win is split; partners win as a team, each partner a whole win (O-D11)
        sharing = len(winners) // 2 if partners and len(winners) > 1 else len(winners)
        for seat, lv in enumerate(seating):
            st = stats[lv]
            st["seats"] += 1
            if seat in winners:
                st["wins"] += 1 / sharing
            st["score"] += sum(r["scores"][seat] for r in out["rounds"])
            st["rounds"] += len(out["rounds"])
            st["times"].extend(times[seat])
        if progress:
            progress(g + 1, games)
    elapsed = time.perf_counter() - t_start
    result = {"game": game_id, "games": games, "seats": levels, "seconds": round(elapsed, 3),
              "games_per_second": round(games / elapsed, 1) if elapsed else None, "levels": {}}
    for lv, st in sorted(stats.items()):
        # A level sitting k times per game: its win share is per seat-game.
        lo, hi = wilson(st["wins"], st["seats"])
        result["levels"][lv] = {
            "seat_games": st["seats"],
            "win_rate": round(st["wins"] / st["seats"], 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score_per_round": round(st["score"] / max(1, st["rounds"]), 2),
            "decision_ms_median": round(percentile(st["times"], 0.5) * 1000, 3),
            "decision_ms_p99": round(percentile(st["times"], 0.99) * 1000, 3),
        }
    return result


def _progress_bar(done, total):
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_simulate(args, options) -> int:
    levels = [s.strip().lower() for s in args.seats.split(",") if s.strip()]
    if args.games < 1:
        raise CliError("--games must be at least 1")
    show = not args.json and not args.no_progress and sys.stderr.isatty()
    res = run_tournament(args.game, levels, args.games, args.seed, options,
                         _progress_bar if show else None)
    if args.json:
        print(json.dumps(res))
        return 0
    print(f"{res['game']}: {res['games']} games in {res['seconds']} s "
          f"({res['games_per_second']} games/s), seats {','.join(levels)}")
    print(f"{'level':10} {'win rate':>9} {'95% CI':>17} {'avg/round':>10} {'ms p50':>8} {'ms p99':>8}")
    for lv, r in res["levels"].items():
        print(f"{lv:10} {r['win_rate']:9.3f} [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] "
              f"{r['avg_score_per_round']:10.1f} {r['decision_ms_median']:8.3f} {r['decision_ms_p99']:8.3f}")
    # Rummikub scores a round as a gain for the winner (K10, K12); the others count penalties
    better = "higher" if res["game"] == "rummikub" else "lower"
    print(f"avg/round: points a seat scored per round ({better} is better); ms: decision time")
    return 0
