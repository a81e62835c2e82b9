"""Whole games through Commands only: moves by button and by typing, out-of-turn and stale
presses, illegal moves, results, league, and a restart in the middle."""

from __future__ import annotations

import random
import re

import pytest

from bot import events
from bot.i18n import render, render_lines
from bot.messages import Buttons, User
from bot.tables import ABANDONED_WAIT
from rules.record import replay

from .conftest import ALI, BUDI, CAN, DEV, en, okey_table, rack_caption, summary

USERS = {u.id: u for u in (ALI, BUDI, CAN, DEV)}


class Player:
    """Presses buttons for whichever seated person is to move."""

    def __init__(self, bot, seed=1):
        self.bot = bot
        self.rng = random.Random(seed)
        self.buttons: dict[str, Buttons] = {}
        self.note(bot.sent)

    def note(self, out):
        for m in out:
            if isinstance(m, Buttons):
                self.buttons[m.to.user] = m

    def to_move(self, table):
        return USERS[table.seats[table.state.current_player].user]

    async def step(self, table):
        user = self.to_move(table)
        choice = self.rng.choice(self.buttons[user.id].choices)
        out = await self.bot.press(user, choice.payload)
        self.note(out)
        return out

    async def finish(self, table, limit=5000):
        for _ in range(limit):
            if table.status != "playing":
                return
            await self.step(table)
        raise AssertionError("the game did not end")


async def start(bot, game, humans, options=""):
    await bot.say(humans[0], f"/new {game} bots=random {options}".strip())
    for u in humans[1:]:
        await bot.say(u, "/join")
    await bot.say(humans[0], "/start")
    return bot.table(game)


async def test_D_whole_match_two_people_two_computers(bot):
    table = await start(bot, "dominoes", [ALI, BUDI], "games=3")
    player = Player(bot)
    await player.finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    assert summary([final])[0][:2] == ("chat:g1", "image") and final.kind == "scores"
    assert [ln.key for ln in final.lines[-2:]] == ["core.match_over", "core.ratings"]
    won = "Winner" if len(table.state.outcome()["winners"]) == 1 else "Winners"
    told, ratings = en(final).rsplit("\n", 1)
    assert told.endswith(f"{won}: " + ", ".join(
        table.seats[w].name or f"Computer {w + 1}" for w in table.state.outcome()["winners"])
        + ". Totals: " + ", ".join(f"{table.seats[i].name or f'Computer {i + 1}'}: {t}"
                                   for i, t in enumerate(table.state.outcome()["totals"])) + ".")
    outcome = table.state.outcome()
    assert outcome["status"] == "finished" and len(outcome["rounds"]) == 3
    # the log in the store is the game record: it replays to the same result
    log = await bot.store.move_log(table.id)
    assert [m.action for m in log] == table.state.record()["actions"]
    rebuilt = replay({"game": "dominoes", "config": table.config.to_json(), "seed": table.seed,
                      "actions": [m.action for m in log]})
    assert rebuilt.outcome() == outcome
    results = await bot.store.results(table.id)
    assert len(results) == 12
    assert [r[2] for r in results if r[0] == 1] == outcome["rounds"][0]["scores"]
    # league: both people are rated, the computers are not stored
    rows = await bot.store.standings("tg", "g1", "dominoes")
    assert sorted(r[0] for r in rows) == ["1", "2"]
    assert all(r[2] == 1 for r in rows)
    # ... and the group is told what the match did to them: from the start (1000), 16 up
    # for the one who did better, 16 down for the other, none for a draw
    rating = {r[0]: round(r[4]) for r in rows}
    assert sorted(rating.values()) in ([984, 1016], [1000, 1000])

    def change(n):
        return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "\u00b10"

    assert ratings == "League ratings: " + ", ".join(
        f"{u.name} {rating[u.id]} ({change(rating[u.id] - 1000)})" for u in (ALI, BUDI))
    out = await bot.say(ALI, "/league dominoes")
    assert summary(out) == [("chat:g1", "image", ["core.league", "core.league_row",
                                                  "core.league_row"])]
    assert en(out[0]).startswith("Dominoes league of this chat (Elo ratings):\n1. ")
    # the picture holds the same numbers as the caption, Ali's row marked
    ranked = sorted(rows, key=lambda r: -r[4])
    assert out[0].kind == "league" and out[0].view == {
        "game": "dominoes", "highlight": [r[0] for r in ranked].index(ALI.id), "gap": None,
        "decimal": ".", "rows": [{"rank": i, "rating": round(r[4]), "games": 1, "wins": r[3]}
                 for i, r in enumerate(ranked, 1)]}
    assert bot.pictures.drawn[-1] == ("league", out[0].view)
    assert not bot.core.tables and not await bot.store.open_tables()
    # /league alone, beside a table of a game with no league yet: the leagues there are
    await bot.say(ALI, "/new okey101")
    again = await bot.say(ALI, "/league")
    assert again[0].kind == "league" and again[0].view == out[0].view
    out = await bot.say(ALI, "/league chess")  # a misspelt game is refused, privately
    assert out[0].to.private and en(out[0]) == (
        "Unknown game chess. Games: Okey 101, Yüzbir, Rummikub, Dominoes.")
    for text in ("/league dominoes x", "/dominoes league x", "/league 1 2",
                 "/league dominoes 1 2"):
        out = await bot.say(ALI, text)  # a word too many is refused, not passed over
        assert out[0].to.private and [ln.key for ln in out[0].lines] == [
            "core.error.league_words"], text
    assert en(out[0]) == ("/league does not know 2: it takes a game and a season, "
                          "e.g. /league okey101 2.")


async def test_exact_messages_of_one_move(bot):
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    while player.to_move(table) is not ALI:
        await player.step(table)
    before = table.moves
    out = await player.step(table)
    # Budi sits right after Ali: exactly one move, then Budi's turn
    assert table.moves == before + 1 and player.to_move(table) is BUDI
    move = (await bot.store.move_log(table.id))[-1]
    assert (move.seat, move.how) == (0, "player")
    assert summary(out) == [
        ("user:1", "edit", ["core.move_gone"]),
        ("chat:g1", "image", [out[1].lines[0].key, "core.board.line", "core.board.ends",
                              *["core.board.seat"] * 4, "core.turn"]),
        ("user:2", "image", ["core.rack", "core.board.ends"]),  # the ends, in words too
        ("user:2", "buttons", ["core.your_turn"]),
    ]
    assert out[1].lines[0].key in ("dominoes.played_left", "dominoes.played_right",
                                   "dominoes.played_first", "dominoes.dropped")
    assert en(out[1]).split("\n")[0].startswith("Seat 1 (Ali) ")
    assert en(out[1]).endswith("Turn: Budi. Time per move: 45 s.")
    assert en(out[2]) == rack_caption(table, 1)
    assert en(out[2]).startswith("Your tiles (Dominoes): ")
    assert [c.label for c in out[3].choices] == list(table.state.view(1).legal)
    assert out[3].lang == "id" and out[1].lang == "en"
    assert out[0].ref != out[3].ref


async def test_out_of_turn_stale_and_illegal_moves_change_nothing(bot):
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    while player.to_move(table) is not ALI:
        await player.step(table)
    old_payload = player.buttons["1"].choices[0].payload
    moves = table.moves
    # someone else's move
    out = await bot.say(BUDI, "/" + table.state.view(0).legal[0])
    assert summary(out) == [("user:2", "text", ["core.error.not_your_turn"])]
    assert en(out[0]) == "It is not your turn: Ali is to move."
    # someone else pressing Ali's button
    out = await bot.press(BUDI, old_payload)
    assert summary(out) == [("user:2", "text", ["core.error.not_your_turn"])]
    # a player who does not sit at the table
    out = await bot.say(CAN, "/pass")
    assert summary(out) == [("user:3", "text", ["core.error.not_seated"])]
    # an illegal move: a tile Ali does not hold (D2)
    hand = set(table.state.view(0).to_json()["hand"])
    missing = next(t for t in ("6-6", "5-6", "4-6", "0-0", "1-2") if t not in hand)
    out = await bot.say(ALI, f"/play {missing}")
    assert summary(out) == [("user:1", "text", ["core.error.illegal"])]
    assert en(out[0]) == f"Not allowed (D2): You do not have {missing}."
    # text that is no move at all
    out = await bot.say(ALI, "/play banana")
    assert en(out[0]) == "Not a domino: banana. Write tiles like 3-5."
    assert table.moves == moves and len(await bot.store.move_log(table.id)) == moves
    # the real move, then the old button is stale
    await player.step(table)
    out = await bot.press(ALI, old_payload)
    assert summary(out) == [("user:1", "text", ["core.error.stale"])]
    assert en(out[0]) == "That button belongs to an earlier move."
    out = await bot.press(ALI, "garbage")
    assert summary(out) == [("user:1", "text", ["core.error.stale"])]
    await bot.say(ALI, "/stop")  # a button of a table closed since says so
    out = await bot.press(ALI, old_payload)
    assert en(out[0]) == "That button's table is closed: its match is over or was stopped."


async def test_typed_move_with_the_game_named(bot):
    await start(bot, "dominoes", [ALI], "")
    table = bot.table()
    legal = table.state.view(0).legal
    assert table.state.current_player == 0  # computers moved until Ali's turn
    before = table.moves
    out = await bot.say(ALI, f"/dominoes {legal[0]}")
    assert summary(out)[0] == ("user:1", "edit", ["core.move_gone"])
    log = await bot.store.move_log(table.id)
    assert (log[before].seat, log[before].action, log[before].how) == (0, legal[0], "player")


async def test_O27_partners_with_computers_named_in_the_team_totals(bot):
    """O-D11: the team totals name a computer partner as everywhere else ("Computer 3"),
    in the reader's language."""
    table = await start(bot, "okey101", [ALI, BUDI], "partners=on")
    await Player(bot, seed=3).finish(table)
    t = table.state.outcome()["totals"]
    final = [m for m in bot.sent if not m.to.private][-1]
    assert en(final).rsplit("\n", 1)[0].endswith(
        f"Teams' match totals (partners add up): Ali + Computer 3: {t[0] + t[2]}, "
        f"Budi + Computer 4: {t[1] + t[3]}")
    assert "Line(" not in en(final)


async def test_O27_partners_match_four_people(bot):
    table = await start(bot, "okey101", [ALI, BUDI, CAN, DEV], "partners=on")
    await Player(bot, seed=3).finish(table)
    outcome = table.state.outcome()
    winners = outcome["winners"]
    assert winners and all((w + 2) % 4 in winners for w in winners)  # a team wins (O-D11)
    final = [m for m in bot.sent if not m.to.private][-1]  # the teams' totals are told
    t = outcome["totals"]
    assert en(final).rsplit("\n", 1)[0].endswith(
        f"Teams' match totals (partners add up): Ali + Can: {t[0] + t[2]}, Budi + Dev: {t[1] + t[3]}")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "okey101")}
    by_seat = [rows[s.user] for s in table.seats]
    if len(winners) == 2:
        a, b = winners
        # partners are not rated against each other: the same result, the same rating
        assert by_seat[a][4] == by_seat[b][4] > 1000 > by_seat[(a + 1) % 4][4]
        assert by_seat[a][3] == by_seat[b][3] == 1.0


async def test_O_D11_each_rounds_scores_say_which_team_leads_the_match(bot):
    """Between rounds the scores' caption adds the teams' match totals so far, not only at
    the match's end: a team's total decides (O-D11)."""
    table = await start(bot, "okey101", [ALI, BUDI, CAN, DEV], "partners=on rounds=3")
    player = Player(bot, seed=3)
    while table.state.round_index == 0:
        await player.step(table)
    scores = [m for m in bot.sent if not m.to.private and getattr(m, "kind", "") == "scores"]
    t = table.state.outcome()["totals"]
    # right under the round's line and the four racks it ended with (O25), before the
    # next round's news
    lines = en(scores[-1]).splitlines()
    assert lines[0].startswith("Round 1 is over")
    assert [line.split(")")[0] for line in lines[1:5]] == [
        "Seat 1 (Ali", "Seat 2 (Budi", "Seat 3 (Can", "Seat 4 (Dev"]
    assert lines[5] == (
        f"Teams' match totals (partners add up): Ali + Can: {t[0] + t[2]}, Budi + Dev: {t[1] + t[3]}")


async def test_O_D11_a_partner_who_stops_the_match_loses_it_for_the_team(bot):
    """A /stop under way counts as lost by whoever stopped it; with partners (O-D11) that is
    their team, and the group is told so, not that one person lost."""
    await start(bot, "okey101", [ALI, BUDI, CAN, DEV], "partners=on")
    out = await bot.say(ALI, "/stop")
    assert en(out[-1]).splitlines()[1] == ("Ali stopped the match while it was under way: it "
                                           "counts in the league as lost by their team, "
                                           "Ali + Can.")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "okey101")}
    assert rows[ALI.id][4] == rows[CAN.id][4] < 1000 < rows[BUDI.id][4] == rows[DEV.id][4]


async def test_O_D11_one_of_each_team_left_the_match_counts_as_lost_by_both_teams(bot):
    """Ali (team 1 + 3) and Budi (team 2 + 4) leave and never come back; Can and Dev play
    it out. Each team gave the match up: nobody gains rating or a win (as a /stop then
    counts it), and the line names the teams that lose as one."""
    table = await start(bot, "okey101", [ALI, BUDI, CAN, DEV], "partners=on")
    await bot.say(ALI, "/leave")
    await bot.say(BUDI, "/leave")
    await Player(bot, seed=3).finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    assert "A computer was playing for Ali, Budi when the match ended: in the league it " \
           "counts as lost by Ali + Can, Budi + Dev (partners win and lose as one)" in en(final)
    rows = await bot.store.standings("tg", "g1", "okey101")
    assert sorted((round(r[4]), r[3]) for r in rows) == [(1000, 0)] * 4


async def test_restart_mid_game_resumes_at_the_last_move(bot):
    table = await start(bot, "dominoes", [ALI, BUDI], "games=3")
    player = Player(bot, seed=9)
    for _ in range(7):
        await player.step(table)
    record = table.state.record()
    rack = rack_caption(table, 0)
    await bot.restart()
    again = bot.table()
    assert again is not table
    assert again.state.record() == record
    assert again.moves == len(record["actions"])
    assert rack_caption(again, 0) == rack
    out = await bot.say(ALI, "/hand")
    assert en(next(m for m in out if m.lines[0].key == "core.rack")) == rack
    # and play goes on to the end
    player = Player(bot, seed=9)
    player.note(await bot.say(player.to_move(again), "/hand"))
    await player.finish(again)
    assert again.state.is_finished


async def test_languages_group_in_chat_language_private_in_own(bot):
    out = await bot.say(BUDI, "/lang id")
    assert summary(out) == [("chat:g1", "text", ["core.lang_set", "core.set_by"])]
    assert out[0].lang == "id" and en(out[0]).endswith("\n(Set by Budi.)")  # who changed it
    table = await start(bot, "dominoes", [ALI, BUDI])
    group = [m for m in bot.sent if not m.to.private and m.lines
             and m.lines[0].key == "core.started"]
    assert group and group[-1].lang == "id"
    rack = [m for m in bot.sent if m.to.private and m.to.user == "1"]
    assert rack and all(m.lang == "en" for m in rack)
    out = await bot.say(ALI, "/mylang tr")
    assert summary(out) == [("user:1", "text", ["core.mylang_set"])] and out[0].lang == "tr"
    out = await bot.say(ALI, "/hand")
    assert {m.lang for m in out} == {"tr"}
    out = await bot.say(ALI, "/lang xx")
    assert en(out[0]) == ("I do not speak xx. My languages: en (English), id (Indonesian), "
                          "hi (Hindi), tr (Turkish). For example: /lang id")
    # a language by its name, as /lang lists them, in any of the bot's languages
    for typed, code in (("Turkish", "tr"), ("Türkçe", "tr"), ("Indonesia", "id"),
                        ("bahasa Inggris", "en"), ("हिंदी", "hi"), ("en-US", "en")):
        out = await bot.say(ALI, f"/mylang {typed}")
        assert summary(out) == [("user:1", "text", ["core.mylang_set"])] and out[0].lang == code
    await bot.say(ALI, "/mylang tr")
    out = await bot.say(ALI, "/lang")  # which one, and how to change it
    assert [(m.to.chat, m.to.private, m.lang) for m in out] == [("g1", False, "id")]
    assert en(out[0]) == ("This chat speaks Indonesian. To change it: /lang en (languages: "
                          "en (English), id (Indonesian), hi (Hindi), tr (Turkish)).")
    out = await bot.say(ALI, "/mylang")  # typed in the group: answered privately
    assert [(m.to.user, m.lang) for m in out] == [(ALI.id, "tr")]
    assert en(out[0]).startswith("I write to you in Turkish. To change it: /mylang en ")
    assert table.status == "playing"
    # the user's choice survives a restart and beats the platform's language
    await bot.restart()
    out = await bot.say(ALI, "/hand")
    assert {m.lang for m in out} == {"tr"}


async def test_a_group_without_a_language_speaks_that_of_its_first_speaker(bot):
    out = await bot.say(CAN, "/new dominoes", chat="g2")  # Can's platform language: tr
    assert out[0].lang == "tr" and out[0].lines[0].key == "core.created"
    out = await bot.say(BUDI, "/join", chat="g2")  # a later speaker changes nothing
    assert out[0].lang == "tr"
    await bot.say(DEV, "/help", chat="dm-dev", private=True)  # a private chat sets no group
    assert (await bot.say(DEV, "/help", chat="g3"))[0].lang == "hi"
    await bot.restart()  # kept in the store
    assert (await bot.say(ALI, "/table", chat="g2"))[0].lang == "tr"
    out = await bot.say(BUDI, "/lang en", chat="g2")  # and /lang still decides
    assert out[0].lang == "en"
    assert (await bot.say(CAN, "/table", chat="g2"))[0].lang == "en"
    foreign = User("9", "Hans", "de")  # a language the bot does not speak: English
    assert (await bot.say(foreign, "/help", chat="g4"))[0].lang == "en"


async def test_leave_mid_game_a_computer_plays_and_back_returns(bot):
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    while player.to_move(table) is not BUDI:
        await player.step(table)
    out = await bot.say(ALI, "/leave")  # not Ali's turn: the group is told at once
    assert summary(out) == [("chat:g1", "text", ["core.left_game"])]
    assert table.seats[0].away
    await player.step(table)  # Budi moves; the computers (and Ali's stand-in) follow
    log = await bot.store.move_log(table.id)
    assert any(m.seat == 0 and m.how == "away" for m in log) or table.status != "playing"
    if table.status == "playing":
        out = await bot.say(ALI, "/back")
        assert summary(out)[0] == ("chat:g1", "text", ["core.back"])


async def test_league_before_any_result(bot):
    out = await bot.say(ALI, "/league okey101")
    assert summary(out) == [("chat:g1", "text", ["core.league_empty"])]
    assert en(out[0]) == ("No Okey 101 results in this chat yet (a match against computers "
                          "alone is practice, and a friendly table, league=off, counts in no "
                          "league).")
    out = await bot.say(ALI, "/league")  # no game named, none played here: no game named
    assert en(out[0]) == ("No results in this chat yet: its leagues begin with the first "
                          "league match where people play each other (a match against "
                          "computers alone is practice).")
    await bot.say(ALI, "/new dominoes")
    out = await bot.say(ALI, "/league")  # the game played here
    assert en(out[0]) == ("No Dominoes results in this chat yet (a match against computers "
                          "alone is practice, and a friendly table, league=off, counts in no "
                          "league).")


async def test_a_big_league_shows_its_top_ten_and_the_askers_place(bot):
    """30 rated people (D13's league, as a big group would have it): /league shows ranks
    1-10, then the asker's place with a neighbour on each side; a shared win shows its half
    in the picture as in the caption."""
    for i in range(30):
        await bot.store.db.execute(
            "INSERT INTO standings VALUES ('tg', 'g1', 'dominoes', ?, ?, 4, ?, ?)",
            (ALI.id if i == 24 else f"p{i}", "Ali" if i == 24 else f"P{i}", i % 3 / 2,
             2000 - i))
    await bot.store.db.commit()
    out = await bot.say(ALI, "/league dominoes")
    view = out[0].view
    assert [r["rank"] for r in view["rows"]] == [*range(1, 11), 24, 25, 26]
    assert view["highlight"] == 11 and view["rows"][11]["rating"] == 1976
    assert view["gap"] == 10  # the picture's rule before the asker's neighbour
    text = en(out[0]).splitlines()
    assert text[10:12] == ["10. P9: 1991 (played 4, won 0)", "…"]
    assert text[12:] == ["24. P23: 1977 (played 4, won 1)",
                         "25. Ali: 1976 (played 4, won 0)",
                         "26. P25: 1975 (played 4, won 0.5)"]
    assert len(text) == 15
    out = await bot.say(BUDI, "/league dominoes")  # not in it: the top ten
    assert [r["rank"] for r in out[0].view["rows"]] == list(range(1, 11))
    assert out[0].view["highlight"] is None


async def test_league_rows_that_read_the_same_share_a_rank(bot):
    """O-D11 / D13's league as people read it: ordered by the rating shown (rounded), then
    wins; two rows showing the same rating and wins share a rank (1, 1, 3), and a row with
    more wins on the same shown rating stands above, whatever the decimals behind it."""
    for player, wins, rating in [("a", 1, 1016.4), ("b", 2, 1015.6), ("c", 2, 1016.2),
                                 ("d", 0, 990.0)]:
        await bot.store.db.execute(
            "INSERT INTO standings VALUES ('tg', 'g1', 'dominoes', ?, ?, 3, ?, ?)",
            (player, player.upper(), wins, rating))
    await bot.store.db.commit()
    out = await bot.say(ALI, "/league dominoes")
    assert en(out[0]).splitlines()[1:] == ["1. B: 1016 (played 3, won 2)",
                                           "1. C: 1016 (played 3, won 2)",
                                           "3. A: 1016 (played 3, won 1)",
                                           "4. D: 990 (played 3, won 0)"]
    assert [r["rank"] for r in out[0].view["rows"]] == [1, 1, 3, 4]
    assert out[0].view["gap"] is None  # no place left out: no rule in the picture


async def test_league_asked_privately_points_to_the_group(bot):
    await bot.say(ALI, "/new dominoes")
    out = await bot.say(ALI, "/league", chat="dm-ali", private=True)
    assert summary(out) == [(f"user:{ALI.id}", "text", ["core.league_private"])]
    assert en(out[0]) == "Leagues are kept per group or channel: send /league where you play."


async def test_D4_five_players_are_told_who_turned_the_first_tile(bot):
    await bot.say(ALI, "/new dominoes players=5 bots=random")
    out = await bot.say(ALI, "/start")
    table = bot.table()
    first, tile = table.state.first, table.state.deals_used[0]["start"]
    group = "\n".join(en(m) for m in out if not m.to.private)
    assert f"Seat {first + 1} ({table.name(first)}) turned up {tile} to start the line." in group


async def test_a_person_who_left_gets_no_message_per_move_of_their_stand_in(bot):
    table = await okey_table(bot)  # seed 7: Ali moves first
    await bot.say(ALI, "/discard y12")
    budi = table.seat_of(BUDI.id)
    await bot.say(ALI, "/leave")
    start, moves = len(bot.sent), table.moves
    for _ in range(3):  # three times round the table: Ali's stand-in draws each time
        assert table.state.current_player == budi
        await bot.say(BUDI, "/draw")
        legal = table.state.view(budi).legal
        await bot.say(BUDI, "/" + next(a for a in legal if a.startswith("discard")))
    log = await bot.store.move_log(table.id)
    assert sum(m.how == "away" and m.action == "draw" for m in log[moves:]) >= 2
    assert not [m for m in bot.sent[start:] if m.to.private and m.to.user == ALI.id]
    out = await bot.say(ALI, "/back")  # the rack comes with the seat
    assert any(m.to.user == ALI.id and getattr(m, "kind", "") == "rack" for m in out)


async def test_a_person_alone_against_computers_plays_practice_kept_out_of_the_league(bot):
    """Ratings compare people with people: beating computers again and again must not climb
    the league (a match won against Beginners used to gain rating every time)."""
    await bot.say(ALI, "/new dominoes bots=beginner")
    await bot.say(ALI, "/start")
    table = bot.table("dominoes")
    await Player(bot).finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    assert [ln.key for ln in final.lines[-2:]] == ["core.match_over", "core.practice_over"]
    assert en(final).endswith("Nobody played against another person: this match is practice, "
                              "not counted in the league (ratings compare people with people).")
    assert await bot.store.results(table.id)  # the rounds are kept
    assert await bot.store.standings("tg", "g1", "dominoes") == []


async def test_D13_friendly_table_is_kept_out_of_the_league(bot):
    """D13: playing just to find a winner. `league=off` opens a friendly table: the match
    is played and ends as any other, but nobody's standing or rating moves, and the
    choice holds through a restart."""
    out = await bot.say(ALI, "/new dominoes bots=random league=off")
    assert "league=off" in en(out[0])
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    player = Player(bot)
    for _ in range(3):
        await player.step(bot.table("dominoes"))
    await bot.restart()
    table = bot.table("dominoes")
    assert table.league is False
    player.note(await bot.say(ALI, "/hand"))
    player.note(await bot.say(BUDI, "/hand"))
    await player.finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    assert [ln.key for ln in final.lines[-2:]] == ["core.match_over", "core.friendly_over"]
    assert await bot.store.results(table.id)  # the rounds are still kept
    assert await bot.store.standings("tg", "g1", "dominoes") == []
    out = await bot.say(ALI, "/league dominoes")
    assert summary(out) == [("chat:g1", "text", ["core.league_empty"])]
    # the next table, counted as usual (on is the default), moves the standings
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    player = Player(bot)
    await player.finish(bot.table("dominoes"))
    assert "core.friendly_over" not in [ln.key for ln in
                                        [m for m in bot.sent if not m.to.private][-1].lines]
    assert sorted(r[0] for r in await bot.store.standings("tg", "g1", "dominoes")) == ["1", "2"]


async def test_an_option_given_twice_is_refused(bot):
    out = await bot.say(ALI, "/new okey101 partners=on partners=off")
    assert en(out[0]) == "partners is given twice: give each option once."
    assert not bot.core.tables


async def test_league_option_refuses_a_bad_value(bot):
    out = await bot.say(ALI, "/new dominoes league=maybe")
    assert out[0].lines[0].key == "error.bad_option_value"
    assert en(out[0]) == "maybe is not a valid value for league. Allowed: on, off."
    assert not bot.core.tables  # nothing opened
    out = await bot.say(ALI, "/new dominoes league=hayır")  # Turkish "no" reads as off
    assert "league=off" in en(out[0]) and bot.table("dominoes").league is False


async def test_a_bad_on_off_value_lists_on_and_off_in_the_readers_words(bot):
    await bot.say(ALI, "/mylang tr")  # a refusal answers the person in their language
    out = await bot.say(ALI, "/new dominoes zero25=maybe")
    assert render(out[0]) == ("maybe, zero25 için geçerli bir değer değil. "
                              "Geçerli olanlar: açık, kapalı.")
    assert not bot.core.tables
    out = await bot.say(ALI, "/new dominoes zero25=açık")  # as the error shows them
    assert bot.table("dominoes").config.zero25 is True


async def test_everyone_leaves_the_table_waits_and_counts_for_no_one(bot):
    """When the last person leaves, computers do not play the match out alone (and rate
    the people who left on it): the table waits for a /back."""
    table = await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(ALI, "/leave")
    out = await bot.say(BUDI, "/leave")
    group = [ln.key for m in out if not m.to.private for ln in m.lines]
    assert "core.all_away" in group
    # told after the moves that led there, and the turn line names no time limit
    assert group.index("core.all_away") > group.index("core.left_game.waits")
    assert "core.turn" not in group and "core.turn_untimed" not in group
    assert group.count("core.all_away") == 1
    assert not table.state.is_finished and table.status == "playing"
    out = await bot.say(ALI, "/table")  # the table says it waits, not whose turn it is
    assert [ln.key for ln in out[0].lines][-1] == "core.all_away"
    # and whose seats a computer plays for someone who left
    seats = [line for line in en(out[0]).splitlines() if line[:1] in "1234"]
    # (nobody plays there while everyone is away: the table waits)
    assert [line.endswith(" · away (the table waits for a /back)") for line in seats] == [
        True, True, False, False], seats
    out = await bot.say(ALI, "/leave")  # left already: not told to come /back first
    assert en(out[0]) == ("You are away already (you left, or timed out twice), and the "
                          "table waits for you: /back takes your seat back.")  # (no computer
    # plays while everyone is away)
    out = await bot.say(ALI, "/join")  # not "you already sit at seat 1"
    assert en(out[0]) == ("You left your seat 1 (or timed out twice), and the table waits for "
                          "you: /back takes it back.")
    out = await bot.say(ALI, "/hand")  # the rack says nobody plays it: the table waits
    assert en(out[0]).endswith("\nNobody plays at this table until someone types /back: it "
                               "waits for you.")
    out = await bot.say(ALI, "/hurry")  # a timed table, but no time runs while it waits
    assert summary(out) == [("user:1", "text", ["core.error.hurry_computer"])]
    waiting_at = table.moves
    # no move time runs: only the wait for a /back (tests/bot/test_abandoned.py)
    assert table.deadline == bot.clock.now() + ABANDONED_WAIT
    out = await bot.say(ALI, "/play 0-0")
    assert summary(out) == [("user:1", "text", ["core.error.away.waits"])]
    await bot.restart()  # still waiting after a restart
    table = bot.table("dominoes")
    assert table.moves == waiting_at and table.everyone_away()
    assert await bot.store.standings("tg", "g1", "dominoes") == []
    out = await bot.say(BUDI, "/back")
    group = [ln for m in out if not m.to.private for ln in m.lines]
    assert "core.all_away" not in [ln.key for ln in group]  # not after a restart either
    assert table.moves > waiting_at or table.state.current_player == 1
    if not table.state.is_finished:
        assert table.state.current_player == 1  # up to Budi, the one person present
        assert [m for m in out if isinstance(m, Buttons) and m.to.user == BUDI.id]


async def test_a_restart_mid_turn_keeps_what_the_group_has_not_heard_yet(bot):
    """Budi drew (the group hears it when his turn passes), then the bot restarted: after
    his discard the group still reads that he drew, then that he discarded (O7, O8)."""
    table = await okey_table(bot)
    for _ in range(8):  # to a person's turn that starts with a draw (not the first, O6)
        person = USERS[table.seats[table.state.current_player].user]
        if "draw" in table.state.view(table.state.current_player).legal:
            break
        await bot.say(person, "/" + table.state.view(table.state.current_player).legal[0])
    await bot.say(person, "/draw")
    await bot.restart()
    table = bot.table()
    rack = [t for t in table.state.view(table.state.current_player).to_json()["rack"] if t]
    out = await bot.say(person, f"/discard {rack[-1]}")
    group = [m for m in out if not m.to.private][0]
    keys = [ln.key for ln in group.lines]
    assert keys[:2] == ["okey.drew", "okey.discarded"], keys


async def _played_out(bot, table, seed: int):
    """Ali's single-player match played to its end: (his total, the group's last message)."""
    await Player(bot, seed=seed).finish(table, limit=20000)
    final = [m for m in bot.sent if not m.to.private][-1]
    return table.state.outcome()["totals"][0], final


async def test_Y21_Y22_single_player_match_keeps_a_record_apart_from_the_league(bot):
    """Yüzbir single-player (Y21): seven rounds against computers; its total is the
    person's record (lower is better), told at the end and kept in the store; it moves no
    chat's league (Y22: single-player results are kept apart)."""
    table = await start(bot, "yuzbir", [ALI], "mode=single")
    await Player(bot, seed=5).finish(table, limit=20000)
    outcome = table.state.outcome()
    assert len(outcome["rounds"]) == 7
    total = outcome["totals"][0]
    final = [m for m in bot.sent if not m.to.private][-1]
    assert final.lines[-1].key == "core.single_record_new"
    assert en(final).endswith(f"Ali: a total of {total} over the seven rounds, your best "
                              "single-player result against random computers (1 completed). "
                              "Records are kept apart from the league, one per level (lower "
                              "is better).")
    assert await bot.store.record("tg", ALI.id, "yuzbir:random") == (total, 1)
    assert await bot.store.standings("tg", "g1", "yuzbir") == []
    # a second match: the record is the lower total of the two, counted twice
    table = await start(bot, "yuzbir", [ALI], "mode=single")
    await Player(bot, seed=6).finish(table, limit=20000)
    second = table.state.outcome()["totals"][0]
    final = [m for m in bot.sent if not m.to.private][-1]
    assert final.lines[-1].key == ("core.single_record_new" if second <= total
                                   else "core.single_record")
    assert await bot.store.record("tg", ALI.id, "yuzbir:random") == (min(total, second), 2)
    # against Normals: a record of its own (a total against random players is not one
    # against them), told as such, under the game's own id (as before levels counted)
    await bot.say(ALI, "/new yuzbir mode=single bots=normal")
    await bot.say(ALI, "/start")
    table = bot.table("yuzbir")
    third, final = await _played_out(bot, table, seed=7)
    assert "your best single-player result against normal computers (1 completed)" \
        in en(final)
    assert await bot.store.record("tg", ALI.id, "yuzbir") == (third, 1)
    assert await bot.store.record("tg", ALI.id, "yuzbir:random") == (min(total, second), 2)
    # and asked for privately, /league names them (a record is the person's, not a chat's)
    out = await bot.say(ALI, "/league", chat="dm", private=True)
    assert en(out[0]).endswith(  # by game, then from the weakest computers up
        "Your single-player records (the lowest total of a whole match, Y21): Yüzbir against "
        f"random computers {min(total, second)} (of 2 completed), Yüzbir against "
        f"normal computers {third} (of 1 completed).")  # written as the match's end wrote it


async def test_Y21_a_record_is_filed_under_the_weakest_computers_that_played(bot):
    """/addbot may seat other levels than `bots`: a total against a random player among
    Normals is no record against Normals. A friendly single-player table keeps its record
    too (its lobby promised one; records are kept apart from the league anyway)."""
    await bot.say(ALI, "/new yuzbir mode=single bots=normal league=off")
    await bot.say(ALI, "/addbot random 2")
    await bot.say(ALI, "/start")
    table = bot.table("yuzbir")
    assert [s.level for s in table.seats[1:]] == ["random", "normal", "normal"]
    total, final = await _played_out(bot, table, seed=5)
    assert "your best single-player result against random computers (1 completed)" \
        in en(final)
    assert await bot.store.record("tg", ALI.id, "yuzbir:random") == (total, 1)
    assert await bot.store.record("tg", ALI.id, "yuzbir") is None


@pytest.mark.parametrize("lang", ["tr", "id", "hi"])
async def test_option_words_the_bot_shows_can_be_typed_back(bot, lang):
    """/rules shows partners=kapalı to a Turkish chat (core.off): typing it opens the table."""
    from bot import i18n

    on, off = i18n.translate(lang, "core.on"), i18n.translate(lang, "core.off")
    await bot.say(ALI, f"/new okey101 partners={on} assisted={off} rounds=1")
    table = bot.table("okey101")
    assert table.config.partners is True and table.config.assisted is False


async def test_D6_a_face_down_tile_named_in_the_group_gets_a_private_tip(bot):
    """`/drop 6-6` typed in the group shows everyone the tile that lies face down (D6):
    the bot tells the player, privately; the group's own lines never name it."""
    table = await start(bot, "dominoes", [ALI, BUDI], "games=5")
    player = Player(bot)
    while not table.state.is_finished:
        who = player.to_move(table)
        seat = table.state.current_player
        legal = table.state.view(seat).legal
        drops = [a for a in legal if a.startswith("drop")]
        if who is None or not drops:
            await player.step(table)
            continue
        out = await bot.say(who, f"/{drops[0]}")
        tips = [m for m in out if m.lines[0].key == "core.tip.typed_in_group"]
        assert len(tips) == 1 and tips[0].to.user == who.id
        tile = drops[0].split()[1]
        assert not [m for m in out if not m.to.private and tile in en(m)]
        return
    raise AssertionError("no drop came up in five games")


async def _crash_while_sending(bot, who, text):
    """`text` is committed, then the process dies before its messages go out."""
    async def crash(messages):
        raise RuntimeError("the process died here")

    keep, bot.core.send = bot.core.send, crash
    with pytest.raises(RuntimeError):
        await bot.say(who, text)
    bot.core.send = keep
    await bot.restart()


async def test_a_crash_between_commit_and_sending_is_told_after_the_restart(bot):
    """The move was saved, its messages were not: the restart sends the group its lines
    and table, and the next person their rack and buttons (which then work)."""
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    while player.to_move(table) is not ALI:
        await player.step(table)
    move = table.state.view(0).legal[0]
    await _crash_while_sending(bot, ALI, f"/{move}")
    table = bot.table("dominoes")
    group = [m for m in bot.sent if not m.to.private]
    assert len(group) == 1 and en(group[0]).startswith("Seat 1 (Ali) ")
    assert "Turn: " in en(group[0])
    nxt = table.state.current_player
    if table.seats[nxt].user == BUDI.id:  # Budi is prompted again; his button works
        (buttons,) = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == BUDI.id]
        moves = table.moves
        await bot.press(BUDI, buttons.choices[0].payload)
        assert table.moves > moves
    await bot.restart()  # told once: a second restart says nothing
    assert not bot.sent


async def crash_at_a_second_timeout(bot):
    """A dominoes table of Ali and Budi where the one to move times out twice, the second
    saved and the bot dead before its messages went out, then restarted: (the table, the
    person, the move buttons they had then)."""
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    mover = player.to_move(table)
    await bot.clock.advance(45)  # a first timeout, told as usual
    player.note(bot.sent)  # the buttons it sent the next person
    while player.to_move(table) is not mover:
        await player.step(table)
    prompt = player.buttons[mover.id]
    keep = bot.core.send

    async def crash(messages):  # at the timeout's messages (the reminder before goes out)
        if any(ln.key.startswith("core.timeout") for m in messages for ln in m.lines):
            raise RuntimeError("the process died here")
        await keep(messages)

    bot.core.send = crash
    with pytest.raises(RuntimeError):
        await bot.clock.advance(45)  # the second: the seat goes to a computer
    bot.core.send = keep
    bot.sent.clear()
    await bot.restart()
    return table, mover, prompt


async def test_a_crash_after_a_second_timeout_still_tells_the_person_to_come_back(bot):
    """The timeout that handed the seat to a computer was saved, its messages were not:
    the restart tells the group and the person that time ran out and that a computer
    keeps the seat until /back (it told only the move, as if they had made it)."""
    table, mover, _ = await crash_at_a_second_timeout(bot)
    seat = table.seat_of(mover.id)
    group = "\n".join(en(m) for m in bot.sent if not m.to.private)
    assert f"{mover.name} ran out of time; a computer moved for them." in group
    assert f"{mover.name} timed out twice: a computer plays for them until they type /back" \
        in group
    told = "\n".join(en(m) for m in bot.sent if m.to.user == mover.id)
    assert "You ran out of time at Dominoes; a computer made your move: " in told
    assert "You timed out twice: a computer plays your seat until you type /back" in told
    assert bot.table("dominoes").seats[seat].away


async def test_a_crash_as_the_match_ends_still_tells_the_result_after_the_restart(bot):
    """The last move and the league were saved; the scores never went out. After the
    restart the group reads the match's end, once."""
    table = await start(bot, "dominoes", [ALI, BUDI])
    player = Player(bot)
    keep = bot.core.send

    async def crash_at_the_end(messages):
        if any(ln.key == "core.match_over" for m in messages for ln in m.lines):
            raise RuntimeError("the process died here")
        await keep(messages)

    bot.core.send = crash_at_the_end
    with pytest.raises(RuntimeError):
        await player.finish(table)
    assert table.status == "finished"
    await bot.restart()
    final = [m for m in bot.sent if not m.to.private]
    assert [ln.key for ln in final[-1].lines].count("core.match_over") == 1
    assert final[-1].lines[-1].key == "core.ratings"  # read back from the store
    # the last moves' lines come first, with the table as it ended, then the result
    assert en(final[-2]).startswith("Seat ") and "The table as it ended:" in en(final[-2])
    assert not bot.core.tables
    await bot.restart()
    assert not bot.sent  # told once


async def test_the_end_of_a_league_match_tells_each_persons_rating_change(bot):
    """The second match starts from the ratings the first left: the group reads each
    person's new rating and its change, as /league shows ratings (whole numbers)."""
    first = await start(bot, "dominoes", [ALI, BUDI, CAN])
    await Player(bot).finish(first)
    before = {r[0]: r[4] for r in await bot.store.standings("tg", "g1", "dominoes")}
    table = await start(bot, "dominoes", [BUDI, CAN, ALI])
    await Player(bot, seed=5).finish(table)
    after = {r[0]: r[4] for r in await bot.store.standings("tg", "g1", "dominoes")}
    final = [m for m in bot.sent if not m.to.private][-1]
    line = final.lines[-1]
    assert line.key == "core.ratings"
    shown = {c.params["player"]: (c.params["rating"], c.params["change"])
             for c in line.params["changes"]}
    assert set(shown) == {"Ali", "Budi", "Can"}
    for u in (ALI, BUDI, CAN):
        rating, change = shown[u.name]
        assert rating == round(after[u.id])
        n = round(after[u.id]) - round(before[u.id])
        assert change == (f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "\u00b10")
    assert any(round(after[u]) != round(before[u]) for u in after)  # the match moved them
    # the store keeps what each match did, the newcomer's start included
    assert {(p, b) for p, _n, b, _a in await bot.store.rating_changes(first.id)} == {(u.id, 1000.0) for u in (ALI, BUDI, CAN)}
    assert {(p, b, a) for p, _n, b, a in await bot.store.rating_changes(table.id)} == {
        (u, before[u], after[u]) for u in after}


async def test_someone_late_takes_over_a_computers_seat_at_a_friendly_table(bot):
    table = await start(bot, "dominoes", [ALI], "league=off")
    n = table.moves
    out = await bot.say(BUDI, "/join")  # the last computer's seat, its tiles with it
    assert summary(out) == [("chat:g1", "text", ["core.joined_game"]),
                            ("user:2", "image", [line.key for line in out[1].lines])]
    assert en(out[0]) == "Budi comes in late and takes over seat 4 from Computer 4."
    assert out[1].view["hand"] == table.state.view(3).to_json()["hand"]  # seat 4's tiles
    assert table.seats[3].user == "2" and table.moves == n  # no move was made for it
    out = await bot.say(CAN, "/join 1")  # Ali's: a person's seat is never taken
    assert summary(out) == [("user:3", "text", ["core.error.seat_taken_free"])]
    player = Player(bot, seed=5)  # the buttons sent so far (they still work after a restart)
    await bot.restart()
    table = bot.table()
    assert table.seats[3].user == "2"
    await player.finish(table)  # Budi plays seat 4 to the end
    log = await bot.store.move_log(table.id)
    assert {m.how for m in log[n:] if m.seat == 3} == {"player"}


async def test_a_league_match_under_way_keeps_the_people_who_started_it(bot):
    table = await start(bot, "dominoes", [ALI])
    out = await bot.say(BUDI, "/join")
    assert summary(out) == [("user:2", "text", ["core.error.join_league_match"])]
    assert [s.user for s in table.seats].count(None) == 3


async def test_a_late_joiner_wakes_a_table_where_everyone_is_away(bot):
    table = await start(bot, "dominoes", [ALI], "league=off")
    await bot.say(ALI, "/leave")
    assert table.everyone_away()
    out = await bot.say(BUDI, "/join 2")
    assert table.seats[1].user == "2" and not table.everyone_away()
    assert table.seats[table.state.current_player].user == "2"  # the computers played on
    assert [m for m in out if m.to.user == "2" and type(m).__name__ == "Buttons"]  # its turn


async def test_K11_a_blocked_rummikub_round_is_told_once_by_its_end_line(bot):
    table = await start(bot, "rummikub", [ALI, BUDI])
    await Player(bot).finish(table)
    assert table.state.outcome()["rounds"][0]["ending"] == "blocked"
    group = [ln for m in bot.sent if not m.to.private for ln in m.lines]
    ends = [ln for ln in group if ln.key == "core.round_over"]
    assert len(ends) == 1 and ends[0].params["ending"].key == "core.ending.rummikub.blocked"
    assert "rummikub.blocked" not in [ln.key for ln in group]  # not a second time before it


async def test_the_mover_reads_their_own_moves_mid_turn_in_the_second_person(bot):
    """An okey turn is several moves; until the turn passes the mover alone reads them, as
    their own ("You took ..."), while the group reads them in the third person later."""
    table = await okey_table(bot, [ALI])
    for _ in range(40):  # the computers play to Ali's draw with a discard on offer
        view = table.state.view(0)
        if view.phase == "draw" and view.takeable is not None and view.current_player == 0:
            break
        await bot.say(ALI, "/" + view.legal[0])
    else:
        raise AssertionError("Ali never had a discard to take")
    tile = table.state.view(0).to_json()["takeable"]
    out = await bot.say(ALI, "/take")
    rack = [m for m in out if m.to.user == "1" and m.lines[0].key != "core.move_gone"][0]
    assert en(rack).splitlines()[0].startswith(f"You took {tile} from seat 4 (")
    assert not [m for m in out if not m.to.private]  # the group hears at the turn's end
    out = await bot.say(ALI, "/return")
    mine = en([m for m in out if m.to.user == "1" and m.lines[0].key != "core.move_gone"][0])
    assert mine.splitlines()[0] == f"You put {tile} back and draw instead."
    assert mine.splitlines()[1].startswith("You drew ")
    # the group reads it at the turn's end: the tile put back, then the draw (said once)
    discard = next(a for a in table.state.view(0).legal if a.startswith("discard"))
    out = await bot.say(ALI, "/" + discard)
    group = "\n".join(en(m) for m in out if not m.to.private)
    assert f"Seat 1 (Ali) put {tile} back.\nSeat 1 (Ali) drew a tile (" in group


async def test_the_one_who_moved_hears_about_their_move_before_the_next_prompt(bot):
    """A face-down domino (D6) is told to its owner alone; that note is the answer to their
    own move, so it goes out before the next person's prompt, whichever seat is lower."""
    table = await start(bot, "dominoes", [ALI, BUDI], "games=5")
    player = Player(bot)
    checked = 0
    while table.status == "playing":
        mover = player.to_move(table)
        out = await player.step(table)
        private = [m for m in out if m.to.private and m.lines[0].key != "core.move_gone"]
        mine = [i for i, m in enumerate(private) if m.to.user == mover.id]
        others = [i for i, m in enumerate(private) if m.to.user != mover.id]
        if mine and others:
            assert max(mine) < min(others), [(m.to.user, m.lines[0].key) for m in private]
            checked += 1
    assert checked  # some moves told their mover something while another was prompted


async def test_K1_a_malformed_tile_at_a_rummikub_table_is_explained_in_its_colours(bot):
    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/place q9")
    assert en(out[-1]).endswith("Not a tile: q9. Write a colour letter and a number: r red, "
                                "b blue, k black, y orange, e.g. r7, k13; J is a joker.")
    await bot.say(ALI, "/new okey101 bots=random")  # an okey table names yellow
    await bot.say(ALI, "/okey101 start")
    out = await bot.say(ALI, "/okey101 discard q9")
    assert "y yellow (orange in Rummikub)" in en(out[-1])


@pytest.mark.parametrize("game", ["dominoes", "okey101"])
async def test_a_rounds_end_shows_the_table_as_it_ended_with_no_hidden_tile(bot, game):
    """The next deal (or the match's end) would hide how the winner went out: the group
    sees the moves that ended the round with that table, then the scores."""
    options = "games=3" if game == "dominoes" else "rounds=3"
    table = await start(bot, game, [ALI, BUDI], options)
    player = Player(bot)
    while table.state.round_end is None:
        bot.sent.clear()
        await player.step(table)
    group = [m for m in bot.sent if not m.to.private]
    (ended,) = [m for m in group if any(ln.key == "core.round_end_table" for ln in m.lines)]
    later = group[group.index(ended) + 1:]
    assert any(ln.key in ("core.game_over", "core.round_over", "core.round_drawn",
                          "core.round_over_outscored") for m in later for ln in m.lines)
    assert ended.kind == "table" and ended.view["current_player"] is None
    final = table.state.round_end[0].to_json()
    shown = ended.view
    for field in ("line", "melds", "discards"):  # the public table as it stood
        if field in final:
            assert shown[field] == final[field]
    assert not shown.get("hand") and not shown.get("rack")  # and nobody's tiles,
    assert not any((shown.get("hints") or {}).values())  # nor hints drawn from them


@pytest.mark.parametrize("game", ["dominoes", "okey101", "rummikub"])
async def test_the_next_rounds_first_moves_go_with_its_table_not_under_the_scores(bot, game):
    """The scores picture's caption carried "Round 2 begins" and the computers' first moves
    of the new round (charges too, not in the sheet above them); the new round's table
    came with no news. The scores close the round; the next round's lines open its table."""
    options = {"dominoes": "games=3 timer=0", "okey101": "rounds=3",
               "rummikub": "rounds=3 timer=0"}[game]
    await bot.say(ALI, f"/new {game} bots=random {options} league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    player = Player(bot)
    while table.rounds_done == 0:
        bot.sent.clear()
        await player.step(table)
    group = [m for m in bot.sent if not m.to.private]
    (scores,) = [m for m in group if getattr(m, "kind", None) == "scores"]
    after = group[group.index(scores) + 1]
    assert not {ln.key for ln in scores.lines} & set(events.ROUND_BEGINS_KEYS)
    assert after.kind == "table" and after.lines[0].key in events.ROUND_BEGINS_KEYS
    assert after.news >= 1


async def test_what_someone_did_in_a_round_that_ended_is_told_before_the_round_end(bot):
    """Ali draws (a tile only he sees) and a computer then goes out: "You drew y8"
    is his own message, before the round's end, not the first line of the next round's
    rack (where it read as a draw in the new round, of a tile the rack did not hold)."""
    await bot.say(ALI, "/new rummikub bots=normal rounds=3 timer=0 league=off")
    await bot.say(ALI, "/start")
    table = bot.table()
    while table.rounds_done == 0:
        view = table.state.view(0)
        out = await bot.say(ALI, "/draw" if "draw" in view.legal else "/pass")
    kinds = [(m.to.private, getattr(m, "kind", None), [ln.key for ln in m.lines]) for m in out]
    drew = next(i for i, (private, _, keys) in enumerate(kinds)
                if private and "rummikub.drew_tile" in keys)
    assert kinds[drew][1] is None  # a message of its own, not a rack's caption
    ended = next(i for i, (private, _, keys) in enumerate(kinds)
                 if not private and "core.round_end_table" in keys)
    assert drew < ended
    rack = next(keys for private, kind, keys in kinds if private and kind == "rack")
    assert "rummikub.drew_tile" not in rack


async def test_two_people_of_one_name_are_told_apart_by_seat_and_in_the_league_by_id(bot):
    """Two different people called Ali at one table: the group's lines name them by seat,
    the league (whose picture shows no names) by the end of their platform id."""
    other = User("77", "ali", "en")  # case aside, the same name
    USERS[other.id] = other
    table = await start(bot, "dominoes", [ALI, other])
    assert table.name(0) != table.name(1)
    assert render_lines([table.name(1)], "en") == "ali (seat 2)"
    assert render_lines([table.seat_entry(1)], "en") == "2: ali"  # its number beside it already
    mover = table.state.current_player
    out = await bot.say(USERS[table.seats[mover].user], "/leave")
    group = "\n".join(en(m) for m in out if not m.to.private)
    assert f"{['Ali', 'ali'][mover]} (seat {mover + 1}) left" in group
    await bot.say(USERS[table.seats[mover].user], "/back")
    await Player(bot).finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    text = en(final)
    assert "Ali (seat 1): " in text and "ali (seat 2): " in text  # scores and totals
    assert re.search(r"League ratings: Ali \(seat 1\) \d+ .*, ali \(seat 2\) \d+ ", text)
    out = await bot.say(ALI, "/league dominoes")
    rows = en(out[0]).split("\n")[1:]
    assert sorted(r.split(":")[0][3:] for r in rows) == ["Ali #1", "ali #77"]


async def test_a_person_named_like_a_computer_is_told_apart_by_seat(bot):
    """Someone who calls themselves "Computer 3" (or Turkish "Bilgisayar 3") sits at seat
    2 beside the computer at seat 3: the turn and the scores name them by seat."""
    for name in ("Computer 3", "bilgisayar 3"):
        mimic = User("78", name, "en")
        USERS[mimic.id] = mimic
        table = await start(bot, "dominoes", [ALI, mimic])
        assert render_lines([table.name(1)], "en") == f"{name} (seat 2)"
        assert render_lines([table.name(2)], "en") == "Computer 3"
        assert table.name(0) == "Ali"
        await bot.say(ALI, "/stop")


async def test_a_person_named_as_a_computer_of_a_seat_a_person_holds_is_told_apart(bot):
    """A privacy scan: "Computer 2" at a table whose seat 2 is Ali's read as a computer
    everywhere ("Turn: Computer 2.", "Winner: Computer 2.", a league row) though no
    computer bore that label: a person named as any seat's computer is named by seat."""
    mimic = User("79", "Computer 1", "en")
    USERS[mimic.id] = mimic
    table = await start(bot, "dominoes", [ALI, mimic])  # seat 1 is Ali's, not a computer's
    assert render_lines([table.name(1)], "en") == "Computer 1 (seat 2)"
    assert table.name(0) == "Ali"
    await bot.say(ALI, "/stop")


async def test_Y21_a_single_player_total_a_computer_helped_to_is_not_kept_as_a_record(bot):
    """A scan: Ali's time ran out once and a computer moved for him; his seven-round total
    was kept as his record, though it was not his alone. It is told, not kept."""
    table = await start(bot, "yuzbir", [ALI], "mode=single")
    while table.state.current_player != 0:  # (the computers move at once: his turn)
        await bot.clock.advance(1)
    await bot.clock.advance(table.timer)  # his first turn times out: a computer moves
    assert table.seats[0].timeouts == 1
    await Player(bot, seed=5).finish(table, limit=20000)
    total = table.state.outcome()["totals"][0]
    final = [m for m in bot.sent if not m.to.private][-1]
    assert final.lines[-1].key == "core.single_record_helped"
    assert en(final).endswith(
        f"Ali: a total of {total} over the seven rounds, not kept as a record: a computer made "
        "some of your moves (a timeout, or while you were away), so it is not yours alone "
        "(Y21).")
    assert await bot.store.record("tg", ALI.id, "yuzbir:random") is None
