"""Building blocks of the table pictures: count badges, seat rows, numbered meld blocks,
flowing blocks into rows, and stacking parts into one phone-width picture.

Small widgets are cached sprites; blocks are display lists (`canvas.Layer`) so every sprite
is pasted once onto the final canvas."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .canvas import Layer, block, rrect
from .draw import cross, text_centered, text_size, triangle_right, warning
from .layout import ICON_TILE, MARGIN, SPACING, TABLE_TILE, TEXT, WIDTH, paste, wrap
from .sprites import BACK, domino, tile
from .theme import Theme

PANEL_PAD = 14
SEAT = 48  # seat marker diameter
DEAD_RIM = 2  # the light rim around the dead-tile cross


def _rgba(w: int, h: int) -> Image.Image:
    return Image.new("RGBA", (max(1, w), max(1, h)), (0, 0, 0, 0))


@lru_cache(maxsize=512)
def badge(theme: Theme, icon: str, count: int | str, size: int = TEXT) -> Image.Image:
    """An icon followed by a number. Icons: "tile" (a face-down tile: tiles in a hand),
    "stack" (the pile), "domino" (a face-down domino: a hand), "domino_stack" (the tiles
    left in the middle, D1), "dead" (a crossed-out domino, D6)."""
    iw, ih = ICON_TILE
    text = str(count)
    tw, _ = text_size(text, size, bold=True)
    dominoes = icon in ("domino", "domino_stack", "dead")
    stacked = icon in ("stack", "domino_stack")
    sp = domino(theme, 0, 0, ih // 2 + 6, back=True) if dominoes else tile(theme, BACK, iw, ih)
    icon_w = sp.width + (12 if stacked else 0)
    img = _rgba(icon_w + 8 + tw + 2, ih + 8)
    d = ImageDraw.Draw(img)
    top = (ih + 8 - sp.height) // 2
    if stacked:
        for k in range(3):
            paste(img, sp, k * 6, top + 4 - k * 4)
    else:
        paste(img, sp, 0, top)
    if icon == "dead":
        # centred on the back's face (the domino's edge shows below it)
        q, cx, cy = sp.height * 0.23, sp.width / 2, top + (sp.height - 3) / 2
        # red on the teal or blue back is barely 1.2:1: a rim of the tile face under the
        # cross (also past its ends) sets it off in every theme
        for grow, colour, width in ((DEAD_RIM, theme.tile_face, 4 + 2 * DEAD_RIM),
                                    (0, theme.penalty, 4)):
            e = q + grow
            d.line([(cx - e, cy - e), (cx + e, cy + e)], fill=colour, width=width)
            d.line([(cx - e, cy + e), (cx + e, cy - e)], fill=colour, width=width)
    text_centered(d, icon_w + 8, (ih + 8) / 2, text, size, theme.text, bold=True, anchor="lm")
    return img


@lru_cache(maxsize=512)
def threshold_badge(theme: Theme, value: int, pairs: bool = False, size: int = TEXT) -> Image.Image:
    """An opening threshold: an up arrow over a bar, then the number (a pair of tiles in front
    for the pairs limit)."""
    text = str(value)
    tw, _ = text_size(text, size, bold=True)
    lead = 34 if pairs else 0
    img = _rgba(lead + 36 + tw + 2, ICON_TILE[1] + 8)
    d = ImageDraw.Draw(img)
    h = img.height
    if pairs:
        sp = tile(theme, BACK, 15, 22)
        paste(img, sp, 0, (h - 22) // 2)
        paste(img, sp, 16, (h - 22) // 2)
    x = lead
    d.rectangle([x + 2, h - 12, x + 28, h - 8], fill=theme.text)
    d.polygon([(x + 15, 6), (x + 27, 20), (x + 19, 20), (x + 19, h - 16), (x + 11, h - 16),
               (x + 11, 20), (x + 3, 20)], fill=theme.text)
    text_centered(d, x + 36, h / 2, text, size, theme.text, bold=True, anchor="lm")
    return img


@lru_cache(maxsize=512)
def penalty_badge(theme: Theme, points: int, size: int = TEXT) -> Image.Image:
    """Penalties a seat paid this round (O17-O21, Y11, Y16, Y17; Y19: shown as they
    happen): the penalty-tile mark (a cross where triangles are tile shapes) and +points."""
    text = f"+{points}"
    tw, _ = text_size(text, size, bold=True)
    h = ICON_TILE[1] + 8
    r = h * 0.3
    img = _rgba(int(2.4 * r) + 8 + tw + 2, h)
    d = ImageDraw.Draw(img)
    mark = cross if theme.shapes else warning
    mark(d, 1.2 * r, h / 2, r, theme.penalty, theme.tile_face)
    text_centered(d, 2.4 * r + 8, h / 2, text, size, theme.text, bold=True, anchor="lm")
    return img


@lru_cache(maxsize=512)
def seat_disc(theme: Theme, seat: int, turn: bool, size: int = SEAT) -> Image.Image:
    """A seat marker: a disc with seat + 1. The seat to move gets the accent colour and a
    pointer in front (a shape, so colour is not the only cue)."""
    lead = int(size * 0.6)
    img = _rgba(lead + size + 2, size + 2)
    d = ImageDraw.Draw(img)
    fill = theme.accent if turn else theme.seat
    ink = theme.accent_text if turn else theme.seat_text
    # a ring (unlike the square meld-number tags) makes it a token
    d.ellipse([lead, 0, lead + size, size], fill=fill, outline=theme.seat_text, width=3)
    text_centered(d, lead + size / 2, size / 2, str(seat + 1), int(size * 0.6), ink, bold=True)
    if turn:
        triangle_right(d, 2, size / 2, size * 0.55, theme.accent)
    return img


def hstack(parts: Sequence[Layer | Image.Image], gap: int = 10) -> Layer:
    """Parts side by side, vertically centred."""
    parts = [block(p) for p in parts]
    w = sum(p.width for p in parts) + gap * max(0, len(parts) - 1)
    out = Layer(w, max((p.height for p in parts), default=1))
    x = 0
    for p in parts:
        out.place(p, x, (out.height - p.height) // 2)
        x += p.width + gap
    return out


def seat_row(cells: Sequence[Layer], width: int) -> Layer:
    """Seat cells spread evenly across `width`, wrapping to more rows when they do not fit."""
    n = len(cells)
    per_row = n
    while per_row > 1 and per_row * max(c.width for c in cells) + (per_row - 1) * 12 > width:
        per_row = (per_row + 1) // 2 if per_row > 3 else per_row - 1
    rows = [cells[i:i + per_row] for i in range(0, n, per_row)]
    cell_w = width // per_row
    widest = max(c.width for c in cells)
    row_h = max(c.height for c in cells)
    out = Layer(width, len(rows) * row_h + (len(rows) - 1) * 10)
    for r, row in enumerate(rows):
        for k, c in enumerate(row):
            # columns of left-aligned cells, the widest one centred in its column
            x = k * cell_w + max(0, (cell_w - widest) // 2) if per_row > 1 else 0
            out.place(c, x, r * (row_h + 10) + (row_h - c.height) // 2)
    return out


@lru_cache(maxsize=512)
def empty_slot(theme: Theme, w: int, h: int) -> Image.Image:
    """Where a tile would be (no discard yet): a dashed-looking outline."""
    img = _rgba(w, h)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([1, 1, w - 2, h - 2], radius=w // 7, outline=theme.muted, width=3)
    return img


def meld_block(theme: Theme, n: int | None, tiles: Sequence[int], family: str = "okey",
               identity: int | None = None, size: tuple[int, int] = TABLE_TILE,
               provisional: bool = False, new: Sequence[bool] = ()) -> Layer:
    """A meld: its number on a tag (what `add ... to <n>` refers to), then its tiles;
    `new[i]` marks tile i as just laid."""
    tw, th = size
    tag = _tag(theme, n, th, provisional) if n is not None else None
    tag_w = tag.width + 6 if tag is not None else 0
    out = Layer(tag_w + len(tiles) * (tw + SPACING) - SPACING, th)
    if tag is not None:
        out.sprite(tag, 0, (th - tag.height) // 2)
    x = tag_w
    for i, t in enumerate(tiles):
        ident = identity if t >= 53 else None  # a fake okey shows what it plays as
        fresh = i < len(new) and new[i]
        out.sprite(tile(theme, t, tw, th, family=family, identity=ident, new=fresh), x, 0)
        x += tw + SPACING
    return out


@lru_cache(maxsize=512)
def _tag(theme: Theme, n: int, tile_h: int, provisional: bool = False) -> Image.Image:
    """The meld's number on a dark tag; a provisional meld (Y7: it may still go back to the
    rack) gets a hollow tag in the accent colour instead."""
    size = int(tile_h * 0.46)
    text = str(n)
    tw, _ = text_size(text, size, bold=True)
    h = int(tile_h * 0.62)
    w = max(h, tw + 14)
    img = _rgba(w, h)
    d = ImageDraw.Draw(img)
    if provisional:
        d.rounded_rectangle([0, 0, w - 1, h - 1], radius=h // 4, outline=theme.accent, width=4)
        text_centered(d, w / 2, h / 2, text, size, theme.accent, bold=True)
    else:
        d.rounded_rectangle([0, 0, w - 1, h - 1], radius=h // 4, fill=theme.board_edge)
        text_centered(d, w / 2, h / 2, text, size, theme.text, bold=True)
    return img


def flow(blocks: Sequence[Layer], width: int, hgap: int = 22, vgap: int = 12) -> Layer:
    """Blocks left to right, wrapped into rows no wider than `width`."""
    if not blocks:
        return Layer(1, 1)
    rows = wrap([b.width for b in blocks], width, 0, hgap, balance=False)
    heights = [max(blocks[i].height for i in r) for r in rows]
    out = Layer(width, sum(heights) + vgap * (len(rows) - 1))
    y = 0
    for r, h in zip(rows, heights, strict=True):
        x = 0
        for i in r:
            out.place(blocks[i], x, y + (h - blocks[i].height) // 2)
            x += blocks[i].width + hgap
        y += h + vgap
    return out


def panel(theme: Theme, content: Layer | Image.Image, lead: Layer | Image.Image | None = None,
          highlight: bool = False) -> Layer:
    """Content on a rounded board, with an optional lead (a seat marker) on its left."""
    content = block(content)
    lead_w = lead.width + 12 if lead is not None else 0
    w = WIDTH - 2 * MARGIN
    h = max(content.height, lead.height if lead is not None else 0) + 2 * PANEL_PAD
    out = Layer(w, h)
    out.draw(rrect(w, h, 16, fill=theme.board,
                   outline=theme.accent if highlight else theme.board_edge,
                   width=4 if highlight else 2))
    if lead is not None:
        out.place(lead, PANEL_PAD, PANEL_PAD)
    out.place(content, PANEL_PAD + lead_w, PANEL_PAD)
    return out


def inner_width(lead: Layer | Image.Image | None = None) -> int:
    """The content width available inside a panel."""
    return WIDTH - 2 * MARGIN - 2 * PANEL_PAD - (lead.width + 12 if lead is not None else 0)


def vstack(theme: Theme, parts: Sequence[Layer], gap: int = 12) -> Image.Image:
    """Panels one under another on the theme background: the finished picture."""
    col = column(parts, gap)
    out = Layer(col.width + 2 * MARGIN, col.height + 2 * MARGIN)
    out.place(col, MARGIN, MARGIN)
    return out.render(theme.background)


def column(parts: Sequence[Layer | Image.Image], gap: int = 14) -> Layer:
    """Parts one under another, left-aligned."""
    parts = [block(p) for p in parts]
    out = Layer(max(p.width for p in parts), sum(p.height for p in parts) + gap * (len(parts) - 1))
    y = 0
    for p in parts:
        out.place(p, 0, y)
        y += p.height + gap
    return out
