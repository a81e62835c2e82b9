"""Picture rendering: time and PNG size of a 15-tile okey rack and of full tables.

Targets (issue 6): rack median < 15 ms and < 60 KB; table p99 < 50 ms. Times are warm
(tile sprites cached, as in a running bot); the first, cold call is reported apart.
"""

from __future__ import annotations

import time

from render import render_rack, render_table
from render.dominoes import render_domino_line
from render.okey import render_okey_rack, render_okey_table
from render.rummikub import render_rummikub_table
from render.sprites import domino, tile
from rules.tiles import FAKE, WILD, kind, parse_tiles

from .timing import summarise

RACK_15 = "r4 r5 r6 _ b9 k9 y9 _ * F _ k1 k2 k3 _ y11 y12 _ b2 b2"


def _okey_rack():
    slots = [None if w == "_" else parse_tiles(w)[0] for w in RACK_15.split()]
    return lambda: render_okey_rack(slots, kind(0, 5), kind(0, 6), penalty={1, 13})


def _okey_table():
    melds = []
    for i in range(30):  # 30 melds of 3 to 5 tiles, some with an okey or a fake okey
        c, a = i % 4, i % 9 + 1
        tiles = [kind(c, a + j) for j in range(3 + i % 3)]
        if i % 5 == 0:
            tiles[1] = WILD
        if i % 7 == 0:
            tiles[0] = FAKE
        melds.append((i + 1, i % 4, tiles))
    return lambda: render_okey_table(melds, [kind(0, 3), None, FAKE, kind(3, 12)], kind(1, 4),
                                     20, 2, limit=68, okey_kind=kind(1, 5),
                                     hand_counts=[14, 11, 3, 21], opened=["melds"] * 4)


def _rummikub_table():
    sets = [parse_tiles(s, "rummikub") for s in
            ["r1 r2 r3", "b5 b6 b7 b8", "k9 y9 r9 b9", "r10 J r12"] * 7 + ["y1 y2 y3 y4 y5"] * 2]
    return lambda: render_rummikub_table(sets, 20, 1, hand_counts=[3, 4, 5, 6],
                                         melded=[True] * 4)


def _domino_line():
    line, used = [(0, 0)], {(0, 0)}
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    while True:  # a greedy line; long enough to wrap several rows
        end = line[-1][1]
        nxt = next((t for t in tiles if t not in used and end in t), None)
        if nxt is None:
            break
        used.add(nxt)
        line.append(nxt if nxt[0] == end else (nxt[1], nxt[0]))
    return lambda: render_domino_line(line, None, [0, 1, 0, 2], [3, 2, 4, 1], 1)


def _real_views():
    """The rack and table of a real okey101 view mid-game, when that game exists."""
    import random

    import rules
    from rules.ai.random_agent import RandomAgent

    if "okey101" not in rules.game_ids():
        return {}
    game = rules.find_game("okey101")
    state = game.new(game.Config(), seed=2)
    agent, rng = RandomAgent(game), random.Random(2)
    for _ in range(60):
        if state.current_player is None:
            break
        state.apply(agent.choose(state.view(state.current_player), rng))
    seat = state.current_player if state.current_player is not None else 0
    view = state.view(seat).to_json()
    return {"okey101 view rack": lambda: render_rack(view),
            "okey101 view table": lambda: render_table(view)}


def _measure(fn, n: int) -> dict:
    t0 = time.perf_counter()
    png = fn()
    cold = time.perf_counter() - t0
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t0)
    return {**summarise(samples), "cold_ms": round(cold * 1000, 1), "png_kb": round(len(png) / 1024, 1)}


def run(quick: bool) -> dict:
    n = 30 if quick else 200
    cases = {"okey rack 15": _okey_rack(), "okey table 30 melds": _okey_table(),
             "rummikub table 30 sets": _rummikub_table(), "domino line": _domino_line(),
             **_real_views()}
    tile.cache_clear()
    domino.cache_clear()
    return {name: _measure(fn, n) for name, fn in cases.items()}


def lines(res: dict) -> list[str]:
    out = []
    for name, r in res.items():
        out.append(f"{name:24} median {r['median_ms']:6.2f} ms  p99 {r['p99_ms']:6.2f} ms  "
                   f"cold {r['cold_ms']:6.1f} ms  {r['png_kb']:6.1f} KB")
    rack, table = res.get("okey rack 15"), res.get("okey table 30 melds")
    if rack and table:
        out.append(f"targets: rack median < 15 ms ({'ok' if rack['median_ms'] < 15 else 'MISSED'}), "
                   f"< 60 KB ({'ok' if rack['png_kb'] < 60 else 'MISSED'}); "
                   f"table p99 < 50 ms ({'ok' if table['p99_ms'] < 50 else 'MISSED'})")
    return out
