"""Random people press random buttons (their own, others', stale ones) and type random
lines in the group and in private, through the real platform libraries against the local
fakes (tests/bot/fake_telegram.py, tests/bot/fake_discord.py). Whatever comes in, every
update is dealt with, nothing is logged as an error, no rack and no button ever reaches
the group, and private messages go only to the person they are for."""

from __future__ import annotations

import logging
import os
import random

import pytest

from . import door_harness as H
from .fake_discord import CHANNEL
from .test_random_commands import LOBBY, typed_lines

RACK_HEADINGS = ("Your tiles (", "Di tanganmu (", "Taşların (", "आपकी टाइलें (")
# Longer or other walks for exploring: TILEBOT_WALK_STEPS=250 TILEBOT_WALK_SEED=7 make test
STEPS = int(os.environ.get("TILEBOT_WALK_STEPS", "120"))
SEED = os.environ.get("TILEBOT_WALK_SEED", "")


def note_moves(core, made: dict) -> None:
    """The moves made so far at each table (a finished table leaves the core)."""
    for t in core.tables.values():
        made[t.id] = max(made.get(t.id, 0), t.moves)


def errors(caplog) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("game", ["okey101", "dominoes"])
async def test_random_updates_through_telegram(tg, game, caplog):
    caplog.set_level(logging.ERROR)
    rng = random.Random(f"tg-{game}{SEED}")
    people = {H.AYSE.id: H.AYSE, H.BUDI.id: H.BUDI, H.CHEN.id: H.CHEN}
    made: dict = {}
    for _step in range(STEPS):
        note_moves(tg.core, made)
        if not tg.core.tables:
            await tg.say(H.AYSE, f"/new {game}")
            await tg.say(H.BUDI, "/join")
            await tg.say(H.AYSE, "/start")
            continue
        table = tg.table()
        seat = table.seats[table.state.current_player] if table.status == "playing" else None
        mover = people.get(int(seat.user)) if seat is not None and seat.user else None
        roll = rng.random()
        prompts = [c for c in tg.fake.sent() if c.buttons]
        if mover is not None and roll < 0.4 and tg.private(mover):
            own = [c for c in tg.private(mover) if c.buttons]
            if own:
                await tg.press(mover, own[-1], rng.choice(own[-1].buttons)[0])
                continue
        person = rng.choice(list(people.values()))
        if roll < 0.6 and prompts:
            call = rng.choice(prompts)  # anyone's, maybe stale, maybe forwarded
            await tg.press(person, call, rng.choice(call.buttons)[0])
        elif roll < 0.9:
            chat = rng.choice([H.GROUP, person.id])
            await tg.say(person, "/" + rng.choice(typed_lines(game, rng)), chat=chat)
        else:
            await tg.say(person, rng.choice(LOBBY))
    assert not errors(caplog)
    assert tg.service.door.handled >= STEPS and sum(made.values()) >= 20, made
    for call in tg.fake.sent(H.GROUP):
        assert all(data.startswith("l:") for _label, data in call.buttons), call.text  # lobby's
        assert not any(h in call.text for h in RACK_HEADINGS), call.text
    for call in tg.fake.sent():
        if call.chat > 0:
            assert call.chat in people  # a private chat is a person's own


@pytest.mark.parametrize("game", ["okey101", "dominoes"])
async def test_random_interactions_through_discord(dc, game, caplog):
    caplog.set_level(logging.ERROR)
    rng = random.Random(f"dc-{game}{SEED}")
    people = {H.D_AYSE.id: H.D_AYSE, H.D_BUDI.id: H.D_BUDI, H.D_CHEN.id: H.D_CHEN}
    dms = {}
    made: dict = {}
    for _step in range(STEPS):
        note_moves(dc.core, made)
        if not [t for t in dc.core.tables.values() if t.chat == CHANNEL]:
            await dc.slash(H.D_AYSE, "new", game=game)
            await dc.slash(H.D_BUDI, "join")
            await dc.slash(H.D_AYSE, "start")
            continue
        table = dc.table()
        seat = table.seats[table.state.current_player] if table.status == "playing" else None
        mover = people.get(seat.user) if seat is not None and seat.user else None
        roll = rng.random()
        prompts = [c for p in people.values() for c in dc.fake.to(p) if c.buttons]
        if mover is not None and roll < 0.4:
            own = [c for c in dc.fake.to(mover) if c.buttons]
            if own:
                await dc.press(mover, own[-1], rng.choice(own[-1].buttons)[0])
                continue
        person = rng.choice(list(people.values()))
        if roll < 0.6 and prompts:
            call = rng.choice(prompts)
            await dc.press(person, call, rng.choice(call.buttons)[0])
        elif roll < 0.9:
            await dc.slash(person, "move", text=rng.choice(typed_lines(game, rng)))
        else:
            words = rng.choice(LOBBY).lstrip("/").split()
            name = words[0] if words and words[0] in {c["name"] for c in dc.fake.commands} else "help"
            await dc.slash(person, name)
        for p in people.values():
            if dc.fake.dm_channel(p):
                dms[dc.fake.dm_channel(p)] = p
    assert not errors(caplog) and sum(made.values()) >= 20, made
    for call in dc.fake.sent(CHANNEL):
        assert all(data.startswith("l:") for _label, data in call.buttons), call.text  # lobby's
        assert not any(h in call.text for h in RACK_HEADINGS), call.text
    for call in dc.fake.sent():
        assert call.channel == CHANNEL or call.channel in dms
