"""What the scans of 2026-12-06 (session 47) found, each fixed."""

from __future__ import annotations

import pytest

from rules import find_game
from rules.errors import InvalidAction

from .conftest import ALI, en
from .test_scan46 import _rummikub


async def test_K5_taruh_typed_at_rummikub_is_answered_with_place(bot):
    """`taruh r1 r2 r3` (Indonesian "put", dominoes' play word) at a Rummikub table was
    "Unknown move taruh r1 r2 r3": it is answered with the move to type, tiles and all."""
    await _rummikub(bot)
    out = await bot.say(ALI, "/taruh r1 r2 r3")
    said = [en(m).split("\n")[0] for m in out]  # (and why, where it would be refused: K6)
    assert len(said) == 1 and (said[0] == "Moves are typed in English, as the buttons show "
                               "them: for “taruh” type /place r1 r2 r3." or said[0].startswith(
                                   "“taruh” is typed /place r1 r2 r3, but that move is "
                                   "refused: ")), said


def test_an_unknown_rummikub_move_is_quoted_by_its_word_not_the_whole_line():
    with pytest.raises(InvalidAction) as e:
        find_game("rummikub").parse_action("lay r1 r2 r3")
    assert e.value.params == {"text": "lay"}


async def test_join_with_a_league_match_and_a_lobby_in_the_group_takes_the_lobby(bot):
    """Dev, seated nowhere, typed /join where a league dominoes match was under way and an
    Okey 101 lobby open: told "name the game, e.g. /dominoes join", which is then refused
    (a league match keeps its players). Only the lobby takes a /join: he sits there."""
    from .conftest import BUDI, CAN, DEV

    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(CAN, "/new okey101")
    out = await bot.say(DEV, "/join")
    okey = next(t for t in bot.core.tables.values() if t.game.id == "okey101")
    assert okey.seat_of(DEV.id) is not None, [en(m) for m in out]


def test_Y7_an_opening_laid_this_turn_is_not_shown_as_made_until_the_discard():
    """Mid-turn, `/table` said "opened with pairs" (and drew the opened icon) for an
    opening still provisional, which a discard short of the limit takes back (Y7, Y-D5);
    its melds said "not yet a full opening". The seat line says it counts at the discard."""
    from bot import board, i18n, views
    from render.views import render_table
    from tests.rules.test_yuzbir_helpers import deal, play

    from .test_board import table_for

    d = deal(["r5 r6 r7 b10 b11 b12", "", "", ""])
    table = table_for("yuzbir")
    table.state = play(d, ["open r5 r6 r7 | b10 b11 b12"])
    pub = views.public_json(table.state)
    assert pub["opened"][0] == "melds" and pub["provisional_kind"] == "melds"
    text = i18n.render_lines(board.table_lines(table, pub), "en")
    seat = next(line for line in text.split("\n") if line.startswith("1 (Ali)"))
    assert "laying an opening (it stands at their discard if it reaches the need)" in seat
    assert " opened" not in seat
    closed = dict(pub, opened=[None, *pub["opened"][1:]])
    assert render_table(pub) == render_table(closed)  # no opened icon at seat 1
    table.state = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}"])
    pub = views.public_json(table.state)
    text = i18n.render_lines(board.table_lines(table, pub), "en")
    assert "1 (Ali): 8 tiles · opened" in text


async def test_help_in_private_to_someone_seated_does_not_ask_to_add_the_bot_to_a_group(bot):
    """A player seated at a table typed /help in the DMs: told "add me to a server" and
    "Tile games for this channel" (in a DM; a scan). Seated, they read where new tables
    are opened; privately, the games are no chat's."""
    from bot.messages import Command

    from .conftest import BUDI

    await bot.say(ALI, "/new dominoes")
    out = await bot.core.handle(Command.parse("tg", "dm-2", BUDI, "/help", private=True))
    assert en(out[0]).startswith("Your racks and your turns come here, to our private chat. "
                                 "Tables are opened in a group: add me to one")
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/help", private=True))
    assert [ln.key for ln in out[0].lines] == [
        "core.help_private_seated", "core.help_heading_private", "core.help"]
    assert en(out[0]).startswith(
        "Your racks and your turns come here, to our private chat. New tables are opened in "
        "a group, with /new there.\nTile games: Okey 101, Yüzbir, Rummikub, Dominoes.\n")
    assert "this chat" not in en(out[0]).split("\n")[1]


@pytest.mark.parametrize("typed", ["/add " + "x" * 5000, "/play " + "1" * 5000])
async def test_a_pasted_page_is_not_quoted_back_whole_K5(bot, typed):
    """`/add xxxx…` (5,000 characters) at Rummikub was answered "type /place xxxx…" whole,
    5,000 characters over several messages (a scan): a refusal quotes its start."""
    await _rummikub(bot)
    out = await bot.say(ALI, typed)
    assert out and all(len(en(m)) < 600 for m in out), [len(en(m)) for m in out]


async def test_which_table_quotes_a_pasted_move_cut(bot):
    """With two tables of theirs, a pasted page typed privately came back whole in the
    "name the game, e.g. /dominoes discard xxxx…" example (5,093 characters)."""
    from bot.messages import Command

    await bot.say(ALI, "/new dominoes bots=beginner league=off")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new rummikub bots=beginner league=off")
    await bot.say(ALI, "/rummikub start")
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/discard " + "x" * 5000,
                                              private=True))
    said = [en(m) for m in out]
    assert len(said) == 1 and "e.g. /dominoes discard xxx" in said[0] and len(said[0]) < 600, \
        said[0][:300]


@pytest.mark.parametrize("typed, said", [
    ("/addbot expert normal", "One level at a time, e.g. /addbot expert"),
    ("/addbot expert banana", "Unknown level"),
    ("/addbot 3 expert 4", "One seat at a time, e.g. /addbot 3"),
])
async def test_addbot_with_two_levels_or_seats_is_asked_which_not_half_read(bot, typed, said):
    """`/addbot expert normal` seated an expert, `/addbot 3 expert 4` took seat 3: the
    other words were dropped without a word, where `/join 2 3` asks which (a scan)."""
    await bot.say(ALI, "/new dominoes")
    out = await bot.say(ALI, typed)
    assert [en(m) for m in out][0].startswith(said), [en(m) for m in out]
    assert bot.table().seats[1:] == [None, None, None]  # nobody seated


async def test_Y7_a_taken_back_opening_gives_no_new_move_time(tmp_path):
    """Ali laid a short opening and discarded (Y7 takes it all back), again and again, 12 s
    apart: each move gave 30 s anew, and a timed league table waited for him for ever (a
    scan: 960 s, 80 moves). Once the rules take a move back, the turn's time runs on."""
    from .conftest import Harness
    from .test_tgid41 import alis_short_opening

    bot = await Harness(tmp_path / "stall.db", seed=2).start()
    try:
        table = await alis_short_opening(bot, "timer=30")
        for _ in range(5):  # 60 s of taking back and laying again: the 30 s ran out
            if table.state.current_player != 0:
                break
            await bot.clock.advance(6)
            await bot.say(ALI, "/discard y10")
            await bot.clock.advance(6)
            await bot.say(ALI, "/open b9 k9 y9")
        assert table.state.current_player != 0 and table.seats[0].timeouts == 1
    finally:
        await bot.close()


async def test_Y7_the_turn_after_a_take_back_has_its_whole_time(tmp_path):
    """The regression scan: after a take-back, Ali's next turn (single-player, the
    computers between) kept what was left of the turn before, 10 s of 60."""
    from .conftest import Harness

    bot = await Harness(tmp_path / "next.db", seed=2).start()
    try:
        await bot.say(ALI, "/new yuzbir mode=single")
        await bot.say(ALI, "/start")
        table = bot.table()
        await bot.say(ALI, "/draw")
        await bot.say(ALI, "/open y6 y7 y8")  # 7 of 17
        await bot.say(ALI, "/discard r3")  # Y7: it all comes back
        await bot.clock.advance(50)
        await bot.say(ALI, "/discard r3")  # a real discard: the computers play
        assert table.state.current_player == 0
        assert table.deadline - bot.clock.now() == table.timer
    finally:
        await bot.close()


async def test_a_prompt_at_one_of_several_tables_names_the_game_in_its_example(bot):
    """At Rummikub in one group and Okey 101 in another, the prompt said "type a move, e.g.
    /draw", which typed privately was refused ("name the game, e.g. /okey101 draw"; a
    scan). Its example names the game; its buttons stay bare."""
    from bot.messages import Buttons

    await bot.say(ALI, "/new rummikub bots=beginner league=off")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/new okey101 bots=beginner league=off", chat="g2")
    out = await bot.say(ALI, "/start", chat="g2")
    prompts = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id
               and m.lines and m.lines[-1].key == "core.your_turn"]
    assert prompts, [en(m) for m in out]
    example = prompts[-1].lines[-1].params["example"]
    game = next(t.game.id for t in bot.core.tables.values() if t.state.current_player == 0
                and t.game.id in example)
    assert example.startswith(f"{game} "), example
    assert all(not c.label.startswith(game) for c in prompts[-1].choices if isinstance(c.label, str))


async def test_which_table_examples_name_a_game_that_has_the_move(bot):
    """At Dominoes in two groups and Okey 101 in a third, `/play 3` was answered "name the
    game, e.g. /okey101 play 3", which Okey 101 refuses (it has no play; a scan)."""
    from .test_private_which_table import CLUB, NIGHT, OFFICE, _open, _privately

    await _open(bot, "dominoes", "g1", NIGHT)
    await _open(bot, "okey101", "g2", OFFICE)
    await _open(bot, "dominoes", "g3", CLUB)
    (said,) = await _privately(bot, "/play 3")
    assert "/okey101 play" not in said and "type /dominoes play 3 in its group" in said, said
