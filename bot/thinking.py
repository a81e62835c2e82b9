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
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from rules.ai import make_agent

ELSEWHERE = frozenset({"expert"})  # the levels that think in worker processes
WORKERS = max(2, min(4, os.cpu_count() or 1))

_pool: ProcessPoolExecutor | None = None
_agents: dict[tuple[str, str], object] = {}  # a worker's own, made on its first decision


def _quiet() -> None:
    """A worker ignores Ctrl-C: the terminal's Ctrl-C is for the bot, which then ends its
    workers (it would print a traceback from each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


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
        _pool = ProcessPoolExecutor(WORKERS, mp_context=context, initializer=_quiet)
    return _pool


def lost(error: BaseException) -> None:
    """A worker died (killed, out of memory): the next decision starts new ones."""
    global _pool
    if isinstance(error, BrokenProcessPool) and _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None


def stop() -> None:
    """End the workers (the bot is stopping)."""
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=True, cancel_futures=True)
        _pool = None
