"""What the scans and the known-left list of 2026-12-07 (session 60) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n

from .conftest import ALI, BUDI, CAN, DEV, en


async def _asked_which_end(bot, user, chat="g1"):
    """A dominoes table of `user` and three random computers, at a turn of theirs where
    the bot has just asked which end a domino goes (D2): (the table, the domino)."""
    for _ in range(20):
        await bot.say(user, "/new dominoes bots=random league=off", chat=chat)
        await bot.say(user, "/start", chat=chat)
        table = bot.table(chat=chat)
        while table.status == "playing" and not table.state.is_finished:
            seat = table.seat_of(user.id)
            legal = table.state.view(seat).legal
            both = [m.split()[1] for m in legal if m.endswith(" left")
                    and m.replace(" left", " right") in legal]
            if both:
                (said,) = await bot.say(user, f"play {both[0]}", chat=chat)
                assert "fits both ends" in en(said), en(said)
                return table, both[0]
            await bot.say(user, legal[0], chat=chat)
        await bot.say(user, "/stop", chat=chat)
    raise AssertionError("no domino fitting both ends came up")


@pytest.mark.parametrize("user, typed, end", [
    (ALI, "left", "left"), (ALI, "right.", "right"), (ALI, "/left", "left"),
    (BUDI, "kanan", "right"), (BUDI, "ke kiri", "left"), (CAN, "sağa", "right"),
    (CAN, "sol", "left"), (DEV, "दाएँ", "right"), (DEV, "baayi taraf", "left"),
    (ALI, "/play left", "left"), (BUDI, "main kanan", "right")])
async def test_D2_an_end_said_alone_answers_which_end(bot, user, typed, end):
    """Known since session 59: after "1-6 fits both ends: say left or right", a bare
    "kanan" was "I do not know kanan"; it plays the domino asked about at that end."""
    table, tile = await _asked_which_end(bot, user)
    moves = table.moves
    out = await bot.say(user, typed)
    said = " ".join(en(m) for m in out)
    assert f"({user.name}) played {tile} on the {end} end" in said, said
    assert table.moves > moves


async def test_D2_an_end_alone_asked_at_two_tables_asks_which_table(bot):
    """The regression scan: "left" typed privately while both of Ali's dominoes tables
    asked him which end was "I do not know left"; it asks which table, and in a group
    plays there."""
    first, _ = await _asked_which_end(bot, ALI, "g1")
    second, tile = await _asked_which_end(bot, ALI, "g2")
    moves = first.moves, second.moves
    (said,) = await bot.say(ALI, "left", chat=ALI.id, private=True)
    assert said.lines[0].key.startswith("core.error.which_table"), en(said)
    assert (first.moves, second.moves) == moves
    out = await bot.say(ALI, "left", chat="g2")
    assert any(f"(Ali) played {tile} on the left end" in en(m) for m in out)


async def test_D2_an_end_alone_answers_only_the_question_just_asked(bot):
    """Another move in between, or no question at all: an end alone is an unknown word."""
    table, tile = await _asked_which_end(bot, ALI)
    await bot.say(ALI, "/table")
    moves = table.moves
    assert "fits both ends" not in en((await bot.say(ALI, "play 9-9"))[0])
    (said,) = await bot.say(ALI, "left")
    assert said.lines[0].key == "core.error.unknown_word" and table.moves == moves, en(said)


async def _to_move(bot, table, person, chat="g1"):
    """The people at `table` (Ali, Budi) play its first legal move until `person` is to move."""
    for _ in range(20):
        seat = table.state.current_player
        if seat == table.seat_of(person.id):
            return
        mover = ALI if seat == table.seat_of(ALI.id) else BUDI
        await bot.say(mover, "/" + table.state.view(seat).legal[0], chat=chat)
    raise AssertionError(f"{person.name} was never to move")


@pytest.mark.parametrize("game", ["dominoes", "rummikub"])
async def test_a_hurry_in_a_group_of_two_tables_says_which_table(bot, game):
    """The concurrency scan: Budi to move at a dominoes and a Rummikub table of one group,
    Ali's `/rummikub hurry` read only "Ali asks Budi to move": not which of his turns has
    two minutes left. The group's line is headed with its game, as the README says."""
    for each in ("dominoes", "rummikub"):
        await bot.say(BUDI, f"/new {each} bots=random timer=0 league=off")
        await bot.say(ALI, f"/join {each}")
        await bot.say(BUDI, f"/{each} start")
    tables = [bot.table(each) for each in ("dominoes", "rummikub")]
    for table in tables:
        await _to_move(bot, table, BUDI)
    out = await bot.say(ALI, f"/{game} hurry")
    (group,) = [m for m in out if not m.to.private]
    name = {"dominoes": "Dominoes", "rummikub": "Rummikub"}[game]
    assert en(group).startswith(f"{name} table:\nAli asks Budi to move"), en(group)
    assert i18n.render_lines(group.lines, "id").startswith(f"Meja {name[:6]}")


async def test_a_private_hurry_picks_the_table_where_another_is_to_move(bot):
    """The concurrency scan: Budi, to move at his dominoes table and waiting for Ali at
    Rummikub (both untimed), typed /hurry privately and was asked which table, with the
    example `/dominoes hurry`, which said "it is your own turn". The Rummikub table is
    the one a hurry is for."""
    for chat, game in (("g2", "dominoes"), ("g3", "rummikub")):
        await bot.say(ALI, f"/new {game} bots=random timer=0 league=off", chat=chat)
        await bot.say(BUDI, "/join", chat=chat)
        await bot.say(ALI, "/start", chat=chat)
    domino, rummi = bot.table("dominoes", chat="g2"), bot.table("rummikub", chat="g3")
    await _to_move(bot, domino, BUDI, "g2")
    await _to_move(bot, rummi, ALI, "g3")
    out = await bot.say(BUDI, "/hurry", chat=BUDI.id, private=True)
    assert rummi.deadline is not None and domino.deadline is None
    assert any(m.to.chat == "g3" and "Budi asks Ali to move" in en(m) for m in out)


@pytest.mark.parametrize("league", ["off", "on"])
async def test_table_in_a_lobby_shows_the_options_too(bot, league):
    """The options scan: /table in a lobby named the seats only; a late comer could not
    tell the rounds, the timer or a league match (where leaving loses) from a friendly one."""
    await bot.say(BUDI, f"/new okey101 partners=aktif rounds=3 timer=30 league={league}")
    await bot.say(CAN, "/join 3")
    (said,) = await bot.say(CAN, "/table")
    text = i18n.render_lines(said.lines, "tr")
    shown = " league=kapalı." if league == "off" else "."  # (a league match is the default)
    assert "Seçenekler: partners=açık doubling=kapalı rounds=3 assisted=açık timer=30" \
        + shown in text, text
    assert ("A league table" in en(said)) == (league == "on")
    assert "Budi + Can" in en(said)


@pytest.mark.parametrize("typed, move", [("buka r3 b3 k3 | k9 * k11 k12",
                                          "/open r3 b3 k3 | k9 * k11 k12"),
                                         ("buka 1 2 3 | 4 5 6 7", "/open 1 2 3 | 4 5 6 7"),
                                         ("buka", "/open r3 r4 r5 | b7 k7 y7"),
                                         ("buka okey r6 r7 | k9 k10 k11",  # (the okey first)
                                          "/open okey r6 r7 | k9 k10 k11")])
async def test_O14_indonesian_buka_is_the_opening(bot, typed, move):
    """The newcomer scan: "buka", the rules' own Indonesian word for the opening (O14), was
    "I do not know buka", though "turun" was answered /open."""
    await bot.say(BUDI, "/new okey101 league=off")
    await bot.say(BUDI, "/start")
    (said,) = await bot.say(BUDI, typed, chat=BUDI.id, private=True)
    assert said.lines[0].key.startswith("core.error.move_word"), en(said)
    assert move in i18n.render_lines(said.lines, "id")


@pytest.mark.parametrize("typed, move", [("kırmızı 3ü at", "/discard kırmızı 3"),
                                         ("sarı 4ü atıyorum", "/discard sarı 4"),
                                         ("kırmızı 6yı at", "/discard kırmızı 6"),
                                         ("r13ü at", "/discard r13"), ("3ü at", "/discard 3"),
                                         ("/at 3ü", "/discard 3"),  # (a move's word, slashed)
                                         ("/at kırmızı 3ü", "/discard kırmızı 3")])
async def test_turkish_object_ending_typed_with_no_apostrophe(bot, typed, move):
    """The newcomer scan: "kırmızı 3ü at" (the ending on the number, no apostrophe, as
    many type it) was "I do not know kırmızı", a word /help teaches; read as "3'ü"."""
    await bot.say(CAN, "/new yuzbir league=off")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, typed, chat=CAN.id, private=True)
    assert said.lines[0].key.startswith("core.error.move_word"), en(said)
    assert f"{move}" in i18n.render_lines(said.lines, "tr"), i18n.render_lines(said.lines, "tr")


@pytest.mark.parametrize("typed", ["buka meja", "buka meja baru", "buka rummikub"])
async def test_buka_meja_opening_a_table_is_no_rummikub_place(bot, typed):
    """The second regression scan: with "buka" the opening's word, "buka meja" (opening a
    table, as /help says /new) at a Rummikub table was answered /place."""
    await bot.say(BUDI, "/new rummikub league=off")
    await bot.say(BUDI, "/start")
    for chat, private in (("g1", False), (BUDI.id, True)):
        (said,) = await bot.say(BUDI, typed, chat=chat, private=private)
        assert said.lines[0].key == "core.error.unknown_word", en(said)


@pytest.mark.parametrize("typed, echo", [("/play 1i", "1i"), ("/lang 2i", "2i")])
async def test_a_commands_words_are_echoed_as_typed(bot, typed, echo):
    """The second regression scan: "/play 1i" was echoed "1'i", an apostrophe nobody typed
    (a Turkish ending is marked only in a sentence: "kırmızı 3ü at")."""
    await bot.say(BUDI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/start")
    (said,) = await bot.say(BUDI, typed)
    assert f" {echo}" in en(said) and "'" not in en(said), en(said)
