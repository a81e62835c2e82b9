"""How a person's rack is ordered in their picture, its caption and its tile numbers
(`/arrange`, bot/prefs.py), from the engine's order (runs first: by colour, then number):

- `pairs` (okey games): the pairs first, each followed by a gap, for a player going for
  pairs (O23, Y-D4); the rest keeps the engine's order and gaps;
- `groups` (okey games and Rummikub): by number, then colour, a gap between numbers, as
  when collecting sets; okeys, fake okeys and jokers last.

A view's penalty marks (O28) are rack positions: they move with their tiles.
"""

from __future__ import annotations

import re

import rules

from . import i18n, notation
from .rack_layout import Layout, laid_over

ORDERS = ("runs", "pairs", "groups")  # the first is the engine's own
# the orders as people name them in their words (the bot shows each as a phrase,
# "पहले जोड़ियाँ (ओकेय)", read back whole too: order_named)
_ORDER_WORDS = {"seri": "runs", "seriler": "runs", "रन": "runs",
                "pasangan": "pairs", "çift": "pairs", "çiftler": "pairs", "जोड़ी": "pairs",
                "जोड़ियाँ": "pairs", "जोड़ियां": "pairs",
                "kelompok": "groups", "grup": "groups", "gruplar": "groups", "ग्रुप": "groups",
                # the word of the phrase the bot shows ("menurut warna": by colour)
                "warna": "runs", "renk": "runs", "रंग": "runs",
                "angka": "groups", "sayı": "groups", "अंक": "groups", "नंबर": "groups",
                # (Hindi says "by": रंग से, नंबर से, अंक से)
                "रंग से": "runs", "नंबर से": "groups", "अंक से": "groups",
                # (Hindi as most type it, in Latin letters)
                "jodi": "pairs", "jodiyan": "pairs", "jodiyaan": "pairs", "jodiya": "pairs",
                "rang": "runs", "rang se": "runs", "number se": "groups", "ank se": "groups"}
# the game families whose racks each order applies to (dominoes hands have no order to choose)
FAMILIES = {"runs": ("okey", "rummikub"), "pairs": ("okey",), "groups": ("okey", "rummikub")}
_COLOURS = "rbkoy"  # the engine's colour order (o: Rummikub orange)


def ordered(data: dict, order: str, layout: Layout | None = None) -> dict:
    """A view's JSON with its rack in `order` (unchanged where the order does not apply),
    then as the person's own `layout` of this round places it (bot/rack_layout.py)."""
    family = rules.find_game(data.get("game", "")).family
    rack = data["rack"]
    shown = rack
    if order != ORDERS[0] and family in FAMILIES.get(order, ()):
        shown = pairs_first(rack) if order == "pairs" else by_number(rack, data.get("okey"))
    if layout is not None and layout.round == data.get("round") and family in FAMILIES["runs"]:
        shown = laid_over(layout, shown)
    if shown is rack:
        return data
    marked = {rack[i] for i in data.get("penalty_tiles") or ()}
    out = {**data, "rack": shown}
    if "penalty_tiles" in data:
        out["penalty_tiles"] = [i for i, t in enumerate(shown) if t is not None and t in marked]
    return out


def pairs_first(rack: list) -> list:
    """A rack (tile texts, None for a gap) with its pairs first, each pair followed by a
    gap, in the order the rack had them; the rest keeps its order and its gaps. Okeys ("*")
    are not paired: where one goes is the player's choice."""
    seen: dict[str, int] = {}
    for t in rack:
        if t is not None and t != "*":
            seen[t] = seen.get(t, 0) + 1
    pairs = [t for t, n in seen.items() if n >= 2]
    out: list = []
    for t in pairs:
        out += [t, t, None]
    taken = {t: 2 for t in pairs}
    for t in rack:
        if taken.get(t):
            taken[t] -= 1
        elif t is not None or (out and out[-1] is not None):
            out.append(t)
    while out and out[-1] is None:
        out.pop()
    return out


def _number_key(tile: str, okey: str | None = None) -> tuple:
    if tile == "F" and okey:  # a fake okey is the okey's tile (O4): it goes among those
        return (*_number_key(okey), 1)
    number = tile[1:]
    if len(tile) < 2 or not number.isdigit():  # *, J (wild) and a fake with no okey: last
        return (99, tile)
    return (int(number), _COLOURS.find(tile[0]))


def by_number(rack: list, okey: str | None = None) -> list:
    """A rack sorted by number, then colour, with a gap between numbers; wild tiles last,
    a fake okey with the tiles of the okey's number (`okey`, the tile it stands for)."""
    out: list = []
    prev = None
    for t in sorted((t for t in rack if t is not None), key=lambda t: _number_key(t, okey)):
        number = _number_key(t, okey)[0]
        if prev is not None and number != prev:
            out.append(None)
        out.append(t)
        prev = number
    return out


def order_named(words) -> str | None:
    """The order `/arrange` words name: its id, a word for it in one of the bot's
    languages ("çiftler", "जोड़ियाँ") or the phrase the bot shows for it; else None."""
    wanted = _plain(notation.without_end_mark(" ".join(words)))  # ("pairs." as typed)
    if wanted in ORDERS:
        return wanted
    named = {_plain(w): order for w, order in _ORDER_WORDS.items()}
    return (named | _shown_phrases()).get(wanted)


# Turkish letters as a keyboard without them types them ("sayiya gore", "ciftler")
_WITHOUT_TURKISH = str.maketrans("çğöşü", "cgosu")


def _plain(text: str) -> str:
    """`text` folded, its Turkish letters as plain ones, Hindi's without the nukta dot
    (जोडियाँ as जोड़ियाँ) and its words one space apart."""
    return " ".join(notation.loose(text).translate(_WITHOUT_TURKISH).split())


def order_words() -> list[str]:
    """Every one word that names an order: its id, and its words in the languages."""
    return [*ORDERS, *_ORDER_WORDS]


def _shown_phrases() -> dict[str, str]:
    """The phrases the bot names each order with, in every language, as people type them
    back: whole, without the bracket ("önce çiftler") and each part of it ("renge göre",
    "by number"); a part two orders share names neither."""
    found: dict[str, set] = {}
    for lang in i18n.LANGS:
        for order in ORDERS:
            shown = i18n.translate(lang, f"core.arrange.{order}")
            plain = re.sub(r"\s*\([^)]*\)", "", shown)
            for phrase in (shown, plain, *plain.split(",")):
                found.setdefault(_plain(phrase), set()).add(order)
    return {phrase: orders.pop() for phrase, orders in found.items() if len(orders) == 1}
