"""Scenario files (DESIGN principle 5): validation with paths, the CLI, safe YAML, round trips."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from obsession_nb import ScenarioError, load_scenario
from obsession_nb.base.resources import content_dir
from obsession_nb.engine.positions.scenario import dump, parse

SCENARIOS = sorted((content_dir() / "scenarios").glob("*.yaml"))
REFRESHER = content_dir() / "scenarios" / "refresher-round-6.yaml"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "obsession_nb.cli", *args],
                          capture_output=True, text=True)


def broken_copy(tmp_path: Path) -> Path:
    data = yaml.safe_load(REFRESHER.read_text())
    data["players"][0]["servants"]["available"][2] = "cooke"
    data["players"][1]["money"] = -50
    data["players"][1]["organiser"].append({"tile": "standin-estate-minus100"})  # one copy,
    # already in the market
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_packaged_scenario_validates(path: Path) -> None:
    result = cli("validate", str(path))
    assert result.returncode == 0, result.stderr
    assert "valid" in result.stdout


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_packaged_scenario_round_trips(path: Path) -> None:
    game = load_scenario(path)
    text = game.to_scenario()
    assert parse(text).state == game.state
    assert dump(parse(text)) == text


def test_validate_lists_every_problem_with_its_path(tmp_path: Path) -> None:
    result = cli("validate", str(broken_copy(tmp_path)))
    assert result.returncode == 1
    err = result.stderr
    assert "3 problem(s)" in err
    assert "players[0].servants.available[2]: unknown servant 'cooke'" in err
    assert "players[1].money: cannot be negative (-50)" in err
    assert "tile 'standin-estate-minus100' is in 2 places" in err
    assert "players[1].organiser[5].tile" in err and "supply.market[1][0]" in err


def test_validate_reports_type_errors_with_paths(tmp_path: Path) -> None:
    data = yaml.safe_load(REFRESHER.read_text())
    data["players"][0]["money"] = "lots"
    data["players"][1]["reputation"] = {"level": 2, "position": 9}
    data["players"][1]["hat"] = "top"
    path = tmp_path / "typed.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    joined = "\n".join(exc.value.problems)
    assert "players[0].money" in joined
    assert "players[1].reputation" in joined
    assert "players[1].hat" in joined


def test_validate_an_illegal_recorded_action_names_its_index(tmp_path: Path) -> None:
    data = yaml.safe_load(REFRESHER.read_text())
    data["actions"][2] = "invite standin-prestige-gentleman-pr3"
    path = tmp_path / "illegal.yaml"
    path.write_text(yaml.safe_dump(data))
    result = cli("validate", str(path))
    assert result.returncode == 1
    assert "actions[2]" in result.stderr and "invite.prestige" in result.stderr


def test_yaml_is_loaded_safely() -> None:
    with pytest.raises(ScenarioError):
        parse("!!python/object/apply:os.system ['echo pwned']")


def test_cli_show_json_has_the_contract_fields() -> None:
    result = cli("show", str(REFRESHER), "--json")
    data = json.loads(result.stdout)
    assert data["round"] == 6
    you = data["players"][0]
    assert {"name", "family", "money", "reputation", "servants"} <= set(you)
    assert you["reputation"] == {"level": 2, "position": 4}
    assert you["servants"] == {"available": ["butler", "housekeeper", "valet", "footman"],
                               "quarters": ["underbutler"], "expended": ["ladys_maid"]}


def test_cli_legal_json_lists_notations_of_the_pending_decision() -> None:
    result = cli("legal", str(content_dir() / "scenarios" / "servant-draft-5p.yaml"), "--json")
    notations = [a["notation"] for a in json.loads(result.stdout)]
    assert "draft valet" in notations and "draft cook" not in notations


def test_cli_play_refuses_an_illegal_action_with_rule_and_citation() -> None:
    result = cli("play", str(REFRESHER), "refresh-market", "refresh-market", "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    refused = data["refused"]
    assert refused["action"] == "refresh-market"
    assert refused["rulings"][0]["rule"] == "special.market-refresh"
    assert refused["rulings"][0]["citation"]


def test_cli_play_reports_bad_notation() -> None:
    result = cli("play", str(REFRESHER), "fly away")
    assert result.returncode == 1
    assert "there is no action 'fly'" in result.stderr


def test_load_scenario_text_plays_recorded_actions_or_names_the_failing_one() -> None:
    from obsession_nb import load_scenario_text

    text = REFRESHER.read_text()
    assert load_scenario_text(text).view()["players"][0]["money"] == 100
    broken = text.replace("  - serve tile footman\n", "  - serve tile valet\n")
    with pytest.raises(ScenarioError) as exc:
        load_scenario_text(broken, source="edited")
    assert exc.value.problems[0].startswith("actions[4]: 'serve tile valet'")


def test_snapshot_and_restore_undo_position_and_log() -> None:
    game = load_scenario(REFRESHER)
    point = game.snapshot()
    before = game.to_scenario()
    game.apply("activity")
    assert game.to_scenario() != before
    game.restore(point)
    assert game.to_scenario() == before and len(game.log) == point.log_length
    assert {a.notation for a in game.legal_actions()} <= {a.notation for a in game.candidates()}
