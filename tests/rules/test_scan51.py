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
