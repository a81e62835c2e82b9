"""The table and the rack as text (bot/board*.py): readable sentences per game, translated,
public facts only in the group, hints only privately on assisted okey tables (O28)."""

from __future__ import annotations

import random
import re

import pytest

import rules
from bot import board, i18n, views
from bot.messages import Line
from bot.tables import Seat, Table
from rules.ai import make_agent
from rules.tiles import WILD

# Words of the engine's view JSON that a person should never read.
RAW = re.compile(r"hand_counts|dead_counts|middle_count|game_number|opened:|hints|"
                 r"penalty_tiles|discards|takeable|\bphase\b|\bneed:|melded:|pool:")


def table_for(game_id: str, options: dict | None = None, seed: int = 4) -> Table:
    game = rules.find_game(game_id)
    config = game.Config.from_options(options or {})
    table = Table(1, "tg", "g1", game, options or {}, config, 60, "random", "1", seed)
    table.seats = [Seat("1", "Ali")] + [Seat(None, "", "random")
                                         for _ in range(game.seats(config) - 1)]
    table.state = game.new(config, seed=seed)
    return table


def play_until(table: Table, done, seeds: int = 40) -> None:
    """Random games from the table's deal until one reaches a position where `done(state)`
    holds (a test setup, not a test of play)."""
    agent = make_agent(table.game.id, "random")
    for seed in range(seeds):
        state = table.game.new(table.config, seed=table.seed)
        rng = random.Random(seed)
        while not state.is_finished:
            if done(state):
                table.state = state
                return
            state.apply(agent.choose(state.view(state.current_player), rng))
    raise AssertionError("setup never reached")


def group_text(table: Table, lang: str = "en") -> str:
    return i18n.render_lines(board.table_lines(table, views.public_json(table.state)), lang)


def rack_text(table: Table, seat: int = 0, lang: str = "en") -> str:
    snap = views.Snapshot(table.state)
    return i18n.render_lines(board.rack_lines(table, snap, seat), lang)


def test_O3_okey_table_names_indicator_okey_pile_seats_and_numbered_melds():
    table = table_for("okey101")
    play_until(table, lambda s: len(s.view(0).melds) >= 2)
    pub = views.public_json(table.state)
    text = group_text(table)
    first = text.split("\n")[0]
    assert first.startswith(f"Indicator {pub['indicator']} · okey {pub['okey']} · "
                            f"pile {pub['pile']} · an opening needs 51")
    assert "1 (Ali): " in text and "2 (Computer 2): " in text
    for seat, n in enumerate(pub["hand_counts"]):
        assert re.search(rf"^{seat + 1} \(.*?\): {n} tiles? ·", text, re.M)
    assert "Melds on the table:" in text
    for m in pub["melds"]:
        owner = "Ali" if m["owner"] == 0 else f"Computer {m['owner'] + 1}"
        assert f"\n{m['n']}. {' '.join(m['tiles'])} ({owner})" in text
    assert not RAW.search(text)


@pytest.mark.parametrize("game_id", ["okey101", "yuzbir"])
def test_O20_table_lists_every_discard_not_only_the_top(game_id):
    """Every discard was shown when made, and the Expert counts buried ones as dead: the
    group's table lists them too, so people know as much as the computer."""
    table = table_for(game_id)
    play_until(table, lambda s: max(len(p) for p in s.view(0).discard_piles) >= 3)
    pub = views.public_json(table.state)
    text = group_text(table)
    for seat, pile in enumerate(pub["discard_piles"]):
        line = next(t for t in text.split("\n") if t.startswith(f"{seat + 1} ("))
        if len(pile) >= 2:
            assert f"last discard {pile[-1]} · before it {' '.join(pile[:-1])}" in line
        else:
            assert "before it" not in line
    assert "before it" in text


def test_Y6_yuzbir_table_shows_the_limit_and_the_base_penalty():
    table = table_for("yuzbir")
    text = group_text(table)
    assert "an opening needs 17 with runs and groups or 26 with pairs (limit 17)" in text
    assert re.search(r"not opening costs (400|500|600|800)", text)
    assert not RAW.search(text)


def test_D2_dominoes_table_shows_the_line_and_its_ends():
    table = table_for("dominoes", {"games": "3"})
    play_until(table, lambda s: len(s.view(0).to_json()["line"]) >= 3)
    pub = views.public_json(table.state)
    text = group_text(table)
    left, right = pub["ends"]
    assert text.startswith("Game 1 of 3\nLine: [")
    assert f"Ends: {left} on the left, {right} on the right" in text
    assert " ".join(f"[{a}|{b}]" for a, b in pub["line"]) in text
    assert not RAW.search(text)


def test_D3_empty_line_says_who_opens():
    table = table_for("dominoes")
    table.state = table.game.new(table.config, seed=4)
    if table.state.view(0).to_json()["line"]:
        pytest.skip("the deal already opened")  # 0-0 is played by whoever holds it
    assert "The line is empty: 0-0 opens it." in group_text(table)


def test_D3_D_D2_a_later_game_says_its_starter_opens_with_a_double():
    table = table_for("dominoes", {"games": "3"})
    play_until(table, lambda s: s.view(0).to_json()["game_number"] == 2
               and not s.view(0).to_json()["line"])
    for lang, said in (("en", "The line is empty: the starter opens it with a double."),
                       ("tr", None), ("id", None)):
        text = group_text(table, lang)
        assert "0-0" not in text, (lang, text)
        if said:
            assert said in text
        else:  # the engine's English word never reaches another language
            assert "double" not in text, (lang, text)


def test_K7_rummikub_table_numbers_the_sets_as_the_picture_does():
    table = table_for("rummikub")
    play_until(table, lambda s: len(views.public_json(s)["table"]) >= 2)
    pub = views.public_json(table.state)
    text = group_text(table)
    assert text.startswith(f"Pool {pub['pool']}")
    assert "no initial meld yet" in text or "initial meld made" in text
    for n, s in enumerate(pub["table"], 1):
        assert f"\n{n}. {' '.join(s)}" in text
    assert not RAW.search(text)


@pytest.mark.parametrize("lang", ("id", "hi", "tr"))
@pytest.mark.parametrize("game", rules.game_ids())
def test_table_text_is_translated(game, lang):
    table = table_for(game)
    play_until(table, lambda s: s.current_player == 0)
    english, other = group_text(table), group_text(table, lang)
    assert english.count("\n") == other.count("\n")
    # every line reads differently, except bare "n. tiles" lines (numbers and notation)
    differ = [a != b for a, b in zip(english.split("\n"), other.split("\n"), strict=True)
              if not re.fullmatch(r"\d+\. [\w* |-]+", a)]
    assert all(differ), (english, other)


def _assisted_rack(assisted: bool):
    table = table_for("okey101", {"assisted": "on" if assisted else "off"}, seed=11)
    # a rack whose best opening is worth something, and a meld on the table that some rack
    # tile would extend (a penalty tile, O21)
    if assisted:
        play_until(table, lambda s: s.current_player == 0 and s.view(0).penalty_kinds()
                   and views.Snapshot(s).json(0)["hints"]["opening"])
    else:
        play_until(table, lambda s: s.current_player == 0 and len(s.view(0).melds) >= 1)
    return table


def test_O28_assisted_rack_shows_best_opening_and_penalty_tiles_privately():
    table = _assisted_rack(True)
    mine = views.Snapshot(table.state).json(0)
    text = rack_text(table)
    penalty = sorted({mine["rack"][i] for i in mine["penalty_tiles"]})
    found = re.search(r"^Careful: a discard that fits a meld on the table costs a penalty "
                      r"of 100: (.+)\.$", text, re.M)  # O21: 100, said before it is paid
    shown = found.group(1).split()
    assert sorted(shown) == penalty
    opening = mine["hints"]["opening"]
    melds = " | ".join(" ".join(m) for m in opening["melds"])
    if mine["opened"][0] is None and opening["value"]:
        assert melds in text
    # and the group never reads a hint
    group = group_text(table)
    assert "Careful" not in group and "opening:" not in group and "best" not in group


def test_Y17_assisted_yuzbir_rack_warns_that_the_okey_costs_the_base_penalty():
    """Y17: discarding the okey before the finish costs the base penalty even with no meld
    on the table (Y16's "fits a meld" does not cover it): the rack marks it and says why."""
    table = table_for("yuzbir", {"assisted": "on"}, seed=11)
    play_until(table, lambda s: s.current_player == 0 and not s.view(0).melds
               and WILD in s.view(0).tiles and len(s.view(0).tiles) > 1)
    mine = views.Snapshot(table.state).json(0)
    assert "*" in [mine["rack"][i] for i in mine["penalty_tiles"]]
    text = rack_text(table)
    assert "the okey (*) may be discarded only to finish" in text and "(Y17)" in text
    assert "fits a meld" not in text  # no meld on the table: no Y16 line, nor * in it
    assert "okey (*)" not in group_text(table)
    # Okey 101 has no such rule (O21 only): no okey line there
    table = table_for("okey101", {"assisted": "on"}, seed=11)
    play_until(table, lambda s: s.current_player == 0 and WILD in s.view(0).tiles)
    assert "okey (*)" not in rack_text(table)


def test_O28_unassisted_rack_has_no_hints():
    table = _assisted_rack(False)
    text = rack_text(table)
    first, okey = text.split("\n")  # the tiles and what the okey is, nothing more
    assert first.startswith("Your tiles (Okey 101): ")
    assert okey.startswith("Indicator ") and "(* in your tiles; F is a fake okey" in okey


def test_O3_O4_the_rack_caption_says_the_indicator_and_the_okey():
    """The rack picture's side panel shows the indicator and the okey; a reader who cannot
    see it (a screen reader, images off) read only "Your tiles: F k12 ... *" (a scan)."""
    table = _assisted_rack(True)
    mine = table.state.view(0).to_json()
    text = rack_text(table)
    assert (f"Indicator {mine['indicator']}: the okey is {mine['okey']}, a joker that stands "
            f"for any tile in a meld (* in your tiles; F is a fake okey, played as "
            f"{mine['okey']}).") in text.split("\n")  # what an okey is, for a newcomer (O4)


def test_O14_hint_offers_the_opening_move_when_it_reaches_51():
    from bot.board_okey import _opening_hint

    mine = {"need": 51}
    ready = _opening_hint(mine, {"melds": [["r10", "r11", "r12"], ["k9", "b9", "y9"]],
                                 "value": 60}, None)
    assert ready == Line("core.hint.open_now", {"move": "open r10 r11 r12 | k9 b9 y9",
                                                "value": 60})
    short = _opening_hint(mine, {"melds": [["r1", "r2", "r3"]], "value": 6}, None)
    assert i18n.translate("en", short.key, short.params) == \
        "Your best opening: r1 r2 r3, worth 6 of the 51 needed."
    assert _opening_hint(mine, {"melds": [["r1", "r2", "r3"]], "value": 6}, "melds") is None


def test_D6_dominoes_rack_lists_face_down_tiles_apart():
    table = table_for("dominoes")
    play_until(table, lambda s: s.view(0).to_json()["dead"])
    dead = " ".join(table.state.view(0).to_json()["dead"])
    assert rack_text(table).split("\n")[1] == f"Face down in front of you: {dead}"


async def _my_prompt(bot, game, humans, options=""):
    from .test_core_play import start

    table = await start(bot, game, humans, options)
    return table, [m for m in bot.sent if m.to.private and m.to.user == "1"]


async def test_K2_practice_table_offers_the_solver_move_as_its_first_button(bot):
    from .conftest import ALI

    table, _ = await _my_prompt(bot, "rummikub", [ALI])
    for _ in range(30):  # draw until the solver finds something to put down
        if table.state.current_player != 0:
            break
        rack = next(m for m in reversed(bot.sent) if m.lines and any(
            line.key.startswith("core.hint.") for line in m.lines))
        hint = next(line for line in rack.lines if line.key.startswith("core.hint."))
        buttons = next(m for m in reversed(bot.sent) if getattr(m, "choices", None))
        if hint.key in ("core.hint.place", "core.hint.place_initial"):
            assert buttons.choices[0].label == hint.params["move"]
            before = len(table.state.view(0).rack)
            await bot.press(ALI, buttons.choices[0].payload)
            assert len(table.state.view(0).rack) == before - len(hint.params["tiles"].split())
            return
        assert hint.key in ("core.hint.draw", "core.hint.initial_short")  # K6 short of 30
        assert [c.label for c in buttons.choices] == ["draw"]
        await bot.press(ALI, buttons.choices[0].payload)
    raise AssertionError("no playable hint came up")


async def test_K2_no_solver_hints_between_two_people(bot):
    from .conftest import ALI, BUDI, en

    _, mine = await _my_prompt(bot, "rummikub", [ALI, BUDI])
    keys = [line.key for m in bot.sent for line in m.lines]
    assert mine and not [k for k in keys if k.startswith("core.hint.")]
    # ... but the prompt says how to put tiles down (typed: the buttons are draw and pass)
    prompts = [m for m in mine if getattr(m, "choices", None)]
    assert prompts and prompts[-1].lines[-1].key == "core.place_tip"
    assert en(prompts[-1]).endswith("To put tiles down, type place and their numbers on your "
                                    "rack picture, e.g. /place 1 2 3: the table is rearranged "
                                    "for you if they fit.")
    # a practice table's hint says it already: no tip there
    await bot.say(ALI, "/stop")  # (ALI opened it)
    _, alone = await _my_prompt(bot, "rummikub", [ALI])
    practice = [m for m in alone if getattr(m, "choices", None)][-1]
    assert "core.place_tip" not in [line.key for line in practice.lines]


async def test_K2_hints_stop_for_the_one_to_move_when_a_second_person_joins(bot):
    from .conftest import ALI, BUDI, en

    table, _ = await _my_prompt(bot, "rummikub", [ALI], "league=off")
    assert table.state.current_player == 0  # K3: seat 1 begins
    hinted = [m for m in bot.sent if m.to.private and m.to.user == "1"
              and any(line.key.startswith("core.hint.") for line in m.lines)]
    assert hinted  # a practice table: the solver's hint
    mark = len(bot.sent)
    await bot.say(BUDI, "/join")  # takes over a computer's seat at the friendly table
    mine = [m for m in bot.sent[mark:] if m.to.private and m.to.user == "1"]
    keys = [line.key for m in mine for line in m.lines]
    assert "core.hint.over" in keys and not [k for k in keys if k.startswith("core.hint.")
                                             and k != "core.hint.over"]
    assert "Budi has joined: hints are only for practice against computers" in "\n".join(en(m) for m in mine)
    prompt = [m for m in mine if getattr(m, "choices", None)][-1]
    assert not [c.label for c in prompt.choices if c.label.startswith("place")]
    assert prompt.lines[-1].key == "core.place_tip"  # typed now, as between two people


def test_O_D9_the_rack_offers_return_only_while_the_take_can_go_back():
    from rules.okey_actions import parse_action
    from tests.rules.okey_helpers import make_deal, play

    d = make_deal(["r10 r11 r12 r13 k7 y7 b7 r9", "b10 b11 b12 b13 k10 y10 r10 k2", "", ""],
                  pile="y2 y3")
    table = table_for("okey101")
    table.state = play(d, ["open r10 r11 r12 r13 | k7 y7 b7", "discard r9", "take"])
    assert "Use the taken r9 in this turn (or /return it and draw)." in rack_text(table, 1)
    table.state.apply(parse_action("open b10 b11 b12 b13 | k10 y10 r10"))
    text = rack_text(table, 1)
    assert "Use the taken r9 in this turn (you have laid tiles: it cannot go back)." in text
    assert "/return" not in text


def test_O17_add_hints_and_opening_hint_are_offered_as_moves():
    from bot.messages import Joined

    lines = [Line("core.rack", {"rack": "r1"}),
             Line("core.hint.open_now", {"move": "open r1 r2 r3", "value": 6}),
             Line("core.hint.adds", {"moves": Joined(("add b7 to 3", "add k5 to 1"), ", ")})]
    assert board.suggested_moves(lines) == ["open r1 r2 r3", "add b7 to 3", "add k5 to 1"]


@pytest.mark.parametrize("phase,turn,key", [("play", 0, "core.hint.open_now"),
                                            ("draw", 0, "core.hint.open_after_draw"),
                                            ("play", 1, "core.hint.open_after_draw")])
def test_O7_opening_hint_says_draw_first_until_the_seat_may_open(phase, turn, key):
    from bot import board_okey

    table = table_for("okey101")
    mine = {"seat": 0, "current_player": turn, "phase": phase, "need": 51,
            "rack": ["r10", "r11", "r12", None, "k9", "b9", "y9"], "opened": [None] * 4,
            "penalty_tiles": [], "taken": None,
            "hints": {"opening": {"melds": [["r10", "r11", "r12"], ["k9", "b9", "y9"]],
                                  "value": 60}, "pairs": None, "adds": {}}}
    hint = board_okey.rack_lines(table, mine)[1]
    assert hint == Line(key, {"move": "open r10 r11 r12 | k9 b9 y9", "value": 60})


def test_Y6_pairs_hint_only_when_pairs_could_soon_open():
    from bot.board_okey import _pairs_hint

    mine = {"pair_need": 26}
    one = {"pairs": [["y3", "y3"]], "count": 1, "value": 3}
    assert _pairs_hint(mine, one, None) is None
    three = {"pairs": [["y3", "y3"], ["b9", "b9"], ["k5", "k5"]], "count": 3, "value": 17}
    assert _pairs_hint(mine, three, None).key == "core.hint.pairs_value"
    ready = {**three, "value": 26}
    assert _pairs_hint(mine, ready, None) == Line(
        "core.hint.pairs_now", {"move": "pairs y3 y3 | b9 b9 | k5 k5"})
    # Okey 101 counts pairs (O23): five open
    five = {"pairs": [["y3", "y3"]] * 5, "count": 5}
    assert _pairs_hint({}, five, None).key == "core.hint.pairs_now"
    assert _pairs_hint({}, {**five, "count": 4}, None).key == "core.hint.pairs"
    # Y7: with pairs laid this turn already, the hint says the total counts them
    laying = {"pair_need": 28, "provisional_kind": "pairs", "provisional_value": 3}
    hint = _pairs_hint(laying, {"pairs": [["k12", "*"]], "count": 1, "value": 12}, None)
    assert hint == Line("core.hint.pairs_more", {"pairs": "k12 *", "value": 15, "need": 28})
    assert i18n.render_lines([hint], "en") == (
        "With k12 * too, the pairs you are laying would reach 15 of the 28 needed.")


def _yuzbir_rack_after(hand_text: str, laid: str) -> list[str]:
    """The assisted rack text of seat 1 after it laid `laid` as the first part of a Yüzbir
    opening (Y7: provisional until the discard)."""
    from tests.rules.test_yuzbir_helpers import deal, play

    table = table_for("yuzbir")
    table.state = play(deal([hand_text, "", "", ""]), [laid])
    assert table.state.view(0).to_json()["provisional"]  # still short of the need
    return rack_text(table).split("\n")


def test_Y7_Y9_the_opening_hint_counts_what_was_laid_this_turn():
    # r9 b9 k9 is worth 9 of the 17 needed; r12 k12 y12 adds 12: together they open (Y-D5)
    lines = _yuzbir_rack_after("r9 b9 k9 r12 k12 y12", "open r9 b9 k9")
    assert "You can open now: /open r12 k12 y12 (21 points)." in lines
    # still short: the total counts r9 b9 k9, and the line says so
    lines = _yuzbir_rack_after("r9 b9 k9 r2 r3 r4", "open r9 b9 k9")
    assert ("With r2 r3 r4 too, the opening you are laying would reach 12 of the 17 needed."
            in lines)
    assert not [line for line in lines if line.startswith("Your best opening")]
    # a turn that began with pairs goes on with pairs: no runs-and-sets hint (Y9)
    lines = _yuzbir_rack_after("b5 b5 r4 r4 r12 k12 y12 k11 k11", "pairs b5 b5 | r4 r4")
    assert not [line for line in lines
                if "open" in line.lower() and not line.startswith("Your opening is 9 of the 26")]
    # ... and its pairs add to those laid: k11 k11 alone is far from 26, not with them
    assert "With k11 k11 too, the pairs you are laying would reach 20 of the 26 needed." in lines
    lines = _yuzbir_rack_after("b5 b5 r4 r4 k12 k12 r13 r13", "pairs b5 b5 | r4 r4")
    assert "You can lay these pairs: /pairs r13 r13 | k12 k12" in lines


def test_a_game_without_a_board_module_falls_back_to_field_lines(monkeypatch):
    monkeypatch.delitem(board._FAMILIES, "dominoes")
    table = table_for("dominoes")
    text = group_text(table)
    assert "hand_counts: 7 7 7 7" in text and "players" not in text  # options left out
    rack = rack_text(table)
    assert rack.startswith("Your tiles (Dominoes): ") and len(rack.split(": ")[1].split()) == 7


def test_O19_assisted_rack_offers_taking_an_okey_back_as_a_move():
    from tests.rules.okey_helpers import make_deal, play

    table = table_for("okey101", {"assisted": "on"})
    d = make_deal(["r10 r11 r12 r13 b7 * b9", "k10 k11 k12 k13 y8 y9 y10 b8", "", ""],
                  pile="r1 r2")
    discard0 = d["hands"][0].split()[-1]
    turn = ["open r10 r11 r12 r13 | b7 * b9", f"discard {discard0}", "draw"]
    table.state = play(d, turn, {"assisted": "on"})
    assert "okey back" not in rack_text(table, seat=1)  # not opened yet (O-D8)
    table.state = play(d, turn + ["open k10 k11 k12 k13 | y8 y9 y10"], {"assisted": "on"})
    text = rack_text(table, seat=1)
    assert "You can take an okey back from the table: swap b8 in 2" in text.split("\n")
    assert "swap b8 in 2" in board.suggested_moves(
        board.rack_lines(table, views.Snapshot(table.state), 1))  # so it gets a button
    assert "okey back" not in rack_text(table, seat=0)  # nobody else's move
    assert "Masadaki okeyi alabilirsin: swap b8 in 2" in rack_text(table, 1, "tr")


def test_O16_an_opened_rack_is_offered_the_melds_it_can_lay_as_a_move():
    from tests.rules.okey_helpers import make_deal

    table = table_for("okey101")
    table.state = table.game.new(table.config, deals=[make_deal(
        ["r10 r11 r12 r13 k10 b10 y10 y1 y2 y3", "", "", ""])])
    keys = [line.key for line in board.rack_lines(table, views.Snapshot(table.state), 0)]
    assert "core.hint.open_now" in keys and "core.hint.melds" not in keys  # not opened yet
    table.state.apply(table.game.parse_action("open r10 r11 r12 r13 | k10 b10 y10"))
    lines = board.rack_lines(table, views.Snapshot(table.state), 0)
    hint = next(line for line in lines if line.key == "core.hint.melds")
    move = hint.params["move"]
    assert move.startswith("meld ") and "y1 y2 y3" in move
    assert board.suggested_moves(lines)[0] == move  # a button, and listed under the prompt
    held = len(table.state.view(0).tiles)
    table.state.apply(table.game.parse_action(move, table.state.view(0)))
    laid = len(move.replace("|", " ").split()) - 1
    assert len(table.state.view(0).tiles) == held - laid >= 1  # one kept to discard (O9)


@pytest.mark.parametrize("turn,shown", [(0, True), (1, False)])
def test_Y9_a_pairs_opener_is_told_the_adds_to_runs_the_rules_allow_it_on_its_turn(turn, shown):
    """Off its turn the add hints are not checked against Y9 (no moves are listed then)."""
    from bot import board_okey

    table = table_for("yuzbir")
    mine = {"seat": 0, "current_player": turn, "phase": "play", "need": 26,
            "rack": ["r12", "b3"], "opened": ["pairs", None, None, None],
            "penalty_tiles": [], "taken": None,
            "hints": {"opening": None, "pairs": None, "adds": {"r12": [8]}}}
    keys = [line.key for line in board_okey.rack_lines(table, mine)]
    assert ("core.hint.adds" in keys) is shown


async def test_K6_the_rummikub_table_caption_says_what_an_initial_meld_needs(bot):
    """The picture shows ↑30 beside the pool while a seat has not melded; the caption (and
    the terminal, which reads it) says it in words."""
    from .conftest import ALI, en

    await bot.say(ALI, "/new rummikub bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/table")
    assert "an initial meld needs 30 points" in en(out[0]).splitlines()[1]


def test_O20_the_rack_to_move_names_the_discard_the_take_button_takes():
    """The buttons read "draw · take": which tile take takes was only in the group's lines
    (a scan for readers without the pictures); the rack to move names it."""
    table = table_for("okey101", {"assisted": "off"}, seed=11)
    play_until(table, lambda s: s.current_player == 0 and "take" in s.view(0).legal)
    view = views.Snapshot(table.state).json(0)
    assert view["takeable"]
    assert (f"The last discard, {view['takeable']}, may be taken (/take) to use in this turn."
            in rack_text(table).split("\n"))


def test_Y_D5_a_short_opening_has_no_penalty_warnings_a_discard_would_not_charge():
    """While this turn's opening is short, a discard takes it back and costs nothing: the
    "Careful" lines (Y16: y9 fits r9 b9 k9; Y17: the okey) said the opposite below it."""
    lines = _yuzbir_rack_after("r9 b9 k9 y9 r2 r3 r5 * k1", "open r9 b9 k9")
    assert any(line.startswith("Your opening is 9 of the 17 points needed") for line in lines)
    assert not [line for line in lines if line.startswith("Careful")]


def test_O20_the_rack_names_the_discard_on_offer_only_where_its_take_has_a_button():
    """"The last discard, r1, may be taken (/take)" with only a draw button: an assisted
    table offers no take nothing would use (tests/bot/test_take_offer.py), so its line
    pointed to a take that could only be given back."""
    from tests.rules.okey_helpers import make_deal, play

    deal = make_deal(["b13 r1 k10", "k11 k12 k13 b11 b12", "", ""])
    table = table_for("okey101", {"assisted": "on"})
    table.state = play(deal, ["discard r1"], {"assisted": "on"})  # nothing of seat 1's uses r1
    assert "may be taken" not in rack_text(table, seat=1)
    table.state = play(deal, ["discard b13"], {"assisted": "on"})  # b11 b12 b13
    assert "The last discard, b13, may be taken (/take) to use in this turn." in \
        rack_text(table, seat=1).split("\n")


def test_Y7_another_seats_short_opening_adds_nothing_to_this_racks_hint():
    """While seat 1 lays a short opening (r3 b3 k3: 3 of 17), seat 2's hint added those
    points to its own (a scan: "you can open: ... (24 points)" for a rack worth 9)."""
    from tests.rules import test_yuzbir_helpers as yuzbir

    d = yuzbir.deal(["r3 b3 k3", "r1 k1 y1 b8 k8 y8", "", ""])
    table = table_for("yuzbir", {"assisted": "on"})
    table.state = yuzbir.play(d, [])
    before = rack_text(table, seat=1)
    table.state = yuzbir.play(d, ["open r3 b3 k3"])  # seat 1's opening, short (Y7)
    assert table.state.view(0).to_json()["provisional_kind"] == "melds"
    assert rack_text(table, seat=1) == before
    assert "9 of the 17" in before


@pytest.mark.parametrize("phase,key", [("draw", "core.hint.adds_after_draw"),
                                       ("play", "core.hint.adds")])
def test_O7_the_adds_hint_before_drawing_says_they_come_after_the_draw(phase, key):
    """"You can add: /add k11 to 5" stood under a prompt whose only moves were draw and
    take (O7), where the opening and meld hints said "once you have drawn"."""
    from bot import board_okey

    table = table_for("okey101")
    mine = {"seat": 0, "current_player": 0, "phase": phase, "need": 51,
            "rack": ["k11", "b3"], "opened": ["melds", None, None, None],
            "penalty_tiles": [], "taken": None,
            "hints": {"opening": None, "pairs": None, "adds": {"k11": [5]}}}
    lines = board_okey.rack_lines(table, mine)
    assert [line.key for line in lines if "adds" in line.key] == [key]
    assert i18n.render_lines([lines[-1]], "en").endswith("add: add k11 to 5")


def test_K2_a_one_point_placement_says_1_point():
    """"You can put down y1 (1 points off your rack)" (a scan): one point is "1 point"."""
    from types import SimpleNamespace

    from bot import board_rummikub
    from bot.i18n import render_lines

    seat = 0  # a practice table's person, melded (K6), whose best move lays a lone y1
    view = SimpleNamespace(melded=[True] * 4, legal=["draw"], seat=seat)
    table = SimpleNamespace(
        state=SimpleNamespace(current_player=seat, view=lambda s: view),
        humans=lambda: [(seat, None)],
        game=SimpleNamespace(hint_for_view=lambda v: {"played": ["y1"], "value": 1}))
    line = board_rummikub.hint(table, seat)
    assert render_lines([line], "en") == "You can put down y1 (1 point off your rack): /place y1"



def test_Y16_a_pairs_opener_is_told_the_playable_discard_costs_200():
    """Y16: a playable discard costs 100, 200 for a player who opened with pairs; the rack
    says which (it said only "a penalty")."""
    from tests.rules.test_yuzbir_helpers import deal, play

    d = deal(["r5 r6 r7 b10 b11 b12", "k13 k13 b13 b13 r1 r1 r8", "", ""], pile="k2")
    table = table_for("yuzbir", {"assisted": "on"})
    table.state = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}",
                           "draw", "pairs k13 k13 | b13 b13 | r1 r1"], {"assisted": "on"})
    assert ("Careful: a discard that fits a meld on the table costs a penalty of 200 and the "
            "tile comes back (Y16): r8.") in rack_text(table, seat=1).split("\n")
    table.state = play(d, ["open r5 r6 r7 | b10 b11 b12", f"discard {d['hands'][0].split()[-1]}",
                           "draw"], {"assisted": "on"})  # not opened yet: 100
    assert ("Careful: a discard that fits a meld on the table costs a penalty of 100 and the "
            "tile comes back (Y16): r8 b13.") in rack_text(table, seat=1).split("\n")
