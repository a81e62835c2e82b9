"""Yüzbir's match state: the shared okey engine (rules/okey_state.py) with its hooks set to
the Turkish 101 rules of shared/rules/yuzbir.md.

The opening is a turn in progress (Y7, Y-D5): whatever an unopened player lays this turn
is kept in `Round.pending` and stays provisional until the discard. A discard that does
not complete a valid opening is refused and everything laid this turn returns to the hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from . import yuzbir_scoring as Y
from .errors import IllegalAction
from .game import Event
from .okey_melds import add_tile, identity
from .okey_state import OkeyState, Round, TableMeld
from .solvers.okey_opening import best_pairs
from .solvers.okey_scoring import YUZBIR_SCORING
from .tiles import WILD, format_tile

# The shared checks cite Okey 101's rule ids; these are Yüzbir's for the same checks.
# (O8's refusals, a tile named that is not held, answer to no numbered Yüzbir rule: Y1 is
# the tiles and the deal; they are cited with none)
RULE_IDS = {
    "O4": "Y2", "O6": "Y1", "O7": "Y1", "O8": "", "O9": "Y14", "O10": "Y3", "O11": "Y3", "O14": "Y6", "O15": "Y6", "O16": "Y9",
    "O17": "Y11", "O18": "Y11", "O19": "Y11", "O20": "Y8", "O21": "Y16", "O22": "Y3", "O23": "Y9",
    "O26": "Y14", "O-D4": "Y3", "O-D6": "Y9", "O-D8": "Y9", "O-D9": "Y8",
}
# Refusals whose Okey 101 rule is not the Yüzbir one its rule id maps to: by message key,
# the rule cited and the message (laying melds before opening is Y6's, and is done with
# /open; a tile that fits no meld answers to Y3's runs and groups, not to Y11's charge).
KEY_RULES = {
    "okey.error.not_opened_melds": ("Y6", "yuzbir.error.open_first"),
    "okey.error.does_not_fit": ("Y3", "okey.error.does_not_fit"),
    # a meld number the table does not have is a slip, not Y11's charge: no rule cited
    "okey.error.no_meld": ("", "okey.error.no_meld"),
}


@dataclass
class Pending:
    """The opening being laid this turn (Y-D5)."""

    seat: int
    kind: str  # "melds" or "pairs": fixed for the turn (Y9)
    need: int  # what it must reach, fixed when the turn's first tiles went down (Y-D3)
    first: int  # table index of the first provisional meld
    value: int = 0
    taken: tuple[int, int] | None = None  # the taken discard, if laid in a provisional meld


@dataclass
class YuzbirRound(Round):
    limit: int = Y.START_LIMIT  # Y6/Y-D3: L
    pending: Pending | None = None
    ends_used: set = field(default_factory=set)  # (meld n, "low"/"high") given a tile this turn (Y10)
    fresh_okeys: dict = field(default_factory=dict)  # meld n -> kinds of okeys added this turn (Y12)


class YuzbirState(OkeyState):
    scoring = YUZBIR_SCORING

    def _remove(self, hand, tiles, melding: bool = True):
        """As in Okey 101, but a tile that lies in the opening being laid this turn says
        so: it is on the table until the turn ends (Y7, Y-D5), not in the rack."""
        p, r = self.r.pending, self.r
        if p is not None and p.seat == r.seat:
            laid = [t for m in r.table[p.first:] for t in m.tiles]
            for t in tiles:
                if hand[t] < list(tiles).count(t) and t in laid:
                    raise self._illegal("Y7", f"{format_tile(t)} lies in the opening being laid",
                                        "yuzbir.error.in_opening", tile=format_tile(t))
        return super()._remove(hand, tiles, melding)
    round_class = YuzbirRound
    rule_ids = RULE_IDS
    return_after_laying = True  # Y8: a take not used in a new combination is undone

    # ----- the limit (Y6, Y-D3) -------------------------------------------------------
    def _anyone_opened(self) -> bool:
        """Has someone completed an opening (the opener of this turn does not count yet)?"""
        r = self.r
        mover = r.pending.seat if r.pending is not None else None
        return any(o is not None and s != mover for s, o in enumerate(r.opened))

    def opening_need(self) -> int:
        return Y.needs(self.r.limit, self._anyone_opened())[0]

    def pairs_need(self) -> int:
        return Y.needs(self.r.limit, self._anyone_opened())[1]

    def view_limit(self) -> int:
        return self.r.limit

    def view_extra(self, seat: int) -> tuple:
        p = self.r.pending
        provisional = tuple(range(p.first + 1, len(self.r.table) + 1)) if p is not None else ()
        return (("provisional", provisional), ("provisional_kind", p.kind if p is not None else None),
                ("provisional_value", p.value if p is not None else None),
                ("base_penalty", Y.base_penalty(self.okey_kind)))

    # ----- provisional openings (Y7, Y9, Y-D5) ----------------------------------------
    def _pairs_player(self, seat: int) -> bool:
        return self.r.opened[seat] == "pairs"

    def _mixed_error(self):
        return self._illegal("Y9", "an opening is runs and groups or pairs, not both",
                             "yuzbir.error.opening_mixed")

    def _illegal(self, rule, message, key, **params):
        rule, key = KEY_RULES.get(key, (self.rule_ids.get(rule, rule), key))
        return IllegalAction(rule, message, key, **params)

    def _pairs_player_melds_error(self):
        return self._illegal("Y9", "you opened with pairs: you cannot lay runs or groups",
                             "yuzbir.error.pairs_player_no_runs")

    def _no_table_moves_error(self, seat: int, doing: str):
        """Y9: a player who opened, with runs or with pairs, may add and swap; one who has
        not (or whose opening laid this turn does not reach the limit yet) may not."""
        return self._illegal("Y6", f"open first (runs and groups, or pairs) to {doing}",
                             "yuzbir.error.not_opened")

    def _may_open(self, seat: int, kind: str) -> bool:
        if kind == "melds" and self._pairs_player(seat):
            raise self._pairs_player_melds_error()
        p = self.r.pending
        if p is not None and p.seat == seat and p.kind != kind:
            raise self._mixed_error()
        return self.r.opened[seat] is None or (p is not None and p.seat == seat)

    def _check_opening_value(self, value: int) -> None:
        """Y7: an opening below the limit is provisional, so any value may go down now."""

    def _check_pairs_opening(self, seat: int, pairs) -> None:
        """Y-D4: any number of pairs; only their value counts (checked at the discard)."""
        self._may_open(seat, "pairs")

    def _opening_under_way(self, seat: int) -> bool:
        p = self.r.pending
        return p is not None and p.seat == seat and self.r.opened[seat] is None

    def _begin_opening(self, kind: str) -> None:
        r = self.r
        if r.pending is None and r.opened[r.seat] is None:
            need = self.opening_need() if kind == "melds" else self.pairs_need()
            r.pending = Pending(r.seat, kind, need, len(r.table))

    def _commit_lay(self, melds, hand_after, opened=None):
        if opened is not None:
            self._begin_opening("melds")
        return super()._commit_lay(melds, hand_after, opened)

    def _commit_pairs(self, pairs, hand_after, owner=None):
        if owner in (None, self.r.seat):
            self._begin_opening("pairs")
        return super()._commit_pairs(pairs, hand_after, owner)

    def _laid(self, seat: int, kind: str, value: int, params: dict, opening: bool) -> Event:
        p = self.r.pending
        if p is None or p.seat != seat:
            return super()._laid(seat, kind, value, params, opening=False)
        # Everything laid in the opening turn is part of the opening (and sets the limit).
        p.value += value
        if self.r.opened[seat] is None and p.value >= p.need:
            self.r.opened[seat] = p.kind
        key = "yuzbir.laid" if kind == "melds" else "yuzbir.laid_pairs"
        if p.value >= p.need:  # enough: it stands once the turn ends with a discard (Y7)
            key += "_enough"
        return Event(key, seat, {**params, "value": p.value, "need": p.need})

    def _turn_done(self, seat: int) -> list[Event]:
        """The discard went ahead: the opening of this turn is complete (Y-D3 sets L)."""
        r = self.r
        p, r.pending = r.pending, None
        if p is None:
            return []
        r.limit = Y.limit_after(p.kind, p.value)
        key = "yuzbir.opened" if p.kind == "melds" else "yuzbir.opened_pairs"
        return [Event(key, seat, {"seat": seat, "value": p.value, "limit": r.limit})]

    def _commit_opening_returned(self):
        """Y7/Y-D5: the opening fell short: every tile laid this turn goes back to the hand."""
        r = self.r
        p, r.pending = r.pending, None
        laid = [t for tm in r.table[p.first:] for t in tm.tiles]
        del r.table[p.first:]
        r.hands[p.seat].update(laid)
        # the melds taken back are gone: what Y10 and Y12 noted of them this turn goes too
        r.ends_used = {(n, end) for n, end in r.ends_used if n <= p.first}
        r.fresh_okeys = {n: k for n, k in r.fresh_okeys.items() if n <= p.first}
        if p.taken is not None:
            r.taken = p.taken  # the taken discard is unused again (Y8)
        r.laid = False
        return [Event("yuzbir.opening_returned", p.seat, {"seat": p.seat, "value": p.value, "need": p.need})]

    # ----- taking the discard (Y8) ----------------------------------------------------
    def _need_phase(self, phase: str):
        if phase == "draw" and self.r.phase != "draw":
            self._refuse_taken_in_short_opening()  # (not "you have already drawn")
        super()._need_phase(phase)

    def _plan_return(self, action):
        self._refuse_taken_in_short_opening()  # (not "you have not taken a discard")
        return super()._plan_return(action)

    def _refuse_taken_in_short_opening(self) -> None:
        """Y8 with Y7: the taken discard lies in this turn's opening, still short of its
        need: it goes back (and a draw comes) only once a discard takes the opening back."""
        p = self.r.pending
        if p is not None and p.seat == self.r.seat and p.taken is not None \
                and self.r.taken is None and p.value < p.need:
            tile = format_tile(p.taken[0])
            raise self._illegal("Y8", f"the taken {tile} is in a short opening: discard to take "
                                "it back first", "yuzbir.error.taken_in_short_opening",
                                tile=tile, value=p.value, need=p.need)

    def _taken_pending(self) -> bool:
        return self.r.taken is not None

    def _check_taken(self, hand_after: Counter, move: str, table=()) -> None:
        """Y8: only a new combination may use the taken tile: an addition or an okey swap
        must leave it in the hand (a later combination this turn may still use it)."""
        r = self.r
        if move in ("add", "swap") and r.taken is not None and hand_after[r.taken[0]] < 1:
            tile = format_tile(r.taken[0])
            raise self._illegal("Y8", f"use the taken {tile} in a new combination, or return it and draw",
                                "yuzbir.error.taken_new_combination", tile=tile)

    def _note_taken_use(self, hand_after: Counter, events: list, move: str,
                        laid=(), value: int | None = None) -> None:
        if move in ("add", "swap"):
            self._table_move_keeps_take(hand_after)
            return
        taken = self.r.taken
        super()._note_taken_use(hand_after, events, move, laid, value)
        p = self.r.pending
        if taken is not None and self.r.taken is None and p is not None and p.seat == self.r.seat:
            p.taken = taken

    def _table_move_keeps_take(self, hand_after: Counter) -> None:
        """Y8: an addition or an okey swap is no new combination, so the tile of the taken
        kind it put on the table (or the okey a swap brought) was the player's own: the
        copies held "before the take" change with it, and the take still waits for a new
        meld or pair (taking r6 to swap one's own r6 in and throwing the other is no use)."""
        r = self.r
        if r.taken is None:
            return
        tile, before = r.taken
        r.taken = (tile, before + hand_after[tile] - r.hands[r.seat][tile])

    def taken_charge(self, taker: int, discarder: int, value: int) -> int:
        return 0  # Yüzbir charges nothing for a taken discard

    # ----- pairs onto pairs players (Y9, Y-D6) ------------------------------------------
    def _pairs_owner(self, seat: int, to: int | None) -> int:
        opened = self.r.opened
        if to is None:
            if opened[seat] == "melds":
                raise self._illegal("Y9", "you opened with runs: lay pairs onto a player who opened with pairs",
                                    "yuzbir.error.pairs_onto_pairs_players")
            return seat
        if opened[seat] != "melds":
            raise self._illegal("Y9", "only a player who opened with runs lays pairs onto another player",
                                "yuzbir.error.pairs_to_needs_runs")
        if to == seat:  # (not "seat 2 has not opened with pairs" of oneself)
            raise self._illegal("Y9", "you opened with runs: lay pairs onto a player who "
                                "opened with pairs", "yuzbir.error.pairs_onto_pairs_players")
        if not 0 <= to < 4 or opened[to] != "pairs":
            raise self._illegal("Y9", f"seat {to} has not opened with pairs", "yuzbir.error.pairs_to_target",
                                to=to)
        return to

    def _pairs_given(self, seat: int, owner: int, pairs, params: dict, events: list) -> Event:
        charge = sum(self.add_charge(seat, owner, self.pair_value(p)) for p in pairs)
        self._charge(owner, charge, "Y-D6", events)  # (a pair as one addition: its own line)
        return Event("yuzbir.pairs_given", seat, {**params, "to": owner})

    # ----- additions and okey swaps (Y9-Y13) --------------------------------------------
    def _may_add(self, seat: int) -> bool:
        return self.r.opened[seat] is not None

    def _check_table_meld(self, seat: int, n: int, tm: TableMeld) -> None:
        """Y9: a pairs opener's table moves are single tiles into runs: an okey swap too,
        so not from a group or a pair (theirs, or one laid onto another pairs opener)."""
        if self._pairs_player(seat) and tm.kind != "run":
            raise self._illegal("Y9", "a player who opened with pairs adds single tiles to runs only",
                                "yuzbir.error.pairs_runs_only")

    def _extended(self, n: int, tm: TableMeld, tile: int, high_first: bool = True):
        """Y10: each end of a run takes one tile per turn (an okey tries the other end)."""
        meld = tm.meld
        if meld.kind != "run":
            return super()._extended(n, tm, tile, high_first)
        blocked = False
        for high in (high_first, not high_first):
            new = add_tile(meld, tile, self.okey_kind, self.ace_high, high)
            if new is None:
                continue
            if (n, _end(meld, new)) not in self.r.ends_used:
                return new
            blocked = True
            if not high_first:  # the low end asked for (O-D4's "low"): not the high instead
                break
        if blocked:
            raise self._illegal("Y10", f"that end of meld {n} has already taken a tile this turn",
                                "yuzbir.error.end_used", n=n)
        return None

    def _adds_to_own_opening(self, seat: int, n: int) -> bool:
        """A run or group of the opening being laid this turn may take a tile, short of
        the need or not (Y-D5: the opening is everything laid this turn; Y10 still holds)."""
        p = self.r.pending
        return self._opening_under_way(seat) and p.kind == "melds" and n - 1 >= p.first

    def _check_added(self, action, tm, new) -> None:
        """Y7, Y-D2: a tile that brings one's opening of this turn, which reached the need,
        under it again (a fourth 13 makes the three 13s' 17 a 14) is refused: the discard
        would take the opening back, while what the player did as one who had opened (an
        addition to another's meld, its charge) stayed."""
        p, r = self.r.pending, self.r
        if p is None or p.seat != r.seat or p.kind != "melds" or action.target - 1 < p.first \
                or r.opened[p.seat] is None:
            return
        value = p.value + self.meld_value(new) - self.meld_value(tm.meld)
        if value < p.need:
            raise self._illegal("Y7", f"{format_tile(action.tile)} would bring the opening to "
                                f"{value}, short of {p.need}", "yuzbir.error.add_makes_short",
                                tile=format_tile(action.tile), n=action.target, value=value,
                                need=p.need)

    def _placed(self, n: int, old, new, tile: int) -> None:
        p = self.r.pending
        if p is not None and p.seat == self.r.seat and p.kind == "melds" and n - 1 >= p.first:
            # a meld of the opening laid this turn: the opening is worth what it now is
            # (Y5), which sets the limit (Y-D3) and may make it reach the need (Y7)
            p.value += self.meld_value(new) - self.meld_value(old)
            if self.r.opened[p.seat] is None and p.value >= p.need:
                self.r.opened[p.seat] = p.kind
        if new.kind == "run":
            end = _end(old, new)
            self.r.ends_used.add((n, end))
            at = len(new.tiles) - 1 if end == "high" else 0
            rep = new.rep(at)
        else:
            rep = -1  # an okey in a group stands for either missing colour
        if tile == WILD:
            self.r.fresh_okeys.setdefault(n, []).append(rep)

    def _check_swap_extra(self, n: int, tm: TableMeld, new) -> None:
        if tm.pair is not None:  # a pair is laid whole, its okey with it (Y-D4)
            if tm.laid_round_turn == self.r.turn:
                raise self._illegal("Y12", "an okey placed this turn cannot be taken back this turn",
                                    "yuzbir.error.fresh_okey", n=n)
            return
        old = tm.meld
        if old.kind == "set" and len(old.tiles) < 4:
            raise self._illegal("Y13", "an okey in a group can be taken only to complete the four colours",
                                "yuzbir.error.group_okey", n=n)
        fresh = self.r.fresh_okeys.get(n, [])
        if tm.laid_round_turn == self.r.turn:
            stale = 0  # the whole meld went down this turn
        elif old.kind == "run":
            i = next(i for i, (a, b) in enumerate(zip(old.tiles, new.tiles, strict=True)) if a != b)
            stale = 0 if old.rep(i) in fresh else 1
        else:
            stale = old.tiles.count(WILD) - len(fresh)
        if stale <= 0:
            raise self._illegal("Y12", "an okey placed this turn cannot be taken back this turn",
                                "yuzbir.error.fresh_okey", n=n)

    def add_charge(self, actor: int, owner: int, value: int) -> int:
        """Y11/Y-D6: the owner pays; nothing for your own melds."""
        if actor == owner:
            return 0
        return Y.addition_charge(value, self._pairs_player(actor), self._pairs_player(owner))

    def swap_charge(self, actor: int, owner: int, value: int) -> int:
        return self.add_charge(actor, owner, value)

    # ----- discards (Y7, Y14, Y16, Y17, Y-D7) -------------------------------------------
    def _playable(self, tile: int, extenders) -> bool:
        kinds, wild = extenders
        return tile != WILD and identity(tile, self.okey_kind) in kinds

    def _discard_kind(self, tile: int, final: bool, extenders=None) -> str:
        """How the rules treat this discard: "ok"; "okey" / "playable": refused (Y17, Y16);
        "okey_stands" / "playable_stands": charged but it goes ahead (only okeys left; every
        other tile playable, Y-D7)."""
        if final:
            return "ok"
        hand = self.r.hands[self.r.seat]
        if tile == WILD:
            return "okey" if any(t != WILD for t in hand) else "okey_stands"
        extenders = extenders or self.extenders()
        if not self._playable(tile, extenders):
            return "ok"
        everything = all(self._playable(t, extenders) for t in hand if t != WILD)
        return "playable_stands" if everything else "playable"

    def _discard_ruling(self, tile: int, final: bool) -> tuple:
        r = self.r
        if r.pending is not None and r.opened[r.seat] is None:
            return self._commit_opening_returned, 0, "Y7"
        kind = self._discard_kind(tile, final)
        if kind == "ok":
            return None, 0, "Y16"
        pairs = self._pairs_player(r.seat)
        if kind.startswith("okey"):
            charge = Y.okey_discard_charge(self.okey_kind, pairs)
        else:
            charge = Y.playable_discard_charge(pairs)
        refused, rule, key = _RULINGS[kind]
        if refused:
            return (lambda: self._commit_refused(tile, charge, rule, key)), 0, rule
        return None, charge, rule

    def _commit_refused(self, tile: int, charge: int, rule: str, key: str):
        """Y16/Y17: the tile comes back to the hand; the penalty stays."""
        seat = self.r.seat
        events = [Event(key, seat, {"seat": seat, "tile": format_tile(tile)})]
        self._charge(seat, charge, rule, events)
        return events

    def _listed_discards(self, hand: Counter) -> list[int]:
        """Discards that go ahead (or, with a provisional opening, give it up, Y-D5)."""
        r = self.r
        if r.pending is not None and r.opened[r.seat] is None:
            return sorted(hand)
        final = sum(hand.values()) == 1
        ext = self.extenders()
        return [t for t in sorted(hand) if self._discard_kind(t, final, ext) not in ("okey", "playable")]

    # ----- turns and the end of a round (Y14, Y15, Y18, Y-D8) ---------------------------
    def _reset_turn(self) -> None:
        super()._reset_turn()
        r = self.r
        r.pending = None
        r.ends_used.clear()
        r.fresh_okeys.clear()

    def _pile_out_ends(self) -> bool:
        """Y14: the player who drew the last tile has discarded: the round is over."""
        return True

    def can_use(self, seat: int, tile: int) -> bool:
        """Y8: the discard can be taken only into a NEW combination this turn: a meld with
        tiles of the rack (in an opening: one that reaches the limit) or a pair (a runs
        opener's onto a pairs opener, Y9), maybe with okeys that rack tiles took back from
        the table first (Y11-Y13); not added to a meld on the table, as Okey 101 allows."""
        r = self.r
        opened = r.opened[seat]
        hand = r.hands[seat] + Counter({tile: 1})
        if opened is None:
            pairs = best_pairs(list(hand.elements()), self.okey_kind, self.scoring, keep=1)
            return self._tile_in_some_opening(hand, tile, self.opening_need()) \
                or (pairs.value >= self.pairs_need() and any(tile in p for p in pairs.pairs))
        return self._new_combination(seat, tile, hand, self._table_after())

    def _new_combination(self, seat: int, tile: int, hand: Counter, melds) -> bool:
        """Could `seat`, who has opened, lay `tile` (held in `hand`) in a new combination
        (Y8), the table's runs and groups being `melds`, after okey swaps if need be?"""
        pairs_to = any(o == "pairs" for s, o in enumerate(self.r.opened) if s != seat)
        if self._makes_a_pair(tile, hand) and (self._pairs_player(seat) or pairs_to):
            return True  # Y9: a pairs player's own pair, or a runs opener's onto one
        if not self._pairs_player(seat) and self._makes_a_meld(tile, hand):
            return True
        return any(self._new_combination(seat, tile, h, after)
                   for h, after in self._swaps(seat, hand, tile, melds))

    def _may_swap(self, seat: int, n: int, old, new) -> bool:
        """Y9 (a pairs player: runs only), Y12 and Y13, for meld `n` as it is now `old`
        (a pair as its two tiles)."""
        tm = self.r.table[n - 1] if n <= len(self.r.table) else None
        meld, pair = (None, tuple(old)) if isinstance(old, tuple) else (old, None)
        tm = TableMeld(tm.owner if tm else seat, meld, pair,
                       laid_round_turn=tm.laid_round_turn if tm else self.r.turn)
        try:
            self._check_table_meld(seat, n, tm)
            self._check_swap_extra(n, tm, new)
        except IllegalAction:
            return False
        return True

    def finish_ending(self, seat: int, tile: int) -> str:
        r = self.r
        at_once = (r.pending is not None and r.pending.seat == seat
                   and all(o is None for s, o in enumerate(r.opened) if s != seat))
        return Y.ending_name(self._pairs_player(seat), tile == WILD, at_once)

    def round_scores(self, ending: str, winner: int | None) -> list[int]:
        r = self.r
        return Y.round_scores(self.okey_kind, ending, winner, [o is not None for o in r.opened],
                              [sum(h.values()) for h in r.hands])


# How the discards Y16/Y17 concern are treated: (refused, rule, the refusal's message key)
_RULINGS = {
    "okey": (True, "Y17", "yuzbir.okey_refused"),
    "okey_stands": (False, "Y17", None),
    "playable": (True, "Y16", "yuzbir.discard_refused"),
    "playable_stands": (False, "Y-D7", None),
}


def _end(old, new) -> str:
    """Which end of run `old` a tile went to to make `new`."""
    return "high" if new.high > old.high else "low"
