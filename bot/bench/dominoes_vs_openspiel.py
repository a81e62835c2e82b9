"""Random 4-player dominoes: our engine (the `tilebot simulate` loop: view + agent + apply)
side by side with OpenSpiel's Python `python_team_dominoes` (4 players, 7 tiles each).

OpenSpiel is never a dependency of the bot: it runs in its own interpreter, found in
$OPENSPIEL_PYTHON or /tmp/ospiel/bin/python (`python3 -m venv /tmp/ospiel &&
/tmp/ospiel/bin/pip install open-spiel`). Without it the comparison is skipped and says so.
"""

from __future__ import annotations

import json
import os
import subprocess

from bot.commands.simulate import run_tournament

DEFAULT_OPENSPIEL_PYTHON = "/tmp/ospiel/bin/python"

# Runs inside OpenSpiel's interpreter. "bare": legal_actions + apply_action, deal by chance
# outcomes (the cheapest loop it allows); "observed": the mover also gets its observation
# tensor, the nearest thing to our per-move view.
_OPENSPIEL_SCRIPT = r"""
import json, random, sys, time
import pyspiel
from open_spiel.python import games  # registers the python_* games
game = pyspiel.load_game("python_team_dominoes")
n, observe = int(sys.argv[1]), sys.argv[2] == "observed"
rng = random.Random(1)
t0 = time.perf_counter()
for _ in range(n):
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(outcomes, probs)[0])
        else:
            if observe:
                s.observation_tensor(s.current_player())
            s.apply_action(rng.choice(s.legal_actions()))
print(json.dumps({"games": n, "seconds": time.perf_counter() - t0}))
"""


def _openspiel_python() -> str | None:
    path = os.environ.get("OPENSPIEL_PYTHON") or DEFAULT_OPENSPIEL_PYTHON
    return path if os.path.exists(path) else None


def _run_openspiel(python: str, games: int, mode: str) -> dict:
    res = subprocess.run([python, "-c", _OPENSPIEL_SCRIPT, str(games), mode],
                         capture_output=True, text=True, timeout=900)
    if res.returncode != 0:
        return {"error": (res.stderr.strip().splitlines() or ["failed"])[-1]}
    out = json.loads(res.stdout.strip().splitlines()[-1])
    out["games_per_second"] = round(out["games"] / out["seconds"], 1)
    return out


def run(quick: bool) -> dict:
    games = 500 if quick else 4000
    ours = run_tournament("dominoes", ["random"] * 4, games, seed=1)
    result = {"games": games, "ours_games_per_second": ours["games_per_second"]}
    python = _openspiel_python()
    if python is None:
        result["openspiel"] = "skipped: no OpenSpiel interpreter (set OPENSPIEL_PYTHON or "\
                              "create /tmp/ospiel with open-spiel installed)"
        return result
    os_games = games // 4 if quick else games // 2
    for mode in ("bare", "observed"):
        out = _run_openspiel(python, os_games, mode)
        result[f"openspiel_{mode}"] = out
        if "games_per_second" in out:
            result[f"speedup_vs_{mode}"] = round(ours["games_per_second"] / out["games_per_second"], 2)
    return result


def lines(result: dict) -> list[str]:
    out = [f"ours: {result['ours_games_per_second']} random 4-player games/s "
           f"({result['games']} games, tilebot simulate loop)"]
    if isinstance(result.get("openspiel"), str):
        return out + [f"OpenSpiel: {result['openspiel']}"]
    for mode in ("bare", "observed"):
        o = result.get(f"openspiel_{mode}", {})
        if "error" in o:
            out.append(f"OpenSpiel ({mode}): error: {o['error']}")
        else:
            out.append(f"OpenSpiel python_team_dominoes ({mode}): {o['games_per_second']} games/s "
                       f"({o['games']} games); ours is {result[f'speedup_vs_{mode}']}x")
    return out
