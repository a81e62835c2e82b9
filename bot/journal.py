"""The operator's log of tables: one INFO line for each thing that happens to a table as a
whole (opened, started, a round over, finished or closed, a seat that ran out of time,
left or came back), so `make run`'s output says what the bot is doing.

Only what the group sees goes here: seat numbers, counts and scores, never a person's name
or id (the log is not theirs to read) and never a tile a rack holds.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def _table(table) -> str:
    return f"table {table.id} ({table.game.id}, {table.platform} {table.chat})"


def opened(table) -> None:
    log.info("%s opened: %d seats, timer %s s, computers %s, %s%s", _table(table),
             len(table.seats), table.timer, table.bots,
             "league" if table.league else "friendly",
             "".join(f", {k}={v}" for k, v in sorted(table.options.items())
                     if k != "timer"))  # (said already)


def started(table) -> None:
    people = len(table.humans())
    log.info("%s started: %d %s, %d computer%s", _table(table), people,
             "person" if people == 1 else "people", len(table.seats) - people,
             "" if len(table.seats) - people == 1 else "s")


def round_over(table, number: int, result: dict) -> None:
    scores = result.get("scores") or ()
    log.info("%s round %d over%s: %s", _table(table), number,
             f" ({result['ending']})" if result.get("ending") else "",
             " ".join(f"{i + 1}:{s:+d}" if isinstance(s, int) else f"{i + 1}:{s}"
                      for i, s in enumerate(scores)) or "no scores")


def finished(table, outcome: dict) -> None:
    winners = outcome.get("winners") or []
    if isinstance(winners, int):
        winners = [winners]
    log.info("%s finished after %d moves: won by seat %s", _table(table), table.moves,
             ", ".join(str(w + 1) for w in winners) or "nobody")


def closed(table, why: str) -> None:
    """`why`: how it closed, in the operator's words ("stopped by its opener", "abandoned")."""
    log.info("%s closed, %s, after %d moves", _table(table), why, table.moves)


def timed_out(table, seat: int, moves: int, away: bool) -> None:
    log.info("%s: seat %d ran out of time, %d move%s made for it%s", _table(table), seat + 1,
             moves, "" if moves == 1 else "s", _waits(table) if away else "")


def left(table, seat: int) -> None:
    log.info("%s: seat %d left%s", _table(table), seat + 1, _waits(table))


def _waits(table) -> str:
    """What happens to a seat its person left: a computer plays it, or, with everyone
    away, nobody does and the table waits for a /back (it closes after an hour)."""
    return ("; everyone is away: the table waits for a /back" if table.everyone_away()
            else "; a computer plays the seat")


def back(table, seat: int) -> None:
    log.info("%s: seat %d is back", _table(table), seat + 1)
