"""Layout shared by the pictures: fixed sizes for a phone-width canvas, row wrapping, and
small widgets (seat markers, count badges, meld numbers).

Pictures are at most WIDTH pixels wide (a phone screen at 3x) and stay readable when a
phone shows them 360 px wide: the smallest text is about 24 px here (8 px there).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .draw import font, stroke_for, text_centered, text_size, triangle_right
from .sprites import BACK, domino, tile
from .theme import Theme

WIDTH = 1080
MARGIN = 20
RACK_TILE = (72, 100)
TABLE_TILE = (50, 70)
ICON_TILE = (30, 42)
GAP_W = 28  # a gap between combinations on a rack
SPACING = 4  # between touching tiles
LABEL_H = 34  # the ledge under a rack row that carries the slot numbers
SMALL_TEXT = 26
TEXT = 32


def wrap(widths: Sequence[int | None], max_width: int, gap: int, spacing: int) -> list[list[int]]:
    """Split items into rows no wider than max_width. An item of width None is a gap (a
    break between combinations): rows break at a gap when one is in the second half of
    the row, and gaps at the start or end of a row are dropped. Rows come out balanced
    (a 16-tile rack gives 8 + 8, not 14 + 2). Returns rows of item indices."""

    def greedy(limit: int) -> list[list[int]]:
        rows: list[list[int]] = []
        cur: list[int] = []
        width = 0
        for i, w in enumerate(widths):
            iw = gap if w is None else w
            if not cur and w is None:
                continue
            add = iw + (spacing if cur else 0)
            if cur and width + add > limit and w is not None:
                gaps = [k for k, j in enumerate(cur) if widths[j] is None]
                cut = gaps[-1] if gaps and span(cur[:gaps[-1]], widths, gap, spacing) >= limit / 2 else None
                if cut is not None:
                    rows.append(cur[:cut])
                    cur = cur[cut + 1:]
                else:
                    rows.append(cur)
                    cur = []
                while cur and widths[cur[0]] is None:
                    cur.pop(0)
                width = span(cur, widths, gap, spacing)
                add = iw + (spacing if cur else 0)
            cur.append(i)
            width += add
        rows.append(cur)
        out = []
        for r in rows:
            while r and widths[r[-1]] is None:
                r.pop()
            if r:
                out.append(r)
        return out

    rows = greedy(max_width)
    if len(rows) <= 1:
        return rows
    total = sum(span(r, widths, gap, spacing) for r in rows)
    limit = total // len(rows)
    while limit < max_width:
        balanced = greedy(limit)
        if len(balanced) <= len(rows):
            return balanced
        limit += 8
    return rows


def span(row: Sequence[int], widths: Sequence[int | None], gap: int, spacing: int) -> int:
    if not row:
        return 0
    return sum(gap if widths[i] is None else widths[i] for i in row) + spacing * (len(row) - 1)


def paste(canvas: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    canvas.paste(sprite, (int(x), int(y)), sprite)


def seat_marker(d: ImageDraw.ImageDraw, theme: Theme, x: int, y: int, seat: int,
                turn: bool, size: int = 44) -> None:
    """A seat marker at (x, y) top-left: a disc with the seat's number (seat + 1). The seat
    to move gets the accent colour and a pointer in front of it (shape, not only colour)."""
    fill = theme.accent if turn else theme.seat
    ink = theme.accent_text if turn else theme.seat_text
    d.ellipse([x, y, x + size, y + size], fill=fill, outline=theme.board_edge, width=2)
    text_centered(d, x + size / 2, y + size / 2, str(seat + 1), int(size * 0.6), ink, bold=True)
    if turn:
        triangle_right(d, x - size * 0.55, y + size / 2, size * 0.5, theme.accent)


def count_badge(canvas: Image.Image, theme: Theme, x: int, y: int, count: int,
                icon: str = "tile", size: int = TEXT) -> int:
    """An icon (a face-down tile, a stack of them, a face-down domino, a crossed domino)
    followed by a number. Returns the width used."""
    d = ImageDraw.Draw(canvas)
    iw, ih = ICON_TILE
    if icon == "stack":
        for k in range(3):
            paste(canvas, tile(theme, BACK, iw, ih), x + k * 6, y + (2 - k) * 4 - 4)
        iw += 12
    elif icon in ("domino", "dead"):
        sp = domino(theme, 0, 0, ih // 2 + 6, back=True)
        top = y + (ih - sp.height) // 2
        paste(canvas, sp, x, top)
        if icon == "dead":  # a dead tile (D6): crossed out
            q = sp.height * 0.3
            for x0, x1 in ((-q, q), (q, -q)):
                d.line([(x + sp.width / 2 + x0, top + sp.height / 2 - q),
                        (x + sp.width / 2 + x1, top + sp.height / 2 + q)],
                       fill=theme.penalty, width=4)
        iw = sp.width
    else:
        paste(canvas, tile(theme, BACK, iw, ih), x, y)
    text = str(count)
    tw, _ = text_size(text, size, bold=True)
    d.text((x + iw + 8, y + ih / 2), text, font=font(size), fill=theme.text, anchor="lm",
           stroke_width=stroke_for(size), stroke_fill=theme.text)
    return iw + 8 + tw


def number_badge(d: ImageDraw.ImageDraw, theme: Theme, x: int, y: int, n: int, h: int) -> int:
    """A meld's number (what `add ... to <n>` refers to) on a rounded tag. Returns width."""
    size = int(h * 0.62)
    tw, _ = text_size(str(n), size, bold=True)
    w = max(h, tw + 16)
    d.rounded_rectangle([x, y, x + w, y + h], radius=h // 4, fill=theme.text)
    text_centered(d, x + w / 2, y + h / 2, str(n), size, theme.background, bold=True)
    return w
