"""The match state shared by the okey games (Okey 101 here; Yüzbir overrides the hooks).

Every action is first *planned* (validated against the rules without touching the state),
then committed; a plan that fails raises and nothing has changed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

from . import okey_actions as A
from .errors import DealError, IllegalAction
from .game import Event, State
from .okey_deal import Deal, parse_deal, random_deal
from .okey_melds import (
    Meld,
    add_tile,
    extensions,
    identity,
    is_pair,
    resolve,
    swap_in,
    turn_marks,
)
from .okey_view import OkeyView
from .solvers.okey_opening import best_opening, best_pairs
from .solvers.okey_pairs import PAIRS_TO_OPEN
from .tiles import FAKE, WILD, colour_of, cut_in_order, format_tile, format_tiles, number_of

MIN_MELD = 3  # O10, O11: a run or a set has at least three tiles


@dataclass
class TableMeld:
    owner: int
    meld: Meld | None  # runs and sets
    pair: tuple[int, int] | None = None  # a pair laid by a pairs player
    laid_round_turn: int = -1  # the turn it was laid (Yüzbir Y12 needs it)

    @property
    def kind(self) -> str:
        return "pair" if self.pair is not None else self.meld.kind

    @property
    def tiles(self) -> tuple[int, ...]:
        return self.pair if self.pair is not None else self.meld.tiles


@dataclass
class Round:
    deal: Deal
    hands: list[Counter]
    pile: list[int]  # top of the pile LAST (pop() draws)
    table: list[TableMeld] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    last_discard: tuple[int, int] | None = None  # (seat, tile) that the next seat may take
    opened: list[str | None] = field(default_factory=lambda: [None] * 4)
    last_opening: int | None = None  # the doubling chain (O15)
    penalties: list[int] = field(default_factory=lambda: [0] * 4)
    turn: int = 0
    seat: int = 0
    phase: str = "play"  # "draw" then "play"; the first player starts in "play" (O6)
    taken: tuple[int, int] | None = None  # (tile, copies held before taking) until used
    laid: bool = False  # anything laid this turn
    over: bool = False
    start_table: tuple = ()  # each meld's tiles when the turn began
    last_laid: tuple = ()  # per meld, the tiles the turn that ended laid (the picture's marks)


class OkeyState(State):
    scoring = None  # set by subclasses: a rules.solvers.okey_scoring.Scoring
    opening_minimum = 51
    round_class = Round  # Yüzbir's round carries its limit and the turn in progress
    # The rule ids the shared checks cite are Okey 101's; a variant maps them to its own.
    rule_ids: dict[str, str] = {}
    # O-D9: the taken discard may be put back only while nothing was laid (Yüzbir: always, Y8)
    return_after_laying = False
    # Does a round's end show what each rack left is worth? Okey 101 charges by value (O25);
    # Yüzbir by the tile (Y15), which the tiles shown already count.
    left_by_value = False

    def __init__(self, game, config, seed=None, deals=None):
        self.game = game
        self.game_id = game.id
        self.config = config
        self.num_seats = 4
        self.given_deals = [d if isinstance(d, Deal) else parse_deal(d) for d in (deals or [])]
        for r, deal in enumerate(self.given_deals[1:], 1):  # O-D2: the next seat each round
            if deal.first != (self.given_deals[0].first + r) % 4:
                raise DealError(f"round {r + 1} must start with seat "
                                f"{(self.given_deals[0].first + r) % 4} (O-D2)")
        if seed is None and not self.given_deals:  # a seed of its own, kept in the record
            seed = random.SystemRandom().getrandbits(63)
        self.seed = seed
        # rounds past the given deals come from seed 0 when none was given: a record with
        # fewer deals than rounds still replays exactly
        self.rng = random.Random(seed if seed is not None else 0)
        self.deals: list[Deal] = []
        self.results: list[dict] = []
        # per finished round, each seat's tiles left and (left_by_value) what an opened
        # one counts:
        # the group may check the charges for them (O25, Y15)
        self.final_racks: list[tuple[str, ...]] = []
        self.final_values: list[tuple[int | None, ...] | None] = []
        # per finished round: each seat's charge as it ended (penalties aside), and who had
        # opened (a rack that never did pays a flat charge, O25, Y15)
        self.final_charges: list[tuple[tuple[int, ...], tuple[bool, ...]]] = []
        self.actions: list[str] = []
        self.first_of_round1 = None
        self._start_round(0)

    # ----- rounds -------------------------------------------------------------------
    def _start_round(self, index: int) -> None:
        if index < len(self.given_deals):
            deal = self.given_deals[index]
        else:
            if index == 0:
                first = self.rng.randrange(4)  # O-D2
            else:
                first = (self.deals[-1].first + 1) % 4
            deal = random_deal(self.rng, first)
        self.deals.append(deal)
        hands = [Counter(h) for h in deal.hands]
        self.r = self.round_class(deal=deal, hands=hands, pile=list(reversed(deal.pile)),
                                  seat=deal.first)

    @property
    def round_index(self) -> int:
        return len(self.deals) - 1

    @property
    def okey_kind(self) -> int:
        return self.r.deal.okey_kind

    @property
    def ace_high(self) -> bool:
        return self.scoring.ace_high

    @property
    def current_player(self) -> int | None:
        if len(self.results) >= self.config.rounds:
            return None
        return self.r.seat

    @property
    def partners(self) -> bool:
        return getattr(self.config, "partners", False)

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.partners else None

    def same_side(self, a: int, b: int) -> bool:
        return a == b or self.partner(a) == b

    # ----- values -------------------------------------------------------------------
    def tile_value(self, tile: int) -> int:
        """O13/O25: a tile's face value; a fake okey is worth the okey's number."""
        return number_of(identity(tile, self.okey_kind))

    def meld_value(self, meld: Meld) -> int:
        if meld.kind == "run":
            return self.scoring.run_value(meld.numbers)
        return self.scoring.set_value(meld.numbers[0], len(meld.tiles))

    def pair_value(self, pair) -> int:
        """A pair's value by the scoring: an okey takes its partner's number, two okeys a 13
        (as the pairs solver counts them)."""
        reals = [t for t in pair if t != WILD]
        return self.scoring.pair_value(self.tile_value(reals[0]) if reals else 13)

    def opening_need(self) -> int:
        """O14/O15: 51, or with doubling more than the most recent opening total."""
        if self.config.doubling and self.r.last_opening is not None:
            return max(self.opening_minimum, self.r.last_opening + 1)
        return self.opening_minimum

    def pairs_need(self) -> int | None:
        """The value a pairs opening needs (None: Okey 101 counts pairs instead, O23)."""
        return None

    def view_limit(self) -> int | None:
        """The opening limit shown in views (Yüzbir's L); None where there is none."""
        return None

    def view_extra(self, seat: int) -> tuple:
        """Game-specific public facts for `seat`'s view, as (key, value) pairs."""
        return ()

    # ----- legality helpers ---------------------------------------------------------
    def _illegal(self, rule, message, key, **params):
        return IllegalAction(self.rule_ids.get(rule, rule), message, key, **params)

    def _need_phase(self, phase: str):
        if self.r.phase != phase:
            if phase == "draw" and self.r.turn == 0:
                raise self._illegal("O6", "the first player starts by discarding, no draw",
                                    "okey.error.first_turn")
            if phase == "draw" and self._taken_pending():  # (no discard but the taken
                # tile's: use it, or give it back, O20, O-D9)
                raise self._illegal("O7", "you took the last discard this turn: use it",
                                    "okey.error.already_took")
            if phase == "draw":
                raise self._illegal("O7", "you have already drawn this turn", "okey.error.already_drew")
            raise self._illegal("O7", "draw a tile first (draw or take)", "okey.error.draw_first",
                                cmd="draw", take="take")  # (the core names the game where
            # another table of the person's has that move too)

    def _remove(self, hand: Counter, tiles, melding: bool = True) -> Counter:
        """The hand without `tiles`, or IllegalAction if a tile is not in the hand. Only a
        tile named for a meld may be played by an okey (`melding`): a discard or a swap's
        tile must be the tile itself."""
        need = Counter(tiles)
        for t, n in need.items():
            if not hand[t] and t == self.okey_kind and (hand[WILD] or hand[FAKE]):
                # r6 when r6 is the okey: the okeys are `*`, the fake okey (r6's own) `F` (O4)
                raise self._illegal("O4", f"{format_tile(t)} is the okey: write * or F",
                                    "okey.error.okey_by_face", tile=format_tile(t))
            if not hand[t]:  # holding an okey: it stands in for a tile only as * (O4)
                raise self._illegal("O8", f"you do not hold {format_tile(t)}",
                                    "okey.error.not_in_hand_okey"
                                    if hand[WILD] and melding and t != FAKE
                                    else "okey.error.not_in_hand", tile=format_tile(t))
            if hand[t] < n:  # "pairs k4 k4" with one k4: not "you do not hold k4"
                raise self._illegal("O8", f"you named {format_tile(t)} {n} times but hold {hand[t]}",
                                    "okey.error.too_few_copies", tile=format_tile(t),
                                    named=n, held=hand[t])
        left = hand.copy()
        left.subtract(need)
        return +left

    def _resolve(self, tiles) -> Meld:
        m = resolve(tiles, self.okey_kind, self.ace_high)
        if m is None:
            raise self._bad_meld_error(tiles)
        return m

    def _bad_meld_error(self, tiles) -> IllegalAction:
        """Why `tiles` is no meld: too few of them (a | or a comma ends a meld, as in
        Rummikub's /play), or not a run or a set (O10; for a set too, as Yüzbir's Y3)."""
        text = format_tiles(tiles)
        if (face := self._face_error(tiles)) is not None:
            return face
        if len(tiles) < MIN_MELD:  # "open 1, 2, 3": each comma ended a meld of one tile
            return self._illegal("O10", f"too short for a meld: {text} (a run or a set needs "
                                 f"at least {MIN_MELD} tiles; a | or a comma ends a meld)",
                                 "okey.error.short_meld", meld=text, least=MIN_MELD)
        split = self._melds_in_order(list(tiles))
        if split is not None and len(split) > 1:  # "open r3 b3 k3 k9 * k11": no | typed
            melds = " | ".join(format_tiles(m) for m in split)
            return self._illegal("O10", f"not a run or a set: {text}; a | separates melds: "
                                 f"{melds}", "okey.error.bad_meld_split", meld=text,
                                 melds=melds)
        return self._illegal(_rule_broken(tiles), f"not a run or a set: {text}",
                             "okey.error.bad_meld", meld=text)

    def _face_error(self, tiles) -> IllegalAction | None:
        """The okey named by its face (the rack says "the okey is r12") where the mover
        holds none as such but holds an okey: it is written * (O4), which is why a meld, a
        pair or an addition with it did not fit."""
        hand = self.r.hands[self.r.seat]
        if self.okey_kind in tiles and not hand[self.okey_kind] and (hand[WILD] or hand[FAKE]):
            face = format_tile(self.okey_kind)
            return self._illegal("O4", f"{face} is the okey: write * or F",
                                 "okey.error.okey_by_face", tile=face)
        return None

    def _melds_in_order(self, tiles: list) -> list | None:
        """`tiles` cut, in the order typed, into runs and sets of MIN_MELD or more, if they
        can be (the melds meant, the | between them left out), else None."""
        return cut_in_order(tiles, lambda part: resolve(part, self.okey_kind, self.ace_high)
                            is not None, MIN_MELD)

    def _taken_used_after(self, hand_after: Counter) -> bool:
        if self.r.taken is None:
            return True
        tile, before = self.r.taken
        return hand_after[tile] <= before

    def extenders(self, more=()) -> tuple[set, bool]:
        """Kinds that would extend some meld on the table (or in `more`, melds about to be
        laid), and whether an okey would (O-D6)."""
        kinds: set = set()
        wild = False
        for meld in [*(tm.meld for tm in self.r.table if tm.pair is None), *more]:
            k, w = extensions(meld, self.okey_kind, self.ace_high)
            kinds |= k
            wild = wild or w
        return kinds, wild

    def extends_a_meld(self, tile: int, more=()) -> bool:
        """Would `tile` extend a meld on the table (or in `more`)? (O21, O20)"""
        return self._among(tile, *self.extenders(more))

    def _among(self, tile: int, kinds, wild: bool) -> bool:
        """Is `tile` one of the extending `kinds` (an okey: whether an okey extends)?"""
        return wild if tile == WILD else identity(tile, self.okey_kind) in kinds

    # ----- planning: each returns a commit function ----------------------------------
    def check(self, action) -> None:
        self._plan(action)

    def _plan(self, action):
        if self.current_player is None:
            raise self._illegal("END", "the game is over", "error.game_over")
        handler = getattr(self, f"_plan_{type(action).__name__.lower()}", None)
        if handler is None:
            raise self._illegal("O8", f"{action} is not a move of this game", "error.illegal")
        return handler(action)

    def _plan_draw(self, action):
        self._need_phase("draw")
        if not self.r.pile:
            raise self._illegal("O26", "the pile is empty", "okey.error.pile_empty")
        return self._commit_draw

    def _plan_take(self, action):
        self._need_phase("draw")
        if self.r.last_discard is None:
            raise self._illegal("O7", "there is no discard to take", "okey.error.no_discard")
        return self._commit_take

    def _plan_return(self, action):
        if self.r.taken is None or self.r.phase != "play":
            raise self._illegal("O-D9", "you have not taken a discard this turn", "okey.error.nothing_to_return")
        if self.r.laid and not self.return_after_laying:
            raise self._illegal("O-D9", "you have laid tiles this turn; use the taken tile",
                                "okey.error.cannot_return")
        return self._commit_return

    def _plan_discard(self, action):
        self._need_phase("play")
        hand_after = self._remove(self.r.hands[self.r.seat], [action.tile], melding=False)
        if self._taken_pending():
            tile = format_tile(self.r.taken[0])
            if self.r.laid and not self.return_after_laying:  # O-D9: it cannot go back now
                raise self._illegal("O20", f"use the taken {tile} this turn",
                                    "okey.error.taken_use_it", tile=tile)
            raise self._illegal("O20", f"use the taken {tile} this turn, or return it and draw",
                                "okey.error.taken_unused", tile=tile)
        final = sum(hand_after.values()) == 0
        refused, penalty, rule = self._discard_ruling(action.tile, final)
        if refused is not None:
            return refused
        return lambda: self._commit_discard(action.tile, final, penalty, rule)

    def _taken_pending(self) -> bool:
        """Is a taken discard still waiting to be used this turn (O20)?"""
        return not self._taken_used_after(self.r.hands[self.r.seat])

    def _discard_ruling(self, tile: int, final: bool) -> tuple:
        """(refused, points, rule). `refused`: a commit function when the rules refuse this
        discard with consequences (Yüzbir Y7, Y16, Y17), else None; `points`: what the
        discarder pays under `rule` when the discard goes ahead."""
        return None, (0 if final else self.discard_penalty(tile)), "O21"

    def discard_penalty(self, tile: int) -> int:
        """O21: a tile that would extend a meld on the table costs 100 (not the final one)."""
        return 100 if self.extends_a_meld(tile) else 0

    def _plan_open(self, action):
        self._need_phase("play")
        seat = self.r.seat
        if not self._may_open(seat, "melds"):
            if self.r.opened[seat] == "pairs":
                raise self._pairs_player_melds_error()
            raise self._illegal("O14", "you have already opened; lay more with 'meld'", "okey.error.already_open")
        melds = [self._resolve(m) for m in action.melds]
        tiles = [t for m in melds for t in m.tiles]
        hand_after = self._remove(self.r.hands[seat], tiles)
        self._keep_one(hand_after)
        value = sum(self.meld_value(m) for m in melds)
        self._check_opening_value(value)
        self._check_taken(hand_after, "melds", self._table_after(more=melds))
        return lambda: self._commit_lay(melds, hand_after, opened=("melds", value))

    def _may_open(self, seat: int, kind: str) -> bool:
        """Hook: may `seat` lay an opening of `kind` ("melds" or "pairs") now?"""
        return self.r.opened[seat] is None

    def _check_opening_value(self, value: int) -> None:
        """O14/O15: the opening is laid in one action and must reach the need at once."""
        need = self.opening_need()
        if value < need:
            rule = "O15" if need > self.opening_minimum else "O14"
            raise self._illegal(rule, f"your opening is worth {value}; you need {need}",
                                "okey.error.opening_too_low", value=value, need=need)

    def _opening_under_way(self, seat: int) -> bool:
        """Is `seat` laying an opening this turn that is not complete yet (Yüzbir, Y7)?"""
        return False

    def _plan_laymelds(self, action):
        self._need_phase("play")
        seat = self.r.seat
        if self.r.opened[seat] != "melds":
            if self._opening_under_way(seat) and self.r.pending.kind == "pairs":
                raise self._illegal("Y9", "the opening of pairs is still being laid: add pairs",
                                    "yuzbir.error.meld_while_opening_pairs")
            if self._opening_under_way(seat):
                raise self._illegal("Y7", "the opening is still being laid: add melds with open",
                                    "yuzbir.error.meld_while_opening")
            if self.r.opened[seat] == "pairs":
                raise self._pairs_player_melds_error()
            raise self._illegal("O16", "open with runs and sets first", "okey.error.not_opened_melds")
        melds = [self._resolve(m) for m in action.melds]
        hand_after = self._remove(self.r.hands[seat], [t for m in melds for t in m.tiles])
        self._keep_one(hand_after)
        self._check_taken(hand_after, "melds", self._table_after(more=melds))
        return lambda: self._commit_lay(melds, hand_after)

    def _pairs_player_melds_error(self):
        """O23: a player who opened with pairs lays no runs or sets (Yüzbir: Y9)."""
        return self._illegal("O23", "you opened with pairs: you lay no runs or sets",
                             "okey.error.pairs_player_no_melds")

    def _no_table_moves_error(self, seat: int, doing: str):
        """O-D8: why `seat` may not add tiles or take an okey back (it has not opened with
        runs or sets: it has not opened at all, or opened with pairs, O23)."""
        if self.r.opened[seat] == "pairs":
            return self._illegal("O-D8", f"you opened with pairs: you cannot {doing}",
                                 "okey.error.pairs_player_no_adds")
        return self._illegal("O-D8", f"only a player who opened with runs or sets may {doing}",
                             "okey.error.not_opened_melds")

    def _plan_pairs(self, action):
        self._need_phase("play")
        seat = self.r.seat
        owner = self._pairs_owner(seat, action.to)
        opened = self.r.opened[seat]
        if opened == "melds" and owner == seat:
            raise self._illegal("O23", "you opened with runs and sets; you cannot lay pairs",
                                "okey.error.pairs_after_melds")
        for a, b in action.pairs:
            if not is_pair(a, b) and (face := self._face_error((a, b))) is not None:
                raise face
            if not is_pair(a, b):
                raise self._illegal("O22", f"not a pair: {format_tile(a)} {format_tile(b)}",
                                    "okey.error.bad_pair", pair=f"{format_tile(a)} {format_tile(b)}")
        # the tiles first: "five pairs at least" is no answer to pairs one does not hold
        hand_after = self._remove(self.r.hands[seat], [t for p in action.pairs for t in p])
        if owner == seat and opened is None:
            self._check_pairs_opening(seat, action.pairs)
        self._keep_one(hand_after)
        self._check_taken(hand_after, "pairs")
        return lambda: self._commit_pairs(action.pairs, hand_after, owner)

    def _pairs_owner(self, seat: int, to: int | None) -> int:
        """Whose pairs these become. Okey 101: always the layer's own (O23)."""
        if to is not None:
            raise self._illegal("O23", "pairs are laid in front of yourself", "okey.error.pairs_target")
        return seat

    def _check_pairs_opening(self, seat: int, pairs) -> None:
        """O23: a pairs opening needs at least five pairs."""
        if len(pairs) < PAIRS_TO_OPEN:
            raise self._illegal("O23", f"open with at least five pairs (you gave {len(pairs)})",
                                "okey.error.too_few_pairs", count=len(pairs))

    def _target(self, n: int, rule: str = "O17") -> TableMeld:
        if not 1 <= n <= len(self.r.table):  # (O17 adds to a meld, O19 swaps in one)
            raise self._illegal(rule, f"there is no meld {n} on the table", "okey.error.no_meld", n=n)
        return self.r.table[n - 1]

    def _table_move(self, action, doing: str) -> tuple[int, TableMeld]:
        """The mover and the meld an add or a swap names, if the mover may touch it (O-D8)."""
        self._need_phase("play")
        seat = self.r.seat
        swap = doing == "take an okey"
        if not self._may_add(seat) and (swap or not self._adds_to_own_opening(seat, action.target)):
            raise self._no_table_moves_error(seat, doing)
        tm = self._target(action.target, "O19" if swap else "O17")
        if tm.pair is None or swap:  # a pair takes no tile (O-D6) but gives its okey back (O19)
            self._check_table_meld(seat, action.target, tm)
        return seat, tm

    def _plan_add(self, action):
        seat, tm = self._table_move(action, "add tiles")
        if tm.pair is not None:
            raise self._illegal("O-D6", "pairs cannot be extended", "okey.error.pair_target")
        new = self._extended(action.target, tm, action.tile, high_first=not action.low)
        if new is None and (face := self._face_error((action.tile,))) is not None:
            raise face
        if new is None:
            raise self._illegal("O17", f"{format_tile(action.tile)} does not fit meld {action.target}",
                                "okey.error.does_not_fit", tile=format_tile(action.tile), n=action.target)
        if action.low and action.tile == WILD and tm.meld.kind == "run" \
                and new.tiles[1:] != tm.meld.tiles:  # an okey asked low fits only high (O-D4)
            raise self._illegal("O-D4", f"no low end in meld {action.target}",
                                "okey.error.no_low_end", n=action.target)
        self._check_added(action, tm, new)
        hand_after = self._remove(self.r.hands[seat], [action.tile])
        self._keep_one(hand_after)
        self._check_taken(hand_after, "add", self._table_after(action.target, new))
        rep_value = self._added_value(tm.meld, new, action.tile)
        charge = self.add_charge(seat, tm.owner, rep_value)
        return lambda: self._commit_add(action, new, hand_after, tm.owner, charge)

    def _added_value(self, old: Meld, new: Meld, tile: int) -> int:
        """O18: an okey is worth what it stands for where it was added."""
        if tile != WILD:
            return self.tile_value(tile)
        if new.kind == "set":
            return new.numbers[0]
        at_high = new.tiles[:-1] == old.tiles
        return number_of(new.rep(len(new.tiles) - 1 if at_high else 0))

    def _may_add(self, seat: int) -> bool:
        """O-D8: adding tiles and taking okeys back need an opening with runs or sets."""
        return self.r.opened[seat] == "melds"

    def _adds_to_own_opening(self, seat: int, n: int) -> bool:
        """Hook: may `seat`, not opened, add to meld `n` all the same (Yüzbir: a meld of the
        opening it is laying this turn)?"""
        return False

    def _check_added(self, action, tm: TableMeld, new: Meld) -> None:
        """Hook: may `action` make meld `tm` into `new` (Yüzbir: not if it brings one's
        opening under the need)?"""

    def _check_table_meld(self, seat: int, n: int, tm: TableMeld) -> None:
        """Hook: may `seat` add to or take an okey from meld `n` at all (Yüzbir Y9)?"""

    def _extended(self, n: int, tm: TableMeld, tile: int, high_first: bool = True) -> Meld | None:
        """Meld `n` with `tile` added, or None if it does not fit (Yüzbir adds Y10); an
        okey goes to the high end of a run unless `high_first` is False (O-D4)."""
        return add_tile(tm.meld, tile, self.okey_kind, self.ace_high, high_first)

    def add_charge(self, actor: int, owner: int, value: int) -> int:
        """O17/O18: the owner pays value x 10; nothing to yourself or your partner (O-D7)."""
        return 0 if self.same_side(actor, owner) else value * 10

    def swap_charge(self, actor: int, owner: int, value: int) -> int:
        """O19: 100 + the added tile's value x 10."""
        return 0 if self.same_side(actor, owner) else 100 + value * 10

    def _plan_swap(self, action):
        seat, tm = self._table_move(action, "take an okey")
        new = self._swapped(action.target, tm, action.tile)
        self._check_swap_extra(action.target, tm, new)
        hand_after = self._remove(self.r.hands[seat], [action.tile], melding=False)
        hand_after[WILD] += 1  # the okey comes to the hand (O19, O-D8)
        self._check_taken(hand_after, "swap", self._table_after(action.target, new))
        charge = self.swap_charge(seat, tm.owner, self.tile_value(action.tile))
        return lambda: self._commit_swap(action, new, hand_after, tm.owner, charge)

    def _swapped(self, n: int, tm: TableMeld, tile: int) -> Meld | tuple[int, ...]:
        """Meld `n` (a run, a set or a pair) with the real `tile` in place of an okey it
        stands for (O19; a pair's okey stands for its partner, O-D10, Y-D4), or why not."""
        if WILD not in tm.tiles:
            raise self._illegal("O19", f"meld {n} holds no okey", "okey.error.no_okey", n=n)
        if tm.pair is not None and tm.pair.count(WILD) == 2:
            raise self._illegal("O19", f"meld {n} is a pair of two okeys: neither stands for one tile",
                                "okey.error.swap_pair_two_okeys", n=n)
        new = swap_in(tm.tiles if tm.pair is not None else tm.meld, tile, self.okey_kind, self.ace_high)
        if new is None:
            raise self._illegal("O19", f"the okey in meld {n} does not stand for {format_tile(tile)}",
                                "okey.error.swap_mismatch", tile=format_tile(tile), n=n)
        return new

    def _check_swap_extra(self, n: int, tm: TableMeld, new) -> None:
        """Hook for Yüzbir (Y12, Y13)."""

    def _keep_one(self, hand_after: Counter) -> None:
        if sum(hand_after.values()) < 1:
            raise self._illegal("O9", "keep at least one tile to discard", "okey.error.keep_one")

    def _check_taken(self, hand_after: Counter, move: str, table=()) -> None:
        """O20: a move made while the taken discard waits ("melds", "add", "swap", "pairs")
        must lay it, or leave it a use later in this turn on `table`, the melds and pairs
        after the move (`_table_after`; `hand_after` holds an okey a swap brings). Once
        something is laid the take cannot be returned (O-D9), so a move that left the taken
        tile with nowhere to go would leave the turn with no way to end. Pairs (O23) lay
        it at once: a pairs player adds nothing (O-D8). Yüzbir's Y8 differs."""
        if self._taken_used_after(hand_after):
            return
        if move == "pairs" or not self._taken_has_a_use(
                self.r.seat, self.r.taken[0], hand_after, table):
            raise self._taken_unused_error()

    def _table_after(self, n: int | None = None, new=None, more=()) -> list:
        """The melds on the table by meld number - 1 (a run or set as a `Meld`, a pair as
        its two tiles: its okey may be taken back, O19), with meld `n` become `new` and the
        melds `more` laid."""
        melds = [tm.pair if tm.pair is not None else tm.meld for tm in self.r.table]
        if n is not None:
            melds[n - 1] = new
        return melds + list(more)

    def _taken_has_a_use(self, seat: int, tile: int, hand: Counter, melds) -> bool:
        """O20: could `tile`, a taken discard that `hand` still holds, be laid later in this
        turn by `seat`, who has opened with runs and sets (or is opening now), the melds on
        the table being `melds` (`_table_after`)? Added to a meld, keeping a tile to discard
        (O17, O9); put in place of an okey (O19, a pair's too); added once tiles of the hand went
        before it (O17: r8, then a taken r9); laid in a new meld with tiles of the hand
        (O16); or any of these once rack tiles put in place of okeys on the table brought
        those okeys to the hand (O19: b7 for the okey of b5 b6 * b8, then b8 F * laid).
        `can_use` (O-D15) and the check of every move made while the take waits
        (`_check_taken`) both ask this, so they agree."""
        okey, ace = self.okey_kind, self.ace_high
        real = [m for m in melds if isinstance(m, Meld)]  # pairs take no tile (O-D6)
        if sum(hand.values()) >= 2 and any(
                self._among(tile, *extensions(m, okey, ace)) for m in real):
            return True
        if any(swap_in(m, tile, okey, ace) is not None for m in melds):
            return True
        if self._makes_a_meld(tile, hand) \
                or self._fits_after_additions(hand - Counter({tile: 1}), tile, real):
            return True
        return any(self._taken_has_a_use(seat, tile, h, after)
                   for h, after in self._swaps(seat, hand, tile, melds))

    def _swaps(self, seat: int, hand: Counter, tile: int, melds):
        """(hand, melds) after `seat` puts one rack tile, other than `tile` or an okey, in
        place of an okey of `melds` (O19; a pair's too) where the rules allow it (`_may_swap`)."""
        okey, ace = self.okey_kind, self.ace_high
        for i, m in enumerate(melds):
            if WILD not in (m.tiles if isinstance(m, Meld) else m):
                continue
            for t in hand:
                if t in (tile, WILD):
                    continue
                new = swap_in(m, t, okey, ace)
                if new is not None and self._may_swap(seat, i + 1, m, new):
                    yield hand - Counter({t: 1}) + Counter({WILD: 1}), [*melds[:i], new, *melds[i + 1:]]

    def _may_swap(self, seat: int, n: int, old, new) -> bool:
        """Hook: may `seat` turn meld `n` (now `old`, a `Meld` or a pair's two tiles) into
        `new` by an okey swap? Okey 101 asks nothing more than the swap itself (O19); Yüzbir
        checks Y9, Y12 and Y13."""
        return True

    def _makes_a_meld(self, tile: int, hand: Counter) -> bool:
        """Could `tile` be laid this turn in a new meld with tiles of `hand` (which holds
        it), keeping a tile to discard (O9)?"""
        return sum(hand.values()) >= 4 and self._tile_in_some_opening(hand, tile, 0)

    def _taken_unused_error(self):
        tile = format_tile(self.r.taken[0])
        return self._illegal("O20", f"the taken {tile} must be used in this move",
                             "okey.error.taken_unused", tile=tile)

    # ----- commits ------------------------------------------------------------------
    def apply(self, action) -> list[Event]:
        commit = self._plan(action)
        self.actions.append(str(action))
        events = commit()
        return events

    def _commit_draw(self):
        r = self.r
        tile = r.pile.pop()
        r.hands[r.seat][tile] += 1
        r.phase = "play"
        r.last_discard = None
        return [Event("okey.drew", r.seat, {"seat": r.seat, "pile": len(r.pile)}, {"tile": format_tile(tile)})]

    def _commit_take(self):
        r = self.r
        owner, tile = r.last_discard
        r.taken = (tile, r.hands[r.seat][tile])
        r.hands[r.seat][tile] += 1
        r.discards[owner].pop()
        r.last_discard = None
        r.phase = "play"
        return [Event("okey.took", r.seat, {"seat": r.seat, "tile": format_tile(tile), "from": owner})]

    def _commit_return(self):
        r = self.r
        tile = r.taken[0]
        owner = (r.seat - 1) % 4
        r.hands[r.seat][tile] -= 1
        r.hands[r.seat] = +r.hands[r.seat]
        r.discards[owner].append(tile)
        r.taken = None
        if not r.pile:  # O-D15 kept the round on for this discard: no draw is left (O26)
            return [Event("okey.returned_no_pile", r.seat, {"seat": r.seat, "tile": format_tile(tile)}),
                    *self._end_round("draw", None)]
        events = [Event("okey.returned", r.seat, {"seat": r.seat, "tile": format_tile(tile)})]
        r.phase = "draw"
        return events + self._commit_draw()

    def _charge(self, seat: int, points: int, rule: str, events: list) -> None:
        if points:
            rule = self.rule_ids.get(rule, rule)
            self.r.penalties[seat] += points
            events.append(Event("okey.penalty", seat, {"seat": seat, "points": points, "rule": rule}))

    def _note_taken_use(self, hand_after: Counter, events: list, move: str,
                        laid=(), value: int | None = None) -> None:
        """O20: once the taken discard is used (by a lay: `move` "melds", "pairs", "add" or
        "swap", putting down the melds or pairs `laid`), its discarder pays `taken_charge`
        of its `value` (by default as `_laid_value` finds it in `laid`)."""
        r = self.r
        if move == "swap" and r.taken is not None and r.taken[0] == WILD:
            # O-D8: the okey a swap brings is the player's own (it need not be used that
            # turn), not the okey taken: the okeys held "before the take" count it
            r.taken = (WILD, r.taken[1] + 1)
        if r.taken is not None and self._taken_used_after(hand_after):
            if value is None:
                value = self._laid_value(r.taken[0], laid)
            discarder = (r.seat - 1) % 4
            self._charge(discarder, self.taken_charge(r.seat, discarder, value), "O20", events)
            r.taken = None

    def _laid_value(self, tile: int, laid) -> int:
        """O13: a tile's value; an okey's is that of the tile it stands for where it was
        laid (in a pair: its partner's). An okey standing for the 1 after 13 is worth 1:
        O-D3's 14 is for the opening sum only."""
        if tile != WILD:
            return self.tile_value(tile)
        for m in laid:
            if isinstance(m, Meld) and WILD in m.tiles:
                return (m.numbers[m.tiles.index(WILD)] - 1) % 13 + 1
            if not isinstance(m, Meld) and WILD in m:  # a pair
                others = [t for t in m if t != WILD]
                return self.tile_value(others[0]) if others else 0
        return self.tile_value(tile)

    def taken_charge(self, taker: int, discarder: int, value: int) -> int:
        """O20/O-D7: the taken tile's value x 10, nothing between partners."""
        return 0 if self.same_side(taker, discarder) else value * 10

    def _commit_lay(self, melds, hand_after, opened=None):
        r = self.r
        seat = r.seat
        events: list[Event] = []
        self._note_taken_use(hand_after, events, "melds", melds)
        r.hands[seat] = hand_after
        start = len(r.table) + 1
        for m in melds:
            r.table.append(TableMeld(seat, m, laid_round_turn=r.turn))
        params = {"seat": seat, "melds": " | ".join(format_tiles(m.tiles) for m in melds), "first": start}
        value = opened[1] if opened is not None else sum(self.meld_value(m) for m in melds)
        events.insert(0, self._laid(seat, "melds", value, params, opening=opened is not None))
        r.laid = True
        return events

    def _commit_pairs(self, pairs, hand_after, owner=None):
        r = self.r
        seat = r.seat
        owner = seat if owner is None else owner
        events: list[Event] = []
        self._note_taken_use(hand_after, events, "pairs", pairs)
        r.hands[seat] = hand_after
        first = len(r.table) + 1
        for p in pairs:
            r.table.append(TableMeld(owner, None, tuple(p), laid_round_turn=r.turn))
        params = {"seat": seat, "pairs": " | ".join(format_tiles(p) for p in pairs),
                  "count": len(pairs), "first": first}
        if owner == seat:
            value = sum(self.pair_value(p) for p in pairs)
            event = self._laid(seat, "pairs", value, params, opening=r.opened[seat] is None)
        else:
            event = self._pairs_given(seat, owner, pairs, params, events)
        events.insert(0, event)
        r.laid = True
        return events

    def _laid(self, seat: int, kind: str, value: int, params: dict, opening: bool) -> Event:
        """Record that `seat` laid melds or pairs worth `value` (`opening`: as its opening)
        and say so. Yüzbir overrides: its openings stay provisional until the discard (Y-D5)."""
        r = self.r
        if not opening:
            return Event("okey.melded" if kind == "melds" else "okey.paired", seat, params)
        r.opened[seat] = kind
        if kind == "melds":
            r.last_opening = value
            return Event("okey.opened", seat, {**params, "value": value})
        return Event("okey.opened_pairs", seat, params)

    def _pairs_given(self, seat: int, owner: int, pairs, params: dict, events: list) -> Event:
        """Pairs laid onto another seat's pairs (Yüzbir Y9); `_pairs_owner` forbids it here."""
        raise NotImplementedError

    def _commit_add(self, action, new, hand_after, owner, charge):
        r = self.r
        seat = r.seat
        n = action.target
        events = [Event("okey.added", seat, {"seat": seat, "tile": format_tile(action.tile), "n": n, "owner": owner})]
        added = self._added_value(r.table[n - 1].meld, new, action.tile)  # (an okey added
        # where the meld has one already stands for what it stands for here, O13)
        self._note_taken_use(hand_after, events, "add", [new],
                             added if r.taken is not None and r.taken[0] == action.tile else None)
        r.hands[seat] = hand_after
        self._placed(n, r.table[n - 1].meld, new, action.tile)
        r.table[n - 1] = TableMeld(owner, new, laid_round_turn=r.table[n - 1].laid_round_turn)
        self._charge(owner, charge, "O18" if action.tile == WILD else "O17", events)
        r.laid = True
        return events

    def _placed(self, n: int, old: Meld, new: Meld, tile: int) -> None:
        """Hook: `tile` was just added to meld `n` (Yüzbir keeps Y10's ends and Y12's okeys)."""

    def _commit_swap(self, action, new, hand_after, owner, charge):
        r = self.r
        seat = r.seat
        n = action.target
        events = [Event("okey.swapped", seat, {"seat": seat, "tile": format_tile(action.tile), "n": n, "owner": owner})]
        self._note_taken_use(hand_after, events, "swap", [new])  # the taken tile put in
        r.hands[seat] = hand_after
        laid = r.table[n - 1].laid_round_turn
        r.table[n - 1] = TableMeld(owner, new, laid_round_turn=laid) if isinstance(new, Meld) \
            else TableMeld(owner, None, new, laid_round_turn=laid)
        self._charge(owner, charge, "O19", events)
        r.laid = True
        return events

    def _commit_discard(self, tile, final, penalty, rule="O21"):
        r = self.r
        seat = r.seat
        r.hands[seat][tile] -= 1
        r.hands[seat] = +r.hands[seat]
        r.discards[seat].append(tile)
        events = [Event("okey.discarded", seat, {"seat": seat, "tile": format_tile(tile)})]
        self._charge(seat, penalty, rule, events)
        ending = self.finish_ending(seat, tile) if final else None
        events += self._turn_done(seat)
        if final:
            # the round-end picture shows how the winner went out: its last turn's marks
            self._mark_turn()
            return events + self._end_round(ending, seat)
        r.last_discard = (seat, tile)
        return events + self._next_turn()

    def finish_ending(self, seat: int, tile: int) -> str:
        """O24/O-D12: how `seat` finished by discarding `tile` ("okey", "pairs" or "hand")."""
        if tile == WILD:
            return "okey"
        return "pairs" if self.r.opened[seat] == "pairs" else "hand"

    def _turn_done(self, seat: int) -> list[Event]:
        """Hook: `seat`'s discard went ahead (Yüzbir completes a provisional opening here)."""
        return []

    def _next_turn(self):
        r = self.r
        r.seat = (r.seat + 1) % 4
        r.turn += 1
        r.phase = "draw"
        self._mark_turn()
        self._reset_turn()
        if not r.pile and self._pile_out_ends():
            return self._end_round("draw", None)
        return []

    def _mark_turn(self) -> None:
        """The turn is over: mark what it laid on the table (the picture's marks) and start
        the next turn's count from the table as it is now."""
        r = self.r
        now = tuple(tm.tiles for tm in r.table)
        kinds = tuple(tm.kind for tm in r.table)
        r.last_laid, r.start_table = turn_marks(r.start_table, now, kinds), now

    def _reset_turn(self) -> None:
        """Forget what belonged to the turn that just ended."""
        self.r.taken = None
        self.r.laid = False

    def _pile_out_ends(self) -> bool:
        """O26/O-D15: the pile is empty and the previous discard is of no use: a draw."""
        r = self.r
        return r.last_discard is None or not self.can_use(r.seat, r.last_discard[1])

    # ----- the end of a round -------------------------------------------------------
    def hand_points(self, seat: int) -> int:
        """O25/O-D14: tiles left, an okey counting 100, a fake okey the okey's number."""
        return sum((100 if t == WILD else self.tile_value(t)) * n for t, n in self.r.hands[seat].items())

    @staticmethod
    def unopened_charge(ending: str) -> int:
        """O25/O-D12: what a rack that never opened pays, whatever it holds (doubled after
        a pairs or okey finish)."""
        return 1000 if ending in ("pairs", "okey") else 500

    def round_scores(self, ending: str, winner: int | None) -> list[int]:
        """O24-O26 and O-D12: the penalty table."""
        big = ending in ("pairs", "okey")
        scores = []
        for s in range(4):
            if s == winner:
                scores.append(-1000 if big else -500)
            elif self.r.opened[s] == "pairs":
                scores.append(self.hand_points(s) * 10)
            elif self.r.opened[s] == "melds":
                scores.append(self.hand_points(s) * (10 if big else 5))
            else:
                scores.append(self.unopened_charge(ending))
        return scores

    def _end_round(self, ending: str, winner: int | None):
        r = self.r
        base = self.round_scores(ending, winner)
        scores = [b + p for b, p in zip(base, r.penalties, strict=True)]
        self.final_charges.append((tuple(base), tuple(o is not None for o in r.opened)))
        self.results.append({"ending": ending, "winner": winner, "scores": scores})
        self._keep_final_racks()
        r.over = True
        events = [Event("okey.round_over", None, {"ending": ending, "winner": winner, "scores": scores,
                                                  "round": len(self.results)})]
        self.keep_round_end()
        if len(self.results) < self.config.rounds:
            self._start_round(len(self.results))
        else:
            events.append(Event("okey.match_over", None, {"totals": self.totals(), "winners": self.winners()}))
        return events

    def _keep_final_racks(self) -> None:
        """Each seat's tiles left as the round ends, an okey as `*` and a fake okey as `F`
        (O4), with their value where the charge goes by it (O25)."""
        hands = self.r.hands
        self.final_racks.append(tuple(format_tiles(sorted(h.elements())) for h in hands))
        # only what is charged by value: an unopened rack pays its flat 500 or 1000
        self.final_values.append(tuple(
            self.hand_points(s) if self.r.opened[s] is not None else None
            for s in range(len(hands))) if self.left_by_value else None)

    def totals(self) -> list[int]:
        return [sum(res["scores"][s] for res in self.results) for s in range(4)]

    def winners(self) -> list[int]:
        if self.current_player is not None:
            return []
        return lowest(self.totals(), self.partners)

    # ----- can a seat use a discard? (O20, O-D15) -------------------------------------
    def can_use(self, seat: int, tile: int) -> bool:
        """O20/O-D15: could `seat`, its turn starting, take `tile` and lay it this turn?
        Its moves after the take are checked by the same test (`_taken_has_a_use`)."""
        r = self.r
        hand = r.hands[seat] + Counter({tile: 1})
        opened = r.opened[seat]
        if opened == "pairs":  # O-D9: a further pair, keeping a tile to discard (O9)
            return self._makes_a_pair(tile, hand)
        if opened == "melds":
            return self._taken_has_a_use(seat, tile, hand, self._table_after())
        return self._in_a_pairs_opening(hand, tile) \
            or self._tile_in_some_opening(hand, tile, self.opening_need()) \
            or self._usable_after_opening(seat, tile)

    def _in_a_pairs_opening(self, hand: Counter, tile: int) -> bool:
        """O20/O23: could `tile` (held in `hand`) be one of the pairs of an opening with
        five or more, keeping a tile to discard (O9)? Also as a pair beyond the fifth: the
        move check takes such an opening ("r9 *" with six pairs), so the pile's end must
        too (O-D15; it had asked whether the tile raised the count of pairs)."""
        rest = hand - Counter({tile: 1})
        for partner in rest:
            if is_pair(tile, partner):
                others = list((rest - Counter({partner: 1})).elements())
                if best_pairs(others, self.okey_kind, self.scoring, keep=1).count + 1 \
                        >= PAIRS_TO_OPEN:
                    return True
        return False

    @staticmethod
    def _makes_a_pair(tile: int, hand: Counter) -> bool:
        """Could `tile` (held in `hand`) be laid in a pair, keeping a tile to discard (O9)?"""
        return sum(hand.values()) >= 3 and (tile == WILD or hand[tile] >= 2 or hand[WILD] >= 1)

    def _usable_after_opening(self, seat: int, tile: int) -> bool:
        """O20: a player who has not opened may take `tile`, open with other tiles (keeping
        one to discard, O9) and then lay it as one who has (`_taken_has_a_use`). The most
        valuable opening may use up a tile the taken one needs (r8 before r9 on the table's
        r5 r6 r7): openings that hold back one or two tiles near it are tried too."""
        hand = self.r.hands[seat]
        near = sorted(t for t in hand if self._near(t, tile))
        for held in ((), *combinations(near, 1), *combinations(near, 2)):
            rest = hand - Counter(held)
            if sum(rest.values()) < len(held) + 1:
                continue
            opening = best_opening(list(rest.elements()), self.okey_kind, self.scoring,
                                   keep=0 if held else 1)
            if not opening.melds or opening.value < self.opening_need():
                if not held:
                    return False  # (nothing opens: nothing held back opens either)
                continue
            laid = [resolve(m, self.okey_kind, self.ace_high) for m in opening.melds]
            left = rest - Counter(t for m in opening.melds for t in m) + Counter(held)
            if self._taken_has_a_use(seat, tile, left + Counter({tile: 1}),
                                     self._table_after(more=laid)):
                return True
        return False

    def _near(self, held: int, tile: int) -> bool:
        """Could `held` be in a meld with `tile` or lead a run to it (an okey; the same
        number; the same colour up to two apart, 13-1 too)?"""
        if tile == WILD:  # (the okey goes wherever a tile does: held back, nothing helps)
            return False
        if held == WILD:
            return True
        a, b = identity(held, self.okey_kind), identity(tile, self.okey_kind)
        if number_of(a) == number_of(b):
            return a != b
        return colour_of(a) == colour_of(b) and (number_of(a) - number_of(b)) % 13 in (1, 2, 11, 12)

    def _fits_after_additions(self, hand: Counter, tile: int, melds) -> bool:
        """Would `tile` extend a run of `melds` (the runs and sets on the table) once tiles
        of `hand` were added to it (O17: r8 from the hand, then r9)? One tile of `hand`
        stays to discard (O9)."""
        spare = sum(hand.values()) - 1
        for meld in melds:
            if meld.kind != "run":
                continue  # a set full with its fourth tile takes no more
            grown, seen = [(meld, Counter())], {meld.tiles}
            while grown:
                run, used = grown.pop()
                if sum(used.values()) >= spare:
                    continue
                for t in hand - used:
                    for high_first in (True, False):
                        new = add_tile(run, t, self.okey_kind, self.ace_high, high_first)
                        if new is None or new.tiles in seen:
                            continue
                        if self._among(tile, *extensions(new, self.okey_kind, self.ace_high)):
                            return True
                        seen.add(new.tiles)
                        grown.append((new, used + Counter({t: 1})))
        return False

    def _tile_in_some_opening(self, hand: Counter, tile: int, need: int) -> bool:
        """Is there a set of melds from `hand`, one of them holding `tile`, worth >= need?"""
        for meld_tiles in self._melds_with(hand, tile):
            rest = hand - Counter(meld_tiles)
            m = resolve(meld_tiles, self.okey_kind, self.ace_high)
            if m is None or not rest:
                continue  # O9: laying may never empty the hand
            value = self.meld_value(m)
            if value >= need or value + best_opening(list(rest.elements()), self.okey_kind,
                                                     self.scoring, keep=1).value >= need:
                return True
        return False

    def _melds_with(self, hand: Counter, tile: int):
        """Candidate melds (table order) from `hand` that contain `tile`."""
        from .tiles import colour_of, kind

        wilds = hand[WILD]
        ident = None if tile == WILD else identity(tile, self.okey_kind)
        plain = Counter({(identity(t, self.okey_kind)): 0 for t in hand})
        for t, n in hand.items():
            if t != WILD:
                plain[identity(t, self.okey_kind)] += n
        colours = range(4) if ident is None else [colour_of(ident)]
        top = 14 if self.ace_high else 13
        for c in colours:
            for start in range(1, top - 1):
                for end in range(start + 2, min(top, start + 12) + 1):
                    if start == 1 and end == 14:
                        continue
                    seq = [kind(c, (n - 1) % 13 + 1) for n in range(start, end + 1)]
                    if ident is not None and ident not in seq:
                        continue
                    yield from self._fill(seq, plain, wilds, tile)
        numbers = range(1, 14) if ident is None else [number_of(ident)]
        from itertools import combinations
        for n in numbers:
            for size in (3, 4):
                for cols in combinations(range(4), size):
                    seq = [kind(c, n) for c in cols]
                    if ident is not None and ident not in seq:
                        continue
                    yield from self._fill(seq, plain, wilds, tile)

    def _fill(self, seq, plain, wilds, tile):
        """Fill the kinds of `seq` from the hand, okeys for the gaps; must include `tile`."""
        used = Counter()
        out = []
        need_wild = 0
        for k in seq:
            if plain[k] - used[k] > 0:
                used[k] += 1
                out.append(k)
            else:
                need_wild += 1
                out.append(WILD)
        if tile == WILD and WILD not in out:
            out[0] = WILD
            need_wild = 1
        if need_wild > wilds or need_wild == len(seq):
            return
        # the okey's kind in a hand can only be a fake okey: the real copies are okeys
        yield [FAKE if k == self.okey_kind else k for k in out]

    # ----- views, records, outcome ----------------------------------------------------
    def view(self, seat: int) -> OkeyView:
        return OkeyView.of(self, seat)

    def legal_actions(self) -> list:
        if self.current_player is None:
            return []
        r = self.r
        if r.phase == "draw":
            out = []
            if r.pile:
                out.append(A.Draw())
            if r.last_discard is not None:
                out.append(A.Take())
            return out
        out = []
        hand = r.hands[r.seat]
        pending = self._taken_pending()
        can_return = not r.laid or self.return_after_laying
        if pending:
            if can_return:
                out.append(A.Return())
        else:
            out.extend(A.Discard(t) for t in self._listed_discards(hand))
        if sum(hand.values()) > 1:
            for n, tm in enumerate(r.table, 1):
                if tm.pair is not None or not (self._may_add(r.seat)
                                               or self._adds_to_own_opening(r.seat, n)):
                    continue
                kinds, wild = extensions(tm.meld, self.okey_kind, self.ace_high)
                for t in sorted(hand):
                    if (wild if t == WILD else identity(t, self.okey_kind) in kinds):
                        for action in (A.Add(t, n), A.Add(t, n, low=True)):
                            if (not action.low or self._okey_fits_both_ends(tm, t)) \
                                    and self.is_legal(action):
                                out.append(action)
        # every okey swap (O19): with a take waiting, those that leave it a use (O20),
        # the taken tile's own among them (after an addition maybe its only use, O-D9)
        out.extend(self._legal_swaps(hand))
        if pending and not can_return:
            # O-D9: the take can no longer be returned and its use may be a new meld only
            # (after a swap brought an okey): list one, so the listed moves never run out
            out.extend(self._meld_for_taken(hand))
        return out

    def _meld_for_taken(self, hand: Counter) -> list:
        """One legal `meld` that lays the taken tile with tiles of `hand`, if any (O16, O20)."""
        if self.r.opened[self.r.seat] != "melds":
            return []
        tile = self.r.taken[0]
        for tiles in self._melds_with(hand, tile):
            m = resolve(tiles, self.okey_kind, self.ace_high)
            if m is None or not hand - Counter(tiles):
                continue
            action = A.LayMelds((m.tiles,))
            if self.is_legal(action):
                return [action]
        return []

    def _okey_fits_both_ends(self, tm: TableMeld, tile: int) -> bool:
        """An okey that could go to either end of a run: `add * to n low` is its own move."""
        if tile != WILD or tm.meld.kind != "run":
            return False
        high = add_tile(tm.meld, tile, self.okey_kind, self.ace_high, True)
        low = add_tile(tm.meld, tile, self.okey_kind, self.ace_high, False)
        return high is not None and low is not None and high.tiles != low.tiles

    def _legal_swaps(self, hand: Counter) -> list:
        """Taking an okey back (O19) with a rack tile it stands for, where the rules allow."""
        out = []
        for n, tm in enumerate(self.r.table, 1):
            if WILD not in tm.tiles:
                continue
            target = tm.pair if tm.pair is not None else tm.meld  # a pair's okey too (O19, Y-D4)
            for t in sorted(hand):
                if swap_in(target, t, self.okey_kind, self.ace_high) is not None:
                    action = A.Swap(t, n)
                    if self.is_legal(action):
                        out.append(action)
        return out

    def _listed_discards(self, hand: Counter) -> list[int]:
        """The tiles whose discard `legal_actions` offers (Yüzbir leaves out refused ones)."""
        return sorted(hand)

    def clone(self):
        from .record import replay
        return replay(self.record())

    def record(self) -> dict:
        rec = {"game": self.game_id, "config": self.config.to_json()}
        if self.given_deals:
            rec["deals"] = [d.to_json() for d in self.given_deals]
        if self.seed is not None or not self.given_deals:
            rec["seed"] = self.seed
        rec["actions"] = list(self.actions)
        return rec

    def outcome(self) -> dict:
        out = {
            "game": self.game_id,
            "status": "finished" if self.current_player is None else "in_progress",
            "current_player": self.current_player,
            "rounds": [dict(r) for r in self.results],
            "totals": self.totals(),
            "winners": self.winners(),
        }
        if self.partners:
            t = self.totals()
            out["teams"] = [{"seats": [0, 2], "total": t[0] + t[2]}, {"seats": [1, 3], "total": t[1] + t[3]}]
        return out

    def all_tiles(self) -> Counter:
        """Every tile of the round, wherever it is (for conservation checks)."""
        r = self.r
        c = Counter(r.pile)
        for h in r.hands:
            c += h
        for d in r.discards:
            c += Counter(d)
        for tm in r.table:
            c += Counter(tm.tiles)
        c[r.deal.indicator] += 1
        return c


def lowest(scores, partners: bool = False) -> list[int]:
    """The seats with the lowest score, who win (O24, Y19): a match's totals or one round's
    scores; with partners both seats of the team with the lowest sum (O-D11)."""
    if partners:
        teams = [scores[0] + scores[2], scores[1] + scores[3]]
        best = min(teams)
        return sorted(s for s in range(4) if teams[s % 2] == best)
    best = min(scores)
    return [s for s in range(len(scores)) if scores[s] == best]


def _rule_broken(tiles) -> str:
    """The rule a wrong meld breaks: its plain tiles of one number make it a set gone wrong
    (O11: a colour twice), else a run (O10)."""
    plain = [t for t in tiles if t not in (WILD, FAKE)]
    return "O11" if len({number_of(t) for t in plain}) == 1 and len(plain) > 1 else "O10"
