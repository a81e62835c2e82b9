"""`/hide` (Y20, Y-D9): a person's okey lies face down in their own rack pictures, and only
there; it plays as before, the choice is kept, and `/hide` again turns it face up."""

from __future__ import annotations

import pytest_asyncio

from bot.messages import Image
from bot.pictures import Pictures
from render.views import render_rack

from .conftest import ALI, BUDI, Harness, en, okey_table, summary


@pytest_asyncio.fixture
async def drawn(tmp_path):
    h = await Harness(tmp_path / "hide.db", pictures=Pictures()).start()
    yield h
    await h.close()


def racks(out, person) -> list[Image]:
    return [m for m in out if isinstance(m, Image) and m.kind == "rack" and m.to.user == person.id]


def face_up(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "face_down"}


async def test_Y20_hide_turns_only_the_persons_okey_face_down_in_their_rack_picture(drawn):
    table = await okey_table(drawn)
    seat = table.seat_of(ALI.id)
    assert "*" in table.state.view(seat).to_json()["rack"]  # seed 7: Ali holds an okey

    out = await drawn.say(ALI, "/hide")
    assert en(out[0]) == ("Your okey now lies face down in your rack pictures (Y20); it plays "
                          "as before. /hide again turns it face up.")
    assert all(m.to.private and m.to.user == ALI.id for m in out)  # nothing to the group
    rack = racks(out, ALI)[0]  # the rack comes again at once
    stars = [i for i, t in enumerate(rack.view["rack"]) if t == "*"]
    assert stars and rack.view["face_down"] == stars
    assert rack.png == render_rack(rack.view)
    assert rack.png != render_rack(face_up(rack.view))  # the okey is drawn face down
    assert "*" in en(rack)  # the caption still names it: only the picture hides it

    budi = racks(await drawn.say(BUDI, "/hand"), BUDI)[0]
    assert "face_down" not in budi.view
    group = [m for m in await drawn.say(ALI, "/table") if isinstance(m, Image)][0]
    assert "face_down" not in group.view and "*" not in str(group.view.get("rack", ""))

    table = (await drawn.restart()).table()  # kept in the store
    again = racks(await drawn.say(ALI, "/hand"), ALI)[0]
    assert again.view["face_down"] == stars

    out = await drawn.say(ALI, "/arrange groups")  # the face-down okey moves with its order
    moved = racks(out, ALI)[0].view
    assert moved["face_down"] == [i for i, t in enumerate(moved["rack"]) if t == "*"] != stars

    out = await drawn.say(ALI, "/hide")
    assert en(out[0]) == "Your okey is face up again in your rack pictures."
    assert "face_down" not in racks(out, ALI)[0].view


async def test_Y20_a_hidden_okey_still_plays(bot):
    table = await okey_table(bot)
    seat = table.seat_of(ALI.id)
    await bot.say(ALI, "/hide")
    out = await bot.say(ALI, "/open r3 b3 k3 | k9 * k11 k12")  # seed 7: Ali moves first
    assert table.state.view(seat).to_json()["opened"][seat] == "melds"  # laid with the okey
    assert any("You opened with r3 b3 k3 | k9 * k11 k12" in en(m) for m in out)


async def test_hide_on_and_off_are_set_and_other_words_refused(bot):
    await okey_table(bot)
    out = await bot.say(ALI, "/hide on")
    assert en(out[0]).startswith("Your okey now lies face down in your rack pictures")
    out = await bot.say(ALI, "/hide on")  # set, not turned over (and it says so, a scan)
    assert en(out[0]).startswith("Your okey lies face down in your rack pictures already")
    assert bot.core.prefs.hides_okey("tg", ALI.id)
    out = await bot.say(ALI, "/okey101 hide off")  # the game named first: the same choice
    assert en(out[0]).startswith("Your okey is face up again")
    out = await bot.say(ALI, "/hide maybe")  # ("/hide please" is /hide: test_scan56)
    assert [ln.key for m in out for ln in m.lines] == ["core.error.switch_words"]
    assert en(out[0]) == "/hide alone switches it over; /hide on or /hide off sets it."
    assert not bot.core.prefs.hides_okey("tg", ALI.id)


async def test_hide_and_arrange_at_a_dominoes_table_are_refused(bot):
    """A domino hand has no okey and keeps its order: /hide and /arrange runs there are
    refused, and the person's choices stay as they were."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/hide")
    assert [ln.key for m in out for ln in m.lines] == ["core.error.hide_no_okey"]
    assert en(out[0]).startswith("Only the okey games have an okey to hide")
    out = await bot.say(ALI, "/arrange runs")
    assert [ln.key for m in out for ln in m.lines] == ["core.error.arrange_no_rack"]
    assert await bot.store.prefs() == []
    out = await bot.say(ALI, "/hide", chat=ALI.id, private=True)  # in private: the same
    assert [ln.key for m in out for ln in m.lines] == ["core.error.hide_no_okey"]


async def test_arrange_pairs_at_a_rummikub_table_says_pairs_are_for_okey(bot):
    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/arrange pairs")
    assert [ln.key for m in out for ln in m.lines] == ["core.error.arrange_pairs_okey"]
    assert en(out[0]) == "Pairs first is for the okey games: use /arrange runs or /arrange groups."
    assert await bot.store.prefs() == []
    out = await bot.say(ALI, "/arrange groups")  # a Rummikub rack may be laid out by number
    assert await bot.store.prefs() != []


async def test_hide_and_arrange_beside_a_dominoes_table_hold_for_ones_okey_rack_elsewhere(bot):
    """/hide and /arrange runs are one's own choices for every rack: typed in a group whose
    only table is dominoes by someone who plays Okey 101 in another group, they hold (and
    that rack comes again); someone with no okey rack anywhere is still refused."""
    await bot.say(ALI, "/new okey101 bots=random", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/hide")
    assert out[0].lines[0].key == "core.hide_on", summary(out)
    assert bot.core.prefs.hides_okey("tg", ALI.id)
    assert any(m.lines[0].key == "core.rack" for m in out)  # the okey rack, face down
    out = await bot.say(ALI, "/arrange groups")
    assert out[0].lines[0].key == "core.arrange_set", summary(out)
    out = await bot.say(BUDI, "/hide")  # Budi sits nowhere with an okey rack
    assert [ln.key for m in out for ln in m.lines] == ["core.error.hide_no_okey"]
    assert not bot.core.prefs.hides_okey("tg", BUDI.id)
