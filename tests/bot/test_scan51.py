"""What the scans of 2026-12-06 (session 51) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, BUDI, CAN, draw_until_to_discard, en, okey_table
from .door_harness import D_AYSE as AYSE


@pytest.mark.parametrize("lang, typed", [("tr", "tek"), ("id", "sendiri"), ("hi", "अकेले"),
                                         ("en", "SINGLE")])
async def test_Y21_single_player_mode_typed_in_the_readers_words(bot, lang, typed):
    """`/new yuzbir mode=tek` was refused ("allowed: online, single"): only the English
    words opened a single-player table."""
    if lang != "en":
        await bot.say(ALI, f"/lang {lang}")
    out = await bot.say(ALI, f"/new yuzbir mode={typed}")
    assert bot.core.tables, [i18n.render_lines(m.lines, lang) for m in out]
    table = bot.table()
    assert table.single and table.config.rounds == 7, en(out[0])


async def test_a_pasted_options_name_in_discords_options_box_is_not_an_option(dc):
    """The bot suggests `/new game:okey101 options:rounds=3`; pasted into the options box
    with its name, `options:rounds=3` was refused as an unknown option `options:rounds`."""
    await dc.slash(AYSE, "new", game="okey101", options="options: rounds=3")
    table = dc.table()
    assert table is not None and table.config.rounds == 3


@pytest.mark.parametrize("typed, answer", [
    ("çek", "“çek” /draw diye yazılır, ama şimdi olmaz: Kurala aykırı (O6)"),
    ("taş çek", "“taş çek” /draw diye yazılır, ama şimdi olmaz: Kurala aykırı (O6)")])
async def test_O6_a_draw_typed_in_turkish_by_the_seat_that_begins_says_it_cannot_draw(
        bot, typed, answer):
    """"çek" from the seat that begins the round (22 tiles, O6) answered "for çek type
    /draw", and /draw was then refused; "taş çek" was not read at all."""
    await bot.say(ALI, "/lang tr")
    await bot.say(BUDI, "/lang tr")
    table = await okey_table(bot)
    mover = ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI
    other = BUDI if mover is ALI else ALI
    moves = table.moves
    (reply,) = await bot.say(mover, typed, private=True)
    assert i18n.render_lines(reply.lines, "tr").startswith(answer), reply.lines
    (reply,) = await bot.say(other, typed, private=True)  # not to move: the word only
    assert i18n.render_lines(reply.lines, "tr") == (
        f"Hamleler düğmelerdeki gibi İngilizce yazılır: “{typed}” için /draw yaz.")
    assert table.moves == moves


async def test_D2_an_end_said_in_a_phrase_as_the_bot_writes_it_is_read(bot):
    """`/oyna 3-5 sol uca` (the bot's own "sol uca", to the left end) was "not a dominoes
    move": only the one word sol was read, and `play left 3-5` not at all."""
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    seat = table.seat_of(ALI.id)
    for _ in range(30):
        legal = table.state.view(seat).legal
        ends = [a for a in legal if a.startswith("play ") and a.endswith(" left")]
        if table.state.current_player == seat and ends:
            break
        await bot.say(ALI, f"/{legal[0]}" if table.state.current_player == seat else "/table")
    else:
        pytest.skip("no left-or-right choice came up")
    tile = ends[0].split()[1]
    moves = table.moves
    out = await bot.say(ALI, f"/oyna {tile} sol uca", private=True)
    assert table.moves > moves, [en(m) for m in out]
    a, b = (int(x) for x in tile.split("-"))
    assert set(table.state.line[0]) == {a, b}, table.state.line  # laid at the left end


# ---------------------------------------------------------------- Indonesian players


@pytest.mark.parametrize("typed, move", [
    ("turunkan r7 b7 k7", "/place r7 b7 k7"), ("letakkan r7 b7 k7", "/place r7 b7 k7"),
    ("pasang r7 b7 k7", "/place r7 b7 k7"), ("mainkan r1 r2 r3", "/place r1 r2 r3"),
    ("tarik", "/draw"), ("lewati", "/pass")])
async def test_K_the_bots_own_indonesian_words_for_rummikub_moves_are_answered(bot, typed, move):
    """The rack caption says "Kamu bisa menurunkan ...: /place", Discord's /place
    "letakkan batu" and /pass "lewati": typed, each was "Aku tidak tahu"."""
    await bot.say(ALI, "/lang id")
    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    moves = table.moves
    (reply,) = await bot.say(ALI, typed, private=True)
    said = i18n.render_lines(reply.lines, "id")
    assert f"untuk “{typed.split()[0]}” ketik {move}." in said \
        or f"“{typed}” ditulis {move}, tapi tidak sekarang" in said \
        or f"“{typed.split()[0]}” ditulis {move}, tapi langkah itu ditolak" in said, said
    # (K9: not yet; K6: tiles Ali does not hold, or no opening yet: said why)
    assert table.moves == moves


async def test_O14_turunkan_before_opening_is_answered_with_open(bot):
    """"turunkan r3 b3 k3" (lay down) before opening was answered "type /meld r3 b3 k3",
    which is then refused: not opened yet (O-D8)."""
    await bot.say(ALI, "/lang id")
    await okey_table(bot)
    (reply,) = await bot.say(ALI, "turunkan r3 b3 k3", private=True)
    said = i18n.render_lines(reply.lines, "id")  # (and why that opening is refused: O14)
    assert "/open r3 b3 k3" in said and "/meld" not in said, reply.lines


async def test_O_D8_an_add_with_its_meld_in_indonesian_words_reads_as_with_to(bot):
    """`add r4 3`, `add r4 pada 3`, `add r4 ke kombinasi 3` were "write: add <tile> to
    <meld number>" (the 3 of `add r4 3` taken for a rack number); each is `add r4 to 3`."""
    table = await okey_table(bot)
    await draw_until_to_discard(bot, table, ALI)
    seat = table.seat_of(ALI.id)
    from rules.tiles import format_tile

    tile = format_tile(table.state.view(seat).tiles[0])
    (expected,) = await bot.say(ALI, f"/add {tile} to 3", private=True)
    assert expected.lines[0].key == "core.error.illegal"  # (not opened: O-D8)
    for typed in (f"/add {tile} 3", f"/add {tile} pada 3", f"/add {tile} ke kombinasi 3"):
        (reply,) = await bot.say(ALI, typed, private=True)
        assert en(reply) == en(expected), typed


async def test_indonesian_everyday_words_for_settings(bot):
    """`/lang indo`, `/arrange warna` (the bot's "menurut warna") and `/season akhiri`
    (Discord's "akhiri musim") were refused."""
    (reply,) = await bot.say(ALI, "/lang indo")
    assert reply.lines[0].key != "core.error.unknown_lang"
    assert await bot.core.lang_of(reply.to) == "id"
    table = await okey_table(bot)
    for typed, order in (("warna", "runs"), ("angka", "groups")):
        (reply, *_) = await bot.say(ALI, f"/arrange {typed}", private=True)
        assert reply.lines[0].key == "core.arrange_set", reply.lines
        assert reply.lines[0].params["order"].key == f"core.arrange.{order}"
    out = await bot.say(ALI, "/season akhiri", is_admin=True)
    assert all(m.lines[0].key != "core.error.season_words" for m in out), out
    assert table


def test_the_indonesian_terminal_help_names_themes_and_orders_in_indonesian():
    for key in ("core.help_console", "core.help_discord", "core.help"):
        text = i18n.translate("id", key)
        assert "colorblind" not in text and "runs, pairs" not in text, key


# ---------------------------------------------------------------- leagues


@pytest.mark.parametrize("typed", ["/league 101", "/league 101 okey", "/league okey",
                                   "/rules 101", "/table okey"])
async def test_to_a_turkish_reader_101_in_league_and_table_commands_is_either_okey_game(
        bot, typed):
    """`/league 101` was "this chat has no season 101", `/league okey` "no game is called
    okey" and `/rules 101` "101 is not a game", though to a Turk either okey game is 101."""
    (reply,) = await bot.say(CAN, typed)  # (Can reads Turkish)
    said = i18n.render_lines(reply.lines, "tr")
    assert said.startswith(f"{typed.split(None, 1)[1]} iki okey oyunundan biri olabilir"), said


async def test_league_season_words_still_read_in_turkish(bot):
    (reply,) = await bot.say(CAN, "/league 2")
    assert reply.lines[0].key == "core.error.no_season_first"


async def test_league_with_a_season_at_the_terminal_says_the_terminal_has_no_league(tmp_path):
    """`/league 2` at the terminal spoke of "this chat's" seasons; `/league` says there is
    no league at the terminal."""
    from .conftest import Harness

    bot = Harness(tmp_path / "t.sqlite3", buttons=False, timers=False)
    await bot.start()
    try:
        plain = await bot.say(ALI, "/league")
        seasoned = await bot.say(ALI, "/league 2")
        assert [m.lines for m in seasoned] == [m.lines for m in plain]
        assert plain[0].lines[0].key == "core.league_terminal"
    finally:
        await bot.close()


# ---------------------------------------------------------------- the terminal


def test_the_terminals_game_question_asks_a_turk_which_okey_game_101_is(tmp_path):
    """Answered "101" in Turkish, the question said "Not one of the games: 101"."""
    from .test_console import LIMIT_S, _console

    out, err = _console(tmp_path, "--lang", "tr").communicate("101\n/quit\n", timeout=LIMIT_S)
    assert "101 iki okey oyunundan biri olabilir, Okey 101 (Endonezya) ya da Yüzbir" in out, (
        out, err)
    assert "Oyunlardan biri değil" not in out


async def test_a_move_at_a_table_everyone_left_says_it_waits_not_that_a_computer_plays(
        tmp_path):
    """At the terminal (one person) /leave leaves the table waiting, and a move then said
    "A computer is playing your seat", though none was."""
    from .conftest import Harness

    bot = Harness(tmp_path / "t.sqlite3", buttons=False, timers=False)
    await bot.start()
    try:
        await bot.say(ALI, "/new dominoes")
        await bot.say(ALI, "/start")
        await bot.say(ALI, "/leave")
        (reply,) = await bot.say(ALI, "/pass")
        assert en(reply) == ("The table waits for you to come back (you left it, or timed out "
                             "twice): type /back first.")
        (reply,) = await bot.say(ALI, "/leave")
        assert reply.lines[0].key == "core.error.already_left.waits"
    finally:
        await bot.close()


async def test_a_game_first_command_with_101_asks_a_turk_which_okey_game(bot):
    """`/101 table` was "there is no move 101" to a Turkish reader."""
    (reply,) = await bot.say(CAN, "/101 table")
    assert i18n.render_lines(reply.lines, "tr").startswith("101 iki okey oyunundan biri"), (
        reply.lines)
    (reply,) = await bot.say(ALI, "/101 table")  # to others 101 is Okey 101's number
    assert reply.lines[0].key != "core.error.either_okey"


# ---------------------------------------------------------------- the day's words, again


@pytest.mark.parametrize("word, args, move", [
    ("tempel", ("r4", "pada", "3"), ("add", ("r4", "to", "3"))),
    ("işle", ("r4", "per", "3"), ("add", ("r4", "to", "3"))),
    ("जोड़ें", ("r4", "मेल्ड", "3"), ("add", ("r4", "to", "3"))),
    ("tempel", ("r4", "pada", "kombinasi", "3"), ("add", ("r4", "to", "3"))),
    ("ambil", ("okey", "r4", "pada", "3"), ("swap", ("r4", "in", "3"))),
    ("turunkan", ("pasangan", "r1", "r1", "b2", "b2"), ("pairs", ("r1", "r1", "b2", "b2")))])
def test_a_glossed_add_with_the_new_meld_words_suggests_a_move_that_works(word, args, move):
    """`tempel r4 pada 3` suggested `/add r4 pada to 3`, refused ("not a tile: pada");
    "turunkan pasangan", the bot's own words for /pairs, suggested /meld pasangan ..."""
    from bot.notation import glossed

    assert glossed(word, {"okey"}, args)[1:] == move


def test_the_bots_own_button_words_tarik_kembali_are_no_draw():
    """"Tarik kembali turunan" (take the opening back, Y7) typed was answered "/draw".
    It is the discard that takes it back (session 54: "I do not know Tarik" was no help)."""
    from bot.notation import glossed

    assert glossed("tarik", {"okey"}, ("kembali", "turunan"))[1:] == ("discard", ())
    assert glossed("tarik", {"okey"}, ())[1] == "draw"


def test_the_new_meld_words_mark_a_meld_only_in_an_add_or_a_swap():
    """`/discard di 5` read 5 as a meld ("not a tile: di 5"), `/open 1 2 3 per 4 5 6` 4."""
    from bot.notation import _slot_words

    assert _slot_words(None, []) == []
    game = type("G", (), {"family": "okey"})()
    assert _slot_words(game, ["discard", "di", "5"]) == [2]
    assert _slot_words(game, ["add", "r4", "pada", "3"]) == []
    assert _slot_words(game, ["open", "1", "2", "3", "per", "4"]) == [1, 2, 3, 5]


async def test_a_gloss_is_the_move_of_the_askers_own_table(bot):
    """Budi's Okey 101 table and Ali's Rummikub table in one group: Ali's "turunkan r7 b7
    k7" was answered /meld (the okey move), a move of a table he does not sit at."""
    await bot.say(BUDI, "/new okey101 bots=random league=off")
    await bot.say(BUDI, "/start")
    await bot.say(ALI, "/new rummikub bots=random league=off")
    await bot.say(ALI, "/start")
    (reply,) = await bot.say(ALI, "/turunkan r7 b7 k7")
    assert "“turunkan” type /place r7 b7 k7." in en(reply) or en(reply).startswith(
        "“turunkan” is typed /place r7 b7 k7, but that move is refused"), en(reply)


async def test_not_now_is_said_of_the_table_whose_move_the_gloss_is(bot):
    """Ali to move at a dominoes table and a Rummikub one: "lewati" (Rummikub's pass) was
    "not now: you can play, so you must (D-D1)", the dominoes table's reason. Since session
    59 "lewati" is dominoes' pass too (the Indonesian menu's word): which table is asked, as
    for "pass"; named, each table answers its own."""
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new rummikub bots=random league=off")
    await bot.say(ALI, "/start")
    tables = sorted(bot.core.tables.values(), key=lambda t: t.id)
    if not all(t.waits_for(ALI.id) for t in tables):
        pytest.skip("Ali is not to move at both")
    (reply,) = await bot.say(ALI, "/lewati")
    assert reply.lines[0].key.startswith("core.error.which_table"), en(reply)
    (reply,) = await bot.say(ALI, "/rummikub lewati")
    said = en(reply)
    assert "D-D1" not in said and "(K9)" in said, said
    (reply,) = await bot.say(ALI, "/dominoes lewati")
    assert "D-D1" in en(reply), en(reply)


@pytest.mark.parametrize("typed", ["सीज़न ख़त्म करें", "tutup musim", "sezonu kapat", "end"])
async def test_season_end_in_the_words_its_pickers_show(bot, typed):
    """`/season सीज़न ख़त्म करें` (Discord's Hindi picker), "tutup musim" and "sezonu
    kapat" (the option's descriptions) were refused with the season's words."""
    out = await bot.say(ALI, f"/season {typed}", is_admin=True)
    assert all(m.lines[0].key != "core.error.season_words" for m in out), out


# ---------------------------------------------------------------- coming back


async def _dominoes_of_ali_and_budi(bot):
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    return bot.table()


async def test_a_later_match_played_to_its_end_replaces_the_one_that_ended_while_away(bot):
    """Budi left a match that ended without him; he then played a second one to its end:
    /back still spoke of the first ("ended while a computer was playing your seat")."""
    from .test_core_play import Player

    table = await _dominoes_of_ali_and_budi(bot)
    await bot.say(BUDI, "/leave")
    await Player(bot).finish(table)
    (reply,) = await bot.say(BUDI, "/back")
    assert reply.lines[0].key == "core.error.back_after_end"
    again = await _dominoes_of_ali_and_budi(bot)
    await Player(bot).finish(again)
    (reply,) = await bot.say(BUDI, "/back")
    assert reply.lines[0].key != "core.error.back_after_end", en(reply)


async def test_the_one_who_stopped_the_table_is_not_told_it_closed_while_away(bot):
    """Ali and Budi left, Ali stopped the table: his /back said it "was closed while a
    computer was playing your seat"; Budi's still says so."""
    await _dominoes_of_ali_and_budi(bot)
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    await bot.say(ALI, "/stop")
    (reply,) = await bot.say(ALI, "/back")
    assert reply.lines[0].key != "core.error.back_after_close", en(reply)
    (reply,) = await bot.say(BUDI, "/back")  # (everyone was away: no computer played)
    assert reply.lines[0].key == "core.error.back_after_close.waits"


async def test_the_rack_sent_on_back_says_whose_turn_it_is(bot):
    """After /back at another's turn the rack came alone: nothing said who was to move."""
    from .test_core_play import Player

    table = await _dominoes_of_ali_and_budi(bot)
    player = Player(bot)
    while player.to_move(table) is not BUDI:
        await player.step(table)
    await bot.say(ALI, "/leave")
    out = await bot.say(ALI, "/back")
    racks = [m for m in out if m.to.user == ALI.id and m.lines and any(
        ln.key == "core.rack_waits" for ln in m.lines)]
    assert racks and "Budi is to move now" in en(racks[0]), [en(m) for m in out]


async def _computers_finish_after_back(path, seed: int):
    """A dominoes match of Ali, Budi and two computers, left by both when Budi is to move
    and a seat holds one tile; Ali's /back then: (its messages, the table), or None where
    the match went otherwise."""
    from .conftest import Harness
    from .test_core_play import Player

    bot = Harness(path, seed=seed)
    await bot.start()
    try:
        table = await _dominoes_of_ali_and_budi(bot)
        player = Player(bot)
        for _ in range(200):
            if table.status != "playing" or table.state.current_player is None:
                return None
            if player.to_move(table) is BUDI and min(table.state.view(0).hand_counts[1:]) <= 1:
                break
            await player.step(table)
        await bot.say(ALI, "/leave")
        await bot.say(BUDI, "/leave")
        out = await bot.say(ALI, "/back")
        return (out, table) if table.status == "finished" else None
    finally:
        await bot.close()


async def test_no_rack_of_a_match_the_computers_finished_after_back(tmp_path):
    """Everyone away late in a game; Ali's /back let the computers (Budi's stand-in among
    them) finish the match, and Ali was then sent a rack of the match that was over."""
    for seed in range(1, 30):
        found = await _computers_finish_after_back(tmp_path / f"s{seed}.sqlite3", seed)
        if found:
            break
    else:
        raise AssertionError("no seed where the computers finish the match after the /back")
    out, table = found
    assert any(m.lines and m.lines[0].key.startswith("core.") for m in out)
    assert not [m for m in out if m.to.user == ALI.id and getattr(m, "kind", "") == "rack"], [
        en(m) for m in out]


async def test_back_in_another_group_with_its_own_table_names_where_the_seat_is(bot):
    """Budi left his dominoes table in Tile night and typed /back in Office, which has an
    Okey 101 table he does not sit at: "You are not sitting at this table", where a group
    with no table named his."""
    await bot.say(ALI, "/new dominoes bots=random", place="Tile night")
    await bot.say(BUDI, "/join", place="Tile night")
    await bot.say(ALI, "/start", place="Tile night")
    await bot.say(BUDI, "/leave", place="Tile night")
    await bot.say(CAN, "/new okey101", chat="g2", place="Office")
    (reply,) = await bot.say(BUDI, "/back", chat="g2", place="Office")
    assert en(reply) == "You are not sitting at this table: you play Dominoes in Tile night."
    assert bot.table().seats[1].away  # nothing changed


# ---------------------------------------------------------------- Discord


async def test_a_move_made_in_a_channel_the_bot_cannot_post_in_says_it_counted(dc):
    """Send Messages taken away mid-game; Budi's /pass or /play in that channel counted, but
    its only reply was "I cannot post in this channel ... or play in another channel"."""
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    mover = dc.mover()
    table = dc.table()
    moves = table.moves
    legal = table.state.view(table.state.current_player).legal
    verb, *tiles = legal[0].split()
    await dc.slash(mover, verb, **({"tiles": " ".join(tiles)} if tiles else {}))
    assert table.moves > moves
    reply = " ".join(c.text for c in dc.fake.replies()[-3:])  # (the table picture with it)
    assert "still count" in reply or "yine sayılıyor" in reply, reply
    assert "play in another channel" not in reply and "başka bir kanalda" not in reply


@pytest.mark.parametrize("text, words", [
    ("/play tiles:0-1 game:“Dominoes”", ("dominoes", ("play", "0-1"))),
    ("/move text:okey101 discard 1", ("okey101", ("discard", "1"))),
    ("/move text:/play tiles:0-1 game:“Dominoes”", ("dominoes", ("play", "0-1")))])
def test_moves_text_takes_the_commands_the_bot_suggests_pasted_whole(text, words):
    """The rack suggests `/play tiles:0-1 game:“Dominoes”`; pasted into /move text: it was
    "Not a dominoes move: /play 0-1" (the / kept once the game was read first)."""
    from bot.adapters.discord import command_words

    assert command_words({"name": "move", "options": [{"name": "text", "value": text}]}) \
        == words


# ---------------------------------------------------------------- the log


async def test_a_log_at_debug_holds_no_deal_seed_from_the_database_library(tmp_path, caplog):
    """aiosqlite writes each statement with its values at DEBUG: a table's deal seed (every
    rack rebuilt from it) and a face-down domino reached a log an operator set to DEBUG."""
    import logging

    from bot.adapters.serve import quieten_libraries
    from bot.store import SeatRow, Store

    quieten_libraries()
    store = await Store.open(str(tmp_path / "s.sqlite3"))
    try:
        with caplog.at_level(logging.DEBUG):
            table_id = await store.create_table("tg", "g1", "dominoes", {}, 45, "normal",
                                                "1", 2278931395599978564, 0.0,
                                                SeatRow(0, "1", "Ali"))
    finally:
        await store.close()
    assert table_id
    assert not [r for r in caplog.records if "2278931395599978564" in r.getMessage()], [
        r.getMessage()[:120] for r in caplog.records]


# ---------------------------------------------------------------- the second regression scan


@pytest.mark.parametrize("who, typed", [("CAN", "/okey 101 table"), ("ALI", "/okey 101 table"),
                                        ("CAN", "/Okey 101 (Endonezya) table")])
async def test_a_game_named_in_several_words_before_the_command(bot, who, typed):
    """`/okey 101 table` was "no move called 101" (English) or "no command /okey" (Turkish):
    only the first word was read as the game."""
    from . import conftest

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new dominoes bots=random")
    (reply, *_) = await bot.say(getattr(conftest, who), typed)
    assert reply.lines[0].key not in ("core.error.either_okey", "core.error.unknown_command",
                                      "error.unknown_action"), reply.lines
    assert i18n.render_lines(reply.lines, "en").startswith("Okey 101\nIndicator")


def test_a_rummikub_gloss_suggests_the_place_without_its_set_number():
    """`pasang r4 ke 2` suggested `/place r4 to 2`, which /place then refuses (no set
    numbers); then `/place r4 ke 2`, refused with `/place r4`: it is suggested at once
    (session 52)."""
    from bot.notation import glossed

    assert glossed("pasang", {"rummikub"}, ("r4", "ke", "2")) == ("pasang", "place", ("r4",))
    assert glossed("koy", {"rummikub"}, ("r12", "1'e")) == ("koy", "place", ("r12",))


async def test_league_with_okey_101_at_the_terminal_in_turkish(tmp_path):
    """`/league okey 101` at a Turkish terminal asked which okey game (the 101 dropped as a
    season number first)."""
    from .conftest import Harness

    bot = Harness(tmp_path / "t.sqlite3", buttons=False, timers=False)
    await bot.start()
    try:
        (reply,) = await bot.say(CAN, "/league okey 101")
        assert reply.lines[0].key == "core.league_terminal_game", reply.lines
    finally:
        await bot.close()


async def test_a_player_who_left_is_not_told_their_moves_still_count(dc):
    """Budi left; in the channel the bot may not post in, his /table was answered "your
    moves still count", though a computer plays his seat."""
    from .door_harness import D_BUDI
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    await dc.slash(D_BUDI, "leave")
    dc.fake.muted.add(CHANNEL)
    await dc.slash(D_BUDI, "table")
    reply = " ".join(c.text for c in dc.fake.replies()[-3:])  # (the table picture with it)
    assert "tidak bisa mengirim pesan" in reply, reply  # (told why nothing is shown)
    assert "tetap dihitung" not in reply, reply  # (Budi reads Indonesian)


@pytest.mark.parametrize("typed", ["/join 101", "/join okey", "/addbot 101"])
async def test_join_and_addbot_with_101_ask_a_turk_which_okey_game(bot, typed):
    """With Okey 101 and Yüzbir lobbies open, a Turk's `/join 101` was "name the game, e.g.
    /okey101 join 101", a suggestion then refused (no seat 101)."""
    await bot.say(ALI, "/new okey101")
    await bot.say(BUDI, "/new yuzbir")
    (reply,) = await bot.say(CAN, typed)
    assert reply.lines[0].key == "core.error.either_okey", reply.lines
    assert all(t.seat_of(CAN.id) is None for t in bot.core.tables.values())


async def test_a_stop_in_a_channel_the_bot_cannot_post_in_is_confirmed_to_its_asker(dc):
    """/stop there closed the table, but its asker read only "I cannot post in this
    channel", not that it was stopped."""
    from .door_harness import D_AYSE
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    await dc.slash(D_AYSE, "stop")
    assert not dc.core.tables  # closed
    reply = dc.fake.replies()[-1].text
    assert "masasını kapattı" in reply and "yazamıyorum" in reply, reply  # (in Turkish)


async def test_table_in_a_channel_the_bot_cannot_post_in_shows_the_table_to_its_asker(dc):
    """/table there showed nothing at all: the picture was refused, and its asker read only
    "I cannot post in this channel"."""
    from .door_harness import D_AYSE
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    await dc.slash(D_AYSE, "table")
    replies = dc.fake.replies()[-3:]
    assert [c for c in replies if c.file and c.params.get("flags") == 64], replies  # its own
    assert "yazamıyorum" in " ".join(c.text for c in replies)


# ---------------------------------------------------------------- Hindi players


@pytest.mark.parametrize("typed, move", [("uthao", "/draw"), ("phenko r3", "/discard r3"),
                                         ("टाइल उठाओ", "/draw"), ("फेंकी टाइल लो", "/take")])
async def test_hindi_move_words_as_typed_are_answered_with_their_move(bot, typed, move):
    """`uthao`, `phenko r3` (Hindi in Latin letters) and `टाइल उठाओ` were "मैं ... नहीं समझा"."""
    await okey_table(bot)
    (reply,) = await bot.say(BUDI, typed, private=True)  # (Budi is not to move: the word)
    said = en(reply)
    assert f"type {move}." in said or f"is typed {move}" in said, said


async def test_arrange_by_the_word_the_hindi_texts_use_for_a_number(bot):
    await okey_table(bot)
    (reply, *_) = await bot.say(ALI, "/arrange नंबर", private=True)
    assert reply.lines[0].key == "core.arrange_set", reply.lines
    assert reply.lines[0].params["order"].key == "core.arrange.groups"


def test_the_hindi_help_names_themes_and_orders_in_hindi():
    for key in ("core.help_console", "core.help_discord", "core.help"):
        text = i18n.translate("hi", key)
        assert "colorblind" not in text and "runs, pairs" not in text, key


@pytest.mark.parametrize("typed", ["/addbot expert seat 4", "/addbot माहिर सीट 4",
                                   "/addbot ahli kursi 4"])
async def test_addbot_reads_the_word_seat_before_its_number(bot, typed):
    """`/addbot माहिर सीट 4` was "no level called सीट" (English: "Unknown level seat"),
    though `/join सीट 3` works."""
    await bot.say(ALI, "/new dominoes")
    (reply, *_) = await bot.say(ALI, typed)
    seat = bot.table().seats[3]
    assert seat is not None and seat.level == "expert", [en(reply)]
