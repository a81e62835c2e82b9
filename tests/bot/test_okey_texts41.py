"""Okey texts in chat: a round's end shows every rack left (O25, Y15: the charges for the
tiles left can be checked), a partners round names who went out (O-D11), /rules says the
first player may open before the first discard (O6, O8) and how the okey wraps after a 13
(O3, Y2), and the refusal of a taken tile's discard after laying cites one rule (O20)."""

from __future__ import annotations

import dataclasses
import random
import re

import rules
from bot import events, i18n
from bot.adapters.telegram import CAPTION_MAX
from bot.core import error_line
from bot.messages import Line
from bot.tables import Seat
from rules.ai import make_agent
from rules.errors import IllegalAction
from rules.okey_actions import parse_action
from rules.tiles import format_tiles
from tests.rules.okey_helpers import make_deal, play

from .conftest import ALI, BUDI, CAN, DEV, dealt_okey_table
from .test_events import table_for

# English as the sources say it (bot/texts.py, rules/<game>.py MESSAGES): en.po is rebuilt
# from them (`python -m bot.i18n`)
SOURCES = i18n.source_messages()


def english(line: Line) -> str:
    """`line` in the sources' English (its nested lines too)."""
    params = {k: english(v) if isinstance(v, Line) else i18n.show("en", v)
              for k, v in line.params.items()}
    return SOURCES[line.key].format_map(params)


# Can (seat 0) opens, Ali and Budi (pairs) open, Dev never does; Can lays the rest and goes
# out by discarding the okey (O24: x 10 for the tiles left of those who opened)
OKEY_OUT = make_deal([
    "r10 r11 r12 r13 b4 b5 b6 k1 k2 k3 y5 y6 y7 * r2",
    "k10 k11 k12 k13 y8 y9 y10 r4 r3",
    "r1 r1 b2 b2 k5 k5 b9 b9 r7 r7",
    "",
], indicator="y12", first=0, pile="b8 r8 k8 y4")
OKEY_OUT_MOVES = [
    (CAN, "/open r10 r11 r12 r13 | b4 b5 b6"), (CAN, "/discard r2"),
    (ALI, "/draw"), (ALI, "/open k10 k11 k12 k13 | y8 y9 y10"), (ALI, "/discard r3"),
    (BUDI, "/draw"), (BUDI, "/pairs r1 r1 | b2 b2 | k5 k5 | b9 b9 | r7 r7"),
    (BUDI, "/discard r8"),
    (DEV, "/draw"), (DEV, "/discard k8"),
    (CAN, "/draw"), (CAN, "/meld k1 k2 k3 | y4 y5 y6 y7"), (CAN, "/discard *"),
]


async def test_O25_an_okey_rounds_end_shows_every_rack_left_and_what_it_counts(bot,
                                                                               monkeypatch):
    """The round's end line is followed, as in Rummikub (K10), by what each seat still held
    and, for one who opened, its value (O25): 10 x the value is what Ali and Budi are charged after an okey
    finish (O24), so the group can check it."""
    table = await dealt_okey_table(bot, monkeypatch, "okey101", OKEY_OUT)
    for person, move in OKEY_OUT_MOVES:
        out = await bot.say(person, move)
    assert table.state.is_finished
    (scores,) = [m for m in out if not m.to.private and m.kind == "scores"]
    keys = [ln.key for ln in scores.lines]
    shown = scores.lines[keys.index("core.round_over") + 1:][:4]
    assert [english(ln) for ln in shown] == [
        "Seat 1 (Can) held nothing",
        # the value and what it costs: 10 x after an okey finish (O24; "17 points" read as
        # Ali's score, a scan)
        "Seat 2 (Ali) held r4 b1 b1 b8 k1 y1 y1, worth 17: charged 170",
        "Seat 3 (Budi) held r4 b4 k4 k4, worth 16: charged 160",
        # not opened: a flat 1000 after an okey finish, whatever the rack counts (O24,
        # O-D12), said so (a newcomer read a score of 1000 with nothing beside it)
        "Seat 4 (Dev) held r10 r13 b7 b7 b10 b10 b13 k7 k7 k10 k13 y4 y7 y10 (never opened: "
        "1000 points)"]
    assert table.state.results[0]["scores"] == [-1000, 170, 160, 1000]  # x 10 (O24)


# Seat 0 lays its 14 tiles on the first turn (O6, O8: 158 points) and goes out with k1;
# seat 1 holds both okeys' kinds of tile: an okey and a fake okey (okey r6, O3, O4)
TURN_ONE_OUT = make_deal(["r10 r11 r12 r13 b10 b11 b12 b13 k10 k11 k12 y10 y11 y12 k1",
                          "* F r9 r9", "", ""], indicator="r5")
TURN_ONE_MOVES = ["open r10 r11 r12 r13 | b10 b11 b12 b13 | k10 k11 k12 | y10 y11 y12",
                  "discard k1"]


def test_O4_O25_an_okey_reads_as_the_okey_and_a_fake_okey_as_F_counting_the_okeys_number():
    """Left in a rack, an okey counts 100 and a fake okey the okey's number (O25, O-D14):
    each reads as a move writes it (`*`, `F`); an unopened rack's value is not shown: it
    pays a flat 500 (O24), which its line names."""
    table = table_for("okey101")
    table.state = play(TURN_ONE_OUT, TURN_ONE_MOVES)
    shown = events.revealed(table, {}, 1)
    assert shown["hands"][:2] == ["", "r1 r1 r4 r4 r9 r9 b1 b1 k1 k4 y1 y1 * F"]
    assert table.state.hand_points(1) == 2 * (1 + 4 + 9) + 2 * 1 + 1 + 4 + 2 * 1 + 100 + 6
    assert shown["values"][1] is None  # not opened: its flat 500 is no count of the rack
    text = english(events.round_lines(table, 1, table.state.results[0], shown)[2])
    assert text == ("Seat 2 (Computer 2) held r1 r1 r4 r4 r9 r9 b1 b1 k1 k4 y1 y1 * F "
                    "(never opened: 500 points)")
    assert events.revealed(table, {}, 2) is None  # no second round was played


def test_Y15_a_yuzbir_rounds_end_shows_the_racks_left_whose_tiles_are_counted():
    """Yüzbir charges 10 per tile left (Y15), not by value: the racks are shown as they
    were, without points (the tiles shown are the count), the one who went out holding
    nothing."""
    game = rules.find_game("yuzbir")
    agent = make_agent("yuzbir", "normal")
    for seed in range(10):  # a round someone finishes
        state = game.new(game.Config(), seed=seed)
        rng = random.Random(seed)
        while not state.results:
            before = [format_tiles(sorted(h.elements())) for h in state.r.hands]
            mover = state.current_player
            state.apply(agent.choose(state.view(mover), rng))
        if state.results[0]["winner"] is not None:
            break
    result = state.results[0]
    table = table_for("yuzbir")
    table.state = state
    shown = events.revealed(table, {}, 1)
    assert shown["values"] is None and shown["hands"][result["winner"]] == ""
    assert [h for s, h in enumerate(shown["hands"]) if s != mover] == \
        [h for s, h in enumerate(before) if s != mover]
    lines = events.round_lines(table, 1, result, shown)[1:]
    # a seat that never opened says what it pays (the okey colour's charge, Y15), which a
    # watcher could not tell from its rack (a scan)
    never = [s for s in range(4) if not shown["opened"][s]]
    assert [ln.key for ln in lines] == ["core.revealed_unopened" if s in never
                                        else "core.revealed" for s in range(4)]
    assert english(lines[mover]) == f"Seat {mover + 1} ({table.name(mover)}) held nothing"
    assert never  # (this round has one)
    for s in never:  # red 400 ... blue 800, times a finish's multipliers (Y15, Y18)
        assert shown["charges"][s] >= 400
        assert english(lines[s]).endswith(f"(never opened: {shown['charges'][s]} points)")


def test_a_drawn_round_of_four_full_racks_still_fits_a_telegram_caption():
    """A round that ran out of tiles shows four racks of 14 (O26): with long names its end
    still fits one Telegram caption (1,024 characters) in every language; a longer text
    goes after the picture (the Telegram door, _picture)."""
    table = table_for("okey101")
    names = ["Alexandra Konstantinopoulou", "Muhammad Rizky Pratama",
             "Venkataraman Subramaniam", "Gülşen Karaosmanoğlu"]
    table.seats = [Seat(str(i + 1), name) for i, name in enumerate(names)]
    rack = "r10 r13 b7 b7 b10 b10 b13 k7 k7 k10 k13 y10 * F"
    shown = {"hands": [rack] * 4, "values": [228] * 4}
    result = {"ending": "draw", "winner": None, "scores": [1140, 1140, 500, 1140]}
    lines = events.round_lines(table, 3, result, shown)
    assert len(lines) == 5
    for lang in i18n.LANGS:
        assert len(i18n.render_lines(lines, lang)) <= CAPTION_MAX - 300, lang  # room left


def test_O_D11_a_partners_round_names_who_went_out():
    """Partners win a round as a team (O-D11) and the line names both: it says which of
    them went out too."""
    table = table_for("okey101")
    table.config = dataclasses.replace(table.config, partners=True)
    result = {"ending": "hand", "winner": 2, "scores": [20, 300, -400, 10]}
    (line,) = events.round_lines(table, 2, result, None)
    assert line.key in events.ROUND_END_KEYS
    assert english(line) == (
        "Round 2 is over: finished by discarding the last tile (Computer 3 went out). "
        "Winners: Ali, Computer 3. Scores: Ali: 20, Computer 2: 300, Computer 3: -400, "
        "Computer 4: 10.")
    table = table_for("okey101")  # solo: the winner named is the one who went out
    (line,) = events.round_lines(table, 2, result, None)
    assert english(line).startswith(
        "Round 2 is over: finished by discarding the last tile. Winner: Computer 3.")


def test_O6_O8_O3_rules_say_the_first_player_may_open_and_how_the_okey_wraps():
    """The first player draws nothing on the first turn (O6) but may lay melds before the
    discard (O8), as the engine allows; after a 13 the okey is the 1 of that colour (O3,
    Y2)."""
    state = play(TURN_ONE_OUT, TURN_ONE_MOVES[:1])
    assert state.r.opened[0] == "melds" and state.r.turn == 0  # opened on the first turn
    okey101, yuzbir = SOURCES["core.rules.okey101"], SOURCES["core.rules.yuzbir"]
    assert "only discards" not in okey101
    assert "skips the first draw (but may open before discarding)" in okey101
    for text in (okey101, yuzbir):  # and what the indicator is, which a newcomer asked
        assert ("The indicator is a tile turned face up at the deal; the tile one above it "
                "(after a 13: the 1 of its colour) is the okey") in text
    # a newcomer read "worth 51" and "five pairs" with no word of a tile's worth or a pair
    assert ("Open with melds whose tiles add up to 51 or more (a tile counts its number, an "
            "okey the tile it stands for;") in okey101
    assert "five or more pairs (two identical tiles)" in okey101


def test_O20_O_D9_a_taken_tiles_discard_after_laying_is_refused_citing_one_rule():
    """Tiles laid, a taken discard can no longer go back (O-D9): discarding it is refused
    under O20 (use it this turn), and the text names no second rule."""
    deal = make_deal(["r10 r11 r12 r13 k7 y7 b7 r9", "b10 b11 b12 b13 k10 y10 r10 k9", "", ""],
                     pile="y2 y3")
    state = play(deal, ["open r10 r11 r12 r13 | k7 y7 b7", "discard r9", "take",
                        "open b10 b11 b12 b13 | k10 y10 r10"])
    try:
        state.apply(parse_action("discard r9"))
    except IllegalAction as e:
        text = english(error_line(e))
    assert text == ("Not allowed (O20): Use the taken r9 this turn: you have laid tiles, so "
                    "it cannot go back.")
    assert re.findall(r"\b[OY]-?D?\d+\b", text) == ["O20"]


def test_O16_O_D8_a_move_before_opening_says_how_to_open():
    """"Open with runs or groups first." named no command (Yüzbir's said /open)."""
    deal = make_deal(["r10 r11 r12 k7", "", "", ""])
    state = play(deal, [])
    for move in ("meld r10 r11 r12", "add k7 to 1"):
        try:
            state.apply(parse_action(move))
        except IllegalAction as e:
            text = english(error_line(e))
        # (not "or /pairs": a pairs opener may neither meld nor add nor swap, O23, O-D8)
        assert text.endswith("You have not opened yet: open first with /open (runs and "
                             "groups). An opening with /pairs lays only pairs after it "
                             "(O23)."), move


def test_O10_O11_a_wrong_meld_cites_the_rule_of_what_it_tries_to_be():
    """r3 b3 r3 is a set with a colour twice (O11); it was refused under O10 (runs)."""
    deal = make_deal(["r3 b3 r3 k9 k10 k11 k12 r8 b4 k5", "", "", ""])
    for move, rule in (("open r3 b3 r3 | k9 k10 k11 k12", "O11"),
                       ("open r8 b4 k5 | k9 k10 k11 k12", "O10")):
        try:
            play(deal, []).apply(parse_action(move))
        except IllegalAction as e:
            text = english(error_line(e))
        assert text.startswith(f"Not allowed ({rule}): Not a run or a group: "), move
