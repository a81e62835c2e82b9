"""Picture themes: a chat's table pictures (/theme) and a person's racks (/mytheme), drawn by
the real renderer, kept in the store, refused with the choices when misspelt."""

from __future__ import annotations

import sqlite3

import pytest_asyncio

from bot import views
from bot.messages import Image
from bot.pictures import Pictures
from bot.store import MIGRATIONS
from render.views import render_rack, render_table

from .conftest import ALI, BUDI, Harness, en


@pytest_asyncio.fixture
async def drawn(tmp_path):
    h = await Harness(tmp_path / "themes.db", pictures=Pictures()).start()
    yield h
    await h.close()


def pictures(out, kind: str, to: str) -> list[Image]:
    """The pictures of `kind` in `out` for a user id or a chat id."""
    return [m for m in out if isinstance(m, Image) and m.kind == kind
            and (m.to.user if m.to.private else m.to.chat) == to]


async def test_a_person_chooses_colour_blind_racks_and_the_group_a_dark_table(drawn):
    await drawn.say(ALI, "/new okey101 bots=random")
    await drawn.say(BUDI, "/join")
    out = await drawn.say(ALI, "/start")
    table = drawn.table()
    rack = pictures(out, "rack", ALI.id)[0]
    assert rack.png == render_rack(rack.view)  # nobody chose a theme yet

    out = await drawn.say(ALI, "/mytheme colour-blind")  # typed in the group: told privately
    assert [m.to.user for m in out] == [ALI.id] * len(out)
    assert en(out[0]) == "Your racks' pictures now use the colour-blind theme, at every table."
    again = pictures(out, "rack", ALI.id)  # and the rack comes again at once, in it
    assert len(again) == 1 and again[0].png == render_rack(again[0].view, "colorblind")
    out = await drawn.say(BUDI, "/theme DARK")
    assert [(m.to.chat, m.to.private, en(m)) for m in out] == [
        ("g1", False, "This chat's pictures now use the dark theme.\n(Set by Budi.)")]

    async def check():
        mine = pictures(await drawn.say(ALI, "/hand"), "rack", ALI.id)[0]
        assert mine.png == render_rack(mine.view, "colorblind")
        assert mine.png != render_rack(mine.view)
        budi = pictures(await drawn.say(BUDI, "/hand"), "rack", BUDI.id)[0]
        assert budi.png == render_rack(budi.view)  # the group's theme is not his racks'
        group = pictures(await drawn.say(ALI, "/table"), "table", "g1")[0]
        assert group.png == render_table(group.view, "dark")
        assert group.view == views.public_json(views.Snapshot(table.state))

    await check()
    table = (await drawn.restart()).table()  # kept in the store
    await check()


async def test_an_unknown_theme_is_refused_with_the_choices_and_changes_nothing(drawn):
    await drawn.say(ALI, "/theme dark")
    for text in ("/theme neon", "/mytheme plaid"):  # (/theme alone tells the theme now)
        out = await drawn.say(ALI, text)
        assert [(m.to.user, m.lines[0].key) for m in out] == [(ALI.id, "core.error.unknown_theme")]
        assert en(out[0]) == ("Themes: default (default), colour-blind (colorblind), dark "
                              "(dark). The colour-blind one gives every colour a shape too.")
    assert await drawn.store.prefs() == [("tg", "chat", "g1", "theme", "dark")]
    # in a private chat /theme is the person's own, as /lang is
    out = await drawn.say(BUDI, "/theme colorblind", chat="dm-budi", private=True)
    assert out[0].lang == "id" and en(out[0]).startswith("Your racks' pictures")
    assert sorted(await drawn.store.prefs()) == [("tg", "chat", "g1", "theme", "dark"),
                                                 ("tg", "user", BUDI.id, "theme", "colorblind")]


async def test_a_store_of_the_last_release_is_upgraded_with_its_tables_playing_on(tmp_path):
    path = tmp_path / "old.db"
    bot = await Harness(path).start()
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ALI, "/start")
    moves = bot.table().moves
    await bot.close()
    con = sqlite3.connect(path)  # the file as schema version 2 left it: no choices table
    con.executescript("ALTER TABLE tables DROP COLUMN league; ALTER TABLE tables DROP COLUMN told;"
                      " ALTER TABLE chats DROP COLUMN place;"
                      " DROP TABLE prefs; "
                      "DROP TABLE rack_layouts; DROP TABLE records; DROP TABLE rating_changes;"
                      " DROP TABLE past_standings; DROP TABLE seasons; DROP TABLE chat_names;"
                      " DROP TABLE moved_chats; ALTER TABLE tables DROP COLUMN group_told;"
                      " ALTER TABLE tables DROP COLUMN closed_by;"
                      " ALTER TABLE tables DROP COLUMN arranged_at;"
                      " PRAGMA user_version = 2;")
    con.close()
    bot = await Harness(path).start()
    try:
        assert await bot.store.version() == len(MIGRATIONS)
        table = bot.table()
        assert table.moves == moves and table.status == "playing"
        assert table.league is True  # tables from before `league=off` count, as they did
        assert not bot.sent  # its moves count as told (nothing is said again)
        out = await bot.say(ALI, "/theme dark")
        assert en(out[0]) == "This chat's pictures now use the dark theme.\n(Set by Ali.)"
        await bot.say(ALI, "/hand")
        assert [m for m in bot.sent if isinstance(m, Image) and m.kind == "rack"]
    finally:
        await bot.close()


def test_warming_makes_every_themes_palette_before_the_first_picture():
    """`tilebot` makes the palettes while the doors log in (Pictures.warm): the first picture
    after a start then finds its theme's palette made (it took about 0.45 s to make)."""
    from render.palette import palette_for

    palette_for.cache_clear()
    Pictures(theme="dark").warm().result(timeout=60)
    assert palette_for.cache_info().currsize == 3
    missed = palette_for.cache_info().misses
    view = {"game": "dominoes", "line": [], "ends": None, "hand_counts": [7, 7, 7, 7],
            "dead_counts": [0, 0, 0, 0], "seat": 0, "players": 4}
    for theme in ("default", "colorblind", "dark"):
        assert Pictures(theme=theme).table(view).startswith(b"\x89PNG")
    assert palette_for.cache_info().misses == missed
    assert Pictures(enabled=False).warm() is None


def test_a_theme_is_read_back_in_the_words_the_bot_shows_it_in():
    from bot.pictures import theme_named

    assert [theme_named(w) for w in ("koyu", "KOYU", "renk körü", "buta warna", "dark")] == \
        ["dark", "dark", "colorblind", "colorblind", "dark"]
    assert theme_named("koyuu") is None


async def test_a_chat_theme_set_to_what_it_is_tells_the_asker_alone(drawn):
    """/theme dark where the chat is dark already: the group was told again "(Set by
    Budi.)" (a scan); the asker alone hears which theme it is, as /lang's "already"."""
    bot = drawn
    out = await bot.say(ALI, "/theme dark")
    assert [m.to.chat for m in out] == ["g1"]
    out = await bot.say(BUDI, "/theme koyu")
    assert [(m.to.user, en(m)) for m in out] == [
        (BUDI.id, "This chat's pictures use the dark theme already.")]
    out = await bot.say(BUDI, "/theme default")  # a change is the group's news again
    assert [m.to.chat for m in out] == ["g1"]
