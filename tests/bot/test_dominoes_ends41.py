"""What a dominoes game's end tells beyond the scores: which tile broke a tie (D11), a
match shared on equal totals and games won (D-D6), and why a hand counts 25 more (D10)."""

from __future__ import annotations

from dataclasses import replace

from bot import events, i18n
from bot.tables import Seat
from rules.dominoes_scoring import count, decided_by_tiebreak, winner
from rules.dominoes_tiles import LOW, PIPS, TEXT, parse_tiles

from .test_events import random_games, table_for


def _ended(table, hands: list[str], zero25: bool = False, dead: list[str] | None = None):
    """round_lines for a game that ended with these hands (and dead tiles)."""
    dead = dead or [""] * len(hands)
    held = [parse_tiles(f"{h} {d}") for h, d in zip(hands, dead, strict=True)]
    result = {"ending": "blocked", "winner": winner(held, zero25),
              "scores": [count(h, zero25) for h in held],
              "tie_break": decided_by_tiebreak(held, zero25)}
    revealed = {"hands": hands, "dead": dead}
    return [i18n.render_lines([line], "en") for line in events.round_lines(table, 1, result, revealed)]


def _named(table):
    table.seats = [Seat(str(s + 1), name) for s, name in enumerate(("Ali", "Budi", "Can", "Dev"))]
    return table


def test_D11_D12_the_tie_break_line_names_the_tile_that_decided():
    table = _named(table_for("dominoes"))
    # D12: all have 6; A wins holding [1-1] (2 pips)
    lines = _ended(table, ["1-1 1-3", "0-6", "2-4", "3-3"])
    assert lines[1] == "Equal scores: Ali wins, holding the tile with the fewest pips, 1-1 (D11)."
    # D12: all have 10; A and B both hold a tile worth 4; B wins by [1-3]'s lower end
    lines = _ended(table, ["2-2 1-5", "1-3 3-3", "4-6", "0-5 2-3"])
    assert lines[1] == ("Equal scores, and Budi's 1-3 has as few pips as Ali's 2-2: Budi "
                        "wins by its lower end (D11).")
    lines = _ended(table, ["1-4", "2-4", "3-4", "4-4"])  # one lowest: no tie to break
    assert not any(line.startswith("Equal scores") for line in lines)


def test_D11_every_tie_break_in_random_games_names_the_winners_lowest_tile():
    table = table_for("dominoes")
    seen = 0
    for state, _events in random_games("dominoes", 300):
        if not (state.is_finished and state.rounds[-1]["tie_break"]):
            continue
        seen += 1
        result, shown = state.rounds[-1], state.revealed[-1]
        (line,) = [ln for ln in events.round_lines(table, 1, result, shown)
                   if ln.key.startswith("core.tie_break")]
        mine = f"{shown['hands'][result['winner']]} {shown['dead'][result['winner']]}"
        lowest = min(parse_tiles(mine), key=lambda t: (PIPS[t], LOW[t]))
        assert line.params["tile"] == TEXT[lowest], (mine, line.params)
    assert seen > 0


def test_D10_a_hand_counting_25_more_says_why():
    table = _named(replace(table_for("dominoes"), config=replace(
        table_for("dominoes").config, zero25=True)))
    lines = _ended(table, ["1-2", "0-0 2-4", "3-3", "0-5 1-1"], zero25=True)
    assert lines[-1] == "Seat 2 (Budi): the 0-0 counts 25, their only tile with a blank (D10)."
    assert sum("0-0 counts 25" in line for line in lines) == 1
    lines = _ended(table, ["1-2", "0-0 0-4", "3-3", "0-5 1-1"], zero25=True)  # two blanks: 0
    assert not any("counts 25" in line for line in lines)


def test_D_D6_a_match_shared_on_equal_totals_and_games_won_says_so():
    table = table_for("dominoes")
    table.config = replace(table.config, games=3)
    shared = {"totals": [25, 57, 25, 51], "winners": [0, 2]}
    assert [i18n.render_lines([ln], "en") for ln in events.match_tie_lines(table, shared)] == [
        "Equal lowest totals and as many games won: they share the match."]
    alone = {"totals": [20, 57, 25, 51], "winners": [0]}
    assert events.match_tie_lines(table, alone) == []


def test_D6_D9_tilebot_replay_says_who_went_out_behind_on_face_down_tiles(tmp_path, capsys):
    """Seat 1 emptied its hand but its face-down tiles (19) left it behind seat 4 (1): the
    chat says so, and the replay said only "winner seat 4", as if seat 4 had gone out."""
    import json

    from bot.cli import main

    record = {"game": "dominoes", "config": {"players": 4, "dead_tiles": True, "zero25": False,
                                             "games": 1}, "seed": 2, "actions": [
        "play 0-0", "drop 1-1", "play 0-6", "play 0-5", "play 2-6", "play 2-5 right",
        "play 5-6", "play 3-6", "play 3-5 right", "play 4-5", "play 1-4", "play 5-5",
        "drop 4-6", "play 1-6", "drop 4-4", "play 6-6", "drop 0-3", "drop 2-3", "drop 1-3",
        "play 1-5", "drop 2-4", "drop 3-4", "play 1-2", "play 0-2", "play 0-4"]}
    path = tmp_path / "dom.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == (
        "round 1: a hand is empty, winner seat 4 (seat 1 went out), scores seat 1: 19, "
        "seat 2: 20, seat 3: 16, seat 4: 1")
