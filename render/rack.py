"""A player's rack: tiles in the player's own order, gaps kept, rows wrapped for a phone,
a ledge under each row carrying the slot numbers, and an optional panel on the left
(the okey indicator)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from .draw import plus, text_centered
from .layout import GAP_W, LABEL_H, MARGIN, SMALL_TEXT, SPACING, WIDTH, paste, span, wrap
from .theme import Theme

PAD = 12  # board padding around the tiles


def compose_rack(theme: Theme, items: Sequence[Image.Image | None],
                 labels: Sequence[str | None], side: Image.Image | None = None,
                 gap: int = GAP_W, spacing: int = SPACING,
                 row_width: int | None = None, label_fill=None) -> Image.Image:
    """Lay out sprites (None = a gap between combinations) in rows on a board. `labels[i]`
    is printed on the ledge under item i ("+" is drawn: the font's is thin), muted unless
    `label_fill` says otherwise. `side` is pasted left of the first row. `row_width`: rows
    no wider (a narrower picture shows its items bigger on a phone)."""
    label_fill = label_fill or theme.muted
    tile_h = max((s.height for s in items if s is not None), default=100)
    side_w = side.width + PAD if side is not None else 0
    avail = WIDTH - 2 * MARGIN - 2 * PAD - side_w
    if row_width is not None:
        avail = min(avail, row_width)
    widths = [None if s is None else s.width for s in items]
    rows = wrap(widths, avail, gap, spacing) or [[]]
    row_h = tile_h + LABEL_H
    row_pitch = row_h + PAD
    row_widths = [span(r, widths, gap, spacing) for r in rows]
    inner_w = max(row_widths + [tile_h // 2])
    body_h = len(rows) * row_pitch - PAD
    if side is not None:
        body_h = max(body_h, side.height)
    w = 2 * MARGIN + 2 * PAD + side_w + inner_w
    h = 2 * MARGIN + 2 * PAD + body_h
    img = Image.new("RGB", (w, h), theme.background)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([MARGIN, MARGIN, w - MARGIN, h - MARGIN], radius=18, fill=theme.board)
    x0 = MARGIN + PAD + side_w
    if side is not None:
        paste(img, side, MARGIN + PAD, MARGIN + PAD)
    for r, row in enumerate(rows):
        y = MARGIN + PAD + r * row_pitch
        # the ledge the tiles stand on (two tiers like a real okey rack)
        d.rounded_rectangle([x0 - 6, y + tile_h - 6, x0 + inner_w + 6, y + row_h],
                            radius=8, fill=theme.board_edge)
        x = x0
        for i in row:
            sprite = items[i]
            if sprite is None:
                x += gap + spacing
                continue
            paste(img, sprite, x, y)
            if labels[i] == "+":
                # as tall as a label's capitals
                plus(d, x + sprite.width / 2, y + tile_h + LABEL_H / 2 - 2, 9, 4, label_fill)
            elif labels[i]:
                text_centered(d, x + sprite.width / 2, y + tile_h + LABEL_H / 2 - 2, labels[i],
                              SMALL_TEXT, label_fill, bold=True)
            x += sprite.width + spacing
    return img


def tile_labels(slots: Sequence[object | None], numbers: Sequence[int | None] | None = None
                ) -> list[str | None]:
    """Slot numbers: by default tiles are numbered 1, 2, ... in rack order, gaps skipped."""
    if numbers is not None:
        return [None if n is None else str(n) for n in numbers]
    out: list[str | None] = []
    n = 0
    for s in slots:
        if s is None:
            out.append(None)
        else:
            n += 1
            out.append(str(n))
    return out
