"""Issue 44's time figures: the coach's playouts made cheaper without changing what they choose
(the playout policy's service step, the review's reuse of playouts already made) and the
halving's early stop, which only a clear lead may trigger."""

from __future__ import annotations

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice.opponents import HeuristicPlayer, PlayoutPolicy
from obsession_nb.practice.plans import (
    CLEAR,
    CLEAR_AFTER,
    Level,
    Tally,
    Valued,
    best_plans,
    clear_lead,
    run,
)
from obsession_nb.practice.turn_plan import Outcome, Plan


def service_positions(seed: int) -> list[Table]:
    """Copies of the positions at the service step of a heuristic 4-player game."""
    game = new_game(4, seed=seed)
    players = [HeuristicPlayer(seed + k) for k in range(4)]
    found: list[Table] = []
    while not game.state.finished:
        table = game.table
        if table.turn.step == "service" and table.mode.decision_owner(table) is None:
            found.append(Table(table.state.clone(), table.catalog, table.custom))
        game.apply(players[game.pending()["owner"]].choose(game))
    return found


def test_the_playout_policy_serves_as_the_heuristic_player_does() -> None:
    """It checks only the actions it would pick, yet picks what the whole list gives."""
    policy, chosen = PlayoutPolicy(0), set()
    positions = service_positions(11) + service_positions(12)
    for table in positions:
        legal = engine.legal_actions(table)
        expected = HeuristicPlayer.step_service(policy, table, legal) or policy.fallback(legal)
        with table.reading():
            got = policy.decide(table, None)
        assert got == expected
        chosen.add(type(got).__name__)
    assert len(positions) >= 40 and {"Serve", "Done"} <= chosen


def test_a_plan_valued_again_ends_as_its_playouts_did() -> None:
    """The review values your plan on the best plan's samples; the playouts the comparison
    made already are reused, and they are what playing again gives."""
    game = play_to_round(new_game(4, seed=3), 4)
    found = best_plans(game.table, game.state.turn.player, level=Level("q", 600, 6), seed=2)
    for v in found.ranked[:3]:
        again = found.value_line(v.plan)
        assert again.tally.n == found.best.tally.n
        assert again.tally.outcomes == [run(found.samples, v.plan, i)
                                        for i in range(again.tally.n)]


def tally(*margins: float) -> Valued:
    return Valued(Plan("rents"), 0.0, Tally([Outcome(m, {}, 0, 0, 25) for m in margins]))


def test_a_lead_is_clear_beyond_two_standard_errors_of_the_paired_difference() -> None:
    steady = tally(5, 6, 5, 6, 5, 6)
    assert clear_lead([steady, tally(1, 2, 1, 2, 1, 2)])  # +4 every time
    assert not clear_lead([steady, tally(5, 6, 5, 6, 5, 7)])  # a tie but once
    assert not clear_lead([steady, tally(-9, 20, -9, 20, -9, 5)])  # ahead by luck
    assert not clear_lead([steady, tally(1, 2, 1, 2, 1, 2), tally(5, 5, 5, 6, 5, 6)])


def test_the_halving_stops_early_only_on_a_clear_lead() -> None:
    budget, early = 2_500, []
    for seed, round_ in [(3, 4), (5, 7), (8, 2), (9, 10), (4, 13)]:
        game: Game = play_to_round(new_game(4, seed=seed), round_)
        found = best_plans(game.table, game.state.turn.player, level=Level("t", budget, 12),
                           seed=seed)
        best = found.best
        assert found.spent <= budget * 1.5
        early.append(found.spent < budget * 0.8)
        if early[-1]:  # stopped early: every plan still compared is clearly behind
            still = [v for v in found.ranked[1:] if v.tally.n == best.tally.n]
            assert still and best.tally.n >= CLEAR_AFTER
            for v in still:
                lead, error, _n = best.tally.lead(v.tally)
                assert lead > CLEAR * error
    assert any(early) and not all(early), early
