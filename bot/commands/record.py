"""`tilebot record ID [--db FILE]`: the game record of a table kept in the store, in the
format `tilebot replay` takes (rules/record.py): its game, options, seed and every move.
For looking into a disputed game. A record shows every hidden tile (the seed deals them):
it is for whoever runs the bot, never for a chat."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tempfile
from pathlib import Path

from rules import find_game

from ..cli import CliError
from ..play import game_record
from ..store import Store


def run_record(args) -> int:
    path = Path(args.db or "tilebot.sqlite3")
    if not path.exists():  # Store.open would make an empty one
        raise FileNotFoundError(2, "no such file", str(path))
    if not _is_store(path):  # a look must not write tilebot's tables into another file
        raise CliError(f"{path} is not a tilebot store")
    if not 1 <= args.id < 2 ** 63:  # SQLite's integers
        raise CliError(f"no table {args.id} in {path}")
    rec = asyncio.run(_record(str(path), args.id))
    print(json.dumps(rec, ensure_ascii=False))
    return 0


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _is_store(path: Path) -> bool:
    """Is `path` a SQLite file a tilebot made (read without writing a byte)? A file SQLite
    cannot read at all says why (a WAL store in a folder it may not write, say)."""
    try:
        con = _read_only(path)
        try:
            return con.execute("PRAGMA user_version").fetchone()[0] > 0 and con.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='tables'").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        if "not a database" in str(e) or "malformed" in str(e):
            return False
        raise CliError(f"cannot read {path}: {e}") from e


async def _record(db: str, table_id: int) -> dict:
    # A copy, read: the bot may be playing on the file now, maybe an older tilebot whose
    # schema bringing up to date here would break it (a look writes nothing)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "look.sqlite3"
        source, target = _read_only(Path(db)), sqlite3.connect(copy)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
        store = await Store.open(str(copy), exclusive=False)
        try:
            row = await store.table(table_id)
        finally:
            await store.close()
    if row is None:
        raise CliError(f"no table {table_id} in {db}")
    if row.status == "lobby" or (row.status == "stopped" and not row.moves):
        raise CliError(f"table {table_id} has no game record: it was never played")
    config = find_game(row.game).Config.from_options(row.options)
    return game_record(row.game, config, row.seed, row.moves)
