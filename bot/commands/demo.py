"""`tilebot demo`: computer players play a match of any game, told move by move as a chat
reads it (the same lines, in the chosen language), then each round's scores and the match's
totals. Seats are numbered from 1, as everywhere people read them."""

from __future__ import annotations

import random
import secrets
import sys

from rules import find_game
from rules.ai import make_agent
from rules.errors import ConfigError

from .. import events, i18n, views
from ..cli import CliError
from ..messages import Line
from ..tables import Seat, Table


def _agent(game_id: str):
    for level in ("normal", "random"):
        try:
            return make_agent(game_id, level), level
        except ConfigError:
            continue
    raise ConfigError(f"no computer player for {game_id}")


def run_demo(args) -> int:
    game = find_game(args.game)
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    lang = getattr(args, "lang", None) or i18n.DEFAULT
    if not i18n.known(lang):  # not silently English
        raise CliError(f"unknown language {lang!r}: languages are {', '.join(i18n.LANGS)}")
    lang = i18n.normalise(lang)  # "TR" is Turkish too
    config = game.Config()
    state = game.new(config, seed=seed)
    agent, level = _agent(game.id)
    table = Table(0, "demo", "demo", game, {}, config, 0, level, "", seed, status="playing")
    table.seats = [Seat(None, "", level) for _ in range(game.seats(config))]
    table.state = state
    rng = random.Random(seed)

    if hasattr(sys.stdout, "reconfigure"):  # Hindi on a terminal that cannot show it (as
        sys.stdout.reconfigure(errors="replace")  # `tilebot play`): shown, not a crash

    def say(lines) -> None:
        print(i18n.render_lines(lines, lang))

    print(i18n.translate(lang, "core.demo_header", {"game": Line(f"core.game.{game.id}"),
                                                     "seed": seed}))
    opening = [events.public_line(table, ev) for ev in state.opening_events()]
    if opening:
        say(opening)
    rounds = 0
    while not state.is_finished:
        seat = state.current_player
        happened = state.apply(agent.choose(state.view(seat), rng))
        for ev in happened:
            if events.is_match_end(ev):
                continue
            if events.is_round_end(ev):
                result = state.outcome()["rounds"][rounds]
                rounds += 1
                shown = events.revealed(table, views.public_json(state), rounds)
                say(events.round_lines(table, rounds, result, shown))
                continue
            say([events.public_line(table, ev)])
    say([events.match_over_line(table, state.outcome())])
    return 0
