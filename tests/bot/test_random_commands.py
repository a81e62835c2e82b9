"""Random people send random lines and presses to a table of every game, through a real
core on a real SQLite file: right moves, wrong moves, other seats' moves, garbage, stale
buttons, lobby commands; now and then the person to move lets the time run out, and a
person a computer replaced comes back. Whatever comes in, nothing crashes, every line sent
has a text in the reader's language, a refused command changes nothing, nobody moves for
another seat or from outside the table, /back returns the same seat, and a restart finds
the table exactly as it was."""

from __future__ import annotations

import json
import os
import random
import re

import pytest

import rules
from bot.i18n import catalog, render_lines
from bot.messages import Buttons, Joined, Line, User

from .conftest import ALI, BUDI, CAN, DEV

EVE = User("5", "Eve", "tr")  # in the group, never at the table
PEOPLE = (ALI, BUDI, CAN, DEV, EVE)
BY_ID = {p.id: p for p in PEOPLE}
# Other walks for exploring: TILEBOT_WALK_SEED=7 make test (as tests/bot/test_doors_random.py)
SEED = os.environ.get("TILEBOT_WALK_SEED", "")
_LEFTOVER = re.compile(r"\{[a-z_]+\}")  # a placeholder no parameter filled


def _okey_tiles(colours: str) -> list[str]:
    return [f"{c}{n}" for c in colours for n in range(1, 14)] + ["*", "F", "J", "r0", "r14", "x5"]


def typed_lines(game: str, rng: random.Random) -> list[str]:
    """Move lines for `game`, mostly with tiles the sender may not hold."""
    if game in ("okey101", "yuzbir"):
        # a tile may also be named by its rack number (0 and 16-22 name no tile)
        tiles = _okey_tiles("rbky") + [str(n) for n in range(23)]
        t = lambda: rng.choice(tiles)  # noqa: E731
        return [f"discard {t()}", "draw", "take", "return", "discard", "open",
                f"open {t()} {t()} {t()} | {t()} {t()} {t()}", f"meld {t()} {t()} {t()}",
                f"pairs {t()} {t()}", f"pairs {t()} {t()} to {rng.randint(0, 5)}",
                f"add {t()} to {rng.randint(-1, 12)}", f"swap {t()} in {rng.randint(0, 9)}",
                "add r5 to x"]
    if game == "rummikub":
        tiles = _okey_tiles("rbko") + [str(n) for n in range(20)]
        t = lambda: rng.choice(tiles)  # noqa: E731
        return [f"place {t()} {t()} {t()}", "place", "draw", "pass", "play",
                f"play {t()} {t()} {t()} | {t()} {t()} {t()}"]
    dominoes = [f"{a}-{b}" for a in range(7) for b in range(a, 7)] + ["7-7", "3-", "a-b"]
    d = lambda: rng.choice(dominoes)  # noqa: E731
    return [f"play {d()} {rng.choice(['left', 'right', 'middle', ''])}", f"drop {d()}",
            "pass", "play", "drop"]


LOBBY = ["/join", "/join 2", "/join 9", "/leave", "/back", "/addbot expert", "/addbot nobody",
         "/start", "/table", "/hand", "/rules", "/league", "/help", "/lang xx", "/lang tr",
         "/mylang hi", "hello there", "/" + "x" * 300, "/theme dark", "/theme neon",
         "/mytheme colorblind", "/arrange pairs", "/arrange runs", "/arrange groups",
         "/arrange x", "/hide", "/arrange 3 1 | 2", "/arrange r1 r1 r1",
         "/arrange 99"]


def pick_command(rng, game, buttons, mover):
    """(user, button payload or None, typed line, is it a move): the person to move pressing
    one of their buttons, anyone pressing any button seen (or garbage), or anyone typing a
    move or a lobby line."""
    if mover is not None and mover.id in buttons and rng.random() < 0.4:
        return mover, rng.choice(buttons[mover.id].choices).payload, "", True
    user = rng.choice(PEOPLE)
    if rng.random() < 0.25:
        pool = [c.payload for b in buttons.values() for c in b.choices] + ["", "garbage"]
        return user, rng.choice(pool), "", True
    if rng.random() < 0.85:
        return user, None, rng.choice(typed_lines(game, rng)), True
    return user, None, rng.choice(LOBBY), False


def lines_in(value):
    """Every Line in a message's lines or a parameter, nested ones included (in lists and
    in Joined parts too, as bot.i18n.show renders them)."""
    if isinstance(value, Line):
        yield value
        for param in value.params.values():
            yield from lines_in(param)
    elif isinstance(value, Joined):
        yield from lines_in(value.parts)
    elif isinstance(value, list | tuple):
        for part in value:
            yield from lines_in(part)


def check_texts(messages):
    """Every line, nested ones too, has a text in the reader's language, all filled in."""
    for m in messages:
        for line in lines_in(m.lines):
            assert catalog(m.lang).get(line.key), (line.key, m.lang)
        text = render_lines(m.lines, m.lang)
        assert not _LEFTOVER.search(text), text


def fingerprint(table) -> str:
    state = table.state
    views = [state.view(s).to_json() for s in range(state.num_seats)]
    return json.dumps([table.status, table.moves, views], sort_keys=True, default=str)


def refused(messages) -> bool:
    return any(".error" in ln.key or ln.key.startswith("error.")
               for m in messages for ln in m.lines)


class Walk:
    """One random walk through tables of one game; it remembers the buttons people got."""

    def __init__(self, bot, game: str, options: str = ""):
        self.bot, self.game, self.options = bot, game, options
        self.rng = random.Random(f"{game} {options}{SEED}")
        self.buttons: dict = {}
        self.table = None
        self.moves = self.refusals = self.timeouts = 0

    async def sent_during(self, action) -> list:
        """What `action` sent, checked (see `check_texts`); its buttons are remembered."""
        start = len(self.bot.sent)
        out = await action
        messages = [*(out or []), *self.bot.sent[start:]]
        check_texts(messages)
        for m in messages:  # each move is offered once, under one rack
            if isinstance(m, Buttons):
                labels = [c.label for c in m.choices]
                assert len(labels) == len(set(labels)), labels
        self.buttons.update((m.to.user, m) for m in messages if isinstance(m, Buttons))
        return out or []

    async def open_table(self):
        for user, line in ((ALI, f"/new {self.game} bots=random {self.options}"), (BUDI, "/join"),
                           (CAN, "/join"), (ALI, "/start")):
            await self.sent_during(self.bot.say(user, line))
        self.table = self.bot.table(self.game)

    async def time_runs_out(self):
        """The person to move waits too long: a computer moves for them (O30, D-D6)."""
        table = self.table
        moves = table.moves
        await self.sent_during(self.bot.clock.advance(table.deadline - self.bot.clock.now()))
        self.moves += table.moves - moves
        self.timeouts += 1

    async def command(self, step: int):
        table, rng = self.table, self.rng
        mover = BY_ID.get(table.seats[table.state.current_player].user)
        away = [BY_ID[x.user] for x in table.seats if x.away]
        user, press, text, a_move = pick_command(rng, self.game, self.buttons, mover)
        if away and rng.random() < 0.2:  # someone a computer replaced comes back (O30)
            user, press, text, a_move = rng.choice(away), None, "/back", False
        before, moves = fingerprint(table), table.moves
        out = await self.sent_during(self.bot.press(user, press) if press is not None
                                     else self.bot.say(user, text))
        if refused(out):
            self.refusals += 1
            assert fingerprint(table) == before, (step, user.name, press or text)
        if table.seat_of(user.id) is None or (a_move and user is not mover):
            # nobody acts for a seat that is not theirs, nor from outside the table
            assert fingerprint(table) == before, (step, user.name, press or text)
        if user in away and text == "/back":  # the same seat, with the person playing it again
            assert not table.seats[table.seat_of(user.id)].away, (step, user.name, out)
        self.moves += table.moves - moves

    async def restart(self):
        """The bot restarts on the same file: the table is exactly as it was."""
        before = fingerprint(self.table)
        await self.bot.restart()
        self.table = self.bot.table(self.game)
        assert fingerprint(self.table) == before


VARIANTS = [("okey101", "partners=on doubling=on rounds=3"), ("yuzbir", "mode=single"),
            ("rummikub", "players=2 rounds=3"), ("dominoes", "players=5 dead_tiles=off zero25=on")]


@pytest.mark.parametrize("game, options", [(g, "") for g in rules.game_ids()] + VARIANTS)
async def test_random_commands_never_break_a_table(bot, game, options):
    walk = Walk(bot, game, options)
    for step in range(300):
        if walk.table is None or walk.table.status != "playing":
            await walk.open_table()  # the first table, or the next one
        if walk.table.deadline is not None and walk.rng.random() < 0.05:
            await walk.time_runs_out()
            if walk.table.status != "playing":
                continue
        await walk.command(step)
        if step % 60 == 59 and walk.table.status == "playing":
            await walk.restart()
    # the walk went somewhere: moves made, commands refused, timers run out
    assert walk.moves > 40 and walk.refusals > 80 and walk.timeouts > 3, vars(walk)
