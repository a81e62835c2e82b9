"""What the scans of 2026-12-07 (session 54) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, CAN, DEV, alone_to_move, draw_until_to_discard, en, okey_table
from .conftest import BUDI as ID_BUDI
from .door_harness import AYSE, BUDI, CHEN, D_AYSE, D_BUDI, GROUP, until
from .fake_discord import CHANNEL

# ---------------------------------------------------------------- Telegram


async def _to_move_after(tg, person) -> None:
    """Presses the first button of whoever is to move until `person` is next but one."""
    table = tg.table()
    for _ in range(40):
        if tg.mover() is person:
            return
        mover = tg.mover()
        prompt = [c for c in tg.private(mover) if c.buttons][-1]
        await tg.press(mover, prompt, prompt.buttons[0][0])
    raise AssertionError(f"{person.first_name} never came to move: {table.state}")


async def test_a_turns_rack_held_back_privately_stops_the_move_time_until_it_is_out(tg):
    """Budi's turn rack met flood control in his private chat: the move time ran on
    behind it and a computer moved for him (a timeout) on a turn he never saw. Held
    private messages now stop every move time there, as an outage does (O30)."""
    await tg.say(AYSE, "/new dominoes timer=45")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    await _to_move_after(tg, AYSE)
    tg.fake.flood_calls[("sendPhoto", BUDI.id)] = [2]  # his next rack: retry after 2 s
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    await until(lambda: tg.mover() is BUDI, what="Budi's turn")
    assert tg.door.held.holds(f"dm:{BUDI.id}")
    seat, moves = table.seat_of(str(BUDI.id)), table.moves
    await tg.clock.advance(46)  # his time would be over: it waits for his rack
    assert table.moves == moves and not table.seats[seat].timeouts
    await until(lambda: not tg.door.held.held_chats(), timeout=10, what="the held rack")
    assert [c for c in tg.private(BUDI) if c.buttons][-1].method == "sendPhoto"
    await tg.clock.advance(15)  # the next look: it is out, his whole time from then
    assert table.deadline >= tg.clock.now() + 40
    await tg.clock.advance(40)
    assert table.moves == moves and not table.seats[seat].timeouts


async def test_someone_an_admin_removes_keeps_their_language(tg):
    """Chen (an admin) removed Budi (Indonesian) mid-game: Telegram's update names no
    language for the one removed, so Budi was told in English that a computer plays his
    seat, and English was kept as his language for his racks from then on."""
    await tg.open_dominoes()
    table = tg.table()
    seat = table.seat_of(str(BUDI.id))
    before = tg.door.handled
    tg.fake.member_removed(CHEN, BUDI, GROUP)
    await tg.settle(before)
    assert table.seats[seat].away
    note = tg.private(BUDI)[-1].text  # (removed, not "you left": test_scan56)
    assert note == i18n.translate("id", "core.removed_group", {
        "place": tg.core.place_name("telegram", str(GROUP)),
        "game": i18n.translate("id", "core.game.dominoes")}), note
    assert await tg.store.user_lang("telegram", str(BUDI.id)) == "id"


async def test_another_persons_held_private_message_stops_no_move_time(tg):
    """The regression scan: Chen, at no table, asked /help privately while flood control
    held his chat: every Telegram table's move time stopped while it was held (only the
    mover's own held messages keep their turn from them)."""
    await tg.open_dominoes()  # 45 s a move
    table = tg.table()
    tg.fake.flood_calls[("sendMessage", CHEN.id)] = [2]
    await tg.say(CHEN, "/help", chat=CHEN.id)
    assert tg.door.held.holds(f"dm:{CHEN.id}")
    moves = table.moves
    await tg.clock.advance(46)
    assert table.moves > moves  # the mover's time ran out as usual (O30)
    await until(lambda: not tg.door.held.held_chats(), timeout=10, what="Chen's answer")


async def test_a_rack_held_at_a_stop_is_sent_after_the_restart_the_group_not_told_again(
        tg, monkeypatch):
    """Budi's turn rack was held by flood control when the bot stopped: after the restart
    the group got Ayşe's move a second time (its picture went out before the stop); only
    Budi's rack was still to send."""
    from bot.adapters import telegram as telegram_door

    monkeypatch.setattr(telegram_door, "HELD_SENDS_WAIT", 0.2)
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    await _to_move_after(tg, AYSE)
    tg.fake.flood[BUDI.id], tg.fake.flood_wait = 50, 60  # his next rack: held
    prompt = [c for c in tg.private(AYSE) if c.buttons][-1]
    await tg.press(AYSE, prompt, prompt.buttons[0][0])
    await until(lambda: tg.mover() is BUDI, what="Budi's turn")
    pictures = len(tg.group("sendPhoto"))
    tg.fake.flood.clear()
    await tg.halt()
    before = len(tg.fake.calls)
    await tg.boot()
    await until(lambda: [c for c in tg.private(BUDI)[-3:] if c.buttons
                         and tg.fake.calls.index(c) >= before], what="Budi's rack again")
    assert len(tg.group("sendPhoto")) == pictures  # the group was told once


@pytest.mark.parametrize("typed", ["@tilebot_test_bot domino table",
                                   "@tilebot_test_bot Domino table", "@tilebot_test_bot 101 rules"])
async def test_a_mention_with_the_game_first_in_the_readers_words_is_its_command(tg, typed):
    """`@bot domino table` (README: a mention is the command, and a game may come first
    as the bot names it in any language) got no answer: only an English game id was
    read after the name."""
    await tg.open_dominoes()
    before = len(tg.fake.calls)
    await tg.say(BUDI, typed)
    assert [c for c in tg.fake.calls[before:] if c.method in ("sendPhoto", "sendMessage")]


# ---------------------------------------------------------------- Discord


async def test_closed_direct_messages_at_a_start_are_told_where_the_table_is(dc):
    """Budi (direct messages closed) joined in #games, then asked /help in #office: when
    Ayşe started the game, the note that his rack cannot reach him went to #office, where
    he had last typed, telling another channel (another server's, as well) of his game."""
    dc.fake.channels["520"] = "office"
    dc.fake.closed.add(D_BUDI.id)
    await dc.slash(D_AYSE, "new", game="dominoes")
    await dc.slash(D_BUDI, "join")
    assert [c for c in dc.fake.sent(CHANNEL) if "/hand" in c.text and "Budi" in c.text]
    await dc.slash(D_BUDI, "help", channel="520")
    await dc.slash(D_AYSE, "start")
    assert dc.table().status == "playing"
    assert not [c.text for c in dc.fake.sent("520") if "Budi" in c.text]



@pytest.mark.parametrize("then", ["removed", "deleted"])
async def test_an_archived_threads_table_closes_after_a_restart_too(dc, then):
    """After a restart the bot no longer knew an archived thread's server (Discord
    announces active threads only): the server removing the bot left its table playing,
    the players told to grant View Channel; a channel deleted meanwhile, until a move."""
    from .test_discord40 import THREAD, _game_in_archived_thread, _open_in

    await _game_in_archived_thread(dc)
    await dc.halt()
    if then == "deleted":  # while the bot was down
        dc.fake.deleted.add(THREAD)
    await dc.boot()
    if then == "removed":
        await dc.fake.remove_bot()
    await until(lambda: not _open_in(dc, THREAD), what="the thread's table closed")


# ---------------------------------------------------------------- away and back


async def test_a_private_back_is_for_the_table_in_the_group_they_left(bot):
    """Dev left Club A's group mid-game (told: /back here takes the seat again) and was
    away at his dominoes table in Kulüp B too: his private /back asked him to type it in
    the group of the table he meant, which for Club A he no longer can."""
    bot.core._places[("tg", "g1")] = "Club A"
    bot.core._places[("tg", "g2")] = "Kulüp B"
    for chat, opener in (("g1", ID_BUDI), ("g2", CAN)):
        await bot.say(opener, "/new dominoes bots=random", chat=chat)
        await bot.say(DEV, "/join", chat=chat)
        await bot.say(opener, "/start", chat=chat)
    club_a, kulup_b = sorted(bot.core.tables.values(), key=lambda t: t.id)
    await bot.core.member_left("tg", lambda chat: chat == "g1", DEV)
    await bot.say(DEV, "/leave", chat="g2")
    assert club_a.seats[club_a.seat_of(DEV.id)].away
    assert kulup_b.seats[kulup_b.seat_of(DEV.id)].away
    (reply, *_) = await bot.say(DEV, "/back", private=True)
    assert not club_a.seats[club_a.seat_of(DEV.id)].away, reply.lines
    assert kulup_b.seats[kulup_b.seat_of(DEV.id)].away  # (his /back in Kulüp B takes it)



async def test_the_last_person_who_leaves_the_group_is_told_the_table_waits(bot):
    """Ali, the one person at his table, left the group: he was told privately that a
    computer plays his seat, while the table waited for a /back (everyone away) and
    closes without a result after an hour."""
    bot.core._places[("tg", "g1")] = "Tile club"
    await okey_table(bot, (ALI,))
    table = bot.table()
    await bot.core.member_left("tg", lambda chat: chat == "g1", ALI)
    assert table.everyone_away()
    note = [m for m in bot.sent if m.to.private and m.to.user == ALI.id][-1]
    assert note.lines[0].key == "core.left_group.waits", en(note)
    assert note.lines[0].params["minutes"] == 60


# ---------------------------------------------------------------- words


async def _offered_to(bot, person):
    """An Okey 101 table where `person` is to draw and a discard is on offer to them."""
    from rules.tiles import format_tile

    table = await okey_table(bot, (person,))
    seat = table.seat_of(person.id)
    for _ in range(10):
        view = table.state.view(seat)
        if table.state.current_player == seat and view.takeable is not None:
            return table, format_tile(view.takeable)
        if "draw" in view.legal:
            await bot.say(person, "/draw", private=True)
        view = table.state.view(seat)
        await bot.say(person, "/" + next(a for a in view.legal if a.startswith("discard")),
                      private=True)
    raise AssertionError("no discard came on offer")


@pytest.mark.parametrize("lang, typed", [("id", "ambil {tile}"), ("tr", "{tile} al"),
                                         ("en", "{tile} draw"), ("hi", "{tile} uthao")])
async def test_O20_a_take_said_with_another_tile_than_the_one_on_offer_is_refused(
        bot, lang, typed):
    """"ambil y7" (take y7) was answered "type /take", which took the discard on offer,
    another tile, that must then be used this turn and charges its discarder (O20)."""
    await bot.say(ALI, f"/lang {lang}")
    table, offer = await _offered_to(bot, ALI)
    other = "y7" if offer != "y7" else "r2"
    moves = table.moves
    (reply,) = await bot.say(ALI, typed.format(tile=other), private=True)
    assert reply.lines[0].key == "core.error.take_not_offered", en(reply)
    assert reply.lines[0].params["offer"] == offer and table.moves == moves
    (reply,) = await bot.say(ALI, typed.format(tile=offer), private=True)
    assert reply.lines[0].params.get("example") == "take", en(reply)


@pytest.mark.parametrize("lang, typed", [("tr", "okeyi 2'den al"),
                                         ("id", "ambil joker dari seri 2"),
                                         ("hi", "ओकेय 2 से लो")])
async def test_O19_the_okey_taken_from_a_meld_is_a_swap(bot, lang, typed):
    """"okeyi 2'den al" (take the okey from meld 2) was answered /take, the discard."""
    await bot.say(ALI, f"/lang {lang}")
    table, _offer = await _offered_to(bot, ALI)
    (reply,) = await bot.say(ALI, typed, private=True)
    assert reply.lines[0].params.get("example") == "swap", en(reply)


@pytest.mark.parametrize("person, typed, tile", [
    (DEV, "ओकेय को फेंको", "ओकेय"), (DEV, "ओकेय फेंको", "ओकेय"), (ALI, "okey discard", "okey"),
    (ID_BUDI, "okey buang", "okey")])
async def test_O24_the_okey_named_before_its_verb_is_the_tile_not_the_game(
        bot, person, typed, tile):
    """"okey discard" (to finish with the okey, O24) read "okey" as the game Okey 101
    and answered "name the tile too"; Hindi's "ओकेय को फेंको" "I do not know को"."""
    if person.lang != "en":
        await bot.say(person, f"/lang {person.lang}")
    table = await okey_table(bot, (person,))
    await draw_until_to_discard(bot, table, person, others=person)
    (reply,) = await bot.say(person, typed, private=True)
    assert reply.lines[0].params.get("example") == f"discard {tile}", en(reply)


async def test_rack_numbers_said_with_a_move_word_are_checked_before_the_suggestion(bot):
    """"buang 5" before the draw was answered "type /discard 5", refused then (O7); the
    tile named as "r9" was checked, one named by its rack number was not."""
    await bot.say(ALI, "/lang id")
    table = await alone_to_move(bot, "okey101")
    if "draw" not in table.state.view(table.seat_of(ALI.id)).legal:
        await bot.say(ALI, "/discard 1", private=True)
        table = await alone_to_move(bot, "okey101")
    (reply,) = await bot.say(ALI, "buang 5", private=True)
    assert reply.lines[0].key == "core.error.move_word_refused", en(reply)
    assert reply.lines[0].params["reason"].params["rule"] == "O7"


@pytest.mark.parametrize("game, typed", [("okey101", "14 15 16"), ("okey101", "5 6"),
                                         ("rummikub", "5"), ("rummikub", "15")])
async def test_rack_numbers_alone_are_never_a_move_then_refused(bot, game, typed):
    """"14 15 16" at Okey 101 was answered "/discard 14 15 16" (a discard is one tile, the
    rack has 15), Rummikub's "5" before the initial meld "/place 5" (refused, K6)."""
    table = await alone_to_move(bot, game)
    moves = table.moves
    (reply,) = await bot.say(ALI, typed, private=True)
    line = reply.lines[0]
    assert table.moves == moves
    if line.key == "core.error.number_alone":  # the move it suggests is played as typed
        await bot.say(ALI, "/" + line.params["example"], private=True)
        assert table.moves > moves, en(reply)


@pytest.mark.parametrize("typed", ["12'leri koy", "3'lü koy"])
async def test_a_turkish_plural_or_group_of_a_number_is_no_rack_number(bot, typed):
    """"12'leri koy" (place the twelves) was /place 12, the rack's 12th tile (y1)."""
    await bot.say(ALI, "/lang tr")
    await alone_to_move(bot, "rummikub")
    (reply,) = await bot.say(ALI, typed, private=True)
    assert reply.lines[0].params.get("example") is None, en(reply)


@pytest.mark.parametrize("lang, typed, example", [
    ("id", "buang {tile} sekarang", "discard {tile}"), ("id", "buang {tile} dulu", "discard {tile}"),
    ("id", "buang {tile} sih", "discard {tile}"), ("tr", "at {tile} hadi", "discard {tile}"),
    ("id", "ambil okey dari 2", "swap")])
async def test_a_move_word_and_a_chat_word_after_it_is_still_the_move(bot, lang, typed, example):
    """"buang r13 sekarang" (discard r13 now) was "There is no move called buang", though
    /rules glosses it: the chat word after the tile made it talk."""
    await bot.say(ALI, f"/lang {lang}")
    table = await okey_table(bot, (ALI,))
    await draw_until_to_discard(bot, table, ALI, others=ALI)
    tile = next(a for a in table.state.view(table.seat_of(ALI.id)).legal
                if a.startswith("discard ")).split()[1]
    (reply,) = await bot.say(ALI, typed.format(tile=tile), private=True)
    assert reply.lines[0].params.get("example") == example.format(tile=tile), en(reply)


@pytest.mark.parametrize("word, args, move", [
    ("tempel", ("r9", "ke", "kombinasi", "pertama"), ("add", ("r9", "to", "1"))),
    ("tempel", ("r9", "ke", "seri", "ketiga"), ("add", ("r9", "to", "3"))),
    ("tukar", ("r9", "di", "kombinasi", "kedua"), ("swap", ("r9", "in", "2")))])
def test_an_indonesian_meld_named_by_its_ordinal_is_read(word, args, move):
    """"tempel r9 ke kombinasi pertama" (to the first meld) was not read: only "kombinasi
    1" was."""
    from bot.notation import glossed

    assert glossed(word, {"okey"}, args)[1:] == move


async def test_a_seat_said_as_a_turkish_ordinal_is_that_seat(bot):
    """`/join 3.` and `/addbot usta 4.` (the 3rd seat, as Turkish writes an ordinal) said
    "3. is neither a seat nor a game" and "Unknown level 3."."""
    await bot.say(ALI, "/new okey101")
    await bot.say(CAN, "/join 3.")
    await bot.say(ALI, "/addbot usta 4.")
    table = bot.table()
    assert table.seat_of(CAN.id) == 2
    assert table.seats[3] is not None and table.seats[3].level == "expert"


@pytest.mark.parametrize("word, args, move", [
    ("cek", ("meja",), None), ("ambil", ("kembali", "kursiku"), None),
    ("ambil", ("kursi", "2"), None), ("çek", ("bir", "taş"), ("draw", ())),
    ("buang", ("r9", "bang"), ("discard", ("r9",))),
    ("buang", ("nomor", "2"), ("discard", ("2",))),
    ("buang", ("yang", "ke", "5"), ("discard", ("5",))),
    ("tempel", ("r9", "ke", "no", "1"), ("add", ("r9", "to", "1"))),
    ("tempel", ("okey", "ke", "1", "di", "bawah"), ("add", ("okey", "to", "1", "low"))),
    ("tukar", ("k7", "sama", "okey", "di", "3"), ("swap", ("k7", "in", "3"))),
    ("turunkan", ("r9", "ke", "1"), ("add", ("r9", "to", "1"))),
    ("taruh", ("pasangan", "b1", "b1", "ke", "kursi", "2"), ("pairs", ("b1", "b1", "to", "2"))),
    ("buangin", ("r13",), ("discard", ("r13",))), ("narik", (), ("draw", ()))])
def test_indonesian_moves_as_chat_says_them(word, args, move):
    """The Indonesian scan: "cek meja" (look at the table) and "ambil kembali kursiku"
    (/back) were /draw; "buang r9 bang", "tempel r9 ke no 1" were "no move called buang";
    "tempel okey ke 1 di bawah" was /add okey to to 1 low, "tukar k7 sama okey di 3"
    /swap k7 okey in 3, "turunkan r9 ke 1" /meld r9 ke 1 (each refused when typed)."""
    from bot.notation import glossed

    found = glossed(word, {"okey"}, args)
    assert (found and found[1:]) == move or found is None is move, found


async def test_a_suggestion_that_would_not_read_as_a_move_is_never_given(bot):
    """"tukar k7 ke 3 di bawah" (no swap is at a meld's low end) was answered "type /swap
    k7 in in 3 low", refused when typed: the answer is now the swap's usage."""
    await bot.say(ALI, "/lang id")
    table = await okey_table(bot, (ALI,))
    await draw_until_to_discard(bot, table, ALI, others=ALI)
    (reply,) = await bot.say(ALI, "tukar k7 ke 3 di bawah", private=True)
    assert reply.lines[0].key == "core.error.move_word_usage", en(reply)
    assert reply.lines[0].params["example"] == "swap"
    (reply,) = await bot.say(ALI, "cek", private=True)  # (the word as typed, not "çek")
    assert "“cek”" in i18n.render_lines(reply.lines, "id"), en(reply)


@pytest.mark.parametrize("word, args, move", [
    ("ambil", ("1", "biru"), ("take", ("1 biru",))), ("draw", ("7", "red"), ("take", ("7 red",))),
    ("al", ("okeyi", "2.", "perden"), ("swap", ()))])
def test_a_take_names_its_tile_number_first_too(word, args, move):
    """The regression scan: "ambil 1 biru" (the number first) was /draw, while "ambil
    biru 1" was checked against the discard on offer; "okeyi 2. perden al" a take."""
    from bot.notation import glossed

    assert glossed(word, {"okey"}, args)[1:] == move


async def test_okey_before_another_games_move_still_names_the_game(bot):
    """The regression scan: "okey play" (no table here) was "I do not know okey": the okey
    tile was read before a move of dominoes, which has none."""
    out = await bot.say(ALI, "okey play")
    assert out[0].lines[0].key != "core.error.unknown_word", en(out[0])


@pytest.mark.parametrize("typed", ["@tilebot_test_bot domino is fun", "@tilebot_test_bot 1-3?",
                                   "@tilebot_test_bot 5 menit lagi ya"])
async def test_a_mention_naming_a_game_in_talk_is_no_command(tg, typed):
    """The regression scan: "@bot domino is fun" was answered "no command /is", and
    "@bot 1-3?" played 1-3 for the one to move."""
    await tg.open_dominoes()
    moves = tg.table().moves
    before = len(tg.fake.calls)
    await tg.say(tg.mover(), typed)
    assert not [c for c in tg.fake.calls[before:] if c.method in ("sendPhoto", "sendMessage")]
    assert tg.table().moves == moves



@pytest.mark.parametrize("typed, move", [
    ("0-3 taşını sol uca koy", "play 0-3 left"), ("0-3 taşını oyna", "play 0-3"),
    ("2-3 taşını ters koy", "drop 2-3"), ("main 0-3 di sebelah kiri", "play 0-3 left"),
    ("0-3 को बाएँ सिरे पर लगाओ", "play 0-3 left"), ("0-3 को बाएँ लगाओ", "play 0-3 left")])
def test_D2_D6_a_domino_said_as_the_bots_own_lines_say_it(typed, move):
    """The dominoes scan: "0-3 taşını sol uca koy" (the bot's own "0-3 taşını sol uca
    koydu"), "main 0-3 di sebelah kiri" and "0-3 को बाएँ लगाओ" were no dominoes move."""
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == move


async def test_hide_and_theme_words_typed_without_turkish_letters(bot):
    """`/hide goster` and `/mytheme renk koru` (göster, renk körü typed on a keyboard
    without Turkish letters) were refused."""
    from bot.pictures import theme_named

    assert theme_named("renk koru") == "colorblind"
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, (CAN,))
    await bot.say(CAN, "/hide gizle", private=True)
    out = await bot.say(CAN, "/hide goster", private=True)
    assert not any(line.key.startswith("core.error") for m in out for line in m.lines), en(out[0])


@pytest.mark.parametrize("words, move", [
    (("k10", "ile", "2'deki", "okeyi", "al"), ("swap", ("k10", "in", "2"))),
    (("k10", "ile", "okeyi", "al"), ("swap", ()))])
def test_O19_the_swap_said_with_ile(words, move):
    """"k10 ile 2'deki okeyi al" (take the okey in meld 2 with k10) was not read."""
    from bot.notation import glossed_among_tiles

    assert glossed_among_tiles(words, {"okey"})[1:] == move


@pytest.mark.parametrize("typed", ["place r12 set 3", "place r12 सेट 3 में", "place r12 सेट 3 पर",
                                   "place r12 3 पर"])
def test_K_a_set_number_said_with_the_word_set_is_refused_with_the_place_to_type(typed):
    """The Rummikub scan: "/place r12 set 3" was answered "write /place r12 set r12" (a
    rack number read), then "Not a tile: set"; /place lays tiles wherever they fit."""
    from bot.notation import refuse_set_number
    from bot.refusal import Refusal

    game = type("G", (), {"family": "rummikub"})()
    with pytest.raises(Refusal) as refused:
        refuse_set_number(game, typed)
    assert refused.value.line.key == "core.error.place_no_set"
    assert refused.value.line.params["tiles"] == "r12"


@pytest.mark.parametrize("word, args", [("koy", ("r10", "r11", "r12", "masaya")),
                                        ("pasang", ("r10", "r11", "r12", "ke", "meja")),
                                        ("taruh", ("r10", "r11", "r12", "di", "meja"))])
def test_K_a_place_said_onto_the_table_is_the_place(word, args):
    """The Rummikub scan: "koy r10 r11 r12 masaya" (onto the table) was "I do not know
    koy"; "r10 r11 r12 टेबल पर रखो" "r10 is no move"."""
    from bot.notation import glossed, glossed_among_tiles

    assert glossed(word, {"rummikub"}, args)[1:] == ("place", ("r10", "r11", "r12"))
    assert glossed_among_tiles(("r10", "r11", "r12", "टेबल", "पर", "रखो"), {"rummikub"})[1:] \
        == ("place", ("r10", "r11", "r12"))


def test_a_plain_word_at_the_terminal_is_quoted_as_typed(tmp_path):
    """The newcomer scan: `hello there` at `tilebot play` was answered "Unknown command
    /hello", a slash they never typed (the private chat says "I do not know “hello”")."""
    from .test_console import LIMIT_S, _console

    proc = _console(tmp_path, "dominoes", "--seed", "2")
    out, err = proc.communicate("hello there\n/hello\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "» I do not know “hello”. Type /help." in out
    assert "» Unknown command /hello. Type /help." in out


@pytest.mark.parametrize("typed, move", [
    ("/add 2 में 1", "/add 1 to 2"), ("/add 2 mein 1", "/add 1 to 2"),
    ("/add r13 1 mein", "/add r13 to 1"), ("/add r13 ko 1 mein", "/add r13 to 1"),
    ("/swap k10 2 में", "/swap k10 in 2"), ("/add y1 ke 2", "/add y1 to 2"),
    ("/add r13 1 में low", "/add r13 to 1 low")])
def test_O17_hindi_puts_mein_after_the_melds_number_in_a_typed_add_too(typed, move):
    """The Hindi scan: `/add 2 में 1` (1 into meld 2, as `2 में 1 जोड़ो` is read) played
    rack tile 2 onto meld 1: में was read as Indonesian "ke", before the meld."""
    from bot.notation import _target_in_english

    game = type("G", (), {"family": "okey"})()
    assert _target_in_english(game, typed) == move


@pytest.mark.parametrize("words, family, move", [
    (("r12", "k12", "y12", "lagao"), "rummikub", ("place", ("r12", "k12", "y12"))),
    (("r13", "ko", "1", "mein", "lagao"), "okey", ("add", ("r13", "to", "1"))),
    (("b1", "ko", "lo"), "okey", ("take", ("b1",))),
    (("tile", "uthao"), "okey", ("draw", ())), (("le", "lo"), "okey", ("take", ()))])
def test_hinglish_moves_as_typed(words, family, move):
    """The Hindi scan: "r12 k12 y12 lagao", "r13 ko 1 mein lagao", "b1 ko lo", "tile
    uthao" were "r12 is no move" or "I did not understand"."""
    from bot.notation import glossed, glossed_among_tiles

    found = glossed_among_tiles(words, {family}) or glossed(words[0], {family}, words[1:])
    assert found[1:] == move


@pytest.mark.parametrize("word, args, family, move", [
    ("pas", ("geç",), "rummikub", ("pass", ())), ("lewati", ("giliran",), "rummikub", ("pass", ())),
    ("ambil", ("buangan", "dari", "kursi", "4"), "okey", None),  # (any seat's: not read)
    ("çek", ("lütfen",), "rummikub", ("draw", ())), ("uthao", ("bhai",), "okey", ("draw", ())),
    ("tarik", ("kembali", "okey"), "okey", ("swap", ())), ("tarik", ("kembali",), "okey", None)])
def test_a_bare_moves_word_with_everyday_words_after_it(word, args, family, move):
    """The regression scan: "pas geç" (the bot's own Turkish), "lewati giliran", "çek
    lütfen" were read as talk after talk after a draw word became no move; "tarik kembali
    okey" (take the okey back) was /discard okey, a 400 penalty (Y17)."""
    from bot.notation import glossed

    found = glossed(word, {family}, args)
    assert (found[1:] if found else None) == move


@pytest.mark.parametrize("typed", ["@tilebot_test_bot domino 0-1 left", "@tilebot_test_bot domino"])
async def test_a_mention_with_the_game_and_a_move_or_nothing_is_a_command(tg, typed):
    """The regression scan: "@bot domino 0-1 left" and "@bot domino" got no answer once a
    mention needed a command word after the game's name."""
    await tg.open_dominoes()
    before = len(tg.fake.calls)
    await tg.say(tg.mover(), typed)
    assert [c for c in tg.fake.calls[before:] if c.method in ("sendPhoto", "sendMessage")]


@pytest.mark.parametrize("typed, refused", [
    ("çift koy b9 b9 to 2", False), ("çift koy b9 b9 koltuk 2", False),
    ("çift koy b9 b9 2. koltuğa", False), ("çift koy b9 b9 koltuk 2'ye", False),
    ("çift koy b9 b9 koltuk 2.", False), ("çift koy koltuk 2 b9 b9", False),
    ("çiftle aç b9 b9 to 1", True), ("çift koy b9 b9 koltuk 3", True)])
async def test_Y9_pairs_laid_on_a_seat_are_checked_at_that_seat(bot, monkeypatch, typed, refused):
    """The Turkish scan: with Ali (seat 2) opened with pairs, "çift koy b9 b9 to 2" was
    said to be refused ("seat 2 has not opened with pairs": the seat read from 0), and
    "to 1" (Can himself) suggested, then refused; "koltuk 2" lost the seat."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import BUDI as B
    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 b10 b11 b12 b9 b9 k5 r2 r4 y1 k8 b1 y3",
                      "r13 r13 k13 k13 y12 y12 b6", "", ""], indicator="y5")
    table = await dealt_okey_table(bot, monkeypatch, "yuzbir", deal)
    for who, text in [(CAN, "open r10 r11 r12 | b10 b11 b12"), (CAN, "discard k5"),
                      (ALI, "draw"), (ALI, "pairs r13 r13 | k13 k13 | y12 y12"),
                      (ALI, "discard b6"), (B, "draw"), (B, "discard 1"), (DEV, "draw"),
                      (DEV, "discard 1"), (CAN, "draw")]:
        await bot.say(who, "/" + text, private=True)
    moves = table.moves
    (reply,) = await bot.say(CAN, typed, private=True)
    line = reply.lines[0]
    assert (line.key == "core.error.move_word_refused") == refused, en(reply)
    if typed.endswith("koltuk 3"):  # (the seat named as people count it: Budi's, 3)
        assert "Seat 3" in en(reply) and "Seat 2" not in en(reply), en(reply)
    await bot.say(CAN, "/" + line.params["example"], private=True)
    assert (table.moves == moves) == refused  # (as it said: played, or refused)


async def test_a_move_word_naming_its_game_is_answered_with_the_game_named(bot):
    """The Turkish scan: Can, at an Okey 101 and a Yüzbir table, typed privately
    `/yuzbir at 1` and was told to type `/discard 1`, then asked which game."""
    for chat, game in (("g1", "okey101"), ("g2", "yuzbir")):
        await bot.say(CAN, f"/new {game} bots=random", chat=chat)
        await bot.say(CAN, "/start", chat=chat)
    for typed in ("/yuzbir at 1", "/yuzbir 5"):  # (a rack number alone too)
        (reply,) = await bot.say(CAN, typed, private=True)
        assert reply.lines[0].params["example"].startswith("yuzbir "), en(reply)


async def test_O20_the_okey_just_discarded_is_taken_with_okeyi_al(bot, monkeypatch):
    """The Turkish scan: Dev (seat 4) began by discarding the okey; Can, next, typed
    "okeyi al" (take the okey) and was answered with the swap's usage, from a meld that
    did not exist."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 b5 b6 k9 y9 b7 b7 k3 r9 r2 y1 b1", "", "",
                      "* r13 k13 y13"], indicator="y12", first=3)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/lang tr")
    await bot.say(DEV, "/discard *", private=True)
    moves = table.moves
    for typed in ("okeyi al 2'den", "tukar okey"):  # (a swap from meld 2; exchange it)
        (reply,) = await bot.say(CAN, typed, private=True)
        assert reply.lines[0].params.get("example") == "swap", en(reply)
    (reply,) = await bot.say(CAN, "okeyi al", private=True)
    assert reply.lines[0].params.get("example") == "take", en(reply)
    await bot.say(CAN, "/take", private=True)
    assert table.moves == moves + 1
