"""The core's message keys with their English text: the source of `bot/locale/en.po` (with
the games' own MESSAGES; see bot/i18n.py). Keep keys stable; placeholders are the params
the core sends. The engine's generic error keys (rules/errors.py, rules/tiles.py) live here
too because the engine has no catalog of its own."""

MESSAGES = {
    # generic words
    "core.on": "on",
    "core.off": "off",
    "core.seat_ref": "{seat} ({player})",
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
    # help and rules
    "core.help": (
        "Tile games for this chat. Games: {games}.\n"
        "/new <game> [option=value ...]: open a table (e.g. /new okey101 rounds=3)\n"
        "/join [seat], /leave, /addbot [level], /start, /stop\n"
        "Moves: type them, e.g. /discard r7 or /play 3-5 left, or press the buttons.\n"
        "/hand: your tiles again (privately), /table: the table, /rules: the rules\n"
        "/back: take your seat back from the computer\n"
        "/league [game]: standings, /lang <en|id|hi|tr>: chat language, "
        "/mylang <en|id|hi|tr>: your own language\n"
        "With several tables here, name the game: /table dominoes, /dominoes pass."),
    "core.rules": "{game}: {summary}\nThis table: {options}",
    "core.rules.okey101": (
        "106 tiles, 4 players (solo or 2v2). Draw from the pile or take the last discard, "
        "then discard one. Open with runs and sets worth 101 or more, or five pairs. "
        "Finish by melding your whole hand; the lowest total wins."),
    "core.rules.yuzbir": (
        "Yüzbir: okey tiles, 4 seats. Draw, meld, discard; open above the table's limit. "
        "Penalties for tiles left in hand; the lowest total wins."),
    "core.rules.rummikub": (
        "106 tiles, 2 to 4 players, 14 each. Play sets and runs from your rack; your first "
        "play must be worth 30. Rearrange the table freely; if you cannot play, draw. "
        "The first to empty their rack wins the round."),
    "core.rules.dominoes": (
        "A double-six set, one train. Add a tile to either end so the halves match. "
        "If nothing fits, lay a tile face down (or pass, if the table says so). "
        "Pips left in hand count against you; the lowest score wins."),
    "core.option": "{name}={value}",
    # lobby
    "core.created": ("{player} opened a table: {game} ({options}). /join to sit down, "
                     "/addbot to add a computer, /start to begin."),
    "core.joined": "{player} sits at seat {seat} ({count}/{seats}).",
    "core.left": "{player} left the table ({count}/{seats}).",
    "core.bot_added": "{player} ({level}) sits at seat {seat} ({count}/{seats}).",
    "core.level_fallback": ("The {level} computer player is not ready for {game} yet: a random "
                            "computer player sits in instead."),
    "core.started": "The {game} game begins. Seats: {players}",
    "core.seat_entry": "{seat}: {player}",
    "core.stopped": "{player} stopped the {game} table.",
    "core.lobby": "{game} table, waiting to start ({count}/{seats}): {players}",
    # play
    "core.turn": "Turn: {player}. Time per move: {seconds} s.",
    "core.turn_untimed": "Turn: {player}.",
    "core.your_turn": "Your move at {game}. Press a button or type a move, e.g. /{example}",
    "core.rack": "Your tiles ({game}): {rack}",
    "core.move_gone": "This move is over.",
    "core.table": "{game} ({turn})\n{text}",
    "core.board": "{text}",
    "core.timeout": "{player} ran out of time; a computer moved for them.",
    "core.timeout_private": "You ran out of time; a computer made your move.",
    "core.away": "{player} timed out twice: a computer plays for them until they type /back.",
    "core.away_private": ("You timed out twice: a computer plays your seat. Type /back to "
                          "take it over again, with the same tiles."),
    "core.left_game": "{player} left: a computer plays for them (they can come /back).",
    "core.back": "{player} is back at seat {seat}.",
    "core.match_over": "The {game} match is over. Winner: {winners}. Totals: {totals}",
    "core.score_entry": "{player} {score}",
    # league and languages
    "core.league": "{game} league of this chat (Elo ratings):",
    "core.league_row": "{rank}. {player}: {rating} ({games} games, {wins} wins)",
    "core.league_empty": "No {game} results in this chat yet.",
    "core.lang_set": "This chat now speaks {lang}.",
    "core.mylang_set": "I will write to you in {lang}.",
    "core.ask_game": "Which game? {games}",
    "core.image_saved": "(picture: {path})",
    "core.goodbye": "Bye.",
    "core.console_again": "Play again with /new <game> (then /start), or /quit.",
    "core.console_welcome": ("Terminal table (saved in {db}). Type moves like /play 3-5, "
                             "/help for commands, /quit to leave. No time limit per move here "
                             "unless you set -o timer=N."),
    # core errors
    "core.error.text": "{text}",
    "core.error.illegal": "Not allowed ({rule}): {reason}",
    "core.error.unknown_command": "Unknown command /{command}. Type /help.",
    "core.error.no_table": "There is no table here. Open one with /new <game> ({games}).",
    "core.error.which_table": "Several tables are open here ({games}): name the game, e.g. /{example}",
    "core.error.table_exists": "A {game} table is already open here: /join it.",
    "core.error.not_seated": "You are not sitting at this table.",
    "core.error.already_seated": "You already sit at seat {seat}.",
    "core.error.table_full": "The table is full.",
    "core.error.seat_taken": "Seat {seat} is taken.",
    "core.error.bad_seat": "There is no seat {seat}; seats are 1 to {last}.",
    "core.error.started": "The game has already started.",
    "core.error.not_started": "The game has not started yet: /start it.",
    "core.error.not_creator": "Only {player} (who opened the table) or a chat admin can do that.",
    "core.error.not_your_turn": "It is not your turn: {player} is to move.",
    "core.error.stale": "That button belongs to an earlier move.",
    "core.error.away": "A computer is playing your seat: type /back first.",
    "core.error.not_away": "You are already playing your seat.",
    "core.error.unknown_lang": "Languages: {langs}.",
    "core.error.bad_option": "Write options as name=value: {option}",
    "core.error.game_over": "This game is over.",
    # the engine's generic errors (rules/errors.py, rules/tiles.py, rules/ai)
    "error.generic": "That did not work.",
    "error.invalid_action": "That is not a move I understand.",
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
    "error.bad_tile": "Not a tile: {tile}. Write tiles like r7, b11, k3, y13.",
    # raised by the okey games' move parser without a MESSAGES entry of their own
    "error.unknown_action": "There is no move called {verb}.",
    "error.no_tiles": "Name the tiles too.",
    "error.empty_action": "Type a move.",
}
