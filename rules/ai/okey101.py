"""Okey 101 computer players (issue 8): `make(level)` for rules.ai.make_agent."""

from __future__ import annotations

from .okey_agent import OKEY101, BeginnerAgent, NormalAgent
from .okey_expert import ExpertAgent, Tactics

# A single round goes to whoever lays out first (O24), and every meld on the table is a
# place where the others lay off (O17): the Expert keeps its opening back until laying it
# would leave at most five tiles, and after opening keeps new melds in its rack until they
# lay it out. It throws by tile efficiency (rules/ai/okey_efficiency.py). Measured against
# three Normal players (see Okey101Expert).
EXPERT_TACTICS = Tactics(open_when_left=4, hold_melds=True, lookahead=1, efficiency=3.0)


class Okey101Expert(ExpertAgent):
    """The Expert of Okey 101. A discard the next seat can take (O20) helps it lay out, and
    only the first to lay out wins the round: feeding costs about three friends here."""

    feed_weight = 3.0
    endgame_size = 5  # the exact finish look-ahead up to 5 tiles keeps p99 well in time


def make(level: str):
    from ..okey101 import GAME

    if level == "expert":
        return Okey101Expert(GAME, OKEY101, EXPERT_TACTICS)
    cls = {"beginner": BeginnerAgent, "normal": NormalAgent}.get(level)
    return cls(GAME, OKEY101) if cls is not None else None
