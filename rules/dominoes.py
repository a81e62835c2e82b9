"""Single-train dominoes (game id `dominoes`), rules D1-D13 and D-D1..D-D6 in
shared/rules/dominoes.md.

One `DominoesState` covers a match of 1, 3 or 5 games (D-D6); the next game starts as soon
as the last move of the previous one is applied. Hands and dead tiles are 28-bit masks
(rules/dominoes_tiles.py) so the legal moves of a turn cost one AND.

Decisions taken here (beyond D-D1..D-D6):
- Notation (rules/dominoes_actions.py): a play names its end only where the end changes
  the game; `play 3-5` with two different ends that both fit is refused (which end?);
  with equal ends it goes right, and `play 3-5 left` is honoured.
- D11 compares face pips: [0-0] is the lowest tile even when D10 makes it count 25.
- Equal match totals (D-D6) go to the player who won more games, else they share the win;
  in a 1-game match this is D11's winner.
- A record's deal must agree with D3/D4 on who starts (`first`); a later game's deal is
  checked when that game begins, and a refusal changes nothing.
- Events carry only public parameters in their texts; a dead tile's identity is private
  to its owner (Event.private) and revealed in `rounds` when the game ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from . import dominoes_actions as acts
from .dominoes_actions import LEFT, RIGHT, Drop, Pass, Play, normalise
from .dominoes_deal import Deal, expected_first, parse_deal, random_deal
from .dominoes_scoring import count, decided_by_tiebreak, rank_key, winner
from .dominoes_tiles import (
    DOUBLE_ZERO,
    DOUBLES_MASK,
    HAS,
    ID_OF,
    TEXT,
    TILES,
    other_half,
    tiles_of,
)
from .errors import DealError, IllegalAction, InvalidAction
from .game import ConfigBase, Event, State, option

MESSAGES = {
    # events
    "dominoes.new_game": "Game {game} of {games}: seat {seat} starts.",
    "dominoes.no_double": ("Seat {seat} won but holds no double to start the next game with: "
                           "the next player who has one starts (D3)."),
    "dominoes.turned_up": "Seat {seat} turned up {tile} to start the line.",
    "dominoes.played_first": "Seat {seat} opened with {tile}.",
    "dominoes.played_left": "Seat {seat} played {tile} on the left end.",
    "dominoes.played_right": "Seat {seat} played {tile} on the right end.",
    "dominoes.dropped": "Seat {seat} could not play and laid a tile face down.",
    "dominoes.passed": "Seat {seat} could not play and passed.",
    "dominoes.game_over": "Game {game} over ({ending}): seat {winner} wins. Scores: {scores}.",
    "dominoes.match_over": "Match over: {winners} wins with {totals}.",
    # errors
    "dominoes.error.bad_action": ("Not a dominoes move: {text}. Try /play 3-5 left; when no "
                                  "tile fits, /drop 6-6 (face down) or /pass, as your table "
                                  "plays."),
    "dominoes.error.bad_tile": "Not a domino: {tile}. Write tiles like 3-5.",
    "dominoes.error.play_no_tile": ("Name the tile too: /play and one of yours, as 3-5 (with "
                                    "left or right where it fits both ends)."),
    "dominoes.error.no_tile_moves": "Name the tile too: your moves now are {moves}.",
    "dominoes.error.drop_no_tile": "Name the tile too: /drop and the one of yours to lay face down, as 6-6.",
    "dominoes.error.match_over": "The match is over.",
    "dominoes.error.not_in_hand": "You do not have {tile}.",
    "dominoes.error.open_double_zero": "The first game opens with 0-0.",
    "dominoes.error.open_double": "This game opens with a double; you may play {doubles}.",
    "dominoes.error.no_match_left": "{tile} does not fit the left end ({number}).",
    "dominoes.error.no_match_right": "{tile} does not fit the right end ({number}).",
    "dominoes.error.no_fit": "{tile} fits neither end ({left} and {right}).",
    "dominoes.error.which_end": "{tile} fits both ends: say /play {tile} left or /play {tile} right.",
    "dominoes.error.must_play": "You can play, so you must: {moves}.",
    "dominoes.error.must_drop": "Nothing fits: lay one tile face down with /drop <tile>.",
    "dominoes.error.no_dead_tiles": "At this table you pass when nothing fits: say /pass.",
}

_ACTION_TYPES = (Play, Drop, Pass)
ENDING_OUT = "out"  # D8: a hand is empty
ENDING_BLOCKED = "blocked"  # D-D4: every player passed in a row (D7)


@dataclass(frozen=True)
class Config(ConfigBase):
    players: int = option(4, (4, 5), "number of players (D1)")
    dead_tiles: bool = option(True, None, "on: a blocked player lays a dead tile (D6); off: passes (D7)")
    zero25: bool = option(False, None, "[0-0] counts 25 when its holder has no other blank (D10)")
    games: int = option(1, (1, 3, 5), "games in a match; scores add up (D-D6)")


@dataclass(frozen=True, slots=True)
class DominoesView:
    """What one seat may know. Tiles are ids (rules/dominoes_tiles.py); `to_json` writes
    them as text. Others' hands and everyone else's dead tiles appear only as counts."""

    # the seat's own tiles: private even when another seat's happen to be the same
    PRIVATE: ClassVar[tuple[str, ...]] = ("hand", "dead")

    game: str
    seat: int
    current_player: int | None
    legal: tuple[str, ...]
    hand: tuple[int, ...]
    dead: tuple[int, ...]  # own dead tiles (D6), face down to the others
    line: tuple[tuple[int, int], ...]  # left to right, touching halves equal
    ends: tuple[int, int] | None
    hand_counts: tuple[int, ...]
    dead_counts: tuple[int, ...]
    middle_count: int
    scores: tuple[int, ...]  # match totals so far
    game_number: int
    games: int
    players: int
    dead_tiles: bool
    zero25: bool
    opening: str | None  # "0-0" or "double" while the line is empty
    history: tuple  # this game: (seat, kind, tile or -1, side, left, right before the move)
    rounds: tuple  # finished games: dicts with every counted tile revealed

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "seat": self.seat,
            "current_player": self.current_player,
            "legal": list(self.legal),
            "hand": [TEXT[t] for t in self.hand],
            "dead": [TEXT[t] for t in self.dead],
            "line": [list(p) for p in self.line],
            "ends": list(self.ends) if self.ends is not None else None,
            "dead_counts": list(self.dead_counts),
            "hand_counts": list(self.hand_counts),
            "middle_count": self.middle_count,
            "scores": list(self.scores),
            "game_number": self.game_number,
            "games": self.games,
            "players": self.players,
            "dead_tiles": self.dead_tiles,
            "zero25": self.zero25,
            "opening": self.opening,
            "history": [_history_json(h) for h in self.history],
            "rounds": [dict(r) for r in self.rounds],
        }


def _history_json(entry) -> dict:
    seat, kind, tile, side, left, right = entry
    action = kind if tile < 0 else f"{kind} {TEXT[tile]}" + (f" {side}" if side else "")
    return {"seat": seat, "action": action, "ends": None if left < 0 else [left, right]}


class DominoesState(State):
    game_id = "dominoes"

    def __init__(self, config: Config, seed: int | None, deals: list[Deal] | None):
        self.config = config
        self.num_seats = config.players
        self._seed = seed
        self._given = deals
        # Games past the given deals come from the seed (0 if none: replays stay exact).
        self.rng = random.Random(seed if seed is not None else 0)
        self.actions: list[str] = []
        self.deals_used: list[dict] = []
        self.rounds: list[dict] = []
        self.revealed: tuple = ()  # one dict per finished game, every counted tile shown
        self.totals = [0] * self.num_seats
        self.game_wins = [0] * self.num_seats
        self.match_winners: list[int] = []
        self._start_game(0, None)

    # --- set-up -----------------------------------------------------------------------
    def _start_game(self, index: int, prev_winner: int | None) -> None:
        """Deal game `index` (from the record's deals, else from the rng) and seat its
        starter (D3, D4, D-D3). Raises DealError before changing anything."""
        n = self.num_seats
        if self._given is not None and index < len(self._given):
            deal = self._given[index]
        else:
            deal = random_deal(self.rng, n, index, prev_winner)
        first = expected_first(deal.hands, n, index, prev_winner)
        if deal.first >= 0 and first is not None and deal.first != first:
            raise DealError(f"game {index + 1}: seat {first} starts (D3/D4), "
                            f"the deal says seat {deal.first}")
        if first is None:
            if deal.first < 0:
                raise DealError("a 5-player deal names the seat that turned the tile (\"first\")")
            first = deal.first
        masks = [0] * n
        for s, hand in enumerate(deal.hands):
            for t in hand:
                masks[s] |= 1 << t
        self.game_index = index
        self.first = first
        self.hands = masks
        self.dead = [0] * n
        self.hand_counts = [len(h) for h in deal.hands]
        self.dead_counts = [0] * n
        self.middle = deal.middle
        self.passes = 0
        self.history: tuple = ()
        self._legal = None
        if deal.start is None:  # D3: the starter opens on the empty table
            self.line: tuple = ()
            self.left = self.right = -1
            self.turn: int | None = first
            self.opening_mask = (1 << DOUBLE_ZERO) if index == 0 else masks[first] & DOUBLES_MASK
        else:  # D4, D-D3: the turned tile starts the line, the next seat plays
            self.line = (TILES[deal.start],)
            self.left, self.right = TILES[deal.start]
            self.turn = (first + 1) % n
            self.opening_mask = 0
        self.deals_used.append({**deal.to_json(), "first": first})

    # --- the API ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.turn

    def legal_texts(self) -> tuple[str, ...]:
        """Canonical texts of the legal moves (cached until the next move)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_actions(self) -> list:
        return [acts.BY_TEXT[t] for t in self.legal_texts()]

    def _compute_legal(self) -> tuple[str, ...]:
        if self.turn is None:
            return ()
        hand = self.hands[self.turn]
        if not self.line:
            return tuple(acts.PLAY_TEXT[t] for t in tiles_of(self.opening_mask))
        left, right = self.left, self.right
        has_l, has_r = HAS[left], HAS[right]
        out = []
        for t in tiles_of(hand & (has_l | has_r)):
            if left != right and (has_l >> t) & 1 and (has_r >> t) & 1:
                out.append(acts.PLAY_LEFT_TEXT[t])
                out.append(acts.PLAY_RIGHT_TEXT[t])
            else:
                out.append(acts.PLAY_TEXT[t])
        if out:
            return tuple(out)
        if self.config.dead_tiles:
            return tuple(acts.DROP_TEXT[t] for t in tiles_of(hand))
        return ("pass",)

    def _can_play(self) -> bool:
        if not self.line:
            return True
        return bool(self.hands[self.turn] & (HAS[self.left] | HAS[self.right]))

    def check(self, action) -> None:
        if self.turn is None:
            raise IllegalAction("D8", "the match is over", "dominoes.error.match_over")
        kind = type(action)
        if kind is Play:
            self._check_play(action)
        elif kind is Drop:
            self._check_cannot_play()  # first, as for a pass: one who can play must (D-D1)
            if not self.config.dead_tiles:
                raise IllegalAction("D7", "this table passes instead of laying dead tiles",
                                    "dominoes.error.no_dead_tiles")
            self._check_holds(action.tile, "D6")  # a tile laid face down: D6's
        elif kind is Pass:
            self._check_cannot_play()  # first: a player who can play is told what fits
            if self.config.dead_tiles:
                raise IllegalAction("D6", "nothing fits: lay a tile face down",
                                    "dominoes.error.must_drop")
        else:
            raise InvalidAction(f"not a dominoes action: {action!r}", "dominoes.error.bad_action",
                                text=str(action))

    def _check_holds(self, tile: int, rule: str = "D2") -> None:
        if not (self.hands[self.turn] >> tile) & 1:
            raise IllegalAction(rule, f"you do not have {TEXT[tile]}", "dominoes.error.not_in_hand",
                                tile=TEXT[tile])

    def _check_cannot_play(self) -> None:
        if self._can_play():
            moves = ", ".join(self.legal_texts())
            raise IllegalAction("D-D1", f"you can play, so you must: {moves}",
                                "dominoes.error.must_play", moves=moves)

    def _check_play(self, play: Play) -> None:
        t = play.tile
        self._check_holds(t)
        name = TEXT[t]
        if not self.line:
            if not (self.opening_mask >> t) & 1:
                if self.game_index == 0 and self.config.players == 4:
                    raise IllegalAction("D3", "the first game opens with 0-0",
                                        "dominoes.error.open_double_zero")
                doubles = ", ".join(TEXT[d] for d in tiles_of(self.opening_mask))
                raise IllegalAction("D3", f"this game opens with a double: {doubles}",
                                    "dominoes.error.open_double", doubles=doubles)
            return
        left, right = self.left, self.right
        fits_l = (HAS[left] >> t) & 1
        fits_r = (HAS[right] >> t) & 1
        if play.end == LEFT and not fits_l:
            raise IllegalAction("D2", f"{name} does not fit the left end ({left})",
                                "dominoes.error.no_match_left", tile=name, number=left)
        if play.end == RIGHT and not fits_r:
            raise IllegalAction("D2", f"{name} does not fit the right end ({right})",
                                "dominoes.error.no_match_right", tile=name, number=right)
        if not fits_l and not fits_r:
            raise IllegalAction("D2", f"{name} fits neither end ({left} and {right})",
                                "dominoes.error.no_fit", tile=name, left=left, right=right)
        if play.end is None and fits_l and fits_r and left != right:
            raise IllegalAction("D2", f"{name} fits both ends: say left or right",
                                "dominoes.error.which_end", tile=name)

    def apply(self, action) -> list[Event]:
        legal = self._legal
        if legal is None or type(action) not in _ACTION_TYPES or str(action) not in legal:
            # (a listed move is legal and canonical already: the common, fast case)
            self.check(action)
            action = normalise(action, (self.left, self.right) if self.line else None)
        if self._ends_game(action) and self._given is not None \
                and self.game_index + 1 < min(len(self._given), self.config.games):
            # The next game's deal comes from the record and may contradict D3/D4:
            # try on a copy so that a refusal leaves this state untouched.
            trial = self.clone()
            events = trial._do(action)
            self.__dict__.update(trial.__dict__)
            return events
        return self._do(action)

    def _ends_game(self, action) -> bool:
        if type(action) is Pass:
            return self.passes + 1 == self.num_seats
        return self.hand_counts[self.turn] == 1

    def _do(self, action) -> list[Event]:
        p = self.turn
        n = self.num_seats
        kind = type(action)
        left, right = self.left, self.right
        self.actions.append(str(action))
        self._legal = None
        if kind is Play:
            events = [self._place(p, action)]
            self.passes = 0
        elif kind is Drop:
            t = action.tile
            self.hands[p] &= ~(1 << t)
            self.hand_counts[p] -= 1
            self.dead[p] |= 1 << t
            self.dead_counts[p] += 1
            self.history += ((p, "drop", -1, "", left, right),)
            events = [Event("dominoes.dropped", p, {"seat": p}, {"tile": TEXT[t]})]
        else:
            self.passes += 1
            self.history += ((p, "pass", -1, "", left, right),)
            events = [Event("dominoes.passed", p, {"seat": p})]
        if kind is Pass:
            if self.passes == n:  # D-D4
                events += self._end_game(ENDING_BLOCKED)
                return events
        elif self.hand_counts[p] == 0:  # D8
            events += self._end_game(ENDING_OUT)
            return events
        self.turn = (p + 1) % n
        return events

    def _place(self, p: int, play: Play) -> Event:
        t = play.tile
        self.hands[p] &= ~(1 << t)
        self.hand_counts[p] -= 1
        left, right = self.left, self.right
        if not self.line:
            self.line = (TILES[t],)
            self.left, self.right = TILES[t]
            side, key = "", "dominoes.played_first"
        else:
            side = play.end or (RIGHT if (HAS[right] >> t) & 1 else LEFT)
            if side == LEFT:
                o = other_half(t, left)
                self.line = ((o, left),) + self.line
                self.left = o
                key = "dominoes.played_left"
            else:
                o = other_half(t, right)
                self.line = self.line + ((right, o),)
                self.right = o
                key = "dominoes.played_right"
        self.history += ((p, "play", t, side, left, right),)
        return Event(key, p, {"seat": p, "tile": TEXT[t]})

    def _end_game(self, ending: str) -> list[Event]:
        n = self.num_seats
        zero25 = self.config.zero25
        holdings = [tiles_of(self.hands[s] | self.dead[s]) for s in range(n)]
        scores = [count(h, zero25) for h in holdings]
        win = winner(holdings, zero25)
        tie = decided_by_tiebreak(holdings, zero25)
        self.rounds.append({"ending": ending, "winner": win, "scores": scores, "tie_break": tie})
        self.revealed += ({
            "ending": ending, "winner": win, "scores": scores,
            "hands": [" ".join(TEXT[t] for t in tiles_of(self.hands[s])) for s in range(n)],
            "dead": [" ".join(TEXT[t] for t in tiles_of(self.dead[s])) for s in range(n)],
        },)
        for s in range(n):
            self.totals[s] += scores[s]
        self.game_wins[win] += 1
        games = self.config.games
        number = self.game_index + 1
        self.keep_round_end()
        events = [Event("dominoes.game_over", None, {
            "game": number, "ending": ending, "winner": win,
            "scores": ", ".join(map(str, scores))})]
        if number < games:
            self._start_game(self.game_index + 1, win)
            if self.num_seats == 4 and self.first != win:  # D3: the winner holds no double
                events.append(Event("dominoes.no_double", win, {"seat": win}))
            events.append(Event("dominoes.new_game", self.first, {
                "game": number + 1, "games": games, "seat": self.turn}))
            events += self._deal_events()
        else:
            self.turn = None
            self.match_winners = self._match_winners()
            events.append(Event("dominoes.match_over", None, {
                "winners": ", ".join(map(str, self.match_winners)),
                "totals": ", ".join(map(str, self.totals))}))
        return events

    def opening_events(self) -> list[Event]:
        return self._deal_events() if self.game_index == 0 and len(self.line) == 1 else []

    def _deal_events(self) -> list[Event]:
        # Each seat's new hand is in its view; only the turned-up tile is news for all.
        if not self.middle:
            return []
        return [Event("dominoes.turned_up", self.first,
                      {"seat": self.first, "tile": TEXT[ID_OF[self.line[0]]]})]

    def _match_winners(self) -> list[int]:
        """D-D6: lowest total. Decision: equal totals go to the one who won more games (so
        a 1-game match follows D11's tie-break); still equal, they share the win. The
        order is `_placing`'s (its D11 tail only names a 1-game match's game winner)."""
        placing = self._placing()
        best = min(placing)
        return [s for s in range(self.num_seats) if placing[s] == best]

    def clone(self) -> DominoesState:
        c = object.__new__(DominoesState)
        c.__dict__.update(self.__dict__)
        for name in ("actions", "deals_used", "rounds", "totals", "game_wins",
                     "match_winners", "hands", "dead", "hand_counts", "dead_counts"):
            setattr(c, name, list(getattr(self, name)))
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        return c

    def view(self, seat: int) -> DominoesView:
        turn = self.turn
        line = self.line
        return DominoesView(
            "dominoes", seat, turn,
            self.legal_texts() if seat == turn else (),
            tiles_of(self.hands[seat]),
            tiles_of(self.dead[seat]),
            line,
            (self.left, self.right) if line else None,
            tuple(self.hand_counts), tuple(self.dead_counts), len(self.middle),
            tuple(self.totals), self.game_index + 1, self.config.games, self.num_seats,
            self.config.dead_tiles, self.config.zero25,
            self._opening_name() if not line and turn is not None else None,
            self.history, self.revealed,
        )

    def _opening_name(self) -> str:
        return "0-0" if self.opening_mask == 1 << DOUBLE_ZERO and self.game_index == 0 else "double"

    def record(self) -> dict:
        out = {"game": "dominoes", "config": self.config.to_json()}
        if self._given is None or self._seed is not None:
            out["seed"] = self._seed
        if self._given is not None:  # the deals given, every one (played: with their
            # starter), and no other: the later ones come from the rng as they did at first
            played = min(len(self.deals_used), len(self._given))
            out["deals"] = [*self.deals_used[:played],
                            *(d.to_json() for d in self._given[played:])]
        out["actions"] = list(self.actions)
        return out

    def outcome(self) -> dict:
        return {
            "game": "dominoes",
            "status": "finished" if self.turn is None else "in_progress",
            "current_player": self.turn,
            "rounds": [dict(r, scores=list(r["scores"])) for r in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.match_winners),
            "placing": self._placing(),
        }

    def _placing(self) -> list[list[int]]:
        """Each seat's place as the rules order them, lower first: its total (D-D6), then
        the games it won, then in a 1-game match D11's tie-break on what it held at the
        end. Who won among others when the winners gave the match up (bot/league.py)."""
        keys = []
        for s in range(self.num_seats):
            key = [self.totals[s], -self.game_wins[s]]
            if self.config.games == 1 and self.turn is None:
                held = tiles_of(self.hands[s] | self.dead[s])
                key += rank_key(held, self.config.zero25)[1:]
            keys.append(key)
        return keys

    def timeout_action(self):
        return None  # the rules name no default move: a Normal computer player moves


class DominoesGame:
    id = "dominoes"
    family = "dominoes"
    Config = Config
    MESSAGES = MESSAGES

    def seats(self, config: Config) -> int:
        return config.players

    def new(self, config: Config | None = None, seed: int | None = None,
            deals: list | None = None) -> DominoesState:
        config = config or Config()
        parsed = None
        if deals is not None:
            if not isinstance(deals, list) or not deals:
                raise DealError("\"deals\" is a non-empty list of deals")
            if len(deals) > config.games:
                raise DealError(f"{len(deals)} deals for a match of {config.games} game(s)")
            parsed = [parse_deal(d, config.players) for d in deals]
        if seed is None and parsed is None:
            seed = random.Random().getrandbits(63)
        return DominoesState(config, seed, parsed)

    def stays_hidden(self, action) -> bool:
        """Does the tile this move names stay hidden from the others (D6: face down)?"""
        return isinstance(action, Drop)

    def parse_action(self, text: str, view: DominoesView | None = None):
        try:
            action = acts.parse_action(text)
        except InvalidAction as e:
            if e.key == "error.takes_nothing" and view is not None and view.legal \
                    and "pass" not in view.legal:  # "pass now" where a tile fits: the
                return acts.PASS  # rule's refusal (it lists the moves), not "type /pass alone"
            if view is None or not view.legal or e.key not in _NO_TILE:
                raise
            if tuple(view.legal) == ("pass",):  # no tile to name: nothing fits (D7)
                raise InvalidAction(f"{e.message}: nothing fits, pass",
                                    "dominoes.error.no_dead_tiles") from None
            # the moves there are now (a /drop where a tile fits, or at a table that
            # passes, D-D1, D7: "name the tile" alone would send them to a refusal)
            raise InvalidAction(f"{e.message}: the moves now are {', '.join(view.legal)}",
                                "dominoes.error.no_tile_moves",
                                moves=", ".join(view.legal)) from None
        if view is not None:
            action = normalise(action, view.ends)
        return action

    def random_action(self, view: DominoesView, rng: random.Random):
        return acts.BY_TEXT[rng.choice(view.legal)]


_NO_TILE = ("dominoes.error.play_no_tile", "dominoes.error.drop_no_tile")

GAME = DominoesGame()

__all__ = ["GAME", "MESSAGES", "Config", "DominoesState", "DominoesView", "Play", "Drop",
           "Pass"]
