"""The `tilebot` command: the bot itself, plus replay, hint, simulate, bench, demo, play.

Every user error (unknown game or option, malformed tile, bad file) is one line on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from rules.errors import RulesError

from .store import StoreUnavailable

EXIT_USAGE = 2


class CliError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage otherwise)
        print(f"tilebot: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


# What `tilebot` and `tilebot run` read from the environment (README: Configuration).
ENVIRONMENT = """\
environment:
  TELEGRAM_TOKEN     Telegram bot token (from @BotFather): serve Telegram
  DISCORD_TOKEN      Discord bot token (Developer Portal): serve Discord; with both
                     tokens set, one process serves both; with neither, the terminal table
  TILEBOT_DB         the SQLite store (default: tilebot.sqlite3 in the working directory)
  TELEGRAM_API_URL   optional: a self-hosted Telegram Bot API server
  DISCORD_API_URL, DISCORD_GATEWAY_URL
                     optional: another Discord REST API and gateway"""

OPTION = "a table option as /new takes it (e.g. -o rounds=3); give -o once per option"


def build_parser() -> argparse.ArgumentParser:
    from rules import find_game, game_ids

    from .bench import SECTIONS as BENCH_SECTIONS  # (here: bot.bench imports this module)

    games = f"{_either(game_ids())} (names such as 'domino' or '101 okey' do too)"
    hinted = _either([g for g in game_ids() if hasattr(find_game(g), "hint")])
    p = _Parser(prog="tilebot", description="Tile games for group chats.",
                epilog=ENVIRONMENT, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", parser_class=_Parser)

    r = sub.add_parser("replay", help="replay a game record and print the outcome")
    r.add_argument("file", help="a game record (JSON), as `tilebot record` writes it")
    r.add_argument("--json", action="store_true", help="print the outcome as JSON")

    rc = sub.add_parser("record", help="the game record of a table in the store (for replay)")
    rc.add_argument("id", type=int, help="the table's number (the terminal prints it when a "
                                         "game ends)")
    rc.add_argument("--db", default=os.environ.get("TILEBOT_DB"),
                    help="SQLite file (default: $TILEBOT_DB, else tilebot.sqlite3)")

    h = sub.add_parser("hint", help="best move for a position (solvers)")
    h.add_argument("game", help=hinted)
    h.add_argument("--indicator", help="okey games: the face-up indicator tile, e.g. r5")
    h.add_argument("--hand", help='okey games: the hand\'s tiles, e.g. "r1 r2 r3 b7 ..."')
    h.add_argument("--table", help='rummikub: the sets on the table, e.g. "r1 r2 r3 | b7 k7 y7"')
    h.add_argument("--rack", help="rummikub: the rack's tiles")
    h.add_argument("--initial", action="store_true",
                   help="rummikub: the initial meld is still to be made (30 points, K6)")
    h.add_argument("--play", help="rummikub: lay exactly these rack tiles (a table that takes "
                                  "them)")
    h.add_argument("--batch", metavar="FILE",
                   help='rummikub: one JSON position a line, {"table", "rack", "initial", '
                        '"play"}; one JSON result a line')
    h.add_argument("--json", action="store_true", help="print the result as JSON")

    s = sub.add_parser("simulate", help="play games between computer players")
    s.add_argument("game", help=games)
    s.add_argument("--seats", required=True,
                   help="comma-separated levels, one per seat: random, beginner, normal, "
                        "expert (dominoes also heavy)")
    s.add_argument("--games", type=int, default=100, help="how many games (default: 100)")
    s.add_argument("--seed", type=int, default=None, help="the same games again")
    s.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help=OPTION)
    s.add_argument("--json", action="store_true", help="print the results as JSON")
    s.add_argument("--no-progress", action="store_true", help="print no progress while it runs")

    b = sub.add_parser("bench", help="measure speed (engine, solvers, pictures, core)")
    b.add_argument("--json", action="store_true", help="print the measures as JSON")
    b.add_argument("--quick", action="store_true", help="fewer samples")
    b.add_argument("--only", action="append", default=[], metavar="SECTION",
                   help=f"run only this section (again for more): {', '.join(BENCH_SECTIONS)}")

    d = sub.add_parser("demo", help="watch computer players play a match (default: Okey 101)")
    d.add_argument("game", nargs="?", default="okey101", help=f"{games}; default: okey101")
    d.add_argument("--seed", type=int, default=None, help="the same match again")
    d.add_argument("--lang", default="en", help="en, id, hi or tr")

    pl = sub.add_parser("play", help="play a game in the terminal against computer players")
    pl.add_argument("game", nargs="?", default=None,
                    help=f"{games}; none: the tables left open last time, else it asks")
    pl.add_argument("--db", default=os.environ.get("TILEBOT_DB"),
                    help="SQLite file (default: $TILEBOT_DB, else tilebot.sqlite3)")
    pl.add_argument("--lang", default=None,
                    help="en, id, hi or tr (default: the table's language from last time, "
                         "else English)")
    pl.add_argument("--seed", type=int, default=None,
                    help="the same deals again, from a new --db file (a table's deal is drawn "
                         "from the seed and its number in the file)")
    pl.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                    help=OPTION)

    sub.add_parser("run", help="start the bot (Discord/Telegram with a token, else the terminal)",
                   description="Serve Telegram and/or Discord when their tokens are set, else "
                               "open the terminal table.",
                   epilog=ENVIRONMENT, formatter_class=argparse.RawDescriptionHelpFormatter)
    return p


def _either(names: list[str]) -> str:
    """"a, b or c"."""
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)


def parse_options(pairs: list[str]) -> dict[str, str]:
    from .lobby import option_words  # (as /new reads them: "-o 'rounds=3, doubling=on'")

    out = {}
    for pair in option_words(pairs):
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"option {pair!r} is not KEY=VALUE")
        key = key.strip()
        if key in out:  # "-o rounds=3 -o rounds=1": which one?
            raise CliError(f"option {key} is given twice: give each option once")
        out[key] = value.strip()
    return out


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return _dispatch(args) or 0
    except (RulesError, CliError, StoreUnavailable) as e:
        print(f"tilebot: error: {getattr(e, 'message', None) or e}", file=sys.stderr)
        return EXIT_USAGE
    except FileNotFoundError as e:
        print(f"tilebot: error: no such file: {e.filename}", file=sys.stderr)
        return EXIT_USAGE
    except IsADirectoryError as e:
        print(f"tilebot: error: {e.filename} is a folder, not a file", file=sys.stderr)
        return EXIT_USAGE
    except UnicodeDecodeError:
        print("tilebot: error: not a text file (a game record is JSON text)", file=sys.stderr)
        return EXIT_USAGE
    except json.JSONDecodeError as e:
        print(f"tilebot: error: not valid JSON: {e}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _dispatch(args) -> int:
    cmd = args.cmd or "run"
    if getattr(args, "game", None):  # "domino", "yüzbir", "101 okey": as the menu takes them
        from rules import game_ids

        from .game_names import game_named, pick_game
        args.game = (pick_game(args.game, game_ids(), "en") or game_named(args.game, game_ids())
                     or args.game)
    if cmd == "replay":
        from .commands.replay import run_replay
        return run_replay(args)
    if cmd == "record":
        from .commands.record import run_record
        return run_record(args)
    if cmd == "hint":
        from .commands.hint import run_hint
        return run_hint(args)
    if cmd == "simulate":
        from .commands.simulate import run_simulate
        return run_simulate(args, parse_options(args.option))
    if cmd == "bench":
        from .bench import run_bench
        return run_bench(args)
    if cmd == "demo":
        from .commands.demo import run_demo
        return run_demo(args)
    if cmd == "play":
        from .adapters.console import run_console
        return run_console(args, parse_options(args.option))
    if cmd == "run":
        return _run_bot()
    raise CliError(f"unknown command {cmd}")


def _run_bot() -> int:
    """Start the configured platforms; with no token, the terminal table (the default)."""
    from .adapters.serve import run_platforms, tokens_set

    if tokens_set():
        return run_platforms(os.environ.get("TILEBOT_DB"))
    try:
        from .adapters.console import run_console
    except ImportError:
        from .commands.demo import run_demo
        return run_demo(argparse.Namespace(game="okey101", seed=None, lang="en"))
    ns = argparse.Namespace(game=None, db=os.environ.get("TILEBOT_DB"), lang=None, seed=None,
                            option=[])
    return run_console(ns, {})


if __name__ == "__main__":
    # `python -m bot.cli`: run the imported module, so that the CliError the commands raise
    # is the one main() catches (this file's own copy, __main__, has another class)
    from bot.cli import main as imported_main
    sys.exit(imported_main())
