"""Cached tile pictures (sprites): drawn once at SS x size for smooth edges, then pasted.

Okey/Rummikub tiles are cream with the number in the tile's colour and a small dot (or, in
the colour-blind theme, the colour's shape) under it. The okey (`*`) is a gold star with
the okey's identity small; a fake okey (`F`) is a clover emblem with its identity small;
a Rummikub joker (`J`) is a smiling face. Dominoes are ivory with pips.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rules.tiles import FAKE, WILD, colour_of, number_of

from .draw import SS, cross, downsample, plus, shape, star, text_centered, warning
from .theme import Theme

BACK = -1  # a face-down tile


def _darker(c, k: float = 0.75):
    return tuple(int(v * k) for v in c[:3])


def _tile_body(theme: Theme, w: int, h: int, face) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """An empty tile at SS scale: the edge band below and the face on top. Returns the face
    height (in SS pixels) so contents can be laid out on it."""
    W, H = w * SS, h * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = int(W * 0.14)
    d.rounded_rectangle([0, 0, W - 1, H - 1], radius=r, fill=_darker(theme.tile_edge, 0.8))
    fh = int(H * 0.93)
    d.rounded_rectangle([SS, SS, W - 1 - SS, fh], radius=r, fill=face,
                        outline=_darker(theme.tile_edge, 0.9), width=SS)
    return img, d, fh


def _identity(d: ImageDraw.ImageDraw, theme: Theme, kind: int, cx: float, cy: float,
              size: int) -> None:
    """The small tile a fake okey or okey stands for: its number in its colour (+ shape)."""
    col = theme.colours[colour_of(kind)]
    text = str(number_of(kind))
    if theme.shapes:
        text_centered(d, cx - size * 0.28, cy, text, size, col, bold=True)
        shape(d, colour_of(kind), cx + size * 0.55, cy, size * 0.24, col)
    else:
        text_centered(d, cx, cy, text, size, col, bold=True)


def _clover(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    q = r * 0.5
    for dx, dy in ((0, -q), (q, 0), (0, q), (-q, 0)):
        d.ellipse([cx + dx - q, cy + dy - q, cx + dx + q, cy + dy + q], fill=fill)
    d.polygon([(cx, cy), (cx + r * 0.25, cy + r * 1.25), (cx + r * 0.05, cy + r * 1.3)],
              fill=fill)


def _joker(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill) -> None:
    lw = max(2, int(r * 0.16))
    d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=fill, width=lw)
    e = r * 0.16
    for ex in (cx - r * 0.38, cx + r * 0.38):
        d.ellipse([ex - e, cy - r * 0.3 - e, ex + e, cy - r * 0.3 + e], fill=fill)
    d.arc([cx - r * 0.6, cy - r * 0.45, cx + r * 0.6, cy + r * 0.6], 20, 160, fill=fill, width=lw)


@lru_cache(maxsize=4096)
def tile(theme: Theme, code: int, w: int, h: int, family: str = "okey",
         identity: int | None = None, penalty: bool = False, new: bool = False) -> Image.Image:
    """One tile, w x h, RGBA. `code`: 0..51, WILD, FAKE or BACK. `identity` is the okey's
    kind, shown small on a fake okey and on an okey. `penalty` adds the O28 mark; `new`
    marks a tile just put on the table (an accent frame and foot)."""
    face = theme.tile_back if code == BACK else theme.tile_face
    img, d, fh = _tile_body(theme, w, h, face)
    W, H = w * SS, h * SS
    cx = W / 2
    if code == BACK:
        r = W * 0.22
        d.polygon([(cx, fh / 2 - r), (cx + r, fh / 2), (cx, fh / 2 + r), (cx - r, fh / 2)],
                  outline=theme.tile_back_mark, width=max(SS, int(W * 0.04)))
    elif 0 <= code < 52:
        col = theme.colours[colour_of(code)]
        size = int(h * SS * (0.46 if number_of(code) < 10 else 0.42))
        ny = fh * (0.40 if theme.shapes or h >= 60 else 0.42)
        text_centered(d, cx, ny, str(number_of(code)), size, col, bold=True)
        if theme.shapes:
            shape(d, colour_of(code), cx, fh * 0.79, W * 0.16, col)
        else:  # a ring, like real tiles (a filled dot under a 1 would read as "!")
            r = W * 0.085
            d.ellipse([cx - r, fh * 0.79 - r, cx + r, fh * 0.79 + r], outline=col,
                      width=max(SS, int(W * 0.035)))
    elif code == WILD and family == "rummikub":
        _joker(d, cx, fh * 0.45, W * 0.32, theme.joker)
    elif code == WILD:
        d.rounded_rectangle([SS * 3, SS * 3, W - 1 - SS * 3, fh - SS * 2], radius=int(W * 0.12),
                            outline=theme.okey, width=max(SS, int(W * 0.05)))
        sy = fh * (0.38 if identity is not None else 0.5)
        star(d, cx, sy, W * 0.33, theme.okey, outline=_darker(theme.okey, 0.7), width=SS)
    elif code == FAKE:
        _clover(d, cx, fh * 0.32, W * 0.27, theme.fake)
    else:
        raise ValueError(f"no such tile code {code}")
    if code in (WILD, FAKE) and family == "okey" and identity is not None:
        _identity(d, theme, identity, cx, fh * 0.80, int(h * SS * 0.22))
    if penalty:
        # bottom-right, clear of the number and of the colour dot/shape in the middle; with
        # shapes as colour cues a triangle would read as a red tile's: a cross instead
        mark = cross if theme.shapes else warning
        # an okey's (or fake's) identity, number and colour shape, sits bottom-right: the
        # mark goes top-right there, clear of it and of the star
        my = fh * 0.16 if code in (WILD, FAKE) and identity is not None else fh * 0.8
        if code == BACK and mark is warning:
            # the red triangle is lost on the back (1.2:1): it sits on a disc of the face
            r = W * 0.2
            d.ellipse([W * 0.83 - r, my - 0.03 * fh - r, W * 0.83 + r, my - 0.03 * fh + r],
                      fill=theme.tile_face)
        mark(d, W * 0.83, my, W * 0.13, theme.penalty, theme.tile_face)
        d.rounded_rectangle([0, fh, W - 1, H - 1], radius=int(W * 0.1), fill=theme.penalty)
    if new:  # a frame and foot in the accent colour, and a plus (a shape, not only colour)
        d.rounded_rectangle([0, 0, W - 1, H - 1], radius=int(W * 0.12), outline=theme.accent,
                            width=max(SS, int(W * 0.06)))
        d.rounded_rectangle([0, fh, W - 1, H - 1], radius=int(W * 0.1), fill=theme.accent)
        px, py, r = W * 0.85, fh * 0.11, W * 0.12
        d.ellipse([px - r, py - r, px + r, py + r], fill=theme.accent, outline=theme.accent_text,
                  width=SS)
        plus(d, px, py, r * 0.55, max(SS, int(r * 0.3)), theme.accent_text)
    return downsample(img, w, h)


# Pip places on a 3 x 3 grid of one domino half, (column, row).
_PIPS = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    7: ((0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)),
    8: ((0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    9: tuple((c, r) for r in range(3) for c in range(3)),
}


@lru_cache(maxsize=512)
def domino(theme: Theme, a: int, b: int, unit: int, vertical: bool = False,
           back: bool = False, dim: bool = False) -> Image.Image:
    """A domino [a|b]: 2*unit x unit (a on the left), or unit x 2*unit (a on top)."""
    if not (0 <= a <= 9 and 0 <= b <= 9):
        raise ValueError(f"no such domino {a}-{b}")
    U = unit * SS
    img = Image.new("RGBA", (2 * U, U), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = int(U * 0.14)
    d.rounded_rectangle([0, 0, 2 * U - 1, U - 1], radius=r, fill=_darker(theme.tile_edge, 0.8))
    face = theme.tile_back if back else theme.tile_face
    d.rounded_rectangle([SS, SS, 2 * U - 1 - SS, U - 1 - SS * 3], radius=r, fill=face,
                        outline=_darker(theme.tile_edge, 0.9), width=SS)
    if back:
        q, cy = U * 0.22, (U - SS * 3) / 2
        d.polygon([(U - q, cy), (U, cy - q), (U + q, cy), (U, cy + q)],
                  outline=theme.tile_back_mark, width=max(SS, U // 20))
    else:
        fh = U - SS * 3
        d.line([(U, fh * 0.12), (U, fh * 0.88)], fill=_darker(theme.tile_edge, 0.7),
               width=max(SS, U // 30))
        pr = U * 0.085
        for half, n in ((0, a), (1, b)):
            for c, row in _PIPS[n]:
                x = half * U + U * (0.25 + 0.25 * c)
                y = fh * (0.25 + 0.25 * row)
                d.ellipse([x - pr, y - pr, x + pr, y + pr], fill=theme.pip)
    out = downsample(img, 2 * unit, unit)
    if vertical:
        out = out.transpose(Image.Transpose.ROTATE_90)  # a ends up on the bottom
        out = out.transpose(Image.Transpose.FLIP_TOP_BOTTOM)  # a on top
    if dim:
        out.putalpha(out.getchannel("A").point(lambda v: v * 45 // 100))
    return out

