"""Readers without the pictures (a screen reader, images off) get in text what the pictures
show: the match totals between rounds."""

from __future__ import annotations

import pytest

from bot.i18n import render_lines

from .conftest import ALI, BUDI, en
from .door_harness import D_AYSE as AYSE
from .door_harness import D_BUDI
from .fake_discord import CHANNEL
from .test_core_play import Player, start


def group_scores(bot):
    return [m for m in bot.sent if not m.to.private and getattr(m, "kind", "") == "scores"]


@pytest.mark.parametrize("game, option, word, tr_word", [
    ("okey101", "rounds=3", "rounds", "elden"), ("dominoes", "games=3", "games", "oyundan")])
async def test_O_D2_D13_scores_after_the_second_round_list_everyones_match_total(
        bot, game, option, word, tr_word):
    table = await start(bot, game, [ALI, BUDI], option)
    player = Player(bot, seed=3)
    while len(group_scores(bot)) < 2:
        await player.step(table)
    first, second = group_scores(bot)[:2]
    assert "Match totals" not in en(first)  # after one round they are its scores
    outcome = second.view
    assert len(outcome["rounds"]) == 2
    totals = [sum(r["scores"][i] for r in outcome["rounds"]) for i in range(4)]
    shown = ", ".join(f"{name}: {total}" for name, total in
                      zip(["Ali", "Budi", "Computer 3", "Computer 4"], totals, strict=True))
    assert f"Match totals after 2 {word}: {shown}" in en(second).splitlines()
    turkish = render_lines(second.lines, "tr")
    assert f"2 {tr_word} sonra maç toplamları: " in turkish


async def test_discord_pictures_have_alt_text_naming_game_and_kind_in_the_readers_language(dc):
    """A screen reader names an attachment by its description: without one it says only
    "image"; each picture says which game it is and what it shows."""
    await dc.open_dominoes()

    def described(calls):
        return [c.params["attachments"][0]["description"] for c in calls if c.file]

    assert "Domino: masanın resmi (mesaj onu anlatır)" in described(dc.fake.sent(CHANNEL))
    assert described(dc.fake.to(AYSE))[-1] == "Domino: taşlarının resmi (mesaj onları sayar)"
    assert described(dc.fake.to(D_BUDI))[-1] == (
        "Domino: gambar yang ada di tanganmu (pesannya menyebut isinya)")
    for person in (AYSE, D_BUDI):  # every picture sent has one
        assert all(described(dc.fake.to(person)))


async def test_K7_a_rummikub_moves_line_says_where_its_tiles_went(bot):
    """The picture marks the tiles a move laid; the line said only "played r12 k12 y12".
    It says which set they made or went to (new, added to one kept whole, or into a set
    the table was rearranged for)."""
    from .test_notation41 import _rummikub

    table, _rack = await _rummikub(bot)  # seed 7: Ali opens with three 12s (K6, 36)
    out = await bot.say(ALI, "/place r12 k12 y12")
    group = "\n".join(en(m) for m in out if not m.to.private)
    assert "Seat 1 (Ali) played r12 k12 y12: a new set r12 k12 y12." in group
    assert "Kursi 1 (Ali) memainkan r12 k12 y12: set baru r12 k12 y12." in "\n".join(
        render_lines(m.lines, "id") for m in out if not m.to.private)


def test_K7_each_kind_of_place_is_worded_and_a_big_rearrangement_left_to_the_table():
    from bot import events
    from rules.game import Event

    from .test_events import table_for

    table = table_for("rummikub")
    where = (("added", "r13", "r10 r11 r12"), ("into", "b7 k7", "r7 b7 k7"),
             ("new", "b12 k12 y12", ""))
    line = events.public_line(table, Event("rummikub.played", 0, {
        "seat": 0, "tiles": "r13 b7 k7 b12 k12 y12", "where": where}))
    assert render_lines([line], "en") == (
        "Seat 1 (Ali) played r13 b7 k7 b12 k12 y12: r13 added to r10 r11 r12; b7 k7 into "
        "r7 b7 k7; a new set b12 k12 y12.")
    many = where + (("new", "r1 b1 k1", ""), ("new", "r2 b2 k2", ""))  # five sets: the
    line = events.public_line(table, Event("rummikub.played", 0, {  # table lines list them
        "seat": 0, "tiles": "r13 b7 k7 b12 k12 y12 r1 b1 k1 r2 b2 k2", "where": many}))
    assert render_lines([line], "en") == (
        "Seat 1 (Ali) played r13 b7 k7 b12 k12 y12 r1 b1 k1 r2 b2 k2.")


async def test_D11_the_match_totals_come_after_all_of_a_games_own_lines(tmp_path):
    """Five-player dominoes (seed 3): game 2's tie was broken by the lowest tile (D11); the
    totals came between the game's result and the line saying how its tie was broken."""
    from .conftest import Harness
    from .test_core_play import Player, start

    bot = await Harness(tmp_path / "d11.db", seed=3).start()
    try:
        table = await start(bot, "dominoes", [ALI, BUDI], "players=5 games=3")
        await Player(bot, seed=3).finish(table)
        keys = [[ln.key for ln in m.lines] for m in group_scores(bot)]
        between = [k for k in keys if "core.totals_after_games" in k]
        assert between and any(any(key.startswith("core.tie_break") for key in k)
                               for k in between)  # (the deal this test is about)
        for k in between:
            at = k.index("core.totals_after_games")
            assert not [key for key in k[at:] if key.startswith(("core.tie_break",
                                                                 "core.revealed"))], k
    finally:
        await bot.close()
