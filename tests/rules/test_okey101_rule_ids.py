"""Okey 101: focused tests for O2, O5, O11, O12, O25, O29, O-D1, O-D5, O-D7, O-D12, O-D14."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import DealError
from rules.okey_deal import random_deal
from rules.record import ReplayError, replay
from rules.tiles import FAKE, WILD, format_tile, parse_tile

from .okey_helpers import GAME, make_deal, play

# Indicator y12 (make_deal's default) -> the okey is y13, written `*`.
OPENER_1 = "k10 k11 k12 k13 y8 y9 y10"  # 46 + 27 = 73
FINISH = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b1 b2 b3"  # 14 tiles laid at once
FINISH_LAY = "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b1 b2 b3"


def in_play(state) -> Counter:
    """Every tile in the racks and the pile."""
    return sum(state.r.hands, Counter()) + Counter(state.r.pile)


class _FakesOnTop:
    """A shuffle that turns up both fake okeys first, then r1."""

    def shuffle(self, tiles):
        tiles.sort(key=lambda t: t != FAKE)


def test_O_D1_a_fake_okey_turned_up_goes_back_and_the_next_tile_is_the_indicator():
    deal = random_deal(_FakesOnTop(), first=0)
    assert deal.indicator == parse_tile("r1") and deal.okey_kind == parse_tile("r2")
    s = GAME.new(GAME.Config(), deals=[deal])
    tiles = in_play(s)
    assert tiles[FAKE] == 2 and tiles[parse_tile("r1")] == 1 and sum(tiles.values()) == 105


def test_O_D1_the_indicator_stays_face_up_and_out_of_play():
    for seed in range(20):
        s = GAME.new(GAME.Config(), seed=seed)
        ind = s.r.deal.indicator
        assert ind not in (FAKE, WILD)
        assert in_play(s)[ind] == 1 and sum(in_play(s).values()) == 105
        assert all(s.view(seat).indicator == ind for seat in range(4))


def test_O2_four_seats_and_partners_are_the_opposite_seats():
    assert GAME.seats(GAME.Config()) == 4
    d = make_deal(["", FINISH + " k9", "", ""], first=1)
    actions = [FINISH_LAY, "discard k9"]
    solo = play(d, actions).outcome()
    assert len(solo["rounds"][0]["scores"]) == 4 and solo["winners"] == [1]
    team = play(d, actions, config={"partners": "on"}).outcome()
    assert team["teams"] == [{"seats": [0, 2], "total": 1000}, {"seats": [1, 3], "total": 0}]
    assert team["winners"] == [1, 3]


def test_O5_first_player_15_others_14_the_rest_is_the_pile():
    firsts = set()
    for seed in range(12):
        s = GAME.new(GAME.Config(), seed=seed)
        first = s.current_player
        firsts.add(first)
        assert [sum(h.values()) for h in s.r.hands] == [15 if i == first else 14 for i in range(4)]
        assert len(s.r.pile) == 106 - 1 - 57
    assert firsts == {0, 1, 2, 3}
    d = make_deal(["", "", "", ""])
    d["hands"][1] += " b13"  # 15 tiles for a seat that does not start
    with pytest.raises(DealError, match="O5"):
        play(d, [])


def test_O11_a_set_of_four_colours_opens_and_mixed_numbers_are_no_set():
    d = make_deal(["r13 b13 k13 y13 k12", "", "", ""], indicator="y1")  # okey y2
    s = play(d, ["open r13 b13 k13 y13"])
    assert s.r.last_opening == 52 and s.r.table[0].kind == "set"
    with pytest.raises(ReplayError) as e:
        play(d, ["open r13 b13 k12 y13"])
    assert e.value.rule == "O10"


def test_O12_an_okey_replaces_the_missing_tile_of_a_set_or_a_run():
    d = make_deal(["r11 b11 * k10 k11 k12 * b12", "", "", ""])
    s = play(d, ["open r11 b11 * | k10 k11 k12 *"])  # 33 + 46 (the second okey is k13)
    assert s.r.last_opening == 79
    assert [tm.kind for tm in s.r.table] == ["set", "run"]
    with pytest.raises(ReplayError) as e:  # one okey cannot mend two wrong tiles
        play(d, ["open r11 b12 * | k10 k11 k12 *"])
    assert e.value.rule == "O10"


def test_O25_O_D14_tiles_left_fake_okey_counts_the_okeys_number_okey_100_at_x5():
    hand1 = f"{OPENER_1} F * b1 r6 r7 k1 b3"  # 7 laid, 7 kept
    hand2 = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 b5 b6 b7"
    d = make_deal(["y1", hand1, hand2, ""], pile="k2 y6")
    s = play(d, ["discard y1", "draw", "open k10 k11 k12 k13 | y8 y9 y10", "discard b3", "draw",
                 "open r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 | b5 b6 b7", "discard y6"])
    # seat 1 is left with F (the okey y13: 13), * (100), b1 r6 r7 k1 and the drawn k2
    left1 = 13 + 100 + 1 + 6 + 7 + 1 + 2
    assert s.outcome()["rounds"][0] == {"ending": "hand", "winner": 2,
                                        "scores": [500, left1 * 5, -500, 500]}


def test_O29_three_rounds_add_up_and_one_round_is_the_default():
    last = ["k9", "k9", "*"]  # round 3 ends by discarding an okey
    deals = [make_deal([f"{FINISH} {last[f]}" if seat == f else "" for seat in range(4)], first=f)
             for f in range(3)]
    rounds = [[FINISH_LAY, "discard k9"], [FINISH_LAY, "discard k9"], [FINISH_LAY, "discard *"]]
    one = play(None, rounds[0], deals=deals[:1])
    assert GAME.Config().rounds == 1 and one.is_finished
    s = play(None, rounds[0] + rounds[1], config={"rounds": 3}, deals=deals)
    assert not s.is_finished and s.current_player == 2
    s = play(None, rounds[0] + rounds[1] + rounds[2], config={"rounds": 3}, deals=deals)
    out = s.outcome()
    assert out["status"] == "finished" and len(out["rounds"]) == 3
    assert out["totals"] == [-500 + 500 + 1000, 500 - 500 + 1000, 500 + 500 - 1000, 2000]
    assert out["winners"] == [2]
    assert GAME.Config.from_options({"doubling": "on"}).doubling and not GAME.Config().doubling


def test_O_D5_the_opening_is_one_open_action_then_melds_of_any_value_follow():
    d = make_deal(["r10 r11 r12 r13 b4 b5 b6 k1 k2 k3", "", "", ""])
    with pytest.raises(ReplayError) as e:  # no opening built from several meld actions
        play(d, ["meld r10 r11 r12 r13"])
    assert e.value.rule == "O16"
    s = play(d, ["open r10 r11 r12 r13 | b4 b5 b6"])
    with pytest.raises(ReplayError) as e:  # a second opening in the same turn
        play(d, ["open r10 r11 r12 r13 | b4 b5 b6", "open k1 k2 k3"])
    assert e.value.rule == "O14"
    events = s.apply(GAME.parse_action("meld k1 k2 k3"))  # 6 points, no threshold
    assert [ev.key for ev in events] == ["okey.melded"]
    assert s.r.last_opening == 61 and len(s.r.table) == 3 and s.current_player == 0


def _three_openings(config=None):
    """Seat 0 lays b7 * b9; seat 1 (its neighbour) adds r9 to seat 0's run; seat 2 (across)
    takes the okey back with b8 and adds b10 to the same meld."""
    d = make_deal(["r10 r11 r12 r13 b7 * b9", f"{OPENER_1} r9",
                   "y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 b8 b10", ""], pile="k4 k5")
    return play(d, ["open r10 r11 r12 r13 | b7 * b9", "discard " + d["hands"][0].split()[-1],
                    "draw", "open k10 k11 k12 k13 | y8 y9 y10", "add r9 to 1",
                    "discard " + d["hands"][1].split()[-1], "draw",
                    "open y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11", "swap b8 in 2", "add b10 to 2"],
                config=config)


def test_O2_O_D7_partners_across_pay_nothing_to_each_other_neighbours_still_do():
    solo = _three_openings()
    assert list(solo.r.penalties) == [90 + 180 + 100, 0, 0, 0]
    team = _three_openings({"partners": "on"})
    assert list(team.r.penalties) == [90, 0, 0, 0]  # only the neighbour's addition
    assert team.r.hands[2][WILD] == 1


def test_O_D7_adding_to_or_taking_the_okey_from_your_own_meld_is_free():
    d = make_deal(["r10 r11 r12 r13 b7 * b9 b8 r9", "", "", ""])
    s = play(d, ["open r10 r11 r12 r13 | b7 * b9", "swap b8 in 2", "add r9 to 1"])
    assert list(s.r.penalties) == [0, 0, 0, 0] and s.r.hands[0][WILD] == 1


def test_O_D12_O_D14_a_pairs_player_pays_x10_at_a_draw_an_okey_1000():
    # seat 2 opens with five pairs and keeps b1 k2 y3 *; then every seat draws and
    # discards the drawn tile until the pile runs out
    pairs = "r5 r5 b6 b6 k7 k7 y9 y9 r11 r11"
    d = make_deal(["", "", f"{pairs} b1 k2 y3 *", ""])
    s = play(d, ["discard " + d["hands"][0].split()[-1]])
    while not s.is_finished:
        drew = s.apply(GAME.parse_action("draw"))[0].private["tile"]
        if s.current_player == 2 and s.r.opened[2] is None:
            s.apply(GAME.parse_action("pairs r5 r5 | b6 b6 | k7 k7 | y9 y9 | r11 r11"))
        s.apply(GAME.parse_action(f"discard {drew}"))
    rnd = s.outcome()["rounds"][0]
    assert rnd["ending"] == "draw" and rnd["winner"] is None
    assert sorted(format_tile(t) for t in s.r.hands[2].elements()) == ["*", "b1", "k2", "y3"]
    # the x5 of a draw does not apply to a pairs player; the okey counts 100 before x10
    assert rnd["scores"] == [500, 500, (1 + 2 + 3 + 100) * 10, 500]


# Reached through the bot (seat 1 of four): after `take` and `add b10 to 3`, the taken y12
# could go only in the okey's place in meld 5, which no move listed, so the table stood.
_TAKE_THEN_ADD = {"game": "okey101", "config": {"assisted": True, "timer": 60},
                  "seed": 3177082701317752580, "actions": [
    "discard y5", "draw", "discard r1", "draw", "open r13 b13 k13 | k12 k13 k1",
    "discard y12", "draw", "discard y5", "draw", "discard b9", "draw", "discard b8", "draw",
    "meld r10 k10 *", "discard k7", "draw", "discard y11", "draw", "discard y4", "draw",
    "discard k1", "draw", "discard k6", "take", "open r6 k6 y6 | * y13 y1", "discard k2",
    "draw", "discard b13", "draw", "discard k11", "draw", "add b6 to 4", "discard k3", "draw",
    "swap y10 in 3", "add * to 5", "discard r5", "draw", "discard k5", "draw", "discard b12",
    "draw", "discard b2", "draw", "discard b3", "draw", "discard b5", "draw", "discard k9",
    "draw", "discard r3", "draw", "discard y2", "draw", "discard k11", "draw", "discard y1",
    "draw", "discard y12", "take", "add b10 to 3",
]}


def test_O19_O20_O_D9_a_taken_tile_whose_only_use_left_is_an_okey_swap_is_offered_it():
    s = replay(_TAKE_THEN_ADD)
    assert s.current_player == 0 and s.view(0).legal == ("swap y12 in 5",)  # no return now
    s.apply(GAME.parse_action("swap y12 in 5", s.view(0)))
    assert any(a.startswith("discard") for a in s.view(0).legal)  # the turn can end
