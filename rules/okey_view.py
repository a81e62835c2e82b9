"""What one seat sees of an okey game: its own rack, the public table, counts of the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .okey_melds import resolve
from .tiles import WILD, colour_of, format_tile, format_tiles, number_of
from .yuzbir_scoring import playable_discard_charge


@dataclass(frozen=True)
class OkeyView:
    # the seat's own tiles: private even when another seat's happen to be the same
    PRIVATE: ClassVar[tuple[str, ...]] = ("tiles",)

    game: str
    seat: int
    current_player: int | None
    legal: tuple[str, ...]
    tiles: tuple[int, ...]  # own rack, sorted
    indicator: int
    okey_kind: int
    melds: tuple[tuple[int, int, tuple[int, ...], str], ...]  # (n, owner, tiles, kind)
    # Each seat's discard pile, oldest first: every discard is shown to all when it is
    # made, so the whole history is public; a tile taken by the next seat has left it (O20).
    discard_piles: tuple[tuple[int, ...], ...]
    takeable: int | None  # the discard the seat to move may take now
    pile: int
    hand_counts: tuple[int, ...]
    opened: tuple[str | None, ...]
    phase: str
    need: int  # what an opening must reach now
    taken: int | None  # a taken discard still to be used
    penalties: tuple[int, ...]  # this round's penalties so far
    totals: tuple[int, ...]
    round: int
    rounds: int
    assisted: bool
    partners: bool
    ace_high: bool
    limit: int | None = None  # Yüzbir's opening limit
    pair_need: int | None = None  # what a pairs opening must reach now (Yüzbir)
    extra: tuple = ()  # game-specific public facts, as (key, value) pairs
    laid: tuple = ()  # per meld, the tiles the last turn laid (public: everyone saw them)

    @classmethod
    def of(cls, state, seat: int) -> OkeyView:
        r = state.r
        cp = state.current_player
        legal = tuple(str(a) for a in state.legal_actions()) if cp == seat else ()
        return cls(
            game=state.game_id, seat=seat, current_player=cp, legal=legal,
            tiles=tuple(sorted(r.hands[seat].elements())),
            indicator=r.deal.indicator, okey_kind=r.deal.okey_kind,
            melds=tuple((n, tm.owner, tm.tiles, tm.kind) for n, tm in enumerate(r.table, 1)),
            discard_piles=tuple(tuple(d) for d in r.discards),
            takeable=r.last_discard[1] if (r.last_discard and cp is not None and r.phase == "draw") else None,
            pile=len(r.pile),
            hand_counts=tuple(sum(h.values()) for h in r.hands),
            opened=tuple(r.opened),
            phase=r.phase, need=state.opening_need(),
            taken=(r.taken[0] if (r.taken and seat == cp) else None),
            penalties=tuple(r.penalties), totals=tuple(state.totals()),
            round=state.round_index + 1, rounds=state.config.rounds,
            assisted=getattr(state.config, "assisted", False),
            partners=getattr(state.config, "partners", False),
            ace_high=state.ace_high,
            limit=state.view_limit(), pair_need=state.pairs_need(), extra=state.view_extra(seat),
            laid=r.last_laid,
        )

    # ----- assisted-table hints (O28) -----------------------------------------------
    @property
    def discards(self) -> tuple[int | None, ...]:
        """The last (top) discard of each seat."""
        return tuple(p[-1] if p else None for p in self.discard_piles)

    def extenders(self, more=()) -> tuple[set, bool]:
        """Kinds that would extend a run or set on the table (or in `more`, melds about to
        be laid), and whether an okey would."""
        from .okey_melds import extensions

        kinds: set = set()
        wild = False
        for tiles in [*(m[2] for m in self.melds if m[3] != "pair"), *more]:
            m = resolve(tiles, self.okey_kind, self.ace_high)
            k, w = extensions(m, self.okey_kind, self.ace_high)
            kinds |= k
            wild = wild or w
        return kinds, wild

    def _okeys_stand_for(self, tiles, meld_kind: str) -> list[str]:
        """What each okey of a table meld stands for, as a reader of its tiles cannot see:
        in a run its place says it; in a set either missing colour ("r9/k9", O-D4); in a
        pair its partner (O-D10); two okeys paired stand for nothing ("")."""
        from .okey_melds import identity
        from .tiles import kind

        if meld_kind == "pair":
            real = [t for t in tiles if t != WILD]
            return ["" if not real else format_tile(identity(real[0], self.okey_kind))
                    for t in tiles if t == WILD]
        m = resolve(tiles, self.okey_kind, self.ace_high)
        if m is None:
            return []
        if m.kind == "run":
            return [format_tile(m.rep(i)) for i, t in enumerate(tiles) if t == WILD]
        either = "/".join(format_tile(kind(c, m.numbers[0])) for c in m.missing)
        return [either for t in tiles if t == WILD]

    def penalty_kinds(self) -> set[int]:
        """Rack tiles that would cost 100 if discarded now (O21)."""
        from .okey_melds import identity

        kinds, wild = self.extenders()
        return {t for t in self.tiles if (wild if t == WILD else identity(t, self.okey_kind) in kinds)}

    def add_targets(self) -> dict[int, list[int]]:
        """For each rack tile, the meld numbers it could be added to."""
        from .okey_melds import add_tile

        out: dict[int, list[int]] = {}
        for n, _owner, tiles, kind in self.melds:
            if kind == "pair":
                continue
            m = resolve(tiles, self.okey_kind, self.ace_high)
            for t in set(self.tiles):
                if add_tile(m, t, self.okey_kind, self.ace_high) is not None:
                    out.setdefault(t, []).append(n)
        return out

    def _add_hints(self) -> dict[str, list[int]]:
        """Per rack tile, the melds it may be added to; on the seat's own turn only those
        the rules allow now (Y8, Y10 among them)."""
        out = {format_tile(t): ns for t, ns in sorted(self.add_targets().items())}
        if self.phase == "play" and self.current_player == self.seat:
            out = {t: [n for n in ns if f"add {t} to {n}" in self.legal] for t, ns in out.items()}
            out = {t: ns for t, ns in out.items() if ns}
        return out

    def arranged(self, opening_melds=()) -> list[int | None]:
        """The rack as shown: combinations first, each followed by a gap, then the rest
        sorted by colour and number with a gap wherever a run breaks (Y4)."""
        rest = list(self.tiles)
        out: list[int | None] = []
        for m in opening_melds:
            for t in m:
                rest.remove(t)
            out.extend(m)
            out.append(None)
        prev = None
        for t in sorted(rest, key=lambda t: (t >= 52, t)):
            if prev is not None and (t >= 52 or prev >= 52 or colour_of(t) != colour_of(prev)
                                     or number_of(t) - number_of(prev) > 1):
                out.append(None)
            out.append(t)
            prev = t
        while out and out[-1] is None:
            out.pop()
        return out

    def _wastes_take(self, melds) -> bool:
        """Would laying `melds` (an opening hint) leave the taken discard with nowhere to go?
        Yüzbir (Y8): only a new combination may use it. Okey 101 (O20): it may still be
        added this turn to one of these melds or one on the table."""
        from .okey_melds import identity

        t = self.taken
        if any(t in m for m in melds):
            return False
        if len(self.tiles) - sum(len(m) for m in melds) < 2:
            return True  # the taken tile alone would stay: nothing left to discard (O9)
        if self.game == "yuzbir":
            return True
        kinds, wild = self.extenders(melds)
        return not (wild if t == WILD else identity(t, self.okey_kind) in kinds)

    def _best_with_taken(self, scoring):
        """The most valuable runs and sets that hold the taken discard (the most valuable
        ones of all leave it out: laying those would waste the take, O20, Y8), or None."""
        from .ai.okey_hand import Judge
        from .ai.okey_plans import melds_using
        from .solvers.okey_opening import Opening, best_opening

        found = melds_using(Judge(self.okey_kind, scoring, None), self.tiles, self.taken)
        if found is not None and not self._wastes_take(found[0]):
            return Opening(tuple(found[0]), found[1])
        if self.game == "yuzbir":  # Y8: only a new combination may use it
            return None
        # O20: the best without it, the taken tile then added to a meld (and one to discard)
        rest = list(self.tiles)
        rest.remove(self.taken)
        best = best_opening(rest, self.okey_kind, scoring, keep=1)
        return best if best.melds and not self._wastes_take(best.melds) else None

    def _way_out(self, scoring, last: int | None):
        """On the seat's own turn, a way out this turn that discards `last` (any tile if
        None, O24), as the computer players plan it (rules/ai/okey_endgame.py), or None; an
        okey as `last` names the finish that scores double (O-D12, Y-D8). A pairs player
        (O23) and an opening still being laid (Y7) are left out, and so is a rack that
        holds no opening (O14, Y6)."""
        from .ai.okey_endgame import okey_way_out, way_out
        from .ai.okey_hand import Judge

        own = self.opened[self.seat]
        if (self.phase != "play" or self.current_player != self.seat or own == "pairs"
                or dict(self.extra).get("provisional_kind")):
            return None
        if own is None and Judge(self.okey_kind, scoring, None).opening(self.tiles, keep=1).value < self.need:
            return None  # (memoised: asked once per tile of the warning)
        strict = self.game == "yuzbir"  # Y10: each run end takes one tile a turn
        args = {"need": self.need if own is None else 0, "strict": strict,
                "free": self._free_ends() if strict and own is not None else None,
                "take_to_add": self.game != "yuzbir"}  # Y8: a taken tile in a new meld
        tiles = list(self.tiles)
        if last == WILD:
            return okey_way_out(self, tiles, scoring, **args)
        return way_out(self, tiles, scoring, last=last, **args)

    def _pairs_out(self, scoring, last: int):
        """On the seat's own turn, a way out with pairs (O23, O-D10; Y9) that discards
        `last`: every other tile laid as pairs, enough of them to open where the seat has
        not opened yet (O23: five; Y6: the pair limit); the Pairs, or None."""
        from .solvers.okey_pairs import best_pairs

        own = self.opened[self.seat]
        if (self.phase != "play" or self.current_player != self.seat or own == "melds"
                or dict(self.extra).get("provisional_kind") or last not in self.tiles):
            return None
        rest = list(self.tiles)
        rest.remove(last)
        if not rest or len(rest) % 2:
            return None
        pairs = best_pairs(rest, self.okey_kind, scoring)
        if 2 * pairs.count != len(rest):
            return None
        if own is None and not self._pairs_open(pairs):
            return None
        return pairs

    def _pairs_to(self, melds) -> dict | None:
        """Y9: one who opened with runs and sets may lay pairs in front of a seat that opened
        with pairs, charged to it (Y-D6): the rack's pairs of two like tiles that `melds`
        (the hint's) leave, for the first such seat after this one; a tile kept to discard
        (O9). A taken discard must be among them (Y8), else none."""
        from collections import Counter

        from .tiles import FAKE

        seats = len(self.opened)
        if self.game != "yuzbir" or self.opened[self.seat] != "melds":
            return None
        to = next((s for s in ((self.seat + k) % seats for k in range(1, seats))
                   if self.opened[s] == "pairs"), None)
        if to is None:
            return None
        left = Counter(self.tiles) - Counter(t for m in melds for t in m)
        pairs = [(t, t) for t in sorted(left) if t not in (WILD, FAKE)
                 for _ in range(left[t] // 2)]
        if self.taken is not None:  # Y8: it goes into one of them, the others first
            pairs.sort(key=lambda p: p[0] != self.taken)
            if not pairs or pairs[0][0] != self.taken:
                return None
        kept = len(self.tiles) - sum(len(m) for m in melds)
        while pairs and kept - 2 * len(pairs) < 1:
            pairs.pop()
        if not pairs:
            return None
        return {"seat": to, "pairs": [[format_tile(t) for t in p] for p in pairs]}

    def _free_ends(self) -> set:
        from .ai.okey_endgame import legal_adds_by_place

        return legal_adds_by_place(self)[0]

    def _exempt_last(self, penalty: set, okey_out, scoring) -> set:
        """The tiles of `penalty` the rack can go out with this turn as its last discard,
        which O21 (Y-D7) exempts: the warning does not name them (a way out with pairs
        too, O23)."""
        out = penalty & {WILD} if okey_out is not None else set()
        tiles = penalty - {WILD}
        out |= {t for t in tiles if self._pairs_out(scoring, t) is not None}
        tiles -= out
        if not tiles or self._way_out(scoring, None) is None:  # no way out at all
            return out
        return out | {t for t in tiles if self._way_out(scoring, t) is not None}

    def _take_opens(self, scoring) -> int | None:
        """What an opening made with the discard on offer would be worth, where the rack
        alone cannot open and that one can, laying the taken tile (O20, Y8)."""
        from .solvers.okey_opening import best_opening

        if self.takeable is None or self.current_player != self.seat or self.phase != "draw":
            return None
        best = best_opening([*self.tiles, self.takeable], self.okey_kind, scoring, keep=1)
        uses = any(self.takeable in m for m in best.melds)
        return best.value if best.value >= self.need and uses else None

    def _pairs_open(self, pairs) -> bool:
        """Do `pairs` make an opening (O23: five of them; Y6: the pair limit)?"""
        from .solvers.okey_pairs import PAIRS_TO_OPEN

        if pairs is None or not pairs.count:
            return False
        return pairs.value >= (self.pair_need or 0) if self.game == "yuzbir" \
            else pairs.count >= PAIRS_TO_OPEN

    def _take_opens_pairs(self, scoring) -> list | None:
        """The pairs an opening made with the discard on offer would lay, where the rack's
        own pairs cannot open and these can, the taken tile among them (O20, O23; Y8, Y6)."""
        from .solvers.okey_pairs import best_pairs

        if self.takeable is None or self.current_player != self.seat or self.phase != "draw":
            return None
        pairs = best_pairs([*self.tiles, self.takeable], self.okey_kind, scoring, keep=1)
        if not self._pairs_open(pairs) or not any(self.takeable in p for p in pairs.pairs):
            return None
        return [[format_tile(t) for t in p] for p in pairs.pairs]

    def to_json(self) -> dict:
        from .solvers.okey_opening import Opening, best_opening, best_pairs, meld_value
        from .solvers.okey_scoring import OKEY101_SCORING, YUZBIR_SCORING

        scoring = OKEY101_SCORING if self.ace_high else YUZBIR_SCORING
        hints = None
        opening_melds = ()
        last = len(self.tiles) == 1  # the one tile left is the finishing discard
        # O24, O-D12, Y-D8: going out this turn with an okey as the last discard scores double
        okey_out = self._way_out(scoring, WILD) if self.assisted and WILD in self.tiles else None
        # the same with pairs: every other tile paired, the okey kept to discard
        pairs_okey_out = self._pairs_out(scoring, WILD) \
            if self.assisted and WILD in self.tiles and okey_out is None else None
        if self.assisted:
            opened = self.opened[self.seat]
            # the best runs and sets: an opening, or once opened with them, new melds of any
            # value (O16, Y6); none that would waste a taken discard (O20, Y8)
            best = best_opening(self.tiles, self.okey_kind, scoring, keep=1) \
                if opened is None or (opened == "melds" and not last) else None
            if best is not None and self.taken is not None and self._wastes_take(best.melds):
                best = self._best_with_taken(scoring)  # O20, Y8: the best that lays it
            if okey_out is not None:  # the melds of that way out, the okey kept to discard
                best = Opening(tuple(okey_out.melds), sum(
                    meld_value(m, self.okey_kind, scoring) or 0 for m in okey_out.melds))
            opening = best if opened is None else None
            more = best if opened == "melds" else None
            pairs = best_pairs(self.tiles, self.okey_kind, scoring, keep=1) if opened != "melds" else None
            if pairs_okey_out is not None:  # not the okey paired and another tile thrown
                pairs = pairs_okey_out
            if pairs is not None and self.taken is not None \
                    and not any(self.taken in p for p in pairs.pairs):
                pairs = None  # pairs without the taken tile would waste the take (O20, Y8)
            if opening is not None and opening.value:
                opening_melds = opening.melds
            hints = {
                "opening": {"melds": [[format_tile(t) for t in m] for m in opening.melds], "value": opening.value}
                if opening else None,
                "pairs": pairs_hint(pairs, scoring) if pairs else None,
                "melds": [[format_tile(t) for t in m] for m in more.melds]
                if more is not None and more.melds else None,
                # O9: the last tile cannot be added (it is the discard that finishes)
                "adds": {} if last else self._add_hints(),
                "pairs_to": None if last else self._pairs_to(more.melds if more else ()),
            }
            if okey_out is not None and all(t != WILD for t, _n, _side in okey_out.adds):
                hints["adds"].pop("*", None)  # added, the okey could not finish (O-D12)
            if opened is None and (opening is None or opening.value < self.need):
                hints["take_opens"] = self._take_opens(scoring)
                if hints["take_opens"] is None and not self._pairs_open(pairs):
                    hints["take_opens_pairs"] = self._take_opens_pairs(scoring)
        rack = self.arranged(opening_melds)
        # O21: the discard that finishes the round costs nothing, playable or not
        penalty = self.penalty_kinds() if self.assisted and not last else set()
        # Y-D7: where every tile but okeys would fit, such a discard is charged and stands
        every_fits = bool(penalty) and all(t in penalty for t in self.tiles if t != WILD)
        # Y17: in Yüzbir the okey costs the base penalty whenever it is not the last tile,
        # whatever lies on the table (not Y16's "fits a meld": told apart in the caption)
        okey_penalty = self.game == "yuzbir" and self.assisted and not last and WILD in self.tiles
        if okey_penalty:
            penalty = penalty | {WILD}
        if self.taken is not None:  # the taken tile may not be discarded at all (O-D9)
            penalty = penalty - {self.taken}
        free_last = set()  # O21, Y-D7: the discard that finishes costs nothing
        if penalty:
            free_last = self._exempt_last(penalty, okey_out or pairs_okey_out, scoring)
            penalty = penalty - free_last
            if okey_penalty:  # Y17: the okey's own line says what it costs, not O21's
                free_last = free_last - {WILD}
        out = {
            "game": self.game, "seat": self.seat, "current_player": self.current_player,
            "legal": list(self.legal),
            "rack": [None if t is None else format_tile(t) for t in rack],
            "indicator": format_tile(self.indicator), "okey": format_tile(self.okey_kind),
            "melds": [{"n": n, "owner": o, "tiles": format_tiles(t).split(), "kind": k,
                       "laid": list(self.laid[i]) if i < len(self.laid) else [],
                       **({"okeys": self._okeys_stand_for(t, k)} if WILD in t else {})}
                      for i, (n, o, t, k) in enumerate(self.melds)],
            "discards": [None if d is None else format_tile(d) for d in self.discards],
            "discard_piles": [[format_tile(t) for t in pile] for pile in self.discard_piles],
            "takeable": None if self.takeable is None else format_tile(self.takeable),
            "pile": self.pile, "hand_counts": list(self.hand_counts),
            "opened": [None if o is None else o for o in self.opened],
            "phase": self.phase, "need": self.need,
            "taken": None if self.taken is None else format_tile(self.taken),
            "penalties": list(self.penalties), "totals": list(self.totals),
            "round": self.round, "rounds": self.rounds,
            "assisted": self.assisted, "partners": self.partners,
            "penalty_tiles": [i for i, t in enumerate(rack) if t is not None and t in penalty],
        }
        if penalty or free_last:  # what such a discard costs (O21: 100; Y16: its charge)
            out["penalty_cost"] = playable_discard_charge(self.opened[self.seat] == "pairs") \
                if self.game == "yuzbir" else 100
            if self.game == "yuzbir" and not every_fits:  # Y16: refused, the tile comes back
                out["penalty_returns"] = True
        if free_last:  # costly now, free as the last tile once the rest is laid (O21, Y-D7)
            out["free_last"] = sorted(format_tile(t) for t in free_last)
        if okey_penalty:
            out["okey_penalty"] = True
        if self.limit is not None:
            out["limit"] = self.limit
        if self.pair_need is not None:
            out["pair_need"] = self.pair_need
        if hints is not None:
            out["hints"] = hints
        out.update(dict(self.extra))
        return out


def pairs_hint(pairs, scoring) -> dict:
    """The best pairs as hint JSON; their value too where pairs are valued (Yüzbir, Y5)."""
    out = {"pairs": [[format_tile(t) for t in p] for p in pairs.pairs], "count": pairs.count}
    if scoring.pairs_by_value:
        out["value"] = pairs.value
    return out
