"""`tilebot` with platform tokens: one process, one core, both chat platforms (each against
its local fake server), until it is terminated."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys

import pytest

from bot.adapters.serve import Router
from bot.messages import Line, Text, To

from . import fake_discord, fake_telegram
from .door_harness import until


async def test_tilebot_serves_telegram_and_discord_from_one_process_until_terminated(tmp_path):
    tg = fake_telegram.FakeTelegram()
    dc = fake_discord.FakeDiscord()
    await tg.start()
    await dc.start()
    env = dict(os.environ, TELEGRAM_TOKEN=fake_telegram.TOKEN, TELEGRAM_API_URL=tg.url,
               DISCORD_TOKEN=fake_discord.TOKEN, DISCORD_API_URL=dc.url + "/api/v10",
               DISCORD_GATEWAY_URL=dc.url.replace("http", "ws") + "/gateway",
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    try:
        ayse = fake_telegram.Person(11, "Ayşe", "tr")
        tg.say(ayse, -100, "/new yuzbir")
        chen = fake_discord.Person("33", "Chen")
        await asyncio.wait_for(dc.slash(chen, "new", game="okey101"), 60)
        await until(lambda: tg.sent(-100) and dc.sent(fake_discord.CHANNEL), timeout=60,
                    what="both platforms' answers")
        # the group had no language yet: it speaks that of its first speaker (Ayşe, tr)
        assert tg.sent(-100)[0].text.startswith("Ayşe bir masa açtı: Yüzbir")
        assert dc.sent(fake_discord.CHANNEL)[0].text.startswith("Chen opened a table: Okey 101")
        assert {c["name"] for c in dc.commands} >= {"new", "discard", "play"}
    finally:
        proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(proc.communicate(), 30)
        await tg.close()
        await dc.close()
    assert proc.returncode == 0, err.decode()
    assert "serving telegram, discord" in err.decode()


class Door:
    def __init__(self, platform: str):
        self.platform = platform
        self.got: list = []

    async def send(self, messages) -> None:
        self.got.append([m.lines[0].key for m in messages])


async def test_the_router_gives_each_platform_its_messages_in_order():
    tg, dc = Door("telegram"), Door("discord")
    router = Router([tg, dc])

    def msg(platform: str, key: str) -> Text:
        return Text(to=To(platform, chat="1"), lang="en", lines=(Line(key),))

    await router.send([msg("telegram", "a"), msg("telegram", "b"), msg("discord", "c"),
                       msg("console", "lost"), msg("telegram", "d")])
    assert tg.got == [["a", "b"], ["d"]]
    assert dc.got == [["c"]]


async def test_a_refused_token_is_one_line_and_exit_status_2(
        tmp_path):
    tg = fake_telegram.FakeTelegram()
    dc = fake_discord.FakeDiscord()
    await tg.start()
    await dc.start()
    try:
        for env, says in (
                ({"TELEGRAM_TOKEN": "1:wrong", "TELEGRAM_API_URL": tg.url},
                 "tilebot: Telegram refused TELEGRAM_TOKEN"),
                ({"DISCORD_TOKEN": "wrong", "DISCORD_API_URL": dc.url + "/api/v10",
                  "DISCORD_GATEWAY_URL": dc.url.replace("http", "ws") + "/gateway"},
                 "tilebot: Discord refused DISCORD_TOKEN")):
            full = {k: v for k, v in os.environ.items()
                    if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
            full.update(env, TILEBOT_DB=str(tmp_path / "t.sqlite3"))
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot.cli", env=full, cwd=tmp_path,
                stderr=asyncio.subprocess.PIPE)
            _out, err = await asyncio.wait_for(proc.communicate(), 60)
            lines = [line for line in err.decode().splitlines() if line.startswith("tilebot:")]
            assert proc.returncode == 2 and len(lines) == 1 and lines[0].startswith(says), err
            assert "Traceback" not in err.decode()
            assert "1:wrong" not in err.decode()  # a token is a secret: never in the log
    finally:
        await tg.close()
        await dc.close()


async def test_a_token_revoked_while_serving_ends_tilebot_with_one_line_and_exit_status_2(
        tmp_path):
    """Polling gives up on a refused token; the process must not stay up, deaf (a supervisor
    restarts one that exits, and the login then says what is wrong)."""
    tg = fake_telegram.FakeTelegram()
    await tg.start()
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    env.update(TELEGRAM_TOKEN=fake_telegram.TOKEN, TELEGRAM_API_URL=tg.url,
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    try:
        tg.say(fake_telegram.Person(11, "Ayşe", "tr"), -100, "/new dominoes")
        await until(lambda: tg.sent(-100), timeout=60, what="the bot serving")
        tg.revoked = True  # @BotFather: /revoke
        tg.say(fake_telegram.Person(11, "Ayşe", "tr"), -100, "/join")  # ends the long poll
        _out, err = await asyncio.wait_for(proc.communicate(), 60)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await tg.close()
    lines = [line for line in err.decode().splitlines() if line.startswith("tilebot:")]
    assert proc.returncode == 2, err.decode()
    assert len(lines) == 1 and lines[0].startswith(
        "tilebot: Telegram refused TELEGRAM_TOKEN while serving"), err.decode()
    assert fake_telegram.TOKEN not in err.decode()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def _log_line(proc, words: str, log: list) -> str:
    """The next line of `proc`'s log that holds `words` (every line read goes to `log`)."""
    while True:
        line = (await asyncio.wait_for(proc.stderr.readline(), 60)).decode()
        if not line:
            raise AssertionError(f"the log ended without {words!r}: {''.join(log)}")
        log.append(line)
        if words in line:
            return line


@pytest.mark.parametrize("platform", ["telegram", "discord"])
async def test_a_platform_out_of_reach_at_the_start_is_tried_again_until_it_answers(
        tmp_path, platform):
    """No network yet when the machine starts tilebot: it says so in one line a try and
    tries again (2 s, then 4...), instead of exiting (a supervisor soon gives up restarting
    a process that exits at once); once the platform answers, it serves."""
    port = _free_port()  # nothing listens there yet
    url = f"http://127.0.0.1:{port}"
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    if platform == "telegram":
        env.update(TELEGRAM_TOKEN=fake_telegram.TOKEN, TELEGRAM_API_URL=url)
        server, name = fake_telegram.FakeTelegram(), "Telegram"
    else:
        env.update(DISCORD_TOKEN=fake_discord.TOKEN, DISCORD_API_URL=url + "/api/v10",
                   DISCORD_GATEWAY_URL=url.replace("http", "ws") + "/gateway")
        server, name = fake_discord.FakeDiscord(), "Discord"
    env.update(TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    log: list = []
    try:
        first = await _log_line(proc, f"cannot reach {name}", log)
        assert first.rstrip().endswith(": trying again in 2 s"), first
        second = await _log_line(proc, f"cannot reach {name}", log)
        assert second.rstrip().endswith(": trying again in 4 s"), second
        assert proc.returncode is None  # still up, waiting
        await server.start(port)
        if platform == "telegram":
            server.say(fake_telegram.Person(11, "Ayşe", "tr"), -100, "/new dominoes")
            await until(lambda: server.sent(-100), timeout=60, what="the bot serving")
            assert server.sent(-100)[0].text.startswith("Ayşe bir masa açtı: Domino")
        else:
            await _log_line(proc, "discord: serving as", log)
            chen = fake_discord.Person("33", "Chen")
            await asyncio.wait_for(server.slash(chen, "new", game="okey101"), 60)
            await until(lambda: server.sent(fake_discord.CHANNEL), timeout=60,
                        what="the bot serving")
            assert server.sent(fake_discord.CHANNEL)[0].text.startswith(
                "Chen opened a table: Okey 101")
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        rest, _ = await asyncio.wait_for(proc.communicate(), 30), None
        log.append(rest[1].decode())
        await server.close()
    text = "".join(log)
    assert proc.returncode == 0, text
    assert "Traceback" not in text and "tilebot:" not in text, text


async def test_a_stop_while_waiting_for_a_platform_ends_at_once_with_status_0(tmp_path):
    """Ctrl-C / SIGTERM during the wait between tries stops tilebot then, cleanly."""
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    env.update(TELEGRAM_TOKEN=fake_telegram.TOKEN,
               TELEGRAM_API_URL=f"http://127.0.0.1:{_free_port()}",
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    log: list = []
    await _log_line(proc, "cannot reach Telegram", log)
    proc.send_signal(signal.SIGTERM)
    _out, err = await asyncio.wait_for(proc.communicate(), 10)  # not after the 2 s wait's end
    text = "".join(log) + err.decode()
    assert proc.returncode == 0, text
    assert "Traceback" not in text and "trying again in 4 s" not in text, text


@pytest.mark.parametrize("platform, status", [("telegram", 502), ("discord", 503)])
async def test_an_outage_answering_errors_is_tried_again_in_one_line_a_try(
        tmp_path, platform, status):
    """An outage where the platform answers, with an error page (502, 503), is out of reach
    as much as no network: one line a try, no library traceback (a Discord 5xx ended
    tilebot with one, status 1; Telegram's request logger added one per try)."""
    from aiohttp import web

    from .local_server import serve_locally

    async def failing(request):
        return web.Response(status=status, text="<html>Bad Gateway</html>",
                            content_type="text/html")
    app = web.Application()
    app.router.add_route("*", "/{path:.*}", failing)
    runner, url = await serve_locally(app)
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    if platform == "telegram":
        env.update(TELEGRAM_TOKEN=fake_telegram.TOKEN, TELEGRAM_API_URL=url)
    else:
        env.update(DISCORD_TOKEN=fake_discord.TOKEN, DISCORD_API_URL=url + "/api/v10",
                   DISCORD_GATEWAY_URL=url.replace("http", "ws") + "/gateway")
    env.update(TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    log: list = []
    try:
        await _log_line(proc, "trying again in 2 s", log)
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(proc.communicate(), 30)
        await runner.cleanup()
    text = "".join(log) + err.decode()
    assert proc.returncode == 0, text
    assert "Traceback" not in text and " ERROR " not in text, text


async def test_a_stop_while_a_login_hangs_ends_tilebot_at_once(tmp_path):
    """A platform that takes the connection and never answers (a login can hang for
    minutes): SIGTERM stops tilebot then, with status 0, not after the library gives up."""
    async def silent(reader, writer):
        await asyncio.sleep(3600)
    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    env = {k: v for k, v in os.environ.items() if k not in ("TELEGRAM_TOKEN", "DISCORD_TOKEN")}
    env.update(DISCORD_TOKEN=fake_discord.TOKEN, DISCORD_API_URL=url + "/api/v10",
               DISCORD_GATEWAY_URL=url.replace("http", "ws") + "/gateway",
               TILEBOT_DB=str(tmp_path / "served.sqlite3"))
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.cli", env=env,
                                                cwd=tmp_path, stderr=asyncio.subprocess.PIPE)
    try:
        await asyncio.sleep(3)  # logging in, on a connection that never answers
        proc.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(proc.communicate(), 10)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        server.close()
    assert proc.returncode == 0, err.decode()
    assert "Traceback" not in err.decode() and "tilebot:" not in err.decode()


def test_a_token_is_read_without_the_spaces_newline_or_quotes_an_env_file_leaves():
    from bot.adapters.serve import _token

    for typed in ("123:abc", " 123:abc\n", '"123:abc"', "'123:abc' "):
        assert _token({"TELEGRAM_TOKEN": typed}, "TELEGRAM_TOKEN") == "123:abc"
    assert _token({}, "TELEGRAM_TOKEN") == "" and _token({"X": "  "}, "X") == ""
    from bot.adapters.serve import tokens_set  # spaces alone: the terminal table, not a login

    assert not tokens_set({"TELEGRAM_TOKEN": "  ", "DISCORD_TOKEN": '""'})
    assert tokens_set({"DISCORD_TOKEN": " abc "})


def test_telegram_out_of_reach_is_one_log_line_a_poll_without_a_traceback(caplog):
    """An outage logs each failed poll as one line (it logged a 90-line traceback a try)."""
    import logging

    from telegram.error import NetworkError

    from bot.adapters.telegram import TelegramService

    service = TelegramService("123:abc", "http://127.0.0.1:9")
    with caplog.at_level(logging.WARNING):
        service._polling_failed(NetworkError("httpx.ConnectError: All connection attempts failed"))
    (record,) = caplog.records
    assert record.exc_info is None and "polling for updates failed" in record.getMessage()


@pytest.mark.parametrize("token,says", [
    ("1:wrong", "it must be the whole token @BotFather gave (digits, a colon, then letters)"),
    ("987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw", "it is not a live token of a bot "
                                                     "(revoked, or mistyped)")])
async def test_a_refused_token_shaped_as_a_real_one_is_not_told_to_check_its_shape(token, says):
    """A revoked token (digits, a colon, letters) was told it "must be the whole token
    @BotFather gave (digits, a colon, then letters)", which it was."""
    from bot.adapters.serve import DoorUnavailable
    from bot.adapters.telegram import TelegramService

    tg = fake_telegram.FakeTelegram()
    await tg.start()
    try:
        service = TelegramService(token, base_url=tg.url)
        with pytest.raises(DoorUnavailable) as refused:
            await service.prepare(None)
        assert says in str(refused.value) and token not in str(refused.value)
    finally:
        await tg.close()
