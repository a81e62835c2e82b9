"""`tilebot bench --only core`: the bot core with its SQLite store on (a temporary file, WAL).

- throughput: 100 tables (the four games in turn) play at once, each move a person
  pressing one of the buttons the core sent them (four people per table, so every move is
  its own command and its own commit), a finished table replaced by a new one in the same
  chat. Reported: persisted moves
  per second (rows in the move log / wall time), command latency.
- the same with one person and three random computers per table (a command then commits
  the person's move plus the computers' replies in one transaction).
- memory per idle table: tables started and waiting for a person's move, measured with
  tracemalloc (Python allocations: table, engine state, seats, lock).

Pictures are off in the first two (the render section measures drawing); the third draws
every picture a real chat would get (a table per turn, a rack per prompt), on the core's
drawing thread. Timers are on (deadlines are computed and stored) but never fire.
"""

from __future__ import annotations

import asyncio
import gc
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

import rules

from ..core import Core
from ..messages import Buttons, Command, User
from ..pictures import Pictures
from ..store import Store
from ..timers import ManualClock
from .timing import summarise

TABLES = 100
PEOPLE = [User(str(i), f"P{i}", "en") for i in range(1, 5)]


async def _quiet(messages):
    pass


async def _core(path: str, pictures: bool = False) -> tuple[Store, Core]:
    store = await Store.open(path)
    return store, Core(store, _quiet, ManualClock(), seed=1,
                       pictures=Pictures(enabled=pictures))


async def _open_table(core: Core, chat: str, game: str, people: int, buttons: dict,
                      bots: str = "random"):
    await core.handle(Command.parse("bench", chat, PEOPLE[0], f"/new {game} bots={bots}"))
    for user in PEOPLE[1:people]:
        await core.handle(Command.parse("bench", chat, user, "/join"))
    _note(buttons, chat, await core.handle(Command.parse("bench", chat, PEOPLE[0], "/start")))
    return next(t for t in core.tables.values() if t.chat == chat)


def _note(buttons: dict, chat: str, messages) -> None:
    """Remember each person's latest move buttons, as a chat client shows them."""
    for m in messages:
        if isinstance(m, Buttons) and m.choices:
            buttons[(chat, m.to.user)] = m.choices


async def _play(core: Core, table, people: int, until: float, rng, latencies: list[float],
                buttons: dict, bots: str = "random") -> int:
    """The person to move presses one of their buttons, until the deadline; a finished
    table is replaced by a new one in the same chat. Returns the commands sent."""
    sent = 0
    chat = table.chat
    while time.perf_counter() < until:
        if table.status != "playing":
            table = await _open_table(core, chat, table.game.id, people, buttons, bots)
        user = PEOPLE[int(table.seats[table.state.current_player].user) - 1]
        choice = rng.choice(buttons[(chat, user.id)])
        t0 = time.perf_counter()
        out = await core.handle(Command("bench", chat, user, "press", (), choice.payload))
        latencies.append(time.perf_counter() - t0)
        _note(buttons, chat, out)
        sent += 1
        await asyncio.sleep(0)  # let the other tables in
    return sent


async def _count(store: Store, what: str) -> int:
    async with store.db.execute(f"SELECT COUNT(*) FROM {what}") as cur:
        return (await cur.fetchone())[0]


async def _throughput(people: int, seconds: float, pictures: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store, core = await _core(str(Path(tmp) / "bench.db"), pictures)
        try:
            games = rules.game_ids()
            t0 = time.perf_counter()
            buttons: dict = {}
            tables = await asyncio.gather(*(
                _open_table(core, f"c{i}", games[i % len(games)], people, buttons)
                for i in range(TABLES)))
            opening = time.perf_counter() - t0
            moves0, tables0 = await _count(store, "moves"), await _count(store, "tables")
            rng = random.Random(7)
            latencies: list[float] = []
            until = time.perf_counter() + seconds
            t0 = time.perf_counter()
            sent = await asyncio.gather(*(_play(core, t, people, until, rng, latencies, buttons)
                                          for t in tables))
            wall = time.perf_counter() - t0
            moves = await _count(store, "moves") - moves0
            replaced = await _count(store, "tables") - tables0
        finally:
            core.close()
            await store.close()
    return {"tables_at_once": TABLES, "people_per_table": people, "seconds": round(wall, 2),
            "opening_s": round(opening, 2), "commands": sum(sent), "persisted_moves": moves,
            "tables_replaced": replaced, "moves_per_s": round(moves / wall),
            "commands_per_s": round(sum(sent) / wall), "command_latency": summarise(latencies)}


async def _memory(per_game: int) -> dict:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        store, core = await _core(str(Path(tmp) / "mem.db"))
        try:
            for game in rules.game_ids():
                gc.collect()
                tracemalloc.start()
                before = tracemalloc.take_snapshot()
                for i in range(per_game):
                    await _open_table(core, f"{game}-{i}", game, 4, {})
                gc.collect()
                after = tracemalloc.take_snapshot()
                tracemalloc.stop()
                grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
                out[game] = round(grown / per_game / 1024, 1)
        finally:
            core.close()
            await store.close()
    return out


async def _stalls(seconds: float) -> dict:
    """How long the event loop goes unanswered while Expert computers think: one table
    per game, one person and three Experts each, the person pressing buttons as fast as
    replies come; a heartbeat task measures each wait beyond its 1 ms sleep."""
    with tempfile.TemporaryDirectory() as tmp:
        store, core = await _core(str(Path(tmp) / "stall.db"))
        gaps: list[float] = []
        try:
            buttons: dict = {}
            tables = [await _open_table(core, f"x{i}", g, 1, buttons, "expert")
                      for i, g in enumerate(rules.game_ids())]
            until = time.perf_counter() + seconds

            async def heartbeat():
                while time.perf_counter() < until:
                    t0 = time.perf_counter()
                    await asyncio.sleep(0.001)
                    gaps.append(max(0.0, time.perf_counter() - t0 - 0.001))

            latencies: list[float] = []
            rng = random.Random(3)
            sent = await asyncio.gather(heartbeat(), *(
                _play(core, t, 1, until, rng, latencies, buttons, "expert") for t in tables))
        finally:
            core.close()
            await store.close()
    return {"tables": len(tables), "commands": sum(sent[1:]), "loop_gap": summarise(gaps),
            "command_latency": summarise(latencies)}


def run(quick: bool) -> dict:
    seconds = 3.0 if quick else 15.0
    return {
        "people": asyncio.run(_throughput(4, seconds)),
        "with_computers": asyncio.run(_throughput(1, seconds)),
        "people_with_pictures": asyncio.run(_throughput(4, seconds, pictures=True)),
        "idle_table_kb": asyncio.run(_memory(20 if quick else 100)),
        "expert_stalls": asyncio.run(_stalls(seconds)),
    }


def lines(result: dict) -> list[str]:
    out = []
    for name, label in (("people", "4 people per table"),
                        ("with_computers", "1 person + 3 computers per table"),
                        ("people_with_pictures", "4 people per table, pictures drawn")):
        r = result[name]
        lat = r["command_latency"]
        # the target is the core's (store and messages); drawing every picture of every
        # move on this machine's cores is measured beside it, with none
        aim = "no target: the pictures' cost" if name == "people_with_pictures" \
            else "target >= 1000"
        out.append(f"{r['tables_at_once']} tables at once, {label}: {r['moves_per_s']} persisted "
                   f"moves/s ({r['persisted_moves']} moves, {r['commands']} commands in "
                   f"{r['seconds']} s, {r['tables_replaced']} finished tables replaced; {aim})")
        out.append(f"  opening the {r['tables_at_once']} tables (/new, /join, /start): "
                   f"{r['opening_s']} s")
        out.append(f"  command latency median {lat.get('median_ms')} ms, p99 {lat.get('p99_ms')} "
                   f"ms, max {lat.get('max_ms')} ms")
    st = result["expert_stalls"]
    gap, lat = st["loop_gap"], st["command_latency"]
    out.append(f"{st['tables']} tables of 1 person + 3 Experts ({st['commands']} commands): the "
               f"event loop waited median {gap.get('median_ms')} ms, p99 {gap.get('p99_ms')} ms, "
               f"max {gap.get('max_ms')} ms (Experts think in worker processes, the others on threads); command "
               f"latency median {lat.get('median_ms')} ms, p99 {lat.get('p99_ms')} ms")
    mem = ", ".join(f"{g} {kb} KB" for g, kb in result["idle_table_kb"].items())
    out.append(f"memory per idle table: {mem} (target < 100 KB)")
    return out
