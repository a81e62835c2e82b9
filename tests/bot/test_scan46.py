"""What the scans of 2026-12-06 found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n


@pytest.mark.parametrize("key", ["core.seated_private", "core.dm_closed", "core.dm_needed"])
def test_indonesian_notes_of_any_game_do_not_call_the_hand_stones(key):
    """Dominoes pieces are "kartu" in Indonesian, not "batu" (stones): notes said at a
    dominoes table as at an okey one name the rack ("rak") instead."""
    text = i18n.translate("id", key, {"seat": 2, "game": "Domino", "player": "Budi",
                                      "link": "t.me/tilebot"})
    assert "batu" not in text and "rakmu" in text, text
