"""Bench: the Rummikub solver on self-play positions, side by side with the PyPI package
`rummikub-solver` (an integer program after den Hertog & Hulshof, via cvxpy) on the same
positions. That package is never a dependency of the bot: it is run from its own Python
environment (RKSOLVER_PYTHON, default /tmp/rksolver-venv/bin/python, e.g. made with
`python3 -m venv /tmp/rksolver-venv && /tmp/rksolver-venv/bin/pip install rummikub-solver`)
and skipped, saying so, when it is not there.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import tempfile
import time

from rules import find_game
from rules.ai.rummikub import make
from rules.solvers.rummikub import best_move

from .timing import summarise

POSITIONS = 1000
QUICK_POSITIONS = 200
WARMUP = 20
OTHER_PYTHON = os.environ.get("RKSOLVER_PYTHON", "/tmp/rksolver-venv/bin/python")


def selfplay_positions(count: int, seed: int = 2024) -> list[tuple]:
    """(table, rack, initial) at every turn of seeded games between computer players:
    four Normals, and an Expert with three Normals, in turn."""
    game = find_game("rummikub")
    seatings = [("normal",) * 4, ("expert", "normal", "normal", "normal")]
    out: list[tuple] = []
    g = 0
    while len(out) < count:
        agents = [make(level) for level in seatings[g % 2]]
        state = game.new(game.Config(), seed=seed + g)
        rng = random.Random(seed + g)
        while not state.is_finished and len(out) < count:
            seat = state.current_player
            view = state.view(seat)
            out.append((view.table, view.rack, not view.melded[seat]))
            state.apply(agents[seat].choose(view, rng))
        g += 1
    return out


def _ours(positions, tidy: bool) -> tuple[list[float], list[float], list[int]]:
    """tidy=False: the search alone, a whole new table like the other package's answer;
    tidy=True: as `tilebot hint` does, also keeping the sets the move does not need."""
    for table, rack, initial in positions[:WARMUP]:
        best_move(table, rack, initial, stable=tidy)
    wall, cpu, tiles = [], [], []
    for table, rack, initial in positions:
        w0, c0 = time.perf_counter(), time.process_time()
        move = best_move(table, rack, initial, stable=tidy)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
        tiles.append(move.tiles if move else 0)
    return wall, cpu, tiles


# Runs inside the other environment: reads positions as JSON, prints timings as JSON.
_OTHER = r"""
import json, sys, time
import rummikub_solver as rs
rules = rs.RuleSet()
tiles = rules.tiles  # colour-major: BLACK, BLUE, ORANGE, RED; the joker last
slot = {0: 3, 1: 1, 2: 0, 3: 2}  # our r, b, k, y -> their RED, BLUE, BLACK, ORANGE
def tile(t):
    return tiles[-1] if t == 52 else tiles[slot[t // 13] * 13 + t % 13]
positions = json.load(open(sys.argv[1]))
warm = int(sys.argv[2])
def solve(table, rack, initial):
    state = rules.new_game()
    if table:
        state.add_table(*[tile(t) for t in table])
    state.add_rack(*[tile(t) for t in rack])
    state.initial = initial
    mode = rs.SolverMode.INITIAL if initial else rs.SolverMode.TOTAL_VALUE
    return rules.solve(state, mode)
for p in positions[:warm]:
    solve(*p)
wall, cpu, placed = [], [], []
for p in positions:
    w0, c0 = time.perf_counter(), time.process_time()
    sol = solve(*p)
    cpu.append(time.process_time() - c0)
    wall.append(time.perf_counter() - w0)
    placed.append(len(sol.tiles) if sol else 0)
print(json.dumps({"wall": wall, "cpu": cpu, "tiles": placed, "backend": str(rules.backend),
                  "version": rs.__version__}))
"""


def _theirs(positions) -> dict:
    if not os.path.exists(OTHER_PYTHON):
        return {"skipped": f"rummikub-solver not installed ({OTHER_PYTHON} not found; see "
                           "bot/bench/rummikub_solver.py)"}
    data = [[[t for s in table for t in s], list(rack), initial]
            for table, rack, initial in positions]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(data, f)
        path = f.name
    try:
        proc = subprocess.run([OTHER_PYTHON, "-c", _OTHER, path, str(WARMUP)],
                              capture_output=True, text=True, timeout=3600)
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return {"skipped": f"rummikub-solver did not run: {last}"}
    return json.loads(proc.stdout)


def run(quick: bool) -> dict:
    positions = selfplay_positions(QUICK_POSITIONS if quick else POSITIONS)
    wall, cpu, tiles = _ours(positions, tidy=False)
    tidy_wall, tidy_cpu, _ = _ours(positions, tidy=True)
    result = {
        "positions": len(positions),
        "load_average": round(os.getloadavg()[0], 2),  # wall times mean little on a busy machine
        "ours": {"wall": summarise(wall), "cpu": summarise(cpu),
                 "avg_tiles": round(sum(tiles) / len(tiles), 3)},
        "ours_tidy": {"wall": summarise(tidy_wall), "cpu": summarise(tidy_cpu),
                      "avg_tiles": round(sum(tiles) / len(tiles), 3)},
    }
    other = _theirs(positions)
    if "skipped" in other:
        result["rummikub_solver"] = other
        return result
    result["rummikub_solver"] = {
        "version": other["version"], "backend": other["backend"],
        "wall": summarise(other["wall"]), "cpu": summarise(other["cpu"]),
        "avg_tiles": round(sum(other["tiles"]) / len(other["tiles"]), 3),
    }
    ours_p99 = result["ours"]["wall"]["p99_ms"]
    theirs_p99 = result["rummikub_solver"]["wall"]["p99_ms"]
    result["speedup_p99"] = round(theirs_p99 / ours_p99, 1) if ours_p99 else None
    result["speedup_median"] = round(
        result["rummikub_solver"]["wall"]["median_ms"] / result["ours"]["wall"]["median_ms"], 1)
    cpu_ours, cpu_theirs = result["ours"]["cpu"], result["rummikub_solver"]["cpu"]
    result["speedup_cpu_p99"] = round(cpu_theirs["p99_ms"] / cpu_ours["p99_ms"], 1)
    result["speedup_cpu_median"] = round(cpu_theirs["median_ms"] / cpu_ours["median_ms"], 1)
    return result


def lines(result: dict) -> list[str]:
    def fmt(name, r):
        w, c = r["wall"], r["cpu"]
        return (f"{name:16} median {w['median_ms']:8.3f} ms  p99 {w['p99_ms']:8.3f} ms  "
                f"max {w['max_ms']:8.3f} ms  (cpu p99 {c['p99_ms']:.3f} ms)  "
                f"tiles/move {r['avg_tiles']}")

    out = [f"{result['positions']} self-play positions (best move; one process, one core; "
           f"load average {result['load_average']}: compare cpu times on a busy machine)",
           fmt("ours", result["ours"]), fmt("ours, tidy table", result["ours_tidy"])]
    other = result["rummikub_solver"]
    if "skipped" in other:
        out.append(f"rummikub-solver  skipped: {other['skipped']}")
        return out
    out.append(fmt("rummikub-solver", other) + f"  [{other['version']}, {other['backend']}]")
    out.append(f"speed-up: median x{result['speedup_median']}, p99 x{result['speedup_p99']} "
               f"(cpu: median x{result['speedup_cpu_median']}, p99 x{result['speedup_cpu_p99']})")
    return out
