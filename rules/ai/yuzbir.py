"""Yüzbir computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import YUZBIR, BeginnerAgent, NormalAgent
from .okey_expert import Tactics
from .yuzbir_expert import YuzbirExpert

# Each tile the others add to the Expert's melds costs it (Y11), so after opening it keeps
# further melds in hand until it can lay out; when to open is YuzbirExpert's own rule.
EXPERT_TACTICS = Tactics(open_when_left=None, hold_melds=True, lookahead=4)


def make(level: str):
    from ..yuzbir import GAME

    if level == "expert":
        return YuzbirExpert(GAME, YUZBIR, EXPERT_TACTICS)
    cls = {"beginner": BeginnerAgent, "normal": NormalAgent}.get(level)
    return cls(GAME, YUZBIR) if cls is not None else None
