"""The platform-neutral core: every table's lobby, turns, timers, computer players and what
each person is told. Adapters call `await core.handle(command)`; the core delivers the
resulting messages through the `send` callback it was given (timeouts deliver through it
too, with no command behind them).

Which table a command means: a button press names it; otherwise the chat's tables (in a
private chat, the tables the user sits at), narrowed to the game named in the command
(`/table dominoes`, or a game id as the command: `/dominoes play 3-5`), then to the tables
the user sits at, then (for moves) to the one where it is their turn. Still ambiguous:
the user is asked to name the game.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import rules
from rules.ai import LEVELS, make_agent
from rules.errors import RulesError
from rules.tiles import is_tile
from rules.words import echoed, fold

from . import board, i18n, notation, rack_layout, rack_order, texts, thinking, views
from .game_names import either_okey_named, game_named, name_word, words_naming
from .gloss_answers import gloss_refused, refused_at, rules_named
from .lobby import (
    AGAIN,
    Lobby,
    lobby_args,
    make_config,
    parse_lobby_payload,
    timer_asked,
    timer_of,
)
from .messages import Choice, Command, Edit, Image, Joined, Line, Outbound, Reply, To, User
from .outbox import Outbox
from .pictures import Pictures
from .play import Play, is_live_ref, parse_payload
from .prefs import Prefs, set_by
from .rack_layout import Layout
from .refusal import Refusal, either_okey_refusal, error_line, not_started
from .standings import Standings
from .store import Store, disk_full
from .tables import ABANDONED_WAIT
from .timers import SystemClock
from .told import Told
from .turn_timers import TurnTimers

log = logging.getLogger(__name__)

THINKING_THREADS = 4  # tables whose computers think at once (each decision on one thread)
TABLE_COMMANDS = ("join", "leave", "addbot", "start", "stop", "rules", "table", "hand", "back",
                  "hurry")


# Table commands whose only word is a game: any other word is a game the bot does not know,
# refused rather than ignored (else "/stop okey" would stop the chat's dominoes table).
_NO_WORDS = ("leave", "start", "stop", "rules", "table", "hand", "back", "hurry")


def _refuse_words(command: str, args, named: dict, games: list[Line], lang: str) -> None:
    if not args:
        return
    if named.get(args[0]) is not None:  # "/stop okey101 dominoes"
        raise Refusal("core.error.one_game", command=command)
    if either := either_okey_named(args, lang):  # ("/rules 101" to a Turkish reader: a
        raise either_okey_refusal(either, games)  # game, not a word too many)
    raise Refusal("core.error.not_a_game", word=echoed(args[0]), command=command,
                  games=games)


# Seconds within which a second press of a lobby's Add a computer by the same person is
# the same tap twice (phones and flaky networks send both), not a second computer.
DOUBLE_TAP = 1.0


def _langs() -> list[Line]:
    """The languages as one writes them in /lang, each with its name: "en (English)"."""
    return [Line("core.lang_code", {"code": code, "lang": Line(f"core.lang.{code}")})
            for code in i18n.LANGS]


# The table the command being handled was found to be for (Core.pick), per task.
_picked: contextvars.ContextVar = contextvars.ContextVar("picked", default=None)
# the chat whose language this command's first words chose (a /lang there then chooses it)
_claimed: contextvars.ContextVar = contextvars.ContextVar("claimed", default=None)


_BACK_TAG = "r"  # a private /back's button: "r:<table id>"


def _back_pressed(payload: str) -> int | None:
    """The table a private /back's button names; None if the payload is no such button's."""
    tag, _, tid = payload.partition(":")
    return notation.number(tid) if tag == _BACK_TAG else None


def _labels(places: list[str], most: int = 40) -> list[str]:
    """Places short enough for a button's label with their game (Discord cuts one at 80
    characters), each still told apart: their ends kept (two threads of one server), else
    their starts (two groups of one topic's name), else whole."""
    ends = [p if len(p) <= most else "…" + p[-(most - 1):] for p in places]
    starts = [p if len(p) <= most else p[:most - 1] + "…" for p in places]
    return next((cut for cut in (ends, starts) if len(set(cut)) == len(set(places))), places)


def _back_ref(user: str) -> str:
    return f"back{user}"


_ALL_FAMILIES = ("okey", "rummikub", "dominoes")


class Core(Lobby, Play, TurnTimers, Standings):
    def __init__(self, store: Store, send, clock=None, *, seed: int | None = None,
                 pictures: Pictures | None = None, find_game=rules.find_game,
                 game_ids=rules.game_ids, timers: bool = True, make_agent=make_agent,
                 buttons: bool = True):
        self.store = store
        self.send = send  # async callable(list[Outbound])
        self.clock = clock or SystemClock()
        self.timers = timers  # False: no per-move time limits at all (the terminal table)
        self.buttons = buttons  # False: moves are typed from a printed list (the terminal)
        # async (platform, user) -> does it answer now, and do that person's private
        # messages go out? (serve.open_core)
        self.reachable = None
        # async (platform, user) -> has the latest private message to that person not
        # reached them (held by flood control, or their private chat refuses the bot)? Their
        # rack's numbers may then be others than the picture they see (serve.open_core)
        self.rack_unseen = None
        self.seed = seed  # table seeds derive from it (None: from the OS)
        self.pictures = pictures if pictures is not None else Pictures()
        self.find_game = find_game
        self.game_ids = game_ids
        self.tables: dict[int, object] = {}
        # (platform, user, chat, game) -> (table, when): matches that ended while a computer
        # played that person's seat, so a /back after the end says so (Play.ended_while_away)
        self.ended_away: dict[tuple[str, str, str, str], tuple[object, float]] = {}
        # (platform, chat) -> its name, where the bot may not post (Lobby.chat_muted): a
        # match that ends there is told to its people privately too
        self.muted_chats: dict[tuple[str, str], str] = {}
        self._tipped: set[tuple[str, str]] = set()  # told their refused tiles were read
        # (table id, user): who left the group of a table they sit at (member_left), so
        # their private /back is for it, the one table they cannot /back at in its group
        self.left_group_of: set[tuple[int, str]] = set()
        self._opening = asyncio.Lock()  # one /new at a time: two at once make one table
        self._chat_langs: dict[tuple[str, str], str] = {}
        self._user_langs: dict[tuple[str, str], str] = {}
        self._seen: dict[tuple[str, str], tuple[str, str]] = {}  # (name, platform language)
        self._places: dict[tuple[str, str], str] = {}  # a chat's name (its group's title)
        self._chat_names: dict[tuple[str, str, str], str] = {}  # who goes by what, where
        self.prefs = Prefs(store)  # themes and rack orders people chose
        # per chat, the refs of the quiet table pictures that only table pictures have come
        # below since, the last things said there (a later one may then edit its own in
        # place, bot/prefs.py: a chat's two tables do not push each other down every move)
        # (kept in the store too, bot/prefs.py SAID_LAST: a restart goes on editing them)
        self._said_last: dict[tuple[str, str], tuple[str, ...]] = {}
        self._said_changed: set[tuple[str, str]] = set()  # chats whose entry the store lacks
        self._keeping: set[asyncio.Task] = set()
        self._added_at: dict[tuple[int, str], float] = {}  # (table, presser): last Add press
        self.arrivals = 0  # commands come in so far (a typed move's turn is one after it)
        self.closing = False  # close() was called: the bot is stopping
        self.told = Told(store)  # the moves each chat has been told (noted in the store)
        self.group_told = Told(store, group=True)  # ... its group messages out, racks aside
        self._agents: dict[tuple[str, str], object] = {}
        self.make_agent = make_agent  # (game id, level) -> agent; tests pass their own
        # Computers think on their own threads, so a slow Expert never holds up the event
        # loop: other tables (and this table's /table, /hand) are served meanwhile.
        self._thinking = ThreadPoolExecutor(THINKING_THREADS, thread_name_prefix="computer")

    # -- entry points ------------------------------------------------------------------
    async def handle(self, cmd: Command) -> list[Outbound]:
        """Handle one inbound command; returns (and sends) the messages it caused."""
        out = Outbox()
        _picked.set(None)
        _claimed.set(None)
        refused_at.set(None)
        if cmd.arrival is None:  # (a door that queues a chat's updates numbers them first)
            cmd = replace(cmd, arrival=self.arrive())
        try:
            await self.prefs.load()
            await self._see(cmd)
            if not cmd.private and cmd.shown_to_chat and cmd.payload is None:
                self._said_not_last(cmd.platform, cmd.chat)  # typed below the table
            await self._dispatch(cmd, out)
        except Refusal as r:  # (a rule's reason in it names its moves' game, as above)
            lines = [*self._about(cmd), self._named_game(cmd, r.line, rules_only=True),
                     *self._read_there(cmd)]
            if r.choices:
                out.buttons(To(cmd.platform, user=cmd.user.id), lines, r.choices, r.ref)
            else:
                out.user(cmd.platform, cmd.user.id, lines, cls=Reply)
        except RulesError as e:
            out.user(cmd.platform, cmd.user.id, [*self._about(cmd), self._named_game(
                cmd, error_line(e)), *self._read_there(cmd)], cls=Reply)
        except Exception as e:  # our fault: the table is as the store has it (undone_on_failure)
            if disk_full(e):  # nothing was stored: a person may try again once there is room
                log.error("%s command %r from %s in %s: the store's disk is full (%s)",
                          cmd.platform, cmd.name, cmd.user.id, cmd.chat, e)
                out.user(cmd.platform, cmd.user.id, Line("core.error.store_full"), cls=Reply)
            else:
                log.exception("%s command %r from %s in %s failed", cmd.platform, cmd.name,
                              cmd.user.id, cmd.chat)
                out.user(cmd.platform, cmd.user.id, Line("core.error.internal"), cls=Reply)
        if out.about is None:
            out.about = _picked.get()
        return await self.deliver(out)

    def _read_there(self, cmd: Command) -> list[Line]:
        """A refused command typed in a group that named rack tiles: nothing was played,
        but the group has read them; the refusal says so, once a person (a face-down
        domino's or an /arrange's answer says it each time)."""
        if cmd.private or not cmd.shown_to_chat or cmd.payload is not None \
                or (cmd.platform, cmd.user.id) in self._tipped \
                or not notation.names_tiles(cmd.args) \
                or not any(t.game.family in ("okey", "rummikub") and t.state is not None
                           for t in self._tables_of(cmd.platform, cmd.user.id)):
            return []  # (a bystander's tile names are nobody's rack)
        self._tipped.add((cmd.platform, cmd.user.id))
        return [Line("core.tip.typed_in_group")]

    def arrive(self) -> int:
        """The next command's place in the order they come in (Command.arrival)."""
        self.arrivals += 1
        return self.arrivals - 1

    def close(self) -> None:
        """Stop every timer (on shutdown; the deadlines stay in the store) and the threads
        and processes computers think on."""
        self.closing = True
        for table in self.tables.values():
            if table.timer_handle is not None:
                table.timer_handle.cancel()
        self._thinking.shutdown(wait=False, cancel_futures=True)
        thinking.stop()

    async def think(self, game_id: str, level: str, view, rng):
        """The computer's choice, computed off the event loop unless its agent says it is
        always quick (the hop costs more than such a move: measured with bench core): the
        slow levels in worker processes (bot/thinking.py), the others on threads."""
        agent = self.agent(game_id, level)
        if getattr(agent, "quick", False):
            return agent.choose(view, rng)
        loop = asyncio.get_running_loop()
        if level in thinking.ELSEWHERE and self.make_agent is make_agent:  # not a test's own
            workers = None
            try:
                workers = thinking.pool()
                return await loop.run_in_executor(workers, thinking.choose, game_id, level,
                                                  view, rng)
            except asyncio.CancelledError:
                if asyncio.current_task().cancelling():
                    raise  # this command was stopped (the bot stops)
                # not this command: the decision, queued in a pool another table's error
                # shut down (its workers lost)
                log.warning("%s %s: its workers were shut down; thinking on a thread",
                            game_id, level)
            except Exception as e:
                if not thinking.lost(e, workers):
                    raise
                # the workers were lost (killed, out of memory; a new one could not start):
                # the same agent thinks on a thread this time, so the move is the same
                log.warning("%s %s workers lost (%r); thinking on a thread", game_id, level, e)
        return await loop.run_in_executor(self._thinking, agent.choose, view, rng)

    async def deliver(self, out: Outbox) -> list[Outbound]:
        try:
            self._head_group(out)
            messages = await out.finish(self.lang_of, getattr(self.pictures, "draw", None),
                                        self.prefs.theme_of)
            held = None
            if messages:
                messages = self._in_place(messages)
                held = await self.send(messages)  # a door may hold some back (flood control)
            self.told.note(out.told, held)
            self.group_told.note(out.told, [f for f in held or () if not getattr(
                f, "private", False)])  # (a rack held privately: the group heard the move)
            await self._keep_said_last()
        finally:
            for table in out.tables:
                table.told()
            out.tables = []
            out.told = {}
        return messages

    def _head_group(self, out: Outbox) -> None:
        """In a chat with several tables, the group messages about one of them (`out.about`,
        else the one table whose moves they tell) start with its game: "Budi sits at seat
        2" or a move's picture could be either table's."""
        about = out.about or (out.tables[0] if len(out.tables) == 1 else None)
        if about is None:
            return
        where = (about.platform, about.chat)
        if not any(t is not about and (t.platform, t.chat) == where
                   for t in self.tables.values()):
            return
        head = Line("core.at_game", {"game": about.game_name()})
        for d in out.drafts:
            if d.to.private or (d.to.platform, d.to.chat) != where or not d.lines \
                    or "game" in d.lines[0].params \
                    or d.lines[0] == about.game_name():  # ("The Dominoes game begins", /table)
                continue
            d.lines = (head, *d.lines)
            if d.extra.get("news") is not None:  # the heading goes with what happened
                d.extra["news"] += 1

    def _in_place(self, messages: list[Outbound]) -> list[Outbound]:
        """Which of a quiet chat's table pictures edit the one before (bot/prefs.py):
        decided here, in the order the messages go out and before they do, so a line
        drafted before the picture, or a command typed while the batch is sent, makes the
        next picture a new one below it."""
        decided = []
        for m in messages:
            if not m.to.private and not isinstance(m, Edit):
                key = (m.to.platform, m.to.chat)
                live = isinstance(m, Image) and is_live_ref(m.ref)
                lasts = self._said_last.get(key, ())
                if live and m.edits:  # a closing table's: its picture, wherever it is
                    lasts = tuple(ref for ref in lasts if ref != m.ref)
                elif live:
                    m = replace(m, edits=m.ref in lasts)
                    if not m.edits:  # a new one, at the bottom
                        lasts = (*(ref for ref in lasts if ref != m.ref), m.ref)
                self._said_is(key, lasts if live else ())
            decided.append(m)
        return decided

    def said_in(self, platform: str, chat: str) -> None:
        """A door posted in a group on its own (a note on how to open a private chat): the
        quiet table picture is no longer the last thing there."""
        self._said_not_last(platform, chat)
        task = asyncio.ensure_future(self._keep_said_last())  # no batch of ours may follow
        self._keeping.add(task)
        task.add_done_callback(self._keeping.discard)

    def _said_not_last(self, platform: str, chat: str) -> None:
        self._said_is((platform, chat), ())

    def _said_is(self, key: tuple[str, str], refs: tuple[str, ...]) -> None:
        if self._said_last.get(key, ()) != refs:
            self._said_changed.add(key)
        if refs:
            self._said_last[key] = refs
        else:
            self._said_last.pop(key, None)

    async def _keep_said_last(self) -> None:
        """Note in the store which chats' table pictures are still the last thing said
        there (once the messages deciding it went out)."""
        while self._said_changed:
            platform, chat = key = self._said_changed.pop()
            await self.prefs.keep_said_last(platform, chat, self._said_last.get(key, ()))

    def recall_said_last(self) -> None:
        """After a restart: the pictures that were the last thing said in their chats."""
        for key, refs in self.prefs.said_last().items():
            self._said_last.setdefault(key, refs)

    # -- languages ---------------------------------------------------------------------
    async def _see(self, cmd: Command) -> None:
        if not cmd.private:
            await self._first_words(cmd)
            await self._name_place(cmd)
            await self._note_name_in_chat(cmd)
        key = (cmd.platform, cmd.user.id)
        seen = (cmd.user.name, i18n.normalise(cmd.user.lang))
        if self._seen.get(key) == seen:  # nothing new about this user: no store round trip
            return
        self._user_langs[key] = await self.store.see_user(cmd.platform, cmd.user.id, *seen)
        self._seen[key] = seen

    async def _first_words(self, cmd: Command) -> None:
        """A group that has not chosen a language (/lang) speaks the language of the first
        person who talks to the bot there (English if theirs is not one of ours): a Turkish
        group hears Turkish from its first /new on."""
        key = (cmd.platform, cmd.chat)
        if key in self._chat_langs:
            return
        stored = await self.store.chat_lang(*key)
        if key in self._chat_langs:
            return  # someone else's first words got here while the store answered
        if stored is None:
            stored = i18n.normalise(cmd.user.lang)
            self._chat_langs[key] = stored  # claimed before the write: the first one wins
            _claimed.set(key)
            await self.store.set_chat_lang(*key, stored)
        self._chat_langs[key] = stored

    async def _note_name_in_chat(self, cmd: Command) -> None:
        """The league of a chat names people as they go by there now (a new name, or on
        Discord the server's nickname, which another server does not share)."""
        key = (cmd.platform, cmd.chat, cmd.user.id)
        if cmd.user.name and self._chat_names.get(key) != cmd.user.name:
            await self.store.name_in_chat(*key, cmd.user.name)
            self._chat_names[key] = cmd.user.name

    def name_in_chat(self, table, seat) -> str:
        """The name the person at `seat` last wrote under in `table`'s chat (or their seat's)."""
        return self._chat_names.get((table.platform, table.chat, seat.user), seat.name)

    async def _name_place(self, cmd: Command) -> None:
        """Keep the chat's name as its platform shows it now (a group may be renamed)."""
        key = (cmd.platform, cmd.chat)
        if cmd.place and self._places.get(key) != cmd.place:
            self._places[key] = cmd.place
            await self.store.set_chat_place(*key, cmd.place)

    def _about(self, cmd: Command) -> list[Line]:
        """A refusal about the table the command was for names its group, for someone who
        plays in several (as their racks do): a move typed privately could be for either."""
        table = _picked.get()
        return self.place_line(table, cmd.user.id) if table is not None else []

    def _named_game(self, cmd: Command, line: Line, rules_only: bool = False) -> Line:
        """A refused move's reason with the move it suggests naming its game, where another
        of the person's tables has that move too ("Draw a tile first: /okey101 draw" beside
        a Rummikub table: a bare /draw is asked which table it is for)."""
        table = _picked.get() or refused_at.get()
        others = [t.game for t in self._tables_of(cmd.platform, cmd.user.id)
                  if t is not table] if table is not None else []
        if not others:
            return line
        if line.key != "core.error.illegal" and not rules_only:
            return board.moves_at([line], table.game, others)[0]
        return rules_named(line, table.game, others)

    def games_in_places(self, tables) -> list[Line]:
        """Each of `tables` as its game in its group ("Dominoes in Tile night"), in the
        order they were opened (each has a group's name: bot/core.py place_name)."""
        return [Line("core.game_in", {"game": t.game_name(),
                                      "place": self.place_name(t.platform, t.chat)})
                for t in sorted(tables, key=lambda t: t.id)]

    def place_name(self, platform: str, chat: str) -> str | None:
        """The name of a chat as the bot last saw it (a group's title), if it did."""
        return self._places.get((platform, chat))

    def _told_asker_too(self, cmd: Command, out: Outbox, table) -> None:
        """A command typed in a private chat whose news went to the group alone (/leave,
        /stop): the asker hears there what the group was told, and where (someone at
        several tables would not know which one it was)."""
        if not cmd.private or any(d.to.private and d.to.user == cmd.user.id
                                  and d.cls is not Edit for d in out.drafts):
            return
        told = next((d for d in out.drafts if not d.to.private and d.to.chat == table.chat
                     and d.to.platform == table.platform and d.cls is not Edit and d.lines),
                    None)  # (not the lobby's buttons taken off)
        if told is None:
            return
        news = told.extra.get("news")
        lines = told.lines[:news] if news else told.lines  # what happened, not the table
        place = self.place_name(table.platform, table.chat)
        head = [Line("core.told_in", {"place": place, "game": table.game_name()})] \
            if place else []
        out.user(cmd.platform, cmd.user.id, [*head, *lines])

    def place_line(self, table, user: str) -> list[Line]:
        """For someone who plays at tables in more than one chat, a first line naming the
        chat of `table` (its racks and turns would look alike); else nothing."""
        place = self._places.get((table.platform, table.chat))
        tables = self._tables_of(table.platform, user)
        # (a table whose match just ended has left `self.tables`: its last news is its own)
        if not place or len({table.chat, *(t.chat for t in tables)}) < 2:
            return []
        seat = table.seat_of(user)  # (None: refused at a table they do not sit at)
        if seat is not None and any(self._places.get((t.platform, t.chat)) == place
                                    and t.chat != table.chat for t in tables):
            # two groups of one name: their game and seat tell them apart
            return [Line("core.at_place_seat", {"place": place, "game": table.game_name(),
                                                "seat": seat + 1})]
        return [Line("core.at_place", {"place": place})]

    async def move_chat(self, platform: str, old: str, new: str) -> None:
        """The chat `old` is now `new` (a Telegram group became a supergroup): its tables,
        language, theme and standings follow, so play goes on where the people now are."""
        if old == new:
            return
        for table in [t for t in self.tables.values() if (t.platform, t.chat) == (platform, old)]:
            async with table.lock:
                table.chat = new
        await self.store.move_chat(platform, old, new)
        await self.prefs.reload()  # the store decided which choices follow the chat
        lang = self._chat_langs.pop((platform, old), None)
        if lang is not None:  # the group's choice, over what the new id's first words set
            self._chat_langs[(platform, new)] = lang
        place = self._places.pop((platform, old), None)
        if place is not None:
            self._places.setdefault((platform, new), place)
        for key in [k for k in self._chat_names if k[:2] == (platform, old)]:
            self._chat_names.setdefault((platform, new, key[2]), self._chat_names.pop(key))
        said = self._said_last.pop((platform, old), ())
        if said and (platform, new) not in self._said_last:
            self._said_is((platform, new), said)  # the quiet picture sent there on the move
        self._said_changed.add((platform, old))

    async def lang_of(self, to: To) -> str:
        if to.private:
            key = (to.platform, to.user)
            if key not in self._user_langs:
                self._user_langs[key] = await self.store.user_lang(*key) or i18n.DEFAULT
            return self._user_langs[key]
        key = (to.platform, to.chat)
        if key not in self._chat_langs:
            self._chat_langs[key] = await self.store.chat_lang(*key) or i18n.DEFAULT
        return self._chat_langs[key]

    def _lang_arg(self, cmd: Command) -> str:
        """The language a /lang or /mylang names: its code ("İD" too, "en-US"), or its name
        in any of the bot's languages as /lang shows them ("Turkish", "Türkçe")."""
        typed = notation.without_end_mark(" ".join(cmd.args))  # ("English." as typed)
        named = i18n.language_named(typed)
        if named is None:
            raise Refusal("core.error.unknown_lang", wanted=echoed(typed), langs=_langs(),
                          command=cmd.name)
        return named

    async def _lang_now(self, cmd: Command, out: Outbox, mine: bool) -> None:
        """/lang or /mylang with no language: which one it is now, and how to change it."""
        if mine:
            lang = await self.lang_of(To(cmd.platform, user=cmd.user.id))
            key = "core.mylang_now"
        else:
            lang = await self.lang_of(To(cmd.platform, chat=cmd.chat))
            key = "core.lang_now"
        example = next(code for code in i18n.LANGS if code != lang)
        to = To(cmd.platform, user=cmd.user.id) if mine else self.asker(cmd)
        self.tell(out, to, Line(key, {
            "lang": Line(f"core.lang.{lang}"), "langs": _langs(),
            "example": f"{cmd.name} {example}"}))

    async def _lang(self, cmd: Command, out: Outbox) -> None:
        if not cmd.args:
            return await self._lang_now(cmd, out, mine=cmd.private)
        lang = self._lang_arg(cmd)
        if cmd.private:  # in a direct chat, /lang is the user's own language
            return await self._mylang(cmd, out)
        spoken = await self.lang_of(To(cmd.platform, chat=cmd.chat))
        await self.store.set_chat_lang(cmd.platform, cmd.chat, lang)
        self._chat_langs[(cmd.platform, cmd.chat)] = lang
        if spoken == lang and _claimed.get() != (cmd.platform, cmd.chat):
            # nothing changed (a first /lang there is the group's choice: told)
            place = self.place_name(cmd.platform, cmd.chat)  # (said privately: "this
            # chat" there is the private one; Discord's reply only they see is in the channel)
            out.user(cmd.platform, cmd.user.id, Line(
                "core.lang_already_place" if place else "core.lang_already",
                {"lang": Line(f"core.lang.{lang}"), "place": place}), cls=Reply)
            return
        out.chat(cmd.platform, cmd.chat, [Line("core.lang_set", {"lang": Line(f"core.lang.{lang}")}),
                                          set_by(cmd)])

    async def _mylang(self, cmd: Command, out: Outbox) -> None:
        if not cmd.args:
            return await self._lang_now(cmd, out, mine=True)
        lang = self._lang_arg(cmd)
        await self.store.set_user_lang(cmd.platform, cmd.user.id, lang)
        self._user_langs[(cmd.platform, cmd.user.id)] = lang
        out.user(cmd.platform, cmd.user.id,
                 Line("core.mylang_set", {"lang": Line(f"core.lang.{lang}")}))

    # -- dispatch ------------------------------------------------------------------------
    async def _dispatch(self, cmd: Command, out: Outbox) -> None:
        pressed = parse_lobby_payload(cmd.payload) if cmd.payload is not None else None
        if pressed is not None:
            return await self._lobby_press(cmd, out, *pressed)
        if cmd.payload is not None and (back := _back_pressed(cmd.payload)) is not None:
            return await self._back_press(cmd, out, back)
        if cmd.payload is not None:
            table_id, n, action = parse_payload(cmd.payload)
            table = self.tables.get(table_id)
            if table is None or table.platform != cmd.platform:  # its match over or stopped
                raise Refusal("core.error.table_closed")
            _picked.set(table)
            return await self.move(cmd, out, table, action, n, typed=False)
        if (spoken := notation.without_speaker(cmd.word or cmd.name, cmd.args)) is not None:
            cmd = replace(cmd, name=fold(spoken[0]), word=spoken[0], args=spoken[1])
        head, *rest = notation.numbered_as_ordinal((cmd.word or cmd.name, *cmd.args))
        if head != (cmd.word or cmd.name):  # ("1 nolu pere r1 işle": "1. pere ...")
            cmd = replace(cmd, name=fold(head), word=head)
        cmd = replace(cmd, args=notation.numbers_said(tuple(rest), head))  # ("buang nomor dua")
        if (said := notation.tile_number_first(cmd.word or cmd.name, cmd.args)) is not None:
            cmd = replace(cmd, name=said[0], word=said[0], args=said[1])  # ("3. taşı at")
        name, args = cmd.name, cmd.args
        game = None
        lang = cmd.user.lang
        head = name if name in self.game_ids() else game_named(name, self.game_ids(), lang)
        whole, name_words = words_naming([name, *args], self.game_ids(), lang)
        if name_words > 1 and name not in self.game_ids():  # "/okey 101 table", "/Okey
            head, args = whole, args[name_words - 1:]  # 101 (Endonezya) table": all of it
        if head is not None and name not in self.game_ids() \
                and notation.starts_a_gloss(name, args):  # "ओकेय लें": swap, not Okey 101
            head = None
        if head is not None and name not in self.game_ids() \
                and notation.a_tile_moved_alone((name, *args), {"okey"}):
            head = None  # ("okey discard", "ओकेय फेंको": the okey tile, O24, as "okey at";
            # not "okey play": no okey game's move)
        if head is None and not notation.a_tile_moved_alone((name, *args), _ALL_FAMILIES) \
                and not (notation.takes_the_okey(" ".join((name, *args)), (name, *args))
                         and self._plays_okey(cmd)) \
                and (either := either_okey_named([name], lang)):  # ("okey at": the tile;
            # "okey al": take the okey)
            # "/101 table" to a Turkish reader (not "/okey 101 table": Okey 101)
            raise either_okey_refusal(either, self.game_names())
        if head is not None:  # "/dominoes play 3-5", "/101 table": the game names the table
            if args:  # the command's word is the one after the game ("/yüzbir ıstaka")
                cmd = replace(cmd, word=args[0])
            game, name, args = head, (fold(args[0]) if args else "table"), args[1:]
        elif name in (*TABLE_COMMANDS, "arrange"):  # "/stop okey", "/rules yüzbir"
            several, used = words_naming(args, self.game_ids(), lang)  # "/stop Okey 101 .."
            if used > 1:
                args = args[used:]
            # ("/join dong", "/join kursi dua", "/arrange kelompok dong")
            args = lobby_args(args, seats=name in ("join", "addbot"), asking=name in _NO_WORDS)
            named = {a: None if name == "arrange" and is_tile(a)  # "okey" is a tile there
                     else game_named(a, self.game_ids(), lang) for a in args}
            picked = [g for g in ([several] if used > 1 else []) + list(named.values())
                      if g is not None]
            if picked:
                game = picked[0]  # its name's other words too ("Okey 101 (Endonezya)")
                args = tuple(a for a in args if named[a] != game and not (
                    name_word(a, game) and not (name == "arrange" and is_tile(a))))
            if name in _NO_WORDS and not (name == "start" and cmd.private):
                _refuse_words(name, args, named, self.game_names(), lang)
            elif name in ("join", "addbot") and not picked \
                    and (either := either_okey_named(args, lang)):  # ("/join 101": no seat
                raise either_okey_refusal(either, self.game_names())  # 101 there)
        if name in ("new", "hide", "quiet", "theme", "mytheme", "lang", "mylang"):
            args = lobby_args(args, seats=False, switches=name in ("hide", "quiet"))  # ("/new
            # okey101 karo", "/hide dong"; "/quiet ya" is on)
        if name == "new" and args and (found := words_naming(args, self.game_ids(), lang))[0]:
            named, rest = found[0], list(args[found[1]:])  # "/new domino", "/new Okey 101"
            while rest and (game_named(rest[0], self.game_ids(), lang) == named
                            or name_word(rest[0], named)):
                rest.pop(0)  # ("/new Yüzbir Okey", as Turkish players call it too)
            args = (named, *rest)
        cmd = replace(cmd, name=name, args=tuple(args), payload=None)
        simple = {"help": self._help, "new": self.new_table, "lang": self._lang,
                  "mylang": self._mylang, "league": self._league, "season": self._season,
                  "theme": lambda c, o: self._theme(c, o, own=False),
                  "mytheme": lambda c, o: self._theme(c, o, own=True),
                  "hide": self._hide, "quiet": self._quiet}
        if name == "new" and game is not None:  # "/dominoes new games=3"
            cmd = replace(cmd, name="new", args=(game, *args))
            game = None
        if name == "arrange":
            return await self._arrange(cmd, out, game)
        if name in simple and (game is None or name != "league"):  # "/okey101 hide": a
            return await simple[name](cmd, out)  # choice of the person's or the chat's
        if name == "start" and cmd.private and not self._candidates(cmd, game):
            return await self._help(cmd, out)  # Telegram sends /start when a DM opens
        if name == "hand" and (cmd.private or not self.buttons  # (the terminal: one person)
                               or not self._candidates(cmd, game)):
            # privately every rack of the user is fine; in a chat with no table of theirs
            # too (on Discord, with DMs closed, /hand is how they see it at all)
            await self._every_hand(cmd, out, game)
            if out.drafts:
                return
        if name == "rules" and not self._candidates(cmd, game):  # before any table is open
            return self._rules_of_game(cmd, out, game)
        if name in ("back", "hand") and (ended := self.ended_while_away(cmd, game, name)) is not None:
            raise self.back_too_late(cmd, ended, name)  # (/hand: no rack of theirs is left)
        if name in TABLE_COMMANDS:
            table = self.pick(cmd, game, seated=name in ("hand", "back", "leave", "hurry"),
                              away=name == "back", joining=name == "join")
            await getattr(self, f"cmd_{name}")(cmd, out, table)
            return self._told_asker_too(cmd, out, table)
        if name == "league":
            return await self._league(cmd, out, game)
        if game is None and not notation.no_move_said(name, args) \
                and (after := self._game_after(args, name)) is not None:
            # "/pass dominoes": the game named after a move, as after /table (README)
            game, cmd = after[0], replace(cmd, args=tuple(args[:-after[1]]))
        if (answered := self._end_answered(cmd, game, (cmd.word or name, *args))) is not None:
            _picked.set(answered[0])
            return await self.move(cmd, out, *answered, None)
        table = self.pick(cmd, game, seated=True, turn=True, command=name)
        await self.move(cmd, out, table, cmd.text, None)

    def _end_answered(self, cmd: Command, game: str | None, words) -> tuple | None:
        """(the table, the play) of an end said alone ("left", "ke kanan") right after the
        bot asked its speaker which end a domino goes (D2), at the one table still waiting
        for that answer; None otherwise."""
        asked = [t for t in self._candidates(cmd, game) if t.asked_end is not None
                 and t.status == "playing" and t.asked_end[:2] == (
                     t.seat_of(cmd.user.id), t.moves)]
        plays = [(t, p) for t in asked if (p := notation.end_answering(words, t.asked_end[2]))]
        if len(plays) > 1:  # (asked at two tables: privately, which one; not "I do not know")
            raise self._which_table(cmd, [t for t, _ in plays], fold(words[0]), False)
        return plays[0] if plays else None

    def _game_after(self, args, verb: str = "") -> tuple[str, int] | None:
        """(the game, in how many words) a move's last words name ("dominoes", "okey 101"),
        if they are no tile ("okey." is the okey: a keyboard's full stop is no part of it)."""
        words = [notation.without_end_mark(a) for a in args[-2:]]
        if not words:
            return None
        # a move naming no tile: "/draw okey 101" is Okey 101 in two words, "/discard okey
        # 101" the okey there
        tiles = verb not in notation.BARE_MOVES and any(is_tile(w) for w in words)
        if len(words) == 2 and not tiles \
                and (game := game_named(" ".join(words), self.game_ids())) is not None:
            return game, 2
        if is_tile(words[-1]):
            return None
        game = game_named(words[-1], self.game_ids())
        return (game, 1) if game is not None else None

    def game_names(self) -> list[Line]:
        """The games as the reader names them (each name, as typed, opens or names it)."""
        return [Line(f"core.game.{g}") for g in self.game_ids()]

    async def _lobby_press(self, cmd: Command, out: Outbox, table_id: int, verb: str) -> None:
        """A lobby button: the typed command it stands for, by whoever pressed it, at the
        table it names, if that table is still a lobby in this very chat."""
        if verb == AGAIN:
            return await self.again(cmd, out, table_id)
        table = self.tables.get(table_id)
        if table is None or (table.platform, table.chat) != (cmd.platform, cmd.chat) \
                or cmd.private:
            lobbies = [t for t in self._candidates(cmd, None) if t.status == "lobby"]
            if lobbies and not cmd.private:  # a newer one is open here: not "/new"
                raise Refusal("core.error.lobby_gone_open",
                              game=Line(f"core.game.{lobbies[-1].game.id}"))
            raise Refusal("core.error.lobby_gone")
        if table.status != "lobby" and not (verb == "join" and table.open):
            raise Refusal("core.error.started")  # (a late /join: a friendly table takes it,
            # a league match says why not)
        if verb == "addbot":  # a double tap on Add a computer adds one, not two
            now, last = self.clock.now(), self._added_at.get((table_id, cmd.user.id))
            self._added_at = {k: t for k, t in self._added_at.items()  # only recent taps
                              if now - t < DOUBLE_TAP}
            self._added_at[(table_id, cmd.user.id)] = now
            if last is not None and now - last < DOUBLE_TAP:
                return
        cmd = replace(cmd, name=verb, args=(), payload=None)
        _picked.set(table)
        await getattr(self, f"cmd_{verb}")(cmd, out, table)

    def _plays_okey(self, cmd: Command) -> bool:
        """Does the asker sit at an okey table ("okey al" there takes the okey; elsewhere
        "okey" names the game to a Turkish reader)?"""
        return any(t.game.family == "okey" for t in self._tables_of(cmd.platform, cmd.user.id))

    async def _back_press(self, cmd: Command, out: Outbox, table_id: int) -> None:
        """A button of a private /back that could not tell which table it was for: /back
        at the table it names."""
        table = self.tables.get(table_id)
        cmd = replace(cmd, name="back", args=(), payload=None)
        if table is None or table.platform != cmd.platform:  # its match over or stopped
            ended = [t for (platform, user, _, _), (t, _) in self.ended_away.items()
                     if (platform, user) == (cmd.platform, cmd.user.id) and t.id == table_id]
            if ended:  # while a computer played for them: how it ended, and where
                raise self.back_too_late(replace(cmd, private=True), ended[-1])
            raise Refusal("core.error.table_closed")
        if table.seat_of(cmd.user.id) is None:
            raise Refusal("core.error.not_seated")
        _picked.set(table)
        await self.cmd_back(cmd, out, table)
        out.buttons_off(To(cmd.platform, user=cmd.user.id), _back_ref(cmd.user.id))
        self._told_asker_too(cmd, out, table)

    async def _drawn_over_dropped(self, table, seat: int) -> None:
        """The rack of `seat` is shown as its person chose it now, not as numbered at the
        turn's draw; the store keeps when, so a restart within the turn shows it so too."""
        if table.drawn_over.pop(seat, None) is not None:
            await self.store.set_arranged_at(table.id, table.moves)

    async def _every_hand(self, cmd: Command, out: Outbox, game: str | None,
                          families=None) -> None:
        """The person's racks at every table they play at (of `game`, of `families`)."""
        for table in self._tables_of(cmd.platform, cmd.user.id):
            if table.state is not None and game in (None, table.game.id) \
                    and (families is None or table.game.family in families):
                await self.cmd_hand(cmd, out, table)

    async def _theme(self, cmd: Command, out: Outbox, own: bool) -> None:
        """`/theme`, `/mytheme`; one's own racks come again at once in the new theme."""
        await self.prefs.theme_command(cmd, out, own)
        if not cmd.args:  # only asked which theme it is: nothing changed, no racks again
            return
        if not self.buttons and not own:  # the terminal's one person: their racks follow
            await self.prefs.theme_command(cmd, Outbox(), True)  # (said once, above)
        if own or cmd.private or not self.buttons:
            await self._every_hand(cmd, out, None)

    async def _quiet(self, cmd: Command, out: Outbox) -> None:
        if not self.buttons:  # the terminal: what it printed cannot be edited in place
            raise Refusal("core.error.quiet_terminal")
        await self.prefs.quiet_command(cmd, out)

    async def _arrange(self, cmd: Command, out: Outbox, game: str | None) -> None:
        """`/arrange runs|pairs|groups`: the person's order at every table (their own
        layouts there are dropped); `/arrange 5 6 7 | 1 2`: their own layout at one table
        (Y-D9). Then the racks again at once."""
        words = tuple(notation.without_end_mark(" ".join(cmd.args)).split())  # ("3." typed)
        order = rack_order.order_named(words) if words else None
        if order is not None:  # "/arrange okey101 runs" too: it is one's order
            families = rack_order.FAMILIES[order]
            if self._candidates(cmd, game) and not self._candidates(cmd, game, families) \
                    and not (game is None and self._racks_of(cmd, families)):
                if self._candidates(cmd, game, rack_order.FAMILIES["runs"]):
                    raise Refusal("core.error.arrange_pairs_okey")  # a Rummikub rack
                raise Refusal("core.error.arrange_no_rack")  # only a domino hand here
            tables = [t for t in self._tables_of(cmd.platform, cmd.user.id)
                      if t.game.family in families]
            shown = [self._rack_as_shown(t, t.seat_of(cmd.user.id)) if t.state else None
                     for t in tables]  # (a lobby has no rack)
            await self.prefs.arrange_command(cmd, out, order)
            for table, before in zip(tables, shown, strict=True):
                await self.prefs.set_layout(table.id, cmd.user.id, None)
                # asked for: sorted now, even within a turn that drew (Table.drawn_over)
                await self._drawn_over_dropped(table, table.seat_of(cmd.user.id))
                self._numbered_anew(table, table.seat_of(cmd.user.id), before)
            return await self._every_hand(cmd, out, None, families)
        families = rack_order.FAMILIES["runs"]
        if self._candidates(cmd, game) and not self._candidates(cmd, game, families):
            raise Refusal("core.error.arrange_no_rack")  # ("/arrange 3-5": a domino hand)
        if not rack_layout.names_tiles(words):
            raise Refusal("core.error.unknown_arrangement")
        table = self.pick(cmd, game, seated=True, families=families)
        if table.status != "playing":
            raise not_started(table, cmd.user.id)
        seat = table.seat_of(cmd.user.id)
        shown = self.snapshot(table).json(seat)
        before = self._rack_as_shown(table, seat)
        tiles = rack_layout.arranged(words, shown["rack"], table.game.family)
        await self.prefs.set_layout(table.id, cmd.user.id, Layout(shown["round"], tuple(tiles)))
        # (shown now, as written)
        await self._drawn_over_dropped(table, seat)
        self._numbered_anew(table, seat, before)
        out.user(cmd.platform, cmd.user.id, Line("core.arrange_own"))
        if self._read_by_others(cmd) and rack_layout.names_by_name(words):
            out.user(cmd.platform, cmd.user.id, Line("core.tip.typed_in_group"))
        await self.cmd_hand(cmd, out, table)

    def _numbered_anew(self, table, seat: int, before: list | None) -> None:
        """After /arrange: if `seat`'s rack numbers moved (`before`, as they were), a move by
        rack numbers sent before its new picture meant the old ones, and is refused."""
        if before is not None and self._rack_as_shown(table, seat) != before:
            table.renumbered[seat] = (self.arrivals, "core.error.renumbered_arranged")

    async def _hide(self, cmd: Command, out: Outbox) -> None:
        """`/hide`, then the person's okey racks at once, the okey face down or up again."""
        if self._candidates(cmd, None) and not self._candidates(cmd, None, ("okey",)) \
                and not self._racks_of(cmd, ("okey",)):
            raise Refusal("core.error.hide_no_okey")  # a choice for okey racks alone
        if await self.prefs.hide_command(cmd, out):
            await self._every_hand(cmd, out, None, ("okey",))

    def seated_in(self, platform: str, user: str, near=None) -> tuple[int, str] | None:
        """(group id, name) of a table `user` sits at on `platform`, where a note about
        them goes: one waiting for their move (a message that cannot reach them there
        costs them the turn); else None when they spoke somewhere (`near`: the note goes
        there, where they are waiting for an answer, README); else the newest."""
        tables = sorted(self._tables_of(platform, user), key=lambda t: (t.waits_for(user), t.id))
        if not tables or near is not None and not tables[-1].waits_for(user):
            return None
        table = tables[-1]
        return table.chat, table.seats[table.seat_of(user)].name

    def _game_to_name(self, cmd: Command, game: str | None) -> str | None:
        """The game a command named, where the move to type must name it too: the person
        plays at several tables (where they typed, or privately)."""
        return game if game is not None and len(self._candidates(cmd, None)) > 1 else None

    def seat_place(self, table_id: int | None, user: str) -> tuple[str, str] | None:
        """(group id, name) of `user`'s seat at table `table_id`, if they sit there."""
        table = self.tables.get(table_id)
        seat = table.seat_of(user) if table is not None else None
        return None if seat is None else (table.chat, table.seats[seat].name)

    def playing_at(self, platform: str, user: str) -> bool:
        """Whether `user` has a rack at some table on `platform` (a game under way)."""
        return any(t.state is not None for t in self._tables_of(platform, user))

    async def member_left(self, platform: str, in_chat, user: User, removed: bool = False) -> None:
        """`user` left the group (or was removed from it): at each of its tables (`in_chat`:
        its rooms, a forum's topics too) where they still play, as if they typed /leave
        there: a lobby frees the seat, a game goes on with a computer for them until a
        /back (which their private chat takes); the group is told. In the language the bot
        has for them: an update about a member removed by an admin comes without theirs
        (Telegram names the language of whoever sent the update only). `removed`: by
        someone else (they are told so, not that they left)."""
        lang = await self.store.user_lang(platform, user.id) or user.lang
        for table in [t for t in self.tables.values() if t.platform == platform
                      and t.open and in_chat(t.chat)]:
            seat = table.seat_of(user.id)
            if seat is not None:
                self.left_group_of.add((table.id, user.id))
            if seat is None or table.seats[seat].away:
                continue
            await self.handle(Command.parse(platform, table.chat, User(
                user.id, table.seats[seat].name, lang), f"/{table.game.id} leave"))
            place = self.place_name(platform, table.chat)
            if table.open and table.status == "playing" and table.seats[seat].away and place:
                out = Outbox()  # (the group was told; they can no longer read it)
                key = "core.removed_group" if removed else "core.left_group"
                out.user(platform, user.id, Line(table.waiting(key), {
                    "place": place, "game": table.game_name(),
                    "minutes": ABANDONED_WAIT // 60}))
                await self.deliver(out)

    def _tables_of(self, platform: str, user: str) -> list:
        """The tables `user` sits at on `platform`."""
        return [t for t in self.tables.values()
                if t.platform == platform and t.seat_of(user) is not None]

    def _racks_of(self, cmd: Command, families) -> bool:
        """Does the person sit at a table of `families` somewhere (a choice for their own
        racks, as /hide and /arrange runs are, holds wherever they type it)?"""
        return any(t.game.family in families for t in self._tables_of(cmd.platform, cmd.user.id))

    def _candidates(self, cmd: Command, game: str | None, families=None) -> list:
        if cmd.private:
            found = self._tables_of(cmd.platform, cmd.user.id)
        else:
            found = [t for t in self.tables.values()
                     if t.platform == cmd.platform and t.chat == cmd.chat]
        return [t for t in found if game in (None, t.game.id)
                and (families is None or t.game.family in families)]

    def _no_table(self, cmd: Command, game: str | None) -> Refusal:
        """Why no table answers: none here at all, or none of the game named (then the
        ones that are here, so "/dominoes pass" beside an Okey 101 table is not told that
        there is no table)."""
        others = sorted({t.game.id for t in self._candidates(cmd, None)})
        if game is not None and others and not cmd.private and (yours := [
                t for t in self._tables_of(cmd.platform, cmd.user.id)
                if t.game.id == game and self.place_name(t.platform, t.chat)]):
            # ("/dominoes back" typed in another group than their dominoes table's)
            return Refusal("core.error.no_game_table_yours", game=Line(f"core.game.{game}"),
                           tables=self.games_in_places(yours))
        if game is not None and others:
            named = [Line(f"core.game.{g}") for g in others]
            if cmd.private:
                return Refusal("core.error.no_game_table_private",
                               game=Line(f"core.game.{game}"), open=named)
            if place := self.place_name(cmd.platform, cmd.chat):  # (read in a private chat)
                return Refusal("core.error.no_game_table_in", game=Line(f"core.game.{game}"),
                               open=named, id=game, place=place)
            return Refusal("core.error.no_game_table", game=Line(f"core.game.{game}"),
                           open=named, id=game)
        games = self.game_names()
        if cmd.private and cmd.name == "join":  # a table is joined where it is shown
            return Refusal(texts.platform_key("core.error.join_private", cmd.platform))
        if cmd.private:  # /new is refused in a private chat: send them to a group
            return Refusal(texts.platform_key("core.error.no_table_private", cmd.platform),
                           games=games)
        if mine := [t for t in self._tables_of(cmd.platform, cmd.user.id)
                    if self.place_name(t.platform, t.chat)]:  # (a move typed in another
            # forum topic of the group than their table's: where it is, not "open one")
            return Refusal("core.error.no_table_yours", games=games,
                           tables=self.games_in_places(mine))
        return Refusal("core.error.no_table", games=games)

    def pick(self, cmd: Command, game: str | None, seated=False, turn=False, command=None,
             families=None, away=False, joining=False):
        """The table a command is for (of `game`, of the game `families`), or a refusal
        that says why none or which to name. `joining` (/join): a table the person does not
        sit at yet."""
        found = self._candidates(cmd, game, families)
        if command is not None and command not in self.game_ids() \
                and not notation.could_be_move(command, cmd.args):
            # ("ambil", as /rules glosses draw; typed as a move too: Discord's /move)
            gloss_refused(cmd, command, found, self._rack_as_shown, self._game_to_name(
                cmd, game))
            if not cmd.as_move:  # "/jion": a typo, not a move
                typed = cmd.word if fold(cmd.word) == command else command  # ("/ıstaka")
                raise Refusal("core.error.unknown_command" if cmd.slashed
                              else "core.error.unknown_word", command=echoed(typed))
        if command is not None and found and not any(
                notation.move_of(t.game, command, cmd.args)
                for t in [t for t in found if t.seat_of(cmd.user.id) is not None] or found):
            # a word of another game's moves that glosses one of these ("buang", dominoes'
            # drop, is the okey games' discard; "lewati", dominoes' pass, is Rummikub's at
            # the asker's Rummikub table, though another's dominoes table is here)
            gloss_refused(cmd, command, found, self._rack_as_shown, self._game_to_name(
                cmd, game))
        if not found:
            raise self._no_table(cmd, game)
        mine = [t for t in found if t.seat_of(cmd.user.id) is not None]
        if seated and not mine:
            if elsewhere := [t for t in self._tables_of(cmd.platform, cmd.user.id)
                             if self.place_name(t.platform, t.chat)]:  # ("/back" typed in
                # another group than their table's: where it is)
                raise Refusal("core.error.not_seated_yours",
                              tables=self.games_in_places(elsewhere))
            raise Refusal("core.error.not_seated")
        if command is not None and mine and len(found) > len(mine) \
                and not any(notation.fits(t.game, cmd.text)
                            or notation.glossed(command, {t.game.family}, cmd.args)
                            for t in mine):  # ("lewati" at their Rummikub: its gloss)
            # "play 0-1 left" from the Rummikub player: the dominoes table's move, not a bad tile
            if others := [t for t in found if t not in mine and notation.fits(t.game, cmd.text)]:
                raise Refusal("core.error.not_seated_at", game=others[0].game_name())
        if len(found) > 1 and joining:
            if len(mine) == len(found):  # naming one would be "you already sit at seat 1"
                raise Refusal("core.error.seated_at_every" + ("_private" if cmd.private else ""),
                              tables=[self._seat_at(t, cmd.user.id, self.place_name(
                                          t.platform, t.chat) if cmd.private else None)
                                      for t in sorted(found, key=lambda t: t.id)])
            found = [t for t in found if t not in mine]
            # a league match under way keeps the people who started it: not a table to name
            found = [t for t in found if t.status == "lobby" or not t.league] or found
        elif len(found) > 1 and mine:
            found = mine
        if len(found) > 1:  # /start is for the lobby, /hurry for the game under way
            found = [t for t in found if self._fits_stage(t, cmd.name, command)] or found
        if len(found) > 1 and cmd.name == "hurry":  # (not where moves are timed already)
            if all(self.timed(t) for t in found):  # naming one would only be told so
                raise Refusal("core.error.hurry_all_timed", games=[
                    Line(f"core.game.{g}") for g in sorted({t.game.id for t in found})])
            found = [t for t in found if not self.timed(t)]
            found = [t for t in found if self.another_to_move(t, cmd.user.id)] or found
        if len(found) > 1 and away:  # /back: the tables where a computer plays for them
            found = self._away_at(found, cmd.user.id)
        if len(found) > 1 and away and cmd.private:  # privately: one in a group they left
            found = [t for t in found if (t.id, cmd.user.id) in self.left_group_of] or found
        if len(found) > 1 and command is not None:  # "discard r7": not the dominoes table
            found, read = self._fitting(cmd, command, found)
            if not read:  # a gloss's tables: answered with the move to type there
                gloss_refused(cmd, command, found, self._rack_as_shown,
                               self._game_to_name(cmd, game))
        if len(found) > 1 and turn:
            found = self._by_turn(found, cmd.user.id)
        if len(found) > 1 and command is not None and cmd.as_move \
                and not notation.could_be_move(command, cmd.args):  # (Discord's "/move text:hello"):
            # no game's move, whichever table is named: not "/hello game:..."
            raise Refusal("core.error.move_unknown", word=echoed(cmd.word or command))
        if len(found) > 1:
            raise self._which_table(cmd, found, command, away)
        _picked.set(found[0])
        return found[0]

    @staticmethod
    def _fitting(cmd: Command, command: str, found: list) -> tuple[list, bool]:
        """The tables a typed move could be for: those whose game reads it, and the asker's
        tables whose game glosses it ("lewati" is dominoes' pass and /rules' word for
        Rummikub's: which table is asked, as for "pass"), else all of them; and whether
        any of their games reads it (not only glosses it)."""
        fitting = [t for t in found if notation.fits(t.game, cmd.text)]
        glossing = [t for t in found if t not in fitting and t.seat_of(cmd.user.id) is not None
                    and notation.glossed(command, {t.game.family}, cmd.args)]
        if not fitting:  # ("buang r1": no domino, the okey table's discard as /rules says it)
            return glossing or found, False
        return [t for t in found if t in fitting or t in glossing], True

    def _which_table(self, cmd: Command, found: list, command, away: bool) -> Refusal:
        """Which of `found` is meant: in a group, name the game; privately each table with
        its group, and for a game played at several of them (naming it cannot tell them
        apart) how else to say which."""
        names = sorted(t.game.id for t in found)
        games_of = {t.game.id: t.game for t in found}

        def first(ids: list) -> str:
            """The game of `ids` the example names: one where the move is legal now, else
            one whose moves have the move typed (`/play 3` at Dominoes and Okey 101: not
            "/okey101 play 3"; `draw` after drawing at Okey 101: `/rummikub draw`)."""
            return next((g for g in ids if command is not None and any(
                t.game.id == g and self._legal_now(t, cmd) for t in found)), None) \
                or next((g for g in ids if command is None
                         or notation.move_of(games_of[g], command, cmd.args)), ids[0])

        if not cmd.private:  # the refusal may be read in a private chat: "here" is the group
            games = [Line(f"core.game.{g}") for g in names]
            example = f"{first(names)} {echoed(cmd.text, 200) or 'table'}"  # (not a pasted page)
            if place := self.place_name(cmd.platform, cmd.chat):
                return Refusal("core.error.which_table_in", games=games, example=example,
                               place=place)
            return Refusal("core.error.which_table", games=games, example=example)
        places = {t.id: self.place_name(t.platform, t.chat) for t in found}
        found = sorted(found, key=lambda t: (t.game.id, places[t.id] or ""))
        alike = [(t.game.id, places[t.id]) for t in found]  # (two groups of one title:
        # their seats tell them apart, as the racks' headings do, where they differ)
        seats = [(a, t.seat_of(cmd.user.id)) for a, t in zip(alike, found, strict=True)]
        tables = [self._seat_at(t, cmd.user.id, places[t.id])
                  if alike.count(alike[i]) > 1 and seats.count(seats[i]) == 1
                  else Line("core.game_in", {"game": t.game_name(), "place": places[t.id]})
                  if places[t.id] else t.game_name() for i, t in enumerate(found)]
        shared = sorted({g for g in names if names.count(g) > 1})
        named = [g for g in names if g not in shared]  # naming the game is enough there
        if shared and command is not None:  # but not a game without that move
            named = [g for g in named if notation.move_of(games_of[g], command, cmd.args)]
        example = f"{first(named or names)} {echoed(cmd.text, 200) or 'table'}"
        if not shared:
            return Refusal("core.error.which_table_private" + ("_away" if away else ""),
                           tables=tables, example=example)
        buttons = away and self.buttons  # (someone who left the group cannot type there)
        way = Line("core.error.which_way_back_buttons") if buttons else self._way_to_say(
            cmd, [t for t in found if t.game.id in shared], command, away)
        key = "core.error.which_tables_mixed" if named else "core.error.which_tables"
        key += "_away" if away else ""
        refusal = Refusal(key, tables=tables, way=way) if not named else Refusal(
            key, tables=tables, way=way, example=example,
            games=[Line(f"core.game.{g}") for g in shared])
        if buttons:
            backs = [(i, t) for i, t in enumerate(found) if t.game.id in shared]
            cut = _labels([places[t.id] or "" for _, t in backs])
            refusal.choices = tuple(Choice(
                Line("core.game_in", {"game": t.game_name(), "place": cut[k]})
                if places[t.id] and alike.count(alike[i]) == 1 else tables[i],
                f"{_BACK_TAG}:{t.id}") for k, (i, t) in enumerate(backs))
            refusal.ref = _back_ref(cmd.user.id)
        return refusal

    @staticmethod
    def _seat_at(table, user: str, place: str | None = None) -> Line:
        """"Dominoes (seat 1)", or that a computer plays it until their /back; `place`:
        its group's (a private chat's list: two tables may be of one game)."""
        seat = table.seat_of(user)
        away = table.status == "playing" and table.seats[seat].away
        game = Line("core.game_in", {"game": table.game_name(), "place": place}) if place \
            else table.game_name()
        return Line("core.game_at_seat_away" if away else "core.game_at_seat",
                    {"game": game, "seat": seat + 1})

    @staticmethod
    def _legal_now(table, cmd: Command) -> bool:
        """Is `cmd` (a move) one `table` would take from its person now?"""
        seat = table.seat_of(cmd.user.id)
        if table.status != "playing" or seat is None or not table.waits_for(cmd.user.id):
            return False
        try:
            return table.state.is_legal(table.game.parse_action(cmd.text, table.state.view(seat)))
        except RulesError:
            return False

    # commands only a lobby takes, and those only a game under way takes (a move too)
    _LOBBY_ONLY = ("start", "addbot")
    _GAME_ONLY = ("hurry", "back", "hand", "arrange")
    # the moves a rack's buttons offer, per game family (Rummikub's tiles are put down by
    # typing them, K-D2; an okey opening is a button only where a hint suggests it)
    _BUTTON_MOVES = {"okey": ("draw", "take", "discard"), "rummikub": ("draw", "pass")}

    @classmethod
    def _fits_stage(cls, table, name: str, command) -> bool:
        """Could `table` take the command `name` at the stage it is at?"""
        if name in cls._LOBBY_ONLY:
            return table.status == "lobby"
        if name in cls._GAME_ONLY or command is not None:
            return table.status == "playing"
        return True

    @staticmethod
    def _away_at(found: list, user: str) -> list:
        """The tables of `found` where a computer plays for `user`; none: there is nothing
        to come back to, as at one table."""
        gone = [t for t in found if t.seats[t.seat_of(user)].away]
        if not gone:
            playing = any(t.status == "playing" for t in found)
            raise Refusal("core.error.not_away") if playing else not_started(found[0], user)
        return gone

    @staticmethod
    def _by_turn(found: list, user: str) -> list:
        """The tables of `found` where it is `user`'s move, and any other table of their
        games: the turn does not tell two tables of one game apart ("discard 3" names a tile
        of one rack, maybe of the one they were reading, and turns change as computers
        play); a move played at the wrong one could not be taken back."""
        now = [t for t in found if t.waits_for(user)]
        return [t for t in found if any(t.game.id == n.game.id for n in now)] or found

    @classmethod
    def _way_to_say(cls, cmd: Command, shared: list, command, away: bool) -> Line:
        """How to say which of `shared` (tables of one game) a command typed privately is
        for. A tile named in a group is read by everyone there (a face-down domino too, D6;
        README): a move that names tiles goes by the rack's buttons, or by rack numbers."""
        if away:  # an away seat has no buttons to press
            return Line("core.error.which_way_back")
        # the command to type in a group: its slash (a group reads only commands) and its
        # game (the group may have a table of another game of the person's too)
        typed = "/" + echoed(" ".join((shared[0].game.id, cmd.name, *cmd.args)), 200)
        if command is None and cmd.name != "arrange":  # /leave, /table: no tiles, no buttons
            return Line("core.error.which_way_group", {"command": typed})
        tiled = any(c.isdigit() for c in cmd.name)  # a domino typed as the move: "5-3 left"
        by_name = rack_layout.names_by_name((cmd.name, *cmd.args) if tiled else cmd.args)
        if command is not None and all(
                t.game.family not in cls._BUTTON_MOVES
                or fold(cmd.name) in cls._BUTTON_MOVES[t.game.family] for t in shared):
            return Line("core.error.which_way_buttons" if by_name
                        else "core.error.which_way_buttons_or_group", {"command": typed})
        return Line("core.error.which_way_numbers" if by_name else "core.error.which_way_group",
                    {"command": typed})

    # -- information ---------------------------------------------------------------------
    async def _help(self, cmd: Command, out: Outbox) -> None:
        if cmd.private and cmd.args == ("playing",):  # Start pressed while playing (our link
            # in the group): a line, their racks come next; the help only when asked
            return self.tell(out, self.asker(cmd), Line("core.help_playing"))
        lobbies = [t for t in self._tables_of(cmd.platform, cmd.user.id) if t.status == "lobby"] \
            if cmd.private and cmd.args[:1] == ("ready",) else []
        if lobbies:  # Start pressed (our link) while seated at a lobby: it worked, and
            # where they sit (not how to open one)
            table = lobbies[-1]
            return self.tell(out, self.asker(cmd), Line("core.dm_ready_seated", {
                "seat": table.seat_of(cmd.user.id) + 1, "game": table.game_name(),
                "place": self.place_name(table.platform, table.chat) or ""}))
        games = [Line(f"core.game.{g}") for g in self.game_ids()]
        if not self.buttons:  # the terminal's own
            return self.tell(out, self.asker(cmd), Line("core.help_console", {
                "games": games, "levels": _levels()}))
        first = [Line("core.help_heading", {"games": games})]
        if cmd.private:  # where tables are opened, before what the commands do there (not
            # "add me to a group" to someone seated in one, nor games "for this chat")
            seated = any(self._tables_of(cmd.platform, cmd.user.id))
            key = texts.platform_key("core.help_private_seated" if seated
                                     else "core.help_private", cmd.platform)
            if cmd.args == ("ready", "link") and not seated:  # Start pressed through our
                key = "core.dm_ready"  # link in a group: it worked, not "add me to a group"
            first = [Line(key), Line("core.help_heading_private", {"games": games})]
        self.tell(out, self.asker(cmd), [*first, Line("core.help", {"levels": _levels()})])

    async def cmd_rules(self, cmd: Command, out: Outbox, table) -> None:
        options = self.shown_options(table.config, table.timer, table.league, table.bots,
                                     self.timed(table))
        if table.league and not table.single:  # said here, though the lobby leaves the
            # rule out: it counts (a single-player match never does, Y22: its record, Y21)
            options.append(("league", True))
        self._tell_rules(out, self.asker(cmd, table), table.game, "core.rules", options)

    def _rules_of_game(self, cmd: Command, out: Outbox, game_id: str | None) -> None:
        """/rules where no table is: the game's rules with the options a new table has."""
        if game_id is None:
            raise Refusal("core.error.rules_which", games=self.game_names())
        game = rules.find_game(game_id)
        config = make_config(game, {})
        options = self.shown_options(config, timer_of(game, config, {}), timed=self.timers)
        options.append(("bots", Line("core.level.normal")))  # the computers' level (K2)
        options.append(("league", True))  # every table counts, unless opened league=off
        self._tell_rules(out, self.asker(cmd), game, "core.rules_new",
                         [(k, _or_others(game, k, v)) for k, v in options])

    def _tell_rules(self, out: Outbox, to: To, game, key: str, options) -> None:
        opts = [Line("core.option", {"name": k, "value": v}) for k, v in options]
        self.tell(out, to, [Line(key, {
            "game": Line(f"core.game.{game.id}"), "summary": Line(f"core.rules.{game.id}"),
            "moves": Line(f"core.moves.{game.id}"), "options": opts, "id": game.id}),
            Line(f"core.rules.options.{game.id}")])
        example = board.rules_example(game)
        if example is not None:  # K2: a move step by step
            lines, data = example
            out.image(to, lines, self.pictures.example, "example", data)

    async def cmd_table(self, cmd: Command, out: Outbox, table) -> None:
        async with table.lock:  # never a move half made (the computers may be thinking),
            await table.told_so_far()  # nor one shown before the group is told of it
            if not table.open:  # closed while this waited (a /stop, the match's end)
                raise Refusal("core.error.game_over")
            self._table_now(cmd, out, table)

    def _table_now(self, cmd: Command, out: Outbox, table) -> None:
        to = self.asker(cmd, table)
        if table.state is None:  # the seats, then what the match will be (a scan: a late
            # comer could not tell a league match, where leaving loses, from a friendly one)
            lines = [self.lobby_line(table),
                     Line("core.lobby_options", {"options": self.described_options(table)}),
                     *self.lobby_notes(table)]
            if not to.private:  # the lobby again, with its buttons
                return self.lobby_news(out, table, lines)
            return self.tell(out, to, lines)
        pub = views.public_json(table.state)
        lines = [table.game_name(), *board.table_lines(table, pub), self.turn_line(table)]
        live = None if to.private else self.live_picture(table)  # the next move edits it
        if live:  # asked for now: a new picture at the bottom (a Discord command is hidden)
            self._said_not_last(to.platform, to.chat)
        out.image(to, lines, self.pictures.table, "table", pub, news=0, ref=live,
                  table=table.id)

    @staticmethod
    def asker(cmd: Command, table=None) -> To:
        """Where an answer goes: where it was asked (a private chat's answer stays private;
        the group is not spammed with it), in the table's group if it names one. A lookup
        nobody saw asked (a Discord slash command leaves no trace) is answered to the asker
        alone: the channel would read /help, a game's rules or its language out of nowhere."""
        if cmd.private or (not cmd.shown_to_chat and cmd.name in ("help", "rules", "lang")):
            return To(cmd.platform, user=cmd.user.id)
        return To(cmd.platform, chat=table.chat if table is not None else cmd.chat)

    @staticmethod
    def tell(out: Outbox, to: To, lines) -> None:
        if to.private:
            out.user(to.platform, to.user, lines)
        else:
            out.chat(to.platform, to.chat, lines)

    # -- helpers shared by the lobby and play ----------------------------------------------
    def to_group(self, out: Outbox, table, lines) -> None:
        out.chat(table.platform, table.chat, lines)

    def to_seat(self, out: Outbox, table, seat: int, lines) -> None:
        s = table.seats[seat]
        if s is not None and s.user:
            lines = [lines] if isinstance(lines, Line) else list(lines)
            out.user(table.platform, s.user, [*self.place_line(table, s.user), *lines])

    def described_options(self, table) -> Joined:
        """A table's options as one line, on/off in the reader's language as /rules shows
        them (and as they may be typed): `partners=açık rounds=3`."""
        return Joined(tuple(Line("core.option", {"name": k, "value": v}) for k, v in
                            self.shown_options(table.config, table.timer, table.league,
                                               table.bots, self.timed(table))), " ")

    def timed(self, table) -> bool:
        """Are the table's moves timed? In a chat, where it has a timer; at the terminal,
        where it was opened with one (nobody else is rushed there)."""
        return table.timer > 0 and (self.timers or timer_asked(table))

    def shown_options(self, config, timer: int, league: bool = True,
                      bots: str = "normal", timed: bool = True) -> list[tuple[str, object]]:
        """A table's options as people should read them: the game's, plus the core's timer
        where the game has none, and no timer at all where moves are not `timed` (the
        terminal's tables opened without one); `league=off` only at a friendly table (on
        is the rule), `bots` only when the computers are not Normal players (in the
        reader's words)."""
        timed = timed or self.timers  # a chat's table says timer=0 too: no move limit
        opts = [(k, v) for k, v in config.to_json().items() if k != "timer" or timed]
        if timed and "timer" not in config.to_json():
            opts.append(("timer", timer))
        if bots != "normal":
            opts.append(("bots", Line(f"core.level.{bots}")))
        if not league:
            opts.append(("league", False))
        return opts

    @staticmethod
    def check_level(level: str) -> str:
        """A valid level name, in any of the bot's languages, or a refusal that lists them
        (in the asker's)."""
        typed = notation.without_end_mark((level or "").strip())  # ("expert." as typed)
        level = i18n.read_back("core.level.", LEVELS).get(fold(typed), fold(typed))
        if level not in LEVELS:
            raise Refusal("error.unknown_level", level=echoed(typed),
                          levels=_levels())
        return level


def _or_others(game, name: str, value):
    """A new table's option with the other values it may take (`mode=online (or single)`),
    so /rules names every choice (`partners=off (or on)`); numbers in a range go without."""
    if name == "bots":
        others = [Line(f"core.level.{x}") for x in LEVELS if x != "normal"]
    elif isinstance(value, bool):
        others = [not value]
    else:
        choices = game.Config.options().get(name, (None, None))[1]
        if not choices:
            return value
        others = [str(c) for c in choices if str(c) != str(value)]
    return Line("core.option_or", {"value": value, "others": others}) if others else value


def _levels() -> list[Line]:
    """The computer levels, each in the reader's words (/help, a refused level)."""
    return [Line(f"core.level.{x}") for x in LEVELS]
