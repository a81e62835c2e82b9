"""Okey racks and tables drawn from explicit data: geometry, colours where tiles must be,
marks (okey, fake okey, penalty tiles, face-down okeys), determinism."""

from __future__ import annotations

import pytest

from render import sprites
from render.layout import GAP_W, LABEL_H, MARGIN, RACK_TILE, SPACING, WIDTH
from render.okey import indicator_panel, render_okey_rack, render_okey_table
from render.rack import PAD
from render.theme import COLORBLIND, DEFAULT, THEMES, get_theme
from rules.tiles import FAKE, WILD, kind, parse_tiles
from tests.render.render_helpers import count_near, decode, fits_telegram

TW, TH = RACK_TILE
X0 = Y0 = MARGIN + PAD  # the first tile of a rack without the indicator panel


def rack(text: str) -> list[int | None]:
    """"r4 r5 _ k9" -> codes with None for "_" (a gap)."""
    return [None if w == "_" else parse_tiles(w)[0] for w in text.split()]


def tile_box(i: int, gaps_before: int = 0, panel: bool = False):
    """Where tile i of the first row is; `panel`: the rack has the indicator panel."""
    side = indicator_panel(DEFAULT, None, 0).width + PAD if panel else 0
    x = X0 + side + i * (TW + SPACING) + gaps_before * (GAP_W + SPACING)
    return (x, Y0, x + TW, Y0 + TH)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("n", [1, 2, 7, 14, 15, 21, 22])
def test_rack_of_1_to_22_tiles_fits_a_phone_and_telegram(theme, n):
    slots = [kind(i % 4, i % 13 + 1) for i in range(n)]
    for k in range(3, len(slots), 4):
        slots[k] = None
    img = decode(render_okey_rack(slots, kind(0, 5), kind(0, 6), theme=theme))
    assert img.width <= WIDTH
    assert fits_telegram(img)
    # every tile is drawn: count the tile faces' cream pixels, about one face each
    face = get_theme(theme).tile_face
    tiles = sum(1 for s in slots if s is not None) + 1  # + the indicator
    assert count_near(img, face, tol=10) > tiles * TW * TH * 0.4


def test_tile_number_is_drawn_in_its_colour_where_the_tile_is():
    img = decode(render_okey_rack(rack("r7 b7 k7 y7")))
    for i, colour in enumerate(DEFAULT.colours):
        box = tile_box(i)
        assert count_near(img, DEFAULT.tile_face, box, tol=10) > TW * TH * 0.5
        assert count_near(img, colour, box) > 150, f"tile {i} lacks its colour"
        for other in DEFAULT.colours:
            if other != colour and other is not DEFAULT.colours[2]:
                assert count_near(img, other, box, tol=20) < 20


def test_Y4_gaps_between_combinations_shift_the_next_tile():
    img = decode(render_okey_rack(rack("r4 r5 _ b9")))
    gap_x = X0 + 2 * (TW + SPACING)
    # the gap shows the board, not a tile
    assert count_near(img, DEFAULT.tile_face, (gap_x, Y0, gap_x + GAP_W, Y0 + TH), 10) == 0
    assert count_near(img, DEFAULT.colours[1], tile_box(2, gaps_before=1)) > 150


def test_okey_is_marked_with_a_star_and_fake_okey_with_its_emblem():
    img = decode(render_okey_rack([WILD, FAKE, kind(1, 3)], okey_kind=kind(0, 6)))
    okey, fake, plain = (tile_box(i, panel=True) for i in range(3))
    assert count_near(img, DEFAULT.okey, okey) > 400
    assert count_near(img, DEFAULT.fake, fake, tol=12) > 400
    # the fake okey shows its identity (red 6) small: some red on it
    assert count_near(img, DEFAULT.colours[0], fake) > 20
    assert count_near(img, DEFAULT.okey, plain) < 20
    assert count_near(img, DEFAULT.fake, plain, tol=12) < 20


def test_O28_penalty_tiles_are_marked_only_where_asked():
    slots = rack("k5 k6 k7 _ b2")
    plain = decode(render_okey_rack(slots))
    marked = decode(render_okey_rack(slots, penalty={0, 4}))
    under = [(b[0], b[1] + TH - 12, b[2], b[3] + 2) for b in (tile_box(0), tile_box(1), tile_box(3, 1))]
    assert count_near(marked, DEFAULT.penalty, under[0]) > 60
    assert count_near(marked, DEFAULT.penalty, under[2]) > 60
    assert count_near(marked, DEFAULT.penalty, under[1]) == 0
    assert count_near(plain, DEFAULT.penalty) == 0


@pytest.mark.parametrize("code", [WILD, FAKE])
def test_O28_the_penalty_mark_leaves_an_okeys_identity_whole(code):
    """On an okey (or fake) the identity, number and colour shape, sits bottom-right where
    other tiles carry the mark: the mark goes top-right, so none of the identity's colour
    is covered (in the colour-blind theme it was: the shape under the cross)."""
    yellow = COLORBLIND.colours[3]  # the identity's (yellow 12): nothing else is yellow
    plain = decode(render_okey_rack([code], okey_kind=kind(3, 12), theme=COLORBLIND))
    marked = decode(render_okey_rack([code], okey_kind=kind(3, 12), penalty={0},
                                     theme=COLORBLIND))
    assert count_near(marked, yellow, tol=20) == count_near(plain, yellow, tol=20) > 200
    assert count_near(marked, COLORBLIND.penalty) > count_near(plain, COLORBLIND.penalty) + 30


def test_Y20_face_down_okey_is_drawn_face_down_in_the_owners_rack():
    img = decode(render_okey_rack([WILD, kind(2, 2)], okey_kind=kind(0, 6), face_down={0}))
    box = tile_box(0, panel=True)
    assert count_near(img, DEFAULT.tile_back, box, 10) > TW * TH * 0.6
    assert count_near(img, DEFAULT.okey, box) == 0


def test_Y20_O28_a_face_down_okey_keeps_its_penalty_mark():
    """/hide turns the okey face down in its owner's picture, and the caption still lists it
    as a penalty tile: the picture marks it too (the foot, and the mark on a disc of the
    face: the penalty colour alone is lost on the back, 1.2:1), in every theme."""
    box = tile_box(0, panel=True)
    face = (box[0], box[1], box[2], box[3] - 12)
    foot = (box[0], box[1] + TH - 12, box[2], box[3] + 2)
    for th in THEMES.values():
        img = decode(render_okey_rack([WILD, kind(2, 2)], okey_kind=kind(0, 6), face_down={0},
                                      penalty={0}, theme=th))
        assert count_near(img, th.tile_back, box, 10) > TW * TH * 0.5, th.name  # still face down
        assert count_near(img, th.okey, box) == 0, th.name
        assert count_near(img, th.penalty, foot, 20) > 60, th.name
        assert count_near(img, th.penalty, face, 20) > 40, th.name  # the mark itself
        assert count_near(img, th.tile_face, face, 10) > 60, th.name  # what it sits on


def test_O3_indicator_panel_sits_left_of_the_rack():
    with_ind = decode(render_okey_rack(rack("k5"), indicator=kind(1, 4), okey_kind=kind(1, 5)))
    without = decode(render_okey_rack(rack("k5")))
    assert with_ind.width > without.width + TW
    # the indicator (blue 4) is drawn left of the rack tile (black 5)
    blue = count_near(with_ind, DEFAULT.colours[1], (0, 0, with_ind.width // 2, with_ind.height))
    assert blue > 150


def test_O3_the_okey_under_the_indicator_is_big_enough_to_read_on_a_phone():
    """O3: the okey is the tile after the indicator; every star on the table stands for it,
    so its tile in the panel is four fifths of a rack tile (it was 30 px wide: a few pixels
    once a phone shrinks the picture)."""
    img = decode(render_okey_rack(rack("r1"), indicator=kind(2, 4), okey_kind=kind(1, 5)))
    panel = indicator_panel(DEFAULT, kind(2, 4), kind(1, 5))
    assert panel.height >= TH + round(TH * 0.8)
    # the okey (blue 5) is the only blue there: its digit and dot, drawn large
    assert count_near(img, DEFAULT.colours[1], (0, 0, panel.width + PAD, img.height)) > 200


def test_slot_numbers_are_drawn_under_tiles_on_the_ledge():
    img = decode(render_okey_rack(rack("r1 r2 r3")))
    ledge = (X0, Y0 + TH, X0 + TW, Y0 + TH + LABEL_H)
    assert count_near(img, DEFAULT.muted, ledge, 20) > 30


def test_colorblind_theme_gives_each_colour_a_distinct_shape():
    th = COLORBLIND
    masks = []
    for c in range(4):
        sp = sprites.tile(th, kind(c, 8), TW, TH)
        lower = sp.crop((0, int(TH * 0.65), TW, TH - 8)).convert("RGB")
        masks.append({(x, y) for x in range(lower.width) for y in range(lower.height)
                      if not lower.getpixel((x, y)) == lower.getpixel((1, lower.height // 2))
                      and max(lower.getpixel((x, y))) < 200})
    for a in range(4):
        for b in range(a + 1, 4):
            assert len(masks[a] ^ masks[b]) > 40, f"colours {a} and {b} share a shape"


def test_identical_views_give_identical_bytes_and_different_racks_differ():
    slots = rack("r4 r5 r6 _ b9 k9 y9 _ k1")
    a = render_okey_rack(slots, kind(0, 5), kind(0, 6), penalty={1})
    sprites.tile.cache_clear()
    b = render_okey_rack(slots, kind(0, 5), kind(0, 6), penalty={1})
    assert a == b
    assert render_okey_rack(rack("r4 r5 r7 _ b9 k9 y9 _ k1"), kind(0, 5), kind(0, 6), penalty={1}) != a
    assert render_okey_rack(slots, kind(0, 5), kind(0, 6)) != a


def melds(n: int) -> list[tuple[int, int, list[int]]]:
    out = []
    for i in range(n):
        c, a = i % 4, i % 10 + 1
        out.append((i + 1, i % 4, [kind(c, a), kind(c, a + 1), kind(c, a + 2), WILD][: 3 + i % 2]))
    return out


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("n", [0, 1, 12, 30])
def test_table_of_up_to_30_melds_fits_a_phone_and_telegram(theme, n):
    png = render_okey_table(melds(n), [kind(0, 3), None, FAKE, None], kind(1, 4), 40, 2,
                            limit=68, okey_kind=kind(1, 5), hand_counts=[14, 11, 3, 21],
                            opened=[None, "melds", "pairs", None], theme=theme)
    img = decode(png)
    assert img.width <= WIDTH
    assert fits_telegram(img)


def test_table_grows_with_melds_and_shows_their_tiles():
    small = decode(render_okey_table(melds(2), [None] * 4, kind(1, 4), 40, 0))
    big = decode(render_okey_table(melds(30), [None] * 4, kind(1, 4), 40, 0))
    assert big.height > small.height * 2
    # 30 melds of 3-4 tiles: roughly 100 table tiles of cream
    assert count_near(big, DEFAULT.tile_face, tol=10) > 100 * 50 * 70 * 0.4


def test_table_marks_the_turn_seat_with_the_accent():
    a = decode(render_okey_table([], [None] * 4, kind(1, 4), 40, 0))
    b = decode(render_okey_table([], [None] * 4, kind(1, 4), 40, 3))
    none = decode(render_okey_table([], [None] * 4, kind(1, 4), 40, None))
    assert count_near(a, DEFAULT.accent, tol=10) > 500
    assert count_near(none, DEFAULT.accent, tol=10) == 0
    assert a.tobytes() != b.tobytes()


@pytest.mark.parametrize("theme", [DEFAULT, COLORBLIND])
def test_Y19_O17_penalties_paid_this_round_are_drawn_beside_the_seat(theme):
    """The table shows the penalties as they happen (Y19): a seat that paid some gets the
    penalty mark and its points; one that paid none, nothing."""
    def drawn(penalties):
        return decode(render_okey_table([], [None] * 4, kind(1, 4), 40, 0, theme=theme,
                                        hand_counts=[14] * 4, penalties=penalties))

    none = drawn([0, 0, 0, 0])
    assert count_near(none, theme.penalty, tol=10) == 0
    one = drawn([0, 120, 0, 0])
    two = drawn([0, 120, 0, 1620])
    assert count_near(one, theme.penalty, tol=10) > 100  # the mark
    assert count_near(two, theme.penalty, tol=10) > count_near(one, theme.penalty, tol=10) + 100
    assert drawn([0, 90, 0, 0]).tobytes() != one.tobytes()  # its points are drawn
    assert fits_telegram(decode(render_okey_table([], [None] * 4, kind(1, 4), 40, 0, theme=theme,
                                           hand_counts=[14] * 4, penalties=[2400] * 4,
                                           opened=["melds"] * 4, partners=True)))


def test_output_is_the_same_in_a_fresh_process():
    """The palette and sprites are caches: a restarted bot must draw the same bytes."""
    import subprocess
    import sys

    code = ("import sys; from render.okey import render_okey_rack; "
            "sys.stdout.buffer.write(render_okey_rack([0, 14, None, 52, 53], 4, 5, penalty={1}))")
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert fresh == render_okey_rack([0, 14, None, 52, 53], 4, 5, penalty={1})


def test_themes_are_chosen_by_name():
    assert get_theme(None) is DEFAULT
    assert get_theme("Colour-Blind") is COLORBLIND
    assert get_theme(DEFAULT) is DEFAULT
    with pytest.raises(ValueError):
        get_theme("neon")


def test_O28_colorblind_penalty_mark_is_no_tile_colour():
    """In the colour-blind theme a tile colour is also a shape (red: a triangle): the
    penalty mark, a warning triangle, must not take red's colour, or it reads as a second
    red mark. Its pixels are counted in the drawn rack."""
    red = COLORBLIND.colours[0]
    assert sum(abs(a - b) for a, b in zip(COLORBLIND.penalty, red, strict=True)) > 150
    rack = [kind(0, 9), kind(0, 10)]
    plain = render_okey_rack.image(rack, kind(1, 5), kind(1, 6), theme=COLORBLIND)[0].convert("RGB")
    marked = render_okey_rack.image(rack, kind(1, 5), kind(1, 6), penalty={1},
                                    theme=COLORBLIND)[0].convert("RGB")
    assert count_near(marked, COLORBLIND.penalty) > count_near(plain, COLORBLIND.penalty) + 50
    assert count_near(marked, red) <= count_near(plain, red) + 5  # no more red for the mark
