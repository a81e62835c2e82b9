"""Telegram: a group where the bot may not post (an admin restricted it), from the scan of
a group's life (2026-12-06)."""

from __future__ import annotations

import pytest_asyncio

from bot import i18n
from bot.messages import Line

from .door_harness import AYSE, BUDI, CHEN, GROUP, TelegramRun, running, until
from .test_telegram_door37 import Fake37, _move, _texts, _update


@pytest_asyncio.fixture
async def muting(tmp_path):
    """A bot an admin can mute (Fake37)."""
    async with running(TelegramRun, Fake37(admins={CHEN.id}), tmp_path) as run:
        yield run


async def test_a_match_that_ends_while_the_bot_is_muted_is_told_privately(muting):
    """The players were told the table goes on unseen, then never that the match ended,
    who won or what it did to their ratings (the league counted it)."""
    tg = muting
    await tg.say(AYSE, "/lang en")
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    table = tg.table()
    await _update(tg, lambda: tg.fake.mute_bot(CHEN, GROUP))
    for _ in range(200):
        if table.status != "playing":
            break
        await _move(tg)
    assert table.status == "finished"
    over = i18n.translate("tr", "core.match_over_unseen",
                          {"place": "Tile night", "game": Line("core.game.dominoes")})
    await until(lambda: any(t.startswith(over) for t in _texts(tg.private(AYSE))),
                what="Ayşe told the match's end")
    told = next(t for t in _texts(tg.private(AYSE)) if t.startswith(over))
    assert "1016" in told or "984" in told or "1000" in told  # (her rating, as the league)


async def test_new_in_a_group_where_the_bot_is_muted_tells_its_opener(muting):
    """Chen's /new in a muted group was taken and he was told only that he sits at seat 1
    (the group never saw the lobby). Telegram tells nothing when a topic reopens or the
    group's permissions change, so /new is not refused: the bot tries the group again, and
    its lobby refused there, its players hear why, the opener too."""
    tg = muting
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    await tg.say(AYSE, "/start")
    await _update(tg, lambda: tg.fake.mute_bot(CHEN, GROUP))
    await tg.say(CHEN, "/new okey101")
    said = i18n.translate(CHEN.language_code, "core.group_muted",
                          {"place": "Tile night", "game": Line("core.game.okey101")})
    await until(lambda: said in _texts(tg.private(CHEN)), what="Chen told why")
    tg.fake.muted.discard(GROUP)  # allowed again, without an update (a topic reopened)
    await tg.say(CHEN, "/help")  # (an answer there: the group hears again)
    okey = next(t for t in tg.core.tables.values() if t.game.id == "okey101")
    assert okey.seat_of(str(CHEN.id)) == 0


async def test_start_pressed_through_the_link_while_in_a_lobby_says_it_worked_and_where(muting):
    """Tom sat at a lobby while his private chat was closed, then pressed Start through
    the link the group gave: he read "Tables are opened in a group: add me to one and type
    /new there", the whole help, and "The game has not started yet"."""
    tg = muting
    tg.fake.closed.add(BUDI.id)
    await tg.say(AYSE, "/lang en")
    await tg.say(AYSE, "/new dominoes")
    await tg.say(BUDI, "/join")
    tg.fake.closed.discard(BUDI.id)
    await tg.say(BUDI, "/start hand", chat=BUDI.id)
    said = [c.text for c in tg.private(BUDI) if c.method == "sendMessage"]
    assert said == [i18n.translate(BUDI.language_code, "core.dm_ready_seated", {
        "seat": 2, "game": Line("core.game.dominoes"), "place": "Tile night"})]


async def test_a_player_who_leaves_the_group_is_played_for_by_a_computer(tg):
    """Budi left the group mid-match: his seat stayed his, the league counted the match
    in a group he had left, and only /stop could move it on (a scan). Now his seat is
    away, as after /leave: the group is told, and his /back privately takes it again."""
    await tg.open_dominoes()
    table = tg.table()
    seat = table.seat_of(str(BUDI.id))
    before = tg.door.handled
    tg.fake.member_leaves(BUDI, GROUP)
    await tg.settle(before)
    assert table.seats[seat].away
    assert any("Budi" in t for t in _texts(tg.group())[-2:])
    lang = BUDI.language_code  # (he left: "you left", not "you were removed")
    assert tg.private(BUDI)[-1].text == i18n.translate(lang, "core.left_group", {
        "place": tg.core.place_name("telegram", str(GROUP)),
        "game": i18n.translate(lang, "core.game.dominoes")})
    await tg.say(BUDI, "/back", chat=BUDI.id)
    assert not table.seats[seat].away
    before = tg.door.handled
    tg.fake.member_leaves(CHEN, GROUP)  # seated nowhere: nothing is said
    said = len(tg.fake.calls)
    await tg.settle(before)
    assert len(tg.fake.calls) == said


async def test_start_pressed_through_the_groups_link_before_sitting_says_it_worked(tg):
    """Bob pressed Start through the link of the group's welcome before sitting anywhere:
    he read "Tables are opened in a group: add me to one" (the bot is in his group
    already) and nothing said the Start worked (a newcomer's scan)."""
    await tg.say(BUDI, "/start hand", chat=BUDI.id)
    said = [c.text for c in tg.private(BUDI) if c.method == "sendMessage"]
    first = said[0].splitlines()[0]
    assert first == i18n.translate(BUDI.language_code, "core.dm_ready")
    assert "add me to one" not in said[0]


async def test_start_typed_by_someone_who_found_the_bot_directly_says_how_tables_open(tg):
    """The regression scan: every private /start (Telegram's own Start button too) said
    "Back in the group, /join a table", to people with no group: only our link's does."""
    await tg.say(BUDI, "/start", chat=BUDI.id)
    said = [c.text for c in tg.private(BUDI) if c.method == "sendMessage"]
    assert said[0].splitlines()[0] == i18n.translate(BUDI.language_code, "core.help_private")
