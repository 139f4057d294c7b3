"""``obsession-nb simulate --mode tableau|tableau-duel [--milestones a,b]`` (issue 13 surface)."""

from __future__ import annotations

import json

from obsession_nb.cli import main


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_cli_simulate_tableau_json_has_the_end_and_the_milestone_claims(capsys) -> None:
    out = run_json(capsys, "--mode", "tableau", "--players", "3", "--seed", "5")
    assert out["options"]["mode"] == "tableau"
    assert out["end_reason"] == "max" and out["reached_max"] in [s["name"] for s in out["scores"]]
    assert len(out["milestones"]["cards"]) == 2
    assert all({"card", "player", "place", "round"} <= set(c) for c in out["milestones"]["claims"])
    assert set(out["scores"][0]["categories"]) == {"tiles", "gentry", "objectives", "reputation",
                                                  "vp_cards", "milestones"}


def test_cli_simulate_duel_with_named_milestones(capsys) -> None:
    cards = "standin-milestone-wealthy,standin-milestone-favoured"
    out = run_json(capsys, "--mode", "tableau-duel", "--players", "2", "--seed", "2",
                   "--milestones", cards)
    assert out["milestones"]["cards"] == cards.split(",")
    assert out["end_reason"] in ("max", "track-end")


def test_cli_simulate_milestones_in_a_standard_game(capsys) -> None:
    cards = "standin-milestone-wealthy,standin-milestone-favoured"
    out = run_json(capsys, "--players", "2", "--seed", "1", "--milestones", cards)
    assert "end_reason" not in out and out["milestones"]["cards"] == cards.split(",")
    assert "milestones" in out["scores"][0]["categories"]


def test_cli_simulate_refuses_a_bad_combination_clearly(capsys) -> None:
    assert main(["simulate", "--mode", "tableau-duel", "--players", "3"]) == 2
    assert "two players" in capsys.readouterr().err
    assert main(["simulate", "--mode", "tableau", "--players", "2", "--milestones", "x,y"]) == 2
    assert "not usable here" in capsys.readouterr().err
