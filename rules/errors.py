"""The engine's errors. Each carries a message key the bot translates, plus parameters."""

from __future__ import annotations

from .words import echoed


class RulesError(Exception):
    """Base: `key` is a message key for the bot's catalogs, `params` its placeholders."""

    def __init__(self, message: str, key: str = "error.generic", **params):
        super().__init__(message)
        self.message = message
        self.key = key
        self.params = params


class InvalidAction(RulesError):
    """Text that does not parse as an action (or a tile, a meld, a deal)."""

    def __init__(self, message: str, key: str = "error.invalid_action", **params):
        super().__init__(message, key, **params)


class IllegalAction(RulesError):
    """A well-formed action that the rules forbid now. `rule` is the rule id, e.g. "O14"."""

    def __init__(self, rule: str, message: str, key: str = "error.illegal", **params):
        super().__init__(message, key, **params)
        self.rule = rule


class ConfigError(RulesError):
    """An unknown table option or a value outside the allowed ones."""

    def __init__(self, message: str, key: str = "error.config", **params):
        super().__init__(message, key, **params)


class UnknownGame(ConfigError):
    def __init__(self, name: str, known: list[str]):
        super().__init__(
            f"unknown game {name!r}; games: {', '.join(known)}",
            "error.unknown_game",
            game=echoed(name),
            games=", ".join(known),
        )


class DealError(InvalidAction):
    """A deal that cannot exist (a tile named too often, wrong hand sizes...)."""

    def __init__(self, message: str, **params):
        super().__init__(message, "error.deal", **params)
