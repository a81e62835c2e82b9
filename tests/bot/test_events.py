"""Engine events as chat lines (bot/events.py): round endings translated per ending code,
seats by name, the drawer's private "you drew ...", no repeated match summaries."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

import rules
from bot import events, i18n
from bot.tables import Seat, Table
from rules import dominoes, yuzbir_scoring
from rules.ai import make_agent

from .conftest import ALI, BUDI, en
from .test_core_play import Player, start

SOURCES = i18n.source_messages()


def table_for(game_id: str) -> Table:
    game = rules.find_game(game_id)
    config = game.Config()
    table = Table(1, "tg", "g1", game, {}, config, 60, "random", "1", 1)
    table.seats = [Seat("1", "Ali")] + [Seat(None, "", "random")
                                         for _ in range(game.seats(config) - 1)]
    return table


def random_games(game_id: str, games: int):
    """Events and outcomes of random games (random players: every kind of ending comes up)."""
    game = rules.find_game(game_id)
    agent = make_agent(game_id, "random")
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(game.Config(), seed=seed)
        while not state.is_finished:
            yield state, state.apply(agent.choose(state.view(state.current_player), rng))


@pytest.mark.parametrize("game", rules.game_ids())
def test_every_ending_code_the_engine_gives_has_a_text(game):
    seen = set()
    for state, _ in random_games(game, 4):
        if state.is_finished:
            seen |= {r["ending"] for r in state.outcome()["rounds"]}
    assert seen and seen <= set(events.ENDINGS[game]), seen
    for code in events.ENDINGS[game]:
        assert f"core.ending.{game}.{code}" in SOURCES


def test_Y_D8_every_yuzbir_ending_name_is_listed():
    names = {yuzbir_scoring.ending_name(p, o, a)
             for p, o, a in itertools.product((False, True), repeat=3)}
    assert names | {"draw"} == set(events.ENDINGS["yuzbir"])


def test_D8_dominoes_ending_constants_are_listed():
    assert {dominoes.ENDING_OUT, dominoes.ENDING_BLOCKED} == set(events.ENDINGS["dominoes"])


@pytest.mark.parametrize("game", rules.game_ids())
def test_every_private_event_tells_its_seat_what_only_it_saw(game):
    table = table_for(game)
    checked = 0
    for _, evs in itertools.islice(random_games(game, 1), 300):
        for ev in evs:
            if not ev.private:
                continue
            line = events.private_line(table, ev)
            assert line is not None, ev.key
            text = i18n.translate("en", line.key, line.params)
            assert all(str(v) in text for v in ev.private.values()), (ev.key, text)
            checked += 1
    if game != "rummikub" or checked:  # rummikub draws are private too, when they happen
        assert checked


def test_O24_round_line_names_ending_winner_and_scores_in_every_language():
    table = table_for("okey101")
    result = {"ending": "pairs", "winner": 2, "scores": [1000, 35, -1000, 500]}
    lines = events.round_lines(table, 1, result, None)
    assert i18n.render_lines(lines, "en") == (
        "Round 1 is over: finished with pairs. Winner: Computer 3. "
        "Scores: Ali: 1000, Computer 2: 35, Computer 3: -1000, Computer 4: 500.")
    assert i18n.render_lines(lines, "tr").startswith("1. el bitti: çiftle bitiş. Kazanan: Bilgisayar 3.")
    drawn = events.round_lines(table, 2, {"ending": "draw", "winner": None,
                                          "scores": [500, 500, 40, 500]}, None)
    assert i18n.render_lines(drawn, "en").startswith(
        "Round 2 is over: the pile ran out, a draw. Nobody went out.")


def test_Y19_Y11_a_player_who_went_out_but_paid_more_does_not_win_the_round():
    """Yüzbir: the lowest score wins (Y19). One who goes out gets -40 (Y15) but may have
    paid more for the tiles the others added to their melds (Y11): the round line then
    names the lowest as its winner, as the match line does, and says who went out."""
    table = table_for("yuzbir")
    result = {"ending": "hand", "winner": 1, "scores": [800, 40, 10, 800]}
    lines = events.round_lines(table, 1, result, None)
    assert i18n.render_lines(lines, "en") == (
        "Round 1 is over: finished by discarding the last tile (Computer 2 went out, but their "
        "penalties leave them above the lowest score). Winner: Computer 3. "
        "Scores: Ali: 800, Computer 2: 40, Computer 3: 10, Computer 4: 800.")
    assert "Kazanan: Bilgisayar 3." in i18n.render_lines(lines, "tr")
    # In real games of Normal players it happens, and the round's winners are the match's.
    game = rules.find_game("yuzbir")
    agent = make_agent("yuzbir", "normal")
    outscored = 0
    for seed in range(40):
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        while not state.is_finished:
            state.apply(agent.choose(state.view(state.current_player), rng))
        result = state.outcome()["rounds"][0]
        if result["winner"] is None:
            continue  # the pile ran out: nobody went out (the round line says so)
        winners, finisher = events.round_winners(table, result)
        assert sorted(winners) == sorted(state.winners()), seed
        outscored += finisher is not None
        if finisher is not None:  # the score table crowns the same seats
            shown = events.crowned_outcome(table, state.outcome())["rounds"][0]
            assert shown["winners"] == winners and shown["winner"] == finisher
    assert outscored >= 3


def test_O24_O_D11_in_okey101_partners_the_team_with_the_lowest_total_wins_the_round():
    """Partners win by their team's total (O-D11): the round line names the team of the
    seat that went out when it won (both partners, both crowned), not a seat of the other
    team with a lower score of its own."""
    table = table_for("okey101")
    table.config = dataclasses.replace(table.config, partners=True)
    result = {"ending": "hand", "winner": 0, "scores": [-400, 20, 300, 10]}
    assert events.round_winners(table, result) == ([0, 2], None)
    assert "Winners: Ali, Computer 3." in i18n.render_lines(
        events.round_lines(table, 1, result, None), "en")
    crowned = events.crowned_outcome(table, {"rounds": [result]})["rounds"][0]
    assert crowned["winners"] == [0, 2] and crowned["winner"] == 0
    table = table_for("okey101")
    winners, finisher = events.round_winners(table, {"ending": "hand", "winner": 0,
                                                     "scores": [-400, 20, 300, -410]})
    assert (winners, finisher) == ([3], 0)
    # ... unless the team's total is not the lowest: the partner never opened (+500) and
    # the one who went out paid 120 (O20), so the other team won the round, as the match
    table.config = dataclasses.replace(table.config, partners=True)
    result = {"ending": "hand", "winner": 0, "scores": [-380, 5, 500, 5]}
    assert events.round_winners(table, result) == ([1, 3], 0)
    text = i18n.render_lines(events.round_lines(table, 1, result, None), "en")
    assert "(Ali went out, but their team's total is above the other team's). " \
        "Winners: Computer 2, Computer 4." in text


def test_K11_blocked_round_with_shared_winners_names_them_all():
    table = table_for("rummikub")
    result = {"ending": "blocked", "winner": None, "winners": [0, 3], "scores": [5, -4, -9, 5]}
    text = i18n.render_lines(events.round_lines(table, 1, result, None), "en")
    assert text.startswith("Round 1 is over: the pool ran out and everyone passed; the lowest "
                           "rack wins. Winners: Ali, Computer 4.")


async def test_D9_dominoes_game_end_reads_ending_hands_and_no_raw_summary(bot):
    table = await start(bot, "dominoes", [ALI, BUDI])
    await Player(bot).finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    text = en(final)
    keys = [line.key for line in final.lines]
    assert "dominoes.game_over" not in keys and "dominoes.match_over" not in keys
    result = table.state.outcome()["rounds"][0]
    assert f"Game 1 is over: {'a hand is empty' if result['ending'] == 'out' else 'nobody can play'}." in text
    assert "Seat 1 (Ali) held " in text
    assert text.count(" held ") == 4
    assert "The Dominoes match is over. Winner: " in text


def test_O_D2_next_round_is_announced_with_its_first_player_unless_the_game_does():
    from rules.game import Event

    table = table_for("okey101")
    after = [Event("okey.discarded", 1, {"seat": 1, "tile": "r5"})]
    line = events.next_round_line(table, 1, after, 3)
    assert i18n.translate("en", line.key, line.params) == \
        "Round 2 begins: seat 2 (Computer 2) starts."
    # nothing happened after the round ended: the seat to move now starts
    line = events.next_round_line(table, 1, [], 0)
    assert i18n.translate("en", line.key, line.params) == "Round 2 begins: seat 1 (Ali) starts."
    assert events.next_round_line(table, 3, [Event("okey.match_over", None, {})], None) is None
    assert events.next_round_line(table, 1, [Event("rummikub.round_started", None, {})],
                                  2) is None


async def test_O20_mid_turn_the_mover_reads_its_own_move_at_once(bot):
    """The group hears a turn when it passes; the mover sees each step right away."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    for _ in range(40):
        legal = table.state.view(0).legal
        if "take" in legal:
            out = await bot.say(ALI, "/take")
            assert not [m for m in out if not m.to.private]  # the turn has not passed
            rack = next(m for m in out if any(line.key == "core.rack" for line in m.lines))
            assert en(rack).startswith("You took ")  # as their own move
            return
        await bot.say(ALI, "/" + ("draw" if "draw" in legal else legal[0]))
        legal = table.state.view(0).legal
        if legal and legal[0].startswith("discard"):
            await bot.say(ALI, "/" + legal[0])
    pytest.skip("no discard to take came up")


@pytest.mark.parametrize("game", ["okey101", "yuzbir"])
def test_O17_O21_Y16_every_penalty_says_what_it_charges_for(game):
    table = table_for(game)
    rules_seen = set()
    for _, evs in random_games(game, 3):
        for ev in evs:
            if ev.key == "okey.penalty":
                rules_seen.add(ev.public["rule"])
                line = events.public_line(table, ev)
                text = i18n.translate("en", line.key, line.params)
                assert f"({ev.public['rule']}: " in text, text
    assert rules_seen and all(f"core.rule.{r}" in SOURCES for r in rules_seen)


def test_Y7_Y_D5_a_timeouts_note_says_which_move_came_back():
    """A computer made the timed-out person's move: its first discard was short of the
    opening's limit, so the tiles laid and the discard came back (Y7, Y-D5); the person's
    note says so instead of listing the same discard twice as if both were made."""
    from bot.play import Step
    from tests.rules import test_yuzbir_helpers as Y

    state = Y.play(Y.deal(["r1 r2 r3 y9 k9", "", "", ""]), [])
    steps = [Step(0, text, "timeout", Y.act(state, text))
             for text in ("open r1 r2 r3", "discard y9", "discard y9")]
    table = table_for("yuzbir")
    _public, private = events.timeout_news(table, 0, steps)
    # the first discard took the opening back and kept its tile: "discard y9 (it came
    # back)" read as if y9 had been thrown and returned (a scan); named, it read as the same
    # discard made twice (a scan of session 50)
    assert i18n.render_lines(private[:1], "en") == (
        "You ran out of time at Yüzbir; a computer made your move: open r1 r2 r3 (it came back), "
        "took your opening back, discard y9.")


def test_D_D6_a_match_decided_on_equal_totals_says_how():
    """Ali and Can both end a 3-game match on 25; Ali won more games and takes it: the
    group reads why (it read only "Winner: Ali" beside two equal totals)."""
    from dataclasses import replace

    table = table_for("dominoes")
    table.config = replace(table.config, games=3)
    decided = {"totals": [25, 57, 25, 51], "winners": [0]}
    assert [ln.key for ln in events.match_tie_lines(table, decided)] == ["core.match_tie_break"]
    shared = {"totals": [25, 57, 25, 51], "winners": [0, 2]}  # still equal: shared
    assert [ln.key for ln in events.match_tie_lines(table, shared)] == ["core.match_tie_shared"]
    table.config = replace(table.config, games=1)  # one game: D11 told it with that game
    assert events.match_tie_lines(table, decided) == []
    assert i18n.translate("en", "core.match_tie_break").startswith("Equal lowest totals")


async def test_O21_O28_a_penalty_for_your_own_discard_is_told_to_you_in_your_language(
        bot, monkeypatch):
    """On a table without assistance nothing marks a penalty tile (O28): Ali opens with his
    own run r11 r12 r13 and then discards r10, which extends it (O21, O-D6 counts his own
    meld too). The group reads the charge in its language; Ali, who reads Turkish, is told
    it privately in his (he heard nothing of it before)."""
    from tests.rules.okey_helpers import make_deal

    game = rules.find_game("okey101")
    deal = make_deal(["r11 r12 r13 b10 b11 b12 r10", "", "", ""], indicator="y2")
    real_new = type(game).new
    monkeypatch.setattr(type(game), "new",
                        lambda self, config=None, seed=None, deals=None:
                        real_new(self, config, seed, deals=[deal]))
    await bot.say(ALI, "/mylang tr")
    await bot.say(ALI, "/new okey101 bots=random assisted=off")
    out = await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state is not None, [en(m) for m in out]
    first = table.state.current_player
    assert table.seats[first].user == ALI.id
    out = await bot.say(ALI, "/open r11 r12 r13 | b10 b11 b12")
    assert table.state.r.opened[first] == "melds", [en(m) for m in out]
    bot.sent.clear()
    await bot.say(ALI, "/discard r10")
    assert table.state.r.penalties[first] == 100
    group = "\n".join(en(m) for m in bot.sent if not m.to.private)
    assert "is charged 100 (O21: " in group
    mine = [i18n.render_lines(m.lines, "tr") for m in bot.sent
            if m.to.private and m.to.user == ALI.id]
    assert any("Sana 100 ceza yazıldı (O21: " in text for text in mine), mine
    assert sum(text.count("O21") for text in mine) == 1  # told once


def test_O_D11_two_teams_level_are_told_they_share_the_round_and_the_match():
    """Partners: Ann + Cal and Raj + Dee both end on 100. Naming all four as winners, with
    nothing more, read as a mistake: the round and the match say the teams are level."""
    from dataclasses import replace

    table = table_for("okey101")
    table.config = replace(table.config, partners=True)
    level = {"ending": "hand", "winner": 0, "scores": [-500, 300, 600, -200]}
    lines = events.round_lines(table, 1, level, None)
    assert [ln.key for ln in lines] == ["core.round_over_team", "core.teams_share_round"]
    text = i18n.render_lines(lines, "en")
    assert "Winners: Ali, Computer 2, Computer 3, Computer 4" in text
    assert text.endswith("The two teams are level: they share the round (O-D11).")
    match = {"totals": [-500, 300, 600, -200], "winners": [0, 1, 2, 3]}
    assert [ln.key for ln in events.match_tie_lines(table, match)] == ["core.teams_share"]
    ahead = {"ending": "hand", "winner": 0, "scores": [-500, 300, 590, -200]}
    assert [ln.key for ln in events.round_lines(table, 1, ahead, None)] == [
        "core.round_over_team"]  # one team lower: no share
    solo = replace(table.config, partners=False)  # two lowest alone: no teams to speak of,
    table.config = solo  # a shared match as in every game (a scan, 2026-12-06)
    assert [ln.key for ln in events.match_tie_lines(
        table, {"totals": [5, 5, 9, 9], "winners": [0, 1]})] == ["core.match_shared_lowest"]


def test_D_D5_a_tie_won_by_an_empty_hand_says_so():
    """Five players, passes (D7): Dipak went out (0) and Ekta holds only the 0-0 (0, D10
    off). Read literally, D11 gives it to the 0-0; D-D5 gives it to the empty hand, and
    the game's end now says why instead of naming a winner of equal scores unexplained."""
    from rules.dominoes import Config

    game = rules.find_game("dominoes")
    config = Config(players=5, dead_tiles=False)
    state = game.new(config, seed=6)
    rng = random.Random(6)
    while state.current_player is not None:
        state.apply(game.random_action(state.view(state.current_player), rng))
    result = state.rounds[0]
    assert result["scores"].count(0) == 2 and not result["tie_break"]
    table = table_for("dominoes")
    table.config = config
    table.seats = [Seat(str(s + 1), n) for s, n in enumerate(["Anu", "Bablu", "Chanda",
                                                                "Dipak", "Ekta"])]
    table.state = state
    lines = events.round_lines(table, 1, result,
                               events.revealed(table, state.view(0).to_json(), 1))
    text = i18n.render_lines(lines, "en")
    winner = table.name(result["winner"])
    assert f"Equal scores: {winner} holds no tile, and a hand with no tile wins outright " \
           "(D-D5)." in text, text
    assert "0-0" in text  # the other's hand is shown beside it
