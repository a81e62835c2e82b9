"""/quiet: a group's table as one picture kept up to date in place, instead of a new picture
after each move (a group that also talks about other things is not flooded)."""

from __future__ import annotations

import asyncio

from bot import i18n
from bot.messages import Image, Line, To
from bot.outbox import Outbox

from .conftest import ALI, BUDI, CAN, DEV, en, summary
from .test_core_play import Player


def group_tables(messages):
    return [m for m in messages if not m.to.private and isinstance(m, Image)
            and m.kind == "table"]


async def test_a_quiet_group_gets_one_table_picture_edited_after_each_move(bot):
    await bot.say(ALI, "/new dominoes bots=random games=3")
    await bot.say(BUDI, "/join")
    out = await bot.say(BUDI, "/quiet")  # anyone in the group, as /theme
    assert [(m.to.chat, en(m)) for m in out] == [("g1", (
        "This chat is quiet now: its table is one picture, kept up to date after each move "
        "while nothing else is said here (a round's end still comes as a message). /quiet "
        "again: a new picture after each move.\n(Set by Budi.)"))]
    started = await bot.say(ALI, "/start")
    table = bot.table("dominoes")
    first = group_tables(started)
    assert [(m.ref, m.edits) for m in first] == [(f"live{table.id}", False)]  # a new one
    player = Player(bot)
    edited = 0
    for _ in range(6):  # moves made by buttons: the same picture is edited
        out = await player.step(table)
        pictures = group_tables(out)
        if pictures:
            assert [(m.ref, m.edits) for m in pictures] == [(f"live{table.id}", True)]
            assert "Turn: " in en(pictures[0])  # the caption says whose move it is now
            edited += 1
    assert edited >= 3
    # something typed in the group comes below the picture: the next one is new again
    await bot.say(ALI, "/hand")  # answered privately, but typed in the group
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(f"live{table.id}", False)]
    # /table typed there: its picture is the new live one, which the next move edits
    shown = group_tables(await bot.say(BUDI, "/table"))
    assert [(m.ref, m.edits) for m in shown] == [(f"live{table.id}", False)]
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(f"live{table.id}", True)]
    # asked in a private chat, /table is a picture of its own there; the group's stays live
    private = await bot.say(BUDI, "/table", chat=BUDI.id, private=True)
    assert [(m.kind, m.ref, m.to.private) for m in private] == [("table", None, True)]
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(f"live{table.id}", True)]
    # a game's end is a new message (the scores), and the next game's table a new picture
    done = table.rounds_done
    while table.rounds_done == done:
        out = await player.step(table)
    assert [m.kind for m in out if not m.to.private and isinstance(m, Image)] == \
        ["table", "scores", "table"]
    # the table as the round ended takes the live picture's place: no stale "Turn:" stays;
    # below the scores the next game's table is a new picture, which the next moves edit
    ended, dealt = group_tables(out)
    assert (ended.ref, ended.edits) == (f"live{table.id}", True)
    assert "The table as it ended:" in en(ended) and "Turn: " not in en(ended)
    assert (dealt.ref, dealt.edits) == (f"live{table.id}", False) and "Turn: " in en(dealt)
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(f"live{table.id}", True)]
    # /quiet again: a new picture after each move, as before
    out = await bot.say(ALI, "/quiet")
    assert en(out[0]) == ("This chat gets a new table picture after each move.\n"
                          "(Set by Ali.)")
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(None, False)]


async def test_quiet_is_kept_per_chat_and_refused_in_a_private_chat(bot):
    out = await bot.say(ALI, "/quiet", chat=ALI.id, private=True)
    assert [(m.to.user, en(m)) for m in out] == [(ALI.id, (
        "/quiet sets how a group or channel shows its tables: type it there."))]
    await bot.say(ALI, "/quiet")
    await bot.restart()  # kept in the store
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    started = await bot.say(ALI, "/start")
    assert [m.ref for m in group_tables(started)] == [f"live{bot.table().id}"]
    await bot.say(ALI, "/new dominoes bots=random", chat="g2")  # another group: as ever
    await bot.say(BUDI, "/join", chat="g2")
    started = await bot.say(ALI, "/start", chat="g2")
    assert [(m.ref, m.edits) for m in group_tables(started)] == [(None, False)]


async def test_quiet_on_and_off_are_set_in_any_language_and_other_words_refused(bot):
    """/quiet alone turns it over; /quiet on or off (or the reader's own word for them, as
    the bot shows them: açık, nonaktif, चालू) sets it; another word changes nothing. Set to
    what it was already, the asker alone is told (the group heard it again, a scan)."""
    for who, text, quiet, changed in (
            (CAN, "/quiet açık", True, True), (CAN, "/quiet açık", True, False),
            (BUDI, "/quiet nonaktif", False, True), (DEV, "/quiet चालू", True, True),
            (ALI, "/quiet", False, True), (ALI, "/quiet OFF", False, False)):
        out = await bot.say(who, text)
        key = "core.quiet_on" if quiet else "core.quiet_off"
        already = "core.quiet_already_on" if quiet else "core.quiet_already_off"
        assert summary(out) == ([("chat:g1", "text", [key, "core.set_by"])] if changed
                                else [(f"user:{who.id}", "text", [already])]), text
        assert bot.core.prefs.quiet("tg", "g1") is quiet
    # the help names the word to use in each language, and that word is taken
    # (/hide's Turkish word is its own: kapalı is also a tile lying face down)
    for who, lang, word, hide in ((CAN, "tr", "kapalı", "göster"), (BUDI, "id", "nonaktif", None),
                                  (DEV, "hi", "बंद", None)):
        help_text = i18n.render_lines((await bot.say(who, "/help"))[0].lines, lang)
        assert f"/quiet {word}" in help_text and f"/hide {hide or word}" in help_text
        await bot.say(ALI, "/quiet on")
        await bot.say(who, f"/quiet {word}")
        assert bot.core.prefs.quiet("tg", "g1") is False
    for text in ("/quiet x", "/quiet on off"):
        out = await bot.say(CAN, text)
        assert summary(out) == [("user:3", "text", ["core.error.switch_words"])]
        assert i18n.render_lines(out[0].lines, "tr") == (
            "/quiet tek başına açar ya da kapatır; /quiet açık veya /quiet kapalı ayarlar.")
        assert bot.core.prefs.quiet("tg", "g1") is False


async def test_a_quiet_picture_after_another_line_in_the_same_batch_is_a_new_one(bot):
    """Whether a quiet chat's picture edits the one before is decided as the batch goes
    out, in order: a group line drafted before it in the same batch (here a door's own
    note, then a line of the core's) comes above the picture, which is therefore new."""
    await bot.say(ALI, "/quiet")
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    table = bot.table("dominoes")
    ref = f"live{table.id}"
    pic = dict(draw=bot.core.pictures.table, kind="table", view={}, ref=ref)

    async def batch(*drafts):
        out = Outbox()
        for draft in drafts:
            draft(out)
        return [(type(m).__name__, m.ref, getattr(m, "edits", None))
                for m in await bot.core.deliver(out)]

    def picture(out):
        out.image(To("tg", chat="g1"), [Line("core.all_away")], **pic)

    def line(out):
        out.chat("tg", "g1", Line("core.all_away"))

    assert await batch(picture) == [("Image", ref, True)]  # still the last thing there
    assert await batch(line, picture) == [("Text", None, None), ("Image", ref, False)]
    assert await batch(picture, picture) == [("Image", ref, True), ("Image", ref, True)]
    assert await batch(picture, line) == [("Image", ref, True), ("Text", None, None)]
    assert await batch(picture) == [("Image", ref, False)]
    # a private line does not come between the group and its picture
    assert await batch(lambda out: out.user("tg", ALI.id, Line("core.all_away")),
                       picture) == [("Text", None, None), ("Image", ref, True)]
    # another group's line neither
    assert await batch(lambda out: out.chat("tg", "g2", Line("core.all_away")),
                       picture) == [("Text", None, None), ("Image", ref, True)]
    bot.core.said_in("tg", "g1")  # a door's own note in the group (bot/adapters)
    assert await batch(picture) == [("Image", ref, False)]


async def next_table_picture(bot, player):
    """The group's table pictures of the next move that has one (by the buttons the
    people were sent, before a restart too)."""
    table = bot.table("dominoes")
    while not (pictures := group_tables(await player.step(table))):
        pass
    return [(m.ref, m.edits) for m in pictures]


async def test_a_restart_goes_on_editing_the_picture_that_was_last_in_the_group(bot):
    """Which picture is the last thing said in a quiet group is kept in the store: after a
    restart (an upgrade) the next move edits it as before, unless something came below it
    before the restart (a command typed there, a note the door posted)."""
    await bot.say(ALI, "/new dominoes bots=random games=3")
    await bot.say(BUDI, "/join")
    await bot.say(BUDI, "/quiet")
    await bot.say(ALI, "/start")
    live = f"live{bot.table('dominoes').id}"
    player = Player(bot)
    assert await next_table_picture(bot, player) == [(live, True)]
    await bot.restart()
    assert await next_table_picture(bot, player) == [(live, True)]
    await bot.say(ALI, "/hand")  # typed in the group: it is below the picture now
    await bot.restart()
    assert await next_table_picture(bot, player) == [(live, False)]
    assert await next_table_picture(bot, player) == [(live, True)]
    bot.core.said_in("tg", "g1")  # a door's own note below it
    await asyncio.sleep(0.05)  # (kept in the store at once, not with the next batch)
    await bot.restart()
    assert await next_table_picture(bot, player) == [(live, False)]


async def test_two_tables_of_a_quiet_group_each_edit_their_own_picture(bot):
    """Dominoes and Rummikub in one quiet group: each move's picture came new, the other
    table's picture having come below it (a scan: the group flooded as if not quiet); while
    only the two tables' pictures are below, each move edits its own table's picture."""
    from .test_core_play import Player

    await bot.say(ALI, "/quiet")
    for who, game in ((ALI, "dominoes"), (BUDI, "rummikub")):  # (one rack each: Player)
        await bot.say(who, f"/new {game} bots=random league=off")
        await bot.say(who, f"/start {game}")
    player = Player(bot)
    shown = []
    for _ in range(3):
        for game in ("dominoes", "rummikub"):
            table = bot.table(game)
            while not (pictures := group_tables(await player.step(table))):
                pass
            shown += [(game, m.ref, m.edits) for m in pictures]
    refs = {game: f"live{bot.table(game).id}" for game in ("dominoes", "rummikub")}
    # (the first dominoes picture is new: Rummikub's start was told below the old one)
    assert shown == [("dominoes", refs["dominoes"], False)] + [
        (g, refs[g], True) for g in ("rummikub", *("dominoes", "rummikub") * 2)]
    await bot.say(ALI, "/table dominoes")  # typed below both: new pictures again
    table = bot.table("rummikub")
    while not (pictures := group_tables(await player.step(table))):
        pass
    assert [(m.ref, m.edits) for m in pictures] == [(refs["rummikub"], False)]
