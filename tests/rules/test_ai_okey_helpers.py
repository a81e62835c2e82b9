"""Shared checks for the okey-family computer players (Okey 101 and Yüzbir)."""

from __future__ import annotations

import random

from rules import find_game
from rules.ai import make_agent


def play_checked(game_id: str, seats: list[str], seed: int, config=None):
    """Play one match with these levels, checking every action before applying it: a
    simple move must be one the view lists, and the state must accept it."""
    game = find_game(game_id)
    agents = [make_agent(game_id, lv) for lv in seats]
    state = game.new(config or game.Config(), seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not state.is_finished:
        seat = state.current_player
        view = state.view(seat)
        action = agents[seat].choose(view, rng)
        text = str(action)
        verb = text.split()[0]
        if verb in ("draw", "take", "return", "discard"):
            assert text in view.legal, f"{seats[seat]} chose {text!r}, not in {view.legal}"
        state.check(action)  # raises IllegalAction with the rule id if the move is illegal
        assert game.parse_action(text) == action
        state.apply(action)
        moves += 1
        assert moves < 5000, "the match does not end"
    return state


def watch(game_id: str, levels: list[str], games: int, on_move, first_seed: int,
          agents: dict | None = None) -> None:
    """Play `games` matches (deals first_seed, first_seed + 1, ...) with these levels,
    calling on_move(level, view, action) before each action is applied."""
    game = find_game(game_id)
    agents = agents or {lv: make_agent(game_id, lv) for lv in set(levels)}
    for i in range(games):
        state = game.new(game.Config(), seed=first_seed + i)
        rng = random.Random(i)
        while not state.is_finished:
            seat = state.current_player
            view = state.view(seat)
            action = agents[levels[seat]].choose(view, rng)
            on_move(levels[seat], view, action)
            state.apply(action)


def hide_differently(state, seat: int, rng: random.Random) -> None:
    """Swap tiles between another seat's rack and the pile: everything `seat` can see stays
    the same, but the hidden tiles change."""
    r = state.r
    others = [s for s in range(4) if s != seat]
    for _ in range(6):
        s = rng.choice(others)
        hand = r.hands[s]
        if not hand or not r.pile:
            return
        give = rng.choice(sorted(hand.elements()))
        i = rng.randrange(len(r.pile))
        take = r.pile[i]
        hand[give] -= 1
        hand[take] += 1
        r.hands[s] = +hand
        r.pile[i] = give


def assert_decides_from_view_alone(game_id: str, level: str, rng_seed: int,
                                   check_changed: bool = False) -> None:
    """Mid-game, reshuffle what the mover cannot see: its view and its move stay the same."""
    game = find_game(game_id)
    rng = random.Random(rng_seed)
    for seed in range(6):
        state = game.new(game.Config(), seed=seed)
        mover = make_agent(game_id, "normal")
        for step in range(rng.randrange(10, 60)):
            if state.is_finished:
                break
            state.apply(mover.choose(state.view(state.current_player), random.Random(step)))
        if state.is_finished:
            continue
        seat = state.current_player
        view = state.view(seat)
        other = state.clone()
        hide_differently(other, seat, rng)
        assert other.view(seat) == view
        if check_changed:
            assert other.r.hands != state.r.hands or other.r.pile != state.r.pile
        a = make_agent(game_id, level).choose(view, random.Random(1))
        b = make_agent(game_id, level).choose(other.view(seat), random.Random(1))
        assert a == b


def play_taking_over(game_id: str, level: str, seeds: int = 6, first_seed: int = 0) -> None:
    """Whole matches where each move is made by `level`, by a random player or by a person
    who takes every discard offered and adds or swaps what the moves list, at random: the
    level must go on legally from any position a person leaves it mid-turn, and a player
    to move always has a listed move."""
    game = find_game(game_id)
    agent = make_agent(game_id, level)
    player = make_agent(game_id, "random")
    for seed in range(first_seed, first_seed + seeds):
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_finished:
            view = state.view(state.current_player)
            assert view.legal, (seed, state.record()["actions"][-4:])
            eager = [a for a in view.legal if a == "take" or a.startswith(("add", "swap"))]
            roll = rng.random()
            if eager and roll < 0.3:
                action = game.parse_action(rng.choice(eager), view)
            else:
                action = (agent if roll < 0.65 else player).choose(view, rng)
            state.check(action)
            state.apply(action)
            moves += 1
            assert moves < 5000
