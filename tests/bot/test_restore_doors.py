"""A process restores the tables of the platforms it has doors to, no others."""

from __future__ import annotations

from bot.core import Core
from bot.messages import Command

from .conftest import ALI, BUDI


async def test_a_telegram_only_bot_leaves_the_discord_tables_for_a_bot_with_discord(bot):
    """Run with a Telegram token alone, the bot restored the Discord tables of the same
    store too: their computers played on and every message to Discord was dropped by a
    bot with no Discord door, yet counted as told (nobody there ever read them)."""
    await bot.say(ALI, "/new dominoes bots=random")
    for user, text in ((ALI, "/new dominoes bots=random"), (BUDI, "/join"), (ALI, "/start")):
        await bot.core.handle(Command.parse("discord", "c1", user, text))
    discord = next(t for t in bot.core.tables.values() if t.platform == "discord")
    moves = discord.moves
    bot.core.close()
    sent = []

    async def send(messages):
        sent.extend(messages)

    core = Core(bot.store, send, bot.clock, seed=1)
    try:
        assert await core.restore({"tg"}) == 1
        assert [t.platform for t in core.tables.values()] == ["tg"]
        await bot.clock.advance(3600)  # the Discord table's move time runs out: not here
        row = await bot.store.table(discord.id)
        assert (len(row.moves), row.status) == (moves, "playing")
        assert not [m for m in sent if m.to.platform == "discord"]
    finally:
        core.close()
        bot.core = core
