"""Where a door put each message the core may edit later (a prompt's buttons), by the
core's ref, kept in the store as well as in memory: after a restart the buttons of a move
that is over still come off."""

from __future__ import annotations

from collections import OrderedDict

Where = tuple[int, int, bool]  # (chat id, message id, is it a rack picture)

# Refs kept in memory, the most recently used; the rest are read from the store. Every
# match's end keeps its Play again button's ref for good: memory must not grow with them.
MEMORY_SIZE = 10_000


class SentMessages:
    def __init__(self, platform: str, door):
        self.platform = platform
        self.door = door  # its `core.store` (the core is wired in after the door is made)
        self._memory: OrderedDict[str, Where] = OrderedDict()

    @property
    def _store(self):
        return self.door.core.store

    async def put(self, ref: str, chat: int, message: int, rack: bool) -> Where | None:
        """Remember `ref`'s message; returns the earlier, other message under the same ref
        (the same prompt sent again), whose buttons should come off."""
        earlier = await self.get(ref)
        self._keep(ref, (chat, message, rack))
        await self._store.remember_message(self.platform, ref, str(chat), str(message),
                                           "rack" if rack else "text")
        return earlier if earlier is not None and earlier[:2] != (chat, message) else None

    async def get(self, ref: str) -> Where | None:
        if ref in self._memory:
            self._memory.move_to_end(ref)
            return self._memory[ref]
        row = await self._store.sent_message(self.platform, ref)
        if row is None:
            return None
        chat, message, kind = row
        return self._keep(ref, (int(chat), int(message), kind == "rack"))

    def _keep(self, ref: str, where: Where) -> Where:
        self._memory[ref] = where
        self._memory.move_to_end(ref)
        while len(self._memory) > MEMORY_SIZE:
            self._memory.popitem(last=False)  # still in the store
        return where

    async def drop(self, ref: str) -> None:
        self._memory.pop(ref, None)
        await self._store.forget_message(self.platform, ref)
