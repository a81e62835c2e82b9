"""Picture themes people choose: `/theme NAME` in a group sets the theme of that chat's
table and score pictures; `/mytheme NAME` (or `/theme NAME` in a private chat) sets the
theme of one's own racks, at every table. The colour-blind theme gives every tile colour a
shape as well (render/theme.py). Choices are kept in the store."""

from __future__ import annotations

from .messages import Command, Line, To
from .outbox import Outbox
from .pictures import THEMES, theme_named
from .refusal import Refusal


class Themes:
    def __init__(self, store):
        self.store = store
        self._known: dict[tuple[str, str, str], str | None] = {}  # (platform, kind, id)

    async def of(self, to: To) -> str | None:
        """The theme the recipient chose (a person for private messages, else the chat),
        or None for the default."""
        key = (to.platform, "user", to.user) if to.private else (to.platform, "chat", to.chat)
        if key not in self._known:
            self._known[key] = await self.store.theme(*key)
        return self._known[key]

    async def command(self, cmd: Command, out: Outbox, own: bool) -> None:
        """`/theme` (`own` False; in a private chat it is the person's own) or `/mytheme`."""
        theme = theme_named(cmd.args[0]) if cmd.args else None
        if theme is None:
            raise Refusal("core.error.unknown_theme", themes=", ".join(THEMES))
        own = own or cmd.private
        key = (cmd.platform, "user", cmd.user.id) if own else (cmd.platform, "chat", cmd.chat)
        await self.store.set_theme(*key, theme)
        self._known[key] = theme
        line = Line("core.mytheme_set" if own else "core.theme_set",
                    {"theme": Line(f"core.theme.{theme}")})
        if own:
            out.user(cmd.platform, cmd.user.id, line)
        else:
            out.chat(cmd.platform, cmd.chat, line)

    def move_chat(self, platform: str, old: str, new: str) -> None:
        """The chat's id changed (the store has moved its row): forget the old id's."""
        self._known.pop((platform, "chat", old), None)
        self._known.pop((platform, "chat", new), None)
