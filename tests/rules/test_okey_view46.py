"""What a table meld's okeys stand for, told with the meld (O-D4, O-D10, O19)."""

from __future__ import annotations

from .test_yuzbir_helpers import deal, play


def _melds(s) -> list[dict]:
    return s.view(1).to_json()["melds"]


def test_O_D4_a_runs_okey_stands_for_its_place_and_a_sets_for_either_missing_colour():
    """Seat 1 opened with r5 * r7 and k11 b11 *: the caption showed bare stars; a reader
    could not tell what to swap in (O19)."""
    d = deal(["r5 * r7 k11 b11 * r1", "", "", ""], pile="b2 b3 b4")
    s = play(d, ["open r5 * r7 | k11 b11 *", "discard r1"])
    run, group = _melds(s)
    assert (run["tiles"], run["okeys"]) == (["r5", "*", "r7"], ["r6"])
    assert (group["tiles"], group["okeys"]) == (["b11", "k11", "*"], ["r11/y11"])


def test_O_D10_a_pairs_okey_stands_for_its_partner():
    d = deal(["b9 * r1 r1 k5 k5 y7 y7 b2 b2 k12 k12 y3", "", "", ""], pile="b3 b4 b5")
    s = play(d, ["pairs b9 * | r1 r1 | k5 k5 | y7 y7 | b2 b2 | k12 k12", "discard y3"])
    (paired,) = [m for m in _melds(s) if "*" in m["tiles"]]
    assert paired["okeys"] == ["b9"]
