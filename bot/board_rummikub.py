"""Rummikub as text: the numbered sets and the pool for the group, the rack for its owner.
See bot/board.py."""

from __future__ import annotations

from .board_parts import count, facts_line, present, round_fact, score_fact, seat_line, tiles
from .messages import Line


def table_lines(table, pub: dict) -> list[Line]:
    pool = pub["pool"]
    lines = [facts_line(present(
        Line("core.board.pool", {"count": pool}), round_fact(pub["round"], pub["rounds"]),
        Line("core.board.passes", {"count": pub["passes"]})
        if not pool and pub["passes"] else None))]
    for seat, n in enumerate(pub["hand_counts"]):
        lines.append(seat_line(table, seat, present(
            count(n),
            Line("core.board.melded" if pub["melded"][seat] else "core.board.not_melded"),
            score_fact("core.board.total", pub["scores"][seat]))))
    if pub["table"]:  # numbered as in the picture
        lines.append(Line("core.board.sets"))
        lines += [Line("core.board.set", {"n": n, "tiles": tiles(s)})
                  for n, s in enumerate(pub["table"], 1)]
    return lines


def rack_lines(table, mine: dict) -> list[Line]:
    return [Line("core.rack", {"game": table.game_name(), "rack": tiles(mine["rack"])})]
