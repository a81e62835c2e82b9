"""Rummikub pictures: a player's rack and the free table (sets numbered, no owners)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from .draw import picture
from .layout import RACK_TILE
from .rack import compose_rack, tile_labels
from .sprites import tile
from .table import (
    badge,
    column,
    flow,
    hstack,
    inner_width,
    meld_block,
    panel,
    seat_disc,
    seat_row,
    threshold_badge,
    vstack,
)
from .theme import Theme, get_theme


@picture
def render_rummikub_rack(slots: Sequence[int | None], theme: str | Theme = "default",
                         numbers: Sequence[int | None] | None = None) -> bytes:
    """A Rummikub rack as PNG bytes: tile codes (WILD = joker), None = a gap."""
    th = get_theme(theme)
    items = [None if t is None else tile(th, t, *RACK_TILE, family="rummikub") for t in slots]
    return compose_rack(th, items, tile_labels(slots, numbers)), th


@lru_cache(maxsize=8)
def _tick(theme: Theme) -> Image.Image:
    """Made the initial meld (K6): a tick."""
    img = Image.new("RGBA", (30, 30), (0, 0, 0, 0))
    ImageDraw.Draw(img).line([(3, 16), (11, 25), (27, 5)], fill=theme.accent, width=6,
                             joint="curve")
    return img


@picture
def render_rummikub_table(sets: Sequence[Sequence[int]], pool_count: int,
                          turn_seat: int | None, seats: int | None = None,
                          hand_counts: Sequence[int] | None = None,
                          melded: Sequence[bool] | None = None,
                          theme: str | Theme = "default",
                          laid: Sequence[Sequence[bool]] | None = None,
                          initial: int | None = None) -> bytes:
    """The Rummikub table as PNG bytes: every set numbered from 1 in the given order, the
    pool, and per seat its tile count and whether it has made its initial meld. `laid`:
    per set, the tiles the last move put down (marked as new). `initial`: what an initial
    meld needs (K6), shown beside the pool as the okey tables show their opening's need,
    while a seat has not made one."""
    th = get_theme(theme)
    n_seats = seats if seats is not None else len(hand_counts or ()) or 4
    cells = []
    for s in range(n_seats):
        row = [seat_disc(th, s, s == turn_seat)]
        if hand_counts is not None:
            row.append(badge(th, "tile", hand_counts[s]))
        if melded is not None and melded[s]:
            row.append(_tick(th))
        cells.append(hstack(row, gap=12))
    top = [badge(th, "stack", pool_count)]
    if initial is not None and melded is not None and not all(melded):
        top.append(threshold_badge(th, initial))
    head = column([hstack(top, gap=40), seat_row(cells, inner_width())])
    parts = [panel(th, head)]
    if sets:
        marks = list(laid or ())
        blocks = [meld_block(th, n, s, family="rummikub",
                             new=marks[n - 1] if n - 1 < len(marks) else ())
                  for n, s in enumerate(sets, 1)]
        parts.append(panel(th, flow(blocks, inner_width())))
    return vstack(th, parts), th


@picture
def render_rummikub_example(before: Sequence[Sequence[int]], placed: Sequence[int],
                            after: Sequence[Sequence[int]], new: Sequence[Sequence[bool]],
                            theme: str | Theme = "default") -> bytes:
    """A move step by step (K2): 1 the table, 2 the tiles put down, 3 the table laid out
    again with them, the new tiles marked (`new[i][j]`: tile j of set i)."""
    th = get_theme(theme)

    def step(n: int, blocks, last: bool = False):
        lead = seat_disc(th, n - 1, False)
        return panel(th, flow(blocks, inner_width(lead)), lead, highlight=last)

    sets = [meld_block(th, n, s, family="rummikub") for n, s in enumerate(before, 1)]
    rack = [meld_block(th, None, placed, family="rummikub", new=[True] * len(placed))]
    laid = [meld_block(th, n, s, family="rummikub", new=marks)
            for n, (s, marks) in enumerate(zip(after, new, strict=True), 1)]
    return vstack(th, [step(1, sets), step(2, rack), step(3, laid, last=True)]), th
