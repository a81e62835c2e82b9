"""What the scans of 2026-12-07 (session 53) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.notation import glossed, glossed_among_tiles, starts_a_gloss

from .conftest import ALI, CAN, DEV, alone_to_move, en, okey_table


@pytest.mark.parametrize("words, move", [
    (("3.", "pere", "2'yi", "işle"), ("add", ("2", "to", "3"))),  # /rules' "3. pere işle"
    (("3", "में", "2", "जोड़ो"), ("add", ("2", "to", "3"))),
    (("मेल्ड", "3", "में", "2", "जोड़ो"), ("add", ("2", "to", "3"))),
    (("1.", "pere", "kırmızı", "5", "işle"), ("add", ("kırmızı", "5", "to", "1"))),
    (("r13", "को", "1", "में", "जोड़ो"), ("add", ("r13", "to", "1"))),
    (("r13", "को", "मेल्ड", "1", "में", "जोड़ो"), ("add", ("r13", "to", "1"))),
    (("r6'yı", "1'e", "işle"), ("add", ("r6", "to", "1")))])
def test_O17_a_meld_named_before_the_tile_is_still_the_meld(words, move):
    """The meld said first ("3. pere 2'yi işle": add tile 2 to meld 3) was suggested as
    /add 3 to 2, which played y5 onto another meld (and charged its owner, O17); Hindi's
    "r13 को 1 में" gave /add r13 to to 1, refused."""
    first = glossed_among_tiles(words, {"okey"}) or glossed(words[0], {"okey"}, words[1:])
    assert first[1:] == move


@pytest.mark.parametrize("words, tiles", [
    (("5", "6", "7", "को", "रखो"), ("5", "6", "7")),  # को marks the tiles, not a set (K7)
    (("5'i", "6'yı", "7'yi", "koy"), ("5", "6", "7")),  # the accusative: the tiles too
    (("koy", "3'ü"), ("3",)),
    (("koy", "r12", "1'e"), ("r12",))])  # the dative: a set's number, which /place drops
def test_K7_a_place_gloss_keeps_the_tiles_marked_as_its_object(words, tiles):
    """"5 6 7 को रखो" suggested /place 5 6 (the 7 read as a set's number); "5'i 6'yı
    7'yi koy" said to name the tiles, which it had."""
    first = glossed_among_tiles(words, {"rummikub"}) or glossed(words[0], {"rummikub"}, words[1:])
    assert first[1:] == ("place", tiles)


@pytest.mark.parametrize("typed", ["/okey r5 at", "/101 r5 at", "/101 at", "/101 çek",
                                   "/okey çek"])
async def test_101_or_okey_before_a_move_asks_which_okey_game(bot, typed):
    """README: to a Turkish reader "101" and "okey" alone name either okey game, "refused
    naming both, not guessed": `/101 r5 at` was answered /discard 101 r5, `/okey çek`
    /take."""
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [ALI, CAN])
    await bot.say(ALI, "/new yuzbir bots=random")
    (reply,) = await bot.say(CAN, typed)
    assert reply.lines[0].key == "core.error.either_okey", reply.lines


async def test_okey_at_still_discards_the_okey(bot):
    await bot.say(CAN, "/lang tr")
    await okey_table(bot, [ALI, CAN])
    await bot.say(ALI, "/new yuzbir bots=random")
    (reply,) = await bot.say(CAN, "okey at", private=True)
    assert "/discard okey" in i18n.render_lines(reply.lines, "tr"), reply.lines


async def test_hindi_swap_with_ko_suggests_a_swap_that_reads(bot):
    """"r5 को 2 में ओकेय लें" (take the okey in meld 2 for r5) was /swap r5 in in 2."""
    await okey_table(bot, [ALI, DEV])
    (reply,) = await bot.say(DEV, "r5 को 2 में ओकेय लें", private=True)
    assert "/swap r5 in 2" in i18n.render_lines(reply.lines, "hi"), reply.lines


async def test_a_refusal_at_a_table_of_a_same_titled_group_where_one_has_no_seat(bot):
    """Budi sits in one "Tile night" and typed /start at the lobby of another "Tile night":
    naming the table's seat for him (he has none there) crashed, and nothing was
    answered (on Telegram the button's spinner never stopped)."""
    from .conftest import BUDI

    for chat in ("g1", "g2"):
        bot.core._places[("tg", chat)] = "Tile night"
    await bot.say(ALI, "/new dominoes", chat="g1")
    await bot.say(BUDI, "/join", chat="g1")
    await bot.say(CAN, "/new dominoes", chat="g2")
    (reply,) = await bot.say(BUDI, "/start", chat="g2")
    assert [line.key for line in reply.lines] == ["core.at_place", "core.error.not_creator"], \
        reply.lines


@pytest.mark.parametrize("typed", ["/dominoes stop", "/dominoes join 9"])
async def test_a_command_with_its_game_first_is_refused_in_the_group_when_private_is_closed(
        tg, typed):
    """The bot says "name the game, e.g. /dominoes stop"; typed so by someone whose private
    chat is closed, its refusal went only there and was lost (`/stop dominoes` was answered
    in the group)."""
    from .door_harness import AYSE as TG_AYSE
    from .door_harness import BUDI as TG_BUDI
    from .door_harness import CHEN as TG_CHEN

    await tg.say(TG_AYSE, "/new dominoes")
    await tg.say(TG_CHEN, "/new okey101")
    await tg.say(TG_BUDI, "/mylang en", chat=TG_BUDI.id)
    tg.fake.closed.add(TG_BUDI.id)
    n = len(tg.group())
    await tg.say(TG_BUDI, typed)
    said = [c.text for c in tg.group()[n:]]
    assert any(t.startswith(("Only Ayşe", "There is no seat 9")) for t in said), said


async def test_play_again_under_a_days_old_match_in_a_forum_topic_opens_it_there(tg):
    """Telegram describes a days-old message by its chat and id alone (date 0, no topic):
    Play again under such scores in a topic was taken as pressed in General, and refused
    as "That button belongs to an earlier move"."""
    from .door_harness import AYSE as TG_AYSE
    from .door_harness import BUDI as TG_BUDI
    from .door_harness import CHEN as TG_CHEN

    await tg.say(TG_AYSE, "/lang en", topic=7)
    await tg.say(TG_AYSE, "/new dominoes", topic=7)
    await tg.say(TG_BUDI, "/join", topic=7)
    await tg.say(TG_AYSE, "/start", topic=7)
    table = tg.core.tables[max(tg.core.tables)]
    people = {str(p.id): p for p in (TG_AYSE, TG_BUDI)}
    for _ in range(200):
        if table.status != "playing":
            break
        person = people[table.seats[table.state.current_player].user]
        prompt = [c for c in tg.private(person) if c.buttons][-1]
        await tg.press(person, prompt, prompt.buttons[0][0])
    final = [c for c in tg.group() if c.buttons][-1]
    assert final.topic == 7 and final.buttons[0][0] == "Play again"
    await tg.press(TG_CHEN, final, "Play again", old=True)
    again = tg.core.tables[max(tg.core.tables)]
    assert again is not table and again.status == "lobby", again
    assert again.chat == table.chat and again.seat_of(str(TG_CHEN.id)) == 0


def test_D11_the_best_of_those_who_stayed_is_found_with_the_rules_tie_break():
    """D12's second example (all hold 6; seat 1 wins with [1-1]): its winner gave the
    match up (/leave). The league shared the win among the three who stayed and rated
    them as drawn; D11 names seat 2, holding [0-6] (6 pips, as [2-4] and [3-3], and the
    lowest end), and ranks [2-4] above [3-3] (session 56: not a draw)."""
    import json
    from pathlib import Path

    from bot import league
    from rules.record import replay

    path = Path(__file__).parent.parent / "golden" / "dominoes" / "d12_example2.json"
    outcome = replay(json.loads(path.read_text())).outcome()
    assert outcome["winners"] == [0] and outcome["totals"][:4] == [6, 6, 6, 6]
    counted = league.leavers_last(outcome, {0, 4})
    assert counted["winners"] == [1]
    assert league.head_to_head(counted, 1, 2) == 1.0 and league.head_to_head(counted, 2, 3) == 1.0


@pytest.mark.parametrize("words", [("çift", "b9", "b9"), ("çiftleri", "koy", "b9", "b9"),
                                   ("b9", "b9", "çift")])
def test_Y9_a_pair_as_turkish_names_it_is_answered_with_pairs(words):
    """/rules and the rack line say "çift" ("Bu çiftleri koyabilirsin"): typed as a move
    it was "“çift” ne demek bilmiyorum"."""
    first = glossed_among_tiles(words, {"okey"}) or glossed(words[0], {"okey"}, words[1:])
    assert first[1:] == ("pairs", ("b9", "b9"))


@pytest.mark.parametrize("family, words, move", [
    ("okey", ("r13", "को", "फेंको"), ("discard", ("r13",))),  # को marks the tile
    ("okey", ("b13", "k13", "y13", "से", "खोलो"), ("open", ("b13", "k13", "y13"))),
    ("okey", ("मेल्ड", "रखें", "y12", "*", "y1"), ("meld", ("y12", "*", "y1"))),  # the menu's
    ("okey", ("y12", "*", "y1", "उतारो"), ("meld", ("y12", "*", "y1"))),  # the rack's
    ("okey", ("jodo", "*", "2", "mein"), ("add", ("*", "to", "2"))),  # as most type it
    ("okey", ("*", "ko", "2", "mein", "jodo"), ("add", ("*", "to", "2"))),
    ("okey", ("r13", "phenk", "do"), ("discard", ("r13",))),
    ("okey", ("r13", "discard"), ("discard", ("r13",))),  # the English verb last
    ("okey", ("मेल्ड", "2", "से", "ओकेय", "लें", "k10"), ("swap", ("k10", "in", "2"))),
    ("rummikub", ("r12", "k12", "y12", "place"), ("place", ("r12", "k12", "y12"))),
    ("rummikub", ("चलें", "r12", "k12", "y12"), ("place", ("r12", "k12", "y12")))])
def test_hindi_as_players_say_a_move_is_answered_with_a_move_that_reads(family, words, move):
    """A Hindi scan: each was "not understood" or answered with a move then refused
    ("/discard r13 को", "/meld रखें y12 * y1", "/add * 2 mein")."""
    gloss = glossed(words[0], {family}, words[1:])
    if not starts_a_gloss(words[0], words[1:]):
        gloss = glossed_among_tiles(words, {family}) or gloss
    assert gloss[1:] == move


async def test_hindi_okey_le_is_the_swap_not_a_take(bot):
    """"ओकेय लें" (/rules' gloss of /swap) was read as "take the okey": /take, which,
    typed, took the discard."""
    await okey_table(bot, [ALI, DEV])
    (reply,) = await bot.say(DEV, "ओकेय लें", private=True)
    said = i18n.render_lines(reply.lines, "hi")
    assert "/swap" in said and "/take" not in said, said


@pytest.mark.parametrize("typed", ["लगाओ 0-1", "0-1 लगाओ", "चलें 0-1", "0-1 lagao"])
def test_D1_hindi_lays_a_domino_with_the_bots_own_verbs(typed):
    """The bot writes "टाइल लगाएँ" and its menu "डोमिनो चलें": typed, they were "not
    understood"."""
    from rules.dominoes_actions import parse_action

    assert parse_action(typed).tile is not None


async def test_O28_the_turns_example_discard_is_no_tile_the_hints_lay(bot):
    """After a draw the example was the rack's last tile, the one drawn: "Your best
    opening: b9 b10 b11 | k5 k6 k7" above "e.g. /discard b9" (a newcomer copies it)."""
    from bot import views

    table = await okey_table(bot)
    seat = table.state.current_player
    data = bot.core.snapshot(table).json(seat)
    opening = [t for meld in data["hints"]["opening"]["melds"] for t in meld]
    assert opening and set(opening) <= views.hinted_tiles(data)
    legal = [f"discard {t}" for t in ("y11", opening[0])]
    line = bot.core._your_turn(table, legal, lambda m: m, None, set(), False,
                               views.hinted_tiles(data))
    assert line.params["example"] == "discard y11"


@pytest.mark.parametrize("family, words, move", [
    ("okey", ("ambil", "okey", "dengan", "r12", "di", "1"), ("swap", ("r12", "in", "1"))),
    ("okey", ("tempel", "*", "ke", "1", "bawah"), ("add", ("*", "to", "1", "low"))),  # O-D4
    ("okey", ("tempel", "r9"), ("add", ())),  # no meld named: its usage says how
    ("okey", ("tukar", "okey", "r12", "di", "1"), ("swap", ("r12", "in", "1"))),
    ("okey", ("ganti", "okey", "r12", "di", "1"), ("swap", ("r12", "in", "1"))),
    ("okey", ("taruh", "pasangan", "r3", "r3", "ke", "2"), ("pairs", ("r3", "r3", "to", "2"))),
    ("rummikub", ("turunin", "r12", "k12", "y12"), ("place", ("r12", "k12", "y12")))])
def test_indonesian_as_chat_says_a_move_is_answered_with_a_move_that_reads(family, words, move):
    """An Indonesian scan: each was "Aku tidak tahu" or a suggestion then refused
    ("/swap dengan r12 in 1", "/add * bawah to 1", "/pairs r3 r3 ke 2")."""
    assert glossed(words[0], {family}, words[1:])[1:] == move


async def test_O7_a_move_word_with_tiles_before_the_draw_says_not_now(bot):
    """"buang r9" before drawing was answered "type /discard r9", then refused (O7): the
    answer says why it cannot be played now, as a bare word's does."""
    from .conftest import BUDI
    from .test_core_play import Player

    await bot.say(BUDI, "/lang id")
    table = await okey_table(bot, [ALI, BUDI])
    seat = table.seat_of(BUDI.id)
    player = Player(bot)
    while not (player.to_move(table) is BUDI and "draw" in table.state.view(seat).legal):
        await player.step(table)
    from rules.tiles import format_tile

    tile = format_tile(table.state.view(seat).tiles[0])
    (reply,) = await bot.say(BUDI, f"buang {tile}", private=True)
    assert reply.lines[0].key == "core.error.move_word_refused", reply.lines
    assert reply.lines[0].params["reason"].params["rule"] == "O7"


@pytest.mark.parametrize("typed", ["discard r13 dong", "draw dong", "play 0-1 aja"])
def test_an_indonesian_filler_after_a_move_is_no_part_of_it(typed):
    """"discard r13 dong" was "Bukan batu: dong" (after an Indonesian move word it was
    dropped)."""
    import rules
    from bot.notation import from_person

    game = rules.find_game("dominoes" if "0-1" in typed else "okey101")
    assert from_person(game, typed, 4) == typed.rsplit(maxsplit=1)[0]


@pytest.mark.parametrize("typed", ["jalan 0-1", "ketuk"])
def test_D1_indonesian_play_and_pass_words(typed):
    from rules.dominoes_actions import parse_action

    assert parse_action(typed) is not None


@pytest.mark.parametrize("game", ["okey101", "rummikub"])
async def test_a_rack_number_alone_is_answered_with_the_move_that_takes_it(bot, game):
    """/help teaches that a tile is named by its number in the rack picture; "3" typed
    alone was "There is no move called 3: the moves are draw, take..." (Rummikub: "Unknown
    move 3")."""
    table = await alone_to_move(bot, game)
    seat = table.seat_of(ALI.id)
    before = table.moves
    (reply,) = await bot.say(ALI, "3", private=True)
    said = en(reply)
    verb = "place" if game == "rummikub" else "discard"
    if reply.lines[0].key == "core.error.move_word_refused":  # (why /place 3 is refused
        assert reply.lines[0].params["example"] == f"{verb} 3", said  # now, K6: test_scan54)
        return
    assert said.startswith("“3” alone is no move: ") and f"/{verb} 3 " in said, said
    assert ("draw first" in said) == (game == "okey101" and "draw" in
                                      table.state.view(seat).legal), said
    assert table.moves == before


async def test_back_after_a_table_everyone_left_closed_says_nobody_came_back(bot):
    """Everyone left (the table waits for a /back: no computer plays) and the hour ran out:
    /back said the table "was closed while a computer was playing your seat"."""
    from .conftest import BUDI

    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    await bot.clock.advance(3600)
    (reply,) = await bot.say(ALI, "/back")
    assert en(reply).startswith("The Dominoes table was closed while everyone was away (it "
                                "waited for a /back), so"), en(reply)
    bot.core._places[("tg", "g1")] = "Tile club"
    (reply,) = await bot.say(BUDI, "/hand", chat=BUDI.id, private=True)
    assert reply.lines[0].key == "core.error.hand_after_close_in.waits", reply.lines


async def test_the_closed_private_chat_note_goes_where_one_just_asked(tg):
    """README: someone who has not pressed Start "is told in the group (of a table waiting
    for their move, else where they last spoke, else the table they sat down at last)".
    Chen, at a lobby in General, typed /mylang tr in a forum topic: the note went to
    General, where nobody was waiting for an answer."""
    from .door_harness import AYSE as TG_AYSE
    from .door_harness import CHEN as TG_CHEN
    from .door_harness import GROUP

    tg.fake.topics[9] = "Okey corner"
    await tg.say(TG_AYSE, "/new dominoes")
    await tg.say(TG_CHEN, "/join")
    tg.fake.closed.add(TG_CHEN.id)
    n = len(tg.fake.calls)
    await tg.say(TG_CHEN, "/mylang tr", topic=9)
    notes = [c for c in tg.fake.calls[n:] if c.method == "sendMessage" and c.chat == GROUP]
    assert notes and all(c.topic == 9 for c in notes), [(c.topic, c.text) for c in notes]


def test_the_terminal_window_closed_leaves_quietly_and_keeps_the_table(tmp_path):
    """Closing the window (the terminal's reads and writes then fail, EIO) ended `tilebot
    play` with two tracebacks and exit status 1; it leaves as Ctrl-D does, the table saved."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "play", "dominoes", "--seed", "3",
                             "--db", str(tmp_path / "t.db")], stdin=slave, stdout=slave,
                            stderr=subprocess.PIPE, cwd=tmp_path)
    os.close(slave)
    seen, end = b"", time.monotonic() + 60
    while b"> " not in seen and time.monotonic() < end:  # its first prompt
        if select.select([master], [], [], 0.5)[0]:
            seen += os.read(master, 65536)
    os.close(master)  # the window is closed
    assert proc.wait(60) == 0
    assert b"Traceback" not in proc.stderr.read()
    assert (tmp_path / "t.db").exists()


def test_replay_of_a_record_nested_too_deeply_is_one_line_and_status_2(tmp_path, capsys):
    """README: anything typed wrong is one line and exit status 2; `[[[[...]]]]` 100,000
    deep was a 29-line RecursionError traceback, exit 1."""
    from bot import cli

    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tilebot: error: not valid JSON: nested too deeply") and \
        err.count("\n") == 1, err


def test_demo_in_hindi_on_a_terminal_that_cannot_show_it_replaces_the_letters(tmp_path):
    """`tilebot demo dominoes --lang hi` under an ISO-8859-9 locale crashed with
    UnicodeEncodeError, exit 1 (`tilebot play` replaces what it cannot show)."""
    import os
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-m", "bot.cli", "demo", "dominoes", "--seed", "1",
                          "--lang", "hi"], capture_output=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONIOENCODING": "iso-8859-9"}, timeout=120)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-300:]
    assert b"?" in run.stdout


@pytest.mark.parametrize("family, words", [
    ("okey", ("çift", "yok")), ("okey", ("çift", "mi")), ("okey", ("ganti", "bahasa")),
    ("okey", ("tukar", "tempat")), ("okey", ("me", "at")), ("okey", ("item", "at")),
    ("okey", ("r5", "discard", "r6"))])
def test_talk_is_no_move(family, words):
    """The regression scan: "çift yok" (no pairs) was answered /pairs yok, "ganti bahasa"
    (change the language) the swap's usage; each now reads as no move. ("ओकेय 2 से लो",
    the okey from meld 2, is the swap's: test_scan54.)"""
    found = glossed_among_tiles(words, {family}) or glossed(words[0], {family}, words[1:])
    assert found is None, found


@pytest.mark.parametrize("family, words, move", [
    ("rummikub", ("5", "6", "7", "से", "रखो"), ("place", ("5", "6", "7"))),
    ("rummikub", ("5", "6", "7", "me", "rakho"), ("place", ("5", "6", "7"))),
    ("okey", ("1", "2", "3", "mein", "kholo"), ("open", ("1", "2", "3"))),
    ("okey", ("r5", "से", "ओकेय", "लें", "2", "में"), ("swap", ("r5", "in", "2")))])
def test_a_postposition_after_the_tiles_keeps_every_tile(family, words, move):
    """"5 6 7 से रखो" was /place 5 6 (the 7 read as a set's number); "r5 से ओकेय लें 2 में"
    was /swap r5 से in 2."""
    found = glossed_among_tiles(words, {family}) or glossed(words[0], {family}, words[1:])
    assert found[1:] == move


@pytest.mark.parametrize("words, move", [
    (("el", "ac", "r3", "b3", "k3"), ("open", ("r3", "b3", "k3"))),  # no Turkish letters
    (("tas", "at", "r13"), ("discard", ("r13",))),
    (("isle", "r6", "1'e"), ("add", ("r6", "to", "1"))),
    (("ciftle", "ac", "b9", "b9"), ("pairs", ("b9", "b9"))),
    (("1'e", "okey", "işle"), ("add", ("okey", "to", "1"))),  # the meld said first
    (("okeyi", "1'e", "işle"), ("add", ("okeyi", "to", "1")))])  # as /rules writes it
def test_turkish_typed_as_phones_and_people_write_it(words, move):
    """A Turkish scan: "el ac", "isle", "tas at" (no Turkish letters) were "ne demek
    bilmiyorum"; "1'e okey işle" lost its tile and meld; "okeyi" was no tile."""
    found = glossed_among_tiles(words, {"okey"}) or glossed(words[0], {"okey"}, words[1:])
    assert found[1:] == move


async def test_K6_a_rummikub_place_suggested_is_checked_first(bot):
    """"r11 r12 r13 koy" without r13 was answered "type /place r11 r12 r13", then refused
    (K6): the okey games' suggestions were checked, Rummikub's place never (it reads the
    rack: parsed without the seat's view, it was taken for legal)."""
    await bot.say(CAN, "/lang tr")
    await bot.say(CAN, "/new rummikub bots=random")
    await bot.say(CAN, "/start")
    table = bot.table()
    from .test_core_play import Player

    player = Player(bot)
    while player.to_move(table) is not CAN:
        await player.step(table)
    from rules.tiles import format_tile

    rack = {format_tile(t, "rummikub") for t in table.state.view(table.seat_of(CAN.id)).rack}
    missing = next(t for t in ("r13", "b13", "k13", "y13") if t not in rack)
    (reply,) = await bot.say(CAN, f"r11 r12 {missing} koy", private=True)
    assert reply.lines[0].key == "core.error.move_word_refused", reply.lines


@pytest.mark.parametrize("typed, move", [
    ("0-1 sola koy", "play 0-1 left"), ("0-1 koy", "play 0-1"),  # the bot's own "koydu"
    ("2-2 ters koy", "drop 2-2"), ("0-1'i oyna", "play 0-1"), ("6-6'yı oyna", "play 6-6"),
    ("0-2'yi sola oyna", "play 0-2 left")])
def test_D1_turkish_lays_a_domino_as_the_bot_says_it(typed, move):
    """The bot writes "0-1 taşını sağ uca koydu" and "/drop 6-6 (ters koy)": "0-1 sola
    koy", "2-2 ters koy" (verb last) and "0-1'i oyna" (the tile's case ending) were
    "Domino hamlesi değil"."""
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == move


async def test_leaving_the_group_mid_game_is_told_privately_with_back(bot):
    """README: leaving a Telegram group mid-game counts as a /leave, which /back undoes.
    Only the group (which they can no longer read) was told a computer took the seat."""
    from .conftest import BUDI

    bot.core._places[("tg", "g1")] = "Tile club"
    await bot.say(BUDI, "/new dominoes bots=random")
    await bot.say(ALI, "/join")
    await bot.say(BUDI, "/start")
    table = bot.table()
    bot.sent.clear()
    await bot.core.member_left("tg", lambda room: room == "g1", ALI)
    assert table.seats[table.seat_of(ALI.id)].away
    told = [en(m) for m in bot.sent if m.to.private and m.to.user == ALI.id]
    assert "You left Tile club, so a computer plays your seat at its Dominoes table now; " \
        "/back here takes it again." in told, told
    await bot.say(ALI, "/back", chat=ALI.id, private=True)
    assert not table.seats[table.seat_of(ALI.id)].away
