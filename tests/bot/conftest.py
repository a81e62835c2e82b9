"""A core driven only through Commands, on a real SQLite file, with a hand-moved clock."""

from __future__ import annotations

import pytest_asyncio

from bot import board, views
from bot.core import Core
from bot.i18n import render_lines
from bot.messages import Buttons, Command, Edit, Image, User
from bot.store import Store
from bot.timers import ManualClock

ALI = User("1", "Ali", "en")
BUDI = User("2", "Budi", "id")
CAN = User("3", "Can", "tr")
DEV = User("4", "Dev", "hi")


class RecordingPictures:
    """Stands in for render.views: remembers which view each picture was drawn from."""

    def __init__(self):
        self.drawn: list[tuple[str, dict]] = []

    def _png(self, kind, data):
        self.drawn.append((kind, data))
        return b"\x89PNG-" + kind.encode()

    # `theme`: the reader's choice (/theme, /mytheme), as bot.pictures.Pictures takes it
    def rack(self, view, theme=None):
        return self._png("rack", view)

    def table(self, view, theme=None):
        return self._png("table", view)

    def scores(self, outcome, theme=None):
        return self._png("scores", outcome)

    def league(self, table, theme=None):
        return self._png("league", table)

    def example(self, example, theme=None):
        return self._png("example", example)


def en(m) -> str:
    """A message as an English reader sees it (whatever language it is addressed in)."""
    return render_lines(m.lines, "en")


def rack_caption(table, seat: int) -> str:
    """The private rack message's text that `seat` should get now, in English."""
    snap = views.Snapshot(table.state)
    return render_lines(board.rack_lines(table, snap, seat), "en")


def who(m) -> str:
    return f"user:{m.to.user}" if m.to.private else f"chat:{m.to.chat}"


def kind(m) -> str:
    return {Image: "image", Buttons: "buttons", Edit: "edit"}.get(type(m), "text")


def summary(messages) -> list[tuple[str, str, list[str]]]:
    """(recipient, message kind, keys of its lines) per message."""
    return [(who(m), kind(m), [line.key for line in m.lines]) for m in messages]


async def okey_table(bot, people=None):
    """An Okey 101 table of Ali and Budi (and two random computers), started."""
    people = people or (ALI, BUDI)
    await bot.say(people[0], "/new okey101 bots=random")
    for person in people[1:]:
        await bot.say(person, "/join")
    await bot.say(people[0], "/start")
    return bot.table()


async def dealt_okey_table(bot, monkeypatch, game: str, deal: dict):
    """A table of `game` (okey101 or yuzbir) for Can, Ali, Budi and Dev in that order
    (seats 1-4), dealt `deal` (a deal as tests/rules/okey_helpers.make_deal gives it)."""
    from rules.okey_deal import parse_deal

    monkeypatch.setattr("rules.okey_state.random_deal",
                        lambda rng, first, seats=4: parse_deal(deal))
    await bot.say(CAN, f"/new {game}")
    for person in (ALI, BUDI, DEV):
        await bot.say(person, "/join")
    await bot.say(CAN, "/start")
    return bot.table()


async def alone_to_move(bot, game: str):
    """A table of `game` for Ali and three random computers, started, at Ali's turn."""
    from .test_core_play import Player

    await bot.say(ALI, f"/new {game} bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    player = Player(bot)
    while player.to_move(table) is not ALI:
        await player.step(table)
    return table


async def draw_until_to_discard(bot, table, person, others=BUDI):
    """Everyone draws (the computers play) until `person` is to discard."""
    seat = table.seat_of(person.id)
    for _ in range(40):
        mover = table.state.current_player
        if mover == seat and any(a.startswith("discard") for a in table.state.view(seat).legal):
            return
        await bot.say(person if mover == seat else others, "/draw")
    raise AssertionError(f"{person.name} was never to discard")


class Harness:
    def __init__(self, path, seed=7, pictures=None, **core_options):
        self.path = str(path)
        self.core_options = core_options
        self.seed = seed
        self.sent: list = []
        self.clock = ManualClock()
        self.pictures = pictures if pictures is not None else RecordingPictures()

    async def start(self):
        self.store = await Store.open(self.path)
        self.core = Core(self.store, self._send, self.clock, seed=self.seed,
                         pictures=self.pictures, **self.core_options)
        await self.core.restore()
        return self

    async def restart(self):
        """A new core on the same file and clock (as after a crash and a restart)."""
        self.core.close()
        await self.store.close()
        self.sent.clear()
        return await self.start()

    async def _send(self, messages):
        self.sent.extend(messages)

    async def say(self, user: User, text: str, chat: str = "g1", **kw):
        return await self.core.handle(Command.parse("tg", chat, user, text, **kw))

    async def press(self, user: User, payload: str, chat: str = "g1"):
        return await self.core.handle(Command("tg", chat, user, "press", (), payload))

    def table(self, game: str | None = None, chat: str = "g1"):
        found = [t for t in self.core.tables.values()
                 if t.chat == chat and (game is None or t.game.id == game)]
        assert len(found) == 1, found
        return found[0]

    async def close(self):
        self.core.close()
        await self.store.close()

    async def __aenter__(self):
        return await self.start()

    async def __aexit__(self, *_exc):
        await self.close()


@pytest_asyncio.fixture
async def bot(tmp_path):
    h = await Harness(tmp_path / "bot.db").start()
    yield h
    await h.close()


# the chat doors' fixtures (tests/bot/door_harness.py)
from .door_harness import dc, tg  # noqa: E402, F401
