"""The game API every game implements (see shared/docs/ARCHITECTURE.md).

A game module exposes one `Game` object. `Game.new(config, seed=..., deals=...)` returns a
`State` that covers a whole match. States are mutable; `apply` either performs an action
completely or raises and changes nothing. Views (`State.view(seat)`) are what renderers,
AI players and chat messages get: they never contain another seat's hidden tiles.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import ConfigError, IllegalAction, InvalidAction
from .words import echoed, fold


@dataclass(frozen=True)
class Event:
    """Something that happened. `public` params may be shown to everyone; `private` params
    only to `seat` (e.g. which tile they drew). `key` is a message key ("drew", "discarded")."""

    key: str
    seat: int | None = None
    public: dict = field(default_factory=dict)
    private: dict = field(default_factory=dict)

    def for_seat(self, seat: int | None) -> dict:
        """The params that `seat` may see (None: a spectator / the group)."""
        if seat is not None and seat == self.seat:
            return {**self.public, **self.private}
        return dict(self.public)


def option(default, choices=None, doc: str = "", aliases: dict | None = None):
    """A Config field with the values a user may choose from; `aliases` reads a choice
    typed in another of the bot's languages (`mode=tek` is `mode=single`)."""
    return field(default=default, metadata={"choices": choices, "doc": doc,
                                             "aliases": {fold(k): v for k, v in (aliases or {}).items()}})


class ConfigBase:
    """Mixin for frozen dataclass Configs: parse user options with clear errors."""

    @classmethod
    def options(cls) -> dict[str, tuple]:
        """{name: (default, choices, doc)} for every option."""
        return {
            f.name: (f.default, f.metadata.get("choices"), f.metadata.get("doc", ""))
            for f in dataclasses.fields(cls)
        }

    @classmethod
    def from_options(cls, options: dict[str, Any] | None = None):
        """Build a Config from user values (strings like "on", "3" or Python values)."""
        opts = cls.options()
        values = {}
        for name, raw in (options or {}).items():
            key = fold(name).replace("-", "_")
            if key not in opts:
                raise ConfigError(
                    f"unknown option {name!r}; options: {', '.join(opts)}",
                    "error.unknown_option", option=echoed(name), options=", ".join(opts),
                )
            default, choices, _ = opts[key]
            aliases = next(f.metadata.get("aliases", {}) for f in dataclasses.fields(cls)
                           if f.name == key)
            values[key] = _coerce(key, raw, default, choices, aliases)
        return cls(**values)

    def to_json(self) -> dict:
        return dataclasses.asdict(self)

    def describe(self) -> str:
        return " ".join(f"{k}={_show(v)}" for k, v in self.to_json().items())


def _show(v) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


# The bot shows on/off in the reader's language (core.on, core.off): those words are typed
# back, so they are accepted too.
# (Indonesian's everyday on and off too: nyala / hidup, mati)
# (and Indonesian's spoken yes and no: iya, enggak / nggak / gak)
_TRUE = {fold(w) for w in ("1", "true", "on", "yes", "y", "ya", "iya", "evet", "haan", "han",
                           "chalu", "açık", "acik", "aktif", "nyala", "hidup", "चालू", "हाँ", "ऑन",
                           "हां")}
_FALSE = {fold(w) for w in ("0", "false", "off", "no", "n", "tidak", "enggak", "nggak", "gak",
                            "hayir", "hayır", "nahin", "nahi", "band", "kapalı", "kapali",
                            "nonaktif", "mati", "बंद", "बन्द", "नहीं", "नही", "ऑफ़", "ऑफ")}


def switch_word(raw) -> bool | None:
    """On (True) or off (False) as a person may type it, in any of the bot's languages;
    None for any other word."""
    word = fold(raw)
    return True if word in _TRUE else False if word in _FALSE else None


def _coerce(name, raw, default, choices, aliases=None):
    def bad():
        allowed = ", ".join(_show(c) for c in choices) if choices else (
            "on, off" if isinstance(default, bool) else "a number")
        # on/off as themselves: a message shows them in its reader's words (açık, kapalı)
        shown = (True, False) if isinstance(default, bool) and not choices else allowed
        return ConfigError(
            f"bad value {raw!r} for {name}; allowed: {allowed}",
            "error.bad_option_value", option=name, value=echoed(raw), allowed=shown,
        )

    if isinstance(default, bool):
        value = raw if isinstance(raw, bool) else switch_word(raw)
        if value is None:
            raise bad()
    elif isinstance(default, int):
        if isinstance(raw, bool):
            raise bad()
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise bad() from None
    else:
        value = fold(raw)
        value = (aliases or {}).get(value, value)
    if choices is not None and value not in choices:
        raise bad()
    return value


def switch(name: str, raw) -> bool:
    """An on/off option's value (on, off, yes, no... in our four languages), or a
    ConfigError naming `name`: for options that live outside a game's Config."""
    return _coerce(name, raw, True, None)


class State:
    """Base class; games override what they need. See ARCHITECTURE.md for the contract."""

    game_id: ClassVar[str] = ""

    # Set by subclasses
    config: Any
    num_seats: int
    rng: random.Random

    # each seat's view as the last round ended, before the next deal replaced it (views are
    # snapshots: later moves do not change them)
    round_end: tuple | None = None

    @property
    def current_player(self) -> int | None:  # None once the match is over
        raise NotImplementedError

    def keep_round_end(self) -> None:
        """Keep the final position of a round as every seat saw it (called as it ends, before
        the next deal): the table a chat is shown when a round is over."""
        self.round_end = tuple(self.view(s) for s in range(self.num_seats))

    @property
    def is_finished(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list:
        """The simple moves available now (draws, discards, single plays)."""
        raise NotImplementedError

    def check(self, action) -> None:
        """Raise IllegalAction (with the rule id) if `action` is not legal now."""
        raise NotImplementedError

    def is_legal(self, action) -> bool:
        try:
            self.check(action)
        except (IllegalAction, InvalidAction):
            return False
        return True

    def apply(self, action) -> list[Event]:
        raise NotImplementedError

    def opening_events(self) -> list[Event]:
        """What the deal itself showed everyone before the first move (a tile turned up to
        start the line, D4); later deals come as events of the move that ended a round."""
        return []

    def clone(self):
        raise NotImplementedError

    def view(self, seat: int):
        raise NotImplementedError

    def record(self) -> dict:
        raise NotImplementedError

    def outcome(self) -> dict:
        """{"game", "status", "current_player", "rounds": [...], "totals": [...]}."""
        raise NotImplementedError


def parse_seat_prefix(text: str) -> tuple[int | None, str]:
    """Record actions may start with "2: " naming the acting seat."""
    head, sep, rest = text.partition(":")
    if sep and head.strip().isdecimal() and len(head.strip()) <= 6:
        return int(head.strip()), rest.strip()
    return None, text.strip()
