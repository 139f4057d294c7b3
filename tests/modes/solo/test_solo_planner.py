"""The planner Solo Estate Challenge player (modes/solo/players/planner.py) and the outlook it judges by
(modes/solo/players/estimate.py): a seed always gives the same game, and the outlook's arithmetic
(tests/modes/solo/test_solo_strategy.py plays it to the end with legal actions only).  No timing or
win-rate assertions (bench/solo_strategy.py measures those)."""

from __future__ import annotations

import pytest

from obsession_nb.modes.solo.game import modifier, play_solo, solo_position
from obsession_nb.modes.solo.players.estimate import outlook


def test_planner_is_deterministic_per_seed() -> None:
    first = play_solo(7, strategy="planner", logged=False)
    again = play_solo(7, strategy="planner", logged=False)
    assert first.actions == again.actions
    assert first.result.to_json() == again.result.to_json()
    other = play_solo(8, strategy="planner", logged=False)
    assert other.actions != first.actions


@pytest.mark.parametrize(("finish", "at"), [(10, 12), (12, 12), (14, 12), (17, 15)])
def test_outlook_uses_the_round_modifiers_solo_sec_round_modifiers(finish: int, at: int) -> None:
    from obsession_nb.modes.solo.players.estimate import modifier as fractional

    assert fractional(finish, at) == modifier(finish, at)
    assert modifier(finish, at) > fractional(finish + 0.5, at) > modifier(finish + 1, at)


def test_outlook_of_a_complete_tableau_at_max_ends_this_round_solo_sec_end_conditions() -> None:
    # Ponsonby's START tiles flipped, two tiles more per column: nothing left to buy or flip
    tiles = [("bowling-green", True), ("butlers-room", True), ("front-parlour", True),
             ("gazebo", True), ("private-study", True), "barn", "brushing-room",
             ("riding-stables", True), ("croquet-lawn", True), ("morning-room", True),
             ("breakfast-room", True), ("english-garden", True), ("fenced-paddock", True),
             ("drawing-room", True), ("music-room", True)]
    game = solo_position(1, round=11, step="buy", reputation="max", organiser=tiles)
    view = outlook(game.table)
    assert view.buy == () and view.turns == 0
    assert view.finish == 11 and view.modifier == modifier(11, 12)


def test_outlook_counts_the_tiles_still_to_buy_and_flip() -> None:
    game = solo_position(1, round=3, step="buy")
    early = outlook(game.table)
    assert len(early.buy) == 10  # five START tiles, columns of three
    assert early.turns > 0 and early.finish > 3


def test_compare_strategies_plays_the_same_seeds_for_each() -> None:
    from obsession_nb.tutor.solo_odds import compare_strategies

    table = compare_strategies(1)
    assert list(table.index) == ["greedy", "planner"]
    assert (table["games"] == 1).all() and (table["target"] == 132).all()


def test_solo_cli_planner_strategy(capsys) -> None:
    import json

    from obsession_nb.cli import main

    assert main(["solo", "--seed", "2", "--strategy", "planner", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["strategy"] == "planner" and data["verdict"] in ("won", "lost")


def test_a_finished_challenge_forces_no_pass() -> None:
    """Asked about a position whose game is over (no turn), the planner answers 0 rather than
    reading a turn that is not there."""
    from obsession_nb.modes.solo.players.planner import PlannerSolo

    run = play_solo(3, logged=False)
    assert run.game.state.finished and run.game.state.turn is None
    assert PlannerSolo(3).forced_pass(run.game.table) == 0.0
