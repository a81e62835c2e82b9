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


async def test_join_with_a_league_match_and_a_lobby_in_the_group_takes_the_lobby(bot):
    """Dev, seated nowhere, typed /join where a league dominoes match was under way and an
    Okey 101 lobby open: told "name the game, e.g. /dominoes join", which is then refused
    (a league match keeps its players). Only the lobby takes a /join: he sits there."""
    from .conftest import BUDI, CAN, DEV

    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    await bot.say(CAN, "/new okey101")
    out = await bot.say(DEV, "/join")
    okey = next(t for t in bot.core.tables.values() if t.game.id == "okey101")
    assert okey.seat_of(DEV.id) is not None, [en(m) for m in out]
