"""The Normal okey player (and the stand-in that plays a person's seat when their time runs
out, bot/turn_timers.py with bot/play.py TIMEOUT_LEVEL) goes out whenever its rack can this
turn (issue 8: "a sound greedy player"; O24, Yüzbir Y14): an okey added to the table with
two or more other tiles left (O-D6), a discard taken that goes in place of a table okey
(O19, O20) or fits after another addition, an okey taken back from its own meld in Yüzbir
(Y12 and Y13 forbid only fresh okeys and okeys in groups of three). Positions from the
scan of session 41 (/tmp/scan/blunder41)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.play import TIMEOUT_LEVEL
from rules import find_game
from rules.ai import make_agent
from rules.okey_melds import resolve
from rules.okey_state import TableMeld
from rules.tiles import parse_tiles
from tests.rules.okey_helpers import make_deal, offer, plays_turn


def _position(rack: str, table, *, game: str = "okey101", indicator: str = "y12",
              offered: str | None = None, opened=("melds", "melds", "melds", None),
              counts=(None, 6, 6, 6), turn: int = 20):
    """Seat 0 holds `rack` (opened as `opened[0]`, None: not yet); `table`: (owner, tiles)
    per meld, or (owner, tiles, "pair"), each laid on an earlier turn; `offered`: seat 3's
    discard, seat 0 to draw or take it (O7, O20), else seat 0 to play. `counts`: how many
    tiles the other seats hold (filler they cannot use is not needed: only counts show)."""
    g = find_game(game)
    state = g.new(g.Config(), deals=[make_deal(["", "", "", ""], indicator=indicator)])
    r = state.r
    r.hands[0] = Counter(parse_tiles(rack))
    for seat in (1, 2, 3):
        r.hands[seat] = Counter(r.pile[-counts[seat]:])
        del r.pile[-counts[seat]:]
    r.opened[:] = list(opened)
    r.table = []
    for owner, tiles, *kind in table:
        codes = tuple(parse_tiles(tiles))
        if kind == ["pair"]:
            r.table.append(TableMeld(owner, None, codes, laid_round_turn=1))
        else:
            r.table.append(TableMeld(owner, resolve(codes, state.okey_kind, state.ace_high), laid_round_turn=1))
    r.seat, r.turn = 0, turn
    offer(r, offered)
    if game == "yuzbir":
        r.limit = 20
    return state


def _goes_out(state, level: str = "normal", game: str = "okey101") -> list[str]:
    moves = plays_turn(state, make_agent(game, level))
    assert state.results and state.results[-1]["winner"] == 0, moves
    return moves


# ----- 1. an okey to the table with more than one other tile (O-D6, O17, O24) ------------
def test_O_D6_O24_normal_adds_its_okey_to_go_out_with_two_other_tiles():
    """Scan: rack r3 r11 y2 *, own run r5-r10. It added r11, threw r3 and waited; the way
    out: r11 and the okey (as r4) then r3 onto the run, y2 the last discard."""
    table = [(0, "r5 r6 r7 r8 r9 r10"), (1, "b1 b2 b3"), (2, "k9 k10 k11")]
    moves = _goes_out(_position("r3 r11 y2 *", table))
    assert moves[-1] == "discard y2", moves
    assert "add * to 1 low" in moves, moves


def test_O_D6_O24_the_stand_in_adds_the_okey_rather_than_spend_it_and_strand_a_tile():
    """Scan (stand-in, seed 1148787554862624762): rack b5 k5 k8 k9 *, okey k4. The
    stand-in laid k8 k9 * (the most valuable meld) and threw b5; k9 onto r9 b9 y9, b5 k5 *
    and k8 last goes out. The stand-in is the Normal (bot/play.py TIMEOUT_LEVEL)."""
    table = [(1, "r11 b11 k11"), (2, "b2 b3 b4 b5 b6"), (3, "r7 b7 k7 y7"), (1, "r11 r12 r13 r1"),
             (2, "r4 r5 r6 r7 r8"), (3, "r9 b9 y9"), (1, "b8 * b10"), (2, "b12 k12 y12")]
    state = _position("b5 k5 k8 k9 *", table, indicator="k3", opened=("melds",) * 4)
    assert TIMEOUT_LEVEL == "normal"
    moves = _goes_out(state, TIMEOUT_LEVEL)
    assert moves[-1] in ("discard k8", "discard b5"), moves


# ----- 3. taking the discard that lets it go out (O19, O20, O24) --------------------------
def test_O19_O20_normal_takes_a_discard_to_put_in_place_of_a_table_okey_and_go_out():
    """r11 on offer, r10 * r12 r13 on the table, rack r10 b7 k7: r11 takes the okey's place
    (O19, the taken tile's use, O20), * b7 k7 is a meld, r10 the last discard. The Normal
    drew: r11 fits no meld and no run end directly."""
    table = [(1, "r10 * r12 r13"), (0, "b11 b12 b13")]
    moves = _goes_out(_position("r10 b7 k7", table, offered="r11"))
    assert moves[:2] == ["take", "swap r11 in 1"], moves


def test_O20_O17_normal_takes_a_discard_that_fits_after_another_addition():
    """Scan (seed 198318587633315235): y2 on offer fits y4-y9 only once y3 is added; y3,
    y2 and r8 last go out. The Normal drew (it took only a tile that fits at once)."""
    table = [(1, "y4 y5 y6 y7 y8 y9"), (2, "b1 b2 b3 b4")]
    moves = _goes_out(_position("y3 r8", table, offered="y2"))
    assert moves == ["take", "add y3 to 1", "add y2 to 1", "discard r8"], moves


def test_O20_O_D6_normal_takes_a_discard_that_fits_after_its_okey():
    """Scan (seed 144768323051231418): rack r1 *, r3 on offer, r5-r10 on the table: the
    okey as r4, then r3, and r1 last."""
    table = [(1, "r5 r6 r7 r8 r9 r10"), (2, "b7 k7 y7")]
    moves = _goes_out(_position("r1 *", table, offered="r3"))
    assert moves[0] == "take" and moves[-1] == "discard r1", moves


# ----- 2. Yüzbir: an okey taken back from its own meld (Y12, Y13) ---------------------------
def test_Y12_Y13_yuzbir_normal_takes_back_the_okey_of_its_own_run():
    """Y12 forbids only an okey placed this turn, Y13 one in a group of three; the engine
    lists the swap. The Normal left its own okeys on the table (an okey is worth most in
    hand: it goes anywhere, and a finish discarding it doubles, Y17)."""
    table = [(0, "r5 * r7"), (1, "b9 b10 b11"), (2, "k1 k2 k3")]
    state = _position("r6 b1 k9 y12 y4", table, game="yuzbir")
    view = state.view(0)
    assert "swap r6 in 1" in view.legal
    assert str(make_agent("yuzbir", "normal").choose(view, random.Random(0))) == "swap r6 in 1"


def test_Y12_Y13_yuzbir_normal_goes_out_with_the_okey_of_its_own_run():
    """r5 * r7 own, rack r6 k4 y4 y9: r6 takes the okey back, k4 y4 * is a group, y9 last."""
    table = [(0, "r5 * r7"), (1, "b9 b10 b11"), (2, "k11 k12 k13")]
    moves = _goes_out(_position("r6 k4 y4 y9", table, game="yuzbir"), game="yuzbir")
    assert moves[0] == "swap r6 in 1" and moves[-1] == "discard y9", moves


# ----- 6. the Expert takes an okey back from a table pair (O19, O-D10) ------------------------
@pytest.mark.parametrize("level", ["normal", "expert"])
def test_O19_O_D10_an_okey_taken_back_from_a_pair_to_go_out(level):
    """Seat 1 opened with pairs (r5 *): r5 takes the okey back (the engine allows it,
    session 40), b7 k7 * is a meld and y1 the last discard. The Expert's plan could not
    follow a swap into a pair."""
    table = [(1, "r5 *", "pair"), (1, "b2 b2", "pair"), (2, "k9 k10 k11")]
    state = _position("r5 b7 k7 y1", table, opened=("melds", "pairs", "melds", None))
    assert "swap r5 in 1" in state.view(0).legal
    moves = _goes_out(state, level)
    assert moves[0] == "swap r5 in 1" and moves[-1] == "discard y1", moves


# ----- 7. a tile that frees a table okey, the next seat near the end (O19, O20) ---------------
def _normal_discard(next_holds: int) -> str:
    """The Normal's move with y7 able to free the okey of r7 b7 k7 * (O19), the next seat
    opened with melds and holding `next_holds` tiles."""
    table = [(1, "r7 b7 k7 *"), (2, "b9 b10 b11")]
    rack = "r3 r4 b9 b10 k1 k2 b13 k13 y7 r12"
    state = _position(rack, table, opened=(None, "melds", "melds", None),
                      counts=(None, next_holds, 6, 6))
    return str(make_agent("okey101", "normal").choose(state.view(0), random.Random(0)))


def test_O19_O20_normal_keeps_a_tile_that_frees_an_okey_while_the_next_seat_has_two_tiles():
    """y7 would take the okey of r7 b7 k7 * back (O19): thrown, the next seat (2 tiles,
    opened) takes it, puts it in, and has the okey to go out with (O20). The Normal threw
    it as its least useful tile; r12 is as useless and frees nothing."""
    assert _normal_discard(next_holds=2) == "discard r12"


def test_O19_normal_throws_that_tile_while_the_next_seat_is_far_from_out():
    """With 6 tiles the next seat is not one okey from out: the plain choice stands."""
    assert _normal_discard(next_holds=6) == "discard y7"


def test_the_beginner_still_misses_the_okey_finish_with_two_other_tiles():
    """Issue 8: the Beginner's mistakes are by design; the Normal's finish search is not
    its own (it keeps only the plain okey finish, O-D12)."""
    table = [(0, "r5 r6 r7 r8 r9 r10"), (1, "b1 b2 b3"), (2, "k9 k10 k11")]
    state = _position("r3 r11 y2 *", table)
    moves = plays_turn(state, make_agent("okey101", "beginner"))
    assert not state.results, moves
