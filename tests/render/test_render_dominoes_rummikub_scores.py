"""Dominoes, Rummikub and score pictures from explicit data."""

from __future__ import annotations

import pytest
from PIL import Image

from render import sprites
from render.dominoes import (
    LINE_UNIT,
    TAG,
    _place,
    line_image,
    render_domino_hand,
    render_domino_line,
)
from render.draw import fit_telegram
from render.layout import WIDTH
from render.rummikub import render_rummikub_rack, render_rummikub_table
from render.scores import render_league, render_score_table, render_scores
from render.theme import DEFAULT, THEMES
from rules.tiles import WILD, parse_tiles
from tests.render.render_helpers import blobs, count_near, decode, fits_telegram

ALL_DOMINOES = [(a, b) for a in range(7) for b in range(a, 7)]


def chain(n: int) -> list[tuple[int, int]]:
    """A legal line of n tiles (touching halves equal), found by depth-first search."""
    if n == 0:
        return []

    def extend(line, used):
        if len(line) == n:
            return line
        end = line[-1][1]
        for t in ALL_DOMINOES:
            if t not in used and end in t:
                found = extend(line + [t if t[0] == end else (t[1], t[0])], used | {t})
                if found:
                    return found
        return None

    return extend([(0, 0)], {(0, 0)})


def test_D9_domino_halves_show_their_pips():
    for a, b in ALL_DOMINOES:
        sp = sprites.domino(DEFAULT, a, b, 60)
        img = Image.new("RGB", sp.size, DEFAULT.tile_face)
        img.paste(sp, (0, 0), sp)
        assert blobs(img, DEFAULT.pip, (0, 0, 60, 60)) == a, (a, b)
        assert blobs(img, DEFAULT.pip, (60, 0, 120, 60)) == b, (a, b)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("n", [0, 1, 2, 10, 25])
def test_D2_line_wraps_on_a_phone_canvas(theme, n):
    line = chain(n)
    img = decode(render_domino_line(line, None, [0, 1, 0, 2], [7, 5, 6, 3], 1, theme=theme))
    assert img.width <= WIDTH
    assert fits_telegram(img)


def test_line_snakes_and_turns_under_the_previous_tile():
    line = chain(25)
    assert len(line) == 25
    places = _place(line, 900, LINE_UNIT, TAG + 10)
    rows = {row for _, row, _ in places}
    assert len(rows) >= 3
    for i in range(1, len(line)):
        (x0, r0, rtl0), (x1, r1, rtl1) = places[i - 1], places[i]
        w0 = LINE_UNIT if line[i - 1][0] == line[i - 1][1] else 2 * LINE_UNIT
        w1 = LINE_UNIT if line[i][0] == line[i][1] else 2 * LINE_UNIT
        assert TAG + 10 <= x1 and x1 + w1 <= 900 - TAG - 10
        if r1 != r0:  # a turn: same outer edge, direction flips
            assert rtl1 != rtl0
            assert (x1 + w1 == x0 + w0) if rtl1 else (x1 == x0)


def test_both_open_ends_are_marked_with_tags_beside_them():
    line = chain(12)
    plain = line_image(DEFAULT, line, 900, highlight=False).render(DEFAULT.board)
    rgb = line_image(DEFAULT, line, 900).render(DEFAULT.board)
    assert count_near(plain, DEFAULT.accent, tol=10) == 0
    # the L tag is in the left margin of the first row
    assert count_near(rgb, DEFAULT.accent, (0, 0, TAG + 10, 2 * LINE_UNIT), 10) > 600
    assert count_near(rgb, DEFAULT.accent, tol=10) > 2 * 600


def test_D6_dead_tile_counts_are_shown_only_for_seats_with_dead_tiles():
    none = decode(render_domino_line(chain(5), None, [0, 0, 0, 0], [6, 6, 5, 5], 0))
    some = decode(render_domino_line(chain(5), None, [0, 2, 0, 1], [6, 6, 5, 5], 0))
    assert count_near(none, DEFAULT.penalty, tol=20) == 0
    assert count_near(some, DEFAULT.penalty, tol=20) > 50


def test_domino_hand_labels_where_tiles_go_and_dims_dead_tiles():
    hand = [(0, 1), (2, 5), (6, 6)]
    plain = decode(render_domino_hand(hand))
    labelled = decode(render_domino_hand(hand, playable={0: "L", 2: "L R"}))
    with_dead = decode(render_domino_hand(hand, dead=[(4, 5)]))
    assert plain.size == labelled.size and plain.tobytes() != labelled.tobytes()
    assert with_dead.width * with_dead.height > plain.width * plain.height
    assert fits_telegram(with_dead)


def test_a_domino_hand_stands_four_to_a_row_and_its_start_mark_is_drawn():
    """Seven dominoes as 4 + 3 (one strip of seven is 6:1, its tiles tiny on a phone);
    the "+" under a tile that may start the line is drawn bold, as tall as "L R"."""
    seven = [(0, 0), (0, 1), (1, 3), (2, 5), (4, 4), (3, 6), (6, 6)]
    four = decode(render_domino_hand(seven[:4]))
    whole = decode(render_domino_hand(seven))
    assert whole.width == four.width and whole.height > 1.5 * four.height
    assert whole.width < 2.5 * whole.height
    plain = decode(render_domino_hand(seven[:4]))
    marked = decode(render_domino_hand(seven[:4], playable={0: "+"}))
    # two 18 x 4 bars (the font's "+" was about 40 pixels), in the text's colour: where a
    # tile may go is what the player acts on, not a muted slot number
    assert count_near(marked, DEFAULT.text, tol=10) - count_near(plain, DEFAULT.text, tol=10) \
        > 120
    assert count_near(marked, DEFAULT.muted, tol=10) == count_near(plain, DEFAULT.muted, tol=10)


def test_rummikub_joker_is_a_face_in_the_joker_colour():
    with_joker = decode(render_rummikub_rack(parse_tiles("k3 k4", "rummikub") + [WILD]))
    without = decode(render_rummikub_rack(parse_tiles("k3 k4 k5", "rummikub")))
    assert count_near(with_joker, DEFAULT.joker, tol=20) > 200
    assert count_near(without, DEFAULT.joker, tol=20) == 0


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_rummikub_table_of_30_sets_fits(theme):
    sets = [parse_tiles(s, "rummikub") for s in
            ["r1 r2 r3", "b5 b6 b7 b8", "k9 y9 r9 b9", "r10 J r12"] * 7
            + ["y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12 y13"] * 2]
    img = decode(render_rummikub_table(sets, 20, 1, hand_counts=[3, 4, 5, 6],
                                       melded=[True, True, False, False], theme=theme))
    assert img.width <= WIDTH and fits_telegram(img)
    assert count_near(img, THEMES[theme].tile_face, tol=10) > 100 * 50 * 70 * 0.4


def test_K6_initial_meld_tick_is_drawn_per_seat():
    a = decode(render_rummikub_table([], 40, None, hand_counts=[14] * 4, melded=[False] * 4))
    b = decode(render_rummikub_table([], 40, None, hand_counts=[14] * 4, melded=[True] * 4))
    assert count_near(a, DEFAULT.accent, tol=20) == 0
    assert count_near(b, DEFAULT.accent, tol=20) > 4 * 60


def test_score_table_grows_with_rounds_and_crowns_winners():
    one = decode(render_score_table([[10, 20, 30, 40]], winners=[0]))
    five = decode(render_score_table([[10, 20, 30, 40]] * 5, winners=[0]))
    nobody = decode(render_score_table([[10, 20, 30, 40]] * 5))
    assert five.height > one.height + 3 * 50
    assert count_near(five, DEFAULT.accent, tol=10) > 1000
    assert count_near(nobody, DEFAULT.accent, tol=10) == 0


def test_render_scores_reads_a_match_outcome():
    outcome = {"game": "okey101", "status": "finished", "rounds": [
        {"ending": "hand", "winner": 2, "scores": [500, 40, -500, 120]}],
        "totals": [500, 40, -500, 120], "winners": [2]}
    assert render_scores(outcome) == render_score_table([[500, 40, -500, 120]],
                                                         [500, 40, -500, 120], [2],
                                                         round_winners=[(2,)])


def test_each_rounds_winner_has_a_crown_on_that_rounds_score():
    """Whoever won a round (D11, K10) is marked on that round's row (a crown, no
    background: the accent cell stays the match's), a shared win on both, a round nobody
    won on none."""
    rounds = [{"winner": 1, "scores": [30, 0, 12, 5]},
              {"winner": None, "scores": [4, 4, 4, 4]},  # the pile ran out: a draw (O26)
              {"winners": [0, 3], "scores": [0, 9, 9, 0]}]  # a shared lowest rack (K11)
    img = decode(render_scores({"rounds": rounds, "totals": [34, 13, 25, 9], "winners": []}))
    bare = decode(render_score_table([r["scores"] for r in rounds], [34, 13, 25, 9]))
    assert img.size == bare.size
    cols, rows = 5, 4  # the round number and four seats; three rounds and the totals
    head = 95  # the seat discs' row
    row_h = (img.height - head - 30) / rows

    def crowned(r, seat):
        x0 = int(img.width * (seat + 1) / cols)
        box = (x0, int(head + r * row_h), x0 + img.width // cols, int(head + (r + 1) * row_h))
        return count_near(img, DEFAULT.accent, box, tol=20) > 100

    assert [[crowned(r, s) for s in range(4)] for r in range(3)] == [
        [False, True, False, False], [False] * 4, [True, False, False, True]]
    assert count_near(bare, DEFAULT.accent, tol=20) == 0


def test_league_table_of_many_rows_stays_within_telegram_limits():
    rows = [{"rank": i + 1, "rating": 1500.0 - i, "games": 50, "wins": 20} for i in range(150)]
    img = decode(render_league(rows, highlight=3))
    assert fits_telegram(img)
    assert render_league(rows[:5]) != render_league(rows[:6])


def test_fit_telegram_pads_thin_and_shrinks_huge_pictures():
    thin = fit_telegram(Image.new("RGB", (100, 5000)), (0, 0, 0))
    huge = fit_telegram(Image.new("RGB", (9000, 3000)), (0, 0, 0))
    assert fits_telegram(thin) and thin.height == 5000
    assert fits_telegram(huge)


def test_league_rank_1_sits_on_its_rows_middle_line_like_every_number():
    """The crown of rank 1 goes before its number, not above it: the "1" and the rating
    beside it share the row's middle line (the crown pushed the "1" down before)."""
    from render.scores import render_league_table

    img = decode(render_league_table([(1, 1234, 5, 3), (2, 1100, 4, 1)]))
    w = img.width
    top = next(y for y in range(img.height)  # the first row: the first line with digits
               if count_near(img, DEFAULT.text, (int(w * 0.3), y, int(w * 0.5), y + 1)) > 0
               and y > 100)

    def middle(x0, x1):
        ys = [y for y in range(top - 10, top + 60)
              if count_near(img, DEFAULT.text, (int(w * x0), y, int(w * x1), y + 1), tol=40)]
        return (min(ys) + max(ys)) / 2

    assert abs(middle(0.1, 0.25) - middle(0.3, 0.5)) <= 2


def test_O_D11_partners_score_picture_has_a_team_row_that_decides():
    """Partners (O27): a last row gives each seat its team's total, and the winners' crowns
    (accent cells) sit on that row, which decides the match (O-D11)."""
    base = {"rounds": [{"scores": [120, -101, 80, 300]}], "totals": [120, -101, 80, 300],
            "winners": [0, 2]}
    teams = {**base, "teams": [{"seats": [0, 2], "total": 200}, {"seats": [1, 3], "total": 199}]}
    plain, paired = decode(render_scores(base)), decode(render_scores(teams))
    assert paired.height > plain.height  # one more row
    # the accent cells moved down a row: the team row carries them
    low = (0, plain.height - 40, paired.width, paired.height)
    assert count_near(paired, DEFAULT.accent, low) > 500
    assert count_near(plain.crop((0, 0, plain.width, plain.height)), DEFAULT.accent) > 500


def test_rack_rows_are_balanced_without_cutting_a_colour_that_fits_a_row_whole():
    """21 tiles, 7 red, 8 blue, then 3 and 3: rows of 7 would cut the blues in two; a row
    as wide as 8 tiles keeps every colour whole (as the widest rows did), in three rows."""
    from render.layout import wrap

    w, spacing, gap = 70, 6, 24
    widths = [w] * 7 + [None] + [w] * 8 + [None] + [w] * 3 + [None] + [w] * 3
    rows = wrap(widths, 8 * w + 7 * spacing + 40, gap, spacing)
    tiles = [[i for i in row if widths[i] is not None] for row in rows]
    assert tiles == [list(range(0, 7)), list(range(8, 16)), [17, 18, 19, 21, 22, 23]]
    # with no gaps at all (one long run), the rows are still balanced: 8 + 8, not 14 + 2
    assert [len(r) for r in wrap([w] * 16, 14 * w + 13 * spacing, gap, spacing)] == [8, 8]


def test_K6_the_rummikub_table_shows_the_initial_meld_s_need_while_a_seat_lacks_one():
    """As the okey tables show their opening's need: 30 beside the pool (K6) while a seat
    has not made its initial meld, gone once every seat has."""
    def drawn(melded, initial=30):
        return render_rummikub_table([[0, 1, 2]], 40, 0, hand_counts=[14] * 4,
                                     melded=melded, initial=initial)

    assert drawn([True] * 4) == drawn([True] * 4, initial=None)
    assert drawn([True, False, True, True]) != drawn([True, False, True, True], initial=None)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_last_laid_tiles_badge_covers_none_of_its_pips(theme):
    """The "+" on the tile the last move laid sits just off its corner: a 4 still reads as
    a 4 (a badge over the corner hid most of the top-right pip), at either end, doubles
    (standing) and others, in every theme."""
    th = THEMES[theme]
    for line in ([(4, 4), (4, 6), (6, 6), (6, 3)], [(1, 4), (4, 6), (6, 5), (5, 5)],
                 [(1, 4), (4, 6), (6, 5), (5, 6)], [(6, 6), (6, 2)]):
        for newest in (0, len(line) - 1):
            plain = line_image(th, line, WIDTH, LINE_UNIT).render(th.board)
            badged = line_image(th, line, WIDTH, LINE_UNIT, newest=newest).render(th.board)
            pips = [(x, y) for x in range(plain.width) for y in range(plain.height)
                    if plain.getpixel((x, y)) == th.pip]
            assert pips and all(badged.getpixel(p) == th.pip for p in pips), (line, newest)
            assert plain.tobytes() != badged.tobytes()  # the badge is there


def test_a_dominoes_league_heads_its_games_column_with_a_domino_not_an_okey_tile():
    """A scan: the dominoes league's "played" column was headed by an okey tile's back."""
    from bot.pictures import Pictures

    rows = [{"rank": 1, "rating": 1016, "games": 1, "wins": 1},
            {"rank": 2, "rating": 1005, "games": 1, "wins": 0}]
    drawn = Pictures(theme="default").league({"game": "dominoes", "rows": rows})
    heads = {game: decode(render_league(rows, game=game)) for game in ("dominoes", "okey101")}
    assert decode(drawn).tobytes() == heads["dominoes"].tobytes()  # the bot asks for it so

    def head_band(img, colour):  # the column heads' row, above the first rank
        return count_near(img, colour, (0, 0, img.width, 75), tol=12)

    assert head_band(heads["dominoes"], DEFAULT.pip) > 10  # its pips
    assert head_band(heads["dominoes"], DEFAULT.tile_back) == 0
    assert head_band(heads["okey101"], DEFAULT.tile_back) > 100


def test_K1_a_rack_s_last_row_is_not_a_lone_joker():
    """26 Rummikub tiles: five red, eight blue, five black, seven orange and a joker wrapped
    as 13, 12 and a joker alone (a scan); the last row takes the oranges before it."""
    from render.layout import wrap

    w, spacing, gap = 70, 6, 24
    widths = [w] * 5 + [None] + [w] * 8 + [None] + [w] * 5 + [None] + [w] * 7 + [None] + [w]
    rows = wrap(widths, 13 * w + 12 * spacing + gap + spacing + 10, gap, spacing)
    tiles = [len([i for i in row if widths[i] is not None]) for row in rows]
    assert tiles == [13, 5, 8]
    assert [i for row in rows for i in row if widths[i] is not None] == \
        [i for i, x in enumerate(widths) if x is not None]  # in order, none lost
