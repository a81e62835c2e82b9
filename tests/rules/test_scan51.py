"""What the scans of 2026-12-06 (session 51) found in the rules layer."""

from __future__ import annotations

import pytest

from rules.errors import ConfigError
from rules.yuzbir import YuzbirConfig


@pytest.mark.parametrize("typed, mode", [("tek", "single"), ("TUNGGAL", "single"),
                                         ("çevrimiçi", "online"), ("online", "online")])
def test_Y21_Y22_a_mode_is_read_in_each_of_the_bots_languages(typed, mode):
    assert YuzbirConfig.from_options({"mode": typed}).mode == mode


def test_Y21_an_unknown_mode_still_names_the_modes():
    with pytest.raises(ConfigError) as e:
        YuzbirConfig.from_options({"mode": "duo"})
    assert e.value.params["allowed"] == "online, single"


@pytest.mark.parametrize("typed, read", [
    ("add r4 3", "add r4 to 3"), ("add r4 pada 3", "add r4 to 3"),
    ("add r4 ke kombinasi 3", "add r4 to 3"), ("add r4 3 low", "add r4 to 3 low"),
    ("swap b8 di 2", "swap b8 in 2"), ("add b7 में 3", "add b7 to 3")])
def test_O_D4_an_adds_meld_in_our_players_words(typed, read):
    from rules.okey_actions import parse_action

    assert str(parse_action(typed)) == read


def test_O_D4_an_add_without_a_tile_before_its_number_still_asks_for_the_form():
    from rules.errors import InvalidAction
    from rules.okey_actions import parse_action

    with pytest.raises(InvalidAction) as e:
        parse_action("add merah 7")  # (the tile r7, and no meld)
    assert e.value.key == "error.target_form"


@pytest.mark.parametrize("typed, read", [
    ("tutup 6-6", "drop 6-6"), ("pasang 3-5 ke kiri", "play 3-5 left"),
    ("oyna 3-5 sol uca", "play 3-5 left"), ("play left 3-5", "play 3-5 left"),
    ("खेलो 3-5 दाएँ सिरे पर", "play 3-5 right"), ("main 3-5 di ujung kanan", "play 3-5 right")])
def test_D2_D6_dominoes_moves_as_our_players_say_them(typed, read):
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == read


@pytest.mark.parametrize("typed, value", [("iya", True), ("enggak", False), ("gak", False)])
def test_indonesian_spoken_yes_and_no_are_switch_words(typed, value):
    from rules.game import switch_word

    assert switch_word(typed) is value


@pytest.mark.parametrize("typed, read", [
    ("khelo 0-1", "play 0-1"), ("chalo 0-1", "play 0-1"), ("ulta 2-2", "drop 2-2"),
    ("paas", "pass"), ("खेलो 0-5 बायीं ओर", "play 0-5 left"), ("खेलो 1-2 दाहिने", "play 1-2 right"),
    ("play 1-2 दाईं तरफ़", "play 1-2 right"), ("play 0-5 baayen", "play 0-5 left"),
    ("उल्टा 2-2", "drop 2-2")])
def test_D2_D6_dominoes_in_hindi_as_it_is_typed(typed, read):
    """Romanised Hindi (khelo, ulta, paas) and the everyday words for an end (दाहिने, बायीं
    ओर, दाईं तरफ़) were "not a dominoes move"."""
    from rules.dominoes_actions import parse_action

    assert str(parse_action(typed)) == read


@pytest.mark.parametrize("typed, value", [("nahi", False), ("band", False), ("नही", False),
                                          ("chalu", True)])
def test_hindi_on_and_off_as_typed(typed, value):
    from rules.game import switch_word

    assert switch_word(typed) is value
