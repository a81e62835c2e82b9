"""The platform-neutral messages between the core and the adapters.

Inbound, an adapter turns a platform update (a slash command, a typed line, a button press)
into one `Command`. Outbound, the core returns `Text`, `Image`, `Buttons` and `Edit`
messages, each addressed to a chat or privately to one user (`To`) and carrying message
keys with parameters (`Line`) plus the recipient's language; the adapter translates them
with `bot.i18n.render_lines` at send time and makes the platform call. Nothing here knows
a platform.

An adapter is a thin translation:
- inbound: build a `Command` per update (`Command.parse` for typed text, `payload` for a
  button press), with the platform's user id, display name and language, `private` for a
  direct chat and `is_admin` for a chat administrator; then `await core.handle(command)`.
- outbound (the `send` callback given to the core, also called by timeouts): for each
  message, `bot.i18n.render(message)` is its text in `message.lang`; `To.private` means a
  direct message to `To.user`, else the chat `To.chat`; `Image` is a photo with that text
  as caption; `Buttons` carries `Choice(label, payload)` as inline buttons whose press
  comes back as `Command.payload`; a message with a `ref` is remembered (ref -> platform
  message id) so that a later `Edit` with the same ref edits it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules.words import fold, typed


@dataclass(frozen=True)
class User:
    """A person on a platform. `lang` is the language the platform reports for them."""

    id: str
    name: str
    lang: str = "en"


# moves that take several melds: each line typed is one ("/play r1 r2 r3⏎b7 k7 y7")
_MELDS_BY_LINE = {"play", "open", "meld", "pairs"}
# A Hindi keyboard's danda (।, ॥) after a tile or a number, more following: the meld
# separator it looks like ("r3 b3 k3 । k9 * k11 k12 खोलो", "1 2 3।4 5 6"); elsewhere it ends
# a sentence (a last one: bot/notation.py), quoted back as typed ("/join। धन्यवाद")
_INNER_DANDA = re.compile(r"(?<=[\d*])\s*[।॥]+\s*(?=[\w*])")


def _melds_by_line(head: str, text: str) -> list[str] | None:
    """The words of `text`, a `|` between its lines, each a meld; else None: a domino's
    `/play 0-5⏎left` is one move over two lines."""
    first, *rest = [line for line in text.splitlines() if line.strip()]
    if not rest or any(fold(line.split()[0]) in ("to", "in") for line in rest):
        return None  # ("pairs b9 b9⏎to 2": where they go)
    # the okey moves take melds alone (a short line is a short meld, refused as one); a
    # `play` is Rummikub's table, or a domino over two lines
    if head == "play" and any(len(line.split()) < 3 for line in rest):
        return None
    return " | ".join([first, *rest]).split()


@dataclass(frozen=True)
class Command:
    """One inbound request.

    `name` is the command without its slash ("join", "discard", "okey101"), `args` the words
    after it; a button press has `payload` set instead (name "press"). `private` is True
    when it was sent in a direct chat with the bot; `is_admin` when the platform says the
    user administers the chat (admins may stop any table); `shown_to_chat` whether the
    others there read what was typed.
    """

    platform: str
    chat: str
    user: User
    name: str = ""
    args: tuple[str, ...] = ()
    payload: str | None = None
    private: bool = False
    is_admin: bool = False
    # False where nobody else sees what was typed (Discord's slash commands, answered only
    # to the one who asked; the terminal)
    shown_to_chat: bool = True
    # the chat's name as its platform shows it (a Telegram group's title, a Discord
    # channel): it tells apart the racks of someone playing in two groups
    place: str = ""
    # sent as a move whatever its first word (Discord's `/move text:...`): a word no game
    # knows is a move the table refuses, not an unknown command
    as_move: bool = False
    # the order it came in among the commands since the bot started (set by a door as the
    # update comes in, else by Core.handle): a typed move that came before its turn began
    # was not meant for it
    arrival: int | None = None
    # typed with its slash ("/join"; False: "hello" in a private chat): an unknown word is
    # echoed as it was typed
    slashed: bool = True
    # the bot may not post in that chat (Discord says so with each command): /new opens no
    # table there, which nobody could see or join ("channel" or "thread": the permission
    # it lacks is named so; "unseen": it may not even see the channel)
    mute: str = ""
    # the command's word as typed (`name` is folded: "/ıstaka" is named "istaka"), for
    # quoting it back
    word: str = ""

    @staticmethod
    def parse(platform: str, chat: str, user: User, text: str, **kw) -> Command:
        """A typed line: "/discard r7" or "discard r7" (the slash is optional; a
        "/cmd@botname" suffix, as Telegram sends in groups, is dropped)."""
        words = _INNER_DANDA.sub(" | ", typed(text)).split()
        if not words:
            return Command(platform, chat, user, "", (), **kw)
        kw.setdefault("word", words[0].lstrip("/").split("@", 1)[0])
        head = fold(kw["word"])  # /JOİN: Turkish capitals too
        if head in _MELDS_BY_LINE and "\n" in text:  # a table written a set a line
            words = _melds_by_line(head, typed(text)) or words
        kw.setdefault("slashed", words[0].startswith("/"))
        return Command(platform, chat, user, head, tuple(words[1:]), **kw)

    @property
    def text(self) -> str:
        """The command as the user would type it, without the slash."""
        return " ".join((self.name, *self.args)).strip()


@dataclass(frozen=True)
class Line:
    """One translatable sentence: a catalog key and its placeholder values. A value may
    itself be a Line (translated first), e.g. the name of how a round ended."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Joined:
    """A param made of several parts shown with `sep` between them (a list param is shown
    with ", "), e.g. the facts of one seat: "14 tiles · opened · discarded r7"."""

    parts: tuple[Any, ...]
    sep: str = " · "


@dataclass(frozen=True)
class To:
    """Where a message goes: the chat `chat`, or privately to `user` if it is set."""

    platform: str
    chat: str | None = None
    user: str | None = None

    @property
    def private(self) -> bool:
        return self.user is not None


@dataclass(frozen=True)
class Choice:
    """A button. `label` is language-neutral notation ("discard r7"), or a `Line` that the
    outbox translates for the chat it goes to (a lobby's "Join"); `payload` is what comes
    back in `Command.payload` when it is pressed (short: Telegram allows 64 bytes)."""

    label: Any
    payload: str


@dataclass(frozen=True)
class Outbound:
    to: To
    lang: str
    lines: tuple[Line, ...]
    # A core-chosen name for this message so a later Edit can refer to it; the adapter keeps
    # the mapping from ref to the platform's message id.
    ref: str | None = None


@dataclass(frozen=True)
class Text(Outbound):
    pass


@dataclass(frozen=True)
class Reply(Text):
    """The answer to a command that went wrong (a refusal, an illegal move): for the asker
    alone, where they asked if the platform can show it there (a Telegram pop-up over the
    button pressed, a Discord reply only they see)."""


@dataclass(frozen=True)
class Image(Outbound):
    """A PNG with `lines` as its caption. `kind` says what it shows ("rack", "table",
    "scores"); `view` is the JSON the picture was drawn from (for audits and tests)."""

    png: bytes = b""
    kind: str = ""
    view: Any = None
    # how many of the first lines tell what happened; the rest describe the table as it is
    # now, which a later table picture supersedes (bot/adapters/backlog.py). None: unknown.
    news: int | None = None
    choices: tuple[Choice, ...] = ()  # buttons under it (a match's end: "Play again")
    # True: it replaces the picture (and caption) of the earlier message its `ref` names,
    # in place (a quiet chat's table, bot/prefs.py); one the door cannot edit is sent anew
    edits: bool = False
    # the id of the table it shows (a table picture, a rack): only one table's pictures
    # held back are made one (bot/adapters/backlog.py; a chat may have several tables),
    # and a rack refused privately is told of in its table's group (adapters/unreachable.py)
    table: int | None = None


def a_rack(m) -> bool:
    """Is `m` a rack's picture (whose numbers a move may name), not a table's or a score's?"""
    return isinstance(m, Image) and m.kind == "rack"


@dataclass(frozen=True)
class Buttons(Outbound):
    """Text with a row of choices under it."""

    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Edit(Outbound):
    """Replace the text (and buttons) of the earlier message named `ref`; with no lines,
    only its buttons (none: they come off)."""

    choices: tuple[Choice, ...] = ()


def keys(messages) -> list[str]:
    """The first key of each message: a compact form for tests and logs."""
    return [m.lines[0].key if m.lines else "" for m in messages]
