"""Yüzbir computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import YUZBIR, BeginnerAgent, NormalAgent
from .okey_expert import ExpertAgent

_LEVELS = {"beginner": BeginnerAgent, "normal": NormalAgent, "expert": ExpertAgent}


def make(level: str):
    from ..yuzbir import GAME

    cls = _LEVELS.get(level)
    return cls(GAME, YUZBIR) if cls is not None else None
