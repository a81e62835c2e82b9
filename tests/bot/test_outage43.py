"""A /hurry asked again while an outage holds the wait: the answer says the wait is held
and how long the person gets once the chat reaches everyone again (it quoted the seconds to
the bot's next look, 15 or fewer, as if they were the person's)."""

from __future__ import annotations

import asyncio

from .door_harness import AYSE, BUDI, D_AYSE, D_BUDI, until
from .fake_discord import CHANNEL


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


async def test_a_channel_deleted_unseen_closes_its_table_at_the_first_refused_message(dc):
    """The channel was deleted while the bot was offline (or its gateway down): no event
    told it, and the match went on in direct messages and counted in the league. The first
    channel message Discord refuses as Unknown Channel closes it, as a deletion it is told
    of does: no result, the players told privately."""
    await dc.open_dominoes()
    table = dc.table()
    dc.fake.deleted.add(CHANNEL)
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.press(mover, prompt, prompt.buttons[0][0])
    await until(lambda: table.status == "stopped", what="the table closing")
    assert not await dc.store.standings("discord", CHANNEL, "dominoes")
    for person in (D_AYSE, D_BUDI):
        await until(lambda p=person: any(
            "Domino" in c.text and ("kapatıldı" in c.text or "ditutup" in c.text)
            for c in dc.fake.to(p)), what=f"{person.name} told")
    refused = [c for c in dc.fake.calls if c.method == "refused"]
    assert refused and all(c.channel == CHANNEL for c in refused)


async def test_leave_used_in_direct_messages_is_answered_there(dc):
    """/leave typed in the direct messages with the bot: the channel read "Budi left", and
    the person who typed it saw nothing at all (the "thinking" note went away)."""
    await dc.open_dominoes()
    table = dc.table()
    calls = len(dc.fake.calls)
    await dc.slash(D_BUDI, "leave", channel="999")  # a channel of no server: their DMs
    assert table.seats[table.seat_of(D_BUDI.id)].away
    replies = [c for c in dc.fake.calls[calls:] if c.method == "reply"]
    # what the channel was told, and where, in Budi's language (the channel's own was
    # Turkish)
    assert [c.text for c in replies] == [
        "Diumumkan di Tile club #games (Domino):\nBudi keluar dari meja: komputer bermain "
        "untuknya (bisa kembali dengan /back)."]
    assert not [c for c in dc.fake.calls[calls:] if c.method == "delete_reply"]


async def test_a_move_pressed_in_direct_messages_gets_no_reply_of_the_channels_line(dc):
    """A rack button pressed in direct messages: its answer is the next rack there; the
    channel's line of the move came back to the presser too, in the channel's language."""
    await dc.open_dominoes()
    table = dc.table()
    person = next(p for p in (D_AYSE, D_BUDI)
                  if p.id == table.seats[table.state.current_player].user)
    prompt = [c for c in dc.fake.to(person) if c.buttons][-1]
    calls = len(dc.fake.calls)
    await dc.press(person, prompt, prompt.buttons[0][0])
    assert table.state.current_player != table.seat_of(person.id)  # the move was made
    assert not [c for c in dc.fake.calls[calls:] if c.method == "reply"]


async def test_rules_with_no_game_in_direct_messages_points_to_the_game_option(dc):
    """/rules used in direct messages with no game: it said "/rules and its name", the
    typed form, which Discord's /rules does not take."""
    calls = len(dc.fake.calls)
    await dc.slash(D_AYSE, "rules", channel="999")  # a channel of no server: their DMs
    (reply,) = [c for c in dc.fake.calls[calls:] if c.method == "reply"]
    assert reply.text == ("Hangi oyunun kuralları? /rules komutunun game seçeneğinden seç: "
                          "Okey 101 (Endonezya), Yüzbir, Rummikub, Domino.")  # as the picker names them


async def test_a_move_typed_in_direct_messages_gets_no_reply_of_the_channels_line(dc):
    """/play typed in direct messages was answered with the channel's first line, which
    may tell another move (a scan: an opening's line answered a discard)."""
    await dc.open_dominoes()
    table = dc.table()
    person = next(p for p in (D_AYSE, D_BUDI)
                  if p.id == table.seats[table.state.current_player].user)
    move = table.state.view(table.state.current_player).legal[0]
    calls = len(dc.fake.calls)
    await dc.slash(person, move.split()[0], channel="999", tiles=" ".join(move.split()[1:]))
    assert table.state.current_player != table.seat_of(person.id)  # the move was made
    assert not [c for c in dc.fake.calls[calls:] if c.method == "reply"]
