"""What the scans of 2026-12-06 found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n, texts, views
from bot.messages import Command

from .conftest import ALI, BUDI, DEV, en


@pytest.mark.parametrize("key", ["core.seated_private", "core.dm_closed", "core.dm_needed"])
def test_indonesian_notes_of_any_game_do_not_call_the_hand_stones(key):
    """Dominoes pieces are "kartu" in Indonesian, not "batu" (stones): notes said at a
    dominoes table as at an okey one name the rack ("rak") instead."""
    text = i18n.translate("id", key, {"seat": 2, "game": "Domino", "player": "Budi",
                                      "link": "t.me/tilebot"})
    assert "batu" not in text and "rakmu" in text, text


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
        f"them all by name: /place {rack[1]} {rack[0]}."]
    assert table.moves == moves and table.state.racks[0] == before
    for typed in (f"/place {rack[1]} to 2", f"/place {rack[1]} on 2", f"/add {rack[1]} to 2"):
        out = await bot.say(ALI, typed)
        assert [en(m) for m in out] == [
            "/place needs no set number: it lays your tiles wherever they fit and arranges the "
            f"table for you. Write /place {rack[1]}."], typed
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
    out = await bot.say(ALI, typed)
    assert [en(m) for m in out] == [
        f"Moves are typed in English, as the buttons show them: for “{word}” type /pass."]


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
    assert [en(m) for m in out] == [
        "Ali, who opened this table, is away (a computer plays for them): now anyone seated "
        "at it, or a chat admin, can do that."]
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
        "Tables are joined in their group: type /join there (or press Join under the table's "
        "lobby)."]
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
