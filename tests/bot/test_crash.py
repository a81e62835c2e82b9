"""Crash safety: the core runs in a subprocess driven by a script of commands over several
tables and chats; it is killed with SIGKILL in the middle, three times, and restarted on the
same SQLite file. Each time every table must be restored at its last accepted move (nothing
lost, nothing applied twice), and the finished series must equal an uninterrupted run."""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.messages import Buttons
from bot.play import parse_payload

from .crash_driver import command, open_core

DRIVER = str(Path(__file__).with_name("crash_driver.py"))
SEED = 424242
PEOPLE = {"1": "Ali", "2": "Budi", "3": "Can", "4": "Dev"}
# (chat, game, options, people, matches): tables that run side by side, some twice in a row
PLANS = [
    ("g1", "dominoes", "games=3", ["1", "2"], 2),
    ("g1", "okey101", "", ["1", "3"], 1),
    ("g2", "rummikub", "", ["2", "4"], 1),
    ("g3", "dominoes", "players=5", ["3", "4", "1"], 1),
]


def logs(db: str) -> dict[int, list[tuple]]:
    con = sqlite3.connect(db)
    try:
        out: dict[int, list[tuple]] = {}
        for tid, _n, seat, action in con.execute(
                "SELECT table_id, n, seat, action FROM moves ORDER BY table_id, n"):
            out.setdefault(tid, []).append((seat, action))
        return out
    finally:
        con.close()


async def reference(tmp_path) -> tuple[list[dict], list[dict], dict]:
    """An uninterrupted in-process run that also writes the script: per command, the move
    logs after it; and the final logs."""
    db = str(tmp_path / "reference.db")
    store, core = await open_core(db, SEED)
    rng = random.Random(1)
    script: list[dict] = []
    after: list[dict] = []
    buttons: dict[tuple[str, int], Buttons] = {}
    todo = [dict(chat=c, game=g, options=o, people=p, left=m, step="new", table=None)
            for c, g, o, p, m in PLANS]

    async def send(user, chat, text=None, press=None):
        c = {"user": user, "name": PEOPLE[user], "chat": chat}
        c.update({"press": press} if press else {"text": text})
        script.append(c)
        for m in await core.handle(command(c)):
            if isinstance(m, Buttons) and m.choices and m.to.private:  # a move's, not a lobby's
                buttons[(m.to.user, parse_payload(m.choices[0].payload)[0])] = m
        after.append(logs(db))

    while todo:
        for plan in list(todo):
            chat, people = plan["chat"], plan["people"]
            if plan["step"] == "new":
                await send(people[0], chat, f"/new {plan['game']} bots=random {plan['options']}")
                plan["table"] = next(t for t in core.tables.values()
                                     if (t.chat, t.game.id) == (chat, plan["game"]))
                plan["step"] = 1
            elif isinstance(plan["step"], int) and plan["step"] < len(people):
                await send(people[plan["step"]], chat, f"/join {plan['game']}")
                plan["step"] += 1
            elif plan["step"] == len(people):
                await send(people[0], chat, f"/start {plan['game']}")
                plan["step"] = "play"
            else:
                table = plan["table"]
                user = table.seats[table.state.current_player].user
                choice = rng.choice(buttons[(user, table.id)].choices)
                await send(user, chat, press=choice.payload)
                if table.status == "finished":
                    plan["left"] -= 1
                    plan["step"] = "new"
                    if not plan["left"]:
                        todo.remove(plan)
    core.close()
    await store.close()
    return script, after, logs(db)


def run_driver(db, script_path, start, kill_after=None) -> int:
    """Run from `start`; with kill_after, SIGKILL once that many commands were acked.
    Returns the last acknowledged command's index."""
    proc = subprocess.Popen([sys.executable, DRIVER, db, str(SEED), script_path, str(start)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    last = start - 1
    for line in proc.stdout:
        last = int(line.split()[1])
        if kill_after is not None and last >= start + kill_after:
            proc.send_signal(signal.SIGKILL)
            break
    # read the rest through the same buffered reader (communicate() would skip lines it
    # already buffered): acks already in the pipe when it died
    rest = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=120)
    for line in rest.splitlines():
        last = int(line.split()[1])
    if kill_after is None:
        assert proc.returncode == 0, err
    else:
        assert proc.returncode == -signal.SIGKILL, err
    return last


def restored(db) -> dict:
    out = subprocess.run([sys.executable, DRIVER, db, str(SEED), "--dump"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


async def test_sigkill_mid_series_loses_nothing_and_applies_nothing_twice(tmp_path):
    script, after, final = await reference(tmp_path)
    assert len(script) > 150 and len(final) == 5  # five matches over four tables' plans
    script_path = str(tmp_path / "script.json")
    Path(script_path).write_text(json.dumps(script))
    db = str(tmp_path / "crash.db")
    start = 0
    for kill_after in (30, 50, 40):
        last = run_driver(db, script_path, start, kill_after)
        assert last >= start + kill_after
        now = logs(db)
        acked = after[last]
        in_flight = after[last + 1] if last + 1 < len(after) else acked
        for tid in set(now) | set(acked):
            got, want = now.get(tid, []), acked.get(tid, [])
            # every acknowledged move is there; at most the in-flight command's moves more
            assert got[:len(want)] == want, f"table {tid} lost moves"
            assert got == want or got == in_flight.get(tid, []), f"table {tid} diverged"
        # a restarted core has every open table at its last accepted move
        for tid, table in restored(db).items():
            if table["record"] is not None:
                assert table["record"]["actions"] == [a for _, a in now[int(tid)]]
                assert table["moves"] == len(now[int(tid)])
        start = last + 1  # the unacknowledged command is sent again
    run_driver(db, script_path, start)
    assert logs(db) == final
    assert restored(db) == {}  # every match finished
    ref = sqlite3.connect(str(tmp_path / "reference.db"))
    got = sqlite3.connect(db)
    for query in ("SELECT * FROM results ORDER BY table_id, round, seat",
                  "SELECT platform, chat, game, player, games, wins, rating FROM standings "
                  "ORDER BY chat, game, player",
                  "SELECT id, game, status, seed FROM tables ORDER BY id"):
        assert got.execute(query).fetchall() == ref.execute(query).fetchall(), query
    ref.close()
    got.close()


async def test_a_command_committed_but_not_acknowledged_is_refused_when_sent_again(tmp_path):
    """The crash window the kill rarely hits: the move is committed, the process dies
    before it says so, the sender sends it again to the restarted bot."""
    script, after, _ = await reference(tmp_path)
    db = str(tmp_path / "again.db")
    refusals = {}
    store, core = await open_core(db, SEED)
    for i, c in enumerate(script[:120]):
        await core.handle(command(c))
        assert logs(db) == after[i]
        core.close()
        await store.close()
        store, core = await open_core(db, SEED)  # "restart" after the commit
        out = await core.handle(command(c))  # the same command again
        assert logs(db) == after[i], f"command {i} {c} was applied twice"
        assert len(out) == 1 and out[0].to.private, c
        key = out[0].lines[0].key
        refusals[key] = refusals.get(key, 0) + 1
    core.close()
    await store.close()
    assert {"core.error.stale", "core.error.table_exists_seated", "core.error.already_seated",
            "core.error.started"} <= set(refusals), refusals
