"""A /hurry asked again while an outage holds the wait: the answer says the wait is held
and how long the person gets once the chat reaches everyone again (it quoted the seconds to
the bot's next look, 15 or fewer, as if they were the person's)."""

from __future__ import annotations

import asyncio

from .door_harness import AYSE, BUDI


async def test_a_hurry_asked_again_during_an_outage_says_the_whole_wait_comes_after_it(tg):
    await tg.say(AYSE, "/new dominoes timer=0 league=off")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    other = AYSE if tg.mover() is BUDI else BUDI
    await tg.say(other, "/hurry")
    tg.fake.outage = True
    await asyncio.wait_for(tg.clock.advance(120 + 5), 10)  # the wait ended in the outage
    assert table.outage
    tg.fake.outage = False  # back, before the next look
    calls = len(tg.fake.calls)
    await tg.say(other, "/hurry")
    told = [c.text for c in tg.fake.calls[calls:] if c.text]
    assert told, "the asker was not answered"
    assert ("zaten istendi. Sohbet herkese ulaşmıyor, bekleme süresi durdu: yeniden "
            "ulaştığında" in told[-1] and "tam 120 saniye" in told[-1]) or (
        "sudah diminta. Obrolan ini belum sampai" in told[-1]
        and "120 detik penuh" in told[-1]), told
    asked_again = tg.clock.now()
    await tg.clock.advance(15)  # the next look (within 15 s): the whole two minutes from it
    assert not table.outage and asked_again + 120 < table.deadline <= tg.clock.now() + 120
