"""The Normal dominoes player's judgement on bare masks, shared by three users: the Normal
agent itself, the Expert's play-outs (opponents assumed to play like this) and the Expert's
reading of past plays (which hidden hands would have made a player choose what they did).
Also the two other ways the Expert reads players: at random (`random_play`) and heaviest
tile first (`heavy_play`, `heavy_drop`).

Plays score: the tile's count (D9, D10) + 2 for a double + 1.5 per own tile that fits the
new ends + 0.5 per number kept in hand + 4 x the chance that the next player cannot fit.
A blocked player lays the tile whose count times its chance of being played later is
lowest (D6).
"""

from __future__ import annotations

from .dominoes_tiles import ALL_MASK, DOUBLE_ZERO, HAS, HIGH, LOW, PIPS, tiles_of

# LACK_MASK[s]: the tiles showing any number in the 7-bit set s.
LACK_MASK = tuple(
    (HAS[0] if s & 1 else 0) | (HAS[1] if s & 2 else 0) | (HAS[2] if s & 4 else 0)
    | (HAS[3] if s & 8 else 0) | (HAS[4] if s & 16 else 0) | (HAS[5] if s & 32 else 0)
    | (HAS[6] if s & 64 else 0)
    for s in range(128)
)
VARIETY = tuple(sum(1 for n in range(7) if (s >> n) & 1) for s in range(128))


def numbers_in(mask: int) -> int:
    """The 7-bit set of numbers shown by the tiles of `mask`."""
    s = 0
    for n in range(7):
        if mask & HAS[n]:
            s |= 1 << n
    return s


def tile_value(t: int, holding: int, zero25: bool) -> int:
    """What `t` adds to the count of `holding` (hand + dead) if it stays there (D9, D10)."""
    if zero25 and t == DOUBLE_ZERO and (holding & HAS[0]).bit_count() == 1:
        return 25
    return PIPS[t]


def _chance(total: int, fitting: int, count: int) -> float:
    """chance_fits's arithmetic for `total` unseen tiles of which `fitting` fit."""
    miss = 1.0
    for i in range(count):
        if total - i <= 0:
            break
        miss *= max(0.0, (total - fitting - i) / (total - i))
    return 1.0 - miss


def chance_fits(unseen: int, lacks: int, count: int, left: int, right: int) -> float:
    """P(a player with `count` tiles from `unseen`, known to lack the numbers in `lacks`,
    holds a tile showing left or right)."""
    if (lacks >> left) & 1 and (lacks >> right) & 1:
        return 0.0
    total = unseen.bit_count()
    fitting = (unseen & ~LACK_MASK[lacks] & (HAS[left] | HAS[right])).bit_count()
    return _chance(total, fitting, count)


def play_score(t, left, right, hand, holding, zero25, unseen, next_lacks, next_count):
    after = hand & ~(1 << t)
    score = tile_value(t, holding, zero25)
    if LOW[t] == HIGH[t]:
        score += 2.0
    score += 1.5 * (after & (HAS[left] | HAS[right])).bit_count()
    score += 0.5 * VARIETY[numbers_in(after)]
    return score + 4.0 * (1.0 - chance_fits(unseen, next_lacks, next_count, left, right))


def play_options(hand: int, left: int, right: int) -> list[tuple[int, int, int]]:
    """(tile, new left, new right) for every legal play, in the engine's `legal` order: a
    tile that fits two different ends goes left, then right; otherwise where the engine
    puts a play with no end (right if it fits there)."""
    out = []
    fit_l = HAS[left]
    fit_r = HAS[right]
    for t in tiles_of(hand & (fit_l | fit_r)):
        a, b = LOW[t], HIGH[t]
        on_l = (fit_l >> t) & 1
        on_r = (fit_r >> t) & 1
        if on_l and (not on_r or left != right):
            out.append((t, b if left == a else a, right))
        if on_r:
            out.append((t, left, b if right == a else a))
    return out


def count_plays(hand: int, left: int, right: int) -> int:
    """len(play_options(hand, left, right)), without building the list."""
    both = (hand & HAS[left] & HAS[right]).bit_count() if left != right else 0
    return (hand & (HAS[left] | HAS[right])).bit_count() + both


def random_play(hand: int, left: int, right: int, rng) -> tuple[int, int, int]:
    """One of play_options (non-empty), uniformly, from `rng`: how a player who plays
    their own way is read (rules/dominoes_belief.py)."""
    options = play_options(hand, left, right)
    return options[rng.randrange(len(options))]


# A common way people play: lay the heaviest tile that fits (ties, such as [3-3] and [2-4],
# or a tile that fits both ends, taken at random), and when blocked lay the lightest
# tile dead. The Expert reads opponents as this kind too (rules/dominoes_belief.py).

# PIP_MASKS[p]: the tiles with p pips.
PIP_MASKS = tuple(sum(1 << t for t in range(len(PIPS)) if PIPS[t] == p) for p in range(13))


def heaviest(hand: int, left: int, right: int) -> int:
    """The mask of the heaviest tiles in `hand` that fit an end (0 if none fits)."""
    fit = hand & (HAS[left] | HAS[right])
    for p in range(12, -1, -1):
        if fit & PIP_MASKS[p]:
            return fit & PIP_MASKS[p]
    return 0


def heaviest_plays(hand: int, left: int, right: int) -> list[tuple[int, int, int]]:
    """The play_options with the most pips (non-empty if any tile fits)."""
    return play_options(heaviest(hand, left, right), left, right)


def heavy_play(hand: int, left: int, right: int, rng) -> tuple[int, int, int]:
    """One of heaviest_plays, uniformly, from `rng`."""
    options = heaviest_plays(hand, left, right)
    return options[rng.randrange(len(options))] if len(options) > 1 else options[0]


def heavy_drop(hand: int) -> int:
    """The lightest tile of a non-empty hand (the lowest id among equals)."""
    for light in PIP_MASKS:
        lightest = hand & light
        if lightest:
            return (lightest & -lightest).bit_length() - 1  # its lowest bit
    raise ValueError("empty hand")


def normal_play(hand, dead, line, left, right, zero25, next_lacks, next_count, options=None):
    """The Normal player's choice: (tile, new left, new right), the first best in legal
    order. `options` defaults to play_options (pass them for the opening double)."""
    unseen = ~(hand | dead | line) & ALL_MASK
    holding = hand | dead
    best = None
    best_score = 0.0
    for t, nl, nr in options if options is not None else play_options(hand, left, right):
        s = play_score(t, nl, nr, hand, holding, zero25, unseen, next_lacks, next_count)
        if best is None or s > best_score:
            best, best_score = (t, nl, nr), s
    return best


def drop_cost(t, hand, dead, line, left, right, zero25):
    """Expected cost of laying `t` dead: its count times the chance it could be played."""
    unseen = ~(hand | dead | line) & ALL_MASK
    a, b = LOW[t], HIGH[t]
    k = (unseen & (HAS[a] | HAS[b])).bit_count()
    at_end = a in (left, right) or b in (left, right)
    chance = 1.0 - 0.75 ** (k + 2 * at_end)
    return (tile_value(t, hand | dead, zero25) * chance, PIPS[t])


def normal_drop(hand, dead, line, left, right, zero25) -> int:
    return min(tiles_of(hand), key=lambda t: drop_cost(t, hand, dead, line, left, right, zero25))


# --- the same choices, faster ---------------------------------------------------------------
# The Expert plays thousands of Normal moves per decision (rules/dominoes_playout.py).
# fast_play and fast_drop give exactly normal_play's and normal_drop's answers (same floats,
# same tie-breaks; the tests compare them) from tables built with the same arithmetic.

def _numbers_table(shift: int) -> tuple[int, ...]:
    return tuple(numbers_in((m << shift) & ALL_MASK) for m in range(128))


_NUM0, _NUM1, _NUM2, _NUM3 = (_numbers_table(7 * q) for q in range(4))
_MAX_COUNT = 8


# _BONUS[total][count][fitting]: play_score's last term, 4 x (1 - chance the next fits); with
# fitting 0 it is 4.0 exactly, play_score's value when the next player lacks both new ends
_BONUS = tuple(tuple(tuple(4.0 * (1.0 - _chance(total, fitting, count))
                           for fitting in range(total + 1))
                     for count in range(_MAX_COUNT))
               for total in range(29))
_KEEP = tuple(1.0 - 0.75 ** k for k in range(32))  # drop_cost's chance to be played later
# _BASE[t]: play_score's first terms before variety, the count (D10 aside) + 2 for a double
_BASE = tuple(PIPS[t] + (2.0 if LOW[t] == HIGH[t] else 0) for t in range(28))
_BASE_ZERO = 25 + 2.0  # [0-0] counting 25 (D10)


def _sides(t: int, left: int, right: int) -> tuple[tuple[int, int, int], ...]:
    """play_options's (new left, new right) for `t` on the ends, with the mask of tiles
    that fit the new ends."""
    a, b = LOW[t], HIGH[t]
    on_l = (HAS[left] >> t) & 1
    on_r = (HAS[right] >> t) & 1
    out = []
    if on_l and (not on_r or left != right):
        out.append((b if left == a else a, right))
    if on_r:
        out.append((left, b if right == a else a))
    return tuple((nl, nr, HAS[nl] | HAS[nr]) for nl, nr in out)


# _SIDES[left][right][t]: _sides for every tile (empty if it does not fit)
_SIDES = tuple(tuple(tuple(_sides(t, left, right) for t in range(28)) for right in range(7))
               for left in range(7))


def fast_play(hand, dead, line, left, right, zero25, next_lacks, next_count):
    """normal_play(hand, dead, line, left, right, zero25, next_lacks, next_count)."""
    if next_count >= _MAX_COUNT or left < 0 or right < 0:
        return normal_play(hand, dead, line, left, right, zero25, next_lacks, next_count)
    unseen = ~(hand | dead | line) & ALL_MASK
    bonus = _BONUS[unseen.bit_count()][next_count]
    open_unseen = unseen & ~LACK_MASK[next_lacks]
    zero_alone = zero25 and ((hand | dead) & HAS[0]).bit_count() == 1
    sides = _SIDES[left][right]
    best = None
    best_score = 0.0
    for t in tiles_of(hand & (HAS[left] | HAS[right])):
        after = hand & ~(1 << t)
        base = (_BASE_ZERO if zero_alone and t == DOUBLE_ZERO else _BASE[t]) + 0.5 * VARIETY[
            _NUM0[after & 127] | _NUM1[(after >> 7) & 127] | _NUM2[(after >> 14) & 127]
            | _NUM3[after >> 21]]
        for nl, nr, ends in sides[t]:
            s = base + 1.5 * (after & ends).bit_count() + bonus[(open_unseen & ends).bit_count()]
            if best is None or s > best_score:
                best, best_score = (t, nl, nr), s
    return best


def fast_drop(hand, dead, line, left, right, zero25) -> int:
    """normal_drop(hand, dead, line, left, right, zero25)."""
    unseen = ~(hand | dead | line) & ALL_MASK
    zero_alone = zero25 and ((hand | dead) & HAS[0]).bit_count() == 1
    best = -1
    best_key = None
    for t in tiles_of(hand):
        a, b = LOW[t], HIGH[t]
        k = (unseen & (HAS[a] | HAS[b])).bit_count()
        if a == left or a == right or b == left or b == right:
            k += 2
        key = ((25 if zero_alone and t == DOUBLE_ZERO else PIPS[t]) * _KEEP[k], PIPS[t])
        if best_key is None or key < best_key:
            best, best_key = t, key
    return best
