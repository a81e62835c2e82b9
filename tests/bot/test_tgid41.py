"""What the Telegram scan in Indonesian (tgid41) found: a dominoes game's end names who went
out when their dead tiles left them behind (D6, D8, D9, D11); the okey read as `joker` in the
okey games and its refusal saying how to write it; a meld cut short by a comma; Telegram's
private help and /new naming only Telegram; an okey's "low" button beside its plain one;
a timeout's drawn tile told with the draw."""

from __future__ import annotations

import random

import rules
from bot import events, i18n
from bot.messages import Command
from bot.tables import Seat, Table
from rules.ai import make_agent
from rules.dominoes_scoring import count, decided_by_tiebreak, winner
from rules.dominoes_tiles import parse_tiles as dominoes_tiles

from .conftest import ALI, CAN, summary
from .test_events import random_games, table_for

SOURCES = i18n.source_messages()  # new texts: the English catalog is rebuilt from these


def en(line) -> str:
    return i18n.render_lines([line], "en")


def _shown(line) -> dict:
    """A line's params as its English text shows them."""
    return {name: i18n.show("en", value) for name, value in line.params.items()}


# ---------------------------------------------------------------- 1. who went out (dominoes)


def _named_dominoes():
    table = table_for("dominoes")
    # (four people: one named "Komputer 4" would read "Komputer 4 (seat 4)", a person)
    table.seats = [Seat(str(s + 1), name) for s, name in enumerate(("Dewi", "Rudi", "Tom",
                                                                     "Wayan"))]
    return table


def _game_end(table, hands: list[str], dead: list[str]):
    """round_lines of a game that ended as a hand emptied (D8) with these hands and tiles
    laid face down."""
    held = [dominoes_tiles(f"{h} {d}") for h, d in zip(hands, dead, strict=True)]
    result = {"ending": "out", "winner": winner(held), "scores": [count(h) for h in held],
              "tie_break": decided_by_tiebreak(held)}
    return events.round_lines(table, 3, result, {"hands": hands, "dead": dead})


def test_D6_D9_one_who_went_out_but_counts_more_face_down_is_named_beside_the_winner():
    """The scan's game 3: Wayan (a computer there) laid its last tile face down (its hand empty, D8) and
    counted 19 in dead tiles (D6, D9); Rudi's 2 won (D11). The line said only "Winner:
    Rudi", as if the one who went out were Rudi."""
    first = _game_end(_named_dominoes(), ["3-5", "1-1", "0-3", ""],
                      ["", "", "3-3", "2-2 2-4 4-5"])[0]
    assert first.key == "core.game_over_outscored" and first.key in events.ROUND_END_KEYS
    assert (first.params["finisher"], first.params["winners"].parts) == ("Wayan", ("Rudi",))
    assert SOURCES[first.key].format_map(_shown(first)) == (
        "Game 3 is over: a hand is empty (Wayan went out, but the tiles they laid face "
        "down count (D6, D9) and leave them above the lowest score). Winner: Rudi. Scores: "
        "Dewi: 8, Rudi: 2, Tom: 9, Wayan: 19.")


def test_D11_one_who_went_out_but_lost_a_tie_on_dead_tiles_is_named_and_the_tie_told():
    """Wayan's dead 1-1 ties Rudi's 0-2 at 2; Rudi's lower end wins the tie (D11)."""
    first, tie, *_ = _game_end(_named_dominoes(), ["3-5", "0-2", "3-6", ""],
                               ["", "", "", "1-1"])
    assert first.key == "core.game_over_outscored_tie" and first.key in events.ROUND_END_KEYS
    assert first.params["finisher"] == "Wayan"
    assert "only equal the lowest score" in SOURCES[first.key]
    assert en(tie).startswith("Equal scores, and Rudi's 0-2 has as few pips")


def test_D8_one_who_went_out_and_won_reads_as_before():
    first = _game_end(_named_dominoes(), ["3-5", "1-1", "0-3", ""], ["", "", "", "0-1"])[0]
    assert en(first).startswith("Game 3 is over: a hand is empty. Winner: Wayan.")


def test_D8_every_random_game_names_who_went_out_when_they_did_not_win():
    table, seen = table_for("dominoes"), 0
    for state, _ in random_games("dominoes", 60):
        if not state.is_finished:
            continue
        result, shown = state.rounds[-1], state.revealed[-1]
        (line, *_) = events.round_lines(table, 1, result, shown)
        assert line.key in events.ROUND_END_KEYS
        empty = [s for s, hand in enumerate(shown["hands"]) if not hand]
        if result["ending"] == "out" and empty[0] != result["winner"]:
            seen += 1
            assert line.key.startswith("core.game_over_outscored"), line
            assert line.params["finisher"] == table.name(empty[0])
        else:
            assert line.key == "core.game_over", line
    assert seen > 0


# ---------------------------------------------------------------- 3. a meld cut short by commas


async def test_O10_rack_numbers_between_commas_are_refused_as_melds_too_short(bot):
    """The scan typed `open 1, 2, 3 | 4, 5, 6, 7.`: each comma ended a meld of one tile."""
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")  # Ali starts: 15 tiles, may open before the discard
    out = await bot.say(ALI, "/open 1, 2, 3 | 4, 5, 6, 7.", chat=ALI.id, private=True)
    (refused,) = out
    assert "too short for a meld: r3" in en(refused.lines[-1]).lower()
    assert "a | or a comma ends a meld" in SOURCES["okey.error.short_meld"]


# ---------------------------------------------------------------- 4. Telegram's words, Discord's


async def test_a_private_start_and_new_on_telegram_name_no_discord(bot):
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/start", private=True))
    assert summary(out) == [("user:1", "text", ["core.help_private", "core.help_heading_private",
                                                "core.help"])]
    out += await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/new rummikub",
                                               private=True))
    assert summary(out[1:]) == [("user:1", "text", ["core.error.new_in_private"])]
    for key in ("core.help_private", "core.error.new_in_private"):
        assert "Discord" not in SOURCES[key] and "server" not in SOURCES[key]
        assert "in a group: add me to one and type /new there." in SOURCES[key]


async def test_a_private_help_and_new_on_discord_name_a_server_s_channel(bot):
    out = await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/help", private=True))
    assert [line.key for line in out[0].lines][0] == "core.help_private_discord"
    out = await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/new rummikub",
                                              private=True))
    assert summary(out) == [("user:1", "text", ["core.error.new_in_private_discord"])]
    for key in ("core.help_private_discord", "core.error.new_in_private_discord"):
        assert "a server's channel" in SOURCES[key] and "group" not in SOURCES[key]
    out = await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/league", private=True))
    assert out[0].lines[0].key == "core.league_private_discord"  # not "group or channel"
    assert "group" not in SOURCES["core.league_private_discord"]
    out = await bot.say(ALI, "/league", chat=ALI.id, private=True)  # Telegram: its words
    assert out[0].lines[0].key == "core.league_private"
    # a private /table, /hand or /join at no table (a newcomer's scan: "opened in a group:
    # type /new there" on Discord, which has no groups)
    out = await bot.core.handle(Command.parse("discord", "dm-1", ALI, "/table", private=True))
    assert summary(out) == [("user:1", "text", ["core.error.no_table_private_discord"])]
    assert "a server's channel" in SOURCES["core.error.no_table_private_discord"]
    out = await bot.say(ALI, "/table", chat=ALI.id, private=True)
    assert summary(out) == [("user:1", "text", ["core.error.no_table_private"])]


# ---------------------------------------------------------------- 5. "add * to n low" buttons


async def test_O_D4_each_low_end_okey_button_comes_right_after_its_plain_one(bot):
    """The scan's 26 buttons: [add * to 3] ... [discard *] | [add * to 3 low]."""
    game, agent, seen = rules.find_game("okey101"), make_agent("okey101", "random"), 0
    for seed in range(12):
        state = game.new(game.Config(), seed=seed)
        table = Table(1, "tg", "g1", game, {}, state.config, 60, "random", "1", 1)
        table.seats = [Seat("1", "Ali")] + [Seat(None, "", "random") for _ in range(3)]
        table.state, rng = state, random.Random(seed)
        while not state.is_finished:
            if state.current_player == 0 and any(a.endswith(" low")
                                                 for a in state.view(0).legal):
                moves = bot.core.button_moves(table, 0, bot.core.snapshot(table))
                for i, move in enumerate(moves):
                    if move.endswith(" low"):
                        seen += 1
                        assert moves[i - 1] == move.removesuffix(" low"), moves
            state.apply(agent.choose(state.view(state.current_player), rng))
    assert seen


# ---------------------------------------------------------------- 6. a timeout's drawn tile


async def _timed_out_drawing(bot, table) -> None:
    """Ali's next turn runs out of time (a draw, then the rest by a computer): the note
    names the tile drawn with the draw, and no "You drew" line follows the discard."""
    while table.state.current_player != 0:
        await bot.clock.advance(0)
    bot.sent.clear()
    moves = table.moves
    await bot.clock.advance(30)
    log = [row.action for row in (await bot.store.move_log(table.id))[moves:]
           if row.how == "timeout"]
    assert log[0] == "draw" and log[-1].startswith("discard")
    told = [line for m in bot.sent if m.to.user == ALI.id for line in m.lines]
    assert "okey.drew_private" not in [line.key for line in told]  # not after the discard
    (note,) = [line for line in told if line.key == "core.timeout_private"]
    drew, *rest = note.params["moves"].parts
    assert (drew.key, drew.params["move"], rest) == ("core.move_drew", "draw", log[1:])
    assert SOURCES[drew.key].format(**drew.params) == f"draw (you drew {drew.params['tile']})"


async def test_O30_a_timeout_names_the_tile_drawn_with_the_draw(bot):
    """The scan: "...: draw, discard b12.\nYou drew b7." told the drawn tile after the
    discard. Once in time, then as the second timeout hands the seat to a computer (O30)."""
    await bot.say(ALI, "/new okey101 bots=random timer=30")
    await bot.say(ALI, "/start")
    table = bot.table()
    discard = next(a for a in table.state.view(0).legal if a.startswith("discard"))
    await bot.say(ALI, f"/{discard}")  # the first turn, in time: a discard alone (O6)
    await _timed_out_drawing(bot, table)
    assert table.seats[0].timeouts == 1 and not table.seats[0].away
    await _timed_out_drawing(bot, table)
    assert table.seats[0].away


def test_K_D3_a_rummikub_timeout_still_tells_the_tile_drawn_on_its_own_line():
    """Its note names no moves (K-D3: the rules name the draw), so "You drew" stays."""
    from bot.play import Step

    state = rules.find_game("rummikub").new(seed=1)
    table = table_for("rummikub")
    table.state = state
    step = Step(0, "draw", "timeout", state.apply(state.timeout_action()))
    assert events.told_by_timeout_note(table, step) == []


def test_O_D4_in_a_long_list_the_low_okey_adds_stay_last_so_discord_keeps_the_discards():
    """Discord shows 25 buttons: with 27, putting the lows beside their plain adds pushed
    two discards (every turn ends with one) past the cut; Telegram shows them all, so
    there the lows stay beside their plain adds."""
    from bot.play import BUTTONS_SHOWN, _button_order

    adds = [f"add * to {n}" for n in range(1, 11)]
    discards = [f"discard r{n}" for n in range(1, 16)]
    lows = ["add * to 3 low", "add * to 7 low"]
    short = [*adds[:3], "discard r1", "add * to 3 low"]
    assert _button_order(short) == ["add * to 1", "add * to 2", "add * to 3", "add * to 3 low",
                                    "discard r1"]
    long = ["add * to 3", *discards, *(a for a in adds if a != "add * to 3"), *lows]
    # (the hint's add first, as a prompt lists it)
    assert 25 == BUTTONS_SHOWN["discord"] < len(long)
    assert set(discards) <= set(_button_order(long, 25)[:25])
    # Telegram shows all 40: the low one stays beside its plain one there
    ordered = _button_order(long)
    assert ordered[ordered.index("add * to 3") + 1] == "add * to 3 low"


async def _to_alis_turn(bot, table, move: str) -> None:
    """Ali (seat 0) and Can draw and discard until Ali's turn offers `move`."""
    for _ in range(40):
        seat = table.state.current_player
        legal = table.state.view(seat).legal
        if seat == 0 and move in legal:
            return
        person = ALI if seat == 0 else CAN
        await bot.say(person, "/" + next(a for a in legal if a.startswith(("draw", "discard"))))
    raise AssertionError(f"Ali was never offered {move}")


async def test_O_D9_a_timeout_after_a_take_names_the_tile_the_return_drew(bot):
    """Ali took the discard and ran out of time: the computer put it back and drew (a
    `return` draws, O-D9). The note said "return, open ..., discard r13." and then "You
    drew *." after the discard; the drawn tile goes with the return, and no line after."""
    await bot.say(ALI, "/new okey101 bots=random timer=30")
    await bot.say(CAN, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await _to_alis_turn(bot, table, "take")  # offered a discard
    await bot.say(ALI, "/take")
    bot.sent.clear()
    await bot.clock.advance(30)
    steps = [m.action for m in await bot.store.move_log(table.id) if m.how == "timeout"]
    assert steps[0] == "return", steps
    (note,) = [m for m in bot.sent if m.to.user == ALI.id
               and m.lines[0].key == "core.timeout_private"]
    text = i18n.render_lines(note.lines, "en")
    assert "a computer made your move: return (you drew " in text, text
    assert "You drew" not in text


async def alis_short_opening(bot, options: str = ""):
    """A Yüzbir table of Ali, Can and two computers (seed 2) where Ali has drawn and laid
    b9 k9 y9 towards an opening: 9 points, short of the 17 needed (Y6, Y7)."""
    await bot.say(ALI, f"/new yuzbir mode=online bots=random {options}".strip())
    await bot.say(CAN, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    await _to_alis_turn(bot, table, "draw")
    await bot.say(ALI, "/draw")
    await bot.say(ALI, "/open b9 k9 y9")
    return table


async def test_Y7_a_timeout_tells_the_person_their_opening_went_back_to_the_rack(tmp_path):
    """Ali laid b9 k9 y9 towards an opening (9 of 17) and ran out of time: the group read
    that the tiles went back; his own note named only "discard y10 (it came back), discard
    k13". It now says his opening went back to his rack too."""
    from .conftest import Harness

    bot = await Harness(tmp_path / "y7.db", seed=2).start()
    try:
        table = await alis_short_opening(bot)
        bot.sent.clear()
        await bot.clock.advance(table.timer)
        (note,) = [m for m in bot.sent if m.to.user == ALI.id
                   and m.lines[0].key == "core.timeout_private"]
        assert [ln.key for ln in note.lines][:2] == ["core.timeout_private",
                                                    "yuzbir.opening_returned_mine"]
        assert i18n.render_lines(note.lines, "en").splitlines()[1] == (
            "Your opening (worth 9) does not reach 17: the tiles laid this turn go back to "
            "your rack.")
    finally:
        await bot.close()
