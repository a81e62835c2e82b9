"""What the scans and the known-left list of 2026-12-07 (session 59) found, each fixed."""

from __future__ import annotations

import pytest

from rules.dominoes_actions import parse_action

from .conftest import ALI, BUDI, CAN, DEV, en


@pytest.mark.parametrize("typed", ["left 0-1", "kiri 0-1", "sola 0-1 koy", "बाएँ 0-1",
                                   "sol 0-1", "ke kiri 0-1"])
def test_D5_an_end_said_before_the_tile_is_a_play_at_that_end(typed):
    """Known since session 58: "left 1-2" was "not a dominoes action"."""
    assert str(parse_action(typed)) == "play 0-1 left"


@pytest.mark.parametrize("user, typed", [(ALI, "left 0-1"), (BUDI, "kiri 0-1"),
                                         (CAN, "sola 0-1 koy"), (DEV, "बाएँ 0-1"),
                                         (ALI, "/left 0-1")])
async def test_D5_an_end_said_first_is_played_not_an_unknown_word(bot, user, typed):
    """Known since session 58: the core read only a move verb or a tile as a move's first
    word, so "sola 1-2 koy" was "I do not know sola"."""
    await bot.say(user, "/new dominoes bots=random league=off")
    await bot.say(user, "/start")
    table = bot.table()
    out = await bot.say(user, typed)
    said = " ".join(en(m) for m in out)
    assert "(" + user.name + ") played 0-1 on the left end" in said and table.moves, said


@pytest.mark.parametrize("typed", ["left", "/left", "sol"])
async def test_an_end_alone_is_still_an_unknown_word(bot, typed):
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    moves = bot.table().moves
    (said,) = await bot.say(ALI, typed)
    assert said.lines[0].key in ("core.error.unknown_word", "core.error.unknown_command")
    assert bot.table().moves == moves


@pytest.mark.parametrize("typed", ["lewati", "/lewati", "skip"])
async def test_D7_lewati_and_skip_are_the_dominoes_pass(bot, typed):
    """Known since session 58: "lewati" (the Indonesian menu's word for /pass) and "skip"
    were no dominoes words; they are its pass (refused here: D-D1, Budi can play)."""
    await bot.say(BUDI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/start")
    moves = bot.table().moves
    (said,) = await bot.say(BUDI, typed)
    assert "D-D1" in en(said) and bot.table().moves == moves, en(said)
