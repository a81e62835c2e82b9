"""Turn timers: when a table's deadline falls (a move's time, a lobby's or an abandoned
table's wait) and what happens then: a reminder before a move's time runs out, a computer's
move when it has, the close of a table nobody came to; and /hurry, which gives a move at a
table with no move time a deadline on request (O30)."""

from __future__ import annotations

import logging

from . import events, journal
from .messages import Line
from .outbox import Outbox
from .play import MOVES_IN_A_TURN, TIMEOUT_LEVEL, Step, waits_for_people
from .refusal import Refusal, not_started
from .tables import (
    ABANDONED_WAIT,
    AWAY_AFTER,
    HURRY_BEFORE,
    HURRY_FROM,
    HURRY_WAIT,
    LOBBY_WAIT,
    Table,
)
from .timers import Handles

log = logging.getLogger(__name__)
OUTAGE_RECHECK = 15.0  # seconds between looks at a platform that did not answer


class TurnTimers:
    def deadline_for(self, table: Table) -> float | None:
        """When the table's time runs out from now: the seat to move's (its timer), or the
        wait for people (a lobby for /start, a game everyone left for a /back); None: none."""
        state = table.state
        if table.status == "lobby" or (waits_for_people(table) and not state.is_finished):
            if not self.timers:
                return None  # the terminal table: one person, who is always there
            return self.clock.now() + (LOBBY_WAIT if table.status == "lobby" else ABANDONED_WAIT)
        if state is None or not self.timed(table) or state.current_player is None:
            return None
        s = table.seats[state.current_player]
        if s is None or s.computer_moves:
            return None
        return self.clock.now() + table.timer

    def schedule(self, table: Table) -> None:
        if table.timer_handle is not None:
            table.timer_handle.cancel()
            table.timer_handle = None
        tid, n, deadline = table.id, table.moves, table.deadline
        if deadline is None:
            return
        if waits_for_people(table):
            table.timer_handle = self.clock.call_at(
                deadline, lambda: self.on_wait_over(tid, deadline))
        elif table.status == "playing":
            table.timer_handle = self.clock.call_at(deadline, lambda: self.on_deadline(tid, n))
            hurry_at = deadline - HURRY_BEFORE
            if table.timer >= HURRY_FROM and hurry_at > self.clock.now():
                table.timer_handle = Handles(table.timer_handle, self.clock.call_at(
                    hurry_at, lambda: self.on_hurry(tid, n)))

    async def _on_move_timer(self, table_id: int, n: int, work) -> None:
        """A timer set for move `n`: `work(table, out, seat)` under the table's lock, if that
        move is still awaited from a person (else the timer is stale: moved in time, or
        closed); its messages go out after."""
        table = self.tables.get(table_id)
        if table is None:
            return
        out = Outbox(about=table)
        async with table.lock:
            seat = _timed_seat(table, n)
            if seat is not None:
                await work(table, out, seat)
        await self.deliver(out)

    async def on_hurry(self, table_id: int, n: int) -> None:
        """The person to move has HURRY_BEFORE seconds left: they hear it privately, and
        whether running out would hand their seat to a computer (O30)."""
        await self._on_move_timer(table_id, n, self._remind)

    async def _remind(self, table: Table, out: Outbox, seat: int) -> None:
        last = table.seats[seat].timeouts + 1 >= AWAY_AFTER
        seconds = max(1, round(table.deadline - self.clock.now()))
        alone = table.alone(seat)  # then the table waits
        how = events.rule_timeout(table)  # (K-D3: the turn ends with a draw first)
        waits = ".waits" if alone else ""
        key = f"core.hurry_last{how}{waits}" if last else "core.hurry"
        self.to_seat(out, table, seat, Line(key, {"seconds": seconds, "game": table.game_name()}))

    async def on_wait_over(self, table_id: int, deadline: float) -> None:
        """Nobody started the lobby (LOBBY_WAIT) or came back to a table where every person
        was away (ABANDONED_WAIT) in time: it closes without a result, as an admin's /stop
        would, and the group hears why."""
        table = self.tables.get(table_id)
        if table is None:
            return
        out = Outbox(about=table)
        async with table.lock:
            if table.deadline != deadline or not table.open or not waits_for_people(table):
                return  # started, closed, changed or rejoined since: that timer is stale
            key, wait = (("core.lobby_expired", LOBBY_WAIT) if table.status == "lobby"
                         else ("core.abandoned", ABANDONED_WAIT))
            await self._close_locked(out, table, "stopped", "", tell_group=False, why=(
                "nobody started it in time" if key == "core.lobby_expired"
                else "nobody came back in time"))
            said = Line(key, {"game": table.game_name(), "minutes": wait // 60,
                              "id": table.game.id})
            if key == "core.abandoned":
                self.close_live_picture(out, table, said)
            self.to_group(out, table, said)
        await self.deliver(out)

    async def on_deadline(self, table_id: int, n: int) -> None:
        """The seat to move ran out of time: a computer plays its turn (the game's own
        timeout move where the rules name one, e.g. K-D3); after AWAY_AFTER timeouts in a
        row it keeps the seat until the person types /back (O30). Not while the table's
        platform does not answer: nobody there could see the turn or send a move; once it
        answers again, the person has their whole time from then."""
        table = self.tables.get(table_id)
        if table is not None and self.reachable is not None:
            state = table.state  # (a match over, or a lobby: nobody is to move)
            seat = None if state is None or state.is_finished else state.current_player
            mover = table.seats[seat] if seat is not None else None
            if not await self.reachable(table.platform, mover.user if mover else None):
                return await self._on_move_timer(table_id, n, self._wait_out_outage)
            if table.outage:
                return await self._on_move_timer(table_id, n, self._time_again)
        await self._on_move_timer(table_id, n, self._time_out)

    async def _wait_out_outage(self, table: Table, out: Outbox, seat: int) -> None:
        """Look again in OUTAGE_RECHECK seconds (no reminder meanwhile: it could not
        arrive); an outage timed out every table there, twice, handing seats to computers.
        The deadline moves with each look, so a timer armed again meanwhile (another's
        /leave) waits too."""
        if not table.outage:
            log.warning("table %d: %s does not answer: seat %d's move time waits for it",
                        table.id, table.platform, seat + 1)
        table.outage = True
        table.deadline = self.clock.now() + OUTAGE_RECHECK
        self.schedule(table)

    async def _time_again(self, table: Table, out: Outbox, seat: int) -> None:
        """The platform answers again: the whole move time from now (at a table without
        one, the wait a /hurry gave), kept in the store, reminders as usual."""
        table.outage = False
        await self._move_time_again(table)  # as after a restart (bot/play.py)
        self.schedule(table)
        log.info("table %d: %s answers again: seat %d has its whole move time", table.id,
                 table.platform, seat + 1)

    async def _time_out(self, table: Table, out: Outbox, seat: int) -> None:
        state, s = table.state, table.seats[seat]
        batch: list[Step] = []
        rounds = len(state.outcome()["rounds"])
        async with self.undone_on_failure(table):
            while state.current_player == seat and len(state.outcome()["rounds"]) == rounds:
                hook = getattr(state, "timeout_action", None)
                action = hook() if hook is not None else None
                n = table.moves + len(batch)
                if action is None and len(batch) >= MOVES_IN_A_TURN:  # (a rule giving the
                    # turn back, Y17, to a player that repeats the move: as at _auto)
                    action = self._turn_ending_action(table, seat, TIMEOUT_LEVEL, n)
                elif action is None:
                    action = await self.computer_action(table, seat, TIMEOUT_LEVEL, n)
                batch.append(Step(seat, str(action), "timeout", state.apply(action)))
        s.timeouts += 1
        table.dirty.add(seat)
        if s.timeouts >= AWAY_AFTER and not state.is_finished:  # no seat to keep after the end
            s.away = True
        journal.timed_out(table, seat, len(batch), s.away)
        public, private = events.timeout_news(table, seat, batch)
        table.pending += public
        await self.advance(out, table, batch, seat, {seat: private})

    @staticmethod
    def another_to_move(table: Table, user: str) -> bool:
        """Is another person (not `user`, not a computer) to move at `table`: the table a
        /hurry of theirs is for (not their own turn: a session-60 scan)?"""
        seat = table.state.current_player if table.state is not None else None
        s = table.seats[seat] if seat is not None else None
        return s is not None and not s.computer_moves and s.user != user

    async def cmd_hurry(self, cmd, out: Outbox, table: Table) -> None:
        """At a table without a move time, a seated person asks the person to move to
        move: if they have not moved in HURRY_WAIT seconds, a computer moves for them, as
        when time runs out (O30; twice in a row, it keeps their seat until /back). So one
        player who vanished cannot hold the others up for ever."""
        async with table.lock:
            if table.status != "playing":
                raise not_started(table, cmd.user.id)
            seat = table.state.current_player
            s = table.seats[seat] if seat is not None else None
            if s is None or s.computer_moves:  # (a timed table where everyone is away too:
                raise Refusal("core.error.hurry_computer")  # no time runs while it waits)
            if self.timed(table):
                raise Refusal("core.error.hurry_timed", seconds=table.timer)
            if s.user == cmd.user.id:
                raise Refusal("core.error.hurry_own_turn")
            now = self.clock.now()
            if table.deadline is not None and table.outage:  # the time waits for the platform
                raise Refusal("core.error.hurry_asked_outage", player=s.name,
                              seconds=HURRY_WAIT)  # (the whole wait, once it answers again)
            if table.deadline is not None:
                raise Refusal("core.error.hurry_asked", player=s.name,
                              seconds=max(1, round(table.deadline - now)))
            await self.store.set_deadline(table.id, now + HURRY_WAIT)  # refused: not asked
            table.deadline = now + HURRY_WAIT
            self.schedule(table)
            asked = {"asker": cmd.user.name, "player": s.name, "seconds": HURRY_WAIT,
                     "game": table.game_name()}
            how = events.rule_timeout(table)
            last = s.timeouts + 1 >= AWAY_AFTER  # running out again gives the seat away
            # nobody else plays there: the table would wait for /back, no computer plays
            waits = ".waits" if table.alone(seat) else ""
            group = {k: v for k, v in asked.items() if k != "game"}  # (its game heads it
            # where the group has another table: Core._head_group)
            self.to_group(out, table, Line(f"core.hurried_last{how}{waits}" if last
                                           else f"core.hurried{how}", group))  # K-D3: a draw
            self.to_seat(out, table, seat, Line(f"core.hurried_private_last{how}{waits}" if last
                                                else f"core.hurried_private{how}", asked))


def _timed_seat(table: Table, n: int) -> int | None:
    """The seat whose move `n` a timer was set for, while that move is still awaited from
    a person; else None."""
    state = table.state
    if table.moves != n or table.status != "playing" or state.is_finished:
        return None
    seat = state.current_player
    return None if table.seats[seat].computer_moves else seat
