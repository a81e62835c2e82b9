"""Okey 101 (shared/rules/okey101.md, O1-O30, O-D1..O-D15)."""

from __future__ import annotations

from dataclasses import dataclass

from . import okey_actions as A
from .errors import ConfigError
from .game import ConfigBase, option
from .okey_hints import format_opening_hint, opening_hint, random_okey_action
from .okey_state import OkeyState
from .solvers.okey_pairs import PAIRS_TO_OPEN
from .solvers.okey_scoring import OKEY101_SCORING


@dataclass(frozen=True)
class Okey101Config(ConfigBase):
    partners: bool = option(False, doc="2v2: partners sit opposite (O2, O27)")
    doubling: bool = option(False, doc="each opening must beat the last one (O15)")
    rounds: int = option(1, (1, 3), doc="rounds in the match (O29)")
    assisted: bool = option(True, doc="hints: penalty tiles, where tiles fit, best opening (O28)")
    timer: int = option(60, (15, 30, 45, 60, 90, 120, 180), doc="seconds per move (O30, O-D13)")


class Okey101State(OkeyState):
    scoring = OKEY101_SCORING
    left_by_value = True  # O25: tiles left are charged by their value


MESSAGES = {
    "okey.drew": "Seat {seat} drew a tile ({pile} left in the pile).",
    "okey.drew_private": "You drew {tile}.",
    "okey.took": "Seat {seat} took {tile} from seat {from}.",
    "okey.returned": "Seat {seat} put {tile} back.",  # its draw is told next
    "okey.returned_no_pile": "Seat {seat} put {tile} back, with no pile left to draw from.",
    "okey.discarded": "Seat {seat} discarded {tile}.",
    "okey.opened": "Seat {seat} opened with {melds} ({value} points).",
    "okey.opened_pairs": "Seat {seat} opened with {count} pairs: {pairs}.",
    "okey.melded": "Seat {seat} laid {melds}.",
    "okey.paired": "Seat {seat} laid more pairs: {pairs}.",
    "okey.added": "Seat {seat} added {tile} to meld {n}.",
    "okey.swapped": "Seat {seat} put {tile} into meld {n} and took the okey.",
    "okey.penalty": "Seat {seat} is charged {points} ({rule}).",
    # the mover's own moves, as the mover reads them before the turn passes
    "okey.took_mine": "You took {tile} from seat {from}.",
    "okey.returned_mine": "You put {tile} back and draw instead.",
    "okey.returned_no_pile_mine": ("You put {tile} back; the pile is empty, so there is no draw "
                                   "instead: the round ends without a winner."),
    "okey.opened_mine": "You opened with {melds} ({value} points).",
    "okey.opened_pairs_mine": "You opened with {count} pairs: {pairs}.",
    "okey.melded_mine": "You laid {melds}.",
    "okey.paired_mine": "You laid more pairs: {pairs}.",
    "okey.added_mine": "You added {tile} to meld {n}.",
    "okey.swapped_mine": "You put {tile} into meld {n} and took the okey.",
    "okey.penalty_mine": "You are charged {points} ({rule}).",
    "okey.round_over": "Round {round} is over ({ending}). Scores: {scores}.",
    "okey.match_over": "The match is over. Totals: {totals}.",
    "okey.error.already_drew": ("You have already drawn this turn: lay tiles down if you can, "
                                "then end it with a discard."),
    "okey.error.already_took": ("You took the last discard this turn: use it now (or /return "
                                "it, if you have laid nothing yet)."),
    "okey.error.first_turn": ("You start the round with the extra tile: discard one, with no "
                              "draw first."),
    "okey.error.draw_first": "Draw a tile first: /{cmd}, or /{take} the last discard.",
    "okey.error.pile_empty": "The pile is empty.",
    "okey.error.no_discard": "There is no discard to take.",
    "okey.error.nothing_to_return": "You have not taken a discard this turn.",
    "okey.error.cannot_return": "You have laid tiles this turn: use the taken tile.",
    "okey.error.not_in_hand": "You do not hold {tile}.",
    "okey.error.not_in_hand_okey": ("You do not hold {tile}; to play your okey as it, write * "
                                    "in its place."),
    "okey.error.okey_by_face": ("You do not hold {tile} as such: {tile} is this round's okey, "
                                "written * (and a fake okey, which plays as {tile}, is written F)."),
    "okey.error.too_few_copies": "You named {tile} {named} times but hold {held}.",
    "okey.error.bad_meld": "Not a run or a group: {meld}.",
    "okey.error.bad_meld_split": ("Not a run or a group: {meld}. A | separates melds, as in "
                                  "{melds}."),
    "okey.error.short_meld": ("Too short for a meld: {meld}. A run or a group needs at least "
                              "{least} tiles; a | or a comma ends a meld."),
    "okey.error.already_open": "You have already opened; lay more with /meld.",
    "okey.error.opening_too_low": "Your opening is worth {value}; you need {need}.",
    "okey.error.not_opened_melds": ("You have not opened yet: open first with /open (runs and "
                                    "groups). An opening with /pairs lays only pairs after it "
                                    "(O23)."),
    "okey.error.pairs_player_no_melds": "You opened with pairs: you lay no runs or groups, only more pairs.",
    "okey.error.pairs_player_no_adds": ("You opened with pairs: you cannot add tiles to melds or take "
                                        "okeys back."),
    "okey.error.pairs_target": "Pairs are laid in front of yourself.",
    "okey.error.pairs_after_melds": "You opened with runs and groups: you cannot lay pairs.",
    "okey.error.bad_pair": "Not a pair: {pair}.",
    "okey.error.too_few_pairs": "Open with at least five pairs (you gave {count}).",
    "okey.error.no_meld": "There is no meld {n} on the table.",
    "okey.error.pair_target": "Pairs cannot be extended.",
    "okey.error.does_not_fit": "{tile} does not fit meld {n}.",
    "okey.error.no_okey": "Meld {n} holds no okey.",
    "okey.error.swap_mismatch": "The okey in meld {n} does not stand for {tile}.",
    "okey.error.swap_pair_two_okeys": ("Meld {n} is a pair of two okeys: neither stands for one "
                                       "tile, so neither can be taken back."),
    "okey.error.keep_one": "Keep at least one tile to discard.",
    "okey.error.taken_unused": "Use the taken {tile} this turn, or /return it and draw.",
    "okey.error.no_low_end": ("Meld {n} has no low end to take the okey (it starts at 1): "
                              "/add * to {n} lays it at the high end."),
    # raised under O20 (core.error.illegal names it): the text cites no second rule
    "okey.error.taken_use_it": ("Use the taken {tile} this turn: you have laid tiles, so it "
                                "cannot go back."),
}


class Okey101Game:
    id = "okey101"
    title = "Okey 101"
    family = "okey"
    Config = Okey101Config
    State = Okey101State
    scoring = OKEY101_SCORING
    parse_needs_view = False

    def seats(self, config) -> int:
        return 4

    def new(self, config=None, seed=None, deals=None):
        config = config or self.Config()
        if not isinstance(config, self.Config):
            raise ConfigError("wrong config type")
        return self.State(self, config, seed=seed, deals=deals)

    def parse_action(self, text: str, view=None):
        return A.parse_action(text, view)

    def random_action(self, view, rng):
        return random_okey_action(self, view, rng)

    def pairs_opening_ok(self, view, pairs) -> bool:
        """O23: enough pairs to open with (used by the random agent)."""
        return pairs.count >= PAIRS_TO_OPEN

    def hint(self, options: dict) -> dict:
        return opening_hint(self.scoring, options)

    def format_hint(self, result: dict) -> str:
        return format_opening_hint(result)


GAME = Okey101Game()
