"""Pixel helpers for the picture tests: decode PNG bytes and look at regions."""

from __future__ import annotations

import io

from PIL import Image

TELEGRAM_SUM = 10000
TELEGRAM_RATIO = 20


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def near(c1, c2, tol: int = 28) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1, c2, strict=False))


def count_near(img: Image.Image, colour, box=None, tol: int = 28) -> int:
    """How many pixels of `img` (or of the region `box`) are within `tol` of `colour`."""
    region = img.crop(box) if box is not None else img
    return sum(n for n, c in region.getcolors(region.width * region.height) if near(c, colour, tol))


def fits_telegram(img: Image.Image) -> bool:
    w, h = img.size
    return w + h <= TELEGRAM_SUM and max(w / h, h / w) <= TELEGRAM_RATIO


def blobs(img: Image.Image, colour, box=None, tol: int = 40) -> int:
    """Connected groups (4-neighbour) of pixels near `colour`: e.g. the pips of a domino."""
    region = img.crop(box) if box is not None else img
    w, h = region.size
    px = region.load()
    seen = set()
    n = 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or not near(px[x, y], colour, tol):
                continue
            n += 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and near(px[nx, ny], colour, tol):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    return n
