"""Okey 101 computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import BeginnerAgent, NormalAgent
from .okey_expert import ExpertAgent


def make(level: str):
    from ..okey101 import GAME

    if level == "beginner":
        return BeginnerAgent(GAME)
    if level == "normal":
        return NormalAgent(GAME)
    if level == "expert":
        return ExpertAgent(GAME)
    return None
