"""People a door cannot write to privately (Telegram: they never pressed Start; Discord:
their direct messages are closed to the server's members). A door notes the group where
each person last played, so that group can be told; once in each group, until a private
message gets through to them again."""

from __future__ import annotations

import time

from .. import i18n
from ..messages import To


class Unreachable:
    # Someone whose own command's answer could not reach them hears again in the group,
    # but not more often than this (their answers would vanish unseen otherwise).
    ASKED_AGAIN_AFTER = 60.0  # seconds

    def __init__(self, clock=time.monotonic, seated=None):
        self.last_group: dict[str, tuple[int, str]] = {}  # user id -> (group id, their name)
        # (user id, group id) -> when that group was told (a person at tables in two
        # groups: each group waits on them, so each is told)
        self._told: dict[tuple[str, str], float] = {}
        self.clock = clock
        # (user id, the group they last spoke in) -> (group id, name) of a table they sit
        # at, or None: after a restart the groups they played in are known from the tables
        self.seated = seated
        self.refused: set[str] = set()  # whose last private message was refused

    def played(self, user: str, group: int, name: str) -> None:
        self.last_group[user] = (group, name)

    def reached(self, user: str) -> None:
        """A private message got through: should it fail again, the groups hear again."""
        self.refused.discard(user)
        for key in [key for key in self._told if key[0] == user]:
            del self._told[key]

    def to_tell(self, user: str, asked: bool = False,
                about: tuple[str, str] | None = None) -> tuple[int, str] | None:
        """(group, name) to tell that `user` cannot be written to; None when that group was
        told already (for an answer to their own command: in the last minute) or no group
        is known. `about`: (group, name) of their seat at the table the message was about,
        where it was not the answer to their own command (another's /start)."""
        # the group of a table waiting for their move, else the table the message was
        # about, else where they last spoke (their command waits for an answer there; not
        # for another's: it may be another server), else the table they sat down at last
        last = about or self.last_group.get(user)
        where = self.seated(user, last[0] if last else None) if self.seated is not None else None
        where = where or last
        if where is None:
            return None
        key = (user, str(where[0]))  # (a table's chat is text, a platform's id a number)
        told = self._told.get(key)
        now = self.clock()
        if told is not None and not (asked and now - told >= self.ASKED_AGAIN_AFTER):
            return None
        self._told[key] = now
        return where

    async def note(self, user: str, platform: str, lang_of, key: str, asked: bool = False,
                   about: tuple[str, str] | None = None, **params) -> tuple[int, str] | None:
        """(group, the catalog text `key` in the group's language, for `{player}` and
        `params`) to tell that group about `user`; None as for `to_tell`."""
        self.refused.add(user)
        where = self.to_tell(user, asked, about)
        if where is None:
            return None
        group, name = where
        lang = await lang_of(To(platform, chat=str(group)))
        return group, i18n.translate(lang, key, {"player": name, **params})

    def moved(self, old: int, new: int) -> None:
        """The group `old` is now `new` (a Telegram supergroup)."""
        for user, (group, name) in list(self.last_group.items()):
            if group == old:
                self.last_group[user] = (new, name)
        for user, group in [key for key in self._told if key[1] == str(old)]:
            self._told[(user, str(new))] = self._told.pop((user, group))
