"""Yüzbir computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import YUZBIR, BeginnerAgent, NormalAgent
from .okey_expert import ExpertAgent, Tactics

# Not opening costs the base penalty (Y15) and every opening raises the limit (Y-D3), so
# the Expert opens at once; but each tile the others add to its melds costs it (Y11), so
# after opening it keeps further melds in hand until it can lay out.
EXPERT_TACTICS = Tactics(open_when_left=None, hold_melds=True, lookahead=4)


def make(level: str):
    from ..yuzbir import GAME

    if level == "expert":
        return ExpertAgent(GAME, YUZBIR, EXPERT_TACTICS)
    cls = {"beginner": BeginnerAgent, "normal": NormalAgent}.get(level)
    return cls(GAME, YUZBIR) if cls is not None else None
