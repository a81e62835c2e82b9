"""Rummikub refusals that say why (shared/rules/rummikub.md): a `place` that cannot go down
names the tiles that fit nowhere and, before the initial meld, that only new sets count
(K6, K7); a tile named more often than it is held says how many are held; `play` given
rack numbers, or only rack tiles, points to `place` (K-D2)."""

from __future__ import annotations

import pytest

from bot import i18n
from rules.errors import IllegalAction, InvalidAction, RulesError
from rules.rummikub import GAME as G
from rules.rummikub import Config

RACK0 = "r10 r11 J k5 k6 k7 b1 b2 y3 y9 r1 r2 k1 k13"
RACK1 = "r12 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"


def new(*hands: str, first: int = 0):
    return G.new(Config(players=len(hands)), deals=[{"first": first, "hands": list(hands)}])


def play(s, text: str):
    return s.apply(G.parse_action(text, s.view(s.current_player)))


def refusal(s, text: str) -> RulesError:
    with pytest.raises(RulesError) as e:
        play(s, text)
    return e.value


def english(e: RulesError) -> str:
    return i18n.translate("en", e.key, e.params)


def table_run_then_seat1():
    """Seat 0 melds r10 r11 J; seat 1 (no initial meld yet) to move."""
    s = new(RACK0, RACK1)
    play(s, "place r10 r11 J")
    return s


def test_K6_place_onto_the_table_before_the_initial_meld_says_only_new_sets_count():
    s = table_run_then_seat1()
    e = refusal(s, "place r12")  # would extend r10 r11 J: not before the initial meld
    assert (e.rule, e.key, e.params) == ("K6", "rummikub.error.initial_no_set", {"tiles": "r12"})
    assert english(e) == ("No new set can be made with r12: before your initial meld, only "
                          "new sets from your rack may go down (the sets on the table stay as "
                          "they are).")
    e = refusal(s, "place b12 k12 r12 y12 r9")  # the group is fine: r9 is the odd one
    assert (e.rule, e.key, e.params["tiles"]) == ("K6", "rummikub.error.initial_no_set", "r9")
    e = refusal(s, "place k9 k10")
    assert e.params["tiles"] == "k9 k10"


def test_K6_ten_tiles_with_one_bad_pair_name_the_pair():
    s = new(RACK0, "r5 b5 y5 k3 k4 b3 b4 y6 y7 y8 r13 b13 k11 y11")
    play(s, "place r10 r11 J")
    e = refusal(s, "place r5 b5 y5 k3 k4 b3 b4 y6 y7 y8")
    assert (e.rule, e.key, e.params["tiles"]) == ("K6", "rummikub.error.initial_no_set", "k3 k4")


def test_K6_tiles_that_each_fit_but_not_all_at_once_are_all_named():
    s = new("r5 b5 y5 y6 y7 k1 k9 b11 r2 y13 b8 r12 k6 y3", RACK1)
    e = refusal(s, "place r5 b5 y5 y6 y7")  # y5 is wanted by the group and by the run
    assert (e.rule, e.key) == ("K6", "rummikub.error.initial_cannot_place")
    assert e.params["tiles"] == "r5 b5 y5 y6 y7"
    assert "cannot all be laid out as new sets: r5 b5 y5 y6 y7" in english(e)


def test_K7_after_the_initial_meld_the_tiles_fitting_nowhere_are_named():
    s = new("r4 r5 r6 r7 b10 k10 y10 b1 b2 y13 k13 r1 r13 b13",
            "r10 r11 r12 b12 k12 y12 k3 y1 b8 b9 b9 y9 y9 k9")
    play(s, "play r4 r5 r6 r7 | b10 k10 y10")
    play(s, "place r10 r11 r12")
    play(s, "draw")
    e = refusal(s, "place b12 k12 y12 k3")  # the 12s fit (with r12); k3 fits nothing
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.fits_nowhere_one", {"tiles": "k3"})
    assert english(e) == "This tile fits in no set, even with the table rearranged: k3."
    e = refusal(s, "place y1 b8 k3")
    assert e.params["tiles"] == "b8 k3 y1"
    play(s, "place b12 k12 y12")  # the 12s alone go down


def test_K7_a_joker_the_table_must_keep_leaves_the_plain_refusal():
    # r9 r10 r11 J: the joker stands for r12 (K8), which seat 0 lacks. b5 and b6 each fit
    # somewhere (with the table's 5s and 6s, or that joker), yet not without breaking a set.
    s = new("r10 r11 J b5 b6 b1 b2 k1 k13 y3 y9 r1 r2 y12",
            "r9 k5 k6 k7 y5 y6 y7 b12 k12 r13 b13 b9 k2 y1")
    play(s, "place r10 r11 J")
    play(s, "play r10 r11 J | k5 k6 k7 | y5 y6 y7")
    play(s, "draw")
    play(s, "play r9 r10 r11 J | k5 k6 k7 | y5 y6 y7")
    with pytest.raises(IllegalAction) as e:
        G.parse_action("place b5 b6", s.view(0))
    assert e.value.key == "rummikub.error.cannot_place"
    assert e.value.params["tiles"] == "b5 b6"


def test_a_tile_named_twice_but_held_once_says_how_many_are_held():
    s = new(RACK0, RACK1)
    for text in ("place r1 r1", "place r1 r1 r2"):
        e = refusal(s, text)
        assert (e.rule, e.key, e.params) == ("K6", "rummikub.error.too_few_copies",
                                             {"tile": "r1", "named": 2, "held": 1})
    assert english(e) == "Your move puts down r1 2 times, but you hold only 1."
    e = refusal(s, "play r1 b1 k1 | r1 r2 r3 | k5 k6 k7 | r10 r11 J")  # new sets only
    assert (e.key, e.params) == ("rummikub.error.too_few_copies",
                                 {"tile": "r1", "named": 2, "held": 1})
    e = refusal(s, "place k13 b13")  # a tile not held at all is still "not in your rack"
    assert e.key == "rummikub.error.not_in_rack"
    play(s, "place r10 r11 J")
    play(s, "place b12 k12 y12")
    # seat 0 has melded: the table's sets plus two r1 (one held) is K7
    e = refusal(s, "play r10 r11 J | b12 k12 y12 | r1 b1 k1 | r1 r2 J")
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.too_few_copies",
                                         {"tile": "r1", "named": 2, "held": 1})
    e = refusal(s, "place r1 r1 b1 k1")
    assert (e.rule, e.params) == ("K7", {"tile": "r1", "named": 2, "held": 1})


def test_K6_a_first_play_changing_the_table_with_a_tile_held_once_says_so():
    s = new("r10 r11 r12 b3 b5 k1 k4 y2 y7 r1 r5 b7 k11 y12",
            "r9 b9 k9 y13 k13 r13 b1 b2 k2 y4 y6 b11 k8 y10")
    play(s, "place r10 r11 r12")
    e = refusal(s, "play r9 r10 r11 r12 | r9 b9 k9")  # changes the table; one r9 held
    assert (e.rule, e.key, e.params) == ("K6", "rummikub.error.too_few_copies",
                                         {"tile": "r9", "named": 2, "held": 1})


@pytest.mark.parametrize("text, numbers", [("play 8 9 10", "8 9 10"),
                                           ("play 1 2 3 | 4 5 6", "1 2 3 4 5 6"),
                                           ("Play 1,2,3", "1 2 3")])
def test_play_with_rack_numbers_points_to_place(text, numbers):
    s = new(RACK0, RACK1)
    with pytest.raises(InvalidAction) as e:
        G.parse_action(text, s.view(0))
    assert (e.value.key, e.value.params) == ("rummikub.error.play_numbers", {"numbers": numbers})
    assert english(e.value).endswith(f"type /place {numbers}.")
    with pytest.raises(InvalidAction) as e:  # tiles and numbers: "Not a tile: 8" said
        G.parse_action("play r10 r11 J | 8 y11 J y13", s.view(0))  # nothing of /place
    assert (e.value.key, e.value.params) == ("rummikub.error.play_some_numbers",
                                             {"numbers": "8"})
    assert "not rack numbers (8)" in english(e.value) and "/place" in english(e.value)
    with pytest.raises(InvalidAction) as e:  # every one of them, not the first alone
        G.parse_action("play r10 r11 J | 8 9 10 y13 | R 7 b7 k7", s.view(0))
    assert e.value.params == {"numbers": "8 9 10"}
    with pytest.raises(InvalidAction) as e:  # a tile mistyped is still a bad tile
        G.parse_action("play r10 r11 J | q8 y11 J y13", s.view(0))
    assert e.value.key == "rummikub.error.bad_tile"


def test_K_D2_a_melded_player_writing_only_rack_tiles_is_pointed_to_place():
    s = new(RACK0, RACK1)
    play(s, "place r10 r11 J")
    play(s, "place b12 k12 y12")
    e = refusal(s, "play k5 k6 k7")  # seat 0 has melded; the table's sets are left out
    assert (e.rule, e.key, e.params) == ("K-D2", "rummikub.error.whole_table",
                                         {"tiles": "k5 k6 k7"})
    assert english(e).endswith("write /place k5 k6 k7.")
    e = refusal(s, "play b12 k12 y12 | k5 k6 k7")  # one table set left out: K7, named
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.table_set_missing",
                                         {"set": "r10 r11 J"})
    play(s, "place k5 k6 k7")


def test_K7_table_tiles_gone_are_all_named_not_one_whose_twin_is_there():
    """Session 60's Rummikub scan: with two b10 on the table and one set left out, the bot
    named "b10", still there in another set; the tiles gone are named, a whole set as one."""
    s = new(RACK0, RACK1)
    play(s, "place r10 r11 J")
    play(s, "place r12 b12 k12 y12")
    play(s, "place k5 k6 k7")  # Budi (seat 2), who has melded, to move
    e = refusal(s, "play r10 r11 r12 | b12 k12 y12 | k5 k6 k7")  # J left out (K8)
    assert (e.rule, e.key) == ("K8", "rummikub.error.joker_taken")
    e = refusal(s, "play r10 r11 r12 | b12 k12 y12 | k5 k6 J")  # k7 gone, the rest moved
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.table_tile_missing",
                                         {"tile": "k7"})
    e = refusal(s, "play J b12 k12 y12 | k5 k6 k7")  # r10 r11 r12 gone, J kept
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.table_tiles_missing",
                                         {"tiles": "r10 r11 r12"})
    e = refusal(s, "play r10 r11 r12 | b12 k12 y12 J")  # a whole set left out
    assert english(e).startswith("The table's set k5 k6 k7 is missing"), english(e)


def test_K6_before_the_initial_meld_a_table_set_cut_or_left_out_is_named():
    """The Rummikub scan: before the initial meld, a play that left a table set out was
    told only "the table stays as it is"; the set is named (K6)."""
    s = new(RACK0, RACK1)
    play(s, "place r10 r11 J")
    e = refusal(s, "play r12 b12 k12 y12")  # the rack alone: K-D2's /place, as before
    assert e.key == "rummikub.error.whole_table"
    e = refusal(s, "play r10 r11 r12 | b12 k12 y12")  # the joker's set cut
    assert (e.rule, e.key, e.params) == ("K6", "rummikub.error.initial_set_changed",
                                         {"set": "r10 r11 J"})
    e = refusal(s, "play b12 k12 y12 r12")  # ... left out (and the rack alone, K-D2)
    assert e.key == "rummikub.error.whole_table"
    e = refusal(s, "play r10 r11 J r12 | b12 k12 y12")  # the table changed, nothing gone
    assert (e.rule, e.key) == ("K6", "rummikub.error.initial_table_changed")


def test_K7_the_one_tile_that_spoils_a_place_is_named():
    s = new(RACK0, RACK1)
    play(s, "place r10 r11 J")
    play(s, "place b12 k12 y12")
    # k13 would need the table's joker (K8: it stands for r12 or r9, which seat 0 lacks)
    e = refusal(s, "place k5 k6 k7 k13")
    assert (e.rule, e.key) == ("K7", "rummikub.error.cannot_place_with")
    assert e.params == {"tiles": "k5 k6 k7 k13", "tile": "k13"}
    assert english(e) == ("Those tiles cannot all go on the table together: without k13 the "
                          "others could.")
    play(s, "place k5 k6 k7")


def test_K_D2_set_separators_the_bot_prints_or_teaches_are_read_back():
    """The /rules example prints tables with `·` between sets, and `|` separates sets in
    the notation: `play` reads `·` as `|`, and `place` (tiles only) skips both instead
    of calling them "Not a tile"."""
    from rules.tiles import parse_tiles

    laid = sorted(sorted(parse_tiles(m, "rummikub")) for m in ("r10 r11 J", "k5 k6 k7"))
    for move in ("place r10 r11 J | k5 k6 k7", "play r10 r11 J · k5 k6 k7"):
        s = new(RACK0, RACK1)
        play(s, move)
        assert sorted(sorted(m) for m in s.table) == laid, move


def test_K7_two_copies_of_which_one_fits_are_told_so():
    """`place r12 r12` with only r9 r10 r11 to extend: "without r12 the others could" read
    oddly when the others are the other r12; it says only one fits."""
    s = new("r9 r10 r11 r12 r12 b1 b3 b5 k7 k9 y2 y4 y6 y8",
            "b12 k12 y12 b6 b7 b8 k2 k3 k4 y9 y10 y11 k13 y13")
    play(s, "place r9 r10 r11")  # the initial meld: 30 (K6)
    play(s, "draw")
    e = refusal(s, "place r12 r12")
    assert (e.rule, e.key) == ("K7", "rummikub.error.one_copy_fits")
    assert english(e) == "Only one r12 can go on the table now, not both: put down one."
    play(s, "place r12")


def test_K7_a_place_that_fits_but_for_two_tiles_names_those_two():
    """The table the scan met (seed 6): r5 goes on r6 r7 r8, and k7 k8 each fit some set
    with the table (so no tile "fits nowhere"), but not all three at once. The refusal
    named all three as if none could go down; it names the two the rest can do without."""
    from types import SimpleNamespace

    from rules.rummikub_actions import place_action
    from rules.tiles import parse_melds, parse_tiles

    table = parse_melds("r6 r7 r8 | r10 r11 r12 r13 | b1 b2 b3 b4 | r2 y2 J | b6 k6 y6 | "
                        "r9 k9 y9 | b9 k9 y9 | b11 k11 y11 | r12 k12 J | r13 k13 y13",
                        "rummikub")
    rack = parse_tiles("r5 b1 b4 b11 k1 k7 k8 y10", "rummikub")
    view = SimpleNamespace(table=table, rack=rack, melded=[True, True], seat=0)
    assert place_action(view, parse_tiles("r5", "rummikub"))  # r5 alone goes down
    with pytest.raises(IllegalAction) as e:
        place_action(view, parse_tiles("r5 k7 k8", "rummikub"))
    assert (e.value.key, e.value.params) == ("rummikub.error.cannot_place_with",
                                             {"tiles": "r5 k7 k8", "tile": "k7 k8"})
    assert english(e.value) == ("Those tiles cannot all go on the table together: without "
                                "k7 k8 the others could.")


def test_K7_a_place_that_fits_but_for_three_tiles_names_those_three():
    """A scan's table (2026-12-06): b3 k3 y3 make a group, and k13 y13 k1 each fit some
    set with the table's jokers (so none "fits nowhere") but the jokers are needed where
    they are: the refusal named all six tiles as if none could go down."""
    from types import SimpleNamespace

    from rules.rummikub_actions import place_action
    from rules.tiles import parse_melds, parse_tiles

    table = parse_melds("r10 r11 J | b7 k7 J", "rummikub")
    rack = parse_tiles("b3 k3 y3 k13 y13 k1 r9 r12", "rummikub")
    view = SimpleNamespace(table=table, rack=rack, melded=[True, True], seat=0)
    with pytest.raises(IllegalAction) as e:
        place_action(view, parse_tiles("b3 k3 y3 k13 y13 k1", "rummikub"))
    assert (e.value.key, e.value.params["tile"]) == ("rummikub.error.cannot_place_with",
                                                     "k1 k13 y13")


def test_K_D2_a_table_copied_from_its_caption_reads_back():
    """The table's caption numbers its sets ("1. r10 r11 J"): typed back with the numbers
    (or `;` between sets) `play` reads them as set separators; they were "tiles"."""
    from rules.tiles import parse_melds

    want = parse_melds("r10 r11 J r12 | b7 k7 J", "rummikub")
    for typed in ("1. r10 r11 J r12 2. b7 k7 J", "r10 r11 J r12; b7 k7 J",
                  "1. r10 r11 J r12 · 2. b7 k7 J"):
        assert parse_melds(typed, "rummikub") == want, typed


def test_K6_a_refusal_names_each_copy_of_a_tile_that_makes_no_set():
    """`/place 1 2 3` with r3 r3 r8 was told "No new set can be made with r3 r8": the
    newcomer's second r3 was gone from the message."""
    from types import SimpleNamespace

    from rules.rummikub_actions import place_action
    from rules.tiles import parse_tiles

    rack = parse_tiles("r3 r3 r8 b1 b5 k9 y12", "rummikub")
    view = SimpleNamespace(table=(), rack=rack, melded=[False, False], seat=0)
    with pytest.raises(IllegalAction) as e:
        place_action(view, parse_tiles("r3 r3 r8", "rummikub"))
    assert e.value.params["tiles"] == "r3 r3 r8"


def test_K6_K7_a_set_typed_as_it_lies_is_not_named_for_its_twins_tile():
    """Session 60's regression scan: with r5 in two table sets, the one typed whole was
    named as missing; the set cut is (K6), or the tiles gone (K7: rearranging is allowed)."""
    s = new("r5 r5 r6 r7 b5 k5 y5 b1 b2 y3 y9 r1 k1 k13",
            "r12 b12 k12 y12 b5 b6 r9 r9 b1 k2 y7 k9 k10 y1")
    play(s, "place r5 r6 r7 | r5 b5 k5 y5")
    for typed in ("play r5 r6 r7 | b5 k5 y5 | r12 b12 k12 y12",
                  "play b5 k5 y5 | r7 r6 r5 | r12 b12 k12 y12"):
        e = refusal(s, typed)
        assert (e.rule, e.key, e.params) == ("K6", "rummikub.error.initial_set_changed",
                                             {"set": "r5 b5 k5 y5"}), typed
    play(s, "play r7 r6 r5 | y5 k5 b5 r5 | r12 b12 k12 y12")  # as it lies, in any order
    e = refusal(s, "play r5 r6 r7 | b5 k5 y5 | r12 b12 k12 y12 | b1 b2 J")
    assert (e.rule, e.key, e.params) == ("K7", "rummikub.error.table_tile_missing",
                                         {"tile": "r5"})
