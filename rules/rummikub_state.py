"""A Rummikub match in progress (rules K1-K12, K-D1..K-D5; see rules/rummikub.py)."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from .errors import IllegalAction, InvalidAction
from .game import Event
from .game import State as BaseState
from .rummikub_actions import Action, Draw, Pass, Play, rack_error
from .rummikub_deal import Deal, parse_deal, random_deal
from .rummikub_sets import (
    FAMILY,
    JOKER,
    MIN_SET,
    canonical_set,
    format_set,
    placed_marks,
    placements,
    set_points,
    tile_counts,
    tile_value,
    untaken_joker,
)
from .rummikub_view import RummikubView
from .tiles import cut_in_order, format_tile, format_tiles, number_of

if TYPE_CHECKING:
    from .rummikub import Config

INITIAL_MELD_POINTS = 30  # K6


def _rack_list(counts: list[int]) -> tuple[int, ...]:
    return tuple(t for t in range(53) for _ in range(counts[t]))


def _joker_error(role: tuple[int, ...]) -> IllegalAction:
    """K8: a joker taken without putting down a tile it stood for (`role`: its kinds)."""
    tiles = [format_tile(t, FAMILY) for t in role]
    if len(tiles) == 1:
        return IllegalAction("K8", f"the joker stands for {tiles[0]}: put {tiles[0]} on the "
                             "table to take it", "rummikub.error.joker_not_replaced",
                             tile=tiles[0])
    # K-D4: a group joker with two colours missing; either one frees it.
    return IllegalAction("K8", f"the joker stands for {tiles[0]} or {tiles[1]}: put one of "
                         "them on the table to take it", "rummikub.error.joker_not_replaced_either",
                         tile=tiles[0], other=tiles[1])


def _whole_table_error(table) -> IllegalAction:
    """K-D2: a `play` written with rack tiles alone forgot that it takes the whole table
    (`place` puts down only one's own tiles)."""
    tiles = format_tiles([t for s in table for t in s], FAMILY)
    return IllegalAction("K-D2", "play takes the whole table; its sets are missing",
                         "rummikub.error.whole_table", tiles=tiles)


def _bad_set_error(s: tuple[int, ...]) -> IllegalAction:
    # Tiles of one number were meant as a group (K3), others as a run (K4).
    numbers = {number_of(t) for t in s if t != JOKER}
    rule = "K3" if len(numbers) <= 1 else "K4"
    text = format_set(s)
    if len(s) < MIN_SET:  # "play J, k12, k13": each comma ended a set of one tile
        return IllegalAction(rule, f"{text} is too short: a set needs at least {MIN_SET} tiles",
                             "rummikub.error.short_set", set=text, least=MIN_SET)
    split = cut_in_order(s, lambda part: canonical_set(part) is not None, MIN_SET)
    if split is not None and len(split) > 1:  # "play r7 b7 y7 y8 y9 y10": no | typed
        sets = " | ".join(format_set(part) for part in split)
        return IllegalAction(rule, f"not a valid set: {text}; a | separates sets: {sets}",
                             "rummikub.error.bad_set_split", set=text, sets=sets)
    return IllegalAction(rule, f"not a valid set: {text}", "rummikub.error.bad_set", set=text)


class State(BaseState):
    game_id = "rummikub"

    def __init__(self, config: Config, seed=None, deals=None):
        self.config = config
        self.num_seats = config.players
        self.seed = seed
        self.explicit = deals is not None
        # Extra rounds past the given deals come from the seed (0 if none: replays stay exact).
        self.rng = random.Random(seed if seed is not None or deals is None else 0)
        self._given = self._check_deals(list(deals or []))
        self.deals: list[Deal] = []
        self.results: list[dict] = []
        self.final_racks: list[tuple[str, ...]] = []  # per finished round, each seat's rack
        self.totals = [0] * self.num_seats
        self.actions: list[str] = []
        self.first0 = None
        self._start_round()

    # -- rounds
    def _check_deals(self, given: list) -> list[Deal]:
        """Parse every given deal now, so a bad one fails before play starts (K12: the
        first player moves on by one seat each round)."""
        out: list[Deal] = []
        for r, obj in enumerate(given[:self.config.rounds]):
            want = None if r == 0 else (out[0].first + r) % self.num_seats
            out.append(parse_deal(obj, self.num_seats, want))
        return out

    def _start_round(self) -> None:
        n = self.num_seats
        r = len(self.deals)
        want = None if r == 0 else (self.first0 + r) % n  # K12 rotation
        if r < len(self._given):
            deal = self._given[r]
        else:
            first = self.rng.randrange(n) if r == 0 else want  # K12: round 1 random
            deal = random_deal(self.rng, n, first)
        if r == 0:
            self.first0 = deal.first
        self.deals.append(deal)
        self.racks = [tile_counts(h) for h in deal.hands]
        self.pool = list(deal.pool)
        self.table: tuple[tuple[int, ...], ...] = ()
        self.laid: tuple[tuple[bool, ...], ...] = ()  # per set, the last move's tiles
        self.melded = [False] * n
        self.passes = 0
        self.cur = deal.first
        self.moves: list[str] = []
        self.match_over = False

    @property
    def current_player(self):
        return None if self.match_over else self.cur

    @property
    def round_number(self) -> int:
        return len(self.deals)

    def rack(self, seat: int) -> tuple[int, ...]:
        return _rack_list(self.racks[seat])

    # -- moves
    def legal_actions(self) -> list[Action]:
        if self.is_finished:
            return []
        return [Draw()] if self.pool else [Pass()]

    def check(self, action) -> None:
        self._judge(action)

    def _judge(self, action):
        """Validate; for a play return (played tile counts, points of a first meld or 0)."""
        if self.is_finished:
            raise IllegalAction("END", "the game is over", "error.game_over")
        if isinstance(action, Draw):
            if not self.pool:
                raise IllegalAction("K9", "the pool is empty", "rummikub.error.pool_empty")
            return None
        if isinstance(action, Pass):
            if self.pool:
                raise IllegalAction("K9", "draw while the pool has tiles", "rummikub.error.must_draw")
            return None
        if not isinstance(action, Play):
            raise InvalidAction(f"not a rummikub action: {action!r}", "rummikub.error.bad_action",
                                text=str(action))
        for s in action.table:
            if canonical_set(s) is None:
                raise _bad_set_error(s)
        seat = self.cur
        points = 0
        if not self.melded[seat]:
            # K6: the old sets stay exactly as they were; new sets come from the rack alone.
            new = Counter(action.table)
            new.subtract(Counter(self.table))
            if any(v < 0 for v in new.values()):
                raise self._first_play_error(action.table, seat)
            points = sum(set_points(s) * k for s, k in new.items())
        played = self._played(action.table, seat)
        role = untaken_joker(self.table, action.table)  # K8
        if role is not None:
            raise _joker_error(role)
        if points and points < INITIAL_MELD_POINTS:
            raise IllegalAction("K6", f"initial meld worth {points} < {INITIAL_MELD_POINTS}",
                                "rummikub.error.initial_too_low", points=points,
                                needed=INITIAL_MELD_POINTS)
        return played, points

    def _first_play_error(self, table, seat: int) -> IllegalAction:
        """Why a first play that does not keep the table's sets is refused (K6): written
        from the rack alone, it forgot that `play` takes the whole table (K-D2; `place`
        puts down only one's tiles); naming a tile neither the rack nor the table holds,
        that tile; else it changed the table."""
        rack = self.racks[seat]
        old = tile_counts(t for s in self.table for t in s)
        need = tile_counts(t for s in table for t in s)
        if all(need[t] <= rack[t] for t in range(53)):
            return _whole_table_error(table)
        for t in range(53):
            if need[t] > rack[t] + old[t]:
                return rack_error("K6", t, need[t] - old[t], rack[t])
        missing = self._missing_error("K6", table, need, old)  # (a set left out or cut)
        return missing or IllegalAction("K6", "the initial meld may not change the table",
                                        "rummikub.error.initial_table_changed")

    def _missing_error(self, rule: str, table, new, old) -> IllegalAction | None:
        """Why table tiles are gone from the typed `table`: a whole set of it left out
        (named: a player who forgot one set; before the initial meld, K6, any set cut, as
        the table must stay as it is), else the tiles gone (not the first whose count
        fell: its twin may be right there in another set, a scan). A set typed as it lies
        is no set left out, whatever its tiles' twins elsewhere."""
        gone = [max(0, old[t] - new[t]) for t in range(53)]
        if not any(gone):
            return None
        typed = Counter(tuple(sorted(s)) for s in table)
        for s in self.table:
            if typed[tuple(sorted(s))]:
                typed[tuple(sorted(s))] -= 1
                continue
            held = [(t, n) for t, n in enumerate(tile_counts(s)) if n]
            if all(n <= gone[t] for t, n in held):
                return IllegalAction(rule, f"table set {format_set(s)} is missing",
                                     "rummikub.error.table_set_missing", set=format_set(s))
            if rule == "K6" and any(gone[t] for t, _ in held):
                return IllegalAction(rule, f"table set {format_set(s)} was changed",
                                     "rummikub.error.initial_set_changed", set=format_set(s))
        if gone[JOKER]:
            return IllegalAction("K8", "a table joker left the table", "rummikub.error.joker_taken")
        tiles = [t for t in range(53) for _ in range(gone[t])]
        if len(tiles) == 1:
            tile = format_tile(tiles[0], FAMILY)
            return IllegalAction(rule, f"table tile {tile} is missing",
                                 "rummikub.error.table_tile_missing", tile=tile)
        return IllegalAction(rule, f"table tiles {format_tiles(tiles, FAMILY)} are missing",
                             "rummikub.error.table_tiles_missing",
                             tiles=format_tiles(tiles, FAMILY))

    def _played(self, table, seat: int) -> list[int]:
        """K-D2: new table = old table + at least one rack tile (K7, K8, K9). Before the
        initial meld, tiles must come from the rack alone under K6, not K7."""
        new = tile_counts(t for s in table for t in s)
        old = tile_counts(t for s in self.table for t in s)
        rack = self.racks[seat]
        own = "K7" if self.melded[seat] else "K6"
        if any(new[t] < old[t] for t in range(53)) and all(
                new[t] <= rack[t] for t in range(53)):  # only rack tiles: the table forgotten
            raise _whole_table_error(table)
        if missing := self._missing_error("K7", table, new, old):
            raise missing
        played = [0] * 53
        for t in range(53):
            d = new[t] - old[t]
            if d > rack[t]:
                raise rack_error(own, t, d, rack[t])
            played[t] = d
        if not any(played):
            raise IllegalAction("K9", "no tile from the rack was played",
                                "rummikub.error.nothing_played" if self.pool
                                else "rummikub.error.nothing_played_pass")
        return played

    def apply(self, action) -> list[Event]:
        judged = self._judge(action)
        seat = self.cur
        self.actions.append(str(action))
        self.laid = ()  # a draw or a pass lays nothing; a play marks its own below
        if isinstance(action, Draw):
            tile = self.pool.pop(0)
            self.racks[seat][tile] += 1
            self.passes = 0
            self.moves.append(f"{seat}:draw")
            events = [Event("rummikub.drew", seat, {"seat": seat}, {"tile": format_tile(tile, FAMILY)})]
            if not self.pool:
                events.append(Event("rummikub.pool_empty"))
            return events + self._advance()
        if isinstance(action, Pass):
            self.passes += 1
            self.moves.append(f"{seat}:pass")
            events = [Event("rummikub.passed", seat, {"seat": seat})]
            if self.passes >= self.num_seats:  # K11
                return events + [Event("rummikub.blocked")] + self._end_round(None)
            return events + self._advance()
        played, points = judged
        for t in range(53):
            self.racks[seat][t] -= played[t]
        self.laid = placed_marks(self.table, action.table, _rack_list(played))
        # where each tile went, for a reader without the picture (its marks show it)
        where = tuple((kind, format_tiles(placed, FAMILY), format_tiles(in_set, FAMILY))
                      for kind, placed, in_set in placements(self.table, action.table, self.laid))
        self.table = action.table
        tiles = format_tiles(_rack_list(played), FAMILY)
        self.passes = 0
        self.moves.append(f"{seat}:+{tiles}")
        events = [Event("rummikub.played", seat, {"seat": seat, "tiles": tiles, "where": where})]
        if not self.melded[seat]:
            self.melded[seat] = True
            events.append(Event("rummikub.melded", seat, {"seat": seat, "points": points}))
        if not any(self.racks[seat]):  # K10
            return events + [Event("rummikub.went_out", seat, {"seat": seat})] + self._end_round(seat)
        return events + self._advance()

    def _advance(self) -> list[Event]:
        self.cur = (self.cur + 1) % self.num_seats
        return []

    def _end_round(self, out_seat: int | None) -> list[Event]:
        values = [sum(tile_value(t) * k for t, k in enumerate(r) if k) for r in self.racks]
        scores, winners = round_scores(values, out_seat)
        # K10/K11: the racks left count against their holders; shown when the round ends
        self.final_racks.append(tuple(format_tiles(self.rack(s), FAMILY)
                                      for s in range(self.num_seats)))
        for i, s in enumerate(scores):
            self.totals[i] += s
        self.results.append({
            "ending": "went_out" if out_seat is not None else "blocked",
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "scores": scores,
            "rack_values": values,
            "first": self.deals[-1].first,
        })
        events = [Event("rummikub.round_over", None, {
            "round": len(self.deals), "scores": ", ".join(map(str, scores)),
            "totals": ", ".join(map(str, self.totals))})]
        self.keep_round_end()
        if len(self.deals) < self.config.rounds:
            self._start_round()
            return events + [Event("rummikub.round_started", None,
                                   {"round": len(self.deals), "seat": self.cur})]
        self.match_over = True
        winners = ", ".join(str(s) for s in self.match_winners())
        return events + [Event("rummikub.match_over", None, {"winners": winners})]

    def match_winners(self) -> list[int]:
        if not self.is_finished:
            return []
        best = max(self.totals)
        return [i for i, t in enumerate(self.totals) if t == best]

    def timeout_action(self):
        """K-D3: the move is undone (moves are atomic here) and the player draws, or passes
        once the pool is empty."""
        if self.is_finished:
            return None
        return Draw() if self.pool else Pass()

    # -- copies, views, records
    def clone(self) -> State:
        other = object.__new__(State)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other._given = list(self._given)
        other.deals = list(self.deals)
        other.results = [dict(r) for r in self.results]
        other.final_racks = list(self.final_racks)
        other.totals = list(self.totals)
        other.actions = list(self.actions)
        other.racks = [list(r) for r in self.racks]
        other.pool = list(self.pool)
        other.melded = list(self.melded)
        other.moves = list(self.moves)
        return other

    def view(self, seat: int) -> RummikubView:
        cur = self.current_player
        legal = tuple(str(a) for a in self.legal_actions()) if cur == seat else ()
        return RummikubView(
            game="rummikub", seat=seat, current_player=cur, legal=legal,
            rack=self.rack(seat), table=self.table, pool=len(self.pool),
            hand_counts=tuple(sum(r) for r in self.racks), melded=tuple(self.melded),
            scores=tuple(self.totals), round=len(self.deals), rounds=self.config.rounds,
            first_player=self.deals[-1].first, passes=self.passes,
            round_scores=tuple(tuple(r["scores"]) for r in self.results),
            moves=tuple(self.moves), laid=self.laid,
        )

    def record(self) -> dict:
        rec = {"game": "rummikub", "config": self.config.to_json()}
        if self.seed is not None:
            rec["seed"] = self.seed
        if self.explicit:  # the deals given, every one: the later rounds come from the rng
            rec["deals"] = [d.to_json() for d in self._given]
        rec["actions"] = list(self.actions)
        return rec

    def outcome(self) -> dict:
        return {
            "game": "rummikub",
            "status": "finished" if self.is_finished else "in_progress",
            "current_player": self.current_player,
            "rounds": [dict(r) for r in self.results],
            "totals": list(self.totals),
            "winners": self.match_winners(),
        }

    def tile_census(self) -> Counter:
        """Every tile's location count (tests: K1 conservation)."""
        c = Counter()
        for r in self.racks:
            c.update({t: k for t, k in enumerate(r) if k})
        c.update(t for s in self.table for t in s)
        c.update(self.pool)
        return c


def round_scores(values: list[int], out_seat: int | None) -> tuple[list[int], list[int]]:
    """K10 (someone went out) or K11 (blocked: lowest rack wins, ties split rounded down)."""
    n = len(values)
    if out_seat is not None:
        scores = [-v for v in values]
        scores[out_seat] = sum(v for i, v in enumerate(values) if i != out_seat)
        return scores, [out_seat]
    low = min(values)
    winners = [i for i in range(n) if values[i] == low]
    pot = sum(v - low for v in values)
    share = pot // len(winners)
    scores = [share if i in winners else low - values[i] for i in range(n)]
    return scores, winners
