"""Store files tilebot must refuse in one line, exit 2, and leave as they were: a damaged
one, another program's SQLite file, one whose released migration was edited later; and a
refused --db leaves no lock file behind (README: `TILEBOT_DB`, Backups and upgrades)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import MIGRATIONS, MoveRow, SeatRow, Store, StoreUnavailable

from .test_store import NOT_SQLITE

LIMIT_S = 120


def tilebot(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], input="/quit\n",
                          capture_output=True, text=True, cwd=cwd, timeout=LIMIT_S,
                          env=env, encoding="utf-8")


def record(capsys, *argv: str) -> tuple[int, str]:
    code = main(["record", *argv])
    out, err = capsys.readouterr()
    assert not out
    return code, err


async def _a_store_with_moves(path: Path) -> None:
    store = await Store.open(str(path))
    try:
        table = await store.create_table("console", "terminal", "dominoes", {}, 0, "normal",
                                         "me", 7, 1.0, SeatRow(0, "me", "Me"))
        await store.start_table(table, [SeatRow(1, None, "Bot", "normal")], None)
        await store.commit_moves(table, 0, [MoveRow(0, "6-6", "player")], 2.0, None, [])
    finally:
        await store.close()


def _damaged_store(path: Path) -> None:
    """A store whose `moves` page is overwritten (its header and schema intact), one file
    (no -wal beside it), as a failing disk leaves one."""
    asyncio.run(_a_store_with_moves(path))
    con = sqlite3.connect(path)
    con.execute("PRAGMA journal_mode=DELETE")
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name='moves'").fetchone()[0]
    size = con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\xff" * 64)


def test_a_damaged_store_is_refused_in_one_line_by_play_run_and_record(tmp_path, capsys):
    """A damaged page (`database disk image is malformed`) was a traceback, exit 1, at the
    restore of `tilebot play`, `make run` and in `tilebot record`: now one line at the
    start, exit 2, saying it is damaged and what to do (PRAGMA quick_check at opening:
    about 1 ms for a store of 10,000 moves), and the file is left as it was."""
    path = tmp_path / "t.db"
    _damaged_store(path)
    before = path.read_bytes()
    damaged = "it is damaged (database disk image is malformed): put back a backup of it"

    played = tilebot(tmp_path, "play", "dominoes", "--db", str(path))
    assert played.returncode == 2, played.stderr
    assert played.stderr == (f"tilebot: error: cannot use the store {path}: {damaged} (README:"
                             f" Backups and upgrades), or move it aside and tilebot starts a "
                             f"new, empty store\n")
    served = tilebot(tmp_path, env=dict(os.environ, TELEGRAM_TOKEN="123:abc",
                                        TILEBOT_DB=str(path)))
    assert served.returncode == 2, served.stderr
    assert served.stderr.splitlines() == [f"tilebot: cannot use the store {path}: {damaged} "
                                          f"(README: Backups and upgrades), or move it aside "
                                          f"and tilebot starts a new, empty store"]
    code, err = record(capsys, "1", "--db", str(path))
    assert code == 2 and err.startswith(f"tilebot: error: cannot read {path}: {damaged}")
    assert err.count("\n") == 1
    assert path.read_bytes() == before


def test_record_of_a_truncated_store_says_it_is_damaged_not_no_store(tmp_path, capsys):
    """A store cut short (a copy that stopped half-way) is a tilebot store, damaged: not
    "not a tilebot store", which sends the person looking for another file."""
    path = tmp_path / "t.db"
    asyncio.run(_a_store_with_moves(path))
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])
    code, err = record(capsys, "1", "--db", str(path))
    assert code == 2
    assert err.startswith(f"tilebot: error: cannot read {path}: it is damaged (database disk "
                          f"image is malformed)") and err.count("\n") == 1


def _a_file_of_an_edited_release(path: Path) -> None:
    """A store written by a build whose third migration made `themes`; the released one
    makes `prefs` (the entry was edited after that build)."""
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0] + MIGRATIONS[1])
    con.executescript("CREATE TABLE themes (platform TEXT, chat TEXT, theme TEXT);"
                      "PRAGMA user_version = 3;")
    con.close()


async def test_a_store_whose_migration_was_edited_is_refused_unchanged_naming_its_version(
        tmp_path):
    """The tables its own version should have are checked before migrating: the refusal
    names the file's version (3, not the newest) and writes nothing (its version was
    bumped to the newest by the refusal)."""
    path = tmp_path / "dev.db"
    _a_file_of_an_edited_release(path)
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable) as refused:
        await Store.open(str(path))
    assert str(refused.value) == (f"cannot use the store {path}: its schema (version 3) lacks "
                                  f"the tables prefs: a file of a development build?")
    assert path.read_bytes() == before
    assert not Path(f"{path}.lock").exists()


async def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(tmp_path, capsys):
    """TILEBOT_DB or --db naming another program's SQLite file: tilebot's tables and its
    version were added to it without a word. Refused in one line, the file unchanged (not
    even put in WAL mode); `tilebot record` asks the same question of it."""
    for version in (0, 5):  # 5: a program that numbers its own schema
        path = tmp_path / f"invoices{version}.db"
        con = sqlite3.connect(path)
        con.executescript("CREATE TABLE invoices (id INTEGER PRIMARY KEY AUTOINCREMENT, "
                          f"amount); PRAGMA user_version={version};")  # and sqlite_sequence
        con.close()
        before = path.read_bytes()
        with pytest.raises(StoreUnavailable) as refused:
            await Store.open(str(path))
        assert str(refused.value) == (f"cannot use the store {path}: it is not a tilebot store "
                                      f"but another program's (its tables: invoices): give "
                                      f"tilebot a file of its own")
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.glob(f"{path.name}*")) == [path.name]
        code, err = record(capsys, "1", "--db", str(path))
        assert code == 2 and err == f"tilebot: error: {path} is not a tilebot store\n"


def test_a_refused_db_leaves_no_lock_file_it_made(tmp_path, capsys):
    """`tilebot play --db notes.txt` left notes.txt.lock beside the text file; a folder as
    --db left <folder>.lock, and `tilebot record` said "disk I/O error" of a folder: now
    the words `tilebot replay` says. A lock file that was there before is kept."""
    notes = tmp_path / "notes.txt"
    notes.write_text("a shopping list\n")
    played = tilebot(tmp_path, "play", "dominoes", "--db", str(notes))
    assert played.returncode == 2
    assert played.stderr == f"tilebot: error: cannot use the store {notes}: {NOT_SQLITE}\n"
    folder = tmp_path / "games"
    folder.mkdir()
    played = tilebot(tmp_path, "play", "dominoes", "--db", str(folder))
    assert played.returncode == 2
    assert played.stderr == f"tilebot: error: {folder} is a folder, not a file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "notes.txt"]
    code, err = record(capsys, "1", "--db", str(folder))
    assert code == 2 and err == f"tilebot: error: {folder} is a folder, not a file\n"

    kept = Path(f"{notes}.lock")
    kept.write_text("")  # a bot that ran on it before
    played = tilebot(tmp_path, "play", "dominoes", "--db", str(notes))
    assert played.returncode == 2 and kept.exists()


async def test_a_lock_file_removed_by_a_refused_open_is_not_locked_by_the_next_one(tmp_path):
    """The lock file a refused open made goes while it is still locked: another process
    that had opened it meanwhile would hold a lock on a removed file, and a third one a
    lock on a new file: two bots on one store. The open after it locks the file there."""
    from bot import store_lock

    path = tmp_path / "t.db"
    first = store_lock.hold(str(path))
    assert first is not None and first.created
    opened_meanwhile = open(f"{path}.lock", "r+")  # noqa: SIM115 - what `hold` opens
    first.close(refused=True)
    assert not Path(f"{path}.lock").exists()
    assert not store_lock._still_at(opened_meanwhile, Path(f"{path}.lock"))
    opened_meanwhile.close()
    second = store_lock.hold(str(path))
    with pytest.raises(store_lock.StoreBusy):  # the file there is locked: a third waits
        store_lock.hold(str(path))
    second.close()
    store = await Store.open(str(path))  # an open that is not refused keeps its lock file
    await store.close()
    assert Path(f"{path}.lock").exists()


async def test_a_store_deleted_or_replaced_while_running_is_said_once_loudly(tmp_path, caplog):
    """`rm tilebot.sqlite3` or a backup copied over it while the bot runs went unnoticed:
    moves kept going to the file opened, lost at the stop (a scan: a league match and its
    standings gone at the restart). The next write says so in the log, once."""
    path = tmp_path / "tilebot.sqlite3"
    store = await Store.open(str(path))
    try:
        await store.set_chat_lang("telegram", "g1", "tr")  # a write, the file in place
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        os.replace(path, tmp_path / "aside.sqlite3")  # moved aside (or deleted)
        await store.set_chat_lang("telegram", "g1", "id")
        await store.set_chat_lang("telegram", "g1", "hi")
        said = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
        assert len(said) == 1 and "was deleted or replaced while tilebot runs" in said[0]
        assert str(path) in said[0]
    finally:
        await store.close()


def test_record_without_room_for_its_copy_says_so_in_one_line(tmp_path):
    """`tilebot record` reads a copy of the store in the temporary folder: with no room
    for it (a full disk, here a file-size limit) it was a 27-line traceback, exit 1; now
    one line naming the folder and why, exit 2, the store as it was."""
    import resource
    import signal

    path = tmp_path / "t.db"
    asyncio.run(_a_store_with_moves(path))
    sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    before = path.read_bytes()
    limit = len(before) // 2

    def no_room() -> None:  # files this process writes stop at `limit` bytes (EFBIG)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    looked = subprocess.run([sys.executable, "-m", "bot.cli", "record", "1", "--db", str(path)],
                            capture_output=True, text=True, cwd=tmp_path, timeout=LIMIT_S,
                            preexec_fn=no_room, env=dict(os.environ, TMPDIR=str(tmp_path)))
    assert looked.returncode == 2, looked.stderr
    assert looked.stderr.startswith(f"tilebot: error: cannot read {path}: the look copies it "
                                    f"to {tmp_path} (TMPDIR), which needs room for the whole "
                                    f"file (") and looked.stderr.count("\n") == 1, looked.stderr
    assert path.read_bytes() == before


def test_a_store_on_a_full_disk_is_said_full_not_an_io_error(tmp_path, monkeypatch):
    """Started on a full disk, SQLite says "disk I/O error", which the README ties to a
    failing disk and a damaged store; with next to no room beside the file the line says
    the disk is full and what to do (the disk's free space, as the system tells it)."""
    import collections

    from bot import store

    usage = collections.namedtuple("usage", "total used free")
    monkeypatch.setattr(store.shutil, "disk_usage", lambda p: usage(2 << 20, 2 << 20, 4096))
    words = store._sqlite_trouble(str(tmp_path / "t.sqlite3"),
                                  sqlite3.OperationalError("disk I/O error"))
    assert words == ("the disk holding it is full (4 KB free; disk I/O error): make room, "
                     "then start again")
    monkeypatch.setattr(store.shutil, "disk_usage", lambda p: usage(2 << 30, 1 << 30, 1 << 30))
    assert store._sqlite_trouble(str(tmp_path / "t.sqlite3"),
                                 sqlite3.OperationalError("disk I/O error")) == "disk I/O error"


async def test_a_full_disk_is_told_plainly_and_changes_nothing(bot, caplog):
    """The store's disk fills (SQLite's SQLITE_FULL: here the file may not grow by a page,
    and a filler took every free one): a /new is answered "cannot save anything right
    now", not the reply written for a failed move, nothing is opened, and the log says it
    in one line a failure (it logged a 40-line traceback, twice for a move)."""
    from .conftest import ALI, en

    full = ("The bot cannot save anything right now (its disk is full), so nothing was "
            "changed: try again in a while.")
    db = bot.store.db
    await db.execute("PRAGMA journal_mode=DELETE")  # writes go to the file itself
    await db.execute("CREATE TABLE filler (b BLOB)")
    pages = (await (await db.execute("PRAGMA page_count")).fetchone())[0]
    await db.execute(f"PRAGMA max_page_count = {pages + 2}")
    for size in (4096, 512, 64, 8):
        with contextlib.suppress(sqlite3.OperationalError):
            while True:
                await db.execute(f"INSERT INTO filler VALUES (zeroblob({size}))")
    caplog.clear()
    refused = None
    for n in range(200):  # tables opened until one needs a page more
        out = await bot.say(ALI, "/new dominoes", chat=f"g{n}")
        if [en(m) for m in out] == [full]:
            refused = f"g{n}"
            break
    assert refused is not None
    assert not [t for t in bot.core.tables.values() if t.chat == refused]
    assert refused not in [t.chat for t in await bot.store.open_tables()]
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert errors and all(r.exc_info is None and "disk is full" in r.getMessage()
                          for r in errors), [r.getMessage() for r in errors]


def test_a_damaged_store_is_named_by_the_problem_the_check_found_not_its_heading():
    """PRAGMA quick_check heads its report "*** in database main ***": the refusal read
    "it is damaged (*** in database main ***)" (a scan's store with a broken page)."""
    from bot.store import damage_found

    found = [("*** in database main ***\nPage 3: btreeInitPage() returns error code 11",)]
    assert damage_found(found) == "Page 3: btreeInitPage() returns error code 11"
    assert damage_found([("database disk image is malformed",)]) == \
        "database disk image is malformed"
    assert damage_found([("ok",)]) is None


def test_a_store_another_program_writes_to_is_refused_saying_what_to_do(tmp_path):
    """"cannot use the store ...: database is locked" said nothing of why or what to do
    (an SQLite browser with a write under way holds it)."""
    from bot.store import _sqlite_trouble

    said = _sqlite_trouble(str(tmp_path / "t.db"), sqlite3.OperationalError("database is locked"))
    assert said.startswith("database is locked: another program is writing to it")
    assert "close it there" in said and said.endswith("then start again")
