"""Seeded random complete games under every variant option (issue 14, Done when): played through
``legal_actions()`` only, with the invariants of tests/support/game_invariants.py checked after every
action, and the command line's ``simulate --option name=value``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from test_whole_games import play_checked

from obsession_nb.engine.game import new_game
from obsession_nb.engine.positions.option_index import options_with

VARIANTS = [
    (2, ["objectives=choose-at-setup"]),
    (3, ["servants_hall=automatic"]),
    (2, ["courtship=closed"]),
    (3, ["market=seasonal"]),
    (2, ["market=building-boom"]),
    (3, ["theme_reveal=cliffhanger", "length=extended"]),
    (2, ["market=seasonal", "theme_reveal=cliffhanger"]),
    (2, ["intensive_service=standard", "garden=garden-maze", "expansion=false"]),
    (3, ["market_redraw=offer", "universal_tiles=false", "starter_guests=draft"]),
    (4, ["objectives=choose-at-setup", "servants_hall=automatic", "market=building-boom",
         "courtship=closed", "expansion=false", "universal_tiles=true"]),
]


@pytest.mark.parametrize(("players", "settings"), VARIANTS, ids=["+".join(v) for _, v in VARIANTS])
def test_random_complete_game_under_a_variant_keeps_its_invariants(players: int,
                                                                   settings: list[str]) -> None:
    seed = 40 + len(settings) + players
    options = options_with(settings)
    game = new_game(players, seed=seed, options=options)
    play_checked(game, seed, trip_every=60)
    state = game.state
    assert state.finished and game.legal_actions() == []
    assert state.round == (20 if options.length == "extended" else 16)
    assert len(state.themes) == 4
    for setting in settings:
        name, value = setting.split("=")
        assert str(getattr(state.options, name)).lower() == value


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "obsession_nb.cli", "simulate", *args],
                          capture_output=True, text=True)


def test_cli_simulate_takes_options_by_field_name_and_value() -> None:
    out = run_cli("--players", "2", "--seed", "3", "--option", "courtship=closed",
                  "--option", "market=building-boom", "--option", "objectives=choose-at-setup",
                  "--json")
    assert out.returncode == 0, out.stderr
    options = json.loads(out.stdout)["options"]
    assert (options["courtship"], options["market"], options["objectives"]) == (
        "closed", "building-boom", "choose-at-setup")


@pytest.mark.parametrize(("setting", "message"), [
    ("courtship=shut", "'shut' is not a choice for courtship; the choices are: open, closed"),
    ("marketplace=seasonal", "'marketplace' is not an option; the options are:"),
    ("market", "give an option as name=value"),
])
def test_cli_simulate_refuses_a_bad_option_listing_the_choices(setting: str, message: str) -> None:
    out = run_cli("--players", "2", "--option", setting)
    assert out.returncode == 2 and message in out.stderr and out.stdout == ""
