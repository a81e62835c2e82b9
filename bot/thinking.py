"""Expert computers think in other processes.

An Expert decision is up to 200 ms of pure Python. On a thread of the bot's process it
holds the interpreter lock for most of that time, and the event loop then waits for the
lock at every send, store write and picture: measured with 30 tables at once, the first
answer to a person's press went from p99 43-104 ms (no Experts anywhere) to 339-364 ms
with Experts at two tables in three. In worker processes the operating system shares the
cores fairly instead, and the loop keeps its pace.

Agents are stateless (a view in, a move out) and the rng is derived per decision, so a
worker makes the very move the bot's own process would: records replay the same. Faster
levels stay on threads: their hop to a process would cost more than they think.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from rules.ai import make_agent

ELSEWHERE = frozenset({"expert"})  # the levels that think in worker processes
WORKERS = max(2, min(4, os.cpu_count() or 1))
WATCH_EVERY = 1.0  # seconds between a worker's looks at whether the bot is still there

_pool: ProcessPoolExecutor | None = None
_agents: dict[tuple[str, str], object] = {}  # a worker's own, made on its first decision


def _worker(bot: int) -> None:
    """A worker ignores Ctrl-C: the terminal's Ctrl-C is for the bot, which then ends its
    workers (it would print a traceback from each). It ends itself once the bot process
    `bot` is gone (killed, out of memory), which could not: left running, it kept the
    bot's terminal or pipe open for ever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(bot,), daemon=True, name="watch-bot").start()


def _watch(bot: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if not _running(bot):
            os._exit(0)


def _running(pid: int) -> bool:
    """Is process `pid` running: there, and not a zombie (a killed bot stays one until
    its parent reaps it, and a parent reading its output waits for its workers first)."""
    if os.path.isdir("/proc/self"):
        try:
            with open(f"/proc/{pid}/stat", "rb") as stat:
                return stat.read().rpartition(b")")[2].split()[0] not in (b"Z", b"X")
        except OSError:
            return False
    try:  # no /proc here: ask the system whether the number is in use
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or another user's process now
        return False
    return True


def choose(game_id: str, level: str, view, rng):
    """A computer's move, in a worker: the same agent the bot would make."""
    key = (game_id, level)
    if key not in _agents:
        _agents[key] = make_agent(game_id, level)
    return _agents[key].choose(view, rng)


def pool() -> ProcessPoolExecutor:
    """The workers, started at the first decision that needs them and shared by every
    table. Started by a fork server (a clean process), not forked from the bot: forking a
    process that runs threads can copy a lock some thread held."""
    global _pool
    if _pool is None:
        context = multiprocessing.get_context("forkserver")
        _pool = ProcessPoolExecutor(WORKERS, mp_context=context, initializer=_worker,
                                    initargs=(os.getpid(),))
    return _pool


def lost(error: BaseException, workers: ProcessPoolExecutor | None = None) -> bool:
    """Was `error` the workers failing rather than the agent: a worker died (killed, out
    of memory: the pool is broken), or a new one could not be started (the pool was
    breaking meanwhile, or the fork server went down with it: an OSError)? Then the pool
    `workers` it came from is dropped, if it is still the one in use (another table's
    error may have replaced it already: shutting the new one down would cancel the
    decisions queued there), and the next decision starts new ones."""
    global _pool
    if not isinstance(error, (BrokenProcessPool, OSError)):
        return False
    if _pool is not None and (workers is None or _pool is workers):
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    return True


def stop() -> None:
    """End the workers (the bot is stopping)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
        _pool = None
