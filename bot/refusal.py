"""A request the core turns down: the user gets a private, translated explanation."""

from __future__ import annotations

from .messages import Line


class Refusal(Exception):
    def __init__(self, key: str, **params):
        super().__init__(key)
        self.line = Line(key, params)
