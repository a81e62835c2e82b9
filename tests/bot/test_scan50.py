"""What the scans of 2026-12-06 (session 50) found, each fixed."""

from __future__ import annotations

import asyncio

import pytest

from bot import i18n

from .conftest import ALI, BUDI, en


async def _rummikub_mover(bot):
    await bot.say(ALI, "/new rummikub league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    return table, ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI


async def test_K_D2_a_last_set_label_copied_with_nothing_after_it_is_no_rack_number(bot):
    """`/play 1. r10 r11 r12 2.` (the caption's numbers, the last one copied alone) was
    read as the rack number 2, its full stop taken for the end of a sentence."""
    table, mover = await _rummikub_mover(bot)
    moves = table.moves
    (reply, *_) = await bot.say(mover, "/play 1. r10 r11 r12 2.", private=True)
    assert "rack numbers" not in en(reply), en(reply)
    assert "(K6)" in en(reply), en(reply)  # the table judged: its tiles, not a number
    assert table.moves == moves


@pytest.mark.parametrize("lang, typed, names", [
    ("id", "kartu", "Okey 101, Yüzbir, Rummikub, Domino."),
    ("hi", "खेल", "ओकेय 101, यूज़बिर, रमीक्यूब, डोमिनोज़।"),
    ("en", "chess", "Okey 101, Yüzbir, Rummikub, Dominoes.")])
async def test_new_with_an_unknown_game_lists_the_names_the_reader_may_type(bot, lang, typed,
                                                                          names):
    """`/new kartu` listed the games by their English ids (okey101, dominoes), though a
    game's name in the reader's own language opens it too."""
    if lang != "en":
        await bot.say(ALI, f"/lang {lang}")
    (reply,) = await bot.say(ALI, f"/new {typed}")
    text = i18n.render_lines(reply.lines, lang)
    assert text.endswith(names) and typed in text, text
    assert not bot.core.tables
    opened = await bot.say(ALI, f"/new {names.split(', ')[-1].rstrip('.।')}")
    assert bot.table().game.id == "dominoes", [en(m) for m in opened]


async def test_hand_after_the_match_ended_while_away_says_so(bot):
    """A computer finished the match for Budi while he was away: his private /hand said
    "There is no table here. Open one with /new", though /back explained what happened."""
    from .test_core_play import Player

    await bot.say(ALI, "/new dominoes bots=random", place="Tile night")
    await bot.say(BUDI, "/join", place="Tile night")
    await bot.say(ALI, "/start", place="Tile night")
    table = bot.table()
    await bot.say(BUDI, "/leave")
    await Player(bot).finish(table)
    (out,) = await bot.say(BUDI, "/hand", chat=BUDI.id, private=True)
    assert i18n.render_lines(out.lines, "en") == (
        "The Dominoes match in Tile night ended while a computer was playing your seat, so "
        "you have no tiles there any more (Tile night was told the result). /new dominoes "
        "opens another.")
    (out,) = await bot.say(BUDI, "/hand")  # in the group too
    assert out.lines[0].key == "core.error.hand_after_end"


async def test_a_back_that_waited_while_the_hour_closed_the_table_says_so(bot):
    """Everyone away: a /back that came as the hour ran out, the timer first, got only
    "This game is over", not what a /back a moment later hears (closed while away)."""
    await bot.say(ALI, "/new yuzbir timer=30")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/leave")
    for _ in range(10):
        if table.everyone_away():
            break
        await bot.clock.advance(30)
    assert table.everyone_away()
    await bot.clock.advance(3599.5)
    _, out = await asyncio.gather(bot.clock.advance(1), bot.say(BUDI, "/back"))
    assert table.status == "stopped"
    assert [m.lines[0].key for m in out] == ["core.error.back_after_close.waits"], [
        en(m) for m in out]  # (everyone away: no computer played their seats)


async def test_the_terminal_does_not_offer_partners_seats_to_choose(tmp_path):
    """At the terminal a partners table said "Partners sit opposite: Player + seat 3 (free)
    against ... (to choose, /join with a seat's number)", and began at once with computers
    in those seats (a scan): one person there chooses nothing. In a chat it is said."""
    from .conftest import Harness

    async with Harness(tmp_path / "t.db", buttons=False, timers=False) as terminal:
        out = await terminal.say(ALI, "/new okey101 partners=on")
        assert not [ln for m in out for ln in m.lines if ln.key == "core.lobby_teams"]
    async with Harness(tmp_path / "c.db") as chat:
        out = await chat.say(ALI, "/new okey101 partners=on")
        assert [ln for m in out for ln in m.lines if ln.key == "core.lobby_teams"]


async def _yuzbir_in_turkish(bot):
    from .conftest import CAN

    await bot.say(CAN, "/new yuzbir")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/start")
    return CAN


def _tr(out) -> list[str]:
    return [i18n.render_lines(m.lines, "tr") for m in out]


async def test_turkish_move_words_suggest_a_move_that_works(bot):
    """"işle b7 3" was answered "type /add b7 3", which is then refused (the meld comes
    after "to"); "3'e" (to 3) and "2'deki" (in 2) are how Turkish says the meld; the table
    talk /rules uses (per indir, pere işle) and "yandan al" were unknown words."""
    can = await _yuzbir_in_turkish(bot)
    for typed, move in (("/işle b7 3", "/add b7 to 3"), ("/işle b7 3'e", "/add b7 to 3"),
                        ("/okeyi al b8 2'deki", "/swap b8 in 2"),
                        ("/pere işle b7 3", "/add b7 to 3"), ("/yandan al", "/take"),
                        ("/per indir k1 k2 k3", "/open k1 k2 k3")):
        (reply,) = await bot.say(can, typed, chat=can.id, private=True)
        said = _tr([reply])[0]  # (Can, to move: "... but not now" where the rules say so)
        assert reply.lines[0].key in ("core.error.move_word", "core.error.move_word_not_now",
                                      "core.error.move_word_refused")
        assert f"için {move} yaz." in said or f" {move} diye yazılır" in said, (typed, said)
    (reply,) = await bot.say(can, "/tempel b7 2", chat=can.id, private=True)  # Indonesian too
    assert "/add b7 to 2" in en(reply)


def test_a_glossed_add_keeps_a_tile_written_in_words_and_the_low_end():
    """"işle kırmızı 7" was suggested as /add kırmızı to 7 (the tile's number taken for a
    meld), and "işle b7 3 low" as /add b7 3 low, which is refused."""
    from bot.notation import glossed

    assert glossed("işle", {"okey"}, ("kırmızı", "7", "1'e"))[2] == ("kırmızı", "7", "to", "1")
    assert glossed("tempel", {"okey"}, ("merah", "7", "ke", "1"))[2] == ("merah", "7", "to", "1")
    # no meld named: the answer is the move's usage, not /add kırmızı 7 (then refused)
    assert glossed("işle", {"okey"}, ("kırmızı", "7"))[2] == ()
    assert glossed("işle", {"okey"}, ("b7", "3", "low"))[2] == ("b7", "to", "3", "low")


async def test_arrange_takes_the_order_as_the_bot_names_it_without_its_bracket(bot):
    """"/arrange önce çiftler": the bot names the order "önce çiftler (okey)", and only the
    whole phrase, bracket and all, was read back."""
    can = await _yuzbir_in_turkish(bot)
    for typed, order in (("önce çiftler", "pairs"), ("renge göre", "runs"),
                         ("sayıya göre", "groups"), ("pairs first", "pairs"),
                         ("sayiya gore", "groups"), ("once ciftler", "pairs")):  # (no ı, ö)
        out = await bot.say(can, f"/arrange {typed}", chat=can.id, private=True)
        assert out[0].lines[0].key == "core.arrange_set", (typed, _tr(out))
        assert out[0].lines[0].params["order"].key == f"core.arrange.{order}", typed


async def test_an_unknown_command_is_quoted_as_typed(bot):
    """"/ıstaka" was answered "/istaka diye bir komut yok": the word folded for reading."""
    can = await _yuzbir_in_turkish(bot)
    for typed in ("/ıstaka", "/yüzbir ıstaka"):  # after a game's name too
        (reply,) = await bot.say(can, typed)
        assert _tr([reply])[0].startswith("/ıstaka diye bir komut yok."), _tr([reply])


def test_discord_names_the_orders_of_the_readers_arrange_lines_as_its_picker_does():
    """The Turkish and Indonesian lines now name /arrange's orders in their own words
    (seriler, çiftler, gruplar); Discord's picker takes its choices' names."""
    from bot.adapters.discord import typed_on_discord

    text = typed_on_discord(i18n.translate("tr", "core.arrange_own"), "tr")
    assert "/arrange order:“önce seriler, renge göre”, “önce çiftler (okey)” ya da" in text
    text = typed_on_discord(i18n.translate("id", "core.error.arrange_pairs_okey"), "id")
    assert "/arrange order:“seri dulu, menurut warna” atau /arrange order:" in text


async def test_turkish_names_tell_the_two_okey_games_apart(bot):
    """To a Turkish player "101 Okey" is Yüzbir (Turkish 101): Okey 101 was shown by that
    name beside Yüzbir, the same game twice, and "/stop 101 okey" stopped Okey 101 beside
    a Yüzbir table. "/new Yüzbir Okey" was refused ("write options as name=value: Okey"),
    and so was Okey 101's Turkish name typed as the bot writes it."""
    from .conftest import CAN

    assert i18n.translate("tr", "core.game.okey101") == "Okey 101 (Endonezya)"
    await bot.say(CAN, "/new Yüzbir Okey")
    assert bot.table().game.id == "yuzbir"
    await bot.say(CAN, "/new Okey 101 (Endonezya)", chat="g2")
    assert bot.table(chat="g2").game.id == "okey101"
    for typed in ("/new 101", "/new 101 okey", "/new okey"):  # either game: asked
        (reply,) = await bot.say(CAN, typed, chat="g3")
        assert reply.lines[0].key == "core.error.new_either_okey", typed
        assert "iki okey oyunundan biri olabilir" in _tr([reply])[0]
    assert not bot.core.tables.keys() - {bot.table().id, bot.table(chat="g2").id}
    await bot.say(CAN, "/new okey 101 rounds=3", chat="g3")  # its name's two words
    assert bot.table(chat="g3").game.id == "okey101"
    await bot.say(ALI, "/new 101", chat="g4")  # to other readers 101 is Okey 101's number
    assert bot.table(chat="g4").game.id == "okey101"
    (reply,) = await bot.say(CAN, "/stop 101 okey")  # refused, the Yüzbir table kept
    assert bot.table().status == "lobby" and reply.lines[0].key == "core.error.either_okey"
    assert "Okey 101 (Endonezya), Yüzbir" in _tr([reply])[0]


async def test_Y9_the_pairs_a_runs_opener_may_lay_onto_a_pairs_opener_come_as_a_button(
        bot, monkeypatch):
    """Ali (runs) took Can's y4 to lay y4 y4 in front of her (she opened with pairs): he
    had only a Return button and no word of that move. The hint names it with her seat as
    people count it, and its button lays it there, charged to her (Y9, Y-D6)."""
    from rules.tiles import format_tile
    from tests.rules.okey_helpers import make_deal

    from .conftest import CAN, DEV, dealt_okey_table

    # Can, Ali, Budi, Dev in seats 1-4: Can opens with pairs, Ali with runs
    deal = make_deal(["k13 k13 y12 y12 r1 r1 y4 b6 k2 r9 y6 b11 k7 r12 b4",
                      "k10 k11 k12 y8 y9 y10 r3 b3 y3 y4 b1 k6", "", ""],
                     indicator="r4", pile="b8 r8 k8 r6 r4 k6 b2")
    table = await dealt_okey_table(bot, monkeypatch, "yuzbir", deal)
    for person, move in [(CAN, "/pairs k13 k13 | y12 y12 | r1 r1"), (CAN, "/discard b4"),
                         (ALI, "/draw"), (ALI, "/open r3 b3 y3 | k10 k11 k12 | y8 y9 y10"),
                         (ALI, "/discard b1"), (BUDI, None), (DEV, None), (CAN, "/draw"),
                         (CAN, "/discard y4"), (ALI, "/take")]:
        if move is None:  # draws, and throws what it drew
            top = format_tile(table.state.r.pile[-1])
            await bot.say(person, "/draw")
            move = f"/discard {top}"
        out = await bot.say(person, move)
    (prompt,) = [m for m in out if m.to.user == ALI.id and getattr(m, "choices", None)]
    (button,) = [c for c in prompt.choices if i18n.show("en", c.label).startswith("pairs")]
    assert i18n.show("en", button.label).endswith(" to 1"), i18n.show("en", button.label)
    assert "y4 y4" in i18n.show("en", button.label)
    await bot.press(ALI, button.payload)
    assert table.state.r.penalties[0] > 0 and table.state.current_player == 1
    melds = table.state.view(1).to_json()["melds"]
    assert {"owner": 0, "tiles": ["y4", "y4"]}.items() <= next(
        m for m in melds if m["tiles"] == ["y4", "y4"]).items(), melds


async def test_Y6_meld_before_opening_names_pairs_for_pairs(bot):
    """`/meld k13 k13 | y12 y12` before opening said to lay the opening with /open "(runs and
    groups, or pairs)", and /open refuses pairs: it names /pairs for them."""
    assert i18n.translate("en", "yuzbir.error.open_first").endswith(
        "/open (runs and groups) or /pairs (pairs).")
    assert "/pairs" in i18n.translate("tr", "yuzbir.error.open_first")


async def test_arrange_reads_okey_as_the_tile_for_every_reader(bot):
    """"/arrange okey 1 2" from an English reader: "okey" alone still names Okey 101 to
    them, and the game-name reading took it for the game (no such table here)."""
    await bot.say(ALI, "/new yuzbir bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/arrange okey 1 2")  # this deal gives seat 1 an okey
    assert out[0].lines[0].key == "core.arrange_own", en(out[0])


@pytest.mark.parametrize("text, words", [
    ("draw game:Okey 101 (Endonezya)", ("okey101", ("draw",))),  # Turkish picker's name
    ("game:Okey 101 discard r3", ("okey101", ("discard", "r3"))),
    ("game:Okey 101 (Endonezya) discard r3", ("okey101", ("discard", "r3"))),
    ("game:yuzbir discard r3", ("yuzbir", ("discard", "r3")))])
def test_discord_move_text_reads_a_game_name_of_three_words(text, words):
    """`/move text:draw game:Okey 101 (Endonezya)` left "(Endonezya)" to /draw ("takes
    nothing after it"): the picker's Turkish name, typed without quotes."""
    from bot.adapters.discord import command_words

    assert command_words({"name": "move", "options": [{"name": "text", "value": text}]}) == words


def test_hindi_words_typed_as_hindi_keyboards_type_them():
    """A Hindi scan: words typed without the nukta dot (जोडियाँ, जोडें) were refused though
    game names took them; Devanagari digits worked everywhere but in a game's name (ओकेय
    १०१); बन्द, as common as बंद, was no "off"; the okey caption's जोकर (the okey) took a
    feminine verb."""
    from bot.game_names import game_named
    from bot.notation import glossed
    from bot.rack_order import order_named
    from rules import game_ids
    from rules.game import switch_word

    assert order_named(["जोडियाँ"]) == order_named(["जोड़ियाँ"]) == "pairs"
    assert glossed("जोडें", {"okey"}, ("b7", "to", "3"))[1:] == ("add", ("b7", "to", "3"))
    assert game_named("ओकेय १०१", game_ids()) == game_named("१०१", game_ids()) == "okey101"
    assert switch_word("बन्द") is False and switch_word("बंद") is False
    assert "जोकर जो मेल्ड में किसी भी टाइल की जगह ले सकता है" in i18n.translate(
        "hi", "core.rack_okey", {"indicator": "r2", "okey": "r3"})


async def test_league_reads_game_names_as_the_table_commands_do(bot):
    """/league read one word at a time, in no reader's language: "Okey 101 (Endonezya)"
    was "not understood: (Endonezya)", "yüzbir okey" "not understood: okey", and a Turkish
    reader's "101" or "okey" named Okey 101 (either okey game to them)."""
    from .conftest import CAN

    for typed, game in (("Okey 101 (Endonezya)", "okey101"), ("yüzbir okey", "yuzbir"),
                        ("okey 101", "okey101")):
        (reply,) = await bot.say(CAN, f"/league {typed}")
        assert reply.lines[0].key == "core.league_empty", (typed, _tr([reply]))
        assert reply.lines[0].params["game"].key == f"core.game.{game}", typed
    (reply,) = await bot.say(CAN, "/league okey")  # (either okey game: asked which)
    assert reply.lines[0].key == "core.error.either_okey", _tr([reply])
    (reply,) = await bot.say(ALI, "/league okey")  # to an English reader: Okey 101
    assert reply.lines[0].params["game"].key == "core.game.okey101"


def test_hindi_glosses_of_two_words_and_their_targets():
    """"/ओकेय लें r5 in 1" (swap, as /rules glosses it) was answered as /take: ओकेय was read
    as the game; "/जोड़ें r7 को 2" suggested "/add r7 को to 2"."""
    from bot.notation import glossed, starts_a_gloss

    assert starts_a_gloss("ओकेय", ("लें", "r5")) and not starts_a_gloss("ओकेय", ("table",))
    assert glossed("जोड़ें", {"okey"}, ("r7", "को", "2"))[2] == ("r7", "to", "2")
    assert glossed("ओकेय", {"okey"}, ("लें", "r5", "में", "1"))[1:] == ("swap", ("r5", "in", "1"))


@pytest.mark.parametrize("lang", ["id", "tr", "hi"])
def test_the_arrange_commands_description_names_the_orders_in_the_readers_words(lang):
    """Discord's and Telegram's /arrange description said "runs, pairs, groups" in every
    language, while its picker and /help name them in the reader's words: the words it
    names now are the reader's, and each is read back as its order."""
    from bot.rack_order import order_named

    text = i18n.translate(lang, "core.cmd.arrange")
    named = [w.split()[0] for w in text.split(":", 1)[1].split(",")[:3]]  # ("gruplar ya da")
    assert [order_named([w]) for w in named] == ["runs", "pairs", "groups"], named
    assert "runs" not in text
