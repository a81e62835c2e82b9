"""Rummikub (game id `rummikub`): shared/rules/rummikub.md, rules K1-K12 and K-D1..K-D5.

Actions (canonical text):
- `play <table>`: the whole table after the move, e.g. `play r1 r2 r3 | b7 k7 y7 J`.
  A turn is judged by its end state (K-D2): the new table must hold exactly the old
  table's tiles plus at least one rack tile, in valid sets (K7, K8).
- `place <tiles>`: input only. The rack tiles to put down, e.g. `place r7 b7 k11`; with a
  view, the solver finds a legal new table that adds exactly those tiles and the action
  becomes the canonical `play ...` (rules.solvers.rummikub.place).
- `draw`: take the top tile of the pool (K9). `pass`: only once the pool is empty (K9).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .errors import IllegalAction, InvalidAction
from .game import ConfigBase, Event, option
from .game import State as BaseState
from .rummikub_deal import Deal, all_tiles, parse_deal, random_deal
from .rummikub_sets import (
    FAMILY,
    JOKER,
    canonical_set,
    canonical_table,
    check_table_text,
    format_set,
    format_table,
    is_run,
    set_points,
    tile_counts,
    tile_value,
)
from .tiles import format_tile, format_tiles, number_of, parse_melds, parse_tiles

INITIAL_MELD_POINTS = 30  # K6

MESSAGES = {
    "rummikub.round_started": "Round {round} begins; seat {seat} plays first.",
    "rummikub.played": "Seat {seat} played {tiles}.",
    "rummikub.melded": "Seat {seat} made the initial meld worth {points} points.",
    "rummikub.drew": "Seat {seat} drew a tile.",
    "rummikub.drew_tile": "You drew {tile}.",
    "rummikub.passed": "Seat {seat} passed.",
    "rummikub.pool_empty": "The pool is empty: a player who cannot or will not play passes.",
    "rummikub.went_out": "Seat {seat} played their last tile and wins the round.",
    "rummikub.blocked": "Everyone passed with the pool empty: the lowest rack wins the round.",
    "rummikub.round_over": "Round {round} is over. Scores: {scores}. Totals: {totals}.",
    "rummikub.match_over": "The match is over. Winner: {winners}.",
    "rummikub.error.bad_action": "Unknown move {text}: use play, place, draw or pass.",
    "rummikub.error.no_tiles": "Name the tiles to put on the table.",
    "rummikub.error.place_needs_view": "A place move needs the current table.",
    "rummikub.error.bad_set": "Not a valid group or run: {set}.",
    "rummikub.error.not_in_rack": "You do not have {tile} in your rack.",
    "rummikub.error.table_tile_missing": "The table tile {tile} is missing from the new table.",
    "rummikub.error.joker_taken": "A joker taken from the table must stay on the table.",
    "rummikub.error.nothing_played": "Play at least one tile from your rack, or draw.",
    "rummikub.error.initial_table_changed": "Your initial meld must use only new sets from your rack; the table stays as it is.",
    "rummikub.error.initial_too_low": "Your initial meld is worth {points} points; it needs at least {needed}.",
    "rummikub.error.cannot_place": "Those tiles cannot go on the table: {tiles}.",
    "rummikub.error.too_many_tiles": "{tile} is named more often than the game has it.",
    "rummikub.error.must_draw": "The pool is not empty: draw a tile instead of passing.",
    "rummikub.error.pool_empty": "The pool is empty: pass instead of drawing.",
}


@dataclass(frozen=True)
class Config(ConfigBase):
    players: int = option(4, (2, 3, 4), "number of players (K2)")
    rounds: int = option(1, (1, 3, 5), "rounds in the match; the highest total wins (K12)")


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Play:
    """The whole table after the move (canonical sets in canonical order)."""

    table: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "play " + format_table(self.table)


@dataclass(frozen=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = Play | Draw | Pass


def parse_action(text: str, view=None) -> Action:
    """Parse a move. `place <tiles>` needs the view (its seat's table and rack)."""
    verb, _, rest = str(text).strip().partition(" ")
    verb = verb.lower()
    rest = rest.strip()
    if verb == "draw" and not rest:
        return Draw()
    if verb == "pass" and not rest:
        return Pass()
    if verb == "play":
        if not rest:
            raise InvalidAction("play needs the whole new table", "rummikub.error.no_tiles")
        return Play(canonical_table(parse_melds(rest, FAMILY)))
    if verb == "place":
        tiles = parse_tiles(rest, FAMILY)
        if not tiles:
            raise InvalidAction("place needs tiles", "rummikub.error.no_tiles")
        if view is None:
            raise InvalidAction("place needs the current table", "rummikub.error.place_needs_view")
        return place_action(view, tiles)
    raise InvalidAction(f"unknown move {str(text).strip()!r}", "rummikub.error.bad_action",
                        text=str(text).strip())


def place_action(view, tiles: list[int]) -> Play:
    """The intent form: the solver arranges exactly `tiles` from the rack onto the table."""
    from .solvers.rummikub import place

    missing = Counter(tiles) - Counter(view.rack)
    if missing:
        tile = format_tile(next(iter(missing)), FAMILY)
        raise IllegalAction("K7", f"{tile} is not in the rack", "rummikub.error.not_in_rack",
                            tile=tile)
    initial = not view.melded[view.seat]
    move = place(view.table, tiles, initial=initial)
    if move is None:
        text = format_tiles(sorted(tiles), FAMILY)
        raise IllegalAction("K6" if initial else "K7", f"cannot place {text}",
                            "rummikub.error.cannot_place", tiles=text)
    return Play(move.table)


# ---------------------------------------------------------------- view


@dataclass(frozen=True)
class RummikubView:
    game: str
    seat: int
    current_player: int | None
    legal: tuple[str, ...]
    rack: tuple[int, ...]  # sorted tile codes; to_json() prints them
    table: tuple[tuple[int, ...], ...]
    pool: int
    hand_counts: tuple[int, ...]
    melded: tuple[bool, ...]
    scores: tuple[int, ...]  # match totals
    round: int  # 1-based
    rounds: int
    first_player: int
    passes: int  # consecutive passes with the pool empty (K11)
    round_scores: tuple[tuple[int, ...], ...]
    moves: tuple[str, ...]  # this round, public: "2:draw", "0:pass", "1:+r7 b7"

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "seat": self.seat,
            "current_player": self.current_player,
            "legal": list(self.legal),
            "rack": [format_tile(t, FAMILY) for t in self.rack],
            "table": [[format_tile(t, FAMILY) for t in s] for s in self.table],
            "pool": self.pool,
            "hand_counts": list(self.hand_counts),
            "melded": list(self.melded),
            "scores": list(self.scores),
            "round": self.round,
            "rounds": self.rounds,
            "first_player": self.first_player,
            "passes": self.passes,
            "round_scores": [list(s) for s in self.round_scores],
            "moves": list(self.moves),
        }


# ---------------------------------------------------------------- state


def _rack_list(counts: list[int]) -> tuple[int, ...]:
    return tuple(t for t in range(53) for _ in range(counts[t]))


def _bad_set_error(s: tuple[int, ...]) -> IllegalAction:
    # Tiles of one number were meant as a group (K3), others as a run (K4).
    numbers = {number_of(t) for t in s if t != JOKER}
    text = format_set(s)
    return IllegalAction("K3" if len(numbers) <= 1 else "K4", f"not a valid set: {text}",
                         "rummikub.error.bad_set", set=text)


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
        self.melded = [False] * n
        self.passes = 0
        self.cur = deal.first
        self.moves: list[str] = []
        self.round_over = False

    @property
    def current_player(self):
        return None if self.round_over else self.cur

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
                raise IllegalAction("K6", "the initial meld may not change the table",
                                    "rummikub.error.initial_table_changed")
            points = sum(set_points(s) * k for s, k in new.items())
        played = self._played(action.table, seat)
        if points and points < INITIAL_MELD_POINTS:
            raise IllegalAction("K6", f"initial meld worth {points} < {INITIAL_MELD_POINTS}",
                                "rummikub.error.initial_too_low", points=points,
                                needed=INITIAL_MELD_POINTS)
        return played, points

    def _played(self, table, seat: int) -> list[int]:
        """K-D2: new table = old table + at least one rack tile (K7, K8, K9)."""
        new = tile_counts(t for s in table for t in s)
        old = tile_counts(t for s in self.table for t in s)
        rack = self.racks[seat]
        played = [0] * 53
        for t in range(53):
            d = new[t] - old[t]
            if d < 0:
                if t == JOKER:
                    raise IllegalAction("K8", "a table joker left the table",
                                        "rummikub.error.joker_taken")
                tile = format_tile(t, FAMILY)
                raise IllegalAction("K7", f"table tile {tile} is missing",
                                    "rummikub.error.table_tile_missing", tile=tile)
            if d > rack[t]:
                tile = format_tile(t, FAMILY)
                raise IllegalAction("K7", f"{tile} is not in the rack",
                                    "rummikub.error.not_in_rack", tile=tile)
            played[t] = d
        if not any(played):
            raise IllegalAction("K9", "no tile from the rack was played",
                                "rummikub.error.nothing_played")
        return played

    def apply(self, action) -> list[Event]:
        judged = self._judge(action)
        seat = self.cur
        self.actions.append(str(action))
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
        self.table = action.table
        tiles = format_tiles(_rack_list(played), FAMILY)
        self.passes = 0
        self.moves.append(f"{seat}:+{tiles}")
        events = [Event("rummikub.played", seat, {"seat": seat, "tiles": tiles})]
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
        if len(self.deals) < self.config.rounds:
            self._start_round()
            return events + [Event("rummikub.round_started", None,
                                   {"round": len(self.deals), "seat": self.cur})]
        self.round_over = True
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
            moves=tuple(self.moves),
        )

    def record(self) -> dict:
        rec = {"game": "rummikub", "config": self.config.to_json()}
        if self.seed is not None:
            rec["seed"] = self.seed
        if self.explicit:
            rec["deals"] = [d.to_json() for d in self.deals]
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


# ---------------------------------------------------------------- the game object


class RummikubGame:
    id = "rummikub"
    family = FAMILY
    Config = Config
    MESSAGES = MESSAGES

    def seats(self, config: Config) -> int:
        return config.players

    def new(self, config: Config | None = None, seed=None, deals=None) -> State:
        return State(config or Config(), seed=seed, deals=deals)

    def parse_action(self, text: str, view=None) -> Action:
        return parse_action(text, view)

    def random_action(self, view, rng: random.Random) -> Action:
        from .rummikub_random import random_action

        return random_action(view, rng)

    def best_move(self, view) -> Play | None:
        """The solver's best play for the seat of `view` (assisted tables, practice)."""
        from .solvers.rummikub import best_move

        move = best_move(view.table, view.rack, initial=not view.melded[view.seat])
        return None if move is None else Play(move.table)

    def hint_for_view(self, view) -> dict:
        """The best move for `view`'s seat in `tilebot hint`'s JSON shape, plus "action"
        (the canonical `play ...` text), or {"impossible": true, ...}."""
        from .rummikub_hint import hint

        result = hint({"table": format_table(view.table),
                       "rack": format_tiles(view.rack, FAMILY),
                       "initial": not view.melded[view.seat]})
        if not result.get("impossible"):
            result["action"] = "play " + " | ".join(" ".join(s) for s in result["table"])
        return result

    def hint(self, options: dict) -> dict:
        from .rummikub_hint import hint

        return hint(options)

    def format_hint(self, result: dict) -> str:
        from .rummikub_hint import format_hint

        return format_hint(result)

    def hint_batch(self, lines):
        from .rummikub_hint import hint_batch

        return hint_batch(lines)


GAME = RummikubGame()

__all__ = ["GAME", "MESSAGES", "Config", "Play", "Draw", "Pass", "State", "RummikubView",
           "parse_action", "round_scores", "all_tiles", "check_table_text", "is_run"]
