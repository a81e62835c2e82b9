"""`tilebot hint`: --batch lines with JSON lists and wrong types (no traceback, and the
command's own --json output goes back in), and Yüzbir's opening limits in words (Y6)."""

from __future__ import annotations

import json

from bot.cli import main
from rules import find_game


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(["hint", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def batch(tmp_path, capsys, lines: list) -> list[dict]:
    path = tmp_path / "pos.jsonl"
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    code, out, err = run(capsys, "rummikub", "--batch", str(path))
    assert code == 0 and err == ""
    results = [json.loads(x) for x in out.splitlines()]
    assert len(results) == len(lines)
    return results


def test_K7_hint_batch_takes_table_and_rack_as_json_lists(tmp_path, capsys):
    results = batch(tmp_path, capsys, [
        {"table": [["b5", "b6", "b7"]], "rack": ["b8"], "initial": False, "play": "b8"},
        {"table": [["b5", "b6", "b7"], "r1 r2 r3"], "rack": ["b8", "r4"], "play": ["b8"]},
        {"table": [], "rack": ["r10", "b10", "k10"], "initial": True},
    ])
    assert results[0]["played"] == ["b8"] and results[0]["table"] == [["b5", "b6", "b7", "b8"]]
    assert results[1]["played"] == ["b8"]
    assert results[1]["table"] == [["r1", "r2", "r3"], ["b5", "b6", "b7", "b8"]]
    assert results[2]["played"] == ["r10", "b10", "k10"]


def test_K7_hint_json_output_fed_back_to_batch(tmp_path, capsys):
    code, out, _ = run(capsys, "rummikub", "--table", "r1 r2 r3 | b7 k7 y7", "--rack", "r4 y1",
                       "--json")
    first = json.loads(out)
    assert code == 0
    again = batch(tmp_path, capsys, [{"table": first["table"], "rack": ["r5"]}])[0]
    assert again["played"] == ["r5"] and ["r1", "r2", "r3", "r4", "r5"] in again["table"]


def test_hint_batch_wrong_types_are_errors_and_the_batch_goes_on(tmp_path, capsys):
    results = batch(tmp_path, capsys, [
        {"table": 5, "rack": "b8"},
        {"table": [5], "rack": "b8"},
        {"table": {"a": 1}, "rack": "b8"},
        {"table": "", "rack": 7},
        {"table": "", "rack": [["b8"]]},
        {"table": "", "rack": "b8", "play": {"x": 1}},
        {"table": "", "rack": "r10 b10 k10", "initial": [1]},
        {"table": "", "rack": ["r10", "b10", "q10"]},
        "[1, 2]",
        "[" * 100000,  # nested too deep for the JSON reader
        {"table": "r1 r2 r3", "rack": ["r4"]},
    ])
    for r in results[:-1]:
        assert set(r) == {"error"} and isinstance(r["error"], str), r
    assert "table must be" in results[0]["error"] and "a number" in results[0]["error"]
    assert "each set of the table" in results[1]["error"]
    assert "rack must be" in results[4]["error"] and "a list holding a list" in results[4]["error"]
    assert "play must be" in results[5]["error"] and "initial" in results[6]["error"]
    assert "q10" in results[7]["error"]
    assert results[-1]["played"] == ["r4"]


def test_hint_batch_a_line_not_utf8_is_one_error(tmp_path, capsys):
    path = tmp_path / "pos.jsonl"
    path.write_bytes(b'{"table": "r1 r2 r3", "rack": "r4\xff"}\n'
                     + json.dumps({"table": "r1 r2 r3", "rack": "r4"}).encode() + b"\n")
    code, out, _ = run(capsys, "rummikub", "--batch", str(path))
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and "error" in results[0] and results[1]["played"] == ["r4"]


def test_hint_single_position_keeps_its_text_options():
    game = find_game("rummikub")
    res = game.hint({"table": "r1 r2 r3", "rack": "r4", "initial": None, "play": None})
    assert res["played"] == ["r4"]
    assert game.hint({"table": [["r1", "r2", "r3"]], "rack": ["r4"]})["played"] == ["r4"]


HAND = "r1 r2 r3 r4 b7 k7 y7 b1 b1 k3 k3 y9 y10 y11 k12"


def test_Y6_hint_yuzbir_words_the_opening_limits(capsys):
    code, out, _ = run(capsys, "yuzbir", "--indicator", "r5", "--hand", HAND)
    assert code == 0
    assert out.splitlines()[-1] == ("opening limit: 17 points with runs and groups, 26 with "
                                    "pairs (Y6)")
    assert "pair_limit" not in out and "limit: 17\n" not in out
    code, out, _ = run(capsys, "yuzbir", "--indicator", "r5", "--hand", HAND, "--json")
    assert (json.loads(out)["limit"], json.loads(out)["pair_limit"]) == (17, 26)  # JSON as was
    code, out, _ = run(capsys, "okey101", "--indicator", "r5", "--hand", HAND)
    assert "limit" not in out  # Okey 101 has none


def test_K7_hint_batch_answers_a_blank_line_so_results_keep_their_lines(tmp_path, capsys):
    """A blank line was skipped: every result after it stood on the line before its own."""
    results = batch(tmp_path, capsys, [
        {"table": "", "rack": "r10 b10 k10", "initial": True}, "",
        {"table": "r1 r2 r3", "rack": ["r4"]}])
    assert results[1] == {"error": "an empty line: no position"}
    assert results[2]["played"] == ["r4"]


def test_K3_K4_a_table_set_of_two_tiles_is_called_too_short_as_in_a_chat(capsys):
    """`hint rummikub --table "r1 r2"` said "not a valid set"; a chat says too short."""
    code, _, err = run(capsys, "rummikub", "--table", "r1 r2", "--rack", "r4")
    assert code == 2 and err == "tilebot: error: r1 r2 is too short: a set needs at least 3 tiles\n"
