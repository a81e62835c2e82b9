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
    lines = [Line("core.rack", {"game": table.game_name(), "rack": tiles(mine["rack"])})]
    hint = _hint(table, mine["seat"])
    if hint is not None:
        lines.append(hint)
    return lines


def practice(table) -> bool:
    """One person against computers (K2's practice mode): the only place the solver's best
    move is offered, so it never helps one person against another."""
    return len(table.humans()) == 1


def _hint(table, seat: int) -> Line | None:
    """The solver's best move for the seat to move at a practice table (K6, K7)."""
    state = table.state
    if state is None or state.current_player != seat or not practice(table) \
            or not hasattr(table.game, "hint_for_view"):
        return None
    view = state.view(seat)
    result = table.game.hint_for_view(view)
    if result.get("impossible"):  # K9: draw, or pass once the pool is empty
        return Line("core.hint.draw" if "draw" in view.legal else "core.hint.pass")
    played = " ".join(result["played"])
    return Line("core.hint.place", {"tiles": played, "value": result["value"],
                                    "move": f"place {played}"})
