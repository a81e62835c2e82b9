"""What the scans and the known-left list of 2026-12-07 (session 59) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n
from rules.dominoes_actions import parse_action

from .conftest import ALI, BUDI, CAN, DEV, en


@pytest.mark.parametrize("typed", ["left 0-1", "kiri 0-1", "sola 0-1 koy", "बाएँ 0-1",
                                   "sol 0-1", "ke kiri 0-1"])
def test_D5_an_end_said_before_the_tile_is_a_play_at_that_end(typed):
    """Known since session 58: "left 1-2" was "not a dominoes action"."""
    assert str(parse_action(typed)) == "play 0-1 left"


@pytest.mark.parametrize("user, typed", [(ALI, "left 0-1"), (BUDI, "kiri 0-1"),
                                         (CAN, "sola 0-1 koy"), (DEV, "बाएँ 0-1"),
                                         (ALI, "/left 0-1")])
async def test_D5_an_end_said_first_is_played_not_an_unknown_word(bot, user, typed):
    """Known since session 58: the core read only a move verb or a tile as a move's first
    word, so "sola 1-2 koy" was "I do not know sola"."""
    await bot.say(user, "/new dominoes bots=random league=off")
    await bot.say(user, "/start")
    table = bot.table()
    out = await bot.say(user, typed)
    said = " ".join(en(m) for m in out)
    assert "(" + user.name + ") played 0-1 on the left end" in said and table.moves, said


@pytest.mark.parametrize("typed", ["left", "/left", "sol"])
async def test_an_end_alone_is_still_an_unknown_word(bot, typed):
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    moves = bot.table().moves
    (said,) = await bot.say(ALI, typed)
    assert said.lines[0].key in ("core.error.unknown_word", "core.error.unknown_command")
    assert bot.table().moves == moves


@pytest.mark.parametrize("typed", ["lewati", "/lewati", "skip"])
async def test_D7_lewati_and_skip_are_the_dominoes_pass(bot, typed):
    """Known since session 58: "lewati" (the Indonesian menu's word for /pass) and "skip"
    were no dominoes words; they are its pass (refused here: D-D1, Budi can play)."""
    await bot.say(BUDI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/start")
    moves = bot.table().moves
    (said,) = await bot.say(BUDI, typed)
    assert "D-D1" in en(said) and bot.table().moves == moves, en(said)


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
@pytest.mark.parametrize("restart", [False, True])
async def test_a_draw_is_told_once_when_another_leaves_mid_turn(bot, game, restart):
    """The comeback scan: Ali drew (O14); Budi left before Ali discarded. The group read
    Ali's draw with Budi's leave, and after a restart again with Ali's discard. The turn's
    moves are told when it passes (the leave at once), so once with or without a restart;
    Budi's seat stays away across it."""
    from .test_core_play import Player

    await bot.say(ALI, f"/new {game} bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    ali = table.seat_of(ALI.id)
    while not (table.state.current_player == ali
               and "draw" in table.state.view(ali).legal):
        await Player(bot).step(table)
    group = []
    group += [m for m in await bot.say(ALI, "/draw") if not m.to.private]
    left = [m for m in await bot.say(BUDI, "/leave") if not m.to.private]
    assert "Budi left" in " ".join(en(m) for m in left)
    group += left
    if restart:
        await bot.restart()
        table = bot.table()
    assert table.seats[table.seat_of(BUDI.id)].away
    discard = next(a for a in table.state.view(ali).legal if a.startswith("discard"))
    group += [m for m in await bot.say(ALI, "/" + discard) if not m.to.private]
    said = "\n".join(en(m) for m in group)
    assert said.count(f"Seat {ali + 1} (Ali) drew a tile") == 1, said
    assert f"Seat {ali + 1} (Ali) discarded" in said, said


async def _to_draw(bot, user, game="okey101", chat="g1"):
    """`user` to draw at an Okey 101 (or Yüzbir) table of theirs with three computers."""
    await bot.say(user, f"/new {game} bots=random league=off", chat=chat)
    await bot.say(user, "/start", chat=chat)
    table = bot.table(game, chat=chat)
    seat = table.seat_of(user.id)
    discard = next(a for a in table.state.view(seat).legal if a.startswith("discard"))
    await bot.say(user, f"/{game} {discard}", chat=chat)  # the starter's first move (O6)
    while not (table.state.current_player == seat and "draw" in table.state.view(seat).legal):
        await bot.clock.advance(1)
    return table


async def _okey_turn_beside_rummikub(bot):
    """Can to draw at an Okey 101 table with a Rummikub table of his in the same group: a
    bare /draw there is asked which table it is for."""
    table = await _to_draw(bot, CAN)
    await bot.say(CAN, "/new rummikub bots=random league=off")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, "/draw")
    assert said.lines[-1].key.startswith("core.error.which_table"), en(said)
    return table


@pytest.mark.parametrize("typed, key", [("/okey101 discard 1", "okey.error.draw_first"),
                                        ("/okey101 5", "core.error.number_alone_draw"),
                                        ("5", "core.error.number_alone_draw")])
async def test_O7_draw_first_names_the_game_beside_another_table_with_a_draw(
        bot, typed, key):
    """The terminal scan: "Draw a tile first: /draw" (and "draw first (/draw)") beside a
    Rummikub table, where a bare /draw is asked which table; the rack's prompt says
    /okey101 draw."""
    table = await _okey_turn_beside_rummikub(bot)
    moves = table.moves
    (said,) = await bot.say(CAN, typed)
    text = en(said)
    assert key in repr(said.lines) and "/okey101 draw" in text and table.moves == moves, text
    assert "/okey101 draw" in i18n.render_lines(said.lines, "tr")


async def test_one_leaver_is_dia_in_indonesian_two_are_mereka(bot):
    """The Indonesian scan: the line for one person who left a league match said "mereka"
    (they, always plural) of Siti alone; one is "dia", two are "mereka"."""
    from .test_core_lobby import start, summary

    await start(bot, "dominoes", [ALI, BUDI, CAN])
    await bot.say(BUDI, "/leave")
    out = await bot.say(ALI, "/stop")
    (line,) = [ln for m in out for ln in m.lines if ln.key.startswith("core.left_lost")]
    assert line.key == "core.left_lost_one", summary(out)
    said = i18n.render_lines([line], "id")
    assert "dia menghentikannya" in said and "mereka" not in said, said
    assert "mereka menghentikannya" in i18n.translate(
        "id", "core.left_lost", {"players": "Budi, Can"})


@pytest.mark.parametrize("sep", ["।", "॥"])
async def test_O14_a_danda_between_melds_separates_them(bot, monkeypatch, sep):
    """The Hindi scan: a Hindi keyboard's danda (।, which looks like |) between melds was
    "Not a tile: ।"; it separates melds as | does (a last one still ends the line)."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12", "", "", ""])
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, f"/open r10 r11 r12 r13 {sep} b10 b11 b12 b13 {sep} k10 k11 k12 {sep}")
    assert table.moves == 1 and len(table.state.view(0).melds) == 3


def test_K6_a_danda_between_sets_separates_them_at_rummikub():
    from rules.rummikub_actions import parse_action as rummikub_move

    assert rummikub_move("play r7 b7 k7 । r1 r2 r3") == rummikub_move("play r7 b7 k7 | r1 r2 r3")


@pytest.mark.parametrize("typed, move", [
    ("नई टाइल उठाओ", "/draw"), ("nayi tile uthao", "/draw"), ("tile khicho", "/draw"),
    ("5वीं टाइल फेंको", "/discard 5"), ("2री टाइल फेंको", "/discard 2")])
async def test_hindi_a_new_tile_and_a_digit_ordinal_are_read(bot, typed, move):
    """The Hindi scan: "नई टाइल उठाओ" (draw a new tile) was "I do not understand नई",
    "tile khicho" "I do not understand tile", and "5वीं टाइल फेंको" (throw the 5th tile)
    "there is no move called 5वीं", though "पाँचवीं टाइल फेंको" and "5. taşı at" read."""
    table = await _to_draw(bot, DEV)
    moves = table.moves
    (said,) = await bot.say(DEV, typed, private=True)
    text = en(said)
    assert move in text and "unknown" not in said.lines[0].key and table.moves == moves, text


def test_hindi_digit_ordinals_name_a_rack_number():
    from bot.notation import numbers_said

    assert numbers_said(("5वीं", "टाइल")) == ("5",)
    assert numbers_said(("3.", "taşı")) == ("3",)
    assert numbers_said(("5", "टाइल")) == ("5", "टाइल")


@pytest.mark.parametrize("user, typed, move", [
    (CAN, "r5 atıyorum", "/discard r5"), (CAN, "çekiyorum", "/draw"),
    (CAN, "r10 r11 r12 açıyorum", "/open r10 r11 r12"),
    (CAN, "kırmızı beşi at", "/discard kırmızı 5"), (CAN, "mavi ikiyi at", "/discard mavi 2"),
    (CAN, "kırmızı on üçü at", "/discard kırmızı 13"), (CAN, "sarı dördü at", "/discard sarı 4"),
    (BUDI, "buang merah lima", "/discard merah 5"), (DEV, "लाल तीन फेंको", "/discard लाल 3")])
async def test_turkish_first_person_verbs_and_a_tiles_number_as_a_word(bot, user, typed, move):
    """The Turkish scan: "r5 atıyorum" (I discard r5) was "there is no move called r5",
    "çekiyorum" unknown; "kırmızı beşi at" (discard the red five) was "I do not know
    kırmızı", though /help teaches "kırmızı 7". Known since session 55 for Indonesian and
    Hindi number words ("merah lima", "लाल तीन") too."""
    await bot.say(user, "/new okey101 bots=random league=off")
    await bot.say(user, "/start")
    moves = bot.table().moves
    (said,) = await bot.say(user, typed, private=True)
    text = en(said)
    assert move in text and bot.table().moves == moves, text


@pytest.mark.parametrize("typed", ["r1'i 1 nolu pere işle", "r1'i 1 numaralı pere işle",
                                   "1 nolu pere r1 işle"])
async def test_O17_turkish_meld_numbered_with_nolu(bot, typed):
    """The Turkish scan: "1 nolu per" (meld number 1) was "there is no move called r1'i"; it
    is read as "1. per", answered /add r1 to 1."""
    await bot.say(CAN, "/new okey101 bots=random league=off")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, typed, private=True)
    assert "/add r1 to 1" in en(said), en(said)


# ---------------------------------------------------------------- the regression scan


@pytest.mark.parametrize("typed", ["/lewati", "lewati", "/skip"])
async def test_K9_rummikub_lewati_beside_anothers_dominoes_table_is_its_pass(bot, typed):
    """Budi plays Rummikub, Ali dominoes in the same group: "/lewati" (Rummikub's pass as
    /rules glosses it) was "you do not sit at the Dominoes table" once it became dominoes'
    pass too; it is Budi's Rummikub pass again (refused here: the pool is not empty)."""
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    await bot.say(BUDI, "/new rummikub bots=random league=off")
    await bot.say(BUDI, "/start")
    (said,) = await bot.say(BUDI, typed)
    assert "/pass" in en(said) and "(K9)" in en(said), en(said)


@pytest.mark.parametrize("typed", ["sol 3", "kiri 5", "left r5"])
async def test_an_end_word_before_no_domino_is_no_move(bot, typed):
    """"sol 3", "kiri 5" at Okey 101 and Rummikub tables were asked which table ("/okey101
    sol 3", itself refused): an end said first is a move only before a domino."""
    await bot.say(CAN, "/new okey101 bots=random league=off")
    await bot.say(CAN, "/new rummikub bots=random league=off")
    (said,) = await bot.say(CAN, typed)
    assert said.lines[0].key == "core.error.unknown_word", en(said)


@pytest.mark.parametrize("user, typed", [(CAN, "5 at"), (BUDI, "buang 5"),
                                         (DEV, "5वीं टाइल फेंको")])
async def test_O7_draw_first_names_the_game_in_a_glosss_answer_too(bot, user, typed):
    """The regression scan: a move word of the person's language ("5 at", "buang 5") got
    "... but refused: Draw a tile first: /draw" beside a Rummikub table, where a bare /draw
    is asked which table."""
    await _to_draw(bot, user)
    await bot.say(user, "/new rummikub bots=random league=off")
    await bot.say(user, "/start")
    (said,) = await bot.say(user, typed, private=True)
    assert "/okey101 draw" in en(said) and "/discard 5" in en(said), en(said)


async def test_O7_beside_a_yuzbir_table_take_and_the_example_name_the_game_too(bot):
    """Okey 101 and Yüzbir share every move word: "/take" and the example "/discard 5" of
    "draw first" were bare, and each is asked which table."""
    await _to_draw(bot, CAN)
    await _to_draw(bot, CAN, "yuzbir", "g2")
    (said,) = await bot.say(CAN, "/okey101 discard 5", private=True)
    assert "/okey101 draw" in en(said) and "/okey101 take" in en(said), en(said)
    (said,) = await bot.say(CAN, "5", private=True)
    assert "/okey101 draw" in en(said) and "/okey101 discard 5" in en(said), en(said)


@pytest.mark.parametrize("typed", ["r10 r11 r12 r13 । b10 b11 b12 b13 । k10 k11 k12 खोलो",
                                   "खोलो r10 r11 r12 r13 । b10 b11 b12 b13 । k10 k11 k12",
                                   "open r10 r11 r12 r13।b10 b11 b12 b13।k10 k11 k12"])
async def test_O14_a_danda_between_melds_in_any_word_order(bot, monkeypatch, typed):
    """The regression scan: the danda separated melds only after an English verb, spaced;
    in Hindi word order, or glued to a tile, it was "no move called r10", "Not a tile: 4।"."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12", "", "", ""])
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    (said, *_) = await bot.say(CAN, typed, private=True)
    wanted = "/open r10 r11 r12 r13 | b10 b11 b12 b13 | k10 k11 k12"
    assert table.moves == 1 or wanted in en(said), en(said)


@pytest.mark.parametrize("typed", ["नई टाइल लो", "nayi tile lo", "नई टाइल उठाओ", "नई टाइल लीजिए"])
async def test_hindi_a_new_tile_taken_is_a_draw_not_the_discards_take(bot, typed):
    """The regression scan: "नई टाइल लो" (take a new tile: from the pile) was answered
    /take, which takes the last discard."""
    await _to_draw(bot, DEV)
    (said,) = await bot.say(DEV, typed, private=True)
    assert "/draw" in en(said) and "/take" not in en(said), en(said)


def test_a_point_left_over_between_equal_fractions_goes_by_the_lot_not_the_seat():
    """The league scan: Ali -8.552, Budi -6.897, Can +15.448 (equal fractions) gave the
    point to whoever sat higher, whatever the lot; README: "never by seat"."""
    from bot.league import whole_points

    changes = {0: -8.5, 1: -7.0, 2: 15.5}  # (one point left over, two halves)
    first = whole_points(changes, [0, 1, 2])
    last = whole_points(changes, [2, 1, 0])
    assert sum(first.values()) == sum(last.values()) == 0
    assert (first[0], first[2]) == (-8, 15) and (last[0], last[2]) == (-9, 16)


def test_a_colours_number_word_but_english_one():
    """"kırmızı beşi", "merah lima" name r5; "the red one" is the only red, not r1."""
    from bot.notation import numbers_said

    assert numbers_said(("beşi", "at"), "kırmızı") == ("5", "at")
    assert numbers_said(("merah", "lima")) == ("merah", "5")
    assert numbers_said(("the", "red", "one")) == ("the", "red", "one")


# ---------------------------------------------------------------- the second regression scan


@pytest.mark.parametrize("user, typed", [(CAN, "sola 0-1'i koy"), (BUDI, "kiri 0-1, ya")])
async def test_D5_an_end_first_before_a_domino_with_a_case_ending_or_a_comma(bot, user, typed):
    """"sola 0-1'i koy" and "kiri 0-0, ya" were played until the end-first check read the
    domino alone ("0-1'i" is no domino to it): "I do not know sola"."""
    await bot.say(user, "/new dominoes bots=random league=off")
    await bot.say(user, "/start")
    table = bot.table()
    moves = table.moves
    out = await bot.say(user, typed)
    said = " ".join(en(m) for m in out)
    assert f"({user.name}) played 0-1 on the left end" in said and table.moves > moves, said


@pytest.mark.parametrize("typed", ["discard red on", "discard yellow do"])
async def test_a_number_word_after_a_colour_is_read_in_the_colours_language(bot, typed):
    """"discard red on" discarded r10 ("on" is Turkish ten), "yellow do" read y2 (Hindi
    two): a colour's number word is of the colour's language."""
    table = await _to_draw(bot, ALI)
    await bot.say(ALI, "/draw")
    moves = table.moves
    (said,) = await bot.say(ALI, typed, private=True)
    assert table.moves == moves and said.lines[-1].key.endswith("bad_tile"), en(said)


@pytest.mark.parametrize("typed", ["kırmızı bir taş at", "mavi bir taş çek"])
async def test_turkish_bir_after_a_colour_is_an_article(bot, typed):
    """"kırmızı bir taş at" (discard a red tile) was answered /discard kırmızı 1, and
    "mavi bir taş çek" (draw a blue tile) /take."""
    await _to_draw(bot, CAN)
    (said,) = await bot.say(CAN, typed, private=True)
    assert "kırmızı 1" not in en(said) and "/take" not in en(said), en(said)


@pytest.mark.parametrize("typed, quoted", [("/join। धन्यवाद", "/join।"),
                                           ("/mylang hi। धन्यवाद", "hi। धन्यवाद")])
def test_a_danda_after_a_word_is_quoted_back_as_typed(typed, quoted):
    """A danda in a lobby command was quoted back as "|", which nobody typed; only one
    after a tile or a number, more following, is a meld separator."""
    from bot.messages import Command, User

    cmd = Command.parse("tg", "g1", User("4", "Dev", "hi"), typed)
    assert "|" not in cmd.text and quoted in "/" + cmd.text
    move = Command.parse("tg", "g1", User("4", "Dev", "hi"), "open 1 2 3।4 5 6 । 7 8 9 ।")
    assert move.text == "open 1 2 3 | 4 5 6 | 7 8 9 ।"


# ---------------------------------------------------------------- the dominoes scan


@pytest.mark.parametrize("user, typed", [(ALI, "to the left {t}"), (ALI, "left end {t}"),
                                         (BUDI, "ke kanan {t}"), (BUDI, "di kiri {t}"),
                                         (CAN, "sol uca {t}"), (DEV, "बाएँ सिरे पर {t}")])
async def test_D2_an_end_said_as_a_phrase_before_the_tile_plays(bot, user, typed):
    """"ke kanan 2-4", "sol uca 2-4", "to the left 2-4" were "I do not know ke", though
    the game reads each and "kanan 2-4" plays: an end's phrase first starts a move too,
    where the whole line is a play."""
    await bot.say(user, "/new dominoes bots=random league=off")
    await bot.say(user, "/start")
    table = bot.table()
    seat = table.seat_of(user.id)
    tile = next(a for a in table.state.view(seat).legal if a.startswith("play")).split()[1]
    moves = table.moves
    out = await bot.say(user, typed.format(t=tile), private=True)
    assert table.moves > moves, [en(m) for m in out]


@pytest.mark.parametrize("typed, move", [("buang r1", "/discard r1"),
                                         ("buang 5", "/discard 5")])
async def test_an_okey_gloss_at_dominoes_and_okey_tables_is_the_okeys(bot, typed, move):
    """The dominoes scan: Budi to move at a dominoes and an Okey 101 table, "buang r1"
    (/rules' discard) was asked which table, "e.g. /dominoes buang r1", itself refused (r1
    is no domino); it is the okey table's, answered with the move to type."""
    await bot.say(BUDI, "/new dominoes bots=random league=off", chat="g1")
    await bot.say(BUDI, "/start", chat="g1")
    await _to_draw(bot, BUDI, chat="g2")
    await bot.say(BUDI, "/okey101 draw", chat="g2")
    (said,) = await bot.say(BUDI, typed, private=True)
    assert move in en(said) and "/dominoes" not in en(said), en(said)
