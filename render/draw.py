"""Drawing primitives shared by every picture: fonts, text, shapes, PNG encoding.

Only Pillow's built-in font is used (digits and a few ASCII letters); everything else
(stars, arrows, icons) is drawn as polygons, so no system font is needed.
"""

from __future__ import annotations

import functools
import io
import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter, ImageFont

# Telegram refuses photos with width + height > 10000 or a side ratio > 20.
MAX_SUM = 10000
MAX_RATIO = 20
PNG_LEVEL = 3  # zlib level: 4 costs ~50% more time for ~8% smaller files, 6 over twice
SS = 3  # supersampling factor for cached sprites (smooth edges once, pasted many times)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    mask, _ = _text_mask(text, size, bold, "mm")
    return mask.width - 2 * _PAD, mask.height - 2 * _PAD


def bold_radius(size: int) -> int:
    return max(1, round(size / 34))


def text_centered(draw: ImageDraw.ImageDraw, cx: float, cy: float, text: str, size: int,
                  fill, bold: bool = False, anchor: str = "mm") -> None:
    """Draw `text` at (cx, cy): centred on it by default, or by a Pillow anchor ("lm" puts
    the left middle there, "rm" the right middle)."""
    mask, (ox, oy) = _text_mask(text, size, bold, anchor)
    draw.bitmap((round(cx + ox), round(cy + oy)), mask, fill=fill)


_PAD = 2


@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The text's coverage mask and its offset from the anchor point. The built-in font has
    no bold face: bold blurs the mask and cuts it again, a round dilation (FreeType's
    stroker leaves notches in the curves of 5, 6 and 9)."""
    f = font(size)
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    k = bold_radius(size) if bold else 0
    pad = 3 * k + 3  # room for the blur
    mask = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, font=f, fill=255, anchor=anchor)
    if k:
        mask = mask.filter(ImageFilter.GaussianBlur(k)).point(_THICKEN)
    # trim to the ink plus a fixed margin, so sizes measure the bold ink
    box = mask.getbbox() or (0, 0, 1, 1)
    box = (box[0] - _PAD, box[1] - _PAD, box[2] + _PAD, box[3] + _PAD)
    return mask.crop(box), (left - pad + box[0], top - pad + box[1])


# blurred coverage -> solid ink: 30 and below is paper, 90 and above full ink
_THICKEN = [max(0, min(255, (v - 30) * 255 // 60)) for v in range(256)]


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill,
         outline=None, width: int = 0, points: int = 5) -> None:
    pts = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    draw.polygon(pts, fill=fill, outline=outline, width=width)


def shape(draw: ImageDraw.ImageDraw, kind: int, cx: float, cy: float, r: float, fill) -> None:
    """The colour-blind cue of colour `kind`: 0 triangle, 1 square, 2 circle, 3 diamond."""
    if kind == 0:
        draw.polygon([(cx, cy - r), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)],
                     fill=fill)
    elif kind == 1:
        q = r * 0.85
        draw.rectangle([cx - q, cy - q, cx + q, cy + q], fill=fill)
    elif kind == 2:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
    else:
        draw.polygon([(cx, cy - r * 1.2), (cx + r, cy), (cx, cy + r * 1.2), (cx - r, cy)],
                     fill=fill)


def triangle_right(draw: ImageDraw.ImageDraw, x: float, cy: float, h: float, fill) -> None:
    """A pointer (the turn marker) with its tip at (x + h * 0.9, cy)."""
    draw.polygon([(x, cy - h / 2), (x + h * 0.9, cy), (x, cy + h / 2)], fill=fill)


def warning(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, mark) -> None:
    """A warning triangle with an exclamation bar: the penalty-tile mark (O28)."""
    draw.polygon([(cx, cy - r), (cx + r * 1.05, cy + r * 0.8), (cx - r * 1.05, cy + r * 0.8)],
                 fill=fill)
    w = max(1.0, r * 0.16)
    draw.rectangle([cx - w, cy - r * 0.45, cx + w, cy + r * 0.3], fill=mark)
    draw.rectangle([cx - w, cy + r * 0.45, cx + w, cy + r * 0.62], fill=mark)


def cross(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, mark) -> None:
    """A bold X on a disc of `mark`: the penalty-tile mark where triangles are tile shapes."""
    draw.ellipse([cx - r * 1.1, cy - r * 1.1, cx + r * 1.1, cy + r * 1.1], fill=mark)
    w = max(1, int(r * 0.45))
    draw.line([(cx - r * 0.8, cy - r * 0.8), (cx + r * 0.8, cy + r * 0.8)], fill=fill, width=w)
    draw.line([(cx - r * 0.8, cy + r * 0.8), (cx + r * 0.8, cy - r * 0.8)], fill=fill, width=w)


def plus(draw: ImageDraw.ImageDraw, cx: float, cy: float, arm: float, width: float,
         fill) -> None:
    """A bold plus: arms `arm` long from the centre, `width` thick (a start, something new)."""
    draw.rectangle([cx - arm, cy - width / 2, cx + arm, cy + width / 2], fill=fill)
    draw.rectangle([cx - width / 2, cy - arm, cx + width / 2, cy + arm], fill=fill)


def downsample(img: Image.Image, w: int, h: int) -> Image.Image:
    return img.resize((w, h), Image.Resampling.LANCZOS)


def fit_telegram(img: Image.Image, background) -> Image.Image:
    """Pad a too-thin picture and shrink a too-large one to Telegram's photo limits."""
    w, h = img.size
    if w > h * MAX_RATIO or h > w * MAX_RATIO:
        nw, nh = max(w, -(-h // MAX_RATIO)), max(h, -(-w // MAX_RATIO))
        canvas = Image.new(img.mode, (nw, nh), background)
        canvas.paste(img, ((nw - w) // 2, (nh - h) // 2))
        img, (w, h) = canvas, (nw, nh)
    if w + h > MAX_SUM:
        k = (MAX_SUM - 2) / (w + h)
        img = img.resize((max(1, int(w * k)), max(1, int(h * k))), Image.Resampling.LANCZOS)
    return img


def to_png(img: Image.Image, theme) -> bytes:
    """Encode as a palette PNG. The palette is fixed per theme (render.palette), so mapping
    is a fast nearest-colour lookup and identical pictures give identical bytes."""
    from .palette import palette_for

    if img.mode != "RGB":
        img = img.convert("RGB")
    img = fit_telegram(img, theme.background)
    pal = img.quantize(palette=palette_for(theme), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def picture(fn):
    """Decorate a drawing function returning (RGB image, theme): callers get PNG bytes, and
    `fn.image(...)` still gives the image (for the palette and for tests)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> bytes:
        img, theme = fn(*args, **kwargs)
        return to_png(img, theme)

    wrapper.image = fn
    return wrapper
