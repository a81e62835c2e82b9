"""Group messages that a platform's flood control holds back (Telegram: about 20 a minute
in one group), or that met a failing platform (a 502, a timeout). They wait here, in
order, one queue per group, and go out when the wait is over, so the players' private
racks and buttons (and the time they have to move) never wait behind a busy group. Table
pictures that piled up meanwhile go out as one: the newest table, with what happened in
each move before it in its caption. A message that meets a failing platform again is
tried again later (AGAIN_WAITS, or the longer wait flood control named), before the ones
behind it: a few bad minutes lose no move. A door may keep its private chats here too, a
queue each (`chat_of`): one person's chat held back holds up nobody else's.

A message sent in parts (a picture, then its text too long for a caption) whose first
part went out before the platform failed it raises `PartlyOut`: only the rest is held,
and the picture is not shown twice.

Each held message comes with a future that is done once it went out (or met an error
that sending again would meet too) and cancelled if the bot stops first: the core notes
a move's messages told only then, so a restart tells again what a stop or a crash kept
back (bot/core.py `deliver`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace

from ..messages import Image, Outbound

log = logging.getLogger(__name__)


def _said_wait(e: BaseException) -> float:
    """The wait a platform named with its refusal (flood control's retry_after: seconds
    or a timedelta), else 0."""
    wait = getattr(e, "retry_after", 0) or 0
    return wait.total_seconds() if hasattr(wait, "total_seconds") else float(wait)


class Held(asyncio.Future):
    """The future of a held message's going out; `private`: it goes to a person's own
    chat (a move counts as told to the group without it, bot/told.py)."""

    private = False


class PartlyOut(Exception):
    """The platform failed a message sent in parts (`cause`) after its first part went
    out: `rest` is what is left to send, all that is held and sent again."""

    def __init__(self, rest: Outbound, cause: BaseException):
        super().__init__(rest, cause)
        self.rest = rest
        self.cause = cause


def _left(m: Outbound, e: BaseException) -> tuple[Outbound, BaseException]:
    """(what of `m` is still to send, the failure) after its send raised `e`."""
    return (e.rest, e.cause) if isinstance(e, PartlyOut) else (m, e)


def _is_table(m: Outbound) -> bool:
    return isinstance(m, Image) and m.kind == "table" and m.news is not None


def merged(queue: list[Outbound]) -> list[Outbound]:
    """The queue with each run of table pictures made one: the last picture, its caption
    the news lines of each before it, then its own."""
    out: list[Outbound] = []
    for m in queue:
        last = out[-1] if out else None
        if last is not None and _is_table(last) and _is_table(m) and last.to == m.to \
                and last.table == m.table:  # one table's pictures (a chat may have two)
            news, head, own = last.lines[:last.news], (), m.lines
            if news and own and news[0] == own[0] and own[0].key == "core.at_game":
                # one heading naming the table (Core._head_group) is enough
                head, news, own = own[:1], news[1:], own[1:]
            # a run with a new picture in it is one new picture (something was said in
            # the group before it: an edit would put it above that)
            out[-1] = replace(m, lines=(*head, *news, *own), news=len(news) + m.news,
                              edits=last.edits and m.edits)
        else:
            out.append(m)
    return out


# seconds before a held message that met a failing platform is tried again (about 7 min
# in all; then it is given up, logged)
AGAIN_WAITS = (5.0, 10.0, 20.0, 40.0, 60.0, 60.0, 60.0, 60.0, 60.0, 60.0)


def _log_lost(m: Outbound, e: BaseException) -> None:
    log.error("a held %s to %s was not delivered", type(m).__name__, m.to, exc_info=e)


@dataclass(eq=False)
class _Queue:
    """One chat's held messages, the futures of their going out, and the task sending
    them; `chat` is where they go (a group that became a supergroup: its new id)."""

    chat: str
    messages: list[Outbound] = field(default_factory=list)
    futures: list[asyncio.Future] = field(default_factory=list)
    running: bool = False  # its first message is being sent already (`add(running=)`)


class GroupBacklog:
    def __init__(self, send: Callable[[Outbound], Awaitable[None]],
                 again: Callable[[BaseException], bool] = lambda e: False,
                 lost: Callable[[Outbound, BaseException], None] = _log_lost,
                 chat_of: Callable[[Outbound], str] = lambda m: m.to.chat):
        self._send = send  # one message, waiting out flood control itself
        self._again = again  # is this failure the platform's own, worth trying again?
        self._lost = lost  # a held message given up: logged as the door logs a refusal
        self._chat_of = chat_of  # the queue a message waits in: its group (or private chat)
        self._queues: dict[str, _Queue] = {}
        self._tasks: dict[str, asyncio.Task] = {}
        self._posting: dict[str, asyncio.Lock] = {}  # one post at a time per group

    async def post(self, m: Outbound, send: Callable[[], Awaitable[None]],
                   patience: float, failed_wait: float) -> asyncio.Future | None:
        """Send `m` now with `send()`, one post at a time per group (two tables, a timer
        and a command may send there at once). Behind held messages it is held too; a
        send slower than `patience` seconds (the platform answering late, or its library
        trying a 5xx again) goes on by itself, held at the head of the group's queue, so
        the private messages after it need not wait; one the platform failed is held and
        tried again after `failed_wait` seconds (or the wait it named). Returns the future
        of a held one; None once it is out (a refusal is raised, for the caller to judge)."""
        async with self._posting.setdefault(self._chat_of(m), asyncio.Lock()):
            if self.holds(self._chat_of(m)):
                return self.add(m)  # behind the group's held messages
            sending = asyncio.ensure_future(send())
            if not (await asyncio.wait({sending}, timeout=patience))[0]:
                return self.add(m, running=sending)
        try:
            await sending
        except Exception as e:
            rest, failure = _left(m, e)
            if not self._again(failure):
                raise failure from None
            log.info("messages to %s are held: %r", self._chat_of(m), failure)
            return self.add(rest, max(failed_wait, _said_wait(failure)))
        return None

    def held_chats(self) -> list[str]:
        """The queues with messages waiting (groups, and people's own: bot/adapters)."""
        return list(self._queues)

    def holds_private(self, user: str | None) -> bool:
        """Are messages to `user`'s own chat held (None: anyone's)? The doors queue a
        person's private chat as `dm:` and their id."""
        return any(q == f"dm:{user}" if user is not None else q.startswith("dm:")
                   for q in self._queues)

    def holds(self, chat: str) -> bool:
        """Are messages to `chat` waiting? Then a new one must wait behind them."""
        return chat in self._queues

    def add(self, m: Outbound, wait: float = 0.0,
            running: asyncio.Future | None = None) -> asyncio.Future:
        """Queue `m` for its group; the first one held starts the group's wait (`wait`
        seconds, as the platform said). `running`: `m` is being sent already, slowly (the
        platform tries again by itself); the group's next messages wait for it to end.
        Returns the future of its going out."""
        chat = self._chat_of(m)
        queue = self._queues.get(chat)
        if queue is None:
            queue = self._queues[chat] = _Queue(chat, running=running is not None)
            self._tasks[chat] = asyncio.create_task(self._drain(queue, wait, running),
                                                    name=f"backlog:{chat}")
        elif running is not None:  # only the first held can be under way
            raise ValueError(f"messages to {chat} are held already")
        queue.messages.append(m)
        out = Held(loop=asyncio.get_running_loop())
        out.private = m.to.private
        queue.futures.append(out)
        return out

    def moved(self, old: str, new: str, readdress: Callable[[Outbound], Outbound]) -> None:
        """The chat `old` is now `new` (a Telegram group became a supergroup): what is held
        for it waits for `new` (`readdress`: each message sent there), in order, so the
        messages sent to `new` from now on come after it, not before (an older table
        picture last). Ahead of what `new` holds already: it was held first."""
        queue = self._queues.pop(old, None)
        if queue is None:
            return
        keep = 1 if queue.running else 0  # a send under way stays with its task
        moving = [readdress(m) for m in queue.messages[keep:]]
        futures = queue.futures[keep:]
        ahead = self._queues.get(new)
        if ahead is None:  # the same queue (and its wait), now under `new`
            queue.messages[keep:] = moving
            queue.chat = new
            self._queues[new] = queue
            self._tasks[new] = self._tasks.pop(old)
            return
        del queue.messages[keep:], queue.futures[keep:]  # its task sends what it keeps
        at = 1 if ahead.running else 0  # (behind a send under way there)
        ahead.messages[at:at] = moving
        ahead.futures[at:at] = futures

    def waiting(self) -> int:
        return sum(len(q.messages) for q in self._queues.values())

    async def _drain(self, queue: _Queue, wait: float, running: asyncio.Future | None) -> None:
        going: list[asyncio.Future] = []
        try:
            if running is not None:
                first = queue.messages[0]
                try:
                    left, failed = await self._failed(running, first)
                finally:
                    queue.running = False
                if failed is None:
                    queue.messages.pop(0)
                    going = [queue.futures.pop(0)]
                    going[0].set_result(None)
                else:  # the platform failed it: again after a while (as long as it said)
                    queue.messages[0] = left
                    wait = max(wait, AGAIN_WAITS[0], _said_wait(failed))
            await asyncio.sleep(wait)
            while queue.messages:
                batch, going = merged(queue.messages), list(queue.futures)
                # what comes while these go out waits for the next round
                queue.messages.clear()
                queue.futures.clear()
                for m in batch:
                    await self._send_until_out(m)
                for f in going:
                    f.set_result(None)
        finally:
            for f in (*going, *queue.futures):
                if not f.done():
                    f.cancel()  # not sent (the bot stopped): told again after a restart
            if self._queues.get(queue.chat) is queue:  # (not moved into another)
                del self._queues[queue.chat]
            if self._tasks.get(queue.chat) is asyncio.current_task():
                del self._tasks[queue.chat]

    async def _failed(self, running: asyncio.Future,
                      m: Outbound) -> tuple[Outbound, BaseException | None]:
        """(what of `m` is left to send, the platform's failure of its send under way,
        worth trying again); the failure None when it ended for good (out, or refused:
        logged)."""
        try:
            await running
        except Exception as e:  # noqa: BLE001 - one lost message must not stop the rest
            m, e = _left(m, e)
            if self._again(e):
                return m, e
            self._lost(m, e)
        return m, None

    async def _send_until_out(self, m: Outbound) -> None:
        for wait in (*AGAIN_WAITS, None):
            try:
                await self._send(m)
                return
            except Exception as e:  # noqa: BLE001 - one lost message must not stop the rest
                m, e = _left(m, e)  # a picture out already is not sent again
                if wait is None or not self._again(e):
                    self._lost(m, e)
                    return
                wait = max(wait, _said_wait(e))  # flood control: no sooner than it said
                log.info("a held %s to %s is tried again in %s s: %r", type(m).__name__,
                         m.to, wait, e)
                await asyncio.sleep(wait)

    async def close(self, timeout: float) -> None:
        """Let what is held go out (`timeout` seconds at most); what is left is logged."""
        tasks = list(self._tasks.values())
        if not tasks:
            return
        _done, pending = await asyncio.wait(tasks, timeout=timeout)
        if pending:
            log.warning("%d held messages (flood control, a failing platform) were not sent: "
                        "the moves among them are told after the next start, any other "
                        "note is lost", self.waiting())
            for task in pending:
                task.cancel()
