"""The Telegram door when the group, its topics or Telegram itself stand in the way: the
opener told privately where the tiles will come, photos that come back after a group
forbade them, a muted bot, a deleted or closed forum topic, a refusal whose private chat
is closed, the greeting when the bot is added to a group, a press answered too late.
Through python-telegram-bot's real code and the fake Bot API server."""

from __future__ import annotations

import asyncio
import json

import pytest_asyncio

from bot import i18n
from bot.adapters.unreachable import Unreachable
from bot.lobby import AGAIN, lobby_payload
from bot.messages import Command, Line

from .conftest import ALI, CAN, summary
from .conftest import BUDI as C_BUDI
from .door_harness import AYSE, BUDI, CHEN, GROUP, TelegramRun, running, until
from .fake_telegram import BOT, Call, FakeTelegram, _error
from .test_core_play import Player, start

LINK = "https://t.me/tilebot_test_bot?start=hand"
TOPIC = 7

_RIGHTS = ("can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos",
           "can_send_videos", "can_send_video_notes", "can_send_voice_notes",
           "can_send_polls", "can_send_other_messages", "can_add_web_page_previews",
           "can_change_info", "can_invite_users", "can_pin_messages", "can_manage_topics",
           "can_edit_tag", "can_react_to_messages")


def _restricted() -> dict:
    return {"user": BOT, "status": "restricted", "is_member": True, "until_date": 0,
            **{right: False for right in _RIGHTS}}


class Fake37(FakeTelegram):
    """The fake, with what these tests need: a bot muted in a group, forum topics deleted
    or closed, callback queries answered too late, the bot added to a group."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.muted: set[int] = set()  # groups where the bot may send nothing
        self.gone_topics: set[int] = set()
        self.closed_topics: set[int] = set()
        self.too_old = False  # answerCallbackQuery refused: the query is too old
        self.last_said = 0  # the message id of the last message `say` typed

    def say(self, person, chat, text, topic=None, anonymous=False):
        super().say(person, chat, text, topic, anonymous)
        self.last_said = self._updates[-1]["message"]["message_id"]

    def _member(self, person, chat, old: dict, new: dict) -> None:
        self._queue({"my_chat_member": {"chat": self._chat(chat), "from": person.json(),
                                        "date": 0, "old_chat_member": old,
                                        "new_chat_member": new}})

    def add_bot(self, person, chat):
        self._member(person, chat, {"user": BOT, "status": "left"},
                     {"user": BOT, "status": "member"})

    def mute_bot(self, person, chat, announce: bool = True):
        """The bot restricted in `chat` (with `announce`: it hears of it)."""
        self.muted.add(chat)
        if announce:
            self._member(person, chat, {"user": BOT, "status": "member"}, _restricted())

    def unmute_bot(self, person, chat):
        self.muted.discard(chat)
        self._member(person, chat, _restricted(), {"user": BOT, "status": "member"})

    def _deliver(self, method, params, photo):
        topic = params.get("message_thread_id")
        topic = int(topic) if topic not in (None, "") else None
        if topic in self.gone_topics:
            self.calls.append(Call(method + ":refused", params, photo))
            return _error(400, "Bad Request: message thread not found")
        if topic in self.closed_topics:
            self.calls.append(Call(method + ":refused", params, photo))
            return _error(400, "Bad Request: TOPIC_CLOSED")
        if int(params["chat_id"]) in self.muted:
            self.calls.append(Call(method + ":refused", params, photo))
            kind = "photos" if method == "sendPhoto" else "text messages"
            return _error(400, f"Bad Request: not enough rights to send {kind} to the chat")
        return super()._deliver(method, params, photo)

    async def _answerCallbackQuery(self, params, photo):
        if self.too_old:
            self.calls.append(Call("answerCallbackQuery:refused", params))
            return _error(400, "Bad Request: query is too old and response timeout expired "
                               "or query id is invalid")
        return await super()._answerCallbackQuery(params, photo)


@pytest_asyncio.fixture
async def tg(tmp_path):
    async with running(TelegramRun, Fake37(admins={CHEN.id}), tmp_path) as run:
        yield run


async def _update(tg, queue) -> None:
    """Queue a my_chat_member update and wait until the door has dealt with it."""
    before = tg.door.handled
    queue()
    await tg.settle(before)


def _texts(calls) -> list[str]:
    return [c.text for c in calls]


def _dm_needed(lang: str, player: str) -> str:
    return i18n.translate(lang, "core.dm_needed", {"player": player, "link": LINK})


async def _move(tg, table=None) -> None:
    """The person to move (at `table`, else the group's) presses their first move button."""
    if table is None:
        person = tg.mover()
    else:
        person = {str(p.id): p for p in tg.people}[table.seats[table.state.current_player].user]
    prompt = [c for c in tg.private(person) if c.buttons][-1]
    await tg.press(person, prompt, prompt.buttons[0][0])


# -- 1: the opener hears privately where the tiles will come ------------------------------
async def test_the_opener_is_told_privately_and_a_closed_chat_shows_before_the_game(tg):
    await tg.say(AYSE, "/new dominoes")
    seated = i18n.translate("tr", "core.seated_private",
                            {"seat": 1, "game": Line("core.game.dominoes")})
    assert _texts(tg.private(AYSE)) == [seated]
    await tg.say(AYSE, "/stop")
    tg.fake.closed.add(BUDI.id)  # never pressed Start
    await tg.say(BUDI, "/new dominoes")
    assert tg.table().status == "lobby"
    assert _texts(tg.group())[-1] == _dm_needed("tr", "Budi")  # before the game begins


async def test_a_turn_for_someone_the_bot_cannot_write_to_is_told_in_the_group_again(
        tg, monkeypatch):
    """Told once in the lobby, then never: Budi's turns ran out unseen, a computer took his
    seat and the league counted the loss. His turn's rack refused: the group hears again
    (here at once: the minute between two such notes is set to 0)."""
    monkeypatch.setattr(Unreachable, "ASKED_AGAIN_AFTER", 0.0)
    tg.fake.closed.add(BUDI.id)  # never pressed Start
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    for _ in range(8):  # play on until Budi's turn comes
        if tg.mover() == BUDI:
            break
        await _move(tg)
    else:
        raise AssertionError("Budi's turn never came")
    await until(lambda: _texts(tg.group()).count(_dm_needed("tr", "Budi")) >= 2,
                what="the group told again at Budi's turn")


# -- 2: photos again after a group allowed them again --------------------------------------
async def test_a_group_gets_photos_again_a_while_after_it_refused_them(tg):
    now = [1000.0]
    tg.door.clock = lambda: now[0]
    await tg.open_dominoes()
    tg.fake.no_photos.add(GROUP)  # an admin forbids media for a while
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendMessage"
    tg.fake.no_photos.discard(GROUP)  # ... and allows it again, unseen by the bot
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendMessage"  # not tried again at once
    now[0] += 601
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendPhoto"


async def test_a_group_gets_photos_again_when_the_bots_rights_change(tg):
    await tg.open_dominoes()
    tg.fake.no_photos.add(GROUP)
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendMessage"
    tg.fake.no_photos.discard(GROUP)
    await _update(tg, lambda: tg.fake.unmute_bot(CHEN, GROUP))  # its rights changed
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendPhoto"


# -- 3: a muted bot, a deleted or closed topic ---------------------------------------------
def _muted_note(lang: str, place: str = "Tile night") -> str:
    return i18n.translate(lang, "core.group_muted",
                          {"place": place, "game": Line("core.game.dominoes")})


async def test_a_muted_bot_tells_the_players_privately_once_per_mute(tg):
    await tg.open_dominoes()
    await _update(tg, lambda: tg.fake.mute_bot(CHEN, GROUP))
    await until(lambda: _muted_note("tr") in _texts(tg.private(AYSE)), what="Ayşe told")
    await until(lambda: _muted_note("id") in _texts(tg.private(BUDI)), what="Budi told")
    await _move(tg)
    await _move(tg)
    await asyncio.sleep(0.3)
    for person in (AYSE, BUDI):  # once, not with every move sent to the muted group
        assert sum("Tile night" in t for t in _texts(tg.private(person))) == 1
    assert tg.table().status == "playing"
    await _update(tg, lambda: tg.fake.unmute_bot(CHEN, GROUP))
    await tg.say(AYSE, "/table")
    assert tg.group()[-1].method == "sendPhoto"  # photos again, refused while muted
    # muted again, by the group's permissions (no update): found when a send is refused
    tg.fake.mute_bot(CHEN, GROUP, announce=False)
    await _move(tg)
    await until(lambda: sum("Tile night" in t for t in _texts(tg.private(AYSE))) == 2,
                what="Ayşe told again")


async def _topic_table(tg):
    """Ayşe and Budi's dominoes table in the forum topic TOPIC, started."""
    await tg.say(AYSE, "/new dominoes", topic=TOPIC)
    await tg.say(BUDI, "/join", topic=TOPIC)
    await tg.say(AYSE, "/start", topic=TOPIC)
    (table,) = tg.core.tables.values()
    return table


async def test_a_deleted_forum_topic_closes_its_table_and_tells_the_players(tg):
    table = await _topic_table(tg)
    tg.fake.gone_topics.add(TOPIC)
    await _move(tg, table)
    await until(lambda: not tg.core.tables, what="the topic's table closed")
    assert table.status == "stopped"
    gone = i18n.translate("id", "core.chat_gone_in", {"game": Line("core.game.dominoes"),
                                                      "place": "Tile night / Games"})
    await until(lambda: gone in _texts(tg.private(BUDI)), what="Budi told")


async def test_a_closed_forum_topic_is_told_to_its_players_once(tg):
    table = await _topic_table(tg)
    tg.fake.closed_topics.add(TOPIC)
    await tg.say(AYSE, "/table", topic=TOPIC)
    # that the topic is closed (it said an admin restricted the bot there)
    note = i18n.translate("id", "core.topic_closed", {"place": "Tile night / Games",
                                                      "game": Line("core.game.dominoes")})
    assert "(topiknya ditutup)" in note
    await until(lambda: note in _texts(tg.private(BUDI)), what="Budi told")
    await tg.say(AYSE, "/table", topic=TOPIC)
    await asyncio.sleep(0.3)
    assert _texts(tg.private(BUDI)).count(note) == 1
    assert table.status == "playing"  # reopened later, it goes on there


# -- 4: a refusal whose private chat is closed ---------------------------------------------
def _replied_to(call) -> int | None:
    raw = call.params.get("reply_parameters")
    if not raw:
        return None
    return (json.loads(raw) if isinstance(raw, str) else raw)["message_id"]


async def test_a_refusal_is_answered_in_the_group_when_the_private_chat_is_closed(tg):
    tg.fake.closed.update({AYSE.id, BUDI.id})
    await tg.say(BUDI, "/join")  # no table here
    no_table = [c for c in tg.group() if _replied_to(c) == tg.fake.last_said]
    assert len(no_table) == 1 and "/new" in no_table[0].text
    assert _texts(tg.group())[-1] == _dm_needed("id", "Budi")  # the note still comes
    await tg.say(AYSE, "/new dominoes")
    await tg.say(AYSE, "/join")  # already seated
    already = i18n.translate("tr", "core.error.already_seated", {"seat": 1})
    assert [c.text for c in tg.group() if _replied_to(c) == tg.fake.last_said] == [already]


async def test_nothing_private_is_posted_in_the_group_for_a_closed_chat(tg):
    await tg.open_dominoes()
    tg.fake.closed.add(BUDI.id)
    before = len(tg.group())
    await tg.say(BUDI, "/hand")  # his rack: never in the group
    assert not [c for c in tg.group()[before:] if _replied_to(c) is not None]
    assert all("Di tanganmu" not in t for t in _texts(tg.group()))


async def test_a_refused_move_or_layout_is_never_answered_in_the_group(tg):
    """Their refusals may name the rack's tiles ("you named tile 5 (*) twice" tells that
    it holds an okey): with the private chat closed they are lost, not posted."""
    tg.fake.closed.add(BUDI.id)
    await tg.say(AYSE, "/new okey101 bots=random")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    before = len(tg.group())
    for typed in ("/arrange 1 1", "/arrange r1 r1 r1", "/discard 2 2", "/open 4 5 6 | 5",
                  "/hide"):
        await tg.say(BUDI, typed)
    assert not [c for c in tg.group()[before:] if _replied_to(c) is not None]


# -- 5: the greeting when added to a group -------------------------------------------------
async def test_the_bot_greets_a_group_it_is_added_to_in_the_adders_language(tg):
    await _update(tg, lambda: tg.fake.add_bot(BUDI, GROUP))
    assert _texts(tg.group()) == [i18n.translate("id", "core.welcome_group", {"link": LINK})]
    await _update(tg, lambda: tg.fake.mute_bot(CHEN, GROUP))  # not added: no greeting
    assert len(tg.group()) == 1


async def test_a_known_group_or_a_channel_is_not_greeted(tg):
    """A supergroup made of a group the bot was in gets its own join event, after the
    group's things moved to it: not a new group. A channel's readers play nothing."""
    await tg.say(AYSE, "/new dominoes")
    new = -100777
    tg.fake.migrate(AYSE, GROUP, new)
    await until(lambda: any(t.chat == str(new) for t in tg.core.tables.values()),
                what="the table moved to the supergroup")
    await _update(tg, lambda: tg.fake.add_bot(AYSE, new))
    assert not [c for c in tg.fake.sent(new) if "/new <game>" in c.text]
    channel = -100888
    await _update(tg, lambda: tg.fake._queue({"my_chat_member": {
        "chat": {"id": channel, "type": "channel", "title": "News"}, "from": AYSE.json(),
        "date": 0, "old_chat_member": {"user": BOT, "status": "left"},
        "new_chat_member": {"user": BOT, "status": "administrator", "can_be_edited": False,
                            "can_manage_chat": True, "can_change_info": True,
                            "can_delete_messages": True, "can_invite_users": True,
                            "can_restrict_members": True, "can_pin_messages": True,
                            "can_promote_members": False, "can_manage_video_chats": True,
                            "is_anonymous": False, "can_post_stories": False,
                            "can_edit_stories": False, "can_delete_stories": False,
                            "can_manage_topics": False}}}))
    assert not tg.fake.sent(channel)


# -- 6: a press answered too late ----------------------------------------------------------
async def test_a_refusal_over_a_button_answered_too_late_comes_privately(tg):
    await tg.say(AYSE, "/new dominoes")
    lobby = [c for c in tg.group() if c.buttons][-1]
    tg.fake.too_old = True
    before = len(tg.private(AYSE))
    await tg.press(AYSE, lobby, "Katıl")  # already seated: refused
    already = i18n.translate("tr", "core.error.already_seated", {"seat": 1})
    await until(lambda: already in _texts(tg.private(AYSE)[before:]), what="the refusal")


async def test_whoever_presses_play_again_is_told_privately_as_the_opener(bot):
    table = await start(bot, "dominoes", [ALI, C_BUDI], "games=1 dead_tiles=off timer=30")
    await Player(bot, seed=2).finish(table)
    out = await bot.core.handle(Command("tg", "g1", CAN, "press", (),
                                        lobby_payload(table.id, AGAIN)))
    assert ("user:3", "text", ["core.seated_private"]) in summary(out)
