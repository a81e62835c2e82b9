"""The Expert's finish search (rules/ai/okey_endgame.py): can a rack be laid out on a table?"""

from __future__ import annotations

from rules.ai.okey_endgame import Finisher, Table, left_after_laying
from rules.solvers.okey_scoring import OKEY101_SCORING, YUZBIR_SCORING
from rules.tiles import WILD, kind, parse_tiles

OKEY = kind(3, 12)  # y12: no tile below is an okey or a fake okey
RED, BLUE = 0, 1


def finisher(runs=(), sets=(), scoring=OKEY101_SCORING):
    return Finisher(Table(tuple(runs), tuple(sets), scoring.ace_high), OKEY, scoring)


def test_O17_tiles_chain_onto_a_run_end_and_the_last_is_discarded():
    fin = finisher(runs=[(RED, 5, 7)])
    assert fin.can_finish(parse_tiles("r8 r9 b2"))
    assert not fin.can_finish(parse_tiles("r9 b2 k5"))


def test_O12_an_okey_bridges_a_gap_on_the_table():
    fin = finisher(runs=[(RED, 5, 7)])
    assert fin.can_finish([WILD] + parse_tiles("r9 b2"))


def test_O11_a_set_of_three_takes_its_missing_colour_once():
    fin = finisher(sets=[(9, frozenset({3}))])
    assert fin.can_lay_all(parse_tiles("y9"))
    assert not fin.can_lay_all(parse_tiles("y9 y9"))
    assert not fin.can_lay_all(parse_tiles("b9"))


def test_O10_new_melds_from_the_rack_count_and_pairs_do_not():
    fin = finisher()
    assert fin.can_lay_all(parse_tiles("k3 b3 y3"))
    assert not fin.can_lay_all(parse_tiles("k3 b3"))
    assert fin.can_finish(parse_tiles("b4 b5 b6 k13"))


def test_O10_a_one_after_13_only_in_okey101_and_never_13_1_2():
    run = [(BLUE, 11, 13)]
    assert finisher(runs=run).can_lay_all(parse_tiles("b1"))
    assert not finisher(runs=run, scoring=YUZBIR_SCORING).can_lay_all(parse_tiles("b1"))
    assert not finisher(runs=[(BLUE, 12, 14)]).can_lay_all(parse_tiles("b2"))


def test_a_meld_laid_from_the_rack_opens_a_place_for_the_next_tile():
    fin = finisher()
    assert fin.can_lay_all(parse_tiles("r5 r6 r7 r8"))
    assert fin.can_finish(parse_tiles("r5 r6 r7 r8 k1"))


def test_left_after_laying_counts_what_stays_in_the_rack():
    table = Table(((RED, 5, 7),), (), True)
    assert left_after_laying(parse_tiles("r8 b3 k3 y3 k11"), table, OKEY, OKEY101_SCORING) == 1
    assert left_after_laying(parse_tiles("b1 k7 y11"), table, OKEY, OKEY101_SCORING) == 3


def test_O24_a_way_out_that_is_not_the_most_valuable_split():
    # y3 y4 * (12) is the best opening of y1 y3 y4 *, and strands y1; y1 * y3 y4 (10) lays
    # it all (seed 404 game 98 of a scan of the Expert's games).
    fin = finisher()
    assert fin.can_lay_all([WILD] + parse_tiles("y1 y3 y4"))
    assert fin.can_finish([WILD] + parse_tiles("r1 y1 y3 y4"))
    assert not fin.can_finish([WILD] + parse_tiles("r1 b7 y1 y3 y4"))


def test_O10_O17_a_split_with_additions_lays_out_where_the_best_melds_do_not():
    # On a table with y5-y10: r9 k9 y9 and y3 y4 * is the best split of this rack and
    # strands r1 r3 b4; r1 * r3 | r9 k9 y9, with y4 then y3 added, leaves only b4.
    fin = finisher(runs=[(3, 5, 10)])
    assert fin.can_finish([WILD] + parse_tiles("r1 r3 r9 b4 k9 y3 y4 y9"))


def test_O20_a_taken_discard_is_never_the_last_tile():
    fin = finisher()
    rack = parse_tiles("b4 b5 b6 k13")
    assert fin.can_finish(rack)
    assert not fin.can_finish(rack, avoid=parse_tiles("k13")[0])
    assert fin.can_finish(rack, avoid=parse_tiles("b4")[0])


def test_okeys_left_alone_go_where_the_table_has_room():
    fin = finisher(runs=[(RED, 1, 12)], sets=[(9, frozenset({3}))])
    assert fin.can_lay_all([WILD, WILD])  # r13 and the set's fourth colour
    assert not finisher(runs=[(RED, 1, 13)]).can_lay_all([WILD])  # 13 tiles: full


def test_meld_options_fill_gaps_with_okeys():
    from rules.ai.okey_endgame import meld_options

    options = dict(meld_options(tuple([WILD] + parse_tiles("y1 y3 y4")), OKEY, True))
    assert tuple(parse_tiles("y1") + [WILD] + parse_tiles("y3 y4")) in options
    assert tuple(parse_tiles("y3 y4") + [WILD]) in options
    assert all(len(m) >= 3 for m in options)


def test_O14_O_D5_a_way_out_from_an_unopened_rack_needs_new_melds_worth_the_need():
    """r1 r2 r3 (6) and y8 onto y5 y6 y7 lay the rack out once opened; unopened, the new
    melds must reach the need between them (O14): 51 is out of reach, 6 is not. With
    r12 r13 r1 (39, O-D3) and k12 b12 * (36) the opening reaches 51, y8 goes onto the table and b4 is the last discard."""
    from rules.ai.okey_endgame import LayOut
    from rules.solvers.okey_scoring import OKEY101_SCORING

    melds = ((1, 1, tuple(parse_tiles("y5 y6 y7")), "run"),)
    rack = parse_tiles("r1 r2 r3 y8 b4")
    assert LayOut(melds, OKEY, True, OKEY101_SCORING).finish(rack, need=51) is None
    plan = LayOut(melds, OKEY, True, OKEY101_SCORING).finish(rack, need=6)
    assert plan is not None and plan.last == parse_tiles("b4")[0]
    rack = parse_tiles("r12 r13 r1 k12 b12 * y8 b4")
    plan = LayOut(melds, OKEY, True, OKEY101_SCORING).finish(rack, need=51)
    assert plan is not None and len(plan.melds) == 2 and plan.adds[0][1] == 1
