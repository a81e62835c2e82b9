"""Discord: the chat door, through discord.py (gateway + REST), with slash commands.

A thin translation (see bot/messages.py). The bot registers one slash command per core
command (`/new game:okey101 options:doubling=on`, `/join`, `/start`, ...) and per move
(`/discard tiles:r7`, or `/move text:discard r7`), described in the four languages
(bot/adapters/menu.py); a use of one becomes a `Command`, and a press of one of the
buttons under a rack comes back as the `Command.payload` it carries. Outbound, channel
messages go to the channel, private ones (racks, hints) to the person's direct messages;
a picture is an attached PNG with its text as the message (the text alone in a channel
where the bot lacks Attach Files), buttons are message components (under the rack
picture they follow, bot/adapters/prompts.py), and an `Edit` rewrites the message its
ref names.

Every interaction is answered at once (Discord waits 3 s at most) and privately: a
refusal or an answer meant only for the person who used the command (the core's private
text to them while it handled that command) comes back as that private reply, not as a
direct message. Someone who does not accept direct messages from the server's members is
told in the channel where they last played.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import logging
import re
from dataclasses import dataclass, field, replace

import aiohttp
import discord
import yarl

from rules import game_ids
from rules.ai import LEVELS
from rules.words import cut_to, fold, isolated, typed

from .. import i18n, texts
from ..core import Core
from ..game_names import game_named
from ..messages import (
    Buttons,
    Command,
    Edit,
    Image,
    Joined,
    Line,
    Reply,
    Text,
    To,
    User,
    a_rack,
)
from ..notation import BARE_MOVES, LARGEST_NUMBER
from ..pictures import THEMES
from ..play import is_live_ref
from ..rack_order import ORDERS, order_named, order_words
from . import backlog
from .backlog import GroupBacklog
from .in_order import InOrder
from .menu import ADMIN_COMMANDS, CORE_COMMANDS, MOVE_VERBS, describe_option
from .prompts import joined_text, with_prompts
from .sent import SentMessages
from .serve import DoorUnavailable, DoorUnreachable
from .text_parts import shortened, split_text, word_cut
from .unreachable import Unreachable

# What a send can end in besides Discord's answer: a dropped connection or a timeout
# reaches us unwrapped. Each message's failure stays its own; the rest still go out.
NOT_DELIVERED = (discord.HTTPException, aiohttp.ClientError, asyncio.TimeoutError, OSError)
HELD_SENDS_WAIT = 10.0  # seconds stop() lets held channel messages go out
# seconds a move's channel message may take before the private messages after it go on
# without it (it goes on being sent, and the channel's next messages wait behind it)
CHANNEL_PATIENCE = 2.0


def _queue_of(m) -> str:
    """Where a held message waits: its channel's queue, or the person's own."""
    return f"dm:{m.to.user}" if m.to.private else m.to.chat


def _platform_failed(e: BaseException) -> bool:
    """Discord (or the way to it) failed: a 5xx after discord.py's own tries, a dropped
    connection, a timeout; the same request may go through later. A refusal (4xx) would
    be refused again."""
    if isinstance(e, discord.HTTPException):  # (429: rate limited past discord.py's tries)
        return isinstance(e, discord.DiscordServerError) or e.status == 429
    return isinstance(e, aiohttp.ClientError | asyncio.TimeoutError | OSError)


def _muted(interaction: discord.Interaction, private: bool) -> str:
    """Command.mute, as Discord says with the interaction: "" where the bot may post (Send
    Messages; in a thread, Send Messages in Threads), else "channel" or "thread", or
    "unseen" for a channel the bot may not even see (no View Channel: every post is 50001)."""
    if private:
        return ""
    perms = interaction.app_permissions
    in_thread = isinstance(interaction.channel, discord.Thread)
    if not in_thread and not perms.view_channel:
        return "unseen"
    if perms.send_messages_in_threads if in_thread else perms.send_messages:
        return ""
    return "thread" if in_thread else "channel"


def _first_words(text: str) -> str:
    """A channel message's first line (with the next, after a heading such as "Dominoes
    table:")."""
    lines = text.splitlines() or [""]
    return " ".join(lines[:2]) if lines[0].endswith(":") and len(lines) > 1 else lines[0]


def _channel_refused(m, e: BaseException) -> None:
    """A channel message given up, at once or after it was held: a channel that refuses
    the bot is one line; anything else with its trace."""
    if isinstance(e, discord.Forbidden):
        log.warning("discord: cannot write in %s", f"channel {m.to.chat}" if m.to.chat
                    else f"the direct messages of {m.to.user}")
    else:
        log.error("discord: a held %s to %s was not delivered", type(m).__name__, m.to,
                  exc_info=e)


log = logging.getLogger(__name__)

PLATFORM = "discord"
MISSING_PERMISSIONS = 50013  # Discord's error code for a permission the bot lacks
MISSING_ACCESS = 50001  # ... for a channel it cannot see, or a private thread it is not in
THREAD_ARCHIVED = 50083  # an edit in an archived thread (a new message unarchives it)
UNKNOWN_CHANNEL = 10003  # ... for a channel or thread that is no more
NAME_MAX = 32  # Discord's longest display name (the cut only drops direction marks)
TOKEN_REFUSED = 4004  # the gateway's close code for a bad (or revoked) token
CONTENT_MAX = 2000  # Discord's limits
LABEL_MAX = 80
BUTTONS_MAX = 25
PER_ROW = 5

@dataclass
class _Asking:
    """The person whose interaction is being handled (per task, so concurrent interactions
    never mix replies): the private text the core sends them is their interaction's reply,
    and a picture their closed direct messages refused joins it as (text, picture,
    choices), as does a picture that answers a command used in a channel (/rules' example);
    `reached_dms`: something went to their direct messages meanwhile."""

    user: User
    replies: list = field(default_factory=list)
    reached_dms: bool = False
    in_channel: bool = False  # the command was used in a server's channel
    channel: str = ""  # where it was used (a channel, a thread, their direct messages)
    # the first words a channel got from a command used in direct messages ("Eve left."):
    # its reply there, which said nothing at all
    told_channel: str | None = None

    def asked(self, m) -> bool:
        return m.to.private and m.to.user == self.user.id

    def answered_by(self, m, prompt) -> bool:
        """`m` is the private answer to their command, not something for their direct
        messages: a text, or in a channel a picture that is not their rack."""
        if not self.asked(m) or _tries_dms(m):
            return False
        if type(m) in (Text, Reply):
            return True
        return (self.in_channel and isinstance(m, Image) and m.kind != "rack"
                and prompt is None and not m.choices)


_replying: contextvars.ContextVar[_Asking | None] = contextvars.ContextVar(
    "replying", default=None)


# -- the slash commands ---------------------------------------------------------------------
def _described(describer, key: str) -> dict:
    """English, the default, and the other languages as Discord's localizations."""
    return {"description": typed_on_discord(describer(i18n.DEFAULT, key), i18n.DEFAULT),
            "description_localizations": {lang: typed_on_discord(describer(lang, key), lang)
                                          for lang in i18n.LANGS if lang != i18n.DEFAULT}}


def _option(name: str, text: str | None = None, kind: int = 3, required: bool = False,
            choices=None, named: str = "", least: int | None = None) -> dict:
    """An option (type 3: a string, 4: an integer, at least `least` and at most the largest
    number the core reads, notation.number: Discord refuses a larger one in its box, not the
    core as another option's word); its choices shown by their names in each language
    (catalog keys `named` + choice) when `named` is given."""
    out = {"name": name, "type": kind, "required": required,
           **_described(describe_option, text or name)}
    if least is not None:
        out["min_value"] = least
    if kind == 4:
        out["max_value"] = LARGEST_NUMBER
    if choices:
        out["choices"] = [_choice(c, named) for c in choices]
    return out


# the catalog keys a picker names its choices by (a text suggesting one names it so too)
GAME_NAMED, LANG_NAMED, THEME_NAMED = "core.game.", "core.lang.", "core.theme."


def _choice(value: str, named: str) -> dict:
    if not named:
        return {"name": value, "value": value}
    key = named + value
    return {"name": i18n.translate(i18n.DEFAULT, key), "value": value,
            "name_localizations": {lang: i18n.translate(lang, key)
                                   for lang in i18n.LANGS if lang != i18n.DEFAULT}}


def slash_commands() -> list[dict]:
    """The commands registered with Discord: the core's, `/move text:...`, and one per move
    verb (`/discard tiles:r7`), so that the moves the bot suggests are what people type."""
    games = list(game_ids())
    game = _option("game", choices=games, named=GAME_NAMED)  # which table, of several
    # optional: /lang alone says which language it is now and how to change it
    language = _option("language", choices=list(i18n.LANGS), named=LANG_NAMED)
    theme = _option("theme", choices=list(THEMES), named=THEME_NAMED)  # alone: which it is
    switch = _option("state", choices=["on", "off"], named="core.")
    options = {
        "help": [],
        "new": [_option("game", "new_game", required=True, choices=games, named=GAME_NAMED),
                _option("options")],
        "join": [_option("seat", kind=4, least=1), game],
        "addbot": [_option("level", choices=list(LEVELS), named="core.level."),
                   _option("seat", kind=4, least=1), game],
        "lang": [language], "mylang": [language],
        "theme": [theme], "mytheme": [theme],
        "arrange": [_option("order", choices=list(ORDERS), named="core.arrange."),
                    _option("tiles", "layout"), game],
        "move": [_option("text", required=True)],
        "league": [_option("game", "league_game", choices=games, named=GAME_NAMED),
                   _option("season", kind=4, least=1)],
        "season": [_option("action", choices=["end"], named="core.season_action.")],
        # where no table is open it is the only way to say which game's rules
        "rules": [_option("game", "rules_game", choices=games, named=GAME_NAMED)],
        # alone: turned over; on or off: set (shown as the bot shows them, core.on; /hide's
        # as its own words, core.hide.on: Turkish açık is a tile face up too)
        "hide": [_option("state", "hide_state", choices=["on", "off"], named="core.hide.")],
        "quiet": [switch],
    }
    names = (*CORE_COMMANDS, "move", *MOVE_VERBS)
    return [{"name": name, **_described(_describe_here, name),
             "options": options.get(name, _move_options(name, game) if name in MOVE_VERBS
                                    else [game])}
            for name in names]




def _describe_here(lang: str, command: str) -> str:
    """A command's description as Discord shows it: a channel's, its server managers'
    (core.cmd.<command>_discord) where the chats' says chat or admin."""
    return i18n.translate(lang, texts.platform_key(f"core.cmd.{command}", PLATFORM))


def _move_options(verb: str, game: dict) -> list[dict]:
    """A move's options: its tiles (required where the move names some; described as
    that move takes them) and its table's game."""
    return [game] if verb in BARE_MOVES else [_option("tiles", f"tiles.{verb}", required=True),
                                              game]


# how options become words
ARG_ORDER = ("game", "level", "seat", "language", "theme", "order", "tiles", "options",
             "season", "action", "state")


# A backslash before a sign (`\|`, `\*`): the escape `plain` put before it in a command the
# bot suggested, which copying the message's text keeps; no command needs one.
_ESCAPED = re.compile(r"\\([^\w\s]|_)")  # (and `dead\_tiles`)


# /move's text as a slash command's options were copied into it: `discard tiles:r3`
# (the form the bot suggests), `discard: r3`, `draw game:dominoes`
_OPTION_IN_TEXT = re.compile(r"(?<!\S)(tiles|text|game):\s*")


def _move_text(text: str) -> str:
    gid = ""
    game = re.search(r'(?<!\S)game:\s*(“[^”]*”|"[^"]*"|\S+(?:\s+\S+){0,2})', text)
    if game:  # the core reads a game before the move: "dominoes draw" (a game as the
        # picker names it too, quoted or not: `game:Okey 101 (Endonezya)`)
        named = game[1].strip('“”"').strip()
        end = game.end()
        gid = game_named(named, game_ids()) if named else ""
        if gid is None:  # some words of it only: the next are the move's
            words = named.split()
            used = next((n for n in range(len(words) - 1, 0, -1)
                         if game_named(" ".join(words[:n]), game_ids())), 1)
            gid = game_named(" ".join(words[:used]), game_ids()) or words[0]
            end = game.start(1) + len(" ".join(game[1].split()[:used]))
        text = f"{text[:game.start()]}{text[end:]}"
    words = _OPTION_IN_TEXT.sub("", text).split()
    if words and fold(words[0]).lstrip("/") == "move":  # the help's `/move text:...` pasted
        words = words[1:]
    if words and words[0].endswith(":") and words[0][:-1].isalpha():  # "discard: r3"
        words[0] = words[0][:-1]
    if gid and words:  # ("/play tiles:0-1 game:“Dominoes”", as the bot suggests it: the
        words[0] = words[0].lstrip("/")  # move's / after the game read first)
    return " ".join([gid, *words] if gid else words)


def command_words(data: dict) -> tuple[str, tuple[str, ...]]:
    """A slash command's (name, args) as the core reads typed commands."""
    name = data.get("name", "")
    options = {o["name"]: _ESCAPED.sub(r"\1", o["value"]) if isinstance(o.get("value"), str)
               else o.get("value") for o in data.get("options") or []}
    if name == "move":
        cmd = Command.parse(PLATFORM, "", User("", ""), _move_text(str(options.get("text", ""))))
        return cmd.name, cmd.args
    if name in MOVE_VERBS:
        move = (name, *typed(str(options.get("tiles") or "")).split())
        game = options.get("game")
        return (game, move) if game else (name, move[1:])
    words: list[str] = []
    for key in ARG_ORDER:
        value = options.get(key)
        if value is not None:
            words += typed(_without_own_name(key, str(value))).split()
    return name, tuple(words)


def _without_own_name(key: str, value: str) -> str:
    """An option's value without its own name pasted before it: the bot suggests
    `/new game:okey101 options:doubling=on`, and the part copied into the options box
    keeps its `options:` (read as an option of that name)."""
    return re.sub(rf"^\s*{key}:\s*", "", value, flags=re.IGNORECASE)


def _a_move(name: str) -> bool:
    """Is the command, as the core reads it, a move (/discard, /move text:discard r7, a
    verb with its game option)?"""
    return name in MOVE_VERBS or name in game_ids()


def _refused_options(data: dict) -> str | None:
    """The key of the refusal a slash command's options get before the core reads them:
    /arrange's order and tiles are one or the other (joined, "pairs 1 2" reads as tiles);
    /move's text of nothing visible is no command at all (the core read "Unknown command /.")."""
    given = {o["name"] for o in data.get("options") or [] if o.get("value") is not None}
    if data.get("name") == "move" and not command_words(data)[0]:
        return "core.error.move_blank"
    if data.get("name") == "move" and _command_in_move(data):
        return "core.error.move_not_command"
    if data.get("name") == "arrange" and {"order", "tiles"} <= given:
        return "core.error.arrange_both"
    return None


def _command_in_move(data: dict) -> str | None:
    """The command /move's text names instead of a move (`stop`, `dominoes leave`): made
    there it did what its own command does (a league match stopped by a "move")."""
    name, args = command_words(data)
    words = [fold(w) for w in (name, *args)]
    while words and game_named(words[0], game_ids()) is not None:  # "101 stop", "okey 101"
        words.pop(0)
    return words[0] if words and words[0] in CORE_COMMANDS else None


class KnownChats:
    """The server and parent channel of each channel and thread the door has seen used or
    changed (archived): discord.py forgets archived threads, whose tables must still close
    when their server removes the bot or their channel is deleted (README: "A server that
    removes the bot, or a deleted channel or thread, closes its tables")."""

    def __init__(self):
        self._where: dict[str, tuple[str, str]] = {}  # chat -> (server, parent or "")

    def seen(self, chat, server, parent=None) -> None:
        self._where[str(chat)] = (str(server), str(parent or ""))

    def in_server(self, server) -> set[str]:
        return {chat for chat, (s, _) in self._where.items() if s == str(server)}

    def under(self, channel) -> set[str]:
        """The threads of `channel`."""
        return {chat for chat, (_, parent) in self._where.items() if parent == str(channel)}

    def is_thread(self, chat) -> bool:
        return bool(self._where.get(str(chat), ("", ""))[1])

    def forget(self, chats) -> None:
        for chat in chats:
            self._where.pop(chat, None)


class DiscordDoor:
    """Interactions in, messages out, for one bot account and one core."""

    def __init__(self, client: discord.Client, core: Core | None = None):
        self.client = client
        self.core = core
        self.sent = SentMessages(PLATFORM, self)  # where each prompt went (its buttons)
        # whose direct messages are closed, where they play
        self.unreachable = Unreachable(seated=self._seated_in)
        self.chats = KnownChats()  # the server of each channel and thread used here
        self.handled = 0  # interactions answered in full (for logs and tests)
        self.stopping = False  # set by `finish`: no new interaction is taken
        self._under_way: set[asyncio.Task] = set()  # interactions being handled
        self._in_order = InOrder()  # a channel's interactions, as they came
        # channel messages that met a failing Discord: sent again in a while, in order
        self.held = GroupBacklog(self._send_held, again=_platform_failed, lost=self._held_lost,
                                 chat_of=_queue_of)
        self._held_prompts: dict[int, object] = {}  # a held direct message's buttons
        self._answered_racks: dict[str, object] = {}  # prompt ref -> a reply with its buttons
        # whose latest picture, its direct message held, came as their command's reply
        self.rack_replied: set[str] = set()
        self._replied_prompts: set[str] = set()  # their refs: shown as a reply instead
        # whose latest picture, its direct message held, was given up (Discord failing
        # for minutes) and not shown as a reply: the one they see has other numbers
        self.picture_lost: set[str] = set()
        self._gone_chats: set[str] = set()  # channels found deleted by a refused message
        self._told_closed: set[tuple[str, str]] = set()  # (person, channel) told it refuses
        self._closing: set[asyncio.Task] = set()  # their tables closing (off the send)

    def _seated_in(self, user: str, near=None):
        return self.core.seated_in(PLATFORM, user, near) if self.core is not None else None

    async def _lang_of(self, user: User) -> str:
        """The language the core writes to `user` in: their /mylang choice wins over the
        locale of their Discord client."""
        if self.core is None:
            return i18n.normalise(user.lang)
        return await self.core.lang_of(To(PLATFORM, user=user.id))

    # -- inbound ---------------------------------------------------------------------------
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self.stopping:  # left unanswered: Discord tells them it failed, no half-made move
            return
        task = asyncio.current_task()  # discord.py runs each event in a task of its own
        self._under_way.add(task)
        turn = self._in_order.arrived(interaction.channel_id)
        arrival = self.core.arrive()  # before its turn: a copy sent twice waits, and is late
        try:
            await self._interaction(interaction, turn, arrival)
        finally:
            turn.leave()
            self._under_way.discard(task)
            self.handled += 1

    async def finish(self, timeout: float) -> None:
        """Take no new interaction, and give those under way up to `timeout` seconds to end:
        a press being handled when the bot is stopped still makes its move and sends its
        messages (the client must stay open for that)."""
        self.stopping = True
        if not self._under_way:
            return
        _, unfinished = await asyncio.wait(set(self._under_way), timeout=timeout)
        if unfinished:
            log.warning("discord: stopping with %d interactions unfinished", len(unfinished))

    async def _interaction(self, interaction: discord.Interaction, turn, arrival: int) -> None:
        data = interaction.data or {}
        try:
            if interaction.type == discord.InteractionType.application_command:
                name, args = command_words(data)
                await interaction.response.defer(ephemeral=True, thinking=True)
                payload = None
            elif interaction.type == discord.InteractionType.component \
                    and data.get("custom_id"):
                name, args, payload = "press", (), data["custom_id"]
                await interaction.response.defer()
            else:
                return
        except discord.NotFound as e:  # acknowledged after Discord's 3 s (10062): the
            # person was told it failed, and nothing was done; they may try again
            log.warning("discord: an interaction came too late to answer (%s): not taken", e.code)
            return
        async with turn:  # the channel's earlier interactions first (acknowledged before)
            await self._handled(interaction, data, name, args, payload, arrival)

    async def _handled(self, interaction: discord.Interaction, data: dict, name: str, args,
                       payload, arrival: int) -> None:
        who = interaction.user
        user = User(str(who.id), isolated(cut_to(who.display_name, NAME_MAX)) or str(who.id),
                    i18n.normalise(str(interaction.locale.value)))
        if (refused := _refused_options(data)) is not None:
            await self._reply(interaction, [i18n.translate(await self._lang_of(user), refused)],
                              command=True)
            return
        private = interaction.guild_id is None
        if not private:
            self.unreachable.played(user.id, interaction.channel_id, user.name)
            self.chats.seen(interaction.channel_id, interaction.guild_id,
                            getattr(interaction.channel, "parent_id", None))  # a thread's
        admin = (not private and name in (*ADMIN_COMMANDS, "press")  # a lobby's Start too
                 and interaction.permissions is not None
                 and (interaction.permissions.administrator or interaction.permissions.manage_guild))
        cmd = Command(PLATFORM, str(interaction.channel_id), user, name, args, payload=payload,
                      private=private, is_admin=admin, shown_to_chat=False,  # answered hidden
                      place="" if private else _place(interaction),
                      as_move=data.get("name") == "move",
                      mute=_muted(interaction, private), arrival=arrival)
        asking = _Asking(user, in_channel=not private, channel=str(interaction.channel_id))
        token = _replying.set(asking)
        try:
            await self.core.handle(cmd)
        finally:
            _replying.reset(token)
        replies = asking.replies
        if not replies and asking.reached_dms and not private:  # /hand, Join: say where
            replies.append(i18n.translate(await self._lang_of(user), "core.sent_to_dms"))
        if not replies and private and asking.told_channel and payload is None \
                and not _a_move(name) and not asking.reached_dms:  # /leave, /stop typed
            # here (a move's answer, as a press's, is the next rack: the channel's first line
            # may tell another move; /back's is the rack it sends here)
            replies.append(asking.told_channel)
        await self._reply(interaction, replies, command=payload is None)

    async def _reply(self, interaction: discord.Interaction, replies: list,
                     command: bool) -> None:
        texts = [r for r in replies if isinstance(r, str)]
        pictures = [r for r in replies if not isinstance(r, str)]
        try:
            if texts:
                for part in split_text("\n".join(texts), CONTENT_MAX):
                    await interaction.followup.send(part, ephemeral=True)
            for text, picture, choices, ref in pictures:  # what their closed DMs refused
                view = buttons_view(choices) if choices else discord.utils.MISSING
                sent = await interaction.followup.send(
                    split_text(text, CONTENT_MAX)[0], view=view, ephemeral=True, wait=True,
                    file=discord.utils.MISSING if picture is None else picture)
                if choices:
                    view.stop()  # presses are read in on_interaction
                    await self._answered_rack(ref, sent)
            if not replies and command:  # nothing just for them: the "thinking" note goes away
                await interaction.delete_original_response()
        except NOT_DELIVERED:
            log.exception("discord: the reply to an interaction failed")

    # -- outbound --------------------------------------------------------------------------
    async def send(self, messages) -> list[asyncio.Future]:
        """The core's `send`: each message in order, as the platform call it needs.
        Returns the futures of the channel messages held back to be sent again (a failing
        Discord: done once they are out; bot/adapters/backlog.py)."""
        replying = _replying.get()
        held = []
        for m, prompt in with_prompts([_for_discord(m) for m in messages], CONTENT_MAX):
            if replying and replying.answered_by(m, prompt):
                replying.replies.append((shown_text(m), _file(m), (), None)
                                        if isinstance(m, Image) and m.png else shown_text(m))
                continue
            channel = not m.to.private  # (an edit too: after the post it edits, in order)
            if channel and replying and not replying.in_channel \
                    and replying.told_channel is None and not isinstance(m, Edit):
                lang = await self._lang_of(replying.user)  # theirs, not the channel's
                replying.told_channel = _first_words(shown_text(replace(m, lang=lang)))
            try:
                if channel:  # a slow post goes on by itself: the racks need not wait
                    future = await self.held.post(m, lambda m=m, p=prompt: self._send_one(m, p),
                                                  CHANNEL_PATIENCE, backlog.AGAIN_WAITS[0])
                    if future is not None:
                        held.append(future)
                        continue
                elif self.held.holds(_queue_of(m)):  # behind their held messages, in order
                    if not self._answered_instead(replying, m, prompt):
                        held.append(self._hold(m, prompt))
                    continue
                else:
                    await self._send_one(m, prompt)
                if not m.to.private:  # it takes the bot's words again: a later refusal is news
                    self._told_closed = {k for k in self._told_closed if k[1] != m.to.chat}
                    if self.core is not None and not isinstance(m, Edit) \
                            and not getattr(m, "edits", None):  # (a quiet channel's table
                        # edited in place needs no Send Messages: no sign it may post)
                        self.core.chat_may_post(PLATFORM, [m.to.chat])
                if m.to.private and not isinstance(m, Edit):  # an edit may find nothing
                    self.unreachable.reached(m.to.user)
                    if a_rack(m):
                        self.picture_lost.discard(m.to.user)
                    if replying and replying.asked(m):
                        replying.reached_dms = True
            except discord.Forbidden as e:
                if m.to.private:
                    if replying and replying.asked(m) and _tries_dms(m):
                        replying.replies.append(shown_text(_dms_closed(m)))
                    else:  # their own command's picture or choices (a private /back at
                        # several tables): the answer only they see, its buttons with it
                        self._answered_instead(replying, m, prompt)
                    if self._seated_in(m.to.user) is not None:
                        # the note is about their tiles: someone at no table (a /rules
                        # picture) is not told, and it is kept for when they sit down;
                        # their turn's rack (buttons under it): the channel hears again
                        # (once a minute at most), as their time runs out unseen
                        await self._cannot_write_to(
                            m.to.user, asked=prompt is not None and bool(prompt.choices),
                            about=None if replying and replying.asked(m) else getattr(m, "table", None))
                else:
                    _channel_refused(m, e)
                    if self.core is not None and not isinstance(m, Edit):  # (a match's end,
                        self.core.chat_refuses(PLATFORM, m.to.chat)  # a stop: told privately)
                    if replying and replying.channel == m.to.chat and _setting_news(m):
                        # "/lang tr" there: the change was made; only the channel's line
                        # was refused, so its asker reads it (in their words), with why
                        mine = replace(m, lang=await self._lang_of(replying.user))
                        replying.replies.append(shown_text(mine))
                    elif replying and replying.channel == m.to.chat and isinstance(m, Image) \
                            and m.png and m.kind in ("table", "league"):  # (/table there, or a
                        # move: the table, or /league: the standings, which the channel may
                        # see, shown to its asker alone)
                        mine = replace(m, lang=await self._lang_of(replying.user))
                        replying.replies.append((shown_text(mine), _file(mine), (), None))
                    await self._channel_closed(replying, m.to.chat,
                                               unseen=e.code == MISSING_ACCESS)
            except NOT_DELIVERED as e:  # (a channel's message Discord failed is held above)
                if m.to.private and _platform_failed(e):  # an outage: their rack waits too
                    log.warning("discord: messages to %s are held: %r", m.to.user, e)
                    if not self._answered_instead(replying, m, prompt):
                        held.append(self._hold(m, prompt, backlog.AGAIN_WAITS[0]))
                    continue
                if self._channel_gone(m, e):
                    continue
                log.exception("discord: a %s to %s was not delivered", type(m).__name__, m.to)
        return held

    def _answered_instead(self, replying: _Asking | None, m, prompt) -> bool:
        """`m`, a direct message their DMs refuse or hold back (Discord failing, rate
        limits), as the reply to their own command only they see, if it is one: their rack
        with its buttons (/hand, /draw), or choices. Anything else (an edit) is not."""
        if replying is None or not replying.asked(m):
            return False
        if isinstance(m, Image) and m.png:
            replying.replies.append((shown_text(m, prompt), _file(m),
                                     prompt.choices if prompt else (),
                                     prompt.ref if prompt else None))
            if a_rack(m):  # (its numbers are the ones they see)
                self.rack_replied.add(m.to.user)
                self.picture_lost.discard(m.to.user)
            if prompt is not None:  # a held direct message of this prompt is not sent later
                self._replied_prompts.add(prompt.ref)
        elif isinstance(m, Buttons):
            replying.replies.append((shown_text(m), None, m.choices, m.ref))
        else:
            return False
        return True

    def _hold(self, m, prompt, wait: float = 0.0) -> asyncio.Future:
        """Hold a direct message (with its buttons) to send again once Discord answers."""
        if a_rack(m) and m.to.private:  # a newer rack they have not seen
            self.rack_replied.discard(m.to.user)
        if prompt is not None:
            self._held_prompts[id(m)] = prompt
        return self.held.add(m, wait)

    def _held_lost(self, m, e: BaseException) -> None:
        """A held message given up: logged, and its buttons forgotten; a picture their
        command's reply did not show keeps its person's moves off the rack's numbers."""
        self._held_prompts.pop(id(m), None)
        if m.to.private and a_rack(m) and m.to.user not in self.rack_replied:
            self.picture_lost.add(m.to.user)
        if not self._channel_gone(m, e):
            _channel_refused(m, e)
            if not m.to.private and isinstance(e, discord.Forbidden) \
                    and self.core is not None and not isinstance(m, Edit):
                self.core.chat_refuses(PLATFORM, m.to.chat)

    def _channel_gone(self, m, e: BaseException) -> bool:
        """A channel message refused as its channel or thread is no more (404, Unknown
        Channel): its tables close without a result, the players told privately, as when
        Discord says it was deleted; one deleted while the bot was offline or the gateway
        down is told by nothing else (its match went on in direct messages, and counted)."""
        if m.to.private or getattr(e, "code", None) != UNKNOWN_CHANNEL:
            return False
        if m.to.chat not in self._gone_chats:  # once, whatever else was on its way there
            self._gone_chats.add(m.to.chat)
            log.warning("discord: channel %s is gone: its tables close", m.to.chat)
            # in a context of its own: not an answer to the command whose message found it
            task = asyncio.get_running_loop().create_task(
                self.client.channels_gone({m.to.chat}), context=contextvars.Context())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
        return True

    async def _send_held(self, m) -> None:
        """A held direct message, once Discord answers; not a rack whose prompt a reply to
        its person's own command showed since (its turn may be over: its buttons, live in
        their DMs, would be the newest there)."""
        prompt = self._held_prompts.get(id(m))  # (kept until it is out: tried again if not)
        if prompt is None or prompt.ref not in self._replied_prompts:
            await self._send_one(m, prompt)
        self._held_prompts.pop(id(m), None)

    async def _channel_closed(self, replying: _Asking | None, chat: str,
                              unseen: bool = False) -> None:
        """The channel refuses the bot's messages: whoever is using a command hears why, in
        their private reply (once), with the permissions a thread needs in a thread. Used
        elsewhere (a move pressed in direct messages), "this channel" would be the wrong
        one: the channel is named, and told once to each person while the bot runs.
        `unseen`: refused as the bot may not see it (50001: a private thread it was never
        added to, or no View Channel), which no posting permission mends."""
        if replying is None:
            return
        thread = "_thread" if self.chats.is_thread(chat) else ""
        key, params = "core.channel_closed" + thread, {}
        if unseen:  # (moves made meanwhile count as ever; /table shows it once seen)
            key = "core.channel_unseen" + thread
        elif replying.channel == chat and self._plays_in(replying.user.id, chat):  # (a
            key = "core.channel_closed_playing" + thread  # move made here counted: said so)
        if replying.channel != chat:
            place = self.core.place_name(PLATFORM, chat) if self.core is not None else None
            if place is None or (replying.user.id, chat) in self._told_closed:
                return
            self._told_closed.add((replying.user.id, chat))
            key, params = ("core.channel_unseen_elsewhere" if unseen
                           else "core.channel_closed_elsewhere" + thread), {"place": place}
        line = i18n.translate(await self._lang_of(replying.user), key, params)
        if line not in replying.replies:
            replying.replies.append(line)

    def _plays_in(self, user: str, chat: str) -> bool:
        """Does `user` sit at a game under way in `chat`?"""
        return self.core is not None and any(
            t.platform == PLATFORM and t.chat == chat and t.status == "playing"
            and t.seat_of(user) is not None and not t.seats[t.seat_of(user)].away
            for t in self.core.tables.values())  # (not one who left: no moves to count)

    async def _send_one(self, m, prompt=None) -> None:
        if isinstance(m, Edit):
            await self._edit(m)
            return
        channel = await self._channel(m.to)
        if prompt is not None:  # the rack with its buttons under it
            view = buttons_view(prompt.choices)
            sent = await self._post(channel, shown_text(m, prompt), _file(m), view)
            view.stop()  # presses are read in on_interaction, not by this view object
            await self._remember(prompt.ref, sent, rack=True)
            return
        text = shown_text(m)
        if isinstance(m, Image) and is_live_ref(m.ref):  # a quiet channel's one table
            parts = [shortened(text, CONTENT_MAX)]  # message, cut to fit: each move edits it
        else:
            parts = split_text(text, CONTENT_MAX)
        if isinstance(m, Image) and m.edits and m.png and len(parts) == 1 \
                and await self._edit_picture(m, parts[0]):
            return
        view = buttons_view(m.choices) if isinstance(m, Buttons | Image) and m.choices else None
        sent = None
        for i, part in enumerate(parts):
            picture = _file(m) if i == 0 and isinstance(m, Image) and m.png else None
            try:
                sent = await self._post(channel, part, picture,
                                        view if i == len(parts) - 1 else None)
            except NOT_DELIVERED:
                if not i:
                    raise  # nothing is out: it may be sent again whole
                log.exception("discord: the rest of a long text to %s was not delivered",
                              m.to)  # not again: its first parts are out
                break
        if view is not None:
            view.stop()
        if sent is not None:
            await self._remember(m.ref, sent, rack=False, lift=view is not None)

    async def _edit_picture(self, m: Image, text: str) -> bool:
        """Put `m`'s picture and text in place of the earlier message its ref names (a
        quiet channel's table); False where there is none to edit (never kept, deleted,
        or it may not carry a file there): it is then sent anew."""
        where = await self.sent.get(m.ref)
        if where is None:
            return False
        message = self._message(*where[:2])
        try:
            await message.edit(content=text, attachments=[_file(m)])
        except discord.Forbidden as e:
            if e.code != MISSING_PERMISSIONS:
                log.info("discord: the picture of %s is sent anew: %s", m.ref, e)
                return False
            try:  # no Attach Files there: the table is its text, kept up to date in place
                await message.edit(content=text)
            except (discord.NotFound, discord.Forbidden) as again:
                log.info("discord: the table %s is sent anew: %s", m.ref, again)
                return False
        except discord.NotFound as e:
            log.info("discord: the picture of %s is sent anew: %s", m.ref, e)
            return False
        except discord.HTTPException as e:  # a quiet table's thread archived meanwhile
            if e.code != THREAD_ARCHIVED:
                raise
            log.info("discord: the picture of %s is sent anew: its thread was archived", m.ref)
            return False
        return True

    @staticmethod
    async def _post(channel, text: str, picture: discord.File | None, view):
        """`text` with its picture; where the bot may post but not attach files (no Attach
        Files: 403, code 50013) the same text goes alone, so the table is still told."""
        try:
            return await channel.send(text, file=picture, view=view)
        except discord.Forbidden as e:
            if picture is None or e.code != MISSING_PERMISSIONS:
                raise
        sent = await channel.send(text, view=view)  # refused too: the channel is closed
        log.warning("discord: no Attach Files in channel %s: a picture went as text only",
                    channel.id)
        return sent

    async def _remember(self, ref: str | None, sent, rack: bool, lift: bool = True) -> None:
        """Keep where the message named `ref` went. The same prompt sent again (/hand)
        replaces the earlier one: its buttons come off, so only one set is live (`lift`
        False: the message has no buttons, a quiet channel's table picture)."""
        if ref is None:
            return
        earlier = await self.sent.put(ref, sent.channel.id, sent.id, rack)
        if earlier is not None and lift:
            try:
                await self._message(*earlier[:2]).edit(view=None)
            except NOT_DELIVERED as e:  # deleted, or Discord failing: the message is out
                log.info("discord: the earlier buttons of %s stay: %r", ref, e)

    def _message(self, channel_id: int, message_id: int):
        return self.client.get_partial_messageable(channel_id).get_partial_message(message_id)

    async def _channel(self, to: To):
        if to.private:
            return await self.client.create_dm(discord.Object(id=int(to.user)))
        return self.client.get_partial_messageable(int(to.chat))

    async def _answered_rack(self, ref: str | None, sent) -> None:
        """Keep the rack with buttons a reply showed them (their DMs closed): its buttons
        come off once its move is made, as a direct message's do; an earlier one's now."""
        if ref is None:
            return
        earlier, self._answered_racks[ref] = self._answered_racks.get(ref), sent
        if earlier is not None:
            await self._lift_answered(ref, earlier)

    async def _lift_answered(self, ref: str, message, view=None) -> None:
        try:  # (an interaction's replies can be edited for 15 minutes)
            await message.edit(view=view)
        except NOT_DELIVERED as e:
            log.info("discord: the buttons of the reply %s stay: %r", ref, e)
            view = None  # nothing more to edit there
        if view is None and self._answered_racks.get(ref) is message:
            del self._answered_racks[ref]

    async def _edit(self, m: Edit) -> None:
        if (answered := self._answered_racks.get(m.ref)) is not None:
            view = buttons_view(m.choices) if m.choices else None
            await self._lift_answered(m.ref, answered, view)
            if view is not None:
                view.stop()
        where = await self.sent.get(m.ref)
        if where is None:
            return  # never kept (or already edited): nothing on screen to change
        channel_id, message_id, rack = where
        message = self._message(channel_id, message_id)
        view = buttons_view(m.choices) if m.choices else None
        try:
            if rack or not m.lines:  # a rack keeps its text: only its buttons change (or go)
                await message.edit(view=view)
            else:
                await message.edit(content=split_text(shown_text(m), CONTENT_MAX)[-1], view=view)
        except discord.NotFound:
            log.info("discord: the message of %s is gone", m.ref)
        if view is not None:
            view.stop()
        else:
            await self.sent.drop(m.ref)  # no buttons left: nothing more to edit there

    async def _cannot_write_to(self, user_id: str, asked: bool = False,
                               about: int | None = None) -> None:
        """Tell the channel where they last played that their direct messages are closed to
        the bot (`asked`: again, a minute on, Unreachable.to_tell); `about`: the table the
        refused message was about, not in answer to their own command (its channel)."""
        note = await self.unreachable.note(user_id, PLATFORM, self.core.lang_of,
                                           "core.dm_closed", asked=asked,
                                           about=self.core.seat_place(about, user_id))
        if note is None:
            return
        channel_id, text = note
        self.core.said_in(PLATFORM, str(channel_id))  # said below a quiet chat's table picture
        try:
            await self.client.get_partial_messageable(int(channel_id)).send(plain(text))
        except NOT_DELIVERED:
            log.exception("discord: could not tell channel %s about closed DMs", channel_id)


# "1. Budi" at a line's start is an ordered list to Discord, renumbered 1, 2, 3: the
# league's shared ranks (1, 1, 3) would be lost
_LIST_START = re.compile(r"^(\s*\d+)\.(?=\s)", re.MULTILINE)


# Discord's <...> syntax: a mention (<@22>, <@&1>, <#123>), an emoji (<:name:1>,
# <a:name:1>), a timestamp (<t:0:R>), a command (</new:1>), a server page (<id:browse>);
# a name holding one would show as that. A backslash before "<" shows the text as typed
# (a "<" before anything else, as in the catalog's "<game>", is shown as it is).
_ANGLED = re.compile(r"<(?=[@#:/]|a:|t:|id:)")


def plain(text: str) -> str:
    """Text as Discord must get it to show it as written: nothing read as markdown (a
    player called "**Bold**" or "`x`", a "*" okey, "dead_tiles" are shown as typed), nor
    as a mention, emoji or timestamp (a player called "<@22>" or "<t:0:R>")."""
    text = _ANGLED.sub(r"\\<", discord.utils.escape_markdown(text))
    return _LIST_START.sub(r"\1\\.", text)


def shown_text(m, prompt=None) -> str:
    """A message's text (a rack's with its prompt's) as Discord must get it: the commands
    the catalog's texts suggest as Discord takes them (a name or word someone typed stays
    as typed)."""
    with i18n.templates_as(typed_on_discord):
        text = joined_text(m, prompt) if prompt is not None else i18n.render(m)
    return plain(_choices_named(text, m.lang))


# A game or a language an option takes from Discord's picker, written by its value in a
# text (`/hand game:dominoes`, as a move's example or a which-table refusal builds it): the
# picker lists each by its name in the reader's language ("Okey 101", "Domino"), and typing
# `okey101` there finds nothing, so the text names it as the picker shows it.
_CHOICE_VALUES = re.compile(
    rf"\b(game|language|theme):({'|'.join([*game_ids(), *i18n.LANGS, *THEMES])})(?![\w-])")
_CHOICE_NAMES = {"game": GAME_NAMED, "language": LANG_NAMED, "theme": THEME_NAMED}


def _choices_named(text: str, lang: str) -> str:
    return _CHOICE_VALUES.sub(lambda m: f"{m[1]}:“"
                              + i18n.translate(lang, _CHOICE_NAMES[m[1]] + m[2]) + "”", text)


# Commands the texts suggest as Telegram and the terminal take them, and the options they
# fill on Discord: `/new dominoes` is `/new game:dominoes` there, `/league <game> 2` is
# `/league game:<game> season:2`, `/season end` is `/season action:end`. A game is its id or
# a <placeholder> in the reader's language or the parameter that names it ({id}, {game});
# a season a number or {season}; anything else after the command is prose. (Applied to
# the catalog's texts before their parameters go in: see shown_text.)
_GAME = "|".join(sorted(game_ids(), key=len, reverse=True)) + r"|\{id\}|\{game\}"
_TILE_VERBS = "|".join(v for v in MOVE_VERBS if v not in BARE_MOVES)  # with a tiles option
_SUGGESTED = [
    (re.compile(rf"/new (<[^<>\s]+>|{_GAME})(?!\w)((?: [^\s=]+=[^\s,;)]*[^\s,.;)])*)"),
     lambda m: f"/new game:{m[1]}" + (f" options:{m[2][1:]}" if m[2] else "")),
    (re.compile(rf"/league (<[^<>\s]+>|{_GAME})(?!\w)(?: (\d+|\{{season\}}|\{{closed\}}))?"),
     lambda m: f"/league game:{m[1]}" + (f" season:{m[2]}" if m[2] else "")),
    (re.compile(r"/arrange (\d+(?: \d+| \|)* \d+)"), lambda m: f"/arrange tiles:{m[1]}"),
    # a move's example in a refusal: `/add r7 to 2`, `/play 3-5 left`, `/drop <tile>`,
    # `e.g. discard r7`, `pairs b9 b9 | r1 r1` name the tiles option of the move's command
    # (the list of moves in /rules says what each move is written with: left as it is)
    (re.compile(rf"/(\{{verb\}}|{_TILE_VERBS}) (?=[rbky]\d|\d+-\d+|\*|<[^<>\s]+>|\{{tile\}}|\{{tiles\}}|\{{numbers\}})"),
     lambda m: f"/{m[1]} tiles:"),
    (re.compile(r"(?<![/\w])\{verb\} (r7)\b"), lambda m: f"/{{verb}} tiles:{m[1]}"),
    (re.compile(r"(?<![/\w])pairs (b9 b9 \| r1 r1)(?=[.।]?$)"), lambda m: f"/pairs tiles:{m[1]}"),
    # `/hide on`, `/quiet off` (switch_words): their `state` option
    (re.compile(r"/(\{command\}|quiet|hide) (\{on\}|\{off\})"),
     lambda m: f"/{m[1]} state:{m[2]}"),
    # `/lang id`, `/mylang en` (unknown_lang): their `language` option
    (re.compile(rf"/\{{command\}} ({'|'.join(i18n.LANGS)})(?![\w-])"),
     lambda m: f"/{{command}} language:{m[1]}"),
]


# An option with choices: Discord's picker shows each by its name in the reader's language
# ("seri dulu, menurut warna", not runs), and typing `runs` finds nothing there: the texts
# name the choice as the picker shows it. (`/season end`: its action option.)
_ORDER_NAMED = "|".join(sorted(map(re.escape, order_words()), key=len, reverse=True))
# (the three orders named in English or in the reader's words: "seriler, çiftler ya da gruplar")
_ORDER_LIST = re.compile(rf"/arrange (?:{_ORDER_NAMED}), (?:{_ORDER_NAMED}) ([^,/]{{1,8}}?) "
                         rf"(?:{_ORDER_NAMED})(?!\w)")
# (what a choice is, said after it, is in its name: "(by colour)" goes)
_CHOSEN = [(re.compile(rf"/arrange ({_ORDER_NAMED})(?!\w)(?: \([^()]*\))?"), "order",
            "core.arrange."),  # (in the reader's words too: "/arrange seriler")
           (re.compile(r"/season (?:action:)?(end)\b"), "action", "core.season_action."),
           (re.compile(rf"/(?:\{{command\}}|lang|mylang) language:({'|'.join(i18n.LANGS)})\b"),
            "language", "core.lang.")]


def _choice_id(word: str) -> str:
    """A choice as a text names it (`runs`, or an order in the reader's words, `seriler`)."""
    return order_named([word]) or word


def typed_on_discord(text: str, lang: str = i18n.DEFAULT) -> str:
    """`text` with the commands it suggests written as Discord's slash commands take them
    (in `lang`, the reader's: a choice by the name its picker shows)."""
    for pattern, written in _SUGGESTED:
        text = pattern.sub(written, text)

    def name(key: str) -> str:  # as `_choice` registers it
        return "“" + i18n.translate(lang, key) + "”"

    text = _ORDER_LIST.sub(lambda m: "/arrange order:" + ", ".join(
        name(f"core.arrange.{o}") for o in ("runs", "pairs")) + f" {m[1]} "
        + name("core.arrange.groups"), text)
    for pattern, option, named in _CHOSEN:
        text = pattern.sub(lambda m, option=option, named=named:
                           f"/{m[0][1:].split()[0]} {option}:{name(named + _choice_id(m[1]))}",
                           text)
    return text


CHANNEL_KEYS = ("core.league", "core.league_none", "core.league_empty", "core.league_season",
                "core.league_empty_season", "core.league_none_season", "core.season_over",
                "core.error.no_season", "core.error.no_season_first", "core.lang_set",
                "core.lang_already", "core.lang_now", "core.theme_set", "core.theme_now",
                "core.quiet_on", "core.quiet_off", "core.quiet_already_on",
                "core.quiet_already_off", "core.theme_already")
# the channel's news of what its asker did there that they would otherwise not see done
_DONE_KEYS = ("core.stopped",)  # (/stop: the table closed)


def _setting_news(m) -> bool:
    """Is `m` a channel's news of a setting, a standing or a table stopped (/lang, /quiet,
    /league, /stop)?"""
    return isinstance(m, Text) and any(
        line.key.removesuffix("_discord") in CHANNEL_KEYS or line.key in _DONE_KEYS
        for line in m.lines)


# Lines whose words are Telegram's or the terminal's, and Discord's own for them: the help
# with the slash commands' options; the seat's note, which Discord shows as a reply only
# its reader sees in the channel, not in the direct messages where the tiles will come.
_DISCORD_KEYS = {"core.help": "core.help_discord",
                 "core.help_heading": "core.help_heading_discord",
                 "core.seated_private": "core.seated_private_discord",
                 "core.your_turn": "core.your_turn_discord",  # typed DMs are not read here
                 "core.your_turn_twin": "core.your_turn_twin_discord",
                 "core.place_tip": "core.place_tip_discord",
                 # who may do it: a server manager (Manage Server or Administrator)
                 "core.error.not_creator": "core.error.not_creator_discord",
                 "core.error.rules_which": "core.error.rules_which_discord",  # its option
                 "core.error.season_admin": "core.error.season_admin_discord",
                 "core.error.season_words": "core.error.season_words_discord",
                 "core.error.not_seated_or_admin": "core.error.not_seated_or_admin_discord",
                 **{key: f"{key}_discord" for key in (
                     "core.error.opener_away", "core.error.opener_left_you",
                     "core.error.opener_left_you_lobby", "core.error.no_table_yours")},
                 "core.season_now": "core.season_now_discord",
                 "core.lang_already_place": "core.lang_already_discord",  # in the channel
                 "core.all_away": "core.all_away_discord",
                 # a channel, not a chat (its help says channel)
                 **{key: f"{key}_discord" for key in CHANNEL_KEYS}}
# the option a command's first word goes in, where a suggested command has one
_FIRST_OPTION = {"join": "seat", "lang": "language", "mylang": "language", "theme": "theme",
                 "mytheme": "theme",
                 **{verb: "tiles" for verb in MOVE_VERBS}}


def _tries_dms(m) -> bool:
    """The note that someone sat down goes to their direct messages, not as the reply to
    their /join: closed DMs then show at once, before the game (the channel is told how
    to open them, and the note comes as the reply instead, see _dms_closed)."""
    return any(line.key == "core.seated_private_discord" for line in m.lines)


def _dms_closed(m):
    """The note that someone sat down, as their reply when their direct messages refused
    it: not that their tiles will come there, but that /hand brings them as a private
    reply (README: someone whose direct messages are closed "gets what their own commands
    ask for (/hand, their rack and buttons) as such a private reply")."""
    lines = tuple(replace(line, key="core.seated_dm_closed_discord")
                  if line.key == "core.seated_private_discord" else line for line in m.lines)
    return replace(m, lines=lines)


def discord_example(example: str) -> str:
    """A suggested command as Discord takes it: `dominoes play 3-5 left` is typed
    `/play tiles:3-5 left game:dominoes` there (no `/dominoes` command exists)."""
    words = example.split()
    game = words.pop(0) if len(words) > 1 and words[0] in game_ids() else None
    if not words:
        return example
    verb, rest = words[0], words[1:]
    option = _FIRST_OPTION.get(verb)
    if verb in _OPTIONS_BY_WORD:  # several options, each word named by what it is
        parts = [verb, *_options_by_word(verb, rest)]
    else:
        parts = [verb, *([f"{option}:{' '.join(rest)}"] if rest and option else rest)]
    return " ".join([*parts, *([f"game:{game}"] if game else [])])


# commands whose words are options of their own (`/addbot level:expert seat:2`), in their
# order: each word's option by what it is (a number is a seat), any other word the one
# option that takes any
_OPTIONS_BY_WORD = {"addbot": (("level", None), ("seat", str.isdigit)),
                    "arrange": (("order", ORDERS.__contains__), ("tiles", None)),
                    "hide": (("state", None),), "quiet": (("state", None),)}


def _options_by_word(verb: str, words: list[str]) -> list[str]:
    named: dict[str, list[str]] = {}
    options = _OPTIONS_BY_WORD[verb]
    rest = next(o for o, fits in options if fits is None)  # (the one for any other word)
    for word in words:
        option = next((o for o, fits in options if fits is not None and fits(word)), rest)
        named.setdefault(option, []).append(word)
    return [f"{o}:{' '.join(named[o])}" for o, _ in options if o in named]


# Lines that show their `move` or `moves` bare, with no "/" before it in the text: each
# move gets its slash there (elsewhere the text has "/{move}" or "/{example}").
_BARE_MOVE_PARAMS = {"core.rules.example": "move", "core.hint.adds": "moves",
                     "core.hint.adds_after_draw": "moves", "core.hint.swaps": "moves",
                     "dominoes.error.must_play": "moves",
                     "dominoes.error.no_tile_moves": "moves",
                     "core.error.sent_before_turn": "move", "core.error.rack_unseen": "move",
                     "core.error.renumbered": "move", "core.error.renumbered_arranged": "move",
                     "core.error.dominoes_moves": "moves"}  # (“/play tiles:0-2” to send again)


def _slashed(moves):
    """Moves as Discord's commands, each with its slash: one move, or several (Joined, or
    a text of moves between commas, as the engine's refusals name them)."""
    if isinstance(moves, Joined):
        return replace(moves, parts=tuple(_slashed(p) for p in moves.parts))
    return ", ".join(f"/{discord_example(one)}" for one in str(moves).split(", "))


# refusals that name a command to type in a channel (`command`: "/okey101 discard 3")
_TYPE_THERE = ("core.error.which_way_group", "core.error.which_way_buttons_or_group")


def _line_for_discord(line: Line) -> Line:
    """`line` with Discord's own text where it has one, and the moves it suggests in its
    parameters (`example`, `move`, `moves`; in a Line within it too, as a refusal's reason)
    as Discord takes them. Names and words someone typed are left as they are."""
    bare = _BARE_MOVE_PARAMS.get(line.key)
    params = {}
    for name, value in line.params.items():
        if isinstance(value, Line):
            value = _line_for_discord(value)
        elif name == bare:
            value = _slashed(value)
        elif name in ("example", "move", "cmd"):
            value = discord_example(str(value))  # ("yuzbir open": /open game:yuzbir)
        elif name == "command" and line.key in _TYPE_THERE:  # its slash command written
            value = "/" + discord_example(str(value).lstrip("/"))
        elif name == "games" and isinstance(value, str) \
                and set(value.split(", ")) <= set(game_ids()):  # as the game picker lists them
            value = Joined(tuple(Line(f"core.game.{g}") for g in value.split(", ")), ", ")
        params[name] = value
    return Line(_DISCORD_KEYS.get(line.key, line.key), params)


def _for_discord(m):
    lines = tuple(_line_for_discord(line) for line in m.lines)
    return replace(m, lines=lines) if lines != m.lines else m


def _file(m: Image) -> discord.File:
    return discord.File(io.BytesIO(m.png), filename=f"{m.kind or 'picture'}.png",
                        description=alt_text(m))


ALT_KINDS = ("rack", "table", "scores", "league", "example")


def alt_text(m: Image) -> str:
    """The picture's alt text, read by a screen reader in place of an unnamed attachment:
    which game and what it shows, in the reader's language (the message's text says what is
    on it)."""
    game = m.view.get("game") if isinstance(m.view, dict) else None
    if game not in game_ids() or m.kind not in ALT_KINDS:
        return i18n.translate(m.lang, "core.alt.picture")
    return i18n.translate(m.lang, f"core.alt.{m.kind}", {"game": Line(f"core.game.{game}")})


def buttons_view(choices) -> discord.ui.View:
    """The choices as buttons, five to a row, at most 25 (Discord's limits)."""
    view = discord.ui.View(timeout=None)
    for i, c in enumerate(choices[:BUTTONS_MAX]):
        view.add_item(discord.ui.Button(label=word_cut(c.label, LABEL_MAX), custom_id=c.payload,
                                        style=discord.ButtonStyle.secondary, row=i // PER_ROW))
    return view


class TileClient(discord.Client):
    """A client that registers the slash commands once logged in."""

    def __init__(self, **kw):
        # Names are repeated in the channel: a nickname like "@everyone" or "<@22>" must not
        # ping anyone (nothing the bot sends mentions people on purpose).
        super().__init__(intents=discord.Intents(guilds=True),
                         allowed_mentions=discord.AllowedMentions.none(), **kw)
        self.door: DiscordDoor | None = None

    async def setup_hook(self) -> None:
        await self.http.bulk_upsert_global_commands(self.application_id, slash_commands())

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self.door is not None:
            await self.door.on_interaction(interaction)

    # The bot can no longer reach a channel: removed from its server (kicked, or the server
    # deleted), or the channel or thread deleted. Its tables close without a result, as
    # on Telegram when the bot leaves a group (Lobby.chat_gone). discord.py forgets an
    # archived thread (Discord archives one after a day or a week unused): its server and
    # parent are the door's to remember (KnownChats), and its deletion is a raw event.
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        cached = {str(c.id) for c in (*guild.channels, *guild.threads)}
        await self.channels_gone(cached | self._known().in_server(guild.id))

    async def on_guild_channel_delete(self, channel) -> None:
        # its threads discord.py knows come as raw thread deletions too
        await self.channels_gone({str(channel.id), *self._known().under(channel.id)})

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channels_gone({str(payload.thread_id)})

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        self._known().seen(payload.thread_id, payload.guild_id, payload.parent_id)

    def _known(self) -> KnownChats:
        return self.door.chats if self.door is not None else KnownChats()

    async def place_tables(self) -> None:
        """After a start: the server and parent of each open table's channel or thread
        that discord.py does not list (an archived thread: Discord announces active ones
        only), so that its server removing the bot closes it as before the restart; one
        deleted meanwhile closes now."""
        if self.door is None or self.door.core is None:
            return
        gone = set()
        for table in list(self.door.core.tables.values()):
            if table.platform != PLATFORM or not table.chat.isdigit() \
                    or self.get_channel(int(table.chat)) is not None:
                continue
            try:
                channel = await self.fetch_channel(int(table.chat))
            except discord.NotFound:
                gone.add(table.chat)
            except (TimeoutError, discord.HTTPException, aiohttp.ClientError) as e:
                log.info("discord: where %s is could not be learnt: %r", table.chat, e)
            else:
                guild = getattr(channel, "guild", None)
                if guild is not None:
                    self._known().seen(channel.id, guild.id, getattr(channel, "parent_id", None))
        if gone:
            await self.channels_gone(gone)

    async def channels_gone(self, ids: set[str]) -> None:
        if self.door is None or self.door.core is None:
            return
        log.info("discord: %d channels are gone for the bot; their tables close", len(ids))
        self.door.chats.forget(ids)
        await self.door.core.chat_gone(PLATFORM, ids.__contains__)


def use_endpoints(api: str | None = None, gateway: str | None = None) -> None:
    """Point discord.py at another REST API and gateway (the tests' fake Discord). discord.py
    reads both from class attributes; None leaves them as they are."""
    if api:
        discord.http.Route.BASE = api.rstrip("/")
    if gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


def _why_ended(task: asyncio.Task) -> str:
    """One line on how the gateway connection ended without being stopped."""
    if task.cancelled():
        return "the Discord connection was cancelled"
    error = task.exception()
    if isinstance(error, discord.ConnectionClosed):
        if error.code == TOKEN_REFUSED:
            return f"Discord closed the connection: the token was refused ({TOKEN_REFUSED})"
        return f"Discord closed the connection ({error.code})"
    if error is not None:
        return " ".join(f"the Discord connection failed: {type(error).__name__}: {error}".split())
    return "the Discord connection ended"


def _place(interaction: discord.Interaction) -> str:
    """The channel as its members name it: "server #channel" (the server when discord.py
    knows it)."""
    name = getattr(interaction.channel, "name", None)
    channel = f"#{name}" if name else ""
    # a thread under its channel ("#games / okey"): two threads of one name told apart
    parent = getattr(getattr(interaction.channel, "parent", None), "name", None)
    if name and parent and isinstance(interaction.channel, discord.Thread):
        channel = f"#{parent} / {name}"
    guild = interaction.guild.name if interaction.guild is not None else ""
    return " ".join(p for p in (guild, channel) if p)

class DiscordService:
    """The Discord door as bot/adapters/serve.py runs it: `send` for the core, `prepare`
    (log in, registering the slash commands), `listen` (connect), `lost` (why the
    connection ended on its own), `stop`."""

    platform = PLATFORM
    STOP_GRACE = 5.0  # seconds the interactions under way get to end when stopping

    def __init__(self, token: str):
        self.token = token
        self.client = TileClient()
        self.door = DiscordDoor(self.client)
        self.client.door = self.door
        self.send = self.door.send
        self.task: asyncio.Task | None = None  # the gateway connection, from `listen` on
        self._listening = asyncio.Event()
        self._closing = False  # `stop` ends the connection: not a loss

    async def prepare(self, core: Core) -> None:
        """Log in (registering the slash commands): from here on the door can send."""
        self.door.core = core
        try:
            await self.client.login(self.token)
        except discord.LoginFailure as e:
            await self.client.close()
            raise DoorUnavailable(f"Discord refused DISCORD_TOKEN ({e})") from e
        except (aiohttp.ClientError, OSError, discord.DiscordServerError) as e:
            # (a 5xx: Discord is up but failing, an outage as much as no network)
            await self.client.close()
            raise DoorUnreachable(f"cannot reach Discord ({e})") from e

    def private_unseen(self, user: str) -> bool:
        """Is a direct message to `user` held (a failing Discord), and their latest picture
        not shown as their command's reply instead, or given up? Closed direct messages
        are not counted: /hand shows such a person their rack as a reply only they see."""
        door = self.door
        return door.held.holds_private(user) and user not in door.rack_replied \
            or user in door.picture_lost

    async def reachable(self, user: str | None = None) -> bool:
        """Is the gateway connected now (discord.py reconnects by itself after a drop), and
        do `user`'s direct messages go out (none held after a failure; without `user`:
        anyone's)? A move's time does not run out while they do not: nobody's press could
        arrive, nor their rack."""
        ws = self.client.ws
        held_dms = self.door.held.holds_private(user)  # (racks it failed to send wait)
        return ws is not None and ws.open and not held_dms

    async def listen(self) -> None:
        """Connect to the gateway: interactions arrive from now on."""
        self.task = asyncio.create_task(self.client.connect(reconnect=True))
        self._listening.set()
        ready = asyncio.ensure_future(self.client.wait_until_ready())
        await asyncio.wait([self.task, ready], return_when=asyncio.FIRST_COMPLETED)
        if self.task.done():  # refused at the gateway: say why
            ready.cancel()
            self.task.result()
        log.info("discord: serving as %s", self.client.user)
        await self.client.place_tables()

    async def lost(self) -> str:
        """Why the gateway connection ended on its own (discord.py reconnects by itself
        after a drop, so this is for what it cannot mend: a token revoked, refused with
        4004), in one line. Waits while the connection lives, and for good once `stop`
        ends it."""
        await self._listening.wait()
        await asyncio.wait([self.task])
        if self._closing:
            await asyncio.Future()  # stopped on purpose: nothing to report, ever
        return _why_ended(self.task)

    async def stop(self) -> None:
        """Let the interactions under way end, then close; also after the connection died."""
        await self.door.finish(self.STOP_GRACE)
        await self.door.held.close(HELD_SENDS_WAIT)
        self._closing = True
        await self.client.close()
        if self.task is not None:
            self.task.cancel()
            await asyncio.wait([self.task])  # however it ended: `lost` tells that
            if not self.task.cancelled():
                self.task.exception()  # read, so asyncio does not log it as never retrieved
