"""What the scans and the known-left list of 2026-12-07 (session 56) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, CAN, DEV, alone_to_move, en
from .conftest import BUDI as ID_BUDI

# ---------------------------------------------------------------- the lobby


async def test_addbot_with_the_level_a_computer_already_has_is_refused(bot):
    """`/addbot beginner 3` over a beginner said "now plays as beginner (it was beginner)":
    it changes nothing, and says so."""
    await bot.say(ALI, "/new okey101")
    await bot.say(ID_BUDI, "/join")
    await bot.say(ALI, "/addbot beginner")
    table = bot.table()
    out = await bot.say(ALI, "/addbot beginner 3")
    assert [en(m) for m in out] == ["The computer at seat 3 already plays as beginner."]
    (said,) = await bot.say(ID_BUDI, "/addbot pemula 3")
    assert i18n.render_lines(said.lines, "id") == "Komputer di kursi 3 sudah bermain di tingkat pemula."
    assert table.seats[2].level == "beginner" and table.count() == 3



@pytest.mark.parametrize("person, typed, seat", [
    (ID_BUDI, "/join dong", 2), (ID_BUDI, "/join kursi dua", 2), (ID_BUDI, "/join satu kursi", 2),
    (ID_BUDI, "/join nomor 4 ya", 4), (CAN, "/join üçüncü koltuk lütfen", 3),
    (CAN, "/join koltuk dört", 4), (DEV, "/join सीट तीन", 3), (DEV, "/join seat four please", 4),
    (ALI, "/join two", 2), (ALI, "/join the third seat", 3), (ID_BUDI, "/join besok dong", None)])
async def test_lobby_commands_read_our_players_chat_and_seat_numbers_as_words(
        bot, person, typed, seat):
    """`/join dong` and `/join kursi dua` were refused ("dong is not a seat ... nor a
    game"): chat around a lobby command is left out, a seat's number may be a word after
    the seat's word (or an ordinal), and before it a number is "a seat" (`satu kursi`).
    What is still no seat is refused as before, and nobody sits down."""
    owner = DEV if person is ALI else ALI
    await bot.say(owner, "/new okey101")
    table = bot.table()
    out = await bot.say(person, typed)
    if seat is None:
        assert out[0].lines[0].key == "core.error.join_word" and table.count() == 1
    else:
        assert table.seat_of(person.id) == seat - 1, [en(m) for m in out]


async def test_addbot_and_start_read_past_chat_words(bot):
    await bot.say(ALI, "/new okey101")
    await bot.say(ALI, "/addbot expert kursi tiga")
    table = bot.table()
    assert table.seats[2].level == "expert"
    await bot.say(ALI, "/start please")
    assert table.status == "playing"


# ---------------------------------------------------------------- dominoes


def test_D_D6_three_level_and_two_with_more_games_won_are_told_they_share_it():
    """The dominoes scan: Budi, Can and Dev end a 3-game match on 20; Budi and Dev won a
    game each, Can none, so the two share it (D-D6's decision), but the group read
    "whoever won more of the games takes the match" under "Winners: Budi, Dev"."""
    from dataclasses import replace

    from bot import events
    from bot.tables import Seat

    from .test_events import table_for

    table = table_for("dominoes")
    table.config = replace(table.config, games=3)
    table.seats[1], table.seats[3] = Seat("2", "Budi"), Seat("4", "Dev")
    outcome = {"totals": [33, 20, 20, 20], "winners": [1, 3]}
    lines = events.match_tie_lines(table, outcome)
    assert i18n.render_lines(lines, "en") == (
        "Equal lowest totals: whoever won more of the games takes the match; Budi, Dev won "
        "as many and share it.")
    assert i18n.render_lines(lines, "tr").endswith(
        "Budi, Dev eşit sayıda oyun kazandı ve maçı paylaşıyor.")


# ---------------------------------------------------------------- our players' words


@pytest.mark.parametrize("game, said, bare", [
    ("dominoes", "main pass", "pass"), ("dominoes", "मैं पास", "पास"),
    ("okey101", "gue ambil", "ambil"), ("okey101", "aku tarik", "tarik"),
    ("okey101", "i draw", "draw"), ("okey101", "main draw", "draw"),
    ("okey101", "meld rakho r3 r4 r5", "meld r3 r4 r5"), ("okey101", "main uthao", "uthao"),
    ("okey101", "discard karo 99", "discard 99")])
async def test_who_says_a_move_and_a_do_after_its_verb_are_read_past(bot, game, said, bare):
    """Hindi `main pass` at dominoes was "Not a domino: pass" (Indonesian "main" is play),
    `मैं पास` and `gue ambil` were "I do not know मैं", and `meld rakho r3 r4 r5` was "Not
    a tile: rakho": each is now answered as the move without those words (here all are
    refused the same way, D-D1 and O6 at the first move, and change nothing)."""
    table = await alone_to_move(bot, game)
    moves = table.moves
    (first,) = await bot.say(ALI, said, private=True)
    (second,) = await bot.say(ALI, bare, private=True)
    assert first.lines == second.lines, en(first)
    assert first.lines[0].key.startswith("core.error") and table.moves == moves


@pytest.mark.parametrize("typed", ["main {tile}", "main di kiri {tile}", "main dong {tile}",
                                   "main sebelah kiri {tile}", "main {tile} di kiri"])
async def test_indonesian_main_before_a_domino_is_still_its_play(bot, typed):
    """(The regression scan: "main di kiri 0-1" was read as "I" and "di kiri 0-1".)"""
    table = await alone_to_move(bot, "dominoes")
    tile = table.state.legal_texts()[0].split()[1]
    await bot.say(ALI, typed.format(tile=tile), private=True)
    assert any(a.startswith(f"play {tile}") for a in table.state.record()["actions"])


async def test_indonesian_main_with_colour_words_at_rummikub_is_still_a_gloss(bot):
    """(The regression scan: "main hitam 11 hitam 12 hitam 13" was "I do not know hitam".)"""
    table = await alone_to_move(bot, "rummikub")
    (said,) = await bot.say(ALI, "main hitam 11 hitam 12 hitam 13", private=True)
    assert "/place hitam 11 hitam 12 hitam 13" in en(said) and table.moves == 0


# ---------------------------------------------------------------- Telegram


async def _okey_started(tg):
    """Ayşe and Budi at an Okey 101 table just started: (table, who moves, moves made)."""
    from .door_harness import AYSE, BUDI

    await tg.say(AYSE, "/new okey101 bots=random")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    return table, tg.mover(), table.moves


async def test_rack_numbers_wait_for_a_rack_picture_flood_control_holds(tg):
    """The Telegram scan: Dev opened by a button and his new rack picture met flood
    control; his chat still showed the one before, where tile 8 was his second r3, and his
    `discard 8` threw y12, the 8th of the picture he had not got. A move by rack numbers
    is refused while a private message to the mover is held, and played once it is out.
    Someone who never pressed Start has seen no rack at all: refused too."""
    from .door_harness import until

    table, mover, moves = await _okey_started(tg)
    tg.fake.flood_calls[("sendPhoto", mover.id)] = [1]  # his next picture: retry after 1 s
    await tg.say(mover, "/hand", chat=mover.id)
    await tg.say(mover, "discard 1", chat=mover.id)
    assert table.moves == moves
    await until(lambda: any("discard 1" in c.text for c in tg.private(mover, "sendMessage")),
                what="the refusal, after the held picture")
    said = [c.text for c in tg.private(mover, "sendMessage") if "discard 1" in c.text][-1]
    key = "core.error.rack_unseen"
    assert said == i18n.translate(mover.language_code, key, {"move": "discard 1"}), said
    await tg.say(mover, "discard 1", chat=mover.id)
    assert table.moves > moves


async def test_rack_numbers_from_someone_whose_private_chat_refuses_the_bot_are_refused(tg):
    """Budi never pressed Start: every rack picture was refused, and his `/discard 3` in
    the group threw the third tile of a rack he had never seen. Refused until a picture
    reaches him."""
    table, mover, moves = await _okey_started(tg)
    tg.fake.closed.add(mover.id)
    await tg.say(mover, "/hand")  # (its rack refused privately: the group hears how to open it)
    await tg.say(mover, "/discard 3")
    assert table.moves == moves
    said = i18n.translate(mover.language_code, "core.error.rack_unseen", {"move": "discard 3"})
    assert any(c.text == said for c in tg.fake.calls)  # (told privately: refused there too)
    tg.fake.closed.discard(mover.id)
    await tg.say(mover, "/start", chat=mover.id)
    await tg.say(mover, "/hand", chat=mover.id)
    await tg.say(mover, "/discard 3")
    assert table.moves > moves


# ---------------------------------------------------------------- away and back


async def test_O30_someone_who_timed_out_twice_is_not_told_they_left(bot):
    """The timers scan: alone with computers, Can's time ran out twice and the table waits
    for his /back (O30); a move was answered "You left this table", which he never did."""
    await bot.say(CAN, "/new dominoes bots=random timer=30")
    await bot.say(CAN, "/start")
    table = bot.table()
    seat = table.seat_of(CAN.id)
    while not table.seats[seat].away:
        await bot.clock.advance(table.deadline - bot.clock.now())
    (said,) = await bot.say(CAN, "/pass", private=True)
    assert i18n.render_lines(said.lines, "tr") == (
        "Masa dönmeni bekliyor (ayrıldın ya da iki kez süren doldu): önce /back yaz.")
    (said,) = await bot.say(CAN, "/leave")
    assert "iki kez süren doldu" in i18n.render_lines(said.lines, "tr")


async def _budi_left_a_dominoes_match(bot):
    """Ali and Budi at dominoes in Tile night, and Budi has left: (table, a Player who
    presses Ali's buttons)."""
    from .test_core_play import Player

    await bot.say(ALI, "/new dominoes bots=random", place="Tile night")
    await bot.say(ID_BUDI, "/join", place="Tile night")
    await bot.say(ALI, "/start", place="Tile night")
    table = bot.table()
    player = Player(bot)
    player.note(bot.sent)
    await bot.say(ID_BUDI, "/leave", place="Tile night")
    return table, player


async def test_back_from_someone_in_a_lobby_says_where_their_match_ended_or_is_played(bot):
    """The comeback scan: Budi left a dominoes match in Tile night and the computers ended
    it; once he sat in an Okey 101 lobby anywhere, his /back said only "the game has not
    started" (about the lobby). And while a computer still plays his seat elsewhere, /back
    in that lobby's group said the same, not where to type it."""
    table, player = await _budi_left_a_dominoes_match(bot)
    await bot.say(CAN, "/new okey101", chat="g2", place="Office")
    await bot.say(ID_BUDI, "/join", chat="g2", place="Office")
    (said,) = await bot.say(ID_BUDI, "/back", chat="g2", place="Office")
    assert said.lines[-1].key == "core.error.not_away_elsewhere", en(said)
    await player.finish(table)
    for where in ({"private": True}, {"chat": "g2", "place": "Office"}):
        out = await bot.say(ID_BUDI, "/back", **where)
        assert out[-1].lines[-1].key.startswith("core.error.back_after_end"), en(out[-1])
    await bot.say(CAN, "/start", chat="g2", place="Office")  # (playing his own seat there)
    out = await bot.say(ID_BUDI, "/back", private=True)
    assert out[-1].lines[-1].key == "core.error.back_after_end_in", en(out[-1])


@pytest.mark.parametrize("typed", ["discard nomor dua", "discard number two", "/discard no 2",
                                   "discard nomor 2", "discard नंबर दो",
                                   # (session 57: glued, "no.2", and the tile's word and
                                   # ordinal, as the Hindi scan typed them)
                                   "discard no.2", "/discard nomor2", "discard #2",
                                   "discard दूसरी टाइल", "discard टाइल नंबर 2"])
async def test_a_rack_number_said_as_a_word_is_that_number(bot, typed):
    """Indonesian `buang nomor dua` ("discard number two") was "no move called buang", and
    `discard nomor 2` "Not a tile: nomor 2": a number's word before a number (a word too,
    in our languages) is read as the rack number it names; so are a number's word glued
    to it (`buang no.2` was "no move called buang"), a Hindi ordinal before the tile's
    word, and the tile's word before its number's."""
    table = await alone_to_move(bot, "okey101")
    shown = [t for t in bot.core.snapshot(table).json(0)["rack"] if t is not None]
    await bot.say(ALI, typed, private=True)
    assert table.state.record()["actions"][0] == f"discard {shown[1]}"


@pytest.mark.parametrize("said, bare", [("buang nomor dua", "buang 2"),
                                        ("tempel r4 ke kombinasi satu", "tempel r4 ke kombinasi 1")])
async def test_a_number_said_as_a_word_in_a_gloss_is_read_as_its_digits(bot, said, bare):
    table = await alone_to_move(bot, "okey101")
    (first,) = await bot.say(ALI, said, private=True)
    (second,) = await bot.say(ALI, bare, private=True)
    assert first.lines == second.lines and table.moves == 0, en(first)


async def test_a_move_box_word_no_game_has_is_refused_not_asked_which_table(bot):
    """Discord's `/move text:hello`, privately, at an Okey 101 and a dominoes table: "name
    the game, e.g. /dominoes hello" (as a slash command: `/hello game:...`), a move no
    table would take. It is said to be no move (the door sends it as_move)."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new dominoes bots=random", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    (said,) = await bot.say(ALI, "hello", chat="dm", private=True, as_move=True)
    assert en(said) == ("“hello” is no move of your games: type a move in /move's text, for "
                        "example discard r7 or play 3-5 left. /hand shows your tiles.")
    (said,) = await bot.say(ALI, "discard 99", chat="dm", private=True, as_move=True)
    assert said.lines[0].key != "core.error.move_unknown"  # (a move: its table says)


async def test_a_back_button_of_a_match_that_ended_while_away_says_how_it_ended(bot):
    """A private /back's button pressed after its match ended while a computer played
    Budi's seat said only "That table is closed": it says the match ended without him, and
    in which group, as a typed /back does."""
    table, player = await _budi_left_a_dominoes_match(bot)
    await player.finish(table)
    (said,) = await bot.press(ID_BUDI, f"r:{table.id}", chat=ID_BUDI.id)
    assert said.lines[-1].key == "core.error.back_after_end_in", en(said)
    assert "Tile night" in en(said)
    (said,) = await bot.press(CAN, f"r:{table.id}", chat=CAN.id)  # (not his: closed)
    assert said.lines[-1].key == "core.error.table_closed"


# ---------------------------------------------------------------- Discord


@pytest.mark.parametrize("key", ["core.error.rack_unseen", "core.error.renumbered"])
def test_discord_quotes_a_refused_rack_number_move_as_its_command(key):
    """The Discord scan: these two refusals quoted “discard tiles:3”, neither what was
    typed nor a command Discord takes (as a move sent before its turn did once)."""
    from bot.adapters.discord import _line_for_discord
    from bot.messages import Line

    line = _line_for_discord(Line(key, {"move": "discard 3"}))
    assert i18n.render_lines([line], "en").startswith("“/discard tiles:3”")


async def test_a_private_hurry_at_tables_all_timed_says_so_not_which_table(bot):
    """The Discord scan: Budi plays Okey 101 and Rummikub (both timed) and types /hurry
    privately: he was asked which table, and naming it only said "moves here are timed"."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ID_BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new rummikub bots=random", chat="g2")
    await bot.say(ID_BUDI, "/join", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    (said,) = await bot.say(ID_BUDI, "/hurry", chat=ID_BUDI.id, private=True)
    assert i18n.render_lines(said.lines, "id") == (
        "Langkah di setiap meja ini sudah dibatasi waktu (Okey 101, Rummikub): "
        "/hurry untuk meja yang langkahnya tanpa batas waktu.")


async def test_discord_held_dms_come_as_the_reply_to_ones_own_command(dc):
    """The Discord scan: Discord answered 429 to every direct message to Budi, so his
    turn's rack was held; his /hand and /draw in the channel then showed nothing at all
    (the "thinking" note was deleted), and he never saw the tile he drew. His own
    command's rack comes as the reply only he sees, with its buttons, as with closed DMs;
    its numbers are then the ones he sees, so a move by them is played."""
    from .door_harness import D_AYSE, D_BUDI, until

    await dc.slash(D_AYSE, "new", game="okey101", options="league=off bots=random")
    await dc.slash(D_BUDI, "join")
    await dc.slash(D_AYSE, "start")
    table = dc.table()
    prompt = [c for c in dc.fake.to(D_AYSE) if c.buttons][-1]
    dc.fake.limit_dms_next = 1000  # Discord answers 429 to every DM for a while
    await dc.press(D_AYSE, prompt, [b for b, _ in prompt.buttons if b.startswith("discard")][0])
    assert dc.door.held.holds_private(D_BUDI.id)  # (his turn's rack)
    for name in ("hand", "draw"):
        since = len(dc.fake.calls)
        await dc.slash(D_BUDI, name)
        replies = [c for c in dc.fake.calls[since:] if c.method == "reply"]
        assert replies and "(Okey 101):" in replies[-1].text, name
    assert replies[-1].buttons  # its discards, to press
    moves = table.moves
    await dc.slash(D_BUDI, "discard", tiles="1")
    assert table.moves > moves  # (not refused: the picture he saw numbers it)
    # once Discord takes DMs again, the held turn rack (its turn over) is not sent: its
    # live Draw button would be the newest thing in his DMs (the second regression scan)
    mark = len(dc.fake.to(D_BUDI))
    dc.fake.limit_dms_next = 0
    await until(lambda: not dc.door.held.holds_private(D_BUDI.id), timeout=60)
    assert not any(c.buttons for c in dc.fake.to(D_BUDI)[mark:])


@pytest.mark.parametrize("key", ["core.left_lost", "core.left_lost.waits", "core.left_lost_team",
                                 "core.left_lost_team.waits", "core.left_lost_one",
                                 "core.left_lost_one.waits"])
def test_turkish_leavers_note_fits_two_leavers(key):
    """Turkish said "masayı kendisi durdurmuş gibi" (as if he himself had stopped it) also
    of two people who left: the sentence names no one's self now, and fits one or two."""
    text = i18n.translate("tr", key, {"players": "Ali, Budi", "teams": "1 ve 3"})
    assert "kendisi" not in text and "masayı durdurmuş gibi" in text


def test_a_name_ending_in_a_full_stop_ends_a_sentence_once():
    """Someone named "K." won: "Winner: K.." read as a slip. One stop ends the sentence;
    other names keep theirs."""
    said = {"game": "Dominoes", "won": "Winner", "totals": "K.: 3, Ali: 9"}
    assert i18n.translate("en", "core.match_over", {**said, "winners": "K."}) == (
        "The Dominoes match is over. Winner: K. Totals: K.: 3, Ali: 9.")
    assert i18n.translate("en", "core.match_over", {**said, "winners": "Ali"}).startswith(
        "The Dominoes match is over. Winner: Ali. Totals")


# ---------------------------------------------------------------- the Hindi scan


@pytest.mark.parametrize("game, said, bare", [
    ("okey101", "discard 99 karo bhai", "discard 99"), ("okey101", "draw please", "draw"),
    ("okey101", "उठाओ भाई", "उठाओ"), ("okey101", "ढेर से उठाओ", "draw"),
    ("okey101", "pile se uthao", "draw"), ("dominoes", "pass yaar", "pass")])
async def test_a_please_or_a_brother_after_a_move_is_chat(bot, game, said, bare):
    """`discard r13 please` was "Not a tile: please", `discard r13 karo bhai` "Not a tile:
    karo", `उठाओ भाई` "I do not know उठाओ", /rules' own "ढेर से टाइल उठाएँ" unknown too."""
    table = await alone_to_move(bot, game)
    moves = table.moves
    (first,) = await bot.say(ALI, said, private=True)
    (second,) = await bot.say(ALI, bare, private=True)
    if bare == "draw" and not said.startswith("draw"):  # a gloss: its move, refused alike
        assert first.lines[0].params["example"] == bare, en(first)
        assert first.lines[0].params["reason"] == second.lines[0], en(first)
    else:
        assert first.lines == second.lines, en(first)
    assert table.moves == moves


@pytest.mark.parametrize("typed", ["1-2 ulta rakho", "1-2 ulti rakh do", "ulta rakho 1-2"])
def test_D6_face_down_in_hinglish_is_a_drop(typed):
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == "drop 1-2"


@pytest.mark.parametrize("typed", ["/join yaar", "/join करो", "/join kar do"])
async def test_lobby_commands_read_past_hindi_do_words(bot, typed):
    await bot.say(ALI, "/new okey101 karo")  # (/new too: "karo" was "write options as x=y")
    table = bot.table()
    await bot.say(DEV, typed)
    assert table.seat_of(DEV.id) == 1


async def test_O20_take_naming_the_tile_on_offer_takes_it(bot, monkeypatch):
    """Hindi's refusal reads "…: /take b1 लेगा" (/take would take b1): typed as `/take b1`,
    it was "nothing comes after /take". Naming the tile on offer takes it; another tile is
    still refused."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 b5 b6 k9 y9 b7 b7 k3 r9 r2 y1 b1", "", "",
                      "r13 k13 y13 b1"], indicator="y12", first=3)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(DEV, "/discard b1", private=True)
    moves = table.moves
    (said,) = await bot.say(CAN, "/take k13", private=True)
    assert said.lines[0].key.startswith("error") and table.moves == moves
    await bot.say(CAN, "/take b1", private=True)
    assert table.state.record()["actions"][-1] == "take"


@pytest.mark.parametrize("typed", ["add k13 मेल्ड 2 में", "add k13 meld 2 mein",
                                   "add k13 को मेल्ड 2 में"])
def test_add_with_a_melds_word_as_rules_glosses_it(typed):
    """/rules glosses add as "मेल्ड 3 में जोड़ें": `add k13 मेल्ड 2 में` was "Not a tile:
    मेल्ड" (`add k13 2 में` was played)."""
    from bot import notation
    from rules import find_game

    assert notation.from_person(find_game("okey101"), typed, 4) == "add k13 to 2"


# ---------------------------------------------------------------- the newcomer scan


async def _can_drew_holding_an_opening(bot, monkeypatch):
    """An Okey 101 table where Can (seat 1) has drawn, holding r10 r11 r12 | b9 r9 k9 y9
    (69 points, O14) and y1 b1 k1 besides."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 b9 r9 k9 y9 b7 b7 k3 r2 y1 b1 k1", "", "",
                      "r13 k13 y13 b5"], indicator="y12", first=3)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(DEV, "/discard b5", private=True)
    await bot.say(CAN, "/draw", private=True)
    return table


async def test_a_bare_open_offers_the_racks_own_opening(bot, monkeypatch):
    """A newcomer tapped the caption's /open (Telegram sends the word alone): the answer's
    example, /open r3 r4 r5 | b7 k7 y7, named tiles they did not hold, and typing it was
    refused (O8). On an assisted table the example is the rack's own opening, which plays."""
    table = await _can_drew_holding_an_opening(bot, monkeypatch)
    (said,) = await bot.say(CAN, "/open", private=True)
    assert said.lines[0].key == "core.error.no_tiles_yours", en(said)
    move = said.lines[0].params["move"]
    await bot.say(CAN, f"/{move}", private=True)
    assert table.state.record()["actions"][-1] == move


# ---------------------------------------------------------------- the Yüzbir scan


@pytest.mark.parametrize("typed", ["pairs b5 b5 to seat 3", "pairs b5 b5 to 3'e",
                                   "pairs b5 b5 3'e", "pairs b5 b5 koltuk 3", "pairs b5 b5 to 3"])
def test_Y9_a_pairs_seat_said_as_people_say_it(typed):
    """`/pairs b5 b5 to seat 3` was "Not a tile: to" (the bot's own keyword), `3'e` "Not a
    tile: 3'e": the seat is read as /add reads a meld's number (the engine counts from 0)."""
    from bot import notation
    from rules import find_game

    assert notation.from_person(find_game("yuzbir"), typed, 4) == "pairs b5 b5 to 2"
    assert notation.from_person(find_game("yuzbir"), "pairs b5 b5 | r1 r1", 4) == (
        "pairs b5 b5 | r1 r1")


# ---------------------------------------------------------------- the Indonesian scan


@pytest.mark.parametrize("game, typed, read", [
    ("okey101", "add * ke 2 bawah", "add * to 2 low"),
    ("okey101", "add * to 2 bawah", "add * to 2 low"),
    ("okey101", "add * ke kombinasi 2 di bawah", "add * to 2 low"),
    ("okey101", "discard yg kuning 4", "discard kuning 4"),
    ("rummikub", "place r12 k12 sama y12", "place r12 k12 y12"),
    ("okey101", "open r3 b3 k3 sama k9 * k11 k12", "open r3 b3 k3 | k9 * k11 k12"),
    ("okey101", "pairs r5 r5 dan b9 b9", "pairs r5 r5 | b9 b9")])
def test_O_D4_indonesian_words_among_an_english_moves_tiles(game, typed, read):
    """`tempel * ke 2 bawah` was answered "/add * to 2 low", but `/add * ke 2 bawah` itself
    was refused; `buang yg kuning 4` read past "yg", `/discard yg kuning 4` did not; "sama"
    (and) between two melds is their |."""
    from bot import notation
    from rules import find_game

    assert notation.from_person(find_game(game), typed, 4) == read


@pytest.mark.parametrize("typed", ["/arrange kelompok dong", "/hide dong"])
async def test_settings_read_past_chat_words(bot, typed):
    (said,) = await bot.say(ID_BUDI, typed, chat=ID_BUDI.id, private=True)
    assert not said.lines[0].key.startswith("core.error"), i18n.render_lines(said.lines, "id")


@pytest.mark.parametrize("typed", ["buang nomor sebelas", "buang nomer dua"])
async def test_a_rack_number_as_a_word_past_ten_and_nomer(bot, typed):
    table = await alone_to_move(bot, "okey101")
    (said,) = await bot.say(ALI, typed, private=True)
    assert said.lines[0].params.get("example", "").startswith("discard "), en(said)
    assert table.moves == 0


def test_D6_the_rack_says_what_a_drop_is_when_nothing_fits():
    """The newcomer scan: the first time nothing fit, the rack showed "e.g. /drop 1-1" and
    drop buttons, and nothing said no tile fits or that a dropped tile still counts (D9)."""
    from bot import board_dominoes

    from .test_events import table_for

    table = table_for("dominoes")
    mine = {"hand": ["1-1", "5-6"], "ends": [2, 2], "current_player": 0, "seat": 0,
            "legal": ["drop 1-1", "drop 5-6"]}
    keys = [ln.key for ln in board_dominoes.rack_lines(table, mine)]
    assert keys[-1] == "core.hint.dominoes_drop_only"
    mine["legal"] = ["play 1-2", "drop 5-6"]  # (a tile fits: no such line)
    assert "core.hint.dominoes_drop_only" not in [
        ln.key for ln in board_dominoes.rack_lines(table, mine)]


async def test_a_settings_yes_is_on_and_a_number_word_alone_is_no_seat(bot):
    """The second regression scan: "ya" (yes) was dropped as chat, so `/hide ya` switched
    a hidden okey face up; `/join nomor` alone was refused as no seat."""
    await bot.say(ID_BUDI, "/hide on", chat=ID_BUDI.id, private=True)
    await bot.say(ID_BUDI, "/hide ya", chat=ID_BUDI.id, private=True)
    assert bot.core.prefs.hides_okey("tg", ID_BUDI.id)
    await bot.say(ALI, "/new okey101")
    await bot.say(ID_BUDI, "/join nomor")
    assert bot.table().seat_of(ID_BUDI.id) == 1


async def test_O16_turun_once_opened_is_the_meld_to_type(bot, monkeypatch):
    """The Indonesian scan: after Can opened, `turun y1 b1 k1` (lay down) was answered with
    /open y1 b1 k1, a move then refused (O14); laying down once opened is /meld."""
    table = await _can_drew_holding_an_opening(bot, monkeypatch)
    (said,) = await bot.say(CAN, "turun y1 b1 k1", private=True)
    assert said.lines[0].params["example"] == "open y1 b1 k1"  # (before opening: /open)
    await bot.say(CAN, "/open r10 r11 r12 | b9 r9 k9 y9", private=True)
    assert table.state.view(0).opened[0] == "melds"
    (said,) = await bot.say(CAN, "turun y1 b1 k1", private=True)
    assert said.lines[0].params["example"] == "meld y1 b1 k1", en(said)
