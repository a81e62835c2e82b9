"""Turn timers (O30, O-D13, K-D3, K-D5, D-D6): the clock is moved by hand, never slept."""

from __future__ import annotations

from bot import i18n
from bot.tables import ABANDONED_WAIT, HURRY_BEFORE

from .conftest import ALI, BUDI, CAN, Harness, en, rack_caption, summary


async def _alone(bot, game, options=""):
    """Ali against three random computers: every Ali turn waits on the clock."""
    await bot.say(ALI, f"/new {game} bots=random {options}".strip())
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.state.current_player == 0
    return table


async def _down_for(bot, seconds: float):
    """The bot stops, `seconds` pass, it starts again on the same file: its one table."""
    bot.core.close()
    await bot.store.close()
    bot.clock.t += seconds
    await bot.start()
    await bot.clock.advance(0)
    return bot.table()


async def _log(bot, table):
    return await bot.store.move_log(table.id)


async def test_D_D6_timeout_twice_then_computer_plays_until_back(bot):
    table = await _alone(bot, "dominoes")
    assert table.deadline == bot.clock.now() + 45  # D-D6 default
    moves = table.moves
    bot.sent.clear()
    await bot.clock.advance(44.9)
    assert table.moves == moves  # not yet: only the reminder 15 s before the end
    assert summary(bot.sent) == [("user:1", "text", ["core.hurry"])]
    bot.sent.clear()

    await bot.clock.advance(0.1)  # first timeout: a computer moves for Ali, once
    log = await _log(bot, table)
    assert (log[moves].seat, log[moves].how) == (0, "timeout")
    assert table.seats[0].timeouts == 1 and not table.seats[0].away
    group = [m for m in bot.sent if not m.to.private]
    assert group[0].lines[0].key == "core.timeout"
    assert en(group[0]).startswith("Ali ran out of time; a computer moved for them.\nSeat 1 (Ali) ")
    private = [m for m in bot.sent if m.to.private and m.lines[0].key != "core.move_gone"]
    assert private[0].lines[0].key == "core.timeout_private"
    # the person reads which move was made for them, as the log has it
    assert en(private[0]).splitlines()[0] == (
        f"You ran out of time at Dominoes; a computer made your move: {log[moves].action}.")
    assert table.state.current_player == 0  # Ali's turn again, with a fresh deadline
    assert table.deadline == bot.clock.now() + 45

    bot.sent.clear()
    moves = table.moves
    await bot.clock.advance(45)  # second timeout in a row: the computer keeps the seat
    assert table.seats[0].away
    group = [m for m in bot.sent if not m.to.private]
    # alone at the table: no computer plays on for Ali, it waits (core.all_away)
    assert [ln.key for ln in group[0].lines[:2]] == ["core.timeout", "core.away.waits"]
    # Ali was the only person: the table waits for a /back instead of letting the
    # computers play the match out alone (and rate Ali on it)
    keys = [ln.key for ln in group[0].lines]
    assert "core.all_away" in keys and "core.turn" not in keys  # no time runs while it waits
    assert table.seats[table.state.current_player].user is None  # a computer's turn, waiting
    waiting_at, away_at = table.moves, bot.clock.now()
    await bot.clock.advance(ABANDONED_WAIT - 100)  # it waits (and closes at the hour)
    assert table.moves == waiting_at and not table.state.is_finished
    private = [m for m in bot.sent if m.to.user == "1"
               and not m.lines[0].key.startswith(("core.move_gone", "core.hurry_last"))]
    # the reminder before the second timeout said what it would do: Ali alone, it waits
    assert [m.lines[0].key for m in bot.sent if m.to.user == "1"
            and m.lines[0].key.startswith("core.hurry")] == ["core.hurry_last.waits"]
    assert [ln.key for ln in private[0].lines] == ["core.timeout_private",
                                                   "core.away_private.waits"]
    log = await _log(bot, table)
    hows = {m.how for m in log[moves:] if m.seat == 0}
    assert hows <= {"timeout", "away"} and "timeout" in hows
    if not table.state.is_finished:  # no move time runs; only the wait for a /back
        assert table.deadline == away_at + ABANDONED_WAIT
    # the seat's state is in the store
    row = await bot.store.table(table.id)
    assert (row.seats[0].away, row.seats[0].timeouts) == (True, 2)

    # while away, typed moves are refused
    out = await bot.say(ALI, "/pass")  # (Ali alone, away: the table waits for him)
    assert summary(out) == [("user:1", "text", ["core.error.away.waits"])]
    seat_before = table.seat_of("1")
    out = await bot.say(ALI, "/back")  # the computers play on up to Ali's turn
    # told with the computers' moves up to Ali's turn, in the table's caption
    assert summary(out)[0][:2] == ("chat:g1", "image")
    assert summary(out)[0][2][0] == "core.back"
    assert en(out[0]).startswith("Ali is back at seat 1.\n")
    assert table.moves > waiting_at
    if not table.state.is_finished:
        assert table.state.current_player == 0 and table.deadline == bot.clock.now() + 45
        mine = [m for m in out if m.to.user == "1" and m.lines[0].key == "core.rack"]
        assert len(mine) == 1 and en(mine[0]).startswith(rack_caption(table, 0))
    assert table.seat_of("1") == seat_before == 0
    # one more timeout and the computer takes the seat again (only a move in time clears it)
    assert not table.seats[0].away and table.seats[0].timeouts == 1
    out = await bot.say(ALI, "/back")
    assert summary(out) == [("user:1", "text", ["core.error.not_away"])]


async def test_O30_a_move_in_time_resets_the_count(bot):
    table = await _alone(bot, "okey101", "timer=30")
    await bot.clock.advance(30)
    assert table.seats[0].timeouts == 1
    # Ali moves in time: draw, then discard (O7); the computers play round to Ali again
    await bot.say(ALI, "/draw")  # half a turn clears nothing (the discard may never come)
    assert table.state.current_player == 0 and table.seats[0].timeouts == 1
    await bot.say(ALI, "/" + table.state.view(0).legal[0])
    assert table.seats[0].timeouts == 0
    log = await _log(bot, table)
    mine = [m for m in log if m.seat == 0]
    assert [m.how for m in mine[-2:]] == ["player", "player"]
    assert table.state.current_player == 0  # round to Ali again
    await bot.clock.advance(30)
    assert table.seats[0].timeouts == 1 and not table.seats[0].away


async def test_O30_the_timeout_that_hands_the_seat_to_a_computer_tells_the_tile_drawn(bot):
    table = await _alone(bot, "okey101", "timer=30")
    await bot.clock.advance(30)  # the first turn: a discard only (O6)
    bot.sent.clear()
    await bot.clock.advance(30)  # the second: a draw and a discard, and the seat is away
    assert table.seats[0].away
    [told] = [m for m in bot.sent if m.to.user == "1" and m.lines[0].key == "core.timeout_private"]
    assert [ln.key for ln in told.lines] == ["core.timeout_private", "core.away_private.waits"]
    timed = [m.action for m in await _log(bot, table) if m.how == "timeout"]
    second = timed[timed.index("draw"):]  # the first timeout's turn had no draw (O6)
    drew = told.lines[0].params["moves"].parts[0]  # the draw says what it drew
    assert en(told).splitlines()[0] == (
        "You ran out of time at Okey 101; a computer made your move: "
        f"draw (you drew {drew.params['tile']}), {', '.join(second[1:])}.")


async def test_K_D3_rummikub_timeout_uses_the_rules_move(bot):
    table = await _alone(bot, "rummikub")
    assert table.deadline == bot.clock.now() + 90  # K-D5
    expected = str(table.state.timeout_action())
    n = table.moves
    bot.sent.clear()
    await bot.clock.advance(90)
    log = await _log(bot, table)
    assert (log[n].seat, log[n].action, log[n].how) == (0, expected, "timeout")
    # what people read says what happened: no computer chose this move, the rules did
    group = [m for m in bot.sent if not m.to.private][0]
    assert en(group).startswith("Ali ran out of time: as the rules say (K-D3), the turn ended "
                                "with a draw")
    private = [m for m in bot.sent if m.to.user == ALI.id
               and m.lines[0].key not in ("core.move_gone", "core.hurry")]
    assert private[0].lines[0].key == "core.timeout_private.rummikub"
    # it names its game, as the other games' do (someone may play two games)
    assert en(private[0]).startswith("You ran out of time at Rummikub: as the rules say")


async def test_a_restart_gives_the_person_to_move_their_whole_time_again(bot):
    """The bot's time away is not the player's: 20 s into a 45 s move the bot restarts,
    and the move has its 45 s again from then (stored, for a restart after that)."""
    table = await _alone(bot, "dominoes")
    await bot.clock.advance(20)
    await bot.restart()  # same file, same clock
    again = bot.table()
    assert again.deadline == bot.clock.now() + 45
    assert (await bot.store.table(again.id)).deadline == again.deadline
    n = again.moves
    await bot.clock.advance(44.9)
    assert again.moves == n
    await bot.clock.advance(0.1)
    assert again.moves > n and again.seats[0].timeouts == 1
    assert table.id == again.id


async def test_a_move_time_that_ran_out_while_the_bot_was_down_is_not_charged(bot):
    """Down for ten minutes while Ali was to move: no computer moves for him at once (a
    second timeout would have handed it his seat); he has his whole time again."""
    table = await _alone(bot, "dominoes")
    n = table.moves
    again = await _down_for(bot, 600)  # the bot was down for ten minutes
    assert again.moves == n and again.seats[0].timeouts == 0
    await bot.clock.advance(45)
    assert again.moves > n and again.seats[0].timeouts == 1


async def test_no_deadline_for_computers_or_untimed_tables(bot):
    # no time limit counts in no league: one player could hold the table up for ever
    out = await bot.say(ALI, "/new dominoes timer=0 bots=random")
    assert summary(out) == [("user:1", "text", ["core.error.no_limit_in_league"])]
    assert not bot.core.tables
    await bot.say(ALI, "/new dominoes timer=0 bots=random league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    assert table.deadline is None and not bot.clock.pending()
    out = await bot.say(ALI, "/rules")  # a chat's table says it has no move limit
    assert "timer=0" in en(out[0])
    out = await bot.say(ALI, "/table")
    assert "(" in en(out[0])


async def test_someone_else_leaving_does_not_give_the_mover_a_fresh_clock(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    while table.state.current_player != 1:  # Ali plays until Budi is to move
        await bot.say(ALI, "/" + table.state.view(0).legal[0])
    deadline = table.deadline
    await bot.clock.advance(40)  # Budi has 5 of his 45 seconds left (D-D6)
    await bot.say(ALI, "/leave")  # Ali, not to move, leaves: a computer keeps his seat
    assert table.seats[0].away and table.deadline == deadline
    moves = table.moves
    await bot.clock.advance(5)  # Budi's time runs out when it always would have
    assert table.moves > moves and table.seats[1].timeouts == 1


async def test_O30_leave_and_back_between_timeouts_do_not_clear_the_count(bot):
    """Letting every turn run out, with /leave and /back between, still hands the seat to a
    computer after two timeouts in a row: only a move in time clears the count."""
    await bot.say(ALI, "/new okey101 bots=random timer=30")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    while table.state.current_player != 0:  # Budi plays until Ali is to move
        await bot.say(BUDI, "/" + table.state.view(table.state.current_player).legal[0])
    await bot.clock.advance(30)
    assert table.seats[0].timeouts == 1
    await bot.say(ALI, "/leave")
    await bot.say(ALI, "/back")
    assert table.seats[0].timeouts == 1 and not table.seats[0].away
    while table.state.current_player != 0:
        await bot.say(BUDI, "/" + table.state.view(table.state.current_player).legal[0])
    await bot.clock.advance(30)
    assert table.seats[0].away  # the second timeout in a row


async def test_the_person_to_move_hears_15_seconds_before_their_time_runs_out(bot):
    """O30: a computer moves for a player whose time runs out, and takes the seat at the
    second time in a row; a reminder comes first, privately, in the player's language."""
    table = await _alone(bot, "okey101")  # 60 s a move (O-D13)
    bot.sent.clear()
    await bot.clock.advance(60 - HURRY_BEFORE - 0.1)
    assert not bot.sent
    await bot.clock.advance(0.1)
    assert summary(bot.sent) == [("user:1", "text", ["core.hurry"])]
    assert en(bot.sent[0]) == "15 seconds left for your move at Okey 101."
    await bot.clock.advance(HURRY_BEFORE)  # it runs out: a computer moves once
    assert table.seats[0].timeouts == 1
    bot.sent.clear()
    await bot.clock.advance(60 - HURRY_BEFORE)  # the next one would hand the seat over
    [hurry] = [m for m in bot.sent if m.lines[0].key.startswith("core.hurry")]
    # Ali is the only person here: no computer would play on, the table would wait
    assert en(hurry) == ("15 seconds left for your move at Okey 101. If the time runs out "
                         "again, nobody else plays here: the table waits for your /back.")


async def test_O30_with_others_at_the_table_the_last_reminder_says_a_computer_takes_over(bot):
    table, mover, _ = await _pair(bot, options="")
    people = {ALI.id: ALI, BUDI.id: BUDI}
    await bot.clock.advance(45)  # a first timeout
    seat = table.seat_of(mover.id)
    while table.state.current_player != seat:  # the other person plays on, in time
        who = table.seats[table.state.current_player].user
        await bot.say(people[who], "/" + table.state.view(table.state.current_player).legal[0])
    bot.sent.clear()
    await bot.clock.advance(45 - HURRY_BEFORE)
    [hurry] = [m for m in bot.sent if m.lines[0].key.startswith("core.hurry")]
    assert hurry.lines[0].key == "core.hurry_last"
    assert en(hurry).endswith("a computer takes over your seat (/back returns it).")


async def test_no_reminder_after_a_move_in_time_nor_on_short_timers(bot):
    table = await _alone(bot, "dominoes")
    legal = table.state.view(0).legal
    await bot.clock.advance(10)
    await bot.say(ALI, f"/{legal[0]}")  # moved in time: that move's reminder is stale
    bot.sent.clear()
    await bot.clock.advance(45 - HURRY_BEFORE - 10 + 1)  # past the old reminder's time
    assert not [m for m in bot.sent if m.lines[0].key == "core.hurry"]
    out = await bot.say(BUDI, "/new dominoes timer=20 bots=random", chat="g2")
    assert summary(out)[0][2] == ["core.created", "core.created_league"], en(out[0])
    await bot.say(BUDI, "/start", chat="g2")
    short = bot.table(chat="g2")
    waiting = short.state.current_player is not None and short.seats[
        short.state.current_player].user == "2"
    assert short.timer == 20 and waiting
    bot.sent.clear()
    await bot.clock.advance(19.9)  # a 20 s move time: the prompt itself is the reminder
    assert short.seats[short.state.current_player].user == "2"  # Budi's turn still
    assert not [m for m in bot.sent if m.to.user == "2" and m.lines[0].key == "core.hurry"]


async def test_the_reminder_survives_a_restart(bot):
    table = await _alone(bot, "dominoes")
    await bot.clock.advance(20)
    await bot.restart()  # the whole move time again: the reminder 15 s before its end
    bot.sent.clear()
    await bot.clock.advance(45 - HURRY_BEFORE - 0.1)
    assert summary(bot.sent) == []
    await bot.clock.advance(0.1)
    assert summary(bot.sent) == [("user:1", "text", ["core.hurry"])]
    assert bot.table().moves == table.moves


async def _pair(bot, game: str = "dominoes", options: str = "league=off timer=0"):
    """Ali and Budi at a table of `game` (and computers; by default a friendly dominoes
    table with no move time): returns the table, the person to move and the other one."""
    await bot.say(ALI, f"/new {game} bots=random {options}".strip())
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    mover = {"1": ALI, "2": BUDI}[table.seats[table.state.current_player].user]
    return table, mover, BUDI if mover is ALI else ALI



async def test_hurry_a_vanished_player_at_a_table_with_no_move_time(bot):
    """O30 on request: with no move time, a seated person may ask the person to move to
    move; two minutes later a computer moves for them (twice in a row: it keeps the seat
    until /back), so one player who vanished cannot hold the table up for ever."""
    table, mover, other = await _pair(bot)
    assert table.deadline is None
    await bot.clock.advance(3600)
    assert table.state.current_player == table.seat_of(mover.id)  # nothing happens by itself
    bot.sent.clear()
    out = await bot.say(other, "/hurry")
    assert summary(out) == [("chat:g1", "text", ["core.hurried"]),
                            (f"user:{mover.id}", "text", ["core.hurried_private"])]
    assert en(out[0]) == (f"{other.name} asks {mover.name} to move: if they have not moved "
                          "in 120 s, a computer moves for them.")
    assert table.deadline == bot.clock.now() + 120
    await bot.clock.advance(20)
    out = await bot.say(other, "/hurry")  # once is enough
    assert en(out[0]) == f"{mover.name} has been asked already: 100 s left."
    out = await bot.say(mover, "/hurry")
    assert summary(out) == [(f"user:{mover.id}", "text", ["core.error.hurry_own_turn"])]
    await bot.restart()  # the request is stored, and whole again from the restart
    table = bot.table()
    n = table.moves
    await bot.clock.advance(119.9)
    assert table.moves == n
    await bot.clock.advance(0.1)
    log = await _log(bot, table)
    assert (log[n].seat, log[n].how) == (table.seat_of(mover.id), "timeout")
    assert table.seats[table.seat_of(mover.id)].timeouts == 1
    # the table has no move time again until someone asks
    assert table.deadline is None
    # asked again at their next turn, the person hears their seat is at stake now
    people = {ALI.id: ALI, BUDI.id: BUDI}
    while table.state.current_player != table.seat_of(mover.id):
        seat = table.state.current_player
        await bot.say(people[table.seats[seat].user], "/" + table.state.view(seat).legal[0])
    out = await bot.say(other, "/hurry")
    assert summary(out)[0] == ("chat:g1", "text", ["core.hurried_last"])  # the group too
    assert en(out[0]).endswith("a computer takes over their seat (they can come /back).")
    assert summary(out)[1] == (f"user:{mover.id}", "text", ["core.hurried_private_last"])
    assert en(out[1]) == (f"{other.name} asks you to move at Dominoes: if you have not moved "
                          "in 120 s, a computer takes over your seat (/back returns it).")


async def test_a_hurry_running_while_the_bot_was_down_is_whole_again_from_the_restart(bot):
    """README: the bot's time away is not the player's. 10 s into a /hurry the bot went
    down for 5 minutes: at the restart a computer moved for the person at once (at their
    second hurry, taking their seat) with 110 s of it theirs."""
    table, mover, other = await _pair(bot)
    await bot.say(other, "/hurry")
    await bot.clock.advance(10)
    bot.core.close()
    await bot.store.close()
    bot.clock.t += 300  # down: no timer of the old core runs
    await bot.start()
    table = bot.table()
    n = table.moves
    assert table.deadline == bot.clock.now() + 120
    await bot.clock.advance(119.9)
    assert table.moves == n and table.seats[table.seat_of(mover.id)].timeouts == 0
    await bot.clock.advance(0.1)
    log = await _log(bot, table)
    assert (log[n].seat, log[n].how) == (table.seat_of(mover.id), "timeout")


async def test_a_hurry_outlasts_another_person_leaving_or_coming_back(bot):
    """Someone else's /leave or /back while a /hurry runs: the person asked still has what
    was left of the two minutes, no more (it used to be dropped: nobody moved for them)."""
    await bot.say(ALI, "/new dominoes bots=random league=off timer=0")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    people = {0: ALI, 1: BUDI, 2: CAN}
    while table.state.current_player != 1:  # Budi to move
        seat = table.state.current_player
        await bot.say(people[seat], "/" + table.state.view(seat).legal[0])
    await bot.say(ALI, "/hurry")
    deadline = table.deadline
    await bot.clock.advance(30)
    await bot.say(CAN, "/leave")
    assert table.deadline == deadline == (await bot.store.table(table.id)).deadline
    await bot.say(CAN, "/back")
    assert table.deadline == deadline
    n = table.moves
    await bot.clock.advance(90)
    log = await _log(bot, table)
    assert (log[n].seat, log[n].how) == (1, "timeout")


async def test_hurry_is_refused_where_it_means_nothing(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    out = await bot.say(ALI, "/hurry")  # a lobby: its opener hears to start it
    assert summary(out) == [("user:1", "text", ["core.error.not_started_opener"])]
    assert en(out[0]) == ("The game has not started yet: type /start where you opened the "
                          "table to begin (computers take the empty seats).")
    await bot.say(BUDI, "/join")
    out = await bot.say(BUDI, "/hurry")  # (read in a private chat too: who starts it, and how)
    assert summary(out) == [("user:2", "text", ["core.error.not_started"])]
    assert en(out[0]) == ("The game has not started yet: whoever opened the table starts it "
                          "by typing /start where it was opened.")
    await bot.say(ALI, "/start")
    table = bot.table()
    mover = table.seats[table.state.current_player].user
    out = await bot.say({"1": BUDI, "2": ALI}[mover], "/hurry")
    assert en(out[0]) == "Moves here are timed already (45 s each)."
    assert table.deadline == bot.clock.now() + 45  # unchanged


async def _ali_times_out_his_last_two_turns(bot, options: str):
    """Ali and Budi's dominoes table (`options`): Ali lets his time run out once he holds
    two tiles, until the first game ends or he has timed out twice. The sends of his last
    timeout are left in `bot.sent`."""
    await bot.say(ALI, f"/new dominoes bots=random {options}".strip())
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table()
    timeouts = 0
    while timeouts < 2 and not table.state.outcome()["rounds"]:
        seat = table.state.current_player
        view = table.state.view(seat)
        if seat == 0 and len(view.hand) <= 2:
            bot.sent.clear()
            await bot.clock.advance(table.timer)
            timeouts += 1
        else:
            await bot.say(ALI if seat == 0 else BUDI, "/" + view.legal[0])
    return table, timeouts


async def test_a_second_timeout_that_ends_the_match_hands_no_seat_over(tmp_path):
    """Ali times out on his last two turns and the second ends the match (seed 2): there
    is no seat left to keep, so nobody is told to /back, and the league counts his match
    as he played it (not as one he left)."""
    async with Harness(tmp_path / "bot.db", seed=2) as bot:
        table, timeouts = await _ali_times_out_his_last_two_turns(bot, "")
        assert table.state.is_finished
        assert timeouts == 2 and table.seats[0].timeouts == 2 and not table.seats[0].away
        said = [en(m) for m in bot.sent]
        assert not [t for t in said if "timed out twice" in t]  # core.away(_private)
        (over,) = [t for t in said if "match is over" in t]
        assert "A computer was playing for" not in over
        assert over.endswith("League ratings: Ali 1016 (+16), Budi 984 (\u221216)")


async def test_a_second_timeout_that_ends_a_game_of_the_match_is_told_privately(tmp_path):
    """Ali times out on his last two turns of the first game of three (seed 2) and the
    second lays his last tile: the seat goes to a computer for the next game, and Ali
    hears so privately, as a timeout mid-game says it (his notes were dropped with the
    game's end), and his next rack says who plays it."""
    async with Harness(tmp_path / "bot.db", seed=2) as bot:
        table, _ = await _ali_times_out_his_last_two_turns(bot, "games=3")
        assert len(table.state.outcome()["rounds"]) == 1  # that timeout ended the game
        assert table.seats[0].away
        group = "\n".join(en(m) for m in bot.sent if not m.to.private)
        assert "Ali timed out twice: a computer plays for them until they type /back." in group
        mine = [m for m in bot.sent if m.to.private and m.to.user == ALI.id]
        keys = [line.key for m in mine for line in m.lines]
        assert keys.index("core.timeout_private") < keys.index("core.away_private")
        rack = next(m for m in mine if m.lines and any(ln.key == "core.rack" for ln in m.lines))
        assert en(rack).startswith("Your tiles (Dominoes): ")
        assert en(rack).endswith("\nA computer plays this seat for you until you type /back.")


async def test_a_cancelled_wall_clock_timer_leaves_the_loop_and_a_live_one_fires():
    """Every move sets a deadline and a reminder and cancels the last ones: left queued on
    the loop, a busy bot held thousands of dead timers (found under load)."""
    import asyncio

    from bot.timers import SystemClock

    clock = SystemClock()
    loop = asyncio.get_running_loop()

    def live():
        return [h for h in loop._scheduled if not h.cancelled()]

    before = len(live())
    fired = []

    async def note():
        fired.append(True)

    handles = [clock.call_at(clock.now() + 3600, note) for _ in range(100)]
    assert len(live()) == before + 100
    for handle in handles:
        handle.cancel()
    assert len(live()) == before
    clock.call_at(clock.now() + 0.01, note)
    await asyncio.sleep(0.1)
    assert fired == [True]


async def test_at_the_terminal_a_table_is_timed_when_it_was_opened_with_a_timer(tmp_path):
    """The terminal times only tables opened with a timer, whatever a later start is
    given: a timed table resumed keeps its clock and gives the mover the whole time (it
    timed out at once when the program was started again without a timer); an untimed
    one stays untimed; the okey games' timer counts only when given."""
    async with Harness(tmp_path / "t.db", timers=False) as bot:
        table = await _alone(bot, "dominoes", "timer=30")
        assert table.deadline == bot.clock.now() + 30
        assert bot.core.turn_line(table).key == "core.turn"  # "(30 s a move)"
        n = table.moves
        again = await _down_for(bot, 600)  # the terminal was closed for ten minutes
        assert again.moves == n and again.seats[0].timeouts == 0  # no move made for Ali
        assert again.deadline == bot.clock.now() + 30
        await bot.clock.advance(30)
        assert again.moves > n and again.seats[0].timeouts == 1
        await bot.say(ALI, "/stop")
        for options in ("", "rounds=1"):  # no timer given: none, in either family
            game = "okey101" if options else "dominoes"
            table = await _alone(bot, game, options)
            assert table.deadline is None and not bot.clock.pending(), game
            assert bot.core.turn_line(table).key == "core.turn_untimed"
            assert "timer=" not in i18n.show("en", bot.core.described_options(table))
            await bot.restart()
            assert bot.table().deadline is None and not bot.clock.pending()
            await bot.say(ALI, "/stop")
        table = await _alone(bot, "okey101", "timer=30")
        assert table.deadline == bot.clock.now() + 30
        assert "timer=30" in i18n.show("en", bot.core.described_options(table))


async def test_K_D3_a_hurry_at_rummikub_says_the_turn_ends_with_a_draw(bot):
    """/hurry said "a computer moves for them" at Rummikub, where running out draws a tile
    (K-D3): the group and the person are told what will happen."""
    table, mover, other = await _pair(bot, "rummikub")
    out = await bot.say(other, "/hurry")
    assert summary(out) == [("chat:g1", "text", ["core.hurried.rummikub"]),
                            (f"user:{mover.id}", "text", ["core.hurried_private.rummikub"])]
    assert en(out[0]) == (f"{other.name} asks {mover.name} to move: if they have not moved in "
                          "120 s, their turn ends with a draw, as the rules say (K-D3).")
    n = table.moves
    await bot.clock.advance(120)
    log = await _log(bot, table)
    assert (log[n].action, log[n].how) == ("draw", "timeout")
