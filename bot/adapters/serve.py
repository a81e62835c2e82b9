"""`tilebot` with platform tokens: one core, one store, every configured chat platform.

Both doors share the core (a table lives on one platform; the core addresses each message
to its table's platform, and `Router` hands it to that platform's door), so each table has
one lock, one timer and one place in the store whichever doors are open.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from ..core import Core
from ..store import Store, StoreUnavailable

log = logging.getLogger(__name__)


class DoorUnavailable(Exception):
    """A platform refused the bot's token: `tilebot` says so in one line and exits 2."""


class DoorUnreachable(DoorUnavailable):
    """A platform could not be reached at the start (no network yet, an outage): `tilebot`
    says so in one line and tries again, less and less often (a machine's network often
    comes up after the services that need it; a supervisor restarting a process that exits
    at once gives up after a few tries)."""


# seconds before the first try again at the start, doubled each time up to the last
RETRY_FIRST, RETRY_LAST = 2.0, 60.0
OPENING_GRACE = 3.0  # seconds a start under way may take to end after Ctrl-C or SIGTERM


class Router:
    """The core's `send`: each message to the door of its platform, in order."""

    def __init__(self, services):
        self.by_platform = {s.platform: s for s in services}

    async def send(self, messages) -> list:
        """Returns what the doors hold back to send later (futures, see
        bot/adapters/backlog.py)."""
        batch: list = []
        held: list = []
        for m in messages:  # consecutive messages for one platform go as one batch
            if batch and batch[-1].to.platform != m.to.platform:
                held += await self._deliver(batch)
                batch = []
            batch.append(m)
        if batch:
            held += await self._deliver(batch)
        return held

    async def reachable(self, platform: str, user: str | None = None) -> bool:
        """Does `platform` answer now, and do `user`'s private messages go out (a door that
        cannot say: yes)?"""
        service = self.by_platform.get(platform)
        check = getattr(service, "reachable", None)
        return True if check is None else await check(user)

    async def rack_unseen(self, platform: str, user: str) -> bool:
        """Has `user`'s latest private message not reached them (a door that cannot say:
        it has)?"""
        check = getattr(self.by_platform.get(platform), "private_unseen", None)
        return False if check is None else check(user)

    async def _deliver(self, batch) -> list:
        service = self.by_platform.get(batch[0].to.platform)
        if service is None:
            log.warning("no door for %s: %d messages dropped", batch[0].to.platform, len(batch))
            return []
        return await service.send(batch) or []


async def open_core(store: Store, services, **core_options) -> Core:
    """A core for `services`: every door logged in (able to send), then the unfinished
    tables restored (a timer that ran out while the bot was down speaks at once), then the
    doors listening (no command comes before its table is back)."""
    router = Router(services)
    core = Core(store, router.send, **core_options)
    core.reachable = router.reachable  # a move's time waits while its platform is down
    core.rack_unseen = router.rack_unseen  # a move by rack numbers waits for the picture
    core.pictures.warm()  # while the doors log in
    try:
        for service in services:
            await service.prepare(core)
        restored = await core.restore({service.platform for service in services})
        log.info("%d unfinished table%s restored", restored, "" if restored == 1 else "s")
        for service in services:
            await service.listen()
    except BaseException:
        await close_core(core, services)
        raise
    return core


async def close_core(core: Core, services) -> None:
    for service in services:
        await service.stop()
    core.close()


def _token(env, name: str) -> str:
    """A token as set: without the spaces, newline or quotes an env file may leave around
    it (Telegram sent them on, and its refusal quoted the token whole)."""
    return (env.get(name) or "").strip().strip("'\"").strip()


def tokens_set(env=os.environ) -> bool:
    """Is a platform's token set (not only spaces or quotes)?"""
    return bool(_token(env, "TELEGRAM_TOKEN") or _token(env, "DISCORD_TOKEN"))


def configured_services(env=os.environ) -> list:
    """The doors whose tokens are set."""
    services = []
    if telegram_token := _token(env, "TELEGRAM_TOKEN"):
        from .telegram import TelegramService

        services.append(TelegramService(telegram_token, env.get("TELEGRAM_API_URL")))
    if discord_token := _token(env, "DISCORD_TOKEN"):
        from .discord import DiscordService, use_endpoints

        use_endpoints(env.get("DISCORD_API_URL"), env.get("DISCORD_GATEWAY_URL"))
        services.append(DiscordService(discord_token))
    return services


# What the libraries log that tilebot says better itself, or that means nothing for a bot
# with no voice: (logger, words its message starts with). Their other records stay.
QUIET = (
    # a revoked token: tilebot's own one line says so (`lost`); this came with a traceback
    ("telegram.ext", "Network Retry Loop (Polling Updates): Invalid token"),
    # a platform's gateway answering an outage's HTML page (502): the try's own line says it
    ("telegram.request.BaseRequest", "Can not load invalid JSON data"),
    ("discord.client", "PyNaCl is not installed"),  # voice, which tilebot never uses
    ("discord.client", "davey is not installed"),
    ("discord.client", "logging in using static token"),  # at every start, says nothing
)


# What the libraries log with a traceback that says nothing more than its one line: kept,
# without the traceback (a Discord outage logged one every few seconds)
ONE_LINE = (("discord.client", "Attempting a reconnect"),
            # a stop while Telegram is out of reach: the updates are fetched again later
            ("telegram.ext.Updater", "Error while calling `get_updates` one more time"))


def _quiet(record: logging.LogRecord) -> bool:
    """Keep `record` unless QUIET names it, and without its traceback where ONE_LINE does
    (a logging filter)."""
    try:
        text = record.getMessage()
    except (TypeError, ValueError):  # a library's bad format: its handler reports it
        return True
    if any(record.name == name and text.startswith(words) for name, words in ONE_LINE):
        record.exc_info = record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True
    return not any(record.name == name and text.startswith(words) for name, words in QUIET)


def quieten_libraries() -> None:
    """Drop the library records QUIET names (each on its own logger: a filter there sees
    only that logger's own records)."""
    for name in dict.fromkeys(name for name, _ in (*QUIET, *ONE_LINE)):
        logger = logging.getLogger(name)
        if _quiet not in logger.filters:
            logger.addFilter(_quiet)
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per Telegram poll otherwise
    for name in BODIES_AT_DEBUG:  # a log set to DEBUG must still hold no rack
        logging.getLogger(name).setLevel(logging.INFO)


# The chat libraries write what is sent and received (a rack's caption, the message under
# a pressed button, a move's custom_id) at DEBUG, in many of their loggers: all are held
BODIES_AT_DEBUG = ("telegram", "discord", "aiosqlite")  # (aiosqlite: each SQL
# statement with its values, a deal's seed and a face-down domino among them)


def run_platforms(db: str | None = None) -> int:
    """Serve every configured platform until interrupted (Ctrl-C, SIGTERM)."""
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quieten_libraries()
    return asyncio.run(_serve(str(Path(db or "tilebot.sqlite3").resolve())))


async def _serve(db_path: str) -> int:
    try:
        store = await Store.open(db_path)
    except StoreUnavailable as e:
        print(f"tilebot: {e}", file=sys.stderr)
        return 2
    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, done.set)
    try:
        try:
            opened = await _open_when_reachable(store, done)
        except DoorUnavailable as e:
            print(f"tilebot: {e}", file=sys.stderr)
            return 2
        if opened is None:  # stopped before every platform could be reached
            return 0
        core, services = opened
        log.info("serving %s (store %s)", ", ".join(s.platform for s in services), db_path)
        reason = await _until_stopped_or_lost(done, services)
        await close_core(core, services)
    finally:
        await store.close()
    if reason:  # exit 2: a supervisor restarts it, and the login says what is wrong
        print(f"tilebot: {reason}", file=sys.stderr)
        return 2
    return 0


async def _open_when_reachable(store: Store, done: asyncio.Event):
    """(core, services) once every configured platform has been reached, trying again
    while one cannot be (fresh doors each time: a failed login leaves a library's client
    closed); None if stopped meanwhile."""
    delay = RETRY_FIRST
    while True:
        services = configured_services()
        opening = asyncio.ensure_future(open_core(store, services))
        stopped = asyncio.ensure_future(done.wait())
        await asyncio.wait([opening, stopped], return_when=asyncio.FIRST_COMPLETED)
        stopped.cancel()
        if not opening.done():
            # stopped meanwhile: a start about to end may end (the usual stop closes it)
            await asyncio.wait([opening], timeout=OPENING_GRACE)
        if not opening.done():
            # a login that hangs (an outage that never answers) is given up; open_core
            # closes what it opened
            opening.cancel()
            await asyncio.gather(opening, return_exceptions=True)
            return None
        try:
            return opening.result(), services
        except DoorUnreachable as e:
            if done.is_set():  # no "trying again" on the way out
                return None
            log.warning("%s: trying again in %g s", e, delay)
        try:
            await asyncio.wait_for(done.wait(), delay)
            return None
        except TimeoutError:
            delay = min(2 * delay, RETRY_LAST)


async def _until_stopped_or_lost(done: asyncio.Event, services) -> str | None:
    """Wait for Ctrl-C / SIGTERM (None), or for a platform to drop the bot for good (a
    revoked token): the reason, in one line."""
    stopped = asyncio.ensure_future(done.wait())
    lost = [asyncio.ensure_future(s.lost()) for s in services]
    try:
        finished, _ = await asyncio.wait([stopped, *lost], return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiting in (stopped, *lost):
            waiting.cancel()
    reasons = [w.result() for w in lost if w in finished]
    if reasons:
        log.error("stopping: %s", reasons[0])
    return reasons[0] if reasons else None
