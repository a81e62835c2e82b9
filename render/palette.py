"""One fixed 256-colour palette per theme, made once from sample pictures of every kind.

Quantising each picture on its own (octree) costs several times more than mapping it onto
a known palette, and every picture of a theme uses the same colours and blends anyway:
the same tiles, boards, badges and text.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from rules.tiles import FAKE, WILD, kind

from .theme import Theme


def _samples(theme: Theme) -> list[Image.Image]:
    # Imported here: these modules encode through draw.to_png, which needs this module.
    from .dominoes import render_domino_hand, render_domino_line
    from .okey import render_okey_rack, render_okey_table
    from .rummikub import render_rummikub_rack, render_rummikub_table
    from .scores import render_league_table, render_score_table

    every = list(range(52))
    rack = [*every[:26], None, *every[26:], None, WILD, FAKE]
    melds = [(i + 1, i % 4, [kind(i % 4, i % 10 + 1), WILD, kind(i % 4, i % 10 + 3)])
             for i in range(8)]
    line = [(0, 0), (0, 1), (1, 1), (1, 2), (2, 6), (6, 6), (6, 5), (5, 3), (3, 4)] * 2
    return [
        render_okey_rack.image(rack, kind(0, 5), kind(0, 6), penalty={0, 30}, face_down={27},
                               theme=theme)[0],
        render_okey_table.image(melds, [kind(1, 2), None, FAKE, None], kind(0, 5), 20, 1,
                                limit=51, pair_limit=77, okey_kind=kind(0, 6),
                                hand_counts=[14, 12, 9, 3], opened=["melds", "pairs", None, None],
                                theme=theme)[0],
        render_rummikub_rack.image([0, 14, 28, 42, WILD], theme=theme)[0],
        render_rummikub_table.image([[0, 1, 2], [3, WILD, 5]], 30, 0, hand_counts=[5, 6],
                                    melded=[True, False], theme=theme)[0],
        render_domino_line.image(line, None, [0, 2, 1, 0], [5, 4, 3, 2], 2, middle_count=2,
                                 theme=theme)[0],
        render_domino_hand.image([(a, 6 - a) for a in range(7)], dead=[(2, 2)],
                                 playable={0: "L R"}, theme=theme)[0],
        render_score_table.image([[10, -20, 300, 4]], winners=[1], theme=theme)[0],
        render_league_table.image([(1, 1500, 10, 5), (2, 1400, 9, 4)], highlight=1,
                                  theme=theme)[0],
    ]


@lru_cache(maxsize=8)
def palette_for(theme: Theme) -> Image.Image:
    """A "P" image whose palette every picture of `theme` is mapped onto."""
    parts = _samples(theme)
    sheet = Image.new("RGB", (max(p.width for p in parts), sum(p.height for p in parts)),
                      theme.background)
    y = 0
    for p in parts:
        sheet.paste(p, (0, y))
        y += p.height
    return sheet.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
