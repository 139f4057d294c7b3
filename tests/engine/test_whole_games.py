"""Seeded random complete games (issue 4): 2–6 players, standard and extended, with and without
the expansion, played through ``legal_actions()`` only, with the invariants checked after every
action; the final scoresheet recomputed from the final position; the ``simulate`` command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from game_invariants import check_position, inventory, model_round_trip, round_trip

from obsession_nb import Game
from obsession_nb.engine.game import new_game
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import CATEGORIES, score
from obsession_nb.engine.steps.objectives import evaluate
from obsession_nb.engine.turn.dispatch import decision_actions
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.players.strategy import RandomSolo
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import simulate

MATRIX = [(n, length, expansion) for n in range(2, 7) for length in ("standard", "extended")
          for expansion in (True, False)]


def next_action(game: Game, player: RandomPlayer) -> Action:
    """The player's choice, after asserting the pending decision offers a legal action (issue
    10: no decision is ever a dead end before the game is over, special actions aside).  Chooses exactly as
    ``RandomPlayer.choose`` does, from the one list of legal actions."""
    legal = game.legal_actions()
    assert decision_actions(game.table, legal), f"no legal action at {game.pending()['prompt']}"
    return player.rng.choices(legal, weights=[player.weights(x) for x in legal])[0]


def play_checked(game: Game, seed: int, *, trip_every: int) -> int:
    """Play to the end; invariants and the position's JSON round trip after every action, the
    scenario file round trip every ``trip_every`` actions (and at the start and the end)."""
    player = RandomPlayer(seed)
    baseline = None
    played = 0
    round_trip(game)
    while not game.state.finished:
        game.apply(next_action(game, player))
        played += 1
        check_position(game)
        model_round_trip(game)
        in_setup = game.state.turn is not None and game.state.turn.step == "draft"
        if baseline is None and not in_setup:
            baseline = inventory(game)
        elif baseline is not None:
            assert inventory(game) == baseline, f"a component moved out of the game at {played}"
        if played % trip_every == 0:
            round_trip(game)
        assert played < 5000
    round_trip(game)
    return played


def recompute(game: Game) -> list[dict[str, int]]:
    """Each category from the final position, independently of scoring.py (objectives use the
    card evaluators, tested separately in test_scoring.py)."""
    table, state = game.table, game.state
    cat = table.catalog
    levels = cat.round_tracks[state.options.length].reputation_levels
    out = []
    for p in state.players:
        tiles = 0
        for o in p.organiser:
            tile = cat.tiles[o.tile]
            tiles += (tile.back if o.flipped and tile.back else tile.front).vp
        level = min(p.reputation // 5 + 1, levels + 1)
        out.append({
            "tiles": tiles,
            "gentry": sum(cat.gentry[c].vp for c in [*p.hand, *p.discard]),
            "objectives": sum(evaluate(table, p, o).vp for o in p.objectives),
            "reputation": level * (level + 1) // 2,
            "servants": 2 * len(p.servants.all()),
            "wealth": p.money // 200,
            "vp_cards": sum(cat.vp_cards[v].vp for v in p.vp_cards),
        })
    return out


@pytest.mark.parametrize(("players", "length", "expansion"), MATRIX)
def test_random_complete_game_keeps_every_component_in_one_place(players, length, expansion):
    seed = 100 * players + (length == "extended") * 10 + expansion
    options = Options(expansion=expansion, length=length)
    game = new_game(players, seed=seed, options=options)
    played = play_checked(game, seed, trip_every=1 if (players, length, expansion) == (
        2, "standard", True) else 40)
    state = game.state
    assert state.finished and state.turn is None and game.legal_actions() == []
    assert state.round == (16 if length == "standard" else 20)
    assert len(state.themes) == 4
    assert played > 20 * players
    sheet = score(game)
    expected = recompute(game)
    limit_on = bool(state.options.prestige_guest_limit)
    for p, want in zip(sheet.players, expected, strict=True):
        if limit_on:
            assert p.categories["gentry"] <= want["gentry"]
            want["gentry"] = p.categories["gentry"]
        assert p.categories == want, p.name
        assert p.total == sum(p.categories[c] for c in CATEGORIES)
    assert set(sheet.winners) <= set(range(players)) and sheet.winners


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_four_player_games_more_seeds(seed):
    game = new_game(4, seed=seed)
    play_checked(game, seed, trip_every=20)
    assert game.state.finished


@pytest.mark.parametrize(("seed", "extended"), [(1, False), (2, True)])
def test_random_solo_game_always_offers_a_legal_action(seed: int, extended: bool) -> None:
    """The Solo Estate Challenge played at random: every decision has a legal action until the
    challenge ends (issue 10)."""
    game = new_solo_game(seed, extended=extended)
    player = RandomSolo(seed)
    played = 0
    while not game.state.finished:
        game.apply(next_action(game, player))
        played += 1
        assert played < 5000
    assert game.legal_actions() == [] and game.state.turn is None


def test_seeded_games_are_reproducible():
    a = simulate(3, 42, expansion=True)
    b = simulate(3, 42, expansion=True)
    c = simulate(3, 43, expansion=True)
    assert a.game.to_scenario() == b.game.to_scenario()
    assert [e.action for e in a.game.log] == [e.action for e in b.game.log]
    assert a.game.to_scenario() != c.game.to_scenario()


def test_scoresheet_as_dataframe_adds_up():
    sim = simulate(4, 9)
    frame = sim.scoresheet.to_dataframe()
    assert list(frame.columns) == [p.name for p in sim.game.state.players]
    assert list(frame.index)[-1] == "Total"
    assert len(frame.index) == 8
    assert (frame.iloc[:7].sum() == frame.loc["Total"]).all()


def test_turn_order_by_season_runs_clockwise_from_the_rotating_first_player():
    sim = simulate(4, 5)
    assert sim.turn_order_by_season == [[0, 1, 2, 3], [3, 0, 1, 2], [2, 3, 0, 1], [1, 2, 3, 0]]
    sim = simulate(4, 5, rotation="clockwise")
    assert sim.turn_order_by_season == [[0, 1, 2, 3], [1, 2, 3, 0], [2, 3, 0, 1], [3, 0, 1, 2]]


def test_cli_simulate_json_contract():
    out = subprocess.run(
        [sys.executable, "-m", "obsession_nb.cli", "simulate", "--players", "3", "--seed", "4",
         "--extended", "--no-expansion", "--json"],
        capture_output=True, text=True, check=True,
    )
    data = json.loads(out.stdout)
    assert data["options"]["length"] == "extended" and data["options"]["expansion"] is False
    assert len(data["scores"]) == 3
    for entry in data["scores"]:
        assert set(entry) >= {"name", "categories", "total"}
        assert set(entry["categories"]) == set(CATEGORIES)
        assert sum(entry["categories"].values()) == entry["total"]
    assert data["turn_order_by_season"] == [[0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 1, 2]]


def test_cli_simulate_prints_the_scoresheet():
    out = subprocess.run(
        [sys.executable, "-m", "obsession_nb.cli", "simulate", "--players", "2", "--seed", "1"],
        capture_output=True, text=True, check=True,
    )
    assert "Improvement tiles" in out.stdout and "Total" in out.stdout
    assert "Season 4 turn order" in out.stdout
