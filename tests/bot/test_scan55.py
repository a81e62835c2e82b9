"""What the scans and the known-left list of 2026-12-07 (session 55) found, each fixed."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.messages import Buttons, Command, Edit
from rules.tiles import format_tile, parse_tile

from .conftest import ALI, CAN, alone_to_move, en
from .conftest import BUDI as ID_BUDI
from .test_rkdom37 import rig

# ---------------------------------------------------------------- Rummikub


@pytest.mark.parametrize("typed, key", [("/add {tile} to 1", "core.error.place_no_set_now"),
                                        ("/place {tile} to 1", "core.error.place_no_set_now"),
                                        ("/add {tile}", "core.error.add_is_place_now")])
async def test_K6_a_set_number_before_the_initial_meld_is_refused_with_why_place_is_too(
        bot, typed, key):
    """`/add r12 to 1` before the initial meld was answered "write /place r12", which was
    then refused (K6: only new sets from the rack go down until then). Now the answer says
    both: no set number, and why the /place would be refused now."""
    table = await alone_to_move(bot, "rummikub")
    seat = table.seat_of(ALI.id)
    tile = format_tile(table.state.rack(seat)[0])
    moves, rack = table.moves, table.state.rack(seat)
    out = await bot.say(ALI, typed.format(tile=tile), private=True)
    line = out[-1].lines[0]
    assert line.key == key
    assert line.params["tiles"] == tile
    assert line.params["why"].key == "core.error.illegal"
    assert line.params["why"].params["rule"] == "K6"
    assert (table.moves, table.state.rack(seat)) == (moves, rack)


@pytest.mark.parametrize("typed, said", [
    ("/add r10 r11 r12 to 1", "/place needs no set number: it lays your tiles wherever they "
     "fit and arranges the table for you. Write /place r10 r11 r12."),
    ("/add r10 r11 r12", "Rummikub has no /add: /place lays your tiles wherever they fit and "
     "arranges the table for you. Write /place r10 r11 r12.")])
async def test_K6_a_set_number_with_an_initial_meld_is_answered_with_the_place_to_type(
        bot, monkeypatch, typed, said):
    """Tiles that make an initial meld (K6: 33 points) typed with a set's number: the
    /place to type, as before, since it would be played."""
    rig(monkeypatch, (0, ["r10 r11 r12 k5 k6 b1 b2 y3 y9 r1 r2 k1 k13 y7",
                          "r13 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(ALI, "/new rummikub players=2 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    out = await bot.say(ALI, typed, private=True)
    assert [en(m) for m in out] == [said]
    assert table.moves == 0
    await bot.say(ALI, "/place r10 r11 r12", private=True)
    assert table.state.melded[0]


# ---------------------------------------------------------------- away and back


async def test_a_private_back_at_two_tables_of_a_group_left_offers_a_button_each(bot):
    """Ali played dominoes in two topics of one Telegram group and left it (a /leave at
    both). His private /back was told to type /back in the group of the table he meant,
    where he can no longer type. Now each table is a button; pressing one brings him
    back there alone, and its buttons come off."""
    for chat, place, other in (("-100/7", "Club / Domino A", ID_BUDI),
                               ("-100/9", "Club / Domino B", CAN)):
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=place)
        await bot.say(other, "/join", chat=chat, place=place)
        await bot.say(ALI, "/start", chat=chat, place=place)
    await bot.core.member_left("tg", lambda room: room.split("/")[0] == "-100", ALI)
    a, b = bot.table(chat="-100/7"), bot.table(chat="-100/9")
    assert a.seats[a.seat_of(ALI.id)].away and b.seats[b.seat_of(ALI.id)].away
    out = await bot.say(ALI, "/back", chat=ALI.id, private=True)
    asked = next(m for m in out if isinstance(m, Buttons))
    assert asked.lines[-1].key == "core.error.which_tables_away"
    assert asked.lines[-1].params["way"].key == "core.error.which_way_back_buttons"
    assert "Club / Domino A" in asked.choices[0].label
    assert "Club / Domino B" in asked.choices[1].label
    assert a.seats[a.seat_of(ALI.id)].away and b.seats[b.seat_of(ALI.id)].away
    out = await bot.press(ALI, asked.choices[1].payload, chat=ALI.id)
    assert not b.seats[b.seat_of(ALI.id)].away
    assert a.seats[a.seat_of(ALI.id)].away
    assert any(isinstance(m, Edit) and m.ref == asked.ref for m in out)
    out = await bot.press(ALI, asked.choices[1].payload, chat=ALI.id)  # pressed again
    assert [m.lines[-1].key for m in out] == ["core.error.not_away_elsewhere"]


async def test_a_back_button_of_someone_else_changes_nothing(bot):
    """A /back button names a table, not a seat: pressed by someone not seated there it is
    refused (nobody comes back for another)."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(ID_BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await bot.say(ALI, "/leave")
    out = await bot.press(CAN, f"r:{table.id}", chat=CAN.id)
    assert [m.lines[-1].key for m in out] == ["core.error.not_seated"]
    assert table.seats[table.seat_of(ALI.id)].away


# ---------------------------------------------------------------- lobby and late joins


@pytest.mark.parametrize("typed", ["/join 2", "/join kursi 4"])
async def test_Y22_a_late_join_naming_a_seat_still_sits_opposite(bot, typed):
    """Yüzbir online: Budi came late to Ali's friendly table and named seat 2: he sat beside
    Ali, not opposite (Y22). He takes seat 3, as a bare /join does, and is told why."""
    await bot.say(ALI, "/new yuzbir league=off bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    out = await bot.say(ID_BUDI, typed)
    assert [i for i, _ in table.humans()] == [0, 2]
    told = [ln for m in out if m.to.private and m.to.user == ID_BUDI.id for ln in m.lines]
    assert any(ln.key == "core.seat_moved_late" and ln.params == {"seat": 3,
               "asked": int(typed[-1])} for ln in told)
    group = [en(m) for m in out if not m.to.private]
    assert any("takes over seat 3" in g for g in group), group


async def test_addbot_with_a_level_over_a_computers_seat_changes_its_level(bot):
    """`/addbot expert` meant beginner: nothing undid it short of /stop (every attempt was
    "Seat 3 is taken"). `/addbot beginner 3` over that computer changes its level; over a
    person it is still refused, and nothing changes."""
    await bot.say(ALI, "/new okey101")
    await bot.say(ID_BUDI, "/join")
    await bot.say(ALI, "/addbot expert")
    table = bot.table()
    assert table.seats[2].level == "expert"
    out = await bot.say(ID_BUDI, "/addbot pemula 3")
    assert table.seats[2].level == "beginner" and table.count() == 3
    assert "The computer at seat 3 now plays as beginner (it was expert)." in [
        en(m).splitlines()[0] for m in out if not m.to.private]
    await bot.restart()
    assert bot.table().seats[2].level == "beginner"  # (stored)
    out = await bot.say(ALI, "/addbot expert 2")  # Budi's seat
    assert [en(m) for m in out] == ["Seat 2 is taken; free: 4."]
    assert bot.table().seats[1].user == ID_BUDI.id


# ---------------------------------------------------------------- our players' words


@pytest.mark.parametrize("discard, typed, key", [
    ("*", "okey al", "core.error.move_word"),  # the okey just discarded: /take
    ("*", "/okey al", "core.error.move_word"),
    ("r13", "okey al", "core.error.take_not_offered")])  # r13 is on offer, not the okey
async def test_O20_okey_al_is_the_okeys_take_not_a_game_to_name(bot, monkeypatch, discard,
                                                                 typed, key):
    """Can typed "okey al" (take the okey) just after Dev discarded it, and was asked which
    okey game he meant (okey names two, in Turkish)."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import CAN, DEV, dealt_okey_table

    deal = make_deal(["r10 r11 r12 b5 b6 k9 y9 b7 b7 k3 r9 r2 y1 b1", "", "",
                      "* r13 k13 y13"], indicator="y12", first=3)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/lang tr")
    await bot.say(DEV, f"/discard {discard}", private=True)
    moves = table.moves
    (reply,) = await bot.say(CAN, typed, private=True)
    assert reply.lines[0].key == key, en(reply)
    if key == "core.error.move_word":
        assert reply.lines[0].params["example"] == "take"
    assert table.moves == moves


# ---------------------------------------------------------------- rack numbers


async def test_rack_numbers_typed_before_the_renumbered_rack_are_refused(bot, monkeypatch):
    """The newcomer scan: `/open 1 2 3 | 4 5 6 7` then, typed at once, `/discard 8` meaning
    the r3 numbered 8 in the picture. The opening numbered the rest anew and the discard
    threw y12, the new 8. A move by numbers that came before the new picture is refused;
    typed after it, it plays by the new numbers."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    deal = make_deal(["r3 b3 k3 k9 * k11 k12 r3 r8 r9 r13 k7 y1 y4 y12", "", "", ""],
                     indicator="y12", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)

    def tiles() -> list:
        return [t for t in table.state.view(0).to_json()["rack"] if t is not None]

    rack = tiles()
    # both come in before the opening is played (a door numbers its updates as they come)
    opening, typed_ahead = (Command.parse("tg", CAN.id, CAN, text, private=True,
                                          arrival=bot.core.arrive())
                            for text in ("/open r3 b3 k3 | k9 * k11 k12", "/discard 8"))
    await bot.core.handle(opening)
    ahead = await bot.core.handle(typed_ahead)
    assert [m.lines[-1].key for m in ahead] == ["core.error.renumbered"]
    assert len(tiles()) == len(rack) - 7 and table.state.current_player == 0  # none thrown
    shown = [t for t in bot.core.snapshot(table).json(0)["rack"] if t is not None]
    await bot.say(CAN, "/discard 1", private=True)  # read from the new picture
    assert table.state.current_player != 0
    assert tiles().count(shown[0]) == shown.count(shown[0]) - 1


async def test_a_rack_number_no_tile_has_is_refused_before_the_draw(bot, monkeypatch):
    """The newcomer scan: "99" (or "0") before the draw was answered "draw first, then e.g.
    /discard 99", refused after the draw. Said now; 15, the tile the draw brings, is not."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV, dealt_okey_table

    deal = make_deal(["r10 r11 r12 b5 b6 k9 y9 b7 b7 k3 r9 r2 y1 b1", "", "",
                      "r13 k13 y13 y1 y2"], indicator="y12", first=3)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(DEV, "/discard r13", private=True)  # Can (14 tiles) is to draw
    for typed, key in (("99", "core.error.bad_slot"), ("0", "core.error.bad_slot"),
                       ("15", "core.error.number_alone_draw")):
        (reply,) = await bot.say(CAN, typed, private=True)
        assert reply.lines[0].key == key, en(reply)
        if key == "core.error.bad_slot":
            assert reply.lines[0].params == {"slot": int(typed), "last": 14}
    assert table.state.current_player == 0


async def test_D_a_word_no_dominoes_move_is_answered_with_the_moves_there_are(bot):
    """The newcomer scan: /draw at dominoes was answered "Try /play 3-5 left", a tile the
    player did not hold. The moves legal now are named instead."""
    table = await alone_to_move(bot, "dominoes")
    legal = table.state.view(table.seat_of(ALI.id)).legal
    moves = table.moves
    out = await bot.say(ALI, "/draw", private=True)
    assert [en(m) for m in out] == [
        "Not a dominoes move: draw. Your moves now: " + ", ".join(legal) + "."]
    assert table.moves == moves


@pytest.mark.parametrize("order", ["groups", "3 2 1 | 4"])
async def test_a_rack_arranged_after_the_draw_comes_back_so_after_a_restart(bot, order):
    """The record scan: /draw, then /arrange groups (the rack sorted at once, numbered
    anew), then a restart within the turn: the rack came back as numbered at the draw, and
    `/discard 5` read before the restart threw another tile."""
    table = await alone_to_move(bot, "okey101")
    if "draw" not in table.state.view(0).legal:  # (the first turn: a discard, then a draw)
        await bot.say(ALI, "/discard 1", private=True)
    await bot.say(ALI, "/draw", private=True)

    def rack(out) -> list:
        return next(m.view["rack"] for m in out if getattr(m, "view", None)
                    and "rack" in m.view)

    drawn = rack(await bot.say(ALI, "/hand", private=True))
    shown = rack(await bot.say(ALI, f"/arrange {order}", private=True))
    assert shown != drawn
    await bot.restart()
    assert rack(await bot.say(ALI, "/hand", private=True)) == shown
    tiles = [t for t in shown if t is not None]
    moves = bot.table().moves
    await bot.say(ALI, "/discard 5", private=True)
    assert (await bot.store.move_log(bot.table().id))[moves].action == f"discard {tiles[4]}"


# ---------------------------------------------------------------- what the bot teaches


@pytest.mark.parametrize("lang", ["en", "id", "hi", "tr"])
async def test_O14_the_okey101_rules_example_opening_is_accepted(bot, monkeypatch, lang):
    """The help scan: /rules taught `open r4 r5 r6 | b9 r9 k9`, worth 42: refused at every
    Okey 101 table (O14: 51). The example, typed by someone holding its tiles, now opens."""
    import re

    from bot import i18n
    from tests.rules.okey_helpers import make_deal

    from .conftest import dealt_okey_table

    taught = i18n.translate(lang, "core.moves.okey101")
    example = re.search(r"open ([^(,]+?)\s*[(,]", taught).group(1)
    deal = make_deal([example.replace("|", ""), "", "", ""], indicator="y12", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, f"/open {example}", private=True)
    assert table.state.view(0).opened[0] is not None, example


_TO_DRAW = (["r10 r11 r12 b5 b6 b7 k9 y9 r9 y13 k3 r2 y1 b1", "", "", "r13 k13"], 3)
_TO_DISCARD = (["r10 r11 r12 b5 b6 b7 k9 y9 r9 y13 k3 r2 y1 b1 k13", "", "", ""], 0)


@pytest.mark.parametrize("deal, typed, example", [
    (_TO_DRAW, "çek bakalım", "draw"), (_TO_DRAW, "cek bakalim", "draw"),
    (_TO_DRAW, "çek abi", "draw"), (_TO_DRAW, "çek kanka", "draw"),
    (_TO_DRAW, "hadi çek", "draw"), (_TO_DRAW, "bi taş çek", "draw"),
    (_TO_DISCARD, "at şunu y13", "discard y13"), (_TO_DISCARD, "at bakalım y13", "discard y13"),
    (_TO_DISCARD, "y13 at abi", "discard y13"), (_TO_DISCARD, "y13 at lütfen", "discard y13"),
    (_TO_DISCARD, "at y13 lutfen", "discard y13")])
async def test_turkish_table_talk_around_a_move_word_is_read(bot, monkeypatch, deal, typed,
                                                             example):
    """The Turkish scan: "çek bakalım", "y13 at abi", "hadi çek", "at şunu y13" were "I do
    not know what çek means" (a word /rules itself glosses), or "y13 is no move"."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV, dealt_okey_table

    hands, first = deal
    await dealt_okey_table(bot, monkeypatch, "okey101",
                           make_deal(hands, indicator="k1", first=first))
    await bot.say(CAN, "/lang tr")
    if first == 3:
        await bot.say(DEV, "/discard r13", private=True)
    (reply,) = await bot.say(CAN, typed, private=True)
    assert reply.lines[0].params.get("example") == example, en(reply)


@pytest.mark.parametrize("typed, move", [("draw yap", "draw"), ("discard y13 et", "discard y13")])
async def test_turkish_yap_after_an_english_move_plays_it(bot, monkeypatch, typed, move):
    """"draw yap", "discard y13 et" (do), as Hindi's "draw karo" plays: "/draw takes
    nothing after it", "Not a tile: yap"."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV, dealt_okey_table

    hands, first = _TO_DRAW if move == "draw" else _TO_DISCARD
    table = await dealt_okey_table(bot, monkeypatch, "okey101",
                                   make_deal(hands, indicator="k1", first=first))
    if first == 3:
        await bot.say(DEV, "/discard r13", private=True)
    moves = table.moves
    await bot.say(CAN, typed, private=True)
    assert (await bot.store.move_log(table.id))[moves].action == move


@pytest.mark.parametrize("typed", ["r9'u birinci pere işle", "r9 ilk pere isle",
                                   "işle r9 birinci pere", "r9'u 1. per'e işle", "r9 1.pere isle",
                                   "işle r9 1'inci pere"])
async def test_O17_a_meld_named_by_a_turkish_ordinal_is_read(bot, monkeypatch, typed):
    """The Turkish scan: "birinci pere işle" (to the first meld), "1.pere", "per'e" lost the
    meld ("r9'u is no move"), and "1'inci pere" suggested a bare /add, then refused."""
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV, dealt_okey_table

    deal = make_deal(["r10 r11 r12 r13 b11 k11 y11 r9 b5 b6 k3 y1 b1 y6 k7", "", "", ""],
                     indicator="k1", first=0)
    table = await dealt_okey_table(bot, monkeypatch, "okey101", deal)
    await bot.say(CAN, "/lang tr")
    for person, move in ((CAN, "open r10 r11 r12 r13 | b11 k11 y11"), (CAN, "discard k3"),
                         (ALI, "draw"), (ALI, "discard 1"), (ID_BUDI, "draw"),
                         (ID_BUDI, "discard 1"), (DEV, "draw"), (DEV, "discard 1"),
                         (CAN, "draw")):
        await bot.say(person, "/" + move, private=True)
    (reply,) = await bot.say(CAN, typed, private=True)
    assert reply.lines[0].params.get("example") == "add r9 to 1", en(reply)
    moves = table.moves
    await bot.say(CAN, "/add r9 to 1", private=True)
    assert table.moves == moves + 1


@pytest.mark.parametrize("typed", ["r10 r11 r12 aç", "aç r10 r11 r12", "el aç r10 r11 r12",
                                   "el ac r10 r11 r12", "per aç r10 r11 r12"])
async def test_K6_el_ac_at_rummikub_is_the_initial_meld_placed(bot, monkeypatch, typed):
    """The Turkish scan: the rack calls Rummikub's first play "ilk açılış", but "aç r12 k12
    y12" / "el aç ..." were unknown ("aç" was only the okey games' open)."""
    rig(monkeypatch, (0, ["r10 r11 r12 k5 k6 b1 b2 y3 y9 r1 r2 k1 k13 y7",
                          "r13 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(CAN, "/lang tr")
    await bot.say(CAN, "/new rummikub players=2 bots=random")
    await bot.say(CAN, "/start")
    (reply,) = await bot.say(CAN, typed, private=True)
    assert reply.lines[0].params.get("example") == "place r10 r11 r12", en(reply)


async def test_Y16_the_islek_warning_says_the_tile_comes_back(bot, monkeypatch):
    """The Yüzbir scan: the rack warned that r8 (it fits a meld on the table) "costs a
    penalty of 100", but under Y16 it is also refused and comes back; the okey's warning
    said so, this one did not."""
    from tests.rules.test_yuzbir_helpers import deal

    from .conftest import dealt_okey_table

    table = await dealt_okey_table(bot, monkeypatch, "yuzbir", deal(
        ["r5 r6 r7 b9 b10 b11 k9 k10 k11 r8", "", "", ""], indicator="y1"))
    out = await bot.say(CAN, "/open r5 r6 r7 | b9 b10 b11 | k9 k10 k11", private=True)
    warned = [ln for m in out if m.to.user == CAN.id for ln in m.lines
              if ln.key.startswith("core.hint.penalty")]
    assert [ln.key for ln in warned] == ["core.hint.penalty_back"]
    assert "comes back (Y16)" in i18n.translate("en", warned[0].key, warned[0].params)
    await bot.say(CAN, "/discard r8", private=True)
    assert table.state.r.hands[0][parse_tile("r8")] == 1  # as it said: back in the rack


def test_the_turkish_terminal_help_names_the_choices_in_turkish():
    """The help scan: the Turkish terminal /help listed /theme's and /arrange's choices in
    English ("default|colorblind|dark", "runs, pairs ya da groups") beside "renk körü"; the
    chat's help and the other languages' give the reader's words (each one works typed)."""
    from bot import rack_order
    from bot.messages import Line

    text = i18n.render_lines([Line("core.help_console", {"games": "G", "levels": []})], "tr")
    assert "/theme <varsayılan|renk körü|koyu>" in text
    assert "/arrange seriler, çiftler ya da gruplar" in text
    for word in ("seriler", "çiftler", "gruplar"):
        assert rack_order.order_named((word,)) is not None


@pytest.mark.parametrize("typed", ["टाइलें रखें r10 r11 r12", "नया सेट रखो r10 r11 r12",
                                   "चलो r10 r11 r12", "r10 r11 r12 chalo", "r10 r11 r12 rakho"])
async def test_K_the_hindi_menus_place_words_are_read(bot, monkeypatch, typed):
    """The Hindi scan: the menu's "टाइलें रखें" and everyday "चलो", "नया सेट रखो" at
    Rummikub were "not understood"."""
    from .conftest import DEV

    rig(monkeypatch, (0, ["r10 r11 r12 k5 k6 b1 b2 y3 y9 r1 r2 k1 k13 y7",
                          "r13 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(DEV, "/new rummikub players=2 bots=random")
    await bot.say(DEV, "/start")
    (reply,) = await bot.say(DEV, typed, private=True)
    assert reply.lines[0].params.get("example") == "place r10 r11 r12", en(reply)


@pytest.mark.parametrize("words, verb", [
    (("r3", "r4", "r5", "rakho"), "meld"), (("r3", "r4", "r5", "रख दो"), "meld"),
    (("नया", "मेल्ड", "रखो", "r3", "r4", "r5"), "meld"),
    (("जोड़ियाँ", "रखें", "r5", "r5", "|", "b2", "b2"), "pairs"),
    (("आख़िरी", "फेंकी", "टाइल", "लें"), "take"), (("ली", "हुई", "टाइल", "वापस", "रखें"), "return"),
    (("ओकेय", "वापस", "लो"), "swap"), (("okey", "wapas", "lo"), "swap")])
def test_the_hindi_menus_okey_words_are_glossed(words, verb):
    """The Hindi scan: the command menu's "जोड़ियाँ रखें", "आख़िरी फेंकी टाइल लें", "ली हुई
    टाइल वापस रखें" and everyday "रखो" / "rakho" (a meld at okey), "ओकेय वापस लो" were
    "not understood"."""
    from bot import notation

    typed = " ".join(words)
    first, rest = typed.split()[0], typed.split()[1:]
    found = notation.glossed(first, {"okey"}, rest) if notation.starts_a_gloss(first, rest) \
        else notation.glossed_among_tiles(typed.split(), {"okey"}) \
        or notation.glossed(first, {"okey"}, rest)
    assert found is not None and found[1] == verb, found


# ---------------------------------------------------------------- the regression scan


async def test_okey_al_with_no_okey_table_still_asks_which_okey_game(bot):
    """"okey al" at no okey table (a Rummikub table only) became "unknown command /okey":
    to a Turkish reader okey there names a game; which one is asked, as before."""
    await bot.say(CAN, "/lang tr")
    await bot.say(CAN, "/new rummikub bots=random")
    await bot.say(CAN, "/start")
    (reply,) = await bot.say(CAN, "/okey al")
    assert reply.lines[-1].key == "core.error.either_okey", en(reply)


async def test_okey_al_at_two_okey_tables_takes_where_the_okey_is_on_offer(bot, monkeypatch):
    """The okey on offer at Okey 101, r13 at Yüzbir: "okey al" was told the discard on offer
    is r13, not the okey (the first table's)."""
    from rules.okey_deal import parse_deal
    from tests.rules.okey_helpers import make_deal

    from .conftest import DEV

    deal = make_deal(["r10 r11 r12 b5 b6 k9 y9 b7 b7 k3 r9 r2 y1 b1", "", "", "* r13 k13"],
                     indicator="y12", first=3)
    monkeypatch.setattr("rules.okey_state.random_deal",
                        lambda rng, first, seats=4: parse_deal(deal))

    await bot.say(CAN, "/lang tr")
    for chat, game, thrown in (("g1", "okey101", "*"), ("g2", "yuzbir", "r13")):
        await bot.say(CAN, f"/new {game}", chat=chat)
        for person in (ALI, ID_BUDI, DEV):
            await bot.say(person, "/join", chat=chat)
        await bot.say(CAN, "/start", chat=chat)
        await bot.say(DEV, f"/discard {thrown}", chat=chat)
    (reply,) = await bot.say(CAN, "okey al", private=True)
    assert reply.lines[0].key == "core.error.move_word", en(reply)
    assert reply.lines[0].params["example"] == "take"


async def test_a_bare_number_at_two_okey_tables_is_checked_where_a_draw_comes(bot, monkeypatch):
    """Can must discard at g1 (15 tiles) and draw at g2 (14): "16" was checked at g1 and
    answered "draw first, then /discard 16", then refused at g2 (15 tiles after the draw)."""
    from rules.okey_deal import parse_deal
    from tests.rules.okey_helpers import make_deal

    deal = make_deal(["r3 b3 k3 k9 * k11 k12 r3 r8 r9 r13 k7 y1 y4 y12", "", "", ""],
                     indicator="y12", first=0)
    monkeypatch.setattr("rules.okey_state.random_deal",
                        lambda rng, first, seats=4: parse_deal(deal))
    for chat in ("g1", "g2"):
        await bot.say(CAN, "/new okey101 bots=random league=off", chat=chat)
        await bot.say(CAN, "/start", chat=chat)
    await bot.say(CAN, "/discard y12", chat="g2")  # the computers play: Can draws at g2 next
    assert "draw" in bot.table(chat="g2").state.view(0).legal
    (reply,) = await bot.say(CAN, "16", private=True)
    assert (reply.lines[0].key, reply.lines[0].params) == (
        "core.error.bad_slot", {"slot": 16, "last": 14})


async def test_Y22_a_late_join_naming_a_persons_seat_offers_the_planned_one_only(bot):
    """"/join 1" (Ali's) at a Yüzbir game under way listed "free: 2, 3, 4"; a late joiner
    sits at 3 whatever they name (Y22)."""
    await bot.say(ALI, "/new yuzbir league=off bots=random")
    await bot.say(ALI, "/start")
    (reply,) = await bot.say(ID_BUDI, "/join 1")
    assert (reply.lines[-1].key, reply.lines[-1].params) == (
        "core.error.seat_taken_free", {"seat": 1, "free": "3"})


async def test_the_back_buttons_keep_the_end_of_long_places_where_they_differ(bot):
    """Discord cuts a button's label at 80 characters: two threads of a long server name
    showed the same label. The label is the place, its end kept."""
    long = "Komunitas Domino dan Okey Indonesia Raya #games / meja malam jumat pukul delapan"
    for chat, other in (("c1", ID_BUDI), ("c2", CAN)):
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=f"{long} {chat[-1]}")
        await bot.say(other, "/join", chat=chat, place=f"{long} {chat[-1]}")
        await bot.say(ALI, "/start", chat=chat, place=f"{long} {chat[-1]}")
        await bot.say(ALI, "/leave", chat=chat, place=f"{long} {chat[-1]}")
    out = await bot.say(ALI, "/back", chat=ALI.id, private=True)
    labels = [c.label for m in out if isinstance(m, Buttons) for c in m.choices]
    assert len(labels) == 2 and len(set(labels)) == 2
    assert all(len(label) <= 60 for label in labels)
    assert labels[0].endswith("delapan 1") and labels[1].endswith("delapan 2")


async def test_the_back_buttons_tell_apart_places_that_differ_only_at_the_start(bot):
    """The second regression scan: two groups whose long topic names were alike showed the
    same cut label, and labels of the place alone lost the game (two games in two topics)."""
    topic = "Haftalık akşam turnuvası — herkes davetli, kurallar sabitlenmiş mesajda"
    for chat, city, other in (("c1", "Ankara", ID_BUDI), ("c2", "İzmir", CAN)):
        place = f"{city} Okey / {topic}"
        await bot.say(ALI, "/new dominoes bots=random", chat=chat, place=place)
        await bot.say(other, "/join", chat=chat, place=place)
        await bot.say(ALI, "/start", chat=chat, place=place)
        await bot.say(ALI, "/leave", chat=chat, place=place)
    out = await bot.say(ALI, "/back", chat=ALI.id, private=True)
    labels = [c.label for m in out if isinstance(m, Buttons) for c in m.choices]
    assert len(set(labels)) == 2 and all(len(label) <= 80 for label in labels)
    assert labels[0].startswith("Dominoes in Ankara") and labels[1].startswith("Dominoes in İzmir")


async def test_Y_D7_the_islek_warning_where_every_tile_fits_says_only_the_cost(bot, monkeypatch):
    """Every tile left fits a meld on the table: the discard stands (Y-D7), so the warning
    must not say it comes back (it said so after the Y16 change)."""
    from tests.rules.test_yuzbir_helpers import deal

    from .conftest import dealt_okey_table

    await dealt_okey_table(bot, monkeypatch, "yuzbir", deal(
        ["r9 r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12 k13 r8 b9", "", "", ""],
        indicator="y1"))
    out = await bot.say(CAN, "/open r9 r10 r11 r12 r13 | b10 b11 b12 b13 | k10 k11 k12 k13",
                        private=True)
    warned = [ln.key for m in out if m.to.user == CAN.id for ln in m.lines
              if ln.key.startswith("core.hint.penalty")]
    assert warned == ["core.hint.penalty"]


async def test_el_ac_at_a_rummikub_turn_is_place_though_an_okey_table_waits_elsewhere(
        bot, monkeypatch):
    """The second regression scan: Can also sat at an Okey 101 table (not his turn): "el aç
    r10 r11 r12" at his Rummikub turn was answered /open, refused there."""
    rig(monkeypatch, (0, ["r10 r11 r12 k5 k6 b1 b2 y3 y9 r1 r2 k1 k13 y7",
                          "r13 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(CAN, "/lang tr")
    await bot.say(ALI, "/new okey101 bots=random", chat="g2")
    await bot.say(CAN, "/join", chat="g2")
    await bot.say(ALI, "/start", chat="g2")
    await bot.say(CAN, "/new rummikub players=2 bots=random")
    await bot.say(CAN, "/start")
    assert not bot.table(chat="g2").waits_for(CAN.id)
    (reply,) = await bot.say(CAN, "el aç r10 r11 r12", private=True)
    assert reply.lines[0].params.get("example") == "place r10 r11 r12", en(reply)


@pytest.mark.parametrize("args", [("okeynya", "di", "3", "pake", "k7"),
                                  ("okey", "di", "3", "pake", "k7")])
def test_O19_okeynya_is_the_okey_in_a_swap_said_in_indonesian(args):
    """The Indonesian scan: "ambil okeynya di 3 pake k7" (the bot's own word, "mengambil
    okeynya") was read as a /take of k7: /take took another tile."""
    from bot import notation
    from rules.tiles import WILD

    assert notation.glossed("ambil", {"okey"}, args)[1:] == ("swap", ("k7", "in", "3"))
    assert parse_tile("okeynya") == WILD


@pytest.mark.parametrize("words, verb, rest", [
    (("buang", "r9", "wkwk"), "discard", ("r9",)), (("buang", "r9", "dlu"), "discard", ("r9",)),
    (("buang", "r9", "plis"), "discard", ("r9",)), (("gue", "buang", "r9"), "discard", ("r9",)),
    (("taruh", "r12", "k12", "y12", "wkwk"), "place", ("r12", "k12", "y12"))])
def test_indonesian_chat_words_around_a_move_word_are_read(words, verb, rest):
    """The Indonesian scan: "buang r9 wkwk", "gue buang r9" were "there is no move named
    buang" (a word /rules teaches), as "buang r9 dong" was before session 54's fix."""
    from bot import notation

    families = {"rummikub"} if verb == "place" else {"okey"}
    found = notation.glossed(words[0], families, words[1:]) \
        or notation.glossed_among_tiles(words, families)
    assert found is not None and found[1:] == (verb, rest), found


# ---------------------------------------------------------------- Discord


async def test_discord_a_private_back_with_dms_closed_comes_as_a_reply_with_buttons(dc):
    """The Discord scan: Ayşe, away at two dominoes tables, her DMs closed, typed /back in
    her DM with the bot: the choice with its buttons went to her DMs, was refused, and she
    saw nothing. It comes as her command's reply, its buttons working."""
    from .door_harness import D_AYSE, D_CHEN
    from .fake_discord import CHANNEL, Call

    dc.fake.channels["520"] = "office"
    for channel in (CHANNEL, "520"):
        await dc.slash(D_CHEN, "new", channel=channel, game="dominoes", options="league=off")
        await dc.slash(D_AYSE, "join", channel=channel)
        await dc.slash(D_CHEN, "start", channel=channel)
        await dc.slash(D_AYSE, "leave", channel=channel)
    dc.fake.closed.add(D_AYSE.id)
    n = len(dc.fake.calls)
    await dc.slash(D_AYSE, "back", channel=dc.fake.dm_channel(D_AYSE))
    shown = next(c for c in dc.fake.calls[n:] if c.method == "reply" and c.buttons)
    reply = Call(shown.method, dc.fake.dm_channel(D_AYSE), shown.params, shown.file,
                 shown.message_id)  # (pressed where it was shown)
    await dc.press(D_AYSE, reply, reply.buttons[0][0])
    away = [t.seats[t.seat_of(D_AYSE.id)].away for t in dc.core.tables.values()]
    assert sorted(away) == [False, True]
