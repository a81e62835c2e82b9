"""`tilebot play` with no game: options checked as `tilebot play GAME -o` does (one line,
exit 2), and the default name of the terminal's person in the language a /lang sets."""

from __future__ import annotations

import os
import subprocess
import sys

LIMIT_S = 120


def play(tmp_path, *args, stdin_text="", env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bot.cli", "play", *args, "--db",
                           str(tmp_path / "t.db")], input=stdin_text, capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=LIMIT_S, encoding="utf-8")


def test_an_option_no_game_has_is_refused_at_once_exit_2(tmp_path):
    proc = play(tmp_path, "-o", "foo=1", stdin_text="1\n/hand\n/quit\n")
    assert proc.returncode == 2 and proc.stdout == ""  # before the question
    assert proc.stderr.count("\n") == 1
    assert "unknown option 'foo'" in proc.stderr and "games" in proc.stderr
    assert not (tmp_path / "t.db").exists()


def test_a_bad_option_word_without_a_game_is_one_line_not_a_traceback(tmp_path):
    for opts in (["-o", "=3"], ["-o", "Games=3", "-o", "games=1"], ["-o", "bots=zzz"],
                 ["-o", "league=maybe"]):
        proc = play(tmp_path, *opts, stdin_text="4\n/quit\n")
        assert proc.returncode == 2 and proc.stdout == "", opts
        assert proc.stderr.startswith("tilebot: error: ") and proc.stderr.count("\n") == 1, opts


def test_an_option_the_chosen_game_lacks_is_refused_at_the_question_and_asked_again(tmp_path):
    """`-o games=3` is Dominoes': picking Okey 101 at the question refuses it in the words
    `tilebot play okey101 -o games=3` uses, no table opens, and the question comes again
    (it ended the program: a scan of the terminal)."""
    proc = play(tmp_path, "-o", "games=3", stdin_text="1\n/quit\n")
    assert proc.returncode == 0 and proc.stderr == ""
    assert "Okey 101: unknown option 'games'; options: partners, doubling, rounds, " \
           "assisted, timer, bots, league\n" in proc.stdout
    assert proc.stdout.count("Which game?") == 2 and "opened a table" not in proc.stdout
    # Rummikub and Dominoes take timer=10, Yüzbir does not (a value no game takes is
    # refused before the question)
    proc = play(tmp_path, "-o", "timer=10", stdin_text="2\n3\n/quit\n")
    assert proc.returncode == 0 and "Yüzbir: bad value '10' for timer" in proc.stdout
    assert "opened a table: Rummikub" in proc.stdout  # the game asked next takes it


def test_an_option_the_chosen_game_has_opens_its_table(tmp_path):
    proc = play(tmp_path, "-o", "games=3", "--seed", "2", stdin_text="4\n/table\n/quit\n")
    assert proc.returncode == 0, proc.stderr
    assert "The Dominoes game begins." in proc.stdout and "Unknown option" not in proc.stdout


def test_lang_at_the_question_names_the_default_player_in_the_new_language(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "USER"}
    proc = play(tmp_path, stdin_text="/lang tr\n/theme dark\n/mylang en\n/quit\n", env=env)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.count("(Oyuncu değiştirdi.)") == 2 and "Player değiştirdi" not in out
    assert "This chat now speaks English.\n(Set by Player.)" in out
