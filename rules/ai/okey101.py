"""Okey 101 computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import OKEY101, BeginnerAgent, NormalAgent
from .okey_expert import ExpertAgent, Tactics

# Okey 101 charges nothing for failing to open beyond the 500 of any non-opener, and the
# race is to lay out: the Expert keeps its opening back until it nearly lays out at once,
# so the others cannot lay off on its melds meanwhile (O17).
EXPERT_TACTICS = Tactics(open_when_left=2, hold_melds=False, lookahead=1)


def make(level: str):
    from ..okey101 import GAME

    if level == "expert":
        return ExpertAgent(GAME, OKEY101, EXPERT_TACTICS)
    cls = {"beginner": BeginnerAgent, "normal": NormalAgent}.get(level)
    return cls(GAME, OKEY101) if cls is not None else None
