"""The lobby's buttons in the group (join, leave, add a computer, start): a press does what
the typed command does, for whoever pressed it, and is refused as the command would be;
only the newest lobby message keeps live buttons, and they come off when the game starts
or the lobby closes."""

from __future__ import annotations

from bot.lobby import LOBBY_VERBS, lobby_payload
from bot.messages import Buttons, Command, Edit, Image

from .conftest import ALI, BUDI, CAN, en, summary
from .test_core_play import Player, start


def _lobby_messages(out):
    return [m for m in out if isinstance(m, Buttons) and not m.to.private]


async def press(bot, user, table, verb, chat="g1", **kw):
    cmd = Command("tg", chat, user, "press", (), lobby_payload(table.id, verb), **kw)
    return await bot.core.handle(cmd)


async def test_every_lobby_message_carries_the_buttons_in_the_groups_language(bot):
    await bot.say(ALI, "/lang tr")
    out = await bot.say(ALI, "/new dominoes")
    table = bot.table()
    [lobby] = _lobby_messages(out)
    assert lobby.ref == f"lobby{table.id}" and lobby.lang == "tr"
    assert [(c.label, c.payload) for c in lobby.choices] == [
        ("Katıl", f"l:{table.id}:join"), ("Ayrıl", f"l:{table.id}:leave"),
        ("Bilgisayar ekle", f"l:{table.id}:addbot"), ("Başlat", f"l:{table.id}:start")]
    await bot.say(ALI, "/lang en")
    out = await bot.say(BUDI, "/join")
    assert [c.label for c in _lobby_messages(out)[0].choices] == [
        "Join", "Leave", "Add a computer", "Start"]
    # /table in the group shows the lobby again, with the buttons (the same ref: the
    # doors take them off the earlier message)
    out = await bot.say(CAN, "/table")
    assert summary(out) == [("chat:g1", "buttons", ["core.lobby", "core.lobby_options",
                                                    "core.created_league"])]
    assert out[0].ref == f"lobby{table.id}" and len(out[0].choices) == len(LOBBY_VERBS)


async def test_a_press_does_what_the_typed_command_does_for_whoever_pressed(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    table = bot.table()
    out = await press(bot, BUDI, table, "join")
    assert summary(out) == [("chat:g1", "buttons", ["core.joined"]),
                            ("user:2", "text", ["core.seated_private"])]
    assert en(out[0]) == "Budi sits at seat 2 (2/4)."
    out = await press(bot, BUDI, table, "join")  # twice: refused privately, nothing moves
    assert summary(out) == [("user:2", "text", ["core.error.already_seated"])]
    out = await press(bot, BUDI, table, "addbot")
    assert en(out[0]) == "Computer 3 (random) sits at seat 3 (3/4)."
    out = await press(bot, BUDI, table, "leave")
    assert en(out[0]) == "Budi left the table (2/4)."
    assert [s.user if s else "-" for s in table.seats] == ["1", "-", None, "-"]  # (3: computer)
    out = await press(bot, BUDI, table, "leave")  # not seated: nothing to leave
    assert summary(out) == [("user:2", "text", ["core.error.not_seated"])]
    out = await press(bot, CAN, table, "addbot")  # not seated, not an admin: /join first
    assert summary(out) == [("user:3", "text", ["core.error.not_seated_addbot"])]
    assert table.count() == 2


async def test_start_by_its_opener_or_an_admin_then_the_buttons_come_off(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    table = bot.table()
    await press(bot, BUDI, table, "join")
    out = await press(bot, BUDI, table, "start")
    assert summary(out) == [("user:2", "text", ["core.error.not_creator"])]
    assert table.status == "lobby"
    out = await press(bot, CAN, table, "start", is_admin=True)  # an admin may
    assert table.status == "playing"
    edits = [m for m in out if isinstance(m, Edit) and not m.to.private]
    assert [(m.ref, m.lines, m.choices) for m in edits] == [(f"lobby{table.id}", (), ())]
    out = await press(bot, CAN, table, "join")  # an old lobby button, pressed late
    # a league match: told why it takes nobody late, as a typed /join is
    assert summary(out) == [("user:3", "text", ["core.error.join_league_match"])]
    assert [s.user for s in table.seats if s.user] == ["1", "2"]


async def test_a_press_names_its_table_but_only_that_lobby_in_that_chat(bot):
    await bot.say(ALI, "/new dominoes")
    table = bot.table()
    for chat, private in (("g2", False), ("3", True)):  # another group; a private chat
        out = await press(bot, CAN, table, "join", chat=chat, private=private)
        assert summary(out) == [("user:3", "text", ["core.error.lobby_gone"])]
    out = await bot.core.handle(Command("tg", "g1", CAN, "press", (), "l:999:join"))
    assert en(out[0]) == ("That table is closed; the buttons of the Dominoes table open here "
                          "are under its newest message.")  # not "/new", which would refuse
    out = await bot.core.handle(Command("tg", "g1", CAN, "press", (), f"l:{table.id}:stop"))
    assert summary(out) == [("user:3", "text", ["core.error.stale"])]  # no such button
    assert table.count() == 1
    # a lobby that closes takes its buttons off; its buttons then open nothing
    out = await bot.say(ALI, "/stop")
    assert summary(out)[0] == ("chat:g1", "edit", [])
    out = await press(bot, CAN, table, "join")
    assert summary(out) == [("user:3", "text", ["core.error.lobby_gone"])]
    assert en(out[0]) == "That table is closed: /new opens another."


async def test_play_again_under_a_matchs_end_opens_the_same_table_for_whoever_presses(bot):
    table = await start(bot, "dominoes", [ALI, BUDI], "games=1 dead_tiles=off timer=30")
    await Player(bot, seed=2).finish(table)
    scores = [m for m in bot.sent if isinstance(m, Image) and m.kind == "scores"][-1]
    assert not scores.to.private and scores.ref == f"again{table.id}"
    assert [(c.label, c.payload) for c in scores.choices] == [
        ("Play again", f"l:{table.id}:again")]
    out = await press(bot, CAN, table, "again")  # anyone in the group, seated or not
    new = bot.table("dominoes")
    assert new.id != table.id and new.status == "lobby" and new.seat_of("3") == 0
    assert (new.options, new.timer, new.bots) == (table.options, 30, "random")
    assert en([m for m in out if m.lines and m.lines[0].key == "core.created"][0]) == (
        "Can opened a table: Dominoes (players=4 dead_tiles=off zero25=off games=1 "
        "timer=30 bots=random). /join to sit down, /addbot to add a computer, /start to "
        "begin.\nA league table: where people play against people, the match counts in "
        "/league (a player who stops or leaves it loses it); league=off opens a friendly "
        "table.")
    edits = [m for m in out if isinstance(m, Edit)]
    assert [(m.ref, m.lines) for m in edits] == [(f"again{table.id}", ())]  # pressed once
    out = await press(bot, BUDI, table, "again")  # the same game is open here now: he
    assert new.seat_of(BUDI.id) == 1  # sits at it (he was told to /join it, a scan)
    out = await press(bot, BUDI, table, "again", chat="g2")  # not this chat's table
    assert summary(out) == [("user:2", "text", ["core.error.stale"])]


async def test_a_friendly_table_plays_again_as_a_friendly_table(bot):
    table = await start(bot, "dominoes", [ALI], "league=off timer=0")
    await Player(bot, seed=4).finish(table)
    await press(bot, ALI, table, "again")
    new = bot.table("dominoes")
    assert (new.league, new.timer, new.bots) == (False, 0, "random")
