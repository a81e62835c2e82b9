"""Y-D2, Y7: the fourth 13 added to one's own three 13s makes the opening's 17 a 14 (a
scan: the discard still completed it, the limit fell to 14 and the next opener needed
only 15; the rack's hint offered that very addition). Such an addition is refused."""

from __future__ import annotations

from .test_yuzbir_helpers import act, deal, play
from .test_yuzbir_rules import last, refused


def test_Y_D2_Y7_a_fourth_13_that_would_make_ones_opening_short_is_refused():
    d = deal(["r13 b13 k13 y13", "b4 b5 b6 k10 y10 r10", "", ""], indicator="r5")
    s = play(d, ["open r13 b13 k13"])  # 17: enough
    e = refused(s, "add y13 to 1")  # four 13s: 14 (Y-D2), short of 17
    assert e.rule == "Y7" and e.key == "yuzbir.error.add_makes_short"
    assert e.params == {"tile": "y13", "n": 1, "value": 14, "need": 17}
    events = act(s, f"discard {last(d, 0)}")
    assert events[-1].public == {"seat": 0, "value": 17, "limit": 17}


def test_Y7_Y11_the_fourth_13_cannot_unmake_an_opening_that_added_to_anothers_meld():
    """A regression scan: the addition was accepted, the opening then taken back at the
    discard, and the tile added to the other seat's meld (and its charge) stayed there,
    from a player who never opened."""
    d = deal(["r12 b12 k12 y5 y6 y7 r1", "r13 b13 k13 y13 k3 k4 k5 y12", "", ""],
             indicator="r9")
    s = play(d, ["open r12 b12 k12 | y5 y6 y7", "discard r1", "draw",
                 "open r13 b13 k13 | k3 k4 k5", "add y12 to 1"])
    assert refused(s, "add y13 to 3").key == "yuzbir.error.add_makes_short"
    assert s.r.opened[1] == "melds"


def test_Y7_the_fourth_13_that_would_make_ones_opening_short_is_not_a_listed_move():
    d = deal(["r13 b13 k13 y13 k10 k11 k12 r1", "", "", ""], indicator="r5")
    s = play(d, ["open r13 b13 k13"])
    assert "add y13 to 1" not in s.view(0).legal  # (nor in the rack's hint: "You can add")
    assert "y13" not in s.view(0).to_json()["hints"]["adds"]
    act(s, "open k10 k11 k12")  # 17 + 11 = 28: the 13s' 3 points less would still do
    assert "add y13 to 1" in s.view(0).legal
    act(s, "add y13 to 1")  # typed, it is a move all the same
    assert s.r.opened[0] == "melds"
    assert act(s, f"discard {last(d, 0)}")[-1].public == {"seat": 0, "value": 25,
                                                            "limit": 25}


def test_Y9_pairs_laid_onto_oneself_are_refused_in_ones_own_words():
    """`/pairs r3 r3 to 2` by seat 2 itself said "Seat 2 has not opened with pairs"."""
    from .test_yuzbir_rules import _pairs_and_runs, refused

    _d, s = _pairs_and_runs()
    act(s, "discard y1")
    act(s, "draw")  # seat 1, opened with runs
    e = refused(s, "pairs r3 r3 to 1")
    assert e.rule == "Y9" and e.key == "yuzbir.error.pairs_onto_pairs_players"
    assert refused(s, "pairs r3 r3 to 2").key == "yuzbir.error.pairs_to_target"  # another


def test_Y9_pairs_to_a_name_asks_for_the_seat_number():
    """`/pairs b5 b5 to Budi` said "Not a tile: to"."""
    import pytest

    from rules.errors import InvalidAction
    from rules.okey_actions import parse_action

    with pytest.raises(InvalidAction) as e:
        parse_action("pairs b5 b5 to Budi")
    assert e.value.key == "error.pairs_to_form"
    assert str(parse_action("pairs b5 b5 to 2")) == "pairs b5 b5 to 2"


def test_Y9_a_seat_named_twice_asks_for_the_form():
    """`/pairs r7 r7 to 3 to 3` said "Not a tile: to3", a word never typed."""
    import pytest

    from rules.errors import InvalidAction
    from rules.okey_actions import parse_action

    with pytest.raises(InvalidAction) as e:
        parse_action("pairs r7 r7 to 3 to 3")
    assert e.value.key == "error.pairs_to_form"


def test_Y10_an_okey_asked_at_a_used_low_end_is_refused_by_Y10():
    """A scan: after `add r4 to 1` (r4 r5 r6 r7), `add * to 1 low` was "Meld 1 has no low
    end (it starts at 1)" under Y3: the low end is used this turn (Y10); `add * to 1`, the
    high end, still lays it."""
    import pytest

    from rules.errors import IllegalAction

    from .test_yuzbir_helpers import act, deal, keys, play

    d = deal(["r5 r6 r7 b9 b10 b11 k9 k10 k11 r4 *", "", "", ""], indicator="y1")
    s = play(d, ["open r5 r6 r7 | b9 b10 b11 | k9 k10 k11", "add r4 to 1"])
    with pytest.raises(IllegalAction) as e:
        act(s, "add * to 1 low")
    assert (e.value.rule, e.value.key) == ("Y10", "yuzbir.error.end_used")
    assert keys(act(s, "add * to 1")) == ["okey.added"]
