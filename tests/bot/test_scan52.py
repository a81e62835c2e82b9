"""What the scans of 2026-12-06 (session 52) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import BUDI, CAN, okey_table


@pytest.mark.parametrize("user, typed, answer", [
    (BUDI, "buang", "“buang” ditulis /discard: Sebut juga batunya, mis. discard r7"),
    (CAN, "at", "“at” /discard diye yazılır: Taşı da yaz, ör. discard r7"),
    (CAN, "el aç", "“el aç” /open diye yazılır: Taşları da yaz, ör. /open r3 r4 r5")])
async def test_O8_a_move_word_alone_says_the_move_needs_its_tiles(bot, user, typed, answer):
    """`buang` alone was answered "for buang type /discard", and /discard alone is then
    refused for want of a tile: the answer now says the tile is needed, with an example."""
    await bot.say(user, f"/lang {user.lang}")
    table = await okey_table(bot, [BUDI, CAN])
    moves = table.moves
    (reply,) = await bot.say(user, typed, private=True)
    assert i18n.render_lines(reply.lines, user.lang).startswith(answer), reply.lines
    assert table.moves == moves


async def test_Y17_the_computer_moving_for_a_timed_out_person_is_made_to_end_the_turn(
        tmp_path, caplog):
    """The 50-moves guard held the computers' own turns only: the computer that moves for
    a person whose time ran out (O30), repeating a discard the rule gives back (Y17), held
    the table for ever."""
    import asyncio

    import rules
    from bot import play
    from rules.okey_deal import WILD

    from .conftest import ALI, Harness
    from .test_scan49 import _OkeyDiscarder

    async with Harness(tmp_path / "bot.db", seed=7, make_agent=lambda g, lv: _OkeyDiscarder(
            rules.find_game(g))) as bot:
        await bot.say(ALI, "/new yuzbir bots=normal league=off timer=30")
        await bot.say(ALI, "/start")
        table = bot.table()
        ali = table.seat_of(ALI.id)
        assert table.state.current_player == ali and WILD in table.state.view(ali).tiles
        await asyncio.wait_for(bot.clock.advance(30), 30)  # Ali's time runs out (for ever)
        assert "moves in one turn" in caplog.text
        assert table.state.current_player != ali or table.seats[ali].timeouts == 1
        assert table.moves < 2 * play.MOVES_IN_A_TURN + 10


async def test_back_typed_in_another_group_names_the_table_a_computer_plays(bot):
    """Can, away at his dominoes table in one group, typed /back in another where he plays
    okey: "You are already playing your seat"; `/dominoes back` there said to open a
    dominoes table."""
    from .conftest import ALI

    bot.core._places[("tg", "g1")] = "Kulüp"
    bot.core._places[("tg", "g2")] = "Aile"
    await bot.say(CAN, "/lang tr", chat="g2")
    await bot.say(CAN, "/new dominoes bots=random", chat="g1")
    await bot.say(BUDI, "/join", chat="g1")
    await bot.say(CAN, "/start", chat="g1")
    await bot.say(ALI, "/new okey101 bots=random", chat="g2")
    await bot.say(CAN, "/join", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    await bot.say(CAN, "/leave", chat="g1")
    dominoes = bot.table("dominoes", "g1")
    (reply,) = await bot.say(CAN, "/back", chat="g2")
    assert i18n.render_lines(reply.lines, "tr").endswith(
        "Burada koltuğunda zaten sen oynuyorsun; Kulüp içindeki Domino masasında senin yerine "
        "bir bilgisayar oynuyor: /back'i orada yaz.")
    (reply,) = await bot.say(CAN, "/dominoes back", chat="g2")
    assert i18n.render_lines(reply.lines, "tr") == (
        "Burada Domino masası yok: sen Kulüp içindeki Domino oynuyorsun.")
    assert dominoes.seats[dominoes.seat_of(CAN.id)].away
    await bot.say(CAN, "/back", chat="g1")
    assert not dominoes.seats[dominoes.seat_of(CAN.id)].away
    (reply,) = await bot.say(CAN, "/back", chat="g2")  # nowhere away now
    assert i18n.render_lines(reply.lines, "tr").endswith("Koltuğunda zaten sen oynuyorsun.")


async def test_O30_a_crash_after_a_second_timeout_takes_the_persons_buttons_off(bot):
    """The second timeout (a computer plays the seat now) was saved and the bot stopped
    before telling it: after the restart the person's move buttons stayed up, looking live
    (without the crash they come off: "This move is over")."""
    from bot.messages import Edit

    from .test_core_play import crash_at_a_second_timeout

    table, mover, prompt = await crash_at_a_second_timeout(bot)
    assert bot.table("dominoes").seats[table.seat_of(mover.id)].away
    gone = [m for m in bot.sent if isinstance(m, Edit) and m.to.user == mover.id]
    assert [m.ref for m in gone] == [prompt.ref]
    assert gone[0].lines[0].key == "core.move_gone"


async def test_Y20_hide_in_turkish_words_that_cannot_mean_the_other_way(bot):
    """`/hide kapalı` showed the okey (kapalı: off), while a Turk says a tile lying face
    down is kapalı: the bot itself said "/hide açık turns it face down". It now says and
    reads gizle / göster, and asks about açık and kapalı instead of guessing."""
    from .conftest import ALI

    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [ALI, CAN])
    prefs = bot.core.prefs
    (reply,) = await bot.say(CAN, "/hide kapalı", private=True)
    assert i18n.render_lines(reply.lines, "tr") == (
        "“kapalı” iki türlü anlaşılabilir (okey mi açık, gizleme mi): /hide gizle okeyini "
        "ters çevirir, /hide göster yine gösterir.")
    assert not prefs.hides_okey("tg", CAN.id)
    await bot.say(CAN, "/hide gizle", private=True)
    assert prefs.hides_okey("tg", CAN.id)
    out = await bot.say(CAN, "/hide GİZLE", private=True)
    assert i18n.render_lines(out[0].lines, "tr").endswith("/hide göster onu yine gösterir.")
    await bot.say(CAN, "/hide göster", private=True)
    assert not prefs.hides_okey("tg", CAN.id)
    (reply,) = await bot.say(CAN, "/hide belki", private=True)  # ("lütfen": /hide, test_scan56)
    assert "/hide gizle" in i18n.render_lines(reply.lines, "tr")
    await bot.say(ALI, "/hide on", private=True)  # the switch's words, as before
    assert prefs.hides_okey("tg", ALI.id)


def test_discords_hide_picker_names_its_choices_in_hides_own_words():
    from bot.adapters.discord import slash_commands

    (hide,) = [c for c in slash_commands() if c["name"] == "hide"]
    assert [(ch["value"], ch["name_localizations"]["tr"]) for ch in hide["options"][0]["choices"]] \
        == [("on", "gizle"), ("off", "göster")]


async def test_a_tile_taken_after_one_drawn_earlier_keeps_the_numbers_of_a_laid_out_rack(bot):
    """With one's own layout (/arrange 5 6 7 | 1 2), a tile taken at the next turn (r7,
    part of an opening on an assisted table) came before k12, drawn the turn before:
    `discard 14`, read from the turn's first picture as k12, threw b8 after a /return."""
    from bot.messages import Image, User

    from .conftest import Harness

    zeynep = User("5", "Zeynep", "tr")

    async def rack(text):
        out = await bot.say(zeynep, text, chat="dm5", private=True)
        (image,) = [m for m in out if isinstance(m, Image) and m.kind == "rack"][-1:]
        return [t for t in image.view["rack"] if t is not None]

    async with Harness(bot.path + "2", seed=3) as bot:
        await bot.say(zeynep, "/new yuzbir bots=normal")
        await bot.say(zeynep, "/start")
        await bot.say(zeynep, "/arrange pairs", chat="dm5", private=True)
        await rack("/arrange 5 6 7 | 1 2")
        drawn = (await rack("draw"))[-1]
        await bot.say(zeynep, "discard k10", chat="dm5", private=True)
        before = await rack("/hand")
        assert before[-1] == drawn  # at the right end since its draw
        after = await rack("take")
        assert after[:len(before)] == before and after[-1] not in before  # the taken: last
        after = await rack("return")  # (the take given back, a tile drawn instead)
        assert after[:len(before)] == before


@pytest.mark.parametrize("typed, move", [
    ("işle r6 1. pere", "/add r6 to 1"),  # (/rules glosses add as "3. pere işle")
    ("işle r6'yı 1'e", "/add r6 to 1"),
    ("okeyi al r6 1. perdeki", "/swap r6 in 1"),
    ("r13 at", "/discard r13"),  # the verb last, as Turkish says it
    ("kırmızı 13 at", "/discard kırmızı 13"),
    ("r6'yı 1'e işle", "/add r6 to 1"),
    ("desteden çek", "/draw"),  # the bot's own words: its take hint
    ("yerden al", "/take"),
    ("r3 r4 r5 per aç", "/open r3 r4 r5"),
    ("çift aç b7 b7", "/pairs b7 b7")])
async def test_turkish_move_words_as_turks_say_them_are_answered_with_the_move(
        bot, typed, move):
    """Verb last, a tile with its case ending, a meld by its ordinal (as /rules writes
    "3. pere işle") and the bot's own phrases were "ne demek bilmiyorum", or answered with
    a move the bot then refused (`/add r6 1. pere`)."""
    from .conftest import ALI

    await bot.say(CAN, "/lang tr")
    table = await okey_table(bot, [ALI, CAN])
    mover = table.seat_of(CAN.id) == table.state.current_player
    (reply,) = await bot.say(CAN, typed, private=True)
    text = i18n.render_lines(reply.lines, "tr")
    assert f"için {move} yaz" in text or f"{move} diye yazılır" in text, (mover, text)


@pytest.mark.parametrize("typed", ["güzel at", "ben de at"])
async def test_a_sentence_ending_in_a_move_word_is_no_move(bot, typed):
    """(at: a horse too) Words before a move word that are no tiles make no move of it."""
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [CAN, BUDI])
    (reply,) = await bot.say(CAN, typed, private=True)
    assert reply.lines[0].key == "core.error.unknown_word"


async def test_the_turkish_writing_of_101_names_yuzbir(bot):
    """`/new yüz bir` (101 as Turkish writes it) said "write options as name=value: bir";
    `/rules yüz bir` said "bir bir oyun değil"."""
    await bot.say(CAN, "/lang tr")
    (reply,) = await bot.say(CAN, "/rules yüz bir", private=True)
    assert i18n.render_lines(reply.lines, "tr").startswith("Yüzbir: 106 okey taşı")
    await bot.say(CAN, "/new yüz bir rounds=3")
    assert bot.table().game.id == "yuzbir" and bot.table().config.rounds == 3


@pytest.mark.parametrize("typed", ["place r12 ke 1", "place r12 di 2", "place r12 pada 1",
                                   "place r12 में 1", "place r12 to set 1",
                                   "place r12 ke kombinasi 2", "place r12 1'e", "place r12 on #2"])
def test_K7_a_set_number_in_our_players_words_is_answered_with_the_place_to_type(typed):
    """`pasang r12 ke 1` is answered "/place r12 ke 1", and that read the 1 as the rack's
    first tile ("/place r12 ke r9", then "not a tile: ke"): only to / in / on were a set's
    number. Now each is answered with /place r12, as `place r12 to 1` was."""
    import rules
    from bot.notation import refuse_set_number
    from bot.refusal import Refusal

    with pytest.raises(Refusal) as refused:
        refuse_set_number(rules.find_game("rummikub"), typed)
    assert refused.value.line.key == "core.error.place_no_set"
    assert refused.value.line.params["tiles"] == "r12"


def test_K7_a_bare_number_after_a_tile_is_still_a_rack_number():
    import rules
    from bot.notation import refuse_set_number

    refuse_set_number(rules.find_game("rummikub"), "place r12 1")  # (no refusal)


async def test_a_lobby_of_the_same_game_makes_no_turn_prompt_say_typed_moves_cannot_work(bot):
    """Waiting in a dominoes lobby in one group while playing dominoes in another, every
    turn prompt said a move typed privately could not say which table: a lobby takes no
    move, and the typed move played."""
    from bot.messages import Buttons

    from .conftest import ALI, DEV
    from .test_core_play import Player

    await bot.say(ALI, "/new dominoes", chat="g2")
    await bot.say(DEV, "/join", chat="g2")  # a lobby
    await bot.say(DEV, "/new dominoes bots=random", chat="g1")
    out = await bot.say(DEV, "/start", chat="g1")
    table = bot.table("dominoes", "g1")
    player = Player(bot)
    player.note(out)
    while player.to_move(table) is not DEV:
        await player.step(table)
    prompt = player.buttons[DEV.id]
    assert isinstance(prompt, Buttons)
    keys = [ln.key for ln in prompt.lines]
    assert "core.your_turn" in keys and "core.your_turn_twin" not in keys


async def test_two_groups_of_one_title_are_told_apart_by_seat_in_which_table(bot):
    """Okey 101 in two groups both called "Tile night": a private `draw` asked which table,
    listing "Okey 101 in Tile night" twice."""
    from .conftest import ALI, en

    for chat in ("g1", "g2"):
        bot.core._places[("tg", chat)] = "Tile night"
    await bot.say(ALI, "/new okey101 bots=random", chat="g1")
    await bot.say(ALI, "/start", chat="g1")
    await bot.say(BUDI, "/new okey101 bots=random", chat="g2")
    await bot.say(ALI, "/join", chat="g2")
    await bot.say(BUDI, "/start", chat="g2")
    seats = [bot.table("okey101", g).seat_of(ALI.id) + 1 for g in ("g1", "g2")]
    (reply,) = await bot.say(ALI, "/table", private=True)
    text = en(reply)
    for seat in seats:
        assert f"Okey 101 in Tile night (seat {seat})" in text, text


@pytest.mark.parametrize("answer", ["-1", "-4", "+2", "1.2"])
def test_the_terminals_game_question_takes_a_games_number_only_as_listed(answer):
    """`-1` and `-4` dealt and started Okey 101 or Dominoes (the sign was folded away
    before the number was read); "1." is the list's own "1. Okey 101", and game 1."""
    import rules
    from bot.game_names import pick_game

    ids = rules.game_ids()
    assert pick_game(answer, ids, "en") is None
    assert pick_game("1.", ids, "en") == pick_game("1", ids, "en") == ids[0]


@pytest.mark.parametrize("lang, wrong", [("tr", "Katıl'a"), ("hi", "“बैठें”"), ("id", "Gabung")])
async def test_join_typed_privately_names_no_button_label_the_group_may_not_show(bot, lang, wrong):
    """The private /join answer named the Join button in its reader's language; the lobby
    shows its buttons in the group's (an English group: "Join")."""
    from .conftest import ALI, DEV

    await bot.say(ALI, "/new dominoes")
    await bot.say(DEV, f"/mylang {lang}", chat=DEV.id, private=True)
    (reply,) = await bot.say(DEV, "/join", chat=DEV.id, private=True)
    assert reply.lines[0].key == "core.error.join_private"
    assert wrong not in i18n.render_lines(reply.lines, lang)


async def test_a_stop_with_everyone_away_does_not_say_a_computer_played_for_them(bot):
    """With everyone away the table waits (no computer plays); the opener's /stop then
    said "A computer was playing for Budi when the match ended"."""
    from .conftest import ALI, en

    table = await okey_table(bot, [ALI, BUDI])
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    assert table.everyone_away()
    (told,) = [m for m in await bot.say(ALI, "/stop") if not m.to.private]
    assert "Budi had left the table, which waited for them, when the match ended: in the " \
           "league it counts as lost by them" in en(told)
    assert "A computer was playing" not in en(told)


async def test_a_restart_does_not_bring_back_an_away_note_a_later_match_cleared(bot):
    """After a restart, /back spoke again of a match that ended while away though a later
    one had ended with the person there (the store kept only tables with someone away)."""
    from .conftest import en
    from .test_core_play import Player
    from .test_scan51 import _dominoes_of_ali_and_budi

    table = await _dominoes_of_ali_and_budi(bot)
    await bot.say(BUDI, "/leave")
    await Player(bot).finish(table)
    again = await _dominoes_of_ali_and_budi(bot)
    await Player(bot).finish(again)  # Budi there at its end
    await bot.restart()
    (reply,) = await bot.say(BUDI, "/back")
    assert reply.lines[0].key != "core.error.back_after_end", en(reply)


async def test_a_restart_does_not_tell_the_one_who_stopped_a_table_it_closed_while_away(bot):
    """The one who stopped a table while away was told after a restart that it closed
    while a computer played their seat (the store did not know who stopped). Budi, away
    too, is told it closed while everyone was away (session 54: it said a computer played
    for him, as no computer did: the table waited)."""
    from .conftest import ALI, en
    from .test_scan51 import _dominoes_of_ali_and_budi

    await _dominoes_of_ali_and_budi(bot)
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    await bot.say(ALI, "/stop")
    await bot.restart()
    (reply,) = await bot.say(ALI, "/back")
    assert reply.lines[0].key != "core.error.back_after_close", en(reply)
    (reply,) = await bot.say(BUDI, "/back")  # away at its close: told so
    assert reply.lines[0].key == "core.error.back_after_close.waits", en(reply)


@pytest.mark.parametrize("typed, move", [("r5 फेंको", "/discard r5"), ("r5 phenko", "/discard r5"),
                                         ("r6 1 में जोड़ो", "/add r6 to 1"),
                                         ("जोड़ो r6 1 में", "/add r6 to 1")])
async def test_hindi_move_words_said_last_and_a_meld_before_its_postposition(bot, typed, move):
    """Hindi puts the verb last ("r5 फेंको") and में after the number it governs ("1 में",
    in 1): "r5 नाम की कोई चाल नहीं", or /add r6 1 to suggested."""
    from .conftest import ALI, DEV

    await bot.say(DEV, "/lang hi")
    await okey_table(bot, [ALI, DEV])
    (reply,) = await bot.say(DEV, typed, private=True)
    assert f"के लिए {move} लिखें" in i18n.render_lines(reply.lines, "hi")


async def test_hindi_do_after_a_move_is_no_tile(bot):
    """"discard करो" (discard, do it) was "यह टाइल नहीं है: करो"."""
    from .conftest import ALI, DEV

    table = await okey_table(bot, [ALI, DEV])
    mover = ALI if table.seat_of(ALI.id) == table.state.current_player else DEV
    (reply,) = await bot.say(mover, "discard करो", private=True)
    assert reply.lines[0].key == "error.no_tile"


async def test_a_layout_typed_after_a_draw_is_shown_at_once(bot):
    """The rack kept as numbered since the draw won over a layout typed later in the turn:
    "/arrange 5 6 7 | 1 2" said it was laid out, the picture kept the old order, and the
    next move by number saved that old order as the layout."""
    from .conftest import ALI
    from .test_core_play import Player

    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    player = Player(bot)
    while not (player.to_move(table) is ALI and "draw" in table.state.view(seat).legal):
        await player.step(table)
    await bot.say(ALI, "/draw")
    assert seat in table.drawn_over
    before = [t for t in bot.core.snapshot(table).json(seat)["rack"] if t is not None]
    await bot.say(ALI, "/arrange 5 6 7 | 1 2", private=True)
    after = [t for t in bot.pictures.drawn if t[0] == "rack"][-1][1]["rack"]
    assert [t for t in after if t is not None][:5] == [before[i] for i in (4, 5, 6, 0, 1)]


@pytest.mark.parametrize("user, typed, answer", [
    (BUDI, "ambil y7", "untuk “ambil” ketik /take."),  # the discard named: not a draw
    (BUDI, "ambil yg dibuang", "ketik /take."),
    (BUDI, "tempelkan r9 ke 1", "untuk “tempelkan” ketik /add r9 to 1."),
    (BUDI, "buang y7 aja", "untuk “buang” ketik /discard y7."),
    (BUDI, "buang yg kuning 7", "untuk “buang” ketik /discard kuning 7."),
    (CAN, "okey at", "“at” için /discard okey yaz."),  # the tile, not "which okey game"
    (CAN, "3'ü at", "“at” için /discard 3 yaz."),
    (CAN, "işle 3. pere", "“işle” /add diye yazılır: Şöyle yaz: add <taş> to <per numarası>")])
async def test_glosses_answer_with_a_move_that_plays(bot, user, typed, answer):
    """Each was answered with a move the bot then refused, or the wrong move (/draw for
    "ambil y7", the discard named), or "101 could be either okey game" ("okey at")."""
    from .conftest import ALI

    await bot.say(user, f"/lang {user.lang}")
    await okey_table(bot, [ALI, user])
    out = await bot.say(user, typed, private=True)
    assert answer in i18n.render_lines(out[0].lines, user.lang), out[0].lines


async def test_turunkan_kombinasi_after_opening_suggests_the_meld_without_the_word(bot):
    """/rules says "turunkan kombinasi baru": it suggested `/meld kombinasi k1 k2 k3`."""
    from bot.notation import glossed

    assert glossed("turunkan", {"okey"}, ("kombinasi", "baru", "k1", "k2", "k3")) == (
        "turunkan", "meld", ("k1", "k2", "k3"))


def test_a_place_gloss_with_hindis_set_number_suggests_the_place_alone():
    from bot.notation import glossed

    assert glossed("रखो", {"rummikub"}, ("r12", "1", "में")) == ("रखो", "place", ("r12",))


@pytest.mark.parametrize("typed, said", [
    ("/new", "/new okey101, /new yuzbir"), ("/new okey101 rounds=two", "rounds"),
    ("/new okey101 bots=3", "3"), ("/league xyz", "xyz")])
async def test_a_newcomers_wrong_new_is_answered_in_the_group_when_private_is_closed(
        tg, typed, said):
    """Before pressing Start privately, a wrong /new (no game, a bad option) or /league was
    refused into the closed private chat and lost: the group read only the note on how to
    open it."""
    from .door_harness import BUDI as TG_BUDI

    tg.fake.closed.add(TG_BUDI.id)
    n = len(tg.group())
    await tg.say(TG_BUDI, typed)
    answered = [c.text for c in tg.group()[n:] if said in c.text]
    assert answered, [c.text for c in tg.group()[n:]]


def test_the_terminals_record_line_is_a_command_that_runs_where_it_was_started(monkeypatch):
    """`make run` starts .venv/bin/tilebot, not on the PATH: the printed `tilebot record 1
    --db ...` was "tilebot: not found"."""
    import sys

    from bot.adapters import console

    monkeypatch.setattr(sys, "argv", [".venv/bin/tilebot"])
    monkeypatch.setenv("PATH", "/nonexistent")
    assert console._tilebot() == ".venv/bin/tilebot"
    monkeypatch.setattr(sys, "argv", ["/usr/lib/python3/bot/cli.py"])  # python -m bot.cli
    assert console._tilebot() == "tilebot"


@pytest.mark.parametrize("typed, move", [("फेंक दो y12", "/discard y12"), ("y12 फेंक दो", "/discard y12"),
                                         ("फेको y12", "/discard y12"), ("उठा लो", "/draw"),
                                         ("pheko y12", "/discard y12"), ("लौटाओ", "/return")])
async def test_hindi_everyday_forms_of_the_move_words(bot, typed, move):
    """Compound, polite and unnasalised forms ("फेंक दो", "फेको", "उठा लो") were "मैं नहीं
    समझा"; "y12 फेंक दो" was "y12 नाम की कोई चाल नहीं है"."""
    from .conftest import ALI, DEV

    await bot.say(DEV, "/lang hi")
    await okey_table(bot, [ALI, DEV])
    (reply,) = await bot.say(DEV, typed, private=True)
    said = i18n.render_lines(reply.lines, "hi")
    assert f"के लिए {move} लिखें" in said or f"को {move} लिखा जाता है" in said, said


@pytest.mark.parametrize("typed", ["/new dominoes।", "/rules okey101।"])
async def test_a_danda_after_a_games_name_is_dropped_as_a_full_stop_is(bot, typed):
    from .conftest import DEV

    out = await bot.say(DEV, typed)
    assert not any("error" in ln.key for m in out for ln in m.lines), [m.lines for m in out]


async def test_season_band_ends_the_season_as_the_hindi_texts_say(bot):
    from .conftest import DEV

    bot.core._places[("tg", "g1")] = "Tile night"
    out = await bot.say(DEV, "/season बंद", is_admin=True)
    assert out and out[0].lines[0].key != "core.error.season_words", out[0].lines


@pytest.mark.parametrize("word, tile", [("kali 7", "k7"), ("pila 4", "y4"), ("pili 4", "y4"),
                                        ("nili 3", "b3"), ("ओके", "*")])
def test_hindi_colours_in_latin_letters_and_oke_name_tiles(word, tile):
    from rules.tiles import format_tile, parse_tile

    assert format_tile(parse_tile(word)) == tile


def test_discord_options_pasted_with_the_escape_before_an_underscore():
    """`/rules` shows `dead\\_tiles`; copied, the backslash came too: "unknown option"."""
    from bot.adapters.discord import _ESCAPED

    assert _ESCAPED.sub(r"\1", r"dead\_tiles=off") == "dead_tiles=off"


async def test_a_quiet_table_in_a_thread_discord_archived_is_sent_anew(dc):
    """In /quiet each move edits the one table picture; once Discord archives the thread
    it refuses edits there (400, code 50083) and the table froze: nothing new was posted
    (which would unarchive the thread)."""
    import asyncio

    from .door_harness import D_AYSE, D_BUDI

    thread = "530"
    await dc.fake.create_thread(thread, "okey night")
    await dc.slash(D_AYSE, "quiet", channel=thread, state="on")
    await dc.slash(D_AYSE, "new", channel=thread, game="dominoes", options="bots=random")
    await dc.slash(D_BUDI, "join", channel=thread)
    await dc.slash(D_AYSE, "start", channel=thread)
    (table,) = [t for t in dc.core.tables.values() if t.chat == thread]
    dc.fake.archived.add(thread)
    await dc.fake.archive_thread(thread)
    people = {D_AYSE.id: D_AYSE, D_BUDI.id: D_BUDI}
    mover = people[table.seats[table.state.current_player].user]
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    moves = table.moves
    await dc.press(mover, prompt, prompt.buttons[0][0])
    for _ in range(100):
        if thread not in dc.fake.archived:
            break
        await asyncio.sleep(0.05)
    assert table.moves > moves and thread not in dc.fake.archived  # posted anew there


@pytest.mark.parametrize("typed, order", [("रंग से", "runs"), ("नंबर से", "groups"),
                                          ("अंक से", "groups")])
def test_an_order_said_with_hindis_by(typed, order):
    """`/arrange रंग से` (by colour) was "no such order"."""
    from bot.rack_order import order_named

    assert order_named(typed.split()) == order


@pytest.mark.parametrize("word, on", [("ऑफ़", False), ("ऑफ", False), ("ऑन", True)])
def test_on_and_off_as_hindi_writes_the_english_words(word, on):
    """`league=ऑफ़` was refused ("allowed: on, off")."""
    from rules.game import switch_word

    assert switch_word(word) is on
