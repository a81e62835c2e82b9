"""Privacy: a rack only ever goes to its owner. Whole games of every game are played through
the core; every message (its text, its params and the JSON any picture was drawn from) is
checked, at the moment it is sent, against the tiles then hidden in the other racks."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

import rules
from bot.i18n import render_lines
from bot.messages import Image, Line
from bot.views import public_json

from .conftest import ALI, BUDI
from .test_core_play import Player

_TILE = re.compile(r"(?<![\w-])(?:[rbky]\d{1,2}|[0-6]-[0-6])(?![\w-])")
_PAIR = re.compile(r"\[([0-6]), ([0-6])\]")  # a domino as JSON


def tokens(text: str) -> set[str]:
    found = set(_TILE.findall(text))
    found |= {f"{min(a, b)}-{max(a, b)}" for a, b in _PAIR.findall(text)}
    return found


def view_tokens(state, seat) -> set[str]:
    return tokens(json.dumps(state.view(seat).to_json()))


def secrets(state, seat) -> set[str]:
    """Tiles in `seat`'s view that no other seat's view shows."""
    out = view_tokens(state, seat)
    for other in range(state.num_seats):
        if other != seat:
            out -= view_tokens(state, other)
    return out


def message_tokens(m) -> set[str]:
    found = tokens(render_lines(m.lines, "en"))

    def walk(v):
        if isinstance(v, Line):
            for p in v.params.values():
                walk(p)
        elif isinstance(v, list | tuple):
            for p in v:
                walk(p)
        elif isinstance(v, str):
            found.update(tokens(v))

    for line in m.lines:
        walk(line)
    if isinstance(m, Image) and m.view is not None:
        found |= tokens(json.dumps(m.view))
    return found


class Watcher:
    """Checks each batch of messages as it is sent, against the state at that moment."""

    def __init__(self, bot, monkeypatch, game_id):
        self.bot = bot
        self.public_events: set[str] = set()
        self.checked = 0
        self.rack_images = 0
        watcher = self
        cls = type(rules.find_game(game_id).new(rules.find_game(game_id).Config(), seed=1))
        original = cls.apply

        def apply(state, action):
            events = original(state, action)
            for ev in events:
                watcher.public_events |= tokens(json.dumps(ev.public, default=str))
            return events

        monkeypatch.setattr(cls, "apply", apply)
        send = bot._send

        async def checked_send(messages):
            self.check(messages)
            await send(messages)

        bot.core.send = checked_send

    def check(self, messages):
        tables = list(self.bot.core.tables.values())
        if not tables or tables[0].state is None:
            return
        table = tables[0]
        state = table.state
        hidden = {s: secrets(state, s) for s in range(state.num_seats)}
        # what the engine shows everyone: in every seat's view, or in an event's public part
        # (not the bot's own masking, which is what this test checks)
        allowed = self.public_events | set.intersection(
            *(view_tokens(state, s) for s in range(state.num_seats)))
        for m in messages:
            seat = table.seat_of(m.to.user) if m.to.private else None
            found = message_tokens(m)
            for s, tiles in hidden.items():
                if s == seat:
                    continue
                leaked = (found & tiles) - allowed
                assert not leaked, (f"{'private to seat ' + str(seat) if m.to.private else 'group'}"
                                    f" message {[ln.key for ln in m.lines]} shows seat {s}'s "
                                    f"{sorted(leaked)}")
            if isinstance(m, Image) and m.kind == "rack":
                assert m.to.private and m.view["seat"] == seat  # a rack goes to its owner
                self.rack_images += 1
            self.checked += 1
        self.public_events = set()


@pytest.mark.parametrize("game", rules.game_ids())
async def test_no_rack_tile_reaches_anyone_else(bot, monkeypatch, game):
    await bot.say(ALI, f"/new {game} bots=random")
    await bot.say(BUDI, "/join 3")  # people at seats 1 and 3, computers between them
    watcher = Watcher(bot, monkeypatch, game)
    await bot.say(ALI, "/start")
    table = bot.table()
    player = Player(bot, seed=4)
    await player.finish(table)
    assert table.state.is_finished
    assert watcher.checked > 20 and watcher.rack_images > 5
    # the pictures were drawn from exactly the views attached to the messages
    drawn_racks = [v for k, v in bot.pictures.drawn if k == "rack"]
    assert len(drawn_racks) == watcher.rack_images


def test_the_leak_check_catches_a_leak():
    """The checker itself: a group line naming a hidden tile is a leak."""
    game = rules.find_game("dominoes")
    state = game.new(game.Config(), seed=3)
    hidden = secrets(state, 1)
    tile = sorted(hidden)[0]
    assert tile in message_tokens(Image(to=None, lang="en", lines=(Line("x", {"t": tile}),)))
    assert tile not in tokens(json.dumps(state.view(0).to_json()))


def test_a_field_two_seats_happen_to_share_is_still_masked():
    """The mover's view is masked against every other seat's: a field that seat 1 and seat 2
    happen to agree on (say, both hold no hints) but seat 3 does not is private."""
    @dataclasses.dataclass(frozen=True)
    class View:
        table: tuple
        notes: tuple
        legal: tuple = ()

        def to_json(self):
            return {"table": list(self.table), "notes": list(self.notes)}

    class State:
        num_seats, current_player = 3, 0

        def view(self, seat):
            return View(table=("r5",), notes=("k7",) if seat in (0, 1) else ("b2",))

    assert public_json(State()) == {"table": ["r5"], "notes": []}


@pytest.mark.parametrize("game, config, hands", [
    ("rummikub", {"players": 2}, {"hands": ["r1 r2 r3 r4 b5 b6 b7 k8 k9 k10 y11 y12 y13 r13"] * 2,
                                  "pool": "", "first": 0}),
])
def test_a_rack_two_seats_happen_to_share_is_still_masked(game, config, hands):
    """Two Rummikub players may hold the very same tiles (each tile exists twice, K1): the
    rack is private because the game says so, not only because the racks differ."""
    from rules.record import replay

    state = replay({"game": game, "config": config, "deal": hands, "actions": []})
    assert state.view(0).to_json()["rack"] == state.view(1).to_json()["rack"]
    assert public_json(state)["rack"] == []


def test_an_okey_rack_two_seats_happen_to_share_is_still_masked():
    """Late in an okey round two seats may hold the same tiles; the group never sees them."""
    game = rules.find_game("okey101")
    state = game.new(game.Config(), seed=3)
    same = state.r.hands[1].copy()
    state.r.hands[2] = same.copy()
    state.r.hands[3] = same.copy()
    state.r.hands[0] = same.copy()
    public = public_json(state)
    hints = public["hints"]
    assert public["rack"] == [] and not hints["opening"]["melds"] and not hints["pairs"]["pairs"]
