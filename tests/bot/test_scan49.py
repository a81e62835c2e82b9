"""What the scans of 2026-12-06 (session 49) found, each fixed."""

from __future__ import annotations

import asyncio

import pytest

from bot import i18n
from bot.messages import To

from .conftest import ALI, BUDI, draw_until_to_discard, en, okey_table


async def test_O8_a_discard_with_a_word_after_its_tile_names_that_word(bot):
    """`/discard r3 now` said "Not a tile: r3 now", as if r3 itself were wrong (Rummikub's
    `/place r3 now` names the word "now")."""
    table = await okey_table(bot)
    await draw_until_to_discard(bot, table, ALI)
    seat = table.seat_of(ALI.id)
    tile = next(a for a in table.state.view(seat).legal if a.startswith("discard ")).split()[1]
    moves = table.moves
    (reply,) = await bot.say(ALI, f"/discard {tile} now")
    assert en(reply).startswith("Not a tile: now."), en(reply)
    assert table.moves == moves


async def test_K9_place_without_tiles_shows_a_place_written_out(bot):
    """`/place` alone said only "Name the tiles to put on the table": no example, no word
    of the rack numbers (the okey games' /open shows one)."""
    await bot.say(ALI, "/new rummikub league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    mover = ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI
    for typed in ("/place", "/place |"):
        (reply,) = await bot.say(mover, typed)
        assert en(reply) == ("Name the tiles to put on the table too, e.g. /place r7 b7 k7 (or "
                             "their numbers in your rack picture)."), typed
    assert i18n.render_lines(reply.lines, "tr").startswith("Masaya koyacağın taşları da yaz")


def test_K9_on_discord_the_place_example_is_its_slash_command():
    from bot.adapters.discord import _line_for_discord
    from bot.messages import Line

    line = _line_for_discord(Line("rummikub.error.no_tiles_place", {"example": "place r7 b7 k7"}))
    assert "e.g. /place tiles:r7 b7 k7 (or" in i18n.render_lines([line], "en")


async def test_K9_pass_with_a_word_after_it_while_the_pool_lasts_gets_the_rules_answer(bot):
    """`/pass please` said "type /pass alone", and /pass alone is then refused (K9: pass
    only once the pool is empty): the rule's answer comes at once."""
    await bot.say(ALI, "/new rummikub league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    mover = ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI
    (alone,) = await bot.say(mover, "/pass")
    (worded,) = await bot.say(mover, "/pass please")
    assert en(worded) == en(alone) and "(K9)" in en(worded), en(worded)
    (drawn,) = await bot.say(mover, "/draw 1")  # draw is legal: the word is refused
    assert en(drawn) == "/draw takes no tile or number after it: type /draw alone."


async def test_D_D1_pass_with_a_word_after_it_gets_the_rules_answer(bot):
    """`/pass now` at dominoes said it was not a dominoes move; where a tile fits it now
    gets the rule's answer with the moves, as /pass alone does."""
    await bot.say(ALI, "/new dominoes league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    mover = ALI if table.state.current_player == table.seat_of(ALI.id) else BUDI
    assert "pass" not in table.state.view(table.state.current_player).legal
    (alone,) = await bot.say(mover, "/pass")
    (worded,) = await bot.say(mover, "/pass now")
    assert en(worded) == en(alone) and "You can play, so you must: play " in en(worded)
    from rules import find_game
    from rules.errors import InvalidAction

    game = find_game("dominoes")
    try:
        game.parse_action("pass now")
    except InvalidAction as e:  # no view: told to type it alone
        assert e.key == "error.takes_nothing"
    else:
        raise AssertionError("read")


class _OkeyDiscarder:
    """A player that throws the okey whenever it holds one, and the rule (Y17) gives
    the turn back each time: played as it is, it would hold its table for ever."""

    def __init__(self, game):
        self.game = game

    def choose(self, view, rng):
        from rules.okey_deal import WILD

        throws = any(a.startswith("discard") for a in view.legal)
        move = "discard *" if throws and WILD in view.tiles else next(
            (a for a in view.legal if a.split()[0] in ("draw", "discard")), view.legal[0])
        return self.game.parse_action(move, view)


async def test_Y17_a_computer_that_repeats_a_refused_discard_is_made_to_end_its_turn(
        tmp_path, caplog):
    import rules
    from bot import play

    from .conftest import Harness

    async with Harness(tmp_path / "bot.db", seed=6, make_agent=lambda g, lv: _OkeyDiscarder(
            rules.find_game(g))) as bot:
        await bot.say(ALI, "/new yuzbir bots=normal league=off")
        await bot.say(ALI, "/start")
        table = bot.table()
        ali = table.seat_of(ALI.id)
        refused = 0
        for _ in range(200):  # Ali draws and throws until a computer has tried the okey
            legal = table.state.view(ali).legal
            assert legal, "the match ended before a computer threw the okey"
            move = next(a for a in legal if a.split()[0] in ("draw", "discard"))
            await asyncio.wait_for(bot.say(ALI, "/" + move), 30)  # (for ever)
            refused = caplog.text.count("moves in one turn")
            if refused:
                break
        assert refused, "no computer held the okey"
        assert table.state.current_player == ali  # the table went on to Ali
        assert table.moves < 2 * play.MOVES_IN_A_TURN + 200  # (each of Ali's turns: 2)


async def test_discord_help_in_direct_messages_says_what_lang_and_theme_do_there(bot):
    """/help in one's direct messages said /lang and /theme were the channel's; there they
    are one's own language and one's racks' pictures."""
    from bot.adapters.discord import _for_discord
    from bot.messages import Command

    out = await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/help", private=True))
    text = en(_for_discord(out[0]))
    assert "/lang: the channel's language (in your direct messages: yours)" in text
    assert "/theme: this channel's pictures (in your direct messages: your racks')" in text
    await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/lang tr", private=True))
    assert await bot.core.lang_of(To("discord", user=ALI.id)) == "tr"  # it is so


async def test_lang_already_said_privately_names_the_group(bot):
    """`/lang id` in a group that speaks it already was answered privately with "This chat
    speaks Indonesian already": in the private chat, "this chat" is that one."""
    from bot.adapters.discord import _for_discord

    bot.core._places[("tg", "g1")] = "Tile night"
    await bot.say(ALI, "/lang id")
    (out,) = await bot.say(BUDI, "/lang id")
    assert out.to.private and out.lines[0].key == "core.lang_already_place"
    assert i18n.render_lines(out.lines, "id") == "Tile night sudah memakai bahasa Indonesia."
    assert en(_for_discord(out)) == "This channel speaks Indonesian already."  # seen there


@pytest.mark.parametrize("lang, decimal", [("id", ","), ("tr", ","), ("en", "."), ("hi", ".")])
async def test_the_league_picture_writes_a_shared_win_as_its_caption_does(bot, lang, decimal):
    """The caption said "1,5 menang" and the picture "1.5", which an Indonesian reads as
    fifteen hundred."""
    from render import render_league

    async with bot.store.tx() as db:
        await db.executemany("INSERT INTO standings (platform, chat, game, player, name, "
                             "games, wins, rating) VALUES ('tg', 'g1', ?, ?, ?, ?, ?, ?)", [
                                 ("rummikub", "1", "Ali", 2, 1.5, 1015.0),
                                 ("rummikub", "2", "Budi", 2, 0.5, 985.0)])
    await bot.say(ALI, f"/lang {lang}")
    (out,) = await bot.say(ALI, "/league rummikub")
    assert f"1{decimal}5" in i18n.render_lines(out.lines, lang)
    assert out.view["decimal"] == decimal
    rows = [(1, 1015, 2, 1.5), (2, 985, 2, 0.5)]
    comma, dot = render_league(rows, decimal=","), render_league(rows)
    assert (comma != dot) and render_league(rows, decimal=decimal) == (
        comma if decimal == "," else dot)


def test_discord_season_action_option_does_not_name_a_value_its_picker_hides():
    """Its description read "end: tutup musim" while the picker offers "akhiri musim"."""
    from bot.adapters.discord import slash_commands

    (season,) = [c for c in slash_commands() if c["name"] == "season"]
    (action,) = season["options"]
    texts = [action["description"], *action["description_localizations"].values()]
    assert not [t for t in texts if t.startswith("end")], texts
    assert action["description_localizations"]["id"] == "tutup musim (pengelola server)"
    assert [c["name_localizations"]["id"] for c in action["choices"]] == ["akhiri musim"]


def test_indonesian_uses_the_projects_terms():
    """A scan: "Langkah pertamamu harus..." said the first *move* (drawing too) must be a
    meld (the term is "turun"); "tingkat" for level, "permainan" for a dominoes game."""
    from bot.messages import Line

    def said(key, **params):
        return i18n.render_lines([Line(key, params)], "id")

    assert said("core.rack_initial", need=30).startswith("Turun pertamamu harus")
    for game in ("dominoes", "okey101", "rummikub", "yuzbir"):
        assert "bots, level komputer" in said(f"core.rules.options.{game}")
    assert "games, jumlah babak satu pertandingan" in said("core.rules.options.dominoes")


async def test_lang_already_reaches_a_person_whose_private_chat_is_closed(tg):
    """A regression scan: the answer naming the group went nowhere when the private chat
    was closed (the group got only the note to open it); it is answered in the group, as
    "this chat speaks it already" was."""
    from .door_harness import AYSE
    from .door_harness import BUDI as TG_BUDI

    await tg.say(AYSE, "/lang id")
    tg.fake.closed.add(TG_BUDI.id)
    n = len(tg.group())
    await tg.say(TG_BUDI, "/lang id")
    assert any("sudah memakai bahasa Indonesia" in c.text for c in tg.group()[n:])


async def test_O17_discard_to_a_meld_says_to_add_it(bot):
    """A regression scan: `/discard r2 to 1` (an addition meant) said "Not a tile: to"."""
    from bot.adapters.discord import _for_discord

    table = await okey_table(bot)
    await draw_until_to_discard(bot, table, ALI)
    seat = table.seat_of(ALI.id)
    tile = next(a for a in table.state.view(seat).legal if a.startswith("discard ")).split()[1]
    moves = table.moves
    (reply,) = await bot.say(ALI, f"/discard {tile} to 1", chat=ALI.id, private=True)
    assert en(reply) == (f"/discard throws {tile} away, to no meld: to add it to a meld, type "
                         f"/add {tile} to 1.")
    assert table.moves == moves
    assert f"type /add tiles:{tile} to 1." in en(_for_discord(reply))


@pytest.mark.parametrize("lang, theme, order", [("id", "buta warna", "kelompok"),
                                                ("tr", "renk körü", "gruplar")])
async def test_help_names_option_words_in_the_readers_language_and_they_work(bot, lang, theme,
                                                                             order):
    """The Indonesian and Turkish help listed /theme and /arrange's English words, though
    the pickers and everything else use their own (a scan); the words it lists work."""
    from bot.messages import Line

    text = i18n.render_lines([Line("core.help", {"levels": ""})], lang)
    assert f"|{theme}|" in text and f" {order}:" in text, text
    await bot.say(ALI, f"/lang {lang}")
    (out,) = await bot.say(ALI, f"/theme {theme}")
    assert out.lines[0].params["theme"].key == "core.theme.colorblind"
    out = await bot.say(ALI, f"/arrange {order}")
    assert out and "error" not in " ".join(line.key for m in out for line in m.lines), out
