"""Seeded random complete Tableau Obsession games (2–4 players) and Duels, played through
``legal_actions()`` only, with the invariants checked after every action (issue 13)."""

from __future__ import annotations

import pytest
from game_invariants import check_position, inventory, model_round_trip, round_trip

from obsession_nb import Game
from obsession_nb.engine.game import new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.players.random_player import RandomPlayer


def play_checked(game: Game, seed: int) -> int:
    player = RandomPlayer(seed)
    baseline = None
    played = 0
    round_trip(game)
    while not game.state.finished:
        game.apply(player.choose(game))
        played += 1
        check_position(game)
        model_round_trip(game)
        if baseline is None and game.state.turn is not None and game.state.turn.step != "draft":
            baseline = inventory(game)
        elif baseline is not None:
            assert inventory(game) == baseline, f"a component moved at action {played}"
        assert played < 8000
    round_trip(game)
    return played


GAMES = [("tableau", n, seed) for n in (2, 3, 4) for seed in (1, 2)] + [
    ("tableau", 3, 5), *(("tableau-duel", 2, seed) for seed in (11, 12, 13))]
ENDS_AT_MAX = ("tableau", 3, 5)
"""A seed whose random game ends when a player reaches Max (most random games run out of track)."""


@pytest.mark.parametrize(("mode", "players", "seed"), GAMES)
def test_random_complete_tableau_game_keeps_the_invariants(mode, players, seed) -> None:
    game = new_game(players, seed=seed, options=Options(mode=mode))
    first = game.state.first_player
    played = play_checked(game, seed)
    state = game.state
    assert state.finished and state.turn is None and game.legal_actions() == []
    tab = state.tableau
    assert tab.end_reason in ("max", "track-end")
    if (mode, players, seed) == ENDS_AT_MAX:
        assert tab.end_reason == "max"
        last = [e for e in game.log if e.player is not None][-1]
        assert last.player == tab.reached_max  # the game stopped at the end of that turn
    if tab.end_reason == "track-end":
        assert state.round == 20
    else:
        assert game.table.wheel.label(state.players[tab.reached_max].reputation) == "max"
    assert state.first_player == first  # never rotated
    assert [q.round for q in tab.queen_victoria] == list(range(1, len(tab.queen_victoria) + 1))
    assert state.themes == [] and played > 20 * players
    sheet = score(game)
    for p in sheet.players:
        assert set(p.categories) == {"tiles", "gentry", "objectives", "reputation", "vp_cards",
                                     "milestones"}
        assert p.categories["gentry"] <= 0
    assert sheet.winners
