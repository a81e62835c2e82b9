"""O30: the count of timeouts in a row is cleared by a turn finished in time, not by its
first half: a person who draws in time and then lets the clock run out every turn is
handed to a computer at the second timeout, as one who never moves."""

from __future__ import annotations

from bot.tables import AWAY_AFTER

from .conftest import ALI


async def test_O30_draw_in_time_then_idle_twice_hands_the_seat_to_a_computer(bot):
    await bot.say(ALI, "/new okey101 bots=random timer=30")
    await bot.say(ALI, "/start")
    table = bot.table()
    seat = table.seats[0]
    timed_out = 0
    while timed_out < AWAY_AFTER:
        assert not seat.away
        if table.state.current_player != 0:  # a computer's turn
            await bot.clock.advance(0)
            continue
        if "draw" in table.state.view(0).legal:
            await bot.clock.advance(29)
            await bot.say(ALI, "/draw")  # in time: the turn goes on with a discard due
            assert table.state.current_player == 0
        await bot.clock.advance(30)  # the discard never comes
        timed_out += 1
        assert seat.timeouts == timed_out
    assert seat.away  # a computer plays the seat until /back (O30)


async def test_O30_a_whole_turn_in_time_clears_the_count(bot):
    await bot.say(ALI, "/new okey101 bots=random timer=30")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.clock.advance(30)  # the first turn times out
    assert table.seats[0].timeouts == 1
    while table.state.current_player != 0:
        await bot.clock.advance(0)
    await bot.say(ALI, "/draw")
    assert table.seats[0].timeouts == 1  # half a turn: still counted
    discard = next(a for a in table.state.view(0).legal if a.startswith("discard"))
    await bot.say(ALI, f"/{discard}")
    assert table.seats[0].timeouts == 0
