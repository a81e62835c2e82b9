"""Random people send random lines and presses to a table of every game, through a real
core on a real SQLite file: right moves, wrong moves, other seats' moves, garbage, stale
buttons, lobby commands. Whatever comes in, nothing crashes, every line sent has a text in
the reader's language, a refused command changes nothing, nobody moves for another seat or
from outside the table, and a restart finds the table exactly as it was."""

from __future__ import annotations

import json
import random
import re

import pytest

import rules
from bot.i18n import catalog, render_lines
from bot.messages import Buttons, Line, User

from .conftest import ALI, BUDI, CAN, DEV

EVE = User("5", "Eve", "tr")  # in the group, never at the table
PEOPLE = (ALI, BUDI, CAN, DEV, EVE)
_LEFTOVER = re.compile(r"\{[a-z_]+\}")  # a placeholder no parameter filled


def _okey_tiles(colours: str) -> list[str]:
    return [f"{c}{n}" for c in colours for n in range(1, 14)] + ["*", "F", "J", "r0", "r14", "x5"]


def typed_lines(game: str, rng: random.Random) -> list[str]:
    """Move lines for `game`, mostly with tiles the sender may not hold."""
    if game in ("okey101", "yuzbir"):
        tiles = _okey_tiles("rbky")
        t = lambda: rng.choice(tiles)  # noqa: E731
        return [f"discard {t()}", "draw", "take", "return", "discard", "open",
                f"open {t()} {t()} {t()} | {t()} {t()} {t()}", f"meld {t()} {t()} {t()}",
                f"pairs {t()} {t()}", f"pairs {t()} {t()} to {rng.randint(0, 5)}",
                f"add {t()} to {rng.randint(-1, 12)}", f"swap {t()} in {rng.randint(0, 9)}",
                "add r5 to x"]
    if game == "rummikub":
        tiles = _okey_tiles("rbko")
        t = lambda: rng.choice(tiles)  # noqa: E731
        return [f"place {t()} {t()} {t()}", "place", "draw", "pass", "play",
                f"play {t()} {t()} {t()} | {t()} {t()} {t()}"]
    dominoes = [f"{a}-{b}" for a in range(7) for b in range(a, 7)] + ["7-7", "3-", "a-b"]
    d = lambda: rng.choice(dominoes)  # noqa: E731
    return [f"play {d()} {rng.choice(['left', 'right', 'middle', ''])}", f"drop {d()}",
            "pass", "play", "drop"]


LOBBY = ["/join", "/join 2", "/join 9", "/leave", "/back", "/addbot expert", "/addbot nobody",
         "/start", "/table", "/hand", "/rules", "/league", "/help", "/lang xx", "/lang tr",
         "/mylang hi", "hello there", "/" + "x" * 300]


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


def lines_in(lines):
    """Every Line of a message, nested parameters included."""
    for line in lines:
        yield line
        for value in line.params.values():
            values = value if isinstance(value, list | tuple) else [value]
            yield from lines_in([v for v in values if isinstance(v, Line)])


def fingerprint(table) -> str:
    state = table.state
    views = [state.view(s).to_json() for s in range(state.num_seats)]
    return json.dumps([table.status, table.moves, views], sort_keys=True, default=str)


def refused(messages) -> bool:
    return any(".error" in ln.key or ln.key.startswith("error.")
               for m in messages for ln in m.lines)


@pytest.mark.parametrize("game", rules.game_ids())
async def test_random_commands_never_break_a_table(bot, game):
    rng = random.Random(game)
    buttons: dict = {}
    moves = refusals = games = 0
    table = None
    for step in range(300):
        if table is None or table.status != "playing":  # the first table, or the next one
            sent = len(bot.sent)
            for user, line in ((ALI, f"/new {game} bots=random"), (BUDI, "/join"),
                               (CAN, "/join"), (ALI, "/start")):
                await bot.say(user, line)
            table, games = bot.table(game), games + 1
            buttons.update((m.to.user, m) for m in bot.sent[sent:] if isinstance(m, Buttons))
        moves_before = table.moves
        seat = table.seats[table.state.current_player]
        mover = next((p for p in PEOPLE if p.id == getattr(seat, "user", None)), None)
        user, press, text, a_move = pick_command(rng, game, buttons, mover)
        before, sent = fingerprint(table), len(bot.sent)
        if press is not None:
            out = await bot.press(user, press)
        else:
            out = await bot.say(user, text)
        messages = [*out, *bot.sent[sent:]]
        for m in messages:
            if isinstance(m, Buttons):
                buttons[m.to.user] = m
            for line in lines_in(m.lines):
                assert catalog(m.lang).get(line.key), (line.key, m.lang)
            text_sent = render_lines(m.lines, m.lang)
            assert not _LEFTOVER.search(text_sent), text_sent
        if refused(out):
            refusals += 1
            assert fingerprint(table) == before, (step, user.name, press or text)
        if table.seat_of(user.id) is None or (a_move and user is not mover):
            # nobody acts for a seat that is not theirs, nor from outside the table
            assert fingerprint(table) == before, (step, user.name, press or text)
        moves += table.moves - moves_before
        if step % 60 == 59 and table.status == "playing":
            before = fingerprint(table)
            await bot.restart()
            table = bot.table(game)
            assert fingerprint(table) == before
    # the walk went somewhere: moves were made and many commands were refused
    assert moves > 40 and refusals > 80, (games, moves, refusals)
