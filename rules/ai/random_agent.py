"""The uniform random legal-move agent: the baseline and the filler for tests."""

from __future__ import annotations


class RandomAgent:
    level = "random"
    quick = True  # microseconds a move: not worth a thread hop in the bot

    def __init__(self, game):
        self.game = game

    def choose(self, view, rng):
        # A game may offer richer random moves (e.g. opening when it can); else pick among
        # the simple legal moves listed in the view.
        hook = getattr(self.game, "random_action", None)
        if hook is not None:
            return hook(view, rng)
        return self.game.parse_action(rng.choice(view.legal), view)
