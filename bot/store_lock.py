"""One process per store file: a second `make run` (or `tilebot play`) on the same SQLite
file would restore the same tables and play them on from its own memory, undoing the
other's moves and counting a league match twice. The first process holds an exclusive
lock on `<file>.lock` (released by the system when the process ends, even killed)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


class StoreBusy(Exception):
    """Another process uses the store; the message says which, in one line."""


def hold(path: str):
    """Lock the store at `path` for this process: the open lock file, to keep (closing it
    releases the lock). None for an in-memory store."""
    if path == ":memory:" or str(path).startswith("file::memory:"):
        return None
    lock_path = Path(f"{path}.lock")
    handle = open(lock_path, "a+")  # noqa: SIM115 - kept open for the process's life
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        owner = handle.read().strip()
        handle.close()
        raise StoreBusy(f"another tilebot{f' (process {owner})' if owner else ''} is using "
                        f"the store {path}: stop it first, or give this one another file "
                        f"(TILEBOT_DB; `tilebot play` also takes --db)") from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle
