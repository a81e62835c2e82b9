"""A request the core turns down: the user gets a private, translated explanation."""

from __future__ import annotations

from rules.words import echoed

from .messages import Line


class Refusal(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.line = Line(key, params)


def not_started(table, user: str) -> Refusal:
    """A game's command at a table still in its lobby: its opener hears to /start it; at
    one that closed while the command waited for it (stopped, or its match over), that."""
    if not table.open:
        return Refusal("core.error.game_over")
    return Refusal("core.error.not_started_opener" if user == table.creator
                   else "core.error.not_started")


def either_okey_refusal(typed: str, games) -> Refusal:
    """`typed` ("101", "okey") names either okey game to its Turkish reader: asked which,
    with the games (`games`, Core.game_names) named."""
    return Refusal("core.error.either_okey", game=echoed(typed), games=games)
