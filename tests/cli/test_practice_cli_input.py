"""Issue 47 items 6 and 12: ``obsession-nb practice`` with closed standard input, an answer
that is not a plain number, a save to a file that cannot be written, Ctrl-C and a level that
does not exist gives a clear message and loses nothing; a saved game goes on with ``practice --load``."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from interrupt import terminal_signals, wait_until_reading_stdin

from obsession_nb.cli.practice_text import run
from obsession_nb.engine.game import load_scenario_text
from obsession_nb.practice.session import Practice

PRACTICE = [sys.executable, "-m", "obsession_nb.cli", "practice", "--players", "2",
            "--opponents", "random", "--seed", "4", "--level", "easy"]


def practice(args: list[str], script: str | None, cwd: Path, **kw: object
             ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PRACTICE, *args], input=script, capture_output=True, text=True,
                          timeout=300, cwd=cwd, **kw)  # type: ignore[call-overload]


def test_practice_with_standard_input_closed_ends_with_a_message(tmp_path: Path) -> None:
    proc = practice([], None, tmp_path, stdin=subprocess.DEVNULL)
    assert proc.returncode == 1 and "(end of input)" in proc.stdout
    assert "Traceback" not in proc.stderr
    closed = subprocess.run(f"{' '.join(PRACTICE)} <&-", shell=True, capture_output=True,
                            text=True, timeout=300, cwd=tmp_path)
    assert closed.returncode == 1, closed.stderr
    assert "(end of input)" in closed.stdout and "Traceback" not in closed.stderr


def test_an_answer_that_is_not_a_plain_number_is_refused_and_the_game_goes_on(
        tmp_path: Path) -> None:
    proc = practice([], "²\n١\n1\nsave game.yaml\nquit\n", tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "Refused: there is no action '²'" in proc.stdout
    assert "Refused: there is no action '١'" in proc.stdout  # an Arabic-Indic one
    assert "you: family" in proc.stdout  # "1" was then played
    assert "Saved to game.yaml" in proc.stdout and "Traceback" not in proc.stderr


def test_a_save_that_cannot_be_written_is_reported_and_the_game_goes_on(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    target = locked / "game.yaml"
    proc = practice([], f"1\nsave {target}\nsave {tmp_path / 'ok.yaml'}\nquit\n", tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert f"Saved to {target}" not in proc.stdout or os.geteuid() == 0  # root writes anywhere
    bad = tmp_path / "no" / "such" / "folder" / "game.yaml"
    proc = practice([], f"1\nsave {bad}\n2\nsave {tmp_path / 'ok.yaml'}\nquit\n", tmp_path)
    assert f"Not saved to {bad}: No such file or directory. The game goes on" in proc.stdout
    assert f"Saved to {tmp_path / 'ok.yaml'}" in proc.stdout
    assert "cannot write the output" not in proc.stderr and "Traceback" not in proc.stderr


def test_ctrl_c_saves_the_unfinished_game_without_a_traceback(tmp_path: Path) -> None:
    with terminal_signals():
        proc = subprocess.Popen(PRACTICE, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1\n")
    proc.stdin.flush()
    seen = ""
    while seen.count("> ") < 2:  # our first answer played, the next question asked
        seen += proc.stdout.read(1)
    wait_until_reading_stdin(proc)  # Ctrl-C while the answer is awaited, as a player types it
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert "(interrupted)" in out and "Traceback" not in err
    saved = tmp_path / "practice-unfinished.yaml"
    assert f"The unfinished game is saved to {saved}" in out
    loaded = Practice.load(saved)
    assert loaded.strategy == "random" and loaded.seat == 0 and loaded.level.name == "easy"
    assert any(e.player == 0 for e in loaded.game.log)


def test_a_level_that_does_not_exist_is_refused_by_the_command_and_the_api(
        tmp_path: Path) -> None:
    """The search's playouts are now set by a named level (``--level``): the issue's
    ``--playouts 0`` has no counterpart left to divide by zero."""
    proc = subprocess.run([*PRACTICE[:-2], "--level", "stong"], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 2 and "did you mean 'strong'?" in proc.stderr
    proc = subprocess.run([*PRACTICE[:-2], "--playouts", "0"], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 2 and "unrecognized arguments: --playouts 0" in proc.stderr
    with pytest.raises(ValueError, match=r"unknown level 'stong'.*did you mean 'strong'"):
        Practice(2, level="stong")


def test_a_saved_practice_game_goes_on_with_practice_load(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table = Practice(players=2, seat=2, opponents="random", seed=6, level="easy")
    out = io.StringIO()
    answers = iter(["1", "1", "save game.yaml", "quit"])
    monkeypatch.chdir(tmp_path)  # the relative save path; put back after the test
    assert run(table, lambda _p: next(answers), out) == 1
    saved = tmp_path / "game.yaml"
    assert saved.read_text().startswith("# obsession-nb practice: seat=2 opponents=random "
                                        "seed=6 level=easy coach=yes\n")
    again = Practice.load(saved)
    assert again.game.to_json() == load_scenario_text(saved.read_text()).to_json()
    assert (again.seat, again.strategy, again.seed) == (1, "random", 6)
    assert again.game.to_json() == table.game.to_json()
    proc = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "practice", "--load",
                           str(saved)], input="quit\n", capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "You are Player 2 (p2)." in proc.stdout and "Traceback" not in proc.stderr
