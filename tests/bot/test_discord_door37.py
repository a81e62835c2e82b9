"""The Discord door: the note on closed direct messages is kept for the tiles, the moves
the bot suggests are written as Discord's slash commands take them, its own replies speak
the person's /mylang, and names with Discord's <...> syntax are shown as typed. Driven
through discord.py against the fake Discord (tests/bot/fake_discord.py)."""

from __future__ import annotations

import re

import pytest

from bot import i18n
from bot.adapters import discord as discord_door
from bot.adapters.discord import slash_commands
from bot.adapters.menu import MOVE_VERBS
from bot.messages import Joined, Line, Text, To
from rules import game_ids

from . import fake_discord
from .door_harness import D_AYSE as AYSE
from .door_harness import D_BUDI as BUDI
from .door_harness import D_CHEN as CHEN
from .fake_discord import CHANNEL

EVE = fake_discord.Person("71", "Eve", "en-US")
CLOSED_NOTE = "Chen, I cannot send you your tiles privately"


def _said_since(dc, start: int) -> str:
    return "\n".join(c.text for c in dc.fake.calls[start:] if c.method in ("send", "reply"))


# -- 1. the closed-DMs note is about tiles -------------------------------------------------
async def test_a_rules_picture_closed_dms_refuse_tells_the_channel_nothing(dc):
    """Chen (closed DMs, at no table) asks for the Rummikub rules: the example picture comes
    in his private reply; the channel is not told he cannot get tiles he does not have."""
    dc.fake.closed.add(CHEN.id)
    start = len(dc.fake.calls)
    await dc.slash(CHEN, "rules", game="rummikub")
    assert [c for c in dc.fake.calls[start:] if c.method == "reply" and c.file]  # the picture
    assert not [c for c in dc.fake.sent(CHANNEL) if CLOSED_NOTE in c.text]


async def test_the_closed_dms_note_is_kept_for_when_they_sit_down(dc):
    """The refused rules picture did not use up the once-only note: at his /join the
    channel hears how to get his tiles."""
    dc.fake.closed.add(CHEN.id)
    await dc.slash(CHEN, "rules", game="rummikub")
    await dc.slash(AYSE, "new", game="dominoes")
    start = len(dc.fake.calls)
    await dc.slash(CHEN, "join")
    told = [c.text for c in dc.fake.calls[start:] if c.method == "send" and CLOSED_NOTE in c.text]
    assert told == ["Chen, I cannot send you your tiles privately: allow direct messages from "
                    "this server's members (Privacy Settings), then /hand."]
    await dc.slash(AYSE, "start")  # the refused rack: the channel was told once already
    assert len([c for c in dc.fake.sent(CHANNEL) if CLOSED_NOTE in c.text]) == 1


# -- 2. suggested moves in Discord's slash form -------------------------------------------
async def test_the_rules_example_says_the_slash_command_to_type(dc):
    start = len(dc.fake.calls)
    await dc.slash(EVE, "rules", game="rummikub")
    (picture,) = [c for c in dc.fake.calls[start:] if c.file]
    assert "You type: /place tiles:r5 r8\n" in picture.text


@pytest.mark.parametrize("game,hint", [
    ("rummikub", "You can put down r12 k12 y12 (an initial meld of 36 points): "
                 "/place tiles:r12 k12 y12"),
    ("okey101", "You can open now: /open tiles:r3 b3 k3 \\| k9 \\* k11 k12 (51 points)."),
])
async def test_hints_name_the_moves_slash_command_and_its_options(dc, game, hint):
    await dc.slash(EVE, "new", game=game, options="bots=random")
    await dc.slash(EVE, "start")
    rack = [c.text for c in dc.fake.to(EVE) if c.file][-1]
    assert hint in rack.splitlines()
    assert f"/{hint.split('/')[1].split()[0]} r" not in rack  # not Telegram's `/place r12`


async def _okey_table_at_discard(dc):
    """Eve alone with computers at Okey 101, the first to move: she only discards."""
    await dc.slash(EVE, "new", game="okey101", options="bots=random")
    await dc.slash(EVE, "start")
    return dc.table().state.view(0).to_json()["rack"][0]


async def test_a_refused_moves_example_is_the_moves_slash_command(dc):
    tile = await _okey_table_at_discard(dc)
    expected = {("add", tile): "e.g. /add tiles:r7 to 2 (",
                ("swap", tile): "e.g. /swap tiles:r7 in 2 (",
                ("discard", "r7 b7"): "(e.g. /discard tiles:r7).",
                ("pairs", f"{tile} to 2"): "Each pair is two tiles: /pairs tiles:b9 b9 \\| r1 r1."}
    for (verb, tiles), shown in expected.items():
        start = len(dc.fake.calls)
        await dc.slash(EVE, verb, tiles=tiles)
        said = _said_since(dc, start)
        assert shown in said, (verb, said)
    start = len(dc.fake.calls)
    await dc.slash(EVE, "move", text="discard")
    assert "Name the tile too, e.g. /discard tiles:r7 (" in _said_since(dc, start)


async def test_a_dominoes_refusal_names_the_moves_slash_commands(dc):
    await dc.slash(EVE, "new", game="dominoes", options="bots=random")
    await dc.slash(EVE, "start")
    start = len(dc.fake.calls)
    await dc.slash(EVE, "pass")  # a tile fits: she must play it
    assert ("You can play, so you must: /play tiles:0-1, /play tiles:0-2, /play tiles:0-5."
            in _said_since(dc, start))
    start = len(dc.fake.calls)
    await dc.slash(EVE, "draw")  # no such move in dominoes
    said = _said_since(dc, start)
    assert ("Not a dominoes move: draw. Your moves now: /play tiles:0-1, /play tiles:0-2, "
            "/play tiles:0-5." in said)  # (not an example tile she may not hold)


async def test_hide_and_lang_refusals_name_their_slash_options(dc):
    """The refusals of /hide's and /lang's words name the options (typed in /move's text
    they reached the core once; /move makes moves only now, and says so)."""
    start = len(dc.fake.calls)
    await dc.slash(EVE, "move", text="hide maybe")
    assert _said_since(dc, start).startswith("/move makes moves")

    def shown(key: str, **params) -> str:
        said = Text(To("discord", chat=CHANNEL), "en", (Line(key, params),))
        return discord_door.shown_text(discord_door._for_discord(said))

    assert "/hide state:on or /hide state:off sets it." in shown(
        "core.error.switch_words", command="hide", on=Line("core.on"), off=Line("core.off"))
    for command in ("lang", "mylang"):
        assert f"For example: /{command} language:“Indonesian”" in shown(  # as its picker
            "core.error.unknown_lang", wanted="xx", langs="", command=command)


# Every text the bot can send (the engine's and the games' too), in every language, with
# sample values in its parameters as the core fills them, shown as Discord gets it.
_SAMPLES = {"id": "dominoes", "game": "yuzbir", "season": "2", "closed": "1", "verb": "add",
            "want": "to", "tile": "3-5", "example": "dominoes play 3-5 left",
            "move": "open r3 b3 k3 | k9 * k11 k12", "on": Line("core.on"),
            "off": Line("core.off")}
_MOVES = {"core.hint.adds": Joined(("add r7 to 2", "add b3 to 1"), ", "),
          "core.hint.swaps": Joined(("swap r8 in 2",), ", "),
          "dominoes.error.must_play": "play 3-5 left, play 3-5 right"}
_COMMAND = {"core.error.switch_words": "hide", "core.error.unknown_lang": "lang"}
# the list of moves in /rules says what each move is written with, not a command to type;
# the console's own texts never reach Discord
_NOT_SUGGESTIONS = ("core.moves.",)


def _every_text_on_discord():
    for key in sorted(i18n.source_messages()):
        if key.startswith(_NOT_SUGGESTIONS) or "console" in key \
                or key in discord_door._DISCORD_KEYS:
            continue
        for lang in i18n.LANGS:
            params = {name: _SAMPLES.get(name, "x")
                      for name in i18n.placeholders(i18n.translate(lang, key))}
            if "moves" in params and key in _MOVES:
                params["moves"] = _MOVES[key]
            if "command" in params:
                params["command"] = _COMMAND.get(key, "table")
            said = Text(To("discord", chat=CHANNEL), lang, (Line(key, params),))
            yield lang, key, discord_door.shown_text(discord_door._for_discord(said))


def test_every_suggested_command_takes_discords_options_not_telegrams_words():
    """A registered command with options is never followed by what would be its argument on
    Telegram (a tile, a domino, a game, a language, on or off, a <placeholder>): that is
    written in its option (`/add tiles:r7 to 2`, `/hide state:on`, `/lang language:id`), and
    each option named is one the command has."""
    registered = {c["name"]: {o["name"] for o in c["options"]} for c in slash_commands()}
    words = {*game_ids(), *i18n.LANGS, "on", "off",
             *(i18n.translate(lang, f"core.{w}") for lang in i18n.LANGS for w in ("on", "off"))}
    argument = re.compile(r"[rbky]\d+|\d+-\d+|<[^<>\s]+>")
    seen = named = 0
    for lang, key, text in _every_text_on_discord():
        for command, rest in re.findall(r"(?<![\w<])/(\w+)((?: +\S+)?)", text):
            if not registered.get(command):
                continue
            seen += 1
            following = rest.strip().rstrip(".,;:)।")
            assert not (argument.fullmatch(following) or following in words), (
                lang, key, f"/{command}{rest}", text)
        for command, options in re.findall(r"/(\w+)((?: +\w+:\S+)+)", text):
            named += 1
            assert command in registered, (lang, key, command)
            assert set(re.findall(r"(?:^|\s)(\w+):", options)) <= registered[command], (
                lang, key, command, options)
    assert seen > 200 and named > 100


def test_suggested_moves_are_converted_but_names_are_not():
    """The moves a line carries become Discord's commands; a player called "/add r7 to 2"
    keeps the name."""
    said = Text(To("discord", chat=CHANNEL), "en", (
        Line("core.joined", {"player": "/add r7 to 2", "seat": 2, "count": 2, "seats": 4}),
        Line("core.hint.adds", {"moves": Joined(("add r7 to 2",), ", ")})))
    text = discord_door.shown_text(discord_door._for_discord(said))
    assert text == "/add r7 to 2 sits at seat 2 (2/4).\nYou can add: /add tiles:r7 to 2"
    assert set(MOVE_VERBS) <= {c["name"] for c in slash_commands()}


# -- 3. the door's own replies speak /mylang ------------------------------------------------
async def test_the_doors_own_replies_speak_the_persons_mylang(dc):
    """Budi's Discord is in Indonesian but he chose English with /mylang: the door's "sent
    to your direct messages" (and below, "I cannot post in this channel") come in English."""
    await dc.slash(BUDI, "mylang", language="en")
    await dc.slash(BUDI, "new", game="dominoes", options="bots=random")
    await dc.slash(BUDI, "start")
    await dc.slash(BUDI, "hand")
    assert dc.fake.replies()[-1].text == "Sent to your direct messages."


async def test_a_closed_channel_is_explained_in_the_persons_mylang(dc):
    await dc.slash(BUDI, "mylang", language="en")
    dc.fake.muted.add(CHANNEL)
    await dc.slash(BUDI, "new", game="dominoes")
    assert dc.fake.replies()[-1].text == (
        "I cannot post in this channel: give me the permissions Send Messages and Attach "
        "Files here, or play in another channel.")


# -- 4. names with Discord's <...> syntax ----------------------------------------------------
async def test_names_with_discords_angle_syntax_are_shown_as_typed(dc):
    """A mention, channel, emoji or timestamp in a display name gets a backslash before its
    "<", which Discord shows as the characters typed, not as a ping or a date."""
    names = ("<@22> > q", "<t:0:R>", "<#123> <:e:1>")
    people = [fake_discord.Person(str(80 + i), name, "en-US") for i, name in enumerate(names)]
    await dc.slash(people[0], "new", game="dominoes")
    for person in people[1:]:
        await dc.slash(person, "join")
    channel = "\n".join(c.text for c in dc.fake.sent(CHANNEL))
    for shown in ("\\<@22> > q opened a table", "\\<t:0:R> sits at seat 2",
                  "\\<#123> \\<:e:1> sits at seat 3"):
        assert shown in channel, channel
    assert not re.search(r"(?<!\\)<[@#:t]", channel)
    # the catalog's own placeholders are no Discord syntax: left as written
    assert discord_door.plain("/new game:<game> a < b") == "/new game:<game> a < b"
