"""Dominoes notation, deals, records and views (issue 5, part 2)."""

from __future__ import annotations

import json
import re

import pytest

from rules import dominoes_actions as acts
from rules.dominoes_tiles import TEXT, parse_tile
from rules.errors import DealError, IllegalAction, InvalidAction
from rules.record import replay

from .test_dominoes_helpers import DEAL4, DEAL5, DEAL_BLOCK, GAME, HANDS4, act, new


def test_tiles_print_lower_end_first_and_accept_either_order():
    assert TEXT[parse_tile("5-3")] == "3-5"
    assert parse_tile("[3-5]") == parse_tile("3:5") == parse_tile("35") == parse_tile("3-5")
    with pytest.raises(InvalidAction) as e:
        parse_tile("3-7")
    assert e.value.key == "dominoes.error.bad_tile"


def test_tiles_typed_on_a_phone_read_as_digits_and_a_dash():
    """Full-width digits, an en dash, Devanagari and Arabic-Indic digits, as the okey
    games and the options already take them."""
    for text in ("０－５", "0–5", "0—5", "०-५", "٠:٥"):
        assert TEXT[parse_tile(text)] == "0-5", text
    assert str(GAME.parse_action("play ३-५ left")) == "play 3-5 left"
    assert TEXT[parse_tile("0\u22125")] == "0-5"  # a minus sign
    assert str(GAME.parse_action("play 3 - 5 left")) == "play 3-5 left"  # spaced, as typed
    assert str(GAME.parse_action("drop ६ – ६")) == "drop 6-6"
    # the ends as the Hindi board names them
    assert str(GAME.parse_action("play ३-५ बाएँ")) == "play 3-5 left"
    assert str(GAME.parse_action("play 3-5 दाएँ")) == "play 3-5 right"
    with pytest.raises(InvalidAction):
        parse_tile("०-७")  # still a double-six set


@pytest.mark.parametrize("text,canonical", [
    ("play 5-3 left", "play 3-5 left"),
    ("PLAY 3-5 R", "play 3-5 right"),
    ("play 3-5 l", "play 3-5 left"),
    ("3-5 right", "play 3-5 right"),
    ("play 6-6", "play 6-6"),
    ("  drop   6-6 ", "drop 6-6"),
    ("Pass", "pass"),
    ("पास", "pass"),  # Hindi players' words: the bot itself writes पास
    ("खेलो 1-4 बायें", "play 1-4 left"),  # and the other spelling of बाएँ
    ("चलो 1-4 दायें", "play 1-4 right"),
    ("उल्टी 0-5", "drop 0-5"),  # face down as the Hindi and Turkish /rules gloss drop
    ("TERS 6-6", "drop 6-6"),
    ("ters koy 6-6", "drop 6-6"),  # as the Turkish /rules writes it, and the Hindi
    ("उल्टी रखें 0-5", "drop 0-5"),
])
def test_actions_parse_case_insensitively_and_print_canonically(text, canonical):
    assert str(GAME.parse_action(text)) == canonical


def test_every_canonical_action_round_trips():
    for text, action in acts.BY_TEXT.items():
        assert str(action) == text and GAME.parse_action(text) == action


@pytest.mark.parametrize("text", ["", "play", "play 3-5 up", "drop", "pass 3-5", "jump 1-2"])
def test_bad_action_text_is_invalid(text):
    with pytest.raises(InvalidAction):
        GAME.parse_action(text)


@pytest.mark.parametrize("text", ["hepl", "jump 1-2", "drop 6-6 now"])
def test_a_word_that_is_no_move_is_called_no_move_not_a_bad_domino(text):
    with pytest.raises(InvalidAction) as e:
        GAME.parse_action(text)
    assert e.value.key == "dominoes.error.bad_action"


def _at_ends_4_1():
    """DEAL_BLOCK after four moves: ends 6 | 1, seat 3 (holding 1-6) to move."""
    s = new(deals=[DEAL_BLOCK])
    for a in ("play 0-0", "drop 2-2", "play 0-1", "play 0-4", "play 4-6"):
        act(s, a)
    assert s.view(3).ends == (6, 1) and s.current_player == 3
    return s


def test_play_without_end_is_refused_when_both_ends_differ_in_result():
    s = _at_ends_4_1()
    with pytest.raises(IllegalAction) as e:
        act(s, "play 1-6")
    assert e.value.key == "dominoes.error.which_end" and e.value.params == {"tile": "1-6"}
    assert "play 1-6 left" in s.legal_texts() and "play 1-6 right" in s.legal_texts()
    act(s, "play 6-1 l")
    assert s.actions[-1] == "play 1-6 left"
    assert s.view(0).ends == (1, 1)


def test_end_is_dropped_from_the_canonical_text_where_only_one_end_fits():
    s = _at_ends_4_1()
    assert "play 1-2" in s.legal_texts()  # fits only the right end (1)
    assert str(GAME.parse_action("play 1-2 right", s.view(3))) == "play 1-2"
    act(s, "play 1-2 right")
    assert s.actions[-1] == "play 1-2"
    assert s.line[-1] == (1, 2)


def test_equal_ends_play_without_end_goes_right_and_named_end_is_honoured():
    s = new(deals=[DEAL_BLOCK])
    act(s, "play 0-0")
    act(s, "drop 2-2")
    assert s.legal_texts() == ("play 0-1", "play 0-2", "play 0-3")
    act(s, "play 0-1")
    assert s.line == ((0, 0), (0, 1))
    s2 = new(deals=[DEAL_BLOCK])
    act(s2, "play 0-0")
    act(s2, "drop 2-2")
    act(s2, "play 0-1 left")
    assert s2.line == ((1, 0), (0, 0)) and s2.actions[-1] == "play 0-1 left"
    assert replay(s2.record()).line == s2.line


def test_first_tile_needs_no_end():
    s = new(deals=[DEAL4])
    act(s, "play 0-0 right")
    assert s.actions == ["play 0-0"]


def test_illegal_action_changes_nothing():
    s = _at_ends_4_1()
    before = (s.record(), s.view(3), s.outcome())
    for bad in ("play 1-6", "play 2-5", "pass", "drop 1-1", "play 3-3"):
        with pytest.raises((IllegalAction, InvalidAction)):
            act(s, bad)
    assert (s.record(), s.view(3), s.outcome()) == before


@pytest.mark.parametrize("deal", [
    {"first": 2, "hands": HANDS4[:3]},
    {"first": 2, "hands": [HANDS4[0], HANDS4[0], HANDS4[2], HANDS4[3]]},
    {"first": 2, "hands": [HANDS4[0] + " 1-1", *HANDS4[1:]]},
    {"first": 2, "hands": [HANDS4[0], HANDS4[1], HANDS4[2], "0-4 1-1"]},
    {"first": 9, "hands": HANDS4},
    {"first": 2, "hands": ["x", *HANDS4[1:]]},
    "nope",
])
def test_bad_deals_are_refused(deal):
    with pytest.raises(DealError):
        new(deals=[deal])


def test_five_player_deal_checks_start_and_middle():
    with pytest.raises(DealError):
        new({"players": 5}, deals=[{**DEAL5, "middle": "5-6"}])
    with pytest.raises(DealError):
        new({"players": 5}, deals=[{k: v for k, v in DEAL5.items() if k != "start"}])
    s = new({"players": 5}, deals=[DEAL5])
    assert s.deals_used == [{**DEAL5}]


def test_more_deals_than_games_is_refused():
    with pytest.raises(DealError):
        new(deals=[DEAL4, DEAL4])


def test_record_with_seed_replays_to_the_same_state():
    s = new({"games": 3}, seed=99)
    while not s.is_finished:
        act(s, s.legal_texts()[-1])
    rec = json.loads(json.dumps(s.record()))
    assert rec["seed"] == 99 and "deals" not in rec
    again = replay(rec)
    assert again.outcome() == s.outcome() and again.deals_used == s.deals_used


def test_record_with_deals_plays_on_with_dealt_games():
    # a 3-game match from one given deal: later games are dealt from the seed, which the
    # record keeps beside the given deal (written as dealt, they would replay mid-match
    # with the rng one deal behind: tests/rules/test_records.py)
    s = new({"games": 3}, deals=[DEAL4], seed=4)
    while not s.is_finished:
        act(s, s.legal_texts()[0])
    rec = s.record()
    assert rec["deals"] == [DEAL4] and rec["seed"] == 4
    assert replay(rec).outcome() == s.outcome()


VIEW_KEYS = {"game", "seat", "current_player", "legal", "hand", "line", "ends", "dead_counts",
             "hand_counts", "middle_count", "scores", "game_number"}


def test_view_json_has_the_keys_the_renderer_reads():
    s = new({"players": 5}, deals=[DEAL5])
    j = s.view(2).to_json()
    assert VIEW_KEYS <= set(j)
    assert j["hand"] == ["1-4", "1-5", "1-6", "2-2", "2-3"]
    assert j["line"] == [[3, 4]] and j["ends"] == [3, 4]
    assert j["legal"] == ["play 1-4", "play 2-3"]
    assert j["middle_count"] == 2 and j["hand_counts"] == [5] * 5
    assert j["scores"] == [0] * 5 and j["game_number"] == 1
    assert s.view(0).to_json()["legal"] == []
    json.dumps(j)
    act(s, "play 2-3")
    assert s.view(0).to_json()["line"] == [[2, 3], [3, 4]]


def test_empty_table_view_has_no_ends():
    j = new(deals=[DEAL4]).view(2).to_json()
    assert j["ends"] is None and j["line"] == [] and j["opening"] == "0-0"


def test_messages_cover_every_event_and_error_key():
    from rules.dominoes import MESSAGES
    seen = set()
    for seed in range(30):
        for options in ({}, {"dead_tiles": "off", "players": "5", "games": "3"}):
            s = new(options, seed=seed)
            while not s.is_finished:
                for ev in act(s, s.legal_texts()[0]):
                    seen.add(ev.key)
                    # every recipient can fill the text: it names public params only
                    text = MESSAGES[ev.key]
                    assert set(re.findall(r"{(\w+)}", text)) <= set(ev.public)
    assert seen <= set(MESSAGES)
    assert {"dominoes.played_first", "dominoes.dropped", "dominoes.passed",
            "dominoes.game_over", "dominoes.match_over", "dominoes.new_game"} <= seen


def test_apply_refuses_what_is_not_an_action():
    s = new(deals=[DEAL4])
    s.legal_texts()
    with pytest.raises(InvalidAction):
        s.apply("play 0-0")  # text must go through parse_action first
    assert s.actions == []


@pytest.mark.parametrize("text, key", [("play", "dominoes.error.play_no_tile"),
                                       ("main", "dominoes.error.play_no_tile"),
                                       ("drop", "dominoes.error.drop_no_tile"),
                                       ("mati", "dominoes.error.drop_no_tile")])
def test_a_move_word_without_its_tile_asks_for_the_tile(text, key):
    """`drop` alone was "Not a dominoes move: drop" (it is one), with an example tile the
    rack may not hold; it asks for the tile."""
    with pytest.raises(InvalidAction) as e:
        acts.parse_action(text)
    assert e.value.key == key


@pytest.mark.parametrize("text", ["drop", "play", "play left", "ters koy", "main kiri"])
def test_D_D1_D7_a_move_without_its_tile_at_ones_turn_lists_the_moves_there_are(text):
    """The regression scan: `/drop` where a tile fits (D-D1), or at a table that passes
    (D7), was told to name the tile to lay face down, and that was then refused. At one's
    turn the refusal lists the moves there are; "play left" and "ters koy" are caught too."""
    s = GAME.new(GAME.Config.from_options({"dead_tiles": "off"}), seed=3)
    view = s.view(s.current_player)
    with pytest.raises(InvalidAction) as e:
        GAME.parse_action(text, view)
    assert e.value.key == "dominoes.error.no_tile_moves"
    assert e.value.params == {"moves": ", ".join(view.legal)} and view.legal
    assert not any(m.startswith("drop") for m in view.legal)  # (D7: none to name)


def test_D7_a_move_without_its_tile_where_only_a_pass_is_left_says_to_pass():
    """The regression scan: with nothing that fits at a table that passes, `/play` alone was
    "Name the tile too: your moves now are pass"; there is no tile to name (D7)."""
    s = GAME.new(GAME.Config.from_options({"dead_tiles": "off"}), seed=3)
    while tuple(s.view(s.current_player).legal) != ("pass",):
        s.apply(GAME.parse_action(s.view(s.current_player).legal[0]))
        assert not s.is_finished  # (seed 3 comes to a pass)
    for text in ("play", "drop", "play left"):
        with pytest.raises(InvalidAction) as e:
            GAME.parse_action(text, s.view(s.current_player))
        assert e.value.key == "dominoes.error.no_dead_tiles", text


@pytest.mark.parametrize("text, side", [
    ("0-1 baayi taraf lagao", "left"), ("0-1 daayi taraf lagao", "right"),
    ("0-1 baayein lagao", "left"), ("0-1 baaye lagao", "left"), ("0-1 left me lagao", "left"),
    ("0-1 right mein lagao", "right"), ("0-1 left side mein lagao", "left"),
    ("0-1 left taraf lagao", "left")])
def test_hinglish_ends_are_read(text, side):
    """The Hindi scan: "0-1 बाईं तरफ़ लगाओ" played, its Latin spelling "0-1 baayi taraf
    lagao" and Hinglish "0-1 left me lagao" were "not a dominoes move"."""
    assert str(acts.parse_action(text)) == f"play 0-1 {side}"
