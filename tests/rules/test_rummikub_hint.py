"""`tilebot hint rummikub`: options, JSON shape, the intent form and --batch."""

from __future__ import annotations

import json

from bot.cli import main


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(["hint", "rummikub", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_hint_json_best_move(capsys):
    code, out, _ = run(capsys, "--table", "r1 r2 r3 | b7 k7 y7", "--rack", "r4 r7 J y1", "--json")
    res = json.loads(out)
    assert code == 0
    assert set(res) == {"table", "played", "value", "tiles", "ms"}
    assert sorted(res["played"]) == sorted(["r4", "r7", "y1", "J"])
    assert (res["value"], res["tiles"]) == (42, 4)
    flat = sorted(t for s in res["table"] for t in s)
    assert flat == sorted("r1 r2 r3 r4 b7 k7 y7 r7 y1 J".split())
    assert res["ms"] >= 0


def test_hint_K6_initial_and_impossible(capsys):
    _, out, _ = run(capsys, "--rack", "r10 b10 k9 r1 r2", "--initial", "--json")
    assert json.loads(out)["impossible"] is True and "short" not in json.loads(out)
    # no initial meld yet, but sets worth less than 30: the best of them, and its worth
    _, out, _ = run(capsys, "--rack", "b1 b2 b3 b4 b5 r4 k4 y9", "--initial", "--json")
    res = json.loads(out)
    assert res["impossible"] is True
    assert res["short"] == {"sets": [["b1", "b2", "b3"], ["r4", "b4", "k4"]], "value": 18,
                            "need": 30}
    _, out, _ = run(capsys, "--rack", "b1 b2 b3 b4 b5 r4 k4 y9", "--initial")
    assert out.startswith("No initial meld yet: the best sets, b1 b2 b3 | r4 b4 k4, are worth "
                          "18 of the 30 needed (K6; ")
    _, out, _ = run(capsys, "--rack", "r10 b10 k10 r1 r2", "--initial", "--json")
    assert json.loads(out)["played"] == ["r10", "b10", "k10"]
    # K6: an initial meld's joker counts the number it stands for (r12 here), not 30 (K10)
    _, out, _ = run(capsys, "--rack", "r10 r11 r13 J b2", "--initial", "--json")
    assert json.loads(out)["value"] == 10 + 11 + 12 + 13
    _, out, _ = run(capsys, "--table", "k1 k2 k3", "--rack", "r10 r11 r13 J b2", "--json")
    assert json.loads(out)["value"] == 10 + 11 + 13 + 30  # later: what leaves the rack


def test_hint_K6_short_initial_has_the_most_points(capsys):
    """K6: the practice hint's "best sets ... worth N of the 30 needed" is the layout worth
    the most initial-meld points (a joker counts as the number it stands for), not the one
    putting the most rack value down (a joker 30, K10)."""
    for rack, sets, points in [
        ("b5 J b7 r2 b2 J", [["b5", "J", "b7", "J"]], 26),  # not r2 b2 J | b5 J b7: 24
        ("r1 y1 J k2 k3 k4", [["k2", "k3", "k4", "J"]], 14),  # not r1 y1 J | k2 k3 k4: 12
    ]:
        _, out, _ = run(capsys, "--rack", rack, "--initial", "--json")
        assert json.loads(out)["short"] == {"sets": sets, "value": points, "need": 30}
    # two layouts of 12 (y1 y2 J | r2 b2 k2, b1 b2 J | r2 k2 y2), not b1 y1 J | r2-y2 (11)
    _, out, _ = run(capsys, "--rack", "r2 b2 k2 y2 b1 y1 J", "--initial", "--json")
    short = json.loads(out)["short"]
    assert short["value"] == 12 and sum(map(len, short["sets"])) == 6


def test_hint_play_intent(capsys):
    _, out, _ = run(capsys, "--table", "r1 r2 r3 | b7 k7 y7", "--rack", "r4 r7 J y1",
                    "--play", "r7", "--json")
    res = json.loads(out)
    assert res["played"] == ["r7"] and res["tiles"] == 1
    _, out, _ = run(capsys, "--table", "r1 r2 r3", "--rack", "r4 y9", "--play", "y9", "--json")
    assert json.loads(out)["impossible"] is True


def test_hint_rejects_bad_input(capsys):
    code, _, err = run(capsys, "--table", "r1 r3 r4 | b7 k7 y7", "--rack", "r4")
    assert code == 2 and "not a valid set: r1 r3 r4" in err
    code, _, err = run(capsys, "--table", "r1 r2 r3", "--rack", "r1 r1")
    assert code == 2 and "r1" in err
    code, _, err = run(capsys, "--table", "r1 r2 r3", "--rack", "r4", "--play", "r5")
    assert code == 2


def test_hint_text_output(capsys):
    _, out, _ = run(capsys, "--table", "r1 r2 r3", "--rack", "r4")
    assert out.startswith("Put down r4 (value 4, 1 tile;")


def test_hint_batch(tmp_path, capsys):
    path = tmp_path / "pos.jsonl"
    lines = [
        {"table": "r1 r2 r3", "rack": "r4 b5", "initial": False},
        {"table": "", "rack": "r10 b10 k10", "initial": True},
        {"table": "", "rack": "r10 b10 k9", "initial": True},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n\nnot json\n")
    code, out, _ = run(capsys, "--batch", str(path))
    results = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and len(results) == 5  # one per line, the blank one too
    assert results[0]["played"] == ["r4"]
    assert results[1]["played"] == ["r10", "b10", "k10"]
    assert results[2]["impossible"] is True
    assert results[3] == {"error": "an empty line: no position"}
    assert "error" in results[4]


def test_K6_the_hint_s_initial_meld_points_are_the_ones_the_meld_then_counts():
    """The hint's layout put the joker elsewhere than `place` then did: it promised 75
    points and the engine announced 78. Its figure is now that of the move made."""
    from rules.rummikub import GAME, Config

    rack = "r4 r5 r9 r11 r12 r13 b2 b4 b9 k7 k9 k12 y13 J"
    s = GAME.new(Config(players=2), deals=[{"first": 0, "hands": [
        rack, "r1 r2 r3 b5 b6 b7 k1 k2 k3 y5 y6 y7 y10 y11"]}])
    hint = GAME.hint_for_view(s.view(0))
    events = s.apply(GAME.parse_action("place " + " ".join(hint["played"]), s.view(0)))
    [meld] = [e for e in events if e.key == "rummikub.melded"]
    assert meld.public["points"] == hint["value"]
