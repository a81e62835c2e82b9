"""The Telegram door's edges found in round 40: a reply typed in a forum topic keeps the
topic in the group's name, a quiet group without photo rights gets one table text edited in
place, a table held by flood control follows a group that becomes a supergroup (in order),
an anonymous admin's mention is answered, a forwarded command is not carried out, and a
supergroup made of a known group is not greeted whichever of its updates comes first.
Through python-telegram-bot's real code and the fake Bot API server."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot import i18n
from bot.adapters import backlog
from bot.adapters import telegram as telegram_door
from bot.messages import Line, Text, To

from .door_harness import AYSE, BUDI, CHEN, GROUP, until

SUPER = -1001234  # the supergroup GROUP becomes
LINK = "https://t.me/tilebot_test_bot?start=hand"


async def _update(tg, queue, count: int = 1) -> None:
    """Queue updates with `queue()` and wait until the door dealt with `count` of them."""
    before = tg.door.handled
    queue()
    await until(lambda: tg.door.handled >= before + count, what="the bot's answer")


async def _move(tg) -> None:
    person = tg.mover()
    prompt = [c for c in tg.private(person) if c.buttons][-1]
    await tg.press(person, prompt, prompt.buttons[0][0])


# -- 1: a reply in a forum topic ------------------------------------------------------------
async def test_a_reply_typed_in_a_forum_topic_keeps_the_topic_in_the_groups_name(tg):
    """A command answering an ordinary message of a topic carries no topic name (only the
    topic's creation message does): the group's stored name keeps its topic, so racks
    still say "Tile night / Domino" and two topics' tables stay apart."""
    tg.fake.topics.update({7: "Domino", 9: "Okey"})
    for topic, opener, joiner in ((7, AYSE, BUDI), (9, CHEN, AYSE)):
        await tg.say(opener, "/new dominoes", topic=topic)
        await tg.say(joiner, "/join", topic=topic)
        await tg.say(opener, "/start", topic=topic)
    before = tg.door.handled
    tg.fake.say(AYSE, GROUP, "/hand", 7, answering=999)  # answering the lobby, say
    await tg.settle(before)
    assert tg.core.place_name("telegram", f"{GROUP}/7") == "Tile night / Domino"
    rack = tg.private(AYSE, "sendPhoto")[-1]
    assert rack.text.startswith("Tile night / Domino masası:")
    assert (await tg.store.chat_places())[("telegram", f"{GROUP}/7")] == "Tile night / Domino"


# -- 2: a quiet group without photo rights --------------------------------------------------
async def test_a_quiet_group_without_photo_rights_sees_one_table_text_edited_in_place(tg):
    """README /quiet: the table is one message kept up to date; a group that takes no
    photos gets the table as text, so that text is what each move edits (editMessageText),
    with no new message per move and no buttons lifted that were never there."""
    tg.fake.no_photos.add(GROUP)
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    (shown,) = [c for c in tg.group("sendMessage") if "Sıra:" in c.text]
    since = len(tg.fake.calls)
    for _ in range(3):
        await _move(tg)
    calls = [c for c in tg.fake.calls[since:] if c.params.get("chat_id") in (GROUP, str(GROUP))]
    assert [c.method for c in calls] == ["editMessageText"] * 3
    assert {c.message_id for c in calls} == {shown.message_id}
    assert tg.fake.messages[shown.message_id][1] == calls[-1].params["text"]
    assert [c for c in tg.group() if "Sıra:" in c.text] == [shown]  # no new one
    await tg.say(BUDI, "/table")  # typed below it: a new table text, which moves edit
    newest = [c for c in tg.group() if "Sıra:" in c.text][-1]
    assert newest.message_id > shown.message_id and newest.method == "sendMessage"
    await _move(tg)
    assert [c for c in tg.group() if "Sıra:" in c.text][-1] == newest
    assert tg.fake.calls[-1].method != "editMessageReplyMarkup"


# -- 3: a held table follows the group to its supergroup ------------------------------------
async def test_a_table_held_by_flood_control_follows_the_group_to_its_supergroup_in_order(tg):
    """A table picture flood control held for the group waits, once the group became a
    supergroup, in the supergroup's queue: the next move's picture comes behind it (the
    two as one, the newest table), never an older table after a newer one."""
    await tg.open_dominoes()
    tg.fake.flood_wait = 1
    tg.fake.flood[GROUP] = 1  # the next move's picture is held
    await _move(tg)
    assert tg.door.held.holds(str(GROUP))
    await _update(tg, lambda: tg.fake.migrate(CHEN, GROUP, SUPER))
    tg.chat = str(SUPER)
    assert tg.door.held.holds(str(SUPER)) and not tg.door.held.holds(str(GROUP))
    await _move(tg)  # its picture waits behind the held one
    await until(lambda: not tg.door.held.holds(str(SUPER)), what="the held tables")
    pictures = [c for c in tg.fake.sent(SUPER, "sendPhoto") if "Sıra:" in c.text]
    assert len(pictures) == 1  # the held picture and the next, as one
    lines = pictures[0].text.splitlines()
    assert lines[0].startswith("Koltuk 1 (Ayşe)") and lines[1].startswith("Koltuk 2 (Budi)")
    assert lines[-1].startswith("Sıra: Ayşe")
    assert not [c for c in tg.fake.calls if c.method == "sendPhoto:refused"]


# -- 4, 5: an anonymous admin's mention, a forwarded command --------------------------------
async def test_an_anonymous_admins_mention_is_answered_as_its_slash_command(tg):
    await tg.say(AYSE, "/new dominoes")
    for typed in ("@tilebot_test_bot stop", "@tilebot_test_bot /stop"):
        before = len(tg.group())
        await tg.say(CHEN, typed, anonymous=True)
        assert [c.text for c in tg.group()[before:]] == [
            "Bu, grubun ya da bir kanalın adına gönderildi; kimin yazdığını bilemiyorum. "
            "Oynamak ya da masa yönetmek için kendi adınla yaz (grup yöneticisiysen "
            "yönetici haklarında “Anonim Kal” seçeneğini kapat)."]
    await tg.say(CHEN, "@tilebot_test_bot thanks!", anonymous=True)  # talk: no answer
    assert len(tg.group()) == before + 1


async def test_a_forwarded_command_is_not_carried_out(tg):
    """A forwarded message was not typed by the person who forwarded it (nor maybe now):
    a forwarded "/new dominoes" opens no table, in a group or privately."""
    for chat in (GROUP, AYSE.id):
        before = tg.door.handled
        tg.fake.say(AYSE, chat, "/new dominoes", forwarded_from=BUDI)
        await tg.settle(before)
    assert not tg.core.tables and not tg.fake.sent()
    await tg.say(AYSE, "/new dominoes")  # typed: it opens
    assert len(tg.core.tables) == 1


# -- 6: the supergroup's greeting ------------------------------------------------------------
async def test_a_known_group_become_supergroup_is_not_greeted_whichever_update_comes_first(
        tg, monkeypatch):
    """The supergroup's join event may come (or be handled) before the messages telling of
    the move: its greeting waits for them, and a known group is not greeted."""
    monkeypatch.setattr(telegram_door, "MIGRATION_WAIT", 0.3)
    await tg.say(AYSE, "/new dominoes")
    await _update(tg, lambda: tg.fake.upgrade(CHEN, GROUP, SUPER, joined_first=True), 3)
    await asyncio.sleep(0.2)
    assert not tg.fake.sent(SUPER)
    assert [t.chat for t in tg.core.tables.values()] == [str(SUPER)]


async def test_a_new_supergroup_is_still_greeted(tg, monkeypatch):
    monkeypatch.setattr(telegram_door, "MIGRATION_WAIT", 0.3)
    tg.fake.supergroups.add(SUPER)
    await _update(tg, lambda: tg.fake.add_bot(BUDI, SUPER))
    assert [c.text for c in tg.fake.sent(SUPER)] == [
        i18n.translate("id", "core.welcome_group", {"link": LINK})]


async def test_a_moved_queue_goes_ahead_of_what_the_new_chat_holds_and_keeps_its_send_under_way():
    """GroupBacklog.moved where the new chat holds messages already (rare: both flooded):
    the old chat's waiting messages go first, readdressed; the one being sent stays with
    its own task and is not sent twice."""
    sent: list[tuple[str, str]] = []

    async def send(m):
        sent.append((m.to.chat, m.lines[0].key))

    held = backlog.GroupBacklog(send)
    old, new = To("telegram", chat="-1"), To("telegram", chat="-2")
    running = asyncio.get_running_loop().create_future()
    futures = [held.add(Text(old, "en", (Line("a"),)), running=running),
               held.add(Text(old, "en", (Line("b"),))),
               held.add(Text(new, "en", (Line("c"),)), wait=0.05)]
    held.moved("-1", "-2", lambda m: replace(m, to=new))
    assert not held.holds("-1") and held.holds("-2")
    running.set_result(None)  # "a" went out, to the old id
    await asyncio.gather(*futures)
    assert sent == [("-2", "b"), ("-2", "c")]


async def test_a_new_supergroup_whose_first_command_comes_at_once_is_greeted(tg):
    """The greeting's wait for a move message let the adder's first /new store the
    group's language, so the new supergroup read as known: no greeting, no word about
    pressing Start privately."""
    await _greeted_after(tg, -4242, "/new dominoes", "id")


async def test_a_topic_whose_first_commands_are_replies_is_named_by_its_group(tg):
    """A reply in a topic gives no topic name: where the bot has no name for the topic
    yet, the group's title (its racks lost their group line altogether)."""
    tg.fake.topics.update({7: "Domino", 9: "Okey"})
    for person, text in ((AYSE, "/new dominoes"), (BUDI, "/join"), (AYSE, "/start")):
        await tg.say(person, text, topic=7)
    for person, text in ((CHEN, "/new dominoes"), (AYSE, "/join"), (CHEN, "/start")):
        before = tg.door.handled
        tg.fake.say(person, GROUP, text, 9, answering=555)
        await tg.settle(before)
    assert tg.core.place_name("telegram", f"{GROUP}/9") == "Tile night"
    assert tg.core.place_name("telegram", f"{GROUP}/7") == "Tile night / Domino"


async def test_a_new_supergroups_greeting_speaks_the_language_chosen_during_its_wait(tg):
    await _greeted_after(tg, -4343, "/lang tr", "tr")


async def _greeted_after(tg, new: int, first: str, lang: str) -> None:
    """Budi adds the bot to the brand-new supergroup `new` and types `first` at once: the
    group is greeted, in `lang`."""
    tg.fake.supergroups.add(new)
    before = tg.door.handled
    tg.fake.add_bot(BUDI, new)
    tg.fake.say(BUDI, new, first)
    await until(lambda: tg.door.handled >= before + 2)
    welcome = i18n.translate(lang, "core.welcome_group", {"link": LINK})
    await until(lambda: welcome in [c.text for c in tg.fake.sent(new)], timeout=5)


async def test_a_lobby_button_sent_before_the_group_moved_joins_the_table_where_it_now_is(
        tg, monkeypatch):
    """A group became a supergroup: Join pressed on the lobby sent before the move comes
    with the old chat id, and was answered "That table is closed", the table open under
    the new id (a scan). It seats the presser there."""
    monkeypatch.setattr(telegram_door, "MIGRATION_WAIT", 0.3)
    await tg.say(AYSE, "/new dominoes")
    lobby = [c for c in tg.group() if c.buttons][-1]
    await _update(tg, lambda: tg.fake.upgrade(CHEN, GROUP, SUPER), 3)
    await tg.press(BUDI, lobby, lobby.buttons[0][0])  # Join, in the group's language
    (table,) = tg.core.tables.values()
    assert table.chat == str(SUPER) and table.seat_of(str(BUDI.id)) is not None
    assert "Budi" in tg.fake.sent(SUPER)[-1].text


async def test_an_old_lobby_button_still_joins_after_a_restart(tg, monkeypatch):
    """The old id's supergroup was known only in memory: after a restart a Join pressed
    on the lobby sent before the move said the table was closed again (a scan)."""
    monkeypatch.setattr(telegram_door, "MIGRATION_WAIT", 0.3)
    await tg.say(AYSE, "/new dominoes")
    lobby = [c for c in tg.group() if c.buttons][-1]
    await _update(tg, lambda: tg.fake.upgrade(CHEN, GROUP, SUPER), 3)
    await tg.halt()
    await tg.boot()
    await tg.press(BUDI, lobby, lobby.buttons[0][0])
    (table,) = tg.core.tables.values()
    assert table.chat == str(SUPER) and table.seat_of(str(BUDI.id)) is not None
    assert await tg.store.moved_chat("telegram", str(GROUP)) == str(SUPER)
