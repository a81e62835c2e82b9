"""An assisted okey table offers `/take` (a button, a listed move) only when the discard on
offer can be used in that turn (O20, Y8): taken and unused, it could only be given back
(O-D9), a step that tells the group nothing but a wasted turn's start. Typed, `/take` is
still a legal move, and a table without assistance (O28) lists it always."""

from __future__ import annotations

from bot.views import legal_moves
from rules.okey_actions import parse_action
from tests.rules import okey_helpers as okey
from tests.rules import test_yuzbir_helpers as yuzbir

# seat 1 holds k11 k12 k13 b11 b12 and, from the filler, sets of 7s and four pairs
OKEY_DEAL = okey.make_deal(["b13 r1 k10", "k11 k12 k13 b11 b12", "", ""])


def _okey(actions: list[str], assisted: bool = True):
    return okey.play(OKEY_DEAL, actions, config={"assisted": assisted})


def test_O20_a_discard_that_completes_a_meld_of_the_opening_is_offered():
    s = _okey(["discard b13"])  # b11 b12 b13
    assert legal_moves(s, 1) == ("draw", "take")
    s.apply(parse_action("take"))
    s.apply(parse_action("open b11 b12 b13 | k11 k12 k13"))  # the use the offer stood for
    assert s.r.opened[1] == "melds" and not s.r.taken


def test_O20_a_discard_nothing_takes_is_not_offered_but_can_still_be_typed():
    s = _okey(["discard r1"])  # no 1 or 2 in seat 1's rack, no pair for it
    assert s.view(1).legal == ("draw", "take")
    assert legal_moves(s, 1) == ("draw",)
    s.apply(parse_action("take"))  # typed: taken, and given back (O-D9)
    assert legal_moves(s, 1) == ("return",)


def test_O28_a_table_without_assistance_lists_take_always():
    assert legal_moves(_okey(["discard r1"], assisted=False), 1) == ("draw", "take")


def test_O20_after_opening_a_discard_that_extends_a_table_meld_is_offered():
    hands = OKEY_DEAL["hands"]
    s = _okey(["discard r1", "draw", "open k11 k12 k13 | r7 b7 k7", "discard y4",
               "draw", f"discard {hands[2].split()[0]}", "draw", f"discard {hands[3].split()[-1]}",
               "draw", "discard k10"])  # k10 goes onto seat 1's k11 k12 k13 (O17)
    assert s.r.opened[1] == "melds"
    assert "take" in legal_moves(s, 1)


def test_Y8_a_discard_nothing_takes_is_not_offered():
    d = yuzbir.deal(["r8", "r9 r10 r11 b9 b10 b11", "", ""])
    s = yuzbir.play(d, [f"discard {d['hands'][0].split()[-1]}"])  # filler: melds with nothing
    assert s.view(1).legal == ("draw", "take") and legal_moves(s, 1) == ("draw",)


def test_Y8_a_discard_that_opens_is_offered():
    d = yuzbir.deal(["r8", "r9 r10 r11 b9 b10 b11", "", ""])
    s = yuzbir.play(d, ["discard r8"])
    assert legal_moves(s, 1) == ("draw", "take")
    s.apply(yuzbir.GAME.parse_action("take"))
    s.apply(yuzbir.GAME.parse_action("open r8 r9 r10 r11 | b9 b10 b11"))
    assert s.r.opened[1] == "melds" and not s.r.taken


async def test_O20_the_take_offer_names_the_opening_the_discard_makes(tmp_path):
    """"r1 may be taken ... Your best opening: ..., worth 48 of the 51 needed": a newcomer
    read that and drew, though r1 made a 54-point opening (a scan). Where the rack alone
    cannot open and the discard on offer makes an opening that lays it, the offer says so."""
    from .conftest import ALI, Harness, en, rack_caption

    bot = await Harness(tmp_path / "take.db", seed=2).start()
    try:
        await bot.say(ALI, "/new okey101")
        await bot.say(ALI, "/start")
        table = bot.table()
        seat = table.seat_of(ALI.id)
        for _ in range(30):  # draw and throw the last tile until a discard is on offer
            caption = rack_caption(table, seat)
            if "may be taken" in caption:
                break
            legal = table.state.view(seat).legal
            await bot.say(ALI, "/draw" if "draw" in legal else
                          "/" + [a for a in legal if a.startswith("discard")][-1])
        assert "The last discard, r1, may be taken (/take): with it you can open now " \
               "(54 points)." in caption.splitlines()
        out = await bot.say(ALI, "/take")
        assert "You can open now: /open r1 r2 r3 | b9 k9 y9 | y6 y7 y8 (54 points)." in [
            line for m in out if m.to.private for line in en(m).splitlines()]
    finally:
        await bot.close()
