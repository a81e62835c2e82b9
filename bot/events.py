"""How the engine's events read in chat.

- Seats in event params are shown as people count them, with names (Table.event_params).
- The end of a round (or of a dominoes game) is told by the core from the engine's
  outcome, the same way for every game: how it ended (a translated `core.ending.<game>.<code>`
  per ending code), the winner and every seat's score by name. The games' own round and
  match summaries are not repeated (their scores and winners come as pre-joined texts with
  seats counted from 0); the core's match summary follows at the very end.
- A seat's private view of an event (the tile it drew) has its own text: `<key>_private`,
  or the key PRIVATE_KEYS names, or the event's own text when that shows the private params.
"""

from __future__ import annotations

from rules import dominoes_tiles
from rules.dominoes_scoring import count
from rules.okey_state import lowest

from . import i18n, notation
from .messages import Joined, Line

_ROUND_END = (".round_over", ".game_over")
_MATCH_END = (".match_over",)
_ROUND_START = (".round_started", ".new_game")  # games that announce their next round
# Private texts under another name than `<key>_private`.
PRIVATE_KEYS = {"rummikub.drew": "rummikub.drew_tile", "dominoes.dropped": "core.private.dropped"}

# Every way a round can end, per game (the codes of outcome()["rounds"][i]["ending"]):
# rules/okey_state.py, rules/yuzbir_scoring.py (parts joined by "+"), rules/rummikub.py,
# rules/dominoes.py. tests/bot/test_events.py checks them against the engines.
_YUZBIR_FINISHES = ("hand", "okey", "pairs", "pairs+okey")
ENDINGS = {
    "okey101": ("hand", "pairs", "okey", "draw"),
    "yuzbir": (*_YUZBIR_FINISHES, *(f"{f}+at_once" for f in _YUZBIR_FINISHES), "draw"),
    "rummikub": ("went_out", "blocked"),
    "dominoes": ("out", "blocked"),
}


def is_round_end(ev) -> bool:
    return ev.key.endswith(_ROUND_END)


def is_match_end(ev) -> bool:
    return ev.key.endswith(_MATCH_END)


# Engine events whose news the round's end line tells anyway (its ending): said once there.
_TOLD_BY_ROUND_END = ("rummikub.blocked",)


def told_by_round_end(ev) -> bool:
    return ev.key in _TOLD_BY_ROUND_END


def next_round_line(table, number: int, after, now: int | None) -> Line | None:
    """After round `number` ended, with `after` the events that followed in the same batch
    and `now` the seat to move after it: "Round n begins: seat s starts", unless the game
    says so itself or the match is over."""
    if any(ev.key.endswith(_ROUND_START + _MATCH_END) for ev in after):
        return None
    starter = next((ev.seat for ev in after if ev.seat is not None), now)
    if starter is None:
        return Line("core.round_begins", {"round": number + 1})
    return Line("core.round_begins_seat", {"round": number + 1, "seat": table.seat_ref(starter)})


def params(table, raw: dict) -> dict:
    """Event params for a message: seats as people count them (Table.event_params), and a
    penalty's rule id with what it charges for (`core.rule.<id>`), where a text says so."""
    out = table.event_params(raw)
    rule = out.get("rule")
    if isinstance(rule, str) and f"core.rule.{rule}" in i18n.catalog(i18n.DEFAULT):
        out["rule"] = Line(f"core.rule.{rule}")
    return out


def public_line(table, ev) -> Line:
    raw = ev.for_seat(None)
    where = raw.get("where") if ev.key == "rummikub.played" else None
    if where and len(where) <= WHERE_MOST:  # (a bigger rearrangement: the table lines say it)
        return Line("core.rummikub_played", {**params(table, raw), "where": Joined(tuple(
            Line(f"core.rummikub_where.{kind}", {"tiles": tiles, "set": in_set})
            for kind, tiles, in_set in where), "; ")})
    return Line(ev.key, params(table, raw))


# A Rummikub move's line says where its tiles went (a new set, added to one, rearranged
# into one: the picture marks them; a reader without it had only "played r7") for up to
# this many sets
WHERE_MOST = 4


def private_line(table, ev) -> Line | None:
    """What the event's own seat reads privately, or None when it learns nothing more than
    the group does."""
    if not ev.private or ev.seat is None:
        return None
    english = i18n.catalog(i18n.DEFAULT)
    shown = params(table, ev.for_seat(ev.seat))
    for key in (f"{ev.key}_private", PRIVATE_KEYS.get(ev.key)):
        if key and key in english:
            return Line(key, shown)
    if i18n.placeholders(english.get(ev.key, "")) & set(ev.private):
        return Line(ev.key, shown)
    return None


def own_line(table, ev) -> Line | None:
    """The event as its own seat reads it ("You added b7 to meld 3."), where the game words
    it so (a `<key>_mine` text); None where only the group's words exist."""
    if ev.seat is None or f"{ev.key}_mine" not in i18n.catalog(i18n.DEFAULT):
        return None
    return Line(f"{ev.key}_mine", params(table, ev.for_seat(ev.seat)))


def ending(game_id: str, code: str) -> Line:
    return Line(f"core.ending.{game_id}.{code}")


def scores(table, values) -> Joined:
    return Joined(tuple(Line("core.score_entry", {"player": table.name(i), "score": v})
                        for i, v in enumerate(values)), ", ")


def revealed(table, public: dict, number: int) -> dict | None:
    """What dominoes game `number` (from 1) showed of every hand, from a public view's
    JSON; in Rummikub and the okey games what each rack held when round `number` ended
    (K10, K11, O25, Y15: the racks are charged, so everyone may check them), with their
    value where the charge goes by it; None for other games, or a round not kept."""
    if table.game.family in ("rummikub", "okey"):
        racks = getattr(table.state, "final_racks", ())
        if number > len(racks):
            return None
        values = _rack_values(table.state, number)
        shown = {"hands": list(racks[number - 1]),
                 "values": list(values) if values is not None else None}
        charges = getattr(table.state, "final_charges", ())
        if number <= len(charges):  # the okey games: who never opened, and what it cost
            shown["charges"], shown["opened"] = map(list, charges[number - 1])
        return shown
    if table.game.family != "dominoes":
        return None
    shown = public.get("rounds") or []
    return shown[number - 1] if number <= len(shown) else None


def _rack_values(state, number: int):
    """What each rack left counted as round `number` ended: Rummikub keeps it with the
    round's result (K10), the okey games beside the racks (None: Yüzbir counts tiles, Y15)."""
    if hasattr(state, "final_values"):
        return state.final_values[number - 1]
    return state.results[number - 1]["rack_values"]


def winner_label(winners) -> Line:
    """"Winner" or "Winners" (a tie, partners), as the language says it."""
    return Line("core.label.winner" if len(winners) == 1 else "core.label.winners")


def match_over_line(table, outcome: dict) -> Line:
    """The match is over: who won, everyone's total."""
    return Line("core.match_over", {
        "game": table.game_name(), "won": winner_label(outcome["winners"]),
        "winners": [table.name(w) for w in outcome["winners"]],
        "totals": scores(table, outcome["totals"])})


def match_tie_lines(table, outcome: dict) -> list[Line]:
    """Dominoes: equal lowest totals over several games go to whoever won more of them
    (rules/dominoes.py, D-D6's decision), said where it decided (a single game's tie is
    D11's, told with that game). Partners: two teams level share the match (O-D11); four
    winners named alone read as a mistake. The other games: equal totals share it."""
    totals, winners = outcome["totals"], outcome["winners"]
    if _teams_level(table, winners):
        return [Line("core.teams_share")]
    if getattr(table.config, "partners", False):
        return []  # two winners: the team that won (O-D11)
    if table.game.id != "dominoes":  # equal best totals share it (no tie-break there, K12)
        highest = table.game.family == "rummikub"
        best = max(totals) if highest else min(totals)
        tied = [s for s, t in enumerate(totals) if t == best]
        if len(tied) > 1 and sorted(winners) == tied:
            return [Line("core.match_shared_highest" if highest else "core.match_shared_lowest")]
        return []
    tied = [s for s, t in enumerate(totals) if t == min(totals)]
    if table.game.id != "dominoes" or getattr(table.config, "games", 1) < 2 or len(tied) < 2:
        return []
    if len(tied) == len(winners):  # as many games won too: they share it
        return [Line("core.match_tie_shared")]
    if len(winners) > 1:  # three level, two of them with more games won: those two share it
        return [Line("core.match_tie_break_shared", {
            "players": Joined(tuple(table.name(w) for w in winners), ", ")})]
    return [Line("core.match_tie_break")]


def _teams_level(table, winners) -> bool:
    """Partners, and every seat among the winners: the two teams are level (O-D11)."""
    return bool(getattr(table.config, "partners", False)) and len(winners) == 4


def round_winners(table, result: dict) -> tuple[list[int], int | None]:
    """(who won the round, the seat that went out if it is not among them): see
    `game_round_winners`."""
    return game_round_winners(table.game, table.config, result)


def game_round_winners(game, config, result: dict) -> tuple[list[int], int | None]:
    """(who won the round, the seat that went out if it is not among them). In the okey
    games the lowest score wins (O24, Y19): one who went out but paid more than that in
    penalties during the round (O17-O21, Y11, Y16) does not win it, whoever has the
    lowest does (partners: the team with the lowest total, O-D11, both partners named
    and crowned; a partner who never opened can leave it above the other)."""
    winners = result.get("winners")
    if winners is not None:
        return list(winners), None
    finisher = result.get("winner")
    if finisher is None:
        return [], None
    if game.family != "okey":
        return [finisher], None
    partners = bool(getattr(config, "partners", False))
    low = lowest(result["scores"], partners)
    if finisher in low:  # a team wins as one (O-D11): the one who went out and their partner
        return (low if partners else [finisher]), None
    return low, finisher


def crowned_outcome(table, outcome: dict) -> dict:
    """The outcome as the score table should crown it: each round's winners as its line
    names them (`round_winners`: a lower score than the one who went out, a team)."""
    rounds = []
    for result in outcome.get("rounds", []):
        winners, _ = round_winners(table, result)
        rounds.append({**result, "winners": winners} if winners else result)
    return {**outcome, "rounds": rounds}


# the first line of the next round, however the game says it
ROUND_BEGINS_KEYS = ("core.round_begins", "core.round_begins_seat", "rummikub.round_started",
                     "dominoes.new_game")

# the first line of round_lines, whichever way the round ended
ROUND_END_KEYS = ("core.round_drawn", "core.round_over_outscored",
                  "core.round_over_outscored_team", "core.game_over",
                  "core.game_over_outscored", "core.game_over_outscored_tie",
                  "core.round_over", "core.round_over_team")
# the lines round_lines puts after it, which belong to the round's end (ties, racks left)
ROUND_FOLLOWS = ("core.revealed", "core.tie_break", "core.teams_share_round",
                 "core.zero25_counted")


def round_lines(table, number: int, result: dict, revealed: dict | None) -> list[Line]:
    """Round `number` (from 1) of the outcome is over: how, who won, everyone's score; for
    dominoes and Rummikub, what each seat still held (`revealed`)."""
    winners, outscored = round_winners(table, result)
    params = {"round": number, "ending": ending(table.game.id, result["ending"]),
              "winners": Joined(tuple(table.name(w) for w in winners), ", "),
              "won": winner_label(winners),
              "scores": scores(table, result["scores"])}
    dominoes = table.game.family == "dominoes"
    went_out = dominoes_went_out(result, revealed) if dominoes else None
    if not winners:
        key = "core.round_drawn"
    elif outscored is not None:  # with partners, their team's total is above (O-D11)
        partners = getattr(table.config, "partners", False)
        key = "core.round_over_outscored_team" if partners else "core.round_over_outscored"
        params["finisher"] = table.name(outscored)
    elif len(winners) > 1 and result.get("winner") in winners:  # a team (O-D11): which
        key = "core.round_over_team"  # of the two went out is not told by naming both
        params["finisher"] = table.name(result["winner"])
    elif went_out is not None and went_out not in winners:
        # D6, D9: the tiles laid face down count, so going out (D8) need not win (D11)
        tied = result["scores"][went_out] == min(result["scores"])
        key = "core.game_over_outscored_tie" if tied else "core.game_over_outscored"
        params["finisher"] = table.name(went_out)
    else:
        key = "core.game_over" if dominoes else "core.round_over"
    lines = [Line(key, params)]
    if _teams_level(table, winners):  # O-D11: both teams on the same total
        lines.append(Line("core.teams_share_round"))
    if result.get("tie_break"):  # D11
        lines.append(_tie_break_line(table, result, revealed))
    elif dominoes and result.get("winner") is not None \
            and result["scores"].count(min(result["scores"])) > 1:
        # D-D5: equal scores, and the winner holds no tile (the other one a 0-0): read
        # literally, D11 would have named the 0-0
        lines.append(Line("core.tie_break_empty", {"player": table.name(result["winner"])}))
    if revealed:
        for seat, hand in enumerate(revealed.get("hands", ())):
            dead = revealed.get("dead", ())[seat] if revealed.get("dead") else ""
            points = revealed["values"][seat] if hand and revealed.get("values") else None
            key = ("core.revealed_dead" if dead else "core.revealed" if points is None
                   else "core.revealed_point" if points == 1  # (a lone r1: one point)
                   else "core.revealed_points")  # Rummikub: what the rack counts (K10, K11)
            shown = {"seat": table.seat_ref(seat), "tiles": hand or Line("core.nothing"),
                     "dead": dead}
            if hand and revealed.get("opened") and not revealed["opened"][seat]:
                # O25, Y15: a rack that never opened pays a flat charge, whatever it holds
                key, points = "core.revealed_unopened", revealed["charges"][seat]
            elif points and revealed.get("charges") and revealed["charges"][seat] != points:
                # O24: tiles left x 5 (or 10): the charge, not the rack's value, is the score
                key, shown["charge"] = "core.revealed_charged", revealed["charges"][seat]
            lines.append(Line(key, shown if points is None else {**shown, "points": points}))
    if revealed and getattr(table.config, "zero25", False):  # D10: why a hand counts 25 more
        lines += [Line("core.zero25_counted", {"seat": table.seat_ref(seat)})
                  for seat, tiles in enumerate(_dominoes_held(revealed))
                  if count(tiles, True) > count(tiles)]
    return lines


def dominoes_went_out(result: dict, revealed: dict | None) -> int | None:
    """The seat whose hand emptied as a dominoes game ended (D8), from what the game showed
    of every hand (its result names only the winner, D11); None when blocked."""
    if result.get("ending") != "out" or not revealed:
        return None
    empty = [seat for seat, hand in enumerate(revealed.get("hands", ())) if not hand]
    return empty[0] if len(empty) == 1 else None


# Events that undo the move that made them: a Yüzbir discard short of the opening's limit
# (Y7, Y-D5), of a playable tile (Y16) or of the okey (Y17) comes back to the rack
_TAKEN_BACK = frozenset({"yuzbir.opening_returned", "yuzbir.discard_refused",
                         "yuzbir.okey_refused"})


def taken_back(steps) -> bool:
    """Did the rules take back a move of `steps` (a refused discard: Y7, Y16, Y17)?"""
    return bool(_taken_back(steps))


def _taken_back(steps) -> set[int]:
    """Which of `steps` the rules undid: a refused discard, and with an opening short of
    its limit the tiles laid that turn too (Y7, Y-D5: they all come back)."""
    undone, laid = set(), []
    for i, st in enumerate(steps):
        keys = {ev.key for ev in st.events}
        if keys & _TAKEN_BACK:
            undone.add(i)
            if "yuzbir.opening_returned" in keys:
                undone.update(laid)
        if st.action.split()[0] in ("draw", "take"):
            laid = []  # a new turn
        elif not st.action.startswith("discard"):
            laid.append(i)
    return undone


def _told_move(table, step, undone: bool):
    move = notation.for_person(table.game, step.action)
    if undone and any(ev.key == "yuzbir.opening_returned" for ev in step.events):
        # the discard that took a short opening back (Y7, Y-D5): no discard, so not named
        # (the discard after it would read as a second one); the person's note says why
        return Line("core.move_took_opening_back")
    if undone:
        return Line("core.move_taken_back", {"move": move})
    drawn = _drawn(table, step)
    return Line("core.move_drew", {"move": move, "tile": drawn[1].params["tile"]}) \
        if drawn else move


def _drawn(table, step):
    """(the event, the seat's private line) of the tile a draw brought it, if one did (a
    `return` draws too: the taken discard goes back and a tile comes from the pile, O-D9)."""
    if step.action.split()[0] not in ("draw", "return"):
        return None
    return next(((ev, line) for ev in step.events
                 if (line := private_line(table, ev)) is not None and "tile" in line.params),
                None)


def told_by_timeout_note(table, step) -> list:
    """The events of `step` whose private news the timeout's note already told its seat:
    the tile a draw brought, named with the draw ("draw (you drew b7), discard b12", not
    a "You drew b7." after the discard). Where the rules name the timeout's move (K-D3)
    the note names no moves, and the drawn tile's own line tells it."""
    if step.how != "timeout" or getattr(table.game, "timeout_by_rule", False):
        return []
    drawn = _drawn(table, step)
    return [drawn[0]] if drawn else []


def rule_timeout(table, steps=None) -> str:
    """The key suffix of a timeout the game's rules name (K-D3: ".rummikub", a draw;
    ".rummikub_pass" once the pool is empty), of `steps` made, or of the one that would be
    made now; "" where a computer moves."""
    if not getattr(table.game, "timeout_by_rule", False):
        return ""
    if steps is not None:
        passed = any(str(st.action) == "pass" for st in steps)
    else:
        move = table.state.timeout_action()
        passed = move is not None and str(move) == "pass"
    return f".{table.game.id}" + ("_pass" if passed else "")


def timeout_news(table, seat: int, steps) -> tuple[list[Line], list[Line]]:
    """What the group and the seat's person are told of a timeout that made `steps` (each
    with `action` and `events`) for the seat (where the game's rules name them, as K-D3
    does, said so; a move the rules took back says so), and, when it left a computer in
    the seat, of that: (the group's lines, the person's)."""
    how = rule_timeout(table, steps)
    undone = _taken_back(steps)
    moves = Joined(tuple(_told_move(table, st, i in undone) for i, st in enumerate(steps)), ", ")
    public = [Line(f"core.timeout{how}", {"player": table.name(seat)})]
    private = [Line(f"core.timeout_private{how}", {"moves": moves, "game": table.game_name()})]
    # the person's own tiles laid this turn that went back (Y7): the group reads it, and
    # the note names only the computer's moves
    private += [own_line(table, ev) for st in steps for ev in st.events
                if ev.key == "yuzbir.opening_returned" and ev.seat == seat]
    if table.seats[seat].away:  # nobody else plays there: the table waits (core.all_away)
        public.append(Line(table.waiting("core.away"), {"player": table.name(seat)}))
        private.append(Line(table.waiting("core.away_private")))
    return public, private


def _dominoes_held(revealed: dict) -> list[list[int]]:
    """Each seat's counted tiles as a dominoes game ended: its hand and its dead tiles."""
    dead = revealed.get("dead") or [""] * len(revealed["hands"])
    return [dominoes_tiles.parse_tiles(f"{hand} {down}")
            for hand, down in zip(revealed["hands"], dead, strict=True)]


def _tie_break_line(table, result: dict, revealed: dict | None) -> Line:
    """D11 named the winner of equal scores: by the tile with the fewest pips, or among
    such tiles by the lower end; the line says which tile, and against whose."""
    winner = result["winner"]
    if not revealed:
        return Line("core.tie_break_plain")
    held = _dominoes_held(revealed)
    low = min(result["scores"])
    lowest = {s: min(held[s], key=lambda t: (dominoes_tiles.PIPS[t], dominoes_tiles.LOW[t]))
              for s, score in enumerate(result["scores"]) if score == low and held[s]}
    tile = lowest[winner]
    level = [s for s, t in lowest.items()
             if s != winner and dominoes_tiles.PIPS[t] == dominoes_tiles.PIPS[tile]]
    said = {"player": table.name(winner), "tile": dominoes_tiles.TEXT[tile]}
    if level:  # as few pips: the lower end decided
        rival = level[0]
        return Line("core.tie_break_end", {**said, "other": table.name(rival),
                                           "other_tile": dominoes_tiles.TEXT[lowest[rival]]})
    return Line("core.tie_break", said)
