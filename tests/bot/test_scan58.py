"""What the scans and the known-left list of 2026-12-07 (session 58) found, each fixed."""

from __future__ import annotations

import pytest

from bot import events, i18n

from .conftest import ALI, CAN
from .conftest import BUDI as ID_BUDI
from .door_harness import AYSE, BUDI, CHEN, GROUP, TelegramRun, running
from .fake_telegram import FakeTelegram
from .test_events import table_for


@pytest.mark.parametrize("lang", ["en", "id", "tr", "hi"])
def test_Y_D6_pairs_laid_onto_pairs_say_so_on_the_charge_line(lang):
    """Known since session 57: the owner's charge for a pair laid onto their pairs said "Y11:
    a tile was added to their meld, or its okey taken"; it names the pairs (Y-D6)."""
    from tests.rules.test_yuzbir_rules import _pairs_and_runs, act

    _, state = _pairs_and_runs()
    act(state, "discard y1")
    act(state, "draw")
    charge = act(state, "pairs r3 r3 to 0")[-1]
    assert charge.key == "okey.penalty" and charge.public["points"] == 60
    line = events.public_line(table_for("yuzbir"), charge)
    text = i18n.translate(lang, line.key, line.params)
    assert "Y-D6" in text and "(Y11)" in text, text
    assert i18n.translate(lang, "core.rule.Y11", {}) not in text


@pytest.mark.parametrize("typed, move", [
    ("1. perdeki okeyi al", "/swap diye"), ("r6 ile 1. perdeki okeyi al", "/swap r6 in 1 "),
    ("1. perdeki okeyi r6 ile al", "/swap r6 in 1 "),
    ("1. perdeki okeyi r6 ile değiştir", "/swap r6 in 1 "),
    ("okeyi r6 ile değiştir", "/swap diye"), ("1. perdeki okey değiştir", "/swap diye"),
    ("okey değiştir 1'de", "/swap diye")])
async def test_O19_turkish_swap_said_with_the_melds_ordinal_first(bot, typed, move):
    """Known since session 57: "1. perdeki okeyi al" (the okey in meld 1, /rules' own
    Turkish with the ordinal first) was "there is no move called 1."; "değiştir" (exchange)
    was no word of the swap's, and the tile named with "ile" was dropped. The regression
    scan: "okey değiştir 1'de" was answered "/swap okey in 1" (the okey is what a swap
    takes: the tile it gives is to be named)."""

    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, typed, private=True)
    text = i18n.render_lines(said.lines, "tr")
    assert move in text and bot.table().moves == 0, text


async def test_turkish_change_the_language_is_no_swap(bot):

    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, "dili değiştir", private=True)
    assert said.lines[0].key == "core.error.unknown_word"


@pytest.mark.parametrize("user, typed", [
    ("CAN", "işle r9 1'e"), ("CAN", "r9 işle"), ("CAN", "pere işle r9"), ("CAN", "ekle r9"),
    ("DEV", "जोड़ो r9 1 में"), ("DEV", "jodo r9"), ("BUDI", "tempel r9 ke 1"),
    ("BUDI", "sambung r9 ke 1"), ("CAN", "r9 1. pere işle"), ("CAN", "r9'u 2. pere işle"),
    ("CAN", "1. pere işle r9")])
async def test_K7_rummikub_the_okey_add_words_are_answered_place(bot, monkeypatch, user, typed):
    """The Rummikub scan: after the initial meld, the okey games' word for adding a tile
    to a meld ("işle", "जोड़ो", "tempel") was "I do not know that word", though a typed
    /add there is answered with /place (K7: a tile laid on a set on the table)."""
    from . import conftest
    from .test_rkdom37 import rig

    person = {"CAN": conftest.CAN, "DEV": conftest.DEV, "BUDI": ID_BUDI}[user]
    rig(monkeypatch, (0, ["r10 r11 J k5 k6 k7 b1 b2 y3 y9 r1 r2 k1 k13",
                          "r12 b12 k12 y12 r9 k4 k8 r13 b5 b6 y5 y7 k9 k10"]))
    await bot.say(ALI, "/new rummikub players=2")
    await bot.say(person, "/join")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/place k5 k6 k7 r10 r11 J", private=True)
    await bot.say(person, "/place r12 b12 k12 y12", private=True)
    await bot.say(ALI, "/draw", private=True)
    moves = bot.table().moves
    (said,) = await bot.say(person, typed, private=True)
    text = i18n.render_lines(said.lines, person.lang)
    assert "/place r9 " in text.replace("/place r9.", "/place r9 ") \
        and bot.table().moves == moves, text  # (not "/place r9 1": the regression scan)


async def test_O17_turkish_ekle_is_the_add_at_okey(bot):

    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, "ekle r6 1'e", private=True)
    assert "/add r6 to 1 " in i18n.render_lines(said.lines, "tr")


async def test_telegram_a_table_closed_by_the_bots_removal_is_told_at_start(tmp_path):
    """The Telegram scan: Budi joined without ever pressing Start; the group removed the bot
    mid-game and the private note that his table closed was refused, then dropped. When he
    pressed Start, nothing told him (README: the people at them are told privately)."""
    from .test_telegram_door37 import _update

    fake = FakeTelegram(admins={CHEN.id})
    fake.closed.add(BUDI.id)
    async with running(TelegramRun, fake, tmp_path) as tg:
        await tg.say(AYSE, "/new dominoes")
        await tg.say(BUDI, "/join")
        await tg.say(AYSE, "/start")
        await _update(tg, lambda: fake.remove_bot(CHEN, GROUP))
        note = i18n.translate(BUDI.language_code, "core.chat_gone_in", {
            "game": i18n.translate(BUDI.language_code, "core.game.dominoes"),
            "place": tg.core.place_name("telegram", str(GROUP))})  # (its group named)
        assert note not in [c.text for c in tg.private(BUDI, "sendMessage")]
        fake.closed.discard(BUDI.id)
        await tg.say(BUDI, "/start hand", chat=BUDI.id)
        told = [c.text for c in tg.private(BUDI, "sendMessage")]
        assert told.count(note) == 1, told
        await tg.say(BUDI, "/start", chat=BUDI.id)  # (told once)
        assert [c.text for c in tg.private(BUDI, "sendMessage")].count(note) == 1


@pytest.mark.parametrize("typed", ["2. pere at", "2. perden at", "1. perdeki al",
                                   "1. perdekini geri koy"])
async def test_a_melds_ordinal_alone_is_no_rack_number_nor_a_take(bot, typed):
    """The regression scan: with the meld's ordinal read first, "2. pere at" (throw onto
    meld 2) was answered /discard 2, a rack tile, and "1. perdeki al" /take, a discard it
    must then use (O20): a meld's ordinal names a meld for an add or a swap only."""

    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, typed, private=True)
    text = i18n.render_lines(said.lines, "en")
    assert not any(move in text for move in ("/discard", "/take", "/return")), text
    assert bot.table().moves == 0


def test_a_melds_ordinal_names_no_tile_of_a_new_meld():
    """"1. pere aç r6 r7 r8" was "Not a tile: to1"."""
    from bot.notation import glossed_among_tiles

    assert glossed_among_tiles("1. pere aç r6 r7 r8".split(), ("okey",))[1:] == (
        "open", ("r6", "r7", "r8"))


async def test_a_return_after_arrange_keeps_the_racks_numbers_and_a_restart_too(bot, monkeypatch):
    """The record scan: /take, then /arrange groups, then /return sorted the whole rack
    anew (every number moved, the drawn tile among them), where the numbers hold over a
    draw (README: the tile drawn comes at the right end). A restart keeps them so too."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["k13 r1 r2", "r10 r11 r12 b10 b11 b12 y10 y11 y12 k10 k11 k12 y3 b5",
                      "", ""], indicator="y1", pile="b7")
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/discard k13", private=True)

    def rack():
        return [t for t in bot.core.snapshot(table).json(1)["rack"] if t is not None]

    await bot.say(ALI, "/take", private=True)
    await bot.say(ALI, "/arrange groups", private=True)
    arranged = rack()
    await bot.say(ALI, "/return", private=True)
    after = rack()
    assert after[:-1] == [t for t in arranged if t != "k13"] and after[-1] == "b7", (arranged, after)
    await bot.restart()
    table = bot.table()
    assert rack() == after


async def test_discord_a_match_ending_in_a_channel_that_refuses_the_bot_is_told_privately(dc):
    """The Discord scan: Send Messages taken away in the table's channel mid-game, the
    match went on in direct messages and ended with nobody told: the result and the league
    ratings were refused in the channel, and nothing came instead (README: the game goes on
    in direct messages). /league there showed the standings to nobody."""
    from .door_harness import D_AYSE, D_BUDI
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    table = dc.table()
    seen = {p.id: len(dc.fake.to(p)) for p in (D_AYSE, D_BUDI)}
    replies = len(dc.fake.replies())
    while table.status != "finished":
        mover = dc.mover()
        prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
        await dc.press(mover, prompt, prompt.buttons[0][0])
    ratings = {"tr": "Lig puanları", "id": "Rating liga"}
    for person, lang in ((D_AYSE, "tr"), (D_BUDI, "id")):
        told = [c.text for c in dc.fake.to(person)[seen[person.id]:]] \
            + [c.text for c in dc.fake.replies()[replies:]]
        assert any(ratings[lang] in text for text in told), (person.name, told)
    before = len(dc.fake.replies())
    await dc.slash(D_AYSE, "league", game="dominoes")
    assert any(c.file for c in dc.fake.replies()[before:])  # the standings, to the asker


async def test_discord_a_stop_from_direct_messages_is_told_to_the_others(dc):
    """The same scan: Ayşe stopped the match from her direct messages while the channel
    refused the bot; Budi, whose rating changed, heard nothing."""
    from .door_harness import D_AYSE, D_BUDI
    from .fake_discord import CHANNEL

    await dc.open_dominoes()
    dc.fake.muted.add(CHANNEL)
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    await dc.press(mover, prompt, prompt.buttons[0][0])  # (a move: its post is refused)
    seen = len(dc.fake.to(D_BUDI))
    before = dc.door.handled
    await dc.fake.slash(D_AYSE, "stop", channel=dc.fake.dm_channel(D_AYSE))
    await dc.settle(before)
    told = "\n".join(c.text for c in dc.fake.to(D_BUDI)[seen:])
    assert "Rating liga" in told and "Ayşe" in told, told


async def test_a_discard_typed_before_the_returns_new_picture_is_refused(bot, monkeypatch):
    """The second regression scan: /take, /arrange groups (the taken r6 third), then
    /return and at once /discard 14 read from that picture: the return pulled r6 from the
    middle, the numbers after it moved up, and the discard threw y12, not the k12 meant.
    Refused, as after a move that laid tiles."""
    from bot.messages import Command
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["k13 r6 r2", "r10 r11 r12 b10 b11 b12 y10 y11 y12 k10 k11 k12 y3 b5",
                      "", ""], indicator="y1", pile="b7")
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/discard r6", private=True)
    await bot.say(ALI, "/take", private=True)
    await bot.say(ALI, "/arrange groups", private=True)
    returned, ahead = (Command.parse("tg", ALI.id, ALI, text, private=True,
                                     arrival=bot.core.arrive())
                       for text in ("/return", "/discard 14"))
    await bot.core.handle(returned)
    moves = table.moves
    said = await bot.core.handle(ahead)
    assert [m.lines[-1].key for m in said] == ["core.error.renumbered_returned"]
    assert table.moves == moves


def test_a_swap_gloss_keeps_a_tile_named_by_rack_number_or_colour():
    """The second regression scan: the check that a swap named only the okey held where no
    word was a tile at all: "tukar 2 di 2" (rack tile 2) got the usage, not /swap 2 in 2."""
    from bot.notation import glossed

    assert glossed("tukar", ("okey",), ("2", "di", "2"))[1:] == ("swap", ("2", "in", "2"))
    assert glossed("değiştir", ("okey",), ("mavi", "12", "2'de"))[1:] == (
        "swap", ("mavi", "12", "in", "2"))
    assert glossed("değiştir", ("okey",), ("okey", "1'de"))[1:] == ("swap", ())


def test_rummikub_place_gloss_keeps_a_last_number_with_a_full_stop():
    """The same scan: dropping a meld's "1." (of "r9 1. pere işle") dropped a phone's full
    stop's last number too: "taruh 5 6 7." was /place 5 6."""
    from bot.notation import glossed, glossed_among_tiles

    assert glossed("taruh", ("rummikub",), ("5", "6", "7."))[2][:2] == ("5", "6")
    assert len(glossed("taruh", ("rummikub",), ("5", "6", "7."))[2]) == 3
    assert glossed_among_tiles("r9 1. pere işle".split(), ("rummikub",))[1:] == (
        "place", ("r9",))


@pytest.mark.parametrize("where", ["group", "private"])
async def test_telegram_a_stop_in_a_restricted_group_is_told_to_everyone_once(tmp_path, where):
    """The third regression scan: the opener typed /stop in a group where the bot may not
    post; the others heard it privately, but the opener (whose answer is the group's
    refused line) heard nothing. Typed privately, the answer tells them: once."""
    import asyncio

    from .test_telegram_door37 import Fake37, _move, _update

    async with running(TelegramRun, Fake37(admins={CHEN.id}), tmp_path) as tg:
        await tg.say(AYSE, "/new dominoes")
        await tg.say(BUDI, "/join")
        await tg.say(AYSE, "/start")
        await _move(tg)
        await _update(tg, lambda: tg.fake.mute_bot(CHEN, GROUP))
        seen = {p.id: len(tg.private(p)) for p in (AYSE, BUDI)}
        await tg.say(AYSE, "/stop", **({} if where == "group" else {"chat": AYSE.id}))
        await asyncio.sleep(0.3)
        for person in (AYSE, BUDI):
            told = [c.text for c in tg.private(person)[seen[person.id]:]]
            stopped = i18n.translate(person.language_code, "core.stopped", {
                "player": "Ayşe", "game": i18n.translate(person.language_code,
                                                         "core.game.dominoes")})
            assert sum(stopped in text for text in told) == 1, (person.first_name, told)


async def test_a_move_typed_before_a_returns_picture_that_moved_nothing_is_played(
        bot, monkeypatch):
    """The third regression scan: /take (the taken tile at the right end), /return and at
    once /discard 3: no number changed, yet it was refused as numbered anew."""
    from bot.messages import Command
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["k13 r6 r2", "r10 r11 r12 b10 b11 b12 y10 y11 y12 k10 k11 k12 y3 b5",
                      "", ""], indicator="y1", pile="b7")
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/discard r6", private=True)
    await bot.say(ALI, "/take", private=True)
    third = [t for t in bot.core.snapshot(table).json(1)["rack"] if t is not None][2]
    returned, ahead = (Command.parse("tg", ALI.id, ALI, text, private=True,
                                     arrival=bot.core.arrive())
                       for text in ("/return", "/discard 3"))
    await bot.core.handle(returned)
    await bot.core.handle(ahead)
    assert table.state.record()["actions"][-1] == f"discard {third}"


@pytest.mark.parametrize("typed, family, move", [
    (("tempel", "r9", "ke", "1."), "rummikub", ("place", ("r9",))),
    (("taruh", "r9", "ke", "set", "1."), "rummikub", ("place", ("r9",))),
    (("जोड़ो", "r9", "1", "में।"), "rummikub", ("place", ("r9",))),
    (("işle", "r9", "3."), "okey", ("add", ("r9", "to", "3")))])
def test_K7_O17_a_gloss_ending_in_a_full_stop_keeps_its_set_number(typed, family, move):
    """The third regression scan (older): "tempel r9 ke 1." (a phone's full stop) was
    "/place r9 ke r9": the set's number with its full stop read as a rack number."""
    from bot.notation import glossed

    assert glossed(typed[0], (family,), typed[1:])[1:] == move
