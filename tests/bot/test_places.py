"""Someone playing at tables in two groups gets racks that look alike: each private rack
and turn prompt then names the group its table is in (its title as the platform shows it)."""

from __future__ import annotations

from bot.messages import Edit, Image, Line
from bot.outbox import Outbox

from .conftest import ALI, BUDI, en


async def _dominoes(bot, chat, place, people=(ALI,)):
    await bot.say(people[0], "/new dominoes bots=random timer=0 league=off", chat=chat,
                  place=place)
    for person in people[1:]:
        await bot.say(person, "/join", chat=chat, place=place)
    await bot.say(people[0], "/start", chat=chat, place=place)
    return bot.table(chat=chat)


def _private(bot, person):
    return [en(m) for m in bot.sent if m.to.private and m.to.user == person.id]


async def test_racks_name_the_group_only_for_someone_at_tables_in_two_groups(bot):
    await _dominoes(bot, "g1", "Tile night", (ALI, BUDI))
    assert not any("The table in" in t for t in _private(bot, ALI))  # one table: no need
    bot.sent.clear()
    await _dominoes(bot, "g2", "Office")
    await bot.say(ALI, "/hand", chat="g1", place="Tile night")
    await bot.say(BUDI, "/hand", chat="g1", place="Tile night")
    ali = _private(bot, ALI)
    assert any(t.startswith("The table in Office:\n") for t in ali)
    assert any(t.startswith("The table in Tile night:\n") for t in ali)
    # Budi plays in one group only: his racks stay as they were
    assert _private(bot, BUDI) and not any("The table in" in t for t in _private(bot, BUDI))


async def test_a_turn_prompt_names_the_group_too(bot):
    t1 = await _dominoes(bot, "g1", "Tile night")
    await _dominoes(bot, "g2", "Office")
    bot.sent.clear()
    await bot.say(ALI, "/hand", chat="g1")
    prompts = [m for m in bot.sent if m.to.user == ALI.id and m.lines
               and any(ln.key.startswith("core.your_turn") for ln in m.lines)]
    # Ali is the only person there: the computers have moved, and it is Ali's turn
    assert t1.state.current_player == t1.seat_of(ALI.id)
    assert prompts and prompts[0].lines[0].key == "core.at_place"
    assert en(prompts[0]).startswith("The table in Tile night:")


async def test_a_renamed_group_and_a_restart_keep_the_name_it_has_now(bot):
    await _dominoes(bot, "g1", "Tile night")
    await _dominoes(bot, "g2", "Office")
    await bot.say(ALI, "/table", chat="g1", place="Tile night & Tea")  # the group was renamed
    await bot.restart()
    await bot.say(ALI, "/hand", chat="g2")
    await bot.say(ALI, "/hand", chat="g1")
    ali = _private(bot, ALI)
    assert any(t.startswith("The table in Tile night & Tea:\n") for t in ali)
    assert not any(t.startswith("The table in Tile night:\n") for t in ali)


async def test_the_name_follows_a_group_that_becomes_a_supergroup(bot):
    await _dominoes(bot, "g1", "Tile night")
    await _dominoes(bot, "g2", "Office")
    await bot.core.move_chat("tg", "g1", "g1super")
    bot.sent.clear()
    await bot.say(ALI, "/hand", chat="g1super")
    assert any(t.startswith("The table in Tile night:\n") for t in _private(bot, ALI))


async def test_a_move_typed_privately_with_two_such_tables_names_the_groups_to_choose(bot):
    await _dominoes(bot, "g1", "Tile night")
    await _dominoes(bot, "g2", "Office")
    # /hand there sends both racks, each headed by its group; a move must say where
    out = await bot.say(ALI, "/hand", chat=ALI.id, private=True)
    racks = [m for m in out if isinstance(m, Image)]
    assert [en(m).split("\n")[0] for m in racks] == ["The table in Tile night:",
                                                      "The table in Office:"]
    out = await bot.say(ALI, "/play 6-6", chat=ALI.id, private=True)
    assert [ln.key for m in out for ln in m.lines] == ["core.error.which_tables"]
    assert en(out[0]).startswith("You play at several tables (Dominoes in Office, Dominoes in "
                                 "Tile night): ")
    # away at both, /back privately: a button for each table (an away seat has no rack
    # buttons to press)
    await bot.say(ALI, "/leave", chat="g1", place="Tile night")
    await bot.say(ALI, "/leave", chat="g2", place="Office")
    out = await bot.say(ALI, "/back", chat=ALI.id, private=True)
    assert en(out[0]) == ("You are away at several tables (Dominoes in Office, Dominoes in "
                          "Tile night): press the button of the table you mean (or type "
                          "/back in its group or channel).")
    assert [c.label for c in out[0].choices] == ["Dominoes in Office", "Dominoes in Tile night"]


async def test_every_private_word_of_a_table_names_its_group(bot):
    """Not only racks: a timeout told privately (O30) says which group's table it was."""
    await bot.say(ALI, "/new dominoes bots=random", chat="g1", place="Tile night")
    await bot.say(ALI, "/start", chat="g1", place="Tile night")
    await _dominoes(bot, "g2", "Office")  # no timer there
    bot.sent.clear()
    await bot.clock.advance(45)  # Ali's time runs out at Tile night
    # (the buttons of the move that is over come off by an edit of their own message)
    told = [m for m in bot.sent if m.to.user == ALI.id and not isinstance(m, Edit)]
    assert told and all(en(m).startswith("The table in Tile night:\n") for m in told)
    keys = [ln.key for m in told for ln in m.lines]
    assert "core.timeout_private" in keys


async def test_a_private_line_of_a_table_is_headed_by_its_group_too(bot):
    t1 = await _dominoes(bot, "g1", "Tile night")
    await _dominoes(bot, "g2", "Office")
    out = Outbox()
    bot.core.to_seat(out, t1, t1.seat_of(ALI.id), Line("core.away_private"))
    assert [[ln.key for ln in d.lines] for d in out.drafts] == [
        ["core.at_place", "core.away_private"]]


async def test_a_refused_private_move_names_the_group_of_its_table(bot):
    """Someone at a Dominoes table in one group and a Rummikub table in another: a refusal
    of a move typed privately says which group's table it was about, as racks do; and a
    command that could be for either names both tables with their groups."""
    await _dominoes(bot, "g1", "Tile night")
    await bot.say(ALI, "/new rummikub bots=random timer=0 league=off", chat="g2", place="Office")
    await bot.say(ALI, "/start", chat="g2", place="Office")
    out = await bot.say(ALI, "/dominoes play 9-9", chat=ALI.id, private=True)
    assert [m.to.user for m in out] == [ALI.id]
    assert en(out[0]).startswith("The table in Tile night:\n")
    out = await bot.say(ALI, "/table", chat=ALI.id, private=True)
    assert en(out[0]) == ("You play at several tables (Dominoes in Tile night, Rummikub in "
                          "Office): name the game, e.g. /dominoes table")
    # one table only: no heading needed
    await bot.say(ALI, "/rummikub stop", chat="g2", place="Office")
    out = await bot.say(ALI, "/dominoes play 9-9", chat=ALI.id, private=True)
    assert not en(out[0]).startswith("The table in")


async def test_a_move_typed_privately_goes_to_the_table_whose_game_has_that_move(bot):
    """At a Dominoes and an Okey 101 table at once: `discard r7` can only be an okey move,
    so it is answered by the Okey 101 table (not refused as "not a dominoes move", nor
    answered with `/dominoes discard r7` as the example); `pass` only by the dominoes one."""
    await bot.say(ALI, "/new dominoes bots=random", chat="g1", place="Tile night")
    await bot.say(ALI, "/start", chat="g1", place="Tile night")
    await bot.say(ALI, "/new okey101 bots=random", chat="g2", place="Office")
    await bot.say(ALI, "/start", chat="g2", place="Office")
    dominoes, okey = bot.table(chat="g1"), bot.table(chat="g2")
    assert dominoes.state.current_player == okey.state.current_player == 0  # his turn at both
    rack = okey.state.view(0).to_json()["rack"]
    missing = next(t for t in ("r7", "b7", "k7", "y7") if t not in rack)
    out = await bot.say(ALI, f"/discard {missing}", chat=ALI.id, private=True)
    assert en(out[0]).startswith("The table in Office:\nNot allowed")
    assert missing in en(out[0]) and okey.moves == 0
    out = await bot.say(ALI, "/pass", chat=ALI.id, private=True)
    assert en(out[0]).startswith("The table in Tile night:\nNot allowed (D-D1)")


async def test_two_groups_of_one_name_are_told_apart_by_game_and_seat(bot):
    """Ali plays in two groups both called Family: a heading of "The table in Family"
    on both racks told him nothing; each names its game and his seat there."""
    await _dominoes(bot, "g1", "Family")
    await bot.say(BUDI, "/new okey101 bots=random league=off", chat="g2",
                  place="Family")
    await bot.say(ALI, "/join", chat="g2", place="Family")
    await bot.say(BUDI, "/start", chat="g2", place="Family")
    okey = bot.table(chat="g2")
    out = await bot.say(ALI, "/hand", chat=ALI.id, private=True)
    headings = sorted(en(m).splitlines()[0] for m in out if "Your tiles" in en(m))
    assert headings == [
        "The table in Family where you play Dominoes at seat 1:",
        f"The table in Family where you play Okey 101 at seat {okey.seat_of(ALI.id) + 1}:"]
