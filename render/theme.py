"""Colour themes. A theme is picked by name ("default", "colorblind", "dark") or passed as is.

In the colour-blind theme colour is never the only cue: every tile colour also has a shape
under its number (triangle, square, circle, diamond), and the palette is Okabe-Ito.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    name: str
    background: RGB  # canvas around everything
    board: RGB  # the rack board and table panels
    board_edge: RGB
    text: RGB  # numbers drawn on the board (counts, slot numbers)
    muted: RGB  # secondary numbers and empty places
    tile_face: RGB
    tile_edge: RGB  # the tile's thickness seen from the front
    tile_back: RGB  # a face-down tile
    tile_back_mark: RGB
    colours: tuple[RGB, RGB, RGB, RGB]  # r, b, k, y (Rummikub orange shares y)
    shapes: bool  # a shape per colour under each number (colour-blind cue)
    okey: RGB  # the okey's star and ring
    fake: RGB  # the fake okey's emblem
    joker: RGB
    penalty: RGB  # the O28 penalty-tile mark
    accent: RGB  # whose turn, open domino ends, winners
    accent_text: RGB  # text drawn on the accent colour
    seat: RGB  # a seat marker when it is not that seat's turn
    seat_text: RGB
    pip: RGB  # domino pips


DEFAULT = Theme(
    name="default",
    background=(24, 82, 58),
    board=(33, 105, 75),
    board_edge=(18, 62, 44),
    text=(245, 242, 230),
    muted=(170, 205, 185),
    tile_face=(250, 245, 228),
    tile_edge=(200, 188, 160),
    tile_back=(38, 120, 140),
    tile_back_mark=(90, 170, 185),
    colours=((210, 30, 40), (20, 85, 200), (25, 25, 30), (190, 125, 0)),  # yellow: 3:1 on the face
    shapes=False,
    okey=(230, 160, 0),
    fake=(20, 130, 70),
    joker=(200, 30, 60),
    penalty=(235, 50, 40),
    accent=(255, 200, 40),
    accent_text=(30, 30, 30),
    seat=(18, 62, 44),
    seat_text=(235, 240, 235),
    pip=(25, 25, 30),
)

COLORBLIND = Theme(
    name="colorblind",
    background=(40, 40, 48),
    board=(62, 62, 74),
    board_edge=(28, 28, 34),
    text=(245, 245, 245),
    muted=(190, 190, 200),
    tile_face=(252, 250, 242),
    tile_edge=(195, 190, 175),
    tile_back=(86, 180, 233),
    tile_back_mark=(200, 230, 250),
    # Okabe-Ito blue and black; red and yellow apart by lightness, as red-green colour
    # blindness sees them (simulated: delta-E 33 deuteranope, 40 protanope; 3 with Okabe-Ito
    # vermillion and a dark orange), the yellow dark enough to read on the face (3:1)
    colours=((150, 20, 0), (0, 114, 178), (0, 0, 0), (190, 135, 0)),
    shapes=True,
    okey=(204, 121, 167),
    fake=(0, 158, 115),
    joker=(213, 94, 0),
    # violet, drawn as a cross (not a tile shape): 3:1 on the face and on
    # a domino's back (the dead-tile count)
    penalty=(120, 0, 230),
    accent=(240, 228, 66),
    accent_text=(0, 0, 0),
    seat=(28, 28, 34),
    seat_text=(245, 245, 245),
    pip=(0, 0, 0),
)

DARK = Theme(
    name="dark",
    background=(43, 45, 49),  # Discord's dark chat background
    board=(56, 58, 64),
    board_edge=(30, 31, 34),
    text=(235, 236, 240),
    muted=(150, 154, 162),
    tile_face=(242, 238, 226),
    tile_edge=(170, 162, 145),
    tile_back=(88, 101, 242),
    tile_back_mark=(150, 160, 250),
    colours=((215, 40, 45), (30, 90, 210), (30, 30, 35), (185, 120, 0)),
    shapes=False,
    okey=(240, 170, 0),
    fake=(30, 150, 80),
    joker=(215, 40, 60),
    penalty=(240, 70, 60),
    accent=(250, 200, 50),
    accent_text=(25, 25, 25),
    seat=(30, 31, 34),
    seat_text=(235, 236, 240),
    pip=(30, 30, 35),
)

THEMES = {t.name: t for t in (DEFAULT, COLORBLIND, DARK)}
# Spellings users may type.
_ALIASES = {"colourblind": "colorblind", "cb": "colorblind", "light": "default"}


def get_theme(theme: str | Theme | None = None) -> Theme:
    if theme is None:
        return DEFAULT
    if isinstance(theme, Theme):
        return theme
    key = str(theme).strip().lower().replace("-", "").replace("_", "")
    key = _ALIASES.get(key, key)
    if key not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; themes: {', '.join(THEMES)}")
    return THEMES[key]
