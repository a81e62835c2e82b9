"""Game records: the project's notation for a whole game, and replaying one.

{"game": id, "config": {...}, "seed": N | "deal": {...} | "deals": [{...}, ...],
 "actions": ["discard k7", "2: draw", ...]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from . import find_game
from .errors import IllegalAction, InvalidAction, RulesError
from .game import parse_seat_prefix


@dataclass
class ReplayError(Exception):
    index: int
    action: str
    rule: str | None
    message: str

    def to_json(self) -> dict:
        return {"index": self.index, "action": self.action, "rule": self.rule,
                "message": self.message}


def start(record: dict):
    """The state a record starts from (before any action)."""
    if not isinstance(record, dict) or "game" not in record:
        raise InvalidAction("a record is a JSON object with a \"game\"", "error.record")
    actions = record.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidAction("\"actions\" is a list of moves as text, e.g. [\"draw\", "
                            "\"2: discard r7\"]", "error.record")
    if not isinstance(record.get("config") or {}, dict):
        raise InvalidAction("\"config\" is an object of options, e.g. {\"rounds\": 3}",
                            "error.record")
    if record.get("seed") is not None and type(record["seed"]) is not int:
        raise InvalidAction("\"seed\" is a whole number", "error.record")
    game = find_game(record["game"])
    config = game.Config.from_options(record.get("config") or {})
    if "deals" in record:
        deals = record["deals"]
        if not isinstance(deals, list) or not deals or not all(isinstance(d, dict) for d in deals):
            # an empty list would deal from the OS's randomness: no record at all
            raise InvalidAction("\"deals\" is a non-empty list of deals", "error.record")
    elif "deal" in record:
        deals = [record["deal"]]
    else:
        deals = None
    seed = record.get("seed")
    if deals is None and seed is None:
        raise InvalidAction("a record needs \"seed\", \"deal\" or \"deals\"", "error.record")
    return game, game.new(config, seed=seed, deals=deals)


def apply_text(game, state, text: str, index: int = 0):
    """Parse and apply one record action, checking its optional seat prefix."""
    seat, body = parse_seat_prefix(text)
    try:
        if state.is_finished:
            raise IllegalAction("END", "the game is over", "error.game_over")
        if seat is not None and seat != state.current_player:
            # seats as the summary counts them (from 1), and as the record's prefix does
            raise IllegalAction("TURN", f"it is seat {state.current_player + 1}'s turn "
                                f"({state.current_player}: in a record), not seat {seat + 1}'s "
                                f"({seat}:)", "error.not_your_turn", seat=state.current_player)
        # Only games whose notation depends on the position (Rummikub's "place") need a view.
        view = state.view(state.current_player) if getattr(game, "parse_needs_view", False) else None
        action = game.parse_action(body, view)
        return state.apply(action)
    except RulesError as e:
        raise ReplayError(index, text, getattr(e, "rule", None), e.message) from e


def replay(record: dict, on_step=None):
    """Rebuild the state a record describes. Raises ReplayError at the first bad action.
    `on_step(seat, events, state)` after each action (seat: who made it)."""
    game, state = start(record)
    for i, text in enumerate(record.get("actions", [])):
        seat = state.current_player
        happened = apply_text(game, state, text, i)
        if on_step is not None:
            on_step(seat, happened, state)
    return state


def load(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        return json.loads(text)
    except RecursionError:  # ([[[[...]]]] thousands deep: no record, and no traceback)
        raise json.JSONDecodeError("nested too deeply", text[:100], 0) from None
