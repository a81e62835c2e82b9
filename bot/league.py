"""League ratings per chat and game: multiplayer Elo.

A match counts as the head-to-head results it implies between the people who played it:
the match winners beat everyone else, and otherwise the better total wins (lower or higher,
whichever way the game's winners point); equal totals draw unless the game breaks
the tie (dominoes: games won, then D11's tiles). Each pairing moves the two
ratings by K / m times (result - expected), m the larger of the two people's numbers of
opponents: a match weighs like one two-player game for whoever had the most opponents, and
what one gains the other loses (with one opponent against another's two, as in a partners
match of three people and a computer, a factor of each person's own would create or destroy
rating every match). Partners (2v2) are not rated against each other.

Ratings compare people with people: computer players are nobody's opponent (beating them
again and again must not climb the table), so a match where no person had another person
to play against is practice and stays out of the league.
"""

from __future__ import annotations

import itertools
import math
import random

START = 1000.0
K = 32.0


def _lower_is_better(outcome: dict) -> bool:
    totals, winners = outcome["totals"], outcome["winners"]
    if not winners:
        return True
    return totals[winners[0]] <= min(totals)


def head_to_head(outcome: dict, i: int, j: int, partners: bool = False) -> float:
    """1 if seat i did better than seat j, 0.5 for a draw, 0 if worse; with partners, as
    their teams did (the team's total decides, O-D11)."""
    winners = outcome["winners"]
    wi, wj = i in winners, j in winners
    if wi != wj:
        return 1.0 if wi else 0.0
    totals = outcome["totals"]
    if partners:
        n = len(totals)
        totals = [totals[s] + totals[(s + n // 2) % n] for s in range(n)]
    ti, tj = totals[i], totals[j]
    if ti == tj:  # the game's own tie-break where it has one (dominoes: games won, D11)
        placing = outcome.get("placing") if not partners else None
        if placing is None or placing[i] == placing[j]:
            return 0.5
        return 1.0 if placing[i] < placing[j] else 0.0
    better = ti < tj if _lower_is_better(dict(outcome, totals=totals)) else ti > tj
    return 1.0 if better else 0.0


def expected(ri: float, rj: float) -> float:
    return 1.0 / (1.0 + 10 ** ((rj - ri) / 400.0))


def opponents(seat: int, people: list[bool], partners: bool = False) -> list[int]:
    """The seats a person is rated against: the other people, not a partner."""
    n = len(people)
    return [j for j in range(n)
            if j != seat and people[j] and not (partners and j == (seat + n // 2) % n)]


def rated_match(people: list[bool], partners: bool = False) -> bool:
    """Did some person play against another (else the match is practice)?"""
    return any(people[i] and opponents(i, people, partners) for i in range(len(people)))


def rate(outcome: dict, ratings: list[float], people: list[bool],
         partners: bool = False, lots: list[int] | None = None) -> list[float]:
    """New ratings for every seat, each person's from the results against the other
    people (computers' seats keep what they were given); `lots`: whole_points'."""
    n = len(ratings)
    against = [opponents(i, people, partners) if people[i] else [] for i in range(n)]
    changes = {i: sum(K / max(len(against[i]), len(against[j]))
                      * (head_to_head(outcome, i, j, partners) - expected(ratings[i], ratings[j]))
                      for j in against[i])
               for i in range(n) if against[i]}
    out = list(ratings)
    for i, change in whole_points(changes, lots).items():
        out[i] = ratings[i] + change
    return out


def shown(rating: float) -> int:
    """A rating as people read it: the whole number nearest, a half up (Python's round()
    takes 1016.5 to 1016 and 1017.5 to 1018: a rating kept to a tenth by older versions
    would then move by a change other than the one told)."""
    return math.floor(rating + 0.5)


def drawn_lots(seed: int, seats: int) -> list[int]:
    """The seats in an order drawn from a match's seed: who of people with equal changes
    takes a point left over (whole_points), not always the first seat (its opener)."""
    return random.Random(seed).sample(range(seats), seats)


def whole_points(changes: dict[int, float], lots: list[int] | None = None) -> dict[int, int]:
    """The changes (which add up to zero: each pairing moves both alike) in whole points
    that still add up to zero, each the whole number just below or above it (the largest
    remainders round up): the ratings told after a match then balance, and no rounding
    makes or loses points over many matches. Equal changes (two people of one rating with
    one result) round alike wherever some choice of whole groups balances: rounding one up
    and the other down told a tie as two results and split their league rank. Where none
    does, the point goes by `lots` (seats in a drawn order; else by seat)."""
    floors = {i: math.floor(c) for i, c in changes.items()}
    ups = round(sum(changes.values())) - sum(floors.values())  # 0 <= ups <= len
    place = {seat: k for k, seat in enumerate(lots or sorted(changes))}
    up = _ups_keeping_ties(changes, floors, ups, place)
    if up is None:  # no whole groups balance: the largest remainders, a tie split by lot
        up = sorted(changes, key=lambda i: (round(floors[i] - changes[i], 9), place[i]))[:ups]
    return {i: floors[i] + (1 if i in up else 0) for i in changes}


def _ups_keeping_ties(changes: dict[int, float], floors: dict[int, int],
                      ups: int, place: dict[int, int]) -> list[int] | None:
    """The seats to round up, `ups` of them, made of whole groups of equal changes (those
    with a fraction only), the largest remainders in all, that never show a bigger change
    below a smaller one; None if no such groups add up. Of choices as good, the one whose
    seats come first in `place` (the drawn lots), never the seat order."""
    groups: dict[float, list[int]] = {}
    for i, c in changes.items():
        if c != floors[i]:
            groups.setdefault(round(c, 9), []).append(i)
    best, best_gain = None, -1.0
    keys = list(groups)
    for pick in itertools.product((False, True), repeat=len(keys)):  # at most 2^seats
        chosen = [i for k, on in zip(keys, pick, strict=True) if on for i in groups[k]]
        if len(chosen) != ups or not _in_order(changes, floors, chosen):
            continue
        gain = sum(changes[i] - floors[i] for i in chosen)
        if gain > best_gain + 1e-9 or gain > best_gain - 1e-9 \
                and sorted(place[i] for i in chosen) < sorted(place[i] for i in best):
            best, best_gain = chosen, gain
    return best


def _in_order(changes: dict[int, float], floors: dict[int, int], up: list[int]) -> bool:
    """Rounding `up` up keeps every bigger change at least as big as a smaller one."""
    shown = {i: floors[i] + (i in up) for i in changes}
    return all(shown[a] >= shown[b] for a in changes for b in changes
               if changes[a] > changes[b] + 1e-9)


def win_share(outcome: dict, seat: int, people: list[bool], partners: bool = False) -> float:
    """1 for a win, shared when several sides tie; partners win as one side. A side of
    computers takes no share (computers are nobody's opponent): a person who ties with one
    for the win has won, as when the others give a match up (bot/play.py `_forfeit`)."""
    if seat not in outcome["winners"]:
        return 0.0
    n = len(people)
    sides = {min(w, (w + n // 2) % n) if partners else w for w in outcome["winners"]
             if people[w] or (partners and people[(w + n // 2) % n])}
    return 1.0 / len(sides)


def leavers_last(outcome: dict, left: set[int], partners: bool = False) -> dict:
    """The outcome as the league counts it when the people in `left` were away at the end
    (a computer played their seat after /leave or two timeouts): they gave the match up,
    so they lost to everyone who stayed (with partners, their team did), as a /stop does;
    those who stayed keep their own results among themselves. When the match's winners
    all left, the best of those who stayed won it. When every side gave it up (partners:
    someone of each team left), all lost and nobody won, as a /stop then counts it."""
    n = len(outcome["totals"])
    lost = set(left) | ({(i + n // 2) % n for i in left} if partners else set())
    if not lost:
        return outcome
    if len(lost) == n:  # nobody stayed on a side that kept playing: lost by all
        return dict(outcome, totals=[1] * n, winners=[])
    lower = _lower_is_better(outcome)
    totals = list(outcome["totals"])
    spread = max(totals) - min(totals) + 1
    bad = max(totals) + spread if lower else min(totals) - spread  # a team of two too
    ranked = [bad if i in lost else t for i, t in enumerate(totals)]
    winners = [w for w in outcome["winners"] if w not in lost]
    stayed = [i for i in range(n) if i not in lost]
    if not winners and "placing" in outcome and not partners:  # the game's own order, its
        placing = outcome["placing"]  # tie-breaks too (dominoes, D11): lower first
        best = min(placing[i] for i in stayed)
        winners = [i for i in stayed if placing[i] == best]
    if not winners:
        sides = [ranked[i] + ranked[(i + n // 2) % n] if partners else ranked[i]
                 for i in range(n)]
        best = (min if lower else max)(sides[i] for i in stayed)
        winners = [i for i in stayed if sides[i] == best]
    out = dict(outcome, totals=ranked, winners=winners)
    if "placing" in outcome:  # those who gave it up drew among themselves, as by totals
        out["placing"] = [[] if i in lost else p for i, p in enumerate(outcome["placing"])]
    return out
