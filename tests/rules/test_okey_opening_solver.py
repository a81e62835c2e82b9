"""The okey opening solver against the rules (O10-O13, O22-O23, O-D3, O-D4, O-D10; Y3, Y5,
Y-D2, Y-D4) and against an independent brute force over every partition of small hands."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.solvers.okey_opening import (
    OKEY101_SCORING,
    YUZBIR_SCORING,
    best_opening,
    best_pairs,
    meld_value,
)
from rules.tiles import FAKE, WILD, parse_tiles

SCORINGS = {"okey101": OKEY101_SCORING, "yuzbir": YUZBIR_SCORING}


def T(text: str) -> list[int]:
    return parse_tiles(text)


def K(text: str) -> int:
    return parse_tiles(text)[0]


# ---- an independent model of the rules, written from the rule texts -----------------------

def colour(k):
    return k // 13


def number(k):
    return k % 13 + 1


def ident(tile, okey_kind):
    return okey_kind if tile == FAKE else tile


def run_points(game, numbers):
    if game == "okey101":
        return sum(numbers)  # O13, O-D3 (a high 1 is 14)
    top3 = sorted(numbers)[-3:]
    return top3[1] + len(numbers) - 3  # Y5


def set_points(game, n, size):
    if game == "okey101":
        return n * size
    if size == 3:
        return 17 if n == 13 else n  # Y5
    return n + 1  # Y5, Y-D2


def ordered_meld_points(game, tiles, okey_kind, runs_only=False):
    """Value of a meld in table order, or None. Position i of a run holds number a+i."""
    ids = [None if t == WILD else ident(t, okey_kind) for t in tiles]
    reals = [(i, t) for i, t in enumerate(ids) if t is not None]
    if not reals:
        return None  # O-D4
    best = None
    size = len(ids)
    top = 14 if game == "okey101" else 13
    if size >= 3 and len({colour(t) for _, t in reals}) == 1:
        for a in range(1, top + 1):
            nums = list(range(a, a + size))
            if nums[-1] > top or (1 in nums and 14 in nums):
                continue
            if all(number(t) == (1 if nums[i] == 14 else nums[i]) for i, t in reals):
                best = run_points(game, nums)
    if best is None and size in (3, 4) and not runs_only:
        if len({number(t) for _, t in reals}) == 1 and len({colour(t) for _, t in reals}) == len(reals):
            best = set_points(game, number(reals[0][1]), size)
    return best


def group_points(game, tiles, okey_kind):
    """Best value of an unordered group of tiles laid as one meld, or None."""
    reals = [ident(t, okey_kind) for t in tiles if t != WILD]
    wilds = len(tiles) - len(reals)
    if not reals:
        return None
    values = []
    size = len(tiles)
    if size in (3, 4) and len({number(t) for t in reals}) == 1 and len({colour(t) for t in reals}) == len(reals):
        values.append(set_points(game, number(reals[0]), size))
    if size >= 3 and len({colour(t) for t in reals}) == 1:
        top = 14 if game == "okey101" else 13
        for a in range(1, top - size + 2):
            nums = set(range(a, a + size))
            if 1 in nums and 14 in nums:
                continue
            faces = Counter(1 if n == 14 else n for n in nums)
            need = Counter(number(t) for t in reals)
            if all(faces[n] >= c for n, c in need.items()) and sum(need.values()) + wilds == size:
                values.append(run_points(game, sorted(nums)))
    return max(values) if values else None


@cache
def brute_opening(game, tiles, okey_kind, keep=0):
    """Max total over every set of disjoint groups (tiles: a sorted tuple)."""
    if not tiles:
        return 0 if keep <= 0 else None
    first, rest = tiles[0], tiles[1:]
    skip = brute_opening(game, rest, okey_kind, keep - 1)
    best = skip
    for r in range(2, min(len(rest), 12) + 1):
        for idx in combinations(range(len(rest)), r):
            group = (first,) + tuple(rest[i] for i in idx)
            v = group_points(game, group, okey_kind)
            if v is None:
                continue
            left = tuple(t for i, t in enumerate(rest) if i not in idx)
            sub = brute_opening(game, left, okey_kind, keep)
            if sub is not None and (best is None or v + sub > best):
                best = v + sub
    return best


def pair_points(game, a, b, okey_kind):
    """Value of a pair, or None: identical tiles, an okey with anything (O-D10, Y-D4)."""
    if a != WILD and b != WILD and ident(a, okey_kind) != ident(b, okey_kind):
        return None
    if game == "okey101":
        return 1
    reals = [ident(t, okey_kind) for t in (a, b) if t != WILD]
    return number(reals[0]) if reals else 13


def brute_pairs(game, tiles, okey_kind, keep=0):
    """Best (count, value) for Okey 101 or value for Yüzbir over every set of disjoint pairs."""
    best = None

    def go(rest, count, value):
        nonlocal best
        if count == 0 or len(tiles) - 2 * count >= keep:
            key = (count, value) if game == "okey101" else (value,)
            best = key if best is None or key > best else best
        if len(rest) < 2:
            return
        first = rest[0]
        go(rest[1:], count, value)
        for j in range(1, len(rest)):
            v = pair_points(game, first, rest[j], okey_kind)
            if v is not None:
                go(rest[1:j] + rest[j + 1:], count + 1, value + v)

    go(tuple(tiles), 0, 0)
    return best


def check_opening(game, hand, okey_kind, opening):
    """The answer's melds are valid in table order, from the hand, and add up to its value."""
    used = Counter(t for m in opening.melds for t in m)
    assert not used - Counter(hand), "uses tiles not in the hand"
    total = 0
    for meld, identity in zip(opening.melds, opening.identities, strict=True):
        v = ordered_meld_points(game, meld, okey_kind)
        assert v is not None, f"invalid meld {meld}"
        assert v == meld_value(meld, okey_kind, SCORINGS[game])
        for t, k in zip(meld, identity, strict=True):
            assert t == WILD or ident(t, okey_kind) == k
        # Read in table order, forwards or backwards (Y4), a set is never a run.
        if len({colour(k) for k in identity}) > 1:
            assert ordered_meld_points(game, meld, okey_kind, runs_only=True) is None
            assert ordered_meld_points(game, meld[::-1], okey_kind, runs_only=True) is None
        total += v
    assert total == opening.value


def check_pairs(game, hand, okey_kind, pairs):
    used = Counter(t for p in pairs.pairs for t in p)
    assert not used - Counter(hand)
    values = [pair_points(game, a, b, okey_kind) for a, b in pairs.pairs]
    assert None not in values
    assert (pairs.count, pairs.value) == (len(values), sum(values))


# ---- property tests against the brute force -----------------------------------------------

def physical_pool(okey_kind, kinds):
    pool = [k for k in kinds for _ in range(2) if k != okey_kind]
    return pool + [WILD, WILD, FAKE, FAKE, okey_kind]  # a plain okey kind: robustness only


# Small neighbourhoods make melds likely: a few numbers (with the 12-13-1 corner) x colours.
NEIGHBOURHOODS = [
    [c * 13 + n - 1 for c in (0, 1) for n in (1, 2, 3, 4, 12, 13)],
    [c * 13 + n - 1 for c in (0, 1, 2, 3) for n in (5, 6, 7)],
    [c * 13 + n - 1 for c in (2, 3) for n in (9, 10, 11, 12, 13)],
    [c * 13 + n - 1 for c in (0, 1, 2, 3) for n in (1, 12, 13)],
]


@st.composite
def hands(draw, max_size=9):
    kinds = draw(st.sampled_from(NEIGHBOURHOODS))
    okey_kind = draw(st.sampled_from(kinds + [51]))
    pool = physical_pool(okey_kind, kinds)
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=0, max_size=max_size, unique=True))
    return [pool[i] for i in idx], okey_kind


@settings(max_examples=150, deadline=None, derandomize=True)
@given(hands(), st.sampled_from(sorted(SCORINGS)))
def test_best_opening_equals_brute_force(hand_ok, game):
    hand, okey_kind = hand_ok
    opening = best_opening(hand, okey_kind, SCORINGS[game])
    check_opening(game, hand, okey_kind, opening)
    assert opening.value == brute_opening(game, tuple(sorted(hand)), okey_kind)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(hands(max_size=7), st.sampled_from(sorted(SCORINGS)))
def test_O9_keep_one_tile_equals_brute_force(hand_ok, game):
    hand, okey_kind = hand_ok
    opening = best_opening(hand, okey_kind, SCORINGS[game], keep=1)
    check_opening(game, hand, okey_kind, opening)
    assert opening.tiles_used <= len(hand) - 1 or not opening.melds
    assert opening.value == (brute_opening(game, tuple(sorted(hand)), okey_kind, 1) or 0)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(hands(max_size=10), st.sampled_from(sorted(SCORINGS)), st.integers(0, 1))
def test_best_pairs_equals_brute_force(hand_ok, game, keep):
    hand, okey_kind = hand_ok
    pairs = best_pairs(hand, okey_kind, SCORINGS[game], keep=keep)
    check_pairs(game, hand, okey_kind, pairs)
    assert len(hand) - 2 * pairs.count >= keep or not pairs.pairs
    key = (pairs.count, pairs.value) if game == "okey101" else (pairs.value,)
    assert key == brute_pairs(game, hand, okey_kind, keep)


def test_full_hands_with_both_okeys_are_valid_and_deterministic():
    rng = random.Random(7)
    for _ in range(40):
        okey_kind = rng.randrange(52)
        pool = [k for k in range(52) for _ in range(2) if k != okey_kind] + [FAKE, FAKE]
        hand = rng.sample(pool, 13) + [WILD, WILD]
        for game, scoring in SCORINGS.items():
            opening = best_opening(hand, okey_kind, scoring)
            check_opening(game, hand, okey_kind, opening)
            shuffled = hand[:]
            rng.shuffle(shuffled)
            assert best_opening(shuffled, okey_kind, scoring) == opening
            assert best_pairs(shuffled, okey_kind, scoring) == best_pairs(hand, okey_kind, scoring)


# ---- the rules, case by case ---------------------------------------------------------------

NO_OKEY = K("y13")  # an okey kind that none of the hands below hold


def test_O10_no_13_1_2_run():
    assert meld_value(T("r13 r1 r2"), NO_OKEY, OKEY101_SCORING) is None
    assert meld_value(T("r12 r13 r1 r2"), NO_OKEY, OKEY101_SCORING) is None
    assert best_opening(T("r13 r1 r2"), NO_OKEY, OKEY101_SCORING).value == 0


def test_O_D3_high_ace_worth_14():
    assert meld_value(T("r12 r13 r1"), NO_OKEY, OKEY101_SCORING) == 39
    opening = best_opening(T("r12 r13 r1"), NO_OKEY, OKEY101_SCORING)
    assert opening.melds == (tuple(T("r12 r13 r1")),) and opening.value == 39


def test_O_D3_run_holds_at_most_one_1():
    thirteen = T("r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1")
    assert meld_value(thirteen, NO_OKEY, OKEY101_SCORING) == sum(range(2, 15))
    assert meld_value(T("r1") + thirteen, NO_OKEY, OKEY101_SCORING) is None
    # Both 1s in one run is illegal; splitting off 1-2-3 beats the 13-tile run.
    opening = best_opening(T("r1") + thirteen, NO_OKEY, OKEY101_SCORING)
    assert opening.melds == (tuple(T("r1 r2 r3")), tuple(T("r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1")))
    assert opening.value == 6 + sum(range(4, 15))


def test_Y3_ace_is_always_low():
    assert meld_value(T("r12 r13 r1"), NO_OKEY, YUZBIR_SCORING) is None
    assert best_opening(T("r12 r13 r1"), NO_OKEY, YUZBIR_SCORING).value == 0
    assert meld_value(T("r1 r2 r3"), NO_OKEY, YUZBIR_SCORING) == 2


def test_Y5_three_13s_17():
    assert meld_value(T("r13 b13 k13"), NO_OKEY, YUZBIR_SCORING) == 17
    assert meld_value(T("r5 b5 k5"), NO_OKEY, YUZBIR_SCORING) == 5


def test_Y_D2_four_13s_14():
    four = T("r13 b13 k13 y13")
    assert meld_value(four, NO_OKEY, YUZBIR_SCORING) == 14
    assert meld_value(T("r5 b5 k5 y5"), NO_OKEY, YUZBIR_SCORING) == 6
    # The search must not assume a bigger group is worth more: three 13s beat four.
    opening = best_opening(four, NO_OKEY, YUZBIR_SCORING)
    assert opening.value == 17 and opening.tiles_used == 3


def test_Y5_run_1_to_7_is_10():
    run = T("r1 r2 r3 r4 r5 r6 r7")
    assert meld_value(run, NO_OKEY, YUZBIR_SCORING) == 10
    assert best_opening(run, NO_OKEY, YUZBIR_SCORING).value == 10


def test_Y5_long_run_split_when_worth_more():
    # r7..r12 whole: 11 + 3 = 14; split 7-8-9 (8) + 10-11-12 (11) = 19.
    opening = best_opening(T("r7 r8 r9 r10 r11 r12"), NO_OKEY, YUZBIR_SCORING)
    assert opening.value == 19
    assert opening.melds == (tuple(T("r7 r8 r9")), tuple(T("r10 r11 r12")))
    # Okey 101 sums tiles: the whole run is as good, and split is no better.
    assert best_opening(T("r7 r8 r9 r10 r11 r12"), NO_OKEY, OKEY101_SCORING).value == 57


def test_O4_fake_plays_as_okey_identity():
    okey_kind = K("r6")  # indicator r5
    opening = best_opening(T("r4 r5 F"), okey_kind, OKEY101_SCORING)
    assert opening.melds == ((K("r4"), K("r5"), FAKE),) and opening.value == 15
    assert meld_value([FAKE, K("b6"), K("k6")], okey_kind, OKEY101_SCORING) == 18
    # A fake is not wild: it cannot stand for b5.
    assert best_opening(T("r5 F k5"), okey_kind, OKEY101_SCORING).value == 0


def test_O12_both_okeys_stand_for_missing_tiles():
    opening = best_opening(T("r5 * *"), NO_OKEY, OKEY101_SCORING)
    assert opening.melds == ((K("r5"), WILD, WILD),) and opening.value == 18
    assert opening.identities == (tuple(T("r5 r6 r7")),)
    # Yüzbir: 13 with two okeys is best as three 13s (17), not a run (12).
    opening = best_opening(T("b13 * *"), NO_OKEY, YUZBIR_SCORING)
    assert opening.value == 17 and opening.identities == (tuple(T("r13 b13 k13")),)
    assert opening.melds == ((WILD, K("b13"), WILD),)  # no run either way it is read (Y4)
    assert meld_value(opening.melds[0], NO_OKEY, YUZBIR_SCORING) == 17


def test_O13_okey_in_a_gap_worth_what_it_replaces():
    opening = best_opening(T("r10 * r12 b3 b4 * b6 b7"), NO_OKEY, OKEY101_SCORING)
    assert opening.value == 10 + 11 + 12 + 3 + 4 + 5 + 6 + 7
    assert opening.okeys_used == 2


def test_O_D4_meld_needs_a_real_tile():
    assert meld_value([WILD, WILD, WILD], NO_OKEY, OKEY101_SCORING) is None
    assert best_opening([WILD, WILD], NO_OKEY, OKEY101_SCORING).value == 0


def test_meld_value_one_tile_and_okeys_reads_as_run_unless_told():
    assert meld_value(T("r5 * *"), NO_OKEY, OKEY101_SCORING) == 18
    assert meld_value(T("r5 * *"), NO_OKEY, OKEY101_SCORING, as_set=True) == 15
    assert meld_value(T("r5 b5 *"), NO_OKEY, OKEY101_SCORING) == 15
    assert meld_value(T("r5 b6 k7"), NO_OKEY, OKEY101_SCORING) is None


def test_tie_prefers_fewer_okeys():
    opening = best_opening(T("r13 b13 k13 *"), NO_OKEY, YUZBIR_SCORING)
    assert opening.value == 17 and opening.okeys_used == 0


def test_O9_keep_leaves_a_tile_to_discard():
    hand = T("r1 r2 r3 r4")
    assert best_opening(hand, NO_OKEY, OKEY101_SCORING).value == 10
    opening = best_opening(hand, NO_OKEY, OKEY101_SCORING, keep=1)
    assert opening.melds == (tuple(T("r2 r3 r4")),) and opening.value == 9


def test_O22_pairs_are_identical_tiles_and_fakes_pair():
    okey_kind = K("r6")
    pairs = best_pairs(T("r9 r9 b9 F F k2"), okey_kind, OKEY101_SCORING)
    assert sorted(pairs.pairs) == sorted([(K("r9"), K("r9")), (FAKE, FAKE)])
    assert pairs.count == 2


def test_O_D10_okey_pairs_with_any_tile():
    pairs = best_pairs(T("r9 b3 *"), NO_OKEY, OKEY101_SCORING)
    assert pairs.count == 1 and pairs.pairs == ((K("r9"), WILD),)
    assert best_pairs(T("* *"), NO_OKEY, OKEY101_SCORING).count == 1


def test_O23_pairs_count_first_Y_D4_value_only():
    hand = T("r1 b2 * *")
    # Okey 101 wants five pairs: two okeys make two pairs with the singles.
    assert best_pairs(hand, NO_OKEY, OKEY101_SCORING).count == 2
    # Yüzbir counts value only: two okeys together stand for a pair of 13s.
    pairs = best_pairs(hand, NO_OKEY, YUZBIR_SCORING)
    assert pairs.pairs == ((WILD, WILD),) and pairs.value == 13
    assert best_pairs(T("r9 r9 b5 *"), NO_OKEY, YUZBIR_SCORING).value == 14


def test_pairs_keep_leaves_a_tile_to_discard():
    hand = T("r1 r1 r9 r9")
    assert best_pairs(hand, NO_OKEY, YUZBIR_SCORING).value == 10
    assert best_pairs(hand, NO_OKEY, YUZBIR_SCORING, keep=1).pairs == ((K("r9"), K("r9")),)
