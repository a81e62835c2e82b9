"""Discord: an edit of a channel message goes out after the posts before it."""

from __future__ import annotations

import asyncio

from .door_harness import D_AYSE as AYSE
from .door_harness import D_BUDI as BUDI
from .door_harness import D_CHEN as CHEN
from .door_harness import until
from .fake_discord import CHANNEL


def _live_lobbies(dc) -> list[str]:
    return [m["content"] for m in dc.fake._messages.values()
            if m["channel_id"] == CHANNEL and m["components"]]


async def test_a_start_pressed_while_a_lobby_post_is_slow_leaves_no_live_lobby_buttons(dc):
    """Chen's Join posts a new lobby message (Discord answers it a second late) and Ayşe's
    Start comes 30 ms after: its 'buttons off' edit waits for that post, so no lobby
    buttons stay live once the game has begun (they overtook it and stayed)."""
    await dc.slash(AYSE, "lang", language="en")
    await dc.slash(AYSE, "new", game="dominoes", options="league=off")
    await dc.slash(BUDI, "join")
    lobby = [c for c in dc.fake.sent(CHANNEL) if c.buttons][-1]
    handled = dc.door.handled
    dc.fake.slow_next = 1.0  # under the channel's patience: the edit waits its turn
    join = asyncio.create_task(dc.fake.press(CHEN, lobby, "Join"))
    await asyncio.sleep(0.03)
    await asyncio.gather(join, dc.fake.press(AYSE, lobby, "Start"))
    await until(lambda: dc.door.handled >= handled + 2, what="both presses handled")
    await until(lambda: any("Chen sits" in c.text for c in dc.fake.sent(CHANNEL)),
                what="the slow post")
    await asyncio.sleep(0.3)
    assert dc.table().status == "playing"
    assert _live_lobbies(dc) == []


def test_the_whole_table_refusal_suggests_place_as_discord_takes_it():
    """K-D2: `play` given only rack tiles is told to `/place` them: on Discord the move is
    written with its command's option (`/place tiles:k5 k6 k7`), as every suggested move."""
    from bot import i18n
    from bot.adapters.discord import typed_on_discord

    with i18n.templates_as(typed_on_discord):
        text = i18n.translate("en", "rummikub.error.whole_table", {"tiles": "k5 k6 k7"})
    assert text.endswith("write /place tiles:k5 k6 k7.")
