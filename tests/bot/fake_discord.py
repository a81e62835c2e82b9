"""A local fake of Discord (the REST API and the gateway websocket), so that discord.py's
own code runs in the tests: login, the gateway handshake (HELLO, IDENTIFY, READY,
heartbeats), interactions dispatched over the gateway, and the REST calls a bot makes to
answer them and to send, edit and attach. It records every REST call and plays people:
`slash` and `press` dispatch interactions as a Discord client would cause them.

People in `closed` do not accept direct messages from the server's members: Discord
refuses the bot's messages to them (403, code 50007); in the channels in `muted` the bot
may not post (403, code 50013), and in those in `no_files` it may post but not attach
files (the same refusal, to a message with a file); the channels and threads in `unseen`
the bot may not see (403, code 50001: no View Channel, or a private thread it was never
added to). `drop_next` drops the connection
during the bot's next post in CHANNEL; `hold_next_answer` keeps the bot's next answer to
an interaction waiting until `go_on` is set (its handling is under way meanwhile).
`close_gateway` closes the bot's connection, and `revoke` plays its token revoked.
`create_thread`, `archive_thread` and `delete_thread` play a thread's life in the server.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from .local_server import serve_locally

SEND_MESSAGES, ATTACH_FILES, SEND_MESSAGES_IN_THREADS = 1 << 11, 1 << 15, 1 << 38
VIEW_CHANNEL = 1 << 10
TOKEN = "fake-discord-token"
APP_ID = "900"
GUILD = "500"
GUILD_NAME = "Tile club"
CHANNEL = "510"
BOT_USER = {"id": "901", "username": "tilebot", "discriminator": "0", "avatar": None,
            "global_name": "tilebot", "bot": True}
STAMP = "2026-11-30T00:00:00+00:00"
ADMINISTRATOR = str(1 << 3)


@dataclass
class Person:
    id: str
    name: str
    locale: str = "en-US"
    admin: bool = False

    def json(self) -> dict:
        return {"id": self.id, "username": self.name.lower(), "discriminator": "0",
                "avatar": None, "global_name": self.name}


@dataclass
class Call:
    method: str  # "send", "edit", "dm", "reply", "callback", "delete_reply", "commands"
    channel: str | None
    params: dict
    file: bytes | None = None
    message_id: str | None = None

    @property
    def text(self) -> str:
        return self.params.get("content") or ""

    @property
    def buttons(self) -> list[tuple[str, str]]:
        return [(b["label"], b["custom_id"]) for row in self.params.get("components") or []
                for b in row.get("components", [])]


@dataclass
class FakeDiscord:
    closed: set = field(default_factory=set)  # user ids whose DMs are closed to the bot
    muted: set = field(default_factory=set)  # channel ids where the bot may not post
    no_files: set = field(default_factory=set)  # channel ids where it may not attach files
    deleted: set = field(default_factory=set)  # channel ids deleted unseen (404, 10003)
    unseen: set = field(default_factory=set)  # channel or thread ids it may not see (50001)
    private_threads: set = field(default_factory=set)
    # threads Discord archived (its inactivity): an edit there is refused (400, code 50083)
    # until a new message unarchives it
    archived: set = field(default_factory=set)
    dormant: set = field(default_factory=set)  # threads archived: no longer announced
    calls: list = field(default_factory=list)
    commands: list = field(default_factory=list)  # the slash commands the bot registered
    drop_next: int = 0  # posts to CHANNEL whose connection drops (the bot sees an error)
    drop_dms_next: int = 0  # ... and posts to direct message channels (an outage)
    # posts to direct message channels answered 429 (rate limited, retry after 0.05 s):
    # more in a row than discord.py tries (5), and it gives up with an HTTPException 429
    limit_dms_next: int = 0
    hold_next_answer: bool = False
    late_next: int = 0  # interactions whose answer comes after Discord's 3 s (404, 10062)
    slow_next: float = 0.0  # seconds the next post to CHANNEL takes (a Discord in trouble)
    revoked: bool = False  # TOKEN is refused from now on
    channels: dict = field(default_factory=lambda: {CHANNEL: "games"})  # the server's: id -> name
    threads: dict = field(default_factory=dict)  # the server's threads: id -> (name, parent)

    def __post_init__(self):
        self._ids = itertools.count(10_000)
        self._sequence = itertools.count(1)
        self._sockets: list = []
        self._dm_of: dict[str, str] = {}  # user id -> DM channel id
        self._messages: dict[str, dict] = {}
        self._channel_of: dict[str, str] = {}  # interaction token -> its channel
        self.identified = asyncio.Event()
        self.holding = asyncio.Event()  # an answer is held
        self.go_on = asyncio.Event()
        self._runner = None
        self.url = ""

    # -- people --------------------------------------------------------------------------
    async def slash(self, person: Person, name: str, channel: str = CHANNEL, **options) -> str:
        """`person` uses the slash command `name` with `options` in `channel` (CHANNEL, or
        their DM channel when `channel` is "dm"); returns the interaction's id."""
        opts = [{"name": k, "type": 4 if isinstance(v, int) else 3, "value": v}
                for k, v in options.items()]
        data = {"id": "77", "name": name, "type": 1, "options": opts}
        return await self._interact(person, 2, data, channel)

    async def press(self, person: Person, call: Call, label: str) -> str:
        custom_id = dict(call.buttons)[label]
        data = {"custom_id": custom_id, "component_type": 2}
        message = self._messages[call.message_id]
        return await self._interact(person, 3, data, call.channel, message)

    def _app_permissions(self, channel: str) -> int:
        """The bot's permissions in `channel` as an interaction carries them: all, less
        Send Messages (and in Threads) where it is muted, Attach Files where `no_files`."""
        value = (1 << 50) - 1  # Discord's permission bits, all set
        if channel in self.muted:
            value &= ~(SEND_MESSAGES | SEND_MESSAGES_IN_THREADS)
        if channel in self.no_files:
            value &= ~ATTACH_FILES
        if channel in self.unseen and channel not in self.threads:  # (a private thread's
            value &= ~VIEW_CHANNEL  # permissions are its channel's: membership is apart)
        return value

    def dm_channel(self, person: Person) -> str | None:
        return self._dm_of.get(person.id)

    async def _interact(self, person: Person, kind: int, data: dict, channel: str,
                        message: dict | None = None) -> str:
        in_dm = channel not in self.channels and channel not in self.threads
        interaction = {
            "id": str(next(self._ids)), "application_id": APP_ID, "type": kind, "data": data,
            "channel_id": channel, "token": f"tok{next(self._ids)}", "version": 1,
            "locale": person.locale, "attachment_size_limit": 8 << 20,
            "app_permissions": str(self._app_permissions(channel)),
            "entitlements": [], "authorizing_integration_owners": {}, "context": 1 if in_dm else 0,
        }
        if in_dm:
            interaction["user"] = person.json()
            interaction["channel"] = {"id": channel, "type": 1, "recipients": [person.json()]}
        else:
            interaction["guild_id"] = GUILD
            interaction["guild_locale"] = "en-US"
            interaction["channel"] = self._thread(channel) if channel in self.threads else {
                "id": channel, "type": 0, "guild_id": GUILD, "name": self.channels[channel],
                "position": 0, "permission_overwrites": [], "nsfw": False}
            interaction["member"] = {"user": person.json(), "roles": [], "joined_at": STAMP,
                                     "deaf": False, "mute": False, "flags": 0,
                                     "permissions": ADMINISTRATOR if person.admin else "0"}
        if message is not None:
            interaction["message"] = message
        self._channel_of[interaction["token"]] = channel
        await self._dispatch("INTERACTION_CREATE", interaction)
        return interaction["id"]

    # -- what the bot did ----------------------------------------------------------------
    def sent(self, channel: str | None = None) -> list[Call]:
        out = [c for c in self.calls if c.method == "send"]
        return [c for c in out if c.channel == channel] if channel is not None else out

    def to(self, person: Person) -> list[Call]:
        """What the bot sent to `person`'s direct messages."""
        return self.sent(self._dm_of.get(person.id, "none"))

    def replies(self) -> list[Call]:
        return [c for c in self.calls if c.method == "reply"]

    # -- the server ----------------------------------------------------------------------
    async def start(self, port: int = 0) -> str:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner, self.url = await serve_locally(app, port)
        return self.url

    async def close(self) -> None:
        await self.close_gateway()
        if self._runner is not None:
            await self._runner.cleanup()

    async def close_gateway(self, code: int = 1000) -> None:
        """Close the bot's gateway connection with `code` (after 4000 it may resume)."""
        self.identified.clear()  # people's interactions wait for the bot to be back
        for ws in list(self._sockets):
            await ws.close(code=code)

    async def revoke(self, close_code: int = 4004) -> None:
        """The bot's token is revoked: the gateway closes with `close_code` (4004: the token
        is refused; after 4000 the bot resumes, and that is refused)."""
        self.revoked = True
        await self.close_gateway(close_code)

    def _guild(self) -> dict:
        """The server, as the gateway announces it to a bot with the guilds intent."""
        channels = [{"id": c, "type": 0, "guild_id": GUILD, "name": name, "position": i,
                     "permission_overwrites": [], "nsfw": False}
                    for i, (c, name) in enumerate(self.channels.items())]
        return {"id": GUILD, "name": GUILD_NAME, "icon": None, "owner_id": "1",
                "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "roles": [], "emojis": [], "stickers": [],
                "features": [], "mfa_level": 0, "system_channel_flags": 0,
                "premium_tier": 0, "preferred_locale": "en-US", "nsfw_level": 0,
                "member_count": 3, "members": [], "channels": channels,
                "threads": [self._thread(t) for t in self.threads  # (the active ones only)
                            if t not in self.dormant and t not in self.private_threads],
                "voice_states": [], "presences": [], "stage_instances": [],
                "guild_scheduled_events": [], "large": False, "unavailable": False}

    async def remove_bot(self) -> None:
        """The bot is removed from the server (kicked, or the server deleted)."""
        await self._dispatch("GUILD_DELETE", {"id": GUILD})

    async def delete_channel(self, channel: str) -> None:
        await self._dispatch("CHANNEL_DELETE", {"id": channel, "type": 0, "guild_id": GUILD,
                                                "name": self.channels.get(channel, "gone"),
                                                "position": 0, "permission_overwrites": [],
                                                "nsfw": False})

    def _thread(self, thread: str, archived: bool = False) -> dict:
        """A thread (public, type 11; private, 12) as the gateway and interactions describe
        it."""
        name, parent = self.threads[thread]
        return {"id": thread, "type": 12 if thread in self.private_threads else 11, "guild_id": GUILD, "name": name, "parent_id": parent,
                "owner_id": "11", "message_count": 0, "member_count": 1,
                "rate_limit_per_user": 0, "flags": 0,
                "thread_metadata": {"archived": archived, "auto_archive_duration": 1440,
                                    "archive_timestamp": STAMP, "locked": False}}

    async def create_thread(self, thread: str, name: str, parent: str = CHANNEL,
                            private: bool = False) -> None:
        """Someone opens a thread under `parent`: the people can use commands in it. A
        private one the bot is not added to: it hears nothing of it and may not post there
        (its commands still reach it, as interactions do)."""
        self.threads[thread] = (name, parent)
        if private:
            self.private_threads.add(thread)
            self.unseen.add(thread)
            return
        await self._dispatch("THREAD_CREATE", dict(self._thread(thread), newly_created=True))

    async def archive_thread(self, thread: str) -> None:
        """The thread is archived (by Discord after its inactivity, or by a moderator)."""
        self.dormant.add(thread)
        await self._dispatch("THREAD_UPDATE", self._thread(thread, archived=True))

    async def delete_thread(self, thread: str) -> None:
        """The thread is deleted: Discord sends its ids alone (archived or not)."""
        _, parent = self.threads.pop(thread)
        await self._dispatch("THREAD_DELETE", {"id": thread, "type": 11, "guild_id": GUILD,
                                               "parent_id": parent})

    def _channel(self, channel: str) -> web.Response:
        """A channel or thread asked for by its id (GET /channels/{id})."""
        if channel in self.deleted or channel not in self.channels and channel not in self.threads:
            return _error(404, 10003, "Unknown Channel")
        if channel in self.unseen:
            return _error(403, 50001, "Missing Access")
        if channel in self.threads:
            return _json(self._thread(channel, archived=channel in self.dormant))
        return _json({"id": channel, "type": 0, "guild_id": GUILD, "position": 0,
                      "name": self.channels[channel], "permission_overwrites": [],
                      "nsfw": False})

    async def _dispatch(self, event: str, data: dict) -> None:
        await self.identified.wait()
        if not self._sockets:
            return  # the bot is not connected: nothing reaches it
        ws = self._sockets[-1]
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": next(self._sequence), "d": data}))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.append(ws)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 40_000}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op = payload.get("op")
            if op == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11}))
            elif op in (2, 6) and (payload["d"].get("token") != TOKEN or self.revoked):
                await ws.close(code=4004)  # identify or resume with a token refused
                break
            elif op == 6:  # resume
                await ws.send_str(json.dumps({"op": 0, "t": "RESUMED",
                                              "s": next(self._sequence), "d": {}}))
                self.identified.set()
            elif op == 2:  # identify
                ready = {"v": 10, "user": BOT_USER, "guilds": [], "session_id": "s1",
                         "resume_gateway_url": self.url.replace("http", "ws") + "/gateway",
                         "application": {"id": APP_ID, "flags": 0}}
                await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": next(self._sequence),
                                              "d": ready}))
                await ws.send_str(json.dumps({"op": 0, "t": "GUILD_CREATE",
                                              "s": next(self._sequence), "d": self._guild()}))
                self.identified.set()
        if ws in self._sockets:
            self._sockets.remove(ws)
        return ws

    async def _rest(self, request: web.Request) -> web.Response:
        path = request.match_info["path"]
        parts = path.split("/")
        if parts[0] == "channels" and parts[1:2] and parts[1] in self.archived \
                and parts[2:3] == ["messages"]:
            if request.method == "PATCH":
                await request.read()
                self.calls.append(Call("refused", parts[1], {}))
                return _error(400, 50083, "Thread is archived")
            if request.method == "POST":
                self.archived.discard(parts[1])  # a new message unarchives it
        if self.drop_next and request.method == "POST" \
                and path == f"channels/{CHANNEL}/messages":
            self.drop_next -= 1  # aiohttp raises this to the bot unwrapped
            self.calls.append(Call("dropped", CHANNEL, {}))
            await request.read()
            request.transport.close()
            raise ConnectionResetError("dropped")
        if self.drop_dms_next and request.method == "POST" and path.endswith("/messages") \
                and path.split("/")[1] in self._dm_of.values():
            self.drop_dms_next -= 1
            self.calls.append(Call("dropped", path.split("/")[1], {}))
            await request.read()
            request.transport.close()
            raise ConnectionResetError("dropped")
        if self.limit_dms_next and request.method == "POST" and path.endswith("/messages") \
                and path.split("/")[1] in self._dm_of.values():
            self.limit_dms_next -= 1
            self.calls.append(Call("limited", path.split("/")[1], {}))
            await request.read()
            return _json({"message": "You are being rate limited.", "retry_after": 0.05,
                          "global": False}, status=429,
                         headers={"Retry-After": "1", "X-RateLimit-Scope": "user",
                                  "Via": "1.1 google"})  # (without it: a Cloudflare ban)
        if self.slow_next and request.method == "POST" \
                and path == f"channels/{CHANNEL}/messages":
            slow, self.slow_next = self.slow_next, 0.0
            await asyncio.sleep(slow)
        if self.late_next and path.endswith("/callback"):
            self.late_next -= 1
            await request.read()
            self.calls.append(Call("late", None, {}))
            return _error(404, 10062, "Unknown interaction")
        if self.hold_next_answer and path.endswith("/callback"):
            self.hold_next_answer = False
            self.holding.set()
            await self.go_on.wait()
        accepted = (None,) if self.revoked else (f"Bot {TOKEN}", None)  # None: webhooks
        if request.headers.get("Authorization") not in accepted:
            return _error(401, 0, "401: Unauthorized")
        params, file = await _body(request)
        method = request.method
        parts = path.split("/")
        if path == "users/@me" and method == "GET":
            return _json(BOT_USER)
        if path == "oauth2/applications/@me":
            return _json({
                "id": APP_ID, "name": "tilebot", "description": "", "icon": None,
                "bot_public": True, "bot_require_code_grant": False, "owner": BOT_USER,
                "verify_key": "0" * 64, "flags": 0, "summary": ""})
        if parts[:1] == ["applications"] and parts[-1] == "commands" and method == "PUT":
            self.commands = params if isinstance(params, list) else []
            self.calls.append(Call("commands", None, {"commands": self.commands}))
            return _json([dict(c, id=str(next(self._ids)), application_id=APP_ID,
                                           version="1", type=1) for c in self.commands])
        if parts[0] == "interactions" and parts[-1] == "callback":
            self.calls.append(Call("callback", None, params))
            if request.query.get("with_response") not in ("1", "true"):
                return web.Response(status=204)
            flags = (params.get("data") or {}).get("flags", 0)
            return _json({"interaction": {
                "id": parts[1], "type": 2, "response_message_loading": params["type"] == 5,
                "response_message_ephemeral": bool(flags & 64)}})
        if parts[0] == "webhooks":
            if method == "PATCH" and parts[3:4] == ["messages"] and parts[4] in self._messages:
                message = dict(self._messages[parts[4]], **{  # a reply edited (its token's)
                    k: v for k, v in params.items() if k in ("content", "components")})
                self._messages[parts[4]] = message
                self.calls.append(Call("edit_reply", None, params, file, parts[4]))
                return _json(message)
            if method == "DELETE":
                self.calls.append(Call("delete_reply", None, {}))
                return web.Response(status=204)
            message = self._message(self._channel_of[parts[2]], params, file)
            self.calls.append(Call("reply", None, params, file, message["id"]))
            return _json(message)
        if path == "users/@me/channels" and method == "POST":
            user = str(params["recipient_id"])
            channel = self._dm_of.setdefault(user, str(next(self._ids)))
            self.calls.append(Call("dm", channel, params))
            return _json({"id": channel, "type": 1, "last_message_id": None,
                                      "recipients": [{"id": user, "username": "p",
                                                      "discriminator": "0", "avatar": None}]})
        if parts[0] == "channels" and len(parts) == 2 and method == "GET":
            return self._channel(parts[1])
        if parts[0] == "channels" and parts[2:3] == ["messages"]:
            channel = parts[1]
            if method == "POST":
                owner = next((u for u, c in self._dm_of.items() if c == channel), None)
                if owner in self.closed:
                    self.calls.append(Call("refused", channel, params, file))
                    return _error(403, 50007, "Cannot send messages to this user")
                if channel in self.deleted:
                    self.calls.append(Call("refused", channel, params, file))
                    return _error(404, 10003, "Unknown Channel")
                if channel in self.unseen:
                    self.calls.append(Call("refused", channel, params, file))
                    return _error(403, 50001, "Missing Access")
                if channel in self.muted or (channel in self.no_files and file is not None):
                    self.calls.append(Call("refused", channel, params, file))
                    return _error(403, 50013, "Missing Permissions")
                message = self._message(channel, params, file)
                self.calls.append(Call("send", channel, params, file, message["id"]))
                return _json(message)
            if method == "PATCH":
                message_id = parts[3]
                if message_id not in self._messages:
                    return _error(404, 10008, "Unknown Message")
                if file is not None and channel in self.no_files:
                    self.calls.append(Call("refused", channel, params, file))
                    return _error(403, 50013, "Missing Permissions")
                message = dict(self._messages[message_id], **{
                    k: v for k, v in params.items() if k in ("content", "components")})
                if file is not None:  # a new attachment in place of the old ones
                    message["attachments"] = [{
                        "id": str(next(self._ids)), "filename": "picture.png",
                        "size": len(file), "url": "http://x/picture.png",
                        "proxy_url": "http://x/picture.png"}]
                self._messages[message_id] = message
                self.calls.append(Call("edit", channel, params, file, message_id))
                return _json(message)
        return _error(404, 0, f"404: {method} {path} is not in this fake")

    def _message(self, channel: str, params: dict, file: bytes | None) -> dict:
        message_id = str(next(self._ids))
        message = {
            "id": message_id, "channel_id": channel, "author": BOT_USER,
            "content": params.get("content") or "", "timestamp": STAMP,
            "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "embeds": [], "pinned": False, "type": 0,
            "components": params.get("components") or [], "flags": params.get("flags", 0),
            "attachments": [] if file is None else [{
                "id": str(next(self._ids)), "filename": "picture.png", "size": len(file),
                "url": "http://x/picture.png", "proxy_url": "http://x/picture.png"}],
        }
        self._messages[message_id] = message
        return message


async def _body(request: web.Request) -> tuple[dict, bytes | None]:
    """A REST request's JSON (plain, or as multipart `payload_json` with a file)."""
    if not request.can_read_body:
        return {}, None
    if request.content_type == "application/json":
        return await request.json(), None
    file = None
    params: dict = {}
    reader = await request.multipart()
    async for part in reader:
        if part.name == "payload_json":
            params = json.loads(await part.text())
        elif part.filename:
            file = await part.read()
    return params, file


def _json(body, status: int = 200, headers: dict | None = None) -> web.Response:
    # discord.py reads a body as JSON only when the type is exactly this
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status)
