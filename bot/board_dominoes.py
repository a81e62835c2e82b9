"""Single-train dominoes as text: the line and its ends for the group, the hand (and the
tiles laid face down, D6) for its owner. See bot/board.py."""

from __future__ import annotations

from .board_parts import count, facts_line, present, seat_line, tiles
from .messages import Line


def line_text(line) -> str:
    """The line as laid, each tile turned so the touching halves meet: [6|2] [2|4] [4|4]."""
    return " ".join(f"[{a}|{b}]" for a, b in line)


def table_lines(table, pub: dict, news=()) -> list[Line]:
    """The table as text; `news`: the lines above it in the same caption (a later game's
    "Game 2 of 3: seat 3 starts." says the game's number there: not twice)."""
    announced = any(line.key == "dominoes.new_game" for line in news)
    facts = present(Line("core.board.game", {"game": pub["game_number"], "games": pub["games"]})
                    if pub["games"] > 1 and not announced else None,
                    Line("core.board.middle", {"count": pub["middle_count"]})
                    if pub["middle_count"] else None)
    lines = [facts_line(facts)] if facts else []
    if pub["line"]:
        left, right = pub["ends"]
        lines += [Line("core.board.line", {"line": line_text(pub["line"])}),
                  Line("core.board.ends", {"left": left, "right": right})]
    elif pub.get("opening") == "0-0":  # D3: the first game opens with 0-0
        lines.append(Line("core.board.line_empty", {"tile": pub["opening"]}))
    else:
        lines.append(Line("core.board.line_empty_double"))
    for seat, n in enumerate(pub["hand_counts"]):
        dead = pub["dead_counts"][seat]
        lines.append(seat_line(table, seat, present(
            count(n), Line("core.board.face_down", {"count": dead}) if dead else None,
            # once any total is counted, every seat's is shown, 0 too
            Line("core.board.total", {"points": pub["scores"][seat]}) if any(pub["scores"])
            else None)))
    return lines


def rack_lines(table, mine: dict) -> list[Line]:
    lines = [Line("core.rack", {"game": table.game_name(), "rack": tiles(mine["hand"])})]
    if mine.get("dead"):
        lines.append(Line("core.rack_dead", {"tiles": tiles(mine["dead"])}))
    if mine.get("ends") and mine.get("current_player") == mine.get("seat"):
        # what the rack picture's L and R marks answer, for a reader without it
        left, right = mine["ends"]
        lines.append(Line("core.board.ends", {"left": left, "right": right}))
        legal = mine.get("legal") or ()
        if legal and all(a.startswith("drop") for a in legal):  # D6: what a drop is, the
            # first time nothing fits (a newcomer read "drop" as throwing it away)
            lines.append(Line("core.hint.dominoes_drop_only"))
    return lines
