"""The Discord door end to end: discord.py's real code logs in to a local fake of Discord's
REST API and gateway (tests/bot/fake_discord.py), registers its slash commands, and a real
core plays on a real SQLite file with real pictures. People use slash commands in a
channel and press the buttons under their racks in direct messages; the tests read what
the fake was asked to send, and where."""

from __future__ import annotations

import asyncio
import io
import logging

import pytest
from PIL import Image as PILImage

from bot import views
from bot.adapters import backlog
from bot.adapters import discord as discord_door
from bot.adapters.discord import buttons_view, command_words, slash_commands
from bot.messages import Choice, Image, Line, Text, To
from bot.timers import SystemClock
from render.views import render_rack, render_table

from . import fake_discord
from .door_harness import D_AYSE as AYSE
from .door_harness import D_BUDI as BUDI
from .door_harness import D_CHEN as CHEN
from .door_harness import logging_at_debug, png_size, until
from .fake_discord import CHANNEL


async def test_the_slash_commands_are_registered_at_login(dc):
    names = {c["name"] for c in dc.fake.commands}
    assert {"new", "join", "start", "stop", "move", "hand", "table", "back", "lang"} <= names
    new = next(c for c in dc.fake.commands if c["name"] == "new")
    assert [ch["value"] for ch in new["options"][0]["choices"]] == [
        "okey101", "yuzbir", "rummikub", "dominoes"]
    # shown in each person's language: descriptions and the names of the choices
    assert new["description_localizations"]["tr"] == "bir masa aç"
    assert new["options"][0]["choices"][0]["name_localizations"]["hi"] == "ओकेय 101"
    theme = next(c for c in dc.fake.commands if c["name"] == "mytheme")["options"][0]
    assert [(ch["value"], ch["name_localizations"]["tr"]) for ch in theme["choices"]] == [
        ("default", "varsayılan"), ("colorblind", "renk körü"), ("dark", "koyu")]
    for command in dc.fake.commands:
        texts = [command["description"], *command["description_localizations"].values()]
        assert all(1 <= len(t) <= 100 for t in texts), command["name"]
        for option in command["options"]:
            texts = [option["description"], *option["description_localizations"].values()]
            assert all(1 <= len(t) <= 100 for t in texts), (command["name"], option["name"])
    # each move's tiles say what that move takes (one text for all said "e.g. r7 or 3-5
    # left" to /add, /swap and /drop alike)
    tiles = {c["name"]: next(o for o in c["options"] if o["name"] == "tiles")
             for c in dc.fake.commands if any(o["name"] == "tiles" for o in c["options"])}
    assert tiles["add"]["description"].endswith("e.g. r7 to 2")
    assert tiles["swap"]["description_localizations"]["tr"].endswith("ör. b8 in 2")
    assert "left" not in tiles["drop"]["description"]
    game = {c["name"]: next(o for o in c["options"] if o["name"] == "game")
            for c in dc.fake.commands if any(o["name"] == "game" for o in c["options"])}
    assert "league" not in game["join"]["description"] + game["discard"]["description"]
    assert game["league"]["description"] == "which game's league"


async def test_a_channel_plays_dominoes_through_discord_to_the_end(dc):
    await dc.open_dominoes()
    channel = dc.fake.sent(CHANNEL)
    assert channel[0].text == "Bu kanalın dili artık Türkçe.\n(Ayşe değiştirdi.)"  # a channel, as its help says
    assert channel[1].text.startswith("Ayşe bir masa açtı: Domino (players=4")
    table_msg = [c for c in channel if c.file][-1]
    assert png_size(table_msg.file)[0] >= 400 and "Domino" in table_msg.text
    for person, heading in ((AYSE, "Taşların (Domino)"), (BUDI, "Di tanganmu (Domino)")):
        racks = [c for c in dc.fake.to(person) if c.file and heading in c.text]
        assert racks, f"{person.name} got no rack"
        assert png_size(racks[-1].file)[0] >= 400
    for call in dc.fake.sent(CHANNEL):  # nothing private in the channel; no move buttons
        assert "Taşların" not in call.text and "Di tanganmu" not in call.text
        assert all(data.startswith("l:") for _label, data in call.buttons)
    # the lobby's buttons came off when the game began
    assert not [m for m in dc.fake._messages.values() if m["channel_id"] == CHANNEL
                and m["components"]]
    # every command was answered at once (deferred), privately, then its note removed
    callbacks = [c for c in dc.fake.calls if c.method == "callback"]
    assert len(callbacks) == 4 and all(c.params["type"] == 5 for c in callbacks)
    assert all(c.params["data"]["flags"] == 64 for c in callbacks)
    table = dc.table()
    presses = 0
    while table.status != "finished":
        mover = dc.mover()
        prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
        moves = table.moves
        label = prompt.buttons[0][0]
        await dc.press(mover, prompt, label)
        presses += 1
        assert table.moves > moves, f"pressing {label!r} made no move"
        # the buttons came under the rack picture; afterwards only the buttons went
        assert prompt.file is not None and "(Domino): " in prompt.text
        edits = [c for c in dc.fake.calls if c.method == "edit" and c.message_id == prompt.message_id]
        assert len(edits) == 1 and edits[0].params.get("components") == []
        assert "content" not in edits[0].params
        assert presses < 80, "the game does not end"
    final = [c for c in dc.fake.sent(CHANNEL) if c.file][-1]
    assert "Domino maçı bitti" in final.text and png_size(final.file)[0] >= 300
    await dc.slash(BUDI, "league", game="dominoes")
    standings = dc.fake.sent(CHANNEL)[-1].text
    assert "Ayşe" in standings and "Budi" in standings
    assert final.buttons == [("Tekrar oyna", f"l:{table.id}:again")]  # under the scores
    await dc.press(CHEN, final, "Tekrar oyna")
    again = dc.core.tables[max(dc.core.tables)]
    assert again.status == "lobby" and again.seat_of(CHEN.id) == 0
    assert again.options == table.options
    assert not dc.fake._messages[final.message_id]["components"]  # pressed once: gone


async def test_someone_playing_in_two_channels_gets_racks_that_name_each_channel(dc):
    dc.fake.channels["520"] = "office"
    await dc.slash(AYSE, "new", game="dominoes", options="bots=random", channel="520")
    await dc.slash(AYSE, "start", channel="520")
    assert not [c for c in dc.fake.to(AYSE) if "masası:" in c.text]  # one channel: no name
    await dc.open_dominoes()  # in #games, with Budi
    racks = [c.text for c in dc.fake.to(AYSE) if c.file]
    assert any(t.startswith("Tile club #games masası:\n") for t in racks)
    await dc.slash(AYSE, "hand", channel="520")
    racks = [c.text for c in dc.fake.to(AYSE) if c.file] + [c.params.get("content", "") for c in
                                                             dc.fake.calls if c.method == "reply"]
    assert any(t.startswith("Tile club #office masası:\n") for t in racks)
    assert not [c for c in dc.fake.to(BUDI) if "#games" in c.text]  # one channel for him


async def test_a_server_that_removes_the_bot_has_its_tables_closed_and_players_told(dc):
    await dc.open_dominoes()
    assert dc.core.tables
    await dc.fake.remove_bot()
    await until(lambda: not dc.core.tables, what="the table closed")
    for person in (AYSE, BUDI):  # told privately: nobody can see the channel's table now
        await until(lambda p=person: any("kapatıldı" in c.text or "ditutup" in c.text
                                         for c in dc.fake.to(p)), what="told privately")


async def test_a_deleted_channel_closes_its_tables_only(dc):
    dc.fake.channels["520"] = "office"
    await dc.slash(AYSE, "new", game="dominoes", channel="520")
    await dc.open_dominoes()  # in #games
    await dc.fake.delete_channel(CHANNEL)
    await until(lambda: len(dc.core.tables) == 1, what="the #games table closed")
    (left,) = dc.core.tables.values()
    assert left.chat == "520" and left.status == "lobby"


async def test_a_move_text_no_game_knows_is_refused_as_a_move_not_an_unknown_command(dc):
    """`/move text:xyz` was answered "Unknown command /xyz": the person typed /move."""
    await dc.open_dominoes()
    mover = dc.mover()
    moves = dc.table().moves
    await dc.slash(mover, "move", text="xyz")
    reply = dc.fake.replies()[-1].text
    assert "/xyz" not in reply and "xyz" in reply and dc.table().moves == moves
    assert reply.startswith({"tr": "Domino hamlesi değil", "id": "Bukan langkah domino"}[
        mover.locale]), reply


async def test_a_refusal_is_the_private_reply_to_the_command_not_a_direct_message(dc):
    await dc.open_dominoes()
    table = dc.table()
    mover = dc.mover()
    other = BUDI if mover is AYSE else AYSE
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    moves, dms = table.moves, len(dc.fake.to(other))
    await dc.slash(other, "move", text="play " + prompt.buttons[0][0].split()[-1])
    assert table.moves == moves
    expected = {"tr": "Sıra sende değil", "id": "Bukan giliranmu"}[other.locale]
    reply = dc.fake.replies()[-1]
    assert expected in reply.text and reply.params.get("flags") == 64
    assert len(dc.fake.to(other)) == dms  # no direct message for it
    # the mover types it with the move's own slash command, in the channel
    await dc.slash(mover, "play", tiles=prompt.buttons[0][0].split(maxsplit=1)[1])
    assert table.moves > moves
    # then presses the button of that move, now over, in their direct messages: refused
    if table.status != "finished":
        moves = table.moves
        await dc.press(mover, prompt, prompt.buttons[0][0])
        stale = {"tr": "O düğme önceki bir hamleye ait.",
                 "id": "Tombol itu untuk langkah sebelumnya."}[mover.locale]
        assert dc.fake.replies()[-1].text == stale
        assert table.moves == moves


async def test_a_prompt_sent_again_takes_the_buttons_off_the_earlier_one(dc):
    await dc.open_dominoes()
    mover = dc.mover()
    first = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.slash(mover, "hand")
    again = [c for c in dc.fake.to(mover) if c.buttons][-1]
    assert again.message_id != first.message_id and again.buttons == first.buttons
    off = [c for c in dc.fake.calls if c.method == "edit" and c.channel != CHANNEL]
    assert [c.message_id for c in off] == [first.message_id]
    assert off[0].params.get("components") == [] and "content" not in off[0].params
    moves = dc.table().moves
    await dc.press(mover, again, again.buttons[0][0])
    assert dc.table().moves > moves


async def test_someone_with_closed_direct_messages_is_told_in_the_channel_once(dc):
    dc.fake.closed.add(BUDI.id)
    await dc.open_dominoes()
    told = [c.text for c in dc.fake.sent(CHANNEL) if "/hand" in c.text and "Budi" in c.text]
    assert told == ["Budi, taşlarını sana özelden gönderemiyorum: bu sunucunun üyelerinden "
                    "gelen doğrudan mesajlara izin ver (Gizlilik Ayarları), sonra /hand yaz."]
    await dc.slash(AYSE, "table")
    assert len([c for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text]) == 1
    dc.fake.closed.discard(BUDI.id)
    await dc.slash(BUDI, "hand")
    racks = [c for c in dc.fake.to(BUDI) if c.file and "Di tanganmu (Domino)" in c.text]
    assert racks and png_size(racks[-1].file)[0] >= 400
    dc.fake.closed.add(BUDI.id)  # closed again after a message got through: told again
    await dc.slash(BUDI, "hand")
    assert len([c for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text]) == 2


async def test_closed_direct_messages_show_at_join_before_the_game_begins(dc):
    """The seat note goes to the direct messages: closed ones are found at /join, when
    there is time to open them, and the note comes as the private reply instead."""
    dc.fake.closed.add(BUDI.id)
    await dc.slash(AYSE, "lang", language="tr")
    await dc.slash(AYSE, "new", game="dominoes")
    await dc.slash(BUDI, "join")
    assert dc.table().status == "lobby"
    assert [c.text for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text] == [
        "Budi, taşlarını sana özelden gönderemiyorum: bu sunucunun üyelerinden gelen doğrudan "
        "mesajlara izin ver (Gizlilik Ayarları), sonra /hand yaz."]
    assert dc.fake.replies()[-1].text.startswith("Kamu duduk di kursi 2 di meja Domino.")


async def test_closed_direct_messages_a_persons_own_command_answers_with_their_rack(dc):
    """/hand (or any command of theirs) from someone whose DMs are closed: the rack their
    DMs refused comes as their interaction's reply, which only they see."""
    dc.fake.closed.add(BUDI.id)
    await dc.open_dominoes()
    before = len(dc.fake.replies())
    await dc.slash(BUDI, "hand")
    mine = [c for c in dc.fake.replies()[before:] if c.file]
    assert mine and "Di tanganmu (Domino)" in mine[-1].text
    assert mine[-1].params.get("flags") == 64  # ephemeral: only Budi sees it
    assert png_size(mine[-1].file)[0] >= 400
    assert not [c for c in dc.fake.sent(CHANNEL) if "Di tanganmu" in c.text]  # never in public


async def test_a_channel_the_bot_may_not_post_in_is_explained_to_whoever_uses_a_command(dc):
    dc.fake.muted.add(CHANNEL)
    await dc.slash(AYSE, "new", game="dominoes")
    # no table opens there: nobody could see its lobby or press Join (one opened, was
    # joined and played unseen, every channel message refused twice)
    assert not dc.core.tables and not await dc.store.open_tables()
    assert not [c for c in dc.fake.calls if c.method == "refused"]
    assert dc.fake.replies()[-1].text == (
        "Bu kanala yazamıyorum: bana burada Mesaj Gönder ve Dosya Ekle izinlerini ver ya da "
        "başka bir kanalda oyna.")
    assert dc.fake.replies()[-1].params.get("flags") == 64


async def test_a_channel_closed_mid_game_is_named_once_to_each_player_moving_in_dms(dc):
    """Send Messages taken away in the table's channel: each move button pressed in direct
    messages got "I cannot post in this channel" (their DMs, read so), every time."""
    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    notes = []
    for _ in range(4):  # two moves each
        mover = dc.mover()
        prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
        before = len(dc.fake.replies())
        await dc.press(mover, prompt, prompt.buttons[0][0])
        notes += [(mover.name, c.text) for c in dc.fake.replies()[before:]
                  if "#" in c.text or "kanal" in c.text or "saluran" in c.text]
    assert sorted(notes) == sorted({notes[0], notes[1]}) and len(notes) == 2, notes
    assert all("this channel" not in text and "Bu kanala" not in text for _, text in notes)
    assert any(text.startswith("Artık ") and "kanalına yazamıyorum" in text
               for _, text in notes), notes
    dc.fake.muted.discard(CHANNEL)  # given back: the channel hears the next move
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.press(mover, prompt, prompt.buttons[0][0])
    dc.fake.muted.add(CHANNEL)  # and taken away again: said again
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    before = len(dc.fake.replies())
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert any("#" in c.text for c in dc.fake.replies()[before:])


async def test_a_setting_changed_in_a_channel_the_bot_cannot_post_in_is_confirmed_to_its_asker(
        dc):
    """/lang in a channel the bot may not post in: the language changed, and its asker was
    told only that the bot cannot post there."""
    dc.fake.muted.add(CHANNEL)
    await dc.slash(CHEN, "lang", language="id")
    reply = dc.fake.replies()[-1].text
    assert reply.startswith("This channel now speaks Indonesian.") \
        and "I cannot post in this channel" in reply, reply  # in Chen's words, English
    assert await dc.store.chat_lang("discord", CHANNEL) == "id"


async def test_help_shows_the_slash_commands_options_in_the_readers_language(dc):
    await dc.slash(AYSE, "help")  # answered to Ayşe alone, in her language
    assert not dc.fake.sent(CHANNEL)  # the channel did not see her ask: nothing out of nowhere
    reply = dc.fake.replies()[-1]
    assert reply.params["flags"] == 64 and reply.text.startswith(
        "Bu kanal için taş oyunları. Oyunlar: ")
    assert "/discard tiles:r7" in reply.text and "/new game:<oyun> options:<" in reply.text
    await dc.slash(BUDI, "rules", game="dominoes")  # a lookup too
    assert not dc.fake.sent(CHANNEL) and dc.fake.replies()[-1].text.startswith("Domino: ")
    await dc.slash(BUDI, "lang")  # which language the channel speaks: a lookup as well
    assert not dc.fake.sent(CHANNEL)
    assert dc.fake.replies()[-1].params["flags"] == 64


async def test_the_door_says_whether_discord_answers_while_the_gateway_is_down(dc):
    """A move's time waits while the platform does not answer (bot/turn_timers.py): the
    door says the gateway is down once it closed, and up again once discord.py is back."""
    assert await dc.service.reachable()
    port = int(dc.fake.url.rsplit(":", 1)[1])
    await dc.fake.close()  # Discord down: the gateway closes and nothing answers
    await until(lambda: not dc.service.client.ws.open, what="the gateway closing")
    assert not await dc.service.reachable()
    await dc.fake.start(port)  # back, where it was
    await until(lambda: dc.service.client.ws.open, timeout=60, what="discord.py reconnecting")
    assert await dc.service.reachable()


async def test_addbot_offers_every_level_help_names(dc):
    """/help lists the levels random, beginner, normal and expert (README "Computer
    players"); the slash command's choices must offer each of them, in the reader's words."""
    from bot.adapters.discord import slash_commands

    (addbot,) = [c for c in slash_commands() if c["name"] == "addbot"]
    (level,) = [o for o in addbot["options"] if o["name"] == "level"]
    assert [c["value"] for c in level["choices"]] == ["random", "beginner", "normal", "expert"]
    assert [c["name_localizations"]["tr"] for c in level["choices"]][1:] == [
        "acemi", "normal", "usta"]
    await dc.slash(AYSE, "new", game="dominoes")
    await dc.slash(AYSE, "addbot", level="random")
    assert [s.level for s in dc.table().seats if s is not None and not s.user] == ["random"]


async def test_stop_by_a_server_manager_works_and_by_another_member_is_refused(dc):
    await dc.slash(AYSE, "new", game="okey101")
    await dc.slash(BUDI, "stop")
    assert dc.table().status == "lobby"
    assert "Hanya Ayşe (yang membuka meja)" in dc.fake.replies()[-1].text
    await dc.slash(CHEN, "stop")
    assert not [t for t in dc.core.tables.values() if t.chat == CHANNEL]


async def test_a_server_manager_starts_a_lobby_with_the_slash_command(dc):
    await dc.slash(AYSE, "new", game="dominoes")
    await dc.slash(BUDI, "join")
    await dc.slash(BUDI, "start")  # seated, but neither the opener nor a manager
    assert dc.table().status == "lobby"
    await dc.slash(CHEN, "start")
    assert dc.table().status == "playing"


async def test_a_restart_resumes_the_table_and_the_buttons_sent_before_it_work(dc):
    await dc.open_dominoes()
    moves = dc.table().moves
    await dc.halt()
    await dc.boot()
    assert dc.table().moves == moves
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert dc.table().moves > moves
    # the store kept where that prompt went: its buttons still come off after the move
    edits = [c for c in dc.fake.calls if c.method == "edit" and c.message_id == prompt.message_id]
    assert len(edits) == 1 and edits[0].params.get("components") == []


def test_slash_options_become_the_words_of_a_typed_command():
    assert command_words({"name": "new", "options": [
        {"name": "options", "value": "rounds=3 doubling=on"},
        {"name": "game", "value": "okey101"}]}) == ("new", ("okey101", "rounds=3", "doubling=on"))
    assert command_words({"name": "addbot", "options": [
        {"name": "seat", "value": 3}, {"name": "level", "value": "expert"}]}) == (
        "addbot", ("expert", "3"))
    assert command_words({"name": "move", "options": [
        {"name": "text", "value": "/dominoes play 3-5 left"}]}) == (
        "dominoes", ("play", "3-5", "left"))
    assert command_words({"name": "mytheme", "options": [
        {"name": "theme", "value": "colorblind"}]}) == ("mytheme", ("colorblind",))
    assert command_words({"name": "arrange", "options": [
        {"name": "order", "value": "groups"}]}) == ("arrange", ("groups",))
    assert command_words({"name": "arrange", "options": [  # one's own layout (Y-D9)
        {"name": "tiles", "value": "5 6 7 | 1 2"}, {"name": "game", "value": "okey101"}]}) == (
        "arrange", ("okey101", "5", "6", "7", "|", "1", "2"))
    assert all(len(c["description"]) <= 100 for c in slash_commands())
    for command in slash_commands():  # Discord refuses option texts over 100 characters
        for option in command["options"]:
            texts = [option["description"], *option["description_localizations"].values()]
            for choice in option.get("choices", ()):
                texts += [choice["name"], *choice.get("name_localizations", {}).values()]
            assert all(1 <= len(t) <= 100 for t in texts), (command["name"], option["name"])


def test_buttons_go_five_to_a_row_and_at_most_twenty_five():
    view = buttons_view([Choice(f"discard r{i}", f"p{i}") for i in range(30)])
    rows = [item.row for item in view.children]
    assert len(rows) == 25 and rows[:6] == [0, 0, 0, 0, 0, 1] and max(rows) == 4


def test_every_move_of_every_game_has_its_slash_command():
    import random

    import rules

    verbs = set()
    for game_id in rules.game_ids():
        game = rules.find_game(game_id)
        for seed in range(3):
            state = game.new(game.Config(), seed=seed)
            rng = random.Random(seed)
            for _ in range(400):
                if state.is_finished:
                    break
                legal = state.legal_actions()
                verbs |= {str(a).split()[0] for a in legal}
                state.apply(rng.choice(legal))
    registered = {c["name"] for c in slash_commands()}
    assert verbs and verbs <= registered, verbs - registered
    assert command_words({"name": "discard", "options": [{"name": "tiles", "value": "r7"}]}) == (
        "discard", ("r7",))
    assert command_words({"name": "play", "options": [
        {"name": "tiles", "value": "3-5 left"}, {"name": "game", "value": "dominoes"}]}) == (
        "dominoes", ("play", "3-5", "left"))


async def test_a_text_too_long_for_discord_is_sent_whole_in_parts_with_the_picture_first(dc):
    from bot.messages import Image, Line, To

    buffer = io.BytesIO()
    PILImage.new("RGB", (40, 20), "green").save(buffer, "PNG")
    long_text = "\n".join(f"meld {i}: r1 r2 r3 r4 r5 r6 r7" for i in range(150))  # ~5,000 chars
    before = len(dc.fake.calls)
    await dc.service.send([Image(to=To("discord", chat=CHANNEL), lang="en", png=buffer.getvalue(),
                                 lines=(Line("core.error.text", {"text": long_text}),), kind="table")])
    parts = dc.fake.calls[before:]
    assert len(parts) == 3 and all(len(p.text) <= 2000 for p in parts)
    assert "\n".join(p.text for p in parts) == long_text
    assert parts[0].file == buffer.getvalue() and parts[1].file is None


async def test_slash_theme_and_arrange_draw_the_racks_and_the_channel_table(dc):
    await dc.open_dominoes()
    await dc.slash(AYSE, "mytheme", theme="dark")
    await dc.slash(BUDI, "theme", theme="colorblind")
    assert dc.fake.sent(CHANNEL)[-1].text == ("Bu kanalın resimleri artık şu temada: renk körü."
                                              "\n(Budi değiştirdi.)")
    await dc.slash(AYSE, "arrange", order="groups")  # dominoes hands keep their order
    await dc.slash(AYSE, "hand")
    await dc.slash(AYSE, "table")
    table = dc.table()
    snap = views.Snapshot(table.state)
    seat = next(i for i, s in enumerate(table.seats) if s.user == str(AYSE.id))
    assert [c for c in dc.fake.to(AYSE) if c.file][-1].file == render_rack(snap.json(seat), "dark")
    assert [c for c in dc.fake.sent(CHANNEL) if c.file][-1].file == render_table(
        views.public_json(snap), "colorblind")


async def test_closed_direct_messages_are_told_once_over_many_turns(dc):
    """Every turn edits the last buttons away; an edit of a rack that never arrived is no
    message getting through, so the channel is not told again each turn."""
    dc.fake.closed.add(BUDI.id)
    await dc.open_dominoes()
    for _ in range(8):
        table = dc.table()
        if table.state is None or table.state.is_finished:
            break
        seat = table.state.current_player
        await dc.slash(dc.mover(), "move", text=table.state.view(seat).legal[0])
    assert len([c for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text]) == 1


async def test_a_timeouts_private_note_reaches_the_person_under_real_timers(dc):
    """O30 with real asyncio timers: the timer belongs to no command, so what the door keeps
    for the command that set it (whom it is answering) must not swallow the timeout's
    direct messages."""

    class Hurried(SystemClock):  # real loop timers, a hundred times sooner
        def call_at(self, when, callback):
            return super().call_at(self.now() + (when - self.now()) / 100, callback)

    await dc.halt()
    dc.clock = Hurried()
    await dc.boot()
    await dc.slash(AYSE, "new", game="dominoes", options="timer=10 bots=random")
    await dc.slash(AYSE, "start")  # Ayse against three computers; she never moves
    await until(lambda: any(s.away for _, s in dc.table().humans()), what="two timeouts")
    note = "Üst üste iki kez süren doldu: masada başka kimse"  # Turkish; she is alone
    await until(lambda: any(note in c.text for c in dc.fake.to(AYSE)),
                what="the note that a computer keeps the seat")


async def test_names_in_messages_ping_nobody(dc):
    """A nickname such as "@everyone <@22>" is repeated on turn lines: every message the bot
    sends tells Discord to parse no mentions."""
    await dc.open_dominoes()
    posted = [c for c in dc.fake.calls if c.method in ("send", "reply") and c.text]
    assert posted and all(c.params.get("allowed_mentions") == {"parse": []} for c in posted), \
        {c.method: c.params.get("allowed_mentions") for c in posted}


async def test_names_and_texts_are_shown_as_typed_not_read_as_markdown(dc):
    """A nickname "**Bo_ld** `x`" would be bold and code, a "*" okey or two "dead_tiles"
    italics: the bot escapes Discord's markdown in what it sends, so the channel shows
    the characters as written."""
    bold = fake_discord.Person("44", "**Bo_ld** `x`", "en-US")
    await dc.slash(bold, "new", game="dominoes", options="dead_tiles=off")
    created = dc.fake.sent(CHANNEL)[-1].text
    assert "\\*\\*Bo\\_ld\\*\\* \\`x\\` opened a table" in created
    assert "dead\\_tiles=off" in created
    assert "**Bo_ld**" not in created


def test_a_line_starting_with_a_number_is_no_list_discord_renumbers():
    """The league's shared ranks (1, 1, 3) stay as written: "1." is no list item."""
    league = "Dominoes league:\n1. Budi: 1008\n1. Can: 1008\n3. Ali: 984"
    assert discord_door.plain(league) == ("Dominoes league:\n1\\. Budi: 1008\n"
                                          "1\\. Can: 1008\n3\\. Ali: 984")
    assert discord_door.plain("seat 1. then") == "seat 1. then"  # not at a line's start


async def test_a_channel_message_whose_connection_drops_is_sent_again_in_a_while(
        dc, monkeypatch):
    """The channel's table for a move meets dropped connections (a failing Discord): the
    next person's rack and buttons come at once, and the table follows once Discord takes
    it, in its place; what comes for the channel meanwhile waits behind it."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.3,) * 10)
    await dc.open_dominoes()
    table = dc.table()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    assert mover == AYSE
    start, moves = len(dc.fake.calls), table.moves
    dc.fake.drop_next = 3  # the channel's table for this move, and its two tries after
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves > moves
    nxt = dc.mover()  # the next person gets their rack and buttons at once
    assert [c for c in dc.fake.calls[start:]
            if c.method == "send" and c.channel == dc.fake.dm_channel(nxt) and c.buttons]
    assert not [c for c in dc.fake.sent(CHANNEL) if "Koltuk 1 (Ayşe)" in c.text]
    await until(lambda: not dc.door.held.holds(CHANNEL), what="the held table")
    tables = [c for c in dc.fake.sent(CHANNEL) if c.file and "Koltuk 1 (Ayşe)" in c.text]
    assert len(tables) == 1 and dc.fake.drop_next == 0
    assert [c.method for c in dc.fake.calls[start:]].count("dropped") == 3


@pytest.mark.parametrize("failing, tries", [("drop_dms_next", 3), ("limit_dms_next", 6)])
async def test_a_direct_message_whose_connection_drops_is_sent_again_with_its_buttons(
        dc, monkeypatch, failing, tries):
    """A Discord outage as the next person's rack goes out: it was dropped with a traceback
    (the person never saw their turn); it is held and sent again, buttons and all, and
    what comes for them meanwhile waits behind it, in order. So is a rack rate limited
    (429) more times than discord.py tries: the person's time ran out on a turn they
    never saw."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.3,) * 10)
    await dc.open_dominoes()
    table = dc.table()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    moves = table.moves
    setattr(dc.fake, failing, tries)  # the next direct messages, and tries after
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves > moves
    nxt = dc.mover()
    await until(lambda: not dc.door.held.holds(f"dm:{nxt.id}"), timeout=30,
                what="the held direct messages")
    assert getattr(dc.fake, failing) == 0
    latest = [c for c in dc.fake.to(nxt) if c.buttons][-1]
    await dc.press(nxt, latest, latest.buttons[0][0])  # the buttons that came work
    assert table.moves > moves + 1


async def test_a_held_direct_message_given_up_forgets_its_buttons(dc, monkeypatch):
    """Discord failing for longer than the tries: the held rack is given up, logged, and
    the buttons kept for it are forgotten too (they stayed in memory)."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.1, 0.1))
    await dc.open_dominoes()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    dc.fake.drop_dms_next = 50
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert dc.door._held_prompts  # a rack with its buttons, held
    await until(lambda: not dc.door.held.held_chats(), timeout=30, what="the tries spent")
    assert not dc.door._held_prompts


async def test_while_a_direct_message_is_held_discord_counts_as_not_answering(
        dc, monkeypatch):
    """The gateway up but direct messages failing: the person to move may never have seen
    their rack, so their time must not run out meanwhile (bot/turn_timers.py)."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (1.0,) * 10)
    await dc.open_dominoes()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    dc.fake.drop_dms_next = 2
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert any(q.startswith("dm:") for q in dc.door.held.held_chats())
    assert not await dc.service.reachable()
    await until(lambda: not dc.door.held.held_chats(), timeout=30, what="the held messages")
    assert await dc.service.reachable()


async def test_a_slow_channel_post_does_not_hold_up_the_next_persons_rack(dc, monkeypatch):
    """A post to the channel that takes long (Discord answering late, discord.py trying a
    5xx again): after CHANNEL_PATIENCE the next person's rack and buttons go out, the
    post ends in its own time, and the channel's next messages come after it."""
    monkeypatch.setattr(discord_door, "CHANNEL_PATIENCE", 0.2)
    await dc.open_dominoes()
    assert dc.mover() == AYSE
    prompt = [c for c in dc.fake.to(AYSE) if c.buttons][-1]
    start = len(dc.fake.calls)
    dc.fake.slow_next = 1.5
    await dc.press(AYSE, prompt, prompt.buttons[0][0])
    rack = [c for c in dc.fake.calls[start:]
            if c.method == "send" and c.channel == dc.fake.dm_channel(BUDI) and c.buttons]
    assert rack and not [c for c in dc.fake.sent(CHANNEL) if "Koltuk 1 (Ayşe)" in c.text]
    prompt = rack[-1]
    await dc.press(BUDI, prompt, prompt.buttons[0][0])  # its post waits behind the slow one
    await until(lambda: not dc.door.held.holds(CHANNEL), what="the slow post")
    posted = [c.text.splitlines()[0] for c in dc.fake.sent(CHANNEL)[-2:]]
    assert posted[0].startswith("Koltuk 1 (Ayşe)") and posted[1].startswith("Koltuk 2 (Budi)")


async def test_a_slow_channel_post_the_channel_refuses_is_one_warning_line(dc, monkeypatch,
                                                                         caplog):
    """The bot loses the right to post while its slow table post is under way: Discord
    refuses it (403) and that is logged as a refusal at once is, one warning line, not as
    an error with its trace."""
    monkeypatch.setattr(discord_door, "CHANNEL_PATIENCE", 0.2)
    await dc.open_dominoes()
    prompt = [c for c in dc.fake.to(AYSE) if c.buttons][-1]
    dc.fake.slow_next = 0.6
    await dc.press(AYSE, prompt, prompt.buttons[0][0])
    dc.fake.muted.add(CHANNEL)  # while the table is on its way
    caplog.clear()
    await until(lambda: not dc.door.held.holds(CHANNEL), what="the slow post")
    refused = [r for r in caplog.records if r.name == discord_door.log.name]
    assert [(r.levelname, r.getMessage()) for r in refused] == [
        ("WARNING", f"discord: cannot write in channel {CHANNEL}")]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_two_sends_to_a_slow_channel_at_once_both_post_in_order(dc, monkeypatch):
    """Two tables (or a timer and a command) send to one channel while Discord is slow:
    one post at a time per channel, the second held behind the first, none lost."""
    monkeypatch.setattr(discord_door, "CHANNEL_PATIENCE", 0.2)
    await dc.open_dominoes()
    said = [Text(To("discord", chat=CHANNEL), "en", (Line("core.error.text", {"text": t}),))
            for t in ("first", "second")]
    dc.fake.slow_next = 1.0
    futures = await asyncio.gather(dc.door.send([said[0]]), dc.door.send([said[1]]))
    assert [len(f) for f in futures] == [1, 1]  # both held, neither lost
    await asyncio.gather(*futures[0], *futures[1])
    assert [c.text for c in dc.fake.sent(CHANNEL)[-2:]] == ["first", "second"]


async def test_a_press_under_way_when_the_bot_is_stopped_still_makes_its_move(dc):
    """SIGTERM (or Ctrl-C) while a press is being handled: the bot stops once that press's
    move is stored and its messages are sent; a command that comes meanwhile is not taken."""
    fake = dc.fake
    await dc.open_dominoes()
    mover = dc.mover()
    prompt = [c for c in fake.to(mover) if c.buttons][-1]
    start, moves = len(fake.calls), dc.table().moves
    fake.hold_next_answer = True
    await fake.press(mover, prompt, prompt.buttons[0][0])
    await asyncio.wait_for(fake.holding.wait(), 10)
    lost = asyncio.create_task(dc.service.lost())
    stopping = asyncio.create_task(dc.service.stop())
    await asyncio.sleep(0.3)  # the stop has begun
    await fake.slash(CHEN, "table")  # too late: left unanswered
    await asyncio.sleep(0.3)
    fake.go_on.set()
    await asyncio.wait_for(stopping, 10)
    answered = [c for c in fake.calls[start:] if c.method == "callback"]
    assert len(answered) == 1  # the press's, not the late /table
    await asyncio.sleep(0.1)
    assert not lost.done()  # stopped on purpose: no connection lost to report
    lost.cancel()
    await dc.halt()
    await dc.boot()
    assert dc.table().moves > moves  # stored
    nxt = dc.mover()  # and sent: the next person's rack and buttons
    assert [c for c in fake.calls[start:]
            if c.method == "send" and c.channel == fake.dm_channel(nxt) and c.buttons]


async def test_a_channel_without_attach_files_still_gets_the_table_as_text(dc, caplog):
    """Discord refuses a message with a file where the bot lacks Attach Files: the table
    goes as its text alone (once per message, one warning line each); racks stay private."""
    dc.fake.no_files.add(CHANNEL)
    await dc.open_dominoes()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.press(mover, prompt, prompt.buttons[0][0])
    refused = [c for c in dc.fake.calls if c.method == "refused"]
    assert refused and all(c.channel == CHANNEL and c.file for c in refused)
    channel = dc.fake.sent(CHANNEL)
    assert not [c for c in channel if c.file]
    for picture in refused:  # the same text, without the picture, exactly once
        assert [c.text for c in channel].count(picture.text) == 1, picture.text
    tables = [c.text for c in channel if "Dizi: " in c.text and "Sıra: " in c.text]
    assert len(tables) == 2, [c.text for c in channel]  # at the start, after the move
    warnings = [r for r in caplog.records
                if r.levelname == "WARNING" and "Attach Files" in r.getMessage()]
    assert len(warnings) == len(refused)
    table = dc.table()  # no hidden tile in the channel's text
    seat_views = [table.state.view(seat).to_json() for seat in range(len(table.seats))]
    hidden = {t for view in seat_views for t in (*view["hand"], *view["dead"])}
    assert hidden
    shown = "\n".join(c.text for c in channel)
    for tile in hidden:
        a, b = tile.split("-")
        assert not {f"{a}-{b}", f"{b}-{a}", f"[{a}|{b}]", f"[{b}|{a}]"} & set(shown.split()), tile
    assert not [c for c in channel if any(not d.startswith("l:") for _l, d in c.buttons)]
    for person, heading in ((AYSE, "Taşların (Domino)"), (BUDI, "Di tanganmu (Domino)")):
        assert [c for c in dc.fake.to(person) if c.file and heading in c.text]  # racks: DMs


@pytest.mark.parametrize("close_code", [4004, 4000], ids=["refused-at-once", "resume-refused"])
async def test_a_token_revoked_while_serving_is_reported_and_the_bot_still_stops(dc, close_code):
    """The gateway refuses the token (4004), at once or when the bot resumes after a close
    it may mend: `lost` says so in one line (tilebot exits 2 with it) and `stop` still
    works."""
    lost = asyncio.create_task(dc.service.lost())
    await dc.fake.close_gateway(4000)  # a close discord.py mends: it resumes
    await dc.slash(AYSE, "help")
    assert dc.fake.replies() and not lost.done()  # serving: it waits
    await dc.fake.revoke(close_code)
    reason = await asyncio.wait_for(lost, 20)
    assert reason == "Discord closed the connection: the token was refused (4004)"
    await asyncio.wait_for(dc.service.stop(), 10)


async def test_the_lobby_is_played_with_its_buttons_in_the_channel(dc):
    """Join, add a computer and start by the lobby's buttons (real discord.py against the
    fake): a refusal is answered to the presser alone, one live set of buttons, none left
    once the game begins."""
    await dc.slash(AYSE, "lang", language="tr")
    await dc.slash(AYSE, "new", game="dominoes")
    created = [c for c in dc.fake.sent(CHANNEL) if c.buttons][-1]
    assert [label for label, _ in created.buttons] == ["Katıl", "Ayrıl", "Bilgisayar ekle",
                                                      "Başlat"]
    await dc.press(BUDI, created, "Katıl")
    assert dc.table().seat_of(BUDI.id) == 1
    # told where the tiles will come, in the direct messages themselves (closed ones show
    # now, not at the start), and the press is answered privately in the channel
    assert dc.fake.to(BUDI)[-1].text == (
        "Kamu duduk di kursi 2 di meja Domino. Saat permainan dimulai, semua yang kamu pegang "
        "akan datang lewat pesan langsung (DM) dari bot.")  # no "batu": dominoes are "kartu"
    note = dc.fake.replies()[-1]
    assert note.params["flags"] == 64 and note.text == "Sudah dikirim ke pesan langsungmu (DM)."
    joined = [c for c in dc.fake.sent(CHANNEL) if c.buttons][-1]
    assert joined.message_id != created.message_id
    assert not dc.fake._messages[created.message_id]["components"]  # the newest keeps them
    await dc.press(BUDI, joined, "Başlat")  # not the opener, not an admin
    assert dc.fake.replies()[-1].text.startswith("Hanya Ayşe (yang membuka meja)")
    assert dc.fake.replies()[-1].params["flags"] == 64  # seen by Budi alone
    assert dc.table().status == "lobby"
    await dc.press(CHEN, joined, "Başlat")  # an admin may
    assert dc.table().status == "playing"
    assert not [m for m in dc.fake._messages.values()
                if m["channel_id"] == CHANNEL and m["components"]]


async def test_a_quiet_channel_sees_one_table_picture_edited_in_place(dc):
    """/quiet: each move edits the channel's table message (its text and its picture)
    instead of sending a new one; a deleted table message is sent anew."""
    await dc.slash(AYSE, "quiet")
    await dc.open_dominoes()
    (shown,) = [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text]
    for person in (AYSE, BUDI):
        prompt = [c for c in dc.fake.to(person) if c.buttons][-1]
        await dc.press(person, prompt, prompt.buttons[0][0])
    edits = [c for c in dc.fake.calls if c.method == "edit" and c.message_id == shown.message_id]
    assert len(edits) == 2 and all(c.file for c in edits)
    assert png_size(edits[-1].file)[0] >= 400 and edits[-1].file != shown.file
    message = dc.fake._messages[shown.message_id]
    assert message["content"] == edits[-1].text
    assert message["content"].splitlines()[-1] == "Sıra: Ayşe. Hamle süresi: 45 sn."
    assert len(message["attachments"]) == 1
    assert [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text] == [shown]
    del dc.fake._messages[shown.message_id]  # deleted in the channel: a new one comes
    prompt = [c for c in dc.fake.to(AYSE) if c.buttons][-1]
    await dc.press(AYSE, prompt, prompt.buttons[0][0])
    newest = [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text][-1]
    assert newest.message_id != shown.message_id and "Sıra: Budi" in newest.text
    # /table (answered hidden, so nothing shows it was typed): a new picture at the bottom
    await dc.slash(CHEN, "table")
    asked = [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text][-1]
    assert asked.message_id != newest.message_id


async def test_slash_quiet_and_hide_take_on_or_off_and_alone_switch_over(dc):
    await dc.slash(AYSE, "quiet", state="on")
    await dc.slash(AYSE, "quiet", state="on")  # set: still quiet
    assert dc.core.prefs.quiet("discord", CHANNEL)
    await dc.slash(AYSE, "quiet")
    assert not dc.core.prefs.quiet("discord", CHANNEL)
    await dc.slash(BUDI, "hide", state="on")
    assert dc.core.prefs.hides_okey("discord", BUDI.id)
    (quiet,) = [c for c in slash_commands() if c["name"] == "quiet"]
    assert [o["name"] for o in quiet["options"]] == ["state"]  # no game: it is the chat's
    assert quiet["options"][0]["choices"][0]["name_localizations"]["tr"] == "açık"


async def test_a_quiet_channels_table_longer_than_a_message_is_still_edited_in_place(dc):
    """A quiet channel's table told in more than Discord's 2,000 characters (an Okey 101
    table late in a round): one message, cut to its first lines and its last, edited."""
    await dc.open_dominoes()
    lines = tuple(Line("core.error.text", {"text": f"Seat {i % 4 + 1} laid r{i % 13 + 1} "
                                                   + "x" * 40}) for i in range(60))
    turn = Line("core.error.text", {"text": "Turn: Ayşe."})
    png = [c for c in dc.fake.sent(CHANNEL) if c.file][-1].file
    first, second = (Image(To("discord", chat=CHANNEL), "en", (*lines[k:], turn),
                           ref="live99", png=png, kind="table", edits=bool(k))
                     for k in (0, 1))
    assert len(discord_door.shown_text(first)) > 2000
    await dc.door.send([first])
    (sent,) = [c for c in dc.fake.sent(CHANNEL) if c.text.endswith("Turn: Ayşe.")]
    await dc.door.send([second])
    (edit,) = [c for c in dc.fake.calls if c.method == "edit" and c.file]
    assert edit.message_id == sent.message_id
    for text in (sent.text, edit.text):
        assert len(text) <= 2000 and text.endswith("\n…\nTurn: Ayşe.")
    assert edit.text.startswith("Seat 2 laid r2")  # the second one's lines


async def test_a_quiet_channels_next_picture_comes_below_the_doors_own_note(dc):
    """The door's own note in the channel (closed direct messages) is said below the quiet
    table picture: the next move's picture is a new message under it, not an edit."""
    await dc.slash(AYSE, "quiet")
    await dc.slash(AYSE, "lang", language="tr")
    await dc.slash(AYSE, "new", game="dominoes")
    await dc.slash(BUDI, "join")
    dc.fake.closed.add(BUDI.id)  # closed after the note at /join reached them
    await dc.slash(AYSE, "start")
    (note,) = [c for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text]
    prompt = [c for c in dc.fake.to(AYSE) if c.buttons][-1]
    await dc.press(AYSE, prompt, prompt.buttons[0][0])
    pictures = [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text]
    assert len(pictures) == 2 and pictures[-1].message_id > note.message_id
    assert not [c for c in dc.fake.calls if c.method == "edit" and c.file]


async def test_lang_alone_says_the_language_and_how_to_change_it(dc):
    (lang,) = [c for c in dc.fake.commands if c["name"] == "lang"]
    assert [o["required"] for o in lang["options"]] == [False]
    await dc.slash(AYSE, "lang", language="tr")
    (theme,) = [c for c in dc.fake.commands if c["name"] == "theme"]
    assert [o["required"] for o in theme["options"]] == [False]  # alone: which theme it is
    said = len(dc.fake.sent(CHANNEL))
    await dc.slash(CHEN, "theme")
    assert len(dc.fake.sent(CHANNEL)) == said  # a lookup: to the asker alone
    assert "default" in dc.fake.replies()[-1].text and "/theme theme:" in dc.fake.replies()[-1].text
    await dc.slash(CHEN, "lang")  # nobody saw Chen ask: answered to him alone
    assert len(dc.fake.sent(CHANNEL)) == said
    assert dc.fake.replies()[-1].text.startswith(  # in his own language, Discord's form
        "This channel speaks Turkish. To change it: /lang language:“English”")


async def test_suggested_commands_are_written_as_discord_takes_them(dc):
    """No `/dominoes hand` command exists here, and typed direct messages are not read:
    suggestions name the slash command and its options."""
    (play,) = [c for c in dc.fake.commands if c["name"] == "play"]
    (draw,) = [c for c in dc.fake.commands if c["name"] == "draw"]
    (join,) = [c for c in dc.fake.commands if c["name"] == "join"]
    assert [(o["name"], o["required"]) for o in play["options"]] == [("tiles", True),
                                                                     ("game", False)]
    assert [o["name"] for o in draw["options"]] == ["game"]  # nothing to name
    assert join["options"][0]["min_value"] == 1
    await dc.open_dominoes()
    prompts = [c.text for p in (AYSE, BUDI) for c in dc.fake.to(p) if "/play" in c.text]
    assert prompts and all("/play tiles:" in t for t in prompts)
    replies = len(dc.fake.replies())
    await dc.slash(BUDI, "hand")  # in the channel: the rack goes to the DMs, and says so
    assert dc.fake.replies()[replies:][-1].text == "Sudah dikirim ke pesan langsungmu (DM)."
    assert dc.fake.replies()[-1].params["flags"] == 64
    await dc.slash(AYSE, "new", game="okey101")  # a second table here (a lobby: /hand
    await dc.slash(AYSE, "table")  # is for the game under way, /table for either)
    assert "/table game:“Domino”" in dc.fake.replies()[-1].text


async def test_season_and_league_take_their_slash_options(dc):
    await dc.slash(BUDI, "season", action="end")  # not a server manager: refused
    assert dc.fake.replies()[-1].text == "Hanya pengelola server yang bisa menutup musim."
    await dc.slash(CHEN, "season", action="end")  # a manager: let through (nothing to close)
    assert dc.fake.replies()[-1].text == (
        "No league results in season 1 yet: there is nothing to close.")
    await dc.slash(CHEN, "league", game="dominoes", season=2)
    assert dc.fake.replies()[-1].text == "This channel has no season 2: it is in its first season."


async def test_a_quiet_channel_without_attach_files_edits_its_table_text_in_place(dc):
    """No Attach Files: the quiet table is its text alone, edited after each move, not a
    new message per move after two refused calls."""
    dc.fake.no_files.add(CHANNEL)
    await dc.slash(AYSE, "quiet")
    await dc.open_dominoes()
    before = len(dc.fake.sent(CHANNEL))
    for _ in range(3):
        mover = dc.mover()
        prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
        await dc.press(mover, prompt, prompt.buttons[0][0])
    assert len(dc.fake.sent(CHANNEL)) == before  # nothing new in the channel
    edits = [c for c in dc.fake.calls if c.method == "edit" and "Sıra: " in c.text]
    assert len(edits) >= 3 and len({c.message_id for c in edits}) == 1


async def test_the_commands_the_bot_suggests_are_written_as_discord_takes_them(dc):
    """Typed on Discord, `/new dominoes` or `/season end` is a plain message the bot does
    not read: its suggestions name the slash commands' options."""
    def said_since(start):
        return "\n".join(c.text for c in dc.fake.calls[start:])

    start = len(dc.fake.calls)
    await dc.slash(AYSE, "table")  # no table here: how to open one
    reply = said_since(start)
    assert "/new game:<oyun>" in reply and "/new <oyun>" not in reply
    start = len(dc.fake.calls)
    await dc.slash(AYSE, "season")
    reply = said_since(start)
    # a choice as the reader's picker names it (typing `end` finds nothing there)
    assert "/season action:“sezonu bitir”" in reply and "/league game:<oyun> season:1" in reply
    start = len(dc.fake.calls)
    await dc.slash(AYSE, "arrange", order="xyz")
    reply = said_since(start)
    assert "/arrange order:“önce seriler, renge göre”" in reply
    assert "/arrange tiles:5 6 7 \\| 1 2" in reply  # \\| shows |


def test_every_suggested_choice_is_named_as_the_readers_picker_shows_it():
    """An Indonesian reader's picker lists /arrange's orders as "seri dulu, menurut warna"
    ...: told `/arrange order:runs`, typing it found nothing (a scan). Every `option:“name”`
    a text writes is a choice's name in the reader's language."""
    import re

    from bot import i18n
    from bot.texts import MESSAGES

    options = {(c["name"], o["name"]): o for c in slash_commands() for o in c["options"]}
    seen = 0
    for lang in i18n.LANGS:
        for key in MESSAGES:
            text = discord_door.typed_on_discord(i18n.translate(lang, key), lang)
            assert not re.search(r"/arrange (?:order:)?(?:runs|pairs|groups)\b|action:end", text)
            for command, option, chosen in re.findall(r"/(\w+) (\w+):“([^”]+)”", text):
                names = [c["name_localizations"].get(lang, c["name"]) if lang != "en"
                         else c["name"] for c in options[command, option]["choices"]]
                assert chosen in names, (lang, key, chosen)
                seen += 1
            seen += len(re.findall(r", “[^”]+” ", text))
    assert seen > 20


def test_every_suggested_slash_command_and_option_is_one_discord_has():
    """Over every text in every language: a `/command option:` the bot writes on Discord
    names a registered command and one of its options."""
    import re

    from bot import i18n
    from bot.texts import MESSAGES

    registered = {c["name"]: {o["name"] for o in c["options"]} for c in slash_commands()}
    samples = {"{id}": "dominoes", "{game}": "yuzbir", "{season}": "2", "{closed}": "1"}
    seen = 0
    for lang in i18n.LANGS:
        for key in MESSAGES.keys() - discord_door._DISCORD_KEYS.keys():  # not sent there
            text = i18n.translate(lang, key)
            for placeholder, value in samples.items():
                text = text.replace(placeholder, value)
            for command, options in re.findall(r"/(\w+)((?: +\w+:\S+)+)",
                                               discord_door.typed_on_discord(text)):
                seen += 1
                assert command in registered, (lang, key, command)
                named = set(re.findall(r"(?:^|\s)(\w+):", options))
                assert named <= registered[command], (lang, key, command, named)
    assert seen > 40


def test_a_name_or_word_someone_typed_is_shown_as_typed_not_rewritten():
    """Only the catalog's own texts are rewritten for Discord: a player named
    "/new dominoes" keeps the name, while the suggestion beside it is Discord's."""
    said = Text(To("discord", chat=CHANNEL), "en", (
        Line("core.left_closed", {"player": "/league okey101 2", "game": "Dominoes"}),
        Line("core.lobby_expired", {"game": "Okey 101", "minutes": 60, "id": "okey101"})))
    text = discord_door.shown_text(said)
    assert text.startswith("/league okey101 2 left the Dominoes table")
    assert "/new game:“Okey 101” opens another." in text


async def test_discord_py_at_debug_logs_no_rack(dc, caplog):
    """discord.py logs request bodies at DEBUG (its http, gateway and webhook loggers: a
    privacy scan found 95 lines of racks and buttons' moves in one game); held at INFO."""
    with logging_at_debug(caplog):
        await dc.open_dominoes()
    tiles = [c.text.split(": ", 1)[1].split("\n")[0] for p in (AYSE, BUDI)
             for c in dc.fake.to(p) if c.file is not None and ": " in c.text]
    assert tiles and not [r for r in caplog.records if any(t in r.getMessage() for t in tiles)]
