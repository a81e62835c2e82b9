"""What one Rummikub seat may see: its own rack, the public table and counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .rummikub_sets import FAMILY
from .tiles import format_tile


@dataclass(frozen=True)
class RummikubView:
    # the seat's own tiles: private even when another seat's happen to be the same
    PRIVATE: ClassVar[tuple[str, ...]] = ("rack",)

    game: str
    seat: int
    current_player: int | None
    legal: tuple[str, ...]
    rack: tuple[int, ...]  # sorted tile codes; to_json() prints them
    table: tuple[tuple[int, ...], ...]
    pool: int
    hand_counts: tuple[int, ...]
    melded: tuple[bool, ...]
    scores: tuple[int, ...]  # match totals
    round: int  # 1-based
    rounds: int
    first_player: int
    passes: int  # consecutive passes with the pool empty (K11)
    round_scores: tuple[tuple[int, ...], ...]
    moves: tuple[str, ...]  # this round, public: "2:draw", "0:pass", "1:+r7 b7"
    laid: tuple[tuple[bool, ...], ...] = ()  # per table set, the tiles the last move laid

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "seat": self.seat,
            "current_player": self.current_player,
            "legal": list(self.legal),
            "rack": [format_tile(t, FAMILY) for t in self.rack],
            "table": [[format_tile(t, FAMILY) for t in s] for s in self.table],
            "pool": self.pool,
            "hand_counts": list(self.hand_counts),
            "melded": list(self.melded),
            "scores": list(self.scores),
            "round": self.round,
            "rounds": self.rounds,
            "first_player": self.first_player,
            "passes": self.passes,
            "round_scores": [list(s) for s in self.round_scores],
            "moves": list(self.moves),
            "laid": [list(m) for m in self.laid],
        }
