"""What the scans of 2026-12-06 found, each fixed."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import rules
from bot import i18n, notation, texts, views
from bot.messages import Command

from .conftest import ALI, BUDI, CAN, DEV, en


def en_line(line) -> str:
    return i18n.render_lines([line], "en")


@pytest.mark.parametrize("key", ["core.seated_private", "core.dm_closed", "core.dm_needed"])
def test_indonesian_notes_of_any_game_do_not_call_the_hand_stones(key):
    """Dominoes pieces are "kartu" in Indonesian, not "batu" (stones): notes said at a
    dominoes table as at an okey one name what is in the hand ("isi tanganmu", as the
    rack's caption says "Di tanganmu"; a domino hand is no rack either)."""
    text = i18n.translate("id", key, {"seat": 2, "game": "Domino", "player": "Budi",
                                      "link": "t.me/tilebot"})
    assert "batu" not in text and "rak" not in text and "isi tanganmu" in text, text


# ---------------------------------------------------------------- Rummikub's typed moves


async def _rummikub(bot):
    """Ali's Rummikub table, his turn (seat 1 moves first); his rack as his picture numbers
    it."""
    await bot.say(ALI, "/new rummikub bots=beginner league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0
    shown = views.Snapshot(table.state).json(0)["rack"]
    return table, [t for t in shown if t is not None]


async def test_K7_a_tile_and_a_number_typed_to_place_are_asked_about_not_both_laid(bot):
    """`/place r12 1` (okey's "add r12 to 1" habit) laid r12 and the rack's first tile too,
    which cannot be taken back: it is refused, nothing moves, and the tiles it would mean
    are written out."""
    table, rack = await _rummikub(bot)
    before, moves = list(table.state.racks[0]), table.moves
    out = await bot.say(ALI, f"/place {rack[1]} 1")
    assert [en(m) for m in out] == [
        f"“{rack[1]} 1” mixes tiles and rack numbers. /place needs no set number (it arranges "
        "the table for you). If you meant the tiles numbered under your rack picture, write "
        f"them all by name: /place {rack[1]} {rack[0]}.\nThe group can read what you typed "
        "there, your tiles too: type such moves in our private chat."]  # (once a person)
    assert table.moves == moves and table.state.racks[0] == before
    for typed in (f"/place {rack[1]} to 2", f"/place {rack[1]} on 2", f"/add {rack[1]} to 2"):
        out = await bot.say(ALI, typed)  # (before the initial meld: that /place is refused too)
        assert [en(m) for m in out] == [
            "/place needs no set number (it lays your tiles wherever they fit), but /place "
            f"{rack[1]} is refused now: Not allowed (K6): No new set can be made with {rack[1]}: "
            "before your initial meld, only new sets from your rack may go down (the sets on "
            "the table stay as they are)."], typed
    assert table.moves == moves and table.state.racks[0] == before


async def test_K_D2_a_table_typed_a_set_a_line_is_read_a_set_a_line(bot):
    """`/play` with each set on a line of its own (as the caption lists them): the line
    breaks were lost and the sets read as one."""
    msg = Command.parse("telegram", "g1", ALI, "/play r10 r11 J r12\n2. b7 k7 J\n")
    assert msg.text == "play r10 r11 J r12 | 2. b7 k7 J"
    assert Command.parse("telegram", "g1", ALI, "/new okey101\nrounds=3").args == (
        "okey101", "rounds=3")


@pytest.mark.parametrize("lang, typed, word", [("id", "/lewat", "lewat"),
                                               ("tr", "/pas", "pas"), ("hi", "/पास", "पास")])
async def test_the_rules_gloss_of_pass_is_answered_with_pass(bot, lang, typed, word):
    """Rummikub's /rules glosses pass (lewat, pas, पास): typed, each is answered with
    /pass, as /ambil is with /draw (it was "no move lewat")."""
    await _rummikub(bot)
    out = await bot.say(ALI, typed)  # (Ali is to move, and the pool is not empty: K9)
    assert [en(m) for m in out] == [f"“{word}” is typed /pass, but not now: Not allowed (K9): "
                                    "The pool is not empty: draw a tile instead of passing."]


async def test_a_gloss_of_a_move_that_takes_no_words_suggests_the_bare_move(bot):
    """`/çek taş` (draw a tile) was answered "type /draw taş", which is then refused."""
    await _rummikub(bot)
    out = await bot.say(ALI, "/çek taş")
    assert [en(m) for m in out] == [
        "Moves are typed in English, as the buttons show them: for “çek” type /draw."]


async def test_O21_the_turns_example_discard_is_no_tile_that_costs_a_penalty(bot):
    """The rack's buttons list the discards that fit a table meld last (O21: thrown, they
    cost 100), so the example, the last discard, was that tile on every such prompt of a
    Turkish scan's game ("careful ... * b8" above "e.g. /discard b8"). It is the last
    discard that costs nothing; where each does (Y-D7 lets one go anyway), the last."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    legal = ["discard r3", "discard k9", "discard b8"]  # as legal_moves orders them

    def example(costly):
        line = bot.core._your_turn(table, legal, str, None, costly)
        return line.params["example"]

    assert example(set()) == "discard b8"
    assert example({"b8"}) == "discard k9"
    assert example({"b8", "k9", "r3"}) == "discard b8"


# ---------------------------------------------------------------- who may do what


async def test_a_bystander_is_told_anyone_seated_may_stop_while_the_opener_is_away(bot):
    """While a computer plays for Ali (who opened), Budi (seated) may /stop; Dev, not
    seated, was told "Only Ali (who opened the table) or a chat admin can do that", as if
    Budi could not. And the everyone-away line named the opener alone."""
    from .test_core_play import start

    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(ALI, "/leave")
    out = await bot.say(DEV, "/stop")
    assert [en(m) for m in out] == [  # (said to Dev: not seated, so not him; scan 47)
        "You are not sitting at this table. Ali, who opened this table, is away (a computer "
        "plays for them): now anyone seated at it, or a chat admin, can do that."]
    assert bot.table().open
    assert "anyone seated at it or a chat admin closes it with /stop" in i18n.translate(
        "en", "core.all_away")


async def test_the_opener_who_left_the_lobby_is_told_of_themself_and_how_to_come_back(bot):
    """Ali opened, Budi joined, Ali left and typed /start: "The one who opened this table
    has left it" (about himself). He is told he left, and that /join gives the part back."""
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/leave")
    out = await bot.say(ALI, "/start")
    assert [en(m) for m in out] == [
        "You left this table, so now anyone seated at it, or a chat admin, can do that. "
        "/join takes a seat again, and with it the opener's part."]
    await bot.say(ALI, "/join")
    await bot.say(ALI, "/start")
    assert bot.table().status == "playing"


async def test_a_move_of_the_groups_other_game_is_not_read_as_a_bad_tile_of_ones_own(bot):
    """Ali sits only at the group's Rummikub table and types a domino move: he was told
    "Not a tile: 0-1" (Rummikub's reading); the move is the dominoes table's, where he does
    not sit."""
    await bot.say(ALI, "/new rummikub bots=random league=off")
    await bot.say(ALI, "/start")
    await bot.say(BUDI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/start")
    out = await bot.say(ALI, "/play 0-1 left")
    assert [en(m) for m in out] == ["You are not sitting at the Dominoes table."]


async def test_join_typed_privately_by_someone_seated_nowhere_points_to_the_group(bot):
    """Dev types /join in his private chat while a lobby waits in the group: he was told
    to open a table with /new; a table is joined in its group."""
    await bot.say(ALI, "/new dominoes")
    out = await bot.say(DEV, "/join", chat=DEV.id, private=True)
    assert [en(m) for m in out] == [
        "Tables are joined in their group: type /join there (or press the button to join "
        "under the table's lobby)."]
    assert bot.table().seat_of(DEV.id) is None


async def test_season_end_with_a_phones_full_stop_ends_the_season(bot):
    """`/season end.` (the full stop a phone adds) was refused with the season's words, as
    /lang, /theme, /quiet and /addbot take it."""
    out = await bot.say(ALI, "/season end.", is_admin=True)
    assert [m.lines[0].key for m in out] == ["core.error.season_empty"]  # (no match yet:
    # the season's words were refused before this)


def test_season_typed_privately_on_discord_speaks_of_channels():
    assert texts.platform_key("core.season_private", "discord") == "core.season_private_discord"
    assert "server channel" in i18n.translate("en", "core.season_private_discord")


# ---------------------------------------------------------------- scores and round ends


async def test_O26_with_the_pile_empty_no_hint_waits_for_a_draw(bot):
    """The pile ran out while the last discard could still be used: the rack's caption said
    "Once you have drawn, you can lay/add ..." (no draw can come), and after /take "or
    /return it and draw" (with no pile, /return ends the round)."""
    from bot import board_okey

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    mine = table.state.view(0).to_json()
    mine.update(current_player=1, phase="draw", pile=0, opened=["melds", None, None, None],
                hints={"melds": [["r1", "r2", "r3"]], "adds": {"r4": [1]}}, taken=None)
    keys = [line.key for line in board_okey.rack_lines(table, mine)]
    assert not [k for k in keys if k.endswith("_after_draw")], keys
    mine.update(pile=3)  # (with a pile they are told, for after the draw)
    keys = [line.key for line in board_okey.rack_lines(table, mine)]
    assert {"core.hint.melds_after_draw", "core.hint.adds_after_draw"} <= set(keys), keys
    mine.update(current_player=0, phase="play", pile=0, taken="r4", legal=["return"])
    said = [en_line(line) for line in board_okey.rack_lines(table, mine)]
    assert "Use the taken r4 in this turn (/return gives it back and ends the round: the pile " \
           "is empty)." in said


async def test_a_rounds_stored_winners_are_those_the_chat_was_told(tmp_path):
    """O24: Ali went out but paid more in penalties than Budi: the chat crowned Budi, the
    store marked Ali (the one who went out), and a shared Rummikub round (K11) no one."""
    from bot.store import MoveRow, SeatRow, Store

    store = await Store.open(str(tmp_path / "s.sqlite3"))
    try:
        table = await store.create_table("tg", "g1", "rummikub", {}, 0, "normal", "1", 7, 1.0,
                                         SeatRow(0, "1", "Ali"))
        await store.start_table(table, [SeatRow(1, None, "Bot", "normal"),
                                        SeatRow(2, "2", "Budi")], None)
        await store.commit_moves(table, 0, [MoveRow(0, "pass", "player")], 2.0, None, [],
                                 rounds=[(1, [2, 2, -5], [0, 1], "blocked")])
        assert [r[3] for r in await store.results(table)] == [1, 1, 0]
    finally:
        await store.close()


def test_the_okey_round_is_won_by_the_lowest_not_by_who_went_out():
    from bot import events

    okey = SimpleNamespace(game=rules.find_game("okey101"), config=SimpleNamespace())
    result = {"scores": [200, 105, 400, 300], "winner": 0, "ending": "hand"}
    assert events.round_winners(okey, result)[0] == [1]


async def test_a_seats_match_total_of_0_is_told_beside_the_others(bot):
    """After round 2 of a match the table read "Ali: 14 tiles · not open" beside "Can: ...
    · total 1000": Ali's 0 was left out, as if his line were unfinished."""
    from bot import board_okey

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    pub = table.state.view(0).to_json()
    pub.update(totals=[0, 0, 1000, 0])
    said = [en_line(line) for line in board_okey.table_lines(table, pub)]
    seats = [line for line in said if "tiles" in line and "·" in line]
    assert len(seats) == 4 and all("total" in line for line in seats), said
    pub.update(totals=[0, 0, 0, 0])  # (a first round: no totals yet)
    said = [en_line(line) for line in board_okey.table_lines(table, pub)]
    assert not [line for line in said if "total" in line], said


@pytest.mark.parametrize("game, totals, said", [
    ("okey101", [0, 0, 40], "Equal lowest totals: they share the match."),
    ("rummikub", [40, 40, 0], "Equal highest totals: they share the match.")])
def test_a_shared_match_win_is_explained_in_every_game(game, totals, said):
    """Dominoes said why two players shared a match; Okey 101 and Rummikub named the
    winners alone ("Winners: Ali, Budi. Totals: Ali: 0, Budi: 0")."""
    from bot import events

    table = SimpleNamespace(game=rules.find_game(game), config=SimpleNamespace())
    lines = events.match_tie_lines(table, {"totals": totals, "winners": [0, 1]})
    assert [en_line(line) for line in lines] == [said]
    assert events.match_tie_lines(table, {"totals": [0, 5, 40], "winners": [0]}) == []


async def test_hide_on_when_it_is_on_already_says_so_and_sends_no_rack(bot):
    """`/hide on` twice: the second answered "Your okey now lies face down..." again and
    sent the rack again; as `/quiet on`, it says it is so already."""
    from bot.messages import Image

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/hide on")
    assert any(isinstance(m, Image) for m in out)
    out = await bot.say(ALI, "/hide on")
    assert [en(m) for m in out] == [
        "Your okey lies face down in your rack pictures already. /hide off turns it face up."]
    out = await bot.say(ALI, "/hide")  # (alone it turns it over, as before)
    assert en(out[0]) == "Your okey is face up again in your rack pictures."


async def test_a_draw_keeps_the_numbers_the_rack_was_read_by_for_the_rest_of_the_turn(bot):
    """An assisted rack sorted itself anew with the drawn tile: `/discard 14`, read from the
    picture before the draw, threw another tile (with a 100 penalty, O21). Within the turn
    every tile keeps its number; the drawn one comes at the right end; the next turn's
    rack is sorted again."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    seat = table.seat_of(ALI.id)
    legal = table.state.view(seat).legal
    if "draw" not in legal:  # Ali deals first: his discard, then the computers, his draw
        await bot.say(ALI, f"/{legal[-1]}")
    assert "draw" in table.state.view(seat).legal
    before = [t for t in bot.core.snapshot(table).json(seat)["rack"] if t is not None]
    await bot.say(ALI, "/draw")
    after = [t for t in bot.core.snapshot(table).json(seat)["rack"] if t is not None]
    assert after[:len(before)] == before and len(after) == len(before) + 1
    await bot.say(ALI, "/discard 3")
    discarded = [m for m in await bot.store.move_log(table.id) if m.seat == seat][-1].action
    assert discarded == f"discard {before[2]}"
    assert not table.drawn_over  # (the turn is over: the next one sorts the rack again)


def test_O17_an_add_written_as_the_messages_write_it_is_read():
    """The bot says "added r9 to meld 1": typed back, `add r9 to meld 1` (and `#1`, and
    `in` for `to`) was "Write it as add <tile> to <meld number>"; a rack number before
    "to meld 2" stays a tile and the 2 a meld."""
    okey101 = rules.find_game("okey101")
    for typed in ("add r9 to meld 1", "add r9 to #1", "add r9 in 1"):
        assert str(okey101.parse_action(typed)) == "add r9 to 1", typed
    assert str(okey101.parse_action("swap b8 to meld 2")) == "swap b8 in 2"
    okey = SimpleNamespace(family="okey")
    assert notation.tiles_by_slot(okey, "add 2 to meld 3", ["r1", "b7", "k4"]) == \
        "add b7 to meld 3"


async def test_an_indonesian_gloss_with_its_own_word_for_to_suggests_a_move_that_works(bot):
    """`/tempel b7 ke 2` was answered "type /add b7 ke 2", which is then refused."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/tempel b7 ke 2")
    said = en(out[0]).splitlines()[0]
    assert "/add b7 to 2" in said, said  # (and, not opened yet, why it is refused: O-D8)


# ---------------------------------------------------------------- dominoes


def test_D5_a_comma_after_the_tile_is_a_pause_not_part_of_it():
    """`/play 4-6, left` was "Not a domino: 4-6,. Write tiles like 3-5." (it was)."""
    dominoes = rules.find_game("dominoes")
    assert str(dominoes.parse_action("play 4-6, left")) == "play 4-6 left"
    assert str(dominoes.parse_action("drop 6-6,")) == "drop 6-6"


async def test_arrange_with_a_domino_named_says_a_domino_hand_keeps_its_order(bot):
    """`/arrange 3-5` at a dominoes table explained the okey and Rummikub rack orders, as
    if a domino could be laid out; `/arrange 1 2` there says a domino hand keeps its order."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    said = [en(m) for m in await bot.say(ALI, "/arrange 3-5")]
    assert said == [en(m) for m in await bot.say(ALI, "/arrange 1 2")]
    assert "domino hand keeps its order" in said[0], said


async def test_someone_who_joins_a_game_under_way_is_told_whose_move_it_is(bot):
    """Can took a computer's seat during Ali's turn and got his tiles alone; at the deal
    every rack says who is to move and that its holder will be told at their turn."""
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == table.seat_of(ALI.id)
    out = await bot.say(CAN, "/join 3")
    rack = [m for m in out if m.to.private and m.to.user == CAN.id]
    assert rack and rack[-1].lines[-1].key == "core.rack_waits"
    assert en_line(rack[-1].lines[-1]) == "Ali is to move now: you are told when it is your turn."


async def test_O_D4_the_table_caption_says_what_each_okey_stands_for(bot):
    from bot import board_okey

    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    pub = table.state.view(0).to_json()
    pub["melds"] = [{"n": 1, "owner": 0, "tiles": ["r5", "*", "r7"], "okeys": ["r6"]},
                    {"n": 2, "owner": 0, "tiles": ["b11", "k11", "*"], "okeys": ["r11/y11"]},
                    {"n": 3, "owner": 0, "tiles": ["b3", "b4", "b5"]}]
    said = [en_line(line) for line in board_okey.table_lines(table, pub)]
    assert "1. r5 * r7 (* = r6) (Ali)" in said and "2. b11 k11 * (* = r11/y11) (Ali)" in said
    assert "3. b3 b4 b5 (Ali)" in said


async def test_a_match_that_ends_where_the_bot_may_not_post_is_told_privately(bot):
    """An admin muted the bot in the group: the players were told the table goes on
    unseen, and then never learned that the match ended, who won or their ratings (the
    league counted it). The end comes to each of them privately too, until the bot may
    post there again."""
    from .test_core_play import Player, start

    table = await start(bot, "dominoes", [ALI, BUDI])
    await bot.core.chat_muted("tg", lambda chat: chat == "g1", "Tile night")
    player = Player(bot)
    await player.finish(table)
    for person in (ALI, BUDI):
        told = [m for m in bot.sent if m.to.private and m.to.user == person.id
                and m.lines and m.lines[0].key == "core.match_over_unseen"]
        assert told and "core.match_over" in [ln.key for ln in told[-1].lines], person
    assert en_line(told[-1].lines[0]) == (
        "Your Dominoes match in Tile night is over (I still cannot post there):")
    bot.core.chat_may_post("tg", ["g1"])
    assert not bot.core.muted_chats


async def test_a_move_typed_where_there_is_no_table_says_where_theirs_is(bot):
    """Ayşe's table is in a forum topic; she typed her move in the group's General topic
    and was told to open a table with /new, mid-game."""
    await bot.say(ALI, "/new dominoes bots=random", chat="g1:7", place="Tile night / Domino")
    await bot.say(ALI, "/start", chat="g1:7", place="Tile night / Domino")
    out = await bot.say(ALI, "/play 0-0", chat="g1", place="Tile night")
    assert [en(m) for m in out] == [
        "There is no table here: you play Dominoes in Tile night / Domino (your moves go "
        "there, or in our private chat). /new <game> opens one here (Okey 101, Yüzbir, "
        "Rummikub, Dominoes)."]
    out = await bot.say(BUDI, "/play 0-0", chat="g1", place="Tile night")  # (at no table)
    assert en(out[0]).startswith("There is no table here. Open one with /new")


async def test_league_at_the_terminal_before_any_record_speaks_of_the_terminal(tmp_path):
    """`/league` at the terminal said "No results in this chat yet: its leagues begin with
    the first league match where people play each other", which never happens there."""
    from .conftest import Harness

    terminal = await Harness(tmp_path / "t.sqlite3", buttons=False, timers=False).start()
    try:
        out = await terminal.say(ALI, "/league")
        assert [en(m) for m in out] == [
            "Leagues are a group's or channel's: at the terminal you play computers, which "
            "is practice. Your Yüzbir single-player records are listed here once you finish a "
            "match."]
    finally:
        await terminal.close()


# ---------------------------------------------------------------- the regression scan


def test_O_D11_a_partners_match_won_by_one_team_is_not_called_shared():
    """Every partners match a team won ended "Equal lowest totals: they share the match."
    (its two winners are the team, totals 500 and 205)."""
    from dataclasses import replace

    from bot import events

    table = SimpleNamespace(game=rules.find_game("okey101"))
    table.config = replace(table.game.Config.from_options({}), partners=True)
    outcome = {"totals": [500, 500, 500, 205], "winners": [1, 3]}
    assert events.match_tie_lines(table, outcome) == []
    table.config = replace(table.config, partners=False)  # alone, unequal: no share either
    assert events.match_tie_lines(table, {"totals": [500, 400, 500, 205],
                                          "winners": [1, 3]}) == []


def test_a_domino_move_over_two_lines_is_one_move():
    """`/play 0-5⏎left` and `/play⏎0-1` were read as "play 0-5 | left" (sets a line)."""
    for typed, read in (("/play 0-5\nleft", "play 0-5 left"), ("/play\n0-1", "play 0-1"),
                        ("/play\n0-5 left", "play 0-5 left"),
                        ("/pairs b9 b9\nto 2", "pairs b9 b9 to 2")):
        assert Command.parse("tg", "g1", ALI, typed).text == read, typed


async def test_a_restart_within_a_turn_keeps_the_numbers_the_rack_was_read_by(tmp_path):
    """After /draw and a restart the rack was sorted anew: `/discard 4` threw another tile
    than the 4 of the last picture the player had."""
    from .conftest import Harness

    bot = await Harness(tmp_path / "r.sqlite3").start()
    try:
        await bot.say(ALI, "/new okey101 bots=random")
        await bot.say(ALI, "/start")
        table = bot.table()
        seat = table.seat_of(ALI.id)
        legal = table.state.view(seat).legal
        if "draw" not in legal:
            await bot.say(ALI, f"/{legal[-1]}")
        await bot.say(ALI, "/draw")
        shown = bot.core.snapshot(table).json(seat)["rack"]
        await bot.restart()
        table = bot.table()
        assert bot.core.snapshot(table).json(seat)["rack"] == shown
    finally:
        await bot.close()


async def test_two_presses_of_play_again_seat_both(bot):
    """Budi and Ayşe pressed Play again together: Budi opened the table, Ayşe was told
    "A table for Dominoes is already open here: /join it." instead of taking a seat."""
    from .test_core_play import Player, start

    table = await start(bot, "dominoes", [ALI, BUDI], "league=off")
    await Player(bot).finish(table)
    again = [m for m in bot.sent if not m.to.private and m.choices][-1].choices[0].payload
    await bot.press(BUDI, again)
    await bot.press(ALI, again)
    lobby = bot.table()
    assert lobby.status == "lobby" and {BUDI.id, ALI.id} <= {s.user for s in lobby.seats if s}


async def test_rummikub_add_without_a_set_is_told_there_is_no_add(bot):
    await _rummikub(bot)
    out = await bot.say(ALI, "/add r3", chat=ALI.id, private=True)
    assert [en(m) for m in out] == [
        "Rummikub has no /add (/place lays your tiles wherever they fit), but /place r3 is "
        "refused now: Not allowed (K6): No new set can be made with r3: before your initial "
        "meld, only new sets from your rack may go down (the sets on the table stay as they "
        "are)."]


async def test_an_interaction_stuck_before_another_holds_it_only_so_long(monkeypatch):
    """One stuck acknowledgement held its channel's next interactions for as long as it
    hung; past the patience the next goes on."""
    import asyncio

    from bot.adapters import in_order

    monkeypatch.setattr(in_order, "PATIENCE", 0.05)
    line = in_order.InOrder()
    stuck, next_one = line.arrived("c"), line.arrived("c")
    async with stuck:
        await asyncio.wait_for(next_one.__aenter__(), 1.0)  # not waiting for `stuck`


async def test_a_refused_move_typed_in_the_group_says_the_group_read_its_tiles_once(bot):
    """Mia typed /open r3 b3 k3 | k9 * k11 in the group and was refused: nothing was
    played, but the group read her tiles, and nothing told her (only a face-down domino's
    or an /arrange's answer did)."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    tip = "The group can read what you typed there, your tiles too"
    out = await bot.say(ALI, "/open r3 b3 k3 | k9 * k11")
    assert tip in en(out[0])
    out = await bot.say(ALI, "/open r3 b3 k3 | k9 * k11")  # once: not a lecture each time
    assert tip not in en(out[0])
    out = await bot.say(BUDI, "/stop okey")  # no tile named ("okey" is a game too)
    assert tip not in en(out[0])


async def test_the_read_tiles_tip_is_for_a_player_not_a_bystander(bot):
    """Budi, seated nowhere, typed /discard r3 in the group: "You are not sitting at this
    table" came with "the group can read ... your tiles too" (he has none there)."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(BUDI, "/discard r3")
    assert [en(m) for m in out] == ["You are not sitting at this table."]


def test_okey_melds_typed_a_line_each_are_split_even_when_one_is_short():
    """`/meld r1 r2 r3⏎r4 r5` was read as one five-tile run and laid: each line is a meld
    (the short one refused as short)."""
    assert Command.parse("tg", "g1", ALI, "/meld r1 r2 r3\nr4 r5").text == \
        "meld r1 r2 r3 | r4 r5"
    assert Command.parse("tg", "g1", ALI, "/play 0-5\nleft").text == "play 0-5 left"


def test_hindi_polite_play_is_read_in_dominoes():
    """`खेलें ०-१` (the polite form the bot's Hindi uses) was "not a dominoes move"; the
    familiar खेलो was read."""
    dominoes = rules.find_game("dominoes")
    assert str(dominoes.parse_action("खेलें ०-१ बाएँ")) == "play 0-1 left"


async def test_the_hindi_menus_word_for_place_is_answered_with_place(bot):
    """The Hindi menu calls /place "टाइलें रखें": `रखें 1 2 3` was "I did not understand"."""
    await _rummikub(bot)
    out = await bot.say(ALI, "/रखें 1 2 3", chat=ALI.id, private=True)
    # (or why /place 1 2 3 is refused now, K6: never a move suggested that is then refused)
    assert out[0].lines[0].params.get("example") == "place 1 2 3", en(out[0])


async def test_K6_a_rummikub_rack_says_the_first_play_needs_30_before_a_refusal_does(bot):
    """A newcomer learned of the 30-point first play only from "Your initial meld is worth
    20 points; it needs at least 30": the rack says it until the person has melded (a
    practice table's hint says what to lay instead)."""
    from bot import board_rummikub

    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    mine = table.state.view(0).to_json()
    said = [en_line(line) for line in board_rummikub.rack_lines(table, mine)]
    assert said[-1] == ("Your first play must be new sets from your rack worth 30 points or "
                        "more (K6; J, a joker, stands for any tile).")
    mine["melded"] = [True, *mine["melded"][1:]]
    keys = [line.key for line in board_rummikub.rack_lines(table, mine)]
    assert "core.rack_initial" not in keys
