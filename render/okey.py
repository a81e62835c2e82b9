"""Okey 101 and Yüzbir pictures: a player's rack and the table."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from rules.tiles import FAKE, WILD

from .canvas import Layer
from .draw import picture, star, text_centered, text_size
from .layout import RACK_TILE, TABLE_TILE
from .rack import compose_rack, tile_labels
from .scores import team_icon
from .sprites import BACK, tile
from .table import (
    badge,
    column,
    empty_slot,
    flow,
    hstack,
    inner_width,
    meld_block,
    panel,
    penalty_badge,
    seat_disc,
    seat_row,
    threshold_badge,
    vstack,
)
from .theme import Theme, get_theme


@lru_cache(maxsize=256)
def indicator_panel(theme: Theme, indicator: int | None, okey_kind: int | None,
                    size: tuple[int, int] = RACK_TILE) -> Image.Image:
    """The indicator tile on a dark plate, with the okey it names under it (a star, an arrow
    and the okey's tile), as one block to sit beside the rack. The okey's tile is four
    fifths of a tile: on a phone, where the whole picture is shrunk, it must stay readable
    (it says what every star on the table stands for)."""
    tw, th = size
    pad = 8
    ow, oh = round(tw * 0.8), round(th * 0.8)
    r = max(12, tw // 5)  # the star's radius
    okey_w = 2 * r + 4 + 10 + 4 + ow
    w = max(tw, okey_w) + 2 * pad
    h = th + 2 * pad + (oh + pad if okey_kind is not None else 0)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w - 1, h - 1], radius=12, fill=theme.board_edge)
    if indicator is not None:
        sp = tile(theme, indicator, tw, th)
        img.paste(sp, ((w - tw) // 2, pad), sp)
    if okey_kind is not None:  # the okey: a star, an arrow, the okey's tile
        x = (w - okey_w) // 2
        cy = th + 2 * pad + oh // 2
        star(d, x + r, cy, r, theme.okey)
        ax = x + 2 * r + 4
        d.polygon([(ax, cy - 7), (ax + 10, cy), (ax, cy + 7)], fill=theme.muted)
        sp = tile(theme, okey_kind, ow, oh)
        img.paste(sp, (x + okey_w - ow, cy - oh // 2), sp)
    return img


@picture
def render_okey_rack(slots: Sequence[int | None], indicator: int | None = None,
                     okey_kind: int | None = None, penalty: Collection[int] = (),
                     face_down: Collection[int] = (), theme: str | Theme = "default",
                     numbers: Sequence[int | None] | None = None,
                     taken: int | None = None) -> bytes:
    """A player's okey rack as PNG bytes.

    slots: tile codes in the player's arrangement, None = a gap between combinations (Y4).
    indicator / okey_kind: the face-up indicator and the okey's kind (shown small on the
    okey and on fake okeys). penalty: slot indices (into `slots`) of tiles that would be
    penalty tiles if discarded (O28, assisted tables). face_down: slot indices of okeys the
    player turned face down (Y20). numbers: the label under each slot (default 1, 2, ...
    over the tiles, gaps skipped). taken: the slot of a discard taken this turn, still to
    be used (O20, Y8): framed as a tile new to the rack."""
    th = get_theme(theme)
    items = []
    for i, code in enumerate(slots):
        if code is None:
            items.append(None)
        elif i in face_down:
            # hidden from the picture's viewers, the okey still costs a penalty (Y20, O28)
            items.append(tile(th, BACK, *RACK_TILE, penalty=i in penalty))
        else:
            ident = okey_kind if code in (WILD, FAKE) else None
            items.append(tile(th, code, *RACK_TILE, identity=ident, penalty=i in penalty,
                              new=i == taken))
    side = indicator_panel(th, indicator, okey_kind) if (indicator is not None or okey_kind is not None) else None
    img = compose_rack(th, items, tile_labels(slots, numbers), side)
    return img, th


@lru_cache(maxsize=16)
def _partner_mark(theme: Theme, partner: int) -> Image.Image:
    """Two joined rings and the partner's seat number (counted from 1, as the discs)."""
    rings = team_icon(theme, 34)
    text = str(partner + 1)
    tw, _ = text_size(text, 28, bold=True)
    img = Image.new("RGBA", (rings.width + 4 + tw, max(rings.height, 34)), (0, 0, 0, 0))
    img.paste(rings, (0, (img.height - rings.height) // 2), rings)
    text_centered(ImageDraw.Draw(img), rings.width + 4 + tw / 2, img.height / 2, text, 28,
                  theme.text, bold=True)
    return img


@lru_cache(maxsize=16)
def _opened_icon(theme: Theme, how: str | None) -> Image.Image | None:
    """How a seat opened: three small tiles for melds, two for pairs; nothing if not yet."""
    if how is None:
        return None
    n = 2 if how == "pairs" else 3
    img = Image.new("RGBA", (n * 17, 26), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for k in range(n):
        d.rounded_rectangle([k * 17, 0, k * 17 + 14, 25], radius=3, fill=theme.tile_face,
                            outline=theme.tile_edge)
        d.ellipse([k * 17 + 4, 15, k * 17 + 10, 21], fill=theme.colours[k])
    return img


@picture
def render_okey_table(melds: Sequence[Sequence], discards: Sequence[int | None],
                      indicator: int | None, pile_count: int, turn_seat: int | None,
                      seats: int = 4, limit: int | None = None, theme: str | Theme = "default",
                      okey_kind: int | None = None, hand_counts: Sequence[int] | None = None,
                      opened: Sequence[str | None] | None = None,
                      pair_limit: int | None = None, provisional: Collection[int] = (),
                      laid: Mapping[int, Sequence[bool]] | None = None,
                      partners: bool = False,
                      penalties: Sequence[int] | None = None) -> bytes:
    """The okey table as PNG bytes.

    melds: (n, owner, tiles) or (n, owner, tiles, kind), n being the number `add ... to <n>`
    uses; they are grouped by owner. discards: the last discard of each seat (None: none
    yet). limit: what an opening needs now (Okey 101: 51 or more with doubling; Yüzbir: the
    run opening's need), pair_limit: the pairs opening's need (Yüzbir). provisional: meld
    numbers laid this turn that may still go back (Y7), drawn with a hollow tag.
    turn_seat: the seat to move (None: round over). laid: meld number -> which of its
    tiles the last turn laid (marked as new). partners: each seat shows its partner's
    number beside two joined rings (O27). penalties: what each seat paid this round so far
    (O17-O21, Y11, Y16, Y17), shown beside it once above 0 (Y19: as they happen)."""
    th = get_theme(theme)
    head = [indicator_panel(th, indicator, okey_kind, TABLE_TILE), badge(th, "stack", pile_count)]
    if limit is not None:
        head.append(threshold_badge(th, limit))
    if pair_limit is not None:
        head.append(threshold_badge(th, pair_limit, pairs=True))
    cells = []
    for s in range(seats):
        row = [seat_disc(th, s, s == turn_seat)]
        d = discards[s] if s < len(discards) else None
        row.append(empty_slot(th, *TABLE_TILE) if d is None else
                   tile(th, d, *TABLE_TILE, identity=okey_kind if d == FAKE else None))
        if hand_counts is not None:
            row.append(badge(th, "tile", hand_counts[s]))
        icon = _opened_icon(th, opened[s]) if opened is not None else None
        if icon is not None:
            row.append(icon)
        if partners:
            row.append(_partner_mark(th, (s + seats // 2) % seats))
        if penalties is not None and s < len(penalties) and penalties[s] > 0:
            row.append(penalty_badge(th, penalties[s]))
        cells.append(hstack(row, gap=12))
    parts = [panel(th, column([hstack(head, gap=40), seat_row(cells, inner_width())]))]
    for owner in range(seats):
        mine = [m for m in melds if m[1] == owner]
        if not mine:
            continue
        disc = seat_disc(th, owner, owner == turn_seat)
        blocks = [meld_block(th, m[0], m[2], identity=okey_kind, provisional=m[0] in provisional,
                             new=(laid or {}).get(m[0], ()))
                  for m in mine]
        # the seat's disc on the middle line of the first row of melds
        lead = Layer(disc.width, max(disc.height, blocks[0].height))
        lead.place(disc, 0, (lead.height - disc.height) // 2)
        parts.append(panel(th, flow(blocks, inner_width(lead)), lead))
    return vstack(th, parts), th
