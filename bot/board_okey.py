"""Okey 101 and Yüzbir as text: the table for the group, the rack (with the assisted
table's hints, O28) for its owner. See bot/board.py."""

from __future__ import annotations

from rules.solvers.okey_pairs import PAIRS_TO_OPEN

from .board_parts import (
    count,
    facts_line,
    melds_text,
    present,
    round_fact,
    score_fact,
    seat_line,
    tiles,
    total_fact,
)
from .messages import Joined, Line

_OPENED = {None: "core.board.not_open", "melds": "core.board.opened",
           "pairs": "core.board.opened_pairs"}
PAIRS_WORTH_A_LINE = 3  # fewer pairs than this are too far from an opening to mention


def table_lines(table, pub: dict, news=()) -> list[Line]:
    facts = [Line("core.board.indicator", {"tile": pub["indicator"]}),
             Line("core.board.okey", {"tile": pub["okey"]}),
             Line("core.board.pile", {"count": pub["pile"]}),
             round_fact(pub["round"], pub["rounds"])]
    if "limit" in pub:  # Yüzbir: the limit moves with each opening (Y6, Y-D3)
        facts += [Line("core.board.limit", {"limit": pub["limit"], "need": pub["need"],
                                            "pairs": pub["pair_need"]}),
                  score_fact("core.board.base_penalty", pub.get("base_penalty", 0))]
    else:
        facts.append(Line("core.board.need", {"need": pub["need"]}))
    if pub.get("partners"):
        facts.append(Line("core.board.partners"))
    lines = [facts_line(present(*facts))]
    piles = pub.get("discard_piles") or [[] for _ in pub["hand_counts"]]
    # Y7, Y-D5: an opening laid this turn counts only at the discard (it may go back)
    pending = pub.get("current_player") if pub.get("provisional_kind") else None
    for seat, n in enumerate(pub["hand_counts"]):
        discard = pub["discards"][seat]
        # Every discard was shown when it was made; the buried ones stay listed so people
        # know as much as a computer that tracks them (O20).
        earlier = piles[seat][:-1]
        lines.append(seat_line(table, seat, present(
            count(n), Line("core.board.opening_pending" if seat == pending
                           else _OPENED.get(pub["opened"][seat], "core.board.opened")),
            Line("core.board.discarded", {"tile": discard}) if discard else None,
            Line("core.board.discarded_before", {"tiles": tiles(earlier)}) if earlier else None,
            score_fact("core.board.penalties", pub["penalties"][seat]),
            total_fact(pub["totals"], seat))))
    if pub["melds"]:
        provisional = set(pub.get("provisional") or ())
        lines.append(Line("core.board.melds"))
        for m in pub["melds"]:
            key = "core.board.meld_provisional" if m["n"] in provisional else "core.board.meld"
            shown = tiles(m["tiles"])
            if any(m.get("okeys") or ()):  # what its okeys stand for (O-D4, O19's swap)
                shown += " (" + ", ".join(f"* = {t}" for t in m["okeys"] if t) + ")"
            lines.append(Line(key, {"n": m["n"], "tiles": shown,
                                    "owner": table.name(m["owner"])}))
    return lines


def rack_lines(table, mine: dict) -> list[Line]:
    rack = mine["rack"]
    lines = [Line("core.rack", {"game": table.game_name(), "rack": tiles(rack)})]
    if mine.get("okey"):  # what the rack picture's side panel shows, for a reader without it
        lines.append(Line("core.rack_okey", {"indicator": mine["indicator"],
                                             "okey": mine["okey"]}))
    if mine.get("takeable") and "take" in mine.get("buttons", mine.get("legal") or ()):
        # which tile the take button takes, in words (only the group's lines said it), and
        # the opening it makes where the rack alone has none (assisted)
        opens = (mine.get("hints") or {}).get("take_opens")
        pairs = (mine.get("hints") or {}).get("take_opens_pairs")
        take = {"tile": mine["takeable"], "cmd": "take"}
        lines.append(Line("core.hint.takeable_opens", {**take, "value": opens})
                     if opens else Line("core.hint.takeable_opens_pairs", {
                         **take, "pairs": melds_text(pairs)})
                     if pairs else Line("core.hint.takeable", take))
    no_pile = mine.get("pile") == 0  # nothing to draw: a /return ends the round (O26)
    if mine.get("taken"):  # once tiles are laid it may not go back (O-D9; Yüzbir: Y8)
        back = "return" in (mine.get("legal") or ())
        lines.append(Line("core.hint.taken_use" if not back
                          else "core.hint.taken_no_pile" if no_pile else "core.hint.taken",
                          {"tile": mine["taken"], **({"cmd": "return"} if back else {})}))
    short = opening_short(mine)
    if short and any(a.startswith("discard") for a in mine.get("legal") or ()):
        kind = mine["provisional_kind"]  # what a discard would do now, assisted or not
        lines.append(Line("core.hint.opening_short", {
            "value": mine["provisional_value"],
            "need": mine["need"] if kind == "melds" else mine.get("pair_need")}))
    hints = mine.get("hints")
    if not hints:  # not an assisted table
        return lines
    opened = mine["opened"][mine["seat"]]
    later = not (mine["current_player"] == mine["seat"] and mine["phase"] == "play")
    undrawable = later and no_pile  # no draw comes: nothing is told "once you have drawn"
    if not undrawable:
        lines += [_after_draw(h) if later else h for h in present(
            _opening_hint(mine, hints.get("opening"), opened),
            _pairs_hint(mine, hints.get("pairs"), opened),
            Line("core.hint.melds", {"move": f"meld {melds_text(hints['melds'])}"})
            if hints.get("melds") and opened == "melds" else None,
            _pairs_to_hint(table, hints.get("pairs_to")))]
    # while a short opening is laid, a discard takes it back and costs nothing (Y-D5)
    penalty = [] if short else [rack[i] for i in mine.get("penalty_tiles", ())]
    if mine.get("okey_penalty") and not short:  # Y17: the okey's cost is not a meld's (Y16)
        penalty = [t for t in penalty if t != "*"]
        lines.append(Line("core.hint.okey_penalty"))
    back = "_back" if mine.get("penalty_returns") else ""  # (Y16; O21 and Y-D7: it stands)
    if penalty:
        lines.append(Line("core.hint.penalty" + back, {
            "tiles": " ".join(dict.fromkeys(penalty)), "points": mine.get("penalty_cost", 100)}))
    if mine.get("free_last") and not short:  # the way out: thrown first, it costs (O21)
        many = "_many" if len(mine["free_last"]) > 1 else ""
        lines.append(Line("core.hint.penalty_last" + many + back, {
            "tiles": " ".join(mine["free_last"]), "points": mine.get("penalty_cost", 100)}))
    adds = [f"add {tile} to {n}" for tile, ns in (hints.get("adds") or {}).items() for n in ns]
    if adds and (opened == "melds" or opened == "pairs" and not later) \
            and not undrawable:  # Y9: to runs
        add = Line("core.hint.adds", {"moves": Joined(tuple(adds), ", ")})
        lines.append(_after_draw(add) if later else add)  # (a draw comes first, O7)
    swaps = [move for move in mine.get("legal", ()) if move.startswith("swap ")]  # O19, mine only
    if swaps:
        lines.append(Line("core.hint.swaps", {"moves": Joined(tuple(swaps), ", ")}))
    return lines


def _pairs_to_hint(table, pairs_to) -> Line | None:
    """Y9: pairs a runs opener may lay in front of a seat that opened with pairs."""
    if not pairs_to:
        return None
    seat = pairs_to["seat"]
    return Line("core.hint.pairs_to", {
        "move": f"pairs {melds_text(pairs_to['pairs'])} to {seat + 1}", "seat": seat + 1,
        "player": table.name(seat)})


_AFTER_DRAW = {"core.hint.open_now": "core.hint.open_after_draw",
               "core.hint.pairs_now": "core.hint.pairs_after_draw",
               "core.hint.melds": "core.hint.melds_after_draw",
               "core.hint.pairs_to": "core.hint.pairs_to_after_draw",
               "core.hint.adds": "core.hint.adds_after_draw"}


def _provisional_kind(mine: dict) -> str | None:
    """The kind of the Yüzbir opening this seat is laying this turn (Y7), if any: the view
    tells the turn's, which at another seat's turn is that seat's (its points are not
    this rack's)."""
    return mine.get("provisional_kind") if mine.get("current_player") == mine.get("seat") \
        else None


def opening_short(mine: dict) -> bool:
    """Tiles laid this turn towards a Yüzbir opening that does not reach the limit yet (Y7:
    provisional; a discard now takes them back, Y-D5)."""
    return bool(_provisional_kind(mine)) and mine["opened"][mine["seat"]] is None


def _after_draw(hint: Line) -> Line:
    """A move the rack allows, told before the seat may make it (it draws first, O7)."""
    return Line(_AFTER_DRAW.get(hint.key, hint.key), hint.params)


def _opening_hint(mine: dict, opening, opened) -> Line | None:
    """The best runs-and-sets opening the rack holds (O14, Y6), while not yet opened."""
    if opened is not None or not opening or not opening.get("value"):
        return None
    if _provisional_kind(mine) == "pairs":
        return None  # this turn's opening is pairs; its type is fixed (Y9)
    melds, need = melds_text(opening["melds"]), mine["need"]
    laid = _laid_this_turn(mine, "melds")
    value = opening["value"] + laid
    if value >= need:
        return Line("core.hint.open_now", {"move": f"open {melds}", "value": value})
    if laid:  # the total counts what lies there already (Y7): say so
        return Line("core.hint.opening_more", {"melds": melds, "value": value, "need": need})
    return Line("core.hint.opening", {"melds": melds, "value": value, "need": need})


def hinted_move(mine: dict, verb: str) -> str:
    """The `verb` move ("open", "meld") the rack's hints offer the seat now, or "" (not an
    assisted table, none held, the opening short of its need)."""
    hints = mine.get("hints") or {}
    opened = mine["opened"][mine["seat"]]
    if verb == "open":
        line = _opening_hint(mine, hints.get("opening"), opened)
        return line.params["move"] if line is not None and line.key == "core.hint.open_now" else ""
    if verb == "meld" and hints.get("melds") and opened == "melds":
        return f"meld {melds_text(hints['melds'])}"
    return ""


def _laid_this_turn(mine: dict, kind: str) -> int:
    """Points of the Yüzbir opening laid so far this turn, if it is of `kind` (Y7, Y-D5):
    the rest of the rack adds to them."""
    return (mine.get("provisional_value") or 0) if _provisional_kind(mine) == kind else 0


def _pairs_hint(mine: dict, pairs, opened) -> Line | None:
    """The pairs the rack holds: to open with (O23, Y6) or, once opened with pairs, to lay."""
    if opened == "melds" or not pairs or not pairs.get("count"):
        return None
    if _provisional_kind(mine) == "melds":
        return None  # this turn's opening is runs and sets; its type is fixed (Y9)
    text = melds_text(pairs["pairs"])
    if opened == "pairs":
        return Line("core.hint.pairs_now", {"move": f"pairs {text}"})
    valued = "value" in pairs  # Yüzbir values pairs (Y5) against its own limit
    if valued:
        pairs = {**pairs, "value": pairs["value"] + _laid_this_turn(mine, "pairs")}
    if pairs["value"] >= (mine.get("pair_need") or 0) if valued \
            else pairs["count"] >= PAIRS_TO_OPEN:
        return Line("core.hint.pairs_now", {"move": f"pairs {text}"})
    if pairs["count"] < PAIRS_WORTH_A_LINE and not _laid_this_turn(mine, "pairs"):
        return None
    if valued:  # the total counts what lies there already (Y7): say so
        key = "core.hint.pairs_more" if _laid_this_turn(mine, "pairs") else "core.hint.pairs_value"
        return Line(key, {"pairs": text, "value": pairs["value"], "need": mine.get("pair_need")})
    return Line("core.hint.pairs", {"pairs": text, "count": pairs["count"],
                                    "need": PAIRS_TO_OPEN})
