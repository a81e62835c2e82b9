"""What the scans of 2026-12-06 (session 48) found, each fixed."""

from __future__ import annotations

import pytest

from bot.messages import User
from bot.tables import ABANDONED_WAIT

from .conftest import ALI, en
from .conftest import BUDI as CORE_BUDI
from .door_harness import AYSE, BUDI, CHANNEL, D_AYSE, D_CHEN


def _caption(tg, message_id: int) -> list[str]:
    return tg.fake.messages[message_id][1].splitlines()


async def test_a_quiet_groups_picture_says_the_table_was_stopped_not_whose_turn(tg):
    """A quiet group's table is one photo kept up to date; after a /stop typed below it
    (a command there makes the next picture a new one) the photo still said "Sıra: Ayşe"
    over a table nobody plays any more. The /stop edits it where it is: its caption ends
    with who stopped it, and no new photo comes."""
    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    (shown,) = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text]
    await tg.say(BUDI, "/table")  # a command below it: the live photo is /table's now
    (live,) = [c for c in tg.group("sendPhoto") if "Sıra:" in c.text][1:]
    await tg.say(BUDI, "/help")  # and something below that
    photos = len(tg.group("sendPhoto"))
    await tg.say(AYSE, "/stop")
    assert len(tg.group("sendPhoto")) == photos  # edited, not sent anew
    caption = _caption(tg, live.message_id)
    assert caption[-1] == "Ayşe Domino masasını kapattı."
    assert not any(line.startswith("Sıra:") for line in caption), caption
    assert _caption(tg, shown.message_id) == shown.text.splitlines()  # the older one stays
    assert tg.group("sendMessage")[-1].text.splitlines()[0] == caption[-1]  # told below too


async def test_a_quiet_channels_picture_says_the_table_was_stopped_not_whose_turn(dc):
    """Discord: the same, the /stop a slash command the channel does not see."""
    await dc.slash(D_AYSE, "quiet")
    await dc.open_dominoes()
    await dc.slash(D_CHEN, "table")
    live = [c for c in dc.fake.sent(CHANNEL) if c.file and "Sıra:" in c.text][-1]
    await dc.slash(D_AYSE, "stop")
    content = dc.fake._messages[live.message_id]["content"].splitlines()
    assert content[-1] == "Ayşe Domino masasını kapattı."
    assert not any(line.startswith("Sıra:") for line in content), content
    assert [c for c in dc.fake.sent(CHANNEL) if c.file][-1].message_id == live.message_id


async def test_a_quiet_chats_picture_of_a_table_everyone_left_says_it_closed(bot):
    """Every person left and nobody came back in the hour: the quiet chat's picture, kept
    up to date by the computers' moves, still named whose turn it was. It is edited in
    place to say why the table closed."""
    await bot.say(ALI, "/quiet")
    await bot.say(ALI, "/new dominoes league=off")
    await bot.say(CORE_BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/leave")
    await bot.say(CORE_BUDI, "/leave")
    bot.sent.clear()
    await bot.clock.advance(ABANDONED_WAIT)
    (picture,) = [m for m in bot.sent if getattr(m, "kind", "") == "table"]
    assert picture.edits and picture.ref.startswith("live")
    assert picture.view["current_player"] is None  # no seat marked to move
    said = ("Nobody came back to the Dominoes table in 60 minutes: it is closed without a "
            "result. /new dominoes opens another.")
    assert en(picture).split("\n")[-1] == said
    assert not any(line.startswith("Turn") for line in en(picture).split("\n"))


async def test_Y7_a_short_openings_prompt_names_the_game_where_ali_plays_two(tmp_path):
    """Ali sits at a Yüzbir table and a dominoes one: his short opening's prompt said
    "lay more tiles towards your opening (/open)", and a bare /open typed privately is
    asked which table. It names the game, as the other prompts there do."""
    from bot import i18n
    from bot.messages import Buttons

    from .conftest import Harness
    from .test_tgid41 import alis_short_opening

    bot = await Harness(tmp_path / "y7.db", seed=2).start()
    try:
        await alis_short_opening(bot)
        await bot.say(ALI, "/new dominoes", chat="g2")
        bot.sent.clear()
        await bot.say(ALI, "/hand yuzbir", chat=ALI.id)
        (prompt,) = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id]
        assert i18n.render_lines(prompt.lines[-1:], "en") == (
            "Your move at Yüzbir: lay more tiles towards your opening (/yuzbir open), or "
            "press “Take the opening back”.")
    finally:
        await bot.close()


def test_Y7_on_discord_the_short_openings_move_is_its_slash_command():
    """On Discord the move named there is the slash command with its game option."""
    from bot import i18n
    from bot.adapters.discord import _line_for_discord
    from bot.messages import Line

    line = _line_for_discord(Line("core.your_turn_short", {"game": "Yüzbir",
                                                           "move": "yuzbir pairs"}))
    assert i18n.render_lines([line], "en") == (
        "Your move at Yüzbir: lay more tiles towards your opening (/pairs game:yuzbir), or "
        "press “Take the opening back”.")


async def test_two_tables_of_one_game_prompt_the_buttons_not_a_move_typed_privately(bot):
    """Ali plays dominoes in two groups: each turn said "type a move, e.g. /dominoes play
    0-5", which typed privately is asked which table. The prompt says so and names where a
    typed move works; typed there, it is played."""
    from bot import i18n
    from bot.adapters.discord import _line_for_discord
    from bot.messages import Buttons

    for chat in ("g1", "g2"):
        await bot.say(ALI, "/new dominoes bots=random league=off", chat=chat)
        await bot.say(ALI, "/start", chat=chat)
    bot.sent.clear()
    await bot.say(ALI, "/hand", chat=ALI.id, private=True)
    prompts = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id]
    assert len(prompts) == 2
    line = prompts[0].lines[-1]
    example = line.params["example"]
    assert i18n.render_lines([line], "en") == (
        "Your move at Dominoes. Press a button: you play Dominoes at more than one table, so "
        "a move typed in this private chat cannot say which (typed in this table's group or "
        f"channel it can, e.g. /{example}).")
    assert example.startswith("dominoes play ")
    out = await bot.say(ALI, f"/{example}", chat=ALI.id, private=True)
    assert out[0].lines[0].key == "core.error.which_tables"  # as the prompt says
    table = bot.table(chat="g1")
    moves = table.moves
    await bot.say(ALI, f"/{example}", chat="g1")
    assert table.moves > moves  # typed in the group, it is played there
    assert i18n.render_lines([_line_for_discord(line)], "en").endswith(
        f"(used in this table's channel it can, e.g. /play tiles:{example.split()[-1]} "
        "game:dominoes).")


async def test_K_D3_the_last_hurry_at_rummikub_says_the_turn_ends_with_a_draw(bot):
    """Budi had run out of time once at Rummikub; Ali's second /hurry said only that a
    computer would take his seat, though running out again first ends his turn with a draw
    (K-D3), as the first /hurry said."""
    from bot import i18n
    from bot.tables import HURRY_WAIT

    await bot.say(ALI, "/new rummikub timer=0 league=off")
    await bot.say(CORE_BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    budi = table.seat_of(CORE_BUDI.id)

    async def to_budi():
        while table.state.current_player != budi:
            await bot.say(ALI, "/draw")

    await to_budi()
    await bot.say(ALI, "/hurry")
    await bot.clock.advance(HURRY_WAIT)  # a draw for him (K-D3)
    assert table.seats[budi].timeouts == 1
    await to_budi()
    out = await bot.say(ALI, "/hurry")
    said = {m.to.private: i18n.render_lines(m.lines, "en") for m in out}
    assert said[False] == (
        "Ali asks Budi to move: if they have not moved in 120 s, their turn ends with a draw, "
        "as the rules say (K-D3), and a computer takes over their seat (they can come /back).")
    assert said[True] == (
        "Ali asks you to move at Rummikub: if you have not moved in 120 s, your turn ends with "
        "a draw, as the rules say (K-D3), and a computer takes over your seat (/back returns "
        "it).")


async def test_K_D3_the_last_reminder_at_a_timed_rummikub_table_says_the_draw_too(bot):
    from bot import i18n
    from bot.tables import HURRY_BEFORE

    await bot.say(ALI, "/new rummikub timer=60 league=off")
    await bot.say(CORE_BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    budi = table.seat_of(CORE_BUDI.id)
    while table.seats[budi].timeouts == 0:
        if table.state.current_player == budi:
            await bot.clock.advance(60)
        else:
            await bot.say(ALI, "/draw")
    while table.state.current_player != budi:
        await bot.say(ALI, "/draw")
    bot.sent.clear()
    await bot.clock.advance(60 - HURRY_BEFORE)
    (reminder,) = [m for m in bot.sent if m.to.user == CORE_BUDI.id]
    assert i18n.render_lines(reminder.lines, "en") == (
        f"{HURRY_BEFORE} seconds left for your move at Rummikub. If the time runs out again, "
        "your turn ends with a draw, as the rules say (K-D3), and a computer takes over your "
        "seat (/back returns it).")


async def test_a_back_after_a_restart_is_told_the_table_closed_while_away(bot):
    """Budi left, Ali stopped the table, the bot restarted: Budi's /back said "There is no
    table here" (what ended while he was away was kept in memory only). The store knows."""
    await bot.say(ALI, "/new dominoes league=off")
    await bot.say(CORE_BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(CORE_BUDI, "/leave")
    await bot.say(ALI, "/stop")
    await bot.restart()
    out = await bot.say(CORE_BUDI, "/back")
    assert [en(m) for m in out] == [
        "The Dominoes table was closed while a computer was playing your seat, so there is "
        "no seat to come back to. /new dominoes opens another."]
    out = await bot.say(ALI, "/back")  # he was not away: nothing to come back to
    assert [m.lines[0].key for m in out] == ["core.error.no_table"]
    await bot.clock.advance(6 * 3600)  # and kept as long as before a restart
    await bot.restart()
    out = await bot.say(CORE_BUDI, "/back")
    assert [m.lines[0].key for m in out] == ["core.error.no_table"]


async def test_join_where_one_sits_at_every_table_says_so(bot):
    """Ali opened a Rummikub and a dominoes lobby (seated at both) and typed /join: told to
    name the game, "e.g. /dominoes join", which then said he already sat at seat 1."""
    await bot.say(ALI, "/new rummikub league=off")
    await bot.say(ALI, "/new dominoes league=off")
    out = await bot.say(ALI, "/join")
    assert [en(m) for m in out] == [
        "You already sit at every table here: Rummikub (seat 1), Dominoes (seat 1)."]
    out = await bot.say(CORE_BUDI, "/join")  # someone seated nowhere is asked which
    assert out[0].lines[0].key.startswith("core.error.which_table")


def test_discord_names_a_game_or_language_choice_as_the_readers_picker_lists_it():
    """`/hand game:dominoes` and `/lang language:id` were written by value; Discord's picker
    lists the choices by name in the reader's language ("Domino", "Okey 101"), and typing
    `dominoes` or `okey101` there finds nothing."""
    from bot import i18n
    from bot.adapters.discord import _for_discord, shown_text, typed_on_discord
    from bot.messages import Line, Text, To

    def shown(lang, key, **params):
        return shown_text(_for_discord(Text(to=To("discord", chat="c"), lang=lang,
                                            lines=(Line(key, params),))))

    assert shown("id", "core.your_turn", game="Domino",
                 example="dominoes play 0-5").endswith("/play tiles:0-5 game:“Domino”")
    assert shown("en", "core.error.which_way_group", command="/okey101 leave") == (
        "type /leave game:“Okey 101” in the group or channel of the table you mean")
    assert shown("hi", "core.error.rules_which", games="okey101, yuzbir, rummikub, dominoes") \
        .endswith(": ओकेय 101, यूज़बिर, रमीक्यूब, डोमिनोज़।")  # the Hindi picker's names
    assert shown("en", "core.theme_now", theme="default", example="theme colorblind",
                 themes="x").endswith("/theme theme:“colour-blind” (themes: x).")
    # a move's example with an okey: `/add * to 2` takes its tiles option too
    assert "/add tiles:* to {n}" in typed_on_discord(
        i18n.translate("en", "okey.error.no_low_end"), "en")


async def test_which_table_example_names_the_table_where_the_move_is_legal_now(bot):
    """Ali had drawn at Okey 101 and was to move at Rummikub: a bare /draw was answered
    "e.g. /okey101 draw", which then said he had drawn already (O7). It names Rummikub."""
    from bot import i18n

    await bot.say(ALI, "/new okey101 bots=random league=off")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new rummikub bots=random league=off")
    await bot.say(ALI, "/rummikub start")
    okey, rummikub = bot.table("okey101"), bot.table("rummikub")
    assert okey.waits_for(ALI.id) and rummikub.waits_for(ALI.id)  # (seed 7's deal)
    if "draw" in okey.state.view(0).legal:
        await bot.say(ALI, "/okey101 draw")
    assert "draw" not in okey.state.view(0).legal
    out = await bot.say(ALI, "/draw")
    assert i18n.render_lines(out[0].lines, "en") == (
        "Several tables are open here (Okey 101, Rummikub): name the game, e.g. /rummikub draw")


async def test_league_season_1_is_answered_with_the_form_league_takes(bot):
    """`/league season 1` was "Unknown game season"; /league takes a game and a season."""
    out = await bot.say(ALI, "/league season 1")
    assert [en(m) for m in out] == [
        "/league does not know season: it takes a game and a season, e.g. /league okey101 2."]
    out = await bot.say(ALI, "/league seasons")  # no number: a game's name was meant
    assert out[0].lines[0].key == "error.unknown_game"


async def test_join_at_every_table_says_where_a_computer_plays_ones_seat(bot):
    """The regression scan: Ali, away at his dominoes table, opened a Rummikub lobby and
    typed /join: "Dominoes (seat 1)" did not say a computer plays it until his /back."""
    await bot.say(ALI, "/new dominoes league=off bots=random")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/leave")
    await bot.say(ALI, "/new rummikub league=off")
    out = await bot.say(ALI, "/join")
    assert [en(m) for m in out] == [
        "You already sit at every table here: Dominoes (seat 1, which a computer plays until "
        "your /back), Rummikub (seat 1)."]
    bot.core._places[("tg", "g1")] = "Tile night"  # (as a door learns a group's title)
    out = await bot.say(ALI, "/join", chat=ALI.id, private=True)
    assert [en(m) for m in out] == [  # privately: the group too (two may be of one game)
        "You already sit at each of your tables: Dominoes in Tile night (seat 1, which a "
        "computer plays until your /back), Rummikub in Tile night (seat 1)."]


def test_new_with_an_option_written_with_dashes_is_read():
    """`/new okey101 --rounds=3` was "Unknown option __rounds" (a command line's habit)."""
    from bot.lobby import split_options
    from rules import find_game

    for typed in ("--rounds=3", "—rounds=3"):  # (a phone makes -- an em dash)
        assert split_options(find_game("okey101"), [typed])[0] == {"rounds": "3"}, typed


@pytest.mark.parametrize("text, words", [
    ("discard: r3", ("discard", ("r3",))),
    ("discard tiles:r3", ("discard", ("r3",))),  # the slash command's form, copied
    ("draw game:“Okey 101”", ("okey101", ("draw",))),  # as the picker names the game
    ("play tiles:3-5 left game:dominoes", ("dominoes", ("play", "3-5", "left"))),
    ("discard r3", ("discard", ("r3",))),
    ('draw game:"Okey 101"', ("okey101", ("draw",))),  # typed by hand: straight quotes
    ("draw game:Okey 101", ("okey101", ("draw",))),  # or none
    ("discard 3 game:Domino", ("dominoes", ("discard", "3"))),
    ('draw game:""', ("draw", ())),  # an empty game: no IndexError, no unanswered command
    ("game:“” draw", ("draw", ())),
    ("play: 0-1 game:Domino", ("dominoes", ("play", "0-1")))])  # (the colon, a game too)
def test_discord_move_text_reads_options_copied_into_it(text, words):
    """`/move text:discard tiles:r3` was "Not a tile: tiles:r3" and `discard: r3` "There is
    no move called discard:" (a newcomer's scan): the text is read as the move meant."""
    from bot.adapters.discord import command_words

    assert command_words({"name": "move", "options": [{"name": "text", "value": text}]}) == words


async def test_K_D3_with_the_pool_empty_the_hurry_and_the_timeout_say_a_pass(bot):
    """The pool was empty: /hurry said Budi's turn would end with a draw, and the timeout
    that a tile was drawn for him, though he passed (K9, K-D3)."""
    from bot import i18n
    from bot.tables import HURRY_WAIT

    await bot.say(ALI, "/new rummikub timer=0 league=off")
    await bot.say(CORE_BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    table.state.pool = []  # (late in a game: every tile drawn)
    budi = table.seat_of(CORE_BUDI.id)
    while table.state.current_player != budi:
        await bot.say(ALI, "/pass")
    out = await bot.say(ALI, "/hurry")
    said = {m.to.private: i18n.render_lines(m.lines, "en") for m in out}
    assert said[False] == ("Ali asks Budi to move: if they have not moved in 120 s, their "
                           "turn ends with a pass (the pool is empty), as the rules say (K-D3).")
    bot.sent.clear()
    await bot.clock.advance(HURRY_WAIT)
    told = [i18n.render_lines(m.lines, "en") for m in bot.sent]
    assert any(t.startswith("Budi ran out of time: as the rules say (K-D3), the turn ended "
                            "with a pass (the pool is empty).") for t in told), told
    assert any("your turn ended with a pass (the pool is empty)" in t for t in told), told


async def test_Y7_a_short_openings_buttons_offer_no_addition_to_it(tmp_path):
    """Adding to one's own new run became legal while the opening is short (Y-D5): the
    buttons and the prompt's example then offered `add y9 to 1`, which broke up the b9 k9
    y9 the rack's hint suggested laying next. Typed, an addition still works."""
    from bot.messages import Buttons

    from .conftest import Harness

    bot = await Harness(tmp_path / "y7.db", seed=2).start()
    try:
        await bot.say(ALI, "/new yuzbir mode=single bots=random")
        await bot.say(ALI, "/start")
        table = bot.table()
        await bot.say(ALI, "/open y6 y7 y8")  # 7 of 17 (seed 2's rack: y9 and b9 k9 too)
        legal = table.state.view(0).legal
        assert any(a.startswith("add ") for a in legal)  # (the engine allows them)
        prompt = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
        assert not [c for c in prompt.choices if "add" in str(c.label)]
        assert "add" not in str(prompt.lines[-1].params.get("example", ""))
    finally:
        await bot.close()


async def test_Y22_rules_at_a_single_player_table_do_not_say_league_on(bot):
    """/rules at a Yüzbir single-player table listed `league=on`, though such a match never
    counts in the league (Y22; its total is the person's record, Y21)."""
    await bot.say(ALI, "/new yuzbir mode=single")
    out = await bot.say(ALI, "/rules")
    text = "\n".join(en(m) for m in out)
    assert "mode=single" in text and "league=on" not in text
    await bot.say(ALI, "/new dominoes")
    out = await bot.say(ALI, "/dominoes rules")
    assert "league=on" in "\n".join(en(m) for m in out)  # a table that counts says so


async def test_addbot_by_someone_not_seated_where_join_cannot_work_says_why(bot):
    """The regression scan: /addbot by Budi at Ali's single-player table, or by Dev at a
    lobby of four people, said "/join it first", and /join was then refused."""
    from .conftest import CAN, DEV

    await bot.say(ALI, "/new yuzbir mode=single")
    out = await bot.say(CORE_BUDI, "/addbot")
    assert [m.lines[0].key for m in out] == ["core.error.single_player"]
    await bot.say(ALI, "/new dominoes", chat="g2")
    for person in (CORE_BUDI, CAN):
        await bot.say(person, "/join", chat="g2")
    out = await bot.say(DEV, "/addbot", chat="g2")
    assert [m.lines[0].key for m in out] == ["core.error.not_seated_addbot"]  # a seat is free
    await bot.say(DEV, "/join", chat="g2")
    out = await bot.say(User("9", "Eve", "en"), "/addbot", chat="g2")
    assert [m.lines[0].key for m in out] == ["core.error.table_full"]
    await bot.say(ALI, "/new rummikub", chat="g3")  # seats full of a person and computers
    await bot.say(ALI, "/addbot", chat="g3")
    await bot.say(ALI, "/addbot", chat="g3")
    await bot.say(ALI, "/addbot", chat="g3")
    out = await bot.say(DEV, "/addbot", chat="g3")
    assert [m.lines[0].key for m in out] == ["core.error.table_full"]  # (not "/join first")
