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
from types import SimpleNamespace

from rules import find_game

from ..cli import CliError
from ..lobby import timer_asked
from ..play import game_record
from ..store import Store, another_programs, damage_found, damaged, is_damage, schema_trouble


def run_record(args) -> int:
    path = Path(args.db or "tilebot.sqlite3")
    if not path.exists():  # Store.open would make an empty one
        raise FileNotFoundError(2, "no such file", str(path))
    if path.is_dir():  # (SQLite says "disk I/O error"); the words `tilebot replay` says
        raise CliError(f"{path} is a folder, not a file")
    _check_store(path)  # a look must not write tilebot's tables into another file
    if not 1 <= args.id < 2 ** 63:  # SQLite's integers
        raise CliError(f"no table {args.id} in {path}")
    rec = asyncio.run(_record(str(path), args.id))
    print(json.dumps(rec, ensure_ascii=False))
    return 0


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _check_store(path: Path) -> None:
    """Refuse, in one line, a file that is no tilebot store this one can read, or a damaged
    one, in the words `tilebot play` says of it (read without writing a byte; the copy the
    record is read from would name a temporary file). A file SQLite cannot read at all
    says why (a WAL store in a folder it may not write, say)."""
    try:
        con = _read_only(path)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in con.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            problem = damage_found(con.execute("PRAGMA quick_check").fetchall())
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        if is_damage(e):  # (its header says SQLite: not "not a tilebot store")
            raise CliError(f"cannot read {path}: {damaged(str(e))}") from e
        if "not a database" in str(e):
            raise CliError(f"{path} is not a tilebot store") from e
        raise CliError(f"cannot read {path}: {e}") from e
    if version == 0 or another_programs(version, tables):  # (0: an empty file, at most)
        raise CliError(f"{path} is not a tilebot store")
    trouble = schema_trouble(version, tables) or (problem and damaged(problem))
    if trouble:
        raise CliError(f"cannot read {path}: {trouble}")


async def _record(db: str, table_id: int) -> dict:
    # A copy, read: the bot may be playing on the file now, maybe an older tilebot whose
    # schema bringing up to date here would break it (a look writes nothing)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "look.sqlite3"
        source, target = _read_only(Path(db)), sqlite3.connect(copy)
        try:
            source.backup(target)
        except (sqlite3.Error, OSError) as e:  # (a full disk there, most often)
            raise CliError(f"cannot read {db}: the look copies it to {Path(folder).parent} "
                           f"(TMPDIR), which needs room for the whole file ({e})") from e
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
    if row.status == "lobby":
        raise CliError(f"table {table_id} has no game record: it has not started")
    if row.status == "stopped" and not row.moves:  # (a lobby closed, or dealt and stopped)
        raise CliError(f"table {table_id} has no game record: it was stopped before its "
                       "first move")
    game = find_game(row.game)
    rec = game_record(row.game, game.Config.from_options(row.options), row.seed, row.moves)
    timer = _timer_had(game, row)
    if "timer" in rec["config"] and not timer:  # the game's default, never used
        del rec["config"]["timer"]
    elif "timer" in rec["config"]:
        rec["config"]["timer"] = timer
    # how the table was left, and its move time (0: none): `tilebot replay` ignores both
    rec.update(status=row.status, timer=timer)
    return rec


def _timer_had(game, row) -> int:
    """Seconds a move of the table could take (0: no limit). A chat's table is timed by
    its timer; the terminal's only where it was opened with one (an okey table there keeps
    its game's default of 60 s in the store, unused: Core.timed)."""
    if row.platform != "console":
        return row.timer
    asked = timer_asked(SimpleNamespace(game=game, options=row.options, timer=row.timer))
    return row.timer if asked else 0
