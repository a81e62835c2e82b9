"""A table where every person is away (left, or timed out twice: O30) waits for a /back,
but not for ever: after an hour it closes without a result, so the group can play that
game again (only the table's opener or an admin may /stop it)."""

from __future__ import annotations

from bot.tables import ABANDONED_WAIT

from .conftest import ALI, BUDI, en


async def _everyone_left(bot):
    await bot.say(ALI, "/new dominoes league=on")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    assert table.everyone_away() and table.status == "playing"
    return table


async def test_a_table_everyone_left_closes_without_a_result_after_the_wait(bot):
    table = await _everyone_left(bot)
    moves = table.moves
    bot.sent.clear()
    await bot.clock.advance(ABANDONED_WAIT - 1)
    assert table.status == "playing" and table.moves == moves and not bot.sent
    await bot.clock.advance(1)
    assert table.status == "stopped" and table.id not in bot.core.tables
    group = [m for m in bot.sent if not m.to.private]
    assert [ln.key for m in group for ln in m.lines] == ["core.abandoned"]
    assert en(group[0]) == ("Nobody came back to the Dominoes table in 60 minutes: it is "
                            "closed without a result. /new dominoes opens another.")
    assert await bot.store.standings("tg", "g1", "dominoes") == []  # counted for nobody
    await bot.say(BUDI, "/new dominoes")  # the group has its game back
    assert bot.table().status == "lobby"


async def test_a_back_in_time_keeps_the_table_and_its_turns_timed_again(bot):
    table = await _everyone_left(bot)
    await bot.clock.advance(ABANDONED_WAIT - 60)
    await bot.say(BUDI, "/back")
    assert not table.everyone_away()
    await bot.clock.advance(120)  # past the hour: the table plays on
    assert table.status == "playing" and table.id in bot.core.tables


async def test_the_wait_survives_a_restart(bot):
    table = await _everyone_left(bot)
    deadline = table.deadline
    await bot.clock.advance(ABANDONED_WAIT / 2)
    await bot.restart()
    table = bot.table()
    assert table.deadline == deadline and table.everyone_away()
    await bot.clock.advance(ABANDONED_WAIT / 2)
    assert table.status == "stopped"


async def test_a_table_stored_waiting_without_a_limit_gets_one_on_restart(bot):
    # everyone had left under a version of tilebot whose tables waited for ever
    table = await _everyone_left(bot)
    await bot.store.set_deadline(table.id, None)
    await bot.clock.advance(10)
    await bot.restart()
    assert bot.table().deadline == bot.clock.now() + ABANDONED_WAIT
    await bot.clock.advance(ABANDONED_WAIT)
    assert bot.core.tables == {}


async def test_what_the_mover_did_before_leaving_is_told_once_across_a_restart(bot):
    """Ali, alone with computers, draws (O14) and leaves: the table waits mid-turn and the
    group is told the draw then. After a restart and his /back, the group is not told the
    draw again (the turn's moves were rebuilt as untold)."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    discard = next(a for a in table.state.view(0).legal if a.startswith("discard"))
    await bot.say(ALI, "/" + discard)  # the starter's first move (O12)
    while table.state.current_player != 0:  # the computers' turns are played at once
        await bot.clock.advance(1)
    await bot.say(ALI, "/draw")
    out = await bot.say(ALI, "/leave")
    drew = "Seat 1 (Ali) drew a tile"
    assert sum(en(m).count(drew) for m in out if not m.to.private) == 1
    await bot.restart()
    out = await bot.say(ALI, "/back")
    group = "\n".join(en(m) for m in out if not m.to.private)
    assert "Ali is back at seat 1." in group and drew not in group


async def test_an_hour_that_ran_out_while_the_bot_was_down_is_theirs_again(bot):
    """The bot down past a waiting table's hour: it closed at the restart ("nobody came
    back in 60 minutes"), though for most of them there was no bot to come back to, and a
    /back sent meanwhile arrives just after."""
    table = await _everyone_left(bot)
    await bot.clock.advance(60)
    bot.core.close()  # the bot goes down for 65 minutes: no timer fires meanwhile
    await bot.store.close()
    bot.clock.t += ABANDONED_WAIT + 5 * 60
    await bot.start()
    table = bot.table()
    assert table.status == "playing" and table.deadline == bot.clock.now() + ABANDONED_WAIT
    await bot.say(BUDI, "/back")
    assert not table.everyone_away()
