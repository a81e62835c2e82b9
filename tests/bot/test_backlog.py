"""Group messages held by flood control: table pictures that piled up become one."""

from __future__ import annotations

from dataclasses import replace

from bot.adapters.backlog import merged
from bot.messages import Image, Line, Text, To

G = To("telegram", chat="-1")


def _table(*lines: str, news: int) -> Image:
    return Image(G, "en", tuple(Line(k) for k in lines), png=lines[-1].encode(), kind="table",
                 news=news)


def test_a_run_of_tables_is_the_last_picture_telling_every_move_before_it():
    first = _table("moved.a", "table.1", news=1)
    second = _table("moved.b", "moved.c", "table.2", news=2)
    third = _table("moved.d", "table.3", news=1)
    (one,) = merged([first, second, third])
    assert [ln.key for ln in one.lines] == ["moved.a", "moved.b", "moved.c", "moved.d", "table.3"]
    assert one.png == b"table.3" and one.news == 4


def test_other_messages_keep_their_place_and_break_a_run():
    said = Text(G, "en", (Line("core.joined"),))
    scores = Image(G, "en", (Line("round.over"),), png=b"s", kind="scores")
    a, b = _table("moved.a", "table.1", news=1), _table("moved.b", "table.2", news=1)
    out = merged([a, said, b, scores, a])
    assert out == [a, said, b, scores, a]
    elsewhere = Image(To("telegram", chat="-2"), "en", b.lines, png=b"x", kind="table", news=1)
    assert merged([a, elsewhere]) == [a, elsewhere]


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
    b1 = replace(_table("moved.b", "table.b1", news=1), ref="live2", edits=True)
    assert merged([a1, b1]) == [a1, b1]  # two tables in one chat: both shown
    new = replace(a1, png=b"table.a2", edits=False)  # a command was typed meanwhile
    (one,) = merged([a1, new])
    assert (one.edits, one.png) == (False, b"table.a2")
