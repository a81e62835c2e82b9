"""A request the core turns down: the user gets a private, translated explanation."""

from __future__ import annotations

from rules.errors import RulesError
from rules.words import echoed

from . import i18n
from .messages import Line


class Refusal(Exception):
    """`choices`: buttons under the explanation that do what was meant (Choice), `ref`
    naming that message."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.line = Line(key, params)
        self.choices: tuple = ()
        self.ref = ""


def not_started(table, user: str) -> Refusal:
    """A game's command at a table still in its lobby: its opener hears to /start it; at
    one that closed while the command waited for it (stopped, or its match over), that."""
    if not table.open:
        return Refusal("core.error.game_over")
    return Refusal("core.error.not_started_opener" if user == table.creator
                   else "core.error.not_started")


def either_okey_refusal(typed: str, games) -> Refusal:
    """`typed` ("101", "okey") names either okey game to its Turkish reader: asked which,
    with the games (`games`, Core.game_names) named."""
    return Refusal("core.error.either_okey", game=echoed(typed), games=games)


def error_line(e: RulesError) -> Line:
    """An engine error as a message: its own key when a catalog knows it, else its English
    text; an illegal move also names the rule it breaks."""
    if e.key in ("error.bad_tile", "rummikub.error.bad_tile") and not str(e.params.get("tile", "")).strip():
        reason = Line("error.no_tiles")  # "discard" with no tile after it
    elif e.key in i18n.catalog(i18n.DEFAULT):
        reason = Line(e.key, dict(e.params))
    else:
        reason = Line("core.error.text", {"text": e.message})
    rule = getattr(e, "rule", None)
    return Line("core.error.illegal", {"rule": rule, "reason": reason}) if rule else reason
