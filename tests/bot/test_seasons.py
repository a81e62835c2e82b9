"""League seasons: a chat admin's `/season end` keeps the standings as that season's and
starts every league of the chat again; `/league GAME N` shows a closed season."""

from __future__ import annotations

from bot.i18n import render_lines

from .conftest import ALI, BUDI, CAN, en, summary
from .test_core_play import Player, start


async def play_a_match(bot, people, seed=1):
    table = await start(bot, "dominoes", people)
    await Player(bot, seed).finish(table)
    return table


async def test_an_admin_closes_the_season_its_standings_stay_readable_and_leagues_restart(bot):
    await play_a_match(bot, [ALI, BUDI])
    await play_a_match(bot, [BUDI, ALI], seed=2)
    season_one = await bot.store.standings("tg", "g1", "dominoes")
    assert len(season_one) == 2 and all(r[2] == 2 for r in season_one)
    out = await bot.say(CAN, "/season")
    assert en(out[0]) == (
        "This chat's leagues are in season 1. A chat admin closes it with /season end: its "
        "standings are kept (/league <game> 1 shows them) and every league starts again, "
        "everyone at 1000.")
    out = await bot.say(ALI, "/season end")  # not an admin: refused, nothing changes
    assert out[0].to.private and en(out[0]) == "Only a chat admin can close the season."
    assert await bot.store.standings("tg", "g1", "dominoes") == season_one
    out = await bot.say(CAN, "/season end", is_admin=True)
    leader = season_one[0]
    assert summary(out) == [("chat:g1", "text", ["core.season_over", "core.season_begins"])]
    assert en(out[0]) == (
        f"Season 1 of this chat's leagues is over. Top of each league: Dominoes: {leader[1]} "
        f"({round(leader[4])}).\nSeason 2 begins: every rating starts again at 1000. "
        "/league <game> 1 shows season 1.")
    # season 2 is empty; season 1 is kept as it was, and shown when asked by its number
    assert await bot.store.standings("tg", "g1", "dominoes") == []
    out = await bot.say(ALI, "/league")
    assert en(out[0]) == "No results in season 2 of this chat."
    out = await bot.say(ALI, "/league dominoes 1")
    assert out[0].kind == "league"
    assert en(out[0]).splitlines()[0] == "Dominoes league of this chat, season 1 (Elo ratings):"
    assert [r[4] for r in await bot.store.standings("tg", "g1", "dominoes", 1)] == \
        [r[4] for r in season_one]
    assert out[0].view["rows"] == [{"rank": i, "rating": round(r[4]), "games": 2, "wins": r[3]}
                                   for i, r in enumerate(season_one, 1)]
    out = await bot.say(ALI, "/league dominoes 3")
    assert en(out[0]) == "This chat has no season 3: its seasons are 1 to 2."
    # the next match starts everyone from 1000 again
    table = await play_a_match(bot, [ALI, BUDI], seed=3)
    changes = await bot.store.rating_changes(table.id)
    assert {before for _p, _n, before, _a in changes} == {1000.0}
    out = await bot.say(ALI, "/league dominoes")
    assert en(out[0]).splitlines()[0] == "Dominoes league of this chat, season 2 (Elo ratings):"
    assert all(row["games"] == 1 for row in out[0].view["rows"])
    # another group's leagues are its own
    out = await bot.say(ALI, "/season", chat="g2")
    assert "in season 1." in en(out[0])


async def test_closing_an_empty_season_or_asking_privately_is_refused(bot):
    out = await bot.say(CAN, "/season end", is_admin=True)
    assert en(out[0]) == "No league results in season 1 yet: there is nothing to close."
    assert await bot.store.season("tg", "g1") == 1
    out = await bot.say(CAN, "/season finish", is_admin=True)
    assert en(out[0]) == "/season shows the season; /season end closes it (chat admins)."
    out = await bot.say(ALI, "/season", chat=ALI.id, private=True)
    assert en(out[0]) == "Seasons are kept per group or channel: send /season where you play."


async def test_a_group_that_becomes_a_supergroup_keeps_its_closed_seasons(bot):
    await play_a_match(bot, [ALI, BUDI])
    await bot.say(CAN, "/season end", is_admin=True)
    await bot.store.move_chat("tg", "g1", "g9")
    assert await bot.store.season("tg", "g9") == 2
    assert len(await bot.store.standings("tg", "g9", "dominoes", 1)) == 2


async def test_a_season_number_in_other_digits_is_read_and_a_superscript_refused(bot):
    out = await bot.say(ALI, "/league dominoes \u00b2")  # "²": a digit to isdigit(), not int()
    assert [ln.key for ln in out[0].lines] == ["core.error.league_words"]  # not an error
    out = await bot.say(ALI, "/league dominoes \u0967")  # Devanagari 1: season 1
    assert out[0].lines[0].key == "core.league_empty"
    out = await bot.say(ALI, "/league dominoes \u096b")  # Devanagari 5: a season to come
    assert en(out[0]) == "This chat has no season 5: it is in its first season."


async def test_a_negative_or_fractional_season_is_refused_as_a_season_not_as_a_game(bot):
    """`/league -1` and `/league 1.5` meant a season: not "Unknown game -1"."""
    out = await bot.say(ALI, "/league 3.")  # a keyboard's full stop after the number
    assert en(out[0]) == "This chat has no season 3: it is in its first season."
    for word in ("-1", "1.5", "dominoes -2", "+3"):
        out = await bot.say(ALI, f"/league {word}")
        season = word.split()[-1]
        assert en(out[0]) == f"This chat has no season {season}: it is in its first season."


async def test_two_season_ends_at_once_close_one_season(bot):
    import asyncio

    await play_a_match(bot, [ALI, BUDI])
    outs = await asyncio.gather(bot.say(CAN, "/season end", is_admin=True),
                                bot.say(ALI, "/season end", is_admin=True))
    keys = sorted(m.lines[0].key for out in outs for m in out)
    assert keys == ["core.error.season_empty", "core.season_over"]
    assert await bot.store.season("tg", "g1") == 2


async def test_the_season_end_names_whoever_its_league_shows_first_ties_included(bot):
    """The leader is read as /league reads it (the rating shown, then wins): 1015.9 with 2
    wins leads 1016.0 with 1; two rows that read the same are both named."""
    async with bot.store.tx() as db:
        await db.executemany("INSERT INTO standings (platform, chat, game, player, name, "
                             "games, wins, rating) VALUES ('tg', 'g1', ?, ?, ?, ?, ?, ?)", [
                                 ("dominoes", "4", "Dev", 2, 1, 1016.0),
                                 ("dominoes", "1", "Ali", 4, 2, 1015.9),
                                 ("dominoes", "2", "Budi", 2, 0, 969.0),
                                 ("okey101", "2", "Budi", 3, 1, 1008.2),
                                 ("okey101", "3", "Can", 3, 1, 1007.8)])
    out = await bot.say(ALI, "/league dominoes")
    assert en(out[0]).splitlines()[1] == "1. Ali: 1016 (played 4, won 2)"
    out = await bot.say(CAN, "/season end", is_admin=True)
    assert en(out[0]).splitlines()[0] == (
        "Season 1 of this chat's leagues is over. Top of each league: Okey 101: Budi & Can "
        "(1008), Dominoes: Ali (1016).")


def test_namesakes_in_a_league_are_told_apart_by_as_much_of_their_id_as_it_takes():
    from bot.standings import named_apart

    rows = [("111234", "Ayşe", 1, 1, 1016.0), ("991234", "ayşe", 1, 0, 984.0),
            ("5", "AYŞE", 1, 0, 1000.0), ("42", "Budi", 1, 0, 1000.0)]
    shown = named_apart(rows)
    assert shown["42"] == "Budi"  # no namesake, no tag
    tags = {u: render_lines([shown[u]], "en") for u in ("111234", "991234", "5")}
    # "1234" would not tell the first two apart: five digits do
    assert tags == {"111234": "Ayşe #11234", "991234": "ayşe #91234", "5": "AYŞE #5"}


async def test_closing_a_season_says_the_league_matches_under_way_count_in_the_next(bot):
    """A match under way when the season closes counts in the new one when it ends (its
    players were not told, and read new-season ratings from 1000 at its end); a friendly
    table's match counts in none, and is not named."""
    await play_a_match(bot, [ALI, BUDI])
    running = await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(ALI, "/new okey101 league=off")
    await bot.say(BUDI, "/okey101 join")
    await bot.say(ALI, "/okey101 start")
    out = await bot.say(CAN, "/season end", is_admin=True)
    assert summary(out) == [("chat:g1", "text", ["core.season_over", "core.season_begins",
                                                 "core.season_running"])]
    assert en(out[0]).splitlines()[-1] == (
        "The league matches under way here (Dominoes) count in season 2, when they end.")
    assert render_lines(out[0].lines[-1:], "tr") == (
        "Burada süren lig maçları (Domino) bittiklerinde 2. sezonda sayılır.")
    await Player(bot).finish(running)  # and so it does
    changes = await bot.store.rating_changes(running.id)
    assert {before for _p, _n, before, _a in changes} == {1000.0}
    assert [r[2] for r in await bot.store.standings("tg", "g1", "dominoes", 1)] == [1, 1]
