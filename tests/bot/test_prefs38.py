"""Choices people make, as they type them: /arrange naming tiles by a colour's word, the
terminal's one language (--lang, /lang, /mylang), a group's language when it becomes a
supergroup, /quiet where nothing can be edited, and themes by any of their names."""

from __future__ import annotations

import sqlite3
import subprocess
import sys

import pytest

from bot import i18n, views
from bot.i18n import render_lines
from bot.messages import Image
from bot.rack_layout import arranged, names_tiles
from bot.refusal import Refusal
from rules.errors import InvalidAction

from .conftest import ALI, BUDI, CAN, en, okey_table
from .door_harness import BUDI as TG_BUDI
from .door_harness import CHEN, GROUP

LIMIT_S = 120  # a stuck terminal is killed, failing the test

RACK = ["r3", "b3", "k3", None, "k9", "*", "k11", None, "r8", None, "y1", "y4"]


# -- /arrange: a colour's word and a number are one tile, as in a move ----------------------
@pytest.mark.parametrize("words", [["red", "8"], ["R", "8"], ["kırmızı", "8"], ["MERAH 8"],
                                   ["r", "8", "|", "k", "9"]])
def test_arrange_reads_a_colour_word_and_its_number_as_one_tile(words):
    assert names_tiles(words)
    laid = arranged(words, RACK, "okey")
    assert laid[0] == "r8"  # the tile, not the picture's tile 8 (y1)
    if "k" in words:
        assert laid[:3] == ["r8", None, "k9"]


def test_arrange_asks_whether_a_colour_word_before_numbers_is_one_tile_or_several():
    with pytest.raises(Refusal) as refused:  # r8 and r9, or r8 and the picture's tile 9?
        arranged(["r", "8", "9"], RACK, "okey")
    assert refused.value.line.key == "core.error.colour_then_numbers"
    assert refused.value.line.params == {"words": "r 8 9", "tiles": "r8 r9"}  # its example
    assert arranged(["8", "r", "3"], RACK, "okey")[:2] == ["y1", "r3"]  # a number first


def test_arrange_names_a_tile_that_cannot_be_as_an_attempt_to_name_one():
    """"kırmızı 20" is meant as a tile: refused as no tile (its reason), not read as no
    layout at all (the general help)."""
    for words in (["kırmızı", "20"], ["red", "0"]):
        assert names_tiles(words)
        with pytest.raises(InvalidAction, match="not a tile"):  # told as "Not a tile: ..."
            arranged(words, RACK, "okey")


def racks(out, person) -> list[Image]:
    return [m for m in out if isinstance(m, Image) and m.kind == "rack" and m.to.user == person.id]


async def test_arrange_by_colour_word_lays_out_the_rack_as_discard_names_the_tile(bot):
    table = await okey_table(bot)
    rack = views.Snapshot(table.state).json(table.seat_of(ALI.id))["rack"]
    tile = next(t for t in rack if t is not None and t[0] == "r")
    out = await bot.say(ALI, f"/arrange kırmızı {tile[1:]}", chat="dm1", private=True)
    assert en(out[0]).startswith("Your rack is laid out as you wrote it.")
    assert racks(out, ALI)[0].view["rack"][0] == tile


# -- the terminal: one person, one screen, one language -------------------------------------
def terminal(tmp_path, *args, typed: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "play", *args, "--db",
                           str(tmp_path / "t.db")], input=typed, capture_output=True,
                          text=True, cwd=tmp_path, encoding="utf-8", timeout=LIMIT_S)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_lang_given_to_the_terminal_wins_over_a_mylang_kept_from_before(tmp_path):
    terminal(tmp_path, "dominoes", "--seed", "3", typed="/mylang hi\n/quit\n")
    out = terminal(tmp_path, "--lang", "en", typed="/hand\n/quit\n")
    mine = [line for line in out.splitlines() if line.startswith("» ")]
    assert mine and any(line.startswith("» Your tiles (Dominoes):") for line in mine)
    assert not [line for line in out.splitlines() if "डोमिनो" in line], out


def test_lang_at_the_terminal_wins_over_a_mylang_typed_before_it(tmp_path):
    out = terminal(tmp_path, "dominoes", "--seed", "3", typed="/mylang hi\n/lang en\n/hand\n")
    after = out.split("This chat now speaks English.", 1)[1]
    assert "» Your tiles (Dominoes):" in after and "डोमिनो" not in after


def test_mylang_at_the_terminal_is_the_tables_language_too(tmp_path):
    out = terminal(tmp_path, "dominoes", "--seed", "3", typed="/mylang id\n/table\n/hand\n")
    after = out.split("Obrolan ini sekarang memakai bahasa Indonesia.", 1)[1]
    assert "Giliran: " in after and "Turn: " not in after  # the table's lines
    assert "» Di tanganmu (Domino):" in after  # and the person's


def test_quiet_is_refused_at_the_terminal_which_cannot_edit_what_it_printed(tmp_path):
    out = terminal(tmp_path, "dominoes", "--seed", "3", typed="/quiet\n/quiet on\n")
    refusal = i18n.translate("en", "core.error.quiet_terminal")
    assert out.count(f"» {refusal}") == 2 and "quiet now" not in out
    with sqlite3.connect(tmp_path / "t.db") as db:
        assert db.execute("SELECT * FROM prefs WHERE name = 'quiet'").fetchall() == []


# -- a group that becomes a supergroup keeps its language ----------------------------------
async def test_a_supergroup_found_by_a_refused_send_keeps_the_groups_language(tg):
    await tg.say(CHEN, "/lang id")
    await tg.say(CHEN, "/new dominoes")
    await tg.say(TG_BUDI, "/join")
    await tg.say(CHEN, "/start")
    supergroup = -1001234
    tg.fake.migrate(CHEN, GROUP, supergroup, announce=False)
    await tg.say(CHEN, "/help", chat=supergroup)  # its first words there: English
    mover = tg.mover()
    prompt = [c for c in tg.private(mover) if c.buttons][-1]
    await tg.press(mover, prompt, prompt.buttons[0][0])  # refused in the group: it moved
    tg.chat = str(supergroup)  # where the harness looks for the table from now on
    assert tg.table()
    assert await tg.store.chat_lang("telegram", str(supergroup)) == "id"
    await tg.halt()
    await tg.boot()  # kept in the store
    await tg.say(CHEN, "/lang", chat=supergroup)
    assert tg.fake.sent(supergroup)[-1].text.startswith("Obrolan ini memakai bahasa Indonesia.")


# -- themes by any of their names; alone, the theme now ------------------------------------
@pytest.mark.parametrize("typed", ["Colour Blind", "colour-blind", "RENK KÖRÜ", "buta-warna",
                                   "कलर ब्लाइंड", "colorblind"])
async def test_a_theme_is_taken_by_its_name_in_any_language_case_spaces_hyphens_aside(
        bot, typed):
    out = await bot.say(ALI, f"/theme {typed}")
    assert en(out[0]) == "This chat's pictures now use the colour-blind theme.\n(Set by Ali.)"
    assert await bot.store.prefs() == [("tg", "chat", "g1", "theme", "colorblind")]


async def test_an_unknown_theme_is_refused_with_the_names_the_reader_reads_and_the_ids(bot):
    out = await bot.say(CAN, "/mytheme neon")
    assert out[0].lines[0].key == "core.error.unknown_theme" and out[0].lang == "tr"
    turkish = render_lines(out[0].lines, "tr")
    for name, theme in (("varsayılan", "default"), ("renk körü", "colorblind"),
                        ("koyu", "dark")):
        assert name in turkish and theme in turkish
    assert "default (default), colour-blind (colorblind), dark (dark)" in en(out[0])


async def test_theme_and_mytheme_alone_tell_the_theme_now_and_how_to_change_it(bot):
    out = await bot.say(ALI, "/theme")  # the group's: told in the group
    assert [(m.to.chat, en(m)) for m in out] == [("g1", (
        "This chat's pictures use the default theme. To change it: /theme colorblind "
        "(themes: default (default), colour-blind (colorblind), dark (dark))."))]
    await bot.say(ALI, "/theme koyu")
    out = await bot.say(ALI, "/theme", shown_to_chat=False)  # nobody else saw it asked
    assert [(m.to.user, en(m)) for m in out] == [(ALI.id, (
        "This chat's pictures use the dark theme. To change it: /theme default (themes: "
        "default (default), colour-blind (colorblind), dark (dark))."))]
    await bot.say(BUDI, "/mytheme renk körü")
    out = await bot.say(BUDI, "/mytheme")
    told = [m for m in out if not isinstance(m, Image)]
    assert [(m.to.user, m.lang, en(m)) for m in told] == [(BUDI.id, "id", (
        "Your racks' pictures use the colour-blind theme. To change it: /mytheme default "
        "(themes: default (default), colour-blind (colorblind), dark (dark))."))]
    assert "buta warna (colorblind)" in render_lines(told[0].lines, "id")
    assert sorted(await bot.store.prefs()) == [("tg", "chat", "g1", "theme", "dark"),
                                               ("tg", "user", BUDI.id, "theme", "colorblind")]


def test_season_at_the_terminal_says_seasons_are_a_groups(tmp_path):
    """/season at the terminal told of a chat admin closing the season with /season end,
    and /season end then that there was nothing to close (a scan): one person against
    computers has no league there."""
    out = terminal(tmp_path, "dominoes", "--seed", "3", typed="/season\n/season end\n")
    told = i18n.translate("en", "core.season_terminal")
    assert out.count(told) == 2 and "admin" not in out.split(told, 1)[1]
