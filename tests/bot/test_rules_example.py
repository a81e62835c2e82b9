"""K2: Rummikub's rules come with a move shown step by step, in text and as a picture, and
the example is the solver's own answer (it cannot teach a table the game would refuse)."""

from __future__ import annotations

from collections import Counter

import pytest_asyncio

from bot.i18n import render_lines
from bot.messages import Image
from bot.pictures import Pictures
from render.views import render_example
from rules.rummikub_sets import invalid_sets
from rules.solvers.rummikub import place
from rules.tiles import parse_tile

from .conftest import ALI, Harness, en


@pytest_asyncio.fixture
async def drawn(tmp_path):
    h = await Harness(tmp_path / "rules.db", pictures=Pictures()).start()
    yield h
    await h.close()


def codes(sets):
    return [[parse_tile(t, "rummikub") for t in s] for s in sets]


async def test_K2_rummikub_rules_show_a_move_step_by_step(drawn):
    await drawn.say(ALI, "/new rummikub")
    out = await drawn.say(ALI, "/rules")
    assert [m.to.chat for m in out] == ["g1", "g1"]  # the group's, like the rules
    assert "30 or more" in en(out[0])
    example = out[1]
    assert isinstance(example, Image) and example.kind == "example"
    data = example.view
    before, after, placed = codes(data["before"]), codes(data["after"]), \
        [parse_tile(t, "rummikub") for t in data["placed"]]

    # The new table is what `place` makes at a real table (K8: every set valid, the table's
    # tiles plus exactly the placed ones), and it really rearranges: a set was split.
    assert [list(s) for s in place(before, placed).table] == after
    assert invalid_sets(after) == []
    assert Counter(t for s in after for t in s) == \
        Counter(t for s in before for t in s) + Counter(placed)
    assert any(s not in after for s in before) and len(after) > len(before)

    # Exactly the placed tiles are marked, each on a copy of itself.
    marked = [after[i][j] for i, s in enumerate(data["new"]) for j, m in enumerate(s) if m]
    assert sorted(marked) == sorted(placed)
    assert [len(s) for s in data["new"]] == [len(s) for s in after]

    assert en(example) == (
        "Example (once your initial meld is down), step by step:\n1. The table: r3 r4 r5 r6 r7 · r9 b9 k9 y9\n"
        "2. You type: place r5 r8\n3. The bot lays the table out again with your tiles "
        "(marked in the picture): r3 r4 r5 · r5 r6 r7 r8 · r9 b9 k9 y9")
    assert example.png == render_example(data)
    unmarked = dict(data, new=[[False] * len(s) for s in data["new"]])
    assert render_example(unmarked) != example.png  # the marks are drawn


async def test_K2_the_example_follows_the_chat_theme_and_language(drawn):
    await drawn.say(ALI, "/new rummikub")
    await drawn.say(ALI, "/theme colorblind")
    await drawn.say(ALI, "/lang tr")
    out = await drawn.say(ALI, "/rules")
    example = out[1]
    assert example.png == render_example(example.view, "colorblind")
    assert example.png != render_example(example.view)
    assert example.lang == "tr"
    assert render_lines(example.lines, "tr").startswith(
        "Örnek (ilk açılışından sonra), adım adım:\n1. Masa: r3 r4 r5")


async def test_K2_only_rummikub_promises_an_example(drawn):
    for game in ("okey101", "yuzbir", "dominoes"):
        await drawn.say(ALI, f"/new {game}", chat=game)
        out = await drawn.say(ALI, "/rules", chat=game)
        assert [m.kind for m in out if isinstance(m, Image)] == [], game


async def test_K2_the_example_comes_with_the_rules_before_any_table(drawn):
    out = await drawn.say(ALI, "/rules rummikub")
    assert [type(m).__name__ for m in out] == ["Text", "Image"]
    assert out[1].kind == "example" and out[1].png[:4] == b"\x89PNG"
