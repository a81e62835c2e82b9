"""The chat doors under test: each platform's local fake server, a real store and a real
core behind the real platform library, as the `tg` and `dc` fixtures (made available to
every test here by tests/bot/conftest.py), and the people who play through them."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging

import discord
import pytest_asyncio
from PIL import Image as PILImage

from bot.adapters import discord as discord_door
from bot.adapters.discord import DiscordService
from bot.adapters.serve import BODIES_AT_DEBUG, close_core, open_core, quieten_libraries
from bot.adapters.telegram import TelegramService
from bot.store import Store
from bot.timers import ManualClock

from . import fake_discord, fake_telegram
from .fake_discord import CHANNEL, FakeDiscord
from .fake_telegram import FakeTelegram

# Telegram: a group, and three people whose ids are also their private chats with the bot
GROUP = -100
AYSE = fake_telegram.Person(11, "Ayşe", "tr")
BUDI = fake_telegram.Person(22, "Budi", "id")
CHEN = fake_telegram.Person(33, "Chen", "en-US")  # administers the group
# Discord: the same people in a server's channel
D_AYSE = fake_discord.Person("11", "Ayşe", "tr")
D_BUDI = fake_discord.Person("22", "Budi", "id")
D_CHEN = fake_discord.Person("33", "Chen", "en-US", admin=True)


async def until(condition, timeout: float = 20.0, what: str = "") -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.01)


def png_size(data: bytes) -> tuple[int, int]:
    image = PILImage.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.size


class _Run:
    """A fake platform, the store and one running bot (which can be restarted)."""

    chat = ""  # the group chat the tests play in

    def __init__(self, fake, db: str):
        self.fake = fake
        self.db = db
        self.clock = ManualClock()  # move timers run when a test moves this clock

    async def start(self, service) -> None:
        self.store = await Store.open(self.db)
        self.service = service
        self.door = service.door
        self.core = await asyncio.wait_for(
            open_core(self.store, [service], seed=7, clock=self.clock), 20)

    async def halt(self) -> None:
        await close_core(self.core, [self.service])
        await self.store.close()

    def table(self):
        (table,) = [t for t in self.core.tables.values() if t.chat == self.chat]
        return table

    async def settle(self, before: int) -> None:
        """Wait until the door has dealt with one more update in full."""
        await until(lambda: self.door.handled > before, what="the bot's answer")

    def mover(self):
        table = self.table()
        return {str(p.id): p for p in self.people}[table.seats[table.state.current_player].user]


class TelegramRun(_Run):
    chat = str(GROUP)
    people = (AYSE, BUDI, CHEN)

    async def boot(self) -> None:
        await self.start(TelegramService(fake_telegram.TOKEN, self.fake.url, poll_timeout=1))

    async def say(self, person, text: str, chat: int = GROUP, topic: int | None = None,
                  anonymous: bool = False) -> None:
        """Type `text` (in the forum topic `topic`; `anonymous`: in the group's name) and
        wait until the bot has dealt with it."""
        before = self.door.handled
        self.fake.say(person, chat, text, topic, anonymous)
        await self.settle(before)

    async def press(self, person, call, label: str, old: bool = False) -> None:
        before = self.door.handled
        self.fake.press(person, call, label, old=old)
        await self.settle(before)

    def private(self, person, method: str | None = None):
        return self.fake.sent(person.id, method)

    def group(self, method: str | None = None):
        return self.fake.sent(GROUP, method)

    async def open_dominoes(self) -> None:
        await self.say(AYSE, "/lang tr")
        await self.say(AYSE, "/new dominoes")
        await self.say(BUDI, "/join")
        await self.say(AYSE, "/start")


class DiscordRun(_Run):
    chat = CHANNEL
    people = (D_AYSE, D_BUDI, D_CHEN)

    async def boot(self) -> None:
        self.fake.identified.clear()
        discord_door.use_endpoints(self.fake.url + "/api/v10",
                                   self.fake.url.replace("http", "ws") + "/gateway")
        await self.start(DiscordService(fake_discord.TOKEN))
        self.client = self.service.client

    async def slash(self, person, name: str, **options) -> None:
        before = self.door.handled
        await self.fake.slash(person, name, **options)
        await self.settle(before)

    async def press(self, person, call, label: str) -> None:
        before = self.door.handled
        await self.fake.press(person, call, label)
        await self.settle(before)

    async def open_dominoes(self) -> None:
        await self.slash(D_AYSE, "lang", language="tr")
        await self.slash(D_AYSE, "new", game="dominoes")
        await self.slash(D_BUDI, "join")
        await self.slash(D_AYSE, "start")


@contextlib.asynccontextmanager
async def running(run_class, fake, tmp_path):
    """`fake` serving, and a bot of `run_class` booted against it; all closed after."""
    await fake.start()
    run = run_class(fake, str(tmp_path / "tilebot.sqlite3"))
    try:
        await run.boot()
        yield run
        await run.halt()
    finally:
        await fake.close()


@pytest_asyncio.fixture
async def tg(tmp_path):
    async with running(TelegramRun, FakeTelegram(admins={CHEN.id}), tmp_path) as run:
        yield run


@pytest_asyncio.fixture
async def dc(tmp_path):
    fake = FakeDiscord()
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    try:
        async with running(DiscordRun, fake, tmp_path) as run:
            yield run
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


@contextlib.contextmanager
def logging_at_debug(caplog):
    """The log at DEBUG as an operator might set it, the chat libraries quietened as the
    bot's serving does (their levels put back after)."""
    levels = {name: logging.getLogger(name).level for name in BODIES_AT_DEBUG}
    try:
        quieten_libraries()
        with caplog.at_level(logging.DEBUG):
            yield
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
