"""Discord: one channel's interactions are handled in the order they came."""

from __future__ import annotations

import asyncio

from bot.adapters.in_order import InOrder

from .door_harness import D_AYSE as AYSE
from .door_harness import D_CHEN as CHEN
from .door_harness import until
from .fake_discord import CHANNEL


async def test_a_first_time_join_sent_just_before_start_takes_its_seat(dc):
    """Chen (never seen before: his language is looked up first) uses /join and Ayşe
    /start right after: the table starts with him seated, as on Telegram (the start
    overtook his join, which then found the game begun and was refused)."""
    await dc.slash(AYSE, "new", game="dominoes")
    handled = dc.door.handled
    await dc.fake.slash(CHEN, "join")
    await dc.fake.slash(AYSE, "start")
    await until(lambda: dc.door.handled >= handled + 2, what="both commands handled")
    table = dc.table()
    assert table.status == "playing"
    assert str(CHEN.id) in [seat.user for seat in table.seats if seat]


async def test_quiet_sent_twice_at_once_is_announced_once(dc):
    """/quiet state:on twice in a row: the channel hears it once, the second asker is told
    it already is (both read 'not quiet yet' and both announced)."""
    await dc.slash(AYSE, "lang", language="en")
    handled = dc.door.handled
    await dc.fake.slash(AYSE, "quiet", state="on")
    await dc.fake.slash(AYSE, "quiet", state="on")
    await until(lambda: dc.door.handled >= handled + 2, what="both commands handled")
    await asyncio.sleep(0.2)
    posts = [c.text for c in dc.fake.sent(CHANNEL) if "quiet" in c.text.lower()]
    assert len(posts) == 1, posts


async def test_a_cancelled_wait_keeps_the_line_in_order():
    """An event cancelled while it waits its turn does not let the next one overtake the
    one before it."""
    line, ran = InOrder(), []
    first, second, third = (line.arrived("c") for _ in range(3))

    async def take(turn, name, hold=0.0):
        async with turn:
            await asyncio.sleep(hold)
            ran.append(name)

    one = asyncio.create_task(take(first, "first", hold=0.05))
    two = asyncio.create_task(take(second, "second"))
    three = asyncio.create_task(take(third, "third"))
    await asyncio.sleep(0.01)
    two.cancel()
    second.leave()
    await asyncio.gather(one, three, return_exceptions=True)
    assert ran == ["first", "third"]


async def test_a_rack_shown_in_a_reply_loses_its_buttons_once_its_move_is_made(dc):
    """Budi's direct messages are closed: /hand shows his rack with its buttons in a reply
    only he sees. Pressing one made the move but the buttons stayed live (a second press:
    "That button belongs to an earlier move"); they come off, as under a DM's rack."""
    from .door_harness import D_BUDI as BUDI
    from .fake_discord import Call

    dc.fake.closed.add(BUDI.id)
    await dc.slash(AYSE, "lang", language="en")
    await dc.slash(AYSE, "new", game="dominoes", options="bots=random")
    await dc.slash(BUDI, "join")
    await dc.slash(AYSE, "start")
    table = dc.table()
    while dc.mover() is not BUDI:
        prompt = [c for c in dc.fake.to(AYSE) if c.buttons][-1]
        await dc.press(AYSE, prompt, prompt.buttons[0][0])
    await dc.slash(BUDI, "hand")
    shown = [c for c in dc.fake.replies() if c.buttons][-1]
    reply = Call(shown.method, CHANNEL, shown.params, shown.file, shown.message_id)
    moves = table.moves
    await dc.press(BUDI, reply, reply.buttons[0][0])
    assert table.moves > moves
    await until(lambda: dc.fake._messages[reply.message_id]["components"] == [],
                what="the reply's buttons off")


async def test_back_used_in_the_dms_is_answered_by_the_rack_not_the_channels_line(dc):
    """Budi left and used /back in his direct messages: besides his rack there, the reply
    only he sees said "Budi is back at seat 2." (the channel's line, about him in the third
    person); the rack is the answer, and the reply's note goes away."""
    from .door_harness import D_BUDI as BUDI

    await dc.slash(AYSE, "lang", language="en")
    await dc.slash(AYSE, "new", game="dominoes", options="league=off")
    await dc.slash(BUDI, "join")
    await dc.slash(AYSE, "start")
    await dc.slash(BUDI, "leave")
    calls = len(dc.fake.calls)
    await dc.slash(BUDI, "back", channel=dc.fake.dm_channel(BUDI))
    said = dc.fake.calls[calls:]
    assert [c.method for c in said if c.method in ("reply", "delete_reply")] == ["delete_reply"]
    assert any(c.method == "send" and c.channel == dc.fake.dm_channel(BUDI)
               and c.text.startswith("Di tanganmu") for c in said)


def test_a_move_sent_before_its_turn_is_quoted_as_the_command_to_send_again():
    """It read “play tiles:0-2” came before this turn (no slash: neither what was typed nor
    a command Discord takes)."""
    from bot import i18n
    from bot.adapters.discord import _line_for_discord
    from bot.messages import Line

    line = _line_for_discord(Line("core.error.sent_before_turn", {"move": "play 0-2"}))
    assert i18n.render_lines([line], "en").startswith("“/play tiles:0-2” came before")


async def test_two_threads_of_one_name_are_told_apart_by_their_channel(tmp_path):
    """Two threads both named "okey", under #games and under #office: every private
    heading and the which-table list read "Tile club #okey" twice (a scan). A thread is
    named under its channel."""
    import discord

    from .door_harness import DiscordRun, running
    from .fake_discord import FakeDiscord

    fake = FakeDiscord()
    fake.channels["530"] = "office"  # a second channel of the server, known from the start
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    try:
        async with running(DiscordRun, fake, tmp_path) as dc:
            await dc.fake.create_thread("521", "okey", parent=CHANNEL)
            await dc.fake.create_thread("531", "okey", parent="530")
            for thread in ("521", "531"):
                await dc.slash(CHEN, "new", channel=thread, game="okey101",
                               options="league=off bots=random")
            places = {dc.core.place_name("discord", thread) for thread in ("521", "531")}
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
    assert places == {"Tile club #games / okey", "Tile club #office / okey"}, places
