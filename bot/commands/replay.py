"""`tilebot replay FILE [--json]`."""

from __future__ import annotations

import json

from rules import record


def run_replay(args) -> int:
    rec = record.load(args.file)
    game, state = record.start(rec)
    for i, text in enumerate(rec.get("actions", [])):
        try:
            record.apply_text(game, state, text, i)
        except record.ReplayError as e:
            if args.json:
                print(json.dumps({"error": e.to_json()}))
            else:
                print(f"action {e.index} ({e.action!r}) refused: {e.message}"
                      + (f" [{e.rule}]" if e.rule else ""))
            return 1
    out = state.outcome()
    if args.json:
        print(json.dumps(out))
    else:
        print(_describe(out))
    return 0


def _describe(out: dict) -> str:
    """The outcome for people: seats counted from 1, as the chats and pictures count them
    (--json keeps the engine's seat indexes, from 0)."""
    lines = [f"{out['game']}: {out['status']}"]
    if out["status"] == "in_progress":
        lines.append(f"seat {out['current_player'] + 1} to move")
    for n, rnd in enumerate(out.get("rounds", []), 1):
        winner = "nobody" if rnd.get("winner") is None else f"seat {rnd['winner'] + 1}"
        lines.append(f"round {n}: {rnd.get('ending')}, winner {winner}, scores {rnd['scores']}")
    lines.append(f"totals: {out.get('totals')}")
    if "teams" in out:
        lines.append(f"teams: {out['teams']}")
    return "\n".join(lines)
