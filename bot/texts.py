"""The core's message keys with their English text: the source of `bot/locale/en.po` (with
the games' own MESSAGES; see bot/i18n.py). Keep keys stable; placeholders are the params
the core sends. The engine's generic error keys (rules/errors.py, rules/tiles.py) live here
too because the engine has no catalog of its own; `platform_key` picks a platform's own text."""

MESSAGES = {
    # generic words
    "core.on": "on",
    "core.off": "off",
    "core.seat_ref": "{seat} ({player})",
    # two people of one name at a table, told apart by seat; in a league, by the end of
    # their platform id (a seat means nothing there)
    "core.name_seat": "{name} (seat {seat})",
    "core.name_tag": "{name} #{tag}",
    "core.computer": "Computer {n}",
    "core.level.random": "random",
    "core.level.beginner": "beginner",
    "core.level.normal": "normal",
    "core.level.expert": "expert",
    "core.game.okey101": "Okey 101",
    "core.game.yuzbir": "Yüzbir",
    "core.game.rummikub": "Rummikub",
    "core.game.dominoes": "Dominoes",
    "core.lang.en": "English",
    "core.lang.id": "Indonesian",
    "core.lang.hi": "Hindi",
    "core.lang.tr": "Turkish",
    "core.theme.default": "default",
    "core.theme.colorblind": "colour-blind",
    "core.theme.dark": "dark",
    "core.arrange.runs": "runs first, by colour",
    "core.arrange.pairs": "pairs first (okey games)",
    "core.arrange.groups": "by number, as for groups",
    # help and rules
    "core.help_heading": "Tile games for this chat. Games: {games}.",
    "core.help_heading_discord": "Tile games for this channel. Games: {games}.",
    # in a private chat: what the games are, not "for this chat" (tables are in groups)
    "core.help_heading_private": "Tile games: {games}.",
    "core.help": (
        "/new <game> [option=value ...]: open a table (e.g. /new okey101 rounds=3; "
        "league=off: a friendly game, not counted in /league)\n"
        "/join [seat], /leave, /addbot [level] [seat] (levels: {levels}), /start: begin, "
        "/stop: end the table (a player who stops a league match loses it)\n"
        "Moves: type them, e.g. /discard r7 or /play 3-5 left, or press the buttons; in the "
        "okey games and Rummikub a tile may be named by its number on your rack picture "
        "(/discard 5). Tiles are a colour letter and a number: r red, b blue, k black, "
        "y yellow (orange in Rummikub), e.g. k13; the colour's word works too (red 7).\n"
        "/hand: your tiles again (privately), /table: the table, /rules [game]: a game's rules\n"
        "/back: take your seat back from the computer\n"
        "/hurry: at a table with no move time, ask the player to move (in 2 minutes a "
        "computer moves for them)\n"
        "/league [game] [season]: standings, /season: the league season (a chat admin's "
        "/season end keeps its standings and starts every league again), "
        "/lang <en|id|hi|tr>: chat language, "
        "/mylang <en|id|hi|tr>: your own language\n"
        "/theme <default|colorblind|dark>: this chat's pictures (in our private chat: your "
        "racks'), /mytheme: your racks' pictures (colorblind gives every colour a shape "
        "too), /quiet: this chat's table as one picture kept up to date (again, or /quiet off: a new picture after each "
        "move)\n"
        "/arrange runs, pairs or groups: how your rack is ordered (by colour, pairs first, "
        "by number), /arrange 5 6 7 | 1 2: those tiles first, laid out as you write them, "
        "/hide: your okey face down in your rack pictures (again, or /hide off: face up)\n"
        "With several tables here, name the game: /table dominoes, /dominoes pass."),
    "core.help_private": ("Your racks and your turns come here, to our private chat. Tables "
                          "are opened in a group: add me to one and type /new there."),
    "core.help_private_discord": ("Your racks and your turns come here, to your direct "
                                  "messages. Tables are opened in a server's channel: add me "
                                  "to a server and use /new in one of its channels."),
    "core.help_private_seated": ("Your racks and your turns come here, to our private chat. "
                                 "New tables are opened in a group, with /new there."),
    "core.help_private_seated_discord": ("Your racks and your turns come here, to your direct "
                                         "messages. New tables are opened in a server's "
                                         "channel, with /new there."),
    "core.help_playing": ("Your racks and your turns come here, to our private chat (/help: "
                          "what you can type)."),
    "core.help_console": (  # the terminal table: one person, computers, no chat
        "Tile games at this terminal, against computer players. Games: {games}.\n"
        "/new <game> [option=value ...]: open a table (e.g. /new okey101 rounds=3; timer=60: "
        "moves are timed only at a table opened with a timer), /start: play it\n"
        "/addbot [level] [seat] (levels: {levels}), /leave: a computer plays your seat, "
        "/back: take it back, /stop: close the table\n"
        "Moves: type them as each prompt lists them, e.g. /discard r7 or /play 3-5 left; in "
        "the okey games and Rummikub a tile may be named by the number under it in your rack "
        "(/discard 5). Tiles are a colour letter and a number: r red, b blue, k black, "
        "y yellow (orange in Rummikub), e.g. k13; the colour's word works too (red 7).\n"
        "/hand: your tiles again, /table: the table, /rules [game]: a game's rules; pictures "
        "are saved as PNG files and their path printed\n"
        "/league [game]: standings (a match against computers alone is practice), "
        "/lang <en|id|hi|tr>: the language\n"
        "/theme <default|colorblind|dark>: the pictures' colours (colorblind gives every "
        "colour a shape too), /arrange runs, pairs or groups: how your rack is ordered, "
        "/arrange 5 6 7 | 1 2: those tiles first, /hide: your okey face down in your rack "
        "pictures\n"
        "With several tables open, name the game: /table dominoes, /dominoes pass. /quit "
        "leaves; the tables are kept for next time."),
    "core.help_discord": (
        "/new game:<game> options:<option=value ...>: open a table (e.g. /new game:okey101 options:rounds=3; "
        "league=off: a friendly game, not counted in /league)\n"
        "/join, /leave, /addbot, /start: begin, /stop: end the table (a player who stops a "
        "league match loses it)\n"
        "Moves: press the buttons under your rack (in your direct messages), or use the "
        "move's own command, e.g. /discard tiles:r7 or /play tiles:3-5 left, or "
        "/move text:discard r7. In the okey games and Rummikub a tile may be named by its "
        "number on your rack picture (/discard tiles:5). Tiles are a colour letter and a "
        "number: r red, b blue, k black, y yellow (orange in Rummikub), e.g. k13; the "
        "colour's word works too (red 7).\n"
        "/hand: your tiles again (privately), /table: the table, /rules game:<game>: a "
        "game's rules\n"
        "/back: take your seat back from the computer\n"
        "/hurry: at a table with no move time, ask the player to move (in 2 minutes a "
        "computer moves for them)\n"
        "/league: standings, /season: the league season (a server manager's /season "
        "action:end keeps its standings and starts every league again), /lang: the "
        "channel's language (in your direct messages: yours), /mylang: your own language\n"
        "/theme: this channel's pictures (in your direct messages: your racks'), /mytheme: your racks' pictures (colorblind gives "
        "every colour a shape too), /quiet: this channel's table as one picture kept up "
        "to date (again: a new picture after each move)\n"
        "/arrange: how your rack is ordered (runs by colour, pairs first, or groups by "
        "number; or tiles: 5 6 7 | 1 2, those tiles first, laid out as you write them), "
        "/hide: your okey face down in your rack pictures (again: face up)\n"
        "With several tables here, choose the game in the command's game option."),
    "core.rules": "{game}: {summary}\nMoves: {moves}\nThis table: {options}",
    "core.rules_new": "{game}: {summary}\nMoves: {moves}\nA new table: {options} (others with /new {id} option=value)",
    "core.error.rules_which": "Which game's rules? /rules and its name: {games}.",
    "core.error.rules_which_discord": "Which game's rules? Choose it in /rules' game option: {games}.",
    "core.rules.okey101": (
        "106 tiles (four colours, 1-13 twice each, two fake okeys), 4 players, solo or "
        "2v2 (partners=on: partners sit opposite, seats 1 and 3 against 2 and 4, and a "
        "team's total decides, the finisher's partner paying for their tiles left as the "
        "others do). The indicator is a tile turned face up at the deal; the tile "
        "one above it (after a 13: the 1 of its colour) is the okey, a wild tile; a fake okey is not wild: it plays as the okey's "
        "own tile. Each turn: draw from the pile, or take the "
        "last discard only to use it at once (its discarder pays the tile x 10); then "
        "discard one tile (laying may never empty your rack: one is kept to discard). The "
        "first player starts with 15 tiles and skips the first draw (but may open before "
        "discarding). Runs: three or more in a row "
        "of one colour (1-2-3 up to 12-13-1, where the 1 is worth 14; not 13-1-2); groups: "
        "three or four of one number in different colours (runs and groups are melds). Open "
        "with melds whose tiles add up to 51 or more (a tile counts its number, an okey the "
        "tile it stands for; with doubling: more than the last opening) or with five or more "
        "pairs (two identical tiles). "
        "Once open with runs and groups, lay more melds, add tiles to any meld (one added to "
        "an opponent's costs its owner the tile x 10; partners charge each other nothing) "
        "and take an okey back with the tile it stands for (its meld's owner pays 100 + the "
        "tile x 10); a pairs opener lays only pairs. Discarding a tile that fits a meld on "
        "the table costs 100 (not the last tile). Finish by discarding your last tile: -500 "
        "(-1000 with pairs or the okey); the others pay the value of their tiles left (an "
        "okey counts 100) x 5 (x 10 after a pairs or okey finish, and always for whoever "
        "opened with pairs), or 500 (1000) if they never opened. If the pile runs out, "
        "nobody finishes: who opened pays the value of their tiles left x 5 (a pairs opener "
        "x 10), the others 500. The lowest total wins."),
    "core.rules.yuzbir": (
        "106 okey tiles, 4 seats (computers fill the empty ones). The indicator is a tile "
        "turned face up at the deal; the tile one above it (after a 13: the 1 of its "
        "colour) is the okey, a wild tile; a fake okey "
        "plays as the okey's own tile. Each turn: draw, or take the last discard only to "
        "use it in a new meld; lay melds; "
        "discard one tile. Runs: three or more in a row of one colour (a 1 is always low: "
        "no 13-1); groups: three or four of one number in different colours; pairs: two "
        "identical tiles. Melds score points: a group its number (four of a kind: the "
        "number + 1; three 13s: 17), a run the middle of its three highest tiles plus 1 for "
        "each tile beyond three, a pair its number. The first opening needs 17 points with "
        "runs and groups or 26 with pairs; every later opening must beat the limit (an "
        "opening short of it comes back to your rack when you discard). Once open, add "
        "tiles to melds (each end of a run takes one tile a turn) and take an okey back "
        "with the tile it stands for (from a group only to complete its four colours; not "
        "one laid this turn); a pairs opener lays more pairs and adds single tiles to runs "
        "only; a runs opener lays pairs only in front of a pairs opener, who is charged "
        "for them. Adding to an opponent's "
        "meld or taking its okey costs its owner the number x 10, doubled if the one who "
        "adds opened with pairs and again if the owner did. A tile that fits a meld on the "
        "table cannot be discarded: trying costs 100 (200 after a pairs opening) and the "
        "tile comes back (if every tile in hand fits, the discard stands, still charged; "
        "the finishing discard is free); discarding the okey except to finish costs your "
        "base penalty (twice that after a pairs opening). Finish by discarding your last "
        "tile: the winner gets -40 to -80 by the okey's colour; the others pay 10 per tile "
        "left, or the okey colour's penalty (red 400, black 500, yellow 600, blue 800) if "
        "they never opened; a finish with pairs or with the okey doubles all of these "
        "(both: x 4), and one from hand, laid out in a single turn before anyone else has "
        "opened, multiplies the base penalties "
        "by 4. If the pile runs out, the round ends with no winner. The lowest "
        "total wins."),
    "core.rules.rummikub": (
        "106 tiles (four colours, 1-13 twice each, two jokers), 2 to 4 players, 14 tiles "
        "each. On your turn play tiles from your rack in groups (3 or 4 of one number, "
        "all colours different) and runs (3 or more in a row, one colour; 1 is only low, "
        "no 13-1), or draw a tile "
        "(once the pool is empty, pass). Your first play must be new sets from your own "
        "rack worth 30 or more (a joker counts as the tile it stands for); after that you "
        "may rearrange the whole table as long as "
        "every set stays valid. To take a joker from the table, put down the tile it "
        "stands for and use the joker in a set on the table that same turn. The first to "
        "empty their rack wins the round: every other player loses the value of their "
        "rack (a joker counts 30) and the winner gains it all. If the pool is empty and "
        "everyone passes in a row, the lowest rack wins what each other rack holds above "
        "it (racks tied lowest share it, rounded down). The highest total wins."),
    # what each option of a table does, under its rules (a newcomer read "assisted=on")
    "core.rules.options.okey101": (
        "Options: partners=on, 2 v 2; doubling=on, each opening must beat the one before; "
        "rounds, how many a match has; assisted=on, your rack suggests moves and marks the "
        "tiles a discard would be charged for (off: no hints); timer, seconds per move; "
        "bots, the computers' level; league=off, a friendly game that counts in no /league."),
    "core.rules.options.yuzbir": (
        "Options: mode=single, you alone against three computers for 7 rounds, your total "
        "kept as your record (online: people and computers, two people seated opposite); "
        "rounds, how many a match has; assisted=on, your rack suggests moves and marks the "
        "tiles a discard would be charged for (off: no hints); timer, seconds per move; "
        "bots, the computers' level; league=off, a friendly game that counts in no /league."),
    "core.rules.options.rummikub": (
        "Options: players, 2 to 4; rounds, how many a match has; timer, seconds per move "
        "(0: none, at a friendly table); bots, the computers' level; league=off, a friendly "
        "game that counts in no /league."),
    "core.rules.options.dominoes": (
        "Options: players, 4 or 5; dead_tiles=off, pass when nothing fits instead of laying "
        "a tile face down; zero25=on, 0-0 counts 25; games, how many a match has; timer, "
        "seconds per move (0: none, at a friendly table); bots, the computers' level; "
        "league=off, a friendly game that counts in no /league."),
    "core.rules.example": (
        "Example (once your initial meld is down), step by step:\n1. The table: {before}\n2. You type: {move}\n3. The bot lays "
        "the table out again with your tiles (marked in the picture): {after}"),
    "core.rules.dominoes": (
        "A double-six set (28 tiles), 4 or 5 players (7 or 5 tiles each), one line. The "
        "holder of 0-0 opens the first game; later games are opened with a double by the "
        "last winner (or, if they have none, by the next player who has one). With 5 "
        "players a tile from the middle is turned up instead (in later games by the last "
        "winner) and the next player starts. On your turn add a tile to either end so "
        "that the touching halves match; if a tile fits, you must play. If nothing fits, "
        "lay a tile face down (with dead_tiles=off: pass). The game ends when a hand is "
        "empty (with dead_tiles=off, also when everybody has passed in a row); the pips "
        "you hold and those face down count against you (with zero25=on, 0-0 counts 25 if "
        "you hold no other blank). The lowest score wins; on equal scores, whoever holds "
        "the lowest single tile. Over a match of several games the scores add up."),
    "core.moves.okey101": (
        "draw, take, discard r7, open r10 r11 r12 | b9 r9 k9, pairs b9 b9 | r1 r1 | ..., "
        "meld k1 k2 k3, add b7 to 3 (add * to 3 low: an okey at a run's low end), swap b8 in "
        "2 (melds are numbered on the table), return "
        "(put a taken discard back and draw). r red, b blue, k black, y yellow; * is the "
        "okey, F a fake okey."),
    "core.moves.yuzbir": (
        "draw, take, discard r7, open r4 r5 r6 | b9 r9 k9 (several open moves may build one "
        "opening before your discard), pairs b9 b9 | r1 r1, pairs b9 b9 to 2 (onto the pairs "
        "of seat 2), meld k1 k2 k3, add b7 to 3 (add * to 3 low: an okey at a run's low "
        "end), swap b8 in 2, return. r red, b blue, "
        "k black, y yellow; * is the okey, F a fake okey."),
    "core.moves.rummikub": (
        "place r7 b7 k7 (the tiles you put down; the table is rearranged for you if they "
        "fit), play r1 r2 r3 | b7 k7 y7 J (the whole new table), draw, pass (once the pool "
        "is empty). r red, b blue, k black, y orange; J is a joker."),
    "core.moves.dominoes": (
        "play 3-5, play 3-5 left or play 3-5 right (when it fits both ends), drop 6-6 (face "
        "down, when nothing fits), pass (at tables without face-down tiles)."),
    "core.option": "{name}={value}",
    "core.option_or": "{value} (or {others})",
    # lobby
    "core.created": ("{player} opened a table: {game} ({options}). /join to sit down, "
                     "/addbot to add a computer, /start to begin."),
    "core.created_league": ("A league table: where people play against people, the match "
                            "counts in /league (a player who stops or leaves it loses it); "
                            "league=off opens a friendly table."),
    "core.lobby_options": "Options: {options}.",  # (/table in a lobby, under its seats)
    "core.created_here": "{player} opened a table: {game} ({options}).",  # the terminal's
    "core.created_terminal": ("{player} opened a table: {game} ({options}). /start to begin: "
                              "computers take the empty seats (/addbot first to choose their "
                              "level or seat)."),
    "core.created_single_here": ("{player} opened a single-player table: {game} ({options}), "
                                 "against three computers over seven rounds; their lowest "
                                 "seven-round total is kept as their record (Y21)."),
    "core.created_single": ("{player} opened a single-player table: {game} ({options}), "
                            "against three computers over seven rounds; their lowest "
                            "seven-round total is kept as their record (Y21). /start to "
                            "begin."),
    "core.joined": "{player} sits at seat {seat} ({count}/{seats}).",
    "core.lobby_teams": "Partners sit opposite: {a} against {b} (to choose, /join with a seat's number).",
    "core.seat_free": "seat {seat} (free)",
    "core.joined_for": "{player} sits at seat {seat} instead of {computer} ({count}/{seats}).",
    "core.seated_private": ("You sit at seat {seat} of the {game} table. Your tiles will come "
                            "here, in this private chat, when the game begins."),
    "core.seated_private_discord": ("You sit at seat {seat} of the {game} table. Your tiles "
                                    "will come in your direct messages from the bot when the "
                                    "game begins."),
    # the same when the bot's direct messages to them are refused (their reply says it)
    "core.seated_dm_closed_discord": ("You sit at seat {seat} of the {game} table. I cannot "
                                      "send you direct messages: allow direct messages from "
                                      "this server's members (Privacy Settings); until then, "
                                      "once the game begins, /hand brings your tiles as a "
                                      "reply only you see."),
    "core.joined_game": "{player} comes in late and takes over seat {seat} from {computer}.",
    # the buttons under a lobby message (short: a phone shows four in a row or two)
    "core.button.join": "Join",
    "core.button.leave": "Leave",
    "core.button.addbot": "Add a computer",
    "core.button.start": "Start",
    "core.button.again": "Play again",
    "core.left": "{player} left the table ({count}/{seats}).",
    "core.bot_added": "{player} ({level}) sits at seat {seat} ({count}/{seats}).",
    "core.bot_changed": "The computer at seat {seat} now plays as {level} (it was {was}).",
    "core.error.bot_same": "The computer at seat {seat} already plays as {level}.",
    "core.level_fallback": ("The {level} computer player is not ready for {game} yet: a random "
                            "computer player sits in instead."),
    "core.started": "The {game} game begins. Seats: {players}",
    "core.seat_entry": "{seat}: {player}",
    "core.seat_entry_computer": "{seat}: {player} ({level})",
    "core.seats_opposite": "Two people sit opposite each other (Y22): their seats moved for it.",
    "core.seats_planned_one": ("The seats were set for the game (Y22): people at seats "
                               "{seats}, a computer at seat {other}."),
    "core.seats_planned": "The seats were set for the game (Y22): people at seats {seats}, computers at the others.",
    "core.seat_moved_late": ("You play from seat {seat}, not seat {asked}: people sit where "
                             "the rules seat them (Y22: two people opposite each other)."),
    "core.seat_moved_private": "The {game} game begins: you play from seat {seat}, not the one you joined (Y22).",
    "core.stopped": "{player} stopped the {game} table.",
    "core.left_closed": "{player} left the {game} table: nobody is left to start it, so it is closed.",
    "core.lobby_expired": ("Nobody started the {game} table in {minutes} minutes: it is closed. "
                           "/new {id} opens another."),
    "core.abandoned": ("Nobody came back to the {game} table in {minutes} minutes: it is "
                       "closed without a result. /new {id} opens another."),
    "core.chat_gone": ("The {game} table was closed: the bot can no longer reach its group or channel. "
                       "It counts in no league."),
    "core.chat_gone_in": ("The {game} table in {place} was closed: the bot can no longer reach "
                          "that group or channel. It counts in no league."),
    "core.lobby": "{game} table, waiting to start ({count}/{seats}): {players}",
    # play
    "core.turn": "Turn: {player}. Time per move: {seconds} s.",
    "core.round_end_table": "The table as it ended:",
    "core.turn_untimed": "Turn: {player}.",
    "core.at_place": "The table in {place}:",
    "core.at_game": "{game} table:",  # heads a group's messages where it has several tables
    "core.told_in": "Told in {place} ({game}):",  # a private /leave, /stop: what the group heard
    "core.at_place_seat": "The table in {place} where you play {game} at seat {seat}:",
    "core.your_turn": "Your move at {game}. Press a button or type a move, e.g. /{example}",
    "core.rack_waits": "{player} is to move now: you are told when it is your turn.",
    "core.your_turn_short": ("Your move at {game}: lay more tiles towards your opening "
                             "(/{move}), or press “Take the opening back”."),
    "core.your_turn_short_typed": ("Your move at {game}: lay more tiles towards your opening "
                                   "(/{move}), or take it back with /{example} (any discard "
                                   "does, and its tile stays in your rack)."),
    "core.place_tip": ("To put tiles down, type place and their numbers on your rack "
                       "picture, e.g. /place 1 2 3: the table is rearranged for you if they fit."),
    "core.sent_to_dms": "Sent to your direct messages.",
    "core.your_turn_twin": ("Your move at {game}. Press a button: you play {game} at more "
                            "than one table, so a move typed in this private chat cannot say "
                            "which (typed in this table's group or channel it can, e.g. "
                            "/{example})."),
    "core.your_turn_twin_discord": ("Your move at {game}. Press a button: you play {game} at "
                                    "more than one table, so a move command here cannot say "
                                    "which (used in this table's channel it can, e.g. "
                                    "/{example})."),
    "core.your_turn_discord": ("Your move at {game}. Press a button or use the move's command, "
                               "e.g. /{example}"),
    "core.place_tip_discord": ("To put tiles down, use /place with their numbers on your rack "
                               "picture, e.g. /place tiles:1 2 3: the table is rearranged for "
                               "you if they fit."),
    "core.your_turn_typed": "Your move at {game}. Type a move, e.g. /{example} (the moves below).",
    "core.rack": "Your tiles ({game}): {rack}",
    "core.rack_okey": "Indicator {indicator}: the okey is {okey}, a joker that stands for any tile in a meld (* in your tiles; F is a fake okey, played as {okey}).",
    "core.move_gone": "This move is over.",
    "core.board": "{text}",
    "core.rack_dead": "Face down in front of you: {tiles}",
    # the table as text (bot/board*.py); a seat's facts are joined with " · "
    "core.board.facts": "{facts}",
    "core.board.seat": "{seat}: {facts}",
    "core.board.tiles": "{count} tiles",
    "core.board.tile_one": "1 tile",
    "core.board.round": "round {round} of {rounds}",
    "core.board.game": "Game {game} of {games}",
    "core.board.total": "total {points}",
    "core.board.indicator": "Indicator {tile}",
    "core.board.okey": "okey {tile}",
    "core.board.pile": "pile {count}",
    "core.board.need": "an opening needs {need}",
    "core.board.limit": "an opening needs {need} with runs and groups or {pairs} with pairs (limit {limit})",
    "core.board.base_penalty": "not opening costs {points}",
    "core.board.partners": "partners sit opposite: 1 and 3 against 2 and 4",
    "core.board.not_open": "not open",
    "core.board.away": "away: a computer plays (until /back)",
    "core.board.away.waits": "away (the table waits for a /back)",
    "core.board.opened": "opened",
    "core.board.opened_pairs": "opened with pairs",
    "core.board.opening_pending": "laying an opening (it stands at their discard if it reaches the need)",
    "core.board.discarded": "last discard {tile}",
    "core.board.discarded_before": "before it {tiles}",
    "core.board.penalties": "penalties {points}",
    "core.board.melds": "Melds on the table:",
    "core.board.meld": "{n}. {tiles} ({owner})",
    "core.board.meld_provisional": "{n}. {tiles} ({owner}, not yet a full opening)",
    "core.board.middle": "{count} tiles face down in the middle",
    "core.board.line": "Line: {line}",
    "core.board.ends": "Ends: {left} on the left, {right} on the right",
    "core.board.line_empty": "The line is empty: {tile} opens it.",
    "core.board.line_empty_double": "The line is empty: the starter opens it with a double.",
    "core.board.face_down": "{count} face down",
    "core.board.pool": "Pool {count}",
    "core.board.passes": "passes in a row: {count}",
    "core.board.melded": "initial meld made",
    "core.board.not_melded": "no initial meld yet",
    "core.board.initial_need": "an initial meld needs {points} points",
    "core.board.sets": "Sets on the table:",
    "core.board.set": "{n}. {tiles}",
    # private hints on assisted okey tables (O28)
    "core.hint.takeable": "The last discard, {tile}, may be taken (/{cmd}) to use in this turn.",
    "core.hint.takeable_opens": ("The last discard, {tile}, may be taken (/{cmd}): with it you "
                                 "can open now ({value} points)."),
    "core.hint.takeable_opens_pairs": ("The last discard, {tile}, may be taken (/{cmd}): with it "
                                       "you can open with pairs now ({pairs})."),
    "core.hint.taken": "Use the taken {tile} in this turn (or /{cmd} it and draw).",
    "core.hint.taken_no_pile": ("Use the taken {tile} in this turn (/{cmd} gives it back and "
                                "ends the round: the pile is empty)."),
    "core.hint.taken_use": "Use the taken {tile} in this turn (you have laid tiles: it cannot go back).",
    "core.hint.open_now": "You can open now: /{move} ({value} points).",
    "core.hint.dominoes_drop_only": ("No tile of yours fits either end: lay one face down "
                                     "(/drop), out of play; its pips still count for you at the "
                                     "end (D6, D9)."),
    "core.hint.opening": "Your best opening: {melds}, worth {value} of the {need} needed.",
    "core.hint.opening_more": ("With {melds} too, the opening you are laying would reach "
                               "{value} of the {need} needed."),
    "core.hint.pairs_now": "You can lay these pairs: /{move}",
    "core.hint.open_after_draw": "Once you have drawn, you can open: /{move} ({value} points).",
    "core.hint.pairs_after_draw": "Once you have drawn, you can lay these pairs: /{move}",
    "core.hint.pairs_value": "Your pairs: {pairs}, worth {value} of the {need} needed.",
    "core.hint.pairs_more": ("With {pairs} too, the pairs you are laying would reach {value} of "
                             "the {need} needed."),
    "core.hint.pairs": "Your pairs: {pairs} ({count} of the {need} needed).",
    "core.hint.penalty": ("Careful: a discard that fits a meld on the table costs a penalty "
                          "of {points}: {tiles}."),
    "core.hint.penalty_last": ("Careful: {tiles} fits a meld on the table: discarded now it "
                               "costs {points}; as your last tile, once the rest is laid, it "
                               "goes out at no cost."),
    "core.hint.penalty_last_many": ("Careful: {tiles} fit melds on the table: discarded now "
                                    "each costs {points}; as your last tile, once the rest is "
                                    "laid, one of them goes out at no cost."),
    # Yüzbir's (Y16): the tile is not thrown, it comes back
    "core.hint.penalty_back": ("Careful: a discard that fits a meld on the table costs a "
                               "penalty of {points} and the tile comes back (Y16): {tiles}."),
    "core.hint.penalty_last_back": ("Careful: {tiles} fits a meld on the table: discarded now "
                                    "it costs {points} and comes back (Y16); as your last "
                                    "tile, once the rest is laid, it goes out at no cost."),
    "core.hint.penalty_last_many_back": ("Careful: {tiles} fit melds on the table: discarded "
                                         "now each costs {points} and comes back (Y16); as "
                                         "your last tile, once the rest is laid, one of them "
                                         "goes out at no cost."),
    "core.hint.okey_penalty": ("Careful: the okey (*) may be discarded only to finish; before "
                               "that it costs your base penalty (twice that after a pairs "
                               "opening) and comes back (Y17)."),
    "core.hint.melds": "You can lay: /{move}",
    "core.hint.melds_after_draw": "Once you have drawn, you can lay: /{move}",
    "core.hint.pairs_to": ("Seat {seat} ({player}) opened with pairs: you can lay pairs in "
                           "front of them, each charged to them (Y9): /{move}"),
    "core.hint.pairs_to_after_draw": ("Once you have drawn, you can lay pairs in front of seat "
                                      "{seat} ({player}), who opened with pairs, each charged "
                                      "to them (Y9): /{move}"),
    "core.hint.adds": "You can add: {moves}",
    "core.hint.adds_after_draw": "Once you have drawn, you can add: {moves}",
    "core.hint.swaps": "You can take an okey back from the table: {moves}",
    # private hints at a Rummikub practice table (one person against computers, K2)
    "core.hint.place": "You can put down {tiles} ({value} points off your rack): /{move}",
    "core.hint.place_one": "You can put down {tiles} (1 point off your rack): /{move}",
    "core.rack_initial": ("Your first play must be new sets from your rack worth {need} points or "
                          "more (K6; J, a joker, stands for any tile)."),
    "core.hint.place_initial": "You can put down {tiles} (an initial meld of {value} points): /{move}",
    "core.hint.draw": "Nothing from your rack can go on the table now: /{cmd}",
    "core.hint.initial_short": ("Your best initial meld, {tiles}, is worth {value} of the {need} "
                                "needed (K6): /{cmd}"),
    "core.hint.pass": "Nothing from your rack can go on the table now: /{cmd}",
    "core.hint.over": ("{player} has joined: hints are only for practice against computers, "
                       "so there are no more."),
    "core.timeout": "{player} ran out of time; a computer moved for them.",
    "core.hurry": "{seconds} seconds left for your move at {game}.",
    "core.hurried": ("{asker} asks {player} to move: if they have not moved in {seconds} s, a "
                     "computer moves for them."),
    "core.hurried_private": ("{asker} asks you to move at {game}: if you have not moved in "
                             "{seconds} s, a computer moves for you."),
    "core.hurried.rummikub": ("{asker} asks {player} to move: if they have not moved in "
                              "{seconds} s, their turn ends with a draw, as the rules say "
                              "(K-D3)."),
    "core.hurried_private.rummikub": ("{asker} asks you to move at {game}: if you have not moved "
                                      "in {seconds} s, your turn ends with a draw, as the rules "
                                      "say (K-D3)."),
    "core.hurried_last": ("{asker} asks {player} to move: if they have not moved in {seconds} "
                          "s, a computer takes over their seat (they can come /back)."),
    "core.hurried_last.waits": ("{asker} asks {player} to move: if they have not moved in "
                                "{seconds} s, nobody else plays here, so the table waits for "
                                "their /back."),
    "core.hurried_private_last": ("{asker} asks you to move at {game}: if you have not moved "
                                  "in {seconds} s, a computer takes over your seat (/back "
                                  "returns it)."),
    "core.hurried_private_last.waits": ("{asker} asks you to move at {game}: if you have not "
                                        "moved in {seconds} s, nobody else plays here, so the "
                                        "table waits for your /back."),
    "core.hurried_last.rummikub": ("{asker} asks {player} to move: if they have not moved in "
                                   "{seconds} s, their turn ends with a draw, as the rules say "
                                   "(K-D3), and a computer takes over their seat (they can "
                                   "come /back)."),
    "core.hurried_last.rummikub.waits": ("{asker} asks {player} to move: if they have not moved "
                                         "in {seconds} s, their turn ends with a draw, as the "
                                         "rules say (K-D3), and as nobody else plays here, the "
                                         "table waits for their /back."),
    "core.hurried_private_last.rummikub": ("{asker} asks you to move at {game}: if you have not "
                                           "moved in {seconds} s, your turn ends with a draw, as "
                                           "the rules say (K-D3), and a computer takes over your "
                                           "seat (/back returns it)."),
    "core.hurried_private_last.rummikub.waits": ("{asker} asks you to move at {game}: if you "
                                                 "have not moved in {seconds} s, your turn ends "
                                                 "with a draw, as the rules say (K-D3), and as "
                                                 "nobody else plays here, the table waits for "
                                                 "your /back."),
    "core.hurry_last.rummikub": ("{seconds} seconds left for your move at {game}. If the time "
                                 "runs out again, your turn ends with a draw, as the rules say "
                                 "(K-D3), and a computer takes over your seat (/back returns "
                                 "it)."),
    "core.hurry_last.rummikub.waits": ("{seconds} seconds left for your move at {game}. If the "
                                       "time runs out again, your turn ends with a draw, as the "
                                       "rules say (K-D3), and as nobody else plays here, the "
                                       "table waits for your /back."),
    "core.hurry_last": ("{seconds} seconds left for your move at {game}. If the time runs out "
                        "again, a computer takes over your seat (/back returns it)."),
    "core.hurry_last.waits": ("{seconds} seconds left for your move at {game}. If the time runs "
                              "out again, nobody else plays here: the table waits for your /back."),
    "core.timeout_private": "You ran out of time at {game}; a computer made your move: {moves}.",
    "core.move_taken_back": "{move} (it came back)",
    "core.move_took_opening_back": "took your opening back",  # (its discard did not count)
    "core.move_drew": "{move} (you drew {tile})",
    "core.timeout.rummikub": "{player} ran out of time: as the rules say (K-D3), the turn ended with a draw.",
    "core.timeout_private.rummikub": "You ran out of time at {game}: as the rules say (K-D3), your turn ended with a draw.",
    # K-D3 once the pool is empty: the turn ends with a pass, not a draw
    "core.timeout.rummikub_pass": "{player} ran out of time: as the rules say (K-D3), the turn ended with a pass (the pool is empty).",
    "core.timeout_private.rummikub_pass": "You ran out of time at {game}: as the rules say (K-D3), your turn ended with a pass (the pool is empty).",
    "core.hurried.rummikub_pass": "{asker} asks {player} to move: if they have not moved in {seconds} s, their turn ends with a pass (the pool is empty), as the rules say (K-D3).",
    "core.hurried_private.rummikub_pass": "{asker} asks you to move at {game}: if you have not moved in {seconds} s, your turn ends with a pass (the pool is empty), as the rules say (K-D3).",
    "core.hurried_last.rummikub_pass": "{asker} asks {player} to move: if they have not moved in {seconds} s, their turn ends with a pass (the pool is empty), as the rules say (K-D3), and a computer takes over their seat (they can come /back).",
    "core.hurried_last.rummikub_pass.waits": "{asker} asks {player} to move: if they have not moved in {seconds} s, their turn ends with a pass (the pool is empty), as the rules say (K-D3), and as nobody else plays here, the table waits for their /back.",
    "core.hurried_private_last.rummikub_pass": "{asker} asks you to move at {game}: if you have not moved in {seconds} s, your turn ends with a pass (the pool is empty), as the rules say (K-D3), and a computer takes over your seat (/back returns it).",
    "core.hurried_private_last.rummikub_pass.waits": "{asker} asks you to move at {game}: if you have not moved in {seconds} s, your turn ends with a pass (the pool is empty), as the rules say (K-D3), and as nobody else plays here, the table waits for your /back.",
    "core.hurry_last.rummikub_pass": "{seconds} seconds left for your move at {game}. If the time runs out again, your turn ends with a pass (the pool is empty), as the rules say (K-D3), and a computer takes over your seat (/back returns it).",
    "core.hurry_last.rummikub_pass.waits": "{seconds} seconds left for your move at {game}. If the time runs out again, your turn ends with a pass (the pool is empty), as the rules say (K-D3), and as nobody else plays here, the table waits for your /back.",
    "core.away": "{player} timed out twice: a computer plays for them until they type /back.",
    "core.away_private": ("You timed out twice: a computer plays your seat until you type "
                          "/back to take it over again."),
    "core.away_rack": "A computer plays this seat for you until you type /back.",
    "core.away_rack.waits": "Nobody plays at this table until someone types /back: it waits for you.",
    "core.away_rack.waits_terminal": "Nobody plays at this table until you type /back: it waits for you.",
    "core.left_game": "{player} left: a computer plays for them (they can come /back).",
    # the same when nobody else plays there: no computer plays on, the table waits
    "core.left_game.waits": "{player} left.",
    "core.away.waits": "{player} timed out twice.",
    "core.away_private.waits": ("You timed out twice: with nobody else at the table, it waits "
                                "until you type /back (after an hour it closes without a "
                                "result)."),
    "core.away_private.waits_terminal": ("You timed out twice: with nobody else at the table, "
                                         "it waits until you type /back."),
    "core.back": "{player} is back at seat {seat}.",
    "core.error.new_in_private": "Tables are opened in a group: add me to one and type /new there.",
    "core.error.new_in_private_discord": ("Tables are opened in a server's channel: add me to a "
                                          "server and use /new in one of its channels."),
    "core.all_away": ("Everyone at this table is away: it waits until someone types /back (or "
                      "anyone seated at it or a chat admin closes it with /stop)."),
    "core.all_away_terminal": ("Everyone at this table is away: it waits until you type /back "
                               "(or /stop to close it)."),
    "core.all_away_discord": ("Everyone at this table is away: it waits until someone types "
                              "/back (or anyone seated at it or a server manager closes it "
                              "with /stop)."),
    "core.error.hide_no_okey": "Only the okey games have an okey to hide: /hide is for Okey 101 and Yüzbir racks.",
    # how to say which of several tables of one game a command typed privately is for
    # (core.error.which_tables*): the group or channel ("group" alone misleads on Discord)
    "core.error.which_way_group": "type {command} in the group or channel of the table you mean",
    "core.error.which_way_back": "type /back in the group or channel of the table you mean",
    "core.error.which_way_back_buttons": ("press the button of the table you mean (or type "
                                          "/back in its group or channel)"),
    "core.error.which_way_buttons_or_group": ("press the buttons under the rack of the table "
                                              "you mean, or type {command} in its group or "
                                              "channel"),
    "core.error.which_way_buttons": "press the buttons under the rack of the table you mean",
    "core.error.which_way_numbers": ("type it in the group or channel of the table you mean, "
                                     "naming each tile by its number in your rack"),
    "core.single_record_new": "{player}: a total of {total} over the seven rounds, your best single-player result against {level} computers ({played} completed). Records are kept apart from the league, one per level (lower is better).",
    "core.single_record_helped": ("{player}: a total of {total} over the seven rounds, not kept "
                                  "as a record: a computer made some of your moves (a timeout, "
                                  "or while you were away), so it is not yours alone (Y21)."),
    "core.single_record": "{player}: a total of {total} over the seven rounds; your single-player record against {level} computers stays {best} ({played} completed). Records are kept apart from the league, one per level (lower is better).",
    "core.practice_over": ("Nobody played against another person: this match is practice, "
                           "not counted in the league (ratings compare people with people)."),
    "core.stopped_forfeit": ("{player} stopped the match while it was under way: it counts "
                             "in the league as lost by {player}."),
    "core.stopped_forfeit_team": ("{player} stopped the match while it was under way: it "
                                  "counts in the league as lost by their team, {team}."),
    "core.stopped_uncounted": ("The match was not finished: it counts in no one's league "
                               "standing or rating."),
    "core.nameless_sender": ("This was sent in the name of the group or a channel, so I "
                             "cannot tell who wrote it. To play or run a table, write as "
                             "yourself (a group admin: turn off “Remain anonymous” in your "
                             "admin rights)."),
    "core.left_lost_team": ("A computer was playing for {players} when the match ended: in "
                            "the league it counts as lost by {teams} (partners win and lose "
                            "as one), as if they had stopped it."),
    "core.left_lost": ("A computer was playing for {players} when the match ended: in the "
                       "league it counts as lost by them, as if they had stopped it."),
    # (everyone was away: the table waited for a /back, no computer played)
    "core.left_lost_team.waits": ("{players} had left the table, which waited for them, when "
                                  "the match ended: in the league it counts as lost by {teams} "
                                  "(partners win and lose as one), as if they had stopped it."),
    "core.left_lost.waits": ("{players} had left the table, which waited for them, when the "
                             "match ended: in the league it counts as lost by them, as if they "
                             "had stopped it."),
    # (one player: the same in English, "them"; Indonesian says "dia", Turkish "onu")
    "core.left_lost_team_one": ("A computer was playing for {players} when the match ended: in "
                                "the league it counts as lost by {teams} (partners win and "
                                "lose as one), as if they had stopped it."),
    "core.left_lost_one": ("A computer was playing for {players} when the match ended: in the "
                           "league it counts as lost by them, as if they had stopped it."),
    "core.left_lost_team_one.waits": ("{players} had left the table, which waited for them, "
                                      "when the match ended: in the league it counts as lost "
                                      "by {teams} (partners win and lose as one), as if they "
                                      "had stopped it."),
    "core.left_lost_one.waits": ("{players} had left the table, which waited for them, when "
                                 "the match ended: in the league it counts as lost by them, as "
                                 "if they had stopped it."),
    "core.ratings": "League ratings: {changes}",
    "core.rating_change": "{player} {rating} ({change})",
    "core.friendly_over": "A friendly table (league=off): this match is not counted in the league.",
    "core.label.winner": "Winner",
    "core.label.winners": "Winners",
    "core.match_over": "The {game} match is over. {won}: {winners}. Totals: {totals}.",
    # a picture's alt text on Discord (what a screen reader says for it)
    "core.alt.rack": "{game}: picture of your rack (the message lists its tiles)",
    "core.alt.table": "{game}: picture of the table (the message describes it)",
    "core.alt.scores": "{game}: picture of the scores (the message lists them)",
    "core.alt.league": "{game} league: picture of the standings (the message lists them)",
    "core.alt.example": "{game}: picture of an example move (the message explains it)",
    "core.alt.picture": "A picture (the message says what it shows)",
    "core.error.leave_before_start": ("The {game} game began before your /leave came, so you "
                                      "keep your seat. To leave the game (a computer plays "
                                      "for you, /back brings you back), send /leave again."),
    "core.hint.opening_short": ("Your opening is {value} of the {need} points needed: lay "
                                "more, or a discard now takes these tiles back (Y7), and the "
                                "tile you name stays in your rack."),
    "core.button.take_opening_back": "Take the opening back",
    "core.error.back_after_end": ("The {game} match ended while a computer was playing your "
                                  "seat, so there is no seat to come back to (the group was "
                                  "told the result). /new {id} opens another."),
    "core.error.back_after_end_in": ("The {game} match in {place} ended while a computer was "
                                     "playing your seat, so there is no seat to come back to "
                                     "({place} was told the result). /new {id} opens another."),
    "core.error.back_after_close": ("The {game} table was closed while a computer was playing "
                                    "your seat, so there is no seat to come back to. /new {id} "
                                    "opens another."),
    "core.error.back_after_close_in": ("The {game} table in {place} was closed while a computer "
                                       "was playing your seat, so there is no seat to come back "
                                       "to. /new {id} opens another."),
    "core.error.back_after_close.waits": ("The {game} table was closed while everyone was away "
                                          "(it waited for a /back), so "
                                          "there is no seat to come back to. /new {id} opens "
                                          "another."),
    "core.error.back_after_close_in.waits": ("The {game} table in {place} was closed while "
                                             "everyone was away (it waited for a /back), so there is "
                                             "no seat to come back to. /new {id} opens another."),
    "core.error.hand_after_close.waits": ("The {game} table was closed while everyone was away "
                                          "(it waited for a /back), so you "
                                          "have no tiles there any more. /new {id} opens "
                                          "another."),
    "core.error.hand_after_close_in.waits": ("The {game} table in {place} was closed while "
                                             "everyone was away (it waited for a /back), so you have "
                                             "no tiles there any more. /new {id} opens another."),
    "core.error.hand_after_end": ("The {game} match ended while a computer was playing your "
                                  "seat, so you have no tiles there any more (the group was "
                                  "told the result). /new {id} opens another."),
    "core.error.hand_after_end_in": ("The {game} match in {place} ended while a computer was "
                                     "playing your seat, so you have no tiles there any more "
                                     "({place} was told the result). /new {id} opens another."),
    "core.error.hand_after_close": ("The {game} table was closed while a computer was playing "
                                    "your seat, so you have no tiles there any more. /new {id} "
                                    "opens another."),
    "core.error.hand_after_close_in": ("The {game} table in {place} was closed while a computer "
                                       "was playing your seat, so you have no tiles there any "
                                       "more. /new {id} opens another."),
    "core.rummikub_played": "Seat {seat} played {tiles}: {where}.",
    "core.rummikub_where.new": "a new set {tiles}",
    "core.rummikub_where.added": "{tiles} added to {set}",
    "core.rummikub_where.into": "{tiles} into {set}",
    "core.totals_after_rounds": "Match totals after {n} rounds: {totals}",
    "core.totals_after_games": "Match totals after {n} games: {totals}",
    "core.team_totals": "Teams' match totals (partners add up): {teams}",
    "core.partners": "{a} + {b}",
    "core.round_over": "Round {round} is over: {ending}. {won}: {winners}. Scores: {scores}.",
    "core.round_over_team": ("Round {round} is over: {ending} ({finisher} went out). {won}: "
                             "{winners}. Scores: {scores}."),
    "core.round_over_outscored": ("Round {round} is over: {ending} ({finisher} went out, but "
                                  "their penalties leave them above the lowest score). {won}: "
                                  "{winners}. Scores: {scores}."),
    "core.round_over_outscored_team": ("Round {round} is over: {ending} ({finisher} went out, "
                                       "but their team's total is above the other team's). "
                                       "{won}: {winners}. Scores: {scores}."),
    "core.game_over": "Game {round} is over: {ending}. {won}: {winners}. Scores: {scores}.",
    "core.game_over_outscored": ("Game {round} is over: {ending} ({finisher} went out, but "
                                 "the tiles they laid face down count (D6, D9) and leave them "
                                 "above the lowest score). {won}: {winners}. Scores: {scores}."),
    "core.game_over_outscored_tie": ("Game {round} is over: {ending} ({finisher} went out, "
                                     "but the tiles they laid face down count (D6, D9) and "
                                     "only equal the lowest score). {won}: {winners}. "
                                     "Scores: {scores}."),
    "core.round_drawn": "Round {round} is over: {ending}. Nobody went out. Scores: {scores}.",
    "core.round_begins": "Round {round} begins.",
    "core.round_begins_seat": "Round {round} begins: seat {seat} starts.",
    "core.tie_break": ("Equal scores: {player} wins, holding the tile with the fewest pips, "
                       "{tile} (D11)."),
    "core.tie_break_empty": ("Equal scores: {player} holds no tile, and a hand with no tile "
                             "wins outright (D-D5)."),
    "core.tie_break_end": ("Equal scores, and {player}'s {tile} has as few pips as {other}'s "
                           "{other_tile}: {player} wins by its lower end (D11)."),
    "core.tie_break_plain": "Equal scores: the lowest tile decides (D11).",
    "core.match_tie_break": "Equal lowest totals: whoever won more of the games takes the match.",
    "core.match_tie_break_shared": ("Equal lowest totals: whoever won more of the games takes "
                                    "the match; {players} won as many and share it."),
    "core.teams_share": "The two teams are level: they share the match (O-D11).",
    "core.teams_share_round": "The two teams are level: they share the round (O-D11).",
    "core.match_shared_lowest": "Equal lowest totals: they share the match.",
    "core.match_shared_highest": "Equal highest totals: they share the match.",
    "core.match_tie_shared": ("Equal lowest totals and as many games won: they share the "
                              "match."),
    "core.zero25_counted": "Seat {seat}: the 0-0 counts 25, their only tile with a blank (D10).",
    "core.revealed": "Seat {seat} held {tiles}",
    "core.revealed_points": "Seat {seat} held {tiles} ({points} points)",
    "core.revealed_point": "Seat {seat} held {tiles} (1 point)",
    "core.revealed_charged": "Seat {seat} held {tiles}, worth {points}: charged {charge}",
    "core.nothing": "nothing",
    "core.revealed_unopened": "Seat {seat} held {tiles} (never opened: {points} points)",
    "core.revealed_dead": "Seat {seat} held {tiles}, face down {dead}",
    "core.private.dropped": "You laid {tile} face down.",
    # what a penalty charges for, by the rule the engine names (okey.penalty's {rule})
    "core.rule.O17": "O17: a tile was added to their meld",
    "core.rule.O18": "O18: an okey was added to their meld",
    "core.rule.O19": "O19: the okey was taken from their meld",
    "core.rule.O20": "O20: their discard was taken",
    "core.rule.O21": "O21: the discard fits a meld on the table",
    "core.rule.Y8": "Y8: their discard was taken",
    "core.rule.Y11": "Y11: a tile was added to their meld, or its okey taken",
    "core.rule.Y-D6": "Y-D6: pairs were laid onto their pairs, each charged as one tile added (Y11)",
    "core.rule.Y16": "Y16: the discard fits a meld on the table",
    "core.rule.Y17": "Y17: the okey may only be discarded to finish",
    "core.rule.Y-D7": "Y16: the discard fits a meld on the table; every tile did, so it stands (Y-D7)",
    # how a round ended (bot/events.py ENDINGS: every code of every game)
    "core.ending.okey101.hand": "finished by discarding the last tile",
    "core.ending.okey101.pairs": "finished with pairs",
    "core.ending.okey101.okey": "finished by discarding the okey",
    "core.ending.okey101.draw": "the pile ran out, a draw",
    "core.ending.yuzbir.hand": "finished by discarding the last tile",
    "core.ending.yuzbir.okey": "finished with the okey (x2)",
    "core.ending.yuzbir.pairs": "finished with pairs (x2)",
    "core.ending.yuzbir.pairs+okey": "finished with pairs and the okey (x4)",
    "core.ending.yuzbir.hand+at_once": "finished from hand at once, before anyone opened (base penalties x4)",
    "core.ending.yuzbir.okey+at_once": "finished with the okey at once, before anyone opened (x2, base penalties x4)",
    "core.ending.yuzbir.pairs+at_once": "finished with pairs at once, before anyone opened (x2, base penalties x4)",
    "core.ending.yuzbir.pairs+okey+at_once": "finished with pairs and the okey at once, before anyone opened (x4, base penalties x4)",
    "core.ending.yuzbir.draw": "the pile ran out",
    "core.ending.rummikub.went_out": "a player went out",
    "core.ending.rummikub.blocked": "the pool ran out and everyone passed; the lowest rack wins",
    "core.ending.dominoes.out": "a hand is empty",
    "core.ending.dominoes.blocked": "nobody can play",
    "core.score_entry": "{player}: {score}",
    # league and languages
    "core.league": "{game} league of this chat (Elo ratings):",
    "core.league_none": ("No results in this chat yet: its leagues begin with the first "
                         "league match where people play each other (a match against "
                         "computers alone is practice)."),
    "core.league_gap": "…",
    "core.league_private": "Leagues are kept per group or channel: send /league where you play.",
    "core.league_private_discord": ("Leagues are kept per server channel: use /league in the "
                                    "channel where you play."),
    "core.records": "Your single-player records (the lowest total of a whole match, Y21): {records}.",
    "core.record_entry": "{game} against {level} computers {best} (of {played} completed)",
    "core.league_row": "{rank}. {player}: {rating} (played {games}, won {wins})",
    "core.league_empty": ("No {game} results in this chat yet (a match against computers "
                          "alone is practice, and a friendly table, league=off, counts in "
                          "no league)."),
    "core.league_season": "{game} league of this chat, season {season} (Elo ratings):",
    "core.league_empty_season": "No {game} results in season {season} of this chat.",
    "core.league_none_season": "No results in season {season} of this chat.",
    "core.season_now": ("This chat's leagues are in season {season}. A chat admin closes it "
                        "with /season end: its standings are kept (/league <game> {season} "
                        "shows them) and every league starts again, everyone at {start}."),
    "core.season_now_discord": ("This channel's leagues are in season {season}. A server "
                                "manager closes it with /season end: its standings are kept "
                                "(/league <game> {season} shows them) and every league starts "
                                "again, everyone at {start}."),
    "core.season_over": "Season {season} of this chat's leagues is over. Top of each league: {leaders}.",
    "core.season_leader": "{game}: {player} ({rating})",
    "core.season_begins": ("Season {season} begins: every rating starts again at {start}. "
                           "/league <game> {closed} shows season {closed}."),
    "core.season_running": ("The league matches under way here ({games}) count in season "
                            "{season}, when they end."),
    "core.season_private": "Seasons are kept per group or channel: send /season where you play.",
    "core.season_private_discord": ("Seasons are kept per server channel: use /season in the "
                                    "channel where you play."),
    "core.error.season_words": "/season shows the season; /season end closes it (chat admins).",
    # on Discord a table's chat is a server's channel, as its help says
    "core.league_discord": "{game} league of this channel (Elo ratings):",
    "core.league_none_discord": ("No results in this channel yet: its leagues begin with the "
                                 "first league match where people play each other (a match "
                                 "against computers alone is practice)."),
    "core.league_empty_discord": ("No {game} results in this channel yet (a match against "
                                  "computers alone is practice, and a friendly table, league=off,"
                                  " counts in no league)."),
    "core.league_season_discord": "{game} league of this channel, season {season} (Elo ratings):",
    "core.league_empty_season_discord": "No {game} results in season {season} of this channel.",
    "core.league_none_season_discord": "No results in season {season} of this channel.",
    "core.season_over_discord": ("Season {season} of this channel's leagues is over. Top of each "
                                 "league: {leaders}."),
    "core.error.no_season_discord": ("This channel has no season {season}: its seasons are 1 to "
                                     "{current}."),
    "core.error.no_season_first_discord": ("This channel has no season {season}: it is in its "
                                           "first season."),
    "core.lang_set_discord": "This channel now speaks {lang}.",
    "core.lang_already_discord": "This channel speaks {lang} already.",
    "core.lang_now_discord": ("This channel speaks {lang}. To change it: /{example} (languages: "
                              "{langs})."),
    "core.theme_set_discord": "This channel's pictures now use the {theme} theme.",
    "core.theme_now_discord": ("This channel's pictures use the {theme} theme. To change it: "
                               "/{example} (themes: {themes})."),
    "core.quiet_on_discord": ("This channel is quiet now: its table is one picture, kept up to "
                              "date after each move while nothing else is said here (a round's "
                              "end still comes as a message). /quiet again: a new picture after "
                              "each move."),
    "core.quiet_off_discord": "This channel gets a new table picture after each move.",
    "core.error.season_words_discord": ("/season shows the season; /season end closes it "
                                        "(server managers)."),
    "core.error.season_admin": "Only a chat admin can close the season.",
    "core.error.season_admin_discord": "Only a server manager can close the season.",
    "core.error.season_empty": "No league results in season {season} yet: there is nothing to close.",
    "core.error.no_season": "This chat has no season {season}: its seasons are 1 to {current}.",
    "core.error.no_season_first": "This chat has no season {season}: it is in its first season.",
    "core.lang_set": "This chat now speaks {lang}.",
    "core.lang_already": "This chat speaks {lang} already.",
    "core.lang_already_place": "{place} speaks {lang} already.",
    "core.set_by": "(Set by {player}.)",
    "core.mylang_set": "I will write to you in {lang}.",
    "core.arrange_set": "From now on your racks at every table are ordered: {order}.",
    "core.arrange_own": ("Your rack is laid out as you wrote it. A tile you draw goes to the "
                         "right end; /arrange runs, pairs or groups sorts the rack again."),
    "core.hide_on": ("Your okey now lies face down in your rack pictures (Y20); it plays as "
                     "before. /hide again turns it face up."),
    "core.hide_off": "Your okey is face up again in your rack pictures.",
    "core.hide.on": "on",  # (/hide's words, as the bot suggests them: Turkish gizle, göster)
    "core.hide.off": "off",
    "core.error.hide_either_way": ("“{word}” could mean the okey face up or hiding it: /hide "
                                   "{on} turns your okey face down, /hide {off} face up."),
    "core.hide_already_on": ("Your okey lies face down in your rack pictures already. /hide "
                             "{off} turns it face up."),
    "core.hide_already_off": ("Your okey is face up in your rack pictures already. /hide {on} "
                              "turns it face down."),
    "core.theme_set": "This chat's pictures now use the {theme} theme.",
    "core.theme_now": ("This chat's pictures use the {theme} theme. To change it: /{example} "
                       "(themes: {themes})."),
    "core.quiet_on": ("This chat is quiet now: its table is one picture, kept up to date after "
                      "each move while nothing else is said here (a round's end still comes "
                      "as a message). /quiet again: a new picture after each move."),
    "core.quiet_off": "This chat gets a new table picture after each move.",
    # set to what it was: the asker alone is told (as core.lang_already)
    "core.quiet_already_on": ("This chat is quiet already: its table is one picture kept up "
                              "to date. /quiet {off}: a new picture after each move."),
    "core.quiet_already_off": ("This chat gets a new table picture after each move already. "
                               "/quiet {on}: one picture kept up to date."),
    "core.theme_already": "This chat's pictures use the {theme} theme already.",
    "core.quiet_already_on_discord": ("This channel is quiet already: its table is one picture "
                                      "kept up to date. /quiet {off}: a new picture after "
                                      "each move."),
    "core.quiet_already_off_discord": ("This channel gets a new table picture after each move "
                                       "already. /quiet {on}: one picture kept up to date."),
    "core.theme_already_discord": "This channel's pictures use the {theme} theme already.",
    "core.error.league_words": ("/league does not know {words}: it takes a game and a season, "
                                "e.g. /league okey101 2."),
    "core.error.switch_words": ("/{command} alone switches it over; /{command} {on} or "
                                "/{command} {off} sets it."),
    "core.error.quiet_private": ("/quiet sets how a group or channel shows its tables: type it "
                                 "there."),
    "core.league_terminal": ("Leagues are a group's or channel's: at the terminal you play "
                             "computers, which is practice. Your Yüzbir single-player records "
                             "are listed here once you finish a match."),
    "core.league_terminal_game": ("Leagues are a group's or channel's: at the terminal you "
                                  "play computers, which is practice."),
    "core.season_terminal": ("League seasons are a group's or channel's: at the terminal you "
                             "play computers, which is practice. Your Yüzbir single-player "
                             "records are in /league."),
    "core.error.quiet_terminal": ("/quiet keeps a group's or channel's table as one picture, "
                                  "edited in place: the terminal cannot change what it has "
                                  "printed, so each move's table comes here anew."),
    "core.mytheme_set": "Your racks' pictures now use the {theme} theme, at every table.",
    "core.mytheme_now": ("Your racks' pictures use the {theme} theme. To change it: /{example} "
                         "(themes: {themes})."),
    "core.ask_game": "Which game? {games}",
    "core.ask_game_new": "Which game? Type /new and its name: {games}.",
    "core.error.new_unknown_game": "No game is called {game}. Type /new and a game's name: {games}.",
    "core.error.either_okey": ("{game} could be either okey game, Okey 101 or Yüzbir: name "
                               "one of the games: {games}."),
    "core.error.new_either_okey": ("{game} could be either okey game, Okey 101 or Yüzbir: type "
                                   "/new and a game's name: {games}."),
    "core.new_game_command": "/new {id}",  # (one per game: Discord writes it as it takes it)
    "core.ask_game_again": "Not one of the games: {answer}. Type its number (1-{count}) or its name, or /quit.",
    "core.image_saved": "(picture: {path})",
    "core.goodbye": "Bye.",
    "core.console_player": "Player",
    # chat platforms' command menus (Telegram) and slash commands (Discord)
    "core.cmd.help": "how to play here",
    "core.cmd.leave": "leave the table (in a game a computer plays for you until /back)",
    "core.cmd.start": "start the table (computers fill the empty seats)",
    "core.cmd.stop": "stop the table (opener or admin; a player who stops a league match loses it)",
    "core.cmd.hand": "your tiles again, privately",
    "core.cmd.table": "show the table",
    "core.cmd.rules": "the rules of the table's game",
    "core.cmd.back": "take your seat back from the computer",
    "core.cmd.hurry": "no move time here: ask the player to move (2 min, then a computer)",
    "core.cmd.new": "open a table",
    "core.cmd.join": "sit down at the table",
    "core.cmd.addbot": "add a computer player",
    "core.cmd.move": "make a move, e.g. discard r7 or play 3-5 left",
    "core.cmd.league": "this chat's standings",
    "core.cmd.season": "the league season; /season end (admins) starts every league again",
    "core.cmd.lang": "the chat's language",
    "core.cmd.mylang": "your own language",
    # Discord's slash commands: a channel and its server managers (bot/adapters/discord.py)
    "core.cmd.league_discord": "this channel's standings",
    "core.cmd.lang_discord": "the channel's language",
    "core.cmd.theme_discord": "the channel's picture theme (colour-blind, dark)",
    "core.cmd.season_discord": ("the league season; /season action:end (server managers) starts "
                                "every league again"),
    "core.cmd.stop_discord": ("stop the table (opener or server manager; a player who stops a "
                              "league match loses it)"),
    "core.cmd.theme": "the chat's picture theme (colour-blind, dark)",
    "core.cmd.mytheme": "the picture theme of your own racks",
    "core.cmd.quiet": "the table as one picture kept up to date, or a new one per move",
    "core.cmd.arrange": "order your rack: runs, pairs, groups, or your own: 5 6 7 | 1 2",
    "core.cmd.hide": "turn your okey face down in your rack pictures, or face up again",
    "core.cmd.draw": "draw a tile",
    "core.cmd.take": "take the last discard (okey)",
    "core.cmd.return": "put a taken discard back and draw (okey)",
    "core.cmd.discard": "discard a tile (okey)",
    "core.cmd.open": "open with melds (okey)",
    "core.cmd.meld": "lay a meld (okey)",
    "core.cmd.pairs": "lay pairs (okey)",
    "core.cmd.add": "add a tile to a meld on the table (okey)",
    "core.cmd.swap": "take an okey back (okey)",
    "core.cmd.place": "put tiles down; the table is rearranged for you (Rummikub)",
    "core.cmd.play": "play a domino, or the whole new Rummikub table",
    "core.cmd.drop": "lay a domino face down",
    "core.cmd.pass": "pass (dominoes without face-down tiles; Rummikub once the pool is empty)",
    "core.cmd_option.game": "which game's table, where there are several",
    "core.cmd_option.league_game": "which game's league",
    "core.cmd_option.rules_game": "which game's rules (needed where no table is open, or several are)",
    "core.cmd_option.new_game": "the game",
    "core.cmd_option.options": "table options, e.g. rounds=3 doubling=on",
    "core.cmd_option.seat": "a seat number",
    "core.cmd_option.level": "how strong",
    "core.cmd_option.text": "the move",
    # a move's `tiles` option, per move: what to write there
    "core.cmd_option.tiles.discard": "the tile, e.g. r7, or its number under your rack picture",
    "core.cmd_option.tiles.open": "your melds, | between them, e.g. r3 r4 r5 | k7 b7 y7",
    "core.cmd_option.tiles.meld": "the meld, e.g. r3 r4 r5",
    "core.cmd_option.tiles.pairs": "the pairs, | between them, e.g. b9 b9 | k2 k2",
    "core.cmd_option.tiles.add": "the tile and the meld's number on the table, e.g. r7 to 2",
    "core.cmd_option.tiles.swap": "the tile the okey stands for and its meld, e.g. b8 in 2",
    "core.cmd_option.tiles.place": "the tiles to put down, e.g. r7 b7 k7",
    "core.cmd_option.tiles.play": "dominoes: the tile and its end, e.g. 3-5 left; Rummikub: the whole table",
    "core.cmd_option.tiles.drop": "the domino to lay face down, e.g. 6-6",
    "core.cmd_option.language": "en, id, hi or tr",
    "core.cmd_option.theme": "the pictures' look",  # its choices name the themes
    "core.cmd_option.season": "a season's number (a closed one: its standings)",
    "core.cmd_option.action": "close the season (server managers)",  # (its one choice)
    "core.cmd_option.state": "on or off (left out: switched over)",
    "core.cmd_option.hide_state": "on (face down) or off (left out: turned over)",
    "core.season_action.end": "end the season",
    "core.cmd_option.order": "how your rack is sorted",  # its choices name the orders
    "core.cmd_option.layout": ("or your own layout: tile numbers or names, | for a gap, e.g. "
                               "5 6 7 | 1 2"),
    "core.error.arrange_both": ("/arrange takes one of its options, not both: order (how your "
                                "rack is sorted) or tiles (your own layout)."),
    "core.channel_closed": ("I cannot post in this channel: give me the permissions Send "
                            "Messages and Attach Files here, or play in another channel."),
    "core.channel_closed_playing": ("I cannot post in this channel, so your table here is not "
                                    "shown: give me the permissions Send Messages and Attach "
                                    "Files here. Your moves still count (your tiles come in "
                                    "direct messages)."),
    "core.channel_closed_playing_thread": ("I cannot post in this thread, so your table here is "
                                           "not shown: give me the permissions Send Messages in "
                                           "Threads and Attach Files here. Your moves still count "
                                           "(your tiles come in direct messages)."),
    "core.channel_closed_elsewhere": ("I cannot post in {place} any more, so your table there "
                                      "is not shown: give me the permissions Send Messages "
                                      "and Attach Files there. Your moves still count."),
    "core.channel_closed_elsewhere_thread": ("I cannot post in {place} any more, so your table "
                                             "there is not shown: give me the permissions Send "
                                             "Messages in Threads and Attach Files there. Your "
                                             "moves still count."),
    "core.channel_closed_thread": ("I cannot post in this thread: give me the permissions "
                                   "Send Messages in Threads and Attach Files here, or play "
                                   "in another channel."),
    "core.channel_unseen": ("I cannot see this channel: give me the permissions View Channel, "
                            "Send Messages and Attach Files here, then /table; or play in "
                            "another channel."),
    "core.channel_unseen_thread": ("I cannot see this thread: add me to it (mention me in it), "
                                   "then /table; or play in another channel."),
    "core.channel_unseen_elsewhere": ("I cannot see {place} any more, so your table there is "
                                      "not shown: give me View Channel there (a private "
                                      "thread: add me to it again). Your moves still count."),
    "core.dm_closed": ("{player}, I cannot send you your tiles privately: allow direct "
                       "messages from this server's members (Privacy Settings), then /hand."),
    "core.welcome_group": ("Hello! I host Okey 101, Yüzbir, Rummikub and dominoes here: /new "
                           "<game> opens a table (e.g. /new okey101), /help says more. Each "
                           "player: first open a private chat with me ({link}) and press Start, "
                           "so I can send you your tiles."),
    "core.group_muted": ("I cannot post in {place} (an admin restricted me there): your "
                         "{game} table goes on, but the group sees none of it until I may send "
                         "messages and pictures there again."),
    "core.dm_ready": ("Done: I can send you your tiles here now. Back in the group, /join a "
                      "table (or open one with /new <game>); your tiles come here when its "
                      "game begins."),
    "core.dm_ready_seated": ("Done: I can send you your tiles here now. You sit at seat {seat} "
                             "of the {game} table in {place}; your tiles come here when the "
                             "game begins."),
    "core.match_over_unseen": ("Your {game} match in {place} is over (I still cannot post "
                               "there):"),
    "core.closed_unseen": "Your {game} table in {place} was closed (I still cannot post there):",
    "core.topic_closed": ("I cannot post in {place} (the topic is closed): your {game} table "
                          "goes on, but the topic sees none of it until an admin reopens it."),
    "core.dm_needed": ("{player}, I cannot write to you privately yet, where your tiles and "
                       "my answers to you go: open {link} and press Start."),
    "core.demo_header": "{game}, seed {seed}",
    "core.console_record": "This game's record (every move, to replay it): {tilebot} record {id} --db {db}",
    "core.console_resumed": ("Your unfinished {game} table goes on, with its own options "
                             "({options}): end it with /{stop} first to play with the ones "
                             "you gave."),
    "core.console_goes_on": "Your unfinished {game} table goes on (/{stop} ends it).",
    "core.console_again": "Play again with /new {command} (then /start), or /quit.",
    "core.console_welcome": ("Terminal table (saved in {db}). Type moves as the prompts show, "
                             "/help for commands, /quit to leave. A table here has no time "
                             "limit per move unless it was opened with one (-o timer=N, or "
                             "timer=N after /new)."),
    # core errors
    "core.error.text": "{text}",
    "core.error.illegal": "Not allowed ({rule}): {reason}",
    "core.error.unknown_command": "Unknown command /{command}. Type /help.",
    "core.error.unknown_word": "I do not know “{command}”. Type /help.",
    "core.error.move_unknown": ("“{word}” is no move of your games: type a move in /move's "
                                "text, for example discard r7 or play 3-5 left. /hand shows "
                                "your tiles."),
    "core.error.move_blank": ("Type your move in /move's text, for example discard r7 or "
                              "play 3-5 left. /hand shows your tiles."),
    "core.error.move_not_command": ("/move makes moves, for example discard r7 or play 3-5 "
                                    "left: anything else is a command of its own (/stop, "
                                    "/leave, /new ...), from the command list."),
    "core.error.move_word_terminal": ("Moves are typed in English, as the list of moves "
                                      "shows them: for “{word}” type /{example}."),
    "core.error.move_word": ("Moves are typed in English, as the buttons show them: for "
                             "“{word}” type /{example}."),
    "core.error.move_word_not_now": "“{word}” is typed /{example}, but not now: {reason}",
    "core.error.number_alone": ("“{word}” alone is no move: write the move with it, e.g. "
                                "/{example} (the tiles numbered so in your rack picture)."),
    "core.error.number_alone_draw": ("“{word}” alone is no move: draw first (/{draw}), then e.g. "
                                     "/{example} (the tiles numbered so in your rack picture)."),
    "core.left_group": ("You left {place}, so a computer plays your seat at its {game} table "
                        "now; /back here takes it again."),
    "core.removed_group": ("You were removed from {place}, so a computer plays your seat at its "
                           "{game} table now; /back here takes it again."),
    # (everyone there is away now: the table waits, ABANDONED_WAIT, no computer plays)
    "core.removed_group.waits": ("You were removed from {place}, where everyone at its {game} "
                                 "table is away now: it waits for a /back (here) and closes "
                                 "without a result if nobody comes back within {minutes} "
                                 "minutes."),
    "core.left_group.waits": ("You left {place}, where everyone at its {game} table is away "
                              "now: it waits for a /back (here) and closes without a result "
                              "if nobody comes back within {minutes} minutes."),
    "core.error.move_word_refused": "“{word}” is typed /{example}, but that move is refused: {reason}",
    "core.error.move_word_usage": "“{word}” is typed /{example}: {usage}",
    # ("ambil y7": /take takes the discard on offer, whichever it is)
    "core.error.take_not_offered": ("“{word}” is typed /take, but the discard you can take "
                                    "now is {offer}, not {tile}: /take would take {offer}. "
                                    "/draw takes the pile's top tile."),
    "core.error.no_table": "There is no table here. Open one with /new <game> ({games}).",
    "core.error.no_table_yours": ("There is no table here: you play {tables} (your moves go "
                                  "there, or in our private chat). /new <game> opens one here "
                                  "({games})."),
    "core.error.no_table_yours_discord": ("There is no table here: you play {tables} (your "
                                          "moves go there, or in your direct messages with the "
                                          "bot). /new <game> opens one here ({games})."),
    "core.error.join_private": ("Tables are joined in their group: type /join there (or press "
                                "the button to join under the table's lobby)."),
    "core.error.join_private_discord": ("Tables are joined in their channel: use /join there (or "
                                        "press the button to join under the table's lobby)."),
    "core.error.no_table_private": ("You sit at no table. Tables are opened in a group: "
                                    "type /new <game> there ({games})."),
    "core.error.no_table_private_discord": ("You sit at no table. Tables are opened in a "
                                            "server's channel: use /new <game> in one of its "
                                            "channels ({games})."),
    "core.error.no_game_table": ("There is no {game} table here (open here: {open}). "
                                 "Open one with /new {id}."),
    "core.error.no_game_table_in": ("There is no {game} table in {place} (open there: {open}). "
                                    "Open one with /new {id}."),
    "core.error.no_game_table_private": "You sit at no {game} table (you play {open}).",
    "core.error.no_game_table_yours": "There is no {game} table here: you play {tables}.",
    "core.error.which_table": "Several tables are open here ({games}): name the game, e.g. /{example}",
    "core.error.which_table_in": ("Several tables are open in {place} ({games}): name the game, "
                                  "e.g. /{example}"),
    "core.error.which_table_private": ("You play at several tables ({tables}): name the game, "
                                       "e.g. /{example}"),
    "core.error.which_table_private_away": ("You are away at several tables ({tables}): name "
                                            "the game, e.g. /{example}"),
    # several tables of one game: naming the game cannot tell them apart ({way}: how to)
    "core.error.which_tables": "You play at several tables ({tables}): {way}.",
    "core.error.which_tables_away": "You are away at several tables ({tables}): {way}.",
    "core.error.which_tables_mixed": ("You play at several tables ({tables}): name the game, "
                                      "e.g. /{example}; for {games}, {way}."),
    "core.error.which_tables_mixed_away": ("You are away at several tables ({tables}): name the "
                                           "game, e.g. /{example}; for {games}, {way}."),
    "core.game_in": "{game} in {place}",
    "core.game_at_seat": "{game} (seat {seat})",
    "core.error.seated_at_every": "You already sit at every table here: {tables}.",
    "core.error.seated_at_every_private": "You already sit at each of your tables: {tables}.",
    "core.game_at_seat_away": "{game} (seat {seat}, which a computer plays until your /back)",
    "core.error.table_exists": "A table for {game} is already open here: /join it.",
    "core.error.one_game": "Name one game only: /{command} is for one table.",
    "core.error.not_a_game": ("{word} is not a game: /{command} takes nothing but a game's "
                              "name ({games})."),
    "core.error.table_playing": ("A league match of {game} is under way here: /table shows it. A "
                                 "new table can open once it ends."),
    "core.error.table_single": ("{player}'s single-player {game} table is open here: a new table "
                                "can open once it ends."),
    "core.error.table_exists_seated": "A table for {game} is already open here, and you sit at it (seat {seat}).",
    "core.error.option_twice": "{option} is given twice: give each option once.",
    "core.error.not_seated": "You are not sitting at this table.",
    "core.error.not_seated_yours": "You are not sitting at this table: you play {tables}.",
    "core.error.not_seated_at": "You are not sitting at the {game} table.",
    "core.error.already_seated": "You already sit at seat {seat}.",
    "core.error.table_full": "The table is full.",
    "core.error.seat_taken": "Seat {seat} is taken.",
    "core.error.seat_taken_free": "Seat {seat} is taken; free: {free}.",
    "core.error.not_seated_addbot": ("You are not sitting at this table: /join it first, then "
                                     "add computers."),
    "core.error.bad_seat": "There is no seat {seat}; seats are 1 to {last}.",
    "core.error.one_seat": "One seat at a time, e.g. /{example}",
    "core.error.one_level": "One level at a time, e.g. /{example}",
    "core.error.slot_twice": "You named tile {tile} twice: each tile is laid once.",
    "core.error.colour_then_numbers": "{words}: is that one tile and rack numbers, or several tiles? Write each tile with its colour ({tiles}), or only the numbers under your rack picture.",
    "core.error.place_no_set": ("/place needs no set number: it lays your tiles wherever they "
                                "fit and arranges the table for you. Write /place {tiles}."),
    "core.error.add_is_place": ("Rummikub has no /add: /place lays your tiles wherever they "
                                "fit and arranges the table for you. Write /place {tiles}."),
    "core.error.place_no_set_now": ("/place needs no set number (it lays your tiles wherever "
                                    "they fit), but /place {tiles} is refused now: {why}"),
    "core.error.add_is_place_now": ("Rummikub has no /add (/place lays your tiles wherever "
                                    "they fit), but /place {tiles} is refused now: {why}"),
    "core.error.place_tiles_and_numbers": ("“{words}” mixes tiles and rack numbers. /place "
                                           "needs no set number (it arranges the table for "
                                           "you). If you meant the tiles numbered under your "
                                           "rack picture, write them all by name: /place "
                                           "{tiles}."),
    "core.error.dominoes_moves": "Not a dominoes move: {text}. Your moves now: {moves}.",
    "core.error.rack_unseen": ("“{move}” counts tiles in your rack's picture, and its latest "
                               "picture has not reached you: name the tiles instead (e.g. "
                               "/discard r7), or wait for the picture (/hand asks for it "
                               "again)."),
    "core.error.renumbered": ("“{move}” came before your rack's new picture: your last move "
                              "laid tiles and the rest were numbered anew, so it was not "
                              "played. Look at the new numbers and send it again."),
    "core.error.renumbered_returned": ("“{move}” came before your rack's new picture: /return "
                                       "gave the taken tile back and drew, and the rest were "
                                       "numbered anew, so it was not played. Look at the new "
                                       "numbers and send it again."),
    "core.error.renumbered_arranged": ("“{move}” came before your rack's new picture: /arrange "
                                       "numbered its tiles anew, so it was not played. Look "
                                       "at the new numbers and send it again."),
    "core.error.bad_slot": "Your rack has no tile {slot}: its tiles are numbered 1 to {last}.",
    "core.error.started": "The game has already started.",
    "core.tip.typed_in_group": ("The group can read what you typed there, your tiles too: "
                                "type such moves in our private chat."),
    "core.error.single_player": ("This is a single-player table (mode=single, Y21): one "
                                 "person against three computers. To play together, open a "
                                 "table with /new {game} once it is over (or its player has "
                                 "stopped it with /stop)."),
    "core.error.not_started": ("The game has not started yet: whoever opened the table starts "
                               "it by typing /start where it was opened."),
    "core.error.not_started_opener": ("The game has not started yet: type /start where you "
                                      "opened the table to begin (computers take the empty "
                                      "seats)."),
    "core.error.not_creator": "Only {player} (who opened the table) or a chat admin can do that.",
    "core.error.not_creator_discord": ("Only {player} (who opened the table) or a server "
                                       "manager can do that."),
    "core.timer_allowed": ("10 to 3600 (seconds a move), or 0 for no limit at a friendly "
                           "table (league=off)"),
    "core.error.not_seated_or_admin": "You are not sitting at this table. The one who opened this table has left it: now anyone seated at it, or a chat admin, can do that.",
    "core.error.not_seated_or_admin_discord": "You are not sitting at this table. The one who opened this table has left it: now anyone seated at it, or a server manager, can do that.",
    "core.error.opener_away": "You are not sitting at this table. {player}, who opened this table, is away (a computer plays for them): now anyone seated at it, or a chat admin, can do that.",
    "core.error.opener_away_discord": "You are not sitting at this table. {player}, who opened this table, is away (a computer plays for them): now anyone seated at it, or a server manager, can do that.",
    "core.error.opener_left_you": ("You left this table, so now anyone seated at it, or a chat "
                                   "admin, can do that."),
    "core.error.opener_left_you_discord": ("You left this table, so now anyone seated at it, or "
                                           "a server manager, can do that."),
    "core.error.opener_left_you_lobby": ("You left this table, so now anyone seated at it, or a "
                                         "chat admin, can do that. /join takes a seat again, and "
                                         "with it the opener's part."),
    "core.error.opener_left_you_lobby_discord": ("You left this table, so now anyone seated at "
                                                 "it, or a server manager, can do that. /join "
                                                 "takes a seat again, and with it the opener's "
                                                 "part."),
    "core.error.not_your_turn": "It is not your turn: {player} is to move.",
    "core.error.store_full": ("The bot cannot save anything right now (its disk is full), so "
                              "nothing was changed: try again in a while."),
    "core.error.internal": ("Sorry, something went wrong on the bot's side (it is logged). "
                            "Look at /table: a move that is not there was not made, and you "
                            "can make it again."),
    "core.error.no_limit_in_league": (
        "A table with no time limit (timer=0) cannot count in the league: one player could "
        "hold it up for ever. Add league=off for a friendly table, or give timer=10 to 3600 "
        "seconds."),
    "core.error.stale": "That button belongs to an earlier move.",
    "core.error.sent_before_turn": ("“{move}” came before this turn of yours began (sent "
                                    "twice?), so it was not played. To play it now, send it "
                                    "again."),
    "core.error.sent_before_turn_terminal": ("“{move}” was typed before this turn of yours "
                                             "began, so it was not played: the table may have "
                                             "changed since. To play it now, type it again."),
    "core.error.table_closed": "That button's table is closed: its match is over or was stopped.",
    "core.error.join_league_match": ("This is a league match: only the players who started it "
                                     "sit in it. At a friendly table (league=off) you could "
                                     "take over a computer's seat."),
    "core.error.hurry_timed": "Moves here are timed already ({seconds} s each).",
    "core.error.hurry_all_timed": ("Moves are timed already at each of these tables ({games}): "
                                   "/hurry is for a table without a time limit."),
    "core.error.hurry_computer": "No person is to move now.",
    "core.error.hurry_own_turn": "It is your own turn.",
    "core.error.hurry_asked": "{player} has been asked already: {seconds} s left.",
    "core.error.hurry_asked_outage": ("{player} has been asked already. The chat has not been "
                                      "reaching everyone, so the wait is held: {player} gets "
                                      "the whole {seconds} s once it does again."),
    "core.error.lobby_gone": "That table is closed: /new opens another.",
    "core.error.lobby_gone_open": ("That table is closed; the buttons of the {game} table open "
                                   "here are under its newest message."),
    "core.error.away": "A computer is playing your seat: type /back first.",
    "core.error.already_left": ("A computer already plays your seat (you left it, or timed out "
                                "twice): /back takes it back."),
    "core.error.away.waits": ("The table waits for you to come back (you left it, or timed out "
                              "twice): type /back first."),
    "core.error.already_left.waits": ("You are away already (you left, or timed out twice), and "
                                      "the table waits for you: /back takes your seat back."),
    "core.error.join_away.waits": ("You left your seat {seat} (or timed out twice), and "
                                     "the table waits for you: /back takes it back."),
    "core.error.join_away": ("A computer plays your seat {seat} (you left it, or timed out "
                             "twice): /back takes it back."),
    "core.error.join_word": "{word} is neither a seat (1 to {last}) nor a game.",
    "core.error.not_away": "You are already playing your seat.",
    "core.error.not_away_elsewhere": ("You are already playing your seat here; a computer "
                                      "plays for you at {tables}: type /back there."),
    "core.error.unknown_lang": "I do not speak {wanted}. My languages: {langs}. For example: /{command} id",
    "core.lang_now": "This chat speaks {lang}. To change it: /{example} (languages: {langs}).",
    "core.mylang_now": ("I write to you in {lang}. To change it: /{example} (languages: "
                        "{langs})."),
    "core.lang_code": "{code} ({lang})",
    "core.error.unknown_arrangement": ("Order your rack with /arrange runs (by colour), "
                                       "/arrange pairs (pairs first, okey games) or "
                                       "/arrange groups (by number), or lay it out "
                                       "yourself: /arrange 5 6 7 | 1 2 (the tiles' numbers "
                                       "in your picture, or their names; | leaves a gap)."),
    "core.error.arrange_twice": "You named tile {tile} twice: each tile has one place.",
    "core.error.arrange_not_held": "Your rack has no {tile}.",
    "core.error.arrange_too_many": ("You named {tile} more often than your rack holds it "
                                    "({held}×)."),
    "core.error.arrange_pairs_okey": ("Pairs first is for the okey games: use /arrange runs "
                                      "or /arrange groups."),
    "core.error.arrange_no_rack": ("Only okey and Rummikub racks can be laid out: a domino "
                                   "hand keeps its order."),
    "core.error.unknown_theme": ("Themes: {themes}. The colour-blind one gives every colour a "
                                 "shape too."),
    "core.error.bad_option": "Write options as name=value: {option}",
    "core.error.game_over": "This game is over.",
    # the engine's generic errors (rules/errors.py, rules/tiles.py, rules/ai)
    "error.generic": "That did not work.",
    "error.invalid_action": "That is not a move I understand.",
    "error.takes_nothing": "/{verb} takes no tile or number after it: type /{verb} alone.",
    "error.discard_to_meld": ("/discard throws {tile} away, to no meld: to add it to a meld, "
                              "type /{example}."),
    "error.pairs_to_form": ("Write it as /pairs <tiles> to <seat number>, e.g. /pairs b9 b9 "
                            "to 2 (seats as the table shows them, from 1)."),
    "error.target_form": ("Write it as {verb} <tile> {want} <meld number>, e.g. /{verb} r7 {want} 2 "
                          "(the melds' numbers are on the table)."),
    "error.illegal": "That move is not allowed now.",
    "error.config": "That table option is not valid.",
    "error.unknown_game": "Unknown game {game}. Games: {games}.",
    "error.unknown_option": "Unknown option {option}. Options: {options}.",
    "error.bad_option_value": "{value} is not a valid value for {option}. Allowed: {allowed}.",
    "error.unknown_level": "Unknown level {level}. Levels: {levels}.",
    "error.level_unavailable": "The {level} computer player is not ready for {game} yet.",
    "error.game_over": "The game is over.",
    "error.not_your_turn": "It is seat {seat}'s turn.",
    "error.record": "That is not a valid game record.",
    "error.deal": "That deal is not possible.",
    "error.bad_tile": ("Not a tile: {tile}. Write a colour letter and a number: r red, "
                      "b blue, k black, y yellow (orange in Rummikub), e.g. r7, k13; the "
                      "okey is * (or okey), a fake okey F."),
    # raised by the okey games' move parser without a MESSAGES entry of their own
    "error.unknown_action": (
        "There is no move called {verb}: the moves are draw, take, discard, open, pairs, "
        "meld, add, swap and return (/rules shows each)."),
    "error.no_tiles": "Name the tiles too.",
    "core.error.no_tiles_yours": ("Name the tiles too, e.g. /{move} from your rack (or their "
                                  "numbers in your rack picture)."),
    "error.no_tiles_melds": ("Name the tiles too, e.g. /{verb} r3 r4 r5 | b7 k7 y7 (or their "
                             "numbers in your rack picture)."),
    "error.no_tiles_pairs": ("Name the tiles too, e.g. /pairs r5 r5 | b9 b9 (or their numbers "
                             "in your rack picture)."),
    "error.no_tile": "Name the tile too, e.g. {verb} r7 (or its number in your rack picture).",
    "error.one_tile": "One tile at a time: {verb} names a single tile (e.g. {verb} r7).",
    "error.empty_action": "Type a move.",
    "error.pair_size": "Each pair is two tiles: pairs b9 b9 | r1 r1.",
    "error.pair_split": "Each pair is two tiles, with | between them: /{example}",
}


def platform_key(key: str, platform: str) -> str:
    """`key`, or its platform's own text (`<key>_discord`) where that platform's words
    differ: where tables are opened is a group on Telegram, a server's channel on
    Discord, and each reader reads only their own platform's words."""
    own = f"{key}_{platform}"
    return own if own in MESSAGES else key
