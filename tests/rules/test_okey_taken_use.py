"""A taken discard's uses (O20, O-D9, O-D15; Yüzbir Y8, Y9), the moves listed while it waits
(O19), what it costs its discarder (O13, O20, O-D3), and the refusals a pairs opener or an
unopened player is given (O23, O-D8; Y9).

`can_use` (may the next seat take the discard and lay it this turn?) decides O-D15's draw at
an empty pile and whether an assisted table offers `take`; the engine checks each move made
while a take waits. Both ask one test, so what the engine accepts, `can_use` sees.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules import okey101, yuzbir
from rules import okey_actions as A
from rules.errors import IllegalAction
from rules.okey_melds import swap_okey
from rules.tiles import parse_tile

from . import test_yuzbir_helpers as Y
from .okey_helpers import GAME, make_deal, play


def _legal(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _refused(s, game, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        s.apply(game.parse_action(text))
    return e.value


# ----- Okey 101: a rack tile frees a table okey for a new meld with the taken tile ---------
# Indicator y7: the okey is y8 (`*`), and F plays as y8. Seat 0's k8 is on offer to seat 1,
# who holds r4 b6 and a third tile; b4 b5 * b7 lies on the table, its okey standing for b6.
# With F, seat 1 can take k8, put b6 in place of the okey (O19) and lay k8 F * (O16).
def _k8_on_offer(third: str, pile_out: bool = True):
    """Seat 1 opened with b4 b5 * b7 | r10 r11 r12 r13 | b11 k11 y11 and holds r4 b6
    `third`; the pile is out (`pile_out`, as O-D15 finds it) when seat 0 throws k8."""
    d = make_deal(["y1 k8", f"b4 b5 * b7 r10 r11 r12 r13 b11 k11 y11 r4 b6 {third}", "", ""],
                  indicator="y7", pile="r1 b1 k1 y2")
    s = play(d, ["discard y1", "draw", "open b4 b5 * b7 | r10 r11 r12 r13 | b11 k11 y11",
                 "discard r1", "draw", "discard b1", "draw", "discard k1", "draw"])
    if pile_out:
        s.r.pile = []  # the pile ran out with seat 0's draw
    s.apply(GAME.parse_action("discard k8"))
    return s


def test_O_D15_O19_O20_no_draw_while_a_rack_tile_can_free_a_table_okey_for_the_discard():
    k8 = parse_tile("k8")
    s = _k8_on_offer("F")
    assert s.outcome()["rounds"] == [] and s.current_player == 1  # no draw (O-D15)
    assert s.can_use(1, k8) and _legal(s) == ["take"]
    s.apply(A.Take())
    # O19: every legal swap is listed while the take waits, not only the taken tile's own
    assert "swap b6 in 1" in _legal(s)
    s.apply(GAME.parse_action("swap b6 in 1"))
    # O-D9: laid, so no return; the one use left is a new meld, and it is listed
    assert "return" not in _legal(s) and _legal(s)[-1] == "meld k8 F *"
    events = s.apply(GAME.parse_action("meld k8 F *"))
    assert s.r.taken is None
    assert events[-1].public == {"seat": 0, "points": 80, "rule": "O20"}  # k8 x 10
    s.apply(GAME.parse_action("discard r4"))
    rnd = s.outcome()["rounds"][0]
    assert (rnd["ending"], rnd["winner"]) == ("hand", 1)

    # y3 for F: no meld takes k8 even with the okey, so the empty pile ends the round as a
    # draw (O-D15), and after a take the swap is neither listed nor accepted (it would
    # leave k8 nowhere to go, O-D9)
    s = _k8_on_offer("y3")
    assert not s.can_use(1, k8) and s.outcome()["rounds"][0]["ending"] == "draw"
    s = _k8_on_offer("y3", pile_out=False)
    s.apply(A.Take())
    assert _legal(s) == ["return"]
    e = _refused(s, GAME, "swap b6 in 1")
    assert (e.rule, e.key) == ("O20", "okey.error.taken_unused")


def _k8_for_an_unopened_seat(third: str, pile_out: bool = True):
    """Seat 0 opens with b4 b5 * b7 | y10 y11 y12 y13; seat 1, not opened, holds
    r10 r11 r12 r13 b11 k11 y11 r4 b6 `third` when seat 0 throws k8."""
    d = make_deal(["b4 b5 * b7 y10 y11 y12 y13 y1 k8",
                   f"r10 r11 r12 r13 b11 k11 y11 r4 b6 {third}", "", ""],
                  indicator="y7", pile="r1 b1 k1 y2")
    s = play(d, ["open b4 b5 * b7 | y10 y11 y12 y13", "discard y1", "draw", "discard r1",
                 "draw", "discard b1", "draw", "discard k1", "draw"])
    if pile_out:
        s.r.pile = []
    s.apply(GAME.parse_action("discard k8"))
    return s


def test_O20_O_D15_an_unopened_player_may_open_free_a_table_okey_and_meld_the_discard():
    """Seat 1 has not opened: it can take k8, open without it (O14), take the okey of
    b4 b5 * b7 back with its b6 (O19, O-D5) and lay k8 F * (O16): k8 is of use (O20), so
    the empty pile is no draw (O-D15), and the opening that leaves k8 for later stands."""
    k8 = parse_tile("k8")
    s = _k8_for_an_unopened_seat("F")
    assert s.outcome()["rounds"] == [] and s.can_use(1, k8)
    for move in ("take", "open r10 r11 r12 r13 | b11 k11 y11", "swap b6 in 1", "meld k8 F *"):
        s.apply(GAME.parse_action(move))
    assert s.r.taken is None and s.r.opened[1] == "melds"
    # without F no meld takes k8: a draw; and an opening that leaves k8 unused is refused
    assert _k8_for_an_unopened_seat("y3").outcome()["rounds"][0]["ending"] == "draw"
    s = _k8_for_an_unopened_seat("y3", pile_out=False)
    s.apply(A.Take())
    e = _refused(s, GAME, "open r10 r11 r12 r13 | b11 k11 y11")
    assert (e.rule, e.key) == ("O20", "okey.error.taken_unused")


# ----- Okey 101: what a taken okey costs its discarder (O20, O13, O-D3) -------------------
def test_O20_O13_O_D3_a_taken_okey_laid_as_the_1_after_13_costs_its_discarder_10():
    """An okey laid as the 1 after 13 stands for a 1 (O13): its discarder pays 1 x 10 (O20),
    as for a real b1; O-D3's 14 counts in the opening sum only (46 + 12 + 13 + 14 = 85)."""
    charged = {}
    for thrown in ("*", "b1"):
        d = make_deal([f"r5 r6 r7 k10 k11 k12 k13 {thrown}", "b12 b13 r10 r11 r12 r13 b10 y10",
                       "", ""], indicator="y3")
        s = play(d, ["open r5 r6 r7 | k10 k11 k12 k13", f"discard {thrown}", "take"])
        before = s.r.penalties[0]
        events = s.apply(GAME.parse_action(f"open r10 r11 r12 r13 | b12 b13 {thrown}"))
        assert events[0].public["value"] == 85 and s.r.last_opening == 85
        assert s.r.taken is None
        charged[thrown] = s.r.penalties[0] - before
    assert charged == {"*": 10, "b1": 10}


# ----- Yüzbir: can_use sees every new combination the engine accepts (Y8, Y9) -------------
def test_Y8_Y9_a_runs_opener_may_take_a_discard_to_pair_it_onto_a_pairs_opener():
    """Seat 0 opened with runs, seat 1 with pairs: seat 3's k9 makes a pair with seat 0's
    k9, which seat 0 may lay onto seat 1's pairs (Y9), a new combination (Y8): the discard
    is of use, so an assisted table offers `take`. Not when the pair would empty the rack,
    whose last tile must be discarded (Y14, O9)."""
    d = Y.deal(["r5 r6 r7 b10 b11 b12 k9", "k13 k13 b13 b13 r1 r1", "", "k9 y2 y3"],
               pile="y7 y8 k2 k4")
    s = Y.play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}",
                   "draw", "pairs k13 k13 | b13 b13 | r1 r1", "discard y7",
                   "draw", "discard y8", "draw", "discard k9"])
    assert s.r.opened[:2] == ["melds", "pairs"] and s.current_player == 0
    assert s.can_use(0, parse_tile("k9"))
    assert not s.can_use(0, parse_tile("y9"))  # no y9 to pair it with, no meld for it
    Y.act(s, "take")
    events = Y.act(s, "pairs k9 k9 to 1")
    assert events[0].key == "yuzbir.pairs_given" and s.r.taken is None

    # seat 0 opens with 13 tiles and keeps k9 alone
    d = Y.deal(["r5 r6 r7 r8 r9 r10 r11 b10 b11 b12 b1 b2 b3 k9 y1",
                "k13 k13 b13 b13 k12 k12 k11 k11", "", "k9 y2 y3"], pile="y7 y8 k2 k4")
    s = Y.play(d, ["open r5 r6 r7 r8 r9 r10 r11 | b10 b11 b12 | b1 b2 b3", "discard y1",
                   "draw", "pairs k13 k13 | b13 b13 | k12 k12 | k11 k11", "discard y7",
                   "draw", "discard y8", "draw", "discard k9"])
    assert s.r.opened[:2] == ["melds", "pairs"] and s.current_player == 0
    assert list(s.r.hands[0].elements()) == [parse_tile("k9")]
    assert not s.can_use(0, parse_tile("k9"))
    Y.act(s, "take")
    assert _refused(s, yuzbir.GAME, "pairs k9 k9 to 1").key == "okey.error.keep_one"


def _yuzbir_b5_on_offer(first: str, swapper: str):
    """Seat 0 opens with `first` | b10 b11 b12; seat 1 opens with k9 k10 k11 | y9 y10 y11
    and keeps `swapper` k5; seat 0 then throws b5, which makes no combination with seat 1's
    rack unless an okey joins it (b5 k5 *)."""
    d = Y.deal([f"{first} b10 b11 b12 b5", f"k9 k10 k11 y9 y10 y11 {swapper} k5", "", ""],
               pile="r1 b1 k1 y2")
    s = Y.play(d, [f"open {first} | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}",
                   "draw", "open k9 k10 k11 | y9 y10 y11", "discard r1",
                   "draw", "discard b1", "draw", "discard k1", "draw", "discard b5"])
    assert s.current_player == 1 and s.r.opened[:2] == ["melds", "melds"]
    return s


def test_Y8_Y11_Y13_a_discard_usable_with_the_okey_a_rack_tile_takes_back():
    """Seat 1 can take b5, put its r6 in place of the okey of r5 * r7 (Y11) and lay
    b5 k5 *, a new combination (Y8). From a group of three no okey may be taken (Y13):
    there b5 is of no use."""
    b5 = parse_tile("b5")
    s = _yuzbir_b5_on_offer("r5 * r7", "r6")
    assert s.can_use(1, b5)
    Y.act(s, "take")
    assert "swap r6 in 1" in _legal(s)  # listed while the take waits
    Y.act(s, "swap r6 in 1")
    Y.act(s, "meld b5 k5 *")
    assert s.r.taken is None and s.r.penalties[0] == 60  # Y11: the swapped 6 x 10
    s = _yuzbir_b5_on_offer("r6 b6 *", "k6")
    assert not s.can_use(1, b5)
    Y.act(s, "take")
    assert _refused(s, yuzbir.GAME, "swap k6 in 1").rule == "Y13"


# ----- every legal swap is listed while a take waits (O19, O20, Y8) ------------------------
@pytest.mark.parametrize("game", [okey101.GAME, yuzbir.GAME], ids=["okey101", "yuzbir"])
def test_O19_O20_Y8_legal_actions_list_every_legal_swap_and_never_run_out(game):
    """Random games whose players take every discard they can use: while a take waits,
    every okey swap the rules accept is listed (O19), and the listed moves never run out
    (O-D9: once something is laid the take cannot be returned)."""
    from rules.ai.random_agent import RandomAgent

    agent = RandomAgent(game)
    waits = 0
    for seed in range(6):
        s = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        while not s.is_finished:
            r = s.r
            legal = s.legal_actions()
            assert legal, (seed, r.turn)
            if r.phase == "draw" and A.Take() in legal and s.can_use(r.seat, r.last_discard[1]):
                s.apply(A.Take())
                continue
            if r.phase == "play" and r.taken is not None:
                waits += 1
                hand = r.hands[r.seat]
                accepted = {str(A.Swap(t, n)) for n, tm in enumerate(r.table, 1) for t in hand
                            if tm.pair is None and swap_okey(tm.meld, t, s.okey_kind, s.ace_high)
                            and s.is_legal(A.Swap(t, n))}
                assert accepted <= {str(a) for a in legal}, (seed, r.turn)
            s.apply(agent.choose(s.view(s.current_player), rng))
    assert waits > 20


# ----- refusals: what a pairs opener or an unopened player is told (O23, O-D8, Y9) ---------
def _okey_pairs_opener():
    """Seat 1 opened with five pairs and holds r5 r6 r7 b7; seat 0's b4 b5 b6 lies on the
    table (Okey 101, indicator y12)."""
    d = make_deal(["r10 r11 r12 r13 b4 b5 b6",
                   "k1 k1 k3 k3 y5 y5 k9 k9 b9 b9 r5 r6 r7 b7", "", ""], pile="y1 y2")
    return play(d, ["open r10 r11 r12 r13 | b4 b5 b6", "discard " + d["hands"][0].split()[-1],
                    "draw", "pairs k1 k1 | k3 k3 | y5 y5 | k9 k9 | b9 b9"])


def test_O23_O_D8_a_pairs_opener_is_told_it_lays_no_runs_and_adds_nothing():
    s = _okey_pairs_opener()
    assert s.r.opened[1] == "pairs"
    for text in ("meld r5 r6 r7", "open r5 r6 r7"):
        e = _refused(s, GAME, text)
        assert (e.rule, e.key) == ("O23", "okey.error.pairs_player_no_melds")
    for text in ("add b7 to 2", "swap b7 in 2"):
        e = _refused(s, GAME, text)
        assert (e.rule, e.key) == ("O-D8", "okey.error.pairs_player_no_adds")
    assert okey101.MESSAGES["okey.error.pairs_player_no_melds"].startswith("You opened with pairs")
    assert okey101.MESSAGES["okey.error.pairs_player_no_adds"].startswith("You opened with pairs")


def test_Y6_Y3_yuzbir_refusals_cite_its_own_rules_not_okey_101s_mapped():
    """Laying a meld before opening is refused by Y6 and points to /open (Okey 101's O16
    text spoke of runs or sets only); a tile that fits no meld answers to Y3, not Y11."""
    d = Y.deal(["r5 r6 r7 b10 b11 b12 y1", "k11 k12 k13 r11 r12 r13 y9 r1", "", ""], pile="k2")
    s = Y.play(d, ["open r5 r6 r7 | b10 b11 b12", "discard y1", "draw"])
    e = _refused(s, yuzbir.GAME, "meld k11 k12 k13")
    assert (e.rule, e.key) == ("Y6", "yuzbir.error.open_first")
    assert "/open" in yuzbir.MESSAGES[e.key] and "pairs" in yuzbir.MESSAGES[e.key]
    Y.act(s, "open k11 k12 k13 | r11 r12 r13")  # 24 points, over the limit of 17
    e = _refused(s, yuzbir.GAME, "add y9 to 1")
    assert (e.rule, e.key) == ("Y3", "okey.error.does_not_fit")


def test_Y9_a_pairs_opener_is_told_it_lays_no_runs_and_an_unopened_player_to_open_first():
    d = Y.deal(["k13 k13 b13 b13 r1 r1 y5 y6 y7", "", "", ""])
    s = Y.play(d, ["pairs k13 k13 | b13 b13 | r1 r1"])
    for text in ("meld y5 y6 y7", "open y5 y6 y7"):
        e = _refused(s, yuzbir.GAME, text)
        assert (e.rule, e.key) == ("Y9", "yuzbir.error.pairs_player_no_runs")
    # unopened, seat 1 may not add yet; once opened with pairs it may, to runs (Y9)
    d = Y.deal(["r5 r6 r7 b10 b11 b12", "r8 k13 k13 b13 b13 r1 r1", "", ""], pile="k2")
    s = Y.play(d, ["open r5 r6 r7 | b10 b11 b12", "discard " + d["hands"][0].split()[-1],
                   "draw"])
    e = _refused(s, yuzbir.GAME, "add r8 to 1")
    assert (e.rule, e.key) == ("Y6", "yuzbir.error.not_opened")  # opening first is Y6's
    assert "pairs" in yuzbir.MESSAGES[e.key]
    Y.act(s, "pairs k13 k13 | b13 b13 | r1 r1")
    assert Y.keys(Y.act(s, "add r8 to 1"))[0] == "okey.added"
    assert Counter(s.r.table[0].tiles) == Counter(parse_tile(t) for t in "r5 r6 r7 r8".split())


def test_O20_the_assisted_hint_after_a_take_offers_an_opening_that_lays_the_taken_tile():
    """Seat 2 takes b1: the most valuable opening of its rack (r11 r12 * and the rest, 102)
    leaves b1 with nowhere to go, which O20 forbids; an opening with b1 (* b1 y1, the okey
    moved there) still reaches 51. The hint (and so the button) offers that one, not
    nothing: a player who only presses buttons was left with `return`."""
    s = play(make_deal(["b1", "r11 r12 * b5 k5 y5 k9 k10 k11 y7 b7 k7 y1", "", ""]),
             ["discard b1", "take"])
    hint = s.view(1).to_json()["hints"]["opening"]
    assert hint is not None and hint["value"] >= 51
    assert any("b1" in meld for meld in hint["melds"])
    s.apply(GAME.parse_action("open " + " | ".join(" ".join(m) for m in hint["melds"])))
    assert s.r.opened[1] == "melds"


@pytest.mark.parametrize("add, worth", [("add * to 1", 13), ("add * to 1 low", 9)])
def test_O20_O13_a_taken_okey_added_beside_another_is_worth_what_it_stands_for_there(add, worth):
    """A scan: the taken okey added to b10 * b12 (the okey b6) stands for b13, but the
    discarder's O20 charge valued it as the okey already in the meld (b11: 110, beside the
    O18 charge of 130 for the same tile in the same move)."""
    deal = make_deal(["b10 * b12 r10 r11 r12 r13 *", "k5 k6 k7 k8 y9 y10 y11 r3", "", ""],
                     indicator="b5")
    s = play(deal, ["open b10 * b12 | r10 r11 r12 r13", "discard *", "take",
                    "open k5 k6 k7 k8 | y9 y10 y11"])
    events = s.apply(A.parse_action(add))
    charges = {e.public["rule"]: e.public["points"] for e in events if e.key == "okey.penalty"}
    assert charges == {"O20": worth * 10, "O18": worth * 10}
