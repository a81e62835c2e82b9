"""What a message shows of a game, generically for every game: the private part of a seat's
view (its rack) versus the public part (the table), as JSON and as short text.

The engine's views are the only source. A field is private to a seat when the view says so
(its class's PRIVATE names: the rack, the own dead tiles) or when the views of two
different seats disagree on it (`legal`, whatever a game did not name); everything else
the views agree on is public. The public view is the seat's view with its private fields
emptied before it is turned into JSON. So a group message or picture can never carry a
rack, whatever the game calls its fields.
"""

from __future__ import annotations

import dataclasses

from . import rack_order

# Fields that differ between seats without being secret.
_BOOKKEEPING = ("seat", "legal", "current_player", "game")


class Snapshot:
    """One state at one moment: each seat's view and its JSON computed at most once (a
    view's JSON can be costly, e.g. an assisted okey table's hints). Every function here
    takes a Snapshot or a bare state."""

    def __init__(self, state, arrange: dict[int, str] | None = None,
                 hidden: set[int] | frozenset = frozenset(),
                 layouts: dict[int, rack_order.Layout] | None = None):
        self.state = state
        self.arrange = arrange or {}  # seat -> how its rack is ordered (bot/rack_order.py)
        self.layouts = layouts or {}  # seat -> the person's own layout (bot/rack_layout.py)
        self.hidden = hidden  # seats whose okeys lie face down in their rack picture (Y20)
        self._views: dict = {}
        self._json: dict = {}
        self._public: dict = {}

    def view(self, seat: int):
        if seat not in self._views:
            self._views[seat] = self.state.view(seat)
        return self._views[seat]

    def json(self, seat: int) -> dict:
        if seat not in self._json:
            data = self.view(seat).to_json()
            order, layout = self.arrange.get(seat), self.layouts.get(seat)
            if (order or layout) and data.get("rack"):
                data = rack_order.ordered(data, order or rack_order.ORDERS[0], layout)
            if seat in self.hidden and "*" in (data.get("rack") or ()):
                data = dict(data, face_down=[i for i, t in enumerate(data["rack"]) if t == "*"])
            self._json[seat] = data
        return self._json[seat]

    def public(self, seat: int) -> dict:
        """`seat`'s view JSON with everything private emptied (see _masked)."""
        if seat not in self._public:
            others = _others(self.state, seat)
            self._public[seat] = _public(self.view(seat), [self.view(o) for o in others],
                                         lambda: (self.json(seat), [self.json(o) for o in others]))
        return self._public[seat]


def _public(view, others, jsons) -> dict:
    """`view` as everyone may see it: masked before it is JSON (_masked), else, where the
    view cannot be built empty, its JSON against the others' (`jsons()`: mine, others')."""
    masked = _masked(view, others)
    try:
        data = masked.to_json() if masked is not None else None
    except Exception:  # a view that cannot be built empty: compare JSON instead
        data = None
    return data if data is not None else _masked_json(*jsons())


def _masked(view, others):
    """`view` with every field that differs from any other seat's view emptied, BEFORE it
    is turned into JSON: whatever the JSON derives from a private field (a sorted rack,
    hints, slot numbers) is then empty too. None if the view is not a dataclass."""
    if not dataclasses.is_dataclass(view):
        return None
    private = getattr(type(view), "PRIVATE", ())  # the game's word: two racks may agree
    changes = {f.name: _empty(getattr(view, f.name)) for f in dataclasses.fields(view)
               if f.init and f.name not in _BOOKKEEPING
               and (f.name in private
                    or any(getattr(view, f.name) != getattr(o, f.name) for o in others))}
    return dataclasses.replace(view, legal=(), **changes) if hasattr(view, "legal") \
        else dataclasses.replace(view, **changes)


def _masked_json(mine: dict, others: list[dict]) -> dict:
    return {k: ([] if k == "legal" else v if k in _BOOKKEEPING
                or all(o.get(k) == v for o in others) else _empty(v)) for k, v in mine.items()}


def round_end_public(state) -> dict | None:
    """The table as the last round ended (the state keeps each seat's view of it, taken
    before the next deal), with everything private emptied; None if no round has ended."""
    seen = getattr(state, "round_end", None)
    if not seen:
        return None
    mine, others = seen[0], list(seen[1:])
    data = _public(mine, others, lambda: (mine.to_json(), [v.to_json() for v in others]))
    return dict(data, current_player=None)  # nobody's turn any more


def snapshot(src) -> Snapshot:
    return src if isinstance(src, Snapshot) else Snapshot(src)


def _others(state, seat: int) -> list[int]:
    """Every other seat: a field two seats happen to share may still be private."""
    return [o for o in range(state.num_seats) if o != seat]


def private_fields(src, seat: int) -> dict:
    """The fields of `seat`'s view JSON that its public version does not have."""
    snap = snapshot(src)
    mine = snap.json(seat)
    public = snap.public(seat)
    return {k: v for k, v in mine.items() if k not in _BOOKKEEPING and public.get(k) != v}


def public_json(src) -> dict:
    """A view for the group: the seat to move's view with every private field emptied."""
    snap = snapshot(src)
    state = snap.state
    return snap.public(state.current_player if state.current_player is not None else 0)


def _empty(v):
    if isinstance(v, tuple | list | dict | set | frozenset | str):
        return type(v)()
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


def rack_text(src, seat: int) -> str:
    """The seat's own tiles as text, for a game bot.board has no module for: the first
    private tile field bare (the rack), any other one (dead tiles, a taken discard)
    labelled with its field name."""
    fields = [(k, v) for k, v in private_fields(src, seat).items() if _tiles(v)]
    if not fields:
        return "-"
    (_, rack), rest = fields[0], fields[1:]
    return "; ".join([show(rack), *(f"{k}: {show(v)}" for k, v in rest)])


# Public fields too long or too detailed for a chat line (the picture shows them).
_SKIP_TEXT = ("history", "rounds", "extra")


def table_text(src) -> str:
    """The public table as generic text (see generic_table_text)."""
    snap = snapshot(src)
    return generic_table_text(public_json(snap), snap.state.config)


def generic_table_text(pub: dict, config) -> str:
    """The public table as `field: value` lines, for a game bot.board has no module for,
    leaving out the table options (they never change; /rules shows them)."""
    options = set(config.to_json())
    lines = []
    for k, v in pub.items():
        if k in _BOOKKEEPING or k in _SKIP_TEXT or k in options or isinstance(v, dict) \
                or v in ([], "", None):
            continue
        lines.append(f"{k}: {show(v)}")
    return "\n".join(lines)


def _unassisted(legal: list[str], tiles: list[str]) -> list[str]:
    """The moves an okey table without assistance offers as buttons (O28: spotting what
    fits is the player's): no additions or okey swaps in one tap (typed, they work), and
    a discard of every tile, those that fit the table too (Yüzbir's legal moves leave
    out what Y16 and Y17 send back: their missing buttons would point them out)."""
    shown = [a for a in legal if a.split()[0] not in ("add", "swap")]
    if any(a.startswith("discard ") for a in shown):
        listed = {a.split()[1] for a in shown if a.startswith("discard ")}
        # (not the okey: it shows as itself, so its missing button tells nothing, Y17)
        shown += [f"discard {t}" for t in dict.fromkeys(tiles) if t not in listed and t != "*"]
    return shown or legal  # only adds are left (a taken discard laid): those, as buttons


def costly_tiles(data: dict) -> set[str]:
    """The tiles of a seat's rack (`Snapshot.json`) that cost a penalty thrown (O21, Y16:
    they fit a table meld), as its rack picture marks them."""
    rack = data.get("rack") or []
    return {rack[i] for i in data.get("penalty_tiles") or ()}


def hinted_tiles(data: dict) -> set[str]:
    """The tiles an assisted rack's hints lay (its best opening, its pairs, its melds):
    kept, not thrown (`Snapshot.json`'s hints)."""
    hints = data.get("hints") or {}
    groups = [*(hints.get("opening") or {}).get("melds", ()),
              *(hints.get("pairs") or {}).get("pairs", ()), *(hints.get("melds") or ())]
    return {tile for group in groups for tile in group}


def legal_moves(src, seat: int) -> tuple[str, ...]:
    snap = snapshot(src)
    if snap.state.current_player != seat:
        return ()
    view = snap.view(seat)
    legal = list(view.legal)
    if "take" in legal and getattr(view, "assisted", False) \
            and not snap.state.can_use(seat, view.takeable):
        # an assisted okey table does not offer a discard nothing would use: taking it
        # could only end in giving it back (O20, Y8, O-D9); typed, /take still works
        legal.remove("take")
    data = snap.json(seat)
    # moves of one tile (`discard r7`) in the order the person's rack shows their tiles,
    # those that cost a penalty (O21, marked in the rack) last
    rack = data.get("rack") or []
    costly = costly_tiles(data)
    tiles = [t for t in rack if t is not None]
    if getattr(view, "assisted", None) is False:
        legal = _unassisted(legal, tiles)
    if data.get("provisional_kind") and data["opened"][data["seat"]] is None:
        # a short Yüzbir opening (Y7): a tile added to its own new run is typed when meant
        # (as a button it broke up the meld the rack's hint suggested laying next)
        legal = [a for a in legal if not a.startswith("add ")]
    one_tile = [i for i, a in enumerate(legal) if len(a.split()) == 2 and a.split()[1] in tiles]
    for i, action in zip(one_tile, sorted((legal[i] for i in one_tile), key=lambda a: (
            a.split()[1] in costly, tiles.index(a.split()[1]))), strict=True):
        legal[i] = action
    return tuple(legal)
