"""Rummikub as text: the numbered sets and the pool for the group, the rack for its owner.
See bot/board.py."""

from __future__ import annotations

from rules.rummikub_sets import placed_marks
from rules.rummikub_state import INITIAL_MELD_POINTS
from rules.solvers.rummikub import place
from rules.tiles import format_tile, parse_tile

from .board_parts import (
    count,
    facts_line,
    melds_text,
    present,
    round_fact,
    seat_line,
    tiles,
    total_fact,
)
from .messages import Line

# The rules' worked move (K2: "a step-by-step example shows how a move changes the table"):
# a second r5 splits a run, and r8 then extends its second half. The new table is the
# solver's answer to `place`, as at a real table, so the example cannot drift from the game.
EXAMPLE_TABLE = ("r3 r4 r5 r6 r7", "r9 b9 k9 y9")
EXAMPLE_PLACED = "r5 r8"


def table_lines(table, pub: dict, news=()) -> list[Line]:
    pool = pub["pool"]
    lines = [facts_line(present(
        Line("core.board.pool", {"count": pool}), round_fact(pub["round"], pub["rounds"]),
        # K6, as the picture's badge: while a seat has not made its initial meld
        Line("core.board.initial_need", {"points": INITIAL_MELD_POINTS})
        if not all(pub["melded"]) else None,
        Line("core.board.passes", {"count": pub["passes"]})
        if not pool and pub["passes"] else None))]
    for seat, n in enumerate(pub["hand_counts"]):
        lines.append(seat_line(table, seat, present(
            count(n),
            Line("core.board.melded" if pub["melded"][seat] else "core.board.not_melded"),
            total_fact(pub["scores"], seat))))
    if pub["table"]:  # numbered as in the picture
        lines.append(Line("core.board.sets"))
        lines += [Line("core.board.set", {"n": n, "tiles": tiles(s)})
                  for n, s in enumerate(pub["table"], 1)]
    return lines


def rack_lines(table, mine: dict) -> list[Line]:
    lines = [Line("core.rack", {"game": table.game_name(), "rack": tiles(mine["rack"])})]
    best = hint(table, mine["seat"])
    if best is not None:
        lines.append(best)
    elif not mine["melded"][mine["seat"]]:  # told before a refusal teaches it (a newcomer)
        lines.append(Line("core.rack_initial", {"need": INITIAL_MELD_POINTS}))
    return lines


def practice(table) -> bool:
    """One person against computers (K2's practice mode): the only place the solver's best
    move is offered, so it never helps one person against another."""
    return len(table.humans()) == 1


def hint(table, seat: int) -> Line | None:
    """The solver's best move for the seat to move at a practice table (K6, K7)."""
    state = table.state
    if state is None or state.current_player != seat or not practice(table) \
            or not hasattr(table.game, "hint_for_view"):
        return None
    view = state.view(seat)
    result = table.game.hint_for_view(view)
    if result.get("impossible"):  # K9: draw, or pass once the pool is empty
        short = result.get("short")
        if short and "draw" in view.legal:  # K6: how far the best initial meld is from 30
            return Line("core.hint.initial_short", {"tiles": melds_text(short["sets"]),
                                                    "value": short["value"],
                                                    "need": short["need"], "cmd": "draw"})
        draw = "draw" in view.legal
        return Line("core.hint.draw" if draw else "core.hint.pass",
                    {"cmd": "draw" if draw else "pass"})
    played = " ".join(result["played"])
    # the value is the initial meld's points before it (K6: a joker as the tile it stands
    # for), and after it what the tiles would have cost on the rack (K11: a joker 30)
    key = "core.hint.place" if view.melded[seat] else "core.hint.place_initial"
    if key == "core.hint.place" and result["value"] == 1:  # (a lone 1: "1 point")
        key = "core.hint.place_one"
    return Line(key, {"tiles": played, "value": result["value"], "move": f"place {played}"})


def rules_example() -> dict:
    """The worked move as the picture's data: the table before, the placed tiles, the
    table after, and per set of it which tiles are the placed ones."""
    def codes(text):
        return [parse_tile(t, "rummikub") for t in text.split()]

    before = [codes(s) for s in EXAMPLE_TABLE]
    placed = codes(EXAMPLE_PLACED)
    after = [list(s) for s in place(before, placed).table]
    new = [list(m) for m in placed_marks(before, after, placed)]

    def names(sets):
        return [[format_tile(t, "rummikub") for t in s] for s in sets]

    return {"game": "rummikub", "before": names(before),
            "placed": [format_tile(t, "rummikub") for t in placed],
            "after": names(after), "new": new}


def rules_example_line(example: dict) -> Line:
    def sets(key):
        return " · ".join(tiles(s) for s in example[key])

    return Line("core.rules.example", {"before": sets("before"), "move":
                                       f"place {tiles(example['placed'])}", "after": sets("after")})
