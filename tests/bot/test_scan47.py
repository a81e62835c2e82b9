"""What the scans of 2026-12-06 (session 47) found, each fixed."""

from __future__ import annotations

import pytest

from rules import find_game
from rules.errors import InvalidAction

from .conftest import ALI, en
from .test_scan46 import _rummikub


async def test_K5_taruh_typed_at_rummikub_is_answered_with_place(bot):
    """`taruh r1 r2 r3` (Indonesian "put", dominoes' play word) at a Rummikub table was
    "Unknown move taruh r1 r2 r3": it is answered with the move to type, tiles and all."""
    await _rummikub(bot)
    out = await bot.say(ALI, "/taruh r1 r2 r3")
    assert [en(m).split("\n")[0] for m in out] == [
        "Moves are typed in English, as the buttons show them: for “taruh” type "
        "/place r1 r2 r3."]


def test_an_unknown_rummikub_move_is_quoted_by_its_word_not_the_whole_line():
    with pytest.raises(InvalidAction) as e:
        find_game("rummikub").parse_action("lay r1 r2 r3")
    assert e.value.params == {"text": "lay"}
