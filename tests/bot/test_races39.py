"""Commands that arrive while a move is being told, and double presses (race scans)."""

from __future__ import annotations

import asyncio

from .conftest import ALI, BUDI, CAN, summary
from .test_core_play import Player, start


def _first_send_slow(bot, delay=0.2):
    """The first batch the core sends takes `delay` seconds to go out (a picture drawn
    slowly, a busy network); `told` lists each batch's line keys in the order they went
    out."""
    keep, told, started = bot.core.send, [], []

    async def send(messages):
        started.append(True)
        if len(started) == 1:
            await asyncio.sleep(delay)
        told.append([ln.key for m in messages for ln in m.lines])
        await keep(messages)

    bot.core.send = send
    return told


async def test_a_leave_while_the_move_before_it_is_told_is_told_after_that_move(bot):
    """Budi types /leave while Ali's move (and the computers' after it) is still going out:
    the group reads the move, then that Budi left, not the other way round."""
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    mover = player.to_move(table)
    other = BUDI if mover is ALI else ALI
    told = _first_send_slow(bot)
    move = asyncio.create_task(player.step(table))
    await asyncio.sleep(0.05)  # the move is committed and being told
    await asyncio.gather(move, bot.say(other, "/leave"))
    assert "core.left_game" not in told[0]  # the move's news went out first
    assert any("core.left_game" in keys for keys in told[1:])


async def test_a_table_asked_for_while_a_move_is_told_comes_after_it(bot):
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    told = _first_send_slow(bot)
    move = asyncio.create_task(player.step(table))
    await asyncio.sleep(0.05)
    await asyncio.gather(move, bot.say(CAN, "/table"))
    assert len(told) == 2
    assert "core.turn" in told[0] and told[1][0] == "core.game.dominoes"  # the move, then /table


async def test_a_double_clicked_leave_in_the_lobby_leaves_once(bot):
    """The second press finds the seat empty: refused, the group told once (a person who
    joined into the seat meanwhile keeps it)."""
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/join")
    table = bot.table()
    # an /addbot holds the table while both presses read Budi's seat
    _added, first, second = await asyncio.gather(
        bot.say(ALI, "/addbot"), bot.say(BUDI, "/leave"), bot.say(BUDI, "/leave"))
    told = [m for m in first + second if not m.to.private]
    assert sum(ln.key == "core.left" for m in told for ln in m.lines) == 1
    assert ("user:" + BUDI.id, "text", ["core.error.not_seated"]) in summary(first + second)
    assert [s.user if s else None for s in table.seats][:3] == [ALI.id, None, CAN.id]
    assert table.seats[3] is not None and table.seats[3].user is None  # the computer
    await bot.say(BUDI, "/join")  # and back in: seated once
    assert sum(1 for s in table.seats if s and s.user == BUDI.id) == 1


async def test_a_join_press_that_comes_as_a_friendly_table_starts_joins_it_late(bot):
    """The lobby's Join button does what /join does: at a friendly table under way (D13)
    a late person takes over a computer's seat; a league match still refuses it."""
    from bot.lobby import lobby_payload

    for league, taken in (("off", True), ("on", False)):
        await bot.say(ALI, f"/new dominoes league={league}")
        table = bot.table()
        await bot.say(ALI, "/start")
        out = await bot.press(BUDI, lobby_payload(table.id, "join"))
        assert (table.seat_of(BUDI.id) is not None) is taken, league
        if not taken:  # told why, as a typed /join is
            assert summary(out) == [("user:" + BUDI.id, "text",
                                     ["core.error.join_league_match"])]
        await bot.say(ALI, "/stop")


async def test_the_last_person_leaving_on_their_turn_gets_their_buttons_taken_off(bot):
    """Everyone is away, so no computer moves for them and the table waits an hour: the
    move buttons they were shown must not stay live meanwhile (a press would be refused)."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0 and 0 in table.prompted
    out = await bot.say(ALI, "/leave")
    assert table.everyone_away() and table.state.current_player == 0
    assert ("user:" + ALI.id, "edit", ["core.move_gone"]) in summary(out)
    assert 0 not in table.prompted


async def test_a_double_tap_on_add_a_computer_adds_one(bot):
    """Both presses of a double tap arrive: one computer sits down, not two; a second
    press a moment later adds the second one the person wants."""
    from bot.lobby import lobby_payload

    await bot.say(ALI, "/new dominoes")
    table = bot.table()
    add = lobby_payload(table.id, "addbot")
    await asyncio.gather(bot.press(ALI, add), bot.press(ALI, add))
    assert sum(1 for s in table.seats if s is not None and s.user is None) == 1
    await bot.clock.advance(1.5)
    await bot.press(ALI, add)
    assert sum(1 for s in table.seats if s is not None and s.user is None) == 2


async def test_an_opener_who_left_the_lobby_cannot_stop_the_match_the_others_play(bot):
    """README: once the opener has left the lobby, /start and /stop pass to anyone seated;
    the opener, no longer playing, may not void their league match (an admin still may)."""
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/join")
    await bot.say(ALI, "/leave")
    table = bot.table()
    out = await bot.say(ALI, "/start")  # told of themself (a scan, 2026-12-06)
    assert summary(out) == [("user:" + ALI.id, "text", ["core.error.opener_left_you_lobby"])]
    await bot.say(BUDI, "/start")
    assert table.status == "playing"
    out = await bot.say(ALI, "/stop")
    assert summary(out) == [("user:" + ALI.id, "text", ["core.error.opener_left_you"])]
    assert table.status == "playing"
