"""Collects the messages one command (or one timeout) produces, then addresses them: the
recipient's language is looked up when the batch is delivered (a chat's for group
messages, a user's own for private ones)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from . import i18n
from .messages import Buttons, Choice, Edit, Image, Line, Outbound, Text, To


@dataclass
class Draft:
    cls: type
    to: To
    lines: tuple
    extra: dict = field(default_factory=dict)


class Outbox:
    def __init__(self, about=None):
        self.drafts: list[Draft] = []
        self.tables: list = []  # tables whose moves these messages tell (Table.sending)
        self.told: dict[int, int] = {}  # table id -> moves told once these messages are out
        self.about = about  # the table these messages are about, if one (Core._head_group)

    def _add(self, cls, to: To, lines, **extra) -> None:
        lines = tuple(lines) if not isinstance(lines, Line) else (lines,)
        self.drafts.append(Draft(cls, to, lines, extra))

    # group messages
    def chat(self, platform: str, chat: str, lines, **extra) -> None:
        self._add(extra.pop("cls", Text), To(platform, chat=chat), lines, **extra)

    # private messages
    def user(self, platform: str, user: str, lines, **extra) -> None:
        self._add(extra.pop("cls", Text), To(platform, user=user), lines, **extra)

    def image(self, to: To, lines, draw, kind: str, view, news: int | None = None,
              choices=(), ref: str | None = None, table: int | None = None,
              in_place: bool = False) -> None:
        """A picture, `draw(view)` -> PNG bytes or None, with `lines` as its caption (its
        first `news` lines tell what happened) and `choices` as buttons under it; a quiet
        chat's table picture names its live `ref` (Core.deliver decides whether it edits
        the one before, or `in_place` says it does, wherever it now is: a table closing);
        a table picture or a rack names its `table` (its id). It is drawn when the
        batch is delivered (off the table's lock, off the event loop); with no picture the
        message goes out as text."""
        extra = {"choices": tuple(choices), "ref": ref} if choices else {"ref": ref} if ref else {}
        if table is not None:
            extra["table"] = table
        if in_place:
            extra["edits"] = True
        self._add(Image, to, lines, kind=kind, view=view, draw=draw, news=news, **extra)

    def buttons(self, to: To, lines, choices, ref: str) -> None:
        self._add(Buttons, to, lines, choices=tuple(choices), ref=ref)

    def edit(self, to: To, lines, ref: str) -> None:
        self._add(Edit, to, lines, ref=ref)

    def buttons_off(self, to: To, ref: str) -> None:
        """The buttons of the message named `ref` come off; its text stays."""
        self._add(Edit, to, (), ref=ref)

    async def finish(self, lang_of, draw=None, theme_of=None) -> list[Outbound]:
        """`lang_of(to)` (async) gives each recipient's language; `draw(fn, view)` (async)
        runs a picture's drawing function (default: right here); `theme_of(to)` (async) the
        picture theme the recipient chose, if any (passed to the function as `theme`)."""
        out = []
        for d in self.drafts:
            cls, extra = d.cls, dict(d.extra)
            if "draw" in extra:
                fn = extra.pop("draw")
                theme = await theme_of(d.to) if theme_of is not None else None
                if theme is not None:
                    fn = functools.partial(fn, theme=theme)
                png = await draw(fn, extra["view"]) if draw is not None else fn(extra["view"])
                if png is None:  # (its news count goes too: text is never merged)
                    cls, extra = (Buttons, {k: extra[k] for k in ("choices", "ref")}) \
                        if extra.get("choices") else (Text, {})  # (a new message)
                else:
                    extra["png"] = png
            lang = await lang_of(d.to)
            if "choices" in extra:  # a lobby's buttons speak the chat's language
                extra["choices"] = tuple(Choice(i18n.show(lang, c.label), c.payload)
                                         for c in extra["choices"])
            out.append(cls(to=d.to, lang=lang, lines=d.lines, **extra))
        return out
