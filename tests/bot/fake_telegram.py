"""A local fake of the Telegram Bot API (HTTP), so that python-telegram-bot's own code runs
in the tests: long polling (getUpdates), sendMessage, sendPhoto (multipart), the edits,
answerCallbackQuery, getChatMember. It records every call and plays people: `say` and
`press` queue updates as a Telegram client would produce them.

People in `closed` have never pressed Start in a private chat with the bot: Telegram
refuses the bot's private messages to them (403). A group in `migrated` has become a
supergroup with a new id: messages to the old id are refused with the new one (400).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field

from aiohttp import web

from .local_server import serve_locally

TOKEN = "123456:TEST"
BOT = {"id": 123456, "is_bot": True, "first_name": "tilebot", "username": "tilebot_test_bot",
       "can_join_groups": True, "can_read_all_group_messages": False,
       "supports_inline_queries": False}


# who Telegram says sent a message an anonymous group admin sent
ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group",
                   "username": "GroupAnonymousBot"}


SENT_AT = 1_796_000_000  # the date of a message a press comes under (0 would mean unknown)


@dataclass
class Person:
    id: int
    first_name: str
    language_code: str = "en"

    def json(self) -> dict:
        return {"id": self.id, "is_bot": False, "first_name": self.first_name,
                "language_code": self.language_code}


@dataclass
class Call:
    method: str
    params: dict
    photo: bytes | None = None
    message_id: int | None = None

    @property
    def chat(self) -> int:
        return int(self.params["chat_id"])

    @property
    def topic(self) -> int | None:
        """The forum topic it was sent to (None: the group itself, its General topic)."""
        topic = self.params.get("message_thread_id")
        return int(topic) if topic not in (None, "") else None

    @property
    def text(self) -> str:
        return self.params.get("text") or self.params.get("caption") or ""

    @property
    def buttons(self) -> list[tuple[str, str]]:
        markup = self.params.get("reply_markup")
        if not markup:
            return []
        rows = json.loads(markup)["inline_keyboard"] if isinstance(markup, str) else markup["inline_keyboard"]
        return [(b["text"], b["callback_data"]) for row in rows for b in row]


@dataclass
class FakeTelegram:
    admins: set = field(default_factory=set)  # user ids who administer every group
    closed: set = field(default_factory=set)  # user ids the bot may not write to privately
    calls: list = field(default_factory=list)
    messages: dict = field(default_factory=dict)  # message id -> (chat, text, markup)
    menus: dict = field(default_factory=dict)  # language code ("" default) -> commands
    migrated: dict = field(default_factory=dict)  # old group id -> its supergroup's id
    slow_next: float = 0.0  # seconds the next send to a group takes
    late_next: float = 0.0  # ... or, having taken it, the seconds before it answers
    removed: set = field(default_factory=set)  # groups the bot was removed from
    revoked: bool = False  # the token was revoked (@BotFather): every call is refused
    outage: bool = False  # Telegram is down: every call gets a gateway's 502 page
    titles: dict = field(default_factory=dict)  # group id -> its title ("Tile night" else)
    # flood control: chat id -> how many of the next sends there are refused with 429,
    # "retry after `flood_wait` seconds"
    flood: dict = field(default_factory=dict)
    no_photos: set = field(default_factory=set)  # groups whose permissions forbid photos
    topics: dict = field(default_factory=dict)  # forum topic id -> its name ("Games" else)
    supergroups: set = field(default_factory=set)  # groups that are supergroups ("group" else)
    conflicts: int = 0  # the next getUpdates calls refused with 409 (another poller)
    flood_wait: int = 1
    # flood control on any method: (method, chat id, or None for any chat) -> the
    # retry_after of each of its next calls refused with 429, in turn ([50]: one, 50 s)
    flood_calls: dict = field(default_factory=dict)

    def __post_init__(self):
        self._updates: list[dict] = []
        self._new = asyncio.Event()
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._runner = None
        self.url = ""

    # -- people --------------------------------------------------------------------------
    def say(self, person: Person, chat: int, text: str, topic: int | None = None,
            anonymous: bool = False, *, answering: int | None = None,
            forwarded_from: Person | None = None) -> None:
        """`person` types `text` in `chat` (a negative id: a group; their own id: private),
        in the forum topic `topic` if given; `anonymous`: as a group admin who remains
        anonymous (Telegram sends it from its GroupAnonymousBot, in the group's name).
        `answering`: as a reply to the (ordinary) message of that id; `forwarded_from`:
        not typed but forwarded, a message `forwarded_from` wrote."""
        message = self._message(chat, text, sender=ANONYMOUS_ADMIN if anonymous
                                else person.json())
        if anonymous:
            message["sender_chat"] = self._chat(chat)
        if forwarded_from is not None:
            message["forward_origin"] = {"type": "user", "date": 0,
                                         "sender_user": forwarded_from.json()}
        if topic is not None:  # a forum group's topic (an answer to its creation message)
            message["chat"].update(type="supergroup", is_forum=True)
            created = {"message_id": topic, "date": 0, "chat": dict(message["chat"]),
                       "message_thread_id": topic, "is_topic_message": True,
                       "forum_topic_created": {"name": self.topics.get(topic, "Games"),
                                               "icon_color": 7322096}}
            message.update(message_thread_id=topic, is_topic_message=True,
                           reply_to_message=created)
        if answering is not None:  # (in a topic: that message, not the topic's creation)
            answered = {"message_id": answering, "date": 0, "chat": dict(message["chat"]),
                        "from": BOT, "text": "…"}
            if topic is not None:
                answered.update(message_thread_id=topic, is_topic_message=True)
            message["reply_to_message"] = answered
        if text.startswith("/"):
            head = text.split(maxsplit=1)[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(head)}]
        self._queue({"message": message})

    def edit(self, person: Person, chat: int, text: str) -> None:
        """`person` edits a message they sent in `chat` so that it reads `text`."""
        message = self._message(chat, text, sender=person.json())
        message["edit_date"] = 1
        if text.startswith("/"):
            head = text.split()[0]
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(head)}]
        self._queue({"edited_message": message})

    def press(self, person: Person, call: Call, label: str, old: bool = False) -> None:
        """`person` presses the button `label` under the message `call` sent. `old`: a
        message Telegram no longer describes to the bot (days old), sent as its chat and
        id alone with date 0 (the Bot API's InaccessibleMessage): no text, no topic."""
        data = dict(call.buttons)[label]
        message = {"message_id": call.message_id, "date": SENT_AT, "chat": self._chat(call.chat),
                   "from": BOT, "text": call.text}
        if old:
            message = {"message_id": call.message_id, "date": 0, "chat": self._chat(call.chat)}
        elif call.topic is not None:  # a message the bot sent in a forum topic
            message["chat"].update(type="supergroup", is_forum=True)
            message.update(message_thread_id=call.topic, is_topic_message=True)
        self._queue({"callback_query": {"id": str(next(self._update_ids)),
                                        "from": person.json(), "chat_instance": "1",
                                        "message": message, "data": data}})

    def migrate(self, person: Person, old: int, new: int, announce: bool = True) -> None:
        """The group `old` becomes the supergroup `new`: sends to `old` fail from now on
        (400, with the new id), and with `announce` the service message comes as an update."""
        self.migrated[old] = new
        if announce:
            message = self._message(old, "", sender=person.json())
            del message["text"]
            message["migrate_to_chat_id"] = new
            self._queue({"message": message})

    def upgrade(self, person: Person, old: int, new: int, joined_first: bool = False) -> None:
        """The group `old` becomes the supergroup `new` as Telegram tells it: a service
        message in each (migrate_to_chat_id in the old, migrate_from_chat_id in the new)
        and the bot's join event of the supergroup, after them or (`joined_first`) before."""
        self.migrated[old] = new
        self.supergroups.add(new)
        if joined_first:
            self.add_bot(person, new)
        for chat, key, value in ((old, "migrate_to_chat_id", new),
                                 (new, "migrate_from_chat_id", old)):
            message = self._message(chat, "", sender=person.json())
            del message["text"]
            message[key] = value
            self._queue({"message": message})
        if not joined_first:
            self.add_bot(person, new)

    def add_bot(self, person: Person, chat: int) -> None:
        """`person` adds the bot to the group `chat` (my_chat_member: left, then member)."""
        self._queue({"my_chat_member": {
            "chat": self._chat(chat), "from": person.json(), "date": 0,
            "old_chat_member": {"user": BOT, "status": "left"},
            "new_chat_member": {"user": BOT, "status": "member"}}})

    def remove_bot(self, person: Person, chat: int) -> None:
        """`person` removes the bot from the group `chat`: sends there are refused (403)
        from now on, and the bot hears of it (my_chat_member)."""
        self.removed.add(chat)
        self._queue({"my_chat_member": {
            "chat": self._chat(chat), "from": person.json(), "date": 0,
            "old_chat_member": {"user": BOT, "status": "member"},
            "new_chat_member": {"user": BOT, "status": "left"}}})

    def member_leaves(self, person: Person, chat: int) -> None:
        """`person` leaves the group `chat` (Telegram's service message: left_chat_member)."""
        message = self._message(chat, "", sender=person.json())
        del message["text"]
        message["left_chat_member"] = person.json()
        self._queue({"message": message})

    def member_removed(self, admin: Person, person: Person, chat: int) -> None:
        """`admin` removes `person` from the group `chat`: the service message is the
        admin's, and its left_chat_member comes without a language (Telegram names the
        language of the update's sender only)."""
        message = self._message(chat, "", sender=admin.json())
        del message["text"]
        message["left_chat_member"] = {k: v for k, v in person.json().items()
                                       if k != "language_code"}
        self._queue({"message": message})

    def _chat(self, chat: int) -> dict:
        if chat < 0:
            kind = "supergroup" if chat in self.supergroups else "group"
            return {"id": chat, "type": kind, "title": self.titles.get(chat, "Tile night")}
        return {"id": chat, "type": "private", "first_name": "someone"}

    def _message(self, chat: int, text: str, sender: dict) -> dict:
        return {"message_id": next(self._message_ids), "date": 0, "chat": self._chat(chat),
                "from": sender, "text": text}

    def _queue(self, update: dict) -> None:
        update["update_id"] = next(self._update_ids)
        self._updates.append(update)
        self._new.set()

    # -- what the bot did ----------------------------------------------------------------
    def sent(self, chat: int | None = None, method: str | None = None) -> list[Call]:
        out = [c for c in self.calls if c.method in ("sendMessage", "sendPhoto")]
        if chat is not None:
            out = [c for c in out if c.chat == chat]
        if method is not None:
            out = [c for c in out if c.method == method]
        return out

    def answered(self) -> list[str]:
        return [c.params["callback_query_id"] for c in self.calls
                if c.method == "answerCallbackQuery"]

    # -- the server ----------------------------------------------------------------------
    async def start(self, port: int = 0) -> str:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner, self.url = await serve_locally(app, port)
        return self.url

    async def close(self) -> None:
        self._new.set()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        if self.outage:
            return web.Response(status=502, text="<html>Bad Gateway</html>",
                                content_type="text/html")
        if request.match_info["token"] != TOKEN or self.revoked:
            return _error(401, "Unauthorized")
        method = request.match_info["method"]
        params, photo = await _params(request)
        if (refused := self._flood_call(method, params, photo)) is not None:
            return refused
        handler = getattr(self, "_" + method, None)
        if handler is None:
            return _error(404, f"Not Found: method {method} is not in this fake")
        return await handler(params, photo)

    def _flood_call(self, method: str, params: dict, photo: bytes | None):
        """Flood control's 429 where `flood_calls` asks for one for this call."""
        chat = params.get("chat_id")
        for key in ((method, int(chat) if chat not in (None, "") else None), (method, None)):
            if self.flood_calls.get(key):
                wait = self.flood_calls[key].pop(0)
                self.calls.append(Call(method + ":flood", params, photo))
                return web.json_response(
                    {"ok": False, "error_code": 429,
                     "description": f"Too Many Requests: retry after {wait}",
                     "parameters": {"retry_after": wait}}, status=429)
        return None

    async def _getMe(self, params, photo):
        return _ok(BOT)

    async def _setMyCommands(self, params, photo):
        self.menus[params.get("language_code") or ""] = json.loads(params["commands"])
        return _ok(True)

    async def _deleteWebhook(self, params, photo):
        return _ok(True)

    async def _getUpdates(self, params, photo):
        if self.conflicts > 0:
            self.conflicts -= 1
            return _error(409, "Conflict: terminated by other getUpdates request; make sure "
                               "that only one bot instance is running")
        offset = int(params.get("offset") or 0)
        self._updates = [u for u in self._updates if u["update_id"] >= offset]
        if not self._updates:
            self._new.clear()
            try:
                await asyncio.wait_for(self._new.wait(), float(params.get("timeout") or 0) or 0.05)
            except TimeoutError:
                pass
        return _ok(list(self._updates))

    async def _sendMessage(self, params, photo):
        await self._slow(params)
        return self._deliver("sendMessage", params, None)

    async def _slow(self, params) -> None:
        """The next send to a group takes `slow_next` seconds (Telegram answering late)."""
        if self.slow_next and int(params["chat_id"]) < 0:
            slow, self.slow_next = self.slow_next, 0.0
            await asyncio.sleep(slow)

    async def _sendPhoto(self, params, photo):
        await self._slow(params)
        if self.late_next and int(params["chat_id"]) < 0:  # took it, answers late
            late, self.late_next = self.late_next, 0.0
            answer = await self._sendPhoto(params, photo)
            await asyncio.sleep(late)
            return answer
        if photo is None:
            return _error(400, "Bad Request: there is no photo in the request")
        if int(params["chat_id"]) in self.no_photos:
            self.calls.append(Call("sendPhoto:refused", params, photo))
            return _error(400, "Bad Request: not enough rights to send photos to the chat")
        return self._deliver("sendPhoto", params, photo)

    def _migrated(self, method: str, params: dict, photo: bytes | None) -> web.Response | None:
        """Telegram's answer to any call naming a group that became a supergroup."""
        chat = int(params["chat_id"])
        if chat not in self.migrated:
            return None
        self.calls.append(Call(method + ":refused", params, photo))
        return web.json_response(
            {"ok": False, "error_code": 400,
             "description": "Bad Request: group chat was upgraded to a supergroup chat",
             "parameters": {"migrate_to_chat_id": self.migrated[chat]}}, status=400)

    def _deliver(self, method: str, params: dict, photo: bytes | None) -> web.Response:
        chat = int(params["chat_id"])
        if self.flood.get(chat):
            self.flood[chat] -= 1
            self.calls.append(Call(method + ":flood", params, photo))
            return web.json_response(
                {"ok": False, "error_code": 429,
                 "description": f"Too Many Requests: retry after {self.flood_wait}",
                 "parameters": {"retry_after": self.flood_wait}}, status=429)
        if (refused := self._migrated(method, params, photo)) is not None:
            return refused
        if chat in self.removed:
            self.calls.append(Call(method + ":refused", params, photo))
            return _error(403, "Forbidden: bot was kicked from the group chat")
        if chat > 0 and chat in self.closed:
            self.calls.append(Call(method + ":refused", params, photo))
            return _error(403, "Forbidden: bot can't initiate conversation with a user")
        text = params.get("text") or params.get("caption") or ""
        if _units(text) > (1024 if method == "sendPhoto" else 4096):
            return _error(400, "Bad Request: message is too long")
        message = self._message(chat, text, sender=BOT)
        if photo is not None:
            message["photo"] = [{"file_id": f"p{message['message_id']}", "file_unique_id": "u",
                                 "width": 10, "height": 10}]
            message["caption"] = message.pop("text")
        self.calls.append(Call(method, params, photo, message["message_id"]))
        self.messages[message["message_id"]] = (chat, text, params.get("reply_markup"))
        return _ok(message)

    async def _editMessageText(self, params, photo):
        return self._edit("editMessageText", params)

    async def _editMessageCaption(self, params, photo):
        return self._edit("editMessageCaption", params)

    async def _editMessageMedia(self, params, photo):
        if (refused := self._migrated("editMessageMedia", params, photo)) is not None:
            return refused
        message_id = int(params["message_id"])
        if message_id not in self.messages:
            return _error(400, "Bad Request: message to edit not found")
        media = json.loads(params["media"]) if isinstance(params["media"], str) else params["media"]
        if photo is None or media.get("type") != "photo":
            return _error(400, "Bad Request: there is no photo in the request")
        chat, _old, markup = self.messages[message_id]
        caption = media.get("caption") or ""
        if _units(caption) > 1024:
            return _error(400, "Bad Request: message caption is too long")
        self.messages[message_id] = (chat, caption, markup)
        self.calls.append(Call("editMessageMedia", dict(params, caption=caption), photo,
                               message_id))
        message = self._message(chat, caption, sender=BOT)
        message["message_id"] = message_id
        message["photo"] = [{"file_id": f"p{message_id}e", "file_unique_id": "u",
                             "width": 10, "height": 10}]
        message["caption"] = message.pop("text")
        return _ok(message)

    async def _editMessageReplyMarkup(self, params, photo):
        if (refused := self._migrated("editMessageReplyMarkup", params, photo)) is not None:
            return refused
        message_id = int(params["message_id"])
        if message_id not in self.messages:
            return _error(400, "Bad Request: message to edit not found")
        chat, text, _markup = self.messages[message_id]
        self.messages[message_id] = (chat, text, params.get("reply_markup"))
        self.calls.append(Call("editMessageReplyMarkup", params, None, message_id))
        message = self._message(chat, text, sender=BOT)
        message["message_id"] = message_id
        return _ok(message)

    def _edit(self, method: str, params: dict) -> web.Response:
        if (refused := self._migrated(method, params, None)) is not None:
            return refused
        message_id = int(params["message_id"])
        if message_id not in self.messages:
            return _error(400, "Bad Request: message to edit not found")
        chat, _old, _markup = self.messages[message_id]
        text = params.get("text") or params.get("caption") or ""
        self.messages[message_id] = (chat, text, params.get("reply_markup"))
        self.calls.append(Call(method, params, None, message_id))
        message = self._message(chat, text, sender=BOT)
        message["message_id"] = message_id
        return _ok(message)

    async def _answerCallbackQuery(self, params, photo):
        self.calls.append(Call("answerCallbackQuery", params))
        return _ok(True)

    async def _getChatMember(self, params, photo):
        user = int(params["user_id"])
        status = "administrator" if user in self.admins else "member"
        member = {"status": status, "user": {"id": user, "is_bot": False, "first_name": "x"}}
        if status == "administrator":
            member.update(can_be_edited=False, is_anonymous=False, can_manage_chat=True,
                          can_delete_messages=True, can_manage_video_chats=True,
                          can_restrict_members=True, can_promote_members=False,
                          can_change_info=True, can_invite_users=True,
                          can_post_stories=False, can_edit_stories=False,
                          can_delete_stories=False)
        return _ok(member)




async def _params(request: web.Request) -> tuple[dict, bytes | None]:
    """A Bot API request's parameters (query, form or multipart) and its photo, if any."""
    params: dict = dict(request.query)
    photo = None
    if request.content_type == "application/json":
        params.update(await request.json())
    elif request.can_read_body:
        form = await request.post()
        for key, value in form.items():
            if hasattr(value, "file"):
                data = value.file.read()
                if key == "photo" or value.name == "photo" or data[:8] == b"\x89PNG\r\n\x1a\n":
                    photo = data
            else:
                params[key] = value
    return params, photo


def _ok(result) -> web.Response:
    return web.json_response({"ok": True, "result": result})


def _units(text: str) -> int:
    """A text's length as Telegram measures its limits: UTF-16 code units (an emoji is 2)."""
    return len(text.encode("utf-16-le")) // 2


def _error(code: int, description: str) -> web.Response:
    return web.json_response({"ok": False, "error_code": code, "description": description},
                             status=code)
