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
