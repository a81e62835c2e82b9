"""Which table a command means, for someone who plays at several: typed privately, the
refusal names each table with its group, says `/<game> …` where naming the game is
enough, and for a game played at several tables how else to say which (the rack's buttons
for moves, never typing tiles in a group: README, "whatever you type in a group, the
group reads"); /back where no seat is away is answered as at one table (O30); lobby-only
and game-only commands go to the table that can take them; the note that someone cannot
be written to privately goes to the group where a turn waits for them."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, BUDI, CAN, en, summary
from .door_harness import D_AYSE, D_BUDI, D_CHEN

OFFICE, NIGHT, CLUB = "Office", "Tile night", "Tile club / Games"


async def _open(bot, game: str, chat: str, place: str, people=(ALI,), options="") -> None:
    """A table of `game` in `chat` (titled `place`), started: `people` and computers."""
    await bot.say(people[0], f"/new {game} bots=random league=off {options}", chat=chat,
                  place=place)
    for person in people[1:]:
        await bot.say(person, "/join", chat=chat, place=place)
    await bot.say(people[0], "/start", chat=chat, place=place)


def en_line(line) -> str:
    return i18n.render_lines([line], "en")


async def _privately(bot, text: str, person=ALI) -> list[str]:
    return [en(m) for m in await bot.say(person, text, chat=person.id, private=True)]


async def _okey_okey_dominoes(bot) -> None:
    """Ali's turn at Okey 101 in Tile night and in Office, and at Dominoes in the club."""
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "okey101", "g2", OFFICE)
    await _open(bot, "dominoes", "g3", CLUB)


# -- /back where no seat is away (O30) ------------------------------------------------------

async def test_O30_private_back_away_nowhere_is_answered_as_at_one_table(bot):
    await _okey_okey_dominoes(bot)
    assert await _privately(bot, "/back") == ["You are already playing your seat."]


async def test_O30_private_back_at_two_tables_of_one_game_away_nowhere(bot):
    """Not "You are away from Okey 101 at several tables": away at none."""
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "okey101", "g2", OFFICE)
    assert await _privately(bot, "/back") == ["You are already playing your seat."]


async def test_O30_private_back_away_at_one_table_of_several_takes_that_seat(bot):
    await _okey_okey_dominoes(bot)
    await bot.say(ALI, "/leave", chat="g2", place=OFFICE)
    out = await bot.say(ALI, "/back", chat=ALI.id, private=True)
    assert [en(m).splitlines()[0] for m in out if m.to.chat == "g2"] == [
        "Ali is back at seat 1."]


async def test_O30_private_back_away_at_two_tables_of_one_game_says_where_to_type_it(bot):
    await _okey_okey_dominoes(bot)
    for chat, place in (("g1", NIGHT), ("g2", OFFICE)):
        await bot.say(ALI, "/leave", chat=chat, place=place)
    assert await _privately(bot, "/back") == [
        "You are away at several tables (Okey 101 in Office, Okey 101 in Tile night): press "
        "the button of the table you mean (or type /back in its group or channel)."]
    await bot.say(ALI, "/leave", chat="g3", place=CLUB)  # away at the dominoes table too
    assert await _privately(bot, "/back") == [
        "You are away at several tables (Dominoes in Tile club / Games, Okey 101 in Office, "
        "Okey 101 in Tile night): name the game, e.g. /dominoes back; for Okey 101, press the "
        "button of the table you mean (or type /back in its group or channel)."]


# -- the private "which table?" refusal ---------------------------------------------------

async def test_a_private_table_command_lists_each_table_and_names_the_game_played_once(bot):
    """Dominoes is played at one table: `/dominoes leave` says which; Okey 101 at two,
    whose commands are typed in the table's group (/leave, /hurry, /table have no
    buttons)."""
    await _okey_okey_dominoes(bot)
    for command in ("leave", "table"):
        assert await _privately(bot, f"/{command}") == [
            "You play at several tables (Dominoes in Tile club / Games, Okey 101 in Office, "
            f"Okey 101 in Tile night): name the game, e.g. /dominoes {command}; for Okey 101, "
            f"type /okey101 {command} in the group or channel of the table you mean."]
    assert await _privately(bot, "/hurry") == [  # (every one timed: naming one would say so)
        "Moves are timed already at each of these tables (Dominoes, Okey 101): /hurry is for "
        "a table without a time limit."]
    assert await _privately(bot, "/okey101 leave") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): type /okey101 "
        "leave in the group or channel of the table you mean."]
    # the example works: the dominoes seat is left
    await bot.say(ALI, "/dominoes leave", chat=ALI.id, private=True)
    assert bot.table(chat="g3").seats[0].away


async def test_a_layout_at_two_tables_of_one_game_is_typed_with_rack_numbers(bot):
    """/arrange has no buttons; a layout naming tiles typed in a group shows them (README):
    by their numbers in the rack instead."""
    await _okey_okey_dominoes(bot)
    assert await _privately(bot, "/arrange 3 2 1") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): type "
        "/okey101 arrange 3 2 1 in the group or channel of the table you mean."]
    assert await _privately(bot, "/arrange r3 b3") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): type it in "
        "the group or channel of the table you mean, naming each tile by its number in your "
        "rack."]


# -- moves: buttons, never tiles typed in a group -----------------------------------------

async def test_a_move_naming_no_tile_at_two_tables_points_to_the_buttons_or_the_group(bot):
    await _okey_okey_dominoes(bot)
    for text in ("draw", "discard 3"):  # a rack number shows the group no tile
        assert await _privately(bot, text) == [
            "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): press "
            f"the buttons under the rack of the table you mean, or type /okey101 {text} in its "
            "group "
            "or channel."]  # (with its slash: a group reads only commands)


async def test_a_move_naming_a_tile_at_two_tables_points_to_the_buttons_alone(bot):
    await _okey_okey_dominoes(bot)
    assert await _privately(bot, "discard r3") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): press the "
        "buttons under the rack of the table you mean."]


async def test_D6_a_private_drop_at_two_dominoes_tables_is_never_sent_to_the_group(bot):
    """A dropped domino lies face down (D6): typed in the group, everyone reads it."""
    await _open(bot, "dominoes", "g1", NIGHT, options="timer=0")
    await _open(bot, "dominoes", "g2", OFFICE, options="timer=0")
    tile = bot.table(chat="g1").state.view(0).to_json()["hand"][0]
    for text in (f"drop {tile}", tile):  # a domino played face up is named too
        assert await _privately(bot, text) == [
            "You play at several tables (Dominoes in Office, Dominoes in Tile night): press "
            "the buttons under the rack of the table you mean."]


async def test_K_D2_a_rummikub_place_at_two_tables_names_no_buttons(bot):
    """Rummikub's tiles are put down by typing (K-D2): no buttons to press for /place."""
    await _open(bot, "rummikub", "g1", NIGHT)
    await _open(bot, "rummikub", "g2", OFFICE)
    assert await _privately(bot, "place 1 2 3") == [
        "You play at several tables (Rummikub in Office, Rummikub in Tile night): type "
        "/rummikub place 1 2 3 in the group or channel of the table you mean."]
    assert await _privately(bot, "place r1 r2 r3") == [
        "You play at several tables (Rummikub in Office, Rummikub in Tile night): type it in "
        "the group or channel of the table you mean, naming each tile by its number in your "
        "rack."]
    assert await _privately(bot, "draw") == [
        "You play at several tables (Rummikub in Office, Rummikub in Tile night): press the "
        "buttons under the rack of the table you mean, or type /rummikub draw in its group or "
        "channel."]


async def test_a_move_of_a_game_played_once_is_named_with_that_game(bot):
    """`draw` is a move at Okey 101 (two tables) and at Rummikub (one): /rummikub draw."""
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "okey101", "g2", OFFICE)
    await _open(bot, "rummikub", "g3", CLUB)
    assert await _privately(bot, "draw") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night, Rummikub in "
        "Tile club / Games): name the game, e.g. /rummikub draw; for Okey 101, press the "
        "buttons under the rack of the table you mean, or type /okey101 draw in its group or "
        "channel."]


async def test_a_rack_number_move_is_not_sent_by_the_turn_alone_to_one_of_two_tables(bot):
    """Okey 101 in Tile night (Budi to move) and in Office (Ali to move): "discard 3"
    names a tile of one rack, maybe the one Ali was reading; it is asked about, and no
    table moves (the turn alone does not tell two tables of one game apart)."""
    await _open(bot, "okey101", "g1", NIGHT, people=(ALI, BUDI))
    await bot.say(ALI, "/discard 1", chat="g1", place=NIGHT)
    night = bot.table(chat="g1")
    assert night.state.current_player == night.seat_of(BUDI.id)
    await _open(bot, "okey101", "g2", OFFICE)
    office = bot.table(chat="g2")
    moves = night.moves, office.moves
    assert office.state.current_player == office.seat_of(ALI.id)
    assert await _privately(bot, "discard 3") == [
        "You play at several tables (Okey 101 in Office, Okey 101 in Tile night): press the "
        "buttons under the rack of the table you mean, or type /okey101 discard 3 in its group or "
        "channel."]
    assert (night.moves, office.moves) == moves


# -- lobby-only and game-only commands in one group --------------------------------------

async def test_start_and_addbot_go_to_the_lobby_and_hurry_to_the_game_under_way(bot):
    await _open(bot, "okey101", "g1", NIGHT)
    await bot.say(ALI, "/new dominoes league=off", chat="g1", place=NIGHT)
    out = await bot.say(ALI, "/hurry", chat="g1", place=NIGHT)  # not "/dominoes hurry"
    assert summary(out) == [("user:1", "text", ["core.error.hurry_timed"])]
    out = await bot.say(ALI, "/addbot", chat="g1", place=NIGHT)
    assert [en(m) for m in out] == ["Dominoes table:\nComputer 2 (normal) sits at seat 2 (2/4)."]
    out = await bot.say(ALI, "/start", chat="g1", place=NIGHT)
    assert bot.table("dominoes", chat="g1").status == "playing"


# -- the note that someone cannot be written to privately --------------------------------

async def test_the_closed_chat_note_goes_to_the_group_where_a_turn_waits_for_them(bot):
    """A turn waits for Ali at Tile night; he has since sat down at a lobby in the office
    (the newest table): a message that cannot reach him is told at Tile night, where it
    costs him the move, not in the office; once it is Budi's turn there, at the table he
    sat down at last."""
    await _open(bot, "dominoes", "g1", NIGHT, people=(ALI, BUDI), options="timer=45")
    await bot.say(CAN, "/new rummikub", chat="g2", place=OFFICE)
    await bot.say(ALI, "/join", chat="g2", place=OFFICE)
    night = bot.table(chat="g1")
    assert night.state.current_player == night.seat_of(ALI.id) == 0
    assert bot.core.seated_in("tg", ALI.id) == ("g1", "Ali")
    move = night.state.legal_texts()[0]
    await bot.say(ALI, f"/{move}", chat="g1", place=NIGHT)
    assert night.state.current_player == night.seat_of(BUDI.id)
    assert bot.core.seated_in("tg", ALI.id) == ("g2", "Ali")  # the newest
    # where he last spoke comes before any table not waiting for him (README): the note
    # goes there (Unreachable.to_tell), not to the newest table
    assert bot.core.seated_in("tg", ALI.id, near="g1") is None


# -- Discord -----------------------------------------------------------------------------

async def test_discord_a_private_which_table_names_the_channel_and_the_slash_option(dc):
    """On Discord a table is in a channel, and `/dominoes leave` is `/leave game:dominoes`."""
    office = "520"
    dc.fake.channels[office] = "office"
    await dc.slash(D_CHEN, "lang", language="en")
    await dc.slash(D_CHEN, "lang", language="en", channel=office)
    await dc.slash(D_AYSE, "new", game="okey101", options="league=off")
    await dc.slash(D_BUDI, "join")
    await dc.slash(D_AYSE, "start")
    for game in ("okey101", "dominoes"):  # a lobby beside a game under way: /start is its
        await dc.slash(D_AYSE, "new", game=game, options="bots=random league=off",
                       channel=office)
        await dc.slash(D_AYSE, "start", channel=office)
    dm = dc.fake.dm_channel(D_AYSE)
    await dc.slash(D_AYSE, "mylang", language="en", channel=dm)
    await dc.slash(D_AYSE, "leave", channel=dm)
    assert dc.fake.replies()[-1].text == (
        "You play at several tables (Dominoes in Tile club #office, Okey 101 in Tile club "
        "#games, Okey 101 in Tile club #office): name the game, e.g. /leave game:“Dominoes”; "
        "for Okey 101, type /leave game:“Okey 101” in the group or channel of the table you mean.")


# -- a chat with several tables: whose news is it (the multi-table scan, 2026-12-05) -------

async def test_a_groups_news_names_its_table_where_the_group_has_several(bot):
    """Okey 101 and dominoes under way in one group: "Seat 1 (Ali) discarded k3", a seat
    change, a computer's move could be either table's; each group message of one table
    starts with its game there, and a group with one table reads no heading."""
    await _open(bot, "dominoes", "g1", NIGHT)
    out = await bot.say(ALI, "/table", chat="g1", place=NIGHT)
    assert not [m for m in out if not m.to.private and en(m).startswith("Dominoes table:")]
    await _open(bot, "okey101", "g1", NIGHT)
    okey = bot.table("okey101", chat="g1")
    out = await bot.say(ALI, "/okey101 leave", chat="g1", place=NIGHT)  # a computer plays on
    group = [en(m) for m in out if not m.to.private]
    assert group and all(text.startswith("Okey 101 table:\n") for text in group), group
    assert okey.seats[0].away
    out = await bot.say(ALI, "/back okey101", chat="g1", place=NIGHT)
    group = [en(m) for m in out if not m.to.private]
    assert group[0].startswith("Okey 101 table:\nAli is back at seat 1."), group
    out = await bot.say(ALI, "/dominoes table", chat="g1", place=NIGHT)
    group = [en(m) for m in out if not m.to.private]
    # /table's own first line names the game: not twice ("Dominoes table:\nDominoes")
    assert group and group[0].startswith("Dominoes\nLine: "), group


async def test_a_move_named_with_its_game_after_it_goes_to_that_games_table(bot):
    """`/table dominoes` works, so people type `/pass dominoes` too: the game after a move
    names the table, as before it (`/dominoes pass`); a tile word stays a tile ("okey")."""
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "dominoes", "g1", NIGHT)
    okey = bot.table("okey101", chat="g1")
    legal = okey.state.view(okey.state.current_player).legal
    assert okey.seats[okey.state.current_player].user == ALI.id
    verb = "draw" if "draw" in legal else legal[0]
    moves = okey.moves
    out = await bot.say(ALI, f"/{verb} okey101", chat=ALI.id, private=True)
    assert okey.moves > moves, [en(m) for m in out]  # (and the computers after him)
    assert not any("name the game" in en(m) for m in out)  # (no which-table question)
    group = [en(m) for m in out if not m.to.private]
    assert group[0].startswith("Okey 101 table:\nSeat 1 (Ali) "), group


async def test_a_refusal_of_a_group_command_read_privately_names_the_group(bot):
    """A refusal of a command typed in a group comes to the private chat (Telegram), where
    "here" would be that chat: it names the group and the games by their names."""
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "dominoes", "g1", NIGHT, people=(BUDI,))
    out = await bot.say(CAN, "/table", chat="g1", place=NIGHT)
    assert [en(m) for m in out] == ["Several tables are open in Tile night (Dominoes, Okey 101): "
                                    "name the game, e.g. /dominoes table"]
    out = await bot.say(CAN, "/rummikub table", chat="g1", place=NIGHT)
    assert [en(m) for m in out] == ["There is no Rummikub table in Tile night (open there: "
                                    "Dominoes, Okey 101). Open one with /new rummikub."]


async def test_a_games_last_note_keeps_its_groups_heading(bot):
    """Ali plays dominoes in two groups; the game in Tile night ends on his own move: the
    news of that move still says which group it is (the table has left the open ones by
    then: the scan saw "You laid 3-4 face down" with no group)."""
    await _open(bot, "dominoes", "g1", NIGHT)
    await _open(bot, "dominoes", "g2", OFFICE)
    night = bot.table("dominoes", chat="g1")
    ended = []
    for _ in range(200):
        if night.status != "playing":
            break
        if night.state.current_player != night.seat_of(ALI.id):
            raise AssertionError("the computers stop at Ali's turn")
        legal = night.state.view(night.seat_of(ALI.id)).legal
        n = night.moves
        out = await bot.say(ALI, f"/dominoes {legal[0]}", chat="g1", place=NIGHT)
        assert night.moves > n, [en(m) for m in out]
        ended = out
    assert night.status != "playing" and ended
    assert night.id not in bot.core.tables
    assert [en_line(line) for line in bot.core.place_line(night, ALI.id)] == [
        "The table in Tile night:"]


async def test_a_move_typed_in_the_readers_word_is_answered_with_the_word_to_type(bot):
    """/rules glosses `draw` as "ambil" in Indonesian; a newcomer who types "ambil" was told
    "I do not know 'ambil'" (README: a word that is no move is answered with the moves)."""
    await _open(bot, "rummikub", "g1", NIGHT)
    table = bot.table("rummikub", chat="g1")
    moves = table.moves
    await bot.say(ALI, "/mylang id", chat=ALI.id, private=True)
    out = await bot.say(ALI, "ambil", chat=ALI.id, private=True)
    assert [i18n.render_lines(m.lines, "id") for m in out] == [
        "Langkah ditulis dalam bahasa Inggris, seperti di tombol: untuk “ambil” ketik /draw."]
    assert table.moves == moves  # nothing was played
    out = await bot.say(ALI, "/jion", chat="g1", place=NIGHT)  # a typo stays one
    assert [en(m) for m in out] == ["Unknown command /jion. Type /help."]
    out = await bot.say(ALI, "/at r7.", chat=ALI.id, private=True)  # Rummikub has no
    assert [en(m) for m in out] == ["Unknown command /at. Type /help."]  # discard


async def test_a_gloss_word_keeps_the_tiles_and_points_only_to_a_move_the_table_has(bot):
    """`/at r7` (Turkish: throw) at an okey table is /discard r7, tile and all; the full
    stop a keyboard adds is no part of the word echoed."""
    await _open(bot, "okey101", "g1", NIGHT)
    out = await bot.say(ALI, "/at r7.", chat=ALI.id, private=True)
    said = [en(m) for m in out]  # (and what is wrong with it, where it would be refused)
    assert len(said) == 1 and (said[0].startswith("“at” is typed /discard r7, but that move is "
                                                  "refused: ") or said[0] == (
        "Moves are typed in English, as the buttons show them: for “at” type /discard r7.")), said
    # "buang", /rules' word for discard in Indonesian (and dominoes' own for drop), too
    out = await bot.say(ALI, "/buang 3", chat=ALI.id, private=True)
    assert [en(m) for m in out] == [
        "Moves are typed in English, as the buttons show them: for “buang” type /discard 3."]


async def test_a_move_with_a_full_stop_keeps_its_okey_and_a_two_word_game_names_its_table(
        bot):
    """"/discard okey." is the okey (the full stop a phone adds is dropped, README), not
    the game Okey 101 named after the move; "/draw okey 101" names Okey 101 in two words."""
    from bot.core import Core

    core = bot.core
    assert Core._game_after(core, ("okey.",)) is None
    assert Core._game_after(core, ("ओकेय।",)) is None
    assert Core._game_after(core, ("*",)) is None
    assert Core._game_after(core, ("okey", "101"), "draw") == ("okey101", 2)
    assert Core._game_after(core, ("okey", "101"), "discard") == ("okey101", 1)  # the okey
    assert Core._game_after(core, ("101", "okey"), "draw") == ("okey101", 2)
    assert Core._game_after(core, ("r7", "dominoes.")) == ("dominoes", 1)
    assert Core._game_after(core, ("3-5", "left")) is None
    await _open(bot, "okey101", "g1", NIGHT)
    await _open(bot, "dominoes", "g1", NIGHT)
    okey = bot.table("okey101", chat="g1")
    legal = okey.state.view(okey.state.current_player).legal
    if "draw" not in legal:  # Ali deals first: his discard, then the computers, his draw
        await bot.say(ALI, f"/okey101 {legal[0]}", chat="g1", place=NIGHT)
    assert "draw" in okey.state.view(okey.seat_of(ALI.id)).legal
    moves = okey.moves
    out = await bot.say(ALI, "/draw okey 101", chat="g1", place=NIGHT)
    assert okey.moves == moves + 1, [en(m) for m in out]


@pytest.mark.parametrize("typed, answer", [
    ("फेंकी टाइल लें", "“फेंकी टाइल लें” … /take"),  # Hindi /rules: take
    ("जोड़ें y1 to 3", "“जोड़ें” … /add y1 to 3"),
    ("मेल्ड r8 r9 r10", "“मेल्ड” … /open r8 r9 r10"),  # (Ali has not opened: O14)
    ("लौटाएँ", "“लौटाएँ” … /return"),
    ("उठाओ", "“उठाओ” … /draw"),  # the familiar form, as dominoes' खेलो
    ("ambil buangan", "“ambil buangan” … /take"),  # not "ambil" (draw) and a word after it
    ("tempel b7 to 3", "“tempel” … /add b7 to 3"),
    ("atılanı al", "“atılanı al” … /take"),
    ("işle b7 to 3", "“işle” … /add b7 to 3"),
])
async def test_each_okey_move_gloss_of_the_rules_is_answered_with_its_move(bot, typed, answer):
    """The Hindi /rules glosses take, add, meld and return too, but only its draw, discard
    and open were read back (a scan): every gloss a reader may type is answered with the
    move to type, its tiles kept, the gloss's own words not taken for tiles."""
    await _open(bot, "okey101", "g1", NIGHT)
    out = await bot.say(ALI, typed, chat=ALI.id, private=True)
    said = en(out[0])
    start, end = answer.split(" … ")  # (Ali begins: a draw, take or return is "not now")
    assert start in said and (said.endswith(f"type {end}.") or
                              f"is typed {end}, but not now: Not allowed (O" in said or
                              f"is typed {end}, but that move is refused: Not allowed (O"
                              in said), said
