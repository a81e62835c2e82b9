"""The colour-blind theme's four tile colours stay apart as people with colour-vision
deficiencies see them (simulated with Machado, Oliveira & Fernandes 2009, severity 1), and
its penalty mark is no tile's colour-shape."""

from __future__ import annotations

import itertools

from render.table import badge
from render.theme import COLORBLIND, THEMES

# linear-RGB matrices, severity 1.0
_CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(rgb):
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
            for c in (v / 255 for v in rgb)]


def _lab(linear):
    x, y, z = (sum(m * c for m, c in zip(row, linear, strict=True)) / n for row, n in zip(
        ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505)),
        (0.95047, 1.0, 1.08883), strict=True))
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(rgb, matrix):
    lin = _linear(rgb)
    return [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True))))
            for row in matrix]


def _delta_e(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5


def test_colour_blind_tile_colours_stay_apart_for_every_deficiency():
    for name, matrix in _CVD.items():
        seen = [_lab(_seen(c, matrix)) for c in COLORBLIND.colours]
        closest = min(_delta_e(a, b) for a, b in itertools.combinations(seen, 2))
        # ~10 is hard to tell apart on a small tile; Okabe-Ito vermillion and a dark orange
        # (the theme before) were 3.4 apart for deuteranopia
        assert closest > 30, (name, round(closest, 1))


def test_the_penalty_mark_is_not_a_tile_colour():
    assert COLORBLIND.penalty not in COLORBLIND.colours


def _contrast(a, b) -> float:
    """WCAG contrast ratio."""
    lum = [sum(w * c for w, c in zip((0.2126, 0.7152, 0.0722), _linear(x), strict=True))
           for x in (a, b)]
    return (max(lum) + 0.05) / (min(lum) + 0.05)


def test_every_tile_colour_reads_on_the_tile_face_in_every_theme():
    # 3:1 is the least for large text (WCAG); yellow numbers were 2.3 to 2.5 before
    for theme in THEMES.values():
        for colour in theme.colours:
            assert _contrast(colour, theme.tile_face) >= 3, (theme.name, colour)


def test_the_colour_blind_penalty_cross_reads_on_a_face_and_on_a_domino_back():
    assert _contrast(COLORBLIND.penalty, COLORBLIND.tile_face) >= 3
    assert _contrast(COLORBLIND.penalty, COLORBLIND.tile_back) >= 3  # dead-tile count


def _worst_edge(img, colour) -> float:
    """The lowest contrast between a pixel of `colour` and a differently coloured opaque
    neighbour: what the mark is seen against."""
    px, (w, h) = img.load(), img.size
    worst = 21.0
    for y in range(h):
        for x in range(w):
            if px[x, y][:3] != colour:
                continue
            for nx, ny in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if 0 <= nx < w and 0 <= ny < h and px[nx, ny][3] == 255 and px[nx, ny][:3] != colour:
                    worst = min(worst, _contrast(colour, px[nx, ny][:3]))
    return worst


def test_D6_the_dead_tile_cross_reads_on_a_domino_back_in_every_theme():
    """The dead-tile badge (D6) crosses out a domino's back: the red cross on the default
    and dark backs was 1.2:1; it stands out 3:1 from whatever it touches in every theme."""
    worst = {}
    for name, theme in THEMES.items():
        img = badge(theme, "dead", 3)
        pixels = img.get_flattened_data() if hasattr(img, "get_flattened_data") \
            else img.getdata()  # getdata goes in Pillow 14; pyproject allows Pillow 10 up
        drawn = sum(1 for c in pixels if c[:3] == theme.penalty)
        assert drawn > 40, name  # the cross is there
        worst[name] = round(_worst_edge(img, theme.penalty), 2)
    assert all(c >= 3 for c in worst.values()), worst
