"""Group messages held by flood control: table pictures that piled up become one."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot.adapters import backlog
from bot.adapters.backlog import merged
from bot.messages import Image, Line, Text, To

G = To("telegram", chat="-1")


def _table(*lines: str, news: int, table: int = 1) -> Image:
    return Image(G, "en", tuple(Line(k) for k in lines), png=lines[-1].encode(), kind="table",
                 news=news, table=table)


def test_a_run_of_tables_is_the_last_picture_telling_every_move_before_it():
    first = _table("moved.a", "table.1", news=1)
    second = _table("moved.b", "moved.c", "table.2", news=2)
    third = _table("moved.d", "table.3", news=1)
    (one,) = merged([first, second, third])
    assert [ln.key for ln in one.lines] == ["moved.a", "moved.b", "moved.c", "moved.d", "table.3"]
    assert one.png == b"table.3" and one.news == 4


def test_a_run_of_one_tables_headed_pictures_keeps_one_heading():
    """In a group with several tables each picture starts with its game (Core._head_group,
    counted in its news): the run made one keeps one heading, at the top."""
    first = _table("core.at_game", "moved.a", "table.1", news=2)
    second = _table("core.at_game", "moved.b", "table.2", news=2)
    (one,) = merged([first, second])
    assert [ln.key for ln in one.lines] == ["core.at_game", "moved.a", "moved.b", "table.2"]
    assert one.news == 3


def test_other_messages_keep_their_place_and_break_a_run():
    said = Text(G, "en", (Line("core.joined"),))
    scores = Image(G, "en", (Line("round.over"),), png=b"s", kind="scores")
    a, b = _table("moved.a", "table.1", news=1), _table("moved.b", "table.2", news=1)
    out = merged([a, said, b, scores, a])
    assert out == [a, said, b, scores, a]
    elsewhere = Image(To("telegram", chat="-2"), "en", b.lines, png=b"x", kind="table", news=1)
    assert merged([a, elsewhere]) == [a, elsewhere]
    other_table = _table("moved.x", "table.x", news=1, table=2)  # a chat's second table
    assert merged([a, other_table]) == [a, other_table]


def test_a_quiet_groups_run_edits_in_place_only_if_its_first_picture_did():
    """A quiet group's tables (bot/prefs.py) that piled up: a run that began with a new
    picture (something was said before it) is a new picture, not an edit above that."""
    new = replace(_table("moved.a", "table.1", news=1), ref="live1")
    edit = replace(_table("moved.b", "table.2", news=1), ref="live1", edits=True)
    (one,) = merged([new, edit])
    assert (one.ref, one.edits, one.png) == ("live1", False, b"table.2")
    (both,) = merged([edit, replace(edit, png=b"table.3")])
    assert (both.edits, both.png) == (True, b"table.3")


def test_a_held_run_keeps_each_tables_pictures_apart_and_any_new_one_makes_it_new():
    a1 = replace(_table("moved.a", "table.a1", news=1), ref="live1", edits=True)
    b1 = replace(_table("moved.b", "table.b1", news=1, table=2), ref="live2", edits=True)
    assert merged([a1, b1]) == [a1, b1]  # two tables in one chat: both shown
    new = replace(a1, png=b"table.a2", edits=False)  # a command was typed meanwhile
    (one,) = merged([a1, new])
    assert (one.edits, one.png) == (False, b"table.a2")


async def test_a_held_message_the_platform_fails_is_tried_again_before_the_ones_behind_it(
        monkeypatch):
    """A failing platform (a 502) makes a held message wait and go again, in its place;
    a refusal the platform would repeat is logged and the rest go on."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.0,) * 3)
    tries: dict[bytes, int] = {}
    sent: list[bytes] = []

    async def send(m):
        tries[m.png] = tries.get(m.png, 0) + 1
        if m.png == b"down" and tries[m.png] < 3:
            raise ConnectionError("502 Bad Gateway")
        if m.png in (b"refused", b"never"):
            raise ValueError("400 Bad Request")
        sent.append(m.png)

    held = backlog.GroupBacklog(send, again=lambda e: isinstance(e, ConnectionError))
    said = [Image(G, "en", (Line("core.joined"),), png=p, kind="scores")
            for p in (b"down", b"refused", b"after")]
    futures = [held.add(m) for m in said]
    await asyncio.gather(*futures)
    assert sent == [b"down", b"after"] and tries == {b"down": 3, b"refused": 1, b"after": 1}
    # down for longer than the waits: given up (logged), the rest still go
    always = backlog.GroupBacklog(send, again=lambda e: True)
    futures = [always.add(replace(said[0], png=p)) for p in (b"never", b"last")]
    await asyncio.gather(*futures)
    assert tries[b"never"] == 4 and sent[-1] == b"last"


async def test_a_send_under_way_holds_the_group_and_is_sent_again_only_if_the_platform_failed(
        monkeypatch):
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.0,) * 3)
    sent: list[bytes] = []

    async def send(m):
        sent.append(m.png)

    held = backlog.GroupBacklog(send, again=lambda e: isinstance(e, ConnectionError))
    slow, after = (Image(G, "en", (Line("core.joined"),), png=p, kind="scores")
                   for p in (b"slow", b"after"))
    loop = asyncio.get_running_loop()
    for ending, resent in ((None, []), (ConnectionError("502"), [b"slow"]),
                           (ValueError("400"), [])):
        sent.clear()
        running = loop.create_future()
        futures = [held.add(slow, running=running), held.add(after)]
        await asyncio.sleep(0.01)
        assert not sent  # the next one waits for the send under way
        running.set_result(None) if ending is None else running.set_exception(ending)
        await asyncio.gather(*futures)
        assert sent == [*resent, b"after"]


async def test_a_send_under_way_that_flood_control_refused_waits_as_long_as_it_said(
        monkeypatch):
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.0,) * 3)

    class Flood(Exception):
        retry_after = 0.3

    sent_at: list[float] = []
    loop = asyncio.get_running_loop()

    async def send(m):
        sent_at.append(loop.time())

    held = backlog.GroupBacklog(send, again=lambda e: isinstance(e, Flood))
    running = loop.create_future()
    future = held.add(Image(G, "en", (Line("core.joined"),), png=b"x", kind="scores"),
                      running=running)
    refused_at = loop.time()
    running.set_exception(Flood())
    await future
    assert sent_at and sent_at[0] - refused_at >= 0.3
