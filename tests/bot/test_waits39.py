"""A table where every person is away waits for a /back (README); what people read says
so, and where someone still plays, a computer plays the absent seat (O30)."""

from __future__ import annotations

from .conftest import ALI, BUDI, en, summary
from .test_core_play import start


async def test_O30_one_left_of_two_their_rack_says_a_computer_plays_it(bot):
    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(ALI, "/leave")
    out = await bot.say(ALI, "/hand")
    assert en(out[0]).endswith("\nA computer plays this seat for you until you type /back.")


async def test_a_last_hurry_with_nobody_else_playing_says_the_table_will_wait(bot):
    """Ali left, Budi is the only one playing: a /hurry that would take Budi's seat says
    the table would wait for him (no computer plays on for nobody)."""
    await bot.say(ALI, "/new dominoes bots=random league=off timer=0")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/leave")
    budi = table.seat_of(BUDI.id)
    while table.state.current_player != budi:
        await bot.clock.advance(0)
    table.seats[budi].timeouts = 1  # one timeout already: the next hands the seat over
    out = await bot.say(ALI, "/hurry")
    assert [k for _, _, k in summary(out)] == [["core.hurried_last.waits"],
                                               ["core.hurried_private_last.waits"]]
    assert en(out[0]).endswith("nobody else plays here, so the table waits for their /back.")
