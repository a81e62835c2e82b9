"""The commands a chat platform lists for people (Telegram's command menu, Discord's slash
commands), with their descriptions in every language (catalog keys core.cmd.*)."""

from __future__ import annotations

from rules.words import fold

from .. import i18n
from ..notation import MOVE_VERBS  # noqa: F401  (the four games' move words: the doors list them)

# The core's commands, in the order a menu shows them.
CORE_COMMANDS = ("help", "new", "join", "leave", "addbot", "start", "stop", "hand", "arrange",
                 "hide", "table", "rules", "back", "hurry", "league", "lang", "mylang", "theme", "mytheme",
                 "quiet", "season")
# Commands a chat's administrators may use for others (not only a table's opener or seats).
ADMIN_COMMANDS = ("start", "stop", "addbot", "season")


def needs_admin_check(name: str, args) -> bool:
    """Is this an administrator's command: `/stop`, or with the game first, `/dominoes stop`
    (the form the bot asks for where a chat has several tables)?"""
    import rules

    from ..game_names import game_named

    if name in rules.game_ids() or game_named(name, rules.game_ids()):  # "/101 stop" too
        name = fold(args[0]) if args else ""
    return name in ADMIN_COMMANDS


def describe(lang: str, command: str) -> str:
    return i18n.translate(lang, f"core.cmd.{command}")


def describe_option(lang: str, option: str) -> str:
    return i18n.translate(lang, f"core.cmd_option.{option}")
