"""Rummikub rules K1-K12 and decisions K-D1..K-D5 (shared/rules/rummikub.md)."""

from __future__ import annotations

import json

import pytest

from rules import find_game
from rules.errors import ConfigError, DealError, IllegalAction, InvalidAction
from rules.record import replay
from rules.rummikub import INITIAL_MELD_POINTS, MESSAGES, Draw, Pass, Play, round_scores
from rules.rummikub_deal import all_tiles
from rules.rummikub_sets import JOKER, canonical_set, parse_table, set_points
from rules.tiles import format_tile, parse_tiles

G = find_game("rummikub")


def T(text: str) -> list[int]:
    return parse_tiles(text, "rummikub")


def cs(text: str):
    return canonical_set(T(text))


# Filler tiles that form no set among themselves: black and yellow, numbers far apart.
SCATTERED = "k1 k1 k4 k4 k7 k7 k10 k10 k13 k13 y2 y2 y5 y5 y8 y8 y11 y11"


def hands(*racks: str, n: int = 2) -> list[str]:
    """Complete racks to 14 tiles with filler tiles not named elsewhere."""
    named = [t for r in racks for t in T(r) if t != JOKER]
    rest = [t for t in all_tiles() if t != JOKER]
    for t in named:
        rest.remove(t)
    scattered = []
    for t in T(SCATTERED):
        if t in rest:
            rest.remove(t)
            scattered.append(t)
    spare = rest + scattered[::-1]  # popped from the end: scattered ones first
    out = []
    for r in list(racks) + [""] * (n - len(racks)):
        tiles = T(r)
        while len(tiles) < 14:
            tiles.append(spare.pop())
        out.append(" ".join(format_tile(t, "rummikub") for t in tiles))
    return out


def new(racks, first=0, pool="", players=2, rounds=1):
    cfg = G.Config.from_options({"players": str(players), "rounds": str(rounds)})
    deal = {"first": first, "hands": racks, "pool": pool}
    return G.new(cfg, deals=[deal])


def play(state, text):
    return state.apply(G.parse_action(text, state.view(state.current_player)))


# ---------------------------------------------------------------- K1, K2, K-D1: tiles and deals


def test_K1_106_tiles_and_K_D1_fourteen_each():
    for players in (2, 3, 4):
        s = G.new(G.Config.from_options({"players": str(players)}), seed=players)
        census = s.tile_census()
        assert sum(census.values()) == 106
        assert all(census[t] == 2 for t in range(52)) and census[JOKER] == 2
        assert [len(s.rack(i)) for i in range(players)] == [14] * players
        assert s.view(0).pool == 106 - 14 * players


def test_K2_config_choices():
    cfg = G.Config.from_options({"players": "3", "rounds": "5"})
    assert (cfg.players, cfg.rounds) == (3, 5)
    assert (G.Config().players, G.Config().rounds) == (4, 1)  # K-D5
    with pytest.raises(ConfigError):
        G.Config.from_options({"players": "5"})
    with pytest.raises(ConfigError):
        G.Config.from_options({"rounds": "2"})


def test_deal_partial_pool_is_completed_in_canonical_order():
    s = new(hands("r1", "r2"), pool="r13 J")
    pool = s.pool
    assert pool[:2] == T("r13 J")
    rest = pool[2:]
    assert rest == sorted(rest)  # canonical order, the other joker last
    assert rest[-1] == JOKER
    assert len(pool) == 106 - 28


def test_deal_naming_a_tile_three_times_is_an_error():
    with pytest.raises(DealError):
        new([hands("r1 r1")[0], hands("r1")[0]])
    with pytest.raises(DealError):
        new(hands("J J"), pool="J")
    with pytest.raises(DealError):
        new(["r1 r2 r3", "b1 b2 b3"])  # K-D1: 14 tiles each


def test_same_seed_same_deal():
    a = G.new(G.Config(), seed=7)
    b = G.new(G.Config(), seed=7)
    assert a.view(0) == b.view(0) and a.pool == b.pool and a.cur == b.cur


# ---------------------------------------------------------------- K3-K5, K-D4: sets


def test_K3_groups():
    assert cs("r7 b7 k7") == tuple(T("r7 b7 k7"))
    assert cs("y7 r7 b7 k7") == tuple(T("r7 b7 k7 y7"))  # colour order
    assert cs("r7 r7 b7") is None  # colours must differ
    assert cs("r7 b7") is None  # at least three
    assert cs("r7 b7 k7 y7 J") is None  # at most four


def test_K4_runs_one_is_lowest_and_no_wrap():
    assert cs("y3 y4 y5 y6") == tuple(T("y3 y4 y5 y6"))
    assert cs("r1 r2 r3") is not None
    assert cs("r12 r13 r1") is None  # 13 is not followed by 1
    assert cs("r13 r1 r2") is None
    assert cs("r5 b6 r7") is None  # one colour
    assert cs("r5 r7 r8") is None  # consecutive


def test_K5_joker_stands_for_its_position_in_a_run():
    assert set_points(cs("r5 r6 J")) == 5 + 6 + 7
    assert set_points(cs("J r5 r6")) == 4 + 5 + 6
    assert cs("r5 J r7") == tuple(T("r5 J r7"))
    assert cs("r12 r13 J") == tuple(T("J r12 r13"))  # no room above 13
    assert cs("J r1 r2") == tuple(T("r1 r2 J"))  # nothing below 1


def test_K5_one_tile_and_two_jokers_is_a_run():
    assert cs("r7 J J") == tuple(T("r7 J J"))
    assert set_points(cs("r7 J J")) == 7 + 8 + 9  # a run, not a group of 7s
    assert cs("r13 J J") == tuple(T("J J r13"))


def test_K5_K_D4_group_joker_is_a_missing_colour_either_one():
    g = cs("r7 b7 J")
    assert set_points(g) == 21
    assert cs("r7 b7 k7 J") is not None and cs("r7 b7 y7 J") is not None
    s = new(hands("r1 r2 r3 r10 b10 J k10 y10"))
    play(s, "play r1 r2 r3 | r10 b10 J")  # 6 + 30
    play(s, "draw")
    # K-D4: either missing colour may take the joker's place; the joker moves on.
    for tile in ("k10", "y10"):
        c = s.clone()
        play(c, f"play r1 r2 r3 J | r10 b10 {tile}")
        assert sorted(c.table) == sorted(parse_table(f"r1 r2 r3 J | r10 b10 {tile}"))


# ---------------------------------------------------------------- notation


def test_canonical_table_text_round_trips():
    texts = [
        "play y1 o2 Y3 | b7 r7 k7 | r13 r12 r11 | j r5 r6 | k9 J y9",
        "play R 7 b07 K7",
        "play r1 r2 r3, b4 b5 b6 J",
    ]
    for text in texts:
        a = G.parse_action(text)
        assert G.parse_action(str(a)) == a
        assert str(G.parse_action(str(a))) == str(a)
    a = G.parse_action(texts[0])
    assert str(a) == "play J r5 r6 | r11 r12 r13 | y1 y2 y3 | r7 b7 k7 | k9 y9 J"


def test_invalid_sets_keep_their_text_and_are_refused():
    a = G.parse_action("play r7 r7 b7 | r1 r2 r3")
    assert G.parse_action(str(a)) == a
    s = new(hands("r1 r2 r3 r7 r7 b7"))
    with pytest.raises(IllegalAction) as e:
        s.apply(a)
    assert e.value.rule == "K3" and e.value.key == "rummikub.error.bad_set"


def test_bad_text_raises_invalid_action():
    for text in ("jump", "play", "place", "draw r1", "play r14 r15 r16", "play x1 x2 x3"):
        with pytest.raises(InvalidAction):
            G.parse_action(text)
    with pytest.raises(InvalidAction):
        G.parse_action("place r7")  # needs the view


def test_simple_actions_round_trip():
    for a in (Draw(), Pass()):
        assert G.parse_action(str(a)) == a
    assert G.parse_action("  DRAW ") == Draw()


# ---------------------------------------------------------------- K6: the initial meld


def test_K6_initial_meld_needs_30_points():
    s = new(hands("r9 b9 k9 r1 r2 r3 y10 k10 b10"))
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r9 b9 k9"))  # 27
    assert e.value.rule == "K6" and e.value.params == {"points": 27, "needed": 30}
    s.apply(G.parse_action("play r9 b9 k9 | r1 r2 r3"))  # 27 + 6
    assert s.melded == [True, False]


def test_K6_joker_counts_as_the_number_it_stands_for():
    s = new(hands("r9 r10 J r2 r3"))
    with pytest.raises(IllegalAction):
        s.apply(G.parse_action("play J r9 r10"))  # 8 + 9 + 10 = 27
    s.apply(G.parse_action("play r9 r10 J"))  # 9 + 10 + 11 = 30
    assert s.melded[0]


def test_K6_initial_meld_may_not_change_the_table():
    s = new(hands("r10 b10 k10", "r11 r12 r13 y10 r9"))
    play(s, "play r10 b10 k10")
    # Seat 1 has not melded: adding y10 to the group is refused even with 30+ points.
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r11 r12 r13 | r10 b10 k10 y10"))
    assert e.value.rule == "K6" and e.value.key == "rummikub.error.initial_table_changed"
    with pytest.raises(IllegalAction):  # moving a table tile into a new set
        s.apply(G.parse_action("play r9 r10 r11 r12 r13 | b10 k10 y10"))
    s.apply(G.parse_action("play r10 b10 k10 | r11 r12 r13"))  # new sets only: fine
    assert s.melded == [True, True]


def test_K6_place_uses_only_new_sets_before_the_meld():
    s = new(hands("r10 b10 k10", "r11 r12 r13 y10 y11 y12"))
    play(s, "play r10 b10 k10")
    view = s.view(1)
    a = G.parse_action("place r11 r12 r13 y10 y11 y12", view)
    assert set(parse_table("r10 b10 k10")) <= set(a.table)
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place y10", view)  # only fits the table group
    assert e.value.rule == "K6"


def test_K6_place_too_few_points_says_how_many():
    s = new(hands("r10 b10 k10", "r2 r3 r4 b5 k5 y5"))
    play(s, "play r10 b10 k10")
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place r2 r3 r4 b5 k5 y5", s.view(1))  # 9 + 15 = 24 < 30
    assert (e.value.rule, e.value.key) == ("K6", "rummikub.error.initial_too_low")
    assert e.value.params == {"points": 24, "needed": 30}
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place r2 r3 b5", s.view(1))  # no sets at all: cannot be placed
    assert e.value.key == "rummikub.error.initial_no_set"


@pytest.mark.parametrize("rack, best", [
    ("b1 b2 b3 J b4 b5 b6", 28),  # b1 b2 b3 | b4 b5 b6 J, not b1 b2 b3 J | b4 b5 b6 (25)
    ("r1 r2 r3 J r4 b4 k4 y4", 27),  # r1 r2 r3 r4 J | b4 k4 y4, not r1 r2 r3 J | ... (26)
    ("r2 r3 r4 y1 y2 y3 J", 20),  # r2 r3 r4 J | y1 y2 y3, not y1 y2 y3 J (19)
])
def test_K6_place_too_few_points_counts_each_joker_where_it_scores_most(rack, best):
    """K6: a joker counts as the number it stands for. `place` lays the tiles out itself,
    so a refusal for too few points names the most they are worth in any layout: the
    number `play` of the best layout reports too."""
    s = new(hands(rack))
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place " + rack, s.view(0))
    assert (e.value.rule, e.value.key) == ("K6", "rummikub.error.initial_too_low")
    assert e.value.params == {"points": best, "needed": INITIAL_MELD_POINTS}
    layout = {28: "b1 b2 b3 | b4 b5 b6 J", 27: "r1 r2 r3 r4 J | b4 k4 y4",
              20: "r2 r3 r4 J | y1 y2 y3"}[best]
    with pytest.raises(IllegalAction) as e:
        play(s, "play " + layout)
    assert e.value.key == "rummikub.error.initial_too_low"
    assert e.value.params["points"] == best


def test_K6_tiles_not_in_the_rack_before_the_initial_meld_cite_K6():
    """K6: before the initial meld a player may use only tiles from their own rack, so a
    tile they lack is refused under K6; after it, under K7 (rack tiles added to the
    table). Every path: `place`, `play` of new sets only, `play` changing the table."""
    s = new(hands("r10 r11 r12 b1", "r8"))
    for text in ("place r10 r11 r12 r13", "play r10 r11 r12 r13", "play b10 k10 y10"):
        with pytest.raises(IllegalAction) as e:
            play(s, text)
        assert (e.value.rule, e.value.key) == ("K6", "rummikub.error.not_in_rack"), text
    play(s, "place r10 r11 r12")  # seat 0 melds (33); seat 1 has not
    with pytest.raises(IllegalAction) as e:  # takes in the table's run, lacking r9
        play(s, "play r8 r9 r10 r11 r12")
    assert (e.value.rule, e.value.key) == ("K6", "rummikub.error.not_in_rack")
    assert e.value.params == {"tile": "r9"}
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place r13", s.view(1))
    assert (e.value.rule, e.value.params) == ("K6", {"tile": "r13"})
    play(s, "draw")
    with pytest.raises(IllegalAction) as e:  # seat 0 has melded: K7
        G.parse_action("place r13", s.view(0))
    assert (e.value.rule, e.value.key) == ("K7", "rummikub.error.not_in_rack")
    with pytest.raises(IllegalAction) as e:
        play(s, "play r9 r10 r11 r12")
    assert (e.value.rule, e.value.params) == ("K7", {"tile": "r9"})


# ---------------------------------------------------------------- K7, K8, K-D2: turns by end state


def both_melded(rack1: str):
    """Seat 0 has melded r4-r7 and b10 k10 y10, seat 1 r10-r12; seat 1 to move, holding
    `rack1` besides."""
    s = new(hands("r4 r5 r6 r7 b10 k10 y10", "r10 r11 r12 " + rack1))
    play(s, "play r4 r5 r6 r7 | b10 k10 y10")
    play(s, "play r10 r11 r12 | r4 r5 r6 r7 | b10 k10 y10")
    play(s, "draw")
    return s


def test_K7_rearranging_after_the_meld():
    s = both_melded("b7 k7")
    # Seat 1: the seed's example: r7 leaves the run to form a group with b7 and k7.
    events = play(s, "play r4 r5 r6 | r7 b7 k7 | b10 k10 y10 | r10 r11 r12")
    assert events[0].key == "rummikub.played" and events[0].public["tiles"] == "b7 k7"
    # where they went: into the group r7 b7 k7, made with r7 of the run (the table moved)
    assert events[0].public["where"] == (("into", "b7 k7", "r7 b7 k7"),)


def test_K7_where_a_plays_tiles_went_new_set_added_or_rearranged():
    s = both_melded("r13 b12 k12 y12 b7 k7")
    events = play(s, "play r4 r5 r6 | r7 b7 k7 | b10 k10 y10 | r10 r11 r12 r13 | b12 k12 y12")
    assert events[0].key == "rummikub.played"
    # in the order the table lists its sets
    assert events[0].public["where"] == (("added", "r13", "r10 r11 r12"),
                                         ("into", "b7 k7", "r7 b7 k7"),
                                         ("new", "b12 k12 y12", ""))


def test_K8_a_run_whose_joker_moved_to_its_other_end_is_told_as_it_is_now():
    """The Rummikub scan: r10 r11 J on the table, r12 r13 laid: the joker must move to
    r9 (K8), and the group read "r12 r13 added to J r10 r11", a set nobody saw. Told as
    the set now; a joker that stays where it was still reads as added."""
    from rules.rummikub_sets import placements
    from rules.tiles import format_tiles

    table = parse_table
    before = table("r10 r11 J | b12 k12 y12")
    after = table("J r10 r11 r12 r13 | b12 k12 y12")
    laid = [[False, False, False, True, True], [False] * 3]
    assert [(k, format_tiles(p, "rummikub"), format_tiles(w, "rummikub"))
            for k, p, w in placements(before, after, laid)] == [
        ("into", "r12 r13", "J r10 r11 r12 r13")]
    after = table("r9 r10 r11 J | b12 k12 y12")
    laid = [[True, False, False, False], [False] * 3]
    assert [(k, format_tiles(w, "rummikub")) for k, _, w in placements(before, after, laid)] \
        == [("added", "r10 r11 J")]


def test_K7_table_tile_may_not_go_missing():
    s = both_melded("b7 k7")
    before = (s.table, list(s.racks[1]))
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r5 r6 r7 | b10 k10 y10 | r10 r11 r12 | b7 k7 r4"))
    assert e.value.rule == "K4" and e.value.key == "rummikub.error.bad_set"
    with pytest.raises(IllegalAction) as e:  # r4 taken back to the rack
        s.apply(G.parse_action("play r5 r6 r7 | b10 k10 y10 | r10 r11 r12"))
    assert e.value.rule == "K7" and e.value.key == "rummikub.error.table_tile_missing"
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r4 r5 r6 r7 | r10 r11 r12 | b10 k10 y10 | b7 k7 J"))
    assert e.value.rule == "K7" and e.value.key == "rummikub.error.not_in_rack"
    assert (s.table, list(s.racks[1])) == before  # nothing changed


def test_K7_missing_table_tile_is_named():
    s = both_melded("r8")
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r5 r6 r7 r8 | b10 k10 y10 | r10 r11 r12"))
    assert e.value.rule == "K7" and e.value.params == {"tile": "r4"}
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r4 r5 r6 r7 r8 r9 | b10 k10 y10 | r10 r11 r12"))
    assert e.value.rule == "K7" and e.value.key == "rummikub.error.not_in_rack"


def test_K8_a_freed_joker_must_stay_on_the_table():
    s = new(hands("r4 r5 J b10 k10 y10", "r6 r10 r11 r12 b8 k8 y8"))
    play(s, "play r4 r5 J | b10 k10 y10")  # 4+5+6 + 30 = 45
    play(s, "play r10 r11 r12 | r4 r5 J | b10 k10 y10")
    play(s, "draw")
    with pytest.raises(IllegalAction) as e:  # r6 replaces the joker, which goes to the rack
        s.apply(G.parse_action("play r4 r5 r6 | b10 k10 y10 | r10 r11 r12"))
    assert e.value.rule == "K8" and e.value.key == "rummikub.error.joker_taken"
    # The joker replaced by r6 and used in a new group in the same turn: fine.
    play(s, "play r4 r5 r6 | b10 k10 y10 | r10 r11 r12 | b8 k8 y8 J")
    assert sum(s.racks[1]) == 14 - 3 - 4


# ---------------------------------------------------------------- K8: taking a joker
# A joker leaves its place only when a tile it stands for is put on the table, from the
# rack or from another set; the turn is still judged by its end state (K-D2).


def joker_r12_on_table(rack0: str = "", meld1: str = "k5 k6 k7 | y5 y6 y7"):
    """The play-tester's position: seat 0 melded `r10 r11 J`, seat 1 melded `meld1` and
    made the run `r9 r10 r11 J` (the joker stands for r12). Seat 0 to move, holding b5 b6
    and `rack0` (no r12 unless named there)."""
    s = new(hands("r10 r11 J b5 b6 " + rack0, "r9 " + meld1.replace("|", " ")), pool="r1")
    play(s, "play r10 r11 J")  # 10 + 11 + 12 = 33
    play(s, f"play r10 r11 J | {meld1}")
    play(s, "draw")
    play(s, f"play r9 r10 r11 J | {meld1}")
    return s


def group_joker_on_table(rack1: str):
    """Seat 0 melded the group `r10 b10 J` (the joker is k10 or y10, K-D4); seat 1, melded
    with k11 k12 k13 and r3 r4 r5, is to move holding `rack1` besides."""
    s = new(hands("r10 b10 J", "k11 k12 k13 r3 r4 r5 " + rack1), pool="r1")
    play(s, "play r10 b10 J")  # 30
    play(s, "play r10 b10 J | k11 k12 k13 | r3 r4 r5")
    play(s, "draw")
    return s


def test_K8_taking_a_joker_without_its_tile_is_refused():
    s = joker_r12_on_table()
    assert T("r12")[0] not in s.rack(0)
    before = (s.table, [list(r) for r in s.racks], s.cur)
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r9 r10 r11 | b5 b6 J | k5 k6 k7 | y5 y6 y7"))
    assert e.value.rule == "K8" and e.value.key == "rummikub.error.joker_not_replaced"
    assert e.value.params == {"tile": "r12"}
    assert e.value.message == "the joker stands for r12: put r12 on the table to take it"
    assert (s.table, [list(r) for r in s.racks], s.cur) == before


def test_K8_a_joker_moved_to_stand_for_another_tile_is_taken():
    s = joker_r12_on_table("b7")
    with pytest.raises(IllegalAction) as e:  # `J r9 r10 r11`: the joker would be r8
        s.apply(G.parse_action("play J r9 r10 r11 | b5 b6 b7 | k5 k6 k7 | y5 y6 y7"))
    assert e.value.rule == "K8" and e.value.params == {"tile": "r12"}


def test_K8_joker_taken_by_putting_its_tile_down_from_the_rack():
    s = joker_r12_on_table("r12")
    play(s, "play r9 r10 r11 r12 | b5 b6 J | k5 k6 k7 | y5 y6 y7")
    assert parse_table("r9 r10 r11 r12")[0] in s.table


def test_K8_joker_taken_by_a_tile_from_another_set():
    # r12 leaves seat 1's group of four (b12 k12 y12 stays a group) and frees the joker.
    s = joker_r12_on_table(meld1="r12 b12 k12 y12")
    assert T("r12")[0] not in s.rack(0)
    play(s, "play r9 r10 r11 r12 | b12 k12 y12 | b5 b6 J")
    # The table tile that freed the joker may move on in the same turn (K7): here r12
    # goes back to its group once r8 keeps the run going. Only the end state is seen.
    s = joker_r12_on_table("r8", meld1="r12 b12 k12 y12")
    play(s, "play r8 r9 r10 r11 | r12 b12 k12 y12 | b5 b6 J")


def test_K8_a_joker_still_standing_for_the_same_tile_is_not_taken():
    s = joker_r12_on_table("r13")
    play(s, "play r9 r10 r11 J r13 | k5 k6 k7 | y5 y6 y7")  # J is still r12
    s = joker_r12_on_table("r8 r13")
    play(s, "play r8 r9 r10 | r11 J r13 | k5 k6 k7 | y5 y6 y7")  # split: J is still r12
    s = group_joker_on_table("k10")
    play(s, "play r10 b10 k10 J | k11 k12 k13 | r3 r4 r5")  # K-D4: J is now y10


def test_K8_K_D4_group_joker_replaced_by_either_missing_colour():
    for colour in ("k10", "y10"):
        s = group_joker_on_table("b7 b8 " + colour)
        play(s, f"play r10 b10 {colour} | b7 b8 J | k11 k12 k13 | r3 r4 r5")
    s = group_joker_on_table("r11 r12 b11 b12 b7 b8")
    with pytest.raises(IllegalAction) as e:  # r10 and b10 go to runs; no k10 nor y10
        s.apply(G.parse_action("play r10 r11 r12 | b10 b11 b12 | b7 b8 J | k11 k12 k13 | "
                               "r3 r4 r5"))
    assert e.value.rule == "K8" and e.value.key == "rummikub.error.joker_not_replaced_either"
    assert e.value.params == {"tile": "k10", "other": "y10"}


def test_K8_two_jokers_are_matched_one_to_one():
    from rules.rummikub_sets import untaken_joker

    def check(old, new):
        role = untaken_joker(parse_table(old), parse_table(new))
        return None if role is None else " ".join(format_tile(t, "rummikub") for t in role)

    assert check("r10 r11 J | b10 b11 J", "b10 b11 J | r10 r11 J r13") is None
    assert check("r10 r11 J | b10 b11 J", "r10 r11 J | b9 b10 b11 | k5 k6 J") == "b12"
    # A group of four with two jokers: one is k5, the other y5. Both new jokers stand
    # for k5 only, so the y5 one was taken.
    assert check("r5 b5 J J", "r3 r4 r5 | b5 b6 b7 | k4 J k6 | k4 J k6") == "y5"
    assert check("r5 b5 J J", "r5 b5 k5 J | k5 k6 J") is None  # k5 freed one, J is y5
    # One r12 frees both jokers: it replaces the first, then moves on to the second
    # ("from another set"), and r9 keeps the first run.
    assert check("r10 r11 J | r10 r11 J", "r9 r10 r11 | r10 r11 r12 | b5 b6 J | k5 k6 J") is None
    assert check("r10 r11 J | r10 r11 J", "r9 r10 r11 | r10 r11 J | b5 b6 J") == "r12"


def test_K8_place_and_hint_do_not_take_the_joker(capsys):
    from bot.cli import main

    s = joker_r12_on_table()
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place b5 b6", s.view(0))
    assert e.value.key == "rummikub.error.cannot_place"
    s = joker_r12_on_table("r12")
    play(s, "place b5 b6 r12")
    assert parse_table("b5 b6 J | r9 r10 r11 r12")[0] in s.table
    assert main(["hint", "rummikub", "--table", "r9 r10 r11 J", "--rack", "b5 b6 k1",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["impossible"] is True
    main(["hint", "rummikub", "--table", "r9 r10 r11 J", "--rack", "b5 b6 r12", "--json"])
    res = json.loads(capsys.readouterr().out)
    assert sorted(res["played"]) == ["b5", "b6", "r12"]


def joker_positions(rng, count: int):
    """Random valid tables with at least one joker on them, and a rack from the rest."""
    from collections import Counter

    from rules.rummikub_random import rack_sets, take_sets
    from rules.rummikub_sets import canonical_table

    out = []
    while len(out) < count:
        tiles = all_tiles()
        rng.shuffle(tiles)
        left = Counter(tiles[:rng.randint(25, 60)])
        sets = rack_sets(list(left.elements()))
        rng.shuffle(sets)
        sets.sort(key=lambda s: JOKER not in s)  # joker sets first
        table = take_sets(sets, left)
        if not any(JOKER in s for s in table):
            continue
        rest = list((Counter(all_tiles()) - Counter(t for s in table for t in s)).elements())
        rng.shuffle(rest)
        out.append((canonical_table(table), rest[:rng.randint(2, 14)]))
    return out


def test_K8_solver_moves_and_place_never_take_a_joker_wrongly():
    import random
    from collections import Counter

    from rules.rummikub_sets import joker_roles, untaken_joker
    from rules.solvers.rummikub import best_move, fits, place

    def legal(table, new, played):
        assert all(canonical_set(s) is not None for s in new)
        assert Counter(t for s in new for t in s) == Counter(t for s in table for t in s) + \
            Counter(played)
        return untaken_joker(table, new) is None

    rng = random.Random(8)
    at_risk = 0
    for table, rack in joker_positions(rng, 120):
        on_table = {t for s in table for t in s}
        at_risk += any(not on_table.intersection(r) for r in joker_roles(table))
        for kw in ({}, {"reach": 2}, {"objective": "tiles"}, {"stable": False}):
            move = best_move(table, rack, **kw)
            if move is not None:
                assert legal(table, move.table, move.played), (table, rack, kw)
        want = rng.sample(rack, rng.randint(1, min(4, len(rack))))
        move = place(table, want)
        assert fits(table, want) == (move is not None)
        if move is not None:
            assert legal(table, move.table, want), (table, want)
    assert at_risk > 50


def test_K8_computer_players_keep_the_rule_in_whole_games():
    import random

    from rules.ai.rummikub import make
    from rules.rummikub_sets import joker_roles

    agents = [make("normal"), make("expert"), make("normal"), make("beginner")]
    at_risk = 0  # turns with a table joker no table tile could replace
    for seed in (3, 4):
        s = G.new(G.Config(), seed=seed)
        rng = random.Random(seed)
        while not s.is_finished:
            v = s.view(s.current_player)
            on_table = {t for st in v.table for t in st}
            at_risk += any(not on_table.intersection(r) for r in joker_roles(v.table))
            s.apply(agents[v.seat].choose(v, rng))  # IllegalAction if K8 were broken
    assert at_risk > 20


def test_K_D2_turn_judged_by_end_state_only():
    s = new(hands("r4 r5 r6 r7 b7 k7 r10 b10 k10", "r8 y7 r11 r12 r13"))
    play(s, "play r4 r5 r6 | r7 b7 k7 | r10 b10 k10")
    play(s, "play r4 r5 r6 | r7 b7 k7 | r10 b10 k10 | r11 r12 r13")
    play(s, "draw")
    # Seat 1 adds r8 and y7: several moves at once, only the end state counts.
    play(s, "play r4 r5 r6 r7 r8 | b7 k7 y7 | r10 b10 k10 | r11 r12 r13")
    assert s.view(0).hand_counts[1] == 14 - 3 - 2


def test_K9_at_least_one_rack_tile():
    s = new(hands("r10 b10 k10", "r11 r12 r13"))
    play(s, "play r10 b10 k10")
    play(s, "play r11 r12 r13 | r10 b10 k10")
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r10 b10 k10 | r11 r12 r13"))
    assert e.value.rule == "K9" and e.value.key == "rummikub.error.nothing_played"
    s.pool.clear()  # with the pool empty the way out is a pass, and the refusal says so
    with pytest.raises(IllegalAction) as e:
        s.apply(G.parse_action("play r10 b10 k10 | r11 r12 r13"))
    assert e.value.key == "rummikub.error.nothing_played_pass"
    assert G.MESSAGES[e.value.key].endswith("or pass: the pool is empty.")


# ---------------------------------------------------------------- K9: draw and pass


def test_K9_draw_takes_the_top_of_the_pool_and_pass_needs_an_empty_pool():
    s = new(hands(), pool="r13 J")
    with pytest.raises(IllegalAction) as e:
        s.apply(Pass())
    assert e.value.rule == "K9" and e.value.key == "rummikub.error.must_draw"
    events = s.apply(Draw())
    assert events[0].key == "rummikub.drew"
    assert events[0].for_seat(0) == {"seat": 0, "tile": "r13"}
    assert events[0].for_seat(1) == {"seat": 0}  # the others do not see the tile
    assert s.racks[0][T("r13")[0]] == 1 and s.current_player == 1
    assert s.legal_actions() == [Draw()]


def test_K9_pass_once_the_pool_is_empty():
    s = new(hands())
    while s.pool:
        s.apply(Draw())
    assert s.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction) as e:
        s.apply(Draw())
    assert e.value.key == "rummikub.error.pool_empty"
    s.apply(Pass())
    assert s.passes == 1 and not s.is_finished


# ---------------------------------------------------------------- K10, K11: scoring


def test_K10_going_out():
    racks = hands("r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7", "J", n=3)
    s = new(racks, players=3)
    play(s, "play r1 r2 r3 r4 r5 r6 r7 | b1 b2 b3 b4 b5 b6 b7")
    values = [sum(30 if t == JOKER else t % 13 + 1 for t in s.rack(i)) for i in range(3)]
    assert values[0] == 0 and values[1] >= 30
    out = s.outcome()
    assert out["status"] == "finished"
    rnd = out["rounds"][0]
    assert rnd["ending"] == "went_out" and rnd["winner"] == 0
    assert rnd["scores"] == [values[1] + values[2], -values[1], -values[2]]
    assert out["totals"] == rnd["scores"] and out["winners"] == [0]


def test_K10_joker_left_on_a_rack_costs_30():
    scores, winners = round_scores([0, 30 + 5, 1], 0)
    assert scores == [36, -35, -1] and winners == [0]


def test_K11_lowest_rack_wins_when_everyone_passes():
    scores, winners = round_scores([10, 25, 40], None)
    assert winners == [0] and scores == [15 + 30, -15, -30]


def test_K11_split_rounded_down():
    scores, winners = round_scores([10, 10, 25, 30], None)
    assert winners == [0, 1]
    assert scores == [17, 17, -15, -20]  # 35 shared: 17 each, rounded down
    scores, winners = round_scores([7, 7, 7], None)
    assert scores == [0, 0, 0] and winners == [0, 1, 2]


def test_K11_round_ends_after_everyone_passes_in_a_row():
    s = new(hands())
    while s.pool:
        s.apply(Draw())
    s.apply(Pass())
    assert not s.is_finished
    s.apply(Pass())
    assert s.is_finished
    rnd = s.outcome()["rounds"][0]
    assert rnd["ending"] == "blocked"
    values = rnd["rack_values"]
    assert rnd["scores"] == round_scores(values, None)[0]


def test_K11_a_play_breaks_the_run_of_passes():
    s = new(hands("", "r10 b10 k10"), first=0)
    while s.pool:
        s.apply(Draw())
    assert s.current_player == 0  # seat 1 drew the last tile
    s.apply(Pass())
    play(s, "play r10 b10 k10")
    assert s.passes == 0
    s.apply(Pass())
    assert not s.is_finished


# ---------------------------------------------------------------- K12: matches


def test_K12_rounds_add_up_and_the_first_player_rotates():
    cfg = G.Config.from_options({"players": "3", "rounds": "3"})
    s = G.new(cfg, seed=11)
    firsts = []
    while not s.is_finished:
        if s.view(s.current_player).round > len(firsts):
            firsts.append(s.cur)
        s.apply(s.timeout_action())
    out = s.outcome()
    assert len(out["rounds"]) == 3
    assert firsts == [(firsts[0] + r) % 3 for r in range(3)]
    assert out["totals"] == [sum(r["scores"][i] for r in out["rounds"]) for i in range(3)]
    best = max(out["totals"])
    assert out["winners"] == [i for i in range(3) if out["totals"][i] == best]
    assert s.current_player is None and s.legal_actions() == []


def test_K12_explicit_deals_must_rotate():
    cfg = G.Config.from_options({"players": "2", "rounds": "3"})
    d0 = {"first": 1, "hands": hands()}
    with pytest.raises(DealError):
        G.new(cfg, deals=[d0, {"first": 1, "hands": hands()}])
    s = G.new(cfg, deals=[d0, {"hands": hands()}])
    assert s.cur == 1


# ---------------------------------------------------------------- K-D3: timeouts


def test_K_D3_timeout_draws_or_passes():
    s = new(hands())
    assert s.timeout_action() == Draw()
    while s.pool:
        s.apply(Draw())
    assert s.timeout_action() == Pass()


# ---------------------------------------------------------------- place (intent) and views


def test_place_becomes_the_canonical_whole_table_play():
    s = both_melded("b7 k7 y7 r3")
    a = G.parse_action("place b7 K7 r3", s.view(1))
    assert isinstance(a, Play)
    assert G.parse_action(str(a)) == a
    s.apply(a)
    assert sorted(t for st in s.table for t in st) == sorted(
        T("r3 r4 r5 r6 r7 b7 k7 b10 k10 y10 r10 r11 r12"))


def test_place_refuses_tiles_not_in_the_rack_or_impossible():
    s = both_melded("y1")
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place b1", s.view(1))
    assert e.value.key == "rummikub.error.not_in_rack"
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place y1", s.view(1))
    assert e.value.key == "rummikub.error.fits_nowhere_one" and e.value.rule == "K7"


def test_view_json_keys_and_no_leak():
    import re

    s = G.new(G.Config(), seed=3)
    seat = s.current_player
    other = (seat + 1) % 4
    j = s.view(other).to_json()
    for key in ("game", "seat", "current_player", "legal", "rack", "table", "pool",
                "hand_counts", "melded", "scores", "round"):
        assert key in j
    assert j["legal"] == [] and s.view(seat).to_json()["legal"] == ["draw"]
    assert j["rack"] == [format_tile(t, "rummikub") for t in s.rack(other)]
    assert j["pool"] == 50 and j["hand_counts"] == [14] * 4 and j["melded"] == [False] * 4
    # Every tile named anywhere in the view is one of this seat's own tiles.
    named = re.findall(r"\b[rbky]\d+\b|\bJ\b", json.dumps(j))
    assert sorted(named) == sorted(j["rack"])


def test_best_move_hint_from_a_view():
    s = new(hands("r10 b10 k10 r1 r2"))
    move = G.best_move(s.view(0))
    assert move == G.parse_action("play r10 b10 k10")
    s.apply(move)


def test_hint_for_view_gives_a_legal_play():
    s = both_melded("r3 y1")
    res = G.hint_for_view(s.view(1))
    assert res["played"] == ["r3"] and s.is_legal(G.parse_action(res["action"]))
    assert G.hint_for_view(new(hands()).view(0))["impossible"] is True  # no 30 to meld


def test_illegal_apply_changes_nothing():
    s = new(hands("r10 b10 k10"))
    snap = (s.table, [list(r) for r in s.racks], list(s.pool), s.cur, list(s.actions))
    for text in ("play r10 b10", "play r10 b10 k10 r1", "pass"):
        with pytest.raises((IllegalAction, InvalidAction)):
            s.apply(G.parse_action(text))
    assert snap == (s.table, [list(r) for r in s.racks], list(s.pool), s.cur, list(s.actions))


def test_record_replays_to_the_same_state():
    s = new(hands("r10 b10 k10", "r11 r12 r13"), pool="y1")
    play(s, "play r10 b10 k10")
    play(s, "draw")
    r = replay(s.record())
    assert r.outcome() == s.outcome() and r.view(0) == s.view(0) and r.view(1) == s.view(1)
    s2 = G.new(G.Config(), seed=5)
    s2.apply(Draw())
    assert replay(s2.record()).view(1) == s2.view(1)


def test_messages_cover_every_key():
    import re
    from pathlib import Path

    rules_dir = Path(__file__).resolve().parents[2] / "rules"
    src = "".join(p.read_text(encoding="utf-8") for p in rules_dir.glob("rummikub*.py"))
    keys = set(re.findall(r'"(rummikub\.[a-z_.]+)"', src))
    assert keys <= set(MESSAGES)
    assert INITIAL_MELD_POINTS == 30


def test_K6_a_first_play_of_only_new_sets_is_told_to_use_place():
    """K6 + K-D2: `play` takes the whole table. A first play that writes only its own new
    sets (the table's missing) is told to use `place`; with tiles it lacks, that is said."""
    s = new(hands("r9 r10 r11 b5 b6 b7", "r10 r11 r12 k13"))
    play(s, "play r9 r10 r11 | b5 b6 b7")  # seat 0's initial meld: 30 + 18
    with pytest.raises(IllegalAction) as e:
        play(s, "play r10 r11 r12")  # seat 1 forgot the table's sets
    assert e.value.key == "rummikub.error.whole_table"
    assert e.value.params["tiles"] == "r10 r11 r12"
    with pytest.raises(IllegalAction) as e:
        play(s, "play k11 k12 k13")  # seat 1 holds no k11, k12
    assert e.value.key == "rummikub.error.not_in_rack" and e.value.params["tile"] == "k11"
    play(s, "place r10 r11 r12")  # what it was told to type
    assert s.melded[1]
