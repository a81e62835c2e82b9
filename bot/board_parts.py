"""Pieces of text shared by the per-family boards (bot/board_*.py)."""

from __future__ import annotations

from .messages import Joined, Line


def tiles(values) -> str:
    """Tiles in notation, space-separated; None (a gap the rack keeps) as "·"."""
    return " ".join("·" if t is None else str(t) for t in values) or "-"


def melds_text(groups) -> str:
    """Melds (or sets, pairs) in notation, split by |: `r1 r2 r3 | k9 b9 y9`."""
    return " | ".join(" ".join(m) for m in groups)


def count(n: int) -> Line:
    return Line("core.board.tile_one" if n == 1 else "core.board.tiles", {"count": n})


def seat_line(table, seat: int, facts: list) -> Line:
    s = table.seats[seat]
    if s is not None and s.user and s.away:  # so the others know who is not there
        # everyone away: no computer plays on, the table waits for a /back
        facts = [*facts, Line(table.waiting("core.board.away"))]
    return Line("core.board.seat", {"seat": table.seat_ref(seat), "facts": Joined(tuple(facts))})


def facts_line(facts: list) -> Line:
    return Line("core.board.facts", {"facts": Joined(tuple(facts))})


def round_fact(number: int, of: int) -> Line | None:
    """"round 2 of 3", only for matches of several rounds (or games, for dominoes)."""
    return Line("core.board.round", {"round": number, "rounds": of}) if of > 1 else None


def score_fact(key: str, points: int) -> Line | None:
    return Line(key, {"points": points}) if points else None


def total_fact(totals: list[int], seat: int) -> Line | None:
    """A seat's match total, once any seat has one: a 0 beside "total 1000" is told too
    (a seat line without it read as unfinished)."""
    return Line("core.board.total", {"points": totals[seat]}) if any(totals) else None


def present(*facts) -> list:
    return [f for f in facts if f is not None]
