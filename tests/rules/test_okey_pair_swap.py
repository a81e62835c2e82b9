"""Taking an okey back from a PAIR on the table, in both okey games (Okey 101 O19, O20, O-D7,
O-D8, O-D10; Yüzbir Y8, Y9, Y11, Y12, Y-D4): a pair's okey stands for its partner, so the
partner's tile takes it back like any okey of a run (shared/rules/okey101.md,
shared/rules/yuzbir.md). The indicator is y12, so the okey is y13 (written `*`).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.errors import IllegalAction
from rules.record import replay
from rules.tiles import FAKE, WILD, parse_tile

from .test_yuzbir_helpers import deal

R9 = parse_tile("r9")
MELDS1 = "b10 b11 b12 b13 | k10 k11 k12 k13"  # 46 + 46 = 92 >= 51 (O14)


def play(game: str, d: dict, actions: list[str], config: dict | None = None):
    return replay({"game": game, "config": config or {}, "deal": d, "actions": actions})


def act(state, text: str):
    return state.apply(state.game.parse_action(text))


def refused(state, text: str) -> IllegalAction:
    before = (state.record(), [dict(h) for h in state.r.hands], [tm.tiles for tm in state.r.table],
              list(state.r.penalties))
    with pytest.raises(IllegalAction) as e:
        act(state, text)
    after = (state.record(), [dict(h) for h in state.r.hands], [tm.tiles for tm in state.r.table],
             list(state.r.penalties))
    assert after == before  # nothing changed
    return e.value


def swaps(state, seat: int) -> list[str]:
    return [a for a in state.view(seat).legal if a.startswith("swap")]


def last(d: dict, seat: int) -> str:
    """The last tile of a seat's hand in the deal (filler, safe to discard)."""
    return d["hands"][seat].split()[-1]


# ----- Okey 101 -------------------------------------------------------------------------
def _okey101(pairs0: str, hand0: str, hand1: str, config=None):
    """Seat 0 opens with the five pairs `pairs0` (O23); seat 1 draws and opens with MELDS1."""
    d = deal([hand0, "b10 b11 b12 b13 k10 k11 k12 k13 " + hand1, "", ""], pile="y1 y2 y3 y4")
    s = play("okey101", d, [f"pairs {pairs0}", f"discard {last(d, 0)}", "draw", f"open {MELDS1}"],
             config)
    return d, s


def test_O19_a_pairs_okey_is_taken_back_with_its_partners_tile_and_the_owner_pays():
    """O19: "the real tile that an okey stands for, in any meld on the table": in "r9 *"
    the okey stands for r9 (O-D10); the owner pays 100 + 9 x 10, the okey goes to the hand
    (O-D8) and the pair becomes r9 r9."""
    d, s = _okey101("r2 r2 | b4 b4 | k6 k6 | r8 r8 | r9 *", "r2 r2 b4 b4 k6 k6 r8 r8 r9 *", "r9 b9")
    assert s.r.table[4].tiles == (R9, WILD) and s.r.table[4].owner == 0
    assert swaps(s, 1) == ["swap r9 in 5"]  # the listed moves and so the assisted hint
    e = refused(s, "swap b9 in 5")
    assert (e.rule, e.key, e.params) == ("O19", "okey.error.swap_mismatch", {"tile": "b9", "n": 5})
    events = act(s, "swap r9 in 5")
    assert [(ev.key, ev.public) for ev in events] == [
        ("okey.swapped", {"seat": 1, "tile": "r9", "n": 5, "owner": 0}),
        ("okey.penalty", {"seat": 0, "points": 190, "rule": "O19"})]
    assert s.r.table[4].tiles == (R9, R9) and s.r.table[4].kind == "pair"
    assert s.r.hands[1][WILD] == 1 and s.r.hands[1][R9] == 0
    assert s.r.penalties == [190, 0, 0, 0]
    assert swaps(s, 1) == [] and refused(s, "swap r9 in 5").key == "okey.error.no_okey"  # r9 r9 now
    act(s, f"discard {last(d, 1)}")
    assert s.r.last_laid[4] == (False, True)  # the picture marks the r9 put in


def test_O19_O_D7_a_partners_pair_gives_its_okey_back_free():
    """O-D7: O17-O20 charge nothing between partners (seats 0 and 2)."""
    d = deal(["r2 r2 b4 b4 k6 k6 r8 r8 r9 *", "", "b10 b11 b12 b13 k10 k11 k12 k13 r9", ""],
             pile="y1 y2 y3 y4")
    s = play("okey101", d, ["pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | r9 *", f"discard {last(d, 0)}",
                            "draw", "discard y1", "draw", f"open {MELDS1}"], {"partners": True})
    events = act(s, "swap r9 in 5")
    assert [ev.key for ev in events] == ["okey.swapped"] and s.r.penalties == [0, 0, 0, 0]


def test_O19_O_D10_a_pair_of_two_okeys_stands_for_no_tile():
    _d, s = _okey101("r2 r2 | b4 b4 | k6 k6 | r8 r8 | * *", "r2 r2 b4 b4 k6 k6 r8 r8 * *", "r9")
    assert swaps(s, 1) == []
    e = refused(s, "swap r9 in 5")
    assert (e.rule, e.key, e.params) == ("O19", "okey.error.swap_pair_two_okeys", {"n": 5})
    assert refused(s, "swap r8 in 4").key == "okey.error.no_okey"  # r8 r8: no okey at all


def test_O19_O4_a_fake_okeys_pair_okey_is_taken_back_with_the_other_fake():
    """A fake okey plays as the okey's own tile and is no wild (O4): the okey of "F *"
    stands for F, which the other fake okey takes back; the okey's face is refused as such."""
    _d, s = _okey101("r2 r2 | b4 b4 | k6 k6 | r8 r8 | F *", "r2 r2 b4 b4 k6 k6 r8 r8 F *", "F")
    assert swaps(s, 1) == ["swap F in 5"]
    assert refused(s, "swap y13 in 5").key == "okey.error.okey_by_face"
    act(s, "swap F in 5")
    assert s.r.table[4].tiles == (FAKE, FAKE) and s.r.penalties == [100 + 13 * 10, 0, 0, 0]


def test_O_D8_a_pairs_player_takes_no_okey_back_from_a_pair():
    """O-D8/O23: taking an okey back needs an opening with runs or sets, a pair's too."""
    d = deal(["r2 r2 b4 b4 k6 k6 r8 r8 r9 * r9", "", "", ""], pile="y1 y2 y3 y4 y5")
    s = play("okey101", d, ["pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | r9 *", f"discard {last(d, 0)}",
                            *[a for t in ("y1", "y2", "y3") for a in ("draw", f"discard {t}")], "draw"])
    assert s.current_player == 0 and swaps(s, 0) == []
    e = refused(s, "swap r9 in 5")
    assert (e.rule, e.key) == ("O-D8", "okey.error.pairs_player_no_adds")


def test_O20_O19_a_taken_discard_swapped_into_a_pair_is_used():
    """O20: a taken discard must be used this turn; putting it in place of a pair's okey
    (O19) is a use, so the opening that leaves it that use stands, and the discarder pays
    9 x 10 besides the pair's owner's 190 (both are seat 0 here)."""
    d = deal(["r2 r2 b4 b4 k6 k6 r8 r8 r9 * r9", "b10 b11 b12 b13 k10 k11 k12 k13", "", ""],
             pile="y1 y2 y3 y4")
    s = play("okey101", d, ["pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | r9 *", "discard r9"])
    assert s.can_use(1, R9)  # O-D15 and the "take" hint ask this
    act(s, "take")
    act(s, f"open {MELDS1}")  # would be refused if r9 had no use left (O20)
    assert "swap r9 in 5" in s.view(1).legal
    events = act(s, "swap r9 in 5")
    assert [ev.public for ev in events if ev.key == "okey.penalty"] == [
        {"seat": 0, "points": 90, "rule": "O20"}, {"seat": 0, "points": 190, "rule": "O19"}]
    assert s.r.taken is None and any(a.startswith("discard") for a in s.view(1).legal)


# ----- Yüzbir ---------------------------------------------------------------------------
# seat 0 opens with pairs worth 2 + 4 + 6 + 8 + 9 = 29 >= ceil(1.5 x 17) = 26 (Y6, Y-D3,
# Y-D4: an okey completes a pair), which sets L = 20; seat 1 opens with runs worth 21 > 20.
PAIRS0 = "r2 r2 | b4 b4 | k6 k6 | r8 * | r9 *"
RUNS1 = "k7 k8 k9 | r11 b11 y11 | b1 b2 b3"


def _yuzbir(hand1_extra: str = "r9 b9 b9", discard0: str | None = None):
    d = deal(["r2 r2 b4 b4 k6 k6 r8 * r9 * r8", "k7 k8 k9 r11 b11 y11 b1 b2 b3 " + hand1_extra, "", ""],
             pile="y6 r5 b7 y1 y8")
    s = play("yuzbir", d, [f"pairs {PAIRS0}", f"discard {discard0 or last(d, 0)}"])
    assert s.r.opened[0] == "pairs" and s.r.limit == 20
    return d, s


def test_Y11_Y_D4_a_runs_opener_takes_a_pairs_okey_paying_double_to_a_pairs_owner():
    """Y11: "swapping an opponent's okey: the represented number x 10, doubled once for ...
    the owner who opened with pairs": 9 x 10 x 2. The pair's okey stands for r9 (Y-D4)."""
    _d, s = _yuzbir()
    act(s, "draw")
    act(s, f"open {RUNS1}")
    assert s.r.opened[1] == "melds" and swaps(s, 1) == ["swap r9 in 5"]
    assert refused(s, "swap b9 in 5").key == "okey.error.swap_mismatch"
    events = act(s, "swap r9 in 5")
    assert [(ev.key, ev.public) for ev in events] == [
        ("okey.swapped", {"seat": 1, "tile": "r9", "n": 5, "owner": 0}),
        ("okey.penalty", {"seat": 0, "points": 180, "rule": "Y11"})]
    assert s.r.table[4].tiles == (R9, R9) and s.r.hands[1][WILD] == 1


def test_Y12_an_okey_laid_in_a_pair_this_turn_is_not_taken_back_this_turn():
    """Y12: the okey seat 1 lays in a pair onto seat 0 (Y9) stays this turn, and only this
    turn: on its next turn seat 1 takes it back (Y11: 9 x 10 x 2 to the pairs owner)."""
    _d, s = _yuzbir()
    act(s, "draw")
    act(s, f"open {RUNS1}")
    act(s, "swap r9 in 5")
    act(s, "pairs b9 * to 0")  # meld 9; the okey just taken back
    assert s.r.table[8].tiles == (parse_tile("b9"), WILD) and swaps(s, 1) == []
    e = refused(s, "swap b9 in 9")
    assert (e.rule, e.key, e.params) == ("Y12", "yuzbir.error.fresh_okey", {"n": 9})
    act(s, "discard y6")
    for a in ("draw", "discard r5", "draw", "discard b7", "draw", "discard y1", "draw"):
        act(s, a)
    assert s.current_player == 1 and swaps(s, 1) == ["swap b9 in 9"]
    before = s.r.penalties[0]
    act(s, "swap b9 in 9")
    assert s.r.penalties[0] - before == 180 and s.r.table[8].tiles == (parse_tile("b9"),) * 2


def test_Y9_a_pairs_opener_takes_no_okey_back_from_a_pair():
    """Y9: a pairs opener's table moves are single tiles into runs ("mevcut serilere tek taş
    işleyebilir"), so not a swap in a pair, even its own."""
    _d, s = _yuzbir()
    for a in ("draw", f"open {RUNS1}", "discard y6", "draw", "discard r5", "draw", "discard b7", "draw"):
        act(s, a)
    assert s.current_player == 0 and s.r.hands[0][parse_tile("r8")] == 1 and swaps(s, 0) == []
    e = refused(s, "swap r8 in 4")
    assert (e.rule, e.key) == ("Y9", "yuzbir.error.pairs_runs_only")


def test_Y8_a_taken_discard_is_not_swapped_into_a_pair():
    """Y8: the taken tile goes only into a NEW combination: put in place of a pair's okey
    it would not be one, so that swap is refused and not listed; the take still waits."""
    _d, s = _yuzbir(hand1_extra="b9", discard0="r8")
    act(s, "take")
    act(s, f"open {RUNS1}")
    assert "swap r8 in 4" not in s.view(1).legal
    e = refused(s, "swap r8 in 4")
    assert (e.rule, e.key) == ("Y8", "yuzbir.error.taken_new_combination")
    assert s.r.taken is not None and "return" in s.view(1).legal


def test_Y8_a_swap_of_ones_own_copy_into_a_pair_keeps_the_take_waiting():
    """Y8: swapping one's own r9 into "r9 *" while the taken r8 waits uses nothing of the
    take (yuzbir_state._table_move_keeps_take): it is still to be used or returned."""
    d = deal(["r2 r2 b4 b4 k6 k6 r8 * r9 * r8", "k7 k8 k9 r11 b11 y11 b1 b2 b3 r9", "", ""],
             pile="y6 r5 b7 y1 y8")
    s = play("yuzbir", d, [f"pairs {PAIRS0}", "discard r8", "take", f"open {RUNS1}"])
    act(s, "swap r9 in 5")  # its own r9: the taken r8 still waits (Y8)
    assert s.r.taken is not None and Counter(s.r.hands[1])[parse_tile("r8")] == 1
    assert not any(a.startswith("discard") for a in s.view(1).legal)
    act(s, "return")
    assert s.r.taken is None and s.r.phase == "play"



def test_O_D8_O20_an_okey_taken_back_after_taking_a_discarded_okey_need_not_be_laid():
    """Seat 2 takes Ali's discarded okey (O20: it must be used), then takes back the okey
    of Ali's pair `r9 *` with r9 (O19) and lays one okey: the discard went on being
    refused, "use the taken *", as if the okey the swap brought were the one taken (O-D8:
    it need not be used that turn). Laying first and swapping after always worked."""
    from . import okey_helpers as O

    d = O.make_deal(["r2 r2 b4 b4 k6 k6 r8 r8 r9 * *", "b10 b11 b12 b13 k10 k11 k12 k13 r9",
                     "", ""], pile="y1 y2 y3 y4 y5 y6 y7")
    h = [x.split() for x in d["hands"]]
    s = O.play(d, ["pairs r2 r2 | b4 b4 | k6 k6 | r8 r8 | r9 *", f"discard {h[0][-1]}",
                   "draw", "open b10 b11 b12 b13 | k10 k11 k12 k13", f"discard {h[1][-1]}",
                   "draw", f"discard {h[2][-1]}", "draw", f"discard {h[3][-1]}", "draw"])
    for text in ("discard *", "take", "swap r9 in 5", "add * to 6"):
        act(s, text)
    assert s.r.taken is None  # the taken okey is on the table: used
    assert s.r.hands[1][WILD] == 1  # the okey taken back stays in hand
    act(s, f"discard {h[1][-2]}")
    assert s.current_player == 2
