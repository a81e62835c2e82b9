"""`tilebot record ID [--db FILE]`: the game record of a table kept in the store, in the
format `tilebot replay` takes (rules/record.py): its game, options, seed and every move.
For looking into a disputed game. A record shows every hidden tile (the seed deals them):
it is for whoever runs the bot, never for a chat."""

from __future__ import annotations

import asyncio
import json
import sqlite3
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


def _is_store(path: Path) -> bool:
    """Is `path` a SQLite file a tilebot made (read without writing a byte)?"""
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            return con.execute("PRAGMA user_version").fetchone()[0] > 0 and con.execute(
                "SELECT 1 FROM sqlite_master WHERE type='table' AND name='tables'").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return False


async def _record(db: str, table_id: int) -> dict:
    store = await Store.open(db, exclusive=False)  # the bot may be playing on it now
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
