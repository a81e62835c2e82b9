"""Dominoes computer players: only legal moves, from views only, deterministic."""

from __future__ import annotations

import copy
import random

import pytest

from rules.ai import make_agent
from rules.dominoes_belief import Belief
from rules.dominoes_tiles import TEXT, mask_of, tiles_of

from .test_dominoes_helpers import DEAL_BLOCK, GAME, act, new

# the sparring player of `tilebot simulate` who lays the heaviest tile that fits
_HEAVY = make_agent("dominoes", "heavy", sparring=True)

CONFIGS = [{}, {"dead_tiles": "off"}, {"players": "5"},
           {"players": "5", "dead_tiles": "off", "zero25": "on", "games": "3"}]


@pytest.mark.parametrize("level,games",
                         [("beginner", 40), ("normal", 40), ("expert", 4), ("heavy", 40)])
def test_every_level_plays_only_legal_moves(level, games):
    agent = make_agent("dominoes", level, sparring=True)
    other = make_agent("dominoes", "random")
    for options in CONFIGS:
        for seed in range(games):
            state = new(options, seed=seed)
            rng = random.Random(seed)
            while not state.is_finished:
                seat = state.current_player
                view = state.view(seat)
                a = (agent if seat % 2 == 0 else other).choose(view, rng)
                assert str(a) in view.legal
                state.apply(a)


def test_agents_are_deterministic_given_the_rng():
    for level in ("normal", "expert"):
        agent = make_agent("dominoes", level)
        s = new(seed=5)
        while s.current_player is not None and len(s.actions) < 12:
            view = s.view(s.current_player)
            a, b = agent.choose(view, random.Random(7)), agent.choose(view, random.Random(7))
            assert a == b
            s.apply(a)


def test_belief_infers_missing_numbers_from_dead_tiles():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 2-2")  # seat 3 had no blank
    b = Belief(s.view(0))
    assert b.lacking(3, 0) and not b.lacking(1, 0)
    rng = random.Random(1)
    for _ in range(50):
        hands, deads, _ = b.sample(rng)
        assert hands[0] == 0 and deads[0] == 0
        assert [len(tiles_of(h)) for h in hands][1:] == [7, 6, 6]
        assert len(tiles_of(deads[3])) == 1
        assert not any(t in (0, 1, 2, 3, 4, 5, 6) for t in tiles_of(hands[3] | deads[3]))
        everything = hands[1] | hands[2] | hands[3] | deads[3] | mask_of(s.view(0).hand) | 1
        assert everything == (1 << 28) - 1


def test_normal_lays_the_cheapest_dead_tile():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    a = make_agent("dominoes", "normal").choose(s.view(3), random.Random(0))
    # seat 3: 1-1 1-2 1-3 1-4 1-5 1-6 2-2: [1-1] is the lightest and has no blank to hope for
    assert str(a) == "drop 1-1"


def test_levels_exist():
    for level in ("beginner", "normal", "expert"):
        assert make_agent("dominoes", level).level == level
    assert GAME.id == "dominoes"


def _normal_game_views(options, seeds, moves_min=0):
    """(state, view) at every decision with a choice in games of four Normal players."""
    normal = make_agent("dominoes", "normal")
    for seed in seeds:
        s = new(options, seed=seed)
        rng = random.Random(seed)
        while not s.is_finished:
            view = s.view(s.current_player)
            if len(view.history) >= moves_min:
                yield s, view
            s.apply(normal.choose(view, rng))


def test_replay_explains_real_normal_players():
    # D6: with its true holding, every seat's past plays and dead tiles are the Normal
    # player's, and the replay finds exactly the dead tiles it laid
    from rules.dominoes_belief import Posterior, replay, seat_events
    checked = 0
    for options in ({}, {"players": "5", "zero25": "on"}, {"dead_tiles": "off"}):
        for s, view in _normal_game_views(options, range(12)):
            events, played = seat_events(view)
            for seat in range(s.num_seats):
                if seat == view.seat:
                    continue
                got = replay(events[seat], s.hands[seat] | s.dead[seat], played[seat], view.zero25)
                assert got[:2] == (0, s.dead[seat])
                checked += len(events[seat])
            post = Posterior(view, 0.001)
            truth = [s.hands[p] | s.dead[p] if p >= 0 else 0 for p, _ in post.places]
            if post.places[-1][0] < 0:
                truth[-1] = post.belief.unseen & ~mask_of(t for h in truth[:-1] for t in tiles_of(h))
            assert post.energy(truth) == 0
    assert checked > 1500


def test_replay_rejects_holdings_that_do_not_explain_the_plays():
    # seat 3 laid a dead tile at 0|0 (D6): a holding with a blank is impossible, and a
    # holding whose Normal choice of dead tile differs from any it could have laid costs
    from rules.dominoes_belief import replay, seat_events
    from rules.dominoes_tiles import ID_OF
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 1-1")
    view = s.view(0)
    events, played = seat_events(view)
    true = s.hands[3] | s.dead[3]
    assert replay(events[3], true, played[3], False)[:2] == (0, 1 << ID_OF[(1, 1)])
    with_blank = true ^ (1 << ID_OF[(1, 1)]) | (1 << ID_OF[(0, 4)])
    assert replay(events[3], with_blank, played[3], False) is None
    # without [1-1] the Normal player lays another tile: no mismatch, another dead tile
    other = true ^ (1 << ID_OF[(1, 1)]) | (1 << ID_OF[(3, 3)])
    miss, dead, _choices = replay(events[3], other, played[3], False)
    assert miss == 0 and dead != 1 << ID_OF[(1, 1)]


def _replays_as_normal(s, view, hands, deads):
    """Replay the real game from a sampled deal with Normal players in the other seats:
    True if every other seat then makes the moves it made (its dead tiles are the sampled
    ones); the viewer's own moves are taken from the record."""
    from rules.dominoes_actions import Drop
    n = s.num_seats
    me = view.seat
    start = [0] * n
    for seat in range(n):
        start[seat] = hands[seat] | deads[seat]
    start[me] = mask_of(view.hand) | mask_of(view.dead)
    real = s.actions[len(s.actions) - len(view.history):]
    for seat, kind, tile, *_ in view.history:
        if kind == "play":
            start[seat] |= 1 << tile
    deal = {"first": s.first, "hands": [" ".join(TEXT[t] for t in tiles_of(h)) for h in start]}
    r = new(deals=[deal])
    normal = make_agent("dominoes", "normal")
    for text in real:
        seat = r.current_player
        if seat != me:
            mine = normal.choose(r.view(seat), random.Random(0))
            if type(mine) is Drop:
                if not (deads[seat] >> mine.tile) & 1:
                    return False
                text = str(mine)
            elif str(mine) != text and GAME.parse_action(text, r.view(seat)) != mine:
                return False
        act(r, text)
    return [r.hands[p] for p in range(n) if p != me] == [hands[p] for p in range(n) if p != me]


def test_posterior_deals_reproduce_the_normal_seats_past_moves():
    # the exact reading: a deal of energy 0 is one in which Normal players in the other
    # seats would have made every move they made (plays, and dead tiles under D6)
    from rules.dominoes_belief import Posterior
    checked = 0
    views = [(s.clone(), v) for s, v in _normal_game_views({}, range(6), moves_min=8)]
    for i, (s, view) in enumerate(views[::3]):
        post = Posterior(view, 0.001)
        for (hands, deads, *_kinds), energy in post.chain(random.Random(i), 6, burn=80, thin=5):
            if energy == 0:
                assert _replays_as_normal(s, view, hands, deads)
                checked += 1
    assert checked > 50


def test_posterior_deals_respect_counts_and_lacks():
    # D6: a seat that laid a dead tile at ends (l, r) holds neither l nor r from then on;
    # every hidden tile is in exactly one place, hands and dead piles have their counts
    from rules.dominoes_belief import Posterior, public_lacks
    from rules.dominoes_policy import LACK_MASK
    checked = 0
    for options in ({}, {"players": "5"}):
        views = [v for _, v in _normal_game_views(options, range(6), moves_min=6)]
        for i, view in enumerate(views[::4]):
            post = Posterior(view, 0.001)
            lacks = public_lacks(view.history, view.players)
            unseen = post.belief.unseen
            for (hands, deads, *_kinds), energy in post.chain(random.Random(i), 8, burn=40,
                                                              thin=3):
                assert energy != float("inf")
                hidden = 0
                for seat in range(view.players):
                    if seat == view.seat:
                        assert hands[seat] == deads[seat] == 0
                        continue
                    assert hands[seat].bit_count() == view.hand_counts[seat]
                    assert deads[seat].bit_count() == view.dead_counts[seat]
                    assert not hands[seat] & LACK_MASK[lacks[seat]]
                    assert not (hands[seat] | deads[seat]) & hidden
                    hidden |= hands[seat] | deads[seat]
                    checked += 1
                assert hidden & ~unseen == 0
                assert (unseen & ~hidden).bit_count() == view.middle_count
    assert checked > 300


def test_fast_policy_matches_the_normal_policy():
    # the Expert's play-outs use fast_play / fast_drop: they must be the Normal player
    from rules.dominoes_policy import (
        fast_drop,
        fast_play,
        normal_drop,
        normal_play,
        play_options,
    )
    rng = random.Random(11)
    compared = 0
    for _ in range(20000):
        tiles = list(range(28))
        rng.shuffle(tiles)
        k, d, n = rng.randint(1, 7), rng.randint(0, 3), rng.randint(0, 14)
        hand, dead = mask_of(tiles[:k]), mask_of(tiles[k:k + d])
        line = mask_of(tiles[k + d:k + d + n])
        args = (hand, dead, line, rng.randint(0, 6), rng.randint(0, 6), rng.random() < 0.3)
        more = (rng.randint(0, 127) if rng.random() < 0.5 else 0, rng.randint(0, 7))
        if play_options(hand, args[3], args[4]):
            assert fast_play(*args, *more) == normal_play(*args, *more)
            compared += 1
        assert fast_drop(*args) == normal_drop(*args)
    assert compared > 10000


def test_policy_play_options_follow_the_engines_legal_order():
    from rules.ai.dominoes import ends_after
    from rules.dominoes_policy import play_options
    for seed in range(30):
        s = new(seed=seed)
        while not s.is_finished:
            view = s.view(s.current_player)
            if view.ends is not None and not view.legal[0].startswith("drop"):
                legal = [GAME.parse_action(t) for t in view.legal]
                expected = [(a.tile, *ends_after(view, a)) for a in legal]
                assert play_options(mask_of(view.hand), *view.ends) == expected
            s.apply(s.legal_actions()[-1])


def test_heavy_policy_lays_the_heaviest_plays_and_the_lightest_dead_tile():
    # the bit tricks agree with the plain definitions on random hands and ends
    from rules.dominoes_policy import heaviest_plays, heavy_drop, play_options
    from rules.dominoes_tiles import ALL_MASK, PIPS
    rng = random.Random(4)
    fitted = 0
    for _ in range(20000):
        hand = rng.getrandbits(28) & ALL_MASK
        if not hand:
            continue
        assert heavy_drop(hand) == min(tiles_of(hand), key=lambda t: (PIPS[t], t))
        left, right = rng.randrange(7), rng.randrange(7)
        options = play_options(hand, left, right)
        if options:
            top = max(PIPS[t] for t, _l, _r in options)
            assert heaviest_plays(hand, left, right) == [o for o in options if PIPS[o[0]] == top]
            fitted += 1
    assert fitted > 10000


def _explains(post, seat: int, holding: int) -> bool:
    """The holding explains every past move of the seat as a Normal player's."""
    got = post.judge(seat, holding)
    return got is not None and got[0] == 0


def _consistent_holdings(post, view):
    """Brute force: every split of the hidden tiles that explains all past moves."""
    from itertools import combinations
    places = post.places
    sizes = [view.hand_counts[s] + view.dead_counts[s] if s >= 0 else view.middle_count
             for s, _ in places]
    out = []

    def split(i, left, acc):
        if i == len(places) - 1:
            if not left & ~places[i][1] and _explains(post, places[i][0], left):
                out.append(tuple(acc + [left]))
            return
        for combo in combinations(tiles_of(left & places[i][1]), sizes[i]):
            h = mask_of(combo)
            if _explains(post, places[i][0], h):
                split(i + 1, left & ~h, acc + [h])

    split(0, post.belief.unseen, [])
    return set(out)


def test_chains_reach_every_deal_that_explains_the_past():
    # late in a game few deals explain every Normal move (D6 dead tiles included): long
    # enough chains find all of them (nearly always) and only them (a move left
    # unexplained costs a factor 1e-6)
    from rules.dominoes_belief import Posterior
    compared = complete = 0
    for s, view in _normal_game_views({}, range(5), moves_min=12):
        post = Posterior(view, 1e-6)
        exact = _consistent_holdings(post, view)
        if not 0 < len(exact) <= 60:
            continue
        assert tuple(s.hands[p] | s.dead[p] for p, _ in post.places) in exact
        got = set()
        for (hands, deads, *_kinds), energy in post.chain(random.Random(2), 400, burn=200,
                                                          thin=10, chains=8):
            assert energy == 0
            got.add(tuple(hands[p] | deads[p] for p, _ in post.places))
        assert got <= exact
        compared += 1
        complete += got == exact
    assert compared >= 20
    assert complete >= 0.9 * compared


def test_reading_the_past_plays_decides_a_move():
    # seed 56, after 21 moves of four Normal players: seat 0 holds 0-1 and 1-2 at ends 4|0
    # ... 1-2 wins with the true hands; only reading the others' past plays (not just the
    # numbers their dead tiles showed, D6) finds it
    from rules.ai.dominoes import Expert, _Position
    normal = make_agent("dominoes", "normal")
    s = new(seed=56)
    rng = random.Random(56)
    for _ in range(21):
        s.apply(normal.choose(s.view(s.current_player), rng))
    view = s.view(0)
    assert view.legal == ("play 0-1", "play 1-2")
    base = _Position(view)
    truth = {t: base.value([(1, base.start(s.hands, s.dead))],
                           base.step(GAME.parse_action(t)), 1, 0.0)
             for t in view.legal}
    assert truth == {"play 0-1": 0.0, "play 1-2": 1.0}
    for r in range(4):
        assert str(Expert().choose(view, random.Random(r))) == "play 1-2"
        assert str(Expert(mismatch=1.0, other=0.0).choose(view, random.Random(r))) == "play 0-1"


# --- the look-ahead (rules/dominoes_search.py) ---------------------------------------------

def _positions_to_decide(seeds, moves_min=4):
    """One view per game of a seat with a choice, mid-game, among four Normal players,
    before anyone has laid a dead tile (so a sampled deal can be replayed through the
    engine)."""
    for seed in seeds:
        for s, view in _normal_game_views({}, [seed], moves_min):
            if any(h[1] == "drop" for h in view.history):
                break
            if len(view.legal) > 1:
                yield s, view
                break


def _engine_game(s, view, hands, deads):
    """The real game replayed from the start with a sampled deal of the hidden tiles."""
    played = [0] * view.players
    for seat, kind, tile, *_ in view.history:
        if kind == "play":
            played[seat] |= 1 << tile
    holdings = [hands[p] | deads[p] | played[p] for p in range(view.players)]
    holdings[view.seat] = mask_of(view.hand) | played[view.seat]
    g = new(deals=[{"first": s.deals_used[0]["first"],
                    "hands": [" ".join(TEXT[t] for t in tiles_of(h)) for h in holdings]}])
    for a in s.actions:
        act(g, a)
    assert g.view(view.seat).history == view.history
    return g


def _normal_until(g, me, normal):
    """Normal players move until it is `me`'s turn again (or the game is over)."""
    rng = random.Random(0)
    while not g.is_finished and g.current_player != me:
        g.apply(normal.choose(g.view(g.current_player), rng))


def _won(g, me):
    winners = g.outcome()["winners"]
    return 1.0 / len(winners) if me in winners else 0.0


def test_lookahead_is_the_best_plan_over_what_the_seat_will_see():
    # brute force through the engine: after each move, the deals that show the seat the
    # same replies are grouped, each group gets the one next move best for the whole
    # group (the seat cannot tell its deals apart), and Normal players finish every game
    import copy

    from rules.ai.dominoes import _Position
    from rules.dominoes_belief import Posterior
    normal = make_agent("dominoes", "normal")
    checked = grouped = 0
    for s, view in _positions_to_decide(range(12)):
        me = view.seat
        deals = {(tuple(h), tuple(d)) for (h, d, *_kinds), _ in
                 Posterior(view, 1e-6).chain(random.Random(1), 40, 100, 3, 4)}
        base = _Position(view)
        group = [(1, base.start(h, d)) for h, d in deals]
        for text in view.legal:
            by_seen: dict = {}
            total = 0.0
            for h, d in deals:
                g = _engine_game(s, view, h, d)
                act(g, text)
                _normal_until(g, me, normal)
                if g.is_finished:
                    total += _won(g, me)
                    continue
                later = g.view(me)
                results = []
                for reply in later.legal:
                    f = copy.deepcopy(g)
                    act(f, reply)
                    _normal_until(f, None, normal)
                    results.append(_won(f, me))
                by_seen.setdefault(later.history, []).append(results)
            for same in by_seen.values():
                total += max(map(sum, zip(*same, strict=True)))
                grouped += len(same) > 1
            step = base.step(GAME.parse_action(text))
            assert base.value(group, step, 2, 0.0) == total
            checked += 1
    assert checked >= 20 and grouped >= 20


def test_looking_a_decision_further_never_rates_a_move_lower():
    # the one-move look plays the seat's next move as Normal; the deeper look may choose
    # it, per group of deals the seat cannot tell apart, so it can only do as well or better
    from rules.ai.dominoes import _Position
    from rules.dominoes_belief import Posterior
    higher = 0
    for _s, view in _positions_to_decide(range(40), moves_min=2):
        deals = Posterior(view, 1e-6).chain(random.Random(3), 60, 100, 3, 4)
        base = _Position(view)
        group = [(1, base.start(h, d)) for (h, d, *_kinds), _ in deals]
        for text in view.legal:
            step = base.step(GAME.parse_action(text))
            one, two = (base.value(group, step, depth, 0.01) for depth in (1, 2))
            assert two >= one - 1e-9
            higher += two > one + 1e-9
    assert higher >= 10


def test_expert_looks_two_decisions_ahead_only_where_players_pass():
    # measured against Normals: the deeper look wins more with passes (D7) but not with
    # dead tiles (D6), where it would get too few deals in time
    from rules.ai.dominoes import Expert
    differs = 0
    for options, depth in (({"dead_tiles": "off"}, 2), ({}, 1)):
        for seed in range(2):
            for _s, view in _normal_game_views(options, [seed], moves_min=4):
                if len(view.legal) > 1:
                    chosen = {d: str(Expert(depth=d).choose(view, random.Random(seed)))
                              for d in (1, 2)}
                    assert str(Expert().choose(view, random.Random(seed))) == chosen[depth]
                    differs += chosen[1] != chosen[2]
    assert differs >= 1


# --- players who do not play like Normal ------------------------------------------------

def _kinds_until(g, me, wild, normal, rng, heavy=0):
    """Until `me`'s turn (None: the end): the seats in `wild` choose uniformly among their
    legal moves from `rng`, those in `heavy` lay their heaviest tiles (ties from `rng`),
    the others as Normal."""
    quiet = random.Random(0)
    while not g.is_finished and g.current_player != me:
        view = g.view(g.current_player)
        if (wild >> g.current_player) & 1:
            g.apply(GAME.parse_action(view.legal[rng.randrange(len(view.legal))]))
        elif (heavy >> g.current_player) & 1:
            g.apply(_HEAVY.choose(view, rng))
        else:
            g.apply(normal.choose(view, quiet))


@pytest.mark.parametrize("kind", ["wild", "heavy"])
def test_playouts_let_other_kinds_of_player_move_their_way_through_the_engine(kind):
    # a deal can say that some seats play their own way (at random among their legal
    # moves) or lay their heaviest tiles (ties at random): the play-out then moves them so,
    # with the same luck for every move of the Expert; here the true game, continued
    # through the engine with such players, gives the same result
    from rules.ai.dominoes import _Position
    normal = make_agent("dominoes", "normal")
    compared = differ = 0
    for i, (s, view) in enumerate(_positions_to_decide(range(16))):
        me = view.seat
        seats = sum(1 << p for p in range(4) if p != me and (p + i) % 3)
        wild, heavy = (seats, 0) if kind == "wild" else (0, seats)
        base = _Position(view)
        for seed in (1, 2):
            group = [(1, base.start(s.hands, s.dead, wild, seed, heavy))]
            for text in view.legal:
                g = copy.deepcopy(s)
                act(g, text)
                _kinds_until(g, None, wild, normal, random.Random(seed), heavy)  # own: Normal
                value = base.value(group, base.step(GAME.parse_action(text)), 1, 0.0)
                assert value == _won(g, me)
                tame = base.value([(1, base.start(s.hands, s.dead))],
                                  base.step(GAME.parse_action(text)), 1, 0.0)
                compared += 1
                differ += value != tame
    assert compared >= 40 and differ >= 5


def _late_reading(odd, other, heavy, marked):
    """Late in 24 games where two seats are played by `odd` and one (and the seat that
    reads) by Normal: the average share of the deals sampled with prior odds `other` and
    `heavy` in which `marked(deal)` (a mask of seats) holds the Normal seat, and the odd
    ones; and the last view read."""
    from rules.dominoes_belief import Posterior
    normal = make_agent("dominoes", "normal")
    share = {0: [], 1: []}
    for seed in range(24):
        s = new(seed=seed)
        rng = random.Random(seed)
        me = seed % 4
        kind = {p: (0 if p == (me + 1 + seed) % 4 else 1) for p in range(4) if p != me}
        while not s.is_finished:
            seat = s.current_player
            view = s.view(seat)
            if seat == me and len(view.history) >= 14 and len(view.legal) > 1:
                deals = [deal for deal, _energy in Posterior(view, 1e-6, other, heavy).chain(
                    random.Random(seed), 60, 100, 3, 4)]
                for p, k in kind.items():
                    share[k].append(sum((marked(d) >> p) & 1 for d in deals) / len(deals))
                assert not any((marked(d) >> me) & 1 for d in deals)
                break
            s.apply((odd if kind.get(seat, 0) else normal).choose(view, rng))
    assert len(share[0]) >= 15
    return sum(share[0]) / len(share[0]), sum(share[1]) / len(share[1]), view


def test_random_players_stop_being_read_as_normal_ones():
    # the Expert reads each seat as a Normal player or as one who plays its own way: late
    # in games where two seats play at random (Beginners) and one as Normal, the sampled
    # deals mark the random seats as such far more often than the Normal one
    from rules.dominoes_belief import Posterior
    normal, wild, view = _late_reading(make_agent("dominoes", "beginner"), 0.5, 0.0,
                                       lambda deal: deal[2])
    assert wild > 0.6 and normal < 0.3
    deals = Posterior(view, 1e-6).chain(random.Random(0), 60, 100, 3, 4)
    assert all(w == 0 for (_h, _d, w, _hv), _ in deals)  # other = 0: everyone is Normal


def test_replay_explains_real_heavy_players():
    # players who lay their heaviest tile (and their lightest dead, D6): with the true
    # holding each seat's past moves are all such, and the replay finds its dead tiles;
    # Normal players' true holdings are not read so
    from rules.dominoes_belief import replay, seat_events
    normal = make_agent("dominoes", "normal")
    checked = tied = 0
    missed = {"heavy": 0, "normal": 0}
    for seed in range(16):
        for style in missed:
            s = new(seed=seed)
            rng = random.Random(seed)
            while not s.is_finished:
                view = s.view(s.current_player)
                s.apply((_HEAVY if style == "heavy" else normal).choose(view, rng))
            view = s.view(0)
            events, played = seat_events(view)
            for seat in range(1, 4):
                got = replay(events[seat], s.hands[seat] | s.dead[seat], played[seat], False,
                             heavy=True)
                missed[style] += got is None or got[0] > 0
                if style == "heavy":
                    assert got[:2] == (0, s.dead[seat])
                    checked += len(events[seat])
                    tied += got[2] > 1
    assert checked > 200 and tied >= 3
    assert missed["heavy"] == 0 and missed["normal"] >= 16  # of 48 Normal seats


def test_heavy_players_are_read_as_such():
    # late in games where two seats lay their heaviest tiles and one plays as Normal, the
    # sampled deals (with the Expert's prior odds) mark the heavy seats as heavy well above
    # those odds, and the Normal one much less (a Normal player often lays its heaviest
    # tile too, so it cannot be never)
    from rules.ai.dominoes import Expert
    odds = Expert()
    read_normal, read_heavy, _view = _late_reading(_HEAVY, odds.other, odds.heavy,
                                                   lambda deal: deal[3])
    assert read_heavy > 0.35 > odds.heavy and read_heavy > 1.4 * read_normal


def test_expert_plays_each_deal_out_with_the_kinds_it_read():
    # late in games against heaviest-first players, the positions the Expert plays out
    # carry the kinds its reading drew: many play some seats heaviest first, each with its
    # own luck, and none its own seat (the play-outs follow the kinds: see above)
    from rules.ai.dominoes import Expert, _Position
    expert = Expert()
    normal = make_agent("dominoes", "normal")
    shares = []
    for seed in range(10):
        s = new(seed=seed)
        rng = random.Random(seed)
        me = seed % 4
        while not s.is_finished:
            view = s.view(s.current_player)
            if s.current_player == me and len(view.history) >= 14 and len(view.legal) > 1:
                group = expert.sample(_Position(view), random.Random(seed), 60)
                lines = [line for _w, line in group]
                assert not any(((line.heavy | line.wild) >> me) & 1 for line in lines)
                assert all(line.seed for line in lines if line.heavy | line.wild)
                shares.append(sum(1 for line in lines if line.heavy) / len(lines))
                break
            s.apply((_HEAVY if s.current_player != me else normal).choose(view, rng))
    assert len(shares) >= 8 and sum(shares) / len(shares) > 0.5


@pytest.mark.parametrize("options", [{}, {"dead_tiles": "off"}])
def test_expert_choices_do_not_depend_on_the_reading_memo(options, monkeypatch):
    # the reading keeps each (seat, holding)'s cost once worked out (a speed-up): the
    # Expert's choices against Normals, reading dead tiles (D6) or passes (D7), are the
    # ones it makes working every cost out again
    from rules.ai.dominoes import Expert
    from rules.dominoes_belief import Posterior

    def choices():
        expert = Expert(samples=80, work=8000)
        normal = make_agent("dominoes", "normal")
        out = []
        for seed in range(4):
            s = new(options, seed=seed)
            rng = random.Random(seed)
            while not s.is_finished:
                view = s.view(s.current_player)
                agent = expert if s.current_player == seed % 4 else normal
                action = agent.choose(view, rng)
                if agent is expert:
                    out.append(str(action))
                s.apply(action)
        return out

    kept = choices()
    monkeypatch.setattr(Posterior, "_cost", Posterior._new_cost)
    assert choices() == kept and len(kept) > 15


def test_D6_D9_the_expert_lays_face_down_a_tile_that_can_never_be_played():
    """Seed 11, move 17 (the computer-player scan): seat 2 holds 0-3, 1-1 and 4-4 on ends
    2 and 6, and every other 4 is on the line, so the 4-4 counts at the end whatever
    happens. The Expert laid the 1-1 face down (still playable: 0-1, 1-3, 1-5, 1-6 are
    out) and kept the 4-4; laying the 4-4 costs nothing more and keeps the 1-1's chance."""
    from types import SimpleNamespace

    from rules.ai.dominoes import Expert, never_playable
    from rules.dominoes_tiles import parse_tile

    line = ((2, 0), (0, 5), (5, 4), (4, 2), (2, 1), (1, 4), (4, 0), (0, 0), (0, 6), (6, 6),
            (6, 3), (3, 4), (4, 6), (6, 2), (2, 2), (2, 5), (5, 6))
    view = SimpleNamespace(seat=2, ends=(2, 6), line=line, dead=(),
                           legal=("drop 0-3", "drop 1-1", "drop 4-4"))
    assert never_playable(view, parse_tile("4-4"))
    assert not never_playable(view, parse_tile("1-1"))  # 0-1, 1-3, 1-5, 1-6 are still out
    assert not never_playable(view, parse_tile("0-3"))
    assert not never_playable(SimpleNamespace(**(vars(view) | {"ends": (4, 6)})),
                              parse_tile("4-4"))  # an end shows 4: it plays there
    assert str(Expert().choose(view, random.Random(1))) == "drop 4-4"
