"""When our own code fails in the middle of a move (a computer player, the store): the table
is never left half-moved. Memory and the store agree afterwards, the person is told in
their language, and the game goes on."""

from __future__ import annotations

import asyncio

from rules.ai import make_agent

from .conftest import ALI, BUDI, Harness, summary


class FailsOnce:
    """A computer player whose next decision raises (a solver bug, say)."""

    quick = True

    def __init__(self, inner):
        self.inner, self.fail = inner, False

    def choose(self, view, rng):
        if self.fail:
            self.fail = False
            raise ValueError("a solver bug")
        return self.inner.choose(view, rng)


async def _consistent(bot, table) -> None:
    """Memory, the store and a restart tell the same game."""
    log = await bot.store.move_log(table.id)
    assert table.moves == len(log) == len(table.state.record()["actions"])
    record = table.state.record()
    await bot.restart()
    assert bot.table().state.record() == record


async def _to_budi(bot, table) -> None:
    while table.state.current_player != 1:  # Ali (seat 0) plays until Budi is to move
        await bot.say(ALI, "/" + table.state.view(0).legal[0])


async def test_a_computer_that_fails_plays_a_legal_move_and_the_table_goes_on(tmp_path):
    agents = []

    def failing(game, level):
        agents.append(FailsOnce(make_agent(game, level)))
        return agents[-1]

    bot = await Harness(tmp_path / "bot.db", make_agent=failing).start()
    try:
        await bot.say(ALI, "/new dominoes bots=normal")
        await bot.say(BUDI, "/join")
        await bot.say(ALI, "/start")
        table = bot.table()
        await _to_budi(bot, table)
        moves = table.moves
        for agent in agents:
            agent.fail = True
        out = await bot.say(BUDI, "/" + table.state.view(1).legal[0])
        assert not [m for m in out if m.lines[0].key.startswith("core.error")]
        assert table.moves > moves + 1  # Budi's move and the computers' after it
        assert table.state.current_player in (0, 1)  # a person is to move again
        await _consistent(bot, table)
    finally:
        await bot.close()


async def test_a_commit_that_fails_undoes_the_move_and_it_can_be_made_again(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await _to_budi(bot, table)
    moves, record = table.moves, table.state.record()
    commit = bot.store.commit_moves

    async def fails_once(*args, **kw):
        bot.store.commit_moves = commit
        await asyncio.sleep(0.01)  # the disk is slow: Budi's second try waits for the lock
        raise OSError("disk full")

    bot.store.commit_moves = fails_once
    move = "/" + table.state.view(1).legal[0]
    first = asyncio.create_task(bot.say(BUDI, move))
    await asyncio.sleep(0)
    again = asyncio.create_task(bot.say(BUDI, move))
    failed, made = await first, await again
    assert summary(failed) == [(f"user:{BUDI.id}", "text", ["core.error.internal"])]
    assert failed[0].lang == "id"  # in Budi's language
    # the failed move was forgotten before the second try ran: that one is made
    assert not [m for m in made if m.lines[0].key.startswith("core.error")]
    assert bot.table() is table and table.moves > moves
    assert table.state.record()["actions"][:moves] == record["actions"]
    await _consistent(bot, table)
