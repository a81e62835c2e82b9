"""What the scans of 2026-12-06 (session 50) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, BUDI, en


async def _rummikub_mover(bot):
    await bot.say(ALI, "/new rummikub league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    return table, ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI


async def test_K_D2_a_last_set_label_copied_with_nothing_after_it_is_no_rack_number(bot):
    """`/play 1. r10 r11 r12 2.` (the caption's numbers, the last one copied alone) was
    read as the rack number 2, its full stop taken for the end of a sentence."""
    table, mover = await _rummikub_mover(bot)
    moves = table.moves
    (reply, *_) = await bot.say(mover, "/play 1. r10 r11 r12 2.", private=True)
    assert "rack numbers" not in en(reply), en(reply)
    assert "(K6)" in en(reply), en(reply)  # the table judged: its tiles, not a number
    assert table.moves == moves


@pytest.mark.parametrize("lang, typed, names", [
    ("id", "kartu", "Okey 101, Yüzbir, Rummikub, Domino."),
    ("hi", "खेल", "ओकेय 101, यूज़बिर, रमीक्यूब, डोमिनोज़।"),
    ("en", "chess", "Okey 101, Yüzbir, Rummikub, Dominoes.")])
async def test_new_with_an_unknown_game_lists_the_names_the_reader_may_type(bot, lang, typed,
                                                                          names):
    """`/new kartu` listed the games by their English ids (okey101, dominoes), though a
    game's name in the reader's own language opens it too."""
    if lang != "en":
        await bot.say(ALI, f"/lang {lang}")
    (reply,) = await bot.say(ALI, f"/new {typed}")
    text = i18n.render_lines(reply.lines, lang)
    assert text.endswith(names) and typed in text, text
    assert not bot.core.tables
    opened = await bot.say(ALI, f"/new {names.split(', ')[-1].rstrip('.।')}")
    assert bot.table().game.id == "dominoes", [en(m) for m in opened]
