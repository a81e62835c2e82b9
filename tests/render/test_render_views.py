"""render_rack / render_table on real views from real games (every game whose module is
present), played by the random agent from fixed seeds."""

from __future__ import annotations

import random

import pytest

import rules
from render import render_league, render_rack, render_scores, render_table
from render.scores import _num
from render.theme import DEFAULT
from render.views import _limits, domino_targets
from rules.ai.random_agent import RandomAgent
from tests.render.render_helpers import count_near, decode, fits_telegram

GAMES = rules.game_ids()


def play(game_id: str, seed: int, moves: int):
    """A state after up to `moves` random moves (fewer if the match ends)."""
    game = rules.find_game(game_id)
    state = game.new(game.Config(), seed=seed)
    agent, rng = RandomAgent(game), random.Random(seed)
    for _ in range(moves):
        if state.current_player is None:
            break
        state.apply(agent.choose(state.view(state.current_player), rng))
    return state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("moves", [0, 25, 400])
def test_real_views_render_within_limits_and_deterministically(game_id, moves):
    state = play(game_id, 7, moves)
    seat = state.current_player if state.current_player is not None else 0
    view = state.view(seat).to_json()
    for fn in (render_rack, render_table):
        png = fn(view)
        img = decode(png)
        assert img.width <= 1080 and fits_telegram(img)
        assert fn(view) == png
        # dark and colour-blind themes draw the same view differently
        assert fn(view, "dark") != png
        assert fn(view, "colorblind") != png


@pytest.mark.parametrize("game_id", GAMES)
def test_each_seat_gets_its_own_rack_but_the_same_table(game_id):
    state = play(game_id, 3, 6)
    views = [state.view(s).to_json() for s in range(state.num_seats)]
    racks = {render_rack(v) for v in views}
    assert len(racks) == state.num_seats
    # the table only uses public parts; `legal` differs per seat and must not matter
    tables = {render_table(v) for v in views}
    assert len(tables) == 1


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in ("okey101", "yuzbir")])
def test_O28_penalty_tiles_of_the_view_are_marked(game_id):
    view = play(game_id, 11, 0).view(0).to_json()
    first = next(i for i, t in enumerate(view["rack"]) if t is not None)
    plain = decode(render_rack({**view, "penalty_tiles": []}))
    marked = decode(render_rack({**view, "penalty_tiles": [first]}))
    assert count_near(plain, DEFAULT.penalty, tol=20) == 0
    assert count_near(marked, DEFAULT.penalty, tol=20) > 60


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in ("okey101", "yuzbir")])
def test_Y20_face_down_okey_in_the_view_is_drawn_face_down(game_id):
    view = play(game_id, 11, 0).view(0).to_json()
    view = {**view, "rack": ["*"] + view["rack"], "penalty_tiles": []}
    up = decode(render_rack(view))
    down = decode(render_rack({**view, "face_down": [0]}))
    assert count_near(down, DEFAULT.tile_back, tol=10) > count_near(up, DEFAULT.tile_back, tol=10) + 4000


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in ("okey101", "yuzbir")])
def test_Y6_opening_need_is_drawn(game_id):
    view = play(game_id, 11, 0).view(0).to_json()
    assert render_table({**view, "need": 51}) != render_table({**view, "need": 69})
    # a view with only Yüzbir's limit L: the needs are L and ceil(1.5 L) (Y-D3)
    bare = {k: v for k, v in view.items() if k not in ("need", "pair_need")}
    assert _limits({**bare, "limit": 20}, "yuzbir") == (20, 30)
    assert _limits({**view, "need": 21, "pair_need": 31}, "yuzbir") == (21, 31)
    assert _limits({**bare, "need": 51}, "okey101") == (51, None)


@pytest.mark.skipif("okey101" not in GAMES, reason="okey101 not built yet")
def test_Y7_provisional_melds_get_a_hollow_tag():
    view = play("okey101", 11, 0).view(0).to_json()
    meld = {"n": 1, "owner": 0, "tiles": ["r4", "r5", "r6"], "kind": "run"}
    laid = {**view, "melds": [meld]}
    plain = decode(render_table(laid))
    provisional = decode(render_table({**laid, "provisional": [1]}))
    extra = count_near(provisional, DEFAULT.accent, tol=10) - count_near(plain, DEFAULT.accent, tol=10)
    assert extra > 300


@pytest.mark.skipif("dominoes" not in GAMES, reason="dominoes not built yet")
def test_domino_hand_labels_come_from_the_legal_plays():
    game = rules.find_game("dominoes")
    state = game.new(game.Config(), seed=1)
    view = state.view(state.current_player).to_json()
    hand = [tuple(int(x) for x in t.split("-")) for t in view["hand"]]
    labels = domino_targets(hand, view)
    assert labels == {hand.index((0, 0)): "+"}  # D3: [0-0] starts the first game
    state.apply(game.parse_action(view["legal"][0]))
    view = state.view(state.current_player).to_json()
    hand = [tuple(int(x) for x in t.split("-")) for t in view["hand"]]
    labels = domino_targets(hand, view)
    assert set(labels) == {i for i, t in enumerate(hand) if 0 in t}
    assert all(v == "L R" for v in labels.values())  # both ends are 0
    assert domino_targets(hand, {**view, "legal": []}) == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_match_outcome_renders_as_a_score_table(game_id):
    state = play(game_id, 5, 3000)
    outcome = state.outcome()
    img = decode(render_scores(outcome))
    assert fits_telegram(img)
    if outcome["winners"]:
        assert count_near(img, DEFAULT.accent, tol=10) > 500


def test_league_rows_render():
    img = decode(render_league([(1, 1520, 10, 7), (2, 1490, 12, 5)]))
    assert fits_telegram(img) and img.height > 100


def test_unknown_game_is_refused():
    with pytest.raises(ValueError):
        render_rack({"game": "chess"})


def test_a_league_with_ranks_left_out_draws_a_rule_there_and_shows_half_wins():
    rows = [{"rank": r, "rating": 2000 - r, "games": 4, "wins": 1} for r in (1, 2, 3)]
    gap = [*rows[:2], dict(rows[2], rank=9)]
    plain, with_gap = decode(render_league(rows)), decode(render_league(gap, gap=2))
    assert with_gap.height == plain.height + 10  # the rule between ranks 2 and 9
    shared = [*rows[:1], dict(rows[1], rank=1), dict(rows[2], rank=3)]  # 1, 1, 3: no gap
    assert decode(render_league(shared)).height == plain.height
    assert (_num(76.5), _num(3), _num(2.0), _num(1 / 3)) == ("76.5", "3", "2", "0.33")


def test_league_ranks_stand_one_above_the_other_beside_the_crown():
    """Rank 1's crown does not push its number out of line: every rank of a crowned
    column leaves the crown's room, so the marks are as wide and the numbers line up."""
    from render.scores import _rank_mark
    from render.theme import get_theme

    th = get_theme("default")
    widths = {_rank_mark(th, rank, crown_room=True).width for rank in (1, 2, 9)}
    assert len(widths) == 1 and _rank_mark(th, 2).width < widths.pop()


def test_O20_the_taken_discard_is_framed_on_the_rack():
    """The discard taken this turn must be used (O20, Y8): the rack shows which tile it is
    (an accent frame), not only the caption."""
    from render.theme import get_theme

    view = {"game": "okey101", "rack": ["r11", "b11", None, "b9", "b10", "y2"],
            "indicator": "b7", "okey": "b8", "taken": None}
    plain = decode(render_rack(view))
    taken = decode(render_rack(dict(view, taken="b9")))
    accent = get_theme("default").accent
    assert count_near(taken, accent, tol=12) > count_near(plain, accent, tol=12) + 300
    assert decode(render_rack(dict(view, taken="k13"))).tobytes() == plain.tobytes()


def test_the_domino_line_badges_the_tile_the_last_move_laid():
    """The table picture says what just happened: the end the last tile went to carries
    a badge; after a pass or a dead tile (laid face down, D6) nothing does."""
    from render.theme import get_theme

    line = [["2", "2"], ["2", "5"], ["5", "1"]]
    view = {"game": "dominoes", "line": [f"{a}-{b}" for a, b in line], "ends": [2, 1],
            "hand_counts": [5, 5, 6, 6], "dead_counts": [0, 0, 0, 0], "current_player": 3}
    moves = {m: decode(render_table(dict(view, history=[{"seat": 2, "action": m}])))
             for m in ("play 2-2 left", "play 5-1 right", "pass", "drop")}
    accent = get_theme("default").accent
    plain = count_near(moves["pass"], accent, tol=12)
    assert moves["drop"].tobytes() == moves["pass"].tobytes()
    for m in ("play 2-2 left", "play 5-1 right"):
        assert count_near(moves[m], accent, tol=12) > plain + 100, m
    assert moves["play 2-2 left"].tobytes() != moves["play 5-1 right"].tobytes()


def test_the_rummikub_table_marks_the_tiles_the_last_move_laid():
    from render.theme import get_theme

    view = {"game": "rummikub", "table": [["r3", "r4", "r5"], ["b9", "k9", "y9"]],
            "pool": 40, "hand_counts": [10, 12], "melded": [True, True], "current_player": 1}
    plain = decode(render_table(view))
    marked = decode(render_table(dict(view, laid=[[False, False, True], [False] * 3])))
    accent = get_theme("default").accent
    assert count_near(marked, accent, tol=12) > count_near(plain, accent, tol=12) + 100


def test_the_okey_table_marks_the_tiles_the_last_turn_laid():
    from render.theme import get_theme

    view = {"game": "okey101", "melds": [{"n": 1, "owner": 0, "tiles": ["r3", "r4", "r5"],
                                          "kind": "run", "laid": []}],
            "discards": [None, "b2", None, None], "indicator": "b7", "okey": "b8", "pile": 30,
            "hand_counts": [11, 14, 14, 14], "opened": ["melds", None, None, None],
            "current_player": 1, "need": 51}
    plain = decode(render_table(view))
    view["melds"][0]["laid"] = [False, False, True]
    marked = decode(render_table(view))
    accent = get_theme("default").accent
    assert count_near(marked, accent, tol=12) > count_near(plain, accent, tol=12) + 100


def test_a_rummikub_rack_in_colour_order_parts_its_colours():
    """The default rack is sorted by colour: a gap where the colour changes and before the
    jokers (the numbers under the tiles count tiles only, so `place 3` is unchanged); a
    rack the player ordered otherwise is drawn as it is."""
    from render.views import _colour_gaps
    from rules.tiles import WILD, parse_tiles

    codes = parse_tiles("r3 r4 b10 k1 k5", "rummikub") + [WILD]
    r3, r4, b10, k1, k5 = codes[:5]
    assert _colour_gaps(codes) == [r3, r4, None, b10, None, k1, k5, None, WILD]
    by_number = parse_tiles("k1 r3 r4 k5 b10", "rummikub")
    assert _colour_gaps(by_number) == by_number
    assert _colour_gaps([r3, None, r4]) == [r3, None, r4]


def test_O27_the_okey_table_shows_each_seats_partner():
    view = {"game": "okey101", "melds": [], "discards": [None] * 4, "indicator": "b7",
            "okey": "b8", "pile": 30, "hand_counts": [14] * 4, "opened": [None] * 4,
            "current_player": 0, "need": 51}
    solo = decode(render_table(view))
    teams = decode(render_table(dict(view, partners=True)))
    assert solo.tobytes() != teams.tobytes()
    assert fits_telegram(teams)


def test_O20_of_two_copies_the_taken_one_at_the_end_of_a_laid_out_rack_is_framed():
    """A rack laid out by hand gets the taken tile at its end, after the copy it held: the
    frame went round the held copy (the first), the caption's number named the last."""
    from render.theme import get_theme

    view = {"game": "okey101", "rack": ["b9", "r11", "b11", None, "y2", "b9"],
            "indicator": "b7", "okey": "b8", "taken": None}
    plain, taken = decode(render_rack(view)), decode(render_rack(dict(view, taken="b9")))
    accent = get_theme("default").accent
    half = plain.width // 2  # the held copy sits in the left half, the taken one in the right

    def accent_in(img, box):
        return count_near(img.crop(box), accent, tol=12)

    left, right = (0, 0, half, plain.height), (half, 0, plain.width, plain.height)
    assert accent_in(taken, right) > accent_in(plain, right) + 300
    assert accent_in(taken, left) == accent_in(plain, left)
