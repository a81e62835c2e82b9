"""The operator's scan 41: a refused read-only store leaves nothing beside it; a revoked
Telegram token and a Discord start log no library noise; `--help` says what each argument
and variable is; `tilebot play -o` refuses a value no game takes before it asks; a stopped
table's record says so and carries its real move time; a file of random bytes is named
for what it is (README: Commands, Configuration, The log)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store, StoreUnavailable

from . import fake_discord, fake_telegram
from .door_harness import until

ROOT = Path(__file__).parents[2]
LIMIT_S = 120

OPEN = """
import asyncio, sys
from bot.store import Store, StoreUnavailable
async def main(path):
    try:
        await (await Store.open(path)).close()
        print("opened")
    except StoreUnavailable as e:
        print(e)
asyncio.run(main(sys.argv[1]))
"""


def _open_as_a_user(path: Path) -> str:
    """Store.open(path) in a process that may not write what its mode forbids: as root,
    without the capabilities that let root write anything (as the scan's setpriv user)."""
    prefix = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root without setpriv writes any file")
        prefix = ["setpriv", "--inh-caps=-all",
                  "--bounding-set=-dac_override,-dac_read_search"]
    out = subprocess.run([*prefix, sys.executable, "-c", OPEN, str(path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=LIMIT_S)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def _beside(path: Path) -> set[str]:
    return {p.name for p in path.parent.iterdir()} - {path.name, f"{path.name}.lock"}


async def test_a_read_only_store_is_refused_leaving_nothing_and_opens_once_writable(tmp_path):
    """A 444 store in a writable folder: SQLite opened it read-only and made a -wal and a
    -shm of mode 444 beside it before the refusal, and that -shm refused every later start,
    the file made writable. It is refused before SQLite opens it now (README: TILEBOT_DB,
    "the file left as it was")."""
    path = tmp_path / "t.sqlite3"
    await (await Store.open(str(path))).close()
    path.chmod(0o444)
    said = _open_as_a_user(path)
    assert said.startswith(f"cannot use the store {path}: it is a readonly database") and (
        "must be writable" in said), said
    assert _beside(path) == set()
    path.chmod(0o644)
    assert _open_as_a_user(path) == "opened"


async def test_a_read_only_shm_left_beside_the_store_is_named(tmp_path):
    """One left by an older tilebot's refusal: the refusal names it, not the store."""
    path = tmp_path / "t.sqlite3"
    await (await Store.open(str(path))).close()
    shm = tmp_path / "t.sqlite3-shm"
    shm.write_bytes(b"\0" * 32768)
    shm.chmod(0o444)
    said = _open_as_a_user(path)
    assert said.startswith(f"cannot use the store {path}: t.sqlite3-shm beside it is "
                           f"read-only: make it writable"), said


async def test_a_file_of_random_bytes_is_named_for_what_it_is_and_what_to_do(tmp_path):
    """SQLite's bare "file is not a database" said neither (as a damaged store or another
    program's file does: README, Backups and upgrades)."""
    path = tmp_path / "t.sqlite3"
    path.write_bytes(bytes(range(256)) * 64)
    before = path.read_bytes()
    with pytest.raises(StoreUnavailable) as refused:
        await Store.open(str(path))
    said = str(refused.value)
    assert said.startswith(f"cannot use the store {path}: it is no SQLite file (file is not a "
                           f"database), so not a tilebot store: give tilebot a file of its own")
    assert "put back a backup of it (README: Backups and upgrades)" in said
    assert path.read_bytes() == before


def _without_tokens() -> dict:
    return {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}


@contextlib.asynccontextmanager
async def _serving(env: dict):
    """`tilebot` serving in a process of its own with `env` (killed if a test leaves it
    running)."""
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=ROOT, stderr=asyncio.subprocess.PIPE)
    try:
        yield proc
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_a_token_revoked_while_serving_logs_no_library_traceback(tmp_path):
    """python-telegram-bot logged "Invalid token. Aborting retry loop." with a 30-line
    traceback before tilebot's own line (README, Telegram: "one line saying so")."""
    tg = fake_telegram.FakeTelegram()
    await tg.start()
    env = _without_tokens()
    env.update(TELEGRAM_TOKEN=fake_telegram.TOKEN, TELEGRAM_API_URL=tg.url,
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    try:
        async with _serving(env) as proc:
            ayse = fake_telegram.Person(11, "Ayşe", "tr")
            tg.say(ayse, -100, "/new dominoes")
            await until(lambda: tg.sent(-100) and tg.sent(11), timeout=60,
                        what="the lobby and Ayşe's seat told")  # (a refused answer logs its own)
            await asyncio.sleep(0.5)
            tg.revoked = True  # the next poll is refused
            _out, err = await asyncio.wait_for(proc.communicate(), 90)
    finally:
        await tg.close()
    text = err.decode()
    assert proc.returncode == 2, text
    assert "Traceback" not in text and "Invalid token" not in text, text
    assert text.splitlines()[-1].startswith(
        "tilebot: Telegram refused TELEGRAM_TOKEN while serving"), text


async def test_a_discord_start_logs_nothing_about_voice_or_its_static_token(tmp_path):
    """The bot has no voice: PyNaCl's and davey's absence, and "logging in using static
    token", were logged at every start (README, The log: a line for each thing that
    happens to a table)."""
    dc = fake_discord.FakeDiscord()
    await dc.start()
    env = _without_tokens()
    env.update(DISCORD_TOKEN=fake_discord.TOKEN, DISCORD_API_URL=dc.url + "/api/v10",
               DISCORD_GATEWAY_URL=dc.url.replace("http", "ws") + "/gateway",
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    try:
        async with _serving(env) as proc:
            await until(lambda: dc.commands, timeout=60, what="the bot's slash commands")
            proc.send_signal(signal.SIGTERM)
            _out, err = await asyncio.wait_for(proc.communicate(), 60)
    finally:
        await dc.close()
    text = err.decode()
    assert proc.returncode == 0, text
    assert "serving discord" in text
    for noise in ("PyNaCl", "davey", "static token"):
        assert noise not in text, text


def test_only_the_named_library_records_are_dropped(caplog):
    """A filter, not a level: discord.py's other warnings still reach the log."""
    from bot.adapters.serve import quieten_libraries

    quieten_libraries()
    with caplog.at_level(logging.INFO):
        logging.getLogger("discord.client").warning("PyNaCl is not installed, voice will NOT "
                                                    "be supported")
        logging.getLogger("discord.client").info("logging in using static token")
        logging.getLogger("discord.client").warning("a real warning")
        logging.getLogger("telegram.ext").error("Network Retry Loop (Polling Updates): "
                                                "Invalid token. Aborting retry loop.")
        logging.getLogger("telegram.ext").error("another error")
    assert [r.getMessage() for r in caplog.records] == ["a real warning", "another error"]


def test_discord_reconnects_are_one_line_each_without_a_traceback(caplog):
    """A Discord outage logged discord.py's 'Attempting a reconnect' with a traceback every
    few seconds (16 tracebacks, 36 KB in 25 s, the operator scan); the line stays, as a
    warning, without the traceback. Other errors keep theirs."""
    from bot.adapters.serve import quieten_libraries

    quieten_libraries()
    with caplog.at_level(logging.INFO):
        for name, words in (("discord.client", "Attempting a reconnect in 1.50s"),
                            ("telegram.ext.Updater", "Error while calling `get_updates` one "
                                                     "more time to mark all fetched updates."),
                            ("discord.http", "Attempting a reconnect in 1.50s")):
            try:
                raise OSError("Cannot connect to host")
            except OSError:
                logging.getLogger(name).exception(words)
    first, stop, other = caplog.records
    assert (first.getMessage(), first.levelname, first.exc_info) == (
        "Attempting a reconnect in 1.50s", "WARNING", None)
    assert (stop.levelname, stop.exc_info) == ("WARNING", None)  # a stop while out of reach
    assert other.exc_info is not None  # another logger's record is as it was


def _help(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as done:
        main([*argv, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


def test_help_names_the_variables_the_games_and_what_each_argument_is(capsys):
    """README, Configuration and Commands: the variables were in no --help, nor what the
    games are, nor a word on most arguments."""
    from bot.bench import SECTIONS
    from bot.cli import build_parser
    from rules import game_ids

    variables = ("TELEGRAM_TOKEN", "DISCORD_TOKEN", "TILEBOT_DB", "TELEGRAM_API_URL",
                 "DISCORD_API_URL", "DISCORD_GATEWAY_URL")
    for argv in ((), ("run",)):
        said = _help(capsys, *argv)
        assert all(name in said for name in variables), said
    for command in ("play", "demo", "simulate"):
        said = " ".join(_help(capsys, command).split())
        assert all(game in said for game in game_ids()), said
    said = " ".join(_help(capsys, "bench").split())
    assert all(section in said for section in SECTIONS), said
    subparsers = next(a for a in build_parser()._actions
                      if isinstance(a.choices, dict))  # (argparse keeps them there)
    for command, parser in subparsers.choices.items():
        for action in parser._actions:
            if action.dest != "help":
                assert action.help, f"tilebot {command} {action.dest} has no help"


def _play(tmp_path: Path, *args: str, typed: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", "play", *args, "--db",
                           str(tmp_path / "t.db")], input=typed, capture_output=True,
                          text=True, cwd=tmp_path, timeout=LIMIT_S, encoding="utf-8")


def test_a_value_no_game_takes_is_refused_before_the_question(tmp_path):
    """`-o players=9` asked "Which game?" and only after an answer said Dominoes takes no 9
    players; a value some game takes still waits for the pick."""
    refused = _play(tmp_path, "-o", "players=9", typed="4\n/quit\n")
    assert refused.returncode == 2 and "Which game?" not in refused.stdout, refused
    assert refused.stderr == ("tilebot: error: bad value '9' for players: no game takes it "
                              "(Rummikub: 2, 3, 4; Dominoes: 4, 5)\n")
    asked = _play(tmp_path, "-o", "players=3", typed="/quit\n")
    assert asked.returncode == 0 and "Which game?" in asked.stdout, asked


def test_a_stopped_terminal_tables_record_says_stopped_and_carries_no_unused_timer(
        tmp_path, capsys):
    """A terminal table opened without a timer has none (Core.timed); its record said
    "timer": 60 (the game's default kept in the store) and nothing of the /stop."""
    stopped = _play(tmp_path, "okey101", "--seed", "3", typed="/stop\n/quit\n")
    assert stopped.returncode == 0, stopped.stderr
    assert main(["record", "1", "--db", str(tmp_path / "t.db")]) == 0
    out = capsys.readouterr().out
    record = json.loads(out)
    assert record["status"] == "stopped" and record["timer"] == 0
    assert "timer" not in record["config"] and record["actions"]
    path = tmp_path / "r.json"
    path.write_text(out)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0  # the record still replays, and says it stopped
    assert capsys.readouterr().out.splitlines()[0].startswith("okey101: closed before its end, seat ")


async def test_a_chat_tables_record_carries_its_timer(tmp_path, capsys):
    from bot.store import MoveRow, SeatRow

    path = tmp_path / "t.db"
    store = await Store.open(str(path))
    try:
        table = await store.create_table("telegram", "-100", "dominoes", {}, 45, "normal",
                                         "7", 7, 1.0, SeatRow(0, "7", "Ali"))
        await store.start_table(table, [SeatRow(s, None, "Bot", "normal") for s in (1, 2, 3)],
                                None)
        await store.commit_moves(table, 0, [MoveRow(0, "6-6", "player")], 2.0, None, [])
    finally:
        await store.close()
    assert await asyncio.to_thread(main, ["record", str(table), "--db", str(path)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "playing" and record["timer"] == 45


async def test_a_message_refused_for_a_revoked_token_is_one_line_without_the_token(
        tg, caplog):
    """A reply sent once the token was revoked (a timer's move, a command in flight) was
    logged with a whole traceback; it is one line, and the token is not in it."""
    from bot.messages import Line, Text, To

    tg.fake.revoked = True
    with caplog.at_level(logging.WARNING, logger="bot.adapters.telegram"):
        await tg.door._post(Text(To("tg", user="11"), "en", (Line("core.goodbye"),)))
    said = [r for r in caplog.records if r.name == "bot.adapters.telegram"]
    assert [r.getMessage() for r in said] == [
        "telegram: a Text to To(platform='tg', chat=None, user='11') was not delivered: the "
        "token was refused"]
    assert said[0].exc_info is None and fake_telegram.TOKEN not in caplog.text


async def test_two_links_to_one_store_share_its_lock(tmp_path):
    """The lock went beside the path given: a second process on the same store through a
    symbolic link (or the real name) was not refused, and both played its tables. It goes
    beside the file itself, where SQLite keeps its -wal and -shm too."""
    real = tmp_path / "data" / "tilebot.sqlite3"
    real.parent.mkdir()
    link = tmp_path / "link.sqlite3"
    store = await Store.open(str(real))
    try:
        link.symlink_to(real)
        with pytest.raises(StoreUnavailable, match="another tilebot"):
            await Store.open(str(link))
        assert not (tmp_path / "link.sqlite3.lock").exists()
    finally:
        await store.close()
    opened = await Store.open(str(link))  # free again: through the link it opens
    await opened.close()


async def test_a_hard_link_to_the_store_is_refused_too(tmp_path):
    """A hard link to the store has a lock file of its own name: a second process through
    it was not refused, and both wrote the same file, each with its own -wal (a scan).
    The store file itself is locked as well."""
    real = tmp_path / "tilebot.sqlite3"
    store = await Store.open(str(real))  # a new file: locked once SQLite has made it
    try:
        (tmp_path / "other.sqlite3").hardlink_to(real)
        with pytest.raises(StoreUnavailable, match="through a link to it"):
            await Store.open(str(tmp_path / "other.sqlite3"))
        assert not (tmp_path / "other.sqlite3.lock").exists()
        assert not (tmp_path / "other.sqlite3-wal").exists()
    finally:
        await store.close()
    opened = await Store.open(str(tmp_path / "other.sqlite3"))  # free again
    await opened.close()
    again = await Store.open(str(real))  # an existing file: locked before SQLite opens it
    try:
        with pytest.raises(StoreUnavailable, match="through a link to it"):
            await Store.open(str(tmp_path / "other.sqlite3"))
    finally:
        await again.close()
