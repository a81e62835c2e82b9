"""The lobby through Commands only: open, join, leave, add computers, start, stop; option
errors; which table a command means."""

from __future__ import annotations

from bot import i18n
from bot.messages import Command, Image

from .conftest import (
    ALI,
    BUDI,
    CAN,
    DEV,
    Harness,
    draw_until_to_discard,
    en,
    okey_table,
    rack_caption,
    summary,
)
from .test_core_play import start


async def test_new_join_addbot_start_dominoes(bot):
    out = await bot.say(ALI, "/new dominoes games=3 dead_tiles=off bots=random")
    # the opener is seated: told privately where the rack will come, as a joiner is (a
    # private chat the bot cannot write to shows before the game)
    # (a league table says so: what a /stop or leaving costs, and friendly tables exist)
    assert summary(out) == [("chat:g1", "buttons", ["core.created", "core.created_league"]),
                            ("user:1", "text", ["core.seated_private"])]
    assert en(out[0]) == (
        "Ali opened a table: Dominoes (players=4 dead_tiles=off zero25=off games=3 timer=45 "
        "bots=random). "
        "/join to sit down, /addbot to add a computer, /start to begin.\nA league table: "
        "where people play against people, the match counts in /league (a player who stops "
        "or leaves it loses it); league=off opens a friendly table.")

    out = await bot.say(BUDI, "/join")
    assert summary(out) == [("chat:g1", "buttons", ["core.joined"]),
                            ("user:2", "text", ["core.seated_private"])]
    assert en(out[0]) == "Budi sits at seat 2 (2/4)."
    # privately too, in Budi's language: where the rack will come (a door that cannot
    # write to Budi there tells the group now, before the game begins)
    assert out[1].lang == "id" and en(out[1]) == (
        "You sit at seat 2 of the Dominoes table. Your tiles will come here, in this private "
        "chat, when the game begins.")

    out = await bot.say(BUDI, "/join")
    assert summary(out) == [("user:2", "text", ["core.error.already_seated"])]
    assert out[0].lang == "id"  # a private message goes out in the user's own language

    out = await bot.say(ALI, "/addbot random 4")
    assert summary(out) == [("chat:g1", "buttons", ["core.bot_added"])]
    assert en(out[0]) == "Computer 4 (random) sits at seat 4 (3/4)."

    out = await bot.say(BUDI, "/start")  # only the creator (or an admin) starts
    assert summary(out) == [("user:2", "text", ["core.error.not_creator"])]

    out = await bot.say(ALI, "/start")
    table = bot.table("dominoes")
    assert [s.user for s in table.seats] == ["1", "2", None, None]
    first = table.state.current_player
    group = [m for m in out if not m.to.private]
    assert summary(group[:1]) == [("chat:g1", "edit", [])]  # the lobby's buttons come off
    assert group[0].ref == f"lobby{table.id}" and not group[0].choices
    group = group[1:]
    assert len(group) == 1 and group[0].lines[0].key == "core.started"
    assert en(group[0]).startswith(
        "The Dominoes game begins. Seats: 1: Ali, 2: Budi, 3: Computer 3 (random), "
        "4: Computer 4 (random)")
    # each person gets their own rack privately; the one to move also gets buttons
    private = [(m.to.user, type(m).__name__) for m in out if m.to.private]
    to_move = table.seats[first].user
    for user in ("1", "2"):
        assert (user, "Image") in private
        assert ((user, "Buttons") in private) == (user == to_move)


async def test_unknown_option_lists_the_valid_ones(bot):
    out = await bot.say(ALI, "/new dominoes colour=red")
    assert summary(out) == [("user:1", "text", ["error.unknown_option"])]
    assert en(out[0]) == ("Unknown option colour. Options: players, dead_tiles, zero25, "
                              "games, timer, bots, league.")
    out = await bot.say(ALI, "/new dominoes players=6")
    assert en(out[0]) == "6 is not a valid value for players. Allowed: 4, 5."
    out = await bot.say(ALI, "/new dominoes timer=5")
    assert en(out[0]) == ("5 is not a valid value for timer. Allowed: 10 to 3600 (seconds "
                          "a move), or 0 for no limit at a friendly table (league=off).")
    out = await bot.say(CAN, "/new dominoes timer=abc")  # all of it in the reader's language
    assert i18n.render(out[0]) == (
        "abc, timer için geçerli bir değer değil. Geçerli olanlar: 10 ile 3600 arası (hamle "
        "başına saniye) ya da dostluk masasında (league=kapalı) süresiz için 0.")
    out = await bot.say(ALI, "/new okey101 doubling")
    assert en(out[0]) == "Write options as name=value: doubling"
    out = await bot.say(ALI, "/new chess")
    assert summary(out) == [("user:1", "text", ["core.error.new_unknown_game"])]
    assert en(out[0]).startswith("No game is called chess. Type /new and a game's name: Okey 101")
    assert not bot.core.tables  # nothing was opened


async def test_okey101_own_timer_option_and_bad_level(bot):
    out = await bot.say(ALI, "/new okey101 timer=30 rounds=3")
    assert en(out[0]).startswith(
        "Ali opened a table: Okey 101 (partners=off doubling=off rounds=3 assisted=on timer=30)")
    assert bot.table().timer == 30
    out = await bot.say(ALI, "/addbot genius")
    assert summary(out) == [("user:1", "text", ["error.unknown_level"])]
    assert en(out[0]) == "Unknown level genius. Levels: random, beginner, normal, expert."
    out = await bot.say(ALI, "/addbot heavy")  # a sparring player of `tilebot simulate` only
    assert summary(out) == [("user:1", "text", ["error.unknown_level"])]


async def test_a_level_is_taken_in_the_word_each_language_shows(bot):
    """The bot names levels in the reader's language ("Computer 2 (usta)"); typed back,
    in /addbot or bots=, that word is the level, and a wrong one lists the levels in
    the asker's own words."""
    out = await bot.say(CAN, "/new dominoes bots=Acemi")
    assert bot.table().bots == "beginner"
    # the table's computers are named in the reader's words when the table opens
    assert "bots=acemi)" in i18n.render_lines(out[0].lines, "tr")
    assert "bots=beginner)" in en(out[0])
    await bot.say(DEV, "/new okey101 bots=रैंडम")
    assert bot.table("okey101").bots == "random"
    await bot.say(BUDI, "/join dominoes")
    out = await bot.say(CAN, "/addbot dahi")
    assert summary(out) == [("user:3", "text", ["error.unknown_level"])]
    assert i18n.render_lines(out[0].lines, "tr").endswith(
        "Seviyeler: rastgele, acemi, normal, usta.")
    assert bot.table("dominoes").count() == 2  # nobody was added
    for who, word in ((CAN, "usta"), (BUDI, "ahli")):
        out = await bot.say(who, f"/addbot {word}")
        # two tables there: the group's line names its table
        assert summary(out) == [("chat:g1", "buttons", ["core.at_game", "core.bot_added"])]
        seat = out[0].lines[-1].params["seat"] - 1
        assert bot.table("dominoes").seats[seat].level == "expert"
    assert i18n.render_lines(out[0].lines, "tr").startswith(
            "Domino masası:\nBilgisayar 4 (usta)")
    # the lobby and the start list each computer with its level: a Normal player, asked
    # for nowhere, is named too, so nobody has to guess what they play against
    out = await bot.say(CAN, "/table dominoes")
    assert i18n.render_lines(out[0].lines[:1], "tr").endswith(  # (the options under it)
        "3: Bilgisayar 3 (usta), 4: Bilgisayar 4 (usta)")
    out = await bot.say(CAN, "/start dominoes")
    started = [m for m in out if any(ln.key == "core.started" for ln in m.lines)][0]
    assert i18n.render_lines(started.lines, "id").startswith(
        "Permainan Domino dimulai. Kursi: 1: Can, 2: Budi, 3: Komputer 3 (ahli), 4: Komputer 4 (ahli)")


async def test_level_a_game_lacks_falls_back_to_random_and_says_so(bot):
    from rules.ai import make_agent
    from rules.errors import ConfigError

    try:
        make_agent("rummikub", "expert")
        missing = False
    except ConfigError:
        missing = True
    await bot.say(ALI, "/new rummikub")
    out = await bot.say(ALI, "/addbot expert")
    if missing:
        assert summary(out) == [("chat:g1", "text", ["core.level_fallback"]),
                                ("chat:g1", "buttons", ["core.bot_added"])]
        assert bot.table().seats[1].level == "random"
    else:
        assert summary(out) == [("chat:g1", "buttons", ["core.bot_added"])]


async def test_seat_choice_full_table_and_leave(bot):
    out = await bot.say(ALI, "/new okey101 partners=on")
    # who partners whom is said from the start, so one can /join beside a friend (O-D11)
    assert en(out[0]).endswith(
        "\nPartners sit opposite: Ali + seat 3 (free) against seat 2 (free) + seat 4 (free) "
        "(to choose, /join with a seat's number).")
    out = await bot.say(BUDI, "/join 3")  # sit opposite Ali: partners (O27)
    assert en(out[0]) == ("Budi sits at seat 3 (2/4).\nPartners sit opposite: Ali + Budi "
                          "against seat 2 (free) + seat 4 (free) (to choose, /join with a "
                          "seat's number).")
    out = await bot.say(CAN, "/join 3")
    assert en(out[0]) == "Seat 3 is taken; free: 2, 4."  # (what to type instead)
    assert (out[0].to.user, out[0].lang) == ("3", "tr")  # privately, in Can's language
    out = await bot.say(CAN, "/join 9")
    assert summary(out) == [("user:3", "text", ["core.error.bad_seat"])]
    out = await bot.say(CAN, "/join rummy")  # neither a seat nor a game
    assert en(out[0]) == "rummy is neither a seat (1 to 4) nor a game."
    out = await bot.say(CAN, "/join 2 4")  # which one? nothing changes
    assert en(out[0]) == "One seat at a time, e.g. /join 2"
    assert bot.table().seat_of(CAN.id) is None
    await bot.say(CAN, "/join")
    out = await bot.say(DEV, "/join")
    assert en(out[0]).startswith("Dev sits at seat 4 (4/4).\nPartners sit opposite: Ali + "
                                 "Budi against Can + Dev")
    out = await bot.say(User5, "/join")
    assert summary(out) == [("user:5", "text", ["core.error.table_full"])]
    out = await bot.say(CAN, "/leave")
    assert summary(out) == [("chat:g1", "buttons", ["core.left", "core.lobby_teams"])]
    assert en(out[0]).endswith("Partners sit opposite: Ali + Budi against seat 2 (free) + "
                               "Dev (to choose, /join with a seat's number).")
    assert [s.user if s else None for s in bot.table().seats] == ["1", None, "2", "4"]
    # the lobby is in the store: a restart finds the same seats
    await bot.restart()
    assert [s.user if s else None for s in bot.table().seats] == ["1", None, "2", "4"]


async def test_when_the_opener_leaves_the_lobby_anyone_seated_may_start(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    out = await bot.say(ALI, "/leave")
    assert summary(out) == [("chat:g1", "buttons", ["core.left"])]
    out = await bot.say(CAN, "/start")  # not seated: still refused, told who may
    assert summary(out) == [("user:3", "text", ["core.error.not_seated_or_admin"])]
    assert en(out[0]) == ("You are not sitting at this table. The one who opened this table "
                          "has left it: now anyone seated at it, or a chat admin, can do that.")
    await bot.say(BUDI, "/start")
    assert bot.table().status == "playing"
    # and when the last person leaves a lobby, the table closes
    await bot.say(CAN, "/new okey101")
    out = await bot.say(CAN, "/leave okey101")  # told as a leave that closed it, no /stop
    # (Budi's dominoes table is open there too: the line names its game, needing no heading)
    assert summary(out) == [("chat:g1", "edit", []), ("chat:g1", "text", ["core.left_closed"])]
    assert en(out[1]) == ("Can left the Okey 101 table: nobody is left to start it, so it "
                          "is closed.")
    assert [t.game for t in await bot.store.open_tables()] == ["dominoes"]  # Budi's


async def test_stop_by_creator_or_admin_only(bot):
    await bot.say(ALI, "/new dominoes")
    await bot.say(BUDI, "/join")
    out = await bot.say(BUDI, "/stop")
    assert summary(out) == [("user:2", "text", ["core.error.not_creator"])]
    assert en(out[0]) == "Only Ali (who opened the table) or a chat admin can do that."
    out = await bot.say(BUDI, "/stop", is_admin=True)
    assert summary(out) == [("chat:g1", "edit", []), ("chat:g1", "text", ["core.stopped"])]
    assert en(out[1]) == "Budi stopped the Dominoes table."
    assert not bot.core.tables
    assert not await bot.store.open_tables()


async def test_stopping_a_league_match_under_way_counts_as_lost_by_who_stopped_it(bot):
    """A player behind in a match cannot /stop it to keep the loss out of the league; a
    chat admin who does not play stops it without a result (moderation)."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/stop")
    assert summary(out)[-1] == ("chat:g1", "text", ["core.stopped", "core.stopped_forfeit",
                                                    "core.ratings"])
    assert en(out[-1]).endswith("Ali stopped the match while it was under way: it counts in "
                                "the league as lost by Ali.\n"
                                "League ratings: Ali 984 (\u221216), Budi 1016 (+16)")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert rows[ALI.id][2:] == (1, 0.0, 984.0)  # lost to Budi, the one person against him
    # Budi won it (the computers are nobody's opponent: not a third of a win each)
    assert rows[BUDI.id][2:] == (1, 1.0, 1016.0)
    # a chat admin not at the table stops the next one: no result for anyone
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    out = await bot.say(CAN, "/stop", is_admin=True)
    assert summary(out)[-1] == ("chat:g1", "text", ["core.stopped", "core.stopped_uncounted"])
    assert en(out[-1]) == ("Can stopped the Dominoes table.\nThe match was not finished: it "
                           "counts in no one's league standing or rating.")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert rows[ALI.id][2] == rows[BUDI.id][2] == 1
    # a friendly table stopped so says nothing of the league (it never counted)
    await bot.say(ALI, "/new dominoes bots=random league=off")
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    out = await bot.say(CAN, "/stop", is_admin=True)
    assert summary(out)[-1] == ("chat:g1", "text", ["core.stopped"])


async def test_the_league_names_players_as_they_go_by_now(bot):
    """Budi played as "Budi", then changed his name: once he writes in the group, /league
    (this season's and a closed one's) shows the name he has there now."""
    from bot.messages import User

    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(ALI, "/stop")  # a forfeit: both are in the league now
    renamed = User(BUDI.id, "Budi Santoso", BUDI.lang)
    out = await bot.say(renamed, "/league dominoes")
    assert "Budi Santoso" in en(out[-1])
    rows = await bot.store.standings("tg", "g1", "dominoes")
    assert [r[1] for r in rows] == ["Budi Santoso", "Ali"]
    await bot.say(CAN, "/season end", is_admin=True)
    assert [r[1] for r in await bot.store.standings("tg", "g1", "dominoes", 1)] == \
        ["Budi Santoso", "Ali"]
    # renamed during a match (a /table as the new name), the match's end keeps the new name
    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(User(BUDI.id, "Budi S.", BUDI.lang), "/table")
    await bot.say(ALI, "/stop")
    assert "Budi S." in [r[1] for r in await bot.store.standings("tg", "g1", "dominoes")]
    # a name is per chat: on Discord a server's nickname is not another server's, and a
    # name written elsewhere leaves this chat's league as it was
    await bot.say(User(BUDI.id, "Budi (Office nick)", BUDI.lang), "/help", chat="g2")
    assert [r[1] for r in await bot.store.standings("tg", "g1", "dominoes", 1)] == \
        ["Budi S.", "Ali"]  # (the past season too names him as he writes in g1)


async def test_a_stop_after_someone_left_counts_as_lost_by_both(bot):
    """Budi left (a computer plays for him), then Ali stops the match: both gave it up,
    so neither wins it and they draw with each other; the group reads both facts. With a
    third person who stayed, Can beats them both and takes the win."""
    await start(bot, "dominoes", [ALI, BUDI])
    await bot.say(BUDI, "/leave")
    out = await bot.say(ALI, "/stop")
    assert summary(out)[-1][2] == ["core.stopped", "core.stopped_forfeit", "core.left_lost_one",
                                   "core.ratings"]
    assert en(out[-1]).endswith(
        "A computer was playing for Budi when the match ended: in the league it counts as "
        "lost by them, as if they had stopped it.\n"
        "League ratings: Ali 1000 (±0), Budi 1000 (±0)")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert rows[ALI.id][2:] == rows[BUDI.id][2:] == (1, 0.0, 1000.0)  # nobody won it
    # three people: Can stayed, so Can beat both (who drew); the win is Can's alone
    await start(bot, "dominoes", [ALI, BUDI, CAN])
    await bot.say(BUDI, "/leave")
    out = await bot.say(ALI, "/stop")
    rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "dominoes")}
    assert rows[CAN.id][2:4] == (1, 1.0) and rows[BUDI.id][2:4] == (2, 0.0)
    assert rows[CAN.id][4] > 1000 > rows[BUDI.id][4] and rows[ALI.id][4] < 1000


async def test_a_person_a_computer_played_for_at_the_end_lost_the_match_in_the_league(tmp_path):
    """Ali leaves at once and the computer standing in for him wins the match (seed 3): he
    did not play it, so the league counts it as given up (as a /stop would), not as his
    win, and Budi, who played it out, beat him (not the other way round)."""
    async with Harness(tmp_path / "bot.db", seed=3) as bot:
        await bot.say(ALI, "/new dominoes")
        await bot.say(BUDI, "/join")
        await bot.say(ALI, "/start")
        table = bot.table()
        await bot.say(ALI, "/leave")
        out = []
        while not table.state.is_finished:
            out = await bot.say(BUDI, "/" + table.state.view(table.state.current_player).legal[0])
        assert table.state.outcome()["winners"] == [0]  # Ali's seat won, played by a computer
        (over,) = [en(m) for m in out if "match is over" in en(m)]
        assert over.endswith(
            "A computer was playing for Ali when the match ended: in the league it counts as "
            "lost by them, as if they had stopped it.\n"
            "League ratings: Ali 984 (\u221216), Budi 1016 (+16)")
        rows = {r[0]: r for r in await bot.store.standings("tg", "g1", "dominoes")}
        assert rows[ALI.id][2:] == (1, 0.0, 984.0)
        assert rows[BUDI.id][2:4] == (1, 0.0)  # a computer did better than Budi: no win


async def test_a_forfeit_among_three_people_is_a_shared_win_written_as_each_language_does(bot):
    """The two who did not stop the match share its win (neither beat the other): the
    league says won 0.5 in English and Hindi, 0,5 in Turkish and Indonesian; as their rows
    read the same, they share first place."""
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/join")
    await bot.say(CAN, "/join")
    await bot.say(ALI, "/start")
    await bot.say(ALI, "/stop")
    out = await bot.say(BUDI, "/league dominoes")
    assert en(out[-1]).splitlines()[1:] == ["1. Budi: 1008 (played 1, won 0.5)",
                                            "1. Can: 1008 (played 1, won 0.5)",
                                            "3. Ali: 984 (played 1, won 0)"]
    turkish = i18n.render_lines(out[-1].lines, "tr")
    assert "0,5" in turkish and "0.5" not in turkish
    assert i18n.number("id", 1 / 3) == "0,33" and i18n.number("hi", 2.0) == "2"


async def test_a_chat_runs_a_table_per_game_and_commands_name_the_game(bot):
    await bot.say(ALI, "/new dominoes bots=random")
    await bot.say(BUDI, "/new okey101 bots=random")
    out = await bot.say(CAN, "/new dominoes")
    assert summary(out) == [("user:3", "text", ["core.error.table_exists"])]
    assert en(out[0]) == "A table for Dominoes is already open here: /join it."
    out = await bot.say(ALI, "/new dominoes")  # its opener is not sent to /join it
    assert en(out[0]) == "A table for Dominoes is already open here, and you sit at it (seat 1)."
    out = await bot.say(CAN, "/new okey101")  # not "A Okey 101 table"
    assert en(out[0]) == "A table for Okey 101 is already open here: /join it."
    # Can sits at neither: "/table" is ambiguous
    out = await bot.say(CAN, "/table")
    assert summary(out) == [("user:3", "text", ["core.error.which_table"])]
    assert en(out[0]) == ("Several tables are open here (Dominoes, Okey 101): name the game, "
                              "e.g. /dominoes table")
    out = await bot.say(CAN, "/join")  # sitting at neither: which one?
    assert summary(out) == [("user:3", "text", ["core.error.which_table"])]
    out = await bot.say(CAN, "/join okey101")
    assert en(out[0]) == "Okey 101 table:\nCan sits at seat 2 (2/4)."
    # Ali sits at dominoes: a /join is for the table Ali does not sit at yet
    out = await bot.say(ALI, "/join")
    assert en(out[0]) == "Okey 101 table:\nAli sits at seat 3 (3/4)."
    assert bot.table("okey101").seat_of("1") == 2
    await bot.say(ALI, "/okey101 leave")
    # Ali sits at dominoes only: their /table means that one
    out = await bot.say(ALI, "/table")
    assert en(out[0]).startswith("Dominoes table, waiting to start (1/4): 1: Ali")
    out = await bot.say(ALI, "/okey101 table")
    assert en(out[0]).startswith("Okey 101 table, waiting to start (2/4): 1: Budi, 2: Can")


async def test_a_user_sits_in_two_chats_and_moves_from_a_private_chat(bot):
    await bot.say(ALI, "/new dominoes bots=random", chat="g1")
    await bot.say(ALI, "/new dominoes bots=random", chat="g2")
    await bot.say(ALI, "/start", chat="g1")
    await bot.say(ALI, "/start", chat="g2")
    t1, t2 = bot.table(chat="g1"), bot.table(chat="g2")
    assert t1.id != t2.id and t1.state is not None and t2.state is not None
    # in a private chat, /hand means every table the user sits at
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/hand", private=True))
    racks = [m for m in out if m.lines[0].key == "core.rack"]
    assert [(m.to.user, m.kind) for m in racks] == [("1", "rack"), ("1", "rack")]
    assert {en(m) for m in racks} == {rack_caption(t, 0) for t in (t1, t2)}


async def test_help_and_unknown_command(bot):
    out = await bot.say(ALI, "/help")
    assert summary(out) == [("chat:g1", "text", ["core.help_heading", "core.help"])]
    assert en(out[0]).startswith("Tile games for this chat. Games: Okey 101, Yüzbir, Rummikub, "
                                 "Dominoes.\n/new <game>")
    # the levels /addbot and bots= take, in the reader's words
    assert "/addbot [level] [seat] (levels: random, beginner, normal, expert)," in en(out[0])
    assert "(seviyeler: rastgele, acemi, normal, usta)" in i18n.render_lines(out[0].lines, "tr")
    assert "/play 3-5 left, or press the buttons; in the okey games" in en(out[0])
    assert "/play 3-5 left (ya da düğmelere bas);" in i18n.render_lines(out[0].lines, "tr")
    out = await bot.say(ALI, "/dance")
    assert summary(out) == [("user:1", "text", ["core.error.unknown_command"])]
    assert en(out[0]) == "Unknown command /dance. Type /help."
    out = await bot.say(ALI, "/join")
    assert en(out[0]).startswith("There is no table here. Open one with /new <game>")
    # Telegram sends /start when someone opens a direct chat with the bot
    # (there, where tables are opened comes first: /new is refused in a private chat)
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/start", private=True))
    assert summary(out) == [("user:1", "text", ["core.help_private", "core.help_heading_private",
                                                "core.help"])]
    assert en(out[0]).startswith("Your racks and your turns come here, to our private chat. "
                                 "Tables are opened in a group: add me to one")
    assert "\nTile games: Okey 101, Yüzbir, Rummikub, Dominoes.\n/new <game>" in en(out[0])


async def test_the_help_at_the_terminal_speaks_of_no_buttons_nor_chats(tmp_path):
    """The terminal has no buttons, chat, admins or private messages: its /help says what
    it does have (the pictures' files, /quit, tables kept)."""
    async with Harness(tmp_path / "t.db", buttons=False) as bot:
        out = await bot.say(ALI, "/help")
        assert out[0].lines[0].key == "core.help_console"
        for lang in ("en", "id", "hi", "tr"):
            text = i18n.render_lines(out[0].lines, lang)
            assert "/play 3-5 left;" in text and "/quit" in text and "{" not in text, lang
        text = en(out[0])
        assert "button" not in text and "chat" not in text and "admin" not in text
        assert "Games: Okey 101, Yüzbir, Rummikub, Dominoes." in text


async def test_at_the_terminal_theme_recolours_the_players_rack_too(tmp_path):
    """One person at the terminal: /theme (the one its /help teaches) is their racks'
    theme too, and the rack comes again in it at once."""
    async with Harness(tmp_path / "t.db", buttons=False) as bot:
        await bot.say(ALI, "/new okey101 bots=random")
        await bot.say(ALI, "/start")
        bot.sent.clear()
        out = await bot.say(ALI, "/theme colorblind")
        assert [en(m) for m in out if not isinstance(m, Image)][0].startswith(
            "This chat's pictures now use the colour-blind theme.")
        racks = [m for m in out if isinstance(m, Image) and m.kind == "rack"]
        assert racks and await bot.core.prefs.theme_of(racks[0].to) == "colorblind"


async def test_the_colour_letters_are_told_and_colour_words_taken_in_each_language(bot):
    """Tiles are written r7, k13 in every language, though k is kırmızı (red) to a Turk
    and kuning (yellow) to an Indonesian: the help, /rules and a bad tile's refusal say
    what each letter is, in the reader's words; those words work too (Hindi's in
    Devanagari, as its help writes them)."""
    help_tr = i18n.render_lines((await bot.say(CAN, "/help"))[0].lines, "tr")
    assert "r kırmızı, b mavi, k siyah (kırmızı değil), y sarı (Rummikub'da turuncu)" in help_tr
    rules_id = i18n.render_lines((await bot.say(BUDI, "/rules rummikub"))[0].lines, "id")
    assert "r merah, b biru, k hitam, y oranye; J adalah joker." in rules_id
    table = await okey_table(bot, (DEV, CAN))
    await draw_until_to_discard(bot, table, DEV, others=CAN)
    out = await bot.say(DEV, "/discard x9")
    assert summary(out) == [("user:4", "text", ["error.bad_tile"])]
    assert "r लाल, b नीला, k काला, y पीला" in i18n.render_lines(out[0].lines, "hi")
    seat = table.seat_of(DEV.id)
    red = sorted(t for t in table.state.r.hands[seat] if t < 13)  # the red ones
    moves = table.moves
    await bot.say(DEV, f"/discard लाल {red[0] + 1}")
    assert (await bot.store.move_log(table.id))[moves].action == f"discard r{red[0] + 1}"


async def test_rules_shows_summary_and_options(bot):
    await bot.say(ALI, "/new dominoes zero25=on")
    out = await bot.say(ALI, "/rules")
    assert summary(out) == [("chat:g1", "text", ["core.rules", "core.rules.options.dominoes"])]
    text, options = en(out[0]).split("\n")[-2:]
    assert en(out[0]).startswith("Dominoes: A double-six set (28 tiles)")
    # a league table says so (the lobby's line leaves the rule out: a newcomer's /stop lost
    # a match they did not know counted), and what each option does
    assert text == ("This table: players=4, dead_tiles=on, zero25=on, games=1, timer=45, "
                    "league=on")
    assert options.startswith("Options: players, 4 or 5; dead_tiles=off, pass when nothing ")


async def test_rules_before_any_table_show_the_game_with_a_new_tables_options(bot):
    """/rules names a game where no table is open (a group, a private chat): its rules and
    the options a new table would have; with no game named it asks which."""
    out = await bot.say(ALI, "/rules dominoes")
    assert summary(out) == [("chat:g1", "text", ["core.rules_new",
                                                 "core.rules.options.dominoes"])]
    assert en(out[0]).startswith("Dominoes: A double-six set (28 tiles)")
    assert en(out[0]).split("\n")[-2] == (
        "A new table: players=4 (or 5), dead_tiles=on (or off), zero25=off (or on), games=1 "
        "(or 3, 5), timer=45, bots=normal (or random, beginner, expert), league=on (or off) "
        "(others with /new dominoes option=value)")
    private = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/rules okey101",
                                                  private=True))
    assert summary(private) == [("user:1", "text", ["core.rules_new",
                                                    "core.rules.options.okey101"])]
    out = await bot.say(ALI, "/rules")
    assert summary(out) == [("user:1", "text", ["core.error.rules_which"])]
    assert en(out[0]) == ("Which game's rules? /rules and its name: Okey 101, Yüzbir, "
                          "Rummikub, Dominoes.")
    await bot.say(ALI, "/new dominoes zero25=on")  # a table here: its own options
    assert summary(await bot.say(ALI, "/rules"))[0][2][0] == "core.rules"
    assert summary(await bot.say(ALI, "/rules okey101"))[0][2][0] == "core.rules_new"


User5 = type(ALI)("5", "Eko", "id")


async def test_D4_dominoes_rules_tell_how_every_game_opens(bot):
    """/rules at a 5-player table: not only "the holder of 0-0 opens" (D3), but the turned
    tile of D4 / D-D3, later games' doubles (D3, D-D2) and the zero25 option (D10)."""
    await bot.say(ALI, "/new dominoes players=5")
    out = await bot.say(ALI, "/rules")
    text = en(out[0])
    assert ("With 5 players a tile from the middle is turned up instead (in later games by "
            "the last winner) and the next player starts") in text
    assert "later games are opened with a double by the last winner" in text
    assert "0-0 counts 25" in text
    # D-D1, D-D4 with D6 and D7, D11, D-D6: the whole game, as the rules have it
    assert "if a tile fits, you must play" in text
    assert "The game ends when a hand is empty (with dead_tiles=off, also when" in text
    assert "on equal scores, whoever holds the lowest single tile" in text
    assert "Over a match of several games the scores add up" in text


async def test_a_move_with_no_table_here_asks_for_a_table_not_an_unknown_command(bot):
    out = await bot.say(ALI, "/draw")
    assert summary(out) == [("user:1", "text", ["core.error.no_table"])]
    assert en(out[0]).startswith("There is no table here")
    out = await bot.say(ALI, "/dance")  # a word no game knows is still unknown
    assert summary(out) == [("user:1", "text", ["core.error.unknown_command"])]


async def test_a_command_for_a_game_with_no_table_here_names_the_game_and_the_open_ones(bot):
    await bot.say(ALI, "/new okey101 bots=random")
    await bot.say(ALI, "/start")
    out = await bot.say(ALI, "/dominoes pass")
    assert summary(out) == [("user:1", "text", ["core.error.no_game_table"])]
    assert en(out[0]) == ("There is no Dominoes table here (open here: Okey 101). "
                          "Open one with /new dominoes.")
    # privately: the tables they sit at, not "here"
    out = await bot.core.handle(Command.parse("tg", "dm-1", ALI, "/dominoes pass",
                                              private=True))
    assert summary(out) == [("user:1", "text", ["core.error.no_game_table_private"])]
    assert en(out[0]) == "You sit at no Dominoes table (you play Okey 101)."
    # with no table at all, a private chat is sent to a group (/new is refused there)
    out = await bot.core.handle(Command.parse("tg", "dm-2", BUDI, "/hand", private=True))
    assert summary(out) == [("user:2", "text", ["core.error.no_table_private"])]
    assert en(out[0]).startswith("You sit at no table. Tables are opened in a group")
    assert bot.table("okey101").state.current_player == 0  # nothing moved


async def test_Y21_a_single_player_yuzbir_table_takes_one_person(bot):
    out = await bot.say(ALI, "/new yuzbir mode=single")
    assert en(out[0]) == (
        "Ali opened a single-player table: Yüzbir (mode=single rounds=7 assisted=on timer=60), "
        "against three computers over seven rounds; their lowest seven-round total is kept as "
        "their record (Y21). /start to begin.")
    assert [c.payload.rsplit(":", 1)[-1] for c in out[0].choices] == ["start"]  # no Join
    out = await bot.say(BUDI, "/join")
    assert [ln.key for m in out for ln in m.lines] == ["core.error.single_player"]
    assert en(out[0]).endswith("To play together, open a table with /new yuzbir once it is "
                               "over (or its player has stopped it with /stop).")
    await bot.say(ALI, "/start")
    table = bot.table("yuzbir")
    assert [s.user for s in table.seats] == ["1", None, None, None]  # three computers


async def test_Y22_two_people_at_yuzbir_sit_opposite_each_other(bot):
    await bot.say(ALI, "/new yuzbir")
    await bot.say(BUDI, "/join 2")  # a seat asked for beside the opener
    out = await bot.say(ALI, "/start")
    table = bot.table("yuzbir")
    assert [s.user for s in table.seats] == ["1", None, "2", None]
    said = [ln for m in out if not m.to.private for ln in m.lines]
    assert [ln.key for ln in said][:2] == ["core.started", "core.seats_opposite"]  # told why
    # ... and Budi, who joined seat 2, privately: his moves name seats (`pairs ... to 3`)
    assert [en(m) for m in out if m.to.user == BUDI.id][0] == (
        "The Yüzbir game begins: you play from seat 3, not the one you joined (Y22).")
    await bot.say(ALI, "/new yuzbir", chat="g2")  # seated opposite already: nothing to tell
    await bot.say(BUDI, "/join 3", chat="g2")
    out = await bot.say(ALI, "/start", chat="g2")
    assert "core.seats_opposite" not in [ln.key for m in out for ln in m.lines]
    stored = await bot.store.table(table.id)
    await bot.restart()  # the store holds the seats as played
    assert [s.user for s in bot.table("yuzbir").seats] == ["1", None, "2", None], stored


async def test_Y22_three_people_moved_are_told_what_was_done_not_two_sit_opposite(bot):
    await bot.say(ALI, "/new yuzbir")
    await bot.say(BUDI, "/join 2")
    await bot.say(CAN, "/join 4")
    out = await bot.say(ALI, "/start")
    assert [s.user for s in bot.table("yuzbir").seats] == ["1", "2", "3", None]
    said = [ln for m in out if not m.to.private for ln in m.lines]
    assert [ln.key for ln in said][:2] == ["core.started", "core.seats_planned_one"]
    assert i18n.render_lines(said[1:2], "en") == (  # (one computer: not "computers")
        "The seats were set for the game (Y22): people at seats 1, 2, 3, a computer at seat "
        "4.")


async def test_Y22_a_fifth_person_at_an_online_yuzbir_table_is_told_it_is_full(bot):
    await bot.say(ALI, "/new yuzbir")
    for person in (BUDI, CAN, DEV):
        await bot.say(person, "/join")
    out = await bot.say(User5, "/join")
    assert out[0].lines[0].key == "core.error.table_full"  # not the single-player text
    assert "single" not in en(out[0])


async def test_Y22_a_second_person_coming_late_sits_opposite_the_first(bot):
    """At a friendly online table under way with one person, a bare /join takes the
    computer's seat opposite them (Y22), not the last computer's beside them."""
    await bot.say(ALI, "/new yuzbir league=off")
    await bot.say(ALI, "/start")
    out = await bot.say(BUDI, "/join")
    assert [s.user for s in bot.table("yuzbir").seats] == ["1", None, "2", None]
    assert "Budi comes in late and takes over seat 3" in en(out[0])


async def test_join_with_a_seat_that_is_no_seat_is_refused(bot):
    await bot.say(ALI, "/new dominoes")
    for word in ("zwei", "-1", "+3", "9999999"):  # ("2." is seat 2, Turkish: test_scan54;
        # "two" too: test_scan56)
        out = await bot.say(BUDI, f"/join {word}")
        assert en(out[0]) == f"{word} is neither a seat (1 to 4) nor a game.", word
    assert bot.table("dominoes").seat_of(BUDI.id) is None


async def test_a_typo_at_a_table_is_an_unknown_command_whoever_types_it(bot):
    await bot.say(ALI, "/new dominoes")
    for who in (ALI, BUDI):  # seated or not, in the lobby
        out = await bot.say(who, "/jion")
        assert [ln.key for m in out for ln in m.lines] == ["core.error.unknown_command"]
    await bot.say(BUDI, "/join")
    await bot.say(ALI, "/start")
    for typo in ("/tabel", "/score", "/hlep"):  # playing, to move or not
        for who in (ALI, BUDI):
            out = await bot.say(who, typo)
            assert en(out[0]) == f"Unknown command {typo}. Type /help.", (typo, who)


async def test_okey_rules_texts_state_the_scores_as_the_rules_do(bot):
    await bot.say(ALI, "/new okey101")
    text = en((await bot.say(ALI, "/rules"))[0])
    assert "a pairs opener lays only pairs" in text  # O23
    # O23, O-D12: a pairs opener pays x 10 at every ending, a draw included
    assert "x 5 (x 10 after a pairs or okey finish, and always for whoever opened with " \
           "pairs), or 500 (1000)" in text
    assert "(a pairs opener x 10), the others 500" in text  # O26
    assert "an okey counts 100" in text  # O-D14
    assert "a fake okey is not wild: it plays as the okey's own tile" in text  # O4
    assert "12-13-1, where the 1 is worth 14; not 13-1-2" in text  # O10, O-D3
    assert "laying may never empty your rack" in text  # O9
    assert "partners sit opposite, seats 1 and 3 against 2 and 4, and a team's total " \
           "decides" in text  # O-D11
    await bot.say(ALI, "/stop")
    await bot.say(ALI, "/new yuzbir")
    text = en((await bot.say(ALI, "/rules"))[0])
    assert "four of a kind: the number + 1; three 13s: 17" in text  # Y5, Y-D2
    assert "middle of its three highest tiles plus 1 for each tile beyond three" in text
    assert "cannot be discarded: trying costs 100 (200 after a pairs opening)" in text  # Y16
    assert "discarding the okey except to finish costs your base penalty (twice that after " \
           "a pairs opening)" in text  # Y17
    assert "a 1 is always low: no 13-1" in text  # Y3
    assert "each end of a run takes one tile a turn" in text  # Y10
    assert "from a group only to complete its four colours; not one laid this turn" in text
    assert "a runs opener lays pairs only in front of a pairs opener" in text  # Y9
    assert "one from hand, laid out in a single turn before anyone else has opened, " \
           "multiplies the base penalties by 4" in text  # Y18 (a finish later is not one)
    await bot.say(ALI, "/stop")
    text = en((await bot.say(ALI, "/rules okey101"))[0])  # where no table is: a new one's
    assert "league=on (or off)" in text and "partners=off (or on)" in text


async def test_a_person_takes_a_computers_seat_in_the_lobby(bot):
    """Computers fill seats only until people come: /join at a table full of computers
    takes the highest-numbered computer's seat, or the one named; a person's seat is never
    taken."""
    await bot.say(ALI, "/new dominoes")
    for _ in range(3):
        await bot.say(ALI, "/addbot")
    table = bot.table()
    assert table.count() == 4
    out = await bot.say(BUDI, "/join")
    assert summary(out) == [("chat:g1", "buttons", ["core.joined_for"]),
                            ("user:2", "text", ["core.seated_private"])]
    assert en(out[0]) == "Budi sits at seat 4 instead of Computer 4 (4/4)."
    out = await bot.say(CAN, "/join 2")
    assert en(out[0]) == "Can sits at seat 2 instead of Computer 2 (4/4)."
    out = await bot.say(DEV, "/join 4")  # Budi's
    assert summary(out) == [("user:4", "text", ["core.error.seat_taken_free"])]
    out = await bot.say(DEV, "/join")  # the one computer left
    assert en(out[0]) == "Dev sits at seat 3 instead of Computer 3 (4/4)."
    out = await bot.say(User5, "/join")
    assert summary(out) == [("user:5", "text", ["core.error.table_full"])]
    assert [s.user for s in table.seats] == ["1", "3", "4", "2"]
    out = await bot.say(ALI, "/addbot")  # computers still take only empty seats
    assert summary(out) == [("user:1", "text", ["core.error.table_full"])]
    await bot.restart()  # as stored
    assert [s.user for s in bot.table().seats] == ["1", "3", "4", "2"]


async def test_Y21_K2_rules_before_a_table_name_each_options_choices_in_the_readers_words(bot):
    """How to start Yüzbir's single-player mode (Y21) or a practice table's skill (K2)."""
    out = await bot.say(CAN, "/rules yuzbir")
    assert en(out[0]).split("\n")[-2] == (
        "A new table: mode=online (or single), rounds=1 (or 3, 5, 7), assisted=on (or off), "
        "timer=60 (or 15, 30, 45, 90, 120, 180), bots=normal (or random, beginner, expert), "
        "league=on (or off) (others with /new yuzbir option=value)")
    assert en(out[0]).split("\n")[-1].startswith(
        "Options: mode=single, you alone against three computers for 7 rounds")
    assert i18n.render_lines(out[0].lines, "tr").split("\n")[-2].endswith(
        "bots=normal (ya da rastgele, acemi, usta), league=açık (ya da kapalı) (farklı ayarlar "
        "için: /new yuzbir seçenek=değer)")


async def test_at_the_terminal_league_lists_the_players_single_player_records(tmp_path):
    """Y21: the terminal's one person has no private chat to ask in; its /league said
    only "No Yüzbir results in this chat yet" after a single-player match."""
    async with Harness(tmp_path / "t.db", buttons=False) as bot:
        await bot.store.db.execute("INSERT INTO records VALUES ('tg', ?, 'yuzbir', 'Ali', "
                                   "212, 1)", (ALI.id,))
        await bot.store.db.commit()
        for text in ("/league", "/league yuzbir"):
            out = await bot.say(ALI, text)
            assert en(out[-1]).endswith(
                "Your single-player records (the lowest total of a whole match, Y21): Yüzbir "
                "against normal computers 212 (of 1 completed)."), text
        out = await bot.say(ALI, "/league dominoes")
        assert "single-player" not in en(out[-1])


async def test_lang_to_the_language_spoken_already_is_no_news_for_the_group(bot):
    """`/lang tr` where the group speaks Turkish already: told to the asker alone, not
    announced to everyone as a change (a Hindi newcomer's scan)."""
    await bot.say(ALI, "/lang tr")
    out = await bot.say(BUDI, "/lang Türkçe")
    assert summary(out) == [("user:2", "text", ["core.lang_already"])]
    assert i18n.render_lines(out[0].lines, "tr") == "Bu sohbetin dili zaten Türkçe."
    out = await bot.say(BUDI, "/lang id")  # a change is everyone's news
    assert summary(out) == [("chat:g1", "text", ["core.lang_set", "core.set_by"])]


async def test_options_written_as_a_list_with_commas_or_spaced_equals_are_read(bot):
    """`rounds=3, doubling=on` read "3," as the value ("3, is not a valid value for
    rounds", the comma easy to miss) and `rounds = 3` quoted only "rounds" as malformed."""
    await bot.say(ALI, "/new okey101 rounds=3, doubling=on")
    table = bot.table()
    assert (table.config.rounds, table.config.doubling) == (3, True)
    await bot.say(ALI, "/stop")
    await bot.say(ALI, "/new dominoes games = 3 , timer= 30")
    table = bot.table()
    assert (table.config.games, table.timer) == (3, 30)
    await bot.say(ALI, "/stop")
    out = await bot.say(ALI, "/new okey101 rounds= doubling=on")  # a value left out
    assert en(out[0]) == "Write options as name=value: rounds="
    from bot.cli import parse_options  # the terminal's -o reads them alike
    assert parse_options(["rounds=3, doubling=on"]) == {"rounds": "3", "doubling": "on"}


async def test_a_seated_player_may_stop_while_a_computer_plays_for_the_opener(bot):
    """Ali opened the table and left the game (or timed out twice): Budi may /stop it, as
    once an opener left the lobby (he could only play it out against Ali's computer, or
    wait an hour); the stop counts as lost by both, as any stop after someone left. Once
    Ali is back, only he (or an admin) stops it again."""
    await start(bot, "dominoes", [ALI, BUDI, CAN])
    table = bot.table()
    await bot.say(ALI, "/leave")
    await bot.say(ALI, "/back")
    out = await bot.say(BUDI, "/stop")
    assert [ln.key for m in out for ln in m.lines] == ["core.error.not_creator"]
    await bot.say(ALI, "/leave")
    out = await bot.say(BUDI, "/stop")
    assert not table.open
    assert summary(out)[-1][2][:3] == ["core.stopped", "core.stopped_forfeit", "core.left_lost_one"]
