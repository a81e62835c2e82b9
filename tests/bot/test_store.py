"""The SQLite store: schema from an empty file, WAL, the move log refusing a number twice,
group commits that isolate a bad request."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, MoveRow, SeatRow, Store, StoreUnavailable


async def test_schema_from_an_empty_file_in_wal_mode(tmp_path):
    path = tmp_path / "new.db"
    store = await Store.open(str(path))
    assert await store.version() == len(MIGRATIONS)
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()
    con = sqlite3.connect(path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    con.close()
    assert {"chats", "users", "tables", "seats", "moves", "results", "standings"} <= names
    # opening again migrates nothing and keeps the data
    store = await Store.open(str(path))
    assert await store.version() == len(MIGRATIONS)
    await store.close()


async def _from_before(path, migration: str) -> Store:
    """The store at `path` opened as if written before the migration that mentions
    `migration`: the tables and columns it and later ones create are dropped (their other
    changes are left, and run again)."""
    version = next(i for i, script in enumerate(MIGRATIONS) if migration in script)
    con = sqlite3.connect(path)
    for script in MIGRATIONS[version:]:
        for name in re.findall(r"CREATE TABLE (\w+)", script):
            con.execute(f"DROP TABLE {name}")
        for table, column in re.findall(r"ALTER TABLE (\w+) ADD COLUMN (\w+)", script):
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()
    return await Store.open(str(path))


async def test_names_written_in_chats_before_their_own_table_are_read_from_the_standings(
        tmp_path):
    """A store from before chat_names knows a person's name in a chat from its standings."""
    path = tmp_path / "old.db"
    store = await Store.open(str(path))
    await store.name_in_chat("tg", "g1", "7", "Ali")  # no standing: chat_names alone
    await store.db.execute("INSERT INTO standings (platform, chat, game, player, name, games, "
                           "wins, rating) VALUES ('tg', 'g1', 'dominoes', '8', 'Budi', 1, 1, "
                           "1016)")
    await store.db.commit()
    await store.close()
    store = await _from_before(path, "chat_names")
    try:
        assert await store.chat_name("tg", "g1", "8") == "Budi"
        assert await store.chat_name("tg", "g1", "7") is None  # before, nothing kept it
        await store.name_in_chat("tg", "g1", "8", "Budi Santoso")
        assert await store.chat_name("tg", "g1", "8") == "Budi Santoso"
        assert await store.chat_name("tg", "g2", "8") is None  # a name is per chat
    finally:
        await store.close()


async def _table(store) -> int:
    return await store.create_table("tg", "c", "dominoes", {"games": "3"}, 45, "random", "1",
                                    99, 0.0, SeatRow(0, "1", "Ali"))


async def test_move_log_round_trip_and_no_number_twice(tmp_path):
    store = await Store.open(str(tmp_path / "s.db"))
    tid = await _table(store)
    await store.start_table(tid, [SeatRow(0, "1", "Ali"), SeatRow(1, None, "", "random")], 5.0)
    await store.commit_moves(tid, 0, [MoveRow(0, "play 0-0", "player"),
                                      MoveRow(1, "play 0-1", "computer")], 1.0, 46.0,
                             [SeatRow(0, "1", "Ali", None, False, 1)])
    with pytest.raises(sqlite3.IntegrityError):
        await store.commit_moves(tid, 1, [MoveRow(0, "play 1-1", "player")], 2.0, None, [])
    row = await store.table(tid)
    assert row.moves == ["play 0-0", "play 0-1"]  # the refused commit left nothing behind
    assert (row.deadline, row.status, row.options) == (46.0, "playing", {"games": "3"})
    assert (row.seats[0].timeouts, row.seats[1].level) == (1, "random")
    await store.close()


async def test_group_commit_isolates_a_bad_request(tmp_path):
    store = await Store.open(str(tmp_path / "g.db"))
    a, b = await _table(store), await _table(store)
    await store.commit_moves(a, 0, [MoveRow(0, "x", "player")], 1.0, None, [])
    results = await asyncio.gather(
        store.commit_moves(a, 0, [MoveRow(0, "again", "player")], 2.0, None, []),  # bad
        store.commit_moves(b, 0, [MoveRow(0, "fine", "player")], 2.0, None, []),
        store.commit_moves(a, 1, [MoveRow(0, "next", "player")], 2.0, None, []),
        return_exceptions=True)
    assert isinstance(results[0], sqlite3.IntegrityError) and results[1:] == [None, None]
    assert [m.action for m in await store.move_log(a)] == ["x", "next"]
    assert [m.action for m in await store.move_log(b)] == ["fine"]
    await store.close()


async def test_user_language_choice_wins_over_the_platform(tmp_path):
    store = await Store.open(str(tmp_path / "u.db"))
    assert await store.see_user("tg", "7", "Ayu", "id") == "id"
    assert await store.see_user("tg", "7", "Ayu", "en") == "en"  # platform changed it
    await store.set_user_lang("tg", "7", "tr")
    assert await store.see_user("tg", "7", "Ayu K", "en") == "tr"
    assert await store.user_lang("tg", "7") == "tr"
    await store.close()


async def test_a_chat_that_gets_a_new_id_takes_its_language_over_what_the_new_id_had(
        tmp_path):
    store = await Store.open(str(tmp_path / "m.db"))
    try:
        await store.set_chat_lang("telegram", "-100", "tr")
        await store.set_chat_lang("telegram", "-300", "tr")
        await store.set_chat_lang("telegram", "-3001", "id")  # first words there, moments ago
        await store.move_chat("telegram", "-100", "-1001")
        await store.move_chat("telegram", "-300", "-3001")
        assert await store.chat_lang("telegram", "-1001") == "tr"
        assert await store.chat_lang("telegram", "-100") is None
        assert await store.chat_lang("telegram", "-3001") == "tr"  # the group's own wins
        assert await store.chat_lang("telegram", "-300") is None
        # the names people last wrote under there follow too (the league names them so)
        await store.name_in_chat("telegram", "-500", "7", "Ayla")
        await store.move_chat("telegram", "-500", "-5001")
        assert await store.chat_name("telegram", "-5001", "7") == "Ayla"
    finally:
        await store.close()


async def test_choices_of_chats_and_users_are_apart_kept_and_follow_a_chat_move(tmp_path):
    path = str(tmp_path / "t.db")
    store = await Store.open(path)
    await store.set_pref("telegram", "chat", "-100", "theme", "dark")
    await store.set_pref("telegram", "user", "-100", "theme", "colorblind")  # a person
    await store.set_pref("telegram", "user", "-100", "arrange", "pairs")
    await store.set_pref("telegram", "chat", "-100", "theme", "colorblind")  # chosen again
    await store.set_pref("telegram", "chat", "-300", "theme", "dark")
    await store.set_pref("telegram", "chat", "-3001", "theme", "default")
    await store.move_chat("telegram", "-100", "-1001")
    await store.move_chat("telegram", "-300", "-3001")
    await store.close()
    store = await Store.open(path)  # a restart keeps them
    try:
        assert sorted(await store.prefs()) == [
            ("telegram", "chat", "-1001", "theme", "colorblind"),
            ("telegram", "chat", "-300", "theme", "dark"),  # the new id had its own: kept
            ("telegram", "chat", "-3001", "theme", "default"),
            ("telegram", "user", "-100", "arrange", "pairs"),  # people do not move
            ("telegram", "user", "-100", "theme", "colorblind")]
        with pytest.raises(sqlite3.IntegrityError):  # only chats and users choose
            await store.set_pref("telegram", "table", "1", "theme", "dark")
    finally:
        await store.close()


async def test_a_store_whose_tables_its_version_does_not_match_is_refused(tmp_path):
    """A store of a development build between releases (a released migration was edited
    later): its version says up to date, a table is missing. Refused at opening in one
    line, not a traceback at the first read of that table on every start."""
    path = tmp_path / "dev.db"
    store = await Store.open(str(path))
    await store.close()
    con = sqlite3.connect(path)
    con.execute("DROP TABLE prefs")
    con.close()
    with pytest.raises(StoreUnavailable, match="lacks the tables prefs"):
        await Store.open(str(path))


async def test_a_file_that_is_not_a_store_is_refused_in_one_line_and_closed(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("not SQLite at all\n" * 100)
    with pytest.raises(StoreUnavailable, match="file is not a database"):
        await Store.open(str(bad))
    newer = tmp_path / "newer.db"
    con = sqlite3.connect(newer)
    con.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    con.close()
    with pytest.raises(StoreUnavailable, match="written by a newer tilebot"):
        await Store.open(str(newer))
    workers = _sqlite_workers()
    with pytest.raises(StoreUnavailable, match="the folder .*no such directory does not exist"):
        await Store.open(str(tmp_path / "no such directory" / "t.db"))
    (tmp_path / "a file").write_text("")
    with pytest.raises(StoreUnavailable, match="a file, not a folder"):
        await Store.open(str(tmp_path / "a file" / "t.db"))
    # aiosqlite's thread has ended, not left to report to a loop that `tilebot` then closes
    # (a traceback after the one-line error)
    assert _sqlite_workers() <= workers


def _sqlite_workers() -> set:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


NOT_SQLITE = ("it is no SQLite file (file is not a database), so not a tilebot store: give "
              "tilebot a file of its own (TILEBOT_DB; `tilebot play` also takes --db), or, if it "
              "was the store, put back a backup of it (README: Backups and upgrades)")


def test_a_bot_given_a_bad_store_says_so_and_exits(tmp_path):
    """A process left alive by the store's open connection is never restarted by a
    supervisor: the bot must leave, with one line saying why (exit 2)."""
    bad = tmp_path / "bad.db"
    bad.write_text("not SQLite\n")
    env = dict(os.environ, TELEGRAM_TOKEN="123:abc", TILEBOT_DB=str(bad))
    done = subprocess.run([sys.executable, "-m", "bot.cli"], env=env, capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"tilebot: cannot use the store {bad}: {NOT_SQLITE}"]


async def test_a_commit_that_fails_is_rolled_back_and_the_next_write_goes_through(tmp_path):
    """COMMIT itself may fail (here a deferred foreign key, checked only then; a full disk
    likewise): the transaction must not stay open, or every later write would fail."""
    store = await Store.open(str(tmp_path / "s.db"))
    try:
        await store.db.execute("CREATE TABLE owner (id INTEGER PRIMARY KEY)")
        await store.db.execute("CREATE TABLE owned (owner INTEGER REFERENCES owner(id) "
                               "DEFERRABLE INITIALLY DEFERRED)")
        with pytest.raises(sqlite3.IntegrityError):
            async with store.tx() as db:
                await db.execute("INSERT INTO owned VALUES (7)")
        assert not store.db.in_transaction
        await store.set_chat_lang("tg", "g1", "tr")  # the store writes on
        assert await store.chat_lang("tg", "g1") == "tr"
        async with store.db.execute("SELECT count(*) FROM owned") as cur:
            assert (await cur.fetchone())[0] == 0
    finally:
        await store.close()


async def test_a_read_never_sees_a_write_that_is_not_committed(tmp_path):
    """One connection serves every task: a read made while another task's transaction is
    open waits for it, so it never sees a write that is then rolled back."""
    store = await Store.open(str(tmp_path / "s.db"))
    try:
        writing, failing = asyncio.Event(), asyncio.Event()

        async def a_move_that_fails():
            async with store.tx() as db:
                await db.execute("INSERT INTO chats (platform, chat, lang) VALUES (?,?,?)",
                                 ("tg", "g1", "tr"))
                writing.set()
                await failing.wait()
                raise RuntimeError("the move failed after its first write")

        move = asyncio.create_task(a_move_that_fails())
        await writing.wait()
        read = asyncio.create_task(store.chat_lang("tg", "g1"))
        await asyncio.sleep(0.05)
        assert not read.done()  # it waits for the transaction
        failing.set()
        with pytest.raises(RuntimeError):
            await move
        assert await read is None
    finally:
        await store.close()


async def test_one_process_plays_a_store_at_a_time_and_the_record_reads_it_meanwhile(tmp_path):
    """A second `make run` on the same file would restore the same tables and play them
    from its own memory (a league match counted twice): it is refused in one line while
    the first holds the file, and takes it once the first has closed it."""
    path = str(tmp_path / "t.db")
    first = await Store.open(path)
    try:
        with pytest.raises(StoreUnavailable, match=r"another tilebot \(process \d+\) is using "
                                                   r"the store .*t\.db: stop it first"):
            await Store.open(path)
        reader = await Store.open(path, exclusive=False)  # `tilebot record` meanwhile
        assert await reader.open_tables() == []
        await reader.close()
    finally:
        await first.close()
    second = await Store.open(path)
    await second.close()


READ_ONLY_OPEN = """
import asyncio, sys
from bot.store import Store, StoreUnavailable
try:
    asyncio.run(Store.open(sys.argv[1]))
except StoreUnavailable as e:
    print(e)
"""


@pytest.mark.skipif(shutil.which("setpriv") is None or os.geteuid() != 0,
                    reason="needs root's setpriv to open a file as its owner may not write")
async def test_a_store_file_that_cannot_be_written_is_refused_when_opened(tmp_path):
    """A read-only file in a writable folder: SQLite opens it read-only without a word,
    and every command then failed with the generic apology; it is refused at the start."""
    path = tmp_path / "ro.db"
    store = await Store.open(str(path))
    await store.close()
    path.chmod(0o444)
    out = subprocess.run(
        ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search",
         sys.executable, "-c", READ_ONLY_OPEN, str(path)],
        capture_output=True, text=True, cwd=Path(__file__).parents[2], timeout=60)
    assert "readonly database" in out.stdout and "must be writable" in out.stdout, out


async def test_the_terminals_open_tables_from_before_keep_no_move_time(tmp_path):
    """Before a table's own timer decided, the terminal stored the chats' default for
    dominoes and Rummikub and timed them only when started with a timer: those open
    tables go on untimed; a timer someone gave, and the chats' tables, are kept."""
    path = tmp_path / "old.db"
    store = await Store.open(str(path))
    ids = [await store.create_table(platform, "c", game, {}, timer, "random", "1", 1, 0.0,
                                    SeatRow(0, "1", "Ali"))
           for platform, game, timer in (("console", "dominoes", 45), ("console", "rummikub", 90),
                                         ("console", "dominoes", 30), ("tg", "dominoes", 45))]
    await store.close()
    store = await _from_before(path, "SET timer = 0")
    try:
        assert [(await store.table(i)).timer for i in ids] == [0, 0, 30, 45]
    finally:
        await store.close()


async def test_message_refs_in_memory_are_bounded_and_the_rest_read_from_the_store(
        tmp_path, monkeypatch):
    """Every match's end keeps its Play again button's ref for good: memory holds the most
    recently used refs only, the store every one (a soak of 200 games grew it by one each)."""
    from types import SimpleNamespace

    from bot.adapters import sent

    monkeypatch.setattr(sent, "MEMORY_SIZE", 3)
    store = await Store.open(str(tmp_path / "s.db"))
    try:
        refs = sent.SentMessages("tg", SimpleNamespace(core=SimpleNamespace(store=store)))
        for i in range(6):
            await refs.put(f"again{i}", -100, 10 + i, False)
        assert list(refs._memory) == ["again3", "again4", "again5"]
        assert await refs.get("again0") == (-100, 10, False)  # from the store
        assert len(refs._memory) == 3 and "again0" in refs._memory
        await refs.drop("again0")
        assert await refs.get("again0") is None
    finally:
        await store.close()


async def test_a_store_without_who_stopped_its_tables_is_upgraded(tmp_path):
    """A store written before tables kept who stopped them (its 14th schema) opens, and
    its stopped tables name nobody; one stopped now names its player."""
    path = tmp_path / "old.db"
    store = await Store.open(str(path))
    table = await store.create_table("tg", "c", "dominoes", {}, 45, "random", "1", 1, 0.0,
                                     SeatRow(0, "1", "Ali"))
    await store.close()
    store = await _from_before(path, "ADD COLUMN closed_by")
    try:
        assert await store.version() == len(MIGRATIONS)
        assert (await store.table(table)).closed_by is None
        await store.set_status(table, "stopped", closed_by="1")
        assert (await store.table(table)).closed_by == "1"
    finally:
        await store.close()
