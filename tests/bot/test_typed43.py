"""Characters nobody sees (direction marks, a zero-width space, a byte-order mark) that a
keyboard or a copied text slips into a typed line: the move is read as it looks. A
message of blanks alone is nothing asked."""

from __future__ import annotations

import logging

from bot.i18n import render_lines
from bot.messages import Command, Line, User

from .conftest import ALI, BUDI
from .door_harness import AYSE

UNSEEN = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2060\ufeff\u061c"


def test_invisible_characters_are_not_part_of_a_typed_command():
    someone = User("1", "Ali")
    for mark in UNSEEN:
        cmd = Command.parse("tg", "g1", someone, f"{mark}/play 0-1{mark}")
        assert (cmd.name, cmd.args) == ("play", ("0-1",)), repr(mark)
        cmd = Command.parse("tg", "g1", someone, f"discard{mark} y12")
        assert (cmd.name, cmd.args) == ("discard", ("y12",)), repr(mark)
    # a zero-width space is a word break; the joiners emoji and Indic words use stay
    assert Command.parse("tg", "g1", someone, "play\u200b0-1").args == ("0-1",)
    assert Command.parse("tg", "g1", someone, "rename A\u200dB").args == ("A\u200dB",)
    # a line of nothing visible (a lone joiner, a soft hyphen) is nothing typed: it was
    # answered "I do not know “‍”", quoting an invisible character
    for nothing in ("\u200d", "\u200c \u00ad", "\u200b\u200d"):
        assert Command.parse("tg", "g1", someone, nothing).name == "", repr(nothing)


def _first_play(table) -> str:
    return next(m for m in table.state.view(table.state.current_player).legal
                if m.startswith("play"))


async def test_D_a_telegram_move_with_a_direction_mark_is_played(tg):
    await tg.say(AYSE, "\u200f/lang tr")  # a group command behind a mark is still one
    await tg.open_dominoes()
    table = tg.table()
    mover = tg.mover()
    moves = table.moves
    await tg.say(mover, f"\u200f{_first_play(table)}\u200e", chat=mover.id)
    assert table.moves == moves + 1


async def test_D_a_discord_move_with_a_zero_width_space_is_played(dc):
    await dc.open_dominoes()
    table = dc.table()
    mover = dc.mover()
    moves = table.moves
    verb, tile = _first_play(table).split(maxsplit=1)
    await dc.slash(mover, "move", text=f"\ufeff{verb}\u200b {tile}\u200e")
    assert table.moves == moves + 1


async def test_a_private_message_of_blanks_is_nothing_asked(tg, caplog):
    caplog.set_level(logging.ERROR)
    before = len(tg.private(AYSE))
    await tg.say(AYSE, "\u3000\u2028", chat=AYSE.id)
    await tg.say(AYSE, "\u200e", chat=AYSE.id)
    await tg.say(AYSE, "\u200d", chat=AYSE.id)
    assert len(tg.private(AYSE)) == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    await tg.say(AYSE, "/help", chat=AYSE.id)  # and the next is answered
    assert len(tg.private(AYSE)) == before + 1


async def test_a_leave_sent_before_the_start_it_lost_to_keeps_the_seat(bot):
    """/leave and /start at the same instant, the start first: the /leave was meant for the
    lobby, so it does not hand the seat of a league match to a computer (the lobby's Leave
    button is refused the same way); sent again, it leaves the game."""
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    leaving = bot.core.arrive()  # Budi's /leave came in first, its turn at the table second
    await bot.say(ALI, "/start")
    table = bot.table()
    out = await bot.say(BUDI, "/leave", arrival=leaving)
    seat = table.seat_of(BUDI.id)
    assert not table.seats[seat].away
    assert [m.lines[0].key for m in out] == ["core.error.leave_before_start"]
    assert render_lines(out[0].lines, "id").startswith("Permainan Domino dimulai sebelum")
    out = await bot.say(BUDI, "/leave")
    assert table.seats[seat].away


async def test_a_back_after_the_match_ended_without_them_says_so(bot):
    """Budi left and the match ended while a computer played his seat: his /back said
    there was no table here and to open one, not that the match was over."""
    from .test_core_play import Player, start

    table = await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(BUDI, "/leave")
    await Player(bot).finish(table)
    out = await bot.say(BUDI, "/back")
    assert [m.lines[0].key for m in out] == ["core.error.back_after_end"]
    assert render_lines(out[0].lines, "en") == (
        "The Dominoes match ended while a computer was playing your seat, so there is no "
        "seat to come back to (the group was told the result). /new dominoes opens another.")
    out = await bot.say(BUDI, "/back", chat="budi", private=True)  # privately too
    assert [m.lines[0].key for m in out] == ["core.error.back_after_end"]
    out = await bot.say(BUDI, "/back", chat="g2")  # another group: nothing ended there
    assert [m.lines[0].key for m in out] == ["core.error.no_table"]
    out = await bot.say(ALI, "/back")  # who stayed to the end had no seat to come back to
    assert [m.lines[0].key for m in out] == ["core.error.no_table"]
    await bot.say(ALI, "/new dominoes")  # a new lobby of his: /back is not for it (nobody
    await bot.say(BUDI, "/join")  # is away at a lobby), the match that ended is said
    out = await bot.say(BUDI, "/back")  # (session 56, the comeback scan)
    assert [m.lines[0].key for m in out] == ["core.error.back_after_end"]
    await bot.say(ALI, "/start")  # at a game of his under way, where he is away: for it
    await bot.say(BUDI, "/leave")
    out = await bot.say(BUDI, "/back")
    assert out[0].lines[0].key == "core.back"


async def test_one_person_has_one_name_in_the_match_end_message(bot):
    """Budi sat down as "Budi" and wrote later as "Budi Santoso", and the bot restarted: the
    totals named him Budi, the league ratings right under them Budi Santoso (the name the
    league keeps)."""
    from .test_core_play import Player, start

    renamed = User(BUDI.id, "Budi Santoso", "id")

    class AsRenamed(Player):  # Budi's presses come with his new name
        def to_move(self, table):
            return renamed if super().to_move(table).id == BUDI.id else ALI

    table = await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(renamed, "/table")
    await bot.restart()
    table = bot.table()
    for person in (ALI, renamed):
        await bot.say(person, "/hand", chat=f"dm{person.id}", private=True)
    await AsRenamed(bot).finish(table)
    final = [m for m in bot.sent if not m.to.private][-1]
    totals, ratings = render_lines(final.lines, "en").splitlines()[-2:]
    assert "Budi: " in totals and ratings.startswith("League ratings:")
    assert "Budi " in ratings and "Santoso" not in ratings


async def test_hand_asked_in_another_chat_sends_the_rack_not_no_table_here(bot):
    """Budi sits at a table in g1 and types /hand in g2 (on Discord, another channel, with
    his DMs closed the only way to see it): he read "no table here"."""
    from .test_core_play import start

    await start(bot, "dominoes", [ALI, BUDI])
    out = await bot.say(BUDI, "/hand", chat="g2")
    assert [(m.to.user, m.kind) for m in out if hasattr(m, "kind")] == [(BUDI.id, "rack")]
    assert not [m for m in out if not m.to.private]


def test_kara_black_as_turkish_players_also_say_it_is_k():
    """A Turkish player reads k as kırmızı (red): the help now says "k siyah (kırmızı
    değil)", and "kara", as common a word for black as siyah, names the colour too."""
    from rules.tiles import format_tile, parse_tiles

    assert [format_tile(t) for t in parse_tiles("kara 7 KARA 12 siyah 3")] == ["k7", "k12", "k3"]
    assert "k siyah (kırmızı değil)" in render_lines([Line("core.help", {
        "games": "", "levels": "", "themes": ""})], "tr")
