"""Issue 44: one plan generator for the hint, the review, the ``search`` player and the
explorer's value column; honest uncertainty; levels; practice in every option; team results
per team."""

from __future__ import annotations

import random
from typing import Any

import pytest

from obsession_nb.cli import main
from obsession_nb.cli.output import LEVEL_HELP, LEVEL_NAMES
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice.advice import Verdict, differences, verdict
from obsession_nb.practice.arena import ArenaResult, make_player, standings
from obsession_nb.practice.candidates import candidates
from obsession_nb.practice.coach import compare, explore_values, hint, review_turn
from obsession_nb.practice.determinise import copy_position
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.plans import LEVELS, Level, Tally, Valued, best_plans, clear_lead
from obsession_nb.practice.search import SearchPlayer
from obsession_nb.practice.session import Practice
from obsession_nb.practice.turn_plan import Outcome, Plan, own_turn, plan_of, same_plan

QUICK = Level("quick", 400, 6)
"""A small budget: these tests check what the coach says, not how well it plays."""


def mid_game(seed: int = 3, round_: int = 4) -> Game:
    return play_to_round(new_game(4, seed=seed), round_)


def play_plan(game: Game, plan: Plan) -> None:
    """Play the plan to the end of the turn on the game itself."""
    seat = game.state.turn.player
    own_turn(game.table, seat, plan, HeuristicPlayer(0), apply=game.apply)


@pytest.mark.parametrize(("seed", "round_"), [(3, 4), (5, 7), (8, 2)])
def test_the_review_finds_the_hints_plan_at_the_same_position_level_and_seed(
        seed: int, round_: int) -> None:
    game = mid_game(seed, round_)
    mark = game.snapshot()
    told = hint(game, level=QUICK, seed=2)
    chosen = compare(game, level=QUICK, seed=2).best.plan
    assert told.plan == chosen.words(game)
    play_plan(game, chosen)
    review = review_turn(game, mark, level=QUICK, seed=2)
    assert review.best[0].label == told.plan
    assert review.followed and review.cost == 0
    assert "You played the best plan found" in review.summary()


def test_the_search_player_plays_the_hints_plan() -> None:
    game = mid_game()
    player = SearchPlayer(4, level=QUICK)
    action = player.choose(game)
    told = hint(game, level=QUICK, seed=4)
    assert player.current is not None and player.current.words(game) == told.plan
    assert action is not None and action.notation == told.action


def test_the_explorers_value_column_gives_the_hints_plan_its_value() -> None:
    game = mid_game()
    told = hint(game, level=QUICK)
    frame = explore_values(game, top=None, level=QUICK)
    rows = [plan_of(game.table, [parse(x) for x in row]) for row in frame["actions"]]
    found = compare(game, level=QUICK)
    mine = [i for i, p in enumerate(rows) if same_plan(p, found.best.plan)]
    assert mine, "the hint's plan is a line of the explorer"
    assert all(frame["value"][i] == round(told.value.mean, 2) for i in mine)  # type: ignore[union-attr]


@pytest.mark.parametrize(("seed", "round_"), [(3, 4), (5, 7), (11, 3)])
def test_the_candidates_host_every_tile_the_engine_allows(seed: int, round_: int) -> None:
    game = mid_game(seed, round_)
    seat = game.state.turn.player
    start = copy_position(game.table)
    own_turn(start, seat, Plan("host"), HeuristicPlayer(0), until=("host",))
    hostable = {h.tile for h in engine.legal_actions(start, (a.Host,))}
    found = candidates(game.table, seat, random.Random(1), most=1)
    assert hostable <= {c.plan.tile for c in found if c.plan.kind == "host"}
    assert {"rents"} <= {c.plan.kind for c in found}


def test_plans_are_read_back_from_the_actions_of_a_turn() -> None:
    game = mid_game()
    found = compare(game, level=QUICK)
    for valued in found.ranked[:4]:
        trial = mid_game()
        mark = len(trial.log)
        play_plan(trial, valued.plan)
        played = [parse(e.action) for e in trial.log[mark:]
                  if e.player == found.seat and not e.action.startswith("(")]
        assert same_plan(plan_of(trial.table, played), valued.plan)


def outcome(margin: float, **sheet: float) -> Outcome:
    return Outcome(margin, dict(sheet), 0, 0, 30)


def valued(*margins: float, **sheet: float) -> Valued:
    return Valued(Plan("rents"), 0.0, Tally([outcome(m, **sheet) for m in margins]))


def test_within_two_standard_errors_is_too_close_to_call() -> None:
    assert Verdict(0.3, 0.2, 10).close and "too close to call" in str(Verdict(0.3, 0.2, 10))
    assert not Verdict(1.0, 0.2, 10).close and str(Verdict(1.0, 0.2, 10)).startswith("about 1.0")
    assert Verdict(2.0, 0.0, 1).close  # one sample is no evidence
    # paired: the luck both plans met cancels
    one, other = valued(5, 1, 9, 3), valued(4, 0, 8, 2)
    said = verdict(one, other)
    assert said.difference == pytest.approx(1.0) and said.error == 0 and not said.close
    noisy = verdict(valued(5, 1, 9, 3), valued(9, 0, 4, 2))
    assert noisy.close


def test_differences_are_told_by_the_scoresheets_rows() -> None:
    one = valued(3, 3, gentry=6.0, tiles=4.0)
    other = valued(1, 1, gentry=3.0, tiles=4.2)
    assert differences(one, other) == ["Gentry +3.0 VP"]


def test_a_close_review_charges_nothing() -> None:
    game = mid_game()
    mark = game.snapshot()
    found = compare(game, level=QUICK, seed=1)
    play_plan(game, found.ranked[1].plan)
    review = review_turn(game, mark, level=QUICK, seed=1)
    assert not review.followed
    if review.close:
        assert review.cost == 0 and "too close to call" in review.summary()
    else:
        assert review.cost == pytest.approx(review.verdict.difference) and review.why  # type: ignore[union-attr]


def test_levels_have_growing_budgets_and_the_cli_offers_them() -> None:
    assert tuple(LEVELS) == LEVEL_NAMES == ("easy", "normal", "strong")
    budgets = [LEVELS[n].budget for n in LEVEL_NAMES]
    assert budgets == sorted(budgets) and len(set(budgets)) == 3
    for name in LEVEL_NAMES:  # the help states each level's budget
        assert f"{name} {LEVELS[name].budget:,}" in LEVEL_HELP
    with pytest.raises(ValueError, match="unknown level 'hard'"):
        best_plans(mid_game().table, 0, level="hard")


def test_a_bigger_level_plays_more() -> None:
    game = mid_game()
    seat = game.state.turn.player
    easy = best_plans(game.table, seat, level="easy", seed=3)
    assert easy.spent <= LEVELS["easy"].budget * 1.5
    if easy.spent < LEVELS["easy"].budget * 0.8:  # stopped early, on a clear lead only
        assert clear_lead([v for v in easy.ranked if v.tally.n == easy.best.tally.n])
    small = best_plans(game.table, seat, level=QUICK, seed=3)
    assert small.spent < easy.spent


def test_the_hint_continues_the_plan_through_the_turn() -> None:
    practice = Practice(players=2, seat=1, opponents="heuristic", seed=3, level=QUICK)
    me = make_player("heuristic", 1)
    while not (practice.your_move() and practice.game.state.turn.step == "begin"
               and practice.game.state.round >= 3):
        if practice.your_move():
            practice.apply(me.choose(practice.game))
        else:
            practice.play_opponents()
    first = practice.hint()
    mark = practice.marks[-1]
    assert mark.turn and mark.comparison is not None
    reviews = len(practice.reviews)
    while len(practice.reviews) == reviews:
        told = practice.hint()
        assert told.plan == first.plan
        practice.apply(told.action)
    review = practice.last_review()
    assert review is not None and review.followed, review.summary()


def run_practice(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> Any:
    seen: dict[str, Any] = {}

    def fake_run(practice: Practice, read: Any, out: Any) -> int:
        seen["practice"] = practice
        return 0

    monkeypatch.setattr("obsession_nb.cli.practice_text.run", fake_run)
    code = main(["practice", *argv])
    return code, seen.get("practice")


def test_practice_takes_options_milestones_the_mode_and_the_level(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, practice = run_practice(["--players", "3", "--opponents", "heuristic",
                                   "--option", "courtship=closed", "--milestones", "random",
                                   "--level", "easy"], monkeypatch)
    assert code == 0
    options = practice.game.state.options
    assert options.courtship == "closed" and practice.game.state.milestones is not None
    assert practice.level.name == "easy"
    code, practice = run_practice(["--players", "3", "--mode", "tableau", "--opponents",
                                   "random"], monkeypatch)
    assert code == 0 and practice.game.state.options.mode == "tableau"


def test_practice_refuses_a_bad_option(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run_practice(["--option", "courtship=sideways"], monkeypatch)
    assert stop.value.code == 2
    assert "courtship" in capsys.readouterr().err


def test_team_results_count_per_team() -> None:
    seats = ("search", "heuristic", "search", "heuristic")
    sides = ((0, 2), (1, 3))
    games = [ArenaResult(i, seats, (50, 40, 50, 40), (0, 2) if i < 4 else (1, 3), 300, sides)
             for i in range(5)]
    table = standings(games)
    assert table["search"]["seats"] == 5 and table["search"]["unit"] == "teams"
    assert table["search"]["win_rate"] == pytest.approx(0.8)
    assert table["heuristic"]["win_rate"] == pytest.approx(0.2)


def test_a_team_arena_game_records_its_teams() -> None:
    from obsession_nb.practice.arena import ArenaGame, play_arena_game

    result = play_arena_game(ArenaGame(4, 5, ("heuristic", "random", "heuristic", "random"),
                                       "team"))
    assert result.teams == ((0, 2), (1, 3))
    rows = standings([result])
    assert sum(r["wins"] for r in rows.values()) == pytest.approx(1.0)


def test_make_player_takes_a_level() -> None:
    player = make_player("search", 1, level="strong")
    assert isinstance(player, SearchPlayer) and player.level is LEVELS["strong"]


def _lines_and_values(frame: Any) -> list[tuple[tuple[str, ...], float, float]]:
    return [(tuple(x), v, e) for x, v, e in zip(frame["actions"], frame["value"],
                                                 frame["value_error"], strict=True)]


def test_a_turn_past_the_value_columns_limit_lists_the_compared_plans_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``VALUE_LIMIT`` positions the column lists the rows of the compared plans only,
    each (tile, party) and the pass searched on its own: the very rows, figures and values the
    whole turn's table gives those plans; with ``top``, the first rows of that list, found
    without searching the plans that could not reach them."""
    from obsession_nb.engine.explore import explorer
    from obsession_nb.practice import value_column

    game = mid_game()
    whole = explore_values(game, top=None, level=QUICK)
    found = compare(game, level=QUICK)
    compared = [i for i, row in enumerate(whole["actions"])
                if found.find(plan_of(game.table, [parse(x) for x in row])) is not None]
    monkeypatch.setattr(value_column, "VALUE_LIMIT", 0)
    listed = explore_values(game, top=None, level=QUICK)
    assert len(compared) < len(whole)
    assert sorted(_lines_and_values(listed)) == sorted(
        _lines_and_values(whole.iloc[compared]))
    assert list(listed["value"]) == sorted(listed["value"], reverse=True)

    searched: list[tuple[str | None, Any]] = []
    real = explorer.lines

    def lines(game: Game, **options: Any) -> Any:
        searched.append((options.get("host"), options.get("party")))
        return real(game, **options)

    monkeypatch.setattr(value_column, "lines", lines)
    first = explore_values(game, top=3, level=QUICK)
    assert _lines_and_values(first) == _lines_and_values(listed.head(3))
    groups = {(v.plan.tile, frozenset(v.plan.party)) for v in found.ranked
              if v.plan.kind == "host"}
    assert 0 < len(searched) < len(groups)


def test_a_hint_for_a_teammates_answer_compares_the_answers() -> None:
    from obsession_nb.engine.records.options import Options

    game = play_to_round(new_game(4, seed=2, options=Options(mode="team")), 3)
    asking = next(x for x in game.legal_actions() if x.notation.startswith("ask-gift"))
    game.apply(asking)
    answering = game.pending()["owner"]
    assert answering != game.state.turn.player
    found = compare(game, level=QUICK)
    assert found.seat == answering and len(found.ranked) >= 2
    assert {v.plan.actions[0] for v in found.ranked} <= set(game.legal_actions())
    told = hint(game, level=QUICK)
    assert game.can(told.action)
