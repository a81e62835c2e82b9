"""How many of each table's moves the chat has been told, noted in the store once their
messages are out (a restart tells again what never went out). A door may hold group
messages back (Telegram's flood control, bot/adapters/backlog.py) and return their
futures: the moves are noted only once those are out, and a later move of the same
table (say, one with only private messages) is noted with them, never past them.

Two counts are kept: every message out (`told`: a restart tells the rest again, the next
player's rack too) and the group's own out (`group`: a restart does not tell a group again
what it heard, when only a private rack was held)."""

from __future__ import annotations

import asyncio


class Told:
    def __init__(self, store, group: bool = False):
        self.store = store
        self.group = group  # the count of the group's own messages (Store.note_told)
        self._tasks: set[asyncio.Task] = set()
        self._held_for: dict[int, int] = {}  # table id -> its held sends not out yet
        self._after: dict[int, int] = {}  # moves told while an earlier one is held

    def note(self, told: dict[int, int], held) -> None:
        """`told` = {table id: moves} whose messages went out, but for the futures `held`."""
        if not told:
            return
        if held:
            for t in told:
                self._held_for[t] = self._held_for.get(t, 0) + 1
            self._tasks.add(task := asyncio.ensure_future(self._once_out(held, dict(told))))
            task.add_done_callback(self._tasks.discard)
            return
        now = {}
        for t, n in told.items():
            if self._held_for.get(t):  # not past a move still held: noted after it
                self._after[t] = max(n, self._after.get(t, 0))
            else:
                now[t] = n
        if now:
            self.store.note_told(now, self.group)

    async def _once_out(self, held, told: dict[int, int]) -> None:
        """Note `told` once the held messages went out; one that never did (the bot stopped
        first) leaves the moves to be told again after the restart."""
        try:
            results = await asyncio.gather(*held, return_exceptions=True)
            out = not any(isinstance(r, BaseException) for r in results)
        finally:
            for t in told:
                self._held_for[t] -= 1
        note = {}
        for t, n in told.items():
            last = self._held_for[t] == 0
            if last:
                del self._held_for[t]
            later = self._after.pop(t, 0) if last else 0
            if out:  # the moves told after it count once it is out; else none of them
                note[t] = max(n, later)
        if note:
            self.store.note_told(note, self.group)
