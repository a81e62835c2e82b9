"""What the scans of 2026-12-06 (session 50) found, each fixed."""

from __future__ import annotations

import asyncio

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


async def test_hand_after_the_match_ended_while_away_says_so(bot):
    """A computer finished the match for Budi while he was away: his private /hand said
    "There is no table here. Open one with /new", though /back explained what happened."""
    from .test_core_play import Player

    await bot.say(ALI, "/new dominoes bots=random", place="Tile night")
    await bot.say(BUDI, "/join", place="Tile night")
    await bot.say(ALI, "/start", place="Tile night")
    table = bot.table()
    await bot.say(BUDI, "/leave")
    await Player(bot).finish(table)
    (out,) = await bot.say(BUDI, "/hand", chat=BUDI.id, private=True)
    assert i18n.render_lines(out.lines, "en") == (
        "The Dominoes match in Tile night ended while a computer was playing your seat, so "
        "you have no tiles there any more (Tile night was told the result). /new dominoes "
        "opens another.")
    (out,) = await bot.say(BUDI, "/hand")  # in the group too
    assert out.lines[0].key == "core.error.hand_after_end"


async def test_a_back_that_waited_while_the_hour_closed_the_table_says_so(bot):
    """Everyone away: a /back that came as the hour ran out, the timer first, got only
    "This game is over", not what a /back a moment later hears (closed while away)."""
    await bot.say(ALI, "/new yuzbir timer=30")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/leave")
    for _ in range(10):
        if table.everyone_away():
            break
        await bot.clock.advance(30)
    assert table.everyone_away()
    await bot.clock.advance(3599.5)
    _, out = await asyncio.gather(bot.clock.advance(1), bot.say(BUDI, "/back"))
    assert table.status == "stopped"
    assert [m.lines[0].key for m in out] == ["core.error.back_after_close"], [en(m) for m in out]


async def test_the_terminal_does_not_offer_partners_seats_to_choose(tmp_path):
    """At the terminal a partners table said "Partners sit opposite: Player + seat 3 (free)
    against ... (to choose, /join with a seat's number)", and began at once with computers
    in those seats (a scan): one person there chooses nothing. In a chat it is said."""
    from .conftest import Harness

    async with Harness(tmp_path / "t.db", buttons=False, timers=False) as terminal:
        out = await terminal.say(ALI, "/new okey101 partners=on")
        assert not [ln for m in out for ln in m.lines if ln.key == "core.lobby_teams"]
    async with Harness(tmp_path / "c.db") as chat:
        out = await chat.say(ALI, "/new okey101 partners=on")
        assert [ln for m in out for ln in m.lines if ln.key == "core.lobby_teams"]
