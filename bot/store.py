"""The bot's SQLite store (aiosqlite, one file, WAL): chats, users, tables and seats, the
append-only move log, results per round, and league standings.

Every write is one transaction under one lock, so transactions of different tables never
interleave on the shared connection. A move is committed before the core sends anything
about it; a restart replays each unfinished table's log (`bot.core.Core.restore`).
WAL with synchronous=NORMAL survives a killed process (SIGKILL) without losing a commit;
only a power cut could lose the last commits.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import json
import logging
import os
import shutil
import sqlite3
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from . import store_lock
from .league import START

# Each entry migrates the schema from version i to i + 1. Never edit a released entry:
# append a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE chats (
        platform TEXT NOT NULL, chat TEXT NOT NULL, lang TEXT NOT NULL,
        PRIMARY KEY (platform, chat));
    CREATE TABLE users (
        platform TEXT NOT NULL, user TEXT NOT NULL, name TEXT NOT NULL,
        lang TEXT NOT NULL, lang_chosen INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (platform, user));
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        platform TEXT NOT NULL, chat TEXT NOT NULL, game TEXT NOT NULL,
        options TEXT NOT NULL,          -- JSON: the game options as the creator typed them
        timer INTEGER NOT NULL,         -- seconds per move, 0 = no limit
        bots TEXT NOT NULL,             -- level of the computer players that fill seats
        creator TEXT NOT NULL,
        status TEXT NOT NULL,           -- lobby | playing | finished | stopped
        seed INTEGER NOT NULL,
        deadline REAL,                  -- when the seat to move times out (epoch seconds)
        created REAL NOT NULL);
    CREATE INDEX tables_open ON tables (status);
    CREATE TABLE seats (
        table_id INTEGER NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL,
        user TEXT,                      -- NULL for a computer player
        name TEXT NOT NULL,
        level TEXT,                     -- computer level (computer seats)
        away INTEGER NOT NULL DEFAULT 0,     -- a computer plays for an absent person
        timeouts INTEGER NOT NULL DEFAULT 0, -- timeouts in a row
        PRIMARY KEY (table_id, seat));
    CREATE TABLE moves (
        table_id INTEGER NOT NULL REFERENCES tables(id), n INTEGER NOT NULL,
        seat INTEGER NOT NULL, action TEXT NOT NULL,
        how TEXT NOT NULL,              -- player | computer | timeout | away
        at REAL NOT NULL,
        PRIMARY KEY (table_id, n));
    CREATE TABLE results (
        table_id INTEGER NOT NULL REFERENCES tables(id), round INTEGER NOT NULL,
        seat INTEGER NOT NULL, score INTEGER NOT NULL, winner INTEGER NOT NULL,
        ending TEXT NOT NULL,
        PRIMARY KEY (table_id, round, seat));
    CREATE TABLE standings (
        platform TEXT NOT NULL, chat TEXT NOT NULL, game TEXT NOT NULL,
        player TEXT NOT NULL,           -- user id
        name TEXT NOT NULL,
        games INTEGER NOT NULL DEFAULT 0, wins REAL NOT NULL DEFAULT 0,
        rating REAL NOT NULL,
        PRIMARY KEY (platform, chat, game, player));
    """,
    """
    -- where a chat platform put a message the core may edit later (its buttons), by ref
    CREATE TABLE sent_messages (
        platform TEXT NOT NULL, ref TEXT NOT NULL,
        chat TEXT NOT NULL, message TEXT NOT NULL, kind TEXT NOT NULL,
        PRIMARY KEY (platform, ref));
    """,
    """
    -- what a chat or a user chose for how things look (bot/prefs.py): `name` is the choice
    -- ("theme": the pictures' theme; "arrange": how a rack is ordered), `value` the option
    CREATE TABLE prefs (
        platform TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('chat', 'user')),
        id TEXT NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
        PRIMARY KEY (platform, kind, id, name));
    """,
    """
    -- a person's own layout of their rack at a table (bot/rack_layout.py): the round it
    -- was made in, and its tiles as the view writes them, `|` for a gap
    CREATE TABLE rack_layouts (
        table_id INTEGER NOT NULL REFERENCES tables(id), user TEXT NOT NULL,
        round INTEGER NOT NULL, tiles TEXT NOT NULL,
        PRIMARY KEY (table_id, user));
    """,
    """
    -- 0: a friendly table (`league=off`, D13): its results stay out of the standings
    ALTER TABLE tables ADD COLUMN league INTEGER NOT NULL DEFAULT 1;
    """,
    """
    -- a person's single-player record (Yüzbir Y21: the lowest total of a completed match),
    -- kept apart from the chats' leagues (Y22)
    CREATE TABLE records (
        platform TEXT NOT NULL, user TEXT NOT NULL, game TEXT NOT NULL, name TEXT NOT NULL,
        best INTEGER NOT NULL, played INTEGER NOT NULL,
        PRIMARY KEY (platform, user, game));
    """,
    """
    -- how many of the table's moves the chat has been told (their messages went out); NULL:
    -- all of them. A restart tells what a crash between the commit and the sending lost.
    ALTER TABLE tables ADD COLUMN told INTEGER;
    """,
    """
    -- the chat's name as its platform last showed it (a group's title): it heads the
    -- private racks of someone who plays at tables in two chats
    ALTER TABLE chats ADD COLUMN place TEXT;
    """,
    """
    -- what a league match did to each person's rating (told with the match's end, also
    -- after a restart): `before` is the rating it started from (the league's start for a
    -- newcomer)
    CREATE TABLE rating_changes (
        table_id INTEGER NOT NULL REFERENCES tables(id), player TEXT NOT NULL,
        name TEXT NOT NULL, before REAL NOT NULL, after REAL NOT NULL,
        PRIMARY KEY (table_id, player));
    """,
    """
    -- a chat's league seasons (/season): the standings of each season it closed, and the
    -- number of the season under way (a chat with no row is in season 1)
    CREATE TABLE past_standings (
        platform TEXT NOT NULL, chat TEXT NOT NULL, season INTEGER NOT NULL,
        game TEXT NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL,
        games INTEGER NOT NULL, wins REAL NOT NULL, rating REAL NOT NULL,
        PRIMARY KEY (platform, chat, season, game, player));
    CREATE TABLE seasons (
        platform TEXT NOT NULL, chat TEXT NOT NULL, season INTEGER NOT NULL,
        PRIMARY KEY (platform, chat));
    """,
    """
    -- the terminal's open tables of the games whose timer is the core's: until now they
    -- kept the chats' default (dominoes 45, Rummikub 90) and were timed only when the
    -- program was started with a timer; a table is timed now when it has one (0: none)
    UPDATE tables SET timer = 0 WHERE platform = 'console' AND status IN ('lobby', 'playing')
        AND ((game = 'dominoes' AND timer = 45) OR (game = 'rummikub' AND timer = 90));
    """,
    """
    -- the name each person last wrote under in each chat, also before they have a standing
    -- there: a league match's result names them so after a restart too
    CREATE TABLE chat_names (
        platform TEXT NOT NULL, chat TEXT NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL,
        PRIMARY KEY (platform, chat, player));
    INSERT OR IGNORE INTO chat_names (platform, chat, player, name)
        SELECT platform, chat, player, name FROM standings;
    """,
    """
    -- a chat's old id and its new one (a Telegram group become a supergroup): a button on a
    -- message sent before the move still comes with the old id, after a restart too
    CREATE TABLE moved_chats (
        platform TEXT NOT NULL, old TEXT NOT NULL, new TEXT NOT NULL,
        PRIMARY KEY (platform, old));
    """,
    """
    -- how many of the table's moves the chat itself has been told (its group's messages out,
    -- a private rack perhaps still held): a restart tells the moves after `told` again,
    -- but not to a group that heard them. NULL: as `told`
    ALTER TABLE tables ADD COLUMN group_told INTEGER;
    """,
    """
    -- who closed a game under way with /stop (user id): after a restart their /back is not
    -- told it closed while they were away (they know), as before it
    ALTER TABLE tables ADD COLUMN closed_by TEXT;
    """,
    """
    -- how many moves the table had when its mover chose a rack order or layout after drawing
    -- (/arrange): a restart within that turn shows the rack as chosen, not as numbered at
    -- the draw
    ALTER TABLE tables ADD COLUMN arranged_at INTEGER;
    """,
)


log = logging.getLogger(__name__)


def _identity(path: str) -> tuple[int, int] | None:
    """The file at `path` (its device and inode), or None where there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


@dataclass
class SeatRow:
    seat: int
    user: str | None
    name: str
    level: str | None = None
    away: bool = False
    timeouts: int = 0


@dataclass
class TableRow:
    id: int
    platform: str
    chat: str
    game: str
    options: dict
    timer: int
    bots: str
    creator: str
    status: str
    seed: int
    deadline: float | None
    seats: list[SeatRow]
    moves: list[str]
    league: bool = True  # False: a friendly table, kept out of the standings (D13)
    told: int | None = None  # moves whose messages went out (None: all of them; -1: not the start)
    group_told: int | None = None  # moves whose group messages went out (None: as `told`)
    closed_by: str | None = None  # who stopped it while it was played (a user id)
    arranged_at: int | None = None  # moves when its mover last chose a rack order (/arrange)


@dataclass
class _Commit:
    table_id: int
    first_n: int
    moves: list
    now: float
    deadline: float | None
    seats: list
    status: str
    rounds: list
    league: object
    done: asyncio.Future
    records: list = ()  # (platform, user, game, name, total): single-player results (Y21)


def _settle(done: asyncio.Future, error: BaseException | None = None) -> None:
    """A commit's answer to its waiter, unless the waiter was cancelled meanwhile (its
    command stopped): setting it then raised and ended the flusher, and every other
    request of its batch waited for ever, their tables locked."""
    if done.done():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


async def _write_told(db, told: dict[int, int], group_told: dict[int, int]) -> None:
    await db.executemany("UPDATE tables SET told=? WHERE id=? AND told < ?",
                         [(n, table_id, n) for table_id, n in told.items()])
    await db.executemany("UPDATE tables SET group_told=? WHERE id=? AND group_told < ?",
                         [(n, table_id, n) for table_id, n in group_told.items()])


@dataclass
class MoveRow:
    seat: int
    action: str
    how: str


async def _worker_ended(connection: aiosqlite.Connection) -> None:
    """After a failed connect aiosqlite stops its worker thread, which then reports to this
    event loop; wait for it, or it reports to a closed loop (a traceback at exit)."""
    thread = getattr(connection, "_thread", None)  # aiosqlite names no public handle
    if thread is not None and thread.is_alive():
        await asyncio.to_thread(thread.join, 5)


def _folder_trouble(path: str, e: OSError) -> str:
    """Why the store's folder cannot be used, in words about the folder (the error names
    the lock file, which the person never asked for)."""
    folder = Path(path).resolve().parent
    if folder.exists() and not folder.is_dir():
        return f"{folder} is a file, not a folder"
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if isinstance(e, PermissionError):
        return (f"the folder {folder} is not writable (the store keeps {Path(path).name}.lock, "
                f"-wal and -shm beside it)")
    if disk_full(e):
        return "the disk holding it is full: make room, then start again"
    return str(e)


@functools.cache
def _schema_tables(version: int = len(MIGRATIONS)) -> frozenset[str]:
    """The tables the first `version` MIGRATIONS make, read from an empty store in memory."""
    con = sqlite3.connect(":memory:")
    try:
        for script in MIGRATIONS[:version]:
            con.executescript(script)
        return frozenset(r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type='table'"))
    finally:
        con.close()


def another_programs(version: int, tables: set[str]) -> bool:
    """Is a SQLite file of schema `version` holding `tables` another program's? tilebot
    writes its first tables and version 1 in one transaction, so a file of version 0 with
    tables, or of a later version without any of those first tables, is not one it wrote
    (`tilebot record` asks too)."""
    own = _named(tables)  # (SQLite's own, sqlite_sequence, come with anyone's tables)
    if version == 0:
        return bool(own)
    return not own & _schema_tables(1)


def _named(tables: set[str]) -> set[str]:
    """The tables a program made, not SQLite's own (sqlite_sequence, sqlite_stat1)."""
    return {name for name in tables if not name.startswith("sqlite_")}


def schema_trouble(version: int, tables: set[str]) -> str | None:
    """Why a SQLite file of schema `version` holding `tables` is no store this tilebot can
    use, in words (None: it is one, or a file to make one in). Asked before a byte is
    written, so a refused file is left as it was."""
    if version > len(MIGRATIONS):  # its tables may mean what this code does not know
        return (f"it was written by a newer tilebot (schema {version}; this one knows up to "
                f"{len(MIGRATIONS)})")
    if another_programs(version, tables):  # tilebot's tables added to it would be a mess
        names = sorted(_named(tables))
        return (f"it is not a tilebot store but another program's (its tables: "
                f"{', '.join(names[:5])}{', ...' if len(names) > 5 else ''}): give tilebot "
                f"a file of its own")
    # its own version's tables (not the newest's: migrating it would change the file)
    missing = _schema_tables(version) - tables
    if missing:  # its version says it has them: a released migration was edited since
        return (f"its schema (version {version}) lacks the tables "
                f"{', '.join(sorted(missing))}: a file of a development build?")
    return None


def is_damage(e: sqlite3.Error) -> bool:
    """Does SQLite say the file is damaged (a page or its schema: SQLITE_CORRUPT), not that
    it is no SQLite file at all?"""
    return (getattr(e, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_CORRUPT


def damage_found(check: list) -> str | None:
    """The first problem the rows of PRAGMA quick_check name (None: "ok"): its first line
    that says one ("Page 3: btreeInitPage() returns error code 11"), not the heading
    "*** in database main ***" the check puts above it."""
    problems = [row[0] for row in check]
    if problems == ["ok"]:
        return None
    lines = [ln.strip() for p in problems for ln in str(p).splitlines() if ln.strip()]
    said = [ln for ln in lines if not (ln.startswith("***") and ln.endswith("***"))]
    return (said or lines or ["unknown"])[0]


def damaged(detail: str) -> str:
    """What to do about a damaged store, in words (`tilebot record` says it too)."""
    return (f"it is damaged ({detail}): put back a backup of it (README: Backups and "
            f"upgrades), or move it aside and tilebot starts a new, empty store")


def _read_only_words(path: str, what: str) -> str:
    return (f"{what} (the file and its directory must be writable: SQLite keeps "
            f"{Path(path).name}-wal and -shm beside it)")


def _real(path: str) -> str:
    """The store's file itself, where `path` is a symbolic link to it (an in-memory store
    is as it is named)."""
    if path == ":memory:" or path.startswith("file:"):
        return path
    return str(Path(path).resolve())


def _write_trouble(path: str) -> str | None:
    """Why the process may not write the store's file or its folder, in one line (None: it
    may), asked before SQLite opens it: SQLite opens a read-only WAL file read-only and
    makes its -wal and -shm beside it with the file's mode, so a refused start left a
    read-only -shm that refused every later start, the file made writable or not."""
    if path == ":memory:" or path.startswith("file:"):
        return None
    real = _real(path)  # SQLite keeps -wal and -shm beside the file a link points at
    file, folder = Path(real), Path(real).parent
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):  # (as the lock says)
        return f"cannot open the store {path}: {_folder_trouble(path, PermissionError())}"
    for one in (file, Path(f"{real}-wal"), Path(f"{real}-shm")):
        if one.exists() and not os.access(one, os.R_OK | os.W_OK):
            what = ("it is a readonly database" if one == file
                    else f"{one.name} beside it is read-only: make it writable")
            return f"cannot use the store {path}: {_read_only_words(path, what)}"
    return None


def _sqlite_trouble(path: str, e: sqlite3.Error | OSError) -> str:
    """What SQLite's refusal of the store's file means, in words."""
    if isinstance(e, sqlite3.Error) and is_damage(e):
        return damaged(str(e))
    if isinstance(e, sqlite3.Error) and _not_sqlite(e):
        return (f"it is no SQLite file ({e}), so not a tilebot store: give tilebot a file of "
                f"its own (TILEBOT_DB; `tilebot play` also takes --db), or, if it was the "
                f"store, put back a backup of it (README: Backups and upgrades)")
    if "readonly" in str(e):
        return _read_only_words(path, str(e))
    if "database is locked" in str(e):  # (tilebot's own second process is refused before)
        return (f"{e}: another program is writing to it (an SQLite browser, a backup "
                f"tool): close it there, or use SQLite's .backup (README: Backups and "
                f"upgrades), then start again")
    if (room := _room_beside(path)) is not None and room < FULL_BELOW:
        # (SQLite may call a full disk a "disk I/O error")
        return (f"the disk holding it is full ({room // 1024} KB free; {e}): make room, "
                f"then start again")
    return str(e)


FULL_BELOW = 1 << 20  # bytes free beside the store under which its disk counts as full


def disk_full(e: BaseException) -> bool:
    """Did a write fail because the store's disk is full (SQLITE_FULL, ENOSPC)?"""
    if isinstance(e, sqlite3.Error):
        return (getattr(e, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_FULL \
            or "database or disk is full" in str(e)
    return isinstance(e, OSError) and e.errno == errno.ENOSPC


def _room_beside(path: str) -> int | None:
    """Bytes free on the disk of the store's folder, where it can be told."""
    try:
        return shutil.disk_usage(Path(path).resolve().parent).free
    except OSError:
        return None


def _not_sqlite(e: sqlite3.Error) -> bool:
    """Does SQLite say the file is no database at all (its header: SQLITE_NOTADB)?"""
    return ((getattr(e, "sqlite_errorcode", 0) & 0xFF) == sqlite3.SQLITE_NOTADB
            or "file is not a database" in str(e))


class StoreUnavailable(Exception):
    """The store's file cannot be opened or used; the message says why, in one line."""


class Store:
    def __init__(self, db: aiosqlite.Connection):
        self.db = db
        self._lock = asyncio.Lock()
        self._waiting: list[_Commit] = []  # moves waiting for the next group commit
        self._flusher: asyncio.Future | None = None
        self._told: dict[int, int] = {}  # table id -> moves told, to write (note_told)
        self._group_told: dict[int, int] = {}  # ... told to the table's chat itself
        self._held = None  # the lock file that keeps other processes off (store_lock)
        self._file: tuple[str, tuple[int, int]] | None = None  # (path, its dev and inode)
        self._file_said = False

    @classmethod
    async def open(cls, path: str, exclusive: bool = True) -> Store:
        """The store in the SQLite file `path` (made or brought up to date). A file that
        cannot be used raises StoreUnavailable, its connection closed (an open one would
        keep the process alive). `exclusive`: this process plays its tables, so no other
        may (bot/store_lock.py); `tilebot record` only reads one."""
        if Path(path).is_dir():  # (SQLite says "unable to open database file")
            raise StoreUnavailable(f"{path} is a folder, not a file")
        unwritable = _write_trouble(path)
        if unwritable is not None:  # refused before anything is made beside the file
            raise StoreUnavailable(unwritable)
        try:  # the lock beside the file itself: two links to one store share it
            held = store_lock.hold(_real(path)) if exclusive else None
        except store_lock.StoreBusy as e:
            raise StoreUnavailable(str(e)) from e
        except OSError as e:  # the lock file beside it: say what is wrong with the folder
            raise StoreUnavailable(f"cannot open the store {path}: {_folder_trouble(path, e)}"
                                   ) from e
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            db = await connecting
        except (sqlite3.Error, OSError) as e:
            await _worker_ended(connecting)
            if held is not None:
                held.close(refused=True)
            raise StoreUnavailable(f"cannot open the store {path}: {e}") from e
        try:
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            store = cls(db)
            await store.check_intact()
            await store.migrate()  # refuses a file that is not its to change, unchanged
            await db.execute("PRAGMA journal_mode=WAL")
            if exclusive:  # a file SQLite opened read-only says so now, not at the first move
                await db.execute(f"PRAGMA user_version={len(MIGRATIONS)}")
            store._held = held
            if exclusive:
                store._file = (path, _identity(path))
        except BaseException as e:
            await db.close()
            if held is not None:
                held.close(refused=True)
            if isinstance(e, StoreUnavailable):
                raise StoreUnavailable(f"cannot use the store {path}: {e}") from e
            if isinstance(e, sqlite3.Error | OSError):
                raise StoreUnavailable(f"cannot use the store {path}: "
                                       f"{_sqlite_trouble(path, e)}") from e
            raise
        if held is not None:  # a new file, made by SQLite now: locked as the lock file is
            try:
                held.lock_store(_real(path))
            except store_lock.StoreBusy as e:
                await db.close()
                held.close(refused=True)
                raise StoreUnavailable(str(e)) from e
        return store

    def _check_file(self) -> None:
        """Is the file this process writes still the one at its path? One deleted, or a
        backup copied over it, while tilebot runs is said once, loudly: the moves go to the
        file opened, lost at the stop (or mixed into the backup by the -wal beside it)."""
        if self._file is None:
            return
        path, identity = self._file
        moved = _identity(path) != identity
        if moved and not self._file_said:
            log.error("the store file %s was deleted or replaced while tilebot runs: moves "
                      "go to the file it opened, which is lost when tilebot stops. Stop "
                      "tilebot (Ctrl-C), put the file back, then start it again", path)
        self._file_said = moved

    async def close(self) -> None:
        if self._flusher is not None:  # what was told is noted before the file closes
            await self._flusher
        await self.db.close()
        if self._held is not None:  # another process may use the file now
            self._held.close()
            self._held = None

    async def version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            return (await cur.fetchone())[0]

    async def check_intact(self) -> None:
        """Refuse a damaged file at the start, in one line (a damaged page read at the
        restore was a traceback). PRAGMA quick_check reads every page once: 1 ms for a
        store of 10,000 moves (0.7 MB), about 90 ms for a million (64 MB)."""
        async with self.db.execute("PRAGMA quick_check") as cur:
            problem = damage_found(await cur.fetchall())
        if problem is not None:
            raise StoreUnavailable(damaged(problem))

    async def migrate(self) -> None:
        """Bring the schema up to date; a file that is no tilebot store this one can use
        (`schema_trouble`) is refused before anything is written to it."""
        current = await self.version()
        async with self.db.execute("SELECT name FROM sqlite_master WHERE type='table'") as cur:
            tables = {row[0] for row in await cur.fetchall()}
        trouble = schema_trouble(current, tables)
        if trouble is not None:
            raise StoreUnavailable(trouble)
        for target in range(current + 1, len(MIGRATIONS) + 1):
            script = MIGRATIONS[target - 1]
            # executescript commits by itself; the version bump rides in the same script.
            await self.db.executescript(
                f"BEGIN;\n{script}\nPRAGMA user_version = {target};\nCOMMIT;")

    @asynccontextmanager
    async def tx(self):
        """One write transaction: committed on exit, rolled back on error."""
        async with self._lock:
            try:
                await self._through("BEGIN")  # (cancelled there, it is rolled back too)
                yield self.db
                await self._through("COMMIT")
                self._check_file()
            except BaseException:
                # also when COMMIT itself failed (a full disk, a deferred check): SQLite may
                # keep the transaction open, and every later BEGIN would fail
                if self.db.in_transaction:
                    await self._through("ROLLBACK")
                raise

    async def _through(self, sql: str) -> None:
        """Run `sql` to its end even if the task awaiting it is cancelled meanwhile (its
        command stopped): the connection's thread runs it anyway, and a BEGIN done after
        the cancel left a transaction open (every later BEGIN failed), a ROLLBACK sent
        before a COMMIT it followed found none. The cancel is passed on once it is done."""
        run = asyncio.ensure_future(self.db.execute(sql))
        try:
            await asyncio.shield(run)
        except asyncio.CancelledError:
            if not run.done():
                await asyncio.wait([run])
            raise

    # Reads take the lock too: on the one connection a read made while another task's
    # transaction is open would see its writes before they are committed (or rolled back).
    async def _one(self, sql: str, args=()):
        async with self._lock:
            return await self._fetch_one(sql, args)

    async def _all(self, sql: str, args=()):
        async with self._lock:
            return await self._fetch_all(sql, args)

    async def _fetch_one(self, sql: str, args=()):
        async with self.db.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _fetch_all(self, sql: str, args=()):
        async with self.db.execute(sql, args) as cur:
            return await cur.fetchall()

    # -- chats and users -------------------------------------------------------------
    async def chat_lang(self, platform: str, chat: str) -> str | None:
        row = await self._one("SELECT lang FROM chats WHERE platform=? AND chat=?",
                              (platform, chat))
        return row[0] if row else None

    async def set_chat_lang(self, platform: str, chat: str, lang: str) -> None:
        async with self.tx() as db:
            await db.execute(
                "INSERT INTO chats (platform, chat, lang) VALUES (?,?,?) ON CONFLICT(platform, chat) "
                "DO UPDATE SET lang=excluded.lang", (platform, chat, lang))

    async def set_chat_place(self, platform: str, chat: str, place: str) -> None:
        """The chat's name (its row exists: a chat's language is kept on its first words)."""
        async with self.tx() as db:
            await db.execute("UPDATE chats SET place=? WHERE platform=? AND chat=?",
                             (place, platform, chat))

    async def chat_places(self) -> dict[tuple[str, str], str]:
        return {(p, c): place for p, c, place in await self._all(
            "SELECT platform, chat, place FROM chats WHERE place IS NOT NULL")}

    async def prefs(self) -> list[tuple[str, str, str, str, str]]:
        """Every choice kept: (platform, kind "chat" or "user", id, name, value)."""
        return [tuple(r) for r in await self._all(
            "SELECT platform, kind, id, name, value FROM prefs")]

    async def set_pref(self, platform: str, kind: str, key: str, name: str, value: str) -> None:
        async with self.tx() as db:
            await db.execute("INSERT INTO prefs VALUES (?,?,?,?,?) ON CONFLICT"
                             "(platform, kind, id, name) DO UPDATE SET value=excluded.value",
                             (platform, kind, key, name, value))

    async def rack_layouts(self) -> list[tuple[int, str, int, str]]:
        """(table, user, round, tiles) of every layout at a table still in play."""
        return [tuple(r) for r in await self._all(
            "SELECT l.table_id, l.user, l.round, l.tiles FROM rack_layouts l "
            "JOIN tables t ON t.id = l.table_id WHERE t.status = 'playing'")]

    async def set_rack_layout(self, table_id: int, user: str, round_: int | None,
                              tiles: str = "") -> None:
        """Keep a person's layout at a table; `round_` None forgets it."""
        async with self.tx() as db:
            if round_ is None:
                await db.execute("DELETE FROM rack_layouts WHERE table_id=? AND user=?",
                                 (table_id, user))
            else:
                await db.execute("INSERT INTO rack_layouts VALUES (?,?,?,?) ON CONFLICT"
                                 "(table_id, user) DO UPDATE SET round=excluded.round, "
                                 "tiles=excluded.tiles", (table_id, user, round_, tiles))

    # -- messages the chat doors may edit ------------------------------------------------
    async def remember_message(self, platform: str, ref: str, chat: str, message: str,
                               kind: str) -> None:
        async with self.tx() as db:
            await db.execute("INSERT INTO sent_messages VALUES (?,?,?,?,?) ON CONFLICT"
                             "(platform, ref) DO UPDATE SET chat=excluded.chat, "
                             "message=excluded.message, kind=excluded.kind",
                             (platform, ref, chat, message, kind))

    async def sent_message(self, platform: str, ref: str) -> tuple[str, str, str] | None:
        """(chat, message id, kind) of the message sent under `ref`, if it is kept."""
        row = await self._one("SELECT chat, message, kind FROM sent_messages "
                              "WHERE platform=? AND ref=?", (platform, ref))
        return tuple(row) if row else None

    async def forget_message(self, platform: str, ref: str) -> None:
        async with self.tx() as db:
            await db.execute("DELETE FROM sent_messages WHERE platform=? AND ref=?",
                             (platform, ref))

    async def move_chat(self, platform: str, old: str, new: str) -> None:
        """A chat got a new id (a Telegram group became a supergroup): its language, its
        choices (bot/prefs.py), tables and standings follow it. The group's language wins
        over the one the new id has: that one is at most as old as the first words typed
        there before the bot learnt of the move, and was set by them, not chosen (a chats
        row cannot tell). Other rows the new id already has are kept, not overwritten."""
        if old == new:  # (the row would be deleted below)
            return
        async with self.tx() as db:
            await db.execute(
                "INSERT INTO chats (platform, chat, lang, place) "
                "SELECT platform, ?, lang, place FROM chats WHERE platform=? AND chat=? "
                "ON CONFLICT(platform, chat) DO UPDATE SET lang=excluded.lang, "
                "place=COALESCE(chats.place, excluded.place)",  # its name as seen there now
                (new, platform, old))
            await db.execute("DELETE FROM chats WHERE platform=? AND chat=?", (platform, old))
            for table in ("tables", "standings", "past_standings", "seasons", "chat_names"):
                await db.execute(f"UPDATE OR IGNORE {table} SET chat=? "
                                 "WHERE platform=? AND chat=?", (new, platform, old))
            await db.execute("UPDATE OR IGNORE prefs SET id=? "
                             "WHERE platform=? AND kind='chat' AND id=?", (new, platform, old))
            await db.execute("UPDATE moved_chats SET new=? WHERE platform=? AND new=?",
                             (new, platform, old))  # (moved twice: to where it is now)
            await db.execute("INSERT OR REPLACE INTO moved_chats (platform, old, new) "
                             "VALUES (?, ?, ?)", (platform, old, new))

    async def moved_chat(self, platform: str, old: str) -> str | None:
        """The id the chat `old` has now, if it moved (`move_chat`), else None."""
        row = await self._one("SELECT new FROM moved_chats WHERE platform=? AND old=?",
                              (platform, old))
        return row[0] if row is not None else None

    async def see_user(self, platform: str, user: str, name: str, lang: str) -> str:
        """Remember a user's name and platform language; returns the language to use (their
        own choice, if they made one, wins over the platform's)."""
        sql = "SELECT name, lang, lang_chosen FROM users WHERE platform=? AND user=?"
        row = await self._one(sql, (platform, user))
        if row is not None and row[0] == name and (row[2] or row[1] == lang):
            return row[1]  # nothing new: no write
        async with self.tx() as db:
            async with db.execute(sql, (platform, user)) as cur:
                row = await cur.fetchone()  # again, under the lock: a racing command may have won
            chosen = bool(row and row[2])
            use = row[1] if chosen else lang
            await db.execute(
                "INSERT INTO users VALUES (?,?,?,?,0) ON CONFLICT(platform, user) DO UPDATE SET "
                "name=excluded.name, lang=excluded.lang", (platform, user, name, use))
            return use

    async def user_lang(self, platform: str, user: str) -> str | None:
        row = await self._one("SELECT lang FROM users WHERE platform=? AND user=?",
                              (platform, user))
        return row[0] if row else None

    async def set_user_lang(self, platform: str, user: str, lang: str) -> None:
        async with self.tx() as db:
            await db.execute(
                "UPDATE users SET lang=?, lang_chosen=1 WHERE platform=? AND user=?",
                (lang, platform, user))

    # -- tables ------------------------------------------------------------------------
    async def create_table(self, platform, chat, game, options: dict, timer: int, bots: str,
                           creator: str, seed: int, now: float, first: SeatRow,
                           league: bool = True) -> int:
        async with self.tx() as db:
            cur = await db.execute(
                "INSERT INTO tables (platform, chat, game, options, timer, bots, creator, "
                "status, seed, deadline, created, league) "
                "VALUES (?,?,?,?,?,?,?,'lobby',?,NULL,?,?)",
                (platform, chat, game, json.dumps(options, sort_keys=True), timer, bots,
                 creator, seed, now, int(league)))
            table_id = cur.lastrowid
            await _put_seat(db, table_id, first)
        return table_id

    async def next_table_id(self) -> int:
        row = await self._one("SELECT seq FROM sqlite_sequence WHERE name='tables'")
        return (row[0] if row else 0) + 1

    async def put_seat(self, table_id: int, seat: SeatRow) -> None:
        async with self.tx() as db:
            await _put_seat(db, table_id, seat)

    async def remove_seat(self, table_id: int, seat: int) -> None:
        async with self.tx() as db:
            await db.execute("DELETE FROM seats WHERE table_id=? AND seat=?", (table_id, seat))

    async def start_table(self, table_id: int, seats: list[SeatRow],
                          deadline: float | None) -> None:
        async with self.tx() as db:
            for s in seats:
                await _put_seat(db, table_id, s)
            # told -1: not even the start went out yet (its messages note it told)
            await db.execute("UPDATE tables SET status='playing', deadline=?, told=-1, "
                             "group_told=-1 WHERE id=?", (deadline, table_id))

    async def set_status(self, table_id: int, status: str, league=None,
                         closed_by: str | None = None) -> None:
        """Close a table; `league` (as in commit_moves) is a result it leaves behind, in the
        same transaction (a match stopped by one of its players, lost by them); `closed_by`:
        the player who stopped it."""
        async with self.tx() as db:
            await db.execute("UPDATE tables SET status=?, deadline=NULL, closed_by=? WHERE id=?",
                             (status, closed_by, table_id))
            if league is not None:
                await _update_league(db, table_id, *league)

    async def commit_moves(self, table_id: int, first_n: int, moves: list[MoveRow], now: float,
                           deadline: float | None, seats: list[SeatRow], status: str = "playing",
                           rounds: list[tuple] = (), league=None, records=()) -> None:
        """Append moves numbered from `first_n` together with everything they caused: the
        table's new deadline and status, the seats' timeout state, finished rounds
        (round, scores, the seats that won it as told, ending) and, when the match ended,
        the league update `league` = (platform, chat, game, users, compute) where compute(current ratings by
        user, None if unrated) returns (user, name, games, wins, rating) rows. Returns once
        it is committed. The primary key (table, n) refuses a move number twice, so a move
        can never be applied twice.

        Group commit: requests from tables that commit at the same time share one
        transaction (a few statements for all of them), so a hundred busy tables cost about
        as much as one; each request still returns only after its own commit."""
        req = _Commit(table_id, first_n, moves, now, deadline, seats, status, rounds, league,
                      asyncio.get_running_loop().create_future(), list(records))
        self._waiting.append(req)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())
        await req.done

    def note_told(self, told: dict[int, int], group: bool = False) -> None:
        """`told` = {table id: moves}: the messages of that many moves went out (`group`:
        the group's). Written with the next group commit (or at once if none is under
        way); not awaited: the messages are out already, and a crash before the write only
        tells them again."""
        notes = self._group_told if group else self._told
        for table_id, n in told.items():
            notes[table_id] = max(n, notes.get(table_id, 0))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.ensure_future(self._flush())

    async def _flush(self) -> None:
        while self._waiting or self._told or self._group_told:
            batch, self._waiting = self._waiting, []
            told, self._told = self._told, {}
            group_told, self._group_told = self._group_told, {}
            try:
                async with self.tx() as db:
                    await _write_commits(db, batch)
                    await _write_told(db, told, group_told)
            except Exception:
                try:
                    async with self.tx() as db:
                        await _write_told(db, told, group_told)
                except Exception as e:
                    if disk_full(e):  # (said in one line, as the core says it elsewhere)
                        log.error("could not note what was told (the disk is full): %s", told)
                    else:
                        log.exception("could not note what was told: %s", told)
                # One bad request must not sink the others: each alone, in its own transaction.
                for req in batch:
                    try:
                        async with self.tx() as db:
                            await _write_commits(db, [req])
                    except Exception as e:
                        _settle(req.done, e)
                    else:
                        _settle(req.done)
                continue
            for req in batch:
                _settle(req.done)

    async def set_deadline(self, table_id: int, deadline: float | None) -> None:
        async with self.tx() as db:
            await db.execute("UPDATE tables SET deadline=? WHERE id=?", (deadline, table_id))

    async def set_arranged_at(self, table_id: int, moves: int) -> None:
        async with self.tx() as db:
            await db.execute("UPDATE tables SET arranged_at=? WHERE id=?", (moves, table_id))

    async def update_seats(self, table_id: int, seats: list[SeatRow],
                           deadline: float | None) -> None:
        async with self.tx() as db:
            await db.execute("UPDATE tables SET deadline=? WHERE id=?", (deadline, table_id))
            for s in seats:
                await _put_seat(db, table_id, s)

    _FIELDS = ("id, platform, chat, game, options, timer, bots, creator, status, seed, "
               "deadline, league, told, group_told, closed_by, arranged_at")
    _COLUMNS = f"SELECT {_FIELDS} FROM tables "

    async def open_tables(self) -> list[TableRow]:
        async with self._lock:  # each table as one write left it
            rows = await self._fetch_all(
                self._COLUMNS + "WHERE status IN ('lobby', 'playing') ORDER BY id")
            return [await self._table(r) for r in rows]

    async def untold_finished(self) -> list[TableRow]:
        """Finished tables whose last moves' messages (the match's end) never went out.
        (Moves are numbered from 0: MAX(n) is one seek in the key, COUNT(*) read every
        move of every finished table at each start.)"""
        async with self._lock:
            rows = await self._fetch_all(
                self._COLUMNS + "WHERE status = 'finished' AND told IS NOT NULL AND told <= "
                "(SELECT MAX(n) FROM moves WHERE table_id = tables.id) ORDER BY id")
            return [await self._table(r) for r in rows]

    async def closed_since(self, since: float) -> list[tuple[TableRow, float]]:
        """Tables of people closed (finished or stopped) whose last move came at `since` or
        later, each with that time, in that order: a /back after a restart is told the
        match ended while they were away, as before it, unless a later one ended with them
        there (Play.ended_while_away)."""
        async with self._lock:
            rows = await self._fetch_all(
                f"SELECT {self._FIELDS}, (SELECT at FROM moves WHERE table_id = tables.id "
                "ORDER BY n DESC LIMIT 1) AS last FROM tables "
                "WHERE status IN ('finished', 'stopped') AND EXISTS (SELECT 1 FROM seats "
                "WHERE table_id = tables.id AND user IS NOT NULL) "
                "AND last >= ? ORDER BY last, id", (since,))
            return [(await self._table(r), r[-1]) for r in rows]

    async def table(self, table_id: int) -> TableRow | None:
        async with self._lock:  # its row, seats and moves as one write left them
            r = await self._fetch_one(self._COLUMNS + "WHERE id=?", (table_id,))
            return await self._table(r) if r else None

    async def _table(self, r) -> TableRow:
        """The rest of a table's row (the store's lock held)."""
        seats = [SeatRow(s[0], s[1], s[2], s[3], bool(s[4]), s[5]) for s in await self._fetch_all(
            "SELECT seat, user, name, level, away, timeouts FROM seats WHERE table_id=? "
            "ORDER BY seat", (r[0],))]
        moves = [m[0] for m in await self._fetch_all(
            "SELECT action FROM moves WHERE table_id=? ORDER BY n", (r[0],))]
        return TableRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8],
                        r[9], r[10], seats, moves, bool(r[11]), r[12], r[13], r[14], r[15])

    async def move_log(self, table_id: int) -> list[MoveRow]:
        return [MoveRow(*m) for m in await self._all(
            "SELECT seat, action, how FROM moves WHERE table_id=? ORDER BY n", (table_id,))]

    # -- results and league -------------------------------------------------------------
    async def results(self, table_id: int) -> list[tuple]:
        return await self._all(
            "SELECT round, seat, score, winner, ending FROM results WHERE table_id=? "
            "ORDER BY round, seat", (table_id,))

    async def record(self, platform: str, user: str, game: str) -> tuple[int, int] | None:
        """(best total, completed matches) of a person's single-player record (Y21)."""
        return await self._one("SELECT best, played FROM records "
                               "WHERE platform=? AND user=? AND game=?", (platform, user, game))

    async def records_of(self, platform: str, user: str) -> list[tuple[str, int, int]]:
        """(game key, best total, completed matches) of each of a person's single-player
        records (Y21: one per game and level of the computers, `play.record_key`)."""
        return await self._all("SELECT game, best, played FROM records WHERE platform=? AND "
                               "user=? ORDER BY game", (platform, user))

    async def rating_changes(self, table_id: int) -> list[tuple[str, str, float, float]]:
        """(player, name, rating before, rating after) of each person the league match at
        table `table_id` rated; none for a match the league did not count."""
        return await self._all("SELECT player, name, before, after FROM rating_changes "
                               "WHERE table_id=? ORDER BY rowid", (table_id,))

    async def standings(self, platform: str, chat: str, game: str,
                        season: int | None = None) -> list[tuple]:
        """(player, name, games, wins, rating), best rating first: of the season under way,
        or of the closed season `season`. Each player is named as they last wrote in
        that chat (`name_in_chat`)."""
        if season is not None:
            return await self._all(
                "SELECT player, name, games, wins, rating FROM past_standings WHERE platform=? "
                "AND chat=? AND season=? AND game=? ORDER BY rating DESC, wins DESC, name",
                (platform, chat, season, game))
        return await self._all(
            "SELECT player, name, games, wins, rating FROM standings "
            "WHERE platform=? AND chat=? AND game=? ORDER BY rating DESC, wins DESC, name",
            (platform, chat, game))

    async def chat_name(self, platform: str, chat: str, player: str) -> str | None:
        """The name `player` last wrote under in `chat` (None: they have not written there)."""
        row = await self._one("SELECT name FROM chat_names WHERE platform=? AND chat=? AND "
                              "player=?", (platform, chat, player))
        return row[0] if row else None

    async def name_in_chat(self, platform: str, chat: str, player: str, name: str) -> None:
        """`player` goes by `name` in `chat` now (renamed, or a Discord server's nickname:
        a name is per chat, not per platform): that chat's standings, this season's and
        past ones, name them so. A write only when a name there differs."""
        if await self.chat_name(platform, chat, player) != name:
            async with self.tx() as db:
                await db.execute("INSERT INTO chat_names (platform, chat, player, name) "
                                 "VALUES (?, ?, ?, ?) ON CONFLICT (platform, chat, player) "
                                 "DO UPDATE SET name=excluded.name",
                                 (platform, chat, player, name))
        for rows in ("standings", "past_standings"):
            if await self._one(f"SELECT 1 FROM {rows} WHERE platform=? AND chat=? AND player=? "
                               "AND name!=? LIMIT 1", (platform, chat, player, name)):
                async with self.tx() as db:
                    await db.execute(f"UPDATE {rows} SET name=? WHERE platform=? AND chat=? "
                                     "AND player=?", (name, platform, chat, player))

    async def season(self, platform: str, chat: str) -> int:
        """The number of the chat's league season under way (1 until one is closed)."""
        row = await self._one("SELECT season FROM seasons WHERE platform=? AND chat=?",
                              (platform, chat))
        return row[0] if row else 1

    async def end_season(self, platform: str, chat: str) -> tuple[int, dict] | None:
        """Close the chat's season under way: its standings are kept as that season's and
        every league of the chat starts again. Returns the number of the season closed and
        each game's standings rows (player, name, games, wins, rating) as they stood, read
        in the same transaction (two /season end at once close one season); None when the
        season has no results."""
        async with self.tx() as db:
            async with db.execute("SELECT season FROM seasons WHERE platform=? AND chat=?",
                                  (platform, chat)) as cur:
                row = await cur.fetchone()
            season = row[0] if row else 1
            leaders: dict = {}
            async with db.execute(
                    "SELECT game, player, name, games, wins, rating FROM standings "
                    "WHERE platform=? AND chat=?", (platform, chat)) as cur:
                for game, *row in await cur.fetchall():
                    leaders.setdefault(game, []).append(tuple(row))
            if not leaders:
                return None
            await db.execute(
                "INSERT INTO past_standings SELECT platform, chat, ?, game, player, name, games, "
                "wins, rating FROM standings WHERE platform=? AND chat=?", (season, platform, chat))
            await db.execute("DELETE FROM standings WHERE platform=? AND chat=?", (platform, chat))
            await db.execute("INSERT INTO seasons VALUES (?,?,?) ON CONFLICT(platform, chat) "
                             "DO UPDATE SET season=excluded.season", (platform, chat, season + 1))
        return season, leaders


async def _write_commits(db, batch: list[_Commit]) -> None:
    await db.executemany("INSERT INTO moves VALUES (?,?,?,?,?,?)", [
        (r.table_id, r.first_n + i, m.seat, m.action, m.how, r.now)
        for r in batch for i, m in enumerate(r.moves)])
    await db.executemany("UPDATE tables SET deadline=?, status=? WHERE id=?",
                         [(r.deadline, r.status, r.table_id) for r in batch])
    seats = [(r.table_id, s) for r in batch for s in r.seats]
    if seats:
        await db.executemany(_PUT_SEAT, [_seat_args(t, s) for t, s in seats])
    results = [(r.table_id, round_no, seat, int(score), int(seat in winners), str(ending))
               for r in batch for round_no, scores, winners, ending in r.rounds
               for seat, score in enumerate(scores)]
    if results:
        await db.executemany("INSERT OR IGNORE INTO results VALUES (?,?,?,?,?,?)", results)
    for r in batch:
        if r.league is not None:
            await _update_league(db, r.table_id, *r.league)
    await db.executemany(
        "INSERT INTO records VALUES (?,?,?,?,?,1) ON CONFLICT(platform, user, game) DO UPDATE "
        "SET name=excluded.name, best=MIN(best, excluded.best), played=played+1",
        [rec for r in batch for rec in r.records])


_PUT_SEAT = (
    "INSERT INTO seats VALUES (?,?,?,?,?,?,?) ON CONFLICT(table_id, seat) DO UPDATE SET "
    "user=excluded.user, name=excluded.name, level=excluded.level, away=excluded.away, "
    "timeouts=excluded.timeouts")


def _seat_args(table_id: int, s: SeatRow) -> tuple:
    return (table_id, s.seat, s.user, s.name, s.level, int(s.away), s.timeouts)


async def _put_seat(db, table_id: int, s: SeatRow) -> None:
    await db.execute(_PUT_SEAT, _seat_args(table_id, s))


async def _update_league(db, table_id, platform, chat, game, users, compute) -> None:
    current = {}
    for user in users:
        async with db.execute(
                "SELECT rating FROM standings WHERE platform=? AND chat=? AND game=? AND player=?",
                (platform, chat, game, user)) as cur:
            row = await cur.fetchone()
        current[user] = row[0] if row else None
    for player, name, games, wins, rating in compute(current):
        await db.execute(
            "INSERT INTO standings VALUES (?,?,?,?,?,?,?,?) "
            "ON CONFLICT(platform, chat, game, player) DO UPDATE SET "
            "name=excluded.name, games=games+excluded.games, "
            "wins=wins+excluded.wins, rating=excluded.rating",
            (platform, chat, game, player, name, games, wins, rating))
        before = current.get(player)
        await db.execute("INSERT OR REPLACE INTO rating_changes VALUES (?,?,?,?,?)",
                         (table_id, player, name, START if before is None else before, rating))
