"""Commands that arrive together, and answers that go where they were asked."""

from __future__ import annotations

import asyncio
import contextlib
import threading

from bot.messages import Buttons
from bot.pictures import Pictures
from rules.ai import make_agent

from .conftest import ALI, BUDI, Harness, en, summary


class Gated:
    """A computer player that waits at a gate before each choice (a slow Expert)."""

    def __init__(self, inner, gate: threading.Event, entered: threading.Event):
        self.inner, self.gate, self.entered = inner, gate, entered

    def choose(self, view, rng):
        self.entered.set()
        assert self.gate.wait(10)
        return self.inner.choose(view, rng)


async def _gated(tmp_path, **options):
    """A bot whose computers wait at `gate` (open until cleared); `entered` is set as one
    begins to think."""
    gate, entered = threading.Event(), threading.Event()
    gate.set()
    bot = await Harness(tmp_path / "bot.db", **options,
                        make_agent=lambda g, lv: Gated(make_agent(g, lv), gate, entered)).start()
    return bot, gate, entered


async def test_stop_while_computers_think_stays_stopped(tmp_path):
    """/stop during a move the computers are still thinking about: the move ends, then the
    table closes, and nothing the move commits brings it back (in memory or the store)."""
    bot, gate, entered = await _gated(tmp_path, pictures=Pictures())  # real, slow drawing
    try:
        await bot.say(ALI, "/new dominoes")
        out = await bot.say(ALI, "/start")
        table = bot.table("dominoes")
        prompt = [m for m in out if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
        gate.clear()
        entered.clear()
        move = asyncio.create_task(bot.press(ALI, prompt.choices[0].payload))
        assert await asyncio.get_running_loop().run_in_executor(None, entered.wait, 10)
        stop = asyncio.create_task(bot.say(ALI, "/stop"))
        await asyncio.sleep(0.05)  # /stop waits for the move under way
        assert not stop.done()
        gate.set()
        await move
        stopped = await stop
        # Ali's buttons of the move just made come off; the group reads that it closed
        assert summary(stopped) == [("user:1", "edit", ["core.move_gone"]),
                                    ("chat:g1", "text", ["core.stopped"])]
        # the move's messages went out before, none after
        assert bot.sent[-1].lines[0].key == "core.stopped"
        assert table.status == "stopped" and not bot.core.tables
        assert (await bot.store.table(table.id)).status == "stopped"
        await bot.restart()
        assert not bot.core.tables
        out = await bot.say(ALI, "/new dominoes")  # a new table may be opened
        assert summary(out)[0][2] == ["core.created", "core.created_league"]
    finally:
        gate.set()
        await bot.close()


async def test_two_new_at_once_open_one_table(bot):
    first, second = await asyncio.gather(bot.say(ALI, "/new dominoes"),
                                         bot.say(BUDI, "/new dominoes"))
    keys = sorted(summary(first)[0][2] + summary(second)[0][2])
    assert keys == ["core.created", "core.created_league", "core.error.table_exists"]
    assert len(bot.core.tables) == 1
    assert len(await bot.store.open_tables()) == 1


async def test_table_and_rules_asked_privately_are_answered_privately(bot):
    await bot.say(ALI, "/new okey101")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    for text in ("/table", "/rules"):
        out = await bot.say(BUDI, text, chat=BUDI.id, private=True)
        assert out and all(m.to.user == BUDI.id for m in out), summary(out)
    out = await bot.say(BUDI, "/table")  # in the group: the group sees it
    assert [m.to.chat for m in out] == ["g1"]


async def test_new_in_a_private_chat_is_refused(bot):
    out = await bot.say(BUDI, "/new dominoes", chat=BUDI.id, private=True)
    assert summary(out) == [("user:2", "text", ["core.error.new_in_private"])]
    assert en(out[0]).startswith("Tables are opened in a group")
    assert not bot.core.tables


async def test_same_game_in_two_groups_a_private_move_says_where_to_type_it(bot):
    for group in ("g1", "g2"):
        await bot.say(ALI, "/new dominoes bots=random", chat=group)
        await bot.say(ALI, "/start", chat=group)
    out = await bot.say(ALI, "/dominoes table", chat=ALI.id, private=True)
    assert summary(out) == [("user:1", "text", ["core.error.which_tables"])]
    # /table has no buttons to press (tests/bot/test_private_which_table.py)
    assert en(out[0]) == ("You play at several tables (Dominoes, Dominoes): type /dominoes "
                          "table in the group or channel of the table you mean.")
    out = await bot.say(ALI, "/table", chat="g2")  # in a group: that group's table
    assert [m.to.chat for m in out] == ["g2"]


async def test_K6_a_move_too_long_for_a_button_payload_still_gets_its_button(tmp_path):
    """A big Rummikub suggestion (`place` with many tiles) does not fit Telegram's 64-byte
    button data: its button names its place among the buttons, with a check, and plays."""
    bot = await Harness(tmp_path / "long.db", seed=1).start()
    try:
        await bot.say(ALI, "/new rummikub bots=random")
        out = await bot.say(ALI, "/start")
        table = bot.table()
        for _ in range(40):
            prompt = [m for m in out if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
            longs = [c for c in prompt.choices if c.payload.startswith("b:")]
            if longs:
                break
            draw = next(c for c in prompt.choices if c.label.endswith("draw"))
            out = await bot.press(ALI, draw.payload)
        assert longs, "no long suggestion in 40 turns"
        choice = longs[0]
        assert choice.label.startswith("place ") and len(choice.payload.encode()) <= 64
        tampered = choice.payload[:-1] + ("0" if choice.payload[-1] != "0" else "1")
        out = await bot.press(ALI, tampered)  # the check does not match: refused, no move
        assert summary(out) == [("user:1", "text", ["core.error.stale"])]
        n = table.moves
        await bot.press(ALI, choice.payload)
        log = await bot.store.move_log(table.id)
        assert (log[n].seat, log[n].how) == (0, "player") and log[n].action.startswith("play ")
    finally:
        await bot.close()


async def test_back_in_private_finds_the_table_where_the_person_is_away(bot):
    for group in ("g1", "g2"):
        await bot.say(ALI, "/new dominoes bots=random", chat=group)
        await bot.say(BUDI, "/join", chat=group)
        await bot.say(ALI, "/start", chat=group)
    await bot.say(BUDI, "/leave", chat="g1")
    out = await bot.say(BUDI, "/back", chat=BUDI.id, private=True)
    assert ("chat:g1", "text", ["core.back"]) in summary(out)
    assert not bot.table("dominoes", "g1").seats[1].away


async def test_start_and_stop_at_once_never_play_a_stopped_table(bot):
    """/start and /stop sent together (either order): one wins. A table announced stopped
    deals no rack, and the store agrees with the chat, also after a restart."""
    for first, second in (("/start", "/stop"), ("/stop", "/start")):
        await bot.say(ALI, "/new dominoes bots=random")
        await bot.say(BUDI, "/join")
        table = bot.table("dominoes")
        before = len(bot.sent)
        await asyncio.gather(bot.say(ALI, first), bot.say(ALI, second))
        keys = [m.lines[0].key for m in bot.sent[before:] if m.lines]
        assert keys[-1] == "core.stopped" or "core.stopped" not in keys, keys
        if first == "/stop":  # the lobby closed first: nothing was dealt
            assert "core.started" not in keys and "core.rack" not in keys, keys
        assert table.status == "stopped" and not bot.core.tables
        assert (await bot.store.table(table.id)).status == "stopped"
        await bot.restart()
        assert not bot.core.tables


async def test_the_last_person_leaving_as_the_game_starts_leaves_one_or_the_other(bot):
    """/leave and /start together from the only person: either the lobby closes (no game
    of four computers in the group) or they leave a started game (it waits for /back)."""
    await bot.say(ALI, "/new dominoes bots=random")
    table = bot.table("dominoes")
    before = len(bot.sent)
    await asyncio.gather(bot.say(ALI, "/leave"), bot.say(ALI, "/start"))
    keys = [m.lines[0].key for m in bot.sent[before:] if m.lines]
    if "core.started" in keys:
        assert table.everyone_away() and table.state.actions == []  # nobody played it out
    else:  # the lobby closed first; the /start is refused
        assert "core.left_closed" in keys and "core.rack" not in keys
        assert table.status == "stopped"
    assert (await bot.store.table(table.id)).status == table.status


async def test_a_deadline_that_fires_while_the_move_is_being_made_plays_no_timeout(tmp_path):
    """O30: the deadline falls while Ali's move is still under way (the computers after it
    think); its timer waits for the table, and once the move is made it is stale: nobody
    is timed out for that turn."""
    bot, gate, entered = await _gated(tmp_path)
    try:
        await bot.say(ALI, "/new dominoes bots=random timer=30")
        await bot.say(ALI, "/start")
        table = bot.table("dominoes")
        assert table.state.current_player == 0 and table.deadline is not None
        gate.clear()
        entered.clear()
        move = asyncio.create_task(bot.say(ALI, "/" + table.state.view(0).legal[0]))
        assert await asyncio.get_running_loop().run_in_executor(None, entered.wait, 10)
        late = asyncio.create_task(bot.core.on_deadline(table.id, table.moves))
        await asyncio.sleep(0.05)
        assert not late.done()  # it waits for the move under way
        gate.set()
        await move
        await late
        log = await bot.store.move_log(table.id)
        assert log and not [m for m in log if m.how == "timeout"]
        assert table.seats[0].timeouts == 0
    finally:
        gate.set()
        await bot.close()


async def test_a_leave_and_a_stop_queued_behind_a_move_keep_their_order(tmp_path):
    """/leave and then /stop wait together for a move whose computers are thinking: the
    /leave, sent first, comes first (it let go of the table between its checks, so the
    /stop overtook it; the races scan), then the /stop closes the table, a league match
    lost by both; nothing writes the table back as playing (found by review: restarts
    brought it back, and a /leave after a match's last move counted it twice)."""
    bot, gate, entered = await _gated(tmp_path)
    try:
        await bot.say(ALI, "/new dominoes")
        await bot.say(BUDI, "/join")
        await bot.say(ALI, "/start")
        table = bot.table("dominoes")
        while table.state.current_player != 1:  # Budi to move, the computers after him
            person = ALI if table.state.current_player == 0 else BUDI
            await bot.say(person, "/" + table.state.view(table.state.current_player).legal[0])
        gate.clear()
        entered.clear()
        move = asyncio.create_task(bot.say(BUDI, "/" + table.state.view(1).legal[0]))
        assert await asyncio.get_running_loop().run_in_executor(None, entered.wait, 10)
        leave = asyncio.create_task(bot.say(BUDI, "/leave"))
        await asyncio.sleep(0.05)
        stop = asyncio.create_task(bot.say(ALI, "/stop"))
        await asyncio.sleep(0.05)
        gate.set()
        await move
        assert summary(await leave)[-1][2] == ["core.left_game"]
        assert {"core.stopped_forfeit", "core.left_lost_one"} <= set(summary(await stop)[-1][2])
        assert table.status == "stopped"
        assert (await bot.store.table(table.id)).status == "stopped"
        rows = {r[0]: r[2] for r in await bot.store.standings("tg", "g1", "dominoes")}
        assert rows == {ALI.id: 1, BUDI.id: 1}  # one match, counted once
        await bot.restart()
        assert not bot.core.tables
    finally:
        await bot.close()


async def _pressed_as_the_bot_stops(bot, gate, entered, out) -> str:
    """Ali presses the first move of his prompt in `out`; the bot stops (its thinker
    threads shut down) while the computer after him thinks. The move pressed."""
    prompt = [m for m in out if isinstance(m, Buttons) and m.to.user == ALI.id][-1]
    gate.clear()
    entered.clear()
    move = asyncio.create_task(bot.press(ALI, prompt.choices[0].payload))
    assert await asyncio.get_running_loop().run_in_executor(None, entered.wait, 10)
    bot.core.close()
    gate.set()
    with contextlib.suppress(asyncio.CancelledError):
        await move
    return prompt.choices[0].label


async def test_a_batch_cut_short_by_a_stop_makes_no_random_stand_in_move(tmp_path, caplog):
    """The bot stops while a computer thinks: its thinkers are gone, so the batch ends
    there, the computers' part stored as nothing (a restart plays it), instead of a random
    move played in the Expert's place and a traceback in the log. The person's move was
    stored before they thought (session 60's concurrency scan: a crash then lost it)."""
    bot, gate, entered = await _gated(tmp_path)
    try:
        await bot.say(ALI, "/new dominoes")
        out = await bot.say(ALI, "/start")
        table = bot.table("dominoes")
        moves = table.moves
        await _pressed_as_the_bot_stops(bot, gate, entered, out)
        assert "playing a random one" not in caplog.text
        log = await bot.store.move_log(table.id)  # the person's move, no computer's
        assert len(log) == moves + 1 and (log[-1].seat, log[-1].how) == (0, "player")
    finally:
        gate.set()
        await bot.store.close()

async def test_a_move_the_computers_were_answering_survives_a_crash(tmp_path):
    """Session 60's concurrency scan: Ali's move was stored only with the computers'
    replies, so a crash while they thought lost it; restarted, the bot told him nothing and
    his time ran out, a computer playing another tile for him. It is stored first: after
    the restart the group reads it, the computers move on and Ali is asked again."""
    bot, gate, entered = await _gated(tmp_path)
    try:
        await bot.say(ALI, "/new dominoes bots=random timer=45")
        pressed = await _pressed_as_the_bot_stops(bot, gate, entered, await bot.say(ALI, "/start"))
        await bot.store.close()
        bot.sent.clear()
        await bot.start()
        said = " ".join(en(m) for m in bot.sent)
        assert f"(Ali) played {pressed.split()[1]}" in said, said
        table = bot.table("dominoes")
        assert table.state.current_player == 0 and table.seats[0].timeouts == 0
        assert any(isinstance(m, Buttons) and m.to.user == ALI.id for m in bot.sent)
    finally:
        gate.set()
        await bot.close()


async def test_a_typed_move_sent_twice_is_not_played_on_the_next_turn_too(tmp_path):
    """A double tap sends "/draw" twice (Rummikub, one person and three computers, K-D3):
    the second copy came while the computers played on and was played as the person's next
    turn, which they had not seen. It is refused now, and changes nothing; the same move
    typed after the turn began is played."""
    bot, gate, entered = await _gated(tmp_path)
    try:
        await bot.say(ALI, "/new rummikub")
        await bot.say(ALI, "/start")
        table = bot.table("rummikub")
        while table.state.current_player != 0:  # (computers first: they move at once)
            await asyncio.sleep(0)
        gate.clear()
        entered.clear()
        first = asyncio.create_task(bot.say(ALI, "/draw"))
        assert await asyncio.get_running_loop().run_in_executor(None, entered.wait, 10)
        second = asyncio.create_task(bot.say(ALI, "/draw"))  # came while the computers think
        await asyncio.sleep(0.05)
        gate.set()
        await first
        refused = await second
        assert summary(refused) == [("user:1", "text", ["core.error.sent_before_turn"])]
        assert en(refused[0]) == ("“draw” came before this turn of yours began (sent twice?), "
                                  "so it was not played. To play it now, send it again.")
        log = await bot.store.move_log(table.id)
        assert [m.action for m in log if m.seat == 0] == ["draw"]
        assert table.state.current_player == 0 and table.moves == len(log)
        out = await bot.say(ALI, "/draw")  # typed for this turn: played
        assert "core.error.sent_before_turn" not in summary(out)[0][2]
        assert [m.action for m in await bot.store.move_log(table.id) if m.seat == 0] == [
            "draw", "draw"]
    finally:
        gate.set()
        await bot.close()
