"""Expert computers think in worker processes (bot/thinking.py): the event loop's process
is not held up by their pure-Python search, and the move is the one the bot's own process
would make (records replay the same)."""

from __future__ import annotations

import asyncio
import os
import random
import time

import pytest

import rules
from bot import thinking
from rules.ai import make_agent

from .conftest import ALI


@pytest.mark.parametrize("game_id", rules.game_ids())
def test_a_worker_makes_the_move_the_bots_own_agent_would(game_id):
    game = rules.find_game(game_id)
    state = game.new(None, 11)
    for n in range(6):
        view = state.view(state.current_player)
        here = make_agent(game_id, "expert").choose(view, random.Random(f"11:{n}"))
        there = thinking.pool().submit(thinking.choose, game_id, "expert", view,
                                       random.Random(f"11:{n}")).result(timeout=60)
        assert there == here
        state.apply(here)
    assert thinking.pool().submit(os.getpid).result(timeout=60) != os.getpid()
    thinking.stop()


async def test_an_expert_table_thinks_in_workers_and_a_lost_worker_is_replaced(bot, caplog):
    await bot.say(ALI, "/new dominoes bots=expert")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert thinking._pool is not None  # the computers before Ali thought there
    killed = list(thinking._pool._processes.values())
    for process in killed:
        process.kill()  # a worker killed (out of memory, say)
    assert table.state.current_player == 0
    moves = table.moves
    await bot.say(ALI, "/" + table.state.view(0).legal[0])
    assert table.moves > moves + 1  # the computers after Ali moved all the same
    # as Experts: on a thread while the pool was breaking (a CI run once lost its fork
    # server too, and the Experts played random moves)
    assert "playing a random one" not in caplog.text
    worker = _a_new_worker(killed)  # and new workers think the next decisions
    assert worker and worker not in {p.pid for p in killed}
    bot.core.close()
    assert thinking._pool is None


async def test_a_broken_pool_costs_no_expert_move(bot, caplog):
    await bot.say(ALI, "/new dominoes bots=expert")
    await bot.say(ALI, "/start")
    table = bot.table()
    broken = thinking._pool
    killed = list(broken._processes.values())
    for process in killed:
        process.kill()
    end = time.monotonic() + 30
    while not broken._broken and time.monotonic() < end:  # the pool has seen it
        time.sleep(0.05)
    assert broken._broken
    moves = table.moves
    await bot.say(ALI, "/" + table.state.view(0).legal[0])
    assert table.moves > moves + 1
    assert "thinking on a thread" in caplog.text  # the first decision after the loss
    assert "playing a random one" not in caplog.text
    assert _a_new_worker(killed) not in {None, *(p.pid for p in killed)}  # then new workers
    assert thinking._pool is not broken
    bot.core.close()


def _a_new_worker(killed) -> int | None:
    """The pid of a worker answering now, given a moment: a pool that was breaking when
    the bot last asked it may still be going down with its fork server."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            return thinking.pool().submit(os.getpid).result(timeout=30)
        except Exception as e:
            assert thinking.lost(e), e
            time.sleep(0.2)
    return None


KILLED_BOT = """
import os, random
import rules
from bot import thinking
state = rules.find_game("dominoes").new(None, 3)
view = state.view(state.current_player)
thinking.pool().submit(thinking.choose, "dominoes", "expert", view, random.Random(1)).result()
print(" ".join(str(p) for p in thinking.pool()._processes), flush=True)
os.kill(os.getpid(), 9)  # killed: no shutdown, no exit handlers
"""


def test_workers_end_when_the_bot_is_killed():
    """Killed (SIGKILL, out of memory), the bot cannot end its workers: they end
    themselves, or they would hold its terminal or pipe open for ever."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    out = subprocess.run([sys.executable, "-c", KILLED_BOT], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2], timeout=60)
    workers = [int(p) for p in out.stdout.split()]
    assert workers, out
    end = time.monotonic() + 10 * thinking.WATCH_EVERY
    while time.monotonic() < end and any(Path(f"/proc/{p}").exists() for p in workers):
        time.sleep(0.1)
    assert not [p for p in workers if Path(f"/proc/{p}").exists()]


def test_an_error_from_an_old_pool_does_not_shut_down_the_new_one():
    """A regression scan: with many Expert tables, each table's error from the pool that
    broke dropped whatever pool was current, the new one too, cancelling the decisions
    other tables had queued there."""
    from concurrent.futures.process import BrokenProcessPool

    old = thinking.pool()
    assert thinking.lost(BrokenProcessPool("a worker died"), old) and thinking._pool is None
    new = thinking.pool()
    assert thinking.lost(BrokenProcessPool("the same, told late"), old)  # a pool error
    assert thinking._pool is new and new.submit(os.getpid).result(timeout=60) != os.getpid()
    thinking.stop()


async def test_decisions_cancelled_by_a_pool_shut_down_are_thought_on_threads(bot, caplog):
    """Queued Expert decisions whose pool is shut down under them (another table's error)
    ended the person's command with CancelledError: no answer, the move in memory but not
    in the store, the table stuck with a computer to move. They are thought on a thread."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    await bot.say(ALI, "/new okey101 bots=expert league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    seat = table.seat_of(ALI.id)
    # one worker, busy: the computers' decisions wait in the pool's queue behind it. Three
    # sleeps: the pool hands the worker up to two items ahead (then no longer cancellable),
    # so with two a decision submitted once the worker had started took the free place and
    # ran, and nothing was left to cancel (a run of make test)
    thinking.stop()
    thinking._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
    busy = [thinking._pool.submit(time.sleep, 2) for _ in range(3)]

    async def ali_moves():  # one turn: the draw and the discard (the first only discards)
        for verb in ("draw", "discard"):
            move = next((a for a in table.state.view(seat).legal if a.split()[0] == verb), None)
            if move:
                await bot.say(ALI, "/" + move)

    async def shut_down_when_a_decision_waits():
        while len(thinking._pool._pending_work_items) <= len(busy):
            await asyncio.sleep(0.01)
        waiting = [w.future for w in thinking._pool._pending_work_items.values()]
        thinking.lost(BrokenProcessPool("a worker died"))  # as another table's error did
        return waiting

    moved, waiting = await asyncio.wait_for(asyncio.gather(
        ali_moves(), shut_down_when_a_decision_waits(), return_exceptions=True), 60)
    assert moved is None, moved  # Ali's command ended, answered
    assert any(f.cancelled() for f in waiting)
    assert "its workers were shut down; thinking on a thread" in caplog.text
    assert "playing a random one" not in caplog.text
    assert table.state.current_player == seat  # the computers moved, all of it stored
    assert len(await bot.store.move_log(table.id)) == table.moves
    bot.core.close()
