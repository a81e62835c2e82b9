"""One chat's events handled one after another, in the order they arrived, even where the
door must await something (Discord's three-second acknowledgement) before its turn."""

from __future__ import annotations

import asyncio

# seconds an event waits for the one before it at most: one stuck (a platform call that
# hangs) must not hold its chat for good; past that, order gives way
PATIENCE = 15.0


class InOrder:
    def __init__(self) -> None:
        self._last: dict = {}  # key -> the latest arrival's "done" future

    def arrived(self, key) -> _Turn:
        """Take a place in `key`'s line now (no await before this, so arrival order holds);
        `async with` the place waits for those before it."""
        before = self._last.get(key)
        done = asyncio.get_running_loop().create_future()
        self._last[key] = done
        return _Turn(self, key, before, done)

    def _left(self, key, done: asyncio.Future) -> None:
        done.set_result(None)
        if self._last.get(key) is done:
            del self._last[key]


class _Turn:
    def __init__(self, line: InOrder, key, before, done: asyncio.Future) -> None:
        self._line, self._key, self._before, self._done = line, key, before, done

    async def __aenter__(self) -> None:
        if self._before is not None:  # their failure is theirs; their end, ours
            await asyncio.wait({self._before}, timeout=PATIENCE)

    async def __aexit__(self, *exc) -> None:
        self._line._left(self._key, self._done)

    def leave(self) -> None:
        """Give the place up, the turn taken or not (an event that needs no handling, or
        one cancelled while it waited): those after it still wait for those before it."""
        if self._done.done():
            return
        if self._before is not None and not self._before.done():
            self._before.add_done_callback(lambda _: self.leave())
        else:
            self._line._left(self._key, self._done)
