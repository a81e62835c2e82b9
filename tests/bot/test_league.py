"""League ratings: pairwise (multiplayer) Elo."""

from __future__ import annotations

from bot.league import COMPUTER_RATING, rate, win_share


def outcome(totals, winners):
    return {"totals": totals, "winners": winners}


def test_winner_gains_what_losers_lose_between_equals():
    new = rate(outcome([10, 30, 20, 40], [0]), [1000.0] * 4, [True] * 4)
    assert new[0] > 1000 > new[3]
    assert round(sum(new), 6) == 4000.0  # zero-sum among rated equals
    assert new[2] > new[1] > new[3]  # lower totals did better (the winner had the lowest)


def test_direction_follows_the_winners_higher_is_better():
    # Rummikub-like: the winner has the highest total, so 20 beats 10
    new = rate(outcome([50, 10, 20, -80], [0]), [1000.0] * 4, [True] * 4)
    assert new[2] > new[1] > new[3]


def test_partners_are_not_rated_against_each_other():
    new = rate(outcome([100, 300, 100, 300], [0, 2]), [1000.0] * 4, [True] * 4, partners=True)
    assert new[0] == new[2] > 1000 > new[1] == new[3]
    assert win_share(outcome([0, 1, 0, 1], [0, 2]), 0, partners=True) == 1.0
    assert win_share(outcome([0, 0, 1, 1], [0, 1]), 0) == 0.5


def test_computers_have_fixed_ratings_and_are_not_rated():
    ratings = [1000.0, COMPUTER_RATING["random"], COMPUTER_RATING["expert"], 1000.0]
    new = rate(outcome([5, 10, 1, 20], [2]), ratings, [True, False, False, True])
    assert new[1:3] == ratings[1:3]
    # losing to an expert costs less than losing to a random player
    to_expert = rate(outcome([5, 1], [1]), [1000.0, COMPUTER_RATING["expert"]], [True, False])
    to_random = rate(outcome([5, 1], [1]), [1000.0, COMPUTER_RATING["random"]], [True, False])
    assert to_random[0] < to_expert[0] < 1000
