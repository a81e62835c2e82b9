"""One process per store file: a second `make run` (or `tilebot play`) on the same SQLite
file would restore the same tables and play them on from its own memory, undoing the
other's moves and counting a league match twice. The first process holds an exclusive
lock on `<file>.lock` (released by the system when the process ends, even killed), and
one on the file itself: a hard link to the store has a lock file of its own name."""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path


class StoreBusy(Exception):
    """Another process uses the store; the message says which, in one line."""


class Held:
    """The lock on a store: its open lock file, kept for the process's life (closing it
    releases the lock)."""

    def __init__(self, handle, path: Path, created: bool):
        self.handle = handle
        self.path = path
        self.created = created  # this process made the lock file (none was there)
        self.store_fd: int | None = None  # the store file itself, locked (`lock_store`)

    def lock_store(self, store: str) -> None:
        """Lock the store's file itself, once it exists: another process that opens it by
        another name (a hard link) is refused. flock: SQLite's own locks are POSIX record
        locks, which it does not touch on a local disk. The descriptor stays open until
        after SQLite has closed the file (closing one drops the process's POSIX locks)."""
        if self.store_fd is not None or not os.path.exists(store):
            return
        fd = os.open(store, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise StoreBusy(f"another tilebot is using the store {store} (by this name or "
                            f"through a link to it): stop it first, or give this one another "
                            f"file (TILEBOT_DB; `tilebot play` also takes --db)") from None
        self.store_fd = fd

    def close(self, refused: bool = False) -> None:
        """Release the lock. `refused`: the store was not opened after all, so the lock file
        goes too if this process made it (a refused --db leaves no `.lock` behind). It goes
        while still locked: a process that opened it meanwhile sees it gone (`hold`)."""
        if refused and self.created:
            with contextlib.suppress(OSError):
                self.path.unlink()
        self.handle.close()
        if self.store_fd is not None:
            os.close(self.store_fd)
            self.store_fd = None


def hold(path: str) -> Held | None:
    """Lock the store at `path` for this process. None for an in-memory store."""
    if path == ":memory:" or str(path).startswith("file::memory:"):
        return None
    lock_path = Path(f"{path}.lock")
    held = _hold_lock_file(path, lock_path)
    try:
        held.lock_store(path)  # (a new store: once SQLite has made it)
    except BaseException:
        held.close(refused=True)
        raise
    return held


def _hold_lock_file(path: str, lock_path: Path) -> Held:
    while True:
        handle, created = _open_lock_file(lock_path)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # (never removed: the file is the other process's lock too)
            handle.seek(0)
            owner = handle.read().strip()
            handle.close()
            raise StoreBusy(f"another tilebot{f' (process {owner})' if owner else ''} is using "
                            f"the store {path}: stop it first, or give this one another file "
                            f"(TILEBOT_DB; `tilebot play` also takes --db)") from None
        if _still_at(handle, lock_path):
            break
        handle.close()  # a refused open removed the file it made after this one opened it
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
    except OSError:  # (a full disk): no lock file of ours is left behind
        with contextlib.suppress(OSError):  # (closing flushes again, and fails again)
            handle.close()
        if created:
            lock_path.unlink(missing_ok=True)
        raise
    return Held(handle, lock_path, created)


def _open_lock_file(lock_path: Path):
    """The lock file opened for reading and writing, and whether this call made it."""
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666)
        created = True
    except FileExistsError:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
        created = False
    return os.fdopen(fd, "r+"), created


def _still_at(handle, lock_path: Path) -> bool:
    """Is the locked file still the one at `lock_path` (not removed since it was opened)?"""
    try:
        there = lock_path.stat()
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (there.st_dev, there.st_ino) == (mine.st_dev, mine.st_ino)
