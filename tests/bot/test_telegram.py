"""The Telegram door end to end: python-telegram-bot's real code polls a local fake of the
Bot API (tests/bot/fake_telegram.py), and a real core plays on a real SQLite file with
real pictures. People type commands in a group and in private chats and press the inline
buttons; the tests read what the fake server was asked to send, and where."""

from __future__ import annotations

import asyncio
import io
import logging

import pytest
from aiohttp import web
from PIL import Image as PILImage

from bot import i18n, views
from bot.adapters import backlog
from bot.adapters import telegram as telegram_door
from bot.adapters.telegram import keyboard
from bot.adapters.text_parts import shortened, split_text
from bot.messages import Choice
from render.views import render_rack, render_table

from . import fake_telegram
from .door_harness import (
    AYSE,
    BUDI,
    CHEN,
    GROUP,
    TelegramRun,
    logging_at_debug,
    png_size,
    running,
    until,
)
from .fake_telegram import BOT, FakeTelegram


async def test_the_command_menu_is_set_in_every_language(tg):
    assert set(tg.fake.menus) == {"", "id", "hi", "tr"}
    menu = {c["command"]: c["description"] for c in tg.fake.menus["tr"]}
    assert menu["new"] == "bir masa aç" and menu["back"] == "koltuğunu bilgisayardan geri al"
    assert [c["command"] for c in tg.fake.menus[""]][:3] == ["help", "new", "join"]
    assert all(1 <= len(c["description"]) <= 256 for m in tg.fake.menus.values() for c in m)


async def test_a_group_plays_dominoes_through_telegram_to_the_end(tg):
    await tg.open_dominoes()
    created = [c.text for c in tg.group() if "bir masa açtı" in c.text]
    # on/off in the group's language, as /rules shows them and as they may be typed
    assert created == ["Ayşe bir masa açtı: Domino (players=4 dead_tiles=açık zero25=kapalı "
                       "games=1 timer=45). Oturmak için /join, bilgisayar eklemek için /addbot, "
                       "başlamak için /start.\nLig masası: insanlar insanlara karşı oynarsa maç "
                       "/league sıralamasına sayılır (durduran ya da masadan ayrılan oyuncu "
                       "kaybetmiş sayılır); league=kapalı dostluk masası açar."]
    # the table in the group, each rack privately, each in its reader's language
    table_photo = tg.group("sendPhoto")[-1]
    assert png_size(table_photo.photo)[0] >= 400
    assert "Domino" in table_photo.text
    for person, heading in ((AYSE, "Taşların (Domino)"), (BUDI, "Di tanganmu (Domino)")):
        racks = [c for c in tg.private(person, "sendPhoto") if heading in c.text]
        assert racks, f"{person.first_name} got no rack"
        assert png_size(racks[-1].photo)[0] >= 400
    # nothing private reached the group: no rack heading, no hint, no move buttons; the
    # lobby's buttons came off when the game began
    for call in tg.group():
        assert "Taşların" not in call.text and "Di tanganmu" not in call.text
        assert all(data.startswith("l:") for _label, data in call.buttons)
    assert [c.buttons for c in tg.group() if c.buttons][0][0] == ("Katıl", "l:1:join")
    assert not [m for m in tg.fake.messages.values() if m[0] == GROUP and m[2]]
    table = tg.table()
    people = {str(AYSE.id): AYSE, str(BUDI.id): BUDI}
    presses = 0
    while table.status != "finished":
        mover = people[table.seats[table.state.current_player].user]
        prompt = [c for c in tg.private(mover) if c.buttons][-1]
        moves = table.moves
        label = prompt.buttons[0][0]
        await tg.press(mover, prompt, label)
        presses += 1
        assert table.moves > moves, f"pressing {label!r} made no move"
        # the buttons came under the rack picture, one message with both texts, whose
        # turn it is first
        assert prompt.method == "sendPhoto" and "(Domino): " in prompt.text
        assert prompt.text.splitlines()[0].startswith(("Domino masasında sıra sende",
                                                       "Giliranmu di Domino"))
        # the pressed buttons were taken away (the move is over); the rack's text stays
        edits = [c for c in tg.fake.calls if c.message_id == prompt.message_id
                 and c.method.startswith("edit")]
        assert [c.method for c in edits] == ["editMessageReplyMarkup"]
        assert "reply_markup" not in edits[0].params
        assert presses < 80, "the game does not end"
    assert len(tg.fake.answered()) == presses
    final = tg.group("sendPhoto")[-1]
    assert png_size(final.photo)[0] >= 300
    assert "Domino maçı bitti" in final.text, final.text
    await tg.say(BUDI, "/league dominoes")  # the group's standings now hold both players
    standings = tg.group()[-1].text
    assert "Ayşe" in standings and "Budi" in standings
    # under the scores: a button that opens the same table again, for whoever presses it
    assert final.buttons == [("Tekrar oyna", f"l:{table.id}:again")]
    await tg.press(CHEN, final, "Tekrar oyna")
    again = tg.core.tables[max(tg.core.tables)]
    assert again.status == "lobby" and again.seat_of(str(CHEN.id)) == 0
    assert (again.game.id, again.options) == ("dominoes", table.options)
    assert not tg.fake.messages[final.message_id][2]  # it came off the scores: pressed once


async def test_presses_and_moves_by_the_wrong_person_are_refused_privately(tg):
    await tg.open_dominoes()
    table = tg.table()
    people = {str(AYSE.id): AYSE, str(BUDI.id): BUDI}
    mover = people[table.seats[table.state.current_player].user]
    other = BUDI if mover is AYSE else AYSE
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    moves, seen = table.moves, len(tg.private(other))
    await tg.press(other, prompt, prompt.buttons[0][0])  # a forwarded button, say
    assert table.moves == moves
    expected = {"tr": "Sıra sende değil", "id": "Bukan giliranmu"}[other.language_code]
    answer = [c for c in tg.fake.calls if c.method == "answerCallbackQuery"][-1]
    assert expected in answer.params["text"]  # over the button, not a message of its own
    assert len(tg.private(other)) == seen
    # a typed move for the mover's seat, by the other, in the group: refused privately too
    await tg.say(other, "/play " + prompt.buttons[0][0].split()[-1])
    assert table.moves == moves
    assert not [c for c in tg.group() if expected in c.text]
    # the mover's button after the move is over: stale
    await tg.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves > moves
    moves = table.moves
    if table.status != "finished":
        seen = len(tg.private(mover))
        await tg.press(mover, prompt, prompt.buttons[0][0])
        stale = {"tr": "O düğme önceki bir hamleye ait.", "id": "Tombol itu untuk langkah sebelumnya."}
        answer = [c for c in tg.fake.calls if c.method == "answerCallbackQuery"][-1]
        assert answer.params["text"] == stale[mover.language_code]
        assert answer.params["show_alert"] in (True, "true", "True")
        assert len(tg.private(mover)) == seen and table.moves == moves


async def test_a_prompt_sent_again_takes_the_buttons_off_the_earlier_one(tg):
    await tg.open_dominoes()
    mover = {str(AYSE.id): AYSE, str(BUDI.id): BUDI}[
        tg.table().seats[tg.table().state.current_player].user]
    first = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.say(mover, "/hand", chat=mover.id)
    again = [c for c in tg.private(mover) if c.buttons][-1]
    assert again.message_id != first.message_id and again.buttons == first.buttons
    off = [c for c in tg.fake.calls if c.method == "editMessageReplyMarkup" and c.chat == mover.id]
    assert [c.message_id for c in off] == [first.message_id]
    assert "reply_markup" not in off[0].params
    moves = tg.table().moves
    await tg.press(mover, again, again.buttons[0][0])  # the live set works
    assert tg.table().moves > moves


async def test_a_moves_time_does_not_run_out_while_telegram_does_not_answer(tg, caplog):
    """A Telegram outage as the move's time ends: nobody could see the turn or send a move,
    so no computer moves for them (an outage timed out every table there, twice: league
    seats went to computers); the whole time starts again, and runs out as usual once
    Telegram answers."""
    await tg.open_dominoes()  # 45 s per move (D-D6)
    table = tg.table()
    moves = table.moves
    tg.fake.outage = True
    await tg.clock.advance(45)
    for _ in range(10):  # down for 150 s more: it looks again every 15 s, and waits
        await tg.clock.advance(15)
    assert table.moves == moves and not table.seats[table.state.current_player].timeouts
    tg.fake.outage = False  # what it held privately goes out (the time waits for that)
    await until(lambda: not tg.door.held.held_chats(), timeout=30, what="the held messages")
    await tg.clock.advance(15)  # it answers: the whole 45 s from now
    assert table.deadline == tg.clock.now() + 45
    assert (await tg.store.open_tables())[0].deadline == table.deadline  # kept for a restart
    await tg.clock.advance(44)
    assert table.moves == moves
    await tg.clock.advance(1)
    assert table.moves > moves  # then the time ran out as usual (O30)
    waits = [r for r in caplog.records if "does not answer" in r.getMessage()]
    assert len(waits) == 1, [r.getMessage() for r in waits]  # one line, not one a look


async def test_anothers_leave_just_after_an_outage_does_not_time_the_mover_out(tg):
    """Telegram answers again, and before the next look another player leaves: the mover's
    timer was armed again at the deadline that had passed in the outage, and timed them
    out at once (the last regression scan). They get their whole time, as after any
    outage."""
    await tg.say(AYSE, "/lang tr")
    await tg.say(AYSE, "/new dominoes league=off")
    await tg.say(BUDI, "/join")
    await tg.say(CHEN, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    mover = tg.mover()
    other = next(p for p in (AYSE, BUDI, CHEN) if p is not mover)
    moves = table.moves
    tg.fake.outage = True
    await tg.clock.advance(45)
    tg.fake.outage = False
    await tg.say(other, "/leave")
    assert table.moves == moves or not table.seats[table.seat_of(str(mover.id))].timeouts
    await tg.clock.advance(15)  # the next look: it answers, the whole 45 s from now
    assert not table.seats[table.seat_of(str(mover.id))].timeouts
    assert table.deadline == tg.clock.now() + 45


async def test_a_hurry_during_an_outage_waits_and_gives_the_two_minutes_again(tg):
    """A table with no move time (timer=0): the 2 minutes a /hurry gave end during an
    outage; it looked again at once, thousands of times a second (a zero move time), and
    timed the person out the moment Telegram answered. It waits, then gives the 2 minutes."""
    await tg.say(AYSE, "/new dominoes timer=0 league=off")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    mover = tg.mover()
    other = AYSE if mover is BUDI else BUDI
    await tg.say(other, "/hurry")
    moves = table.moves
    tg.fake.outage = True
    await asyncio.wait_for(tg.clock.advance(120 + 60), 10)  # returns: no loop
    assert table.moves == moves
    tg.fake.outage = False
    await tg.clock.advance(15)
    assert table.deadline == tg.clock.now() + 120 and table.moves == moves
    await tg.clock.advance(120)
    assert table.moves > moves


async def test_time_running_out_is_told_in_the_group_and_privately_and_back_returns_the_seat(tg):
    await tg.open_dominoes()  # 45 s per move (D-D6)
    table = tg.table()
    mover, moves = tg.mover(), table.moves
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.clock.advance(45)  # a computer moves for them (O30)
    assert table.moves > moves
    timed_out = {"tr": "Domino masasında süren doldu; hamleni bilgisayar yaptı: play ",
                 "id": "Waktumu di Domino habis; komputer melangkah untukmu: play "}[
        mover.language_code]
    assert any(timed_out in c.text for c in tg.private(mover))
    assert any(f"{mover.first_name} süresini doldurdu" in c.text for c in tg.group())
    assert [c.method for c in tg.fake.calls if c.message_id == prompt.message_id
            and c.method.startswith("edit")] == ["editMessageReplyMarkup"]
    while tg.mover() is not mover:  # the other person plays on, by their buttons
        other = tg.mover()
        own = [c for c in tg.private(other) if c.buttons][-1]
        await tg.press(other, own, own.buttons[0][0])
    await tg.clock.advance(45)  # twice in a row: the computer keeps the seat
    seat = table.seat_of(str(mover.id))
    assert table.seats[seat].away
    assert any(f"{mover.first_name} üst üste iki kez" in c.text for c in tg.group())
    await tg.say(mover, "/back")
    assert not table.seats[seat].away and table.seats[seat].user == str(mover.id)
    assert f"{mover.first_name} {seat + 1}. koltuğa geri döndü." in [c.text for c in tg.group()]


async def test_the_person_to_move_has_their_whole_time_again_after_the_bot_was_down(tg):
    """The bot was down for an hour while Ayşe or Budi was to move: the time was the bot's,
    not theirs, so the move is not made for them at once (which, at a second timeout,
    handed their seat to a computer): their whole move time runs again from the restart."""
    import time

    from bot.timers import SystemClock

    class AnHourLater(SystemClock):  # the wall clock after the bot was down for an hour
        def now(self) -> float:
            return time.time() + 3600

    await tg.halt()
    tg.clock = SystemClock()  # real timers: an overdue one would fire as soon as restored
    await tg.boot()
    await tg.open_dominoes()
    mover, moves = tg.mover(), tg.table().moves
    await tg.halt()
    tg.clock = AnHourLater()
    await tg.boot()
    await until(lambda: tg.core.tables, what="the table restored")
    await asyncio.sleep(0.5)  # an overdue timeout would have fired by now
    table = tg.table()
    assert table.moves == moves and tg.mover() == mover
    assert table.deadline >= tg.clock.now() + table.timer - 5  # 45 s from the restart
    stored = await tg.core.store.table(table.id)
    assert stored.deadline == table.deadline  # a second restart counts from the first


@pytest.mark.parametrize("announced", [True, False])
async def test_a_group_that_becomes_a_supergroup_keeps_its_table_language_and_league(
        tg, announced):
    await tg.open_dominoes()
    table = tg.table()
    mover, moves = tg.mover(), table.moves
    supergroup = -1001234
    # Telegram's service message says so, or the bot finds out when a send is refused
    before = tg.door.handled
    tg.fake.migrate(CHEN, GROUP, supergroup, announce=announced)
    if announced:
        await tg.settle(before)
        assert table.chat == str(supergroup)
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves > moves and table.chat == str(supergroup)
    latest = tg.fake.sent(supergroup, "sendPhoto")
    assert latest and "Dizi:" in latest[-1].text and "Sıra:" in latest[-1].text  # still tr
    tg.chat = str(supergroup)  # where the harness looks for the table from now on
    # people now type in the supergroup, and the table is there
    await tg.say(BUDI, "/table", chat=supergroup)
    assert tg.fake.sent(supergroup)[-1].method == "sendPhoto"
    await tg.say(BUDI, "/leave", chat=GROUP)  # the old id has no table any more
    assert not [c for c in tg.fake.sent(GROUP) if "/leave" in c.text]
    while table.status != "finished":  # the game ends in the supergroup, in its league
        person = tg.mover()
        own = [c for c in tg.private(person) if c.buttons][-1]
        await tg.press(person, own, own.buttons[0][0])
    await tg.say(AYSE, "/league dominoes", chat=supergroup)
    standings = tg.fake.sent(supergroup)[-1].text
    assert "Ayşe" in standings and "Budi" in standings and "galibiyet" in standings


async def test_someone_the_bot_cannot_write_to_is_told_in_the_group_how_to_open_the_chat(tg):
    tg.fake.closed.add(BUDI.id)
    await tg.open_dominoes()
    asks = [c for c in tg.group() if "t.me/" in c.text]
    assert [c.text for c in asks] == [
        f"Budi, sana henüz özelden yazamıyorum; taşların ve sana cevaplarım oraya gelir: "
        f"https://t.me/{BOT['username']}?start=hand adresini aç ve Başlat'a bas."]  # the group's tr
    refused = [c for c in tg.fake.calls if c.method.endswith(":refused")]
    assert refused and all(c.chat == BUDI.id for c in refused)
    # more refused messages (his turn prompt, /hand) do not repeat the request
    await tg.say(BUDI, "/hand")
    assert len([c for c in tg.group() if "t.me/" in c.text]) == 1
    # he opens the private chat with the link: a line, then his rack (the whole help, 1,800
    # characters on opening tables in a group he came from, came first every time)
    tg.fake.closed.discard(BUDI.id)
    await tg.say(BUDI, "/start hand", chat=BUDI.id)
    mine = tg.private(BUDI)
    assert [c.text for c in mine if c.method == "sendMessage"] == [
        "Rak dan giliranmu datang ke sini, ke obrolan pribadi kita (/help: apa yang bisa kamu "
        "ketik)."]
    racks = [c for c in mine if c.method == "sendPhoto" and "Di tanganmu (Domino)" in c.text]
    assert racks and png_size(racks[-1].photo)[0] >= 400
    tg.fake.closed.add(BUDI.id)  # he blocks the bot later: the group hears again, once
    await tg.say(BUDI, "/hand")
    await tg.say(BUDI, "/hand")
    assert len([c for c in tg.group() if "t.me/" in c.text]) == 2


async def test_start_pressed_by_hand_in_the_private_chat_sends_the_rack_too(tg):
    tg.fake.closed.add(BUDI.id)
    await tg.open_dominoes()
    # he does not follow the link: he finds the bot and presses Start (a plain /start)
    tg.fake.closed.discard(BUDI.id)
    await tg.say(BUDI, "/start", chat=BUDI.id)
    mine = tg.private(BUDI)
    assert [c.text for c in mine if c.method == "sendMessage"][0].startswith(
        "Rak dan giliranmu datang ke sini, ke obrolan pribadi kita (/help")
    assert [c for c in mine if c.method == "sendPhoto" and "Di tanganmu (Domino)" in c.text]
    # someone at no table gets the help alone, no refusal; /help asked gets it whole
    await tg.say(CHEN, "/start", chat=CHEN.id)
    theirs = tg.private(CHEN)
    assert len(theirs) == 1 and "/new" in theirs[0].text
    await tg.say(BUDI, "/help", chat=BUDI.id)
    assert "\nPermainan batu: " in tg.private(BUDI)[-1].text  # (the games: no chat's, privately)


async def test_someone_playing_in_two_groups_gets_racks_that_name_each_group(tg):
    office = -200
    tg.fake.titles[office] = "Office"
    await tg.say(AYSE, "/new dominoes bots=random", chat=office)
    await tg.say(AYSE, "/start", chat=office)
    assert not [c for c in tg.private(AYSE) if "masası:" in c.text]  # one group: no name
    await tg.open_dominoes()  # in "Tile night", with Budi
    await tg.say(AYSE, "/hand", chat=office)
    racks = [c.text for c in tg.private(AYSE, "sendPhoto")]
    assert any(t.startswith("Tile night masası:\n") for t in racks)
    assert any(t.startswith("Office masası:\n") for t in racks)
    # her turn there: the rack and its buttons are one message, which names the group once
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    assert prompt.text.startswith("Office masası:\n") and prompt.text.count("Office") == 1
    assert not [c for c in tg.private(BUDI) if "Tile night" in c.text]  # one group for him


async def test_flood_control_in_the_group_holds_its_table_not_the_players_turns(tg):
    """Telegram allows about 20 messages a minute in a group: a group message refused with
    "retry after" waits, but the next player's rack and buttons (and the move time, D-D6)
    do not wait behind it; the tables that piled up go out as one picture, the newest,
    telling every move in order."""
    await tg.open_dominoes()
    table = tg.table()
    shown = len(tg.group("sendPhoto"))
    tg.fake.flood[GROUP] = 1  # the next group message is refused: retry after 3 s (time
    tg.fake.flood_wait = 3  # enough for both presses below on a busy machine)
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    assert [c.method for c in tg.fake.calls if c.method.endswith(":flood")] == ["sendPhoto:flood"]
    # the group's table waits; Budi's turn came at once, and he plays it
    assert len(tg.group("sendPhoto")) == shown and tg.door.held.holds(str(GROUP))
    assert table.seats[table.state.current_player].user == str(BUDI.id)
    prompt = [c for c in tg.private(BUDI) if c.buttons][-1]
    await tg.press(BUDI, prompt, prompt.buttons[0][0])
    assert len(tg.group("sendPhoto")) == shown  # held behind the first, in order
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the held table")
    (caught_up,) = tg.group("sendPhoto")[shown:]  # the tables of both moves: one picture
    lines = caught_up.text.splitlines()
    said = [next(i for i, ln in enumerate(lines) if ln.startswith(f"Koltuk {seat} ("))
            for seat in (1, 2, 3, 4)]  # Ayşe, Budi and the two computers after him
    assert said == sorted(said)
    assert sum(ln.startswith("Dizi:") for ln in lines) == 1  # the table as it is now, once
    assert lines[-1] == "Sıra: Ayşe. Hamle süresi: 45 sn."


async def test_a_group_that_allows_no_photos_gets_the_table_as_text(tg):
    tg.fake.no_photos.add(GROUP)  # the group's permissions: members may not send photos
    await tg.open_dominoes()
    table = tg.table()
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    tables = [c for c in tg.group("sendMessage") if "Dizi:" in c.text]
    assert len(tables) >= 2 and tables[-1].text.splitlines()[-1].startswith("Sıra: ")
    assert table.moves > 1
    # refused once; from then on the group's pictures go as text straight away
    assert len([c for c in tg.fake.calls if c.method == "sendPhoto:refused"]) == 1
    assert [c for c in tg.private(BUDI, "sendPhoto") if "Di tanganmu" in c.text]  # racks


async def test_a_forum_topic_is_a_room_of_its_own(tg):
    """A table opened in a forum group's topic is told in that topic, not in General; the
    group's General topic may hold a table of the same game; removing the bot closes both."""
    games = 7
    for person, text in ((AYSE, "/new dominoes"), (BUDI, "/join"), (AYSE, "/start")):
        await tg.say(person, text, topic=games)
    told = tg.group()
    assert told and all(c.topic == games for c in told)
    topic_table = tg.core.tables[max(tg.core.tables)]
    assert topic_table.chat == f"{GROUP}/{games}" and topic_table.status == "playing"
    # its turns go on as anywhere: Ayşe's move is told in the topic
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    assert topic_table.moves > 1 and all(c.topic == games for c in tg.group())
    await tg.say(CHEN, "/new dominoes")  # in General: another room, another table
    assert [c.topic for c in tg.group()][-1] is None
    # someone at both gets each one's racks headed by its place: the topic's named
    await tg.say(AYSE, "/join")  # Chen's table in General
    await tg.say(AYSE, "/hand", topic=games)
    assert any(c.text.startswith("Tile night / Games masası:\n")
               for c in tg.private(AYSE, "sendPhoto"))
    assert len([t for t in tg.core.tables.values() if t.game.id == "dominoes"]) == 2
    tg.fake.remove_bot(CHEN, GROUP)
    await until(lambda: not tg.core.tables, what="both tables closed")


async def test_a_group_that_removed_the_bot_unheard_closes_its_table_at_the_first_refusal(tg):
    """Removed while the bot was not running (Telegram keeps updates a day): no
    my_chat_member came, every group post was refused as kicked, and the match went on in
    private chats unseen and counted. The first refusal closes it, the players told."""
    await tg.open_dominoes()
    tg.fake.removed.add(GROUP)  # and no update says so
    told = {p.id: len(tg.private(p)) for p in (AYSE, BUDI)}
    await tg.say(AYSE, "/table")
    await until(lambda: not tg.core.tables, what="the table closed")
    await until(lambda: all(tg.private(p)[told[p.id]:] for p in (AYSE, BUDI)),
                what="both told")
    assert [c.text for p in (AYSE, BUDI) for c in tg.private(p)[told[p.id]:]] == [
        "Tile night içindeki Domino masası kapatıldı: bot artık o gruba ya da kanala "
        "ulaşamıyor. Hiçbir ligde sayılmaz.", "Meja Domino di Tile night ditutup: bot tidak "
        "bisa lagi menjangkau grup atau saluran itu. Tidak dihitung di liga mana pun."]
    assert not await tg.store.open_tables()


async def test_an_edited_command_is_not_a_second_command(tg):
    await tg.say(AYSE, "/new dominoes")
    await tg.say(AYSE, "/addbot")
    before = tg.door.handled
    tg.fake.edit(AYSE, GROUP, "/addbot")  # she fixes a typo in the message she sent
    await tg.settle(before)
    assert tg.table().count() == 2  # Ayşe and one computer, not two
    assert not [c for c in tg.group() if "Bilgisayar 3" in c.text]


async def test_a_second_process_polling_the_token_is_said_plainly(tg, caplog, monkeypatch):
    monkeypatch.setattr(telegram_door, "CONFLICT_LASTS", 2.0)  # instead of 15 s
    said = lambda: [r for r in caplog.records  # noqa: E731
                    if "another process is taking this bot's updates" in r.getMessage()]
    tg.fake.conflicts = 1  # one: a restart meeting its predecessor's last poll
    await until(lambda: tg.fake.conflicts == 0, what="the conflict")
    await tg.say(AYSE, "/new dominoes")  # polling goes on
    assert not said()
    tg.fake.conflicts = 10**6  # a second tilebot on the same token, for good
    await until(lambda: said(), timeout=30, what="the line about the other process")
    assert len(said()) == 1 and said()[0].levelno == logging.ERROR
    tg.fake.conflicts = 0


async def test_a_group_that_removes_the_bot_has_its_table_closed_and_the_players_told(tg):
    await tg.open_dominoes()
    table = tg.table()
    prompt = [c for c in tg.private(tg.mover()) if c.buttons][-1]
    before = tg.door.handled
    tg.fake.remove_bot(CHEN, GROUP)
    await tg.settle(before)
    assert table.status == "stopped" and table.id not in tg.core.tables
    assert (await tg.core.store.table(table.id)).status == "stopped"  # not restored
    assert not await tg.core.store.results(table.id)  # no result: it counts in no league
    assert "Meja Domino di Tile night ditutup: bot tidak bisa lagi menjangkau grup" \
        in tg.private(BUDI)[-1].text
    assert tg.private(AYSE)[-1].text.startswith("Tile night içindeki Domino masası kapatıldı")
    # their buttons came off; nothing more was sent to the group it left
    edits = [c for c in tg.fake.calls if c.method == "editMessageReplyMarkup"]
    assert str(prompt.message_id) in {str(c.params["message_id"]) for c in edits}
    assert not [c for c in tg.fake.calls if c.method.endswith(":refused")]


async def test_stop_by_a_chat_admin_works_and_by_another_member_is_refused(tg):
    await tg.say(AYSE, "/new okey101")
    await tg.say(BUDI, "/stop")
    assert tg.table().status == "lobby"
    assert "Hanya Ayşe (yang membuka meja) atau admin yang" in tg.private(BUDI)[-1].text
    await tg.say(CHEN, "/stop")  # not at the table, but an administrator of the group
    assert not [t for t in tg.core.tables.values() if t.chat == str(GROUP)]
    assert "Chen" in tg.group()[-1].text


async def test_a_chat_admin_is_known_as_one_when_telegram_asks_to_wait_first(tg):
    """getChatMember refused once by flood control (429, retry after 6 s): the admin's
    /stop was refused as a member's ("Only Ayşe ... or an admin")."""
    await tg.say(AYSE, "/new okey101")
    tg.fake.flood_calls[("getChatMember", GROUP)] = [6]  # longer than a 5 s cap had it
    await tg.say(CHEN, "/stop")
    assert [c for c in tg.fake.calls if c.method == "getChatMember:flood"]
    assert not [t for t in tg.core.tables.values() if t.chat == str(GROUP)]


async def test_a_chat_admin_starts_a_lobby_by_typing_start_as_by_its_button(tg):
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(BUDI, "/start")  # seated, but neither the opener nor an admin
    assert tg.table().status == "lobby"
    await tg.say(CHEN, "/start")  # an administrator of the group, not at the table
    assert tg.table().status == "playing"


async def test_another_bots_commands_and_group_chatter_are_ignored(tg):
    await tg.say(AYSE, "/new@some_other_bot okey101")
    await tg.say(AYSE, "hello everyone")
    assert not tg.fake.sent()
    await tg.say(AYSE, f"/help@{BOT['username']}")
    sent = tg.group()
    assert len(sent) == 1 and "/new" in sent[0].text
    assert not tg.core.tables


async def test_a_restart_resumes_the_table_and_its_buttons_still_work(tg):
    await tg.open_dominoes()
    table = tg.table()
    moves = table.moves
    await tg.halt()
    await tg.boot()
    table = tg.table()
    assert table.moves == moves
    mover = tg.mover()
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.press(mover, prompt, prompt.buttons[0][0])  # sent before the restart
    assert tg.table().moves > moves
    # the store kept where that prompt went: its buttons still come off after the move
    assert [c.method for c in tg.fake.calls if c.message_id == prompt.message_id
            and c.method.startswith("edit")] == ["editMessageReplyMarkup"]


async def test_a_stop_while_a_moves_group_picture_is_on_its_way_tells_the_move_once(tg):
    """Ctrl-C half a second after a press, while Telegram takes its time to answer the
    group's picture of the move: the stop waited for nothing under way, so the store never
    noted the move told, and the restart showed the group the same move again (and the
    next person a second rack). The stop lets the command end first."""
    await tg.open_dominoes()
    table = tg.table()
    mover = tg.mover()
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    moves = table.moves
    tg.fake.late_next = 3.0  # Telegram takes the group's picture, and answers in 3 s
    tg.fake.press(mover, prompt, prompt.buttons[0][0])
    await until(lambda: table.moves > moves, what="the move made")
    await asyncio.sleep(0.5)  # its picture on its way to the group
    await tg.halt()
    pictures = len(tg.group("sendPhoto"))
    await tg.boot()
    await asyncio.sleep(1.5)  # what a restart tells again would go out now
    assert len(tg.group("sendPhoto")) == pictures, [c.text[:60] for c in tg.group("sendPhoto")]


def test_long_texts_are_cut_at_line_ends_within_telegrams_limit():
    text = "\n".join(f"line {i} " + "x" * 50 for i in range(200))
    parts = split_text(text, 4096)
    assert len(parts) > 1 and all(len(p) <= 4096 for p in parts)
    assert "\n".join(parts) == text
    assert split_text("y" * 9000, 4096) == ["y" * 4096, "y" * 4096, "y" * 808]


def test_a_caption_is_shortened_to_its_first_lines_and_its_last():
    text = "\n".join(f"line {i} " + "x" * 50 for i in range(40)) + "\nTurn: Budi."
    short = shortened(text, 1024)
    assert len(short) <= 1024 and short.endswith("\n…\nTurn: Budi.")
    assert text.startswith(short.split("\n…\n")[0] + "\nline ")  # whole lines, in order
    assert shortened("a\nb", 1024) == "a\nb"  # one that fits is left as it is
    assert shortened("a\n" + "z" * 2000, 1024) == "a\n" + "z" * 1021 + "…"


def test_buttons_share_rows_and_a_long_move_gets_a_row_of_its_own():
    rows = keyboard([Choice("draw", "a"), Choice("take", "b"),
                     Choice("open r4 r5 r6 | b9 r9 k9 | y1 y2 y3", "c"),
                     Choice("discard r7", "d")]).inline_keyboard
    assert [[b.text for b in row] for row in rows] == [
        ["draw", "take"], ["open r4 r5 r6 | b9 r9 k9 | y1 y2 y3"], ["discard r7"]]
    assert rows[1][0].callback_data == "c"


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_the_request_to_open_a_private_chat_is_translated(lang):
    text = i18n.translate(lang, "core.dm_needed", {"player": "Budi", "link": "https://t.me/x"})
    assert "Budi" in text and "https://t.me/x" in text


async def test_a_caption_or_text_too_long_for_telegram_is_sent_whole_in_parts(tg):
    from bot.messages import Image, Line, Text, To

    buffer = io.BytesIO()
    PILImage.new("RGB", (40, 20), "green").save(buffer, "PNG")
    png = buffer.getvalue()
    long_line = "\n".join(f"meld {i}: r1 r2 r3 r4 r5 r6 r7" for i in range(60))  # ~2,000 chars
    to = To("telegram", chat=str(GROUP))
    before = len(tg.fake.calls)
    await tg.service.send([Image(to=to, lang="en", lines=(Line("core.error.text", {"text": long_line}),),
                                 png=png, kind="table")])
    photo, text = tg.fake.calls[before:]
    assert photo.method == "sendPhoto" and "caption" not in photo.params and photo.photo == png
    assert text.method == "sendMessage" and text.text == long_line
    before = len(tg.fake.calls)
    huge = "\n".join(long_line for _ in range(5))  # ~10,000 chars
    await tg.service.send([Text(to=to, lang="en", lines=(Line("core.error.text", {"text": huge}),))])
    parts = tg.fake.calls[before:]
    assert len(parts) == 3 and "\n".join(p.text for p in parts) == huge


async def test_a_caption_is_measured_as_telegram_does_an_emoji_counting_two(tg):
    """Telegram counts its 1,024 in UTF-16 code units: a table caption of 1,017 characters
    whose names hold emoji (1,032 units) went as a caption and was refused (a scan)."""
    from bot.messages import Image, Line, Text, To

    buffer = io.BytesIO()
    PILImage.new("RGB", (40, 20), "green").save(buffer, "PNG")
    caption = "\n".join(f"{i} (🎲🔥 Zoë ✨): 14 tiles" for i in range(40))[:1017]
    assert len(caption) <= 1024 < len(caption.encode("utf-16-le")) // 2
    to = To("telegram", chat=str(GROUP))
    before = len(tg.fake.calls)
    await tg.service.send([Image(to=to, lang="en", lines=(Line("core.error.text", {"text": caption}),),
                                 png=buffer.getvalue(), kind="table")])
    photo, text = tg.fake.calls[before:]
    assert photo.method == "sendPhoto" and "caption" not in photo.params
    assert text.method == "sendMessage" and text.text == caption
    # a text over 4,096 units, under 4,096 characters: in two parts, each taken
    before = len(tg.fake.calls)
    await tg.service.send([Text(to=to, lang="en", lines=(Line("core.error.text", {
        "text": "\n".join(caption for _ in range(4))}),))])
    assert [c.method for c in tg.fake.calls[before:]] == ["sendMessage", "sendMessage"]
    # more emoji than the limit: still cut to fit (the room never below half the limit)
    from bot.adapters.telegram import TEXT_MAX, room, units
    from bot.adapters.text_parts import split_text

    parts = split_text("😀" * 5000, room("😀" * 5000, TEXT_MAX))
    assert "".join(parts) == "😀" * 5000 and all(units(p) <= TEXT_MAX for p in parts)


async def test_themes_chosen_in_telegram_draw_the_racks_and_the_group_table(tg):
    await tg.open_dominoes()
    await tg.say(AYSE, "mytheme colorblind", chat=AYSE.id)  # any line in private is a command
    said = [c.text for c in tg.private(AYSE)]
    assert "Taşlarının resimleri artık her masada şu temada: renk körü." in said[-2:]
    await tg.say(BUDI, "/theme@tilebot_test_bot dark")
    assert tg.group()[-1].text == "Bu sohbetin resimleri artık şu temada: koyu.\n(Budi değiştirdi.)"
    # a mention of the bot (which Telegram's privacy mode lets through) is a command too
    await tg.say(BUDI, "@TileBot_Test_Bot theme default")
    assert tg.group()[-1].text.startswith("Bu sohbetin resimleri artık şu temada: ")
    assert "koyu" not in tg.group()[-1].text
    await tg.say(BUDI, "@tilebot_test_bot, theme dark")  # (a comma after the name too)
    assert tg.group()[-1].text.startswith("Bu sohbetin resimleri artık şu temada: koyu")
    # talk to the bot that names no command is talk: no "unknown command" answer
    before = len(tg.fake.calls)
    await tg.say(BUDI, "@tilebot_test_bot thanks!")
    assert not [c for c in tg.fake.calls[before:] if c.method == "sendMessage"]
    await tg.say(AYSE, "hand", chat=AYSE.id)
    await tg.say(AYSE, "/table")
    table = tg.table()
    snap = views.Snapshot(table.state)
    seat = next(i for i, s in enumerate(table.seats) if s.user == str(AYSE.id))
    assert tg.private(AYSE, "sendPhoto")[-1].photo == render_rack(snap.json(seat), "colorblind")
    assert tg.group("sendPhoto")[-1].photo == render_table(views.public_json(snap), "dark")


async def test_a_chat_admin_stops_one_of_two_tables_with_the_game_first(tg):
    """With two tables the bot asks for `/dominoes stop`: an administrator may type that."""
    await tg.say(AYSE, "/new okey101")
    await tg.say(AYSE, "/new dominoes")
    await tg.say(CHEN, "/stop")
    assert "/dominoes stop" in tg.private(CHEN)[-1].text or "game" in tg.private(CHEN)[-1].text
    await tg.say(CHEN, "/dominoes stop")
    left = [t.game.id for t in tg.core.tables.values() if t.chat == str(GROUP)]
    assert left == ["okey101"]
    assert "Chen" in tg.group()[-1].text


async def test_after_a_restart_the_group_of_someone_unreachable_is_known_from_the_table(tg):
    """The bot forgets, in a restart, where people last spoke; a rack that cannot reach a
    player is still told in the group of the table they sit at."""
    await tg.open_dominoes()
    await tg.halt()
    tg.fake.closed.add(BUDI.id)  # he blocked the bot meanwhile
    await tg.boot()
    before = len([c for c in tg.group() if "t.me/" in c.text])
    await tg.say(BUDI, "/hand", chat=BUDI.id)  # asked privately: nothing says where he plays
    asks = [c for c in tg.group() if "t.me/" in c.text]
    assert len(asks) == before + 1 and asks[-1].text.startswith("Budi,")


async def test_commands_typed_while_the_bot_was_down_are_taken_in_the_order_typed(tg):
    """They come in one batch after a restart; the door takes one chat's updates one after
    another (else /join and /start ran before /new had opened the table)."""
    await tg.say(AYSE, "/lang en")
    await tg.halt()
    for person, text in ((AYSE, "/new dominoes"), (BUDI, "/join"), (AYSE, "/start")):
        tg.fake.say(person, GROUP, text)
    await tg.boot()
    await until(lambda: tg.door.handled >= 3, what="the three commands")
    refused = [c.text for p in (AYSE, BUDI) for c in tg.private(p)
               if i18n.translate(p.language_code, "core.error.no_table", {"games": ""})[:12]
               in c.text]
    assert not refused, refused
    table = tg.table()
    assert table.status == "playing" and len(table.humans()) == 2


class _BadGatewayOnce(FakeTelegram):
    """Telegram's front answers 502 Bad Gateway to the next private sends, once each."""

    failing = 0

    def _deliver(self, method, params, photo):
        if self.failing and int(params["chat_id"]) > 0:
            self.failing -= 1
            return web.json_response({"ok": False, "error_code": 502,
                                      "description": "Bad Gateway"}, status=502)
        return super()._deliver(method, params, photo)


async def test_a_send_that_meets_a_network_failure_is_tried_again(tmp_path, monkeypatch):
    monkeypatch.setattr(telegram_door, "NETWORK_WAIT", 0.01, raising=False)
    fake = _BadGatewayOnce()
    async with running(TelegramRun, fake, tmp_path) as tg:
        await tg.open_dominoes()
        mover = tg.mover()
        prompt = [c for c in tg.private(mover) if c.buttons][-1]
        sent = {p.id: len(tg.private(p)) for p in (AYSE, BUDI)}
        fake.failing = 2  # this move's private messages meet a 502, then go through
        await tg.press(mover, prompt, prompt.buttons[0][0])
        assert fake.failing == 0
        nxt = tg.mover()  # the next person's rack and buttons came all the same
        assert [c for c in tg.private(nxt)[sent[nxt.id]:] if c.buttons]


class _GroupDown(FakeTelegram):
    """Telegram's front answers 502 Bad Gateway to the next `failing` sends to the group."""

    failing = 0

    def _deliver(self, method, params, photo):
        if self.failing and int(params["chat_id"]) < 0:
            self.failing -= 1
            self.calls.append(type(self.calls[0])(method + ":502", params, photo))
            return web.json_response({"ok": False, "error_code": 502,
                                      "description": "Bad Gateway"}, status=502)
        return super()._deliver(method, params, photo)


async def test_a_group_message_that_meets_a_failing_telegram_is_held_not_lost(
        tmp_path, monkeypatch):
    """Telegram answers 502 to the group for a while: the move's table picture waits and
    goes out once it answers again (the next player's rack does not wait behind it); one
    still held when the bot stops is told after the restart."""
    monkeypatch.setattr(telegram_door, "NETWORK_WAIT", 0.01)
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.05,) * 10)
    fake = _GroupDown()
    async with running(TelegramRun, fake, tmp_path) as tg:
        await tg.open_dominoes()
        shown = len(tg.group("sendPhoto"))
        fake.failing = 6  # more than a send's own tries
        prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
        await tg.press(AYSE, prompt, prompt.buttons[0][0])
        assert [c for c in tg.private(BUDI) if c.buttons][-1].message_id > prompt.message_id
        await until(lambda: len(tg.group("sendPhoto")) > shown, what="the held table")
        told = [c for c in tg.group("sendPhoto")[shown:] if "Koltuk 1 (Ayşe)" in c.text]
        assert len(told) == 1 and fake.failing == 0
        # Telegram down longer than the bot lives: the move is told after the restart
        monkeypatch.setattr(backlog, "AGAIN_WAITS", (60.0,))
        monkeypatch.setattr(telegram_door, "HELD_SENDS_WAIT", 0.2)
        shown = len(tg.group("sendPhoto"))
        fake.failing = 1000
        prompt = [c for c in tg.private(BUDI) if c.buttons][-1]
        await tg.press(BUDI, prompt, prompt.buttons[0][0])
        assert len(tg.group("sendPhoto")) == shown
        await tg.halt()
        fake.failing = 0
        await tg.boot()
        told = [c for c in tg.group("sendPhoto")[shown:] if "Koltuk 2 (Budi)" in c.text]
        assert len(told) == 1


class _LiftFails(FakeTelegram):
    """Telegram answers 502 to the next `failing` button lifts in the group."""

    failing = 0

    async def _editMessageReplyMarkup(self, params, photo):
        if self.failing and int(params["chat_id"]) < 0:
            self.failing -= 1
            return web.json_response({"ok": False, "error_code": 502,
                                      "description": "Bad Gateway"}, status=502)
        return await super()._editMessageReplyMarkup(params, photo)


async def test_a_group_message_that_is_out_is_not_sent_again_when_lifting_old_buttons_fails(
        tmp_path, monkeypatch):
    """A lobby line went out; taking the buttons off the lobby message before it meets a
    502, once: it is tried again there, and the line is not held and sent a second time."""
    monkeypatch.setattr(telegram_door, "NETWORK_WAIT", 0.01)
    fake = _LiftFails()
    async with running(TelegramRun, fake, tmp_path) as tg:
        await tg.say(AYSE, "/new dominoes")
        first = [c for c in tg.group() if c.buttons][-1]
        fake.failing = 1
        await tg.say(BUDI, "/join")
        await asyncio.sleep(0.3)  # a held copy would have gone out by now
        joined = [c for c in tg.group() if "Budi" in c.text]
        assert len(joined) == 1 and not tg.door.held.holds(str(GROUP))
        assert not tg.fake.messages[first.message_id][2]  # its buttons came off after all


async def test_a_slow_group_send_does_not_hold_up_the_next_persons_rack(tg, monkeypatch):
    """Telegram answers a group send late: after GROUP_PATIENCE the next person's rack and
    buttons go out, the group's table arrives in its own time, once, and the group's next
    messages come after it."""
    monkeypatch.setattr(telegram_door, "GROUP_PATIENCE", 0.2)
    await tg.open_dominoes()
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    tg.fake.slow_next = 1.5
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    rack = [c for c in tg.private(BUDI) if c.buttons][-1]
    assert rack.message_id > prompt.message_id
    assert not [c for c in tg.group("sendPhoto") if "Koltuk 1 (Ayşe)" in c.text]
    await tg.press(BUDI, rack, rack.buttons[0][0])  # its table waits behind the slow one
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the slow table")
    told = [c.text.splitlines()[0] for c in tg.group("sendPhoto")
            if c.text.startswith("Koltuk ")]
    assert told[-2].startswith("Koltuk 1 (Ayşe)") and told[-1].startswith("Koltuk 2 (Budi)")
    assert sum(t.startswith("Koltuk 1 (Ayşe)") for t in told) == 1


async def test_a_move_button_stops_its_spinner_before_the_moves_messages_go_out(tg):
    """Telegram shows a spinner on a pressed button until the press is answered: answered
    after the move's messages, it turned for every send the move caused (its buttons off, the group's table,
    the next rack and its buttons: 3 or 4 round trips in a row)."""
    await tg.open_dominoes()
    mover = tg.mover()
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    before = len(tg.fake.calls)
    await tg.press(mover, prompt, prompt.buttons[0][0])
    methods = [c.method for c in tg.fake.calls[before:]]
    # answered beside the first send (at once, not after the last)
    assert "answerCallbackQuery" in methods[:2] and methods.count("answerCallbackQuery") == 1
    assert len(methods) >= 4  # the move's own messages: buttons off, table, next rack...


async def test_a_slow_group_send_the_group_refuses_is_one_warning_line(tg, monkeypatch, caplog):
    """The bot is removed from the group while its slow table send is under way: Telegram
    refuses it (403) and that is logged as a refusal sent at once is, one warning line,
    not as an error with its trace; and a line that its table closes (the 403 says the bot
    was kicked)."""
    monkeypatch.setattr(telegram_door, "GROUP_PATIENCE", 0.2)
    await tg.open_dominoes()
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    tg.fake.slow_next = 0.6
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    tg.fake.removed.add(GROUP)  # while the table is on its way
    caplog.clear()
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the slow table")
    refused = [r for r in caplog.records if r.name == telegram_door.log.name]
    assert [(r.levelname, r.getMessage()) for r in refused] == [
        ("WARNING", f"telegram: cannot write to chat {GROUP}"),
        ("WARNING", f"telegram: not a member of chat {GROUP} (Forbidden: bot was kicked from "
                    "the group chat): its tables close")]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_group_picture_telegram_answers_late_is_shown_once(tg, monkeypatch):
    """Telegram takes the table picture but answers it 6 s late (more than
    python-telegram-bot's default timeout of 5 s): it is not sent again."""
    monkeypatch.setattr(telegram_door, "GROUP_PATIENCE", 0.2)
    await tg.open_dominoes()
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    tg.fake.late_next = 6.0
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the late answer",
                timeout=20)
    told = [c for c in tg.group("sendPhoto") if c.text.startswith("Koltuk 1 (Ayşe)")]
    assert len(told) == 1


async def test_the_lobby_is_played_with_its_buttons_in_the_group(tg):
    """Join, add a computer and start by pressing the lobby's buttons (real
    python-telegram-bot against the fake): a refusal pops up over the button (no private
    message), only the newest lobby message keeps buttons, and none are left at the start."""
    await tg.say(AYSE, "/new dominoes")
    created = [c for c in tg.group() if c.buttons][-1]
    assert [label for label, _ in created.buttons] == ["Katıl", "Ayrıl", "Bilgisayar ekle",
                                                      "Başlat"]  # Ayşe's Turkish
    await tg.press(BUDI, created, "Katıl")
    assert tg.table().seat_of(str(BUDI.id)) == 1
    joined = [c for c in tg.group() if c.buttons][-1]
    assert joined.message_id != created.message_id and "Budi" in joined.text
    assert not tg.fake.messages[created.message_id][2]  # one live set: the newest
    private_before = len(tg.private(BUDI))
    await tg.press(BUDI, joined, "Katıl")  # again: refused, over the button
    answer = [c for c in tg.fake.calls if c.method == "answerCallbackQuery"][-1]
    assert answer.params["text"] == "Kamu sudah duduk di kursi 2."  # in Budi's language
    assert answer.params["show_alert"] in (True, "true", "True")
    await tg.press(BUDI, joined, "Başlat")  # not the opener, not an admin
    answer = [c for c in tg.fake.calls if c.method == "answerCallbackQuery"][-1]
    assert answer.params["text"].startswith("Hanya Ayşe (yang membuka meja)")
    assert tg.table().status == "lobby"
    assert len(tg.private(BUDI)) == private_before  # nothing privately
    await tg.press(CHEN, joined, "Bilgisayar ekle")  # an admin may add a computer
    assert tg.table().count() == 3
    added = [c for c in tg.group() if c.buttons][-1]
    await tg.press(CHEN, added, "Başlat")  # and start it
    assert tg.table().status == "playing"
    assert not [m for m in tg.fake.messages.values() if m[0] == GROUP and m[2]]
    await tg.press(CHEN, added, "Katıl")  # a lobby button pressed late changes nothing
    assert tg.table().seat_of(str(CHEN.id)) is None


async def test_a_lobby_in_a_forum_topic_takes_presses_there(tg):
    await tg.say(AYSE, "/new okey101", topic=7)
    lobby = [c for c in tg.group() if c.buttons][-1]
    assert lobby.topic == 7
    await tg.press(BUDI, lobby, "Katıl")
    table = tg.core.tables[max(tg.core.tables)]
    assert table.chat == f"{GROUP}/7" and table.seat_of(str(BUDI.id)) == 1
    assert [c for c in tg.group() if c.buttons][-1].topic == 7


async def test_a_joiner_the_bot_cannot_write_to_hears_it_before_the_game_begins(tg):
    """Joining sends a private line (where the rack will come): when Telegram refuses it,
    the group is told how to open the private chat while the lobby still waits, not at
    the start when the rack is lost."""
    tg.fake.closed.add(BUDI.id)
    await tg.say(AYSE, "/new dominoes")
    lobby = [c for c in tg.group() if c.buttons][-1]
    await tg.press(BUDI, lobby, "Katıl")
    assert tg.table().status == "lobby" and tg.table().seat_of(str(BUDI.id)) == 1
    asks = [c for c in tg.group() if "t.me/" in c.text]
    assert len(asks) == 1 and asks[0].text.startswith("Budi, sana henüz özelden yazamıyorum")
    # a joiner the bot can write to gets the line privately, in their own language
    await tg.press(CHEN, [c for c in tg.group() if c.buttons][-1], "Katıl")
    assert tg.private(CHEN)[-1].text == ("You sit at seat 3 of the Dominoes table. Your tiles "
                                         "will come here, in this private chat, when the "
                                         "game begins.")


async def test_a_quiet_group_sees_one_table_picture_edited_in_place(tg):
    """/quiet: the group's table is one photo that each move edits (editMessageMedia, the
    picture and its caption), not a new photo per move; a command typed in the group puts
    the next table below it as a new photo."""
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    table = tg.table()
    (shown,) = [c for c in tg.group("sendPhoto") if "Dizi:" in c.text or "Sıra:" in c.text]
    for person in (AYSE, BUDI):
        prompt = [c for c in tg.private(person) if c.buttons][-1]
        await tg.press(person, prompt, prompt.buttons[0][0])
    edits = [c for c in tg.fake.calls if c.method == "editMessageMedia"]
    assert len(edits) == 2 and {c.message_id for c in edits} == {shown.message_id}
    assert png_size(edits[-1].photo)[0] >= 400 and edits[-1].photo != shown.photo
    caption = tg.fake.messages[shown.message_id][1]
    assert caption == edits[-1].params["caption"] and caption.splitlines()[-1] == \
        "Sıra: Ayşe. Hamle süresi: 45 sn."
    assert [c for c in tg.group("sendPhoto") if "Sıra:" in c.text] == [shown]  # no new one
    await tg.say(BUDI, "/table")  # typed below the picture: /table's is the live one now
    newest = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text][-1]
    assert newest.message_id > shown.message_id and "Sıra: Ayşe" in newest.text
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])  # ...which the next move edits
    assert [c for c in tg.group("sendPhoto") if "Sıra:" in c.text][-1] == newest
    assert tg.fake.messages[newest.message_id][1].splitlines()[-1].startswith("Sıra: Budi")
    assert table.moves > 2
    # a picture deleted in the group is sent anew
    del tg.fake.messages[newest.message_id]
    prompt = [c for c in tg.private(BUDI) if c.buttons][-1]
    await tg.press(BUDI, prompt, prompt.buttons[0][0])
    again = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text][-1]
    assert again.message_id > newest.message_id and "Sıra: Ayşe" in again.text


async def test_a_quiet_groups_picture_is_edited_in_place_after_a_restart_too(tg):
    """A restart (an upgrade) does not cost a quiet group a new photo: the store kept that
    the table photo was the last thing said there, so the next move edits it."""
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    (shown,) = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text]
    await tg.halt()
    await tg.boot()
    mover = tg.mover()
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.press(mover, prompt, prompt.buttons[0][0])
    assert [c for c in tg.group("sendPhoto") if "Sıra:" in c.text] == [shown]
    edits = [c for c in tg.fake.calls if c.method == "editMessageMedia"]
    assert [c.message_id for c in edits] == [shown.message_id]


async def test_a_quiet_groups_long_okey_table_is_still_one_picture_edited_in_place(tg):
    """An Okey 101 table with many melds is told in more than a caption holds (1,024
    characters): the quiet group's photo keeps a caption cut to fit (what happened first,
    whose turn last) and each move still edits it, with no new photo or text per move."""
    await tg.say(AYSE, "/quiet")
    await tg.say(AYSE, "/new okey101 rounds=1 bots=normal")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    before = len(tg.group())
    await tg.say(AYSE, "/leave")  # a computer plays her seat; Budi presses his buttons
    table = tg.table()
    for _ in range(400):
        if table.status == "finished":
            break
        prompt = [c for c in tg.private(BUDI) if c.buttons][-1]
        await tg.press(BUDI, prompt, prompt.buttons[0][0])
    assert table.status == "finished"
    edits = [c for c in tg.fake.calls if c.method == "editMessageMedia"]
    captions = [c.params["caption"] for c in edits]
    assert len({c.message_id for c in edits}) == 1 and all(len(c) <= 1024 for c in captions)
    cut = [c for c in captions if "\n…\n" in c]  # these were longer than a caption holds
    assert cut and all(c.splitlines()[-1].startswith("Sıra: ") for c in cut[:-1])
    # the last edit is the table as the round ended (no turn to name), then the scores:
    # after the leave, only its table picture (edited since) and the match's end are new
    assert "Masanın son hâli:" in captions[-1] and "Sıra: " not in captions[-1]
    assert [c.method for c in tg.group()[before:]] == ["sendPhoto", "sendPhoto"]
    assert "maçı bitti" in tg.group()[-1].text


async def test_a_quiet_groups_next_picture_comes_below_the_doors_own_note(tg):
    """The door's own note in the group (how to open a private chat) is said below the
    quiet table picture: the next move's picture is a new photo under it, not an edit of
    the one above the note."""
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    (shown,) = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text]
    tg.fake.closed.add(BUDI.id)  # he blocked the bot
    await tg.say(BUDI, "/hand", chat=BUDI.id)  # refused: the group is told how to open it
    (note,) = [c for c in tg.group() if "t.me/" in c.text]
    assert note.message_id > shown.message_id
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    newest = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text][-1]
    assert newest.message_id > note.message_id
    assert not [c for c in tg.fake.calls if c.method == "editMessageMedia"]


async def test_a_quiet_group_that_becomes_a_supergroup_gets_its_picture_there(tg):
    """The quiet table picture cannot be edited once its group became a supergroup (the bot
    finds out when Telegram refuses the edit): the move's picture goes to the supergroup as
    a new photo, and later moves edit that one."""
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    table = tg.table()
    supergroup = -1001234
    tg.fake.migrate(CHEN, GROUP, supergroup, announce=False)
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    (moved,) = [c for c in tg.fake.sent(supergroup, "sendPhoto") if "Sıra:" in c.text]
    assert "Sıra: Budi" in moved.text and table.chat == str(supergroup)
    prompt = [c for c in tg.private(BUDI) if c.buttons][-1]
    await tg.press(BUDI, prompt, prompt.buttons[0][0])
    assert [c for c in tg.fake.sent(supergroup, "sendPhoto") if "Sıra:" in c.text] == [moved]
    caption = tg.fake.messages[moved.message_id][1]
    assert caption.splitlines()[-1].startswith("Sıra: ") and caption != moved.text


async def test_a_very_long_telegram_name_is_shortened_where_the_bot_shows_it(tg):
    """Telegram allows 129 characters of first and last name: shown whole, one person's
    name would fill every seat line of the table's caption."""
    long = fake_telegram.Person(44, "Muhammad Abdurrahman Wicaksono Putra Pratama " * 2, "id")
    await tg.say(AYSE, "/new dominoes")
    await tg.say(long, "/join")
    joined = tg.group()[-1].text
    assert "Muhammad Abdurrahman Wicaksono…" in joined and "Putra" not in joined
    assert tg.table().seats[1].name == "Muhammad Abdurrahman Wicaksono…"


async def test_season_end_asks_telegram_whether_the_sender_is_a_chat_admin(tg):
    await tg.say(BUDI, "/season end")  # a member: refused privately
    assert tg.private(BUDI)[-1].text == "Hanya admin yang bisa menutup musim."
    await tg.say(CHEN, "/season end")  # an administrator: let through (no results to close)
    assert tg.private(CHEN)[-1].text == (
        "No league results in season 1 yet: there is nothing to close.")


async def test_group_messages_flood_control_held_when_the_bot_stopped_are_told_after_it(
        tg, monkeypatch):
    """A move's group messages count as told only once they are out: those still held back
    by flood control when the bot stops go out after the restart (the move's lines and the
    table), not lost."""
    monkeypatch.setattr(telegram_door, "HELD_SENDS_WAIT", 0.2)
    await tg.open_dominoes()
    table = tg.table()
    shown = len(tg.group("sendPhoto"))
    tg.fake.flood[GROUP] = 1
    tg.fake.flood_wait = 60  # longer than the bot lives
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    assert tg.door.held.holds(str(GROUP)) and len(tg.group("sendPhoto")) == shown
    moved = table.moves
    await tg.halt()  # the held table never went out
    await tg.boot()
    told = [c for c in tg.group("sendPhoto")[shown:] if "Koltuk 1 (Ayşe)" in c.text]
    assert len(told) == 1 and told[0].text.splitlines()[-1].startswith("Sıra: ")
    assert tg.table().moves == moved
    await tg.halt()  # told now: the next start tells nothing again
    await tg.boot()
    assert len([c for c in tg.group("sendPhoto")[shown:] if "Koltuk 1 (Ayşe)" in c.text]) == 1


async def test_a_command_sent_in_the_groups_name_is_answered_with_how_to_write_as_oneself(tg):
    """An anonymous admin's /stop names nobody the bot could check or seat: the group is
    told so in its language (it vanished without a word), and nothing changes."""
    await tg.open_dominoes()
    moves = tg.table().moves
    await tg.say(CHEN, "/stop", anonymous=True)
    assert tg.group()[-1].text.startswith(
        "Bu, grubun ya da bir kanalın adına gönderildi; kimin yazdığını bilemiyorum.")
    assert tg.table().status == "playing" and tg.table().moves == moves
    said = len(tg.group())
    await tg.say(CHEN, "/stop@someotherbot", anonymous=True)  # not for us: no answer
    assert len(tg.group()) == said


async def test_a_right_to_left_name_keeps_its_seat_number_beside_it(tg):
    """A player named in Arabic: the lobby line isolates the name, so "(2/4)" and the seat
    stay where the sentence puts them (the bidi rules carried numbers across it)."""
    from .door_harness import fake_telegram

    omar = fake_telegram.Person(44, "عمر", "en")
    await tg.say(CHEN, "/new dominoes")
    await tg.say(omar, "/join")
    line = [c.text for c in tg.group() if "عمر" in c.text][-1]
    assert "\u2068عمر\u2069 sits at seat 2 (2/4)." in line


async def test_a_log_set_to_debug_holds_no_rack(tg, caplog):
    """python-telegram-bot logs every request's parameters at DEBUG: each rack's caption
    (a privacy scan, 185 lines of one game). Its loggers stay at INFO whatever the log's
    level; the bot's own say no tile."""
    with logging_at_debug(caplog):
        await tg.open_dominoes()
        person = tg.mover()
        prompt = [c for c in tg.private(person) if c.buttons][-1]
        await tg.press(person, prompt, prompt.buttons[0][0])
    racks = [c.text.split("\n")[0] for p in (AYSE, BUDI) for c in tg.private(p, "sendPhoto")]
    assert racks and not [r for r in caplog.records
                          if any(rack in r.getMessage() for rack in racks)]


async def test_a_lobby_press_asks_telegram_who_is_an_admin_only_where_it_decides(tg):
    """The admin lookup (waited out since flood control refused an admin's /stop) ran for
    every lobby press: a member's Join waited 8 s behind it, and the group's commands with
    it. Join and the opener's Start ask nothing."""
    await tg.say(AYSE, "/new dominoes")
    lobby = [c for c in tg.group() if c.buttons][-1]
    labels = [label for label, _ in lobby.buttons]
    tg.fake.flood_calls[("getChatMember", GROUP)] = [30]
    await tg.press(BUDI, lobby, labels[0])  # Join
    assert tg.table().seat_of(str(BUDI.id)) is not None
    start = next(label for label in labels if "Start" in label or "Başlat" in label)
    await tg.press(AYSE, lobby, start)  # the opener's
    assert tg.table().status == "playing"
    assert not [c for c in tg.fake.calls if c.method.startswith("getChatMember")]
