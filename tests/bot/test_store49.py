"""A command stopped (its task cancelled: a shutdown, a timeout) while the store writes
for it must not break the store for everyone else: the other tables' commits of the same
group commit still return, and the connection is not left inside a transaction."""

from __future__ import annotations

import asyncio

from bot.store import MoveRow, SeatRow, Store


async def _tables(store, n: int) -> list[int]:
    return [await store.create_table("tg", f"g{k}", "dominoes", {}, 45, "normal", "1", 1, 0.0,
                                     SeatRow(0, "1", "Ali")) for k in range(n)]


async def test_a_cancelled_commit_leaves_the_others_of_its_batch_committed(tmp_path):
    store = await Store.open(str(tmp_path / "bot.db"))
    first, second = await _tables(store, 2)
    a = asyncio.ensure_future(store.commit_moves(first, 0, [MoveRow(0, "pass", "player")],
                                                 1.0, None, []))
    b = asyncio.ensure_future(store.commit_moves(second, 0, [MoveRow(0, "pass", "player")],
                                                 1.0, None, []))
    await asyncio.sleep(0)  # both in one group commit, under way
    a.cancel()
    await asyncio.wait_for(b, 10)  # it waited for ever: the flusher had died
    assert [m.action for m in await store.move_log(second)] == ["pass"]
    await store.commit_moves(second, 1, [MoveRow(0, "pass", "player")], 2.0, None, [])
    assert len(await store.move_log(second)) == 2  # the store goes on
    await store.close()  # (it raised the flusher's error)


async def test_a_write_cancelled_at_its_begin_leaves_no_transaction_open(tmp_path):
    store = await Store.open(str(tmp_path / "bot.db"))
    (table,) = await _tables(store, 1)
    for turns in range(4):  # cancelled at BEGIN, inside, at COMMIT (wherever it is then)
        write = asyncio.ensure_future(store.set_deadline(table, 5.0 + turns))
        for _ in range(turns):
            await asyncio.sleep(0)
        write.cancel()
        try:
            await write
        except asyncio.CancelledError:
            pass
        # every later write works ("cannot start a transaction within a transaction")
        await store.set_deadline(table, 99.0)
        assert not store.db.in_transaction
    assert (await store.table(table)).deadline == 99.0
    await store.close()
