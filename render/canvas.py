"""A display list: pictures are built from nested blocks (a meld in a row in a panel), but
each sprite is pasted once, straight onto the final canvas. Compositing nested transparent
layers instead costs several times more per picture."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

# An operation draws at an offset: op(canvas, draw, x, y).
Op = Callable[[Image.Image, ImageDraw.ImageDraw, int, int], None]


class Layer:
    """A w x h block holding drawing operations at positions inside it."""

    __slots__ = ("width", "height", "ops")

    def __init__(self, width: int, height: int):
        self.width = int(width)
        self.height = int(height)
        self.ops: list[tuple[int, int, Op | Image.Image]] = []

    @classmethod
    def of(cls, sprite: Image.Image) -> Layer:
        layer = cls(sprite.width, sprite.height)
        layer.ops.append((0, 0, sprite))
        return layer

    def sprite(self, img: Image.Image, x: float, y: float) -> None:
        self.ops.append((int(x), int(y), img))

    def draw(self, op: Op, x: float = 0, y: float = 0) -> None:
        self.ops.append((int(x), int(y), op))

    def place(self, other: Layer | Image.Image, x: float, y: float) -> None:
        """Put another block (or sprite) with its top-left corner at (x, y)."""
        if isinstance(other, Image.Image):
            self.sprite(other, x, y)
            return
        dx, dy = int(x), int(y)
        self.ops.extend((ox + dx, oy + dy, op) for ox, oy, op in other.ops)

    def render(self, background) -> Image.Image:
        img = Image.new("RGB", (max(1, self.width), max(1, self.height)), background)
        d = ImageDraw.Draw(img)
        for x, y, op in self.ops:
            if isinstance(op, Image.Image):
                if op.mode == "RGBA":
                    img.paste(op, (x, y), op)
                else:
                    img.paste(op, (x, y))
            else:
                op(img, d, x, y)
        return img


def block(item: Layer | Image.Image) -> Layer:
    return item if isinstance(item, Layer) else Layer.of(item)


def rrect(w: float, h: float, radius: int, fill=None, outline=None, width: int = 1) -> Op:
    """A rounded rectangle w x h at the op's offset."""

    def op(_img, d, x, y):
        d.rounded_rectangle([x, y, x + w - 1, y + h - 1], radius=radius, fill=fill,
                            outline=outline, width=width)

    return op


def line(points: list[tuple[float, float]], fill, width: int) -> Op:
    def op(_img, d, x, y):
        d.line([(x + px, y + py) for px, py in points], fill=fill, width=width)

    return op
