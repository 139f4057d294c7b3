"""The command line as a new user meets it (issue 17): --version, help without reST markup,
which position show/legal describe, citations in play's text, p1… seats, "did you mean", and the
tutorials copied to a folder of the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from obsession_nb import cli
from obsession_nb.tutor import tutorials
from obsession_nb.tutor.suggest import packaged_scenarios


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("obsession-nb ")


def test_help_has_no_rest_backticks_and_file_says_path_or_name(capsys):
    _, out, _ = run(capsys, "--help")
    assert "``" not in out
    for command in ("validate", "show", "legal", "play"):
        _, out, _ = run(capsys, command, "--help")
        assert "a path or a packaged scenario name" in out


def test_show_says_it_is_before_the_recorded_actions_and_after_with_a_flag(capsys):
    _, before, _ = run(capsys, "show", "refresher-round-6")
    assert before.startswith("Before the file's 9 recorded action(s) (--after")
    assert "Open view" in before.splitlines()[2]  # the view labelled (ruling.seat-open-view)
    assert "£300" in before.splitlines()[3]  # Ada at the start of the turn
    _, after, _ = run(capsys, "show", "refresher-round-6", "--after")
    assert after.startswith("After the file's 9 recorded action(s)")
    assert "Ada (p1), Cavendish: £100" in after


def test_legal_says_it_is_after_the_recorded_actions_and_before_with_a_flag(capsys):
    _, after, _ = run(capsys, "legal", "refresher-round-6")
    assert after.startswith("After the file's 9 recorded action(s) (--before")
    assert "Left (p2)" in after.splitlines()[1]
    _, before, _ = run(capsys, "legal", "refresher-round-6", "--before")
    assert before.startswith("Before the file's 9 recorded action(s)")
    assert "Ada (p1)" in before.splitlines()[1]


def test_play_text_shows_each_ruling_with_its_citation(capsys):
    _, out, _ = run(capsys, "play", "refresher-round-6")
    line = next(x for x in out.splitlines() if "[invite.prestige]" in x)
    assert "Refresher §Fourth, invite guests" in line


def test_simulate_prints_seats_as_p1_not_from_zero(capsys):
    _, out, _ = run(capsys, "simulate", "--players", "3", "--seed", "1")
    orders = [x for x in out.splitlines() if x.startswith("Season ")]
    assert orders and all(set(x.split(": ")[1].split()) == {"p1", "p2", "p3"} for x in orders)


def test_mistyped_verb_and_id_get_did_you_mean(capsys):
    code, _, err = run(capsys, "play", "refresher-round-6", "--", "invte lady-suffolk")
    assert code == 1 and "did you mean: invite lady-suffolk" in err
    code, _, err = run(capsys, "play", "refresher-round-6", "activity", "host gazbo")
    assert code == 1 and "did you mean: host gazebo" in err


def test_mistyped_scenario_name_lists_the_packaged_ones(capsys):
    code, _, err = run(capsys, "show", "refresher-round6")
    assert code == 1
    assert "did you mean 'refresher-round-6'?" in err
    assert all(name in err for name in packaged_scenarios())


def test_mistyped_command_gets_did_you_mean(capsys):
    code, _, err = run(capsys, "lgal", "refresher-round-6")
    assert code == 2 and "did you mean legal" in err


def test_lab_copies_the_tutorials_once_and_never_overwrites_edits(capsys, tmp_path: Path):
    folder = tmp_path / "mine"
    code, out, err = run(capsys, "lab", "--copy-only", "--dir", str(folder))
    assert code == 0 and Path(out.strip()) == folder
    shipped = sorted(p.name for p in tutorials.checkout_tutorials().glob("*.ipynb"))
    assert sorted(p.name for p in folder.glob("*.ipynb")) == shipped
    assert f"copied {len(shipped)} tutorial(s)" in err
    edited = folder / "01-a-base-game-turn.ipynb"
    edited.write_text("my notes", encoding="utf-8")
    (folder / "03-first-player-rotation.ipynb").unlink()
    _, _, err = run(capsys, "lab", "--copy-only", "--dir", str(folder))
    assert edited.read_text(encoding="utf-8") == "my notes"
    assert "copied 1 tutorial(s)" in err and (folder / "03-first-player-rotation.ipynb").is_file()


def test_an_installed_package_serves_the_user_copy_not_the_package(monkeypatch, tmp_path: Path):
    shipped = tmp_path / "site-packages" / "obsession_nb"
    (shipped / "notebooks").mkdir(parents=True)
    (shipped / "notebooks" / "00-index.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(tutorials, "package_dir", lambda: shipped)
    monkeypatch.setattr(tutorials, "DEFAULT_FOLDER", tmp_path / "home" / "obsession-nb-tutorials")
    folder, copied = tutorials.tutorial_folder()
    assert folder == tmp_path / "home" / "obsession-nb-tutorials"
    assert copied == ["00-index.ipynb"]
