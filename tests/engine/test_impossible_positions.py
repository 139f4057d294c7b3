"""Issue 47 items 9, 10 and 13: ``new --round R`` builds the objectives a real game holds at
round R, ``validate`` refuses a position holding fewer objectives than its round allows or a
guest-count change no turn can make, ``explore(query=…)`` reports a query pandas cannot run,
a named pipe nobody writes to does not hang ``validate``, and ``--json`` prints refused
arguments as JSON on standard output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import obsession_nb
from obsession_nb.cli import main
from obsession_nb.engine.explore.explorer import explore
from obsession_nb.engine.game import load_scenario, load_scenario_text
from obsession_nb.engine.positions.scenario import ScenarioError

# Objectives held at each activity round's first turn, as the rules give them: standard, five
# dealt (setup.objectives), two drawn on round 7 (event.objective-draw), one discarded after
# each courtship on rounds 4, 8, 12 (season.objective-discard); extended, four dealt, draws on
# rounds 7 and 18, courtships on 5, 10, 15; the 1st printing keeps two, one from each draw,
# and discards none (ud.objectives-during-play).
HELD = {
    ("standard", "during-play"): {1: 5, 3: 5, 5: 4, 7: 4, 9: 5, 11: 5, 13: 4, 15: 4},
    ("extended", "during-play"): {1: 4, 4: 4, 6: 3, 7: 3, 8: 5, 11: 4, 16: 3, 18: 3, 19: 5},
    ("standard", "choose-at-setup"): {1: 2, 7: 2, 9: 3, 15: 3},
    ("extended", "choose-at-setup"): {7: 2, 8: 3, 19: 4},
}


@pytest.mark.parametrize(("length", "objectives"), list(HELD))
def test_new_round_holds_the_objectives_a_real_game_holds(length: str, objectives: str) -> None:
    for round_, held in HELD[length, objectives].items():
        game = obsession_nb.new_position(2, round=round_, length=length,
                                         settings=[f"objectives={objectives}"])
        assert [len(p.objectives) for p in game.state.players] == [held, held], round_
        load_scenario_text(game.to_scenario())  # and validate accepts it


def test_new_round_with_milestones_builds_every_activity_round() -> None:
    """option.milestones: no objectives to discard, so a courtship ends its season at once."""
    for round_ in (2, 5, 6, 7, 9, 13, 14, 15):
        game = obsession_nb.new_position(3, round=round_, settings=["objectives=milestones"])
        assert game.state.round == round_ and game.pending()["step"] == "begin"
        assert all(not p.objectives for p in game.state.players)
        load_scenario_text(game.to_scenario())


def _at_invite(adjust: int, tmp_path: Path) -> Path:
    game = obsession_nb.new_position(2, seed=1)
    while game.state.turn.step != "invite":
        actions = game.legal_actions()
        game.apply(next((a for a in actions if a.verb == "host"), actions[0]))
    game.state.turn.guest_adjust = adjust
    path = tmp_path / f"adjust{adjust}.yaml"
    path.write_text(game.to_scenario(), encoding="utf-8")
    return path


@pytest.mark.parametrize("adjust", [-2, -7, 3])
def test_a_guest_count_change_no_turn_can_make_is_refused_not_a_crash(
        adjust: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _at_invite(adjust, tmp_path)
    for command in (["validate"], ["show"], ["legal"], ["play"]):
        argv = [*command, str(path)] + (["pass"] if command[0] == "play" else [])
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"turn.guest_adjust: {adjust} is not a change a turn can make" in err
        assert "Traceback" not in err


def test_explore_reports_a_query_pandas_cannot_run() -> None:
    game = load_scenario("refresher-round-6")
    assert len(explore(game, query="money >= 500", top=3)) <= 3
    for query, why in (("mony > 3", "UndefinedVariableError"), ("money >", "SyntaxError"),
                       ("servants > 3", "TypeError")):
        with pytest.raises(ValueError, match=f"the query .* cannot be run \\({why}.*the "
                           "columns are actions, money"):
            explore(game, query=query)
    with pytest.raises(ValueError, match="top must be at least 1"):
        explore(game, top=0)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_validate_does_not_wait_for_a_named_pipe_nobody_writes_to(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    proc = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "validate", str(pipe)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert "the file must be a mapping of scenario fields, not empty" in proc.stderr


REFUSED = [
    ["explore", "refresher-round-6", "--json", "--sort", "bogus"],
    ["explore", "refresher-round-6", "--json", "--top", "0"],
    ["simulate", "--players", "2", "--json", "--option", "courtshp=closed"],
    ["simulate", "--players", "2", "--json", "--strategy", "heuristc", "--games", "1"],
    ["simulate", "--players", "2", "--json", "--playouts", "0", "--strategy", "random"],
    ["solo", "--json", "--opponent", "nosuch"],
]


def exit_status(argv: list[str]) -> int:
    """What the command exits with, whether it returns or exits as argparse does."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize("argv", REFUSED, ids=lambda a: " ".join(a[:1] + a[-2:]))
def test_json_prints_refused_arguments_as_json_on_standard_output(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(argv) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["error"] == "invalid arguments" and out["problems"]


def test_option_values_and_names_get_a_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_status(["practice", "--opponents", "heuristc"]) == 2
    assert "did you mean 'heuristic'?" in capsys.readouterr().err
    assert main(["simulate", "--players", "2", "--option", "courtship=clsed"]) == 2
    assert "did you mean 'closed'?" in capsys.readouterr().err
    assert main(["new", "--mode", "tablaeu"]) == 2
    assert "did you mean 'tableau'" in capsys.readouterr().err


def test_a_draw_round_expects_the_draw_only_of_the_players_past_their_step_2() -> None:
    """event.objective-draw happens in each player's step 2: mid-round, those who have had
    it hold two more than those still to play (season.objective-discard: the courtship round
    itself may have had its discards)."""
    game = obsession_nb.new_position(2, round=7)
    first = game.state.turn.player
    game.apply(next(a for a in game.legal_actions() if a.verb == "pass"))
    held = [len(p.objectives) for p in game.state.players]
    assert held[first] == 6 and held[1 - first] == 4
    load_scenario_text(game.to_scenario())  # as a game has it


def test_monuments_the_setup_cannot_use_are_refused_before_the_draft_ends() -> None:
    """option.monuments: a named set the bag cannot take is refused by validate, not raised
    when the servant draft finishes (a fuzzed file found it)."""
    from obsession_nb.engine.game import new_game

    data = yaml.safe_load(new_game(2, seed=1).to_scenario())
    assert data["turn"]["step"] == "draft"
    data["options"]["monuments"] = ["howard-heir", "trophy-room"]
    with pytest.raises(ScenarioError, match=r"options\.monuments: 2 players take \d different "
                       "monuments"):
        load_scenario_text(yaml.safe_dump(data))
