"""Telegram: the chat door, through python-telegram-bot (long polling).

A thin translation (see bot/messages.py): a typed command in a group ("/join",
"/discard@tilebot r7") or any line in a private chat ("discard r7") becomes a `Command`;
an inline button press comes back as the `Command.payload` it carries. Outbound, group
messages go to the group and private ones (racks, hints, refusals) to the person's private
chat with the bot, whose id on Telegram is the user's id; a picture is a photo with its
text as the caption, buttons are an inline keyboard (under the rack picture they follow,
bot/adapters/prompts.py), and an `Edit` rewrites the message its ref names (the buttons
of a move that is over).

Each chat's messages go out in order, but none waits behind another chat's: a message
that flood control holds back (a group's, a person's rack, an edit) waits in its chat's
queue (bot/adapters/backlog.py) for as long as Telegram says, while the other chats'
messages go on. A button's answer (its pop-up) waits for flood control only while
Telegram still takes it (about 15 s after the press); past that, what it said comes as a
private message.

Telegram lets a bot write privately only to people who have pressed Start in a private
chat with it. When a rack cannot be delivered, the group where that person last wrote is
told how to open that chat (a link); pressing Start there sends the rack again. A group
that becomes a supergroup gets a new chat id: its tables, language and league follow it,
and so do its messages flood control holds (before the ones sent there since).
A forum topic deleted closes its tables; a group that mutes the bot (or a topic closed)
is told privately to the people at its tables, as the game goes on unseen there.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import re
import time
from dataclasses import dataclass, fields, replace

# python-telegram-bot's coming form of its waits (flood control's retry_after a timedelta):
# read as such now (_seconds takes both), not as a number it warns is going away
os.environ.setdefault("PTB_TIMEDELTA", "true")

from telegram import (  # noqa: E402
    BotCommand,
    ChatMember,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InputMediaPhoto,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatType
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from rules import game_ids
from rules.words import cut_to, fold, isolated, typed

from .. import i18n
from ..core import Core
from ..game_names import either_okey, words_naming
from ..messages import Buttons, Command, Edit, Image, Outbound, Reply, To, User, a_rack
from ..play import is_live_ref
from .backlog import GroupBacklog, PartlyOut
from .menu import CORE_COMMANDS, MOVE_VERBS, describe, needs_admin_check
from .prompts import joined_text, with_prompts
from .sent import SentMessages
from .serve import DoorUnavailable, DoorUnreachable
from .text_parts import shortened, split_text
from .unreachable import Unreachable

log = logging.getLogger(__name__)


def units(text: str) -> int:
    """A text's length as Telegram counts it, in UTF-16 code units: an emoji (or any
    character beyond the first 65,536) is two, so a caption of 1,020 characters with a
    dozen of them in names is too long (a scan)."""
    return len(text.encode("utf-16-le")) // 2


def room(text: str, limit: int) -> int:
    """The characters of `text` a `limit` in code units leaves room for (its parts cut to
    that many characters fit, whatever characters they keep; half the limit always does)."""
    return max(limit - (units(text) - len(text)), limit // 2)

PLATFORM = "telegram"
CAPTION_MAX = 1024  # Telegram's limits, in UTF-16 code units (see `units`)
TEXT_MAX = 4096
NAME_MAX = 32  # a shown name, as long as Discord's longest (first and last name: up to 129)
POPUP_MAX = 200  # a callback answer's text (shown over the button pressed)
ROW_CHARS = 24  # a row of inline buttons holds about this many label characters
# a call made outside a chat's queue (a greeting) or in its own turn there (a held message)
# that flood control refuses is made again after the wait Telegram names, this many times
# in all (a held one then waits in its queue again: backlog.py)
RETRIES = 3
NETWORK_WAIT = 1.0  # seconds before a send that met a network failure is tried again
POLLING_TASK = "Updater:start_polling:polling_task"  # python-telegram-bot's name for it
# Telegram's 409 Conflict: another getUpdates is open for this token. A restart meets its
# predecessor's last long poll for up to one poll timeout; conflicts lasting longer mean
# a second process (python-telegram-bot retries at most 30 s apart: a longer gap ends a run)
CONFLICT_LASTS = 15.0
CONFLICT_GAP = 35.0
CONFLICT_SAID_EVERY = 60.0  # seconds between two "another process polls" lines
UPDATER_STOP_WAIT = 3.0  # seconds for the polling to end at a stop
HELD_SENDS_WAIT = 10.0  # seconds stop() lets group messages held by flood control go out
# seconds a message (to a group, or privately) may take before the messages to other chats
# after it go on without it (it goes on being sent, and its chat's next messages wait
# behind it)
GROUP_PATIENCE = 2.0
HANDLING_WAIT = GROUP_PATIENCE + 3.0  # seconds the commands under way get at a stop
# seconds after a press is taken that its answer may still wait for flood control:
# Telegram takes the answer for about 15 s after the press, and the update took some of it
ANSWER_WITHIN = 10.0
READ_TIMEOUT = 15.0  # seconds for Telegram's answer (python-telegram-bot's default: 5)
# seconds a group that refused the bot's photos gets text alone; then photos are tried
# again (an admin may allow them again without the bot hearing of it)
PHOTOS_AGAIN_AFTER = 600.0
# seconds the greeting of a supergroup the bot was added to waits: a group the bot was in
# that became one comes with its join event, and the messages telling of the move may be
# handled after it (they come in the same batch of updates, or the next)
MIGRATION_WAIT = 2.0
# private notes told once, of something no later message repeats: refused before the person
# pressed Start, they are sent when they do (a table closed as the bot left its group)
KEPT_FOR_START = frozenset({"core.chat_gone", "core.chat_gone_in"})

# The failures a message sent from a batch (a move, a command) leaves to its chat's queue
# (GroupBacklog) instead of waiting them out in `_retry`, which would make the messages to
# other chats after it wait: flood control and a failing Telegram for a group message,
# flood control for a private one (a 502 there is tried again at once, a few times).
_left_to_backlog: contextvars.ContextVar[tuple[type[Exception], ...]] = contextvars.ContextVar(
    "left_to_backlog", default=())


class TelegramDoor:
    """Updates in, messages out, for one bot account and one core."""

    def __init__(self, bot, core: Core | None = None):
        self.bot = bot
        self.core = core
        self.username = ""  # the bot's own @name, once known (`/cmd@name` in groups)
        self.sent = SentMessages(PLATFORM, self)  # where each prompt went (its buttons)
        # who never pressed Start, and where they play
        self.unreachable = Unreachable(seated=self._seated_in)
        # whose latest private picture (their rack) was given up, Telegram failing for
        # minutes: the numbers of the picture they see are not the rack's until one is out
        self.picture_lost: set[str] = set()
        # user id -> private notes refused before they pressed Start (`_keep_for_start`)
        self.kept_for_start: dict[str, list] = {}
        self.handled = 0  # updates dealt with in full (for logs and tests)
        self._chat_locks: dict = {}  # chat id -> its updates' turn (_in_order)
        # messages flood control holds (a queue per group, and per private chat), or that
        # met a failing Telegram
        self.held = GroupBacklog(self._send_held, again=_platform_failed, lost=self._given_up,
                                 chat_of=_chat_of)
        # groups that refuse the bot's photos (text there): chat id -> when (`clock`)
        self._no_photos: dict[int, float] = {}
        self.clock = time.monotonic
        self._muted: set[str] = set()  # groups (or closed topics) whose players were told
        self._reacting: set[asyncio.Task] = set()  # what a refused group send set going
        self._gone_groups: set[int] = set()  # groups a 403 said the bot is out of: closed once
        self._handling: set[asyncio.Task] = set()  # the updates being handled now
        self._migrated_into: set[int] = set()  # supergroups made of groups the bot was in
        # a group's old id -> its supergroup's: a button on a message sent before the move
        # still comes with the old id, and is pressed where the table now is
        self._moved_to: dict[int, int] = {}

    def _seated_in(self, user: str, near=None):
        return self.core.seated_in(PLATFORM, user, near) if self.core is not None else None

    # -- inbound ---------------------------------------------------------------------------
    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        arrival = self.core.arrive()  # before its chat's turn: a copy sent twice waits
        # there while the first is played, and must still count as come before that turn
        with self._under_way():
            async with self._in_order(update):
                await self._text(update, arrival)

    async def on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        with self._under_way():
            async with self._in_order(update):
                await self._press(update)

    @contextlib.contextmanager
    def _under_way(self):
        """An update being handled: waited for at a stop (finish), counted once done."""
        task = asyncio.current_task()
        self._handling.add(task)
        try:
            yield
        finally:
            self._handling.discard(task)
            self.handled += 1

    async def finish(self, timeout: float) -> None:
        """Give the updates under way up to `timeout` seconds to end: a move being told
        (its group send may be on its way) is told in full, and noted so, else a restart
        would tell it again."""
        if self._handling:
            await asyncio.wait(set(self._handling), timeout=timeout)

    def _in_order(self, update: Update) -> asyncio.Lock:
        """One chat's updates one after another, as people sent them (the commands typed
        while the bot was down come in one batch: /new before /join before /start); other
        chats go on meanwhile."""
        chat = update.effective_chat
        key = chat.id if chat is not None else None
        lock = self._chat_locks.get(key)
        if lock is None:
            lock = self._chat_locks[key] = asyncio.Lock()
        return lock

    async def on_migrate(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group became a supergroup, with a new chat id: its tables follow it."""
        try:
            msg = update.effective_message
            if msg is not None and msg.migrate_to_chat_id:
                await self._moved(msg.chat.id, msg.migrate_to_chat_id)
            elif msg is not None and msg.migrate_from_chat_id:
                await self._moved(msg.migrate_from_chat_id, msg.chat.id)
        finally:
            self.handled += 1

    async def on_membership(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The bot's own membership changed: removed from a group (or the group deleted),
        its tables there close; nobody could play or see them any more. Added: it greets
        the group. Its rights changed: photos are tried again; muted, the players hear it."""
        try:
            change = update.my_chat_member
            if change is None or change.chat.type == ChatType.PRIVATE:
                return
            chat, new = change.chat.id, change.new_chat_member
            if new.status in (ChatMember.LEFT, ChatMember.BANNED):
                log.info("telegram: removed from chat %s", chat)
                async with self._in_order(update):  # the group and each of its topics
                    await self.core.chat_gone(PLATFORM, lambda room: target(room)[0] == chat)
                return
            # the bot's rights there changed: photos are tried again
            self._no_photos.pop(chat, None)
            if new.status == ChatMember.RESTRICTED and not new.can_send_messages:
                await self._muted_in(str(chat), change.chat.title)
            else:  # it may post again: a later mute is told again
                self._muted.discard(str(chat))
                self.core.chat_may_post(PLATFORM, [room for platform, room in self.core.muted_chats
                                                   if platform == PLATFORM
                                                   and target(room)[0] == chat])  # its topics
            if change.old_chat_member.status in (ChatMember.LEFT, ChatMember.BANNED) \
                    and new.status in (ChatMember.MEMBER, ChatMember.ADMINISTRATOR) \
                    and change.chat.type != ChatType.CHANNEL:  # a channel's readers cannot play
                await self._welcome(chat, change.from_user,
                                    supergroup=change.chat.type == ChatType.SUPERGROUP)
        finally:
            self.handled += 1

    async def _welcome(self, chat: int, adder, supergroup: bool = False) -> None:
        """Added to a group: say what the bot does, and that each player must press Start
        in a private chat first, in the group's language if it chose one, else the
        language of the person who added the bot. A group the bot knows already (its
        language stored) is not greeted: a supergroup made of a group the bot was in gets a
        join event of its own, which may come before the messages telling of the move (or
        be handled beside them): a supergroup's greeting waits for those a while."""
        if await self.core.store.chat_lang(PLATFORM, str(chat)) is not None:
            return  # (asked first: a command typed during the wait below stores one too)
        if supergroup:
            await asyncio.sleep(MIGRATION_WAIT)
        if chat in self._migrated_into:
            return
        # a /lang typed meanwhile is the group's choice; else the adder's language
        lang = await self.core.store.chat_lang(PLATFORM, str(chat)) if supergroup else None
        lang = lang or i18n.normalise(adder.language_code if adder is not None else None)
        text = i18n.translate(lang, "core.welcome_group", {"link": self._start_link()})
        try:
            await _retry(lambda: self.bot.send_message(chat, text))
        except TelegramError as e:
            log.info("telegram: could not greet chat %s: %s", chat, e)

    def _start_link(self) -> str:
        return f"https://t.me/{self.username}?start=hand" if self.username else "/start"

    async def _moved(self, old: int, new: int) -> None:
        log.info("telegram: chat %s is now %s", old, new)
        self._migrated_into.add(new)
        self._moved_to[old] = new
        await self.core.move_chat(PLATFORM, str(old), str(new))
        self.unreachable.moved(str(old), str(new))
        # what flood control holds for the old id goes out first, to the new one: the
        # messages sent there from now on (the core's tables moved) wait behind it
        self.held.moved(str(old), str(new), lambda m: _readdressed(m, str(old), str(new)))

    async def _text(self, update: Update, arrival: int | None = None) -> None:
        msg, chat, who = update.message, update.effective_chat, update.effective_user
        # update.message is None for an edited message: an edit is not a new command (an
        # edited "/addbot" would add a second computer, an edited move play twice)
        if msg is None or chat is None or who is None:
            return
        private = chat.type == ChatType.PRIVATE
        room = room_of(msg)
        for_us = self._for_us(msg, who, private)
        if not private and not for_us:
            # a reply to the table picture, another bot's command (or, for a bot that is
            # an admin, any chatter): it is below a quiet chat's table picture now
            return self.core.said_in(PLATFORM, room)
        if msg.sender_chat is not None and not private:
            return await self._nameless(msg, chat)
        if not for_us:
            return
        text = self._mention_as_command(typed(msg.text).strip())
        user = _user(who)
        if not private:
            self.unreachable.played(user.id, room, user.name)
        cmd = Command.parse(PLATFORM, room, user, text, private=private, arrival=arrival,
                            place="" if private else _place(
                                chat, msg, self.core.place_name(PLATFORM, room) is not None))
        if cmd.name == "new" and not private:  # a new table there: if the bot still may not
            # post (a topic reopened sends no update), its players hear it, the opener too
            self._muted.difference_update({room, str(target(room)[0])})
        if private and cmd.name == "start":  # Telegram's Start button, or our link
            # the link a player gets when a rack failed, or Start pressed by hand while
            # playing: their racks at once, and no lecture on opening tables before them
            for kept in self.kept_for_start.pop(user.id, []):  # (refused before: what
                # happened first, then what they may do now; in their language now)
                await self._post(replace(kept, lang=await self.core.lang_of(kept.to)))
            playing = self.core.playing_at(PLATFORM, user.id)
            ready = ("ready", "link") if cmd.args else ("ready",)  # (?start=hand: our link)
            await self.core.handle(replace(cmd, name="help",
                                           args=("playing",) if playing else ready))
            if playing:  # (seated at a lobby, or nowhere: /hand would only say so again)
                await self.core.handle(replace(cmd, name="hand", args=()))
            return
        if not private and needs_admin_check(cmd.name, cmd.args):
            cmd = replace(cmd, is_admin=await self._is_admin(chat.id, who.id))
        token = _asking.set(user.id)
        # a refusal of a table-and-lobby command may be answered in the group (a closed
        # private chat); never one about a move or a rack, which may name its tiles
        asked_in = _asked_in.set(msg if not private and _table_command(cmd) else None)
        try:
            await self.core.handle(cmd)
        finally:
            _asking.reset(token)
            _asked_in.reset(asked_in)

    def _for_us(self, msg, who, private: bool) -> bool:
        """Is the message a command for this bot (in a private chat, any text)?"""
        if not msg.text or msg.forward_origin is not None:  # forwarded: someone else wrote
            return False  # it, maybe long ago (a forwarded "/new" opens nothing)
        if msg.sender_chat is not None and not private:
            return True  # in the group's name: answered by _nameless
        if who.is_bot:
            return False
        text = self._mention_as_command(typed(msg.text).strip())
        if not text or not private and not text.startswith("/"):
            return False  # nothing typed (blanks Telegram let through), or group chatter
        return self._addressed_to_us(text)  # not "/join@otherbot": another bot's command

    async def on_member_left(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A member left the group or was removed: where they play there, a computer plays
        for them from now on (as after /leave), and the group is told; their /back in our
        private chat takes the seat again. (The bot's own leaving is on_membership's.)"""
        try:
            msg, gone = update.message, update.message and update.message.left_chat_member
            if gone is None or gone.is_bot or msg.chat.type == ChatType.PRIVATE:
                return
            chat = msg.chat.id
            async with self._in_order(update):
                removed = msg.from_user is not None and msg.from_user.id != gone.id
                await self.core.member_left(PLATFORM, lambda room: target(room)[0] == chat,
                                            _user(gone), removed)
        finally:
            self.handled += 1

    async def on_other(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A group message that is no text (a sticker, a photo replying to the table): it
        is below a quiet chat's table picture now, so the next move's picture is a new one."""
        msg, chat = update.message, update.effective_chat
        if msg is not None and chat is not None and chat.type != ChatType.PRIVATE:
            self.core.said_in(PLATFORM, room_of(msg))

    async def _press(self, update: Update) -> None:
        press = update.callback_query
        if press is None:
            return
        message = press.message
        if message is None or press.data is None:
            return await _quietly(press.answer())  # stops the spinner
        chat = message.chat
        user = _user(press.from_user)
        if chat.type == ChatType.PRIVATE:  # a move's button under a rack
            cmd = Command(PLATFORM, str(chat.id), user, "press", payload=press.data,
                          private=True)
        else:  # a lobby's button in a group: as the command typed there, in its topic
            chat_id = await self._now_at(chat)  # (sent before the group became a supergroup)
            room = room_of(message) if chat_id == chat.id else str(chat_id)
            if not message.is_accessible and (kept := await self.core.pressed_chat(
                    PLATFORM, press.data)) is not None and target(kept)[0] == chat_id:
                room = kept  # (an old message comes without its topic: the table's own)
            self.unreachable.played(user.id, room, user.name)
            admin = self.core.admin_decides(press.data, user.id) \
                and await self._is_admin(chat_id, press.from_user.id)
            cmd = Command(PLATFORM, room, user, "press", payload=press.data, is_admin=admin)
        # what only the presser should read (a refusal: a stale button, not their turn)
        # pops up over the button instead of coming as a message of its own
        popup = _Popup(user.id, press)
        token, asking = _popping_up.set(popup), _asking.set(user.id)
        try:
            await self.core.handle(cmd)
        finally:
            _popping_up.reset(token)
            _asking.reset(asking)
        if popup.answering is not None:
            await popup.answering
        if not popup.answered:
            await self.send(await popup.answer())
        if popup.lost:
            await self.send(popup.lost)

    async def _now_at(self, chat) -> int:
        """The id a group has now: its supergroup's, once it became one (remembered in the
        store, for the buttons of messages sent before the move, after a restart too)."""
        if chat.id not in self._moved_to and chat.type == ChatType.GROUP:  # (basic groups
            moved = await self.core.store.moved_chat(PLATFORM, str(chat.id))  # move)
            if moved is not None:
                self._moved_to[chat.id] = int(moved)
        return self._moved_to.get(chat.id, chat.id)

    def _mention_as_command(self, text: str) -> str:
        """"@tilebot new dominoes" (privacy mode lets a group's mentions of the bot through)
        is read as "/new dominoes" when a command follows the name; "@tilebot thanks!" is
        talk, not a command."""
        found = _MENTION.match(text)
        if not found or not self.username or found[1].lower() != self.username.lower():
            return text
        rest = found[2].strip()
        head = fold(rest.split(maxsplit=1)[0]) if rest else ""
        if head in (*CORE_COMMANDS, *MOVE_VERBS, *game_ids()) or _game_then_command(rest):
            return "/" + rest
        return text

    def _addressed_to_us(self, text: str) -> bool:
        head = text.split(maxsplit=1)[0]
        _, at, name = head.partition("@")
        return not at or not self.username or name.lower() == self.username.lower()

    async def _is_admin(self, chat_id: int, user_id: int) -> bool:
        """Is the person an admin of the group? Flood control and a failing network are
        waited out (an admin's /stop or Start was refused as a member's): it is asked only
        where the answer decides (Lobby.admin_decides); refused only when Telegram will not
        say."""
        try:
            member = await _retry(lambda: self.bot.get_chat_member(chat_id, user_id))
        except TelegramError:
            return False
        return member is not None and member.status in ("creator", "administrator")

    # -- outbound --------------------------------------------------------------------------
    async def send(self, messages) -> list[asyncio.Future]:
        """The core's `send`: each message in order, as the platform call it needs; one
        that flood control holds waits in its chat's queue, and the next ones to other
        chats go on. Returns the futures of the messages held back (done once they are
        out; bot/adapters/backlog.py)."""
        popping = _popping_up.get()
        if popping is not None and not popping.answered:
            mine = [m for m in messages if type(m) is Reply and m.to.user == popping.user]
            popping.replies += mine  # shown over the button pressed
            messages = [m for m in messages if m not in mine]
            if messages:  # the press did something: its spinner stops now, beside the
                # first send, not once every message of it is out (3 or 4 sends in a row)
                messages = [*popping.answer_beside(), *messages]
        held = []
        for m, prompt in with_prompts(messages, CAPTION_MAX, units):
            future = await self._post(_Prompted.of(m, prompt) if prompt is not None else m)
            if future is not None:  # a move counts as told once it is out, its racks too
                held.append(future)  # (told again after a restart if the bot stopped first)
        return held

    async def _post(self, m) -> asyncio.Future | None:
        """Send `m`, or hold it in its chat's queue (flood control, a failing Telegram, a
        send slower than GROUP_PATIENCE) so that the messages to other chats after it need
        not wait. The future of a held one; None once it is out (a refusal is told here)."""
        token = _left_to_backlog.set((RetryAfter,) if m.to.private else (RetryAfter,
                                                                         NetworkError))
        try:
            return await self.held.post(m, lambda: self._out(m), GROUP_PATIENCE, NETWORK_WAIT)
        except Forbidden as e:
            if m.to.private:
                self._keep_for_start(m)
                asked = _asking.get() == m.to.user
                if asked:
                    await self._refusal_in_group(m)
                # their turn's rack with its buttons: the table waits for someone who
                # cannot see it, so the group hears again (once a minute at most; the
                # lobby's note was long ago, and their time runs out unseen)
                await self._cannot_write_to(m.to.user, asked=asked or _their_turn(m),
                                            about=None if asked else getattr(m, "table", None))
            else:
                self._group_forbidden(m, e)
        except (RetryAfter, NetworkError) as e:  # tried again already: one line (a message
            # flood control or a failing Telegram held is not here)
            if m.to.private and a_rack(m):
                self.picture_lost.add(m.to.user)
            log.warning("telegram: a %s to %s was not delivered: %r", type(m).__name__,
                        m.to, e)
        except InvalidToken:  # revoked while serving: the bot stops, saying so in one line
            log.warning("telegram: a %s to %s was not delivered: the token was refused",
                        type(m).__name__, m.to)  # (its text would repeat the token)
        except TelegramError:
            log.exception("telegram: a %s to %s was not delivered", type(m).__name__, m.to)
        finally:
            _left_to_backlog.reset(token)
        return None

    def _keep_for_start(self, m) -> None:
        """A private note Telegram refused that no later message repeats (their table
        closed as the bot left its group): kept for when they press Start."""
        if any(getattr(line, "key", None) in KEPT_FOR_START for line in m.lines):
            self.kept_for_start.setdefault(m.to.user, []).append(m)

    async def _send_held(self, m) -> None:
        _left_to_backlog.set(())  # its own turn in its chat's queue: nothing waits behind it
        await self._out(m)

    async def _out(self, m) -> None:
        """`m` delivered; a private one tells that its person can be written to."""
        await self._deliver(m)
        if m.to.private and not isinstance(m, Edit):  # an edit may find nothing
            self.unreachable.reached(m.to.user)
            if a_rack(m):
                self.picture_lost.discard(m.to.user)

    def _given_up(self, m, e: BaseException) -> None:
        """A held message Telegram refused, or failed for minutes: a private chat that
        refuses the bot is told in the group (as when it refused at once), anything else
        logged; a private picture lost keeps its person's moves off the rack's numbers."""
        if m.to.private and isinstance(e, Forbidden):
            self._keep_for_start(m)
            self._react(self._cannot_write_to(m.to.user, about=getattr(m, "table", None)))
            return
        if m.to.private and a_rack(m):
            self.picture_lost.add(m.to.user)
        if not m.to.private and isinstance(e, Forbidden):
            self._group_forbidden(m, e)
        else:
            _group_refused(m, e)

    def _group_forbidden(self, m, e: Forbidden) -> None:
        """A group refused the bot (403). Kicked, not a member, the group deleted: its
        tables close as when the bot hears it was removed, which it does not if that was
        while it was not running (the match went on unseen, and would have counted)."""
        _group_refused(m, e)
        group = target(m.to.chat)[0]
        if _GONE.search(str(e)) and group not in self._gone_groups:
            self._gone_groups.add(group)
            log.warning("telegram: not a member of chat %s (%s): its tables close", group, e)
            self._react(self.core.chat_gone(PLATFORM, lambda room: target(room)[0] == group))

    async def _deliver(self, m) -> None:
        """One message; a group that became a supergroup is followed, and sent to again."""
        try:
            await self._send_one(m)
        except ChatMigrated as e:
            if m.to.private:
                raise
            await self._moved(target(m.to.chat)[0], e.new_chat_id)
            await self._send_one(replace(m, to=replace(m.to, chat=str(e.new_chat_id))))
        except BadRequest as e:
            if not m.to.private and not isinstance(m, Edit):
                self._group_failed(m.to.chat, e)
            raise
        else:
            if not m.to.private and not isinstance(m, Edit):  # it may post there (again)
                rooms = [m.to.chat, str(target(m.to.chat)[0])]
                self._muted.difference_update(rooms)
                self.core.chat_may_post(PLATFORM, rooms)
                self._gone_groups.discard(target(m.to.chat)[0])  # added back

    def _group_failed(self, room: str, e: BadRequest) -> None:
        """A group send Telegram refused for good. Its forum topic deleted: the topic's
        tables close, as when the bot leaves a group. The bot muted there (or the topic
        closed): the game goes on unseen, so its players are told privately. Either in a
        task of its own: the move being sent holds its table until this returns."""
        text = str(e).lower()
        if "thread not found" in text or "topic_deleted" in text:
            log.warning("telegram: the topic of %s is gone (%s): its tables close", room, e)
            self._react(self.core.chat_gone(PLATFORM, lambda chat: chat == room))
        elif "topic_closed" in text:
            self._react(self._muted_in(room, said="core.topic_closed"))
        elif _muted_by(text):
            self._react(self._muted_in(str(target(room)[0])))

    def _react(self, coroutine) -> None:
        # a fresh context: not a press's pop-up, nor the answer to someone's command
        task = asyncio.get_running_loop().create_task(coroutine, context=contextvars.Context())
        self._reacting.add(task)
        task.add_done_callback(self._reacting.discard)

    async def _muted_in(self, room: str, title: str | None = None,
                        said: str = "core.group_muted") -> None:
        """The bot may not post in `room` (a group, or one topic of it): the people seated
        at its tables hear it privately (`said`: why, a restriction or a closed topic),
        once until it may post there again."""
        if room in self._muted:
            return
        self._muted.add(room)
        chat, topic = target(room)
        told = await self.core.chat_muted(  # a topic alone, or the group and its topics
            PLATFORM, (lambda c: c == room) if topic else (lambda c: target(c)[0] == chat),
            title or room, said)
        log.warning("telegram: cannot post in %s: %d players are told", room, told)

    async def _refusal_in_group(self, m) -> None:
        """A refusal of someone's own group command that their private chat refused: it is
        posted in the group as the answer to their command instead, so it is not lost (a
        refusal of a command about the table or the lobby, never of a move or of the rack
        (`_PUBLIC_REFUSALS`): nothing private ever goes there)."""
        msg = _asked_in.get()
        lines = [line for line in m.lines if line.key not in ("core.at_place",
                                                               "core.at_place_seat")]
        if msg is None or type(m) is not Reply or not lines or not all(
                _refusal_key(line.key) or line.key in _ALREADY for line in lines):
            return
        room = room_of(msg)
        self.core.said_in(PLATFORM, room)  # said below a quiet chat's table picture
        text = i18n.render(replace(m, lines=tuple(lines)))
        # behind what flood control holds in the group, as the group's other messages
        await self._post(_Said(To(PLATFORM, chat=room), m.lang, (), text=text,
                               answers=msg.message_id))

    async def _send_one(self, m) -> None:
        if isinstance(m, Edit):
            await self._edit(m)
            return
        chat_id, topic = (int(m.to.user), None) if m.to.private else target(m.to.chat)
        if isinstance(m, _Said):  # (one message: an answer in its place, cut to fit)
            text = shortened(m.text, room(m.text, TEXT_MAX))
            await _retry(lambda: self.bot.send_message(
                chat_id, text, message_thread_id=topic, reply_parameters=ReplyParameters(
                    m.answers, allow_sending_without_reply=True) if m.answers else None))
            return
        if isinstance(m, _Prompted):  # the rack with its buttons under it
            sent = await _retry(lambda: self.bot.send_photo(
                chat_id, m.png, caption=joined_text(m, m.prompt),
                reply_markup=keyboard(m.prompt.choices)))
            await self._remember(m.prompt.ref, sent, photo=True)
            return
        text = i18n.render(m)
        markup = keyboard(m.choices) if isinstance(m, Buttons | Image) and m.choices else None
        if isinstance(m, Image) and m.png and self._photos_in(chat_id) \
                and await self._picture(m, chat_id, text, markup, topic):
            return
        if isinstance(m, Image):  # no photo (refused there): the text alone tells the same
            await self._text_table(m, chat_id, text, markup, topic)
            return
        await self._remember(m.ref, await self._send_text(chat_id, text, markup, topic),
                             photo=False)

    async def _picture(self, m: Image, chat_id: int, text: str, markup, topic) -> bool:
        """`m` as a photo (its text too long for a caption after it); False where the
        group refuses photos, and nothing was sent."""
        caption = text
        if is_live_ref(m.ref):  # a quiet group's one table photo: a caption cut to
            caption = shortened(text, room(text, CAPTION_MAX))  # fit, so each move edits it
        fits = units(caption) <= CAPTION_MAX
        if m.edits and fits and await self._edit_picture(m, caption):
            return True
        try:
            sent = await _retry(lambda: self.bot.send_photo(
                chat_id, m.png, caption=caption if fits else None,
                reply_markup=markup if fits else None, message_thread_id=topic))
        except BadRequest as e:
            if not _photos_refused(e):
                raise
            # the group lets its members (the bot too) send no photos: the text alone
            # tells the same, so the table goes on as text there
            self._no_photos[chat_id] = self.clock()
            log.warning("telegram: chat %s refuses photos (%s): its pictures come as "
                        "text", chat_id, e)
            return False
        if fits:
            await self._remember(m.ref, sent, photo=True, lift=markup is not None)
        else:  # the buttons go under the text
            await self._remember(m.ref, await self._text_after_photo(m, chat_id, text,
                                                                      markup, topic),
                                 photo=False)
        return True

    async def _text_table(self, m: Image, chat_id: int, text: str, markup, topic) -> None:
        """A picture as its text alone (a group that takes no photos). A quiet chat's table
        edits the earlier table text in place, as its picture would (README, /quiet), and
        lifts no buttons it never had."""
        if is_live_ref(m.ref):  # cut to one message, so that each move edits it
            text = shortened(text, room(text, TEXT_MAX))
        if m.edits and await self._edit_text(m, text, markup):
            return
        await self._remember(m.ref, await self._send_text(chat_id, text, markup, topic),
                             photo=False, lift=markup is not None)

    async def _text_after_photo(self, m: Image, chat_id: int, text: str, markup, topic):
        """The text of a picture whose caption was too long, sent after the picture. The
        picture is out: if the text is held (flood control), only the text is sent again."""
        try:
            return await self._send_text(chat_id, text, markup, topic)
        except TelegramError as e:
            if not _platform_failed(e):
                raise
            raise PartlyOut(replace(m, png=b""), e) from e  # a picture-less Image: its text

    def _photos_in(self, chat_id: int) -> bool:
        """May pictures go to `chat_id` as photos? A group that refused them is tried again
        after a while (or once the bot's rights there changed: on_membership)."""
        since = self._no_photos.get(chat_id)
        if since is not None and self.clock() - since >= PHOTOS_AGAIN_AFTER:
            del self._no_photos[chat_id]
            since = None
        return since is None

    async def _send_text(self, chat_id: int, text: str, markup=None, topic: int | None = None):
        """A text, split at line ends where it is longer than Telegram takes; the buttons go
        under the last part."""
        parts = split_text(text or "…", room(text, TEXT_MAX))
        sent = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            try:
                sent = await _retry(lambda part=part, last=last: self.bot.send_message(
                    chat_id, part, reply_markup=markup if last else None,
                    message_thread_id=topic))
            except TelegramError:
                if not i:
                    raise  # nothing is out: it may be sent again whole
                log.exception("telegram: the rest of a long text to %s was not delivered",
                              chat_id)  # not again: its first parts are out
                break
        return sent

    async def _edit(self, m: Edit) -> None:
        where = await self.sent.get(m.ref)
        if where is None:
            return  # never kept (or already edited): nothing on screen to change
        chat_id, message_id, photo = where
        markup = keyboard(m.choices) if m.choices else None
        try:
            if photo or not m.lines:  # a rack keeps its caption: only its buttons change (or go)
                await _retry(lambda: self.bot.edit_message_reply_markup(
                    chat_id=chat_id, message_id=message_id, reply_markup=markup))
            else:
                text = i18n.render(m)
                await _retry(lambda: self.bot.edit_message_text(
                    split_text(text or "…", room(text, TEXT_MAX))[-1], chat_id=chat_id,
                    message_id=message_id, reply_markup=markup))
        except (BadRequest, ChatMigrated) as e:  # deleted, already showing this text, or
            log.info("telegram: edit of %s skipped: %s", m.ref, e)  # in a group now gone
        if not m.choices:
            await self.sent.drop(m.ref)  # no buttons left: nothing more to edit there

    async def _edit_text(self, m: Image, text: str, markup) -> bool:
        """Put `m`'s text in place of the earlier text message its ref names (a quiet
        chat's table where photos are refused); False where there is none to edit (never
        kept, a picture, deleted in the chat, a group now gone): it is then sent anew."""
        if units(text) > TEXT_MAX:
            return False
        return await self._edit_kept(m, False, lambda chat_id, message_id:
                                     self.bot.edit_message_text(text, chat_id=chat_id,
                                                                message_id=message_id,
                                                                reply_markup=markup))

    async def _edit_picture(self, m: Image, caption: str) -> bool:
        """Put `m`'s picture and caption in place of the earlier message its ref names (a
        quiet chat's table); False where there is none to edit (never kept, or deleted in
        the chat): it is then sent anew."""
        return await self._edit_kept(m, True, lambda chat_id, message_id:
                                     self.bot.edit_message_media(
                                         InputMediaPhoto(m.png, caption=caption),
                                         chat_id=chat_id, message_id=message_id))

    async def _edit_kept(self, m: Image, photo: bool, edit) -> bool:
        """`edit(chat_id, message_id)` the kept message `m.ref` names, if it is a photo as
        `photo` says (a text cannot become a picture, nor a picture a text); False where
        it cannot be edited: `m` is then sent anew."""
        where = await self.sent.get(m.ref)
        if where is None or bool(where[2]) != photo:
            return False
        chat_id, message_id, _photo = where
        try:
            await _retry(lambda: edit(chat_id, message_id))
        except BadRequest as e:
            if "not modified" in str(e).lower():
                return True  # it shows this already
            log.info("telegram: %s of %s is sent anew: %s", "the picture" if photo else "the text",
                     m.ref, e)
            return False
        except ChatMigrated:  # the group is a supergroup now: it goes there anew
            return False
        return True

    async def _remember(self, ref: str | None, sent, photo: bool, lift: bool = True) -> None:
        """Keep where the message named `ref` went. The same prompt sent again (/hand)
        replaces the earlier one: its buttons come off, so only one set is live (`lift`
        False: the message has no buttons, a quiet chat's table picture)."""
        if ref is None or sent is None:
            return
        earlier = await self.sent.put(ref, sent.chat_id, sent.message_id, photo)
        if earlier is not None and lift:
            chat_id, message_id, _photo = earlier
            # the message is out: this may wait for a failing Telegram, and never makes the
            # message itself go again
            token = _left_to_backlog.set(())
            try:
                await _retry(lambda: self.bot.edit_message_reply_markup(
                    chat_id=chat_id, message_id=message_id, reply_markup=None))
            except TelegramError as e:  # deleted, in a group now gone, Telegram failing
                log.info("telegram: the earlier buttons of %s stay: %s", ref, e)
            finally:
                _left_to_backlog.reset(token)

    async def _nameless(self, msg, chat) -> None:
        """A command sent in a group's own name (an anonymous admin) or a channel's: it
        names nobody to seat or check, so it is answered with how to write as oneself
        instead of vanishing."""
        text = self._mention_as_command(typed(msg.text).strip())  # "@tilebot stop" too
        room = room_of(msg)
        self.core.said_in(PLATFORM, room)  # said below a quiet chat's table picture
        if not text.startswith("/") or not self._addressed_to_us(text):
            return  # (a reply to the table, in the group's name: no command)
        lang = await self.core.lang_of(To(PLATFORM, chat=room))
        try:
            await _retry(lambda: msg.reply_text(i18n.translate(lang, "core.nameless_sender")))
        except TelegramError:
            log.exception("telegram: could not answer a nameless command in %s", room)

    async def _cannot_write_to(self, user_id: str, asked: bool = False,
                               about: int | None = None) -> None:
        """Tell the group how to open the private chat: Telegram refuses a bot's first
        private message. `asked`: it was the answer to their own command; `about`: the
        table the refused message was about, when not (its group)."""
        note = await self.unreachable.note(user_id, PLATFORM, self.core.lang_of,
                                           "core.dm_needed", asked=asked,
                                           about=self.core.seat_place(about, user_id),
                                           link=self._start_link())
        if note is None:
            return
        group, text = note
        self.core.said_in(PLATFORM, str(group))  # said below a quiet chat's table picture
        # behind what flood control holds in the group, as the group's other messages
        await self._post(_Said(To(PLATFORM, chat=str(group)), "", (), text=text))


@dataclass(frozen=True)
class _Said(Outbound):
    """What the door itself says in a group (how to open a private chat, a refusal as the
    answer to a command), in words already; it waits in the group's queue as the core's
    messages do. `answers`: the id of the message it answers."""

    text: str = ""
    answers: int | None = None


@dataclass(frozen=True)
class _Prompted(Image):
    """A rack picture with the buttons merged into it (bot/adapters/prompts.py): one
    message, also as it waits in its chat's queue."""

    prompt: Buttons | None = None

    @classmethod
    def of(cls, picture: Image, prompt: Buttons) -> _Prompted:
        return cls(**{f.name: getattr(picture, f.name) for f in fields(picture)},
                   prompt=prompt)


def _shaped_as_a_token(token: str) -> bool:
    """Is it shaped as @BotFather's tokens are (digits, a colon, 35 letters and such)?"""
    return re.fullmatch(r"\d+:[\w-]{30,}", token.strip()) is not None


def _token_refused(shaped: bool) -> str:
    """Why Telegram refused the token, without it: one not shaped as @BotFather gives them,
    or one that is (revoked, another bot's, mistyped)."""
    if shaped:
        return ("Telegram refused TELEGRAM_TOKEN: it is not a live token of a bot (revoked, "
                "or mistyped): @BotFather's /token shows the bot's current one")
    return ("Telegram refused TELEGRAM_TOKEN: it must be the whole token @BotFather gave "
            "(digits, a colon, then letters)")


def _their_turn(m) -> bool:
    return isinstance(m, _Prompted) and m.prompt is not None and bool(m.prompt.choices)


def _readdressed(m, old: str, new: str):
    """`m` sent to the chat `new` if it was for `old` (a group now a supergroup)."""
    return m if m.to.private or m.to.chat != old else replace(m, to=replace(m.to, chat=new))


def _game_then_command(text: str) -> bool:
    """Does `text` name a game as the bot names it in any language, then a command or a
    move, or nothing ("domino table", "101 rules", "domino 0-1 left"; not talk: "domino is
    fun", "1-3?")?"""
    words = text.split()
    game, used = words_naming(words, game_ids(), None)
    if game is None and words and words[0].isdigit() and either_okey(words[0], "tr"):
        used = 1  # ("101 table" in Turkish: asked which okey game)
    elif game is None:
        return False
    if used == len(words):  # ("@bot domino": its table)
        return game is not None
    after = fold(words[used])  # (a command, a move, or a move's tiles: "domino 0-1 left")
    return after in (*CORE_COMMANDS, *MOVE_VERBS) or any(c.isdigit() for c in after)


def _chat_of(m) -> str:
    """The queue a message waits in while flood control (or a failing Telegram) holds it:
    its group's id, or `dm:` and the person's id for their private chat."""
    return f"dm:{m.to.user}" if m.to.private else m.to.chat


# "@name rest": a mention of the bot before what follows (a space, a comma, a colon, a new
# line or a slash between them)
_MENTION = re.compile(r"@(\w+)[\s,:;]*/?(.*)", re.DOTALL)

# Whose command is being handled (per task): a private answer to them that Telegram
# refuses is their answer vanishing, and the group may be told again.
_asking: contextvars.ContextVar[str | None] = contextvars.ContextVar("asking", default=None)
# ... and their command's message, when they typed it in a group (a refusal may go there)
_asked_in: contextvars.ContextVar = contextvars.ContextVar("asked_in", default=None)
# The commands whose refusals say nothing of anyone's tiles (who sits where, which table,
# who may start it): answered in the group when the person's private chat is closed. A
# move's or /arrange's refusal may name the tiles of the rack ("you named tile 5 (*)
# twice"), so it is never among them.
# a group's choice set to what it was: answered as a refusal is (the group's, never a rack)
_ALREADY = frozenset({"core.lang_already", "core.lang_already_place", "core.quiet_already_on", "core.quiet_already_off",
                      "core.theme_already"})
def _refusal_key(key: str) -> bool:
    """A refusal's text: the bot's (core.error.), the rules' of a table's options
    (error.unknown_option, dominoes.error.*), or /new's question which game."""
    return key.startswith(("core.error.", "error.")) or ".error." in key \
        or key == "core.ask_game_new"


_PUBLIC_REFUSALS = frozenset({"new", "join", "leave", "addbot", "start", "stop", "back",
                              "hurry", "table", "rules", "league", "season", "lang", "theme",
                              "quiet", "help"})


def _table_command(cmd: Command) -> bool:
    """Is `cmd` one of `_PUBLIC_REFUSALS`, also with its game named first ("/dominoes
    stop", as the bot itself suggests where several tables are open; "/101 table")?"""
    if cmd.name in _PUBLIC_REFUSALS:
        return True
    words = [cmd.name, *cmd.args]
    used = words_naming(words, game_ids(), cmd.user.lang)[1] \
        or int(either_okey(cmd.name, cmd.user.lang))
    return 0 < used < len(words) and fold(words[used]) in _PUBLIC_REFUSALS


class _Popup:
    """A button's press being handled: the replies to its presser, which Telegram shows
    over the button rather than in a private chat, until the press is answered."""

    def __init__(self, user: str, press):
        self.user = user
        self.press = press
        self.replies: list = []
        self.answered = False
        self.answering: asyncio.Task | None = None
        self.lost: list = []  # replies that were to pop up, but the answer was refused
        # until when flood control's wait may hold the answer back (ANSWER_WITHIN)
        self.answer_by = asyncio.get_running_loop().time() + ANSWER_WITHIN

    def answer_beside(self) -> list:
        """`answer`, while the messages go out (a task)."""
        call, rest = self._answering()
        self.answering = asyncio.ensure_future(self._answered(call, not rest))
        return rest

    async def answer(self) -> list:
        """Answer the press (the spinner stops) with the replies so far; those too long to
        pop up are returned, to be sent as messages. Replies after it come as messages."""
        call, rest = self._answering()
        await self._answered(call, not rest)
        return rest

    async def _answered(self, call, popping: bool) -> None:
        try:
            await self._in_time(call)
        except (BadRequest, RetryAfter) as e:  # "query is too old" (answered late), or
            log.info("telegram: %s", e)  # flood control's wait past that: the pop-up is
            if popping:  # lost, so its replies come as messages
                self.lost = list(self.replies)
        except TelegramError as e:
            log.info("telegram: %s", e)

    async def _in_time(self, call) -> None:
        """`call()`, the answer, flood control waited out while Telegram still takes it
        (RetryAfter raised when the wait would end too late)."""
        while True:
            try:
                return await call()
            except RetryAfter as e:
                wait = _seconds(e.retry_after)
                if asyncio.get_running_loop().time() + wait > self.answer_by:
                    raise
                await asyncio.sleep(wait)

    def _answering(self):
        """(the answer's call, made anew for each try; the replies left to send as
        messages)."""
        self.answered = True
        said = "\n".join(i18n.render(m) for m in self.replies)
        if units(said) <= POPUP_MAX:
            return lambda: self.press.answer(said or None, show_alert=bool(said)), []
        return self.press.answer, self.replies


_popping_up: contextvars.ContextVar[_Popup | None] = contextvars.ContextVar("popping_up",
                                                                           default=None)


def _user(who) -> User:
    name = who.full_name or (f"@{who.username}" if who.username else str(who.id))
    # a name of 129 characters would fill every seat line
    return User(str(who.id), isolated(cut_to(name, NAME_MAX)) or str(who.id),  # bidi-safe
                i18n.normalise(who.language_code))


def keyboard(choices) -> InlineKeyboardMarkup:
    """Buttons in rows of about ROW_CHARS label characters (a long move gets its own row)."""
    rows: list[list[InlineKeyboardButton]] = []
    width = ROW_CHARS
    for c in choices:
        if not rows or width + len(c.label) > ROW_CHARS or len(rows[-1]) >= 4:
            rows.append([])
            width = 0
        rows[-1].append(InlineKeyboardButton(c.label, callback_data=c.payload))
        width += len(c.label) + 2
    return InlineKeyboardMarkup(rows)


# a group's 403 that says the bot is no longer in it (not a mute: that is a 400)
_GONE = re.compile(r"kicked|not a member|chat was deleted", re.IGNORECASE)


def _group_refused(m, e: BaseException) -> None:
    """A group message given up, at once or after it was held: a group that refuses the
    bot is one line; anything else with its trace."""
    if isinstance(e, Forbidden):
        log.warning("telegram: cannot write to chat %s", m.to.chat)
    else:
        log.error("telegram: a held %s to %s was not delivered", type(m).__name__, m.to,
                  exc_info=e)


def _platform_failed(e: BaseException) -> bool:
    """Telegram (or the way to it) failed, or flood control held the request back: a 5xx,
    a dropped connection, a timeout, a RetryAfter; the same request may go through later.
    A refused one (BadRequest) would be refused again."""
    return isinstance(e, RetryAfter) or isinstance(e, NetworkError) and not isinstance(
        e, BadRequest)


async def _retry(call):
    """Make a Bot API call, waiting out flood control (RetryAfter: as long as Telegram
    says) and a failing network (a 502, a dropped connection, a timeout: NETWORK_WAIT,
    then twice that) a few times; a message from a batch waits here for neither that its
    chat's queue holds instead (`_left_to_backlog`). A refused request (BadRequest) is not
    tried again."""
    for attempt in range(RETRIES):
        try:
            return await call()
        except BadRequest:
            raise
        except (RetryAfter, NetworkError) as e:
            if attempt == RETRIES - 1 or isinstance(e, _left_to_backlog.get()):
                raise  # held in its chat's queue, and tried again there (backlog.py)
            wait = _seconds(e.retry_after) if isinstance(e, RetryAfter) \
                else NETWORK_WAIT * 2 ** attempt
        await asyncio.sleep(wait)
    return None


def _place(chat, msg, named: bool = False) -> str:
    """The group as its members name it: its title, and the forum topic's name (a topic's
    messages answer the message that created it, which carries the name). A message in a
    topic that answers another message there carries no topic name: "" then where the
    core has a name for the topic (`named`: it keeps it), not the bare title, which would
    drop the topic from it and make two topics' tables look alike; the title where it has
    none yet (better than no name)."""
    if not msg.is_topic_message:
        return chat.title or ""
    created = msg.reply_to_message.forum_topic_created \
        if msg.reply_to_message is not None else None
    if created is None:
        return "" if named else chat.title or ""
    return " / ".join(p for p in (chat.title, created.name) if p)


def room_of(msg) -> str:
    """The core's chat for a Telegram message: its chat, or its forum topic there."""
    return chat_key(msg.chat.id, msg.message_thread_id if msg.is_topic_message else None)


def chat_key(chat_id: int, topic: int | None = None) -> str:
    """The core's chat for a Telegram chat: each topic of a forum group is a room of its
    own (its tables, language and league), as a Discord thread is a channel."""
    return f"{chat_id}/{topic}" if topic else str(chat_id)


def target(key) -> tuple[int, int | None]:
    """(chat id, topic or None) of a core chat (`chat_key`)."""
    chat, _, topic = str(key).partition("/")
    return int(chat), int(topic) if topic else None


def _photos_refused(e: BadRequest) -> bool:
    """Telegram's answer when a group's permissions forbid sending photos."""
    text = str(e).lower()
    return "not enough rights" in text and "photo" in text


def _muted_by(text: str) -> bool:
    """Telegram's answer (lower case) when the bot may send no messages in a group."""
    return "not enough rights to send text" in text or "have no rights to send" in text \
        or "chat_restricted" in text or "chat_write_forbidden" in text


def _seconds(wait) -> float:
    """RetryAfter's wait: seconds, or a timedelta in newer python-telegram-bot releases."""
    return wait.total_seconds() if hasattr(wait, "total_seconds") else float(wait)


async def _quietly(call) -> None:
    try:
        await call
    except TelegramError as e:
        log.info("telegram: %s", e)


def _polling_task() -> asyncio.Task | None:
    """python-telegram-bot's polling task (it names it; there is no public handle)."""
    for task in asyncio.all_tasks():
        if task.get_name() == POLLING_TASK:
            return task
    log.warning("telegram: the polling task was not found: a revoked token goes unnoticed")
    return None


def build_application(token: str, base_url: str | None = None) -> Application:
    # A request Telegram answers late (say 6 s) must not time out and go again: it was
    # taken, and would show twice. Slow group sends hold up nothing (GROUP_PATIENCE).
    builder = Application.builder().token(token).concurrent_updates(True).read_timeout(
        READ_TIMEOUT)
    if base_url:  # a local Bot API server (or the tests' fake one)
        builder = builder.base_url(f"{base_url.rstrip('/')}/bot").base_file_url(
            f"{base_url.rstrip('/')}/file/bot")
    return builder.build()


class TelegramService:
    """The Telegram door as bot/adapters/serve.py runs it: `send` for the core, `prepare`
    (log in), `listen` (poll for updates), `stop`."""

    platform = PLATFORM

    def __init__(self, token: str, base_url: str | None = None, poll_timeout: int = 10):
        self.app = build_application(token, base_url)
        self._token_shaped = _shaped_as_a_token(token)  # (the token itself is not kept)
        self.door = TelegramDoor(self.app.bot)
        self.send = self.door.send
        self.poll_timeout = poll_timeout
        self.prepared = False
        self.stopping = False
        self.polling: asyncio.Task | None = None  # python-telegram-bot's getUpdates loop
        # runs of 409 Conflict (monotonic seconds): its start, its last, when it was said
        self._conflict_since = self._conflict_last = self._conflict_said = -1e9
        self.app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self.door.on_migrate))
        self.app.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER,
                                            self.door.on_member_left))
        self.app.add_handler(MessageHandler(filters.TEXT, self.door.on_text))
        self.app.add_handler(MessageHandler(  # (stickers, photos: below a quiet table)
            filters.ChatType.GROUPS & ~filters.TEXT & ~filters.StatusUpdate.ALL,
            self.door.on_other))
        self.app.add_handler(CallbackQueryHandler(self.door.on_press))
        self.app.add_handler(ChatMemberHandler(self.door.on_membership,
                                               ChatMemberHandler.MY_CHAT_MEMBER))

    async def prepare(self, core: Core) -> None:
        """Log in: from here on the door can send (restored tables may have to speak)."""
        self.door.core = core
        try:
            await self.app.initialize()
        except InvalidToken as e:  # (its text repeats the token: kept out of the logs)
            raise DoorUnavailable(_token_refused(self._token_shaped)) from e
        except NetworkError as e:
            raise DoorUnreachable(f"cannot reach Telegram ({e})") from e
        self.prepared = True
        self.door.username = self.app.bot.username or ""
        await self.set_menu()

    def private_unseen(self, user: str) -> bool:
        """Is a private message to `user` held (flood control), was the last refused
        (they never pressed Start), or their latest picture given up (Telegram failing for
        minutes)? The rack picture they see, if any, is not the latest."""
        door = self.door
        return door.held.holds_private(user) or user in door.unreachable.refused \
            or user in door.picture_lost

    async def reachable(self, user: str | None = None) -> bool:
        """Does Telegram answer now, and do `user`'s private messages go out (none held by
        flood control or a failing Telegram; without `user`: anyone's)? A move's time does
        not run out while they do not: the person could not have seen their turn (its rack
        may be the one held) nor sent a move."""
        if self.door.held.holds_private(user):
            return False
        try:
            await self.app.bot.get_me(connect_timeout=5, read_timeout=5, write_timeout=5,
                                      pool_timeout=5)
        except BadRequest:
            return True
        except NetworkError:  # (a timeout too)
            return False
        except TelegramError:  # flood control and the like: it answered
            return True
        return True

    async def listen(self) -> None:
        """Take updates (people's commands and presses) from now on."""
        await self.app.start()
        await self.app.updater.start_polling(poll_interval=0.0, timeout=self.poll_timeout,
                                             allowed_updates=["message", "callback_query",
                                                              "my_chat_member"],
                                             error_callback=self._polling_failed)
        self.polling = _polling_task()
        log.info("telegram: serving as @%s", self.door.username)

    def _polling_failed(self, error: TelegramError) -> None:
        """A failed poll (python-telegram-bot tries again). Telegram's 409 means another
        process takes this bot's updates: said plainly once it has lasted CONFLICT_LASTS
        (a restart's own last poll passes), then once a minute."""
        if isinstance(error, NetworkError) and not isinstance(error, Conflict):
            # Telegram out of reach: one line a try (python-telegram-bot backs off up to
            # 30 s); its traceback says nothing more and buried the log in an outage
            log.warning("telegram: polling for updates failed: %s", error)
            return
        if not isinstance(error, Conflict):
            log.error("telegram: polling for updates failed: %s", error, exc_info=error)
            return
        now = time.monotonic()
        if now - self._conflict_last > CONFLICT_GAP:  # a new run of conflicts
            self._conflict_since = now
        self._conflict_last = now
        if now - self._conflict_since >= CONFLICT_LASTS \
                and now - self._conflict_said >= CONFLICT_SAID_EVERY:
            self._conflict_said = now
            log.error("telegram: another process is taking this bot's updates (%s): "
                      "run one tilebot per TELEGRAM_TOKEN, or the two split the players' "
                      "commands between them", error)

    async def lost(self) -> str:
        """Wait until Telegram no longer takes the bot, and say why in one line: the
        polling gave up (the token was revoked: every call is refused from then on).
        python-telegram-bot ends its polling task then and only logs it, so the process
        would stay up, deaf, and no supervisor would restart it."""
        if self.polling is None:  # not found in this python-telegram-bot: nothing to watch
            await asyncio.Event().wait()
        await asyncio.wait([self.polling])  # (cancelling this wait leaves the task alone)
        if self.stopping:
            await asyncio.Event().wait()  # stopped on purpose: nothing was lost
        error = None if self.polling.cancelled() else self.polling.exception()
        if isinstance(error, InvalidToken):  # (its text repeats the token)
            return ("Telegram refused TELEGRAM_TOKEN while serving: if it was revoked, "
                    "@BotFather gives the new one")
        return f"Telegram polling ended ({error!r})"

    async def set_menu(self) -> None:
        """The command menu Telegram shows when people type "/", in each language (English
        for everyone else)."""
        for lang in i18n.LANGS:
            commands = [BotCommand(name, describe(lang, name)) for name in CORE_COMMANDS]
            code = None if lang == i18n.DEFAULT else lang
            await _quietly(self.app.bot.set_my_commands(commands, language_code=code))

    async def stop(self) -> None:
        if not self.prepared:
            return  # never logged in: nothing to stop
        self.stopping = True
        await self.door.finish(HANDLING_WAIT)
        if self.door._reacting:  # players being told their group is out of reach
            await asyncio.wait(set(self.door._reacting), timeout=HELD_SENDS_WAIT)
        await self.door.held.close(HELD_SENDS_WAIT)
        if self.app.updater.running:
            try:  # (Telegram out of reach: its polling waits out a back-off of up to 30 s,
                # past a supervisor's patience, e.g. Docker's 10 s before a SIGKILL)
                await asyncio.wait_for(self.app.updater.stop(), UPDATER_STOP_WAIT)
            except TelegramError as e:  # its polling had already given up (lost)
                log.info("telegram: polling had ended: %s", e)
            except TimeoutError:
                log.info("telegram: polling did not stop in %s s: left", UPDATER_STOP_WAIT)
        if self.app.running:
            await self.app.stop()
        await self.app.shutdown()


__all__ = ["TelegramDoor", "TelegramService", "build_application", "keyboard"]
