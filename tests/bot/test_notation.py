"""Seats as people count them (from 1) versus the engine's notation (from 0): Yüzbir's
`pairs <pairs> to <seat>` (Y9) is converted in one place, bot/notation.py."""

from __future__ import annotations

import pytest

import rules
from bot import notation
from bot.play import make_payload
from bot.refusal import Refusal
from rules.errors import IllegalAction

from .conftest import ALI, en

YUZBIR = rules.find_game("yuzbir")
DOMINOES = rules.find_game("dominoes")


def test_Y9_typed_seat_counts_from_one_and_engine_text_from_zero():
    assert notation.from_person(YUZBIR, "pairs b9 b9 | r1 r1 to 3", 4) == "pairs b9 b9 | r1 r1 to 2"
    assert notation.from_person(YUZBIR, "PAIRS b9 b9 TO 1", 4) == "PAIRS b9 b9 TO 0"
    assert notation.for_person(YUZBIR, "pairs b9 b9 | r1 r1 to 2") == "pairs b9 b9 | r1 r1 to 3"
    for text in ("pairs b9 b9 to 2", "pairs r1 r1 | k5 k5 to 3"):
        assert notation.from_person(YUZBIR, notation.for_person(YUZBIR, text), 4) == text
    # moves without a seat, and games without such a move, pass unchanged
    for game, text in ((YUZBIR, "add b7 to 3"), (YUZBIR, "pairs b9 b9"),
                       (DOMINOES, "play 3-5 left")):
        assert notation.from_person(game, text, 4) == text == notation.for_person(game, text)


@pytest.mark.parametrize("seat", [0, 5])
def test_Y9_a_seat_that_does_not_exist_is_refused_in_the_typed_numbers(seat):
    with pytest.raises(Refusal) as e:
        notation.from_person(YUZBIR, f"pairs b9 b9 to {seat}", 4)
    assert e.value.line.params == {"seat": seat, "last": 4}


async def _yuzbir_turn(bot, monkeypatch):
    """A Yüzbir table where Ali (seat 1) is to move; records what the engine parses."""
    await bot.say(ALI, "/new yuzbir bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0
    parsed = []
    original = table.game.parse_action

    def spy(text, view=None):
        parsed.append(text)
        return original(text, view)

    monkeypatch.setattr(table.game, "parse_action", spy)
    return table, parsed


async def test_Y9_typed_pairs_to_seat_reaches_the_engine_zero_based(bot, monkeypatch):
    table, parsed = await _yuzbir_turn(bot, monkeypatch)
    await bot.say(ALI, "/pairs r1 r1 to 3")
    assert parsed == ["pairs r1 r1 to 2"]
    out = await bot.say(ALI, "/pairs r1 r1 to 9")
    assert en(out[0]) == "There is no seat 9; seats are 1 to 4."
    assert len(parsed) == 1  # refused before the engine


async def test_Y9_button_payload_is_engine_text_and_not_converted(bot, monkeypatch):
    table, parsed = await _yuzbir_turn(bot, monkeypatch)
    await bot.press(ALI, make_payload(table.id, table.moves, "pairs r1 r1 to 2"))
    assert parsed == ["pairs r1 r1 to 2"]


async def test_Y9_engine_error_names_the_seat_as_people_count_it(bot, monkeypatch):
    table, _ = await _yuzbir_turn(bot, monkeypatch)

    def refuse(action):
        raise IllegalAction("Y9", "seat 2 has not opened with pairs",
                            "yuzbir.error.pairs_to_target", to=2)

    monkeypatch.setattr(table.state, "apply", refuse)
    out = await bot.say(ALI, "/pairs r1 r1 to 3")
    assert en(out[0]).splitlines()[0] == (  # (then: the group read the tiles typed there)
        "Not allowed (Y9): Seat 3 (Computer 3) has not opened with pairs.")


def test_a_colour_before_numbers_is_asked_about_with_its_own_tiles_as_the_example():
    """`place r 12 13 J`: r12 and r13, or r12 and the rack's tile 13? The question's
    example is the tiles typed (r12 r13), not a fixed b10 b11 b12."""
    game = rules.find_game("rummikub")
    with pytest.raises(Refusal) as asked:
        notation.tiles_by_slot(game, "place r 12 13 J", list(range(14)))
    assert asked.value.line.key == "core.error.colour_then_numbers"
    assert asked.value.line.params["tiles"] == "r12 r13"


@pytest.mark.parametrize("typed,example", [
    ("open r 10 11 12 | 3 4 5", "r10 r11 r12"),  # the colour's numbers end at the `|`
    ("open red 10 11 | k 3 4", "r10 r11"),  # a colour's word written as the notation does
])
def test_the_colour_question_s_example_is_only_that_colour_s_tiles(typed, example):
    game = rules.find_game("okey101")
    with pytest.raises(Refusal) as asked:
        notation.tiles_by_slot(game, typed, list(range(15)))
    assert asked.value.line.params["tiles"] == example
