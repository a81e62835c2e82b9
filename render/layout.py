"""Layout shared by the pictures: fixed sizes for a phone-width canvas and row wrapping.

Pictures are at most WIDTH pixels wide (a phone screen at 3x) and stay readable when a
phone shows them 360 px wide: the smallest text is about 24 px here (8 px there).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

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


def wrap(widths: Sequence[int | None], max_width: int, gap: int, spacing: int,
         balance: bool = True) -> list[list[int]]:
    """Split items into rows no wider than max_width. An item of width None is a gap (a
    break between combinations): rows break at a gap when one is in the second half of
    the row, and gaps at the start or end of a row are dropped. Rows come out balanced
    (a 16-tile rack gives 8 + 8, not 14 + 2) unless `balance` is off. Returns rows of
    item indices."""

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

    def splits(rows: list[list[int]]) -> int:
        """Row breaks inside a combination (no gap between the rows)."""
        return sum(1 for a, b in zip(rows, rows[1:], strict=False)
                   if not any(widths[j] is None for j in range(a[-1] + 1, b[0])))

    rows = greedy(max_width)
    if len(rows) <= 1 or not balance:
        return rows
    total = sum(span(r, widths, gap, spacing) for r in rows)
    limit = total // len(rows)
    while limit < max_width:
        # narrower rows, as many, and no combination cut that the widest rows kept whole
        balanced = greedy(limit)
        if len(balanced) <= len(rows) and splits(balanced) <= splits(rows):
            return _no_lone_tail(balanced, widths, max_width, gap, spacing)
        limit += 8
    return _no_lone_tail(rows, widths, max_width, gap, spacing)


def _no_lone_tail(rows: list[list[int]], widths, max_width: int, gap: int,
                  spacing: int) -> list[list[int]]:
    """A last row of one or two items (a joker after four full colours) takes the previous
    row's last combination before it where that fits: rows of 13, 5 and 8 tiles, not 13,
    12 and 1."""
    while len(rows) >= 2 and len(rows[-1]) <= 2:
        last, before = rows[-1], rows[-2]
        cuts = [k for k, j in enumerate(before) if widths[j] is None]
        if not cuts:
            return rows
        moved = before[cuts[-1] + 1:]
        tail = [*moved, before[cuts[-1]], *last]  # the gap stays between the combinations
        if len(moved) <= len(last) or span(tail, widths, gap, spacing) > max_width:
            return rows
        rows = [*rows[:-2], before[:cuts[-1]], tail]
    return rows


def span(row: Sequence[int], widths: Sequence[int | None], gap: int, spacing: int) -> int:
    if not row:
        return 0
    return sum(gap if widths[i] is None else widths[i] for i in row) + spacing * (len(row) - 1)


def paste(canvas: Image.Image, sprite: Image.Image, x: int, y: int) -> None:
    canvas.paste(sprite, (int(x), int(y)), sprite)
