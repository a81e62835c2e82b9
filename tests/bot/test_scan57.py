"""What the scans and the known-left list of 2026-12-07 (session 57) found, each fixed."""

from __future__ import annotations

import pytest
from aiohttp import web

import rules
from bot import i18n, notation
from bot.adapters import backlog
from bot.adapters import telegram as telegram_door
from bot.adapters.discord import _line_for_discord
from bot.messages import Command, Line, To

from .conftest import ALI, CAN, alone_to_move, en
from .conftest import BUDI as ID_BUDI
from .door_harness import AYSE, BUDI, D_AYSE, D_BUDI, TelegramRun, running, until
from .fake_telegram import FakeTelegram

# ---------------------------------------------------------------- rack numbers


class _PrivatePhotosFail(FakeTelegram):
    """Telegram answers 502 to every picture sent to a person while `failing`."""

    failing = False

    def _deliver(self, method, params, photo):
        if self.failing and method == "sendPhoto" and int(params["chat_id"]) > 0:
            return web.json_response({"ok": False, "error_code": 502,
                                      "description": "Bad Gateway"}, status=502)
        return super()._deliver(method, params, photo)


async def test_telegram_rack_numbers_wait_for_a_picture_given_up(tmp_path, monkeypatch):
    """Known since session 56: Telegram failed a rack picture for minutes and it was given
    up; the person's chat still showed the picture before, and a move by its numbers
    counted against a rack they never saw. Refused until a picture reaches them."""
    monkeypatch.setattr(telegram_door, "NETWORK_WAIT", 0.01)
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.05, 0.05))
    fake = _PrivatePhotosFail()
    async with running(TelegramRun, fake, tmp_path) as tg:
        await tg.say(AYSE, "/new okey101 bots=random")
        await tg.say(BUDI, "/join")
        await tg.say(AYSE, "/start")
        table, mover = tg.table(), tg.mover()
        moves = table.moves
        fake.failing = True
        await tg.say(mover, "/hand", chat=mover.id)
        await until(lambda: str(mover.id) in tg.door.picture_lost, what="the picture given up")
        assert not tg.door.held.holds_private(str(mover.id))
        fake.failing = False
        shown = len(tg.private(mover, "sendPhoto"))
        await tg.say(mover, "/table", chat=mover.id)  # (a table's picture numbers no rack:
        assert len(tg.private(mover, "sendPhoto")) > shown  # the regression scan)
        await tg.say(mover, "discard 1", chat=mover.id)
        assert table.moves == moves
        said = i18n.translate(mover.language_code, "core.error.rack_unseen", {"move": "discard 1"})
        assert said in [c.text for c in tg.private(mover, "sendMessage")]
        await tg.say(mover, "/hand", chat=mover.id)  # a picture reaches him: its numbers count
        await tg.say(mover, "discard 1", chat=mover.id)
        assert table.moves > moves


async def test_discord_rack_numbers_wait_for_a_direct_message_given_up(dc, monkeypatch):
    """The same on Discord: a held rack given up after Discord failed its tries (here
    Budi's turn's rack after Ayşe's discard: no answer to a command of his shows it)."""
    monkeypatch.setattr(backlog, "AGAIN_WAITS", (0.1, 0.1))
    await dc.slash(D_AYSE, "new", game="okey101", options="league=off bots=random")
    await dc.slash(D_BUDI, "join")
    await dc.slash(D_AYSE, "start")
    table = dc.table()
    assert dc.mover() == D_AYSE
    dc.fake.drop_dms_next = 50
    await dc.slash(D_AYSE, "discard", tiles="1")
    await until(lambda: not dc.door.held.held_chats(), timeout=30, what="the tries spent")
    dc.fake.drop_dms_next = 0
    assert dc.mover() == D_BUDI
    moves = table.moves
    since = len(dc.fake.calls)
    await dc.slash(D_BUDI, "discard", tiles="1")
    assert table.moves == moves
    said = i18n.render_lines([_line_for_discord(Line("core.error.rack_unseen",
                                                     {"move": "discard 1"}))], "id")
    assert any(c.text.startswith(said.split(" (")[0]) for c in dc.fake.calls[since:])
    await dc.slash(D_BUDI, "draw")  # its rack reaches him: its numbers count
    await dc.slash(D_BUDI, "discard", tiles="1")
    assert table.moves > moves + 1  # (the draw, the discard, and the computers after)


@pytest.mark.parametrize("said", ["buang no.2", "buang batu ke-2", "buang batu kedua"])
async def test_indonesian_glued_numbers_and_ordinals_in_a_gloss(bot, said):
    table = await alone_to_move(bot, "okey101")
    (first,) = await bot.say(ALI, said, private=True)
    assert "/discard 2" in en(first) and table.moves == 0, en(first)


@pytest.mark.parametrize("verb", ["tempel", "sambung", "sambungkan"])
async def test_dominoes_indonesian_stick_and_join_words_play_a_domino(bot, verb):
    """Known since session 56: `tempel 0-1` and `sambung 0-1` (stick on, join on) were "I
    do not know tempel"."""
    table = await alone_to_move(bot, "dominoes")
    tile = table.state.legal_texts()[0].split()[1]
    await bot.say(ALI, f"{verb} {tile}", private=True)
    assert any(a.startswith(f"play {tile}") for a in table.state.record()["actions"])


@pytest.mark.parametrize("typed, lang", [("/mylang angrezi", "en"), ("/mylang Angreji", "en")])
async def test_hindi_names_a_language_in_latin_letters(bot, typed, lang):
    """Known since session 56: `/mylang angrezi` (English, as most Hindi speakers type it)
    was no language."""
    from .conftest import DEV

    await bot.say(DEV, typed, private=True)
    assert await bot.core.lang_of(To("tg", user=DEV.id)) == lang


@pytest.mark.parametrize("typed, order", [("/arrange jodiyan", "pairs"),
                                          ("/arrange rang se", "runs"),
                                          ("/arrange number se", "groups")])
async def test_hindi_arrange_words_in_latin_letters(bot, typed, order):
    """Known since session 56: `/arrange jodiyan` (pairs) was no arrangement."""
    from .conftest import DEV

    await bot.say(DEV, typed, private=True)
    assert bot.core.prefs.arrangement("tg", DEV.id) == order


# ---------------------------------------------------------------- /arrange


@pytest.mark.parametrize("arrange", ["/arrange 5 4 3 2 1", "/arrange pairs"])
async def test_rack_numbers_typed_before_the_arranged_rack_are_refused(bot, monkeypatch, arrange):
    """The concurrency scan: `/arrange 5 4 3 2 1` then, typed at once, `/discard 1` meaning
    the r3 numbered 1 in the picture: /arrange numbered the rack anew and the discard threw
    the okey, now 1. Refused as after a move that laid tiles; typed after the new
    picture, it plays by the new numbers. Someone else's /arrange changes nothing of Can's."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV, dealt_okey_table

    deal = make_deal(["r3 b3 k3 k9 * k11 k12 r3 r8 r9 r13 k7 y1 y4 y12", "", "", ""],
                     indicator="y12", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    before = [t for t in bot.core.snapshot(table).json(0)["rack"] if t is not None]
    arranged, ahead, others = (Command.parse("tg", who.id, who, text, private=True,
                                             arrival=bot.core.arrive())
                               for who, text in ((CAN, arrange), (CAN, "/discard 1"),
                                                 (DEV, "/arrange pairs")))
    await bot.core.handle(arranged)
    await bot.core.handle(others)
    said = await bot.core.handle(ahead)
    assert [m.lines[-1].key for m in said] == ["core.error.renumbered_arranged"]
    assert table.moves == 0
    shown = [t for t in bot.core.snapshot(table).json(0)["rack"] if t is not None]
    assert shown != before
    await bot.say(CAN, "/discard 1", private=True)  # read from the new picture
    assert table.state.record()["actions"][0] == f"discard {shown[0]}"


async def test_an_arrange_that_moves_nothing_leaves_numbers_typed_ahead_alone(bot, monkeypatch):
    """`/arrange runs` when the rack is so already: the numbers typed before it still mean
    the same tiles, and the move plays."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r3 b3 k3 k9 * k11 k12 r3 r8 r9 r13 k7 y1 y4 y12", "", "", ""],
                     indicator="y12", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/arrange runs", private=True)
    before = [t for t in bot.core.snapshot(table).json(0)["rack"] if t is not None]
    arranged, ahead = (Command.parse("tg", CAN.id, CAN, text, private=True,
                                     arrival=bot.core.arrive())
                       for text in ("/arrange runs", "/discard 1"))
    await bot.core.handle(arranged)
    await bot.core.handle(ahead)
    assert table.state.record()["actions"][0] == f"discard {before[0]}"


# ---------------------------------------------------------------- Turkish words


@pytest.mark.parametrize("typed, move", [
    ("okeyi geri al r12 in 1", "/swap r12 in 1"), ("son atılan taşı al", "/take"),
    ("perlerle aç r1 r2 r3", "/open r1 r2 r3"), ("desteden al", "/draw"),
    ("ortadan bir taş al", "/draw"), ("aldığın taşı geri koy", "/return"),
    ("okeyi 2'den geri al", "/swap"), ("açılışı geri al", "/discard"),
    ("3. taşı at", "/discard 3"), ("üçüncü taşı at", "/discard 3")])
async def test_turkish_menu_words_and_the_piles_take_are_answered_with_their_move(
        bot, typed, move):
    """The Turkish scan: the bot's own Turkish menu words ("okeyi geri al" for /swap, "son
    atılan taşı al" for /take, "perlerle aç") were "I do not know okeyi"; "desteden al"
    (from the pile) was answered /take, the discard, another move (O7, O20); "3. taşı at"
    (the third tile) was "no move called 3.". "geri al" alone stays unknown: it is /back's
    word too (the regression scan), and "okeyi 2'den geri al" is the swap (O19)."""
    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, typed, private=True)
    text = i18n.render_lines(said.lines, "tr")
    assert f"{move} " in text or f"{move} diye" in text or f"{move} yaz" in text, text
    assert bot.table().moves == 0


async def test_turkish_geri_al_alone_is_not_read_as_return(bot):
    """The regression scan: "geri al" (take back) was answered /return, though the bot's
    Turkish says it of /back too ("koltuğunu bilgisayardan geri al")."""
    await bot.say(CAN, "/new okey101 bots=random")
    await bot.say(CAN, "/start")
    (said,) = await bot.say(CAN, "geri al", private=True)
    assert "/return" not in i18n.render_lines(said.lines, "tr")


def test_sahte_okeyi_names_the_fake_okey():
    """The Turkish scan: `/discard sahte okeyi` (the fake okey, as "okeyi at" says it) was
    "one tile at a time"."""
    from rules.tiles import FAKE, parse_tiles

    assert parse_tiles("sahte okeyi", "okey") == [FAKE]


# ---------------------------------------------------------------- Hindi words


@pytest.mark.parametrize("typed", ["दूसरी टाइल फेंको", "dusri tile phenko", "नंबर 2 फेंको",
                                   "टाइल नंबर 2 फेंको", "2 नंबर फेंको"])
async def test_hindi_rack_numbers_said_before_the_verb_are_answered_with_the_move(bot, typed):
    """The Hindi scan: "दूसरी टाइल फेंको" (throw the second tile) was "I do not understand
    दूसरी", "नंबर 2 फेंको" "I do not understand नंबर": read as "2 फेंको", /discard 2."""
    from .conftest import DEV

    await bot.say(DEV, "/new okey101 bots=random")
    await bot.say(DEV, "/start")
    said = await bot.say(DEV, typed, private=True)
    assert "/discard 2" in en(said[0]) and bot.table().moves == 0, en(said[0])


@pytest.mark.parametrize("typed, move", [("ढेर से उठाएं", "/draw"),
                                         ("जोड़ियां रखें r5 r5", "/pairs r5 r5")])
async def test_hindi_anusvara_spellings_read_as_the_candrabindu(bot, typed, move):
    """The Hindi scan: most keyboards write ं where the bot writes ँ: "ढेर से उठाएं" was
    "I do not understand ढेर"."""
    from .conftest import DEV

    await bot.say(DEV, "/new okey101 bots=random")
    await bot.say(DEV, "/start")
    said = await bot.say(DEV, typed, private=True)
    assert move in en(said[0]), en(said[0])


async def test_hindi_hide_words_with_the_anusvara(bot):
    from .conftest import DEV

    await bot.say(DEV, "/hide छिपाएं", private=True)
    assert bot.core.prefs.hides_okey("tg", DEV.id)
    await bot.say(DEV, "/hide दिखाएं", private=True)
    assert not bot.core.prefs.hides_okey("tg", DEV.id)


async def test_dominoes_hindi_ulti_in_the_dictionary_spelling_lays_face_down():
    from rules.dominoes_actions import Drop, parse_action

    assert isinstance(parse_action("0-2 उलटी रखो"), Drop)


@pytest.mark.parametrize("typed", ["/hand dikhao", "/table दिखाओ", "/rules batao",
                                   "/back aa gaya", "/hand दिखाएं", "/back aa gaya hu"])
async def test_hindi_show_and_tell_words_after_a_command_are_chat(bot, typed):
    """The Hindi scan: "/hand dikhao" (show), "/rules batao" (tell), "/back aa gaya" (I am
    back) were "dikhao is not a game"."""
    from .conftest import DEV

    await bot.say(DEV, "/new okey101 bots=random")
    await bot.say(DEV, "/start")
    out = await bot.say(DEV, typed)
    plain = await bot.say(DEV, typed.split()[0])
    assert [m.lines for m in out] == [m.lines for m in plain]


@pytest.mark.parametrize("typed, move", [("रखें r10 r11 J", "/place r10 r11 J"),
                                         ("r10 r11 J रखो", "/place r10 r11 J"),
                                         ("koy r12 b12 k12 J", "/place r12 b12 k12 J")])
async def test_rummikub_gloss_with_the_joker_written_j_keeps_its_tiles(bot, typed, move):
    """The Rummikub scan: "रखें r10 r11 J" (the joker as the bot writes it) was "I do not
    understand रखें"; without J it was answered /place."""
    table = await alone_to_move(bot, "rummikub")
    said = await bot.say(ALI, typed, private=True)
    assert move in en(said[0]) and table.moves == 0, en(said[0])


# ---------------------------------------------------------------- the terminal


def test_the_terminal_theme_is_the_rack_and_the_tables_alike(tmp_path):
    """The pictures scan: at the terminal `/mytheme colorblind` turned the rack alone, and
    `/theme colorblind` the table alone, with its rack shown again unchanged; one person
    reads both there, as /mylang is /lang there."""
    import subprocess
    import sys

    def pictures_after(typed: str) -> tuple[bytes, bytes]:
        subprocess.run([sys.executable, "-m", "bot.cli", "play", "okey101", "--seed", "3",
                        "--db", str(tmp_path / "t.db")], input=typed + "/quit\n", text=True,
                       cwd=tmp_path, capture_output=True, timeout=120, check=True)
        pictures = tmp_path / "tilebot-pictures"
        return (pictures / "okey101-rack.png").read_bytes(), \
            (pictures / "okey101-table.png").read_bytes()

    default = pictures_after("/table\n")
    blind = pictures_after("/mytheme colorblind\n/table\n")
    assert blind[0] != default[0] and blind[1] != default[1]
    assert pictures_after("/theme default\n/table\n") == default


# ---------------------------------------------------------------- Indonesian words


async def _budi_at_okey(bot):
    await bot.say(ID_BUDI, "/new okey101 bots=random")
    await bot.say(ID_BUDI, "/start")
    table = bot.table()
    held = [t for t in bot.core.snapshot(table).json(0)["rack"] if t not in (None, "*")]
    return table, held[0]


@pytest.mark.parametrize("typed, move", [
    ("ok buang {t}", "/discard {t}"), ("ok, buang {t}", "/discard {t}"),
    ("buang {t} skrg", "/discard {t}"), ("buang {t} cuy", "/discard {t}"),
    ("buang si {t}", "/discard {t}"), ("tempel * ke 2 di ujung bawah", "/add * to 2 low"),
    ("tempel * ke set 2", "/add * to 2"), ("sambung * ke 2", "/add * to 2"),
    ("turun r3 b3 k3 dan k9 * k11 k12", "/open r3 b3 k3 | k9 * k11 k12"),
    ("ok at", "/discard ok")])
async def test_indonesian_chat_around_a_gloss_is_read_past(bot, typed, move):
    """The Indonesian scan: a gloss with one word of chat ("skrg", now; "cuy", mate; "si",
    the; "ok," before it) was "no move called buang", and "ok buang r8" read "ok" as the
    okey ("one tile at a time"); "dan" (and) between melds is their |. "ok at" is still the
    okey thrown (Turkish)."""
    table, tile = await _budi_at_okey(bot)
    said = await bot.say(ID_BUDI, typed.format(t=tile), private=True)
    assert move.format(t=tile) in en(said[0]) and table.moves == 0, en(said[0])


async def test_ok_before_draw_is_a_yes_not_the_okey_taken(bot):
    """"ok draw" was answered "“draw” is typed /take, but the discard on offer is b1, not
    ok": the English move word said to mean another move. It is the draw."""
    from .test_core_play import Player

    table = await alone_to_move(bot, "okey101")
    seat = table.seat_of(ALI.id)
    if "draw" not in table.state.view(seat).legal:  # (the round's first move: a discard)
        await bot.say(ALI, "/" + table.state.view(seat).legal[0], private=True)
        player = Player(bot)
        while player.to_move(table) is not ALI:
            await player.step(table)
    moves = len(table.state.record()["actions"])
    await bot.say(ALI, "ok draw", private=True)
    assert table.state.record()["actions"][moves] == "draw"
    # (and a second draw says what to do instead: the newcomer scan, O7)
    (said,) = await bot.say(ALI, "/draw", private=True)
    assert en(said).endswith("You have already drawn this turn: lay tiles down if you can, "
                             "then end it with a discard."), en(said)


async def test_ok_before_a_take_naming_its_tile_is_a_yes(bot):
    """The third regression scan: "ok take k9" (k9 on offer) was "I do not know ok" (its
    digit read as a meld's number); after a take, a draw was told to lay tiles and
    discard, which O20 refuses: it says to use the taken tile, or give it back."""
    from .test_core_play import Player

    table = await alone_to_move(bot, "okey101")
    seat = table.seat_of(ALI.id)
    if "take" not in table.state.view(seat).legal:
        await bot.say(ALI, "/" + table.state.view(seat).legal[0], private=True)
        player = Player(bot)
        while player.to_move(table) is not ALI:
            await player.step(table)
    offer = table.state.view(seat).to_json()["takeable"]
    moves = len(table.state.record()["actions"])
    await bot.say(ALI, f"ok take {offer}", private=True)
    assert table.state.record()["actions"][moves] == "take"
    (said,) = await bot.say(ALI, "/draw", private=True)
    assert en(said).endswith("You took the last discard this turn: use it now (or /return "
                             "it, if you have laid nothing yet)."), en(said)


async def test_rummikub_play_word_with_the_whole_new_table_is_answered_play(bot, monkeypatch):
    """The Indonesian scan: "mainkan" and the whole new table (/play, as the command list
    glosses it) was answered /place of every tile and refused (K7: tiles not held)."""
    from .test_rkdom37 import rig

    rig(monkeypatch, (0, ["r10 r11 r12 r13 k5 k6 k7 b1 b2 y3 y9 r1 r2 k1",
                          "b1 b4 b7 b10 b13 k3 k6 k9 k12 y2 y5 y8 y11 r6"]))
    await bot.say(ALI, "/new rummikub players=2 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/place r10 r11 r12", private=True)  # (33: K6)
    assert table.state.current_player == 0  # (the computer drew)
    said = await bot.say(ALI, "mainkan r10 r11 r12 r13", private=True)
    assert "/play r10 r11 r12 r13" in en(said[0]), en(said[0])


@pytest.mark.parametrize("typed, move", [("taruh nomor 6, 11, 14", "/place 6, 11, 14"),
                                         ("taruh r12 k12 dan y12", "/place r12 k12 y12")])
async def test_indonesian_rummikub_place_with_numbers_after_nomor_and_dan(bot, typed, move):
    table = await alone_to_move(bot, "rummikub")
    said = await bot.say(ALI, typed, private=True)
    assert move in en(said[0]) and table.moves == 0, en(said[0])


@pytest.mark.parametrize("typed, plain", [("place r12 k12 dan y12", "place r12 k12 y12"),
                                          ("place r12 k12 y12 di meja", "place r12 k12 y12"),
                                          ("place 6, 11 dan 14", "place 6, 11 14")])
def test_rummikub_place_in_english_reads_past_and_and_the_table(typed, plain):
    """The Indonesian scan: "place r12 k12 dan y12" was "Not a tile: dan", "place ... di
    meja" (onto the table) "Not a tile: di", though "sama" and the gloss's "di meja" were
    read."""
    from rules import find_game

    assert notation.from_person(find_game("rummikub"), typed, 4) == plain


@pytest.mark.parametrize("typed", ["pasang kartu 0-1", "main kartu 0-1", "pasang yg 0-1",
                                   "pasang 0-1 di kiri bang", "pasang 0-1 dikiri",
                                   "taruh 0-1 disebelah kiri", "tutup satu kartu 0-1"])
def test_dominoes_indonesian_kartu_and_fillers_are_read_past(typed):
    """The Indonesian scan: "pasang kartu 0-1" (the bot's own word for a domino), "tutup
    satu kartu 5-6" (its no-fit hint's), "yg", "bang", "dikiri" were "not a dominoes move"."""
    from rules.dominoes_actions import Drop, Play, parse_action

    action = parse_action(typed)
    assert isinstance(action, Drop if typed.startswith("tutup") else Play)
    assert action.end in (None, "left") if isinstance(action, Play) else True


# ---------------------------------------------------------------- two tables


async def test_a_racks_suggestions_name_the_game_to_someone_at_two_tables(bot):
    """The newcomer scan: at an Okey 101 and a Rummikub table at once, the Rummikub rack's
    prompt said "e.g. /rummikub draw" but its hint "/draw", which typed privately was
    refused (which table?), and the refusal's example drew at Okey 101. The rack's own
    suggestions name the game there; alone at one table they stay bare."""
    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    alone = [m for m in bot.sent if m.to.private and getattr(m, "kind", "") == "rack"][-1]
    hinted = [ln for ln in alone.lines if ln.key.startswith("core.hint.")
              and ({"move", "cmd"} & set(ln.params))]
    assert hinted and all(not str(ln.params.get("move", ln.params.get("cmd"))).startswith(
        "rummikub ") for ln in hinted)
    await bot.say(ALI, "/new okey101 bots=random", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    bot.sent.clear()
    await bot.say(ALI, "/hand rummikub", private=True)
    rack = [m for m in bot.sent if m.to.private and getattr(m, "kind", "") == "rack"][-1]
    hinted = [ln for ln in rack.lines if ln.key.startswith("core.hint.")
              and ({"move", "cmd"} & set(ln.params))]
    okey = rules.find_game("okey101")
    for line in hinted:  # (a move Okey 101 has too names its game; one it has not stays
        # bare: Telegram makes a caption's first word alone a command to tap, the second
        # regression scan)
        move = str(line.params.get("move", line.params.get("cmd")))
        bare = move.removeprefix("rummikub ")
        assert move.startswith("rummikub ") == notation.fits(okey, bare), move
    assert hinted
    typed = "/" + str(hinted[0].params.get("move", hinted[0].params.get("cmd")))
    table = bot.table("rummikub")
    moves = table.moves
    await bot.say(ALI, typed, private=True)  # (as the hint says: played there)
    assert table.moves > moves


# ---------------------------------------------------------------- the second regression scan


@pytest.mark.parametrize("typed, move", [("ok ambil dari 2", "/swap"), ("ok al 2'den", "/swap")])
async def test_ok_before_a_take_from_a_meld_is_still_the_okey(bot, typed, move):
    """The second regression scan: "ok ambil dari 2" (take the okey from meld 2, O19) was
    read as a yes and answered /draw: before a meld's number "ok" is the okey."""
    table, _ = await _budi_at_okey(bot)
    said = await bot.say(ID_BUDI, typed, private=True)
    assert f"{move} " in en(said[0]) or f"{move}:" in en(said[0]), en(said[0])
    assert "/draw" not in en(said[0]) and "/take" not in en(said[0])


async def test_turkish_a_tile_geri_al_is_the_return(bot, monkeypatch):
    """The second regression scan: "b1'i geri al" (give b1 back, after taking it) was
    answered /take; it is /return (O-D9)."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r3 b3 k3 k9 * k11 k12 r3 r8 r9 r13 k7 y1 y4 y12", "", "", ""],
                     indicator="y12", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    from .test_core_play import Player

    await bot.say(CAN, "/discard y12", private=True)
    player = Player(bot)
    while player.to_move(table) is not CAN:  # (the others play: Can's turn again)
        await player.step(table)
    await bot.say(CAN, "/take", private=True)
    taken = table.state.view(0).to_json()["taken"]
    (said,) = await bot.say(CAN, f"{taken}'i geri al", private=True)
    assert "/return" in i18n.render_lines(said.lines, "tr")


def test_discord_number_options_stop_at_the_largest_number_read():
    """The Discord scan: `/league season:1000000` was "Unknown game 1000000" (seven digits
    are no number to the core): Discord's box now refuses a number past the largest."""
    from bot.adapters.discord import slash_commands
    from bot.notation import LARGEST_NUMBER, number

    numbers = [o for c in slash_commands() for o in c.get("options", []) if o["type"] == 4]
    assert numbers and all(o["max_value"] == LARGEST_NUMBER for o in numbers)
    assert number(str(LARGEST_NUMBER)) == LARGEST_NUMBER


async def test_back_after_a_close_does_not_deny_the_computer_that_played_ones_seat(bot):
    """The comeback scan: Budi left, a computer played four moves for him, then Ali left
    and the table closed after its hour; Budi's /back said "no computer played"."""
    from .conftest import BUDI
    from .test_scan56 import _budi_left_a_dominoes_match

    table, player = await _budi_left_a_dominoes_match(bot)
    while player.to_move(table) is not ALI:
        await player.step(table)
    await player.step(table)  # (Ali plays: the computer in Budi's seat moves too)
    assert any(e[0] == table.seat_of(BUDI.id) for e in table.state.view(0).history)
    await bot.say(ALI, "/leave")
    await bot.clock.advance(3600)
    (reply,) = await bot.say(BUDI, "/back")
    assert "computer" not in en(reply) and "closed while everyone was away" in en(reply)
