"""The Rummikub solver against independent answers: an integer program (HiGHS, after den
Hertog & Hulshof 2006, with K8's joker rule added) and brute force on small positions.
Optima are not unique, so the objective values are compared, and every returned table is
checked on its own.

RUMMIKUB_ORACLE_N=2000 runs the long comparison (self-play and dense random positions)."""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter

import pytest

from rules import find_game
from rules.rummikub_deal import all_tiles
from rules.rummikub_sets import (
    JOKER,
    canonical_set,
    canonical_table,
    parse_table,
    set_points,
    untaken_joker,
)
from rules.solvers.rummikub import (
    best_move,
    best_short_initial,
    fits,
    initial_points,
    place,
    untouched,
)
from rules.tiles import kind, parse_tiles

highspy = pytest.importorskip("highspy")

G = find_game("rummikub")
TILE_BITS = 128


def T(text):
    return parse_tiles(text, "rummikub")


def value(t):
    return 30 if t == JOKER else t % 13 + 1


def score(tiles) -> tuple[int, int]:
    return sum(value(t) for t in tiles), len(tiles)


# ---------------------------------------------------------------- the integer program


def _all_sets():
    """(tile counter, jokers, points, joker kinds) of every run of 3-5 and every group;
    longer runs split into these, so nothing is lost. Joker kinds: what each joker stands
    for (K5, K-D4: a group's joker any missing colour; two jokers one colour each)."""
    out = []
    for c in range(4):
        for start in range(1, 12):
            for length in range(3, 6):
                if start + length - 1 > 13:
                    continue
                positions = range(start, start + length)
                for j in range(0, 3):
                    for holes in itertools.combinations(positions, j):
                        if j >= length:
                            continue
                        tiles = Counter(kind(c, n) for n in positions if n not in holes)
                        out.append((tiles, j, sum(positions), [(kind(c, n),) for n in holes]))
    for n in range(1, 14):
        for size in range(2, 5):
            for colours in itertools.combinations(range(4), size):
                for j in range(0, 3):
                    if 3 <= size + j <= 4:
                        missing = tuple(kind(c, n) for c in range(4) if c not in colours)
                        roles = [missing] if j == 1 else [(m,) for m in missing[:j]]
                        out.append((Counter(kind(c, n) for c in colours), j, n * (size + j),
                                    roles))
    return out


_ALL = _all_sets()
SETS = [(tiles, j, pts) for tiles, j, pts, _ in _ALL]
ROLES = [roles for *_, roles in _ALL]


def risky_jokers(table) -> list[tuple[int, ...]]:
    """K8, worked out here without the rules code: what each table joker stands for, for
    the jokers none of whose tiles is on the table (only those can be taken wrongly)."""
    have = {t for s in table for t in s}
    out = []
    for s in table:
        reals = [t for t in s if t != JOKER]
        if JOKER not in s:
            continue
        if len({t % 13 for t in reals}) == 1 and len(reals) > 1:  # a group
            n, colours = reals[0] % 13, {t // 13 for t in reals}
            missing = tuple(c * 13 + n for c in range(4) if c not in colours)
            roles = [missing] if s.count(JOKER) == 1 else [(m,) for m in missing]
        else:  # a run, jokers in place
            i = next(i for i, t in enumerate(s) if t != JOKER)
            roles = [(s[i] - i + p,) for p, t in enumerate(s) if t == JOKER]
        out += [r for r in roles if not have.intersection(r)]
    return out


def _rows():
    """Row r (kind r, 52 = jokers): sum of set columns - y_r = tiles already on the table.
    Columns: the sets, then y_0..y_52 (rack tiles put down). Row 53: initial points."""
    rows = [[] for _ in range(54)]
    for i, (tiles, j, pts) in enumerate(SETS):
        for t, k in tiles.items():
            rows[t].append((i, k))
        if j:
            rows[JOKER].append((i, j))
        rows[53].append((i, pts))
    for t in range(53):
        rows[t].append((len(SETS) + t, -1))
    starts, index, vals = [], [], []
    for row in rows:
        starts.append(len(index))
        index += [i for i, _ in row]
        vals += [float(v) for _, v in row]
    return np.array(starts, np.int32), np.array(index, np.int32), np.array(vals)


np = pytest.importorskip("numpy")
ROWS = _rows()


def oracle(table_tiles, rack, initial=False, exact=None, risky=()):
    """The best (value, tiles) a move can put down, or None. `exact`: the tiles that must
    be put down (intent form): returns True/False. `risky`: what the table jokers at risk
    stand for (risky_jokers): K8 as rows (Hall's condition for matching them to new
    jokers, z_i = 1 when one of joker i's tiles comes from the rack)."""
    have = Counter() if initial else Counter(table_tiles)
    rack = Counter(exact if exact is not None else rack)
    ns = len(SETS)
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)  # the objective is an integer: prove the optimum
    h.setOptionValue("mip_abs_gap", 0.5)
    lo = [0.0] * ns + [float(rack[t]) if exact is not None else 0.0 for t in range(53)]
    hi = [2.0] * ns + [float(rack[t]) for t in range(53)]
    h.addVars(ns + 53, np.array(lo), np.array(hi))
    h.changeColsIntegrality(ns + 53, np.arange(ns + 53, dtype=np.int32),
                            np.ones(ns + 53, dtype=np.uint8))
    starts, index, vals = ROWS
    nrows = 54 if initial else 53
    rhs = [float(have[t]) for t in range(53)]
    lower = np.array(rhs + [30.0])[:nrows]
    upper = np.array(rhs + [highspy.kHighsInf])[:nrows]
    end = starts[nrows] if nrows < 54 else len(index)
    h.addRows(nrows, lower, upper, end, starts[:nrows], index[:end], vals[:end])
    if risky and not initial:
        z = ns + 53
        h.addVars(len(risky), np.zeros(len(risky)), np.ones(len(risky)))
        h.changeColsIntegrality(len(risky), np.arange(z, z + len(risky), dtype=np.int32),
                                np.ones(len(risky), dtype=np.uint8))

        def row(cols, lo, hi):
            h.addRow(lo, hi, len(cols), np.array([c for c, _ in cols], np.int32),
                     np.array([float(v) for _, v in cols]))

        def holes(kinds):
            return [(i, k) for i, r in enumerate(ROLES)
                    if (k := sum(1 for role in r if kinds.intersection(role)))]

        for i, r in enumerate(risky):
            row([(z + i, 1)] + [(ns + k, -1) for k in r], -highspy.kHighsInf, 0.0)
            row(holes(set(r)) + [(z + i, 1)], 1.0, highspy.kHighsInf)
        if len(risky) == 2:
            row(holes(set(risky[0]) | set(risky[1])) + [(z, 1), (z + 1, 1)], 2.0,
                highspy.kHighsInf)
    cost = [float(value(t) * TILE_BITS + 1) for t in range(53)]
    h.changeColsCost(53, np.arange(ns, ns + 53, dtype=np.int32), np.array(cost))
    h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    h.run()
    status = h.getModelStatus()
    if exact is not None:
        return status == highspy.HighsModelStatus.kOptimal
    if status != highspy.HighsModelStatus.kOptimal:
        return None
    best = round(h.getInfo().objective_function_value)
    if best <= 0:
        return None
    return divmod(best, TILE_BITS)


# ---------------------------------------------------------------- brute force


def _partitions_points(tiles: Counter):
    """The best initial-meld points over all ways to split `tiles` into valid sets, or None
    if there is none. Plain recursion on the lowest remaining number tile."""
    if not +tiles:
        return 0
    reals = sorted(t for t in tiles if t != JOKER and tiles[t] > 0)
    if not reals:
        return None  # jokers alone make no set
    first = reals[0]
    best = None
    jokers = tiles[JOKER]
    candidates = set()
    c, n = divmod(first, 13)
    n += 1
    others = [kind(c2, n) for c2 in range(4) if c2 != c and tiles[kind(c2, n)] > 0]
    for size in range(0, len(others) + 1):
        for extra in itertools.combinations(others, size):
            for j in range(0, min(jokers, 2) + 1):
                candidates.add(tuple(sorted((first,) + extra)) + (JOKER,) * j)
    for start in range(max(1, n - 2), n + 1):
        for length in range(3, 14):
            end = start + length - 1
            if end > 13:
                break
            seq = []
            need_j = 0
            for m in range(start, end + 1):
                t = kind(c, m)
                if m < n:
                    seq.append(JOKER)
                    need_j += 1
                elif tiles[t] > 0 and (m > n or t == first):
                    seq.append(t)
                else:
                    seq.append(JOKER)
                    need_j += 1
            if need_j <= jokers:
                candidates.add(tuple(seq))
            # also the same window with jokers in place of present tiles
            present = [i for i, t in enumerate(seq) if t != JOKER and t != first]
            for k in range(1, min(2, jokers - need_j) + 1):
                for sub in itertools.combinations(present, k):
                    alt = list(seq)
                    for i in sub:
                        alt[i] = JOKER
                    candidates.add(tuple(alt))
    for cand in candidates:
        cs = canonical_set(cand)
        if cs is None or (cs != cand and Counter(cs) != Counter(cand)):
            continue
        need = Counter(cand)
        if any(tiles[t] < k for t, k in need.items()):
            continue
        rest = tiles.copy()
        rest.subtract(need)
        sub = _partitions_points(+rest)
        if sub is not None:
            pts = sub + set_points(cs)
            best = pts if best is None else max(best, pts)
    return best


def brute(table_tiles, rack, initial=False):
    best = None
    rack = list(rack)
    for size in range(1, len(rack) + 1):
        for sub in set(itertools.combinations(sorted(rack), size)):
            if initial:
                pts = _partitions_points(Counter(sub))
                ok = pts is not None and pts >= 30
            else:
                ok = _partitions_points(Counter(table_tiles) + Counter(sub)) is not None
            if ok:
                sc = score(sub)
                best = sc if best is None or sc > best else best
    return best


# ---------------------------------------------------------------- checking a move


def check_move(table, rack, initial, move):
    """Everything a returned move must satisfy, checked without the solver."""
    assert all(canonical_set(s) == tuple(s) for s in move.table), move.table
    assert tuple(move.table) == canonical_table(move.table)
    new = Counter(t for s in move.table for t in s)
    old = Counter(t for s in table for t in s)
    played = Counter(move.played)
    assert new == old + played
    assert not played - Counter(rack)
    assert (move.value, move.tiles) == score(move.played)
    assert untaken_joker(table, move.table) is None  # K8
    if initial:
        left = Counter(move.table)
        left.subtract(Counter(tuple(s) for s in canonical_table(table)))
        assert all(v >= 0 for v in left.values())  # the old sets are untouched (K6)
        assert sum(set_points(s) * k for s, k in left.items() if k) >= 30


def compare(table, rack, initial):
    move = best_move(table, rack, initial)
    expect = oracle([t for s in table for t in s], rack, initial, risky=risky_jokers(table))
    got = None if move is None else (move.value, move.tiles)
    assert got == expect, (table, rack, initial)
    if move is not None:
        check_move(table, rack, initial, move)
    return move


# ---------------------------------------------------------------- positions


def selfplay_positions(games: int, seed: int = 0):
    out = []
    for g in range(games):
        cfg = G.Config.from_options({"players": str(2 + g % 3)})
        s = G.new(cfg, seed=seed + g)
        rng = random.Random(seed + g)
        while not s.is_finished:
            v = s.view(s.current_player)
            out.append((v.table, v.rack, not v.melded[v.seat]))
            s.apply(G.random_action(v, rng))
    return out


def dense_position(rng: random.Random, table_size: int, rack_size: int):
    """A random valid table of about `table_size` tiles and a rack from the rest; both
    jokers are always in play."""
    left = Counter(all_tiles())
    table = []
    sets = [(tiles, j) for tiles, j, _ in SETS]
    tries = 0
    while sum(len(s) for s in table) < table_size and tries < 4000:
        tries += 1
        tiles, j = rng.choice(sets)
        need = tiles + Counter({JOKER: j}) if j else tiles
        if all(left[t] >= k for t, k in need.items()):
            left.subtract(need)
            cs = canonical_set(list(tiles.elements()) + [JOKER] * j)
            if cs is not None:
                table.append(cs)
            else:
                left.update(need)
    pool = list(left.elements())
    rng.shuffle(pool)
    rack = [t for t in pool if t == JOKER] + [t for t in pool if t != JOKER]
    rack = rack[:rack_size]
    return canonical_table(table), sorted(rack)


# ---------------------------------------------------------------- tests


def test_known_positions():
    table = parse_table("r1 r2 r3 | b7 k7 y7")
    m = compare(table, T("r4 r7 J y1"), False)
    assert (m.value, m.tiles) == (42, 4)
    assert compare((), T("r10 b10 k9 r1 r2"), True) is None
    m = compare((), T("J J r13"), True)
    assert (m.value, m.tiles) == (73, 3)
    assert compare(parse_table("r7 b7 k7 y7"), T("J"), False) is None  # no room for it
    m = compare(parse_table("r7 b7 k7 y7 | r8 b8 k8 y8 | r9 b9 k9 y9"), T("J"), False)
    assert (m.value, m.tiles) == (30, 1)  # regrouped into runs
    m = compare(parse_table("r12 r13 J"), T("r11"), False)
    assert (m.value, m.tiles) == (11, 1)


def test_brute_force_small_positions():
    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        table, rack = dense_position(rng, rng.choice([0, 6, 9, 12]), rng.randint(3, 5))
        initial = not table and rng.random() < 0.7
        move = best_move(table, rack, initial)
        got = None if move is None else (move.value, move.tiles)
        if risky_jokers(table) and not initial:  # K8: brute force knows nothing of it
            expect = oracle([t for s in table for t in s], rack, risky=risky_jokers(table))
        else:
            expect = brute([t for s in table for t in s], rack, initial)
        assert got == expect, (table, rack)
        if move:
            check_move(table, rack, initial, move)
        checked += 1
    assert checked == 40


@pytest.mark.parametrize("seed", range(2))
def test_oracle_on_selfplay_positions(seed):
    positions = selfplay_positions(2, seed=100 + 10 * seed)
    rng = random.Random(seed)
    sample = rng.sample(positions, min(40, len(positions)))
    for table, rack, initial in sample:
        compare(table, rack, initial)


def test_oracle_on_dense_tables_with_both_jokers():
    rng = random.Random(1000)
    for _ in range(6):
        table, rack = dense_position(rng, rng.randint(30, 90), rng.randint(1, 22))
        assert sum(t == JOKER for s in table for t in s) + rack.count(JOKER) == 2
        compare(table, rack, False)


def test_intent_form_against_the_oracle():
    rng = random.Random(7)
    for _ in range(25):
        table, rack = dense_position(rng, rng.randint(0, 45), rng.randint(2, 12))
        want = rng.sample(rack, rng.randint(1, min(4, len(rack))))
        initial = not table and rng.random() < 0.5
        move = place(table, want, initial=initial)
        ok = oracle([t for s in table for t in s], rack, initial, exact=want,
                    risky=risky_jokers(table))
        assert (move is not None) == ok, (table, want)
        if not initial:
            assert fits(table, want) == ok
        if move is not None:
            assert sorted(move.played) == sorted(want)
            check_move(table, rack, initial, move)


def test_intent_keeps_untouched_sets():
    table = parse_table("r1 r2 r3 | b7 k7 y7 | k10 k11 k12")
    move = place(table, T("r4"))
    assert set(parse_table("b7 k7 y7 | k10 k11 k12")) <= set(move.table)


def test_K6_initial_points_and_short_initial_against_brute_force():
    """K6 (a joker counts as the number it stands for), against _partitions_points:
    initial_points(tiles) is the most exactly those tiles are worth as new sets (up to
    30); best_short_initial(rack) the layout of any of the rack with the most points, then
    the most value (a joker 30), then tiles. Small racks that hold no initial meld, where
    laying jokers down anywhere, or taking the most value, can score fewer points."""
    rng = random.Random(6)
    known = [T("b1 b2 b3 J b4 b5 b6"), T("b5 J b7 r2 b2 J"), T("r1 y1 J k2 k3 k4"),
             T("r2 b2 k2 y2 b1 y1 J"), T("r2 r3 r4 y1 y2 y3 J")]
    racks = list(known)
    while len(racks) < 60:
        c, n = rng.randrange(4), rng.randint(1, 8)
        near = [kind(c, m) for m in range(n, n + 5)] + [kind(c2, n) for c2 in range(4)]
        rack = rng.sample(near, rng.randint(3, 6)) + [JOKER] * rng.randint(1, 2)
        if best_move((), rack, True) is None:
            racks.append(rack)
    for rack in racks:
        pts = _partitions_points(Counter(rack))
        assert initial_points(rack) == (None if pts is None else min(30, pts)), rack
        best = (0, 0, 0)
        for size in range(3, len(rack) + 1):
            for sub in set(itertools.combinations(sorted(rack), size)):
                p = _partitions_points(Counter(sub))
                if p is not None:
                    best = max(best, (p, *score(sub)))
        sets = best_short_initial(rack)
        assert all(canonical_set(s) == tuple(s) for s in sets)
        put = [t for s in sets for t in s]
        assert not Counter(put) - Counter(rack)
        assert (sum(set_points(s) for s in sets), *score(put)) == best, rack
    assert [initial_points(r) for r in known] == [28, 24, 12, 11, 20]  # every tile down
    assert [sum(set_points(s) for s in best_short_initial(r)) for r in known] == [
        28, 26, 14, 12, 20]


@pytest.mark.skipif(not os.environ.get("RUMMIKUB_ORACLE_N"), reason="long run: set RUMMIKUB_ORACLE_N")
def test_long_oracle_comparison():
    n = int(os.environ["RUMMIKUB_ORACLE_N"])
    positions = selfplay_positions(max(4, n // 150), seed=5000)
    rng = random.Random(99)
    rng.shuffle(positions)
    done = 0
    for table, rack, initial in positions[: n // 2]:
        compare(table, rack, initial)
        done += 1
    while done < n:
        table, rack = dense_position(rng, rng.randint(20, 90), rng.randint(1, 22))
        compare(table, rack, False)
        done += 1
    print(f"oracle agreed on {done} positions")


def test_K8_a_lone_joker_put_down_changes_one_set_not_the_whole_table():
    """`place J` on a table of six runs and sets: the joker joins one of them and the
    other five stay as they were (it re-laid every set: a joker is near no set, so the
    narrow stages found nothing and the whole table was solved again)."""
    table = [tuple(parse_tiles(s, "rummikub")) for s in (
        "r3 r4 r5", "r6 r7 r8", "b3 b4 b5", "b6 b7 b8", "k3 k4 k5", "k6 k7 k8")]
    move = place(table, parse_tiles("J", "rummikub"))
    assert move is not None
    kept = [s for s in move.table if s in table]
    assert len(kept) == 5 and len(move.table) == 6
    [changed] = [s for s in move.table if s not in table]
    assert sorted(changed)[-1] == parse_tiles("J", "rummikub")[0] and len(changed) == 4


def test_K8_a_joker_put_down_with_tiles_keeps_the_sets_away_from_them():
    table = [tuple(parse_tiles(s, "rummikub")) for s in (
        "r3 r4 r5", "b9 b10 b11", "k3 k4 k5", "y1 y2 y3")]
    move = place(table, parse_tiles("J r6", "rummikub"))
    assert move is not None
    assert [s for s in move.table if s in table] == table[1:]  # only the red run grows


def test_K8_a_joker_with_another_tile_breaks_no_more_sets_than_it_needs():
    """`place J k12` with k11 k12 k13 and r13 b13 k13 y13 on the table: one set is opened
    up (the regression scan found three re-laid, the blue run split among them)."""
    table = [tuple(parse_tiles(s, "rummikub")) for s in (
        "b7 b8 b9 b10", "b11 b12 b13", "k8 k9 k10", "k11 k12 k13", "y4 y5 y6", "b3 k3 y3",
        "r13 b13 k13 y13")]
    move = place(table, parse_tiles("J k12", "rummikub"))
    assert move is not None
    assert sum(1 for s in table if s in move.table) == len(table) - 1


def test_K7_placing_tiles_rearranges_the_sets_one_hop_away_not_the_whole_table():
    """k3 k4 into b5 k5 y5 frees b5 and y5, which go to b6 b7 b8 and y2 y3 y4: three sets
    change. The sets those tiles go to are near no placed tile, and the whole-table answer
    changed 11 of 12 (a scan: the group read one line for it)."""
    table = parse_table("r3 r4 r5 r6 | r8 r9 r10 r11 r12 | b6 b7 b8 | b11 J J | y2 y3 y4 | "
                        "r4 b4 k4 y4 | b5 k5 y5 | r9 b9 k9 | b10 k10 y10 | r11 b11 k11 y11 | "
                        "r12 k12 y12 | r13 b13 k13")
    move = place(table, T("k3 k4"))
    assert untouched(table, move.table) == len(table) - 3
    assert set(parse_table("b5 b6 b7 b8 | y2 y3 y4 y5 | k3 k4 k5")) <= set(move.table)
