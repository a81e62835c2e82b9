"""Restarts after a crash in the middle of telling a move: one live prompt per turn, and
the person to move keeps their whole move time from when the bot is back."""

from __future__ import annotations

from bot.messages import Buttons, Edit

from .conftest import ALI, BUDI, CAN, DEV


async def _move_untold(bot, person, table) -> None:
    """`person` moves (by their first legal move) and the bot dies once the messages are
    out and before the store notes them told: the restart tells that move again."""
    moves, real = table.moves, bot.core.told.note
    bot.core.told.note = lambda told, held: None
    await bot.say(person, "/" + table.state.view(table.seat_of(person.id)).legal[0],
                  chat=table.chat)
    bot.core.told.note = real
    assert table.moves > moves


async def test_a_prompt_asked_again_after_a_crash_takes_the_buttons_off_the_first_one(bot):
    """The move's messages went out (the next person's prompt too) but the bot died before
    noting them: told again after the restart, the prompt's first copy loses its buttons
    first (an edit by the same name), so the turn has one live prompt, not two."""
    await bot.say(ALI, "/new dominoes bots=random players=4")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/join")
    await bot.say(DEV, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    people = {p.id: p for p in (ALI, BUDI, CAN, DEV)}
    mover = people[table.seats[table.state.current_player].user]
    await _move_untold(bot, mover, table)
    await bot.restart()
    now = bot.table()
    ref = next(m.ref for m in bot.sent if isinstance(m, Buttons) and m.to.private)
    lifted = [i for i, m in enumerate(bot.sent) if isinstance(m, Edit) and m.ref == ref]
    asked = [i for i, m in enumerate(bot.sent) if isinstance(m, Buttons) and m.ref == ref]
    assert ref.endswith(f":n{now.moves}:s{now.state.current_player}")
    assert len(lifted) == 1 and len(asked) == 1 and lifted[0] < asked[0]


async def test_the_person_to_move_has_their_whole_time_from_when_the_restart_is_done(bot):
    """A restart that first tells other tables what a crash kept from them (slow sends)
    gives the person to move at a timed table their whole time from when it is done, not
    from when it began."""
    await bot.say(ALI, "/new dominoes bots=random")  # timed (45 s), waiting for someone
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    waiting = bot.table(chat="g1")
    await bot.say(CAN, "/new dominoes bots=random", chat="g2")
    await bot.say(DEV, "/join", chat="g2")
    await bot.say(CAN, "/start", chat="g2")
    other = bot.table(chat="g2")
    people = {p.id: p for p in (CAN, DEV)}
    await _move_untold(bot, people[other.seats[other.state.current_player].user], other)
    real = bot._send

    async def slow(messages):  # each batch takes Telegram 10 s
        bot.clock.t += 10
        await real(messages)

    bot._send = slow
    await bot.restart()
    waiting = bot.table(chat="g1")
    assert bot.clock.now() > 1_700_000_000.0 + 5  # the retelling took time
    assert waiting.deadline >= bot.clock.now() + waiting.timer
    assert (await bot.store.table(waiting.id)).deadline == waiting.deadline
