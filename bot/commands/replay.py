"""`tilebot replay FILE [--json]`."""

from __future__ import annotations

import json

from rules import record

from .. import i18n
from ..events import dominoes_went_out, game_round_winners


def run_replay(args) -> int:
    rec = record.load(args.file)
    game, state = record.start(rec)
    for i, text in enumerate(rec.get("actions", [])):
        try:
            record.apply_text(game, state, text, i)
        except record.ReplayError as e:
            if args.json:
                print(json.dumps({"error": e.to_json()}))
            else:  # counted from 1, as people count moves (--json keeps the index)
                print(f"move {e.index + 1} ({e.action!r}) refused: {e.message}"
                      + (f" [{e.rule}]" if e.rule else ""))
            return 1
    out = state.outcome()
    shown = getattr(state, "revealed", ())  # dominoes: every hand as each game ended
    for n, rnd in enumerate(out.get("rounds", [])):  # as the group was told: the lowest
        winners, outscored = game_round_winners(game, state.config, rnd)  # score wins an
        if outscored is not None:  # okey round
            rnd["winners"], rnd["went_out"] = winners, outscored
        elif len(winners) > 1 and "winners" not in rnd:  # a team won it (O-D11): both
            rnd["winners"], rnd["went_out"] = winners, rnd["winner"]  # partners, as told
        out_seat = dominoes_went_out(rnd, shown[n]) if n < len(shown) else None
        if out_seat is not None and out_seat != rnd.get("winner"):  # behind on face-down
            rnd["went_out"] = out_seat  # tiles (D6, D9), as the chat says
    if rec.get("status") == "stopped" and out["status"] == "in_progress":
        out["stopped"] = True  # `tilebot record` says it closed there, unfinished
    if args.json:
        print(json.dumps(out))
    else:
        print(_describe(out))
    return 0


def _describe(out: dict) -> str:
    """The outcome for people: seats counted from 1, as the chats and pictures count them
    (--json keeps the engine's seat indexes, from 0), and each round's ending in words."""
    game = out["game"]
    if out.get("stopped"):
        # (a /stop, or closed without a result: nobody came back, the chat was gone)
        lines = [f"{game}: closed before its end, seat {out['current_player'] + 1} was to move"]
    elif out["status"] == "in_progress":
        lines = [f"{game}: under way, seat {out['current_player'] + 1} to move"]
    else:
        lines = [f"{game}: {out['status']}"]
    for n, rnd in enumerate(out.get("rounds", []), 1):
        winners = rnd.get("winners", [] if rnd.get("winner") is None else [rnd["winner"]])
        winner = (" and ".join(f"seat {w + 1}" for w in winners) if winners else "nobody")
        if "went_out" in rnd:  # went out, but paid more than the winner's score; or a team
            winner += f" (seat {rnd['went_out'] + 1} went out)"
        ending = i18n.translate("en", f"core.ending.{game}.{rnd.get('ending')}")
        lines.append(f"round {n}: {ending}, winner {winner}, scores {_by_seat(rnd['scores'])}")
    lines.append(f"totals: {_by_seat(out.get('totals') or [])}")
    for team in out.get("teams", []):
        seats = " + ".join(str(seat + 1) for seat in team["seats"])
        lines.append(f"team of seats {seats}: {team['total']}")
    if out["status"] == "finished":
        winners = out.get("winners") or []
        lines.append("match won by " + (" and ".join(f"seat {w + 1}" for w in winners)
                                        if winners else "nobody"))
    return "\n".join(lines)


def _by_seat(values) -> str:
    return ", ".join(f"seat {seat}: {v}" for seat, v in enumerate(values, 1))
