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


def test_a_store_that_cannot_write_its_lock_file_leaves_none_and_says_why(tmp_path):
    """A full disk at the start: the lock file made for the process id was left behind,
    empty, and the line was the system's own ("[Errno 28] No space left on device")."""
    import errno
    import os
    import resource
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from bot.store import _folder_trouble

    path = tmp_path / "t.sqlite3"

    def no_room() -> None:  # files this process writes stop at 0 bytes (EFBIG)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    ran = subprocess.run([sys.executable, "-m", "bot.cli", "play", "dominoes", "--db", str(path)],
                         input="/quit\n", capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).parents[2], preexec_fn=no_room)
    assert ran.returncode == 2 and ran.stderr.count("\n") == 1, ran.stderr
    assert not Path(f"{path}.lock").exists() and not path.exists()
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert _folder_trouble(str(path), full) == ("the disk holding it is full: make room, then "
                                                "start again")
