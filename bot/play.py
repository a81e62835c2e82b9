"""Playing a started table: moves, computer players, seats changing hands, and what each
person is told after each batch of moves (the timers are bot/turn_timers.py).

A batch is one person's move (or one timeout) plus every computer move that follows until a
present person is to move. The batch is committed to the store (moves, seats, deadline,
finished rounds, league) in one transaction BEFORE any message about it is built, so a
crash can lose messages but never a move, and can never apply one twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import logging
import random
import zlib
from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, replace
from typing import NamedTuple

from rules.ai import LEVELS
from rules.errors import IllegalAction, RulesError
from rules.record import ReplayError, replay
from rules.words import fold

from . import board, board_okey, board_rummikub, events, journal, league, notation, views
from .lobby import again_ref, planned_seat, start_lines
from .messages import Choice, Joined, Line, To
from .outbox import Outbox
from .rack_layout import Layout, without
from .refusal import Refusal, error_line, not_started
from .store import MoveRow, TableRow, disk_full
from .tables import (
    AWAY_AFTER,
    HURRY_WAIT,
    Seat,
    Table,
)
from .timers import Handles

log = logging.getLogger(__name__)

MAX_BUTTONS = 40
# a prompt's buttons a door shows, where it shows fewer than MAX_BUTTONS (Discord: 25)
BUTTONS_SHOWN = {"discord": 25}
MAX_PAYLOAD = 64  # bytes: Telegram's limit for callback data
TIMEOUT_LEVEL = "normal"  # who moves for a player whose time ran out (O30)
AGAIN_AFTER_FAILURE = 10.0  # seconds before a table whose change failed goes on
# More moves than any turn needs (a draw, every tile laid or added, a discard): a computer
# past it is made to end its turn. A rule may give a turn back (Yüzbir's refused discard,
# Y7, Y16, Y17), and a player that repeats the move the rule refused would hold its table
# for ever, the event loop busy with it.
MOVES_IN_A_TURN = 50
_ENDS_A_TURN = ("draw", "take", "discard", "pass")  # the moves that may end one


@dataclass
class Step:
    seat: int
    action: str
    how: str  # player | computer | timeout | away
    events: list


class _Answer(NamedTuple):
    """What a batch the computers answered comes to (Play._answered)."""

    outcome: dict
    new_rounds: list
    finished: bool
    new_turn: bool
    helped: set
    records: list


def _before_away_note(lines: list, more: list) -> list:
    """`lines` with `more` put in before the note that a computer now plays the seat."""
    at = next((i for i, line in enumerate(lines) if line.key.startswith("core.away_private")),
              len(lines))
    return [*lines[:at], *more, *lines[at:]]


def _away_news(table: Table, given: dict, batch, seat: int) -> list:
    """What a seat a computer plays hears of a batch: its draws are no news to its person,
    but what was done at the timeout that made it so is (the tile drawn for them), with the
    note that a computer plays it now."""
    told = _told_by_note(table, batch)
    return _before_away_note(list(given.get(seat, ())), [
        line for st in batch if st.seat == seat and st.how == "timeout"
        for ev in st.events if (line := events.private_line(table, ev)) is not None
        and not _among(ev, told)])


def _told_by_note(table: Table, batch) -> list:
    """The events of `batch` whose private news a timeout's note (events.timeout_news)
    already told: not told again."""
    return [ev for st in batch for ev in events.told_by_timeout_note(table, st)]


def _among(ev, evs) -> bool:
    return any(ev is other for other in evs)


def _running_totals(table: Table, outcome: dict) -> list[Line]:
    """From the second round on, everyone's match total so far: the scores picture shows
    it, and a reader without the picture had only the round's own scores."""
    played = len(outcome["rounds"])
    if played < 2:
        return []
    dominoes = table.game.family == "dominoes"  # its rounds are games, as events words them
    key = "core.totals_after_games" if dominoes else "core.totals_after_rounds"
    return [Line(key, {"n": played, "totals": events.scores(table, outcome["totals"])})]


def _team_totals(table: Table, outcome: dict) -> list[Line]:
    """With partners, each team's match total (O-D11: a team's total decides)."""
    if not table.teams:
        return []
    t = outcome["totals"]
    return [Line("core.team_totals", {"teams": [
        Line("core.score_entry", {
            "player": Line("core.partners", {"a": table.name(a), "b": table.name(b)}),
            "score": t[a] + t[b]}) for a, b in table.teams]})]


def _button_order(moves: list[str], shown: int = MAX_BUTTONS) -> list[str]:
    """Each low-end okey add beside its plain one, where the door shows every button
    (`shown` of them); in a longer list they stay where the engine lists them, after the
    discards, so the door's cut takes them, not a discard (every turn ends with one)."""
    return _low_beside_plain(moves) if len(moves) <= shown else moves


def _low_beside_plain(moves: list[str]) -> list[str]:
    """`moves` with each `add * to n low` (O-D4: the okey at the run's low end) right after
    its `add * to n`: a hint puts the plain one first, and the low one stayed after every
    discard, far from it."""
    listed = set(moves)
    out = []
    for move in moves:
        if move.endswith(" low") and move.removesuffix(" low") in listed:
            continue  # told beside its plain move
        out.append(move)
        if f"{move} low" in listed:
            out.append(f"{move} low")
    return out


def _put_down(table: Table, batch, seat: int) -> bool:
    """Did `seat` itself put Rummikub tiles down in `batch` (a `play` of its own)?"""
    return table.game.id == "rummikub" and any(
        st.seat == seat and st.how != "timeout" and st.action.startswith("play") for st in batch)


def live_ref(table: Table) -> str:
    """The name of a quiet chat's table picture (bot/prefs.py), which the next one edits."""
    return f"live{table.id}"


def is_live_ref(ref: str | None) -> bool:
    return bool(ref) and ref.startswith("live")


def _buttons_out(table: Table) -> None:
    """Note the buttons of the turn a table taken from the store is at as out (sent
    before a restart or a failure): the next move takes them off."""
    state = table.state
    if state is not None and not state.is_finished \
            and not table.seats[state.current_player].computer_moves:
        table.prompted[state.current_player] = prompt_ref(table, state.current_player)


def prompt_ref(table: Table, seat: int, moves: int | None = None) -> str:
    """The name of `seat`'s move buttons at this move (or after `moves` moves): the doors
    edit them by it."""
    return f"t{table.id}:n{table.moves if moves is None else moves}:s{seat}"


ENDED_AWAY_KEPT = 6 * 3600  # seconds a /back is told the match it was for has ended


def make_payload(table_id: int, n: int, action: str) -> str:
    return f"m:{table_id}:{n}:{action}"


def long_payload(table_id: int, n: int, index: int, action: str) -> str:
    """A button whose move is too long for a payload (a big Rummikub `place`): its place
    among the prompt's buttons, and a check that the move there is still that move."""
    return f"b:{table_id}:{n}:{index}:{_check(action)}"


def _check(action: str) -> str:
    """Four hex digits that tell one move from another (a long payload's check)."""
    return f"{zlib.crc32(action.encode()) & 0xFFFF:04x}"


def parse_payload(payload: str) -> tuple[int, int, str]:
    """(table, move number, action); a long move's action is "#index:check", read against
    the prompt's buttons by `Play.move`."""
    tag, _, rest = payload.partition(":")
    tid, _, rest = rest.partition(":")
    n, _, action = rest.partition(":")
    tid, n = notation.number(tid), notation.number(n)
    if tag not in ("m", "b") or tid is None or n is None or not action:
        raise Refusal("core.error.stale")
    return tid, n, action if tag == "m" else "#" + action


def signed(n: int) -> str:
    """A rating's change as people write it: +16, −16 (a minus sign), ±0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "\u00b10"


def _of(rows: list[TableRow], platforms: Collection[str] | None) -> list[TableRow]:
    """The tables of `rows` on `platforms` (None: all)."""
    return rows if platforms is None else [r for r in rows if r.platform in platforms]


def _replay_with_turn(rec: dict, told: int | None = None):
    """The state a record leads to, and the events of the turn under way: the moves the
    seat to move has made since its turn began (the group hears them when it passes).
    With `told` (how many moves' messages went out), also the events of each move after
    those (a crash lost their messages: they are told again) and how many rounds had
    ended within the told moves; the turn under way is then counted within them."""
    turn: list = []
    untold: list = []
    rounds = done = 0

    def note(seat, happened, state) -> None:
        nonlocal rounds, done
        done += 1
        if told is not None and done > told:
            untold.append(happened)
            return
        if done == told:
            rounds = len(state.outcome()["rounds"])
        if state.current_player == seat and not state.is_finished \
                and not any(events.is_round_end(ev) for ev in happened):
            turn.extend(happened)
        else:
            turn.clear()

    state = replay(rec, on_step=note)
    if told is None:
        return state, turn
    return state, turn, untold, rounds


def _telling(out: Outbox, table: Table) -> None:
    """`out` tells `table`'s moves so far: /stop waits for it (Table.sending), and once it
    is out the store notes them told."""
    if all(t is not table for t in out.tables):  # told before anything later (/stop)
        out.tables.append(table)
        table.telling()
    out.told[table.id] = table.moves


def record_key(table: Table) -> str:
    """Whose single-player records a match adds to (Y21): one per level of the computers
    (`computers_level`), as a total against Beginners is not one against Experts. Normal,
    the level every record was played at before levels were told apart, keeps the game's
    own id."""
    level = computers_level(table)
    return table.game.id if level == "normal" else f"{table.game.id}:{level}"


def computers_level(table: Table) -> str:
    """The level of the computers that played the table: the weakest of them where /addbot
    seated others than `bots` (a record against Experts is one against Experts alone)."""
    levels = {s.level for s in table.seats if s is not None and not s.user and s.level}
    return min(levels, key=LEVELS.index) if levels else table.bots


def waits_for_people(table: Table) -> bool:
    """A lobby, or a game where every person is away: its deadline closes it."""
    return table.status == "lobby" or (table.status == "playing" and table.everyone_away())


def record_of(table: Table, actions: list[str]) -> dict:
    """The table's game record in the engine's format (rules/record.py)."""
    return game_record(table.game.id, table.config, table.seed, actions)


def _as_read(shown: dict) -> Layout | None:
    """A seat's rack as its picture numbers it now, to lay over the turn's next pictures."""
    return Layout(shown.get("round"), tuple(shown["rack"])) if shown.get("rack") else None


def game_record(game_id: str, config, seed: int, actions) -> dict:
    return {"game": game_id, "config": config.to_json(), "seed": seed, "actions": list(actions)}


class Play:
    """Mixin of bot.core.Core: everything after /start."""

    def _move_of_yours(self, table: Table, seat: int, text: str) -> str | None:
        """The move of the verb `text` starts with that the seat's rack hint offers now (an
        assisted okey table's opening or melds, a practice Rummikub table's place), if any."""
        verb = fold(text.split()[0].lstrip("/")) if text.split() else ""
        if table.game.family == "rummikub":
            hint = board_rummikub.hint(table, seat)
            move = hint.params.get("move", "") if hint is not None else ""
        else:
            move = board_okey.hinted_move(self.snapshot(table).json(seat), verb)
        return move if move and move.split()[0] == verb else None

    def snapshot(self, table: Table, state=None) -> views.Snapshot:
        """The table's state now (or `state`), each person's rack in the order they chose
        (/arrange) or as they laid it out (/arrange 5 6 7 | 1 2), their okey face down if
        they chose so (/hide)."""
        arrange = {seat: self.prefs.arrangement(table.platform, s.user)
                   for seat, s in table.humans()}
        hidden = {seat for seat, s in table.humans()
                  if self.prefs.hides_okey(table.platform, s.user)}
        # (the rack as numbered when this turn drew comes first: its numbers hold for the
        # turn, the tile taken after one drawn earlier too, README)
        layouts = {seat: table.drawn_over.get(seat) or self.prefs.layout(table.id, s.user)
                   for seat, s in table.humans()}
        return views.Snapshot(table.state if state is None else state, arrange, hidden,
                              {k: v for k, v in layouts.items() if v is not None})

    def _rack_as_shown(self, table, seat: int) -> list:
        """The seat's tiles in the order its rack picture numbers them (as play reads a
        move's rack numbers)."""
        return [t for t in self.snapshot(table).json(seat)["rack"] if t is not None]

    def _numbers_read_before(self, table: Table, moves: list[str],
                             arranged_at: int | None = None) -> None:
        """A table restored within a turn that drew (or took): the rack as numbered before
        the draw, so its numbers hold as they did before the restart (Table.drawn_over);
        not if the mover chose an order or layout after the draw (`arranged_at`, the moves
        then): the rack was shown as chosen."""
        state = table.state
        seat = state.current_player
        if table.game.family != "okey" or state.is_finished or seat is None \
                or table.seats[seat] is None or not table.seats[seat].user \
                or state.view(seat).to_json().get("phase") != "play":
            return
        seats: list[int] = []
        replay(record_of(table, moves), on_step=lambda mover, _h, _s: seats.append(mover))
        start = len(moves)
        while start and seats[start - 1] == seat:
            start -= 1  # the turn's moves
        drew = next((i for i in range(start, len(moves))  # (a return draws too: after an
                     if moves[i].split()[0] in ("draw", "take", "return")  # /arrange, its
                     and (arranged_at is None or arranged_at <= i)), None)  # numbers hold)
        if drew is not None:
            before = replay(record_of(table, moves[:drew]))
            table.drawn_over[seat] = _as_read(self.snapshot(table, before).json(seat))

    # -- moves -------------------------------------------------------------------------
    async def move(self, cmd, out: Outbox, table: Table, text: str, n: int | None,
                   typed: bool = True) -> None:
        """`text` as the person typed it (`typed`), or a button's engine text."""
        async with table.lock:
            if table.status == "lobby":
                raise not_started(table, cmd.user.id)
            await table.told_so_far()  # the move before this one is told first
            state = table.state
            if table.status != "playing" or state.is_finished:
                raise Refusal("core.error.game_over")
            seat = table.seat_of(cmd.user.id)
            if seat is None:
                raise Refusal("core.error.not_seated")
            if n is not None and n != table.moves:
                raise Refusal("core.error.stale")
            if table.seats[seat].away:  # whoever's turn it is, /back comes first (with
                # everyone away no computer plays: the table waits for them)
                raise Refusal(table.waiting("core.error.away"))
            if state.current_player != seat:
                raise Refusal("core.error.not_your_turn", player=table.name(state.current_player))
            if typed and cmd.arrival is not None and cmd.arrival < table.turn_began:
                # it came while the turn before was played (a command sent twice, the
                # computers quick): not meant for a turn the person has not seen yet
                raise Refusal("core.error.sent_before_turn", move=" ".join(text.split()))
            if not typed and text.startswith("#"):
                text = self._button_move(table, seat, text)
            table.asked_end = None  # (a move tried since: a bare end no longer answers)
            shown = None  # the rack as the person's picture numbers it, if a move used that
            if typed:
                try:
                    notation.refuse_set_number(table.game, text)
                except Refusal as said:
                    raise self._place_refused(table, seat, said) from None
                text = notation.from_person(table.game, text, table.size)
                text = notation.take_named(table.game, text, getattr(
                    state.view(seat), "takeable", None))
                if notation.names_slots(table.game, text):
                    when, why = table.renumbered.get(seat, (0, ""))
                    if cmd.arrival is not None and cmd.arrival < when:
                        # typed ahead of the rack that a move or /arrange numbered anew
                        raise Refusal(why, move=" ".join(text.split()))
                    if self.rack_unseen is not None \
                            and await self.rack_unseen(cmd.platform, cmd.user.id):
                        # its picture held back (flood control) or refused: the numbers
                        # they read are another picture's, perhaps the one before a meld
                        raise Refusal("core.error.rack_unseen", move=" ".join(text.split()))
                    shown = self.snapshot(table).json(seat)
                    slots = notation.slots_named(table.game, text)
                    rack = [t for t in shown["rack"] if t is not None]
                    text = notation.tiles_by_slot(table.game, text, rack)
            async with self.undone_on_failure(table):
                try:
                    action = table.game.parse_action(text, state.view(seat))
                    numbered = self._numbers_read(table, seat, action, shown)
                    returned = type(action).__name__ == "Return"
                    before = self._rack_as_shown(table, seat) if returned else None
                    happened = state.apply(action)
                except RulesError as e:
                    legal = state.view(seat).legal
                    if e.key == "dominoes.error.which_end":  # ("left" alone answers it)
                        table.asked_end = (seat, table.moves, e.params["tile"])
                    if e.key == "dominoes.error.bad_action" and legal:
                        # ("/draw": not its example "/play 3-5 left", maybe a tile not held)
                        raise Refusal("core.error.dominoes_moves", text=e.params["text"],
                                      moves=Joined(tuple(legal), ", ")) from None
                    if e.key in ("error.no_tiles_melds", "rummikub.error.no_tiles_place") and (
                            yours := self._move_of_yours(table, seat, text)):
                        # a bare /open (a caption's command tapped): the rack's own move,
                        # not an example of tiles they may not hold
                        raise Refusal("core.error.no_tiles_yours", move=yours) from None
                    e.params = table.event_params(e.params)  # a seat it names, as people count
                    if shown is not None and e.key in ("error.bad_tile", "rummikub.error.bad_tile"):
                        # words that are no tile, echoed as typed: "purple 3", not "purple k3"
                        e.params["tile"] = notation.as_typed(str(e.params.get("tile", "")),
                                                             {rack[n - 1]: str(n) for n in slots})
                    raise
                if numbered is not None:
                    table.drawn_over[seat] = numbered
                moved_up = returned and self._rack_as_shown(table, seat)[:len(before) - 1] \
                    != before[:-1]  # (the taken tile given back from amid the rack)
                if (numbered is None or moved_up) and state.current_player == seat \
                        and table.game.family == "okey":  # (tiles laid, or the taken one
                    # given back: the rest move up)
                    table.renumbered[seat] = (self.arrivals, "core.error.renumbered_returned"
                                              if returned else "core.error.renumbered")
                if shown is not None:
                    await self._take_from_layout(table, cmd.user.id, shown, slots)
                elif typed and self._read_by_others(cmd) and getattr(
                        table.game, "stays_hidden", lambda a: False)(action):
                    out.user(cmd.platform, cmd.user.id, Line("core.tip.typed_in_group"))
                s = table.seats[seat]
                # only a turn finished in time clears the count (O30): a draw and then
                # nothing must not keep the seat from a computer for ever
                turn_done = state.current_player != seat or any(
                    events.is_round_end(ev) or events.is_match_end(ev) for ev in happened)
                if s.timeouts and turn_done:
                    s.timeouts = 0
                    table.dirty.add(seat)
            await self.advance(out, table, [Step(seat, str(action), "player", happened)], seat)

    def _numbers_read(self, table: Table, seat: int, action, shown: dict | None):
        """Before an okey draw (or take): the rack as its picture numbered it, for the
        turn's next pictures to keep (an assisted rack sorts itself anew with the drawn
        tile, and `/discard 14` read from the picture before the draw threw another tile,
        with a penalty, a scan). None where nothing needs keeping."""
        if table.game.family != "okey" or type(action).__name__ not in ("Draw", "Take",
                                                                         "Return"):
            return None  # (a return draws: "/take, /arrange runs, /return" sorted anew)
        return _as_read(shown or self.snapshot(table).json(seat))

    @staticmethod
    def _read_by_others(cmd) -> bool:
        """Do others read what `cmd` typed (a Telegram group; not Discord's slash commands,
        a private chat or the terminal)?"""
        return not cmd.private and cmd.shown_to_chat

    async def _take_from_layout(self, table: Table, user: str, shown: dict,
                                slots: list[int]) -> None:
        """A person's own layout loses the very tiles they named by number: of two r13,
        the one in the place they named (a layout keeps the first copy of a tile it finds)."""
        layout = self.prefs.layout(table.id, user)
        if layout is None or layout.round != shown.get("round"):
            return
        kept = without(shown["rack"], set(slots))
        await self.prefs.set_layout(table.id, user, Layout(layout.round, tuple(kept)))

    async def computer_action(self, table: Table, seat: int, level: str, n: int):
        """A computer's move for `seat`, thought out off the event loop (the table is
        locked meanwhile, so nothing changes under it). The rng is derived from the table's
        seed and the move number, so a restarted bot makes the very same move."""
        rng = _move_rng(table, n)
        view = table.state.view(seat)
        level, _ = self.playable_level(table.game.id, level)
        try:
            action = await self.think(table.game.id, level, view, rng)
            table.state.check(action)
            return action
        except Exception:  # an illegal move, or the agent failed: the table plays on
            if self.closing:  # the bot stops and its thinkers with it: this batch is not
                raise asyncio.CancelledError from None  # stored, and no random stand-in
            log.exception("%s %s agent failed or chose an illegal move; playing a random one",
                          table.game.id, level)
        action = self.agent(table.game.id, "random").choose(view, rng)
        table.state.check(action)
        return action

    def _turn_ending_action(self, table: Table, seat: int, level: str, n: int):
        """A move that may end the turn, at random (another refused one is followed by
        another pick), for a computer that has moved MOVES_IN_A_TURN times in it."""
        log.error("%s %s: %d moves in one turn at table %s; ending it", table.game.id,
                  level, MOVES_IN_A_TURN, table.id)
        view = table.state.view(seat)
        rng = _move_rng(table, n)
        moves = [a for a in view.legal if a.split()[0] in _ENDS_A_TURN] or list(view.legal)
        action = table.game.parse_action(rng.choice(moves), view)
        table.state.check(action)
        return action

    async def _auto(self, table: Table, batch: list[Step]) -> None:
        """Computers (and computers standing in for absent people) move until a present
        person is to move or the match ends. With every person away the table waits for
        a /back: computers alone would play the match out in a flash, and it would count
        in the league for people who were not there."""
        state = table.state
        while not state.is_finished:
            seat = state.current_player
            s = table.seats[seat]
            if not s.computer_moves:
                return
            if table.everyone_away():
                return  # _announce tells the group, after this batch's moves
            level = s.level if s.user is None else TIMEOUT_LEVEL
            n = table.moves + len(batch)
            if _moves_this_turn(batch, seat) < MOVES_IN_A_TURN:
                action = await self.computer_action(table, seat, level, n)
            else:
                action = self._turn_ending_action(table, seat, level, n)
            events = state.apply(action)
            batch.append(Step(seat, str(action), "computer" if s.user is None else "away", events))

    async def _stored_before_thinking(self, table: Table, batch: list[Step]) -> int:
        """A person's move the computers answer is stored before they think: a crash while
        they do must not lose it (restarted, the bot tells it and the computers move on).
        How many of `batch`'s moves that stored (none where no computer is to move, or the
        move ended a round: those are stored with what they caused, in one commit)."""
        if not batch or table.untold_start or not self.computers_to_move(table) \
                or len(table.state.outcome()["rounds"]) > table.rounds_done:
            return 0
        await self.store.commit_moves(
            table.id, table.moves, [MoveRow(st.seat, st.action, st.how) for st in batch],
            self.clock.now(), None, table.seat_rows(table.dirty))
        table.dirty.clear()
        return len(batch)

    def _told_stored_alone(self, out: Outbox, table: Table, stored: list[Step], prev,
                           private: dict | None, deal: bool, held: tuple) -> None:
        """The computers' answer to a person's move failed to be stored (undone: the table
        is as the store has it, the person's move made): that move stands and is told, not
        "nothing was changed", and the computers answer after the pause (Play.reload).
        `held`: the group's lines held for the turn (its draw, a timeout's note) and the
        buttons out before, which the reload forgot: told, and taken off, with it."""
        table.pending = held[0]
        table.prompted = {**held[1], **table.prompted}
        table.turn_began = self.arrivals
        self._announce(out, table, stored, prev, [], table.state.outcome(), private or {}, deal)
        _telling(out, table)

    async def _answered(self, table: Table, batch: list[Step], prev: int | None,
                        stored: int) -> _Answer:
        """The computers answer `batch` (Play._auto) and the batch is stored, past the
        `stored` moves of it stored before they thought, with its new deadline, the rounds
        it ended and, at the match's end, the league's update and records."""
        state = table.state
        await self._auto(table, batch)
        outcome = state.outcome()
        new_rounds = outcome["rounds"][table.rounds_done:]
        finished = state.is_finished
        deadline = self.deadline_for(table)
        new_turn = bool(batch) and (state.current_player != prev or bool(new_rounds)
                                    or any(st.seat != prev for st in batch))
        # a move the rules took back this turn (not the turn before: a new one has its
        # whole time)
        table.took_back = not new_turn and (table.took_back or events.taken_back(batch))
        if prev == state.current_player and table.deadline is not None and not new_turn \
                and not table.everyone_away() and (not batch or table.took_back):
            # another left or came back: the mover's time (or a /hurry's) runs on, and
            # an outage it waits out stays waited out (turn_timers.on_deadline); a move
            # the rules took back (Y7, Y16, Y17) gives no new time either: opened short
            # and discarded again and again, it held a timed table for ever (a scan)
            deadline = table.deadline
        else:
            table.outage = False  # a new move time
        table.deadline = deadline
        rows = [(table.rounds_done + 1 + i, r["scores"], events.round_winners(table, r)[0],
                 r.get("ending", "")) for i, r in enumerate(new_rounds)]  # (as told:
        # the lowest in the okey games, not one who went out but paid more, O24)
        helped = await self._helped(table, batch) if finished else set()
        records = self._records(table, outcome, helped) if finished else []
        await self.store.commit_moves(
            table.id, table.moves + stored,
            [MoveRow(st.seat, st.action, st.how) for st in batch[stored:]],
            self.clock.now(), table.deadline, table.seat_rows(table.dirty),
            "finished" if finished else "playing", rows,
            self._league_update(table, outcome) if finished else None, records)
        return _Answer(outcome, new_rounds, finished, new_turn, helped, records)

    async def advance(self, out: Outbox, table: Table, batch: list[Step], prev: int | None,
                      private: dict | None = None, deal: bool = False) -> None:
        """Let computers move, commit the batch, then tell everyone. `prev` is the seat
        that was to move before the batch; `deal` announces a fresh deal (the start)."""
        start = table.untold_start  # told with this batch: every rack goes
        if start:
            table.pending[:0] = start
            deal = True
        held = list(table.pending), dict(table.prompted)  # (a failure's reload drops them)
        async with self.undone_on_failure(table):
            stored = await self._stored_before_thinking(table, batch)
        try:
            async with self.undone_on_failure(table):
                answer = await self._answered(table, batch, prev, stored)
        except (RulesError, Refusal):
            raise
        except Exception:
            if not stored:
                raise
            return self._told_stored_alone(out, table, batch[:stored], prev, private, deal,
                                           held)
        outcome, new_rounds, finished, new_turn, helped, records = answer
        table.moves += len(batch)
        if new_turn:
            table.turn_began = self.arrivals  # a new turn: commands from before are not for it
            table.drawn_over.clear()  # (its rack sorts itself again, Table.drawn_over)
        table.untold_start = None
        table.dirty.clear()
        for number, result in enumerate(new_rounds, table.rounds_done + 1):
            journal.round_over(table, number, result)
        table.rounds_done += len(new_rounds)
        if finished:
            journal.finished(table, outcome)
            table.status = "finished"
            self.tables.pop(table.id, None)
            self._note_ended_away(table)
            self.prefs.forget_table(table.id)
        self.schedule(table)
        closing = [await self._record_line(table, rec) for rec in records]
        if finished:
            closing += self._helped_lines(table, outcome, helped)
            closing += await self.rating_lines(table)
        self._announce(out, table, batch, prev, new_rounds, outcome, private or {}, deal, closing)
        _telling(out, table)

    # -- what people are told ------------------------------------------------------------
    def _announce(self, out: Outbox, table: Table, batch, prev, new_rounds, outcome,
                  private: dict, deal: bool, closing=()) -> None:
        state = table.state
        snap = self.snapshot(table)
        given = private
        private = defaultdict(list, {k: list(v) for k, v in given.items()})
        first = table.rounds_done - len(new_rounds) + 1
        ended = iter(enumerate(new_rounds, first))
        pub = views.public_json(snap)
        happened = [ev for st in batch for ev in st.events]
        own_charges = [ev for st in batch for ev in st.events
                       if ev.key == "okey.penalty" and ev.seat == st.seat]
        told = _told_by_note(table, batch)  # with the timeout's note: the drawn tile
        echo = defaultdict(list)  # per seat: its own events as it reads them
        for i, ev in enumerate(happened):
            if events.is_match_end(ev) or events.told_by_round_end(ev):
                continue  # the core's own summary closes the match (_tell_group), the round's
                # end line says how it ended
            if events.is_round_end(ev):
                number, result = next(ended, (None, None))
                if result is not None:
                    table.pending += events.round_lines(
                        table, number, result, events.revealed(table, pub, number))
                    table.pending += [line for line in [events.next_round_line(
                        table, number, happened[i + 1:], state.current_player)]
                        if line is not None]
                    continue
            public = events.public_line(table, ev)
            table.pending.append(public)
            line = events.private_line(table, ev)
            if line is None and _among(ev, own_charges):
                # a charge for the mover's own discard (O21): said to them in their words
                # too, as nothing marks such a tile on a table without assistance (O28)
                line = events.own_line(table, ev)
            if line is not None and not _among(ev, told):
                private[ev.seat].append(line)
            if ev.seat is not None:
                echo[ev.seat].append(line or events.own_line(table, ev) or public)
        cp = state.current_player
        if not state.is_finished and table.everyone_away():
            table.pending.append(Line("core.all_away"))  # _auto stopped: the table waits
        moved = bool(batch) or deal or cp != prev
        if moved:  # the buttons shown so far belong to an earlier move
            for seat, ref in sorted(table.prompted.items()):
                self.to_seat_edit(out, table, seat, ref)
            table.prompted.clear()
        if new_rounds or state.is_finished:  # what people did in the round that ended is
            for seat, s in table.humans():  # theirs before its end (not above the next rack)
                lines = private.pop(seat, [])
                if s.away:  # a computer played it: only a timeout that handed it over is news
                    lines = _away_news(table, given, batch, seat)
                if lines:
                    self.to_seat(out, table, seat, lines)
        # the group hears when the turn passed (it may have gone round back to `prev`)
        if deal or new_rounds or state.is_finished or cp != prev \
                or any(st.seat != prev for st in batch):
            self._tell_group(out, table, outcome, bool(new_rounds), snap, closing)
        elif prev is not None:  # mid-turn: the mover reads now what the group reads later
            private[prev] = [*given.get(prev, ()), *echo[prev]]
        # the one who moved hears about their own move first, then the next to move
        for seat, s in sorted(table.humans(), key=lambda h: h[0] != prev):
            lines = private.pop(seat, [])
            if s.away and not (state.is_finished or deal or new_rounds):
                lines = _away_news(table, given, batch, seat)
            if state.is_finished:
                if lines:
                    self.to_seat(out, table, seat, lines)
            elif seat == cp and not s.away and moved:
                self.prompt(out, table, seat, lines, snap)
            elif deal or new_rounds:  # a new rack; an away person's says who plays it,
                # anyone else's who moves first (it came bare: was it theirs to move?)
                rack = board.rack_lines(table, snap, seat) + (
                    [Line("core.away_rack")] if s.away else
                    [Line("core.rack_waits", {"player": table.name(cp)})] if cp is not None
                    else [])
                self.send_rack(out, table, seat, lines, snap, rack)
            elif seat == prev and not s.away and _put_down(table, batch, seat):
                # Rummikub: the tiles put down leave the rack picture's numbering behind,
                # and people plan their next move between turns: the rack as it is now
                self.send_rack(out, table, seat, lines, snap)
            elif lines:
                self.to_seat(out, table, seat, lines)

    def _tell_group(self, out: Outbox, table: Table, outcome: dict, round_over: bool,
                    snap: views.Snapshot, closing=()) -> None:
        state = table.state
        lines, table.pending = table.pending, []
        to = To(table.platform, chat=table.chat)
        if round_over or state.is_finished:  # the moves that ended it, then the table
            cut = next((i for i, line in enumerate(lines) if line.key in events.ROUND_END_KEYS),
                       len(lines))
            if self._round_end_table(out, table, to, lines[:cut]):
                lines = lines[cut:]
        if state.is_finished:
            lines.append(events.match_over_line(table, outcome))
            lines += events.match_tie_lines(table, outcome)
            lines += _team_totals(table, outcome)
            if not table.league and table.humans():
                lines.append(Line("core.friendly_over"))
            elif table.humans() and not table.single and self._practice(table):
                lines.append(Line("core.practice_over"))
            lines += closing
            # the group sees none of it: its people hear the end privately too
            self.tell_unseen(out, table, "core.match_over_unseen", lines)
            return out.image(to, lines, self.pictures.scores, "scores",
                             events.crowned_outcome(table, outcome),
                             choices=self.again_button(table), ref=again_ref(table.id))
        pub = views.public_json(snap)
        if round_over:  # which team leads the match so far, right under the round's scores
            end = next((i for i, line in enumerate(lines) if line.key in events.ROUND_END_KEYS),
                       len(lines) - 1)
            while end + 1 < len(lines) \
                    and str(lines[end + 1].key).startswith(events.ROUND_FOLLOWS):
                end += 1  # (below the lines of its end: ties, racks left, O25, D10, D11)
            lines[end + 1:end + 1] = [*_running_totals(table, outcome),
                                      *_team_totals(table, outcome)]
        news = len(lines)  # what happened; the rest is the table now
        lines += board.table_lines(table, pub, lines)
        if (turn := self.turn_line(table)) not in lines:  # "everyone is away" said once
            lines.append(turn)
        if round_over:  # the scores under what ended the round, then the new deal's table
            # with what happened in it so far (its first moves are no part of the scores)
            begins = next((i for i, line in enumerate(lines[:news])
                           if line.key in events.ROUND_BEGINS_KEYS), news)
            out.image(to, lines[:begins], self.pictures.scores, "scores",
                      events.crowned_outcome(table, outcome))
            lines, news = lines[begins:], news - begins
        out.image(to, lines, self.pictures.table, "table", pub, news=news,
                  ref=self.live_picture(table), table=table.id)

    def _round_end_table(self, out: Outbox, table: Table, to: To, news: list) -> bool:
        """The moves that ended the round and the table as it ended, before the scores: how
        the winner went out (the next deal, or the match's end, would hide it). In a quiet
        chat it takes the place of the live picture, whose caption would still name whose
        turn it was."""
        final = views.round_end_public(table.state)
        if final is None:
            return False
        out.image(to, [*news, Line("core.round_end_table"), *board.table_lines(table, final)],
                  self.pictures.table, "table", final, news=len(news),
                  ref=self.live_picture(table), table=table.id)
        return True

    def live_picture(self, table: Table) -> str | None:
        """In a quiet chat the table is one picture kept up to date (bot/prefs.py): its
        ref, which Core.deliver lets a later picture edit while it is the last thing said."""
        return live_ref(table) if self.prefs.quiet(table.platform, table.chat) else None

    def close_live_picture(self, out: Outbox, table: Table, last: Line) -> None:
        """A quiet chat's table picture as its table closes under way: edited where it is
        (the /stop typed below it would otherwise make it a new one), its caption ending
        with `last` (who stopped it, or why it closed), not "Turn: ..." for a game nobody
        plays any more."""
        live = self.live_picture(table)
        if live is None or table.state is None:
            return
        pub = dict(views.public_json(table.state), current_player=None)  # nobody's turn
        out.image(To(table.platform, chat=table.chat),
                  [table.game_name(), *board.table_lines(table, pub), last],
                  self.pictures.table, "table", pub, news=0, ref=live, table=table.id,
                  in_place=True)

    def turn_line(self, table: Table) -> Line:
        if table.everyone_away():  # nobody's turn runs: the table waits for a /back
            return Line("core.all_away")
        player = table.name(table.state.current_player)
        if self.timed(table):
            return Line("core.turn", {"player": player, "seconds": table.timer})
        return Line("core.turn_untimed", {"player": player})

    def send_rack(self, out: Outbox, table: Table, seat: int, lines, snap=None,
                  rack: list[Line] | None = None) -> list[Line]:
        """A seat's rack, privately: the picture with the tiles (and any hints) as text in
        the caption, which is returned. `rack`: its lines, if already worked out."""
        snap = snap or self.snapshot(table)
        view = snap.json(seat)
        rack = rack if rack is not None else board.rack_lines(table, snap, seat)
        user = table.seats[seat].user
        if others := self._other_tables(table, user):  # ("/rummikub draw", as its prompt)
            rack = board.moves_at(rack, table.game, [t.game for t in others])
        caption = [*self.place_line(table, user), *lines, *rack]
        out.image(To(table.platform, user=user), caption,
                  self.pictures.rack, "rack", view, table=table.id)
        return caption

    def _other_tables(self, table: Table, user: str) -> list[Table]:
        """The tables besides `table` where `user` plays: a move they type privately may be
        for either, so what the rack suggests names its game."""
        return [t for t in self._tables_of(table.platform, user) if t is not table]

    def send_rack_waiting(self, out: Outbox, table: Table, seat: int) -> None:
        """The rack of a seat not to move, saying whose move it is (as at the deal)."""
        snap = self.snapshot(table)
        mover = table.state.current_player
        self.send_rack(out, table, seat, [], snap, board.rack_lines(table, snap, seat) + (
            [] if mover is None else [Line("core.rack_waits", {"player": table.name(mover)})]))

    def prompt(self, out: Outbox, table: Table, seat: int, lines, snap=None) -> None:
        """Your move: your rack, then as buttons the moves its hints suggest (when legal
        now) and the legal simple moves."""
        snap = snap or self.snapshot(table)
        rack = board.rack_lines(table, snap, seat)  # once: its hints (a solver) make buttons
        self.send_rack(out, table, seat, lines, snap, rack)
        legal = self.button_moves(table, seat, snap, rack)
        user = table.seats[seat].user
        # Typed where the person plays several tables (privately in a chat, or at the
        # terminal), a bare move could be for either (Okey 101 and Yüzbir share every move
        # word, Rummikub their draw): the example to type names the game (`/rummikub
        # draw`; Discord: `/draw game:rummikub`). A chat's buttons stay bare.
        others = self._other_tables(table, user)
        named = bool(others)
        # another table of this game: a move typed privately cannot say which (only the
        # buttons, or the move typed in the table's group)
        twin = any(t.game.id == table.game.id and t.status == "playing" for t in others)
        # (a lobby of the game takes no move: nothing to tell apart)

        def typed(action: str) -> str:
            text = notation.for_person(table.game, action)
            return f"{table.game.id} {text}" if named else text

        def on_button(action: str) -> str:
            return typed(action) if not self.buttons else notation.for_person(table.game, action)

        short = board.opening_short(table, snap, seat)
        choices = []
        for i, action in enumerate(legal):
            payload = make_payload(table.id, table.moves, action)
            if len(payload.encode()) > MAX_PAYLOAD:
                payload = long_payload(table.id, table.moves, i, action)
            label = Line("core.button.take_opening_back") \
                if short and self.buttons and action.startswith("discard") \
                else on_button(action)  # (typed at the terminal: the move)
            choices.append(Choice(label, payload))
        ref = prompt_ref(table, seat)
        # Rummikub's buttons are draw and pass (and a practice table's hint): putting tiles
        # down is typed, and the prompt says how (K-D2)
        placing = [Line("core.place_tip")] if table.game.id == "rummikub" \
            and not board_rummikub.practice(table) and not any(a.startswith("place") for a in legal) else []
        data = snap.json(seat)
        turn = self._your_turn(table, legal, typed,
                               data.get("provisional_kind") if short else None,
                               views.costly_tiles(data), twin, views.hinted_tiles(data))
        out.buttons(To(table.platform, user=user),
                    [*self.place_line(table, user), turn, *placing], choices, ref)
        table.prompted[seat] = ref

    def _your_turn(self, table: Table, legal: list[str], typed, short_kind: str | None,
                   costly: set[str], twin: bool = False, kept: frozenset = frozenset()) -> Line:
        """The prompt's line: whose move, with a move to type as its example. While a Yüzbir
        opening is short (`short_kind`) a discard takes it back, which its one button says:
        the example is a move that lays more, else the line names the button (Y7, Y-D5)."""
        typable = [a for a in legal if not (short_kind and a.startswith("discard"))]
        if short_kind and not typable:
            move = typed("pairs" if short_kind == "pairs" else "open")  # (/yuzbir open)
            if not self.buttons:  # the terminal: the discard to type (any one does)
                back = next(a for a in legal if a.startswith("discard"))
                return Line("core.your_turn_short_typed", {
                    "game": table.game_name(), "move": move, "example": typed(back)})
            return Line("core.your_turn_short", {"game": table.game_name(), "move": move})
        # the example: a move the hints suggest, or draw; else the last discard (the rack
        # keeps its melds first and its loose tiles last: the first broke an opening), not
        # an okey nor a tile that fits a table meld (thrown, they cost: O21, Y16, Y17), nor
        # one the hints lay (`kept`: a drawn tile comes last, and may be the opening's)
        discards = [a for a in reversed(typable) if a.split()[-1] not in ("*", "F")]
        loose = [a for a in discards if a.split()[-1] not in costly | kept] \
            or [a for a in discards if a.split()[-1] not in costly] or discards
        moves = [a for a in typable if not a.startswith("discard")] or loose[:1] \
            or typable[-1:]
        key = "core.your_turn_twin" if twin else "core.your_turn"
        return Line(key if self.buttons else "core.your_turn_typed",
                    {"game": table.game_name(), "example": typed(moves[0]) if moves else "help"})

    def button_moves(self, table: Table, seat: int, snap, rack: list[Line] | None = None
                     ) -> list[str]:
        """The moves `seat`'s buttons offer now: those its rack's hints suggest (when legal)
        and the legal simple moves, each once. `rack`: its lines, if already worked out."""
        caption = rack if rack is not None else board.rack_lines(table, snap, seat)
        moves = dict.fromkeys([*self._suggested(table, seat, caption),
                               *views.legal_moves(snap, seat)])
        if board.opening_short(table, snap, seat):
            # every discard takes the opening back and keeps its tile (Y7, Y-D5): one
            # button that says so, not one a tile (at the terminal: one discard to type)
            discards = [m for m in moves if m.startswith("discard")]
            moves = dict.fromkeys([m for m in moves if m not in discards] + discards[:1])
        shown = BUTTONS_SHOWN.get(table.platform, MAX_BUTTONS)
        return _button_order(list(moves), shown)[:MAX_BUTTONS]

    def _place_refused(self, table, seat: int, said: Refusal) -> Refusal:
        """A Rummikub move typed with a set's number (`said`: type /place, which needs none);
        if that /place would be refused too (before the initial meld, K6), why, so nobody is
        told to type a move that is then refused."""
        try:
            text = notation.as_played(table, seat, "place " + said.line.params["tiles"],
                                      self._rack_as_shown)
            table.state.check(table.game.parse_action(text, table.state.view(seat)))
        except IllegalAction as e:
            e.params = table.event_params(e.params)
            return Refusal(said.line.key + "_now", **said.line.params, why=error_line(e))
        except (RulesError, Refusal):
            pass  # (tiles that do not read: /place's own answer says so once typed)
        return said

    def _button_move(self, table: Table, seat: int, ref: str) -> str:
        """The move of a long move's button ("#index:check"), or a refusal if the buttons
        have changed since (a new prompt, another order of the rack)."""
        index, _, check = ref[1:].partition(":")
        moves = self.button_moves(table, seat, self.snapshot(table))
        i = notation.number(index)
        if i is None or not i < len(moves) \
                or _check(moves[i]) != check:
            raise Refusal("core.error.stale")
        return moves[i]

    def _suggested(self, table: Table, seat: int, caption) -> list[str]:
        """The moves the rack's hints name, if legal right now. They keep the hint's short
        form (`place r7 b7 k7`, not the whole new table): it parses the same while the
        move number in the payload still matches."""
        found = []
        for shown in board.suggested_moves(caption):
            move = notation.from_person(table.game, shown, table.size)  # ("pairs .. to 1")
            try:
                action = table.game.parse_action(move, table.state.view(seat))
            except RulesError:
                continue
            if table.state.is_legal(action):
                found.append(move)
        return found

    def to_seat_edit(self, out: Outbox, table: Table, seat: int, ref: str) -> None:
        s = table.seats[seat]
        if s is not None and s.user:
            out.edit(To(table.platform, user=s.user), [Line("core.move_gone")], ref)

    # -- seats during the game -------------------------------------------------------------
    async def join_game(self, cmd, out: Outbox, table: Table) -> None:
        """At a friendly table under way, a person who comes late takes over a computer's
        seat, its tiles and its place in the turn (the last computer's, or the one named);
        a league match keeps the people who started it (its ratings compare them). Under
        the table's lock."""
        if not table.open or table.status != "playing":
            raise Refusal("core.error.game_over")
        if table.league:
            raise Refusal("core.error.join_league_match")
        await table.told_so_far()  # "Chen takes over seat 4" after that seat's last move
        planned = planned_seat(table)  # Y22: opposite the first, whichever seat was named
        try:
            asked = self._free_seat(table, cmd.args, person=True)  # (refused: a person's seat)
        except Refusal as refused:  # the seat free for them is the planned one alone
            if planned is None or refused.line.key != "core.error.seat_taken_free":
                raise
            raise Refusal("core.error.seat_taken_free", seat=refused.line.params["seat"],
                          free=str(planned + 1)) from None
        seat = planned if planned is not None else asked
        if cmd.args and asked != seat:
            out.user(cmd.platform, cmd.user.id, Line("core.seat_moved_late", {
                "seat": seat + 1, "asked": asked + 1}))
        computer = table.name(seat)
        waiting = table.everyone_away()
        practice = table.game.id == "rummikub" and board_rummikub.practice(table)
        joined = Line("core.joined_game", {"player": cmd.user.name, "seat": seat + 1,
                                           "computer": computer})
        async with self.undone_on_failure(table):  # told only once it is stored
            table.seats[seat] = Seat(cmd.user.id, cmd.user.name)
            table.dirty.add(seat)
            if not waiting:
                await self.store.update_seats(table.id, table.seat_rows(table.dirty),
                                              table.deadline)
                table.dirty.clear()
        if waiting:  # the table waited for a person: it goes on, up to someone's turn
            table.pending.insert(0, joined)  # told with the moves up to then
            return await self.advance(out, table, [], None, deal=True)
        self.to_group(out, table, joined)
        mover = table.state.current_player  # (a person: the computers have played)
        self.send_rack_waiting(out, table, seat)
        if practice and mover != seat and mover in table.prompted:
            # two people now: the solver's hint (and its button) would help one against the
            # other (K2), so the one to move gets their prompt again, without it
            self.prompt(out, table, mover, [Line("core.hint.over", {"player": cmd.user.name})])

    def _note_ended_away(self, table: Table) -> None:
        """Who was away when `table`'s match ended (or the table was closed): their /back
        is answered with that (it said there was no table here, and to open one); one
        match a chat and game for each."""
        now = self.clock.now()
        self.ended_away = {k: v for k, v in self.ended_away.items()
                           if now - v[1] < ENDED_AWAY_KEPT}
        self._away_at_end(table, now)

    def _away_at_end(self, table: Table, when: float) -> None:
        """Note each person away at `table`'s end (`when`), put last: the latest (one match
        a chat and game for each, ended_while_away)."""
        for s in table.seats:
            if s is not None and s.user:
                key = (table.platform, s.user, table.chat, table.game.id)
                self.ended_away.pop(key, None)  # (one there at the end: an older match's
                if s.away:  # end while they were away is no longer what /back means)
                    self.ended_away[key] = (table, when)

    async def _recall_ended_away(self, platforms) -> None:
        """After a restart: who was away at a match that ended lately (its last move, for
        a table stopped later: the latest time the store has of it), for their /back."""
        since = self.clock.now() - ENDED_AWAY_KEPT
        for row, when in await self.store.closed_since(since):
            if platforms is not None and row.platform not in platforms:
                continue
            try:
                self._away_at_end(self.table_from_row(row), when)
            except (RulesError, ReplayError):
                continue  # (a game missing from this install: nothing to name)
            # (the one who stopped it knows it closed, as before the restart)
            self.ended_away.pop((row.platform, row.closed_by, row.chat, row.game), None)

    def ended_while_away(self, cmd, game: str | None, command: str = "back") -> Table | None:
        """The match that ended lately while a computer played `cmd`'s person, in the chat
        of `cmd` (privately: in any, the latest) and of `game` if named, unless a table
        there is what `command` is for now: /back, one where a computer plays for them;
        /hand, a game they play (a lobby is neither: it has no rack and nobody is away)."""
        now = self.clock.now()
        ended = [table for (platform, user, chat, _), (table, when) in self.ended_away.items()
                 if (platform, user) == (cmd.platform, cmd.user.id)
                 and (cmd.private or chat == cmd.chat) and now - when < ENDED_AWAY_KEPT
                 and game in (None, table.game.id)]
        if not ended:
            return None
        table = ended[-1]  # the latest (_note_ended_away keeps them in the order they end)
        for t in self._candidates(cmd, game):
            seat = t.seat_of(cmd.user.id)
            if seat is not None and t.status == "playing" and (
                    command != "back" or t.seats[seat].away):
                return None
        return table

    def back_too_late(self, cmd, ended: Table, command: str = "back") -> Refusal:
        """/back (or /hand) to a match that ended or closed while a computer played the
        seat: what happened, and (privately) in which group."""
        key = f"core.error.{command}_after_" + ("end" if ended.status == "finished" else "close")
        place = self.place_name(ended.platform, ended.chat) if cmd.private else None
        if place:  # privately: which of their groups it was
            key += "_in"
        # (everyone away at its close: the table waited for a /back, no computer played)
        return Refusal(ended.waiting(key), game=ended.game_name(), id=ended.game.id,
                       place=place)

    def _away_elsewhere(self, cmd, here: Table) -> list[Line]:
        """The person's other tables (in their groups) where a computer plays for them."""
        return self.games_in_places(
            t for t in self._tables_of(cmd.platform, cmd.user.id)
            if t is not here and t.seats[t.seat_of(cmd.user.id)].away
            and t.status == "playing" and self.place_name(t.platform, t.chat))

    async def cmd_back(self, cmd, out: Outbox, table: Table) -> None:
        async with table.lock:
            if table.status != "playing":  # it ended or closed while /back waited for it
                if self.ended_while_away(cmd, table.game.id) is table:
                    raise self.back_too_late(cmd, table)
                if away := self._away_elsewhere(cmd, table):  # (a lobby here: /back is
                    # for where a computer plays for them)
                    raise Refusal("core.error.not_away_elsewhere", tables=away)
                anywhere = replace(cmd, private=True)  # (a match of theirs in another group
                if (ended := self.ended_while_away(anywhere, None)) is not None:  # ended)
                    raise self.back_too_late(anywhere, ended)
                raise not_started(table, cmd.user.id)
            await table.told_so_far()  # the computer's last move for them is told first
            seat = table.seat_of(cmd.user.id)
            s = table.seats[seat]
            if not s.away:
                if away := self._away_elsewhere(cmd, table):  # (/back typed in the wrong
                    # group: where a computer plays for them, not only "you play here")
                    raise Refusal("core.error.not_away_elsewhere", tables=away)
                raise Refusal("core.error.not_away")
            waiting = table.everyone_away()
            back = Line("core.back", {"player": s.name, "seat": seat + 1})
            async with self.undone_on_failure(table):  # told only once it is stored
                table.pending = [ln for ln in table.pending if ln.key != "core.all_away"]
                s.away = False
                # the count of timeouts in a row stays (only a move in time clears it): one
                # more and the computer takes the seat again, so /leave and /back cannot
                # stall a table
                s.timeouts = min(s.timeouts, AWAY_AFTER - 1)
                table.dirty.add(seat)
                if not waiting:
                    await self.store.update_seats(table.id, table.seat_rows(table.dirty),
                                                  table.deadline)
                    table.dirty.clear()
            journal.back(table, seat)
            if waiting:  # the table waited for someone: the computers play on up to a person
                table.pending.insert(0, back)  # told with their moves
                await self.advance(out, table, [], None)
            else:
                self.to_group(out, table, back)
            if table.status == "playing" and seat not in table.prompted:  # (the computers
                # may have played the match to its end: no rack of a match that is over)
                self.send_rack_waiting(out, table, seat)  # (as a late /join is told)

    async def leave_game(self, cmd, out: Outbox, table: Table) -> None:
        """Leaving a started game, under the table's lock (taken by Lobby.cmd_leave with
        the lobby's check: let go in between, a /back sent after it could come first): a
        computer plays the seat; /back returns to it."""
        if table.status != "playing":  # stopped or over while it waited
            raise Refusal("core.error.game_over")
        await table.told_so_far()  # their last move is told before they leave
        seat = table.seat_of(cmd.user.id)  # a start may have moved them (Y22)
        if seat is None:
            raise Refusal("core.error.not_seated")
        if cmd.arrival is not None and cmd.arrival < table.began:
            # sent to leave the lobby, and the start came first: not a game given up
            raise Refusal("core.error.leave_before_start", game=table.game_name())
        s = table.seats[seat]
        if s.away:
            raise Refusal(table.waiting("core.error.already_left"))
        s.away = True
        table.dirty.add(seat)
        ref = table.prompted.pop(seat, None)
        if ref is not None:  # their buttons come off, even if no computer moves now
            self.to_seat_edit(out, table, seat, ref)  # (everyone away: the table waits)
        mover = table.state.current_player
        # another person's turn under way: its moves so far are told when it passes, as ever
        # (a restart rebuilds them from the log: told with the leave, they came twice)
        if mover != seat and not table.seats[mover].computer_moves:
            turn, table.pending = table.pending, []
        else:
            turn = []
        table.pending.append(Line(table.waiting("core.left_game"), {"player": table.name(seat)}))
        journal.left(table, seat)  # before the moves it lets computers make are logged
        await self.advance(out, table, [], mover)
        if table.pending:  # nobody else moved: say it now
            self._flush_group(out, table)
        table.pending = turn + table.pending

    def _flush_group(self, out: Outbox, table: Table) -> None:
        lines, table.pending = table.pending, []
        self.to_group(out, table, lines)

    async def cmd_hand(self, cmd, out: Outbox, table: Table) -> None:
        async with table.lock:  # not a rack (or buttons) from a batch still being committed
            if table.status != "playing":
                raise not_started(table, cmd.user.id)
            seat = table.seat_of(cmd.user.id)
            if table.state.current_player == seat and not table.seats[seat].away:
                self.prompt(out, table, seat, [])
            elif table.seats[seat].away:  # the rack says who plays it, as a new round's does
                snap = self.snapshot(table)
                self.send_rack(out, table, seat, [], snap, board.rack_lines(table, snap, seat)
                               + [Line(table.waiting("core.away_rack"))])
            else:
                self.send_rack(out, table, seat, [])

    # -- league ------------------------------------------------------------------------------
    @staticmethod
    def _practice(table: Table) -> bool:
        """A league table where no person played against another (alone against the
        computers, or two partners against them): kept out of the league."""
        return not league.rated_match([bool(s.user) for s in table.seats],
                                      bool(getattr(table.config, "partners", False)))

    def league_match(self, table: Table) -> bool:
        """Does this match count in the league once it ends (or is given up)?"""
        if not table.humans() or not table.league:  # a friendly table counts for no one (D13)
            return False
        if table.single:  # Y22: single-player results are kept apart (Y21 records)
            return False
        return not self._practice(table)  # nobody played another person: nothing to rate

    def _league_update(self, table: Table, outcome: dict, given_up: bool = False):
        if not self.league_match(table):
            return None
        humans = table.humans()
        partners = bool(getattr(table.config, "partners", False))
        people = [bool(s.user) for s in table.seats]
        if not given_up:  # whoever a computer played for at the end had left the match
            outcome = league.leavers_last(outcome, {i for i, s in humans if s.away}, partners)

        def compute(current: dict) -> list[tuple]:
            ratings = [current.get(s.user) or league.START if s.user else league.START
                       for s in table.seats]
            new = league.rate(outcome, ratings, people, partners,
                              league.drawn_lots(table.seed, table.size))
            # named as they last wrote in the chat (renamed since they sat down: that name)
            return [(s.user, self.name_in_chat(table, s), 1,
                     league.win_share(outcome, i, people, partners), new[i])
                    for i, s in humans]

        return (table.platform, table.chat, table.game.id, [s.user for _, s in humans], compute)

    @staticmethod
    def _team(table: Table, seat: int) -> set[int]:
        """`seat` and, with partners, its partner's seat (O-D11: a team wins or loses as one)."""
        partners = bool(getattr(table.config, "partners", False))
        return {seat, (seat + table.size // 2) % table.size} if partners else {seat}

    def _forfeit(self, table: Table, seat: int):
        """The league update of a match `seat` gave up (stopped while it was under way):
        every other seat (with partners, the other team) did better, and drew with each
        other; the other people share the win (computers are nobody's opponent,
        bot/league.py). Those a computer was playing for (after /leave or timeouts) gave
        it up too: they lose to those who stayed and draw with `seat`. None where the match
        would not have counted (a friendly table, practice, single-player mode)."""
        lost = self._team(table, seat)
        for i, s in table.humans():
            if s.away:
                lost |= self._team(table, i)
        others = [i for i in range(table.size) if i not in lost and table.seats[i].user]
        gave_up = {"totals": [1 if i in lost else 0 for i in range(table.size)],
                   "winners": others}
        return self._league_update(table, gave_up, given_up=True)

    async def _helped(self, table: Table, batch) -> set[int]:
        """The seats a computer made a move for (a timeout, or while away) in the match so
        far and in `batch`: a single-player total they reach is not theirs alone (Y21)."""
        if getattr(table.game, "single_player_record", None) is None or not table.single:
            return set()
        moves = [*await self.store.move_log(table.id), *batch]
        return {m.seat for m in moves if m.how in ("timeout", "away")}

    def _helped_lines(self, table: Table, outcome: dict, helped: set[int]) -> list[Line]:
        record_of = getattr(table.game, "single_player_record", None)
        out = []
        for seat, s in table.humans():
            total = record_of(table.config, outcome, seat) if record_of else None
            if seat in helped and total is not None:
                out.append(Line("core.single_record_helped", {"player": s.name, "total": total}))
        return out

    def _records(self, table: Table, outcome: dict, helped: set[int] = frozenset()
                 ) -> list[tuple]:
        """(platform, user, record, name, total) of each person's completed single-player
        match (Y21), kept per level of the computers (`record_key`), apart from the league
        (a friendly table's too: its lobby promised it); not where a computer made some of
        the person's moves (`helped`: a timeout, or while they were away)."""
        record_of = getattr(table.game, "single_player_record", None)
        if record_of is None:  # it knows single-player mode (Y21)
            return []
        out = []
        for seat, s in table.humans():
            if seat in helped:
                continue
            total = record_of(table.config, outcome, seat)
            if total is not None:
                out.append((table.platform, s.user, record_key(table), s.name, total))
        return out

    async def _record_line(self, table: Table, rec: tuple) -> Line:
        platform, user, key, name, total = rec
        best, played = await self.store.record(platform, user, key)
        said = "core.single_record_new" if total <= best else "core.single_record"
        return Line(said, {"player": name, "total": total, "best": best, "played": played,
                           "level": Line(f"core.level.{computers_level(table)}")})

    async def rating_lines(self, table: Table, stopped_by: int | None = None) -> list[Line]:
        """What the league match did to each person's rating, as the league shows ratings
        (whole numbers): none where the match did not count. `stopped_by`: the seat whose
        /stop ended the match under way (its line names them and their team)."""
        changes = await self.store.rating_changes(table.id)
        if not changes:
            return []
        stopping = self._team(table, stopped_by) if stopped_by is not None else set()
        away = [i for i, s in table.humans() if s.away and i not in stopping]
        gave_up = [self._left_lost(table, away)] \
            if away and (table.state.is_finished or stopped_by is not None) else []

        def named(user: str, name: str):  # as the totals above name the seat (a person
            seat = table.seat_of(user)  # renamed since sitting down had two names there)
            return name if seat is None else table.name(seat)

        return gave_up + [Line("core.ratings", {"changes": [
            Line("core.rating_change", {
                "player": named(user, name), "rating": league.shown(after),
                "change": signed(league.shown(after) - league.shown(before))})
            for user, name, before, after in changes]})]

    def _left_lost(self, table: Table, away: list[int]) -> Line:
        """Who gave the match up by leaving it; with partners their teams lose as one
        (O-D11), so the line names each team."""
        players = [table.name(i) for i in away]
        one = "_one" if len(players) == 1 else ""  # (Indonesian: "dia", not "mereka")
        if not table.teams:
            return Line(table.waiting(f"core.left_lost{one}"), {"players": players})
        return Line(table.waiting(f"core.left_lost_team{one}"), {"players": players, "teams": [
            Line("core.partners", {"a": table.name(a), "b": table.name(b)})
            for a, b in table.teams if a in away or b in away]})

    # -- restart -----------------------------------------------------------------------------
    def table_from_row(self, row: TableRow) -> Table:
        game = self.find_game(row.game)
        config = game.Config.from_options(row.options)
        table = Table(row.id, row.platform, row.chat, game, row.options, config, row.timer,
                      row.bots, row.creator, row.seed, status=row.status, league=row.league)
        table.seats = [None] * game.seats(config)
        for r in row.seats:
            table.seats[r.seat] = Seat.of(r)
        if row.status == "playing":
            table.state, turn = _replay_with_turn(record_of(table, row.moves))
            table.moves = len(row.moves)
            self._numbers_read_before(table, list(row.moves), row.arranged_at)
            table.rounds_done = len(table.state.outcome()["rounds"])
            table.deadline = row.deadline
            # what the group had not been told yet: the moves of the turn under way (unless
            # its player left during it: leaving told them, the table waiting for a /back)
            mover = table.seats[table.state.current_player]
            told = mover is not None and mover.away
            table.pending = [] if told else [events.public_line(table, ev) for ev in turn]
        elif row.status == "lobby":
            table.deadline = row.deadline  # when it closes if nobody starts it
        return table

    @contextlib.asynccontextmanager
    async def undone_on_failure(self, table: Table):
        """Around changes to a table in memory before they are committed: if anything fails
        there, memory forgets them and takes the table again from the store (a table is
        never left half-moved), and the error goes on."""
        try:
            yield
        except (RulesError, Refusal):
            raise  # a refusal changes nothing (the engine checks a move before applying it)
        except asyncio.CancelledError:
            if not self.closing:  # a command stopped, not the bot: memory as stored
                log.warning("table %s: a change was stopped before it was stored; reloading "
                            "it", table.id)
                with contextlib.suppress(Exception):
                    await self.reload(table.id)
            raise
        except Exception as e:
            if disk_full(e):  # said in one line: the traceback tells nothing more
                log.error("table %s: the store's disk is full: a change was not stored, "
                          "the table is as it was (%s)", table.id, e)
            else:
                log.exception("table %s: a change failed before it was stored; reloading it",
                              table.id)
            await self.reload(table.id)
            raise

    async def reload(self, table_id: int) -> None:
        """The table as the store has it. The same object is kept, so commands waiting on
        its lock go on with the stored table, not with what memory had done."""
        row = await self.store.table(table_id)
        table = self.tables.pop(table_id, None)
        if table is not None and table.timer_handle is not None:
            table.timer_handle.cancel()
        if row is None or row.status not in ("lobby", "playing"):
            if table is not None:
                table.status = row.status if row is not None else "stopped"
            return
        stored = self.table_from_row(row)
        if table is not None:
            for f in dataclasses.fields(Table):
                # the lock is held; sends in flight; a start not told yet
                if f.name not in ("lock", "sending", "all_told", "untold_start"):
                    setattr(table, f.name, getattr(stored, f.name))
        else:
            table = stored
        self.tables[table_id] = table
        if not table.untold_start:  # the turn's buttons are out: the next move lifts them
            _buttons_out(table)
        # Not again at once: a store that failed would fail again, over and over (a
        # deadline already past, or the computers to move). The table goes on after a pause.
        again = self.clock.now() + AGAIN_AFTER_FAILURE
        if table.deadline is not None and table.deadline < again:
            table.deadline = again
        self.schedule(table)
        if self.computers_to_move(table):
            self.kick_after_failure(table)

    def kick_after_failure(self, table: Table) -> None:
        """The computers to move (or a start not told) go on AGAIN_AFTER_FAILURE seconds
        after a change the store refused."""
        tid, n = table.id, table.moves
        kick = self.clock.call_at(self.clock.now() + AGAIN_AFTER_FAILURE,
                                  lambda: self.computers_move(tid, n))
        table.timer_handle = kick if table.timer_handle is None \
            else Handles(table.timer_handle, kick)

    @staticmethod
    def computers_to_move(table: Table) -> bool:
        """Is a computer to move at a game under way (and someone there to play for)?"""
        state = table.state
        return (table.status == "playing" and state is not None and not state.is_finished
                and not table.everyone_away()
                and table.seats[state.current_player].computer_moves)

    async def computers_move(self, table_id: int, n: int | None = None) -> None:
        """The computers to move play up to a person's turn (after a restart, or a change the
        store refused; a start whose first commit it refused is told as a start); nothing
        if the table moved on (`n`: the moves it had) or closed."""
        table = self.tables.get(table_id)
        if table is None:
            return
        out = Outbox(about=table)
        async with table.lock:
            if table.status == "playing" and n in (None, table.moves) \
                    and (table.untold_start or self.computers_to_move(table)):
                # a start not told is told as one (prev None: every rack goes)
                prev = None if table.untold_start else table.state.current_player
                await self.advance(out, table, [], prev)
        await self.deliver(out)

    async def _retell(self, table: Table, row: TableRow) -> None:
        """Tell what the moves after `row.told` said: the bot stopped after committing them
        and before their messages went out (the group's lines, the scores, the next
        player's rack and buttons)."""
        moves = await self.store.move_log(table.id)
        state, turn, untold, rounds_before = _replay_with_turn(
            record_of(table, [m.action for m in moves]), row.told)
        table.state, table.moves = state, len(moves)
        outcome = state.outcome()
        table.rounds_done = len(outcome["rounds"])
        table.pending = [events.public_line(table, ev) for ev in turn]
        steps = [Step(m.seat, m.action, m.how, happened)
                 for m, happened in zip(moves[row.told:], untold, strict=True)]
        prev = steps[0].seat
        if steps[0].how in ("player", "timeout") or not table.seats[prev].computer_moves:
            # the buttons it was shown then come off (a second timeout: a computer plays
            # the seat now, and the person's buttons still look live)
            table.prompted[prev] = prompt_ref(table, prev, row.told)
        private = {}
        if steps[0].how == "timeout":  # its notes are no move: made again from the log
            timed_out = list(itertools.takewhile(
                lambda st: st.how == "timeout" and st.seat == prev, steps))
            public, private[prev] = events.timeout_news(table, prev, timed_out)
            table.pending += public
        helped = await self._helped(table, ()) if state.is_finished else set()
        closing = [await self._record_line(table, rec) for rec in self._records(
            table, outcome, helped)] + self._helped_lines(table, outcome, helped) \
            + await self.rating_lines(table) if state.is_finished else []
        out = Outbox(about=table)
        async with table.lock:
            now = state.current_player
            if not state.is_finished and not table.seats[now].computer_moves:
                # the prompt asked again below may have gone out before the bot stopped: its
                # buttons come off, so one turn never has two live prompts
                self.to_seat_edit(out, table, now, prompt_ref(table, now, len(moves)))
            self._announce(out, table, steps, prev, outcome["rounds"][rounds_before:], outcome,
                           private, False, closing)
            if row.group_told is not None and row.group_told >= len(moves):
                # the group heard them: only a private message was held (the next rack)
                out.drafts = [d for d in out.drafts if d.to.private]
            _telling(out, table)
        await self.deliver(out)

    async def _move_time_again(self, table: Table) -> None:
        """A person's move time, restored: whole again from now (at least what was left);
        at a table without one, the wait a /hurry gave, likewise."""
        if table.status != "playing" or waits_for_people(table):
            return
        if self.timed(table):
            fresh = self.deadline_for(table)
        elif table.deadline is not None and not table.seats[
                table.state.current_player].computer_moves:
            fresh = self.clock.now() + HURRY_WAIT
        else:
            return
        if fresh is not None and (table.deadline is None or table.deadline < fresh):
            table.deadline = fresh
            await self.store.set_deadline(table.id, fresh)

    async def restore(self, platforms: Collection[str] | None = None) -> int:
        """Rebuild every unfinished table from the store (replaying its move log) and
        re-arm its deadline: the person to move has their whole move time again (the bot's
        time away is not theirs: it would skip their reminder, or hand their seat to a
        computer); a lobby's wait that passed fires now, a table everyone left has its hour
        again if it ran out while the bot was down. What a
        crash kept from going out after a commit is told now. Only the tables of
        `platforms` (None: all), the ones this process has doors to: another's would be
        played on and told to nobody (the terminal would show their racks)."""
        await self.prefs.load()  # racks drawn from now on follow what people chose
        self.recall_said_last()  # a quiet chat's next move edits its picture, as before
        self._places.update(await self.store.chat_places())
        untold = []
        for row in _of(await self.store.open_tables(), platforms):
            try:
                table = self.table_from_row(row)
            except (RulesError, ReplayError):
                # A game missing from this install, or rules that changed under a record:
                # leave the table untouched in the store rather than lose it.
                log.exception("table %s (%s) cannot be restored; skipping it", row.id, row.game)
                continue
            self.tables[table.id] = table
            for _, s in table.humans():  # the names the league knows them by there (a name
                # written since they sat down is the one the match's result keeps)
                named = await self.store.chat_name(table.platform, table.chat, s.user)
                if named is not None:
                    self._chat_names.setdefault((table.platform, table.chat, s.user), named)
            if table.deadline is None and waits_for_people(table):
                await self.wait_for_people(table)  # stored before such tables closed by themselves
            elif table.status == "playing" and waits_for_people(table) \
                    and table.deadline <= self.clock.now():  # everyone's away, and their hour
                # ran out while the bot was down: theirs again from now (a /back sent then
                # is on its way; the bot's time away is not theirs)
                await self.wait_for_people(table)
            await self._move_time_again(table)
            self.schedule(table)
            if row.told is not None and row.told < 0:  # the start never went out (a crash,
                # a refused first commit): told as a start now, the moves since in its picture
                table.untold_start = start_lines(table, moved=False)
            elif row.told is not None and row.told < len(row.moves):
                untold.append((table, row))  # a crash lost the last moves' messages
            else:  # its buttons were sent before the restart: the next move takes them off
                _buttons_out(table)
        await self._recall_ended_away(platforms)
        for row in _of(await self.store.untold_finished(), platforms):  # a match's end nobody heard
            try:
                untold.append((self.table_from_row(row), row))
            except (RulesError, ReplayError):
                log.exception("table %s (%s) cannot be told; skipping it", row.id, row.game)
        for table, row in untold:
            await self._retell(table, row)
        for table in list(self.tables.values()):
            await self.computers_move(table.id)
        for table in list(self.tables.values()):  # telling the others took time: the person
            before = table.deadline  # to move has it whole from now, when commands come in
            await self._move_time_again(table)
            if table.deadline != before:
                self.schedule(table)
        return len(self.tables)


def _moves_this_turn(batch: list[Step], seat: int) -> int:
    """How many moves `seat` has made in a row at the end of `batch` (its turn so far)."""
    return sum(1 for _ in itertools.takewhile(lambda st: st.seat == seat, reversed(batch)))


def _move_rng(table: Table, n: int) -> random.Random:
    """A computer's rng for move `n`, derived from the table's seed: a restarted bot makes
    the very same move."""
    return random.Random(f"{table.seed}:{n}")
