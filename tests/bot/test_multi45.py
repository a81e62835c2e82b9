"""One person at several tables, and a group with several tables (a scan of many tables
at once): each table keeps its own pictures and its own notes."""

from __future__ import annotations

from .door_harness import BUDI, CHEN, GROUP, until


async def _two_tables(tg) -> dict:
    """Chen's dominoes and Rummikub tables in one group, computers in the other seats."""
    for text in ("/new dominoes league=off bots=random timer=0", "/start",
                 "/new rummikub league=off bots=random timer=0", "/rummikub start"):
        await tg.say(CHEN, text)
    return {t.game.id: t for t in tg.core.tables.values()}


async def test_flood_control_keeps_two_tables_pictures_apart(tg):
    """Moves at two tables of one group held back by flood control: each table's pictures
    are made one picture, not one table's moves told under the other's picture (the
    dominoes picture and its ends were lost)."""
    tables = await _two_tables(tg)
    shown = len(tg.group("sendPhoto"))
    tg.fake.flood[GROUP] = 1
    tg.fake.flood_wait = 2
    move = tables["dominoes"].state.view(0).legal[0]
    await tg.say(CHEN, f"/dominoes {move}", chat=CHEN.id)
    await tg.say(CHEN, "/rummikub draw", chat=CHEN.id)
    await until(lambda: not tg.door.held.holds(str(GROUP)), what="the held tables")
    dominoes, rummikub = tg.group("sendPhoto")[shown:]
    assert dominoes.text.startswith("Dominoes table:\n") and "Rummikub" not in dominoes.text
    assert "Ends:" in dominoes.text
    assert rummikub.text.startswith("Rummikub table:\n") and "Dominoes" not in rummikub.text
    assert "drew a tile" in rummikub.text


OFFICE = -200  # a second group


async def test_a_person_the_bot_cannot_write_to_is_told_about_in_each_group(tg):
    """Budi never opened the private chat: the first group is told how to open it, and so is
    a second group he sits down in a minute later (it waits on him too; it heard nothing)."""
    tg.fake.closed.add(BUDI.id)
    for chat in (GROUP, OFFICE):
        await tg.say(CHEN, "/new dominoes league=off bots=random timer=0", chat=chat)
        await tg.say(BUDI, "/join", chat=chat)
    for chat in (GROUP, OFFICE):
        asks = [c for c in tg.fake.sent(chat) if "t.me/" in c.text]
        assert len(asks) == 1 and asks[0].text.startswith("Budi, ")
    await tg.say(BUDI, "/hand", chat=OFFICE)  # told once in each group
    assert len([c for c in tg.fake.sent(OFFICE) if "t.me/" in c.text]) == 1
