"""One person at several tables, and a group with several tables (a scan of many tables
at once): each table keeps its own pictures and its own notes."""

from __future__ import annotations

import pytest

from bot.i18n import render_lines

from .conftest import ALI
from .conftest import BUDI as CORE_BUDI
from .door_harness import BUDI, CHEN, GROUP, until


async def _two_tables(tg) -> dict:
    """Chen's dominoes and Rummikub tables in one group, computers in the other seats."""
    for text in ("/new dominoes league=off bots=random timer=0", "/start",
                 "/new rummikub league=off bots=random timer=0", "/rummikub start"):
        await tg.say(CHEN, text)
    return {t.game.id: t for t in tg.core.tables.values()}


async def test_flood_control_keeps_two_tables_pictures_apart(tg):
    """Moves at two tables of one group held back by flood control: each table's pictures
    are made one picture, not one table's moves told under the other's picture (the
    dominoes picture and its ends were lost)."""
    tables = await _two_tables(tg)
    shown = len(tg.group("sendPhoto"))
    tg.fake.flood[GROUP] = 1
    tg.fake.flood_wait = 2
    move = tables["dominoes"].state.view(0).legal[0]
    await tg.say(CHEN, f"/dominoes {move}", chat=CHEN.id)
    await tg.say(CHEN, "/rummikub draw", chat=CHEN.id)
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the held tables")
    dominoes, rummikub = tg.group("sendPhoto")[shown:]
    assert dominoes.text.startswith("Dominoes table:\n") and "Rummikub" not in dominoes.text
    assert "Ends:" in dominoes.text
    assert rummikub.text.startswith("Rummikub table:\n") and "Dominoes" not in rummikub.text
    assert "drew a tile" in rummikub.text


OFFICE = -200  # a second group


async def test_a_person_the_bot_cannot_write_to_is_told_about_in_each_group(tg):
    """Budi never opened the private chat: the first group is told how to open it, and so is
    a second group he sits down in a minute later (it waits on him too; it heard nothing)."""
    tg.fake.closed.add(BUDI.id)
    for chat in (GROUP, OFFICE):
        await tg.say(CHEN, "/new dominoes league=off bots=random timer=0", chat=chat)
        await tg.say(BUDI, "/join", chat=chat)
    for chat in (GROUP, OFFICE):
        asks = [c for c in tg.fake.sent(chat) if "t.me/" in c.text]
        assert len(asks) == 1 and asks[0].text.startswith("Budi, ")
    await tg.say(BUDI, "/hand", chat=OFFICE)  # told once in each group
    assert len([c for c in tg.fake.sent(OFFICE) if "t.me/" in c.text]) == 1


async def test_leave_and_stop_typed_in_the_private_chat_are_answered_there(tg):
    """Someone at two tables leaves one and stops the other from the private chat: each
    answer says there what its group heard, and which table (only the group heard)."""
    await _two_tables(tg)
    await tg.say(CHEN, "/rummikub leave", chat=CHEN.id)
    await tg.say(CHEN, "/dominoes stop", chat=CHEN.id)
    said = [c.text for c in tg.private(CHEN, "sendMessage")][-2:]
    assert said[0].startswith("Told in Tile night (Rummikub):\n") and "Chen" in said[0]
    assert said[1].startswith("Told in Tile night (Dominoes):\n")
    assert "stopped" in said[1]


async def test_a_back_after_two_matches_ended_without_them_names_each(bot):
    """Budi left dominoes tables in two groups and both matches ended while computers
    played for him: /back in each group says its match ended (the first group's was
    forgotten: "There is no table here"), and privately it names the group of the latest."""
    from .test_core_play import Player

    for chat, place in (("g1", "Tile night"), ("g2", "Office")):
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=place)
        await bot.say(CORE_BUDI, "/join", chat=chat, place=place)
        await bot.say(ALI, "/start", chat=chat, place=place)
        table = bot.table("dominoes", chat=chat)
        await bot.say(CORE_BUDI, "/leave", chat=chat, place=place)
        await Player(bot).finish(table)
    for chat in ("g1", "g2"):
        out = await bot.say(CORE_BUDI, "/back", chat=chat)
        assert [m.lines[0].key for m in out] == ["core.error.back_after_end"]
    out = await bot.say(CORE_BUDI, "/back", chat="budi", private=True)
    assert render_lines(out[0].lines, "en") == (
        "The Dominoes match in Office ended while a computer was playing your seat, so there "
        "is no seat to come back to (Office was told the result). /new dominoes opens "
        "another.")


async def test_a_private_hurry_is_for_the_table_whose_moves_are_not_timed(bot):
    """At a timed dominoes table and an untimed Rummikub one, a private /hurry is for the
    Rummikub table (it asked to name the game, suggesting /dominoes hurry, then refused
    that: "Moves here are timed already")."""
    for chat, game, timer in (("g1", "dominoes", 45), ("g2", "rummikub", 0)):
        await bot.say(ALI, f"/new {game} bots=random league=off timer={timer}", chat=chat)
        await bot.say(CORE_BUDI, "/join", chat=chat)
        await bot.say(ALI, "/start", chat=chat)
    out = await bot.say(CORE_BUDI, "/hurry", chat="budi", private=True)
    assert [(m.to.chat, m.lines[0].key) for m in out if not m.to.private] == [
        ("g2", "core.hurried.rummikub")]


async def test_a_private_back_at_two_games_says_away(bot):
    """Away at a dominoes and a Rummikub table, a private /back asks to name the game in
    the words of being away (it said "You play at several tables")."""
    for chat, game in (("g1", "dominoes"), ("g2", "rummikub")):
        await bot.say(ALI, f"/new {game} bots=random league=off", chat=chat)
        await bot.say(CORE_BUDI, "/join", chat=chat)
        await bot.say(ALI, "/start", chat=chat)
        await bot.say(CORE_BUDI, "/leave", chat=chat)
    out = await bot.say(CORE_BUDI, "/back", chat="budi", private=True)
    assert [m.lines[-1].key for m in out] == ["core.error.which_table_private_away"]
    assert render_lines(out[0].lines, "en").startswith("You are away at several tables (")


async def test_a_back_after_the_table_was_closed_without_them_says_so(bot):
    """Budi left and Ali then stopped the table: Budi's /back said there was no table here
    and to open one; it says the table was closed while a computer played his seat."""
    from .test_core_play import start

    await start(bot, "dominoes", [ALI, CORE_BUDI])
    await bot.say(CORE_BUDI, "/leave")
    await bot.say(ALI, "/stop")
    out = await bot.say(CORE_BUDI, "/back")
    assert render_lines(out[0].lines, "en") == (
        "The Dominoes table was closed while a computer was playing your seat, so there is "
        "no seat to come back to. /new dominoes opens another.")
    out = await bot.say(ALI, "/back")  # he stopped it, playing: nothing to come back to
    assert [m.lines[0].key for m in out] == ["core.error.no_table"]


async def test_a_quiet_groups_next_picture_is_new_after_a_reply_or_another_bots_command(tg):
    """Telegram delivers a reply to the bot's table photo (and another bot's command) even
    in privacy mode: the next move edited the photo above it (a scan); such a message is
    below the picture now, so the next move's picture is a new one, below it."""
    from .door_harness import AYSE

    await tg.say(AYSE, "/quiet")
    await tg.open_dominoes()
    for said, anonymous in (("nice one", False), ("/roll@dicebot", False),
                            ("well played", True)):  # (in the group's name: an admin)
        shown = len(tg.group("sendPhoto"))
        await tg.say(BUDI, said, anonymous=anonymous)
        prompt = [c for c in tg.private(tg.mover()) if c.buttons][-1]
        await tg.press(tg.mover(), prompt, prompt.buttons[0][0])
        assert len(tg.group("sendPhoto")) > shown, said  # a new photo, not an edit above


async def test_a_lobby_stopped_from_the_private_chat_is_answered_with_what_the_group_heard(tg):
    """A lobby stopped by /stop in the private chat: the answer there was a heading with
    nothing under it (the lobby's buttons taken off came first; the regression scan)."""
    await tg.say(CHEN, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(CHEN, "/stop", chat=CHEN.id)
    said = [c.text for c in tg.private(CHEN, "sendMessage")][-1]
    assert said == "Told in Tile night (Dominoes):\nChen stopped the Dominoes table."


async def test_a_back_names_each_game_closed_in_one_group(bot):
    """Budi was away at a dominoes and a Rummikub table of one group and both were stopped:
    /back dominoes said there was no table (only the later one was remembered; the
    regression scan)."""
    for game in ("dominoes", "rummikub"):
        await bot.say(ALI, f"/new {game} bots=random league=off")
        await bot.say(CORE_BUDI, f"/join {game}")
        await bot.say(ALI, f"/start {game}")
        await bot.say(CORE_BUDI, f"/leave {game}")
    for game in ("dominoes", "rummikub"):
        await bot.say(ALI, f"/stop {game}")
    for game in ("dominoes", "rummikub"):
        out = await bot.say(CORE_BUDI, f"/back {game}")
        assert [m.lines[0].key for m in out] == ["core.error.back_after_close"], game


async def test_quiet_set_as_it_is_answers_the_asker_and_in_the_group_if_their_chat_is_closed(
        tg):
    """/quiet on where the group is quiet already: the asker alone is told it is already
    so (the group heard "(Set by ...)" again); one whose private chat is closed is answered
    in the group, as a refusal is (the answer was lost; the regression scan)."""
    await tg.say(CHEN, "/quiet on")
    group = len(tg.group())
    await tg.say(CHEN, "/quiet on")
    assert len(tg.group()) == group
    assert tg.private(CHEN)[-1].text.startswith("This chat is quiet already")
    tg.fake.closed.add(BUDI.id)
    await tg.say(BUDI, "/quiet on")
    said = [c.text for c in tg.group()[group:]]
    assert any(t.startswith("Obrolan ini sudah tenang") for t in said), said


async def test_a_phones_full_stop_after_a_choice_is_read_as_the_choice(bot):
    """`/quiet on.`, `/theme dark.`, `/addbot expert.` and `/arrange 1 2 3.` were refused
    (the full stop read as part of the word, "Unknown level expert.."; the regression
    scan), as /lang and the moves were before."""
    from .test_core_play import start

    out = await bot.say(ALI, "/quiet on.")
    assert out[0].lines[0].key == "core.quiet_on"
    out = await bot.say(ALI, "/theme dark.")
    assert out[0].lines[0].key == "core.theme_set"
    await bot.say(ALI, "/new okey101 bots=random")
    out = await bot.say(ALI, "/addbot expert.")
    assert not any(ln.key.startswith("error.") for m in out for ln in m.lines)
    assert bot.table().seats[1].level == "expert"
    await bot.say(ALI, "/stop")
    await start(bot, "okey101", [ALI])
    out = await bot.say(ALI, "/arrange 1 2 3.")
    assert [ln.key for m in out for ln in m.lines][0] == "core.arrange_own"


async def test_a_command_that_waited_for_a_table_now_closed_says_the_game_is_over(bot):
    """/hand, /back, /hurry or /table picked a table, then waited for its lock while a
    /stop (or the match's end) closed it: they said "has not started yet", and /table
    posted the dead table with "Turn: None" (the races scan). Each says the game is over."""
    from bot.messages import Command
    from bot.outbox import Outbox
    from bot.refusal import Refusal

    from .test_core_play import start

    table = await start(bot, "dominoes", [ALI, CORE_BUDI])
    await bot.say(ALI, "/stop")  # ... while these waited
    for name in ("hand", "back", "hurry", "table"):
        cmd = Command("tg", "g1", CORE_BUDI, name)
        with pytest.raises(Refusal) as refused:
            await getattr(bot.core, f"cmd_{name}")(cmd, Outbox(), table)
        assert refused.value.line.key == "core.error.game_over", name


async def test_the_turns_example_move_is_no_tile_of_the_suggested_opening(tmp_path):
    """"e.g. /discard r5" named a tile of the best opening shown two lines below (a Discord
    newcomer scan): where the example is a discard, it is the rack's last (its melds come
    first, its loose tiles last), never a tile of the opening the caption suggests."""
    from bot.messages import Buttons

    from .conftest import Harness, draw_until_to_discard, okey_table

    for seed in range(1, 6):  # deals where the best opening falls short: no open button
        bot = await Harness(tmp_path / f"s{seed}.db", seed=seed).start()
        try:
            table = await okey_table(bot, (ALI, CORE_BUDI))
            await draw_until_to_discard(bot, table, ALI, CORE_BUDI)
            prompt = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
            view = table.state.view(table.seat_of(ALI.id)).to_json()
        finally:
            await bot.close()
        opening = (view["hints"] or {}).get("opening") or {}
        if not opening or opening["value"] >= view["need"]:
            continue
        laid = {t for meld in opening["melds"] for t in meld}
        example = prompt.lines[-1].params["example"]
        assert example == f"discard {view['rack'][-1]}" and example.split()[1] not in laid
        return
    raise AssertionError("no deal with a short opening")


async def test_the_turns_example_move_is_never_the_okey(bot):
    """Without assistance the rack's last tile is often the okey: the example said
    "e.g. /discard *" (thrown, the okey costs, O21; the regression scan)."""
    from bot.messages import Buttons

    await bot.say(ALI, "/new okey101 assisted=off bots=random")
    await bot.say(ALI, "/start")
    prompt = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
    view = bot.table().state.view(bot.table().seat_of(ALI.id)).to_json()
    assert view["rack"][-1] == "*"  # (seed 7: the okey last)
    example = prompt.lines[-1].params["example"]
    assert example.startswith("discard ") and example != "discard *"
