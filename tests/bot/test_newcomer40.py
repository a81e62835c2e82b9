"""What a newcomer reads first: words they typed echoed as typed, /new alone, a lobby's
opener told to start it, the Turkish /hide that said "kapalı" (off) for face down."""

from __future__ import annotations

import pytest

from bot import i18n
from rules.errors import InvalidAction

from .conftest import ALI, BUDI, en, summary


async def test_plain_words_in_the_private_chat_are_echoed_as_typed(bot):
    """"hello" was answered "Unknown command /hello", a slash the person never typed."""
    out = await bot.say(ALI, "hello there", chat="dm", private=True)
    assert [en(m) for m in out] == ["I do not know “hello”. Type /help."]
    out = await bot.say(ALI, "/hello", chat="dm", private=True)
    assert [en(m) for m in out] == ["Unknown command /hello. Type /help."]


async def test_new_alone_says_what_to_type(bot):
    """Privacy mode keeps a bare "dominoes" in the group from the bot: /new alone gives
    the whole commands to type."""
    out = await bot.say(ALI, "/new")
    assert en(out[0]) == ("Which game? Type /new and its name: /new okey101, /new yuzbir, "
                          "/new rummikub, /new dominoes.")
    assert not bot.core.tables


async def test_the_opener_is_told_to_start_the_lobby_the_others_who_starts_it(bot):
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(BUDI, "/join")
    out = await bot.say(ALI, "/hand")
    assert summary(out) == [("user:1", "text", ["core.error.not_started_opener"])]
    out = await bot.say(BUDI, "/draw")
    assert en(out[0]).endswith("whoever opened the table starts it by typing /start where it "
                               "was opened.")


def test_turkish_face_down_is_never_the_word_for_off():
    """In Turkish "kapalı" is the off of every switch (`/hide kapalı`, dead_tiles=kapalı):
    /hide's texts called the hidden okey "kapalı" too, so `/hide kapalı` read as "face
    down" showed it; dominoes' face-down tiles beside dead_tiles=kapalı likewise."""
    assert i18n.translate("tr", "core.off") == "kapalı"
    for key in ("core.hide_on", "core.hide_off", "core.rules.dominoes", "core.cmd.drop",
                "core.private.dropped", "dominoes.dropped", "dominoes.error.must_drop"):
        text = i18n.translate("tr", key, {"tile": "6-6", "seat": 2})
        assert "kapalı koy" not in text and "kapalı duruyor" not in text, (key, text)
    assert "ters" in i18n.translate("tr", "core.hide_on")


async def test_a_number_of_thousands_of_digits_is_refused_like_any_number_too_big(bot):
    """`add r1 to 999…9` (5,000 digits; only the terminal carries that much) was "something
    went wrong" and a traceback: int() refuses more than 4,300 digits."""
    from rules.okey_actions import parse_action

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    moves = table.moves
    for text in ("/add r1 to " + "9" * 5000, "/pairs r1 r1 to " + "9" * 5000):
        out = await bot.say(ALI, text)
        assert [m.to.user for m in out] == [ALI.id] and "core.error.internal" not in summary(
            out)[0][2], text[:20]
    assert table.moves == moves
    with pytest.raises(InvalidAction) as refused:
        parse_action("add r1 to " + "9" * 5000)
    assert refused.value.params["n"] == "9" * 39 + "…"  # as typed (cut), not a number
    assert parse_action("pairs r1 r1 to " + "9" * 5000).to == 10**9  # (a record's seat)
    from bot.game_names import pick_game
    assert pick_game("9" * 5000, ["dominoes"], "en") is None  # the terminal's question


async def test_new_names_an_unknown_option_before_a_twice_given_one_and_an_empty_value(bot):
    out = await bot.say(ALI, "/new okey101 zzz=1 zzz=1")  # it said "zzz is given twice"
    assert en(out[0]).startswith("Unknown option zzz")
    out = await bot.say(ALI, "/new okey101 rounds=")  # it said ", is not a valid value"
    assert en(out[0]) == "Write options as name=value: rounds="
    assert not bot.core.tables


async def test_K10_a_rack_left_with_one_point_is_one_point_not_1_points(bot):
    from bot.events import round_lines

    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    result = {"scores": [-1, 1, 0, 0], "winner": 1, "winners": [1], "ending": "out"}
    revealed = {"hands": [["r1"], [], ["b2", "k3"], ["y5"]], "values": [1, 0, 5, 5]}
    lines = round_lines(table, 1, result, revealed)
    assert [en_line for en_line in (i18n.render_lines([ln], "en") for ln in lines[1:])] == [
        "Seat 1 (Ali) held r1 (1 point)", "Seat 2 (Computer 2) held nothing",
        "Seat 3 (Computer 3) held b2, k3 (5 points)", "Seat 4 (Computer 4) held y5 (5 points)"]


async def test_a_table_closed_as_its_group_is_gone_is_named_by_its_group(bot):
    """Ali plays in two groups; the bot is removed from one: "The Dominoes table is
    closed…" did not say which (the heading was decided after the table was gone)."""
    for chat, place in (("g1", "Tile night"), ("g2", "Okey club")):
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=place)
        await bot.say(BUDI, "/join", chat=chat, place=place)
        await bot.say(ALI, "/start", chat=chat, place=place)
    bot.sent.clear()
    await bot.core.chat_gone("tg", lambda chat: chat == "g2")
    told = [m for m in bot.sent if m.to.user == ALI.id]
    assert [ln.key for ln in told[-1].lines] == ["core.chat_gone_in"]
    assert en(told[-1]).startswith("The Dominoes table in Okey club was closed")


async def test_a_name_written_in_a_group_follows_it_when_it_becomes_a_supergroup(bot):
    from bot.messages import User

    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    await bot.say(User(ALI.id, "Ali Kaya", "en"), "/table")  # renamed
    await bot.core.move_chat("tg", "g1", "g1super")
    table = bot.table(chat="g1super")
    assert bot.core.name_in_chat(table, table.seats[0]) == "Ali Kaya"
    assert await bot.store.chat_name("tg", "g1super", ALI.id) == "Ali Kaya"


async def test_every_table_closed_as_its_group_is_gone_is_named_for_one_who_played_at_both(bot):
    """Ali at tables in two topics of one group the bot is removed from: the first was
    closed before the second was drafted, so the second note lost its group line."""
    for chat, place in (("g1/7", "Tile night / Domino"), ("g1/9", "Tile night / Okey")):
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=place)
        await bot.say(ALI, "/start", chat=chat, place=place)
    bot.sent.clear()
    await bot.core.chat_gone("tg", lambda chat: chat.startswith("g1/"))
    told = [en(m) for m in bot.sent if m.to.user == ALI.id
            and "core.chat_gone_in" in [ln.key for ln in m.lines]]
    assert [t.split(" was closed")[0] for t in told] == [
        "The Dominoes table in Tile night / Domino", "The Dominoes table in Tile night / Okey"]


@pytest.mark.parametrize("key", ["core.help", "core.help_discord", "core.cmd.stop"])
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_help_and_the_menu_say_a_players_stop_loses_a_league_match(lang, key):
    """A newcomer's /stop lost a league match: /help listed "/start, /stop" bare and the
    menu said "stop the table (its opener or an admin)"."""
    said = i18n.translate(lang, key)
    assert {"en": "loses it", "id": "kalah", "hi": "हार", "tr": "kaybe"}[lang] in said
    assert "/start, /stop" not in said


async def test_a_rack_dealt_to_someone_not_first_to_move_says_who_is(bot):
    """The first private message to a player who does not move first was a bare rack:
    nothing said whose move it was or that their turn would be told."""
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    out = await bot.say(ALI, "/start")
    table = bot.table()
    mover = table.state.current_player
    waiting = next(s for s, seat in table.humans() if s != mover)
    (rack,) = [m for m in out if m.to.user == table.seats[waiting].user
               and getattr(m, "kind", "") == "rack"]
    # who is to move now (computers may have moved first: "Ali moves first" contradicted
    # the group's lines, the regression scan)
    assert en(rack).splitlines()[-1] == (f"{table.name(mover)} is to move now: you are told "
                                         f"when it is your turn.")
