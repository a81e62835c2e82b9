"""What a message shows of a game, generically for every game: the private part of a seat's
view (its rack) versus the public part (the table), as JSON and as short text.

The engine's views are the only source. A field is private to a seat when the views of two
different seats disagree on it (the rack, the own dead tiles, `legal`); everything the
views agree on is public. So a group message or picture can never carry a rack, whatever
the game calls its fields.
"""

from __future__ import annotations

# Fields that differ between seats without being secret.
_BOOKKEEPING = ("seat", "legal", "current_player", "game")


def _other(state, seat: int) -> int:
    return (seat + 1) % state.num_seats


def private_fields(state, seat: int) -> dict:
    """The fields of `seat`'s view that the next seat's view does not share."""
    mine = state.view(seat).to_json()
    other = state.view(_other(state, seat)).to_json()
    return {k: v for k, v in mine.items() if k not in _BOOKKEEPING and other.get(k) != v}


def public_json(state) -> dict:
    """A view for the group: the seat to move's view with every private field emptied."""
    seat = state.current_player if state.current_player is not None else 0
    mine = state.view(seat).to_json()
    other = state.view(_other(state, seat)).to_json()
    out = {}
    for k, v in mine.items():
        if k == "legal":
            out[k] = []
        elif k in _BOOKKEEPING or other.get(k) == v:
            out[k] = v
        else:
            out[k] = _empty(v)
    return out


def _empty(v):
    if isinstance(v, list | tuple):
        return []
    if isinstance(v, dict):
        return {}
    if isinstance(v, str):
        return ""
    return None


def show(value) -> str:
    """A JSON value as compact text: tiles space-separated, melds split by |."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list | tuple):
        if all(not isinstance(x, list | tuple | dict) for x in value):
            # None in a rack is a gap the player left between groups
            return " ".join("·" if x is None else str(x) for x in value) or "-"
        if all(isinstance(x, list | tuple) and len(x) == 2 and all(isinstance(y, int) for y in x)
               for x in value):  # a domino line: [a, b] pairs
            return " ".join(f"[{a}|{b}]" for a, b in value) or "-"
        return " | ".join(show(x) for x in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k}={show(v)}" for k, v in value.items())
    return str(value)


def _tiles(v) -> bool:
    """Tile texts (a rack with gaps, dead tiles) or one tile; not slot numbers or hints."""
    if isinstance(v, str):
        return bool(v)
    return isinstance(v, list) and any(isinstance(x, str) for x in v) \
        and all(x is None or isinstance(x, str) for x in v)


def rack_text(state, seat: int) -> str:
    """The seat's own tiles as text: the first tile field bare (the rack), any other one
    (dead tiles, a taken discard) labelled with its field name."""
    fields = [(k, v) for k, v in private_fields(state, seat).items() if _tiles(v)]
    if not fields:
        return "-"
    (_, rack), rest = fields[0], fields[1:]
    return "; ".join([show(rack), *(f"{k}: {show(v)}" for k, v in rest)])


# Public fields too long or too detailed for a chat line (the picture shows them).
_SKIP_TEXT = ("history", "rounds", "extra")


def table_text(state) -> str:
    """The public table as short text, leaving out the table options (they never change;
    /rules shows them)."""
    pub = public_json(state)
    options = set(state.config.to_json())
    lines = []
    for k, v in pub.items():
        if k in _BOOKKEEPING or k in _SKIP_TEXT or k in options or v in ([], "", None, {}):
            continue
        lines.append(f"{k}: {show(v)}")
    return "\n".join(lines)


def legal_moves(state, seat: int) -> tuple[str, ...]:
    if state.current_player != seat:
        return ()
    return tuple(state.view(seat).legal)
