"""What the scans and the known-left list of 2026-12-07 (session 60) found, each fixed."""

from __future__ import annotations

import pytest

from .conftest import ALI, BUDI, CAN, DEV, en


async def _asked_which_end(bot, user):
    """A dominoes table of `user` and three random computers, at a turn of theirs where
    the bot has just asked which end a domino goes (D2): (the table, the domino)."""
    for _ in range(20):
        await bot.say(user, "/new dominoes bots=random league=off")
        await bot.say(user, "/start")
        table = bot.table()
        while table.status == "playing" and not table.state.is_finished:
            seat = table.seat_of(user.id)
            legal = table.state.view(seat).legal
            both = [m.split()[1] for m in legal if m.endswith(" left")
                    and m.replace(" left", " right") in legal]
            if both:
                (said,) = await bot.say(user, f"play {both[0]}")
                assert "fits both ends" in en(said), en(said)
                return table, both[0]
            await bot.say(user, legal[0])
        await bot.say(user, "/stop")
    raise AssertionError("no domino fitting both ends came up")


@pytest.mark.parametrize("user, typed, end", [
    (ALI, "left", "left"), (ALI, "right.", "right"), (ALI, "/left", "left"),
    (BUDI, "kanan", "right"), (BUDI, "ke kiri", "left"), (CAN, "sağa", "right"),
    (CAN, "sol", "left"), (DEV, "दाएँ", "right"), (DEV, "baayi taraf", "left")])
async def test_D2_an_end_said_alone_answers_which_end(bot, user, typed, end):
    """Known since session 59: after "1-6 fits both ends: say left or right", a bare
    "kanan" was "I do not know kanan"; it plays the domino asked about at that end."""
    table, tile = await _asked_which_end(bot, user)
    moves = table.moves
    out = await bot.say(user, typed)
    said = " ".join(en(m) for m in out)
    assert f"({user.name}) played {tile} on the {end} end" in said, said
    assert table.moves > moves


async def test_D2_an_end_alone_answers_only_the_question_just_asked(bot):
    """Another move in between, or no question at all: an end alone is an unknown word."""
    table, tile = await _asked_which_end(bot, ALI)
    await bot.say(ALI, "/table")
    moves = table.moves
    assert "fits both ends" not in en((await bot.say(ALI, "play 9-9"))[0])
    (said,) = await bot.say(ALI, "left")
    assert said.lines[0].key == "core.error.unknown_word" and table.moves == moves, en(said)
