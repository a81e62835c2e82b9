"""Rummikub and dominoes in chat: a Rummikub round's end shows every rack and what it
counts (K10, K11), `/play` with rack numbers points to `place`, the K-D3 timeout says what
happened (a draw, no tiles went back), a dominoes game's number is said once when it
begins, and /rules names every computer level a table takes."""

from __future__ import annotations

import rules
from bot import events, i18n, views
from bot.tables import Seat, Table
from rules.rummikub_deal import parse_deal

from .conftest import ALI, en
from .test_core_play import Player, start

# Seat 0 lays all 14 tiles at once (K6, 56 points) and goes out (K10); seat 1 keeps 79.
OUT = ["r1 r2 r3 r4 r5 r6 r7 b1 b2 b3 b4 b5 b6 b7",
       "k1 k2 k3 k4 k5 k6 k7 y1 y2 y3 y4 y5 y6 J"]


def rig(monkeypatch, *deals):
    """The next Rummikub deals, in order (each: its first seat and hands)."""
    queue = list(deals)

    def fake(rng, seats, first):
        want, hands = queue.pop(0)
        return parse_deal({"first": want, "hands": hands}, seats, None)
    monkeypatch.setattr("rules.rummikub_state.random_deal", fake)


def group(bot):
    return [m for m in bot.sent if not m.to.private]


async def test_K10_a_rummikub_round_end_lists_every_rack_and_its_value(bot, monkeypatch):
    rig(monkeypatch, (0, OUT))
    await bot.say(ALI, "/new rummikub players=2 bots=random")
    await bot.say(ALI, "/start")
    table = bot.table()
    bot.sent.clear()
    await bot.say(ALI, "/place " + OUT[0])
    assert table.state.is_finished
    text = "\n".join(en(m) for m in group(bot))
    computer = table.seat_ref(1)
    shown = i18n.render_lines([computer], "en") if not isinstance(computer, str) else computer
    assert f"Seat {shown} held {OUT[1]} (79 points)" in text, text
    assert "Seat 1 (Ali) held nothing" in text


def test_K11_each_round_shows_its_own_racks():
    game = rules.find_game("rummikub")
    config = game.Config.from_options({"players": "2", "rounds": "3"})
    # round 1: seat 0 goes out; round 2 (K12: seat 1 first): seat 1 goes out
    state = game.new(config, deals=[{"first": 0, "hands": OUT},
                                    {"first": 1, "hands": OUT[::-1]}])
    table = Table(1, "tg", "g1", game, {}, config, 60, "random", "1", 1)
    table.seats = [Seat("1", "Ali"), Seat(None, "", "random")]
    table.state = state
    for text in ("place " + OUT[0], "place " + OUT[0]):
        state.apply(game.parse_action(text, state.view(state.current_player)))
    pub = views.public_json(state)
    results = state.outcome()["rounds"]
    for number, (empty, held) in ((1, (0, 1)), (2, (1, 0))):
        shown = events.revealed(table, pub, number)
        lines = events.round_lines(table, number, results[number - 1], shown)
        text = i18n.render_lines(lines, "en")
        assert text.splitlines()[1 + empty].endswith("held nothing"), text
        assert text.splitlines()[1 + held].endswith(f"held {OUT[1]} (79 points)"), text
    assert events.revealed(table, pub, 3) is None  # round 3 is still being played


async def test_play_with_rack_numbers_is_pointed_to_place(bot, monkeypatch):
    rig(monkeypatch, (0, ["r10 r11 J k5 k6 k7 b1 b2 y3 y9 r1 r2 k1 k13",
                          "r12 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(ALI, "/new rummikub players=2 bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/play 8 9 10")
    assert en(out[0]) == ("/play takes the whole table as it stands after your move, written "
                          "as tiles (e.g. /play r7 b7 k7 | r1 r2 r3); to put down tiles by "
                          "their numbers on your rack, type /place 8 9 10.")


def test_K_D3_the_timeout_text_says_the_turn_ended_with_a_draw_and_no_tiles_went_back():
    public = i18n.translate("en", "core.timeout.rummikub", {"player": "Ali"})
    private = i18n.translate("en", "core.timeout_private.rummikub", {"moves": "draw"})
    for text in (public, private):
        assert "went back" not in text and "K-D3" in text
        assert text.endswith("ended with a draw.")  # (a pass has its own text: test_scan48)


async def test_D_a_later_dominoes_game_is_announced_with_its_number_once(bot):
    table = await start(bot, "dominoes", [ALI], "games=3")
    player = Player(bot)
    for _ in range(500):
        if table.state.game_index == 1:
            break
        await player.step(table)
    assert table.state.game_index == 1
    (told,) = [en(m) for m in group(bot) if "Game 2 of 3: seat" in en(m)]
    assert told.count("Game 2 of 3") == 1, told
    # /table says it at once (the picture has no game number), and after moves too
    out = await bot.say(ALI, "/table")
    assert en(out[-1]).startswith("Dominoes\nGame 2 of 3\n")
    while not any(h["seat"] == 0 for h in views.public_json(table.state)["history"]):
        await player.step(table)
    out = await bot.say(ALI, "/table")
    assert en(out[-1]).startswith("Dominoes\nGame 2 of 3\n")


async def test_rules_name_every_level_a_table_takes(bot):
    out = await bot.say(ALI, "/rules rummikub")
    text = en(out[0])
    bots = text[text.index("bots="):]
    assert "Random" in bots or "random" in bots, text


async def test_K7_after_putting_tiles_down_the_rack_comes_as_it_is_now(bot, monkeypatch):
    """The tiles put down leave the rack picture's numbers behind (place 1 2 3 names the
    rack's tiles): the one who put them down gets the rack as it is now, at once, not at
    their next turn."""
    from .conftest import BUDI

    rig(monkeypatch, (0, ["r10 r11 J k5 k6 k7 b1 b2 y3 y9 r1 r2 k1 k13",
                          "r12 b12 k12 y12 b5 b6 r9 r9 b1 k2 y5 y7 k9 k10"]))
    await bot.say(ALI, "/new rummikub players=2")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    bot.sent.clear()
    await bot.say(ALI, "/place k5 k6 k7 r10 r11 J")  # K6: 18 + 33 points
    assert table.state.current_player == 1  # Budi's turn: no prompt for Ali
    (rack,) = [m for m in bot.sent if m.to.user == ALI.id and getattr(m, "kind", None) == "rack"]
    assert sorted(t for t in rack.view["rack"] if t is not None) == \
        sorted(table.state.view(0).to_json()["rack"])
    assert len([t for t in rack.view["rack"] if t is not None]) == 8
    bot.sent.clear()
    await bot.say(BUDI, "/draw")  # a draw puts nothing down: no rack for Budi but the tile
    assert not [m for m in bot.sent if m.to.user == BUDI.id and getattr(m, "kind", None) == "rack"]
