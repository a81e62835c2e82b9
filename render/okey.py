"""Okey 101 and Yüzbir pictures: a player's rack and the table."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw

from rules.tiles import FAKE, WILD

from .draw import star, to_png
from .layout import RACK_TILE
from .rack import compose_rack, tile_labels
from .sprites import BACK, tile
from .theme import Theme, get_theme


def indicator_panel(theme: Theme, indicator: int | None, okey_kind: int | None) -> Image.Image:
    """The indicator tile on a dark plate, with the okey it names under it (a star and the
    okey's number in its colour), as one block to sit beside the rack."""
    tw, th = RACK_TILE
    pad = 8
    w, h = tw + 2 * pad, th + 2 * pad + 40
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=12, fill=theme.board_edge)
    if indicator is not None:
        sp = tile(theme, indicator, tw, th)
        img.paste(sp, (pad, pad), sp)
    if okey_kind is not None:
        cy = th + 2 * pad + 18
        star(d, pad + 16, cy, 15, theme.okey)
        sp = tile(theme, okey_kind, 26, 36)
        img.paste(sp, (w - pad - 30, cy - 18), sp)
        d.polygon([(pad + 36, cy - 6), (pad + 44, cy), (pad + 36, cy + 6)], fill=theme.muted)
    return img


def render_okey_rack(slots: Sequence[int | None], indicator: int | None = None,
                     okey_kind: int | None = None, penalty: Collection[int] = (),
                     face_down: Collection[int] = (), theme: str | Theme = "default",
                     numbers: Sequence[int | None] | None = None) -> bytes:
    """A player's okey rack as PNG bytes.

    slots: tile codes in the player's arrangement, None = a gap between combinations (Y4).
    indicator / okey_kind: the face-up indicator and the okey's kind (shown small on the
    okey and on fake okeys). penalty: slot indices (into `slots`) of tiles that would be
    penalty tiles if discarded (O28, assisted tables). face_down: slot indices of okeys the
    player turned face down (Y20). numbers: the label under each slot (default 1, 2, ...
    over the tiles, gaps skipped)."""
    th = get_theme(theme)
    items = []
    for i, code in enumerate(slots):
        if code is None:
            items.append(None)
        elif i in face_down:
            items.append(tile(th, BACK, *RACK_TILE))
        else:
            ident = okey_kind if code in (WILD, FAKE) else None
            items.append(tile(th, code, *RACK_TILE, identity=ident, penalty=i in penalty))
    side = indicator_panel(th, indicator, okey_kind) if (indicator is not None or okey_kind is not None) else None
    img = compose_rack(th, items, tile_labels(slots, numbers), side)
    return to_png(img, th.background)
