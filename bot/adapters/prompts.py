"""A rack picture and the "your move" buttons right after it, to the same person, go out
as one chat message: the picture with both texts as its caption and the buttons under it.
Half the private messages per turn, and the buttons sit on the rack they belong to."""

from __future__ import annotations

from .. import i18n
from ..messages import Buttons, Image


def with_prompts(messages, limit: int, length=len) -> list[tuple]:
    """(message, buttons merged into it or None) for each message to send; a merge happens
    only where the joined text fits the platform's caption `limit` (as `length` counts)."""
    out: list[tuple] = []
    pending = list(messages)
    while pending:
        m = pending.pop(0)
        nxt = pending[0] if pending else None
        if (isinstance(m, Image) and m.png and isinstance(nxt, Buttons) and nxt.choices
                and nxt.to == m.to and length(joined_text(m, nxt)) <= limit):
            out.append((m, pending.pop(0)))
        else:
            out.append((m, None))
    return out


def joined_text(picture: Image, prompt: Buttons) -> str:
    """The prompt's "your move" first, then the rack: a notification's preview and a
    screen reader start with whose turn it is, not with a rack of fourteen tiles. A heading
    both carry (the table's group) is said once, first."""
    asks, rack = list(prompt.lines), list(picture.lines)
    head = [rack.pop(0)] if asks and rack and asks[0] == rack[0] else []
    if head:
        asks.pop(0)
    return i18n.render_lines([*head, *asks, *rack], picture.lang)
