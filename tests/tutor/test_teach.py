"""Teaching mode (obsession_nb/tutor/views/teach.py, ``obsession-nb teach``): on every packaged
scenario → plays the next decision (the worked example, then the first legal choice) and ←
takes it back; the ruling of each step is shown in large type; the Voilà page hides the code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from obsession_nb import cli
from obsession_nb.base.resources import content_dir
from obsession_nb.cli.tutor import teach_command
from obsession_nb.engine.positions.scenario import ScenarioError
from obsession_nb.tutor.views.teach import TeachingView

SCENARIOS = sorted(p.stem for p in (content_dir() / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_teaching_mode_steps_forward_and_back_on_every_packaged_scenario(name: str) -> None:
    view = TeachingView(name)
    start = view.stepper.game.to_scenario()
    script = list(view.stepper.script)
    positions = [start]
    for i in range(len(script) + 3):  # the worked example, then three first legal choices
        expected = view.control.upcoming["notation"]
        if i < len(script):
            assert expected == script[i] and view.control.upcoming["from"] == "example"
        else:
            assert view.control.upcoming["from"] == "first-legal"
        view._message(view.control, {"event": "key", "key": "next"}, None)
        assert view.stepper.applied[-1] == expected
        assert view.control.step == i + 1
        assert view.control.rulings  # the step's rulings, in large type
        positions.append(view.stepper.game.to_scenario())
    for i in range(len(positions) - 1, 0, -1):
        view._message(view.control, {"event": "key", "key": "back"}, None)
        assert view.stepper.game.to_scenario() == positions[i - 1]
    assert view.control.step == 0


def test_teaching_mode_shows_the_ruling_of_the_step_with_its_citation() -> None:
    view = TeachingView("refresher-round-6")
    view.next()
    rules = [r["rule"] for r in view.control.rulings]
    assert "turn.rotate-service" in rules
    assert all(r["citation"] for r in view.control.rulings)


def test_teach_command_writes_a_voila_page_with_hidden_code(tmp_path: Path) -> None:
    command = teach_command("howard-drawing-room", tmp_path, lang="ja", port=8123,
                                no_browser=True)
    assert command[1:3] == ["-m", "voila"]
    assert "--strip_sources=True" in command and "--port=8123" in command
    page = json.loads((tmp_path / "teach.ipynb").read_text())
    source = "".join(page["cells"][0]["source"])
    assert "TeachingView('howard-drawing-room', lang='ja')" in source


def test_teach_command_refuses_an_unknown_scenario(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError):
        teach_command("no-such-scenario", tmp_path, lang=None, port=None, no_browser=True)
    assert cli.main(["teach", "no-such-scenario", "--no-browser"]) == 1
