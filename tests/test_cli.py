"""The `tilebot` command: outputs, and bad input answered with one line and exit status 2."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import main

GOLDEN = Path(__file__).parent / "golden" / "okey101"


def run(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as e:  # argparse usage errors
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_json_prints_the_outcome(capsys):
    path = GOLDEN / "finish_from_hand.json"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0
    assert json.loads(out) == json.loads(path.read_text())["expect"]


def test_replay_stops_at_an_illegal_action_with_status_1(tmp_path, capsys):
    rec = json.loads((GOLDEN / "finish_from_hand.json").read_text())
    rec["actions"] = rec["actions"][:3] + ["discard r14"] + rec["actions"][3:]
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "replay", str(f), "--json")
    assert code == 1
    err = json.loads(out)["error"]
    assert err["index"] == 3 and err["action"] == "discard r14" and "r14" in err["message"]
    code, out, _ = run(capsys, "replay", str(f))  # for people: moves counted from 1
    assert code == 1 and out.startswith("move 4 ('discard r14') refused: ")
    rec["actions"] = rec["actions"][:3] + ["draw"]
    f.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "replay", str(f), "--json")
    assert code == 1 and json.loads(out)["error"]["rule"] == "O7"


def test_replay_checks_the_seat_prefix(tmp_path, capsys):
    rec = json.loads((GOLDEN / "finish_from_hand.json").read_text())
    first = rec["deals"][0]["first"]
    rec["actions"][0] = f"{(first + 1) % 4}: {rec['actions'][0]}"
    f = tmp_path / "seat.json"
    f.write_text(json.dumps(rec))
    code, out, _ = run(capsys, "replay", str(f), "--json")
    assert code == 1 and json.loads(out)["error"]["index"] == 0
    # seats counted from 1 as the summary counts them ("seat 3 to move"), with the prefix
    code, out, _ = run(capsys, "replay", str(f))
    assert (f"it is seat {first + 1}'s turn ({first}: in a record), not seat "
            f"{(first + 1) % 4 + 1}'s ({(first + 1) % 4}:)") in out
    # a deal's hands likewise: the first hand is seat 1's
    rec = json.loads((GOLDEN / "finish_from_hand.json").read_text())
    hands = rec["deals"][0]["hands"]
    hands[0] = hands[0] + " " + hands[0].split()[0]
    f.write_text(json.dumps(rec))
    code, out, err = run(capsys, "replay", str(f))
    assert code == 2 and err.startswith("tilebot: error: seat 1 has 15 tiles; it needs 14"), err


def test_hint_okey101_json(capsys):
    code, out, _ = run(capsys, "hint", "okey101", "--indicator", "r5", "--json",
                       "--hand", "r1 r2 r3 b7 k7 y7 k11 k12 k13 b4 b5 y9 y9 k2 k2")
    assert code == 0
    res = json.loads(out)
    assert res["opening"]["value"] == 6 + 21 + 36
    assert sorted(map(sorted, res["opening"]["melds"])) == sorted(
        map(sorted, [["r1", "r2", "r3"], ["b7", "k7", "y7"], ["k11", "k12", "k13"]]))
    assert res["pairs"]["count"] == 2
    assert sorted(map(sorted, res["pairs"]["pairs"])) == [["k2", "k2"], ["y9", "y9"]]


def test_hint_without_melds_reports_zero(capsys):
    code, out, _ = run(capsys, "hint", "okey101", "--indicator", "r5", "--hand", "r1 b3 k5 y7 r9", "--json")
    assert code == 0 and json.loads(out) == {"opening": {"melds": [], "value": 0}, "pairs": {"pairs": [], "count": 0}}


def _bad_deal(tmp_path):
    rec = json.loads((GOLDEN / "finish_from_hand.json").read_text())
    rec["deals"][0]["pile"] = "r1 r1 r1 " + rec["deals"][0]["pile"]
    f = tmp_path / "deal.json"
    f.write_text(json.dumps(rec))
    return str(f)


@pytest.mark.parametrize("argv", [
    ["hint", "chess", "--indicator", "r5", "--hand", "r1"],
    ["hint", "okey101", "--indicator", "r5", "--hand", "r1 q9"],
    ["hint", "okey101", "--indicator", "F", "--hand", "r1"],
    ["hint", "okey101", "--hand", "r1"],
    ["hint", "okey101", "--indicator", "r5", "--hand", "r1 r1 r1"],  # two of each (O1)
    ["hint", "yuzbir", "--indicator", "r5", "--hand", "r1 r1 * * r6"],  # two okeys in all
    ["hint", "okey101", "--indicator", "r5", "--hand", "r5 r5"],  # one r5 is the indicator
    ["bench", "--quick", "--only", "nonsense"],
    ["replay", "/no/such/file.json"],
    ["simulate", "okey101", "--seats", "random,random,random,random", "--games", "1", "-o", "colour=pink"],
    ["simulate", "okey101", "--seats", "random,random,random,random", "--games", "1", "-o", "rounds=2"],
    ["simulate", "okey101", "--seats", "random,random,random", "--games", "1"],
    ["simulate", "okey101", "--seats", "wizard,random,random,random", "--games", "1"],
    ["simulate", "okey101", "--seats", "random,random,random,random", "--games", "x"],
    ["nonsense"],
    ["replay", "/"],  # a folder
    ["simulate", "okey101", "--seats", "random,random,random,random", "--games", "1",
     "-o", "rounds=3", "-o", "rounds=1"],  # which one?
    ["hint", "rummikub", "--table", "r1 r2 r3"],  # no rack: nothing to play
    ["hint", "okey101", "--indicator", "r5", "--hand",
     "r1 r2 r3 r4 r6 r7 r8 r9 r10 r11 r12 r13 b1 b2 b3 b4"],  # 16 tiles: a rack holds 15
    ["play", "dominoes", "-o", "bots=master"],  # refused before any table opens
    ["play", "dominoes", "-o", "league=maybe"],
])
def test_bad_input_is_one_line_and_status_2(argv, capsys):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("tilebot: error:") and "Traceback" not in err


def test_O3_an_okey_named_by_its_tile_counts_as_an_okey(capsys):
    code, _, err = run(capsys, "hint", "yuzbir", "--indicator", "k12", "--hand", "k13 k13 * r1")
    assert code == 2 and err == ("tilebot: error: * (the okey, k13) is named 3 times; a hand "
                                 "can hold 2\n")


def test_deal_naming_a_tile_too_often_is_status_2(tmp_path, capsys):
    code, _, err = run(capsys, "replay", _bad_deal(tmp_path))
    assert code == 2 and "r1" in err and err.count("\n") == 1


@pytest.mark.parametrize("rec", [
    {"game": "okey101", "seed": 1, "actions": [[0, "discard r9"]]},
    {"game": "okey101", "seed": "one", "actions": []},
    {"game": "okey101", "seed": 1, "config": ["rounds", 3], "actions": []},
    {"game": "okey101", "seed": 1, "actions": "draw"},
    {"game": "okey101", "deals": 5},  # a traceback from the engine
    {"game": "yuzbir", "deals": []},  # dealt from the OS's randomness, each time otherwise
    {"game": "rummikub", "deals": {}},
])
def test_malformed_record_is_status_2(rec, tmp_path, capsys):
    f = tmp_path / "rec.json"
    f.write_text(json.dumps(rec))
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_replay_counts_seats_from_1_for_people_and_from_0_in_json(capsys):
    path = Path(__file__).parent / "golden" / "yuzbir" / "at_once_okey_finish_blue.json"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "winner seat 1," in out
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert json.loads(out)["rounds"][0]["winner"] == 0
    # the ending in words, each score by its seat, and partners as seats 1 + 3 (O27)
    code, out, _ = run(capsys, "replay", str(path))
    assert out.splitlines()[1].startswith(
        "round 1: finished with the okey at once, before anyone opened (x2, base penalties "
        "x4), winner seat 1, scores seat 1: -160, seat 2: 6400,")
    code, out, _ = run(capsys, "replay", str(GOLDEN / "partners_doubling_3_rounds.json"))
    assert out.splitlines()[-3:] == ["team of seats 1 + 3: 2355", "team of seats 2 + 4: 1540",
                                     "match won by seat 2 and seat 4"]  # O-D11: lowest team


def test_not_json_is_status_2(tmp_path, capsys):
    f = tmp_path / "x.json"
    f.write_text("{nope")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and err.count("\n") == 1
    f.write_bytes(bytes(range(128, 256)))  # not even text
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and err == "tilebot: error: not a text file (a game record is JSON text)\n"


def test_a_game_is_named_as_the_terminal_menu_takes_it_and_a_language_in_any_case(capsys):
    code, out, _ = run(capsys, "demo", "domino", "--seed", "3", "--lang", "TR")
    assert code == 0 and out.splitlines()[:2] == ["Domino, tohum 3", "Koltuk 3 (Bilgisayar 3) 0-0 ile açtı."]
    code, out, _ = run(capsys, "demo", "yüzbir", "--seed", "3")
    assert code == 0 and out.startswith("Yüzbir, seed 3")


def test_usage_errors_exit_2_through_the_console_script():
    exe = Path(sys.executable).parent / "tilebot"
    proc = subprocess.run([str(exe), "simulate", "okey101"], capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_simulate_json_counts_every_game(capsys):
    code, out, _ = run(capsys, "simulate", "okey101", "--seats", "random,random,random,random",
                       "--games", "8", "--seed", "3", "--json")
    assert code == 0
    res = json.loads(out)
    lv = res["levels"]["random"]
    assert res["games"] == 8 and lv["seat_games"] == 32
    assert abs(lv["win_rate"] * 4 - 1) < 1e-3  # one win per game, shared on ties


def test_simulate_seats_sparring_players_only_where_a_game_has_them(capsys):
    # "heavy" (dominoes: the heaviest tile first) measures the levels against another way
    # of playing; it is no level of a table, and other games do not have it
    code, out, _ = run(capsys, "simulate", "dominoes", "--seats", "normal,heavy,heavy,heavy",
                       "--games", "40", "--seed", "3", "--json")
    assert code == 0
    res = json.loads(out)
    assert res["levels"]["heavy"]["seat_games"] == 120
    assert res["levels"]["normal"]["seat_games"] == 40
    code, _, err = run(capsys, "simulate", "rummikub", "--seats", "expert,heavy,heavy,heavy",
                       "--games", "1")
    assert code == 2 and "heavy" in err and err.count("\n") == 1
    # a wrong level lists the ones the game has: "heavy" only where there is one
    code, _, err = run(capsys, "simulate", "okey101", "--seats", "master,normal,normal,normal",
                       "--games", "1")
    assert err.endswith("levels: random, beginner, normal, expert\n")
    code, _, err = run(capsys, "simulate", "dominoes", "--seats", "master,normal,normal,normal",
                       "--games", "1")
    assert err.endswith("levels: random, beginner, normal, expert, heavy\n")


def test_demo_plays_a_round_to_the_score_table(capsys):
    code, out, _ = run(capsys, "demo", "--seed", "4")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0] == "Okey 101, seed 4" and "Seat 1 (Computer 1)" in out  # seats from 1
    assert lines[-1].startswith("The Okey 101 match is over. Winner: Computer ")


def test_demo_tells_every_game_as_a_chat_reads_it(capsys):
    """Every game, in the chosen language; each round's end names its winner and scores."""
    for game, first, end in (
            ("dominoes", "Dominoes, seed 3", "Seat 3 (Computer 3) opened with 0-0."),
            ("rummikub", "Rummikub, seed 3", "Round 1 is over: "),
            ("yuzbir", "Yüzbir, seed 3", "Round 1 is over: ")):
        code, out, err = run(capsys, "demo", game, "--seed", "3")
        assert code == 0 and not err, err
        assert out.startswith(first + "\n") and end in out
        assert out.strip().splitlines()[-1].startswith(f"The {first.split(',')[0]} match is over.")
    code, out, _ = run(capsys, "demo", "dominoes", "--seed", "3", "--lang", "tr")
    assert code == 0 and "Koltuk 3 (Bilgisayar 3)" in out and "Computer" not in out
    code, _, err = run(capsys, "demo", "--lang", "fr")
    assert code == 2 and err.count("\n") == 1


async def _played_dominoes_and_a_lobby(db):
    """A store with a finished dominoes game (Ali presses his first button each turn) and
    an Okey 101 lobby: (dominoes table, its outcome, the lobby's id)."""
    from bot.messages import Buttons
    from tests.bot.conftest import ALI, BUDI, Harness

    bot = await Harness(db).start()
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    while table.status == "playing":
        prompt = [m for m in bot.sent if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
        await bot.press(ALI, prompt.choices[0].payload)
    ended = table.state.outcome()
    await bot.say(BUDI, "/new rummikub", chat="g2")  # dealt, stopped before a move
    await bot.say(BUDI, "/start", chat="g2")
    stopped = bot.table("rummikub", chat="g2").id
    await bot.say(BUDI, "/stop", chat="g2")
    await bot.say(BUDI, "/new okey101")
    lobby = bot.table("okey101").id
    await bot.close()
    return table, ended, lobby, stopped


def test_record_gives_a_stored_game_that_replay_plays_to_the_same_end(tmp_path, capsys):
    db = tmp_path / "bot.db"
    table, ended, lobby, stopped = asyncio.run(_played_dominoes_and_a_lobby(db))

    code, out, err = run(capsys, "record", str(table.id), "--db", str(db))
    assert code == 0 and not err
    record = json.loads(out)
    assert record["game"] == "dominoes" and len(record["actions"]) == table.moves
    path = tmp_path / "record.json"
    path.write_text(out)
    code, out, _ = run(capsys, "replay", str(path), "--json")
    assert code == 0 and json.loads(out) == json.loads(json.dumps(ended))

    for argv, says in (((str(lobby), "--db", str(db)), "it has not started"),
                       ((str(stopped), "--db", str(db)), "it was stopped before its first move"),
                       (("99", "--db", str(db)), "no table 99"),
                       (("1", "--db", str(tmp_path / "none.db")), "no such file")):
        code, out, err = run(capsys, "record", *argv)
        assert code == 2 and not out and says in err and len(err.splitlines()) == 1
    assert not (tmp_path / "none.db").exists()  # asking made no empty store
    # a file that is no tilebot store is refused, and left as it was (a look writes nothing)
    empty, other = tmp_path / "empty.db", tmp_path / "other.db"
    empty.touch()
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE foo (x)")
    con.commit()
    con.close()
    before = other.read_bytes()
    for path in (empty, other):
        code, out, err = run(capsys, "record", "1", "--db", str(path))
        assert code == 2 and err == f"tilebot: error: {path} is not a tilebot store\n"
    assert empty.read_bytes() == b"" and other.read_bytes() == before
    code, out, err = run(capsys, "record", "99999999999999999999", "--db", str(db))
    assert code == 2 and "no table 99999999999999999999" in err and "Traceback" not in err


def test_record_reads_a_store_of_an_older_schema_without_bringing_it_up_to_date(tmp_path,
                                                                                capsys):
    """An older tilebot may still be playing on the file: a look that migrated its schema
    broke that bot's next write. The record comes from a copy; the file stays as it was."""
    from bot.store import MIGRATIONS

    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript(f"BEGIN;{MIGRATIONS[0]}\nPRAGMA user_version = 1;COMMIT;")
    con.execute("INSERT INTO tables (platform, chat, game, options, timer, bots, creator, "
                "status, seed, created) VALUES ('tg', 'g1', 'dominoes', '{}', 0, 'random', "
                "'1', 'playing', 7, 0)")
    con.execute("INSERT INTO moves (table_id, n, seat, action, how, at) "
                "VALUES (1, 0, 3, 'play 0-0', 'computer', 0)")
    con.commit()
    con.close()
    before = db.read_bytes()
    code, out, err = run(capsys, "record", "1", "--db", str(db))
    assert code == 0 and not err
    assert json.loads(out)["actions"] == ["play 0-0"] and json.loads(out)["seed"] == 7
    assert db.read_bytes() == before  # schema 1 still: the older bot writes on
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    con.close()


def test_replay_names_the_rounds_winner_as_the_group_was_told_Y19(capsys):
    """Round 4 of this single-player match: seat 2 went out, but its penalties left it above
    seat 4's score, the lowest, which wins (Y19): replay said seat 2 won."""
    path = Path(__file__).parent / "golden" / "yuzbir" / "single_went_out_outscored.json"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.splitlines()[4] == (
        "round 4: finished by discarding the last tile, winner seat 4 (seat 2 went out), "
        "scores seat 1: 500, seat 2: 190, seat 3: 180, seat 4: 100")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    fourth = json.loads(out)["rounds"][3]
    assert fourth["winner"] == 1 and fourth["winners"] == [3] and fourth["went_out"] == 1


def test_simulate_says_plainly_that_a_chat_tables_options_are_not_the_games(capsys):
    """`-o timer=20` (dominoes) was "unknown option 'timer'", though `/new` takes it: it is
    a chat table's option, which games between computers do not use."""
    for option in ("timer=20", "bots=expert", "league=off"):
        code, _, err = run(capsys, "simulate", "dominoes", "--seats",
                           "normal,normal,normal,normal", "--games", "1", "-o", option)
        key = option.split("=")[0]
        assert code == 2 and err == (
            f"tilebot: error: simulate plays the game only: {key} is an option of a table in "
            f"a chat (--seats names the computers' levels); the game's options: players, "
            f"dead_tiles, zero25, games\n")
    code, _, _ = run(capsys, "simulate", "okey101", "--seats", "random,random,random,random",
                     "--games", "1", "-o", "timer=15", "--json")  # Okey 101's own option
    assert code == 0


def test_replay_names_both_partners_as_a_rounds_winners_O_D11(capsys):
    """A partners round is the team's (O-D11): the chat said "Winners: Ali, Computer 3";
    replay named the one who went out alone, and --json had no `winners` (a scan)."""
    path = GOLDEN / "partners_doubling_3_rounds.json"
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.splitlines()[2].startswith(
        "round 2: finished by discarding the last tile, winner seat 1 and seat 3 (seat 1 went "
        "out), ")
    code, out, _ = run(capsys, "replay", str(path), "--json")
    second = json.loads(out)["rounds"][1]
    assert second["winner"] == 0 and second["winners"] == [0, 2] and second["went_out"] == 0


def test_simulate_counts_a_partners_win_whole_for_each_partner_O_D11(capsys):
    """Partners win as a team: a level seated as one team won 0.5 of the games it won
    all of (each partner got half a win). Seated as the two teams, the rates add to 1."""
    code, out, _ = run(capsys, "simulate", "okey101", "--seats", "expert,normal,expert,normal",
                       "--games", "6", "--seed", "3", "-o", "partners=on", "--json")
    assert code == 0
    levels = json.loads(out)["levels"]
    assert levels["expert"]["win_rate"] + levels["normal"]["win_rate"] == pytest.approx(1.0)
