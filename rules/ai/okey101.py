"""Okey 101 computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import BeginnerAgent, NormalAgent


def make(level: str):
    from ..okey101 import GAME

    if level == "beginner":
        return BeginnerAgent(GAME)
    if level == "normal":
        return NormalAgent(GAME)
    return None
