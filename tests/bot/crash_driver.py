"""Runs the bot core in its own process for the SIGKILL test (test_crash.py).

    python crash_driver.py DB SEED SCRIPT START   handle SCRIPT's commands from START on,
                                                  printing "ack I" once command I is done
    python crash_driver.py DB SEED --dump         restore from DB, print every open table

SCRIPT is a JSON list of {"user", "name", "chat", "text"} or {..., "press": payload}.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.core import Core  # noqa: E402
from bot.messages import Command, User  # noqa: E402
from bot.pictures import Pictures  # noqa: E402
from bot.store import Store  # noqa: E402


async def _quiet(messages):
    pass


async def open_core(db: str, seed: int) -> tuple[Store, Core]:
    store = await Store.open(db)
    core = Core(store, _quiet, seed=seed, pictures=Pictures(enabled=False), timers=False)
    await core.restore()
    return store, core


def command(c: dict) -> Command:
    user = User(c["user"], c["name"], "en")
    if "press" in c:
        return Command("tg", c["chat"], user, "press", (), c["press"])
    return Command.parse("tg", c["chat"], user, c["text"])


def dump(core: Core) -> dict:
    return {str(t.id): {"moves": t.moves, "status": t.status,
                        "record": t.state.record() if t.state is not None else None}
            for t in core.tables.values()}


async def main(argv: list[str]) -> None:
    db, seed = argv[0], int(argv[1])
    store, core = await open_core(db, seed)
    try:
        if argv[2] == "--dump":
            print(json.dumps(dump(core)), flush=True)
            return
        script = json.loads(Path(argv[2]).read_text())
        for i in range(int(argv[3]), len(script)):
            await core.handle(command(script[i]))
            print(f"ack {i}", flush=True)
    finally:
        core.close()
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
