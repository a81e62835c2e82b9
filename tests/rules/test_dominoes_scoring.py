"""Counting and winning a dominoes game: D9, D10, D11, D12, D-D5."""

from __future__ import annotations

from rules.dominoes_scoring import count, decided_by_tiebreak, rank_key, winner
from rules.dominoes_tiles import parse_tiles


def hold(*hands):
    return [parse_tiles(h) for h in hands]


def test_D9_count_is_the_pips_dead_tiles_included():
    assert count(parse_tiles("4-4")) == 8
    assert count(parse_tiles("0-3")) == 3
    assert count(parse_tiles("4-4 0-3 6-6")) == 23
    assert count([]) == 0


def test_D10_double_blank_counts_25_only_as_the_only_blank():
    assert count(parse_tiles("0-0"), zero25=False) == 0
    assert count(parse_tiles("0-0"), zero25=True) == 25
    assert count(parse_tiles("0-0 3-4"), zero25=True) == 32
    # with [0-5] as well, [0-0] counts nothing: 5 in all
    assert count(parse_tiles("0-0 0-5"), zero25=True) == 5


def test_D12_example_1_lowest_score_wins():
    h = hold("1-1 1-3", "1-5", "2-4", "2-3")
    assert [count(x) for x in h] == [6, 6, 6, 5]
    assert winner(h) == 3 and not decided_by_tiebreak(h)


def test_D12_example_2_tie_lowest_single_tile_wins():
    h = hold("1-1 1-3", "0-6", "2-4", "3-3")
    assert [count(x) for x in h] == [6, 6, 6, 6]
    assert winner(h) == 0 and decided_by_tiebreak(h)


def test_D12_example_3_equal_lowest_tile_then_lower_end_wins():
    h = hold("2-2 1-5", "1-3 3-3", "6-4", "0-5 2-3")
    assert [count(x) for x in h] == [10, 10, 10, 10]
    assert rank_key(h[0])[2] == rank_key(h[1])[2] == 4
    assert winner(h) == 1


def test_D11_seat_order_does_not_matter():
    h = hold("2-2 1-5", "1-3 3-3", "6-4", "0-5 2-3")
    assert winner(list(reversed(h))) == 2


def test_D_D5_tiebreak_includes_dead_tiles_and_no_tiles_wins_outright():
    # holdings are hand + dead; [0-2] may be a dead tile and still breaks the tie
    assert winner(hold("0-2 2-2", "3-3")) == 0
    # no counted tile at all: 0 and the win, even against [0-0] alone (also 0)
    assert winner([parse_tiles("0-0"), []]) == 1
    assert rank_key([]) < rank_key(parse_tiles("0-0"))
    # ... and outright means no D11 tie-break is told, though both count 0
    assert not decided_by_tiebreak([parse_tiles("0-0"), [], parse_tiles("5-6")])


def test_D_D5_tiebreak_uses_face_pips_with_zero25():
    # decision: [0-0] is still the lowest tile for D11 though D10 makes it count 25
    h = hold("0-0", "6-6 6-5 1-1")
    assert [count(x, True) for x in h] == [25, 25]
    assert winner(h, True) == 0
