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
from dataclasses import dataclass

from .game import ConfigBase, option
from .rummikub_actions import Action, Draw, Pass, Play, parse_action, place_action
from .rummikub_deal import all_tiles
from .rummikub_sets import FAMILY, check_table_text, format_table, is_run
from .rummikub_state import INITIAL_MELD_POINTS, State, round_scores
from .rummikub_view import RummikubView
from .tiles import format_tiles

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
    "rummikub.error.bad_tile": ("Not a tile: {tile}. Write a colour letter and a number: r "
                                "red, b blue, k black, y orange, e.g. r7, k13; J is a joker."),
    "rummikub.error.no_tiles": "Name the tiles to put on the table.",
    "rummikub.error.no_tiles_place": ("Name the tiles to put on the table too, e.g. /{example} "
                                      "(or their numbers in your rack picture)."),
    "rummikub.error.place_needs_view": "A place move needs the current table.",
    "rummikub.error.bad_set": "Not a valid group or run: {set}.",
    "rummikub.error.bad_set_split": ("Not a valid group or run: {set}. A | separates sets, as "
                                     "in {sets}."),
    "rummikub.error.short_set": ("Too short for a set: {set}. A group or a run needs at least "
                                 "{least} tiles; in /play a | or a comma ends a set."),
    "rummikub.error.not_in_rack": "You do not have {tile} in your rack.",
    "rummikub.error.table_tile_missing": "The table tile {tile} is missing from the new table.",
    "rummikub.error.table_tiles_missing": "The table tiles {tiles} are missing from the new table.",
    "rummikub.error.table_set_missing": ("The table's set {set} is missing from the new table: "
                                         "play takes the whole table, every set on it too."),
    "rummikub.error.joker_taken": "A joker taken from the table must stay on the table.",
    "rummikub.error.joker_not_replaced": "The joker stands for {tile}: put {tile} on the table to take it.",
    "rummikub.error.joker_not_replaced_either": "The joker stands for {tile} or {other}: put one of them on the table to take it.",
    "rummikub.error.nothing_played": "Play at least one tile from your rack, or draw.",
    "rummikub.error.nothing_played_pass": "Play at least one tile from your rack, or pass: the pool is empty.",
    "rummikub.error.whole_table": "play takes the whole table after your move, and the sets already on it are missing: to put down only your tiles, write /place {tiles}.",
    "rummikub.error.initial_set_changed": ("The table's set {set} is not on the new table as it "
                                           "lies: until your initial meld, the table stays as it "
                                           "is and your sets come from your rack."),
    "rummikub.error.initial_table_changed": "Your initial meld must use only new sets from your rack; the table stays as it is.",
    "rummikub.error.initial_too_low": "Your initial meld is worth {points} points; it needs at least {needed}.",
    "rummikub.error.cannot_place": "Those tiles cannot go on the table: {tiles}.",
    "rummikub.error.cannot_place_one": "This tile cannot go on the table: {tiles}.",
    "rummikub.error.cannot_place_with": "Those tiles cannot all go on the table together: without {tile} the others could.",
    "rummikub.error.one_copy_fits": "Only one {tile} can go on the table now, not both: put down one.",
    "rummikub.error.fits_nowhere": "These tiles fit in no set, even with the table rearranged: {tiles}.",
    "rummikub.error.fits_nowhere_one": "This tile fits in no set, even with the table rearranged: {tiles}.",
    "rummikub.error.initial_no_set": "No new set can be made with {tiles}: before your initial meld, only new sets from your rack may go down (the sets on the table stay as they are).",
    "rummikub.error.initial_cannot_place": "These tiles cannot all be laid out as new sets: {tiles}. Before your initial meld, only new sets from your rack may go down (the sets on the table stay as they are).",
    "rummikub.error.too_few_copies": "Your move puts down {tile} {named} times, but you hold only {held}.",
    "rummikub.error.play_some_numbers": ("/play takes the whole table written as tiles, not rack "
                                         "numbers ({numbers}): write those as tiles (r7, J), or "
                                         "put tiles down by their rack numbers with /place."),
    "rummikub.error.play_numbers": "/play takes the whole table as it stands after your move, written as tiles (e.g. /play r7 b7 k7 | r1 r2 r3); to put down tiles by their numbers on your rack, type /place {numbers}.",
    "rummikub.error.too_many_tiles": "{tile} is named more often than the game has it.",
    "rummikub.error.must_draw": "The pool is not empty: draw a tile instead of passing.",
    "rummikub.error.pool_empty": "The pool is empty: pass instead of drawing.",
}


@dataclass(frozen=True)
class Config(ConfigBase):
    players: int = option(4, (2, 3, 4), "number of players (K2)")
    rounds: int = option(1, (1, 3, 5), "rounds in the match; the highest total wins (K12)")


class RummikubGame:
    id = "rummikub"
    family = FAMILY
    Config = Config
    MESSAGES = MESSAGES
    parse_needs_view = True  # `place r7 b7` is read against the table (rules/record.py)
    timeout_by_rule = True  # K-D3 names the move made when time runs out (timeout_action)

    def seats(self, config: Config) -> int:
        return config.players

    def new(self, config: Config | None = None, seed=None, deals=None) -> State:
        if seed is None and deals is None:  # a seed of its own, kept in the record
            seed = random.Random().getrandbits(63)
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

__all__ = ["GAME", "MESSAGES", "INITIAL_MELD_POINTS", "Config", "Action", "Play", "Draw", "Pass",
           "State", "RummikubView", "parse_action", "place_action", "round_scores", "all_tiles",
           "check_table_text", "is_run"]
