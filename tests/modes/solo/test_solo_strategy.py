"""The greedy and planner Solo Estate Challenge players: they finish games of both lengths, play
only actions the engine lists as legal, and their planning on copies leaves the game untouched.
No timing or win-rate assertions (see bench/solo_strategy.py for those figures)."""

from __future__ import annotations

import pytest

from obsession_nb.modes.solo.game import new_solo_game, solo_result
from obsession_nb.modes.solo.players.planner import PlannerSolo
from obsession_nb.modes.solo.players.strategy import GreedySolo
from obsession_nb.modes.solo.tableau import at_max, check


@pytest.mark.parametrize("strategy", [GreedySolo, PlannerSolo])
@pytest.mark.parametrize(("seed", "extended"), [(3, False), (10_004, True)])
def test_solo_player_finishes_with_legal_actions_only(seed: int, extended: bool,
                                                     strategy: type) -> None:
    game = new_solo_game(seed, extended=extended)
    player = strategy(seed)
    for _ in range(5_000):
        if game.state.finished:
            break
        before = game.state.model_dump()
        action = player.choose(game)
        assert game.state.model_dump() == before, "choosing must not change the game"
        assert action in game.legal_actions(), f"{action.notation} is not legal"
        game.apply(action)
    assert game.state.finished
    result = solo_result(game)
    assert result.finished and result.verdict in ("won", "lost")
    me = game.state.players[0]
    assert at_max(game.table, me) and check(game.table, me).complete


def test_greedy_plans_a_pass_or_a_hostable_tile() -> None:
    game = new_solo_game(5, family="ponsonby", servant="useful_man")
    player = GreedySolo(5)
    plan = player.plan_turn(game.table)
    owned = {o.tile for o in game.state.players[0].organiser}
    assert plan in ("rents", "hire") or plan in owned
