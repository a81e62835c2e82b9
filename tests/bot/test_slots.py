"""Naming a tile by the number under it in one's rack picture (`discard 5`): the bot puts
the tile of that slot in its place; a number after `to` or `in` stays a meld (or seat)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import rules
from bot import i18n, views
from bot.lobby import timer_of
from bot.messages import Image
from bot.notation import names_slots, number, slots_named, tiles_by_slot
from bot.play import parse_payload
from bot.refusal import Refusal
from rules.errors import ConfigError
from rules.game import parse_seat_prefix

from .conftest import ALI, draw_until_to_discard, en, okey_table

OKEY = SimpleNamespace(family="okey")
RUMMIKUB = SimpleNamespace(family="rummikub")
DOMINOES = SimpleNamespace(family="dominoes")
RACK = ["r7", "b7", "y7", "y11", "*", "y13", "k1"]


def test_slot_numbers_become_the_tiles_of_those_slots():
    assert tiles_by_slot(OKEY, "discard 5", RACK) == "discard *"
    assert tiles_by_slot(OKEY, "/open 1 2 3 | 4 5 6", RACK) == "/open r7 b7 y7 | y11 * y13"
    assert tiles_by_slot(OKEY, "add 7 to 2", RACK) == "add k1 to 2"  # meld 2, not slot 2
    assert tiles_by_slot(OKEY, "swap 1 in 3", RACK) == "swap r7 in 3"
    assert tiles_by_slot(OKEY, "pairs 1 2 to 0", RACK) == "pairs r7 b7 to 0"  # a seat (Y9)
    assert tiles_by_slot(OKEY, "discard r7", RACK) == "discard r7"  # tiles stay tiles
    assert tiles_by_slot(RUMMIKUB, "place 1 2 3", RACK) == "place r7 b7 y7"
    # "|" need not stand apart, and any script's digits are numbers (not "²")
    assert tiles_by_slot(OKEY, "/open 1 2|3 ४", RACK) == "/open r7 b7 | y7 y11"
    assert slots_named(OKEY, "/open 1 2|3 ४") == [1, 2, 3, 4]
    assert tiles_by_slot(OKEY, "discard ²", RACK) == "discard ²"
    # where the pictures number no slots, or the move names no tiles, nothing changes
    assert not names_slots(DOMINOES, "play 3 left")
    assert not names_slots(RUMMIKUB, "play r1 r2 r3")
    assert not names_slots(OKEY, "draw 3")


def test_a_number_with_no_tile_is_refused_in_the_persons_numbers():
    with pytest.raises(Refusal) as e:
        tiles_by_slot(OKEY, "open 1 2 8", RACK)
    assert (e.value.line.key, e.value.line.params) == ("core.error.bad_slot",
                                                       {"slot": 8, "last": 7})


def test_a_rack_number_named_twice_is_refused():
    """One tile is laid once: "place 1 1 3" is not r7 twice (the game would read the
    second copy as another tile of the rack)."""
    for game, move in ((RUMMIKUB, "place 1 1 3"), (OKEY, "open 1 2 3 | 3 4 5")):
        with pytest.raises(Refusal) as e:
            tiles_by_slot(game, move, RACK)
        assert e.value.line.key == "core.error.slot_twice"
    assert i18n.translate("en", "core.error.slot_twice", e.value.line.params) == \
        "You named tile 3 (y7) twice: each tile is laid once."


def test_a_colour_then_several_numbers_is_refused_as_unclear():
    """"place b 10 11 12": the run b10 b11 b12, or b10 and the tiles at 11 and 12? Asked,
    not guessed; "discard R 7" alone is still the tile r7."""
    with pytest.raises(Refusal) as e:
        tiles_by_slot(RUMMIKUB, "place b 10 11 12", RACK * 2)
    assert e.value.line.params == {"words": "b 10 11 12", "tiles": "b10 b11 b12"}
    with pytest.raises(Refusal):
        tiles_by_slot(RUMMIKUB, "place blue 10 2 3", RACK * 2)
    assert tiles_by_slot(OKEY, "discard R 7", RACK) == "discard R 7"
    assert tiles_by_slot(OKEY, "open b10 2 3", RACK) == "open b10 b7 y7"


async def test_a_player_discards_by_the_number_on_the_rack_picture(bot):
    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    await draw_until_to_discard(bot, table, ALI)
    racks = [m for m in bot.sent if isinstance(m, Image) and m.kind == "rack"
             and m.to.user == ALI.id]
    shown = [t for t in racks[-1].view["rack"] if t is not None]
    assert shown == [t for t in views.Snapshot(table.state).json(seat)["rack"] if t is not None]

    moves = table.moves
    out = await bot.say(ALI, f"/discard {len(shown) + 1}")  # past the last tile: refused
    assert en(out[0]) == (f"Your rack has no tile {len(shown) + 1}: its tiles are numbered "
                          f"1 to {len(shown)}.")
    assert table.moves == moves
    # words that are no tile are echoed as typed, the rack number too (not its tile)
    out = await bot.say(ALI, "/discard purple 3")
    assert "Not a tile: purple 3." in en(out[0]) and table.moves == moves

    await bot.say(ALI, "/discard 2")
    log = await bot.store.move_log(table.id)
    assert log[moves].seat == seat and log[moves].action == f"discard {shown[1]}"


def test_a_number_is_any_scripts_decimal_digits_and_nothing_int_refuses():
    assert [number(w) for w in ("5", "५", "５", "012")] == [5, 5, 5, 12]
    assert [number(w) for w in ("²", "①", "9" * 7, "", "-1", "1.5")] == [None] * 6
    with pytest.raises(Refusal):  # a forged button: stale, not a crash
        parse_payload("m:²:1:draw")
    game = rules.find_game("dominoes")  # its timer is the bot's option, not the game's
    with pytest.raises(ConfigError):
        timer_of(game, game.Config(), {"timer": "²"})
    assert timer_of(game, game.Config(), {"timer": "९०"}) == 90
    assert parse_seat_prefix("² : draw") == (None, "² : draw")


def test_a_colour_word_then_a_number_is_a_tile_not_a_slot():
    """Forgiving input (shared/rules/README): `discard R 3` is r3, never the rack's third."""
    assert tiles_by_slot(OKEY, "discard R 3", RACK) == "discard R 3"
    assert tiles_by_slot(OKEY, "discard merah 3", RACK) == "discard merah 3"
    assert tiles_by_slot(OKEY, "discard 3", RACK) != "discard 3"  # a bare number is a slot


def test_a_number_with_its_colour_word_after_it_is_a_tile_not_a_rack_number():
    """`/discard 5 hitam` (Indonesian says the colour after the number) discarded rack
    tile 5 with a word after it, "Not a tile: 5 hitam" (a scan); it names k5."""
    assert tiles_by_slot(OKEY, "discard 5 hitam", RACK) == "discard 5 hitam"
    assert tiles_by_slot(OKEY, "/open 13 merah 12 merah 11 merah", RACK) \
        == "/open 13 merah 12 merah 11 merah"
    assert tiles_by_slot(OKEY, "/open 1 2 3 | 7 k2 k3", RACK) == "/open r7 b7 y7 | k1 k2 k3"


def test_O17_O19_indonesian_ke_and_di_before_a_meld_number_read_as_to_and_in():
    """`/add tiles:y1 ke 1` was refused "write: add <tile> to <meld number>" (a scan), and
    `add 7 ke 2` would have read 2 as a rack number: ke/di name the meld as to/in do."""
    from bot.notation import from_person

    okey = rules.find_game("okey101")
    assert from_person(okey, "add y1 ke 1", 4) == "add y1 to 1"
    assert from_person(okey, "/add 7 KE 2.", 4) == "/add 7 to 2"
    assert from_person(okey, "swap r5 di 3", 4) == "swap r5 in 3"
    assert tiles_by_slot(OKEY, from_person(okey, "add 7 ke 2", 4), RACK) == "add k1 to 2"
    assert from_person(okey, "discard ke", 4) == "discard ke"  # no meld named: as typed
    assert from_person(rules.find_game("rummikub"), "place r1 ke 2", 4) == "place r1 ke 2"


def test_number_first_tiles_in_adds_bars_and_before_a_comma():
    """`add 13 merah ke 1` read 13 as a rack number ("Your rack has no tile 13"), as did
    `1 merah 2 merah 3 merah | 5 6 7` and `discard 2 merah,` (the regression scan): a move
    written number first is read so up to its meld number, its | and its last comma."""
    from bot.notation import from_person

    okey = rules.find_game("okey101")
    assert tiles_by_slot(OKEY, from_person(okey, "add 13 merah ke 1", 4), RACK) \
        == "add 13 merah to 1"
    assert tiles_by_slot(OKEY, "/open 1 merah 2 merah 3 merah | 5 6 7", RACK) \
        == "/open 1 merah 2 merah 3 merah | * y13 k1"
    assert tiles_by_slot(OKEY, "discard 2 merah ,", RACK) == "discard 2 merah ,"
    # rack numbers run into a number-first tile: which was meant is asked, as "merah 1 2 3"
    with pytest.raises(Refusal) as e:
        tiles_by_slot(OKEY, "/open 1 2 3 merah", RACK)
    assert e.value.line.params == {"words": "1 2 3 merah", "tiles": "r1 r2 r3"}
