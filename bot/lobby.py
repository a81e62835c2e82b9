"""The lobby: open a table with options, join, leave, add computers, start, stop.

Table options are the game's Config options plus three of the core's: `timer` (seconds per
move, 0 for none; games whose Config has its own `timer` keep theirs), `bots` (the level
of the computers that fill empty seats at the start) and `league` (off: a friendly table,
played just to find a winner, D13: its results stay out of the chat's standings).

Each lobby message in the group carries buttons (join, leave, add a computer, start) that do
what the typed commands do; only the newest lobby message keeps them, and they come off
when the game starts or the lobby closes.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace

from rules.ai import LEVELS
from rules.errors import ConfigError, RulesError
from rules.game import switch, switch_word
from rules.words import echoed, fold

from . import events, journal, texts
from .game_names import either_okey
from .messages import Choice, Line, To
from .move_words import (
    ASKING_CHAT,
    DO_IT,
    LOBBY_CHAT,
    NUMBER_NOUNS,
    SEAT_NUMBER_WORDS,
    SEAT_ORDINALS,
    SEAT_WORDS,
)
from .notation import number
from .outbox import Outbox
from .refusal import Refusal
from .tables import DEFAULT_TIMER, Seat, Table

CORE_OPTIONS = ("timer", "bots", "league")
LOBBY_VERBS = ("join", "leave", "addbot", "start")  # the lobby's buttons, in this order
AGAIN = "again"  # the button under a match's end: a new lobby with the same options


def seat_number(word: str) -> int | None:
    """A seat's number as typed, a Turkish ordinal too ("/join 3.", the 3rd seat)."""
    return number(word[:-1] if re.fullmatch(r"\d+\.", word) else word)


def lobby_args(args, seats: bool, switches: bool = False, asking: bool = False) -> tuple:
    """A lobby command's words with the chat around them left out ("/join dong", "/start
    please") and, where a seat is named (`seats`: /join, /addbot), its word too and a
    number said alone as a word read as digits: "/join dua" as "/join 2", "/join kursi 2"
    (numbers_said read "kursi dua" so) as "/join 2", "/join seat" as "/join" (any seat),
    "/join satu kursi" (a seat) as well. `switches`: an on/off word is kept ("/quiet ya":
    yes, on; not a chat word that leaves /quiet to switch it over). `asking`: a command
    that shows or tells (/hand, /table, /rules, /back...): "dikhao" (show) is chat too."""
    words = [fold(a) for a in args]
    out = []
    for i, (arg, word) in enumerate(zip(args, words, strict=True)):
        if (word in LOBBY_CHAT and not (switches and switch_word(word) is not None)
                or i and (words[i - 1], word) in DO_IT or seats and word in NUMBER_NOUNS
                or asking and word in ASKING_CHAT):
            continue
        if not seats:
            out.append(arg)
        elif word in SEAT_ORDINALS:
            out.append(str(SEAT_ORDINALS[word]))
        elif word in SEAT_NUMBER_WORDS and len(words) == 1:
            out.append(str(SEAT_NUMBER_WORDS[word]))
        elif word in SEAT_WORDS or (word in SEAT_NUMBER_WORDS and i + 1 < len(words)
                                    and words[i + 1] in SEAT_WORDS):
            continue
        else:
            out.append(arg)
    return tuple(out)


def lobby_ref(table: Table) -> str:
    """The name of the lobby message that carries the buttons (the doors edit it by it)."""
    return f"lobby{table.id}"


def lobby_payload(table_id: int, verb: str) -> str:
    return f"l:{table_id}:{verb}"


def parse_lobby_payload(payload: str) -> tuple[int, str] | None:
    """(table, verb) of a lobby button's payload; None if it is no lobby button's."""
    tag, _, rest = payload.partition(":")
    tid, _, verb = rest.partition(":")
    if tag != "l" or number(tid) is None or verb not in (*LOBBY_VERBS, AGAIN):
        return None
    return number(tid), verb


def _creators_part(table: Table, user: str) -> bool:
    """May `user` start or stop the table as its opener may: the opener, or once the
    opener has left it (or, in a game, a computer plays for them) anyone still seated."""
    seat = table.seat_of(table.creator)
    if seat is None or table.status == "playing" and table.seats[seat].away:
        return table.seat_of(user) is not None
    return user == table.creator


def again_ref(table_id: int) -> str:
    return f"again{table_id}"


def again_words(game, options: dict, timer: int, bots: str, league: bool,
                terminal: bool = False) -> list[str]:
    """The words after /new that open a table like this one again (its options as given,
    the core's where they are not the default: at the terminal, no move time)."""
    words = [game.id, *options_as_read(game, options)]
    default = 0 if terminal else default_timer(game)
    if "timer" not in game.Config.options() and timer != default:
        words.append(f"timer={timer}")
    if bots != "normal":
        words.append(f"bots={bots}")
    if not league:
        words.append("league=off")
    return words


def options_as_read(game, options: dict) -> list[str]:
    """A table's game options as `key=value` words, each value as the game read it
    (`dead_tiles=kapalı` was typed: `dead_tiles=off`)."""
    try:
        read = game.Config.from_options(options).to_json()
    except RulesError:
        read = {}
    return [f"{k}={_word(read.get(k, v))}" for k, v in options.items()]


def option_words(args) -> list[str]:
    """`rounds=3, doubling=on` and `rounds = 3` as `rounds=3 doubling=on`: commas and
    spaces around "=" are how people write a list (the comma was read as part of the
    value: "3, is not a valid value for rounds"). `rounds= doubling=on` stays two words:
    an option without a value is refused as one."""
    out: list[str] = []
    for word in " ".join(args).replace(",", " ").split():
        if out and (word.startswith("=") or out[-1].endswith("=") and "=" not in word):
            out[-1] += word
        else:
            out.append(word)
    return out


def split_options(game, args) -> tuple[dict, dict]:
    """`key=value` words -> (game options, core options). Raises Refusal for a bare word."""
    game_opts, core_opts = {}, {}
    own = set(game.Config.options())
    for word in args:
        key, sep, value = _option_word(word)
        if not sep or not key or not value.strip():  # "rounds=": no value to echo
            raise Refusal("core.error.bad_option", option=echoed(word))
        if key in game_opts or key in core_opts:  # "partners=on partners=off": which?
            raise Refusal("core.error.option_twice", option=echoed(key))
        if key in CORE_OPTIONS and key not in own:
            core_opts[key] = fold(value)
        else:
            game_opts[key] = value.strip()
    return game_opts, core_opts


def _no_unknown_option(game, args) -> None:
    """An option `game` does not have is refused first (with the options it has), before
    "given twice" or a bad value of another: "zzz=1 zzz=1" is no option at all."""
    for word in args:
        key, sep, value = _option_word(word)
        if sep and key and key not in game.Config.options() and key not in CORE_OPTIONS:
            make_config(game, {key: value})  # (raises)


def _option_word(word: str) -> tuple[str, str, str]:
    """A typed `key=value`: (its key as options are named, "=" or "", its value)."""
    key, sep, value = word.partition("=")  # ("--rounds=3": a command line's habit)
    return fold(key).lstrip("-—–").replace("-", "_"), sep, value  # (a phone's — for --)


def make_config(game, game_opts: dict):
    """The game's Config; an unknown option's error also lists the core's options."""
    try:
        return game.Config.from_options(game_opts)
    except ConfigError as e:
        if e.key == "error.unknown_option":
            extra = [o for o in CORE_OPTIONS if o not in game.Config.options()]
            names = ", ".join([*game.Config.options(), *extra])
            raise ConfigError(f"unknown option {e.params['option']!r}; options: {names}",
                              e.key, option=e.params["option"], options=names) from None
        raise


def default_timer(game) -> int:
    """Seconds a move of `game` may take when /new names no timer (the rules' decisions)."""
    return DEFAULT_TIMER.get(game.id, 60)


def timer_of(game, config, core_opts: dict) -> int:
    if "timer" in game.Config.options():
        return int(config.timer)
    raw = core_opts.get("timer")
    if raw is None:
        return default_timer(game)
    seconds = number(raw)
    if seconds is None or not (seconds == 0 or 10 <= seconds <= 3600):
        raise ConfigError(f"bad value {raw!r} for timer; allowed: 10 to 3600 seconds, or 0 "
                          f"for no limit (at a friendly table)", "error.bad_option_value",
                          option="timer", value=echoed(raw), allowed=Line("core.timer_allowed"))
    return seconds


def timer_asked(table) -> bool:
    """Was the table opened with a move time? The terminal times only those: the okey
    games keep a timer given among their options, the others' timer is 0 there unless one
    was given."""
    if "timer" in table.game.Config.options():
        return "timer" in table.options
    return table.timer > 0


def league_of(core_opts: dict) -> bool:
    """Does the table count in the chat's league (`league=on`, the default)?"""
    raw = core_opts.get("league")
    return True if raw is None else switch("league", raw)


class Lobby:
    """Mixin of bot.core.Core: the lobby commands."""

    def agent(self, game_id: str, level: str):
        key = (game_id, level)
        if key not in self._agents:
            self._agents[key] = self.make_agent(game_id, level)
        return self._agents[key]

    async def table_seed(self) -> int:
        """The deal's seed: from the OS, or (for a seeded core: tests, replays) derived from
        the core's seed and the table's number, so a restarted core deals the same."""
        if self.seed is None:
            return random.SystemRandom().getrandbits(62)
        return random.Random(f"{self.seed}:{await self.store.next_table_id()}").getrandbits(62)

    def playable_level(self, game_id: str, level: str) -> tuple[str, bool]:
        """(level, fell back): a level the game lacks yet falls back to "random"."""
        try:
            self.agent(game_id, level)
            return level, False
        except ConfigError as e:
            if e.key != "error.level_unavailable":
                raise
            return "random", True

    def lobby_line(self, table: Table) -> Line:
        players = [table.seat_entry(i) for i, s in enumerate(table.seats) if s is not None]
        return Line("core.lobby", {"game": table.game_name(), "count": table.count(),
                                   "seats": table.size, "players": players})

    def lobby_news(self, out: Outbox, table: Table, lines) -> None:
        """A lobby message to the group, with the lobby's buttons under it (those under the
        lobby's earlier message come off: one live set)."""
        verbs = ("start",) if table.single else LOBBY_VERBS
        choices = [Choice(Line(f"core.button.{verb}"), lobby_payload(table.id, verb))
                   for verb in verbs]
        out.buttons(To(table.platform, chat=table.chat), lines, choices, lobby_ref(table))

    def again_button(self, table: Table) -> tuple[Choice, ...]:
        """Under a match's end: a button that opens a new lobby with the same options, the
        presser seated (none at the terminal, nor where no person played)."""
        if not self.buttons or not table.humans():
            return ()
        return (Choice(Line("core.button.again"), lobby_payload(table.id, AGAIN)),)

    async def again(self, cmd, out, table_id: int) -> None:
        """The match-end button: `/new` with that table's options, by whoever pressed it."""
        row = await self.store.table(table_id)
        if row is None or (row.platform, row.chat) != (cmd.platform, cmd.chat) or cmd.private:
            raise Refusal("core.error.stale")
        game = self.find_game(row.game)
        words = again_words(game, row.options, row.timer, row.bots, row.league)
        try:
            await self.new_table(replace(cmd, name="new", args=tuple(words), payload=None), out)
        except Refusal as refused:  # pressed just after another did: their lobby is it
            opened = next((t for t in self.tables.values() if t.status == "lobby" and (
                t.platform, t.chat, t.game.id) == (cmd.platform, cmd.chat, game.id)), None)
            if refused.line.key != "core.error.table_exists" or opened is None:
                raise
            await self.cmd_join(replace(cmd, name="join", args=(), payload=None), out, opened)
        out.buttons_off(To(cmd.platform, chat=cmd.chat), again_ref(table_id))

    def _only_creator(self, cmd, table: Table) -> None:
        if _creators_part(table, cmd.user.id) or cmd.is_admin:
            return
        seat = table.seat_of(table.creator)
        if seat is None and cmd.user.id == table.creator:  # who left the lobby plays no part
            raise Refusal("core.error.opener_left_you_lobby" if table.status == "lobby"
                          else "core.error.opener_left_you")
        if seat is None:
            raise Refusal("core.error.not_seated_or_admin")
        if table.status == "playing" and table.seats[seat].away:  # their part is the seated's
            raise Refusal("core.error.opener_away", player=table.name(seat))
        raise Refusal("core.error.not_creator", player=table.name(seat))

    def admin_decides(self, payload: str, user: str) -> bool:
        """Does being an admin decide this lobby button's press by `user` (Start by one to
        whom the opener's part does not fall, Add a computer by someone not seated)? A
        door asks its platform who is an admin only then: each lookup may wait on flood
        control, and the chat's next commands with it."""
        pressed = parse_lobby_payload(payload)
        table = self.tables.get(pressed[0]) if pressed is not None else None
        if table is None:
            return False
        if pressed[1] == "start":
            return not _creators_part(table, user)
        return pressed[1] == "addbot" and table.seat_of(user) is None

    async def pressed_chat(self, platform: str, payload: str) -> str | None:
        """The chat of the table a lobby button names (a match's kept after its end): for a
        press whose message the platform no longer describes (Telegram sends an old
        message's chat alone, without its forum topic)."""
        pressed = parse_lobby_payload(payload)
        if pressed is None:
            return None
        if (table := self.tables.get(pressed[0])) is not None:
            return table.chat if table.platform == platform else None
        row = await self.store.table(pressed[0])
        return row.chat if row is not None and row.platform == platform else None

    def _in_lobby(self, table: Table) -> None:
        if not table.open:  # closed while the command waited (its hour over, a /stop)
            raise Refusal("core.error.game_over")
        if table.status != "lobby":
            raise Refusal("core.error.started")

    async def new_table(self, cmd, out) -> None:
        if cmd.private:  # nobody could join it, and its table would be shown to one person
            raise Refusal(texts.platform_key("core.error.new_in_private", cmd.platform))
        if cmd.mute:  # its lobby and Join button would be refused there: nobody would see it
            raise Refusal({"thread": "core.channel_closed_thread",
                           "unseen": "core.channel_unseen"}.get(cmd.mute, "core.channel_closed"))
        if not cmd.args:
            raise Refusal("core.ask_game_new", games=[Line("core.new_game_command", {"id": g})
                                                      for g in self.game_ids()])
        if cmd.args[0] not in self.game_ids():  # no game's name in any language: the names
            # the reader may type instead, in their words ("/new kartu": Domino); "101" to
            # a Turkish reader: either okey game
            key = "core.error.new_either_okey" if either_okey(cmd.args[0], cmd.user.lang) \
                else "core.error.new_unknown_game"
            raise Refusal(key, game=echoed(cmd.args[0]), games=self.game_names())
        game = self.find_game(cmd.args[0])
        words = option_words(cmd.args[1:])
        _no_unknown_option(game, words)
        game_opts, core_opts = split_options(game, words)
        config = make_config(game, game_opts)
        timer = timer_of(game, config, core_opts)
        if not self.timers and "timer" not in core_opts and "timer" not in game.Config.options():
            timer = 0  # the terminal rushes nobody unless asked (see timer_asked)
        bots = self.check_level(core_opts.get("bots", "normal"))
        counted = league_of(core_opts)
        if timer == 0 and counted and self.timers:  # one player could hold it up for ever
            raise Refusal("core.error.no_limit_in_league")
        async with self._opening:  # the check and the new table, with no other /new between
            await self._open_table(cmd, out, game, game_opts, config, timer, bots, counted)

    async def _open_table(self, cmd, out, game, game_opts, config, timer, bots, counted) -> None:
        for t in self.tables.values():
            if (t.platform, t.chat, t.game.id) == (cmd.platform, cmd.chat, game.id):
                seat = t.seat_of(cmd.user.id)
                if seat is not None:  # /join would be no answer to someone sitting there
                    raise Refusal("core.error.table_exists_seated",
                                  game=Line(f"core.game.{game.id}"), seat=seat + 1)
                if t.single:  # Y21: one person's table
                    raise Refusal("core.error.table_single", game=Line(f"core.game.{game.id}"),
                                  player=t.seats[0].name)
                if t.state is not None and t.league:  # nobody may /join it (its ratings)
                    raise Refusal("core.error.table_playing", game=Line(f"core.game.{game.id}"))
                raise Refusal("core.error.table_exists", game=Line(f"core.game.{game.id}"))
        seed = await self.table_seed()
        table = Table(0, cmd.platform, cmd.chat, game, game_opts, config, timer, bots,
                      cmd.user.id, seed, league=counted)
        table.seats = [None] * game.seats(config)
        table.seats[0] = Seat(cmd.user.id, cmd.user.name)
        table.id = await self.store.create_table(
            cmd.platform, cmd.chat, game.id, game_opts, timer, bots, cmd.user.id, seed,
            self.clock.now(), table.seats[0].row(0), counted)
        self.tables[table.id] = table
        journal.opened(table)
        self.lobby_news(out, table, [Line(
            "core.created_single" if table.single else "core.created",  # Y21: nobody joins
            {"player": cmd.user.name, "game": table.game_name(),
             "options": self.described_options(table)}), *self.lobby_notes(table)])
        if self.buttons:  # the opener is seated too: told privately as a joiner is, so a
            # private chat the door cannot write to shows now (the terminal has none)
            self.to_seat(out, table, 0, Line("core.seated_private", {
                "seat": 1, "game": table.game_name()}))
        await self.wait_for_people(table)

    def lobby_notes(self, table: Table) -> list[Line]:
        """Under a lobby's options: at a league match, what a /stop or leaving costs (and
        that friendly tables exist); the teams so far."""
        league = table.league and not table.single and self.buttons
        return [*([Line("core.created_league")] if league else []), *self.teams_to_choose(table)]

    def teams_to_choose(self, table: Table) -> list[Line]:
        """Who sits with whom so far, for choosing a seat by /join: not at the terminal,
        whose one person's table starts at once, the other seats the computers'."""
        return _teams(table) if self.buttons else []

    async def wait_for_people(self, table: Table) -> None:
        """The table waits for people from now on (a lobby opened or changed; a game stored
        waiting for a /back): one nobody starts or comes back to must not keep the group
        from that game for ever (TurnTimers.on_wait_over closes it)."""
        table.deadline = self.deadline_for(table)
        await self.store.set_deadline(table.id, table.deadline)
        self.schedule(table)

    async def cmd_join(self, cmd, out, table: Table) -> None:
        # Under the table's lock: no move between the check and the seat changing hands,
        # nor a lobby closing (its hour over, a /stop) while the seat is stored.
        async with table.lock:
            if table.status == "playing":
                self._may_join(cmd, table)
                return await self.join_game(cmd, out, table)
            self._in_lobby(table)
            self._may_join(cmd, table)
            await self._join_lobby(cmd, out, table)

    async def _join_lobby(self, cmd, out, table: Table) -> None:
        seat = self._free_seat(table, cmd.args, person=True)
        computer = table.name(seat) if table.seats[seat] is not None else None
        async with self.undone_on_failure(table):
            table.seats[seat] = Seat(cmd.user.id, cmd.user.name)
            await self.store.put_seat(table.id, table.seats[seat].row(seat))
        said = {"player": cmd.user.name, "seat": seat + 1, "count": table.count(),
                "seats": table.size}
        self.lobby_news(out, table, [Line("core.joined_for", {**said, "computer": computer})
                                     if computer is not None else Line("core.joined", said),
                                     *self.teams_to_choose(table)])
        # privately too: where the rack will come, and a door that cannot write to them
        # there says so in the group now, while the game has not begun
        self.to_seat(out, table, seat, Line("core.seated_private", {
            "seat": seat + 1, "game": table.game_name()}))
        await self.wait_for_people(table)

    def _may_join(self, cmd, table: Table) -> None:
        mine = table.seat_of(cmd.user.id)
        if mine is not None:
            key = table.waiting("core.error.join_away") if table.seats[mine].away \
                else "core.error.already_seated"  # (everyone away: no computer plays, it waits)
            raise Refusal(key, seat=mine + 1)
        if cmd.args and all(seat_number(a) is None for a in cmd.args):  # "/join two", "rummy"
            raise Refusal("core.error.join_word", word=echoed(cmd.args[0]), last=table.size)
        seats = [a for a in cmd.args if seat_number(a) is not None]
        if len(seats) > 1:  # "/join 2 3": which one?
            raise Refusal("core.error.one_seat", example=f"join {seats[0]}")
        allowed = getattr(table.game, "people_allowed", None)
        if allowed is not None and len(table.humans()) >= allowed(table.config):
            if allowed(table.config) > 1:  # an online table of four people (Y22): full
                raise Refusal("core.error.table_full")
            raise Refusal("core.error.single_player", game=table.game.id)  # Y21

    def _free_seat(self, table: Table, args, person: bool = False) -> int:
        """The seat named in `args`, else the first empty one. A person may also take a
        computer's seat (computers only fill seats until people come): the one named, else
        the highest-numbered computer's when no seat is empty."""
        def free(i: int) -> bool:
            s = table.seats[i]
            return s is None or (person and s.user is None)

        numbers = [seat_number(a) for a in args if seat_number(a) is not None]
        if numbers:  # people count seats from 1, as the pictures do
            seat = numbers[0] - 1
            if not 0 <= seat < table.size:
                raise Refusal("core.error.bad_seat", seat=seat + 1, last=table.size)
            if not free(seat):
                others = [i + 1 for i in range(table.size) if free(i)]
                if others:  # which ones are: what to type instead
                    raise Refusal("core.error.seat_taken_free", seat=seat + 1,
                                  free=", ".join(map(str, others)))
                raise Refusal("core.error.seat_taken", seat=seat + 1)
            return seat
        for i, s in enumerate(table.seats):
            if s is None:
                return i
        for i in reversed(range(table.size)):
            if free(i):
                return i
        raise Refusal("core.error.table_full")

    async def cmd_leave(self, cmd, out, table: Table) -> None:
        if table.seat_of(cmd.user.id) is None:  # a lobby button pressed by someone not at it
            raise Refusal("core.error.not_seated")
        # Under the table's lock: a /start at the same moment either comes first (then this
        # is leaving a game) or finds the seat empty, never a half-closed lobby; and the
        # seat is read again there (a double-clicked Leave: the first press emptied it, and
        # someone may have joined into it since)
        async with table.lock:
            seat = table.seat_of(cmd.user.id)
            if seat is None and table.status == "lobby":
                raise Refusal("core.error.not_seated")
            if table.status == "lobby":
                table.seats[seat] = None
                await self.store.remove_seat(table.id, seat)
                if not table.humans():  # nobody left to start it
                    await self._close_locked(out, table, "stopped", cmd.user.name,
                                             tell_group=False, why="its last person left")
                    return self.to_group(out, table, Line("core.left_closed", {
                        "player": cmd.user.name, "game": table.game_name()}))
                await self.wait_for_people(table)
                return self.lobby_news(out, table, [Line("core.left", {
                    "player": cmd.user.name, "count": table.count(), "seats": table.size}),
                    *self.teams_to_choose(table)])
            return await self.leave_game(cmd, out, table)  # it checks the game is on

    async def cmd_addbot(self, cmd, out, table: Table) -> None:
        async with table.lock:  # not into a lobby that closes meanwhile
            self._in_lobby(table)
            await self._add_computer(cmd, out, table)

    async def _add_computer(self, cmd, out, table: Table) -> None:
        if table.seat_of(cmd.user.id) is None and not cmd.is_admin:
            if table.single:  # nobody joins it (Y21): not "/join first"
                raise Refusal("core.error.single_player", game=table.game.id)
            if None not in table.seats:  # no seat a computer could take, joined or not
                raise Refusal("core.error.table_full")
            raise Refusal("core.error.not_seated_addbot")  # (what to do first: /join)
        words = [a for a in cmd.args if seat_number(a) is None and not (
            fold(a) in SEAT_WORDS and any(seat_number(b) is not None for b in cmd.args))]
        levels = [self.check_level(w) for w in words]  # each word a level, or refused
        if len(levels) > 1:  # "/addbot expert normal": which one?
            raise Refusal("core.error.one_level", example=f"addbot {words[0]}")
        seats = [a for a in cmd.args if seat_number(a) is not None]
        if len(seats) > 1:  # "/addbot 3 expert 4"
            raise Refusal("core.error.one_seat", example=f"addbot {seats[0]}")
        level = levels[0] if levels else self.check_level(table.bots)
        named = seat_number(seats[0]) - 1 if seats else None
        was = table.seats[named] if named is not None and 0 <= named < table.size else None
        if levels and was is not None and was.user is None:  # "/addbot beginner 3" over
            seat = named  # the expert added there by mistake: that computer's level changes
        else:
            was, seat = None, self._free_seat(table, cmd.args)
        used, fell_back = self.playable_level(table.game.id, level)
        if was is not None and was.level == used:  # "/addbot beginner 3" over a beginner
            raise Refusal("core.error.bot_same", seat=seat + 1, level=Line(f"core.level.{used}"))
        async with self.undone_on_failure(table):
            table.seats[seat] = Seat(None, "", used)
            await self.store.put_seat(table.id, table.seats[seat].row(seat))
        if fell_back:
            self.to_group(out, table, Line("core.level_fallback", {
                "level": Line(f"core.level.{level}"), "game": table.game_name()}))
        if was is not None:
            news = Line("core.bot_changed", {"seat": seat + 1, "level": Line(
                f"core.level.{used}"), "was": Line(f"core.level.{was.level}")})
        else:
            news = Line("core.bot_added", {
                "player": table.name(seat), "level": Line(f"core.level.{used}"),
                "seat": seat + 1, "count": table.count(), "seats": table.size})
        self.lobby_news(out, table, [news, *self.teams_to_choose(table)])
        await self.wait_for_people(table)

    async def cmd_start(self, cmd, out, table: Table) -> None:
        self._in_lobby(table)
        self._only_creator(cmd, table)
        # Under the table's lock, so a /stop or /leave at the same moment either closes the
        # lobby first (and this start is refused) or stops the game once it has begun.
        async with table.lock:
            if not table.open:
                raise Refusal("core.error.game_over")
            self._in_lobby(table)
            await self._start(out, table)

    async def _start(self, out, table: Table) -> None:
        plan = getattr(table.game, "seat_plan", None)
        moved = False
        # (a start the store refuses leaves the lobby as it was, seats too: the reload)
        if plan is not None:  # Yüzbir: two people sit opposite each other (Y22)
            before = [s.user if s else None for s in table.seats]
            table.seats = _seated_by_plan(table.seats, plan(len(table.humans())))
            moved = before != [s.user if s else None for s in table.seats]
            for seat, s in table.humans():  # whoever sits elsewhere than they joined hears
                if before[seat] != s.user:  # it (moves name seats: `pairs ... to 3`)
                    self.to_seat(out, table, seat, Line("core.seat_moved_private", {
                        "seat": seat + 1, "game": table.game_name()}))
        used, fell_back = self.playable_level(table.game.id, table.bots)
        empty = any(s is None for s in table.seats)
        async with self.undone_on_failure(table):  # a start the store refused: still a lobby
            for i, s in enumerate(table.seats):
                if s is None:
                    table.seats[i] = Seat(None, "", used)
            table.state = table.game.new(table.config, seed=table.seed)
            table.status = "playing"
            table.began = self.arrivals
            table.deadline = self.deadline_for(table)
            await self.store.start_table(table.id, table.seat_rows(), table.deadline)
        journal.started(table)
        if fell_back and empty:
            self.to_group(out, table, Line("core.level_fallback", {
                "level": Line(f"core.level.{table.bots}"), "game": table.game_name()}))
        out.buttons_off(To(table.platform, chat=table.chat), lobby_ref(table))  # started
        table.untold_start = start_lines(table, moved)
        try:
            await self.advance(out, table, [], None)  # computers open; every rack goes
        except Exception:
            self.kick_after_failure(table)  # told then, or with the first move that comes
            raise

    async def cmd_stop(self, cmd, out, table: Table) -> None:
        self._only_creator(cmd, table)
        await self._close(out, table, "stopped", cmd.user.name, cmd.user.id,
                          asked_privately=cmd.private)

    async def _close(self, out, table: Table, status: str, by: str,
                     user: str | None = None, asked_privately: bool = False) -> None:
        # A move may be under way (computers thinking): it ends first, then the table
        # closes, so nothing it commits can bring the table back as "playing".
        async with table.lock:
            await self._close_locked(out, table, status, by, user,
                                     asked_privately=asked_privately)

    async def chat_gone(self, platform: str, gone: Callable[[str], bool]) -> None:
        """The bot can no longer reach the chats `gone` says (removed from a Telegram group
        and its topics, from a Discord server, or a channel deleted): their tables close
        without a result, as an admin's /stop would (nobody there can see or play them, and
        their timers would keep the computers playing to nobody); the people at them hear
        it privately."""
        out = Outbox()
        told = {}  # drafted while every table is still theirs: each headed by its group
        for table in [t for t in self.tables.values() if t.platform == platform and gone(t.chat)]:
            told[table] = Outbox()
            place = self.place_name(platform, table.chat)
            for seat, s in table.humans():  # (the group named in the line itself: someone
                if place:  # told only when they press Start may be at another table then)
                    told[table].user(platform, s.user, Line("core.chat_gone_in", {
                        "game": table.game_name(), "place": place}))
                else:
                    self.to_seat(told[table], table, seat,
                                 Line("core.chat_gone", {"game": table.game_name()}))
        for table, note in told.items():
            async with table.lock:
                if not table.open:
                    continue
                await self._close_locked(out, table, "stopped", "", tell_group=False,
                                         why="the bot can no longer reach its chat")
            out.drafts += note.drafts
        await self.deliver(out)

    async def chat_muted(self, platform: str, muted: Callable[[str], bool], name: str,
                         why: str = "core.group_muted") -> int:
        """The bot may post nothing in the chats `muted` says (an admin restricted it, a
        topic closed: `why` says which): their tables go on unseen there, so the people at
        them hear it privately (`name`: the chat's, where the bot has not seen one).
        Returns how many."""
        out = Outbox()
        for table in [t for t in self.tables.values() if t.platform == platform and t.open
                      and muted(t.chat)]:
            place = self.place_name(platform, table.chat) or name
            self.muted_chats[(platform, table.chat)] = place
            said = Line(why, {"place": place, "game": table.game_name()})
            for s in table.seats:
                if s is not None and s.user:
                    out.user(platform, s.user, said)
        if out.drafts:
            await self.deliver(out)
        return len(out.drafts)

    def chat_refuses(self, platform: str, room: str) -> None:
        """A post in `room` was refused (Discord: a permission taken away, told to whoever
        asks there): its tables' ends and stops go to their people privately too."""
        self.muted_chats.setdefault((platform, room), self.place_name(platform, room) or room)

    def tell_unseen(self, out, table: Table, key: str, lines, but: str | None = None) -> None:
        """The chat of `table` sees nothing the bot posts (muted_chats): its people (but
        `but`) hear `lines` privately, headed by `key` (its {game} and {place})."""
        place = self.muted_chats.get((table.platform, table.chat))
        if place is None:
            return
        head = Line(key, {"place": place, "game": table.game_name()})
        for _, s in table.humans():
            if s.user != but:
                out.user(table.platform, s.user, [head, *lines])

    def chat_may_post(self, platform: str, rooms) -> None:
        """The bot posted in `rooms` again (or was allowed to): they are no longer muted."""
        for room in rooms:
            self.muted_chats.pop((platform, room), None)

    async def _close_locked(self, out, table: Table, status: str, by: str,
                            user: str | None = None, tell_group: bool = True,
                            why: str = "", asked_privately: bool = False) -> None:
        """Close `table`. A league match under way stopped by one of its players (`user`)
        counts as lost by them to everyone else: stopping must not undo a loss. `why`: for
        the log, where no /stop closed it."""
        if not table.open:
            raise Refusal("core.error.game_over")
        await table.told_so_far()  # the last move's messages go out first
        playing = table.status == "playing"
        seat = table.seat_of(user) if user is not None and playing else None
        forfeit = self._forfeit(table, seat) if seat is not None else None
        # stopped by someone not playing it (an admin): a league match under way ends uncounted
        uncounted = playing and seat is None and self.league_match(table)
        lobby = table.status == "lobby"
        closer = table.seat_of(user) if user is not None else None  # (a lobby's too)
        async with self.undone_on_failure(table):  # refused by the store: still open
            if table.timer_handle is not None:
                table.timer_handle.cancel()
            table.status = status
            # (the one who closed it knows it closed: no "it closed while you were away" for
            # their /back after a restart either, Play._recall_ended_away)
            await self.store.set_status(table.id, status, forfeit, closed_by=user if (
                playing and closer is not None) else None)
        journal.closed(table, why or (
            f"stopped by seat {closer + 1}" if closer is not None else
            "stopped by its opener" if user == table.creator else "stopped by an admin"))
        if lobby:  # nobody can join a closed table
            out.buttons_off(To(table.platform, chat=table.chat), lobby_ref(table))
        self.tables.pop(table.id, None)
        if playing:  # whoever a computer played for: their /back is told it closed
            self._note_ended_away(table)  # (not the one who closed it: they know)
            self.ended_away.pop((table.platform, user, table.chat, table.game.id), None)
        self.prefs.forget_table(table.id)
        for s, ref in sorted(table.prompted.items()):  # no live buttons left behind
            self.to_seat_edit(out, table, s, ref)
        table.prompted.clear()
        said = [Line("core.stopped", {"player": by, "game": table.game_name()})]
        if forfeit is not None:
            if getattr(table.config, "partners", False):  # O-D11: the team loses it
                mate = (seat + table.size // 2) % table.size
                team = Line("core.partners", {"a": table.name(min(seat, mate)),
                                              "b": table.name(max(seat, mate))})
                said.append(Line("core.stopped_forfeit_team", {"player": by, "team": team}))
            else:
                said.append(Line("core.stopped_forfeit", {"player": by}))
            said += await self.rating_lines(table, seat)
        elif uncounted:
            said.append(Line("core.stopped_uncounted"))
        if tell_group:
            if playing:
                self.close_live_picture(out, table, said[0])
            self.to_group(out, table, said)
            # (a closer who asked privately reads it in the answer)
            self.tell_unseen(out, table, "core.closed_unseen", said,
                             but=user if asked_privately else None)


def start_lines(table: Table, moved: bool) -> list[Line]:
    """What the group reads at the start: the seats, the deal's public side (the okey's
    indicator). `moved`: the people sit elsewhere than they joined (Y22)."""
    players = [table.seat_entry(i) for i in range(table.size)]
    lines = [Line("core.started", {"game": table.game_name(), "players": players})]
    if moved:  # the seats they joined were not those they play in: say why
        people = [i for i, _ in table.humans()]
        others = [i for i in range(table.size) if i not in people]
        seats = ", ".join(str(i + 1) for i in people)
        lines.append(Line("core.seats_opposite") if len(people) == 2 else Line(
            "core.seats_planned_one", {"seats": seats, "other": others[0] + 1})
            if len(others) == 1 else Line("core.seats_planned", {"seats": seats}))
    return lines + [events.public_line(table, ev) for ev in table.state.opening_events()]


def planned_seat(table: Table) -> int | None:
    """The computer's seat a person who comes late takes where the game seats people by
    plan (Y22: a second person sits opposite the first), or None."""
    plan = getattr(table.game, "seat_plan", None)
    if plan is None:
        return None
    people = len(table.humans())
    wanted = plan(people + 1) if people < len(table.seats) else []
    return next((i for i, want in enumerate(wanted)
                 if want and table.seats[i] is not None and table.seats[i].user is None), None)


def _seated_by_plan(seats: list, plan: list[bool]) -> list:
    """The seats with the people moved to the seats `plan` gives them (in their order) and
    the computers (or empty seats) to the others."""
    people = [s for s in seats if s is not None and s.user]
    others = [s for s in seats if s is None or not s.user]
    return [people.pop(0) if person else others.pop(0) for person in plan]


def _word(value) -> str:
    """An option value as typed in /new (on/off for switches)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _teams(table: Table) -> list[Line]:
    """With partners, who sits with whom so far (O-D11: partners sit opposite), so that a
    person can /join the seat beside the partner they want; a free seat by its number."""
    if not table.teams:
        return []

    def who(i: int):
        return Line("core.seat_free", {"seat": i + 1}) if table.seats[i] is None else table.name(i)

    first, second = (Line("core.partners", {"a": who(a), "b": who(b)}) for a, b in table.teams)
    return [Line("core.lobby_teams", {"a": first, "b": second})]


__all__ = ["Lobby", "LEVELS"]

