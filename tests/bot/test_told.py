"""A move counts as told to its group only once its group messages are out: a door may
hold them back (Telegram's flood control, bot/adapters/backlog.py) and say so by returning
their futures; a later move with only private messages must not count them told."""

from __future__ import annotations

import asyncio

from .conftest import ALI, BUDI, Harness
from .test_core_play import Player, start


class HoldingHarness(Harness):
    """A door that holds every group message back until `release`."""

    def __init__(self, path):
        super().__init__(path)
        self.held: list[asyncio.Future] = []
        self.holding = False

    async def _send(self, messages):
        self.sent.extend(messages)
        if not self.holding:
            return []
        out = [asyncio.get_running_loop().create_future()
               for m in messages if not m.to.private]
        self.held += out
        return out


async def told(bot, table_id):
    await asyncio.sleep(0)
    if bot.store._flusher is not None:
        await bot.store._flusher
    return (await bot.store.table(table_id)).told


async def test_a_held_move_stays_untold_until_out_even_when_later_moves_say_nothing_to_the_group(
        tmp_path):
    bot = await HoldingHarness(tmp_path / "t.db").start()
    try:
        table = await start(bot, "okey101", [ALI, BUDI])
        player = Player(bot)
        while table.state.current_player not in (0, 1) or table.state.r.phase != "draw":
            await player.step(table)
        bot.holding = True
        before = table.moves
        await player.step(table)  # a draw: private only, nothing held
        while not bot.held:  # then moves until one is held back from the group
            await player.step(table)
        held_at = await told(bot, table.id)
        assert held_at is not None and held_at < table.moves
        bot.holding = False
        for _ in range(6):  # later moves, some with only private messages
            await player.step(table)
        assert await told(bot, table.id) == held_at  # not past the held move
        for f in bot.held:
            f.set_result(None)  # the held messages went out
        await asyncio.sleep(0)
        assert await told(bot, table.id) in (None, table.moves)
        assert table.moves > before
    finally:
        await bot.close()
