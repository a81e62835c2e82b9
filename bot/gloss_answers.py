"""A word that glosses a move (as /rules glosses them: "ambil", "at r7", "buang 5") or a
rack number alone, typed where a move is expected: answered with the move to type, tiles
and all, or with why that move is refused now. Each answer is a Refusal: nothing moves."""

from __future__ import annotations

import contextvars
from dataclasses import replace

from rules.errors import IllegalAction, RulesError
from rules.tiles import WILD, format_tile, parse_tiles
from rules.words import echoed, fold

from . import board, notation
from .messages import Command, Line
from .refusal import Refusal, error_line

# the table whose rules refused a move a gloss or a number was answered with (its game
# names the moves the reason suggests, where another table of the asker's has them too)
refused_at: contextvars.ContextVar = contextvars.ContextVar("refused_at", default=None)


def gloss_refused(cmd: Command, command: str, tables, rack_of=None,
                   game: str | None = None) -> None:
    """A word /rules glosses a move of these tables' games with is answered with the move
    as it is typed, tiles and all ("ambil" -> /draw, "at r7" -> /discard r7). `rack_of`:
    (table, seat) -> the rack as its picture numbers it (a move's rack numbers); `game`:
    the game it named, which the move to type names too (the person plays at several
    tables: "/yuzbir discard 1")."""
    # the asker's own tables first: a word of several games is the move of the game they
    # play ("turunkan" at their Rummikub table is /place, though an okey table is here too)
    tables = [t for t in tables if t.seat_of(cmd.user.id) is not None] or list(tables)
    # and of those, where they are to move ("el aç" at their Rummikub turn is /place,
    # though they sit at an okey table too, where it is not their turn)
    tables = [t for t in tables if t.waits_for(cmd.user.id)] or tables
    families = {t.game.family for t in tables}
    _number_refused(cmd, command, tables, rack_of, game)
    # said last after nothing but tiles and a meld, the verb is the move ("मेल्ड 3 में 2
    # जोड़ो": add 2 to meld 3, though मेल्ड alone glosses /meld); a gloss of several
    # words said first is itself ("ओकेय लें": swap, not "take the okey")
    first = notation.glossed(command, families, cmd.args)
    typed = cmd.word if fold(cmd.word) == command else command
    last = notation.glossed_among_tiles((typed, *cmd.args), families)
    if gloss := (first if notation.starts_a_gloss(command, cmd.args) else None) or last \
            or first:
        word, verb, rest = gloss
        tables = [t for t in tables if notation.has_move(t.game.family, verb)]
        if verb == "take" and rest:  # ("ambil y7": /take takes the discard on offer)
            _take_of_another(cmd, word, rest, tables)
            rest = ()
        if verb == "meld" and _opened(cmd, tables) is None:  # ("turunkan r3 b3 k3": laying
            verb = "open"  # down, which before one has opened is opening, O14)
        elif verb == "open" and _opened(cmd, tables) == "melds":  # ("turun r8 r9 *" once
            verb = "meld"  # opened: laying down more, O16)
        if verb == "swap" and notation.takes_the_okey(word, (typed, *cmd.args)) \
                and _okey_on_offer(cmd, tables):  # ("okeyi al": the okey just discarded)
            verb, rest = "take", ()
        example = notation.without_end_mark(" ".join((verb, *rest)))  # (Discord writes it)
        if verb == "place" and rest and _not_now(cmd, example, tables, rack_of):
            whole = notation.without_end_mark(" ".join(("play", *rest)))
            if _plays_now(cmd, whole, tables, rack_of):  # ("mainkan" and the whole new
                verb, example = "play", whole  # Rummikub table: /play, as its gloss says)
        if notation.loose(word) == notation.loose(typed):
            word = typed  # (as typed: "cek", not /rules' "çek", to an Indonesian)
        if not rest and (usage := _usage(example, tables)):  # ("buang": /discard alone
            # is refused for want of a tile; the answer says so with the move's example)
            raise Refusal("core.error.move_word_usage", word=echoed(word), example=example,
                          usage=usage)
        if rest and (wrong := _malformed(cmd, example, tables, rack_of)):  # ("tukar k7 ke
            # 3 di bawah": no swap is at a low end; never a move suggested that does not read)
            raise Refusal("core.error.move_word_usage", word=echoed(word), example=verb,
                          usage=wrong)
        shown = f"{game} {example}" if game else example
        if reason := _not_now(cmd, example, tables, rack_of):  # ("çek" as the round's first
            # move: /draw would be refused too, O6; "buang r9" before the draw, O7; "at
            # r7" not holding r7: never a move suggested that is then refused)
            raise Refusal("core.error.move_word_refused" if rest
                          else "core.error.move_word_not_now", word=echoed(word),
                          example=shown, reason=reason)
        raise Refusal("core.error.move_word", word=echoed(word), example=shown)


def _on_offer(cmd: Command, tables):
    """(table, the discard the asker may take there now, or None) at each of `tables`
    waiting for the asker's move."""
    for table in (t for t in tables if t.waits_for(cmd.user.id)):
        yield table, getattr(table.state.view(table.seat_of(cmd.user.id)), "takeable", None)


def _okey_on_offer(cmd: Command, tables) -> bool:
    """Is the discard the asker may take now an okey (one just thrown)?"""
    return any(offer == WILD for _, offer in _on_offer(cmd, tables))


def _take_of_another(cmd: Command, word: str, named, tables) -> None:
    """A take said with the tile it means ("ambil y7", "k7 al"): refused where another
    tile is on offer to the asker now, as /take would take that one (O20: used this turn,
    its discarder charged)."""
    other = None  # (a table offering another tile; one offering the tile meant: /take)
    for table, offer in _on_offer(cmd, tables):
        try:
            meant = parse_tiles(" ".join(named), table.game.family)
        except RulesError:
            return  # (a word the gloss read as a tile that is none: the move's own answer)
        if offer is not None and meant == [offer]:
            return
        other = other or offer
    if other is not None:
        raise Refusal("core.error.take_not_offered", word=echoed(word),
                      tile=" ".join(named), offer=format_tile(other))


def _number_refused(cmd: Command, command: str, tables, rack_of=None,
                    game: str | None = None) -> None:
    """Rack numbers alone ("15", as /help teaches a tile is named by its number) are no
    move: answered with the move that takes them, the okey games' discard of one tile
    (drawn first where the turn begins so, O7) or Rummikub's place, or why that move is
    refused now ("5" before the initial meld, K6; a number past the rack's); in dominoes
    "3" is no domino."""
    words = (command, *cmd.args)
    family = next((t.game.family for t in tables if t.game.family != "dominoes"), None)
    if family is None or not all(notation.number(w) is not None for w in words) \
            or family == "okey" and len(words) > 1:  # ("14 15 16": no one move's)
        return
    example = " ".join(("place" if family == "rummikub" else "discard", *words))
    drawing = next((t for t in tables if family == "okey" and t.game.family == family  # (a
                    and t.waits_for(cmd.user.id)  # Rummikub draw is instead of a move)
                    and "draw" in t.state.view(t.seat_of(cmd.user.id)).legal), None)
    draw_first = drawing is not None
    if draw_first and rack_of is not None:  # ("99" of 15 tiles: no /discard 99 to come)
        size = len(rack_of(drawing, drawing.seat_of(cmd.user.id)))
        n = notation.number(words[0])
        if not 1 <= n <= size + 1:  # (the tile drawn comes at the right end: one more)
            raise Refusal("core.error.bad_slot", slot=n, last=size)
    shown = f"{game} {example}" if game else example  # (at several tables: "/yuzbir 5")
    if not draw_first and (reason := _not_now(cmd, example, tables, rack_of)):
        raise Refusal("core.error.move_word_refused", word=echoed(" ".join(words)),
                      example=shown, reason=reason)
    if draw_first:  # (the draw names its game where another table here has one too)
        others = [t.game for t in tables if t is not drawing]
        draw, discard = (f"{drawing.game.id} {move}" if game or any(
            notation.fits(g, move) for g in others) else move for move in ("draw", example))
        raise Refusal("core.error.number_alone_draw", word=echoed(" ".join(words)),
                      example=discard, draw=draw)
    raise Refusal("core.error.number_alone", word=echoed(" ".join(words)), example=shown)


def rules_named(line: Line, game, others) -> Line:
    """`line` with the moves a rule's reason in it suggests ("Draw a tile first: /draw",
    O7, nested in "“at” is typed /discard 5, but ...") naming `game` where one of `others`
    has that move too; the rest of it (a move quoted as typed) as it is."""
    if line.key == "core.error.illegal":
        (reason,) = board.moves_at([line.params["reason"]], game, others)
        return replace(line, params={**line.params, "reason": reason})
    nested = {k: rules_named(v, game, others) for k, v in line.params.items()
              if isinstance(v, Line)}
    changed = {k: v for k, v in nested.items() if v is not line.params[k]}
    return replace(line, params={**line.params, **changed}) if changed else line


def _usage(move: str, tables) -> Line | None:
    """What `move` lacks to be read as a move of these tables' game (None: it reads)."""
    if not tables:
        return None
    try:
        tables[0].game.parse_action(move)
    except RulesError as e:
        return error_line(e)
    return None


def _opened(cmd: Command, tables) -> str | bool | None:
    """How the asker opened at the first okey table of `tables` they sit at ("melds",
    "pairs"), None where they have not opened yet; False where they sit at none."""
    for table in tables:
        seat = table.seat_of(cmd.user.id)
        if table.state is not None and seat is not None and table.game.family == "okey":
            return table.state.view(seat).opened[seat]
    return False


def _malformed(cmd: Command, move: str, tables, rack_of=None) -> Line | None:
    """Why `move`, a suggestion, does not read as a move at the asker's table (a word the
    gloss left in it: "swap k7 in 3 low"); None where it reads, legal now or not, or the
    asker sits at none of `tables`."""
    for table in tables:
        seat = table.seat_of(cmd.user.id)
        if seat is None or table.state is None:
            continue
        try:
            text = notation.as_played(table, seat, move, rack_of)
        except (RulesError, Refusal):
            return None  # (a seat or a rack number that is none: the move's answer says)
        try:
            table.game.parse_action(text, table.state.view(seat))
        except IllegalAction:
            return None
        except RulesError as e:
            return error_line(e)
        return None
    return None


def _plays_now(cmd: Command, move: str, tables, rack_of=None) -> bool:
    """Would `move` be played at one of `tables` where the asker is to move now?"""
    for table in (t for t in tables if t.waits_for(cmd.user.id)):
        seat = table.seat_of(cmd.user.id)
        try:
            text = notation.as_played(table, seat, move, rack_of)
            table.state.check(table.game.parse_action(text, table.state.view(seat)))
        except (Refusal, RulesError):
            continue
        return True
    return False


def _not_now(cmd: Command, move: str, tables, rack_of=None) -> Line | None:
    """Why `move` would be refused where the asker is to move now (None: it would not be
    at one of their tables, or they are not to move: their turn will come). Its rack
    numbers are read as the seat's picture numbers them (`rack_of`), a number past the
    rack's refused."""
    reasons = []
    for table in (t for t in tables if t.waits_for(cmd.user.id)):
        seat = table.seat_of(cmd.user.id)
        try:
            text = notation.as_played(table, seat, move, rack_of)
        except Refusal as r:  # (a seat that does not exist)
            return r.line
        except RulesError as e:  # ("/discard 16" of a rack of 15)
            return error_line(e)
        try:  # (with the seat's view: Rummikub's place reads the rack and the table)
            view = table.state.view(seat)
            table.state.check(table.game.parse_action(text, view))
        except IllegalAction as e:
            e.params = table.event_params(e.params)  # (a seat it names, as people count)
            if not reasons:  # (its moves name the game where they must: Core._named_game)
                refused_at.set(table)
            reasons.append(error_line(e))
        except RulesError:  # a tile the gloss did not read: the move's own answer says so
            return None
        else:
            return None  # (legal there: that table's move)
    return reasons[0] if reasons else None
