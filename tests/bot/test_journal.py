"""The operator's log of tables (bot/journal.py): a line for each thing that happens to a
table, and never a rack's tile or a person's name in it."""

from __future__ import annotations

import logging
import re

from bot.tables import AWAY_AFTER

from .conftest import ALI, BUDI
from .test_core_play import Player, start


def _journal(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.journal"]


async def test_a_table_is_logged_from_opening_to_its_end_without_names_or_tiles(bot, caplog):
    caplog.set_level(logging.INFO, logger="bot.journal")
    table = await start(bot, "dominoes", [ALI, BUDI], "games=3")
    where = f"table {table.id} (dominoes, tg g1)"
    assert _journal(caplog)[:2] == [
        f"{where} opened: 4 seats, timer 45 s, computers random, league, games=3",
        f"{where} started: 2 people, 2 computers"]
    await bot.say(BUDI, "/leave")
    await bot.say(BUDI, "/back")
    await Player(bot, seed=3).finish(table)
    lines = _journal(caplog)
    assert f"{where}: seat 2 left; a computer plays the seat" in lines
    assert f"{where}: seat 2 is back" in lines
    rounds = [ln for ln in lines if " round " in ln]
    outcome = table.state.outcome()
    assert len(rounds) == len(outcome["rounds"]) >= 1
    assert rounds[0].startswith(f"{where} round 1 over")
    winners = ", ".join(str(w + 1) for w in outcome["winners"])
    assert lines[-1] == f"{where} finished after {table.moves} moves: won by seat {winners}"
    said = "\n".join(lines)
    assert "Ali" not in said and "Budi" not in said
    record = table.state.record()
    # no tile of a deal shows: a domino is written `a-b` in the record's actions
    tiles = {w for a in record["actions"] for w in a.split() if re.fullmatch(r"\d-\d", w)}
    assert tiles and not any(t in said for t in tiles)


async def test_timeouts_and_an_abandoned_table_are_logged(bot, caplog):
    caplog.set_level(logging.INFO, logger="bot.journal")
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    where = f"table {table.id} (dominoes, tg g1)"
    for _ in range(AWAY_AFTER):  # O30: the second timeout in a row hands the seat over
        await bot.clock.advance(45)
    timeouts = [ln for ln in _journal(caplog) if "ran out of time" in ln]
    assert len(timeouts) == AWAY_AFTER
    assert timeouts[0].startswith(f"{where}: seat 1 ran out of time, ")
    assert timeouts[0].endswith("1 move made for it") or timeouts[0].endswith("moves made for it")
    # Ali was the only person: no computer plays on, the table waits (core.all_away)
    assert timeouts[-1].endswith("; everyone is away: the table waits for a /back")
    await bot.clock.advance(3600)  # nobody comes back: it closes
    assert _journal(caplog)[-1] == (
        f"{where} closed, nobody came back in time, after {table.moves} moves")


async def test_a_stop_names_who_closed_the_table_by_seat(bot, caplog):
    caplog.set_level(logging.INFO, logger="bot.journal")
    table = await start(bot, "okey101", [ALI, BUDI])
    await bot.say(ALI, "/stop")
    assert _journal(caplog)[-1] == (
        f"table {table.id} (okey101, tg g1) closed, stopped by seat 1, after {table.moves} moves")


async def test_the_log_names_a_lobby_closed_by_a_seated_person_and_the_timer_once(bot, caplog):
    """Once the opener has left a lobby, anyone seated may /stop it: the log said "stopped
    by an admin"; and the okey games' own timer option was listed twice."""
    caplog.set_level(logging.INFO, logger="bot.journal")
    await bot.say(ALI, "/new okey101 timer=15")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/leave")
    table = bot.table()
    await bot.say(BUDI, "/stop")
    lines = _journal(caplog)
    assert lines[0].endswith("opened: 4 seats, timer 15 s, computers normal, league")
    assert lines[-1] == f"table {table.id} (okey101, tg g1) closed, stopped by seat 2, after 0 moves"
