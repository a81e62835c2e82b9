"""Dominoes pictures: the line of play and a player's hand.

The line snakes on a phone-shaped canvas: the first row runs left to right, the next right
to left, and so on, each tile drawn so that touching halves stay side by side; at a turn the
two tiles sit one above the other with matching halves. Doubles stand across the line as on
a real table. Both open ends are ringed in the accent colour and tagged L and R (the words
`left` / `right` of the play command).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .canvas import Layer, rrect
from .canvas import line as segment
from .draw import picture, plus, text_centered
from .rack import compose_rack
from .sprites import domino
from .table import (
    badge,
    column,
    hstack,
    inner_width,
    panel,
    seat_disc,
    seat_row,
    vstack,
)
from .theme import Theme, get_theme

LINE_UNIT = 54  # a line tile is 2u x u (a double u x 2u)
HAND_UNIT = 66
TAG = 40  # the L / R tags
STEP = 4  # between tiles in the line
NEW_BADGE = 28  # the last move's tile


@lru_cache(maxsize=64)
def _tag(theme: Theme, letter: str) -> Image.Image:
    img = Image.new("RGBA", (TAG, TAG), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([0, 0, TAG - 1, TAG - 1], fill=theme.accent)
    text_centered(d, TAG / 2, TAG / 2, letter, 26, theme.accent_text, bold=True)
    return img


def _place(line: Sequence[tuple[int, int]], width: int, u: int, side: int
           ) -> list[tuple[int, int, bool]]:
    """(x, row, right_to_left) of each tile. A row turns where the previous one ended, so the
    two tiles at a turn sit one above the other."""
    out = []
    row, rtl = 0, False
    x = side  # LTR: the next tile's left edge; RTL: the next tile's right edge
    for a, b in line:
        w = u if a == b else 2 * u
        fits = x + w <= width - side if not rtl else x - w >= side
        if out and not fits:
            prev_x, _, _ = out[-1]
            prev_w = u if line[len(out) - 1][0] == line[len(out) - 1][1] else 2 * u
            row, rtl = row + 1, not rtl
            # start under the turning tile's outer edge
            x = prev_x + prev_w if rtl else prev_x
        left = x - w if rtl else x
        out.append((left, row, rtl))
        x = left - STEP if rtl else left + w + STEP
    return out


def _new_badge(theme: Theme) -> Image.Image:
    """An accent disc with a plus: the tile the last move laid."""
    img = Image.new("RGBA", (NEW_BADGE, NEW_BADGE), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([0, 0, NEW_BADGE - 1, NEW_BADGE - 1], fill=theme.accent,
              outline=theme.accent_text, width=2)
    plus(d, NEW_BADGE / 2, NEW_BADGE / 2, NEW_BADGE * 0.28, 3, theme.accent_text)
    return img


def line_image(theme: Theme, line: Sequence[tuple[int, int]], width: int,
               u: int = LINE_UNIT, highlight: bool = True, newest: int | None = None) -> Layer:
    """The snaking line, `width` wide; `newest`: the index of the tile the last move laid
    (0 or the last), badged."""
    side = TAG + 10
    places = _place(line, width, u, side)
    rows = places[-1][1] + 1 if places else 1
    row_h = 2 * u
    out = Layer(width, rows * (row_h + 14) - 14)
    spots = []
    for (a, b), (x, row, rtl) in zip(line, places, strict=True):
        if a == b:
            sp = domino(theme, a, b, u, vertical=True)
        else:  # right to left: drawn reversed so touching halves stay side by side
            sp = domino(theme, b, a, u) if rtl else domino(theme, a, b, u)
        y = row * (row_h + 14) + (row_h - sp.height) // 2
        if spots and spots[-1][4] != rtl:  # a turn: join the matching halves
            px, py, pw, ph, _ = spots[-1]
            jx = px + pw - u / 2 if rtl else px + u / 2
            out.draw(segment([(jx, py + ph), (jx, y)], theme.muted, 6))
        spots.append((x, y, sp.width, sp.height, rtl))
        out.sprite(sp, x, y)
    if highlight and line:
        for i, letter in ((0, "L"), (len(line) - 1, "R")):
            x, y, w, h, rtl = spots[i]
            out.draw(rrect(w + 8, h + 8, 12, outline=theme.accent, width=5), x - 4, y - 4)
            # beside the open half: row 0 runs left to right, so L is always on the left;
            # R is on the right unless the last row runs right to left
            tx = x - TAG - 8 if (letter == "L" or rtl) else x + w + 8
            out.sprite(_tag(theme, letter), tx, y + (h - TAG) // 2)
    if newest is not None and line:
        x, y, w, h, _ = spots[newest]
        # centred just off the corner: the corner pips (for 2 to 9) stay clear of it
        out.sprite(_new_badge(theme), x + w - NEW_BADGE // 2 + 2, y - NEW_BADGE // 2 - 2)
    return out


@picture
def render_domino_line(line: Sequence[Sequence[int]], ends: Sequence[int] | None = None,
                       dead_counts: Sequence[int] | None = None,
                       hand_counts: Sequence[int] | None = None, turn_seat: int | None = None,
                       middle_count: int = 0, theme: str | Theme = "default",
                       seats: int | None = None, newest: str | None = None) -> bytes:
    """The dominoes table as PNG bytes: per seat its hand count and dead-tile count (D6),
    the tiles left in the middle (D1, five players), and the line with both open ends
    marked. `line` is left to right with touching halves equal; `ends` is accepted for
    symmetry with the view (the ends are the line's outer halves). `newest`: the end the
    last move laid a tile at ("left" or "right"), badged."""
    th = get_theme(theme)
    n = seats if seats is not None else len(hand_counts or dead_counts or ()) or 4
    cells = []
    for s in range(n):
        row = [seat_disc(th, s, s == turn_seat)]
        if hand_counts is not None:
            row.append(badge(th, "domino", hand_counts[s]))
        if dead_counts is not None and dead_counts[s]:
            row.append(badge(th, "dead", dead_counts[s]))
        cells.append(hstack(row, gap=12))
    head = [seat_row(cells, inner_width())]
    if middle_count:
        head.insert(0, badge(th, "domino_stack", middle_count))
    parts = [panel(th, column(head))]
    tiles = [(int(t[0]), int(t[1])) for t in line]
    if tiles:
        at = {"left": 0, "right": len(tiles) - 1}.get(newest or "")
        parts.append(panel(th, line_image(th, tiles, inner_width(), newest=at)))
    else:
        parts.append(panel(th, _empty_line(th, inner_width())))
    return vstack(th, parts), th


def _empty_line(theme: Theme, width: int) -> Layer:
    """No tile played yet: an outlined place in the middle."""
    u = LINE_UNIT
    out = Layer(width, 2 * u)
    out.draw(rrect(2 * u, u, 10, outline=theme.muted, width=3), (width - 2 * u) // 2, u // 2)
    return out


@picture
def render_domino_hand(hand: Sequence[Sequence[int]], dead: Sequence[Sequence[int]] = (),
                       playable: Mapping[int, str] | None = None,
                       theme: str | Theme = "default") -> bytes:
    """A player's dominoes as PNG bytes. `playable` maps hand indices to where the tile can
    go ("L", "R" or "L R"), printed under it; the player's own dead tiles (D6) follow after
    a gap, dimmed."""
    th = get_theme(theme)
    items: list[Image.Image | None] = [domino(th, int(a), int(b), HAND_UNIT) for a, b in hand]
    labels: list[str | None] = [(playable or {}).get(i) for i in range(len(hand))]
    if dead:
        items.append(None)
        labels.append(None)
        for a, b in dead:
            items.append(domino(th, int(a), int(b), HAND_UNIT, dim=True))
            labels.append(None)
    # four to a row: a hand of seven as 4 + 3 shows each tile twice as big on a phone as
    # one long strip
    width = max((s.width for s in items if s is not None), default=0)
    # where a tile can go is what the player acts on: in the text colour, not muted
    return compose_rack(th, items, labels, gap=36, spacing=10, row_width=4 * width + 30,
                        label_fill=th.text), th

