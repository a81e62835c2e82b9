"""Building Okey 101 positions from explicit deals for rule tests."""

from __future__ import annotations

import random
from collections import Counter

from rules import find_game
from rules.record import replay
from rules.tiles import format_tile, full_set, okey_kind_for, parse_tile, parse_tiles

# Filler tiles: scattered kinds that rarely form melds with each other.
_FILLER_ORDER = [c * 13 + n - 1 for n in (1, 4, 7, 10, 13, 2, 5, 8, 11, 3, 6, 9, 12) for c in (0, 2, 1, 3)]


def make_deal(hands: list[str], indicator: str = "y12", first: int = 0, pile: str = "") -> dict:
    """A deal with the given (possibly partial) hands, padded to 15/14 tiles with filler."""
    ind = parse_tile(indicator)
    okey = okey_kind_for(ind)
    avail = full_set(copies=2, fakes=0)
    avail[ind] -= 1
    named = Counter()
    for text in hands + [pile]:
        for t in parse_tiles(text):
            named[okey if t == 52 else t] += 1
    avail -= named
    filler = [k for k in _FILLER_ORDER for _ in range(avail[k]) if k != okey]
    out = []
    for seat, text in enumerate(hands):
        tiles = text.split()
        want = 15 if seat == first else 14
        while len(tiles) < want:
            tiles.append(format_tile(filler.pop(0)))
        out.append(" ".join(tiles))
    return {"first": first, "indicator": indicator, "hands": out, "pile": pile}


def play(deal: dict, actions: list[str], config: dict | None = None, deals=None):
    rec = {"game": "okey101", "config": config or {}, "actions": actions}
    if deals is not None:
        rec["deals"] = deals
    else:
        rec["deal"] = deal
    return replay(rec)


GAME = find_game("okey101")


def shuffle_hidden(state, seat, rng):
    """Redistribute every tile `seat` cannot see (other racks, the pile) at random."""
    r = state.r
    others = [s for s in range(4) if s != seat]
    hidden = [t for s in others for t in r.hands[s].elements()] + list(r.pile)
    rng.shuffle(hidden)
    pos = 0
    for s in others:
        n = sum(r.hands[s].values())
        r.hands[s] = Counter(hidden[pos:pos + n])
        pos += n
    r.pile = hidden[pos:]


def play_random(game, seed, config=None, on_step=None, max_steps=3000):
    """Play a seeded game between uniform random agents; `on_step(state, steps)` after
    each move. Fails if the game does not end within `max_steps` moves."""
    import random

    from rules.ai.random_agent import RandomAgent

    state = game.new(config or game.Config(), seed=seed)
    agent = RandomAgent(game)
    rng = random.Random(seed)
    steps = 0
    while not state.is_finished:
        state.apply(agent.choose(state.view(state.current_player), rng))
        steps += 1
        assert steps < max_steps, f"seed {seed} does not end"
        if on_step:
            on_step(state, steps)
    return state


def offer(r, offered: str | None) -> None:
    """Seat 0 to move: with seat 3's discard `offered` to take (the draw phase), else to
    play (its draw made)."""
    if offered is not None:
        r.phase, r.last_discard = "draw", (3, parse_tile(offered))
        r.discards[3] = [parse_tile(offered)]
    else:
        r.phase = "play"


def plays_turn(state, agent) -> list[str]:
    """`agent` plays seat 0's turn (20 actions at most): the actions, as text."""
    moves = []
    while not state.is_finished and state.current_player == 0 and len(moves) < 20:
        action = agent.choose(state.view(0), random.Random(0))
        moves.append(str(action))
        state.apply(action)
    return moves
