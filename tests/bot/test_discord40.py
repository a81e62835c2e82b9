"""Discord: tables in archived threads, private replies (closed DMs, /rules' picture), long
texts cut between words, the server manager's refusals, button labels, /arrange's options."""

from __future__ import annotations

import asyncio

import pytest

import rules
from bot import i18n
from bot.adapters.discord import buttons_view
from bot.adapters.text_parts import split_text, word_cut
from bot.messages import Choice

from .door_harness import D_AYSE as AYSE
from .door_harness import D_BUDI as BUDI
from .door_harness import D_CHEN as CHEN
from .door_harness import until
from .fake_discord import CHANNEL, Person

THREAD = "530"
EVE = Person("55", "Eve", "en-US")  # English, and no server manager
FINN = Person("66", "Finn", "en-US")


async def _in_thread(dc, person, name: str, **options) -> None:
    before = dc.door.handled
    await dc.fake.slash(person, name, channel=THREAD, **options)
    await dc.settle(before)


async def _game_in_archived_thread(dc):
    """Ayşe and Budi play dominoes in a thread that Discord then archives (unused a day)."""
    await dc.fake.create_thread(THREAD, "dominoes night")
    await _in_thread(dc, AYSE, "new", game="dominoes", options="league=off")
    await _in_thread(dc, BUDI, "join")
    await _in_thread(dc, AYSE, "start")
    (table,) = [t for t in dc.core.tables.values() if t.chat == THREAD]
    assert table.status == "playing"
    await dc.fake.archive_thread(THREAD)
    await asyncio.sleep(0.2)  # the bot reads the update
    return table


def _open_in(dc, chat: str) -> list:
    return [t for t in dc.core.tables.values() if t.chat == chat and t.open]


async def test_a_table_in_an_archived_thread_closes_when_the_thread_is_deleted(dc):
    """README: "a deleted channel or thread closes its tables without a result; the players
    are told privately": also a thread discord.py no longer keeps, once archived."""
    await _game_in_archived_thread(dc)
    told = len(dc.fake.to(BUDI))
    await dc.fake.delete_thread(THREAD)
    await until(lambda: not _open_in(dc, THREAD), what="the thread's table closed")
    await until(lambda: len(dc.fake.to(BUDI)) > told, what="Budi told privately")


async def test_an_archived_threads_table_closes_when_the_server_removes_the_bot(dc):
    """README: "A server that removes the bot ... closes its tables": those in its archived
    threads too, as those in its channels."""
    await _game_in_archived_thread(dc)
    await dc.slash(AYSE, "new", game="okey101")
    await dc.fake.remove_bot()
    await until(lambda: not _open_in(dc, THREAD) and not _open_in(dc, CHANNEL),
                what="the server's tables closed")


async def test_an_archived_threads_table_closes_when_its_channel_is_deleted(dc):
    """A channel deleted takes its threads with it: their tables close too."""
    await _game_in_archived_thread(dc)
    await dc.fake.delete_channel(CHANNEL)
    await until(lambda: not _open_in(dc, THREAD), what="the thread's table closed")


# -- long texts cut between words ------------------------------------------------------------
_ROUND = "Seat 2 laid r7 r8 r9 and the round ends. "  # a sentence, 41 characters
_HINDI = "डोमिनोज़ का मैच ख़त्म। विजेता: Budi। "


def _rejoined(parts: list[str]) -> str:
    return " ".join(parts)


def test_a_long_line_is_cut_after_a_sentence_within_discords_and_telegrams_limits():
    """A private reply longer than a message (Discord 2000, Telegram 4096 characters) is
    cut where a sentence ends, never within a word ("…the rou" / "nd ends")."""
    for limit in (2000, 4096):
        text = (_ROUND * (limit // len(_ROUND) + 20)).strip()
        parts = split_text(text, limit)
        assert len(parts) == 2 and all(len(p) <= limit for p in parts)
        assert parts[0].endswith("the round ends.") and parts[1].startswith("Seat 2 laid")
        assert _rejoined(parts) == text


def test_a_long_hindi_line_is_cut_after_a_sentence_and_one_without_sentences_between_words():
    text = (_HINDI * 120).strip()
    parts = split_text(text, 2000)
    assert all(len(p) <= 2000 for p in parts) and _rejoined(parts) == text
    assert all(p.endswith(("।", "Budi")) for p in parts)  # "…Budi।" or the last "… Budi।"
    words = " ".join(["मैच"] * 1500)  # no sentence ends: cut between words
    parts = split_text(words, 2000)
    assert all(len(p) <= 2000 and set(p.split()) == {"मैच"} for p in parts)
    assert _rejoined(parts) == words


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_a_long_rules_text_is_cut_after_a_sentence_and_never_inside_brackets(lang):
    """The Hindi /rules yuzbir came in two replies cut after "(दोनों:" with the next one
    opening "× 4), ...": a sentence's end outside brackets wins over a clause's end
    (a colon) inside them."""
    for game in rules.game_ids():
        text = i18n.translate(lang, f"core.rules.{game}")
        parts = split_text(text, 2000)
        assert all(len(p) <= 2000 for p in parts) and " ".join(parts).split() == text.split()
        for part in parts:
            assert part.count("(") == part.count(")"), (game, part[-60:])
        assert all(p.endswith((".", "।")) for p in parts[:-1]), game
    cut = split_text("word " * 12 + "The end. (both: " + "x " * 40 + ")", 100)
    assert cut[0].endswith("The end.") and cut[1].startswith("(both:")
    # a ")" with no "(" before it (a list's "1)") opens nothing to close later
    cut = split_text("Note 1) " + "word " * 30 + "(first half. second half of the bracket "
                     "goes on and on here) tail words to pad the line out more.", 200)
    assert all(part.count("(") == part.count(")") for part in cut[1:]), cut


def test_a_line_with_no_space_is_still_cut_at_the_limit():
    assert split_text("y" * 4500, 2000) == ["y" * 2000, "y" * 2000, "y" * 500]
    assert split_text("  " + "y" * 2500, 2000) == ["  " + "y" * 1998, "y" * 502]  # not at its indent


# -- private replies -------------------------------------------------------------------------
def _last_reply(dc) -> str:
    return dc.fake.replies()[-1].text


async def test_closed_direct_messages_the_seat_note_says_hand_brings_the_tiles(dc):
    """README: someone whose direct messages are closed "gets what their own commands ask
    for (/hand, their rack and buttons) as such a private reply": their reply to /new, /join
    or Join says so, not that their tiles will come in their direct messages."""
    dc.fake.closed.update({EVE.id, FINN.id})
    await dc.slash(EVE, "new", game="dominoes", options="league=off")
    assert _last_reply(dc) == (  # how to open them, in their own words too (the channel's
        # note may be in another language)
        "You sit at seat 1 of the Dominoes table. I cannot send you direct messages: allow "
        "direct messages from this server's members (Privacy Settings); until then, once "
        "the game begins, /hand brings your tiles as a reply only you see.")
    lobby = [c for c in dc.fake.sent(CHANNEL) if c.buttons][-1]
    await dc.press(FINN, lobby, "Join")
    assert _last_reply(dc).startswith("You sit at seat 2 of the Dominoes table. I cannot send")
    assert not [c for c in dc.fake.replies() if "direct messages from the bot" in c.text]


async def test_rules_example_picture_comes_in_the_same_private_reply(dc):
    """/rules in a channel is answered to the asker alone: the step-by-step picture with its
    text, in the private reply, not in their direct messages uninvited."""
    await dc.slash(EVE, "rules", game="rummikub")
    assert not dc.fake.to(EVE) and not dc.fake.sent(CHANNEL)
    replies = dc.fake.replies()
    assert replies[-2].text.startswith("Rummikub: ") and not replies[-2].file
    assert replies[-1].file and replies[-1].params.get("flags") == 64
    assert "step by step" in replies[-1].text


async def test_a_rules_picture_asked_in_direct_messages_still_comes_there(dc):
    """There the direct messages were asked: the picture comes as a message in them."""
    before = dc.door.handled
    await dc.fake.slash(EVE, "rules", channel="700", game="rummikub")  # Eve's DMs with the bot
    await dc.settle(before)
    (picture,) = [c for c in dc.fake.to(EVE) if c.file]
    assert "step by step" in picture.text


# -- the server manager's refusals ----------------------------------------------------------
async def test_refusals_name_a_server_manager_on_discord(dc):
    """README: /stop by "the table's opener or an admin", /season end "(Discord: a server
    manager's)": on Discord the refusals say who that is there."""
    await dc.slash(EVE, "new", game="okey101")
    await dc.slash(FINN, "stop")
    assert _last_reply(dc) == "Only Eve (who opened the table) or a server manager can do that."
    await dc.slash(FINN, "season", action="end")
    assert _last_reply(dc) == "Only a server manager can close the season."
    await dc.slash(FINN, "season", action="end now")
    assert _last_reply(dc).endswith("closes it (server managers).")
    await dc.slash(FINN, "season")
    assert "A server manager closes it" in dc.fake.sent()[-1].text
    await dc.slash(CHEN, "stop")  # a manager may
    assert not [t for t in dc.core.tables.values() if t.open]


# -- button labels ---------------------------------------------------------------------------
def test_a_long_button_label_is_cut_after_a_whole_tile_with_an_ellipsis():
    move = "place " + " ".join(f"{c}{n}" for c in "rbky" for n in range(1, 14))
    (button,) = buttons_view([Choice(move, "m:1")]).children
    assert len(button.label) <= 80 and button.label.endswith("…")
    assert move.startswith(button.label[:-1] + " ")  # whole tiles only
    assert word_cut("draw", 80) == "draw" and word_cut("x" * 90, 80) == "x" * 79 + "…"


# -- /arrange's two options ------------------------------------------------------------------
async def test_arrange_with_both_order_and_tiles_is_told_to_give_one(dc):
    """/arrange order:pairs tiles:1 2 read the order as a tile ("Not a tile: pairs")."""
    await dc.slash(EVE, "arrange", order="pairs", tiles="1 2")
    assert _last_reply(dc) == ("/arrange takes one of its options, not both: order (how your "
                               "rack is sorted) or tiles (your own layout).")
    assert dc.fake.replies()[-1].params.get("flags") == 64
    await dc.slash(EVE, "arrange", order="pairs")  # one of them is read as before
    assert "Not a tile" not in _last_reply(dc)


async def test_new_alone_names_the_games_as_discord_takes_them(dc):
    await dc.slash(EVE, "new")
    assert _last_reply(dc) == ("Which game? Type /new and its name: /new game:“Okey 101”, "
                               "/new game:“Yüzbir”, /new game:“Rummikub”, "
                               "/new game:“Dominoes”.")  # as the picker names them


async def test_a_move_of_nothing_visible_is_told_to_type_a_move(dc):
    """/move text:<zero-width space> reached the core as a command of no name: "Unknown
    command /."."""
    await dc.slash(EVE, "move", text="\u200b ")
    assert _last_reply(dc) == ("Type your move in /move's text, for example discard r7 or "
                               "play 3-5 left. /hand shows your tiles.")
    await dc.slash(EVE, "move", text="help")  # a text that says something is read as before
    assert "Unknown command" not in _last_reply(dc)


# -- a thread the bot may not post in ---------------------------------------------------------
_THREAD_CLOSED = ("I cannot post in this thread: give me the permissions Send Messages in "
                  "Threads and Attach Files here, or play in another channel.")


async def test_new_in_a_thread_the_bot_may_not_post_in_names_the_threads_permission(dc):
    """A thread needs Send Messages in Threads: the note named Send Messages, which the bot
    may already have there."""
    await dc.fake.create_thread(THREAD, "dominoes night")
    dc.fake.muted.add(THREAD)
    await _in_thread(dc, EVE, "new", game="dominoes")
    assert not _open_in(dc, THREAD)
    assert _last_reply(dc) == _THREAD_CLOSED


async def test_new_in_a_private_thread_the_bot_is_not_in_says_to_add_it_then_table_shows_it(dc):
    """A private thread the bot was never added to: Discord refuses every post there (403,
    50001) though the permissions allow it. The reply named Send Messages in Threads,
    which the bot had; it says to add the bot, and /table then shows the lobby to join."""
    await dc.fake.create_thread(THREAD, "dominoes night", private=True)
    await _in_thread(dc, EVE, "new", game="dominoes")
    assert _last_reply(dc) == ("I cannot see this thread: add me to it (mention me in it), "
                               "then /table; or play in another channel.")
    assert not dc.fake.sent(THREAD)
    dc.fake.unseen.discard(THREAD)  # Eve mentions the bot there: it is added
    await _in_thread(dc, EVE, "table")
    (lobby,) = dc.fake.sent(THREAD)
    assert "Join" in [label for label, _ in lobby.buttons], lobby.buttons


async def test_new_in_a_channel_the_bot_may_not_see_opens_nothing_and_names_view_channel(dc):
    dc.fake.unseen.add(CHANNEL)  # no View Channel: the bot's posts would be refused (50001)
    await dc.slash(EVE, "new", game="dominoes")
    assert not dc.core.tables
    assert _last_reply(dc) == ("I cannot see this channel: give me the permissions View "
                               "Channel, Send Messages and Attach Files here, then /table; "
                               "or play in another channel.")


async def test_a_move_pressed_in_dms_after_the_bot_lost_sight_of_the_channel_says_so(dc):
    """View Channel taken away mid-game (50001): a move pressed in direct messages still
    counts, and its presser is told the bot cannot see the channel, not to give it Send
    Messages, which it has."""
    await dc.open_dominoes()
    dc.fake.unseen.add(CHANNEL)
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    before = len(dc.fake.replies())
    await dc.press(mover, prompt, prompt.buttons[0][0])
    said = [c.text for c in dc.fake.replies()[before:]]
    unseen = "kanalını göremiyorum" if mover == AYSE else "tidak bisa lagi melihat"
    assert any(unseen in t for t in said), said  # (in the presser's words)
    assert not any("Send Messages" in t or "Kirim Pesan di" in t or "Mesaj Gönder" in t
                   for t in said), said
    assert dc.mover() != mover  # the move counted


async def test_a_thread_that_refuses_a_post_mid_game_names_the_threads_permission(dc):
    await dc.fake.create_thread(THREAD, "dominoes night")
    await _in_thread(dc, EVE, "new", game="dominoes", options="bots=random")
    await _in_thread(dc, EVE, "start")
    dc.fake.muted.add(THREAD)  # a manager takes the permission away while they play
    await _in_thread(dc, EVE, "table")  # (a player there: her moves still count; the
    said = " ".join(c.text for c in dc.fake.replies()[-3:])  # table shown to her alone)
    assert "I cannot post in this thread, so your table here is not shown: give me the " \
        "permissions Send Messages in Threads" in said


def test_the_rules_game_option_says_it_is_needed_where_no_table_is_open():
    """It read "which game's table, where there are several", though /rules with no table
    open needs it (a newcomer's reading)."""
    from bot.adapters.discord import slash_commands

    (rules_cmd,) = [c for c in slash_commands() if c["name"] == "rules"]
    (game,) = rules_cmd["options"]
    assert game["description"] == ("which game's rules (needed where no table is open, or "
                                   "several are)")
    assert game["description_localizations"]["tr"].startswith("hangi oyunun kuralları")


def test_the_pass_command_names_the_games_that_have_it():
    """"pass - pass" in the menu: an okey player used it and met "There is no move called
    pass"; the other move commands name their game."""
    from bot.adapters.discord import slash_commands

    (pass_cmd,) = [c for c in slash_commands() if c["name"] == "pass"]
    assert "dominoes" in pass_cmd["description"] and "Rummikub" in pass_cmd["description"]
    assert all(len(text) <= 100 for text in pass_cmd["description_localizations"].values())


async def test_which_table_suggests_addbot_and_arrange_as_their_slash_options(dc):
    """Two tables in a channel: /addbot and /arrange without a game were answered with
    "/addbot expert 2 game:dominoes" and "/arrange 1 2 3 game:okey101", which Discord's
    slash commands do not take (a scan): each word goes in its own option."""
    await dc.slash(AYSE, "new", game="dominoes")
    await dc.slash(AYSE, "new", game="okey101")
    await dc.slash(AYSE, "addbot", level="expert", seat=2)
    assert "/addbot level:expert seat:2 game:“Domino”" in dc.fake.replies()[-1].text
    await dc.slash(AYSE, "stop", game="dominoes")
    await dc.slash(AYSE, "new", game="rummikub")
    for game in ("okey101", "rummikub"):
        await dc.slash(AYSE, "start", game=game)
    await dc.slash(AYSE, "arrange", tiles="1 2 3")
    assert "/arrange tiles:1 2 3 game:" in dc.fake.replies()[-1].text


def test_slash_command_descriptions_say_channel_and_server_manager():
    """The command list said "this chat's standings" and "(opener or admin)" while
    everything else on Discord says channel and server manager (a scan); every
    description stays within Discord's 100 characters in every language."""
    from bot.adapters.discord import slash_commands

    commands = {c["name"]: c for c in slash_commands()}
    assert commands["league"]["description"] == "this channel's standings"
    assert commands["lang"]["description_localizations"]["hi"] == "चैनल की भाषा"
    assert "server manager" in commands["stop"]["description"]
    assert "/season action:“end the season” (server managers)" in commands["season"]["description"]
    assert "/season action:“akhiri musim”" in commands["season"]["description_localizations"]["id"]
    for c in commands.values():
        texts = [c["description"], *c["description_localizations"].values()]
        assert all(1 <= len(t) <= 100 for t in texts), c["name"]
        assert not any("chat" in t or "obrolan" in t or "sohbet" in t or "चैट" in t
                       for t in texts), c["name"]


async def test_a_turn_for_someone_whose_dms_are_closed_is_told_in_the_channel_again(
        dc, monkeypatch):
    """Told once when he sat down, then never: Budi's turns ran out unseen and a computer
    took his seat (a scan). His turn's rack refused, the channel hears again (here at once:
    the minute between two such notes is set to 0); others' racks refused do not."""
    from bot.adapters.unreachable import Unreachable

    monkeypatch.setattr(Unreachable, "ASKED_AGAIN_AFTER", 0.0)
    dc.fake.closed.add(BUDI.id)
    await dc.open_dominoes()
    told = lambda: len([c for c in dc.fake.sent(CHANNEL) if "Gizlilik" in c.text])  # noqa: E731
    before = told()
    for _ in range(8):  # play on until Budi's turn comes
        if dc.mover() == BUDI:
            break
        table = dc.table()
        await dc.slash(dc.mover(), "move", text=table.state.view(table.state.current_player).legal[0])
    else:
        raise AssertionError("Budi's turn never came")
    await until(lambda: told() > before, what="the channel told again at Budi's turn")


async def test_a_gloss_typed_as_a_move_on_discord_is_answered_with_its_slash_command(dc):
    """/rules teaches Indonesian readers "tempel" (add): typed in /move text:, every such
    word was refused as no move at all, sending them back to /rules (a scan); it is answered
    with the move as Discord's slash command takes it, tiles kept."""
    await dc.slash(BUDI, "mylang", language="id")
    await dc.slash(BUDI, "new", game="okey101")
    await dc.slash(BUDI, "start")
    await dc.slash(BUDI, "move", text="tempel b7 to 3")  # (Budi begins the round: O6)
    assert dc.fake.replies()[-1].text.startswith("“tempel” ditulis /add tiles:b7 to 3, tapi "
                                                 "langkah itu ditolak")
    await dc.slash(BUDI, "move", text="ambil buangan")
    assert dc.fake.replies()[-1].text.startswith(  # (Budi begins the round: O6)
        "“ambil buangan” ditulis /take, tapi tidak sekarang: Tidak boleh (O6)")
    await dc.slash(BUDI, "move", text="ambil okey b8 in 2")
    assert dc.fake.replies()[-1].text.startswith("“ambil okey” ditulis /swap tiles:b8 in 2,")


@pytest.mark.parametrize("lang", ("en", "id", "hi", "tr"))
def test_Y9_the_pairs_refusal_shows_the_move_as_each_platform_takes_it(lang):
    """"(pairs ... to <seat>)" was no command anywhere (and not Discord's shape, a scan):
    the refusal writes the move, and on Discord its tiles option."""
    from bot.adapters.discord import typed_on_discord

    text = i18n.translate(lang, "yuzbir.error.pairs_onto_pairs_players")
    assert "(/pairs b9 b9 to <" in text
    assert "(/pairs tiles:b9 b9 to <" in typed_on_discord(text)


def test_a_suggested_move_copied_with_discords_escapes_is_read_as_shown():
    """The caption's `/open tiles:r5 b5 y5 | ...` is sent with `\\|` (shown as `|`), and
    copying the message keeps the backslash: pasted back it was "Not a tile: \\." (a scan);
    a backslash before a sign is dropped."""
    from bot.adapters.discord import command_words, plain

    shown = plain("r5 b5 y5 | F b8 y8 | y10 y11 y12")
    assert "\\|" in shown  # (as the bot writes it)
    assert command_words({"name": "open", "options": [{"name": "tiles", "value": shown}]}) == (
        "open", ("r5", "b5", "y5", "|", "F", "b8", "y8", "|", "y10", "y11", "y12"))
    assert command_words({"name": "move", "options": [
        {"name": "text", "value": plain("add * to 1 low")}]}) == ("add", ("*", "to", "1", "low"))


async def test_move_text_that_names_a_command_does_not_run_it(dc):
    """`/move text:stop` stopped the table (at a league table, a loss for the one who
    "moved"; a scan): /move makes moves, and says the rest are commands of their own."""
    await dc.slash(BUDI, "new", game="okey101")
    await dc.slash(BUDI, "start")
    table = dc.table()
    for text in ("stop", "okey101 stop", "/new dominoes", "leave", "101 stop", "okey 101 stop",
                 "okey101 STOP", "101 leave"):  # (a game's nickname, capitals: the regression
        # scan found those still ran)
        await dc.slash(BUDI, "move", text=text)
        assert dc.fake.replies()[-1].text.startswith("/move untuk langkah"), text  # (id)
    assert table.open and table.status == "playing"
    assert not table.seats[table.seat_of(BUDI.id)].away


async def test_a_press_answered_after_discords_three_seconds_is_one_log_line(dc, caplog):
    """The bot slow for a moment: Discord refuses the late acknowledgement (404, 10062).
    Nothing was done (right), but discord.py logged "Ignoring exception in on_interaction"
    with a traceback; it is one warning line, and pressing again works."""
    import logging

    await dc.open_dominoes()
    table = dc.table()
    mover = dc.mover()
    prompt = [c for c in dc.fake.to(mover) if c.buttons][-1]
    moves = table.moves
    dc.fake.late_next = 1
    caplog.clear()
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves == moves
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    assert "came too late to answer" in caplog.text
    await dc.press(mover, prompt, prompt.buttons[0][0])
    assert table.moves > moves
