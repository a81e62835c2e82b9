"""Pictures from a player's view: `render_rack(view.to_json())` for the private chat and
`render_table(view.to_json())` for the group, dispatching on view["game"]. Only public
parts of the view go into the table picture, so any seat's view (or a spectator's) gives
the same table."""

from __future__ import annotations

import math
from collections.abc import Sequence

from rules.rummikub_state import INITIAL_MELD_POINTS
from rules.tiles import WILD, colour_of, parse_tile

from .dominoes import render_domino_hand, render_domino_line
from .okey import render_okey_rack, render_okey_table
from .rummikub import render_rummikub_example, render_rummikub_rack, render_rummikub_table
from .scores import render_league, render_scores
from .theme import Theme

OKEY_GAMES = ("okey101", "yuzbir")


def _tile(text: str | None, family: str = "okey") -> int | None:
    return None if text is None else parse_tile(text, family)


def _domino(t) -> tuple[int, int]:
    """A domino as "a-b" or [a, b]."""
    if isinstance(t, str):
        a, b = t.split("-")
        return int(a), int(b)
    return int(t[0]), int(t[1])


def _game(view: dict) -> str:
    game = str(view.get("game", "")).lower()
    if game not in OKEY_GAMES + ("rummikub", "dominoes"):
        raise ValueError(f"no pictures for game {game!r}")
    return game


def _colour_gaps(codes: list) -> list:
    """A rack in colour order (the default) with a gap where the colour changes and before
    the jokers, as a player sorts one; the labels still number the tiles only. A rack in
    any other order, or with gaps of its own, is left as it is."""
    if None in codes:
        return codes
    colours = [4 if c == WILD else colour_of(c) for c in codes]
    if colours != sorted(colours):
        return codes
    out: list = []
    for i, c in enumerate(codes):
        if i and colours[i] != colours[i - 1]:
            out.append(None)
        out.append(c)
    return out


def _last_index(rack: list, tile) -> int | None:
    """Where the last copy of `tile` lies in `rack` (None: not there): a tile taken joins a
    rack laid out by hand at its end, after the copy already held."""
    places = [i for i, t in enumerate(rack) if t == tile and tile is not None]
    return places[-1] if places else None


def render_rack(view: dict, theme: str | Theme | None = None) -> bytes:
    """The viewing seat's own tiles: the okey rack with its indicator, penalty tiles (O28)
    and face-down okeys (Y20); the Rummikub rack; the domino hand with where each tile
    can go."""
    game = _game(view)
    if game in OKEY_GAMES:
        rack = view.get("rack", [])
        taken = view.get("taken")  # a discard taken this turn, to be used (O20, Y8)
        return render_okey_rack(
            [_tile(t) for t in rack],
            indicator=_tile(view.get("indicator")), okey_kind=_tile(view.get("okey")),
            penalty=set(view.get("penalty_tiles") or ()),
            face_down=set(view.get("face_down") or ()), theme=theme,
            taken=_last_index(rack, taken))
    if game == "rummikub":
        return render_rummikub_rack(_colour_gaps([_tile(t, "rummikub")
                                                  for t in view.get("rack", [])]), theme=theme)
    hand = [_domino(t) for t in view.get("hand", [])]
    return render_domino_hand(hand, [_domino(t) for t in view.get("dead", [])],
                              playable=domino_targets(hand, view), theme=theme)


def domino_targets(hand: Sequence[tuple[int, int]], view: dict) -> dict[int, str]:
    """Hand index -> where the legal plays can put it: "L", "R", "L R", or "+" to start the
    line. Read from the view's legal moves, so only the seat to move gets labels."""
    plays = [str(a).split() for a in view.get("legal", ())]
    playable = {_domino(p[1]) for p in plays if len(p) >= 2 and p[0] == "play"}
    ends = view.get("ends")
    out = {}
    for i, (a, b) in enumerate(hand):
        if (a, b) not in playable and (b, a) not in playable:
            continue
        if not ends:
            out[i] = "+"
            continue
        sides = [s for s, e in (("L", ends[0]), ("R", ends[1])) if e in (a, b)]
        out[i] = " ".join(sides) or "+"
    return out


def render_table(view: dict, theme: str | Theme | None = None) -> bytes:
    """The public table: melds (numbered, by owner in the okey games), discards, indicator,
    pile, whose turn, the opening limit; Rummikub's sets and pool; the domino line."""
    game = _game(view)
    turn = view.get("current_player")
    if game in OKEY_GAMES:
        limit, pair_limit = _limits(view, game)
        hands = view.get("hand_counts")
        opened = list(view.get("opened") or ()) or None
        if opened and view.get("provisional_kind") and turn is not None:
            opened[turn] = None  # Y7: an opening laid this turn counts only at the discard
        return render_okey_table(
            [(m["n"], m["owner"], [_tile(t) for t in m["tiles"]]) for m in view.get("melds", [])],
            [_tile(d) for d in view.get("discards", [])], _tile(view.get("indicator")),
            view.get("pile", 0), turn, seats=len(hands) if hands else len(view.get("discards", [])) or 4,
            limit=limit, pair_limit=pair_limit, okey_kind=_tile(view.get("okey")),
            hand_counts=hands, opened=opened,
            provisional=set(view.get("provisional") or ()), theme=theme,
            laid={m["n"]: m.get("laid") or () for m in view.get("melds", [])},
            partners=bool(view.get("partners")), penalties=view.get("penalties"))
    if game == "rummikub":
        return render_rummikub_table(
            [[_tile(t, "rummikub") for t in s] for s in view.get("table", [])],
            view.get("pool", 0), turn, hand_counts=view.get("hand_counts"),
            melded=view.get("melded"), theme=theme, laid=view.get("laid"),
            initial=INITIAL_MELD_POINTS)
    return render_domino_line(
        [_domino(t) for t in view.get("line", [])], view.get("ends"),
        dead_counts=view.get("dead_counts") if view.get("dead_tiles", True) else None,
        hand_counts=view.get("hand_counts"), turn_seat=turn,
        middle_count=view.get("middle_count", 0), theme=theme, newest=_newest_end(view))


def _newest_end(view: dict) -> str | None:
    """Where the last move laid a tile on the line ("left" or "right"); None if it laid
    none there (a pass, a dead tile) or was the game's first tile."""
    history = view.get("history") or ()
    words = history[-1].get("action", "").split() if history else []
    if len(words) == 3 and words[0] == "play" and words[2] in ("left", "right") \
            and len(view.get("line") or ()) > 1:
        return words[2]
    return None


def render_example(example: dict, theme: str | Theme | None = None) -> bytes:
    """A move step by step for the rules (K2, Rummikub): {"game", "before": sets, "placed":
    tiles, "after": sets, "new": per set, which of its tiles were placed}."""
    if _game(example) != "rummikub":
        raise ValueError(f"no rules example for {example.get('game')!r}")

    def sets(key):
        return [[_tile(t, "rummikub") for t in s] for s in example[key]]

    return render_rummikub_example(sets("before"), [_tile(t, "rummikub") for t in example["placed"]],
                                   sets("after"), example["new"], theme=theme)


def _limits(view: dict, game: str) -> tuple[int | None, int | None]:
    """What an opening needs now: runs/sets and, in Yüzbir, pairs (Y6, Y-D3: the limit L, or
    more than L once someone has opened; pairs ceil(1.5 L)). Okey 101: 51, or more with
    doubling (O15); its pairs have no threshold (O23)."""
    need = view.get("need")
    pair_need = view.get("pair_need")
    if need is None and view.get("limit") is not None:
        need = int(view["limit"])
    if pair_need is None and game == "yuzbir" and view.get("limit") is not None:
        pair_need = math.ceil(int(view["limit"]) * 1.5)
    return need, pair_need


__all__ = ["render_example", "render_league", "render_rack", "render_scores", "render_table"]
