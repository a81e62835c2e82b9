"""The search behind the Rummikub solver (rules/solvers/rummikub.py): one dynamic program
over the numbers 1..13, after van Rijn, Takes & Vis (2015).

The state after number n holds, per colour, the lengths of the runs still open (1, 2 or
"3 or more", at most two runs per colour: two copies of each tile), the jokers used so
far, the room left for spare jokers and, for an initial meld (K6), its points so far
capped at 30. Each number is taken one colour at a time: every tile of that number either
extends an open run, starts a run, or joins a group of that number (checked once the four
colours are done); a joker can stand in for any of them. Table tiles ("must") all have to
be placed, rack tiles ("may") may be; the score of a rack tile is value * w[0] + w[1].

Dominance pruning (a state that can do all another can, with no lower score) and cheap
look-aheads keep dense tables with jokers fast. Everything is exact: tests compare with an
integer program (tests/rules/test_rummikub_solver.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

from ..rummikub_sets import JOKER, JOKER_VALUE, is_run, run_start
from ..tiles import kind

CAP = 2  # open runs per colour: two copies of each tile
# The objective, packed in one int: value first then tiles, or tiles first then value.
BY_VALUE = (128, 1)  # tiles < 128
BY_TILES = (1, 2048)  # value < 2048
NEG = -(1 << 60)


# ------------------------------------------------------------------ modes
#
# GENERAL: a joker may stand anywhere (used for the initial meld, where where a joker
# stands changes the points, K6).
# FILLER: fewer joker placements to explore. A group takes a joker only with exactly two
# number tiles, and a run opens with a joker only at 11 (`J r12 r13`, `J J r13`,
# `J r12 J`); other jokers ("free" ones) go down at the end into any set with room (a run
# shorter than 13 tiles, a group of three). Any table can be brought to this form: take
# out each joker its group does not need, and move a joker that opens a run to the run's
# high end, which is possible unless the run ends at 13. The state counts the room for
# free jokers (capped at 2), so the answer stays exact.

GENERAL, FILLER = 0, 1
_CLOSED = 3  # a run of three or more: it may stop here


def _after(length: int) -> int:
    return min(length + 1, _CLOSED)


# ------------------------------------------------------------------ groups


def _partitions(counts: tuple[int, ...], jokers: int, mode: int):
    """Every way to split `counts[c]` tiles of colour c (one number) and `jokers` jokers
    into groups (K3), each with at least two number tiles (one tile + two jokers is a run,
    K5). FILLER groups hold 3-4 number tiles, or exactly 2 and a joker."""
    if not any(counts):
        if jokers == 0:
            yield ()
        return
    first = next(c for c in range(4) if counts[c])
    others = [c for c in range(first + 1, 4) if counts[c]]
    for size in range(1, min(3, len(others)) + 1):
        for extra in combinations(others, size):
            colours = (first,) + extra
            if mode == FILLER:
                choices = (1,) if len(colours) == 2 else (0,)
            else:
                choices = range(0, min(jokers, 4 - len(colours)) + 1)
            for j in choices:
                if len(colours) + j < 3 or j > jokers:
                    continue
                rest = list(counts)
                for c in colours:
                    rest[c] -= 1
                for tail in _partitions(tuple(rest), jokers - j, mode):
                    yield ((colours, j),) + tail


@cache
def _group_partition(counts: tuple[int, ...], jokers: int, mode: int):
    """The partition with the most groups of three (room for a free joker), or None."""
    best, best_room = None, -1
    for part in _partitions(counts, jokers, mode):
        room = sum(1 for colours, j in part if len(colours) + j == 3)
        if room > best_room:
            best, best_room = part, room
    return best


def _group_room(counts, jokers, mode) -> int:
    part = _group_partition(counts, jokers, mode)
    return -1 if part is None else sum(1 for colours, j in part if len(colours) + j == 3)


# _GROUPS[mode][n2][n1][j]: room (groups of three) when colours with two tiles (n2 of them)
# and one tile (n1) plus j jokers all go into groups, or -1. Only multiplicities matter.
_GROUPS = [[[[_group_room((2,) * n2 + (1,) * n1 + (0,) * (4 - n1 - n2), j, mode)
              if n1 + n2 <= 4 else -1 for j in range(3)] for n1 in range(5)] for n2 in range(5)]
           for mode in (GENERAL, FILLER)]


# ------------------------------------------------------------------ one colour at one number


def _ncls(n: int) -> int:
    """Numbers that behave alike for one step: 3..10 are all the same."""
    return 3 if 3 <= n <= 10 else n


@cache
def _colour_detail(code: tuple[int, ...], must: int, may: int, ncls: int, mode: int):
    """Ways to use number n in one colour. Each: (newcode, g, xj, opt, room, acts, new_real,
    new_joker). code: the open runs (sorted lengths); acts[i] for run i: 0 stops, 1 takes a
    number tile, 2 a joker; g: tiles to groups; xj: jokers in runs; opt: rack tiles used;
    room: room made for free jokers (FILLER); new_*: runs started."""
    n = ncls
    out = []
    seen = set()
    for acts in product(range(3), repeat=len(code)):
        sig = tuple(sorted(zip(code, acts, strict=True)))
        if sig in seen:
            continue
        seen.add(sig)
        if any(a == 0 and length != _CLOSED for length, a in sig):
            continue  # a run may stop only once it has 3 tiles
        after = [_after(length) for length, a in sig if a]
        if n == 13 and any(x != _CLOSED for x in after):
            continue  # K4: nothing follows 13
        stops = sum(1 for _, a in sig if a == 0)
        cont_real = sum(1 for _, a in sig if a == 1)
        for new_real in range(3):
            for new_joker in range(3 - new_real):
                new = new_real + new_joker
                if len(after) + new > CAP or (new and n > 11):
                    continue
                if new_joker and mode == FILLER and n != 11:
                    continue
                xr = cont_real + new_real
                xj = len(after) - cont_real + new_joker
                if xj > 2:
                    continue
                room = 0
                if mode == FILLER:
                    room = min(2, stops * min(2, 14 - n) + new * min(2, n - 1))
                newcode = tuple(sorted(after + [1] * new))
                acts_sorted = tuple(a for _, a in sig)
                for g in range(3):
                    k = xr + g
                    if must <= k <= must + may and k <= 2:
                        out.append((newcode, g, xj, k - must, room, acts_sorted,
                                    new_real, new_joker))
    return tuple(out)


@cache
def _colour_options(code, must, may, ncls, mode):
    """_colour_detail summed up: (newcode, g is 1, g is 2, xj, room, opt), the most rack
    tiles for each outcome, without outcomes another one beats (same tiles to groups and
    jokers, no less room or rack tiles, a run code that covers it: see dominance)."""
    best: dict = {}
    for newcode, g, xj, opt, room, *_ in _colour_detail(code, must, may, ncls, mode):
        key = (newcode, g, xj, room)
        if best.get(key, -1) < opt:
            best[key] = opt
    items = list(best.items())
    rel = _CLASS_REL[mode][ncls]
    kept = []
    for i, ((nc, g, xj, room), opt) in enumerate(items):
        beaten = False
        for j, ((nc2, g2, xj2, room2), opt2) in enumerate(items):
            if j == i or g2 != g or xj2 != xj or room2 < room or opt2 < opt:
                continue
            if (nc2, nc) in rel:
                mutual = room2 == room and opt2 == opt and (nc, nc2) in rel
                if not mutual or j < i:
                    beaten = True
                    break
        if not beaten:
            kept.append((nc, int(g == 1), int(g == 2), xj, room, opt))
    return tuple(kept)


# ------------------------------------------------------------------ dominance
#
# Many states of the search lead nowhere better than another state: pruning them is what
# keeps dense tables with jokers fast. For one colour, code a "covers" code b after number n
# if whatever b can still do with the tiles to come, a can too (computed once, backwards
# from 13). A state covers another when it covers it in every colour, has at least its
# score, points and room, and used the same jokers; once it has room for two free jokers
# (FILLER), fewer jokers used is no worse either: a joker kept back still goes down free.


def _all_codes() -> list[tuple[int, ...]]:
    lengths = (1, 2, 3)
    return [()] + [(x,) for x in lengths] + [(x, y) for x in lengths for y in lengths if x <= y]


_CODES = _all_codes()
_CODE_INDEX = {c: i for i, c in enumerate(_CODES)}


def _simulation(mode: int, loose: bool) -> dict[int, frozenset]:
    """rel[n]: pairs (a, b) where code a covers code b after number n (rel[0]: before 1).
    `loose`: a may use fewer jokers than b."""
    done = {c: all(x == _CLOSED for x in c) for c in _CODES}
    rel = {13: frozenset((a, b) for a in _CODES for b in _CODES if done[a] or not done[b])}
    for n in range(13, 0, -1):
        steps = {c: {} for c in _CODES}
        for c in _CODES:
            for o in _colour_detail(c, 0, 2, _ncls(n), mode):
                xr = sum(1 for a in o[5] if a == 1) + o[6]
                steps[c].setdefault((xr, o[2]), set()).add(o[0])
        rel[n - 1] = frozenset(
            (a, b) for a in _CODES for b in _CODES
            if all(_covers(steps[a], rel[n], xr, xj, b2, loose)
                   for (xr, xj), targets in steps[b].items() for b2 in targets))
    return rel


def _covers(steps_a, later, xr, xj, b2, loose) -> bool:
    for xj2 in (range(xj + 1) if loose else (xj,)):
        if any((a2, b2) in later for a2 in steps_a.get((xr, xj2), ())):
            return True
    return False


def _tables(mode: int, loose: bool):
    """Per number n: for each code index, the indices it covers, and its strength (how many
    it covers: a covering code is never weaker, so sorting by strength puts it first)."""
    rel = _simulation(mode, loose)
    down = {n: [[_CODE_INDEX[b] for b in _CODES if (a, b) in rel[n]] for a in _CODES]
            for n in rel}
    strength = {n: [len(d) for d in down[n]] for n in rel}
    return down, strength


_DOWN = {(mode, loose): _tables(mode, loose) for mode in (GENERAL, FILLER)
         for loose in (False, True)}


def _class_relation(mode: int) -> dict[int, frozenset]:
    """Per number class, the strict cover pairs that hold after every number in it."""
    rel = _simulation(mode, False)
    out: dict[int, frozenset] = {}
    for n in range(1, 14):
        cls = _ncls(n)
        out[cls] = rel[n] if cls not in out else out[cls] & rel[n]
    return out


_CLASS_REL = {mode: _class_relation(mode) for mode in (GENERAL, FILLER)}
PRUNE_FROM = 96  # smaller layers are cheaper to keep than to prune

# A state is one int: four code indices (4 bits each), jokers used, room, the colours
# giving one and two tiles to this number's groups, and the points so far.
_U, _ROOM, _N1, _N2, _P = 16, 18, 20, 23, 26


def _prune(layer: dict, after: tuple[int, ...], mode: int, joker_gain: int) -> dict:
    """Drop the states of `layer` another state covers. after[c]: the number colour c's
    code was last updated for. States go through best first (score, then strength, packed
    with the state in one int to sort fast); bit i of a bitset marks the i-th state kept."""
    loose_ok = mode == FILLER
    strict = _DOWN[mode, False][0]
    loose, strength = _DOWN[mode, loose_ok]
    st0, st1, st2, st3 = (strength[n] for n in after)
    mask = (1 << 32) - 1
    buckets: dict = {}
    for k, v in layer.items():
        u = k >> _U & 3
        tie = st0[k & 15] + st1[k >> 4 & 15] + st2[k >> 8 & 15] + st3[k >> 12 & 15] + 2 - u
        if loose_ok and k >> _ROOM & 3 == 2:
            buckets.setdefault(-1 - (k >> _N1), []).append(
                ((((v - u * joker_gain) << 6) | tie) << 32) | k)
        else:
            buckets.setdefault(k >> _U, []).append((((v << 6) | tie) << 32) | k)
    out = {}
    for bucket, items in buckets.items():
        if len(items) == 1:
            k = items[0] & mask
            out[k] = layer[k]
            continue
        items.sort(reverse=True)
        by_jokers = bucket < 0
        d0, d1, d2, d3 = ((loose if by_jokers else strict)[n] for n in after)
        up0, up1, up2, up3 = ([0] * 10 for _ in range(4))
        by_u = [0, 0, 0]  # kept states with at most u jokers used
        bit = 1
        for item in items:
            k = item & mask
            i0, i1, i2, i3 = k & 15, k >> 4 & 15, k >> 8 & 15, k >> 12 & 15
            hit = up0[i0] & up1[i1] & up2[i2] & up3[i3]
            if hit and by_jokers:
                hit &= by_u[k >> _U & 3]
            if hit:
                continue
            out[k] = layer[k]
            for x in d0[i0]:
                up0[x] |= bit
            for x in d1[i1]:
                up1[x] |= bit
            for x in d2[i2]:
                up2[x] |= bit
            for x in d3[i3]:
                up3[x] |= bit
            for uu in range(k >> _U & 3, 3):
                by_u[uu] |= bit
            bit <<= 1
    return out


@cache
def _moves(code: int, must: int, may: int, ncls: int, mode: int, colour: int):
    """_colour_options for a code index, with the change to the state int precomputed:
    (delta, jokers, room, rack tiles, short runs, option)."""
    shift = 4 * colour
    out = []
    for opt in _colour_options(_CODES[code], must, may, ncls, mode):
        nc, one, two, xj, room, k_opt = opt
        delta = ((_CODE_INDEX[nc] - code) << shift) + (one << _N1) + (two << _N2) + (xj << _U)
        short = sum(1 for length in nc if length < _CLOSED)  # runs that must go on
        out.append((delta, xj, room, k_opt, short, opt))
    return tuple(out)


@cache
def _moves_no_group(code: int, must: int, may: int, ncls: int, mode: int, colour: int):
    """_moves without the options that give tiles to this number's groups."""
    return tuple(m for m in _moves(code, must, may, ncls, mode, colour)
                 if not (m[5][1] or m[5][2]))


@cache
def _group_lookahead(caps: tuple[int, ...], mode: int):
    """ok[n2][n1][j]: with n2 colours giving two tiles to this number's groups and n1 one so
    far, can the colours still to come (each giving at most caps[i]) and up to j jokers
    make the groups work? Drops hopeless partial states early."""
    feas = _GROUPS[mode]
    ok = [[[False] * 3 for _ in range(5)] for _ in range(5)]
    for n2 in range(5):
        for n1 in range(5 - n2):
            for gs in product(*(range(c + 1) for c in caps)):
                t2 = n2 + gs.count(2)
                t1 = n1 + gs.count(1)
                if t1 + t2 > 4:
                    continue
                for j in range(3):
                    if any(feas[t2][t1][jg] >= 0 for jg in range(j + 1)):
                        ok[n2][n1][j] = True
    return ok


# ------------------------------------------------------------------ the dynamic program


def _numbers(must, may, n):
    ms = (must[n - 1], must[12 + n], must[25 + n], must[38 + n])
    os_ = (may[n - 1], may[12 + n], may[25 + n], may[38 + n])
    return ms, os_


def _rest(may: Sequence[int], per_value: int, per_tile: int) -> list[int]:
    """rest[4 * (n - 1) + c]: the most the rack tiles after colour c of number n can add."""
    rest = [0] * 52
    total = 0
    for n in range(13, 0, -1):
        for c in range(3, -1, -1):
            rest[4 * (n - 1) + c] = total
            total += may[kind(c, n)] * (n * per_value + per_tile)
    return rest


def search(must: Sequence[int], may: Sequence[int], need: int, mode: int,
        weights: tuple[int, int] = BY_VALUE, floor: int | None = None,
        no_group=(), group_jokers=None, most_points: bool = False):
    """Best (score, free jokers, choices) placing all of `must` and any of `may`, with at
    least `need` points in total (K6, GENERAL mode only), or None if the must tiles cannot
    all be placed; `most_points`: instead the most points (counted up to `need`, however
    few), then the best score. Each number is taken one colour at a time, then its groups.
    A rack tile scores value * weights[0] + weights[1] (a joker's value is 30). `floor`: only moves
    scoring at least this are looked for (states that cannot reach it are dropped), so
    the answer is still the best move whenever the best move reaches the floor.
    For K8 (rules/solvers/rummikub.py): tiles of the kinds in `no_group` go into runs
    only; group_jokers[n]: at least that many jokers go into groups of number n
    (GENERAL mode: FILLER puts a group's spare joker down free, anywhere)."""
    jokers = must[JOKER] + may[JOKER]
    track_room = mode == FILLER and jokers > 0
    groups = _GROUPS[mode]
    per_value, per_tile = weights
    joker_gain = JOKER_VALUE * per_value + per_tile
    if floor is not None:
        rest = _rest(may, per_value, per_tile)
        floor += must[JOKER] * joker_gain
    layer = {0: 0}  # all codes empty (index 0), nothing used
    backs = []
    for n in range(1, 14):
        ms, os_ = _numbers(must, may, n)
        ncls = _ncls(n)
        gain = n * per_value + per_tile
        caps = tuple(min(2, ms[c] + os_[c]) for c in range(4))
        if n < 13:
            ms2, os2 = _numbers(must, may, n + 1)
            nxt_caps = [ms2[c] + os2[c] for c in range(4)]
        for c in range(4):
            m = ms[c]
            shift = 4 * c
            ahead = _group_lookahead(caps[c + 1:], mode)
            moves = _moves_no_group if no_group and kind(c, n) in no_group else _moves
            nxt: dict = {}
            back: dict = {}
            for key, v in layer.items():
                u = key >> _U & 3
                for delta, xj, rc, k_opt, short, opt in moves(key >> shift & 15, m, os_[c],
                                                              ncls, mode, c):
                    if u + xj > jokers:
                        continue
                    if short and short > nxt_caps[c] + jokers - u - xj:
                        continue  # too few tiles next number for the runs to go on
                    k = key + delta
                    if not ahead[k >> _N2 & 7][k >> _N1 & 7][jokers - u - xj]:
                        continue
                    if rc and track_room:
                        room = key >> _ROOM & 3
                        k += (min(2, room + rc) - room) << _ROOM
                    if need:
                        p = key >> _P
                        k += (min(need, p + n * (m + k_opt + xj)) - p) << _P
                    v2 = v + k_opt * gain + xj * joker_gain
                    if nxt.get(k, NEG) < v2:
                        nxt[k] = v2
                        back[k] = (key, opt)
            if floor is not None:
                cut = floor - rest[4 * (n - 1) + c]
                nxt = {k: v for k, v in nxt.items()
                       if v + (jokers - (k >> _U & 3)) * joker_gain >= cut}
            if not nxt:
                return None
            if len(nxt) >= PRUNE_FROM:
                nxt = _prune(nxt, (n,) * (c + 1) + (n - 1,) * (3 - c), mode, joker_gain)
            layer = nxt
            backs.append(back)
        nxt, back = {}, {}
        lo = group_jokers.get(n, 0) if group_jokers else 0
        for key, v in layer.items():
            u = key >> _U & 3
            feas = groups[key >> _N2 & 7][key >> _N1 & 7]
            base = key & ~(63 << _N1)  # clear the group counts
            for jg in range(lo, jokers - u + 1):
                gr = feas[jg]
                if gr < 0:
                    continue
                k = base + (jg << _U)
                if gr and track_room:
                    room = key >> _ROOM & 3
                    k += (min(2, room + gr) - room) << _ROOM
                if need and jg:
                    p = key >> _P
                    k += (min(need, p + n * jg) - p) << _P
                v2 = v + jg * joker_gain
                if nxt.get(k, NEG) < v2:
                    nxt[k] = v2
                    back[k] = (key, jg)
        if not nxt:
            return None
        if len(nxt) >= PRUNE_FROM:
            nxt = _prune(nxt, (n,) * 4, mode, joker_gain)
        layer = nxt
        backs.append(back)
    best = None
    for k, v in layer.items():
        u, room, p = k >> _U & 3, k >> _ROOM & 3, k >> _P
        free = min(jokers - u, room) if mode == FILLER else 0
        v += free * joker_gain
        if u + free < must[JOKER] or (p < need and not most_points):
            continue
        rank = (p, v) if most_points else (0, v)
        if best is None or rank > best[0]:
            best = (rank, free, k)
    if best is None:
        return None
    (_, v), free, k = best
    choices = []  # per step, from the last: (state before, option or group jokers)
    for back in reversed(backs):
        prev, choice = back[k]
        choices.append((prev, choice))
        k = prev
    choices.reverse()
    return v - must[JOKER] * joker_gain, free, choices


# ------------------------------------------------------------------ rebuilding the sets


def rebuild(must, may, choices, free, mode) -> list[tuple[int, ...]]:
    sets: list[tuple[int, ...]] = []
    runs: list[list[list]] = [[] for _ in range(4)]  # per colour: [code, tiles], by code
    steps = iter(choices)
    for n in range(1, 14):
        ms, os_ = _numbers(must, may, n)
        gcounts = []
        for c in range(4):
            prev, opt = next(steps)
            nc, one, two, xj, room, k_opt = opt
            g = one + 2 * two
            code = _CODES[prev >> 4 * c & 15]
            detail = next(d for d in _colour_detail(code, ms[c], os_[c], _ncls(n), mode)
                          if d[:5] == (nc, g, xj, k_opt, room))
            acts, new_real, new_joker = detail[5:]
            tile = kind(c, n)
            nxt = []
            for (length, tiles), a in zip(runs[c], acts, strict=True):
                if a == 0:
                    sets.append(tuple(tiles))
                    continue
                tiles.append(tile if a == 1 else JOKER)
                nxt.append([_after(length), tiles])
            nxt += [[1, [tile]] for _ in range(new_real)]
            nxt += [[1, [JOKER]] for _ in range(new_joker)]
            nxt.sort(key=lambda r: r[0])
            runs[c] = nxt
            gcounts.append(g)
        _, jg = next(steps)
        for colours, j in _group_partition(tuple(gcounts), jg, mode):
            sets.append(tuple(kind(c, n) for c in colours) + (JOKER,) * j)
    for open_runs in runs:
        sets.extend(tuple(tiles) for _, tiles in open_runs)
    for _ in range(free):
        _add_free_joker(sets)
    return sets


def _add_free_joker(sets: list[tuple[int, ...]]) -> None:
    """Put a spare joker where there is room: a run's high end, its low end, a group of 3."""
    for i, s in enumerate(sets):
        if is_run(s):
            start = run_start(s)
            if start + len(s) <= 13:
                sets[i] = s + (JOKER,)
                return
            if start > 1:
                sets[i] = (JOKER,) + s
                return
        elif len(s) == 3:
            sets[i] = s + (JOKER,)
            return
    raise AssertionError("no room for a free joker")
