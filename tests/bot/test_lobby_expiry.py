"""A lobby nobody starts closes by itself an hour after its last change, so an opener who
went quiet cannot keep the group from that game for ever."""

from __future__ import annotations

import asyncio

from bot.tables import LOBBY_WAIT

from .conftest import ALI, BUDI, Harness, en, summary


def _group(bot):
    return [m for m in bot.sent if not m.to.private]


async def test_an_unstarted_lobby_closes_after_the_wait_and_the_group_hears_why(bot):
    await bot.say(ALI, "/new dominoes")
    table = bot.table()
    assert table.deadline == bot.clock.now() + LOBBY_WAIT
    bot.sent.clear()
    await bot.clock.advance(LOBBY_WAIT - 1)
    assert table.status == "lobby" and not bot.sent  # not yet

    await bot.clock.advance(1)
    assert table.status == "stopped" and table.id not in bot.core.tables
    group = _group(bot)
    assert [ln.key for m in group for ln in m.lines] == ["core.lobby_expired"]
    assert [type(m).__name__ for m in group] == ["Edit", "Text"]  # its buttons came off
    assert group[0].ref == f"lobby{table.id}" and not group[0].choices
    assert en(group[1]) == ("Nobody started the Dominoes table in 60 minutes: it is closed. "
                            "/new dominoes opens another.")
    assert (await bot.store.open_tables()) == []  # closed in the store too
    await bot.say(ALI, "/new dominoes")  # and the group can open that game again
    assert bot.table("dominoes").status == "lobby"


async def test_every_change_to_the_lobby_gives_it_a_fresh_wait(bot):
    await bot.say(ALI, "/new okey101")
    table = bot.table()
    await bot.clock.advance(LOBBY_WAIT - 10)
    await bot.say(BUDI, "/join")  # someone is still gathering players
    assert table.deadline == bot.clock.now() + LOBBY_WAIT
    await bot.clock.advance(LOBBY_WAIT - 10)
    await bot.say(ALI, "/addbot")
    await bot.clock.advance(LOBBY_WAIT - 10)
    await bot.say(BUDI, "/leave")
    await bot.clock.advance(LOBBY_WAIT - 10)
    assert table.status == "lobby"  # 4 hours open, never an hour untouched
    await bot.clock.advance(10)
    assert table.status == "stopped"


async def test_a_started_table_is_not_closed_by_its_lobby_wait(bot):
    await bot.say(ALI, "/new dominoes bots=random timer=0 league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.status == "playing" and table.deadline is None
    await bot.clock.advance(2 * LOBBY_WAIT)
    assert table.status == "playing" and table.id in bot.core.tables


async def test_a_restart_keeps_the_lobby_wait_it_had(bot):
    await bot.say(ALI, "/new rummikub")
    deadline = bot.table().deadline
    await bot.clock.advance(LOBBY_WAIT / 2)
    await bot.restart()
    table = bot.table()
    assert table.status == "lobby" and table.deadline == deadline
    await bot.clock.advance(LOBBY_WAIT / 2)
    assert table.status == "stopped"
    assert [ln.key for m in _group(bot) for ln in m.lines] == ["core.lobby_expired"]


async def test_a_lobby_stored_without_a_wait_gets_a_fresh_one_on_restart(bot):
    # a lobby kept by a version of tilebot from before lobbies closed by themselves
    await bot.say(ALI, "/new rummikub")
    table_id = bot.table().id
    await bot.clock.advance(LOBBY_WAIT / 2)
    await bot.store.set_deadline(table_id, None)
    await bot.restart()
    assert bot.table().deadline == bot.clock.now() + LOBBY_WAIT


async def test_a_lobby_started_just_before_its_wait_ends_plays_on(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    table = bot.table()
    await bot.clock.advance(LOBBY_WAIT - 1)
    await bot.say(ALI, "/start")
    await bot.clock.advance(1)  # the lobby's own timer fires now: stale, it does nothing
    assert table.status == "playing"
    assert not any(ln.key == "core.lobby_expired" for m in bot.sent for ln in m.lines)


async def test_the_terminal_table_has_no_lobby_wait(tmp_path):
    # the local terminal table (no timers): one person, who starts it at once
    h = await Harness(tmp_path / "t.db", timers=False).start()
    try:
        await h.say(ALI, "/new dominoes")
        assert h.table().deadline is None and h.clock.pending() == []
    finally:
        await h.close()


async def test_a_join_as_the_lobbys_hour_runs_out_is_refused_not_announced(bot):
    """/join waits for the lobby's lock while the hour runs out: the lobby closes and the
    join is refused; no "joined" line or live lobby buttons for a closed table."""
    await bot.say(BUDI, "/help")
    await bot.say(ALI, "/new dominoes")
    table = bot.table()
    await bot.clock.advance(3599)
    async with table.lock:  # the hour ends, then the join comes, while the lock is held
        expiry = asyncio.create_task(bot.clock.advance(1))
        await asyncio.sleep(0)
        join = asyncio.create_task(bot.say(BUDI, "/join"))
        for _ in range(5):
            await asyncio.sleep(0)
    await expiry
    out = await join
    assert summary(out) == [(f"user:{BUDI.id}", "text", ["core.error.game_over"])]
    assert table.status == "stopped" and table.seat_of(BUDI.id) is None
    row = await bot.store.table(table.id)
    assert row.status == "stopped" and [s.user for s in row.seats] == [ALI.id]
