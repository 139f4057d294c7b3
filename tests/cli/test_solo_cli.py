"""``obsession-nb solo``: whole Solo Estate Challenges for many seeds in both lengths, the JSON
contract of the scavenging log, and replaying that log to the same end."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from obsession_nb.cli import main
from obsession_nb.modes.solo.ai import locate
from obsession_nb.modes.solo.game import play_solo, replay_solo

SEEDS = range(8)
SCAVENGE_KEYS = {"round", "roll", "stack", "depth", "tile", "reason"}


def run_cli(capsys, *args: str) -> dict:
    assert main(["solo", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def check_log(data: dict) -> None:
    log = data["scavenged"]
    assert all(set(entry) == SCAVENGE_KEYS for entry in log)
    last = data["round"]
    # one roll after every turn but the finishing one
    assert [e["round"] for e in log] == list(range(1, last + (0 if data["finished"] else 1)))
    for e in log:
        place = locate(e["roll"])
        if place is None:
            assert (e["stack"], e["depth"], e["tile"], e["reason"]) == (
                None, None, None, "no-scavenging")
        else:
            assert (e["stack"], e["depth"]) == place
            assert (e["tile"] is not None) == (e["reason"] == "taken")
            assert e["reason"] in ("taken", "empty-depth", "critical-rule")


@pytest.mark.parametrize("extended", [False, True], ids=["standard", "extended"])
@pytest.mark.parametrize("seed", SEEDS)
def test_solo_cli_json_finishes_and_logs_scavenging(capsys, seed, extended) -> None:
    data = run_cli(capsys, "--seed", str(seed), *(["--extended"] if extended else []))
    assert data["mode"] == "solo-estate-challenge" and data["seed"] == seed
    assert data["length"] == ("extended" if extended else "standard")
    assert data["target"] == (188 if extended else 132)
    assert data["verdict"] in ("won", "lost", "unfinished")
    assert data["adjusted"] == data["score"] + data["modifier"]
    assert data["score"] == sum(data["categories"].values())
    assert data["verdict"] != "unfinished" or not data["finished"]
    check_log(data)


@pytest.mark.parametrize("seed", [0, 5])
def test_solo_cli_random_strategy_finishes(capsys, seed) -> None:
    data = run_cli(capsys, "--seed", str(seed), "--strategy", "random")
    assert data["strategy"] == "random"
    check_log(data)


@pytest.mark.parametrize(("seed", "extended"), [(1, False), (2, True), (3, False)])
def test_solo_scavenging_log_replays_to_the_same_end(seed, extended) -> None:
    first = play_solo(seed, extended=extended, logged=False)
    again = replay_solo(first)
    assert again.game.state.chance.next_rolls == []  # every logged roll was used
    assert again.scavenged == first.scavenged
    assert again.actions == first.actions
    assert again.result.to_json() == first.result.to_json()
    assert again.game.state.supply.market == first.game.state.supply.market
    # without the log the reseeded dice play a different game
    other = play_solo(seed, extended=extended, logged=False, dice_seed=seed + 7919)
    assert other.scavenged != first.scavenged


def test_solo_cli_rolls_option_replays_a_json_log(capsys) -> None:
    data = run_cli(capsys, "--seed", "4", "--strategy", "random")
    rolls = ",".join(str(e["roll"]) for e in data["scavenged"])
    again = run_cli(capsys, "--seed", "4", "--strategy", "random", "--rolls", rolls)
    assert again == data


def test_solo_cli_text_and_entry_point() -> None:
    out = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "solo", "--seed", "2"],
                         capture_output=True, text=True, check=True).stdout
    assert "Solo Estate Challenge, seed 2, standard" in out
    assert "target 132" in out and "round modifier" in out
    assert out.strip().splitlines()[-2].split(": ")[-1] in ("won", "lost", "unfinished")


def test_solo_logged_and_fast_paths_agree() -> None:
    fast = play_solo(6, logged=False)
    slow = play_solo(6, logged=True)
    assert fast.actions == slow.actions and fast.scavenged == slow.scavenged
    assert any(e.action == "(AI scavenging)" for e in slow.game.log)


@pytest.mark.parametrize("strategy", ["greedy", "random"])
def test_solo_whole_games_keep_every_tile_in_one_place(strategy) -> None:
    from collections import Counter

    from obsession_nb.modes.solo.market import supply_tiles

    for seed, extended in ((11, False), (12, True)):
        run = play_solo(seed, extended=extended, strategy=strategy, logged=False)
        state, table = run.game.state, run.game.table
        me = state.players[0]
        places = Counter([t for stack in state.supply.market for t in stack]
                         + [o.tile for o in me.organiser] + state.supply.removed)
        assert max(places.values()) == 1
        expected = set(supply_tiles(table.catalog, wessex=me.family == "wessex"))
        assert {t for t in places if not table.tile(t).start} >= expected
        assert me.money >= 0 and 0 <= me.reputation <= table.wheel.top
        assert run.result.verdict in ("won", "lost", "unfinished")
