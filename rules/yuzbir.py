"""Yüzbir, the Turkish 101 rules (shared/rules/yuzbir.md, Y1-Y22, Y-D1..Y-D9).

The tiles, deal, melds, actions, views and solvers are the okey engine's, shared with
Okey 101 (rules/okey_*.py); rules/yuzbir_state.py sets its hooks to these rules and
rules/yuzbir_scoring.py holds the penalty arithmetic.

Modes (Y21, Y22), for the bot core:
- `Config.mode`: "online" (default; `rounds` 1, 3, 5 or 7) or "single" (one player against
  three computers; always seven rounds: `rounds` is set to 7).
- `GAME.seat_plan(humans) -> list[bool]`: which seats are human for 1-4 humans. Two humans
  sit opposite (seats 0 and 2); with three, seat 3 is a computer; one human is the
  single-player table (seat 0 against three computers).
- `GAME.single_player_record(config, outcome, seat=0) -> int | None`: the total that counts
  as the player's record (the lowest one is kept, by the bot's store): only for a completed
  single-player match; None otherwise (online results are kept apart, Y22).

Extra action: `pairs b9 b9 | r1 r1 to 2` lays pairs onto seat 2, who opened with pairs (Y9).
An opening may take several `open` (or `pairs`) actions in one turn; it stays provisional
until the discard (Y7, Y-D5). A discard the rules refuse with consequences (a short
opening returned, Y7; a playable tile or the okey taken back with a penalty, Y16/Y17) is
still an applied action: it is recorded and says so in its events. Round endings ("hand",
"okey", "pairs", "pairs+okey", each maybe "+at_once"; "draw") are explained in
rules/yuzbir_scoring.py.
`hint(options)` answers like Okey 101's, with the opening and the pairs valued in meld
points (Y5), plus "limit" (17 for a fresh round, Y6) and "pair_limit" (26).
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ConfigError
from .game import ConfigBase, option
from .okey101 import Okey101Game
from .okey_hints import opening_hint
from .solvers.okey_scoring import YUZBIR_SCORING
from .yuzbir_random import random_yuzbir_action
from .yuzbir_scoring import START_LIMIT, pairs_limit
from .yuzbir_state import YuzbirState

SINGLE_ROUNDS = 7  # Y21
# The modes as our players may type them in their own words (the bot shows the English
# names, which are read everywhere): tek (kişilik), sendiri / tunggal, अकेले / akele.
MODE_WORDS = {
    **dict.fromkeys(("tek", "tekli", "solo", "sendiri",
                     "tunggal", "akele", "akela", "अकेले", "अकेला", "एकल"), "single"),
    **dict.fromkeys(("çevrimiçi", "cevrimici", "daring", "bersama", "ऑनलाइन", "saath",
                     "साथ"), "online"),
}


@dataclass(frozen=True)
class YuzbirConfig(ConfigBase):
    mode: str = option("online", ("online", "single"),
                       doc="online: 2-4 humans, computers fill in (Y22); single: one player, 7 rounds (Y21)",
                       aliases=MODE_WORDS)
    rounds: int = option(1, (1, 3, 5, 7), doc="rounds in the match; single mode always plays 7 (Y21)")
    assisted: bool = option(True, doc="hints: playable tiles, where tiles fit, best opening")
    timer: int = option(60, (15, 30, 45, 60, 90, 120, 180), doc="seconds per move")

    @classmethod
    def from_options(cls, options=None):
        """As every game's; a rounds count typed with mode=single is refused unless it is
        7 (rounds=1 too, though it is the default: it was asked for)."""
        config = super().from_options(options)
        asked = {k.strip().lower(): v for k, v in (options or {}).items()}
        if config.mode == "single" and "rounds" in asked \
                and cls.from_options({"rounds": asked["rounds"]}).rounds != SINGLE_ROUNDS:
            raise ConfigError(f"single-player mode plays {SINGLE_ROUNDS} rounds",
                              "yuzbir.error.single_rounds", rounds=SINGLE_ROUNDS)
        return config

    def __post_init__(self):
        if self.mode == "single" and self.rounds != SINGLE_ROUNDS:
            if self.rounds != 1:  # the default: not a choice the user made
                raise ConfigError(f"single-player mode plays {SINGLE_ROUNDS} rounds",
                                  "yuzbir.error.single_rounds", rounds=SINGLE_ROUNDS)
            object.__setattr__(self, "rounds", SINGLE_ROUNDS)


MESSAGES = {
    "yuzbir.laid": "Seat {seat} laid {melds} towards an opening: {value} of {need} points so far.",
    "yuzbir.laid_pairs": "Seat {seat} laid pairs {pairs} towards an opening: {value} of {need} points so far.",
    "yuzbir.laid_enough": "Seat {seat} laid {melds}: {value} points, enough to open ({need} needed); it stands once they discard.",
    "yuzbir.laid_pairs_enough": "Seat {seat} laid pairs {pairs}: {value} points, enough to open ({need} needed); it stands once they discard.",
    "yuzbir.opened": "Seat {seat} opened with {value} points; the limit is now {limit}.",
    "yuzbir.opened_pairs": "Seat {seat} opened with pairs worth {value}; the limit is now {limit}.",
    "yuzbir.opening_returned": "Seat {seat}'s opening (worth {value}) does not reach {need}: "
                               "the tiles laid this turn go back to the rack.",
    "yuzbir.pairs_given": "Seat {seat} laid {pairs} onto the pairs of seat {to}.",
    "yuzbir.discard_refused": "{tile} could be added to a meld on the table: seat {seat} takes it back.",
    "yuzbir.okey_refused": "The okey may only be discarded to finish: seat {seat} takes it back.",
    # the mover's own moves, as the mover reads them before the turn passes
    "yuzbir.laid_mine": "You laid {melds} towards an opening: {value} of {need} points so far.",
    "yuzbir.laid_pairs_mine": "You laid pairs {pairs} towards an opening: {value} of {need} points so far.",
    "yuzbir.laid_enough_mine": "You laid {melds}: {value} points, enough to open ({need} needed); it stands once you discard.",
    "yuzbir.laid_pairs_enough_mine": "You laid pairs {pairs}: {value} points, enough to open ({need} needed); it stands once you discard.",
    "yuzbir.opening_returned_mine": "Your opening (worth {value}) does not reach {need}: the tiles laid this turn go back to your rack.",
    "yuzbir.pairs_given_mine": "You laid {pairs} onto the pairs of seat {to}.",
    "yuzbir.discard_refused_mine": ("{tile} could be added to a meld on the table (Y16 counts a tile "
                                    "that fits, even where you may not add it yourself this turn): "
                                    "it comes back to you."),
    "yuzbir.okey_refused_mine": "The okey may only be discarded to finish: it comes back to you.",
    "yuzbir.error.meld_while_opening": "Your opening is still being laid: add more melds to it with /open; it stands once you discard.",
    "yuzbir.error.meld_while_opening_pairs": "Your opening of pairs is still being laid: add more pairs to it with /pairs (an opening is pairs or runs and groups, not both); it stands once you discard.",
    "yuzbir.error.in_opening": ("{tile} lies in the opening you are laying this turn: it stays "
                                "on the table until your turn ends (back in your rack if the "
                                "opening falls short)."),
    "yuzbir.error.opening_mixed": "An opening is either runs and groups or pairs, not both.",
    "yuzbir.error.taken_new_combination": "Use the taken {tile} in a new combination, or return it and draw.",
    "yuzbir.error.taken_in_short_opening": ("The {tile} you took lies in the opening you are "
                                            "laying, {value} of the {need} it needs: a discard "
                                            "takes that opening back (Y7), and then /return "
                                            "gives {tile} back so you can draw."),
    "yuzbir.error.pairs_onto_pairs_players": "You opened with runs: lay pairs only onto a player who "
                                             "opened with pairs (/pairs b9 b9 to <seat>).",
    "yuzbir.error.add_makes_short": ("{tile} added to meld {n} would bring your opening down to "
                                     "{value}, short of the {need} needed (four 13s count 14)."),
    "yuzbir.error.pairs_to_needs_runs": "Only a player who opened with runs lays pairs onto another player.",
    "yuzbir.error.pairs_to_target": "Seat {to} has not opened with pairs.",
    "yuzbir.error.pairs_player_no_runs": "You opened with pairs: you cannot lay runs or groups.",
    "yuzbir.error.pairs_runs_only": "Having opened with pairs, you add single tiles to runs only.",
    "yuzbir.error.not_opened": ("Open first, with runs and groups or with pairs (an opening laid this "
                                "turn counts once it is worth what an opening needs): then you may "
                                "add tiles to melds and take okeys back."),
    "yuzbir.error.open_first": ("You have not opened yet: lay your opening with /open (runs and "
                                "groups) or /pairs (pairs)."),
    "yuzbir.error.end_used": "That end of meld {n} has already taken a tile this turn.",
    "yuzbir.error.fresh_okey": "The okey in meld {n} was placed this turn; it cannot be taken back yet.",
    "yuzbir.error.group_okey": "An okey in a group can be taken only to complete the four colours.",
    "yuzbir.error.single_rounds": "Single-player mode always plays {rounds} rounds.",
    "yuzbir.error.seat_plan": "Yüzbir seats 1 to 4 humans; computers fill the other seats.",
}

# Y22: two humans sit opposite; one human is the single-player table (Y21).
_SEAT_PLANS = {
    1: [True, False, False, False],
    2: [True, False, True, False],
    3: [True, True, True, False],
    4: [True, True, True, True],
}


class YuzbirGame(Okey101Game):
    id = "yuzbir"
    title = "Yüzbir"
    Config = YuzbirConfig
    State = YuzbirState
    scoring = YUZBIR_SCORING

    def seat_plan(self, humans: int) -> list[bool]:
        """Y21/Y22: which seats (in turn order) humans take; the others are computers."""
        if humans not in _SEAT_PLANS:
            raise ConfigError(f"{humans} humans: Yüzbir seats 1 to 4", "yuzbir.error.seat_plan")
        return list(_SEAT_PLANS[humans])

    def people_allowed(self, config) -> int:
        """Y21: a single-player match is one person against three computers (Y22: online,
        up to four people)."""
        return 1 if config.mode == "single" else 4

    def single_player_record(self, config, outcome: dict, seat: int = 0) -> int | None:
        """Y21: the total of a completed single-player match (lower is better), else None."""
        if config.mode != "single" or outcome.get("status") != "finished":
            return None
        if len(outcome["rounds"]) != SINGLE_ROUNDS:
            return None
        return outcome["totals"][seat]

    def random_action(self, view, rng):
        return random_yuzbir_action(self, view, rng)

    def pairs_opening_ok(self, view, pairs) -> bool:
        """Y6/Y-D4: the pairs' value reaches the pair limit."""
        return pairs.count > 0 and pairs.value >= view.pair_need

    def hint(self, options: dict) -> dict:
        limit = int(options.get("limit") or START_LIMIT)
        return {**opening_hint(self.scoring, options), "limit": limit, "pair_limit": pairs_limit(limit)}


GAME = YuzbirGame()
