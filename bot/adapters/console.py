"""The terminal table: one person plays any game against computer players in a terminal,
through the same core, commands and store as the chat platforms.

`tilebot play [game]` (and `tilebot` / `make run` with no platform token). Lines are read
from stdin, with or without a TTY (tests pipe them in); EOF or /quit ends cleanly and the
table stays in the store, so the next run resumes it. Group and private messages are both
printed (private ones marked); pictures are saved as the PNGs a chat would receive and
their path printed. There is no per-move time limit in the terminal unless a table is
opened with a `timer` option (it keeps it when resumed, whatever the next start is given).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from render.rack import tile_labels
from rules import find_game, game_ids
from rules.ai import LEVELS
from rules.errors import ConfigError
from rules.words import fold

from .. import i18n
from ..cli import CliError
from ..core import Core
from ..game_names import either_okey_named, game_named, pick_game
from ..lobby import (
    CORE_OPTIONS,
    again_words,
    league_of,
    make_config,
    options_as_read,
    split_options,
    timer_of,
)
from ..messages import Buttons, Command, Edit, Image, Line, To, User
from ..notation import without_end_mark
from ..pictures import Pictures, theme_named
from ..refusal import Refusal
from ..store import Store
from ..timers import SystemClock

PLATFORM = "console"
CHAT = "terminal"
USER_ID = "you"
QUIT = ("/quit", "/exit", "quit", "exit")


# A table's opening as the terminal says it: it starts at once, nobody types /start
_HERE = {"core.created": "core.created_here", "core.created_single": "core.created_single_here"}
# what the terminal says its own way: one person there, no chat admin to close a table
_TERMINAL_KEYS = {"core.all_away": "core.all_away_terminal",
                  "core.away_rack.waits": "core.away_rack.waits_terminal",
                  "core.away_private.waits": "core.away_private.waits_terminal",
                  "core.error.move_word": "core.error.move_word_terminal",  # (no buttons)
                  "core.created": "core.created_terminal",  # (nobody else to /join)
                  "core.error.sent_before_turn": "core.error.sent_before_turn_terminal"}


class Printer:
    """Turns outbound messages into terminal text and PNG files."""

    def __init__(self, stream, picture_dir: Path):
        self.stream = stream
        self.picture_dir = picture_dir
        self.at_prompt = False  # "> " is shown and the person may be typing after it
        self.starting = False  # the terminal opens and starts a table itself: no lobby tips
        # said after a timer's lines while waiting at "> " (a table that ended: its record)
        self.then: Callable[[], None] | None = None

    async def __call__(self, messages) -> None:
        messages = [m for m in messages if not isinstance(m, Edit)]  # a terminal cannot edit
        if not messages:
            return
        if self.at_prompt:  # a timer's move while waiting: its own lines, then "> " again
            self.stream.write("\n")
        for m in messages:
            own = {**_TERMINAL_KEYS, **(_HERE if self.starting else {})}  # ("/join to sit
            # down, ... /start to begin": done for them while it starts)
            if any(ln.key in own for ln in m.lines):
                m = replace(m, lines=tuple(Line(own[ln.key], ln.params) if ln.key in own
                                           else ln for ln in m.lines))
            text = i18n.render(m)
            if isinstance(m, Image):
                path = self.save(m)
                text += "\n" + i18n.translate(m.lang, "core.image_saved", {"path": str(path)})
                if m.kind == "rack" and "rack" in m.view:  # the numbers under the tiles,
                    text += "\n" + _numbered(m.view)  # for `discard 5` (dominoes: none)
            if isinstance(m, Buttons) and m.choices and m.to.private:  # a lobby's are typed
                text += "\n  " + "  ·  ".join(f"/{c.label}" for c in m.choices)
            prefix = "» " if m.to.private else ""
            self.stream.write("\n".join(prefix + line for line in text.splitlines()) + "\n")
        if self.at_prompt:
            if self.then is not None:
                self.then()
            self.stream.write("> ")
        self.stream.flush()

    def save(self, m: Image) -> Path:
        """One file per game and kind (two tables' pictures never overwrite each other);
        the next picture of the same replaces it, as the state it shows has moved on."""
        self.picture_dir.mkdir(parents=True, exist_ok=True)
        game = m.view.get("game") if isinstance(m.view, dict) else None
        path = self.picture_dir / (f"{game}-{m.kind}.png" if game else f"{m.kind}.png")
        path.write_bytes(m.png)
        return path


def _numbered(view) -> str:
    """The rack's tiles with the numbers the picture puts under them."""
    slots = view.get("rack") or []
    return "  " + "  ".join(f"{label}:{t}" for t, label in zip(slots, tile_labels(slots),
                                                               strict=True) if t is not None)


def run_console(args, options: dict, stdin=None, stdout=None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if hasattr(stdout, "reconfigure"):
        stdout.reconfigure(errors="replace")  # Hindi on a terminal that cannot show it
    if hasattr(stdin, "reconfigure"):  # "yüzbir" typed on an ASCII terminal: read, not a
        stdin.reconfigure(errors="replace")  # dead input thread and a hang
    stdout = _Out(stdout)
    speaking = [i18n.normalise(args.lang)]  # the terminal's language, as /lang changes it
    try:
        return asyncio.run(_run(args, options, _Lines(stdin), stdout, speaking))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C, or the terminal closed
        # (SIGHUP) or a SIGTERM: the table is saved; leave as /quit does
        stdout.write("\n" + i18n.translate(speaking[0], "core.goodbye") + "\n")
        return 0
    finally:  # the store is closed: a late signal does not turn the exit into a kill
        if stdin is sys.stdin:  # (the process's own terminal, not a caller's streams)
            for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
                if sig is not None:
                    signal.signal(sig, signal.SIG_IGN)


class _Out:
    """The terminal's output. Once it is gone (its window closed: writing fails, EIO)
    nothing more is shown: the table is saved, and what it missed is told at the next
    start, as after a crash."""

    def __init__(self, stream):
        self.stream = stream
        self.gone = False

    def write(self, text: str) -> None:
        self._quietly(self.stream.write, text)

    def flush(self) -> None:
        self._quietly(self.stream.flush)

    def _quietly(self, call, *args) -> None:
        if self.gone:
            return
        try:
            call(*args)
        except OSError:
            self.gone = True

    def __getattr__(self, name):
        return getattr(self.stream, name)


class _Lines:
    """stdin's lines, read on a daemon thread: a read that blocks never holds up Ctrl-C or
    the exit (a worker of the loop's executor would be waited for)."""

    def __init__(self, stdin):
        self.stdin = stdin
        self.queue: asyncio.Queue | None = None
        # Core.arrive, once there is a core: a line typed at a terminal is numbered as it
        # comes in, so a move typed while the turn before it is played is refused, not
        # played on the next turn; a file or a pipe is read ahead at once, so its lines are
        # numbered as they are taken (a script plays each move on its turn)
        self.stamp: Callable[[], int] | None = None
        self.arrival: int | None = None  # the number of the line `next` returned last
        self.stopping = False  # a signal ended the session: no line more is read
        self.ending = False  # the session is closing its store: a signal waits for it

    def isatty(self) -> bool:
        return self.stdin is sys.stdin and sys.stdin.isatty()

    def stop(self) -> None:
        """The end of input, as Ctrl-D, from now on (lines typed ahead are not played)."""
        self.stopping = True
        if self.queue is not None:
            self.queue.put_nowait(("", None))

    async def next(self) -> str | None:
        if self.queue is None:
            loop, self.queue = asyncio.get_running_loop(), asyncio.Queue()
            threading.Thread(target=self._pump, args=(loop,), daemon=True).start()
        if not self.stopping:
            line, self.arrival = await self.queue.get()
        if self.stopping:
            return None
        return None if line == "" else line.strip()

    def _came(self, line: str) -> None:
        typed = self.stamp is not None and self.isatty()
        self.queue.put_nowait((line, self.stamp() if typed else None))

    def _pump(self, loop) -> None:
        while True:
            try:
                line = self.stdin.readline()
            except OSError:  # the terminal is gone (its window closed): as Ctrl-D
                line = ""
            try:
                loop.call_soon_threadsafe(self._came, line)
            except RuntimeError:  # the loop has closed: nobody reads any more
                return
            if line == "":
                return


def _stop(table, tables) -> str:
    """The /stop that closes `table`: with several open, named by its game (a bare /stop
    would be asked which)."""
    return f"{table.game.id} stop" if len(tables) > 1 else "stop"


def _goes_on(lang: str, table, tables) -> str:
    """"Your unfinished Dominoes table goes on (/dominoes stop ends it)." """
    return i18n.translate(lang, "core.console_goes_on", {
        "game": i18n.translate(lang, f"core.game.{table.game.id}"),
        "stop": _stop(table, tables)}) + "\n"


# commands the game question answers typed without their slash too ("help")
_ASKED_BARE = ("help", "lang", "mylang", "rules", "league", "theme", "mytheme", "new")


async def _ask_game(stdin, stdout, lang_now, do, opened) -> str | None:
    """The game to open, by number or name; None: quit. A command typed here (/help,
    /lang tr, /rules okey101) is answered and the question asked again; "" if the command
    opened a table itself (/new)."""
    ids = game_ids()
    while True:
        lang = await lang_now()
        names = ", ".join(f"{i}. {i18n.translate(lang, f'core.game.{g}')}"
                          for i, g in enumerate(ids, 1))
        stdout.write(i18n.translate(lang, "core.ask_game", {"games": names}) + "\n> ")
        stdout.flush()
        answer = await stdin.next()
        if answer is None or answer.lower() in QUIT:
            return None
        game_id = pick_game(answer, ids, lang) or game_named(answer, ids, lang)  # "101" too
        if game_id is None and answer.split() and answer.split()[0].lower() in _ASKED_BARE:
            answer = "/" + answer  # typed bare, as moves are at the table
        if game_id is None and answer.startswith("/"):
            await do(answer)
            if opened():
                return ""
            continue
        if game_id is not None:
            return game_id
        if either_okey_named([answer], lang):  # "101", "okey": to a Turk, either okey game
            stdout.write(i18n.translate(lang, "core.error.either_okey", {
                "game": answer, "games": [Line(f"core.game.{g}") for g in ids]}) + "\n")
        elif answer:
            stdout.write(i18n.translate(lang, "core.ask_game_again",
                                        {"answer": answer, "count": len(ids)}) + "\n")




def _stop_on_signals(stdin: _Lines) -> None:
    """Ctrl-C, SIGTERM and SIGHUP (the terminal window closed) end the session as Ctrl-D
    does: the move under way played to its end (a move typed just before a Ctrl-C was
    lost, the computers still thinking about their answers), the store closed, not the
    process killed mid-write. A second one while a move is still under way stops at once."""
    loop, task = asyncio.get_running_loop(), asyncio.current_task()

    def stop() -> None:
        if stdin.stopping and not stdin.ending:
            task.cancel()
        stdin.stop()

    for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, stop)  # (not on Windows' loop)


async def _run(args, options: dict, stdin, stdout, speaking: list) -> int:
    _stop_on_signals(stdin)
    if args.lang is not None and not i18n.known(args.lang):  # not silently English
        raise CliError(f"unknown language {args.lang!r}: languages are "
                       f"{', '.join(i18n.LANGS)}")
    game_id = args.game
    if game_id is not None:  # bad game or options: a one-line error from the CLI, exit 2
        game_id = _check_options(find_game(game_id), options).id
    else:  # an option no game has: at once, not after the question (the game's own at it)
        _check_options(None, options)
    db_path = Path(args.db or "tilebot.sqlite3").resolve()
    store = await Store.open(str(db_path))
    printer = Printer(stdout, db_path.parent / "tilebot-pictures")
    # Nobody is rushed at a terminal: a table's moves are timed only when it was opened
    # with a timer option (Core.timed), whatever a later start is given.
    core = Core(store, printer, SystemClock(), seed=args.seed, pictures=Pictures(),
                timers=False, buttons=False)
    core.pictures.warm()  # while the player chooses a game
    stdin.stamp = core.arrive
    try:
        if args.lang is not None:  # else the language of last time (a /lang lasts)
            await store.set_chat_lang(PLATFORM, CHAT, i18n.normalise(args.lang))
        await core.restore({PLATFORM})  # a chat's tables are the bot's to play and tell
        lang = speaking[0] = await core.lang_of(To(PLATFORM, chat=CHAT))
        await _the_person_speaks(store, lang)  # a --lang, or a /mylang of an older version
        login = os.environ.get("USER")
        user = User(USER_ID, login or i18n.translate(lang, "core.console_player"), lang)

        async def do(text: str, arrival: int | None = None, slashed: bool = True) -> list:
            cmd = Command.parse(PLATFORM, CHAT, user, _one_language(text), is_admin=True,
                                shown_to_chat=False, arrival=arrival,  # nobody else here
                                slashed=slashed)  # ("hello": quoted back without a slash)
            if (theme := _theme_named(cmd)) is not None:  # the rack's too, before the
                await core.prefs.set_own_theme(PLATFORM, USER_ID, theme)  # /theme shows it
            if not login and not _open_tables(core):  # the default name: in the language
                new = _lang_named(cmd)  # a /lang sets, in its own reply too
                if new is not None:
                    cmd = replace(cmd, user=replace(
                        user, name=i18n.translate(new, "core.console_player")))
            return await core.handle(cmd)

        async def lang_now() -> str:
            nonlocal user
            lang = speaking[0] = await core.lang_of(To(PLATFORM, chat=CHAT))  # after /lang
            if lang != user.lang:  # one person at a terminal: the table's language is theirs
                await _the_person_speaks(store, lang)
            user = User(USER_ID, user.name if login or _open_tables(core)
                        else i18n.translate(lang, "core.console_player"), lang)
            return lang

        stdout.write(i18n.translate(lang, "core.console_welcome", {"db": str(db_path)}) + "\n")
        while game_id is None and not _open_tables(core):
            game_id = await _ask_game(stdin, stdout, lang_now, do, lambda: _open_tables(core))
            if game_id is None:  # Ctrl-D or /quit at the question: "Bye." as anywhere
                stdout.write("\n" + i18n.translate(await lang_now(), "core.goodbye") + "\n")
                return 0
            if game_id:  # the options given are the chosen game's, as `play GAME -o` has it
                try:
                    _check_options(find_game(game_id), options, picked=True)
                except CliError as e:  # (-o games=3, then Okey 101 picked): another game?
                    stdout.write(f"{e}\n")
                    game_id = None
            lang = await lang_now()
        given_for: tuple[str | None, list[str]] = (None, [])  # a resumed table's id: options
        if game_id:
            printer.starting = True
            try:
                resumed = await _open(core, do, game_id, options)
            finally:
                printer.starting = False
            if resumed is not None:  # its own options, whatever was given this time
                kept = again_words(resumed.game, resumed.options, resumed.timer,
                                   resumed.bots, resumed.league, terminal=True)[1:]
                if not set(options_as_read(resumed.game, options)) <= set(kept):
                    # once it ends, "play again" offers the ones given ("/stop it first to
                    # play with the ones you gave")
                    given_for = (resumed.id, [game_id, *(f"{k}={v}" for k, v in options.items())])
                    stdout.write(i18n.translate(lang, "core.console_resumed", {
                        "game": i18n.translate(lang, f"core.game.{game_id}"),
                        "options": i18n.show(lang, core.described_options(resumed)),
                        "stop": _stop(resumed, _open_tables(core))}) + "\n")
            for table in _open_tables(core):  # left open last time beside it: said
                if table.game.id != game_id:
                    stdout.write(_goes_on(lang, table, _open_tables(core)))
        elif game_id is None:  # the tables left open last time, each by its game
            for table in _open_tables(core):
                stdout.write(_goes_on(lang, table, _open_tables(core)))
                await do(f"/table {table.game.id}")
                await do(f"/hand {table.game.id}")
        watched = _open_tables(core)  # whose end is told with its record and "play again"

        def tell_ended() -> None:
            """Each table that ended since (by a line or a timer's move), also while another
            goes on."""
            nonlocal watched
            still = {t.id for t in _open_tables(core)}
            _tell_ended(stdout, lang, [t for t in watched if t.id not in still], db_path,
                        given_for)
            watched = _open_tables(core)

        printer.then = tell_ended  # (a timer's move that ends a match while "> " waits)
        while True:
            if stdin.isatty():
                stdout.write("> ")
                stdout.flush()
                printer.at_prompt = True
            line = await stdin.next()
            printer.at_prompt = False
            if line is None or line.lower() in QUIT:
                break
            if line:
                await do(line if line.startswith("/") else "/" + line, stdin.arrival,
                         slashed=line.startswith("/"))
                lang = await lang_now()
            tell_ended()
        ended_by_eof = line is None and stdin.isatty()  # Ctrl-D: not after the prompt
        stdout.write(("\n" if ended_by_eof else "") + i18n.translate(lang, "core.goodbye") + "\n")
        return 0
    finally:
        stdin.ending = True
        core.close()
        await store.close()


def _tilebot() -> str:
    """tilebot as this shell types it: its name where the shell finds this one, else the
    path it was started by (`make run` starts .venv/bin/tilebot, not on the PATH)."""
    started = sys.argv[0]
    if os.path.basename(started) != "tilebot":  # (python -m bot.cli: tests, a developer)
        return "tilebot"
    found = shutil.which("tilebot")
    if found and os.path.realpath(found) == os.path.realpath(started):
        return "tilebot"
    return shlex.quote(started)


def _tell_ended(stdout, lang: str, ended: list, db_path, given_for) -> None:
    """For each table of `ended` that was dealt (not a lobby closed): the command that
    prints its record (`tilebot record` needs its id; none for a game stopped before its
    first move, which has none) and how to play it again, with its
    mode and options (a resumed table's: the options given this time, `given_for`)."""
    for table in [t for t in ended if t.state is not None]:
        if table.moves or table.status != "stopped":  # (stopped before a move: no record,
            stdout.write(i18n.translate(lang, "core.console_record", {  # `tilebot record`)
                "id": table.id, "db": shlex.quote(str(db_path)), "tilebot": _tilebot()}) + "\n")
        words = again_words(table.game, table.options, table.timer, table.bots,
                            table.league, terminal=True)
        if given_for[0] == table.id:
            words = given_for[1]
        stdout.write(i18n.translate(lang, "core.console_again", {
            "command": " ".join(words)}) + "\n")
        stdout.flush()


def _check_options(game, options: dict, picked: bool = False):
    """`-o` options `game` does not take or values it does not allow: a one-line error from
    the CLI (exit 2), before a table opens; returns the game (`picked`: at the question,
    the error names it). With no game yet (None): an option no game takes, and the core's
    options whose values are the same for every game (bots, league)."""
    words = [f"{k}={v}" for k, v in options.items()]
    try:
        game_opts, core_opts = split_options(game or find_game(game_ids()[0]), words)
    except Refusal as r:  # "=3", "-o Rounds=1 -o rounds=3"
        raise CliError(i18n.translate(i18n.DEFAULT, r.line.key, r.line.params)) from None
    if game is None:
        names = list(dict.fromkeys([*(o for g in game_ids() for o in find_game(g).Config.options()),
                                    *CORE_OPTIONS]))
        for key in (*game_opts, *core_opts):
            if key not in names:
                raise CliError(f"unknown option {key!r}: no game has it; options: "
                               f"{', '.join(names)}")
        for word in words:  # a value no game takes: at once too (`players=9`)
            _some_game_takes(word)
    else:
        try:
            timer_of(game, make_config(game, game_opts), core_opts)  # a bad timer too
        except ConfigError as e:
            if not picked:
                raise
            game_name = i18n.translate(i18n.DEFAULT, f"core.game.{game.id}")
            raise CliError(f"{game_name}: {e.message}") from None
    league_of(core_opts)  # a bad league=
    if core_opts.get("bots") is not None:  # and a level the computers do not have
        try:
            Core.check_level(core_opts["bots"])
        except Refusal:
            raise CliError(f"unknown level {core_opts['bots']!r}: levels are "
                           f"{', '.join(LEVELS)}") from None
    return game


def _some_game_takes(word: str) -> None:
    """Refuse `key=value` if no game takes that value (each game that has the option says
    what it allows); a value some game takes waits for the game to be picked."""
    refusals: dict[str, list[str]] = {}  # what a game allows -> the games saying so
    key, value = "", word.partition("=")[2].strip()
    for game_id in game_ids():
        game = find_game(game_id)
        game_opts, core_opts = split_options(game, [word])
        key = next(iter({**game_opts, **core_opts}))  # as options are named ("Players")
        if key in game_opts and key not in game.Config.options():
            continue  # not its option
        try:
            timer_of(game, make_config(game, game_opts), core_opts)
            return
        except ConfigError as e:
            allowed = e.message.partition("; allowed: ")[2] or e.message
            refusals.setdefault(allowed, []).append(
                i18n.translate(i18n.DEFAULT, f"core.game.{game_id}"))
    if refusals:
        said = "; ".join(f"{', '.join(games)}: {allowed}" for allowed, games in refusals.items())
        raise CliError(f"bad value {value!r} for {key}: no game takes it ({said})")


def _lang_named(cmd: Command) -> str | None:
    """The language a `/lang xx` is about to set, else None (not a /lang, or a refused
    one: its reply is in the language spoken now)."""
    if cmd.name != "lang" or not cmd.args:
        return None
    return i18n.language_named(" ".join(cmd.args))


def _one_language(text: str) -> str:
    """A typed command, /mylang as /lang and /mytheme as /theme: the terminal's one screen
    speaks one language and shows one theme, to the table and to its one person alike."""
    head, _, rest = text.partition(" ")
    one = {"/mylang": "/lang", "/mytheme": "/theme"}.get(fold(head))
    return f"{one} {rest}".rstrip() if one else text


def _theme_named(cmd: Command) -> str | None:
    """The theme a `/theme xx` is about to set, else None."""
    if cmd.name != "theme" or not cmd.args:
        return None
    return theme_named(without_end_mark(" ".join(cmd.args)))


async def _the_person_speaks(store: Store, lang: str) -> None:
    """The terminal's person reads `lang` too, over a /mylang kept from before. The core
    reads it back at their next command: the language their User carries changes with it
    (Core._see)."""
    await store.set_user_lang(PLATFORM, USER_ID, lang)


def _open_tables(core: Core) -> list:
    return [t for t in core.tables.values() if (t.platform, t.chat) == (PLATFORM, CHAT)]


async def _open(core: Core, do, game_id: str, options: dict):
    """Resume this game's unfinished table (returned), else open and start a new one."""
    for table in _open_tables(core):
        if table.game.id == game_id:
            await do(f"/table {game_id}")
            await do(f"/hand {game_id}")
            return table
    words = " ".join(f"{k}={v}" for k, v in options.items())
    before = len(core.tables)
    await do(f"/new {game_id} {words}".strip())
    if len(core.tables) > before:
        await do(f"/start {game_id}")

