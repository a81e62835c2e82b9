"""League ratings: pairwise (multiplayer) Elo."""

from __future__ import annotations

import random

from bot.league import (
    drawn_lots,
    leavers_last,
    rate,
    rated_match,
    shown,
    whole_points,
    win_share,
)


def outcome(totals, winners):
    return {"totals": totals, "winners": winners}


def test_winner_gains_what_losers_lose_between_equals():
    new = rate(outcome([10, 30, 20, 40], [0]), [1000.0] * 4, [True] * 4)
    assert new[0] > 1000 > new[3]
    assert round(sum(new), 6) == 4000.0  # zero-sum among rated equals
    assert new[2] > new[1] > new[3]  # lower totals did better (the winner had the lowest)


def test_partners_with_a_computer_create_or_destroy_no_rating():
    """Okey 101 partners (O-D11), Ali (seat 0) with a computer against Budi and Can: Ali has
    two opponents, each of them one. Every pairing moves both ratings by the same amount,
    so the three ratings keep their sum, match after match (a factor of each person's own
    number of opponents made +16 +16 -16 out of a win by Budi's team)."""
    people = [True, True, False, True]
    ratings = [1000.0] * 4
    for winners in ([1, 3], [0, 2], [1, 3], [1, 3], [0, 2]):
        totals = [0 if i in winners else 100 for i in range(4)]
        ratings = rate(outcome(totals, winners), ratings, people, partners=True)
        assert ratings[0] + ratings[1] + ratings[3] == 3000.0  # whole points, zero-sum
        assert ratings[2] == 1000.0  # the computer's seat moves no rating
    # one win by Budi and Can's team between equals: +8 each, -16 for Ali (a two-player
    # game's K for Ali, who played both)
    new = rate(outcome([100, 0, 100, 0], [1, 3]), [1000.0] * 4, people, partners=True)
    assert new == [984.0, 1008.0, 1000.0, 1008.0]


def test_direction_follows_the_winners_higher_is_better():
    # Rummikub-like: the winner has the highest total, so 20 beats 10
    new = rate(outcome([50, 10, 20, -80], [0]), [1000.0] * 4, [True] * 4)
    assert new[2] > new[1] > new[3]


def test_partners_are_not_rated_against_each_other():
    new = rate(outcome([100, 300, 100, 300], [0, 2]), [1000.0] * 4, [True] * 4, partners=True)
    assert new[0] == new[2] > 1000 > new[1] == new[3]
    assert win_share(outcome([0, 1, 0, 1], [0, 2]), 0, [True] * 4, partners=True) == 1.0
    assert win_share(outcome([0, 0, 1, 1], [0, 1]), 0, [True] * 4) == 0.5


def test_a_win_tied_with_a_computer_is_a_whole_win_and_people_tied_share_it():
    """Computers are nobody's opponent, so they take no share of a win (as a forfeit)."""
    two_people = [True, True, False, False]
    assert win_share(outcome([0, 5, 5, 0], [0, 3]), 0, two_people) == 1.0
    assert win_share(outcome([0, 0, 0, 0], [0, 1, 2, 3]), 1, two_people) == 0.5
    # partners: a person and a computer as one side, tied with a side of two people
    mixed = [True, True, False, True]
    assert win_share(outcome([0, 0, 0, 0], [0, 1, 2, 3]), 0, mixed, partners=True) == 0.5
    # a side of two computers tied with the person's side: the person's win is whole
    assert win_share(outcome([0, 0, 0, 0], [0, 1, 2, 3]), 0, [True, False, True, False],
                     partners=True) == 1.0


def test_O_D11_teams_that_tie_draw_whatever_each_partner_scored():
    """The team's total decides (O-D11): 500 + 60 against 100 + 460 is a tie, every seat
    a winner, so each person draws with each opponent (Ali's 500 was not a win over
    Budi's 100, nor Can's 60 a loss to Dev's 460)."""
    tie = outcome([500, 100, 60, 460], [0, 1, 2, 3])
    assert rate(tie, [1000.0] * 4, [True] * 4, partners=True) == [1000.0] * 4
    # and between teams that do not tie, the losing team's partners lose alike
    new = rate(outcome([500, 100, 60, 300], [0, 2]), [1000.0] * 4, [True] * 4, partners=True)
    assert new[0] == new[2] > 1000 > new[1] == new[3]


def test_computers_are_nobodys_opponent_and_a_match_without_two_people_is_practice():
    # Ali (seat 0) and Budi (seat 3) with two computers: each is rated against the other
    # only, whatever the computers did (one of them won)
    new = rate(outcome([5, 10, 1, 20], [2]), [1000.0] * 4, [True, False, False, True])
    assert new[0] == 1016.0 and new[3] == 984.0 and new[1:3] == [1000.0, 1000.0]
    # alone against computers: beating them again and again moves nothing
    alone = [True, False, False, False]
    assert rate(outcome([0, 9, 9, 9], [0]), [1000.0] * 4, alone) == [1000.0] * 4
    assert not rated_match(alone) and rated_match([True, False, True, False])
    # two partners against two computers played no person either (O27)
    assert not rated_match([True, False, True, False], partners=True)


def test_people_away_at_the_end_lose_to_those_who_stayed_who_keep_their_own_results():
    """A computer played Ali's seat (0) at the end: he lost to everyone who stayed, and
    Budi (1) and Can (2) are rated on what they did against each other."""
    people = [True, True, True, False]
    counted = leavers_last(outcome([5, 20, 10, 30], [0]), {0}, partners=False)
    assert counted["winners"] == [2]  # the best of those who stayed: Can
    new = rate(counted, [1000.0] * 4, people)
    assert new[2] > new[1] == 1000 > new[0]  # Budi: beat Ali, lost to Can
    assert win_share(counted, 2, people) == 1.0 and win_share(counted, 0, people) == 0.0
    # higher is better (Rummikub): the leaver's total is ranked below every other
    counted = leavers_last(outcome([50, 10, 20, -80], [0]), {0})
    assert rate(counted, [1000.0] * 4, people)[0] < 1000 and counted["winners"] == [2]
    # a winner who stayed keeps the win; the leaver loses to every person who stayed
    counted = leavers_last(outcome([5, 20, 10, 30], [0]), {1})
    assert counted["winners"] == [0]
    assert rate(counted, [1000.0] * 4, people)[1] < min(rate(counted, [1000.0] * 4, people)[::2])
    # partners: Ali's team loses, whatever his partner (2) scored (O-D11 team totals)
    counted = leavers_last(outcome([0, 100, 0, 100], [0, 2]), {0}, partners=True)
    assert counted["winners"] == [1, 3]
    new = rate(counted, [1000.0] * 4, [True] * 4, partners=True)
    assert new[1] == new[3] > 1000 > new[0] == new[2]
    # partners, one of each team left (O-D11): every side gave it up, as a /stop by one
    # with the other team's partner away counts it: all lost, nobody won (the team that
    # scored lower does not win with its leaver; the other does not either)
    counted = leavers_last(outcome([0, 100, 0, 100], [0, 2]), {1, 2}, partners=True)
    assert counted["winners"] == [] and len(set(counted["totals"])) == 1
    assert rate(counted, [1000.0] * 4, [True] * 4, partners=True) == [1000.0] * 4
    assert all(win_share(counted, i, [True] * 4, partners=True) == 0 for i in range(4))


async def _finish_by_private_buttons(bot, people) -> None:
    """Play the dominoes table out after a restart by the buttons /hand sends privately."""
    from .test_core_play import Player

    table = bot.table("dominoes")
    player = Player(bot, seed=2)
    for person in people:
        player.note(await bot.say(person, "/hand", chat="dm", private=True))
    while table.status == "playing":
        user = player.to_move(table)
        choice = player.rng.choice(player.buttons[user.id].choices)
        player.note(await bot.press(user, choice.payload, chat="dm"))


async def test_a_name_written_since_sitting_down_survives_a_restart_in_the_league(bot):
    """README: the league names people as they last wrote in the group. Ali sat down as
    'Ali', then wrote as 'Ali Kaya'; the bot restarted before the match ended: the result
    kept the old seat name over the newer one (memory of chat names starts empty)."""
    from bot.messages import User

    from .conftest import ALI, BUDI
    from .test_core_play import Player, start

    table = await start(bot, "dominoes", [ALI, BUDI])
    await Player(bot, seed=1).finish(table)  # a first result: Ali has a standing here
    table = await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(User(ALI.id, "Ali Kaya", "en"), "/league dominoes")  # renamed
    await bot.restart()
    await _finish_by_private_buttons(bot, (ALI, BUDI))  # (as 'Ali')
    names = {r[0]: r[1] for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert names[ALI.id] == "Ali Kaya"


async def test_a_first_timers_name_written_since_sitting_down_survives_a_restart(bot):
    """As above, at Ali's first match in the group (no standing yet to keep his name in):
    the result named him by his seat's old name."""
    from bot.messages import User

    from .conftest import ALI, BUDI
    from .test_core_play import start

    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(User(ALI.id, "Ali Kaya", "en"), "/league dominoes")  # renamed
    await bot.restart()
    await _finish_by_private_buttons(bot, (ALI, BUDI))  # (as 'Ali')
    names = {r[0]: r[1] for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert names == {ALI.id: "Ali Kaya", BUDI.id: BUDI.name}


def test_a_big_league_never_hides_a_single_place_behind_its_gap():
    """The top ten, then the asker with a neighbour each side: 13th in 40 showed 1-10, a
    gap, 12-14 (the gap standing for one row, place 11, in as much room): now 1-14."""
    from bot.standings import _league_window

    rows = [(str(i), f"P{i}") for i in range(1, 41)]
    assert [place for place, _ in _league_window(rows, "13")] == list(range(1, 15))
    assert [place for place, _ in _league_window(rows, "14")] == [*range(1, 11), 13, 14, 15]
    assert [place for place, _ in _league_window(rows, "30")] == [*range(1, 11), 29, 30, 31]


def test_three_people_over_300_matches_the_told_changes_always_balance():
    """Each match's changes are whole points adding up to zero, so the ratings told after
    it balance ("Budi 1036 (-20), Can 981 (+1), Ali 982 (+18)" added up to -1 when each
    rating was rounded on its own) and 300 matches leave the league's points where they
    were (they drifted to 2998.8)."""
    rng = random.Random(3)
    people = [True, True, True, False]
    ratings = [1000.0] * 4
    for _ in range(300):
        totals = [rng.randrange(60) for _ in range(4)]
        best = min(totals[:3])
        winners = [i for i in range(3) if totals[i] == best]
        new = rate(outcome(totals, winners), ratings, people)
        changes = [new[i] - ratings[i] for i in range(3)]
        assert all(c == int(c) for c in changes) and sum(changes) == 0, changes
        ratings = new
    assert sum(ratings[:3]) == 3000.0 and len({round(r) for r in ratings[:3]}) > 1


def test_whole_points_round_each_change_to_a_neighbour_keeping_the_sum():
    assert whole_points({0: 18.4, 1: 1.3, 2: -19.7}) == {0: 19, 1: 1, 2: -20}
    assert whole_points({0: 0.5, 2: -0.5}) in ({0: 1, 2: -1}, {0: 0, 2: 0})
    assert whole_points({}) == {}


def test_equal_changes_round_alike_where_whole_groups_balance():
    """Two people of one rating with one result (a scan: 990 (-10) and 989 (-11) after
    equal totals, ranked 3rd and 4th): they round alike, the sum still zero."""
    changes = {0: 12.3, 1: 8.7, 2: -10.5, 3: -10.5}
    points = whole_points(changes)
    assert points[2] == points[3] and sum(points.values()) == 0
    assert all(abs(points[i] - c) < 1 for i, c in changes.items())
    # where no whole groups balance (the other change is a whole number) the tie is split:
    # the ratings must still add up
    assert sorted(whole_points({0: 21.0, 1: -10.5, 2: -10.5}).values()) == [-11, -10, 21]


def test_a_rating_kept_to_a_tenth_by_an_older_version_moves_by_the_change_told():
    """Older versions kept 1016.5: round() read it as 1016, and 1016.5 - 17 as 1000 (to
    even), so "Ali 1000 (-17)" stood under a /league that had shown 1016. Ratings are read
    a half up everywhere: a whole-point change moves the shown rating by exactly that."""
    for before in (1016.5, 1000.5, 1017.5, 999.5, 1016.7, 1000.2):
        for change in (-17, -1, 0, 1, 17):
            assert shown(before + change) - shown(before) == change
    assert (shown(1016.5), shown(1017.5), shown(-0.5)) == (1017, 1018, 0)


def test_rounding_never_shows_a_bigger_change_below_a_smaller_one():
    """Keeping a tie whole showed +5.59 as +5 beside two +5.53 as +6 (the regression scan,
    ratings 1014, 999, 1000, 1000): ties are kept only where the order holds."""
    raw = {0: -16.65, 1: 5.59, 2: 5.53, 3: 5.53}  # as the scan measured them, rounded
    points = whole_points(raw)
    assert sum(points.values()) == 0
    assert all(points[a] >= points[b] for a in raw for b in raw if raw[a] > raw[b])


def test_a_point_left_over_between_equal_changes_goes_by_lot_not_to_the_first_seat():
    """Ali stopped a four-person match: three equal +5.33 cannot round alike and add up.
    The extra point went to the lowest seat every time (Budi 1011, Can and Dev 1010 after
    two such matches, Budi alone "top of the league" at the season's end): it goes by the
    match's drawn lots, so over many matches every seat gets it alike."""
    third = 16 / 3
    changes = {0: -16.0, 1: third, 2: third, 3: third}
    assert whole_points(changes)[1] == 6  # by seat where no lots are given
    got = {seat: 0 for seat in (1, 2, 3)}
    for seed in range(300):
        points = whole_points(changes, drawn_lots(seed, 4))
        assert sum(points.values()) == 0 and sorted(points.values()) == [-16, 5, 5, 6]
        got[next(s for s, p in points.items() if p == 6)] += 1
    assert min(got.values()) > 70, got  # about 100 each
    # the order is the match's: its seed draws it again
    assert drawn_lots(7, 4) == drawn_lots(7, 4) and sorted(drawn_lots(7, 4)) == [0, 1, 2, 3]


def test_D11_equal_totals_below_the_winner_are_ranked_by_the_games_tie_break():
    """Dominoes, one game: Budi (1) and Can (2) both end on 10 behind Ali; D11 ranks Budi
    first (he held the lower single tile), so he beat Can rather than drew with him. Two
    who gave the match up still draw among themselves, as their totals say."""
    people = [True] * 4
    placing = [[5, -1], [10, 0, 4, 1], [10, 0, 6, 2], [20, 0, 9, 3]]
    tied = dict(outcome([5, 10, 10, 20], [0]), placing=placing)
    new = rate(tied, [1000.0] * 4, people)
    assert new[0] > new[1] > new[2] > new[3]
    assert round(sum(new), 6) == 4000.0
    untied = dict(tied, placing=[[5, -1], [10, 0, 5, 1], [10, 0, 5, 1], [20, 0, 9, 3]])
    same = rate(untied, [1000.0] * 4, people)
    assert same[1] == same[2]  # D11 says nothing more: a draw
    counted = leavers_last(tied, {1, 2})
    gave_up = rate(counted, [1000.0] * 4, people)
    assert gave_up[1] == gave_up[2] < gave_up[3]
