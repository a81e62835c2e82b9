"""Computers think off the event loop: while one table waits for its computer, every other
table is served (issue 8: a bot move must never make a table wait)."""

from __future__ import annotations

import asyncio
import threading

from bot.messages import Buttons
from rules.ai import make_agent

from .conftest import ALI, BUDI, Harness


class GatedAgent:
    """A dominoes Normal that, before answering, waits until the test lets it go."""

    def __init__(self):
        self.inner = make_agent("dominoes", "normal")
        self.entered = threading.Event()
        self.release = threading.Event()
        self.threads: set[str] = set()

    def choose(self, view, rng):
        self.threads.add(threading.current_thread().name)
        self.entered.set()
        # On the event loop's thread this would block every table until the timeout.
        if not self.release.wait(10):
            raise TimeoutError("the test never released the computer")
        return self.inner.choose(view, rng)


def _buttons(messages, user):
    return next(m for m in reversed(messages)
                if isinstance(m, Buttons) and m.to.user == user.id and m.choices)


async def test_a_thinking_computer_never_holds_up_other_tables(tmp_path):
    gated = GatedAgent()

    def agents(game_id, level):
        return gated if (game_id, level) == ("dominoes", "expert") else make_agent(game_id, level)

    h = await Harness(tmp_path / "bot.db", make_agent=agents).start()
    try:
        await h.say(ALI, "/new dominoes bots=expert")
        pending = asyncio.create_task(h.say(ALI, "/start"))
        while not gated.entered.is_set():  # Ali may hold the opening double: he moves first
            if pending.done():
                first = _buttons(pending.result(), ALI).choices[0].payload
                pending = asyncio.create_task(h.press(ALI, first))
            await asyncio.sleep(0.01)
        table = h.table("dominoes")
        moves_before = table.moves

        # Another chat opens and fills a table while the computer is still thinking.
        opened = await h.say(BUDI, "/new rummikub", chat="g2")
        joined = await h.say(ALI, "/join", chat="g2")
        assert opened and joined
        assert h.table("rummikub", chat="g2").seat_of(ALI.id) is not None
        assert not pending.done()
        assert table.moves == moves_before

        gated.release.set()
        await pending
        assert table.moves > moves_before  # the computers' moves went through, committed
        assert table.state.current_player == table.seat_of(ALI.id) or table.status == "finished"
        assert gated.threads and all(n.startswith("computer") for n in gated.threads)
    finally:
        gated.release.set()
        await h.close()
