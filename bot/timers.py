"""Clocks and schedulers, injected into the core so tests move time instead of sleeping.

A scheduler runs `callback()` (a coroutine function) at an absolute clock time. The real one
uses the asyncio loop; `ManualClock` is both clock and scheduler for tests and the console:
`await clock.advance(seconds)` runs every callback that falls due, in time order.
"""

from __future__ import annotations

import asyncio
import contextvars
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]


class Handle:
    __slots__ = ("cancelled",)

    def __init__(self):
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class LoopHandle(Handle):
    """A timer on the asyncio loop: cancelled, it leaves the loop's queue too (a move's
    deadline and reminder are set at every move; left queued, each table kept thousands
    of dead timers an hour)."""

    __slots__ = ("timer",)

    def __init__(self):
        super().__init__()
        self.timer: asyncio.TimerHandle | None = None

    def cancel(self) -> None:
        self.cancelled = True
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


class Handles:
    """Several timers cancelled as one (a move's deadline and its reminder)."""

    __slots__ = ("handles",)

    def __init__(self, *handles):
        self.handles = handles

    def cancel(self) -> None:
        for h in self.handles:
            h.cancel()


class SystemClock:
    """Wall-clock time (deadlines are stored, so they must mean the same after a restart)
    and asyncio timers."""

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: Callback) -> Handle:
        handle = LoopHandle()
        loop = asyncio.get_running_loop()

        async def fire():
            if not handle.cancelled:
                try:
                    await callback()
                except Exception:  # no one awaits a timer: say what went wrong
                    log.exception("a timer's callback failed")

        delay = max(0.0, when - self.now())
        # A fresh context: the command that set the timer is long over, and what it kept in
        # context variables (whom an adapter is answering) must not follow into the timer.
        handle.timer = loop.call_later(delay, lambda: asyncio.ensure_future(fire()),
                                       context=contextvars.Context())
        return handle


class ManualClock:
    """Time stands still until `advance` moves it."""

    def __init__(self, start: float = 1_700_000_000.0):
        self.t = start
        self._queue: list[tuple[float, int, Handle, Callback]] = []
        self._seq = itertools.count()

    def now(self) -> float:
        return self.t

    def call_at(self, when: float, callback: Callback) -> Handle:
        handle = Handle()
        heapq.heappush(self._queue, (when, next(self._seq), handle, callback))
        return handle

    def pending(self) -> list[float]:
        return sorted(w for w, _, h, _ in self._queue if not h.cancelled)

    async def advance(self, seconds: float) -> None:
        end = self.t + seconds
        while self._queue and self._queue[0][0] <= end:
            when, _, handle, callback = heapq.heappop(self._queue)
            if handle.cancelled:
                continue
            self.t = max(self.t, when)
            await callback()
        self.t = end
