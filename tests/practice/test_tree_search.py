"""The ``strong`` level's information-set search (practice/tree.py): it ranks the plan
generator's plans, on common samples, within its budget in engine actions, reads only what the
seat may know, and its playouts choose the seat's later turns from the options open there."""

from __future__ import annotations

import random

import pytest

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.mode import mode_named
from obsession_nb.engine.positions.option_index import options_with
from obsession_nb.engine.records.options import Options
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice import tree
from obsession_nb.practice.candidates import candidates
from obsession_nb.practice.determinise import Samples, copy_position
from obsession_nb.practice.plans import LEVELS, Level, best_plans
from obsession_nb.practice.search import SearchPlayer
from obsession_nb.practice.tree import SETTLED, Line, Tree, ranking, settled
from obsession_nb.practice.turn_plan import (
    PASS_KINDS,
    Outcome,
    Plan,
    others,
    outcome,
    own_turn,
    sample_policy,
    to_the_end,
)

TREE = Level("tree", 900, 6, depth=2)


def mid_game(players: int = 4, seed: int = 3, round_: int = 4, mode: str = "standard") -> Game:
    return play_to_round(new_game(players, seed=seed, options=options_with((), Options(
        mode=mode))), round_)  # type: ignore[arg-type]


def test_the_strong_level_searches_a_tree_and_the_others_halve() -> None:
    assert LEVELS["strong"].depth > 1
    assert LEVELS["easy"].depth == LEVELS["normal"].depth == 1
    game = mid_game()
    seat = game.state.turn.player
    assert best_plans(game.table, seat, level=TREE, seed=1).tree is not None
    assert best_plans(game.table, seat, level=Level("flat", 300, 4), seed=1).tree is None


def test_the_search_ranks_the_plan_generators_plans_within_its_budget() -> None:
    game = mid_game()
    before = game.to_json()
    seat = game.state.turn.player
    found = best_plans(game.table, seat, level=TREE, seed=1)
    generated = candidates(game.table, seat, random.Random("plans:1:candidates"), most=TREE.plans)
    assert sorted(map(repr, (v.plan for v in found.ranked))) == sorted(
        repr(c.plan) for c in generated)
    assert all(v.tally.n >= 1 for v in found.ranked)  # every plan had its first look
    assert found.best.tally.n >= 2 and found.best.tally.n == max(v.tally.n for v in found.ranked)
    assert TREE.budget <= found.spent < TREE.budget + 400
    assert game.to_json() == before  # the search played on samples, never the game


def test_the_same_seed_gives_the_same_search_and_more_budget_plays_more() -> None:
    game = mid_game(seed=8, round_=6)
    seat = game.state.turn.player

    def run(budget: int) -> tuple[list[tuple[str, float, int]], int]:
        found = best_plans(game.table, seat, level=Level("t", budget, 6, depth=2), seed=4)
        return [(repr(v.plan), v.tally.mean, v.tally.n) for v in found.ranked], found.spent

    small = run(600)
    assert run(600) == small
    big = run(1800)
    assert big[1] > small[1]
    assert sum(n for *_x, n in big[0]) > sum(n for *_x, n in small[0])


@pytest.mark.parametrize(("players", "mode"), [(4, "standard"), (4, "team"), (3, "tableau"),
                                               (2, "tableau-duel")])
def test_the_search_reads_only_what_the_seat_may_know(players: int, mode: str) -> None:
    """A re-deal of everything the seat cannot see (``Game.sample``) leaves its search, the
    values of its plans and the search player's choice the same."""
    game = mid_game(players, seed=5, round_=3, mode=mode)
    seat = game.pending()["owner"]
    seen = set()
    for k in (None, 1, 2):
        g = game if k is None else game.sample(seat, random.Random(f"redeal:{k}"))
        found = best_plans(g.table, seat, level=Level("t", 500, 5, depth=2), seed=2)
        player = SearchPlayer(3, level=Level("t", 400, 4, depth=2))
        seen.add((tuple((repr(v.plan), v.tally.mean, v.tally.n) for v in found.ranked),
                  player.choose(g).notation))
    assert len(seen) == 1


def test_a_later_turns_options_put_the_heuristics_own_choice_first() -> None:
    game = mid_game()
    seat = game.state.turn.player
    samples = Samples(game.table, seat, "t")
    sim = samples.copy(0)
    policy = sample_policy("t", 0)
    own_turn(sim, seat, Plan("rents"), policy)
    others(sim, seat, policy)
    assert sim.state.turn.player == seat and sim.state.turn.step == "begin"
    options = Tree.options(sim, seat, policy)
    assert set(PASS_KINDS) <= set(options)
    tiles = [o for o in options if o not in PASS_KINDS]
    assert tiles and set(tiles) <= {t.tile for t in sim.state.players[seat].organiser}
    quick = copy_position(sim)  # the heuristic player's own quick turn hosts the first
    own_turn(quick, seat, Plan("follow", None), sample_policy("t", 0), until=("invite",))
    assert quick.state.turn.step == "invite" and quick.state.turn.tile == tiles[0]


def test_the_tree_gives_a_line_it_did_not_compare_its_own_subtree() -> None:
    game = mid_game()
    seat = game.state.turn.player
    found = best_plans(game.table, seat, level=TREE, seed=1)
    worst = found.ranked[-1].plan
    again = found.value_line(worst, 3)
    assert again.tally.n == 3
    assert [o.margin for o in again.tally.outcomes] == [
        o.margin for o in found.value_line(worst, 3).tally.outcomes]


def line(n: int) -> Line:
    return Line(Plan("rents"), 0.0, [Outcome(0.0, {}, 0, 0, 30)] * n)


def test_the_search_settles_only_when_the_rest_of_the_budget_could_not_change_its_plan() -> None:
    lines = [line(40), line(5), line(3)]  # 5 + ceil(300 / 30) = 15 < 20: nothing else can rank
    assert settled(lines, 300, 30)
    assert ranking(lines)[0] is lines[0]
    assert not settled(lines, 450, 30)  # 5 + 15 = 20: the second line could still qualify
    assert not settled(lines, 300, 20)  # shorter playouts: 15 more of them
    assert not settled([line(SETTLED - 1)], 10_000, 30)  # one plan: played a few times first
    assert settled([line(SETTLED)], 10_000, 30)


@pytest.mark.parametrize("seed", [4, 7])
def test_a_settled_search_names_the_plan_the_whole_budget_names(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game = mid_game(seed=seed, round_=3)
    seat = game.pending()["owner"]
    level = Level("t", 1_500, 4, depth=2)
    early = best_plans(game.table, seat, level=level, seed=3)
    monkeypatch.setattr(tree, "settled", lambda *_args: False)
    whole = best_plans(game.table, seat, level=level, seed=3)
    assert whole.spent >= level.budget > early.spent  # it stopped early
    assert early.best.plan == whole.best.plan


def test_in_a_race_to_end_the_game_a_playout_goes_on_to_the_end() -> None:
    """Tableau Obsession ends when a turn ends at Max (tableau.end): the tree's playouts are
    read at the end of the game, the standard game's at the seat's next turn."""
    assert mode_named("tableau").sudden_end and mode_named("tableau-duel").sudden_end
    assert not mode_named("standard").sudden_end and not mode_named("team").sudden_end
    for mode, players in (("tableau", 3), ("standard", 4)):
        game = mid_game(players, seed=7, round_=3, mode=mode)
        seat = game.pending()["owner"]
        samples = Samples(game.table, seat, "t")
        got = Tree(samples, 1).visit(Line(Plan("rents"), 0.0))
        sim, policy = samples.copy(0), sample_policy("t", 0)
        played = own_turn(sim, seat, Plan("rents"), policy) + others(sim, seat, policy)
        if mode == "tableau":
            played += to_the_end(sim, policy)
            assert sim.state.finished
        else:
            assert sim.state.turn.player == seat and not sim.state.finished
        assert got == outcome(sim, seat, played)


def looked(margin: float, reputation: int) -> Line:
    first = Outcome(margin, {}, 0, reputation, 30)
    return Line(Plan("host", f"m{margin}r{reputation}"), margin, first=first)


def test_in_a_race_the_plans_that_climb_fastest_enter_the_search_early() -> None:
    """The plans enter the search by their first look's margin; in a race to end the game
    (tableau.end) that order is taken in turns with the reputation each first look reached."""
    lines = [looked(9.0, 3), looked(8.0, 3), looked(7.0, 3), looked(1.0, 6), looked(0.0, 5)]
    for mode, players, want in (
            ("standard", 4, [9.0, 8.0, 7.0, 1.0, 0.0]),
            ("tableau", 3, [9.0, 1.0, 8.0, 0.0, 7.0])):
        game = mid_game(players, seed=7, round_=2, mode=mode)
        samples = Samples(game.table, game.pending()["owner"], "t")
        assert [x.first.margin for x in Tree(samples, 2).entry(lines)] == want
