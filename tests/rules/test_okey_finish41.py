"""Finishing by discarding an okey (O24, O-D12; Yüzbir: Y17, Y-D8): it scores double, so
every computer level and the assisted hint go for it whenever the rack can go out this
turn keeping an okey for the last discard."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot import board, i18n, views
from bot.tables import Seat, Table
from rules import find_game
from rules.ai import make_agent
from rules.tiles import parse_tiles
from tests.rules.okey_helpers import make_deal, offer, play, plays_turn

LEVELS = ("beginner", "normal", "expert")

# Scan position ai_fin2: seat 0 has opened; after taking k9 (added to seat 1's k6 k7 k8)
# its rack is k1 k2 k3 *. The okey fits every meld on the table.
_OPENED = make_deal([
    "r10 r11 r12 r13 b4 b5 b6 k1 k2 k3 y5 k6 k7 k8 *",
    "r7 b7 k7 y6 y7 y8 b10 b11 b12 b13 r3",
    "", "",
], indicator="y12", first=0, pile="b8 r8 k9 y4 r9")
_OPENED_ACTS = ["open r10 r11 r12 r13 | b4 b5 b6 | k6 k7 k8", "discard y5", "draw",
                "open r7 b7 k7 | y6 y7 y8 | b10 b11 b12 b13", "discard r3",
                "draw", "discard r8", "draw", "discard k9"]

# Scan position ai_fin: after drawing y4 the rack is k1 k2 k3 y4 y5 y6 y7 *.
_RUNS = make_deal([
    "r10 r11 r12 r13 b4 b5 b6 k1 k2 k3 y5 y6 y7 * r2",
    "k10 k11 k12 k13 y8 y9 y10 r4 r3",
    "r1 r1 b2 b2 k5 k5 b9 b9 r7 *",
    "r7 b7 k7 y7",
], indicator="y12", first=0, pile="b8 r8 k8 y4 r9")
_RUNS_ACTS = ["open r10 r11 r12 r13 | b4 b5 b6", "discard r2", "draw",
              "open k10 k11 k12 k13 | y8 y9 y10", "discard r3", "draw",
              "pairs r1 r1 | b2 b2 | k5 k5 | b9 b9 | r7 *", "discard r8", "draw", "discard k8"]


def _turn(state, level: str, game: str = "okey101") -> list[str]:
    return plays_turn(state, make_agent(game, level))


@pytest.mark.parametrize("level", LEVELS)
def test_O24_O_D12_every_level_finishes_by_discarding_the_okey(level):
    """k1 k2 k3 *: laying k1 k2 k3 and discarding the okey scores -1000 and x10 for the
    others (O24); k2 k3 * and k1 only -500 (all three levels played that)."""
    state = play(_OPENED, _OPENED_ACTS + ["take"])
    moves = _turn(state, level)
    assert moves[-1] == "discard *", moves
    assert "meld k1 k2 k3" in moves, moves
    result = state.results[-1]
    assert result["ending"] == "okey" and result["scores"] == [-1000, 110, 1000, 1190], result


@pytest.mark.parametrize("level", ["beginner"])  # (a Normal takes the k8 offered: a sure -500)
def test_O24_O_D12_the_rest_laid_in_melds_the_okey_kept_to_discard(level):
    """k1 k2 k3 y4 y5 y6 y7 *: k1 k2 k3 | y4 y5 y6 y7 and the okey last, not
    k1 k2 k3 | y5 y6 y7 * and y4 (the most valuable melds put the okey in)."""
    state = play(_RUNS, _RUNS_ACTS)
    moves = _turn(state, level)
    assert moves == ["draw", "meld k1 k2 k3 | y4 y5 y6 y7", "discard *"], moves
    assert state.results[-1]["ending"] == "okey"


@pytest.mark.parametrize("level", ["beginner", "normal"])
def test_O14_O24_opening_and_going_out_keeps_the_okey_to_discard(level):
    """Not opened yet (O14, O-D5): the rack opens and goes out in one turn either way;
    the most valuable opening uses the okey and strands y2: it is the okey that goes."""
    state = _position("okey101", "r10 r11 r12 r13 b10 b11 b12 b13 k11 k12 k13 y2 y3 y4 *",
                      [(1, "r5 b5 k5")], opened=False)
    moves = _turn(state, level)
    assert moves[0].startswith("open ") and moves[-1] == "discard *", moves
    assert state.results[-1]["ending"] == "okey"


def _position(game_id: str, rack: str, table, *, opened: bool = True, indicator: str = "y12"):
    """Seat 0 to play (its draw made) holding `rack`, opened with melds if `opened`;
    `table`: (owner, tiles) per meld, each owner opened with melds."""
    from rules.okey_melds import resolve
    from rules.okey_state import TableMeld

    game = find_game(game_id)
    state = game.new(game.Config(), deals=[make_deal(["", "", "", ""], indicator=indicator)])
    r = state.r
    r.hands[0] = Counter(parse_tiles(rack))
    r.table = []
    for owner, text in table:
        r.table.append(TableMeld(owner, resolve(tuple(parse_tiles(text)), state.okey_kind, state.ace_high)))
        r.opened[owner] = "melds"
    if opened:
        r.opened[0] = "melds"
    r.seat, r.turn = 0, 20
    offer(r, None)
    return state


_YUZBIR_TABLE = [(0, "b9 b10 b11"), (1, "r5 r6 r7"), (2, "y8 k8 r8")]


@pytest.mark.parametrize("level", LEVELS)
def test_Y17_Y_D8_every_level_finishes_by_discarding_the_okey_in_yuzbir(level):
    """Yüzbir: the okey may be discarded to finish (Y17) and doubles the round (Y-D8)."""
    state = _position("yuzbir", "k1 k2 k3 *", _YUZBIR_TABLE)
    moves = _turn(state, level, "yuzbir")
    assert moves == ["meld k1 k2 k3", "discard *"], moves
    assert state.results[-1]["winner"] == 0


@pytest.mark.parametrize("level", LEVELS)
def test_Y10_Y_D8_the_okey_finish_keeps_one_tile_per_run_end(level):
    """r4 r3 cannot both go onto r5 r6 r7's low end in one turn (Y10): r2 r3 r4 is laid
    as a meld, k1 k2 k3 too, and the okey is the last discard."""
    state = _position("yuzbir", "k1 k2 k3 r2 r3 r4 *", _YUZBIR_TABLE)
    moves = _turn(state, level, "yuzbir")
    assert moves[-1] == "discard *", moves
    assert state.results[-1]["winner"] == 0


def _rack_text(state, lang: str = "en") -> str:
    game = find_game(state.game_id)
    t = Table(1, "tg", "g1", game, {}, state.config, 60, "normal", "1", 1)
    t.seats = [Seat("1", "Ali")] + [Seat(None, "", "normal") for _ in range(3)]
    t.state = state
    return i18n.render_lines(board.rack_lines(t, views.Snapshot(state), 0), lang)


def test_O28_O24_hint_lays_the_melds_that_keep_the_okey_to_discard():
    """The hint said "/meld k2 k3 *" and warned of discarding the okey, though the last
    discard costs nothing (O21): it lays k1 k2 k3, names no penalty tile and offers no
    addition of the okey."""
    state = play(_OPENED, _OPENED_ACTS + ["take", "add k9 to 3"])
    text = _rack_text(state)
    assert "You can lay: /meld k1 k2 k3" in text, text
    assert "k2 k3 *" not in text and "penalty" not in text and "add *" not in text, text
    # thrown before the rest is laid it does cost (a scan: "* k8", the okey thrown first)
    assert ("Careful: * fits a meld on the table: discarded now it costs 100; as your last "
            "tile, once the rest is laid, it goes out at no cost.") in text.split("\n"), text


def test_O28_O24_hint_lays_both_runs_and_keeps_the_okey():
    state = play(_RUNS, _RUNS_ACTS + ["draw"])
    text = _rack_text(state)
    assert "You can lay: /meld k1 k2 k3 | y4 y5 y6 y7" in text, text


def test_O21_hint_names_no_tile_the_rack_can_go_out_with():
    """y5 fits r5 b5 k5, but laying k1 k2 k3 makes it the last discard, which costs
    nothing (O21): the warning does not name it as a penalty tile, but says that only as
    the last tile it is free (thrown first, it costs 100: the okeyrules47 scan)."""
    state = _position("okey101", "k1 k2 k3 y5", [(1, "r5 b5 k5")])
    text = _rack_text(state)
    assert "You can lay: /meld k1 k2 k3" in text and "penalty" not in text, text
    assert "Careful: y5 fits a meld on the table: discarded now it costs 100; as your " \
        "last tile" in text, text


def test_O21_hint_still_warns_of_a_discard_that_does_not_finish():
    """k1 k2 * | k9 y11: the rack cannot go out this turn, so the okey (it fits the set
    of three, O-D6) is still named."""
    state = _position("okey101", "k1 k2 k9 y11 *", [(1, "r5 b5 k5")])
    text = _rack_text(state)
    assert "costs a penalty of 100: *" in text, text


def test_Y_D7_Y_D8_hint_in_yuzbir():
    state = _position("yuzbir", "k1 k2 k3 *", _YUZBIR_TABLE)
    text = _rack_text(state)
    assert "You can lay: /meld k1 k2 k3" in text, text
    # Y17's line says what the okey costs (the base penalty), not O21's 100 (a regression)
    assert "fits a meld" not in text and "(Y17)" in text, text


def test_agents_decide_the_same_from_the_view_alone():
    """The okey finish is planned from the view (no hidden state): a fresh agent object
    and a shared one choose alike."""
    state = play(_OPENED, _OPENED_ACTS + ["take", "add k9 to 3"])
    view = state.view(0)
    for level in LEVELS:
        a = make_agent("okey101", level).choose(view, random.Random(3))
        assert str(a) == "meld k1 k2 k3", (level, a)


def test_O_D9_the_taken_discard_is_not_named_as_a_costly_discard():
    """After a take, the rack warned that discarding b7 costs 100 (the okeyrules47 scan):
    the taken tile is used or returned, never discarded (O20, O-D9)."""
    state = play(_OPENED, _OPENED_ACTS + ["take"])
    taken = state.view(0).taken
    assert taken is not None
    mine = views.Snapshot(state).json(0)
    assert mine["taken"] not in [mine["rack"][i] for i in mine["penalty_tiles"]]


def test_O20_O28_after_a_take_the_opening_that_leaves_the_tile_to_add_is_hinted():
    """Offered b7 (Can's b4 b5 b6 on the table), the rack hinted a 97-point opening; once
    taken, every hint went silent (the best opening left b7 out, the fallback looked only
    for melds holding it; the okeyrules47 scan). Open, then add b7: the hint says open."""
    d = make_deal(["r10 r11 r12 r13 b4 b5 b6 b7", "k10 k11 k12 k13 y8 y9 y10", "", ""],
                  pile="r1 r2")
    state = play(d, ["open r10 r11 r12 r13 | b4 b5 b6", "discard b7", "take"])
    mine = views.Snapshot(state).json(1)
    assert mine["taken"] == "b7"
    opening = mine["hints"]["opening"]
    assert opening["value"] >= 51 and all("b7" not in m for m in opening["melds"])
