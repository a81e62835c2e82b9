"""Shared helpers for the dominoes tests: explicit deals and playing out a game."""

from __future__ import annotations

from rules import find_game
from rules.dominoes_tiles import TEXT, tiles_of

GAME = find_game("dominoes")

# A 4-player deal: seat 2 holds [0-0].
HANDS4 = [
    "0-1 0-5 0-6 1-6 4-4 4-6 5-5",
    "0-3 1-3 1-4 2-2 2-3 4-5 6-6",
    "0-0 0-2 1-2 2-5 3-5 3-6 5-6",
    "0-4 1-1 1-5 2-4 2-6 3-3 3-4",
]
DEAL4 = {"first": 2, "hands": HANDS4}
# Seat 3 holds no blank: after [0-0] it is blocked at once.
HANDS_BLOCK = [
    "0-1 0-2 0-3 2-3 2-4 2-5 2-6",
    "0-4 0-5 0-6 3-3 3-4 3-5 3-6",
    "0-0 4-4 4-5 4-6 5-5 5-6 6-6",
    "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
]
DEAL_BLOCK = {"first": 2, "hands": HANDS_BLOCK}
# A 5-player deal: seat 1 turned up [3-4]; seat 2 plays first.
DEAL5 = {
    "first": 1,
    "hands": ["0-0 0-1 0-2 0-3 0-4", "0-5 0-6 1-1 1-2 1-3", "1-4 1-5 1-6 2-2 2-3",
              "2-4 2-5 2-6 3-3 3-5", "3-6 4-4 4-5 4-6 5-5"],
    "start": "3-4",
    "middle": "5-6 6-6",
}


def new(options=None, deals=None, seed=None):
    return GAME.new(GAME.Config.from_options(options or {}), seed=seed, deals=deals)


def act(state, text):
    return state.apply(GAME.parse_action(text, state.view(state.current_player)))


def hand_text(state, seat) -> str:
    return " ".join(TEXT[t] for t in tiles_of(state.hands[seat]))


def play_first_moves(state, until_game=None):
    """Apply the first listed legal move until the match (or game `until_game`) is over."""
    while not state.is_finished and (until_game is None or state.game_index + 1 < until_game):
        act(state, state.legal_texts()[0])
    return state
