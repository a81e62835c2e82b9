"""A typed move sent twice (a double tap on a command) is played once, through each door:
the second copy comes while the computers play on and is not for the person's next turn."""

from __future__ import annotations

import asyncio

from .door_harness import AYSE, D_AYSE, GROUP, until


async def _rummikub_turn(door, opener, start):
    await start(opener, "new", "rummikub")
    await start(opener, "start")
    table = next(iter(door.core.tables.values()))
    seat = table.seat_of(str(opener.id))
    await until(lambda: table.state.current_player == seat)
    return table, seat


async def _draws(door, table, seat) -> list[str]:
    return [m.action for m in await door.store.move_log(table.id) if m.seat == seat]


async def test_a_draw_sent_twice_in_the_group_or_privately_is_drawn_once_on_telegram(tg):
    """The door takes a chat's updates one at a time, so the second copy reached the core
    after the first and the computers' moves were played: its place in the order of
    arrival is taken as it comes in now (K-D3: a second draw would end a turn unseen)."""
    async def say(user, name, *words):
        await tg.say(user, " ".join((f"/{name}", *words)))

    table, seat = await _rummikub_turn(tg, AYSE, say)
    for chat, text in ((GROUP, "/draw"), (AYSE.id, "draw")):
        before, draws = tg.door.handled, await _draws(tg, table, seat)
        tg.fake.say(AYSE, chat, text)
        tg.fake.say(AYSE, chat, text)
        await until(lambda b=before: tg.door.handled >= b + 2)
        await until(lambda: table.state.current_player == seat)
        await asyncio.sleep(0.1)
        assert await _draws(tg, table, seat) == [*draws, "draw"], chat
        refusal = [c.text for c in tg.private(AYSE)][-1]
        assert refusal.startswith("“draw” bu sıran başlamadan önce geldi"), refusal


async def test_a_draw_sent_twice_is_drawn_once_on_discord(dc):
    async def slash(user, name, *words):
        await dc.slash(user, name, **({"game": words[0]} if words else {}))

    table, seat = await _rummikub_turn(dc, D_AYSE, slash)
    before = dc.door.handled
    await dc.fake.slash(D_AYSE, "draw")
    await dc.fake.slash(D_AYSE, "draw")
    await until(lambda: dc.door.handled >= before + 2)
    await asyncio.sleep(0.1)
    assert await _draws(dc, table, seat) == ["draw"]
