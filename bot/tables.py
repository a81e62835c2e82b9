"""A table in memory: its game, options, seats and (once started) the engine state.

The store holds the truth; a Table is rebuilt from it on restart by replaying the move log.
One asyncio lock per table serialises everything that changes it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from . import i18n
from .messages import Line
from .store import SeatRow
from .timers import Handle, Handles

# Per-move time limits from the rules' decisions, for games whose Config has no `timer`
# option of its own: okey101 O-D13, rummikub K-D5, dominoes D-D6; yuzbir as okey101.
DEFAULT_TIMER = {"okey101": 60, "rummikub": 90, "dominoes": 45, "yuzbir": 60}
# Timeouts in a row after which a computer takes the seat over (O30).
AWAY_AFTER = 2
# A person to move hears privately HURRY_BEFORE seconds before their time runs out (their
# phone may be in a pocket); not when the whole move time is shorter than HURRY_FROM
HURRY_BEFORE = 15
HURRY_FROM = 30
HURRY_WAIT = 120  # seconds a /hurry gives the person to move at a table with no move time
# Seconds a table waits for people, then closes without a result (TurnTimers.on_wait_over): a
# lobby for /start after its last change, a game where every person is away for a /back.
# Nobody left could free the group's game otherwise (only its opener or an admin may /stop).
LOBBY_WAIT = 3600
ABANDONED_WAIT = 3600
# Event params that name a seat: shown as "2 (Ali)" instead of a bare number.
SEAT_PARAMS = ("seat", "from", "to", "winner", "owner")


@dataclass(eq=False)
class Seat:
    user: str | None  # None: a computer player
    name: str
    level: str | None = None  # a computer's level
    away: bool = False  # a computer plays for the absent person
    timeouts: int = 0  # timeouts in a row

    @property
    def computer_moves(self) -> bool:
        return self.user is None or self.away

    def row(self, i: int) -> SeatRow:
        return SeatRow(i, self.user, self.name, self.level, self.away, self.timeouts)

    @classmethod
    def of(cls, r: SeatRow) -> Seat:
        return cls(r.user, r.name, r.level, r.away, r.timeouts)


@dataclass(eq=False)
class Table:
    id: int
    platform: str
    chat: str
    game: object  # the rules' GAME object
    options: dict  # the game options as typed
    config: object
    timer: int  # seconds per move; 0 = none
    bots: str  # level that fills empty seats at the start
    creator: str
    seed: int
    status: str = "lobby"
    league: bool = True  # False: a friendly table, its results kept out of /league (D13)
    seats: list = field(default_factory=list)  # Seat or None, one per seat
    state: object = None
    moves: int = 0  # accepted moves so far (the next move's number)
    turn_began: int = 0  # Core.arrivals when the turn under way began
    # seat -> (Core.arrivals when its rack was last numbered anew, the refusal's key): tiles
    # laid down leave it and the rest move up, or its person's /arrange; rack numbers typed
    # before that meant others
    renumbered: dict = field(default_factory=dict)
    # the rules took back a move of the turn under way (Y7, Y16, Y17): its time runs on
    took_back: bool = False
    began: int = 0  # Core.arrivals when the game began (a /leave from before was the lobby's)
    deadline: float | None = None
    timer_handle: Handle | Handles | None = None
    outage: bool = False  # its move time ran out while its platform did not answer
    pending: list = field(default_factory=list)  # group lines held until the turn passes
    # the lines that tell the start (the seats, the deal) until a commit has told them with
    # every rack; kept when the table is taken again from the store after a failure
    untold_start: list | None = None
    rounds_done: int = 0
    prompted: dict = field(default_factory=dict)  # seat -> ref of its showing move buttons
    # seat -> its rack as shown before this turn's draw: the drawn tile goes to the right
    # end and every other tile keeps the number it was read by (Play.snapshot)
    drawn_over: dict = field(default_factory=dict)
    # (seat, moves, tile) of the last "which end?" (D2): an end said alone answers it
    asked_end: tuple[int, int, str] | None = None
    dirty: set = field(default_factory=set)  # seats to write with the next commit
    sending: int = 0  # batches of this table's moves committed but not yet delivered
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # set while nothing is `sending`: what waits for it wakes as the last batch is out
    all_told: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.all_told.set()

    def telling(self) -> None:
        """A batch of this table's news is on its way out (bot/play.py `_telling`)."""
        self.sending += 1
        self.all_told.clear()

    def told(self) -> None:
        """That batch is out (delivered, or given up: held by a door counts as out)."""
        self.sending -= 1
        if self.sending <= 0:
            self.all_told.set()

    @property
    def size(self) -> int:
        return len(self.seats)

    @property
    def open(self) -> bool:
        return self.status in ("lobby", "playing")

    async def told_so_far(self, wait: float = 10.0) -> None:
        """Until what the table's last moves say has gone out (`sending`, at most `wait`
        seconds): what happens next is told after it, never above it (a /leave's line
        before the picture of the move made just before it). Under the table's lock."""
        if self.all_told.is_set():
            return  # (without a pause: nothing else may slip in before this command)
        try:
            await asyncio.wait_for(self.all_told.wait(), wait)
        except TimeoutError:  # a door that never answers holds up no table for ever
            pass

    def seat_of(self, user: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s is not None and s.user == user:
                return i
        return None

    def count(self) -> int:
        return sum(1 for s in self.seats if s is not None)

    def name(self, i: int | None):
        """A seat's display name: the person's, or a translated "Computer n"."""
        if i is None or not 0 <= i < len(self.seats) or self.seats[i] is None:
            return str(i)
        s = self.seats[i]
        if s.user is None:
            return Line("core.computer", {"n": i + 1})
        return self.told_apart(i, s.name)

    def told_apart(self, i: int, name: str):
        """`name`, the person's at seat i (now, or as a league stored it), with the seat
        beside it where another seat goes by it: "Ayşe" twice at one table."""
        return Line("core.name_seat", {"name": name, "seat": i + 1}) if self.namesake(i) \
            else name

    @property
    def teams(self) -> tuple[tuple[int, int], ...]:
        """With partners, the two teams' seats (O-D11: partners sit opposite); else none."""
        return ((0, 2), (1, 3)) if getattr(self.config, "partners", False) else ()

    def waits_for(self, user: str) -> bool:
        """Is a game under way here waiting for `user`'s move?"""
        return self.state is not None and not self.state.is_finished \
            and self.state.current_player == self.seat_of(user)

    def namesake(self, i: int) -> bool:
        """Does another seat at the table go by seat i's name (case aside): another person,
        or a computer whose label it is ("Computer 3", in any of the bot's languages)? A
        person named as a computer of any seat here is one too: "Computer 2" at seat 4,
        seat 2 a person's, read as a computer (and won as one)."""
        name = self.seats[i].name.casefold()
        if any(i18n.translate(lang, "core.computer", {"n": k}).casefold() == name
               for lang in i18n.LANGS for k in range(1, len(self.seats) + 1)):
            return True
        for j, o in enumerate(self.seats):
            if j == i or o is None:
                continue
            if o.user is None:
                if any(i18n.translate(lang, "core.computer", {"n": j + 1}).casefold() == name
                       for lang in i18n.LANGS):
                    return True
            elif o.user != self.seats[i].user and o.name.casefold() == name:
                return True
        return False

    def plain_name(self, i: int):
        """Seat i's name where its number is said beside it ("2: Budi")."""
        s = self.seats[i]
        return s.name if s is not None and s.user is not None else self.name(i)

    def seat_entry(self, i: int) -> Line:
        """Seat i in a list of the seats: "2: Budi", a computer with its level ("3: Computer
        3 (expert)"), so everyone sees what they play against."""
        s = self.seats[i]
        if s is not None and s.user is None and s.level:
            return Line("core.seat_entry_computer", {"seat": i + 1, "player": self.name(i),
                                                     "level": Line(f"core.level.{s.level}")})
        return Line("core.seat_entry", {"seat": i + 1, "player": self.plain_name(i)})

    def seat_ref(self, i: int):
        """Seat i as people see it: numbered from 1 (as the pictures number them)."""
        return Line("core.seat_ref", {"seat": i + 1, "player": self.plain_name(i)})

    @property
    def single(self) -> bool:
        """Yüzbir's single-player mode (Y21): one person against three computers."""
        return getattr(self.config, "mode", None) == "single"

    def humans(self) -> list[tuple[int, Seat]]:
        return [(i, s) for i, s in enumerate(self.seats) if s is not None and s.user]

    def everyone_away(self) -> bool:
        """Has every person left the game or timed out (computers play all their seats)?"""
        people = self.humans()
        return bool(people) and all(s.away for _, s in people)

    def alone(self, seat: int) -> bool:
        """Is every other person here away (or none there)? Then `seat` going away too
        leaves the table waiting for a /back: no computer plays on for nobody."""
        return all(s.away for i, s in self.humans() if i != seat)

    def waiting(self, key: str) -> str:
        """`key`, or its `.waits` text while everyone is away (the table waits for a
        /back, no computer plays: bot/texts.py says which)."""
        return f"{key}.waits" if self.everyone_away() else key

    def game_name(self) -> Line:
        return Line(f"core.game.{self.game.id}")

    def seat_rows(self, which=None) -> list[SeatRow]:
        idx = range(len(self.seats)) if which is None else sorted(which)
        return [self.seats[i].row(i) for i in idx if self.seats[i] is not None]

    def event_params(self, params: dict) -> dict:
        """Event params for a message: seat numbers become "n (name)"."""
        out = dict(params)
        for key in SEAT_PARAMS:
            v = out.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(self.seats):
                out[key] = self.seat_ref(v)
        w = out.get("winners")
        if isinstance(w, list | tuple) and all(isinstance(x, int) for x in w):
            out["winners"] = [self.seat_ref(x) for x in w]
        return out
