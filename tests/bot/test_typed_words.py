"""Words people type: games by the names the bot shows, Turkish capitals, pasted pages."""

from __future__ import annotations

from bot.adapters.menu import needs_admin_check

from .conftest import ALI, BUDI, CAN, en, summary


async def dominoes_under_way(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    return bot.table("dominoes")


async def test_a_game_named_that_has_no_table_here_is_refused_and_changes_nothing(bot):
    table = await dominoes_under_way(bot)
    moves = table.moves
    for text in ("/stop okey", "/leave yüzbir", "/hurry 101", "/table Rummikub"):
        out = await bot.say(ALI, text)
        assert summary(out) == [("user:1", "text", ["core.error.no_game_table"])], text
    assert en(out[0]).startswith("There is no Rummikub table here (open here: Dominoes)")
    out = await bot.say(ALI, "/stop xyz")  # no game at all: not the one table's either
    assert en(out[0]) == ("xyz is not a game: /stop takes nothing but a game's name (Okey 101, "
                          "Yüzbir, Rummikub, Dominoes).")
    out = await bot.say(ALI, "/stop dominoes okey101")  # which one?
    assert en(out[0]) == "Name one game only: /stop is for one table."
    assert table.status == "playing" and table.moves == moves
    assert [s.away for s in table.seats if s and s.user] == [False, False]


async def test_games_are_read_back_by_the_names_the_bot_shows(bot):
    await dominoes_under_way(bot)
    out = await bot.say(ALI, "/rules yüzbir")  # no Yüzbir table: its rules for a new one
    assert out[0].lines[0].key == "core.rules_new" and en(out[0]).startswith("Yüzbir:")
    out = await bot.say(ALI, "/rules 101")  # the number in its name
    assert en(out[0]).startswith("Okey 101:")
    out = await bot.say(ALI, "/table Domino")
    assert summary(out)[0][:2] == ("chat:g1", "image")
    assert out[0].lines[0].key == "core.game.dominoes"
    out = await bot.say(CAN, "/new Yüzbir", chat="g2")
    assert bot.table(chat="g2").game.id == "yuzbir", summary(out)
    out = await bot.say(CAN, "/league domino", chat="g2")
    assert en(out[0]) == ("No Dominoes results in this chat yet (a match against computers "
                          "alone is practice, and a friendly table, league=off, counts in no league).")
    # two words, or the number alone (to a Turkish reader either okey game: test_scan50)
    for name in ("Okey 101", "101 Okey", "101"):
        out = await bot.say(ALI, f"/league {name}", chat="g2")
        assert en(out[0]) == ("No Okey 101 results in this chat yet (a match against computers "
                          "alone is practice, and a friendly table, league=off, counts in no league)."), name
    out = await bot.say(CAN, "/new Okey 101 rounds=3", chat="g3")
    assert bot.table(chat="g3").game.id == "okey101", summary(out)
    assert bot.table(chat="g3").config.rounds == 3


async def test_a_command_may_start_with_the_game_by_any_of_its_names(bot):
    """/101 table, /domino table: the game-first form /help teaches takes the names the
    bot shows as its ids do; a name of a game with no table here is refused, not taken
    to mean the chat's one table."""
    table = await dominoes_under_way(bot)
    moves = table.moves
    out = await bot.say(ALI, "/domino table")
    assert summary(out)[0][:2] == ("chat:g1", "image"), summary(out)
    out = await bot.say(ALI, "/101 table")
    assert summary(out) == [("user:1", "text", ["core.error.no_game_table"])]
    assert en(out[0]).startswith("There is no Okey 101 table here (open here: Dominoes)")
    assert table.moves == moves
    # the doors ask whether the sender is a chat admin for "/101 stop" as for "/okey101 stop"
    assert needs_admin_check("101", ("STOP",)) and needs_admin_check("domino", ("start",))
    assert not needs_admin_check("101", ("table",))


async def test_arrange_reads_okey_as_the_okey_tile_not_the_game(bot):
    """`okey` names a tile in /arrange (Y-D9) even though it also starts Okey 101's name."""
    await bot.say(CAN, "/new yuzbir bots=random")
    await bot.say(CAN, "/start")
    out = await bot.say(CAN, "/arrange okey 1 2")  # this deal gives Can an okey
    assert summary(out)[0] == ("user:3", "text", ["core.arrange_own"])
    rack = next(m for m in out if m.lines[0].key == "core.rack")
    assert en(rack).startswith("Your tiles (Yüzbir): * ")  # the okey first, as asked


async def test_turkish_capitals_read_as_the_words_the_bot_shows(bot):
    """AÇIK, AKTİF, ACEMİ, İD: str.lower() alone makes 'acemi̇' and 'açik' of them."""
    await bot.say(CAN, "/new okey101 partners=AÇIK assisted=AKTİF bots=ACEMİ")
    table = bot.table()
    assert table.config.partners and table.config.assisted and table.bots == "beginner"
    out = await bot.say(CAN, "/addbot ACEMİ 3")
    assert table.seats[2].level == "beginner", summary(out)
    out = await bot.say(CAN, "/mylang İD")
    assert out[0].lines[0].key == "core.mylang_set" and out[0].lang == "id"
    out = await bot.say(BUDI, "/JOİN")  # a command in capitals on a Turkish keyboard
    assert table.seats[1].user == BUDI.id, summary(out)
    out = await bot.say(CAN, "/addbot USTAA")  # refused, quoting the word as typed
    assert "USTAA" in en(out[0]) and "usta" not in en(out[0]).split(":")[0]


async def test_a_pasted_page_is_quoted_back_only_by_its_start(bot):
    out = await bot.say(ALI, "/new dominoes games=" + "9" * 4000)
    text = en(out[0])
    assert out[0].lines[0].key == "error.bad_option_value" and len(text) < 200
    assert "9" * 39 + "…" in text and "9" * 41 not in text
    assert not bot.core.tables


async def test_a_new_table_beside_someones_single_player_table_says_whose_it_is(bot):
    await bot.say(ALI, "/new yuzbir mode=single")
    for step in ("lobby", "playing"):
        out = await bot.say(CAN, "/new yuzbir")
        assert en(out[0]) == ("Ali's single-player Yüzbir table is open here: a new table "
                              "can open once it ends."), step
        await bot.say(ALI, "/start")


async def test_a_new_table_beside_a_league_match_under_way_is_refused_with_what_to_do(bot):
    await dominoes_under_way(bot)
    out = await bot.say(CAN, "/new dominoes")  # nobody may /join that match (its ratings)
    assert en(out[0]) == ("A league match of Dominoes is under way here: /table shows it. "
                          "A new table can open once it ends.")
    out = await bot.say(CAN, "/new dominoes league=off")
    assert out[0].lines[0].key == "core.error.table_playing"
