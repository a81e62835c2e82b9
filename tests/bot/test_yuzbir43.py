"""Yüzbir's provisional opening (Y7, Y-D5) as the buttons and the rack say it: while the
tiles laid this turn are short of the limit, any discard takes them back and keeps its
tile, so the buttons offer that once, by its name, and the rack says what a discard does."""

from __future__ import annotations

from bot import i18n
from bot.messages import Buttons, Image

from .conftest import ALI, Harness
from .test_tgid41 import alis_short_opening


def _last(bot, cls):
    return [m for m in bot.sent if isinstance(m, cls) and m.to.user == ALI.id][-1]


async def test_Y7_Y_D5_a_short_opening_offers_one_take_back_button_and_says_so(tmp_path):
    bot = await Harness(tmp_path / "y7.db", seed=2).start()
    try:
        table = await alis_short_opening(bot)  # b9 k9 y9: 9 of the 17 needed (Y6, Y7)
        held = sum(table.state.r.hands[0].values()) + 3
        assert table.state.view(0).to_json()["provisional"]
        prompt = _last(bot, Buttons)
        labels = [c.label for c in prompt.choices]
        assert "Take the opening back" in labels
        assert not [label for label in labels if label.startswith("discard")]
        # the prompt's typed example was "/discard r3", a move that takes the opening back
        assert i18n.render_lines(prompt.lines, "en") == (
            "Your move at Yüzbir: lay more tiles towards your opening (/open), or press "
            "“Take the opening back”.")
        rack = i18n.render_lines(_last(bot, Image).lines, "en").splitlines()
        assert ("Your opening is 9 of the 17 points needed: lay more, or a discard now takes "
                "these tiles back (Y7), and the tile you name stays in your rack.") in rack
        # a discard now costs nothing (Y-D5): no "Careful" penalty line beside it (Y16, Y17)
        assert not [line for line in rack if line.startswith("Careful")]
        turkish = i18n.render_lines(_last(bot, Image).lines, "tr")
        assert "Açılışın şimdilik 9 sayı, 17 gerekiyor" in turkish
        back = next(c for c in prompt.choices if c.label == "Take the opening back")
        await bot.press(ALI, back.payload)
        # the opening went back, the tile stayed, nothing was charged: still Ali's turn
        assert sum(table.state.r.hands[0].values()) == held
        assert table.state.current_player == 0 and not table.state.view(0).to_json()["provisional"]
        assert table.state.view(0).to_json()["penalties"][0] == 0
        labels = [c.label for c in _last(bot, Buttons).choices]
        assert "Take the opening back" not in labels and any(
            label.startswith("discard") for label in labels)
        rack = i18n.render_lines(_last(bot, Image).lines, "en")
        assert "Your opening is" not in rack
    finally:
        await bot.close()


async def test_Y7_at_the_terminal_a_short_opening_lists_the_moves_as_typed(tmp_path):
    """The terminal lists moves to type, not buttons: one discard (all twelve listed read as
    twelve different moves, a scan), and the prompt says that any discard takes the opening
    back and keeps its tile (one "/discard y6" alone read as discarding y6)."""
    bot = await Harness(tmp_path / "y7.db", seed=2, buttons=False).start()
    try:
        await alis_short_opening(bot)
        prompt = _last(bot, Buttons)
        labels = [c.label for c in prompt.choices]
        assert "Take the opening back" not in labels
        assert len([label for label in labels if label.startswith("discard")]) == 1
        assert prompt.lines[-1].key == "core.your_turn_short_typed"
    finally:
        await bot.close()
