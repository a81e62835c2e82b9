"""The terminal table end to end: a real `tilebot play` process, fed through a pipe (no
TTY), plays whole games of every game against computer players."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import pty
import re
import sqlite3
import subprocess
import sys
import termios
import threading

import pytest

import rules
from bot.adapters.console import Printer
from bot.game_names import pick_game
from bot.messages import Line, Text, To

LIMIT_S = 120  # a stuck process is killed, failing the test (no timing assertions)


def _console(tmp_path, *args, stdin_text=None):
    cmd = [sys.executable, "-m", "bot.cli", "play", *args, "--db", str(tmp_path / "t.db")]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                            encoding="utf-8")


def _read_through(proc, answer) -> list[str]:
    """`proc`'s output lines, each given to `answer` as it comes; killed after LIMIT_S."""
    killer = threading.Timer(LIMIT_S, proc.kill)
    killer.start()
    transcript = []
    try:
        for line in proc.stdout:
            transcript.append(line.rstrip("\n"))
            answer(line)
        proc.wait()
    finally:
        killer.cancel()
    return transcript


def play_through(tmp_path, game: str, seed: int, *options: str) -> list[str]:
    """Answer every "your move" with its first button until the game ends, then /quit."""
    proc = _console(tmp_path, game, "--seed", str(seed), *options)

    def answer(line: str) -> None:
        if line.startswith("»   /"):
            proc.stdin.write(line[4:].split("  ·  ")[0].strip() + "\n")
            proc.stdin.flush()
        elif line.startswith("Play again"):
            proc.stdin.write("/quit\n")
            proc.stdin.flush()

    transcript = _read_through(proc, answer)
    assert proc.returncode == 0, proc.stderr.read()
    return transcript


@pytest.mark.parametrize("game", rules.game_ids())
def test_console_plays_a_whole_game(tmp_path, game):
    transcript = play_through(tmp_path, game, seed=5)
    text = "\n".join(transcript)
    assert "match is over" in text
    assert transcript[-1] == "Bye."
    # the rack went out as text and as a picture file
    assert any(line.startswith("» Your tiles") for line in transcript)
    assert (tmp_path / "tilebot-pictures" / f"{game}-rack.png").read_bytes()[:4] == b"\x89PNG"
    # where to get the game's record (`tilebot record` needs the table's id), and it works
    told = [line for line in transcript if line.startswith("This game's record")]
    assert told == [f"This game's record (every move, to replay it): tilebot record 1 --db "
                    f"{tmp_path / 't.db'}"]
    record = subprocess.run([sys.executable, "-m", "bot.cli", "record", "1", "--db",
                             str(tmp_path / "t.db")], capture_output=True, text=True)
    assert record.returncode == 0 and f'"game": "{game}"' in record.stdout
    assert transcript[-2] == f"Play again with /new {game} (then /start), or /quit."


def test_a_move_typed_twice_at_the_terminal_is_not_played_on_the_next_turn(tmp_path):
    """Two lines typed at once at the prompt of a real terminal (a move typed twice, or
    typed ahead while the computers play): the second came before the next turn began, so
    it is refused and says so (README, "The games"), as on the chats; it did lose a dead
    tile (D6) unasked."""
    controller, terminal = pty.openpty()
    attrs = termios.tcgetattr(terminal)
    attrs[3] &= ~termios.ECHO  # what is typed is not printed back (nobody reads it here)
    termios.tcsetattr(terminal, termios.TCSANOW, attrs)
    cmd = [sys.executable, "-m", "bot.cli", "play", "dominoes", "--seed", "6", "-o",
           "dead_tiles=on", "--db", str(tmp_path / "t.db")]
    proc = subprocess.Popen(cmd, stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, encoding="utf-8")
    os.close(terminal)
    killer = threading.Timer(LIMIT_S, proc.kill)
    killer.start()
    transcript, sent = [], []
    try:
        for line in proc.stdout:
            line = line.removeprefix("> ")  # a terminal is shown the prompt
            transcript.append(line.rstrip("\n"))
            if line.startswith("»   /"):
                moves = [m.strip() for m in line[4:].split("  ·  ")]
                twice = moves[:2] if not sent and len(moves) > 1 else moves[:1]
                os.write(controller, "".join(m + "\n" for m in twice).encode())
                sent.append(twice)
            elif line.startswith("Play again"):
                os.write(controller, b"/quit\n")
        proc.wait()
    finally:
        killer.cancel()
        os.close(controller)
    assert proc.returncode == 0 and len(sent[0]) == 2
    second = sent[0][1].lstrip("/")
    refused = [t for t in transcript if "before this turn of yours began" in t]
    assert refused == [f"» “{second}” was typed before this turn of yours began, so it was "
                       "not played: the table may have changed since. To play it now, type it "
                       "again."]  # (not "sent twice?": a person typed it, as they know)


def test_a_script_piped_in_plays_each_move_on_its_turn(tmp_path):
    """A file or a pipe is read ahead at once: its lines are not "typed ahead", each move
    is played when its turn comes (seed 5: the player's two first moves)."""
    proc = _console(tmp_path, "dominoes", "--seed", "5", "--lang", "en")
    out, err = proc.communicate("play 2-5\nplay 4-6\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "came before this turn" not in out
    assert re.search(r"Seat 1 \(.*\) played 2-5", out) and re.search(r"Seat 1 \(.*\) played 4-6", out)


def test_console_play_again_names_the_options_the_game_was_played_with(tmp_path):
    transcript = play_through(tmp_path, "dominoes", 5, "-o", "zero25=on", "-o", "bots=beginner")
    assert transcript[-2] == ("Play again with /new dominoes zero25=on bots=beginner (then "
                              "/start), or /quit.")


def test_console_eof_without_tty_ends_cleanly_and_resumes(tmp_path):
    proc = _console(tmp_path, "dominoes", "--seed", "2")
    out, err = proc.communicate("/hand\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert out.strip().endswith("Bye.")
    first_rack = [line for line in out.splitlines() if line.startswith("» Your tiles")]
    # the table is in the store: the next run resumes it with the same rack
    proc = _console(tmp_path, "dominoes")
    out2, err2 = proc.communicate("", timeout=LIMIT_S)
    assert proc.returncode == 0, err2
    assert "opened a table" not in out2
    assert [line for line in out2.splitlines() if line.startswith("» Your tiles")][0] == first_rack[0]


def test_console_asks_which_game(tmp_path):
    proc = _console(tmp_path)
    out, err = proc.communicate("4\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Which game?" in out
    assert "opened a table: Dominoes" in out
    # the terminal starts it itself: no lobby tips just before "the game begins"
    assert "/start to begin" not in out and "The Dominoes game begins." in out
    assert not re.search(r"timer=\d", out)  # moves are not timed at the terminal


def test_console_game_prompt_explains_a_wrong_answer_in_the_players_language(tmp_path):
    proc = _console(tmp_path, "--lang", "tr")
    out, err = proc.communicate("chess\n101\nokey 101\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Hangi oyun? 1. Okey 101 (Endonezya), 2. Yüzbir, 3. Rummikub, 4. Domino" in out
    assert "Oyunlardan biri değil: chess. Numarasını (1-4) ya da adını yaz" in out
    # "101" alone is either okey game to a Turkish reader (Yüzbir is Turkish 101): asked again
    assert "101 iki okey oyunundan biri olabilir, Okey 101 (Endonezya) ya da Yüzbir" in out
    assert "bir masa açtı: Okey 101 (Endonezya)" in out


def test_a_command_at_the_game_prompt_is_answered_and_the_question_asked_again(tmp_path):
    """/help and /lang at the first question work as at a table: the help, then the
    question again, in the language chosen (the player named in it too)."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "USER"}
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "play", "--db",
                           str(tmp_path / "t.db")], input="/help\n/lang tr\n4\n/quit\n",
                          capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=LIMIT_S, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Not one of the games" not in out
    assert out.index("Which game?") < out.index("Tile games at this terminal") \
        < out.index("Which game?", out.index("Tile games at this terminal"))
    assert "Hangi oyun? 1. Okey 101 (Endonezya)" in out and "Oyuncu bir masa açtı: Domino" in out


def test_a_new_table_opened_at_the_game_prompt_is_played_on(tmp_path):
    proc = _console(tmp_path)
    out, err = proc.communicate("/new dominoes\n/start\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert out.count("Which game?") == 1 and "The Dominoes game begins. Seats: 1: " in out
    assert "/start to begin" in out  # opened by hand: started by hand, as the tip says


@pytest.mark.parametrize("answer, lang, game", [
    ("4", "en", "dominoes"), ("Domino", "id", "dominoes"), ("dom", "en", "dominoes"),
    ("डोमिनोज़", "hi", "dominoes"), ("yüzbir", "en", "yuzbir"), ("YUZBIR", "tr", "yuzbir"),
    ("/okey 101", "en", "okey101"), ("101", "en", "okey101"), ("101", "tr", None),
    ("okey 101", "tr", "okey101"), ("yüzbir okey", "tr", "yuzbir"), ("rummi", "id", "rummikub"),
    ("o", "en", None), ("5", "en", None), ("0", "en", None), ("chess", "en", None),
])
def test_the_game_prompt_takes_a_number_or_a_name(answer, lang, game):
    assert pick_game(answer, rules.game_ids(), lang) == game


def test_console_bad_option_is_one_line_exit_2(tmp_path):
    proc = _console(tmp_path, "dominoes", "-o", "colour=red")
    out, err = proc.communicate("", timeout=LIMIT_S)
    assert proc.returncode == 2
    assert err.count("\n") == 1 and "unknown option 'colour'" in err and "timer" in err
    proc = _console(tmp_path, "dominoes", "--lang", "fr")  # not silently English
    out, err = proc.communicate("", timeout=LIMIT_S)
    assert proc.returncode == 2 and err == ("tilebot: error: unknown language 'fr': "
                                            "languages are en, id, hi, tr\n")


def test_console_bad_timer_is_one_line_exit_2_before_the_table_opens(tmp_path):
    proc = _console(tmp_path, "dominoes", "-o", "timer=5")
    out, err = proc.communicate("", timeout=LIMIT_S)
    assert proc.returncode == 2 and err.count("\n") == 1 and "timer" in err
    assert out == ""


def test_timer_0_at_the_terminal_opens_the_table_with_no_limit(tmp_path):
    proc = _console(tmp_path, "dominoes", "-o", "timer=0", "--seed", "3")
    out, err = proc.communicate("/table\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "The Dominoes game begins." in out and "league" not in out
    assert "Turn: " in out and "Time per move" not in out


def test_ctrl_c_while_waiting_for_a_move_leaves_at_once_and_the_table_stays(tmp_path):
    """Ctrl-C (SIGINT) at the prompt: out at once with a goodbye, no traceback; the table
    is there at the next start."""
    import signal
    import time

    proc = _console(tmp_path, "dominoes", "--seed", "3")
    seen = []
    for line in proc.stdout:  # wait until it asks for a move (it is blocked reading)
        seen.append(line)
        if line.startswith("»   /"):
            break
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)  # it used to wait for one more line here
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert out.rstrip().endswith("Bye.")
    proc = _console(tmp_path, "--seed", "3")
    out, err = proc.communicate("/quit\n", timeout=LIMIT_S)
    assert "Your tiles (Dominoes)" in out  # resumed, not asked which game


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP"])
def test_sigterm_or_a_closed_terminal_ends_the_session_as_ctrl_d_does(tmp_path, signal_name):
    """SIGTERM (a shutdown) or SIGHUP (the terminal window closed) killed the process where
    it stood, mid-write perhaps, its SQLite journal left behind: now it says goodbye and
    closes the store, and the table is there at the next start."""
    import signal
    import time

    proc = _console(tmp_path, "dominoes", "--seed", "3")
    for line in proc.stdout:  # wait until it asks for a move; its stdin stays open
        if line.startswith("»   /"):
            break
    time.sleep(0.3)
    proc.send_signal(getattr(signal, signal_name))
    assert proc.wait(timeout=10) == 0
    assert proc.stdout.read().rstrip().endswith("Bye.") and "Traceback" not in proc.stderr.read()
    assert not (tmp_path / "t.db-wal").exists()  # the store was closed, not cut off
    proc = _console(tmp_path, "--seed", "3")
    out, err = proc.communicate("/quit\n", timeout=LIMIT_S)
    assert "Your tiles (Dominoes)" in out  # resumed, not asked which game


def test_two_signals_at_once_end_the_session_once(tmp_path):
    """Two SIGTERMs a moment apart printed "Bye." twice, the second cancelling the store's
    close (a traceback from its thread at times); one a little later killed the process
    as it left (exit -15)."""
    import signal
    import time

    for gap in (0.001, 0.2):
        proc = _console(tmp_path, "dominoes", "--seed", "3")
        for line in proc.stdout:
            if line.startswith("»   /"):
                break
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        time.sleep(gap)
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=10) == 0, gap
        out, err = proc.stdout.read(), proc.stderr.read()
        assert out.count("Bye.") == 1 and "Traceback" not in err, (gap, out[-200:], err)


def test_the_terminal_rack_shows_the_numbers_under_the_tiles_and_no_buttons(tmp_path):
    proc = _console(tmp_path, "okey101", "--seed", "3")
    out, err = proc.communicate("/hand\n/quit\n", timeout=LIMIT_S)
    caption = [ln for ln in out.splitlines() if ln.startswith("» Your tiles (Okey 101): ")][-1]
    tiles = caption.split(": ", 1)[1].replace(" ·", "").split()
    lines = out.splitlines()
    numbered = next(ln for ln in lines[lines.index(caption):] if ln.startswith("»   1:"))
    assert numbered.split() == ["»", *(f"{i}:{t}" for i, t in enumerate(tiles, 1))]
    assert "Press a button" not in out and "Type a move, e.g. /" in out
    assert (tmp_path / "tilebot-pictures" / "okey101-rack.png").exists()
    # dominoes are named as they read (3-5): their picture numbers nothing, nor does the text
    # (the Okey 101 table is kept in the store: /hand shows its rack too, numbered)
    proc = _console(tmp_path, "dominoes", "--seed", "3")
    out, err = proc.communicate("/hand\n/quit\n", timeout=LIMIT_S)
    lines = out.splitlines()
    start = max(i for i, ln in enumerate(lines) if ln.startswith("» Your tiles (Dominoes): "))
    rest = lines[start + 1:]
    end = next((i for i, ln in enumerate(rest) if ln.startswith("» Your tiles (")), len(rest))
    assert not any(ln.startswith("»   1:") for ln in rest[:end])


def test_bare_tilebot_without_a_token_opens_the_terminal_table(tmp_path):
    """What `make run` runs on a fresh machine: no token, so the terminal table."""
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "TELEGRAM_TOKEN")}
    proc = subprocess.run([sys.executable, "-m", "bot.cli"], input="dominoes\n/hand\n",
                          capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=LIMIT_S, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    assert "Which game?" in proc.stdout and "» Your tiles (Dominoes): " in proc.stdout
    assert (tmp_path / "tilebot.sqlite3").exists()


def test_console_speaks_the_chosen_language_and_names_the_player_in_it(tmp_path):
    import os

    env = {k: v for k, v in os.environ.items() if k != "USER"}
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "play", "dominoes", "--lang", "tr",
                           "--seed", "1", "--db", str(tmp_path / "t.db")], input="/quit\n",
                          capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=LIMIT_S, encoding="utf-8")
    assert proc.returncode == 0, proc.stderr
    # a noun, not a pronoun: the lines about the player stay grammatical (not "sen ... açtı")
    assert "Oyuncu bir masa açtı: Domino" in proc.stdout
    assert "Domino oyunu başlıyor. Koltuklar: 1: Oyuncu, 2: Bilgisayar 2" in proc.stdout
    assert "» Taşların (Domino): " in proc.stdout


def test_a_lang_choice_lasts_to_the_next_start_unless_lang_is_given(tmp_path):
    proc = _console(tmp_path, "dominoes", "--seed", "3")
    out, err = proc.communicate("/lang id\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    proc = _console(tmp_path)  # `make run` again: the table, in the language chosen
    out, err = proc.communicate("/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert out.startswith("Meja terminal") and out.rstrip().endswith("Sampai jumpa.")
    proc = _console(tmp_path, "--lang", "en")  # a language given at the start wins
    out, err = proc.communicate("/quit\n", timeout=LIMIT_S)
    assert out.startswith("Terminal table") and out.rstrip().endswith("Bye.")


def test_the_terminal_speaks_the_language_chosen_with_lang_to_the_end(tmp_path):
    proc = _console(tmp_path, "dominoes", "--seed", "3")
    out, err = proc.communicate("/lang id\n/hand\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert out.rstrip().endswith("Sampai jumpa.")
    # the player's own lines too (their rack, their turn), not only the table's
    after = out.split("Obrolan ini sekarang memakai bahasa Indonesia.", 1)[1]
    assert "» Di tanganmu (Domino):" in after and "» Your" not in after


def test_a_message_while_the_prompt_waits_comes_on_its_own_lines_and_the_prompt_again(
        tmp_path):
    stream = io.StringIO()
    printer = Printer(stream, tmp_path)
    told = Text(To("console", chat="terminal"), "en", (Line("core.goodbye"),))
    asyncio.run(printer([told]))  # between prompts: just the line
    assert stream.getvalue() == "Bye.\n"
    stream.seek(0)
    stream.truncate()
    stream.write("> ")  # a timer moves while "> " waits for the person
    printer.at_prompt = True
    asyncio.run(printer([told]))
    asyncio.run(printer([]))  # nothing to say: the prompt is left alone
    assert stream.getvalue() == "> \nBye.\n> "


def test_console_resuming_a_table_says_its_options_win_over_the_ones_given(tmp_path):
    out, _ = _console(tmp_path, "dominoes", "--seed", "2").communicate("/quit\n",
                                                                       timeout=LIMIT_S)
    out, err = _console(tmp_path, "dominoes", "-o", "zero25=on").communicate(
        "/quit\n", timeout=LIMIT_S)
    assert "Your unfinished Dominoes table goes on, with its own options (players=4 " \
           "dead_tiles=on zero25=off games=1): end it with /stop first to play with the ones " \
           "you gave." in out.splitlines(), err
    out, _ = _console(tmp_path, "dominoes").communicate("/quit\n", timeout=LIMIT_S)
    assert "unfinished" not in out


def test_a_resumed_table_stopped_offers_to_play_again_with_the_options_given(tmp_path):
    """"/stop it first to play with the ones you gave": then "play again" named the
    stopped table's own options, not the ones given."""
    _console(tmp_path, "dominoes", "--seed", "2").communicate("/quit\n", timeout=LIMIT_S)
    out, err = _console(tmp_path, "dominoes", "-o", "zero25=on").communicate(
        "/stop\n/quit\n", timeout=LIMIT_S)
    assert "Play again with /new dominoes zero25=on (then /start), or /quit." \
        in out.splitlines(), err


def test_two_tables_resume_each_by_its_game_and_take_each_games_moves(tmp_path):
    """A Dominoes and a Rummikub table left open: the next start shows both (it greeted
    with two "name the game" refusals), and a move typed bare goes to the table whose game
    has it (`place` and `play` are words of both); /hurry names no move time the terminal
    does not keep."""
    proc = _console(tmp_path, "dominoes", "--seed", "2")
    proc.communicate("/new rummikub\n/start rummikub\n", timeout=LIMIT_S)
    proc = _console(tmp_path)
    out, err = proc.communicate("/dominoes hurry\nplace r1 r2 r3\nplay 0-0\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Several tables" not in out and "name the game" not in out
    # said, not a bare table a newcomer could take for a new deal
    assert [line for line in out.splitlines() if "unfinished" in line] == [
        "Your unfinished Dominoes table goes on (/dominoes stop ends it).",
        "Your unfinished Rummikub table goes on (/rummikub stop ends it)."]  # (a bare
    # /stop would be asked which)
    racks = [line for line in out.splitlines() if line.startswith("» Your tiles (")]
    assert [r.split(")")[0] for r in racks[:2]] == ["» Your tiles (Dominoes",
                                                    "» Your tiles (Rummikub"]
    assert "» It is your own turn." in out  # not "Moves here are timed already (45 s each)"
    assert "» Not allowed (K6): You do not have r1 in your rack." in out  # no initial meld yet
    assert "0-0" in racks[0] and "0-0" not in racks[-1]  # play 0-0 went to Dominoes
    out, err = _console(tmp_path, "dominoes").communicate("/quit\n", timeout=LIMIT_S)
    assert [line for line in out.splitlines() if "unfinished" in line] == [
        "Your unfinished Rummikub table goes on (/rummikub stop ends it)."], err  # beside the one asked for


def test_a_table_that_ends_while_another_goes_on_gets_its_record_and_play_again(tmp_path):
    """The record command and "play again" came only once every table had closed (a scan:
    a Dominoes match ended beside an Okey 101 table, and neither line came)."""
    proc = _console(tmp_path, "dominoes", "--seed", "1")  # (a computer opens: a record)
    proc.communicate("/new rummikub\n/start rummikub\n", timeout=LIMIT_S)
    out, err = _console(tmp_path).communicate("/stop dominoes\n/quit\n", timeout=LIMIT_S)
    lines = out.splitlines()
    assert f"This game's record (every move, to replay it): tilebot record 1 --db " \
           f"{tmp_path / 't.db'}" in lines, err
    assert "Play again with /new dominoes (then /start), or /quit." in lines
    assert not [line for line in lines if "tilebot record 2" in line]  # Rummikub goes on


def test_the_record_command_quotes_a_store_path_with_a_space(tmp_path):
    folder = tmp_path / "my games"
    folder.mkdir()
    cmd = [sys.executable, "-m", "bot.cli", "play", "dominoes", "--db", str(folder / "t.db"),
           "--seed", "1"]  # (a computer opens: the game has a move, so a record)
    out = subprocess.run(cmd, input="/stop\n/quit\n", capture_output=True, text=True,
                         cwd=tmp_path, encoding="utf-8", timeout=LIMIT_S).stdout
    assert f"tilebot record 1 --db '{folder / 't.db'}'" in out  # pasted, it runs


def test_a_game_stopped_before_its_first_move_offers_no_record_command(tmp_path):
    """`tilebot record` has no record of a game stopped before any move ("it was never
    played", exit 2): the terminal printed the command anyway (a scan); play again stays."""
    cmd = [sys.executable, "-m", "bot.cli", "play", "dominoes", "--db", str(tmp_path / "t.db"),
           "--seed", "2"]  # (the person opens)
    out = subprocess.run(cmd, input="/stop\n/quit\n", capture_output=True, text=True,
                         cwd=tmp_path, encoding="utf-8", timeout=LIMIT_S).stdout
    assert "tilebot record" not in out
    assert "Play again with /new dominoes (then /start), or /quit." in out.splitlines()


def test_with_two_tables_open_the_moves_listed_name_their_game_and_are_taken(tmp_path):
    """Rummikub and Okey 101 both at the terminal, both waiting on the person: a bare
    /draw could be either table's, so the moves under each prompt name their game (the
    bare ones listed were refused as "Several tables are open here")."""
    proc = _console(tmp_path, "rummikub", "--seed", "2")
    out, err = proc.communicate("/new okey101\n/start okey101\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    listed = [line for line in out.splitlines() if line.startswith("»   /")]
    assert listed and listed[-1].startswith("»   /okey101 "), listed
    first = listed[-1][4:].split("  ·  ")[0].strip()
    proc = _console(tmp_path)
    out, err = proc.communicate(f"{first}\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Several tables" not in out and "Not allowed" not in out
    assert "»   /rummikub " in out  # the resumed prompts name their game too


def test_the_game_is_taken_by_any_of_its_names_at_the_prompt_and_on_the_command_line(tmp_path):
    """"101" (Okey 101's number) and a name in another language, as chat commands take
    them: the prompt answered "Not one of the games: 101" in English."""
    out, err = _console(tmp_path).communicate("101\n/quit\n", timeout=LIMIT_S)
    assert "opened a table: Okey 101" in out, err
    out, err = _console(tmp_path, "डोमिनोज़").communicate("/quit\n", timeout=LIMIT_S)
    assert "opened a table: Dominoes" in out, err


def test_leaving_at_the_game_question_says_goodbye(tmp_path):
    out, err = _console(tmp_path).communicate("", timeout=LIMIT_S)  # Ctrl-D at once
    assert "Which game?" in out and out.splitlines()[-1] == "Bye.", out


def test_the_terminal_leaves_the_chats_tables_in_its_store_alone(tmp_path):
    """`tilebot play` opens the bot's own store by default: a Telegram table there, its
    move time run out and its last move untold, was played on at the terminal (a computer
    moved for Ali), its group's lines and Budi's rack printed there and counted as told
    (the group never heard them). It is the bot's: left as it was, to go on when it runs."""
    from bot.core import Core
    from bot.messages import Command, User
    from bot.store import Store
    from bot.timers import ManualClock

    ali, budi = User("101", "Ali", "en"), User("102", "Budi", "en")

    async def a_chats_table():
        store = await Store.open(str(tmp_path / "t.db"))

        async def send(messages):
            pass

        core = Core(store, send, ManualClock(1_000.0), seed=3)  # long ago: its time is up
        await core.restore()
        for user, text in ((ali, "/new dominoes bots=normal timer=15"), (budi, "/join"),
                           (ali, "/start")):
            await core.handle(Command.parse("tg", "-100", user, text))
        table = next(iter(core.tables.values()))
        core.close()
        await store.close()
        return table.id, table.moves

    table_id, moves = asyncio.run(a_chats_table())
    with sqlite3.connect(tmp_path / "t.db") as con:  # a crash kept its moves untold
        con.execute("UPDATE tables SET told = 0")
    out, err = _console(tmp_path, "dominoes", "--seed", "1").communicate("/quit\n",
                                                                       timeout=LIMIT_S)

    async def the_chats_table():
        store = await Store.open(str(tmp_path / "t.db"))
        try:
            return await store.table(table_id)
        finally:
            await store.close()

    row = asyncio.run(the_chats_table())
    assert (len(row.moves), row.told, row.status) == (moves, 0, "playing"), out
    assert "Budi" not in out and "Ali" not in out and "ran out of time" not in out, out


def test_a_single_player_table_starts_without_asking_for_start_and_a_closed_lobby_is_no_game(
        tmp_path):
    """Y21 at the terminal: "…(Y21). /start to begin." and the game began on the next
    line; a lobby closed by its last /leave was followed by "Play again with /new …"."""
    out, err = _console(tmp_path, "yuzbir", "-o", "mode=single").communicate(
        "/quit\n", timeout=LIMIT_S)
    opened = next(line for line in out.splitlines() if "single-player table" in line)
    assert opened.endswith("is kept as their record (Y21)."), err
    (tmp_path / "t.db").unlink()
    out, err = _console(tmp_path).communicate("/new dominoes\n/leave\n/quit\n", timeout=LIMIT_S)
    assert "so it is closed." in out and "Play again" not in out, err


def test_input_an_ascii_terminal_cannot_decode_is_read_not_a_hang(tmp_path):
    """"yüzbir" typed where the terminal's encoding is ASCII killed the input thread: the
    program ignored every line after it, /quit too, and hung."""
    cmd = [sys.executable, "-m", "bot.cli", "play", "--db", str(tmp_path / "t.db")]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=tmp_path,
                            env={**os.environ, "PYTHONIOENCODING": "ascii"})
    out, err = proc.communicate("yüzbir\n/quit\n".encode(), timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert b"Not one of the games: y" in out and out.strip().endswith(b"Bye.")
    assert b"Traceback" not in err


def test_ctrl_d_at_a_terminals_prompt_says_bye_on_a_line_of_its_own(tmp_path):
    """Ctrl-D at the prompt of a game: "Bye." came right after "> " on the prompt's line."""
    controller, terminal = pty.openpty()
    cmd = [sys.executable, "-m", "bot.cli", "play", "dominoes", "--seed", "6",
           "--db", str(tmp_path / "t.db")]
    proc = subprocess.Popen(cmd, stdin=terminal, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, encoding="utf-8")
    os.close(terminal)

    def answer(line: str) -> None:
        if line.startswith("»   /"):  # the prompt comes next: end the input there
            os.write(controller, b"\x04")

    try:
        transcript = _read_through(proc, answer)
    finally:
        os.close(controller)
    assert proc.returncode == 0
    assert transcript[-1] == "Bye." and "> Bye." not in transcript


def test_what_a_timer_move_ends_is_told_before_the_prompt_comes_again(tmp_path):
    """A match a timer's move ended while "> " waited: its record and "play again" came
    only once the person typed a line (a scan); the printer tells them under the move's
    lines, then shows the prompt again."""
    stream = io.StringIO()
    printer = Printer(stream, tmp_path)
    printer.then = lambda: stream.write("Play again with /new dominoes.\n")
    told = Text(To("console", chat="terminal"), "en", (Line("core.goodbye"),))
    stream.write("> ")
    printer.at_prompt = True
    asyncio.run(printer([told]))
    assert stream.getvalue() == "> \nBye.\nPlay again with /new dominoes.\n> "


def test_Y7_a_short_opening_at_the_terminal_lists_one_discard_that_takes_it_back(tmp_path):
    """While a Yüzbir opening is short every discard takes it back and keeps its tile
    (Y7, Y-D5): the terminal listed twelve discards and gave one as the move to make (a
    scan); it lists one, and the prompt says what it does."""
    out, _ = _console(tmp_path, "yuzbir", "--seed", "2").communicate(
        "open b9 k9 y9\n/quit\n", timeout=LIMIT_S)
    lines = out.splitlines()
    at = max(i for i, line in enumerate(lines) if "towards your opening" in line)
    assert lines[at] == ("» Your move at Yüzbir: lay more tiles towards your opening (/open), "
                         "or take it back with /discard y6 (any discard does, and its tile "
                         "stays in your rack).")
    assert lines[at + 1] == "»   /discard y6"


def test_leaving_at_the_terminal_says_how_to_go_on_without_a_chat_admin(tmp_path):
    """/leave at the terminal: the table waits for a /back, and it said "or its opener or a
    chat admin closes it with /stop" (a scan): there, it says /back or /stop."""
    out, _ = _console(tmp_path, "dominoes", "--seed", "1").communicate("/leave\n/quit\n",
                                                                       timeout=LIMIT_S)
    assert "Everyone at this table is away: it waits until you type /back (or /stop to " \
           "close it)." in out
    assert "admin" not in out


def test_the_terminal_rack_after_leave_says_you_not_someone(tmp_path):
    """`/leave` then `/hand` at the terminal said "until someone types /back": only the one
    person plays there (as its everyone-away line already says)."""
    proc = _console(tmp_path, "dominoes", "--seed", "2")
    out, err = proc.communicate("/leave\n/hand\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Nobody plays at this table until you type /back: it waits for you." in out
    assert "someone types /back" not in out


def test_the_terminal_promises_no_hourly_close_after_two_timeouts(tmp_path):
    """"it waits until you type /back (after an hour it closes without a result)": the
    terminal has no such wait (its tables are kept; a scan waited 4,000 s)."""
    stream = io.StringIO()
    printer = Printer(stream, tmp_path)
    told = Text(To("console", chat="terminal"), "en", (Line("core.away_private.waits"),))
    asyncio.run(printer([told]))
    assert stream.getvalue() == ("You timed out twice: with nobody else at the table, it "
                                 "waits until you type /back.\n")


def test_hand_at_the_terminal_with_two_tables_shows_both_racks(tmp_path):
    """/hand with Okey 101 and Dominoes open was "Several tables are open here: name the
    game" (a scan); as typed privately in a chat, it shows every rack of the person."""
    proc = _console(tmp_path, "okey101", "--seed", "3")
    out, err = proc.communicate("/new dominoes\n/join\n/start\n/hand\n/quit\n", timeout=LIMIT_S)
    assert proc.returncode == 0, err
    assert "Several tables" not in out
    racks = [line for line in out.splitlines() if line.startswith("» Your tiles (")]
    assert {"» Your tiles (Okey 101)", "» Your tiles (Dominoes)"} <= {r.split(":")[0] for r in racks}


def test_a_move_word_of_another_language_is_answered_without_buttons(tmp_path):
    """`çek` at the terminal was told "as the buttons show them": the terminal has none."""
    out, err = _console(tmp_path, "okey101", "--seed", "5").communicate(
        "çek\n/quit\n", timeout=LIMIT_S)
    assert "» Moves are typed in English, as the list of moves shows them: for “çek” type " \
           "/draw." in out.splitlines(), err


def test_new_at_the_terminal_says_what_to_do_there_and_play_again_reads_the_options(tmp_path):
    """`/new` typed at the terminal said "/join to sit down" (nobody else can, and the
    person sits already: "You already sit at seat 1"); its "play again" repeated values
    as typed in another language (`dead_tiles=kapalı` in an English line)."""
    out, err = _console(tmp_path, "--lang", "en").communicate(
        "/new dominoes dead_tiles=kapalı bots=usta\n/start\n/stop\n/quit\n", timeout=LIMIT_S)
    lines = out.splitlines()
    assert "> Player opened a table: Dominoes (players=4 dead_tiles=off zero25=off games=1 " \
           "bots=expert). /start to begin: computers take the empty seats (/addbot first to " \
           "choose their level or seat)." in lines, err
    assert "Play again with /new dominoes dead_tiles=off bots=expert (then /start), or " \
           "/quit." in lines


def test_help_typed_bare_at_the_game_question_is_answered(tmp_path):
    """`help` (no slash) at "Which game?" was "Not one of the games: help"; at the table a
    bare word is read as a command, and here it is too."""
    out, err = _console(tmp_path).communicate("help\n/quit\n", timeout=LIMIT_S)
    assert "Tile games at this terminal" in out and "Not one of the games" not in out, err


def test_league_of_a_game_at_the_terminal_says_there_is_no_league_here(tmp_path):
    """`/league dominoes` at the terminal said "No Dominoes results in this chat yet" (no
    chat there); it says what `/league` alone says."""
    out, err = _console(tmp_path, "dominoes").communicate(
        "/league dominoes\n/league\n/quit\n", timeout=LIMIT_S)
    said = [line for line in out.splitlines() if "Leagues are a group's" in line]
    assert said == [
        "Leagues are a group's or channel's: at the terminal you play computers, which is "
        "practice.",  # (the records it keeps are Yüzbir's)
        "Leagues are a group's or channel's: at the terminal you play computers, which is "
        "practice. Your Yüzbir single-player records are listed here once you finish a "
        "match."], err


def test_a_resumed_table_beside_another_names_its_own_stop(tmp_path):
    """The regression scan: with a Rummikub table open too, "/stop it first to play with
    the ones you gave" sent a bare /stop, which asks which table."""
    _console(tmp_path, "dominoes", "--seed", "2").communicate(
        "/new rummikub\n/start rummikub\n", timeout=LIMIT_S)
    out, err = _console(tmp_path, "dominoes", "-o", "zero25=on").communicate(
        "/quit\n", timeout=LIMIT_S)
    (said,) = [line for line in out.splitlines() if "its own options" in line]
    assert said.endswith("end it with /dominoes stop first to play with the ones you gave."), err


def test_an_empty_line_at_the_game_question_asks_again(tmp_path):
    """The regression scan: Enter alone at "Which game?" raised IndexError (bare commands
    are read there now); it is asked again, as before."""
    for blank in ("\n", "   \n"):
        proc = _console(tmp_path)
        out, err = proc.communicate(f"{blank}/quit\n", timeout=LIMIT_S)
        assert proc.returncode == 0 and "Traceback" not in err, err
        assert out.count("Which game?") == 2


def test_ctrl_c_just_after_a_move_plays_the_move_to_its_end_first(tmp_path):
    """Ctrl-C a moment after a move, while the Expert computers thought about their
    answers, lost the move (and printed a log line): it is played to its end first, as a
    SIGTERM's is, and the record holds it."""
    import json
    import signal
    import time

    proc = _console(tmp_path, "dominoes", "--seed", "1", "-o", "bots=expert")
    for line in proc.stdout:  # the moves listed under the prompt
        if line.startswith("»   /"):
            move = line[1:].strip().split("  ·  ")[0]
            break
    proc.stdin.write(move + "\n")
    proc.stdin.flush()
    time.sleep(0.15)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=LIMIT_S)
    assert proc.returncode == 0 and "Traceback" not in err and "stopped before" not in err, err
    assert out.rstrip().endswith("Bye.")
    record = subprocess.run([sys.executable, "-m", "bot.cli", "record", "1", "--db",
                             str(tmp_path / "t.db")], capture_output=True, text=True, cwd=tmp_path)
    assert move.lstrip("/") in json.loads(record.stdout)["actions"]
