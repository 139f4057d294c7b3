"""Issue 29: the coach (a turn's review, hints, the explorer's value column), the practice game
and ``obsession-nb practice`` / ``simulate --strategy``."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from obsession_nb.cli import main
from obsession_nb.cli.practice_text import run
from obsession_nb.engine.game import Game, load_scenario_text, new_game
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice.arena import make_player
from obsession_nb.practice.coach import explore_values, hint, review_turn
from obsession_nb.practice.coach_html import review_html
from obsession_nb.practice.plans import Level
from obsession_nb.practice.session import Practice

QUICK = Level("quick", 400, 6)
"""A small budget: these tests check what the coach says, not how well it plays."""


def mid_game() -> Game:
    return play_to_round(new_game(4, seed=3), 4)


def play_own_turn(game: Game, strategy: str = "random", seed: int = 4) -> None:
    seat = game.state.turn.player
    player = make_player(strategy, seed)
    while game.state.turn is not None and game.state.turn.player == seat:
        game.apply(player.choose(game))


def test_review_of_a_turn_sets_the_line_played_beside_the_best_found() -> None:
    game = mid_game()
    mark = game.snapshot()
    seat = game.state.turn.player
    play_own_turn(game)
    after = game.to_json()
    review = review_turn(game, mark, level=QUICK)
    assert game.to_json() == after  # the game is not changed
    played = [e.action for e in game.log[mark.log_length:]
              if e.player == seat and not e.action.startswith("(")]
    assert list(review.yours.actions) == played
    assert 1 <= len(review.best) <= 3
    values = [b.value.mean for b in review.best]
    assert values == sorted(values, reverse=True)
    assert review.verdict is not None
    assert review.cost == (0.0 if review.close else pytest.approx(review.verdict.difference))
    assert all(b.value.playouts >= 2 and b.actions for b in review.best)
    assert set(review.only_best) <= set(review.best[0].rules)
    assert not set(review.only_yours) & set(review.best[0].rules)
    assert review.summary() in str(review) and review.to_json()["yours"]["actions"] == played


def test_a_turn_that_throws_its_activity_away_costs_value() -> None:
    """Passing for rents when the hand and the servants allow a good activity: the coach
    finds better (the heuristic player's own plan is among the lines compared)."""
    game = mid_game()
    mark = game.snapshot()
    game.apply("pass")
    play_own_turn(game, "random", 1)
    review = review_turn(game, mark, level="easy")
    assert review.best[0].value.mean >= review.yours.value.mean
    assert review.cost > 0 and not review.close
    assert review.why and "Better:" in review.summary()


def test_a_review_needs_a_turn_played() -> None:
    game = mid_game()
    with pytest.raises(ValueError, match="has not played"):
        review_turn(game, game.snapshot())


def test_review_html_escapes_names() -> None:
    game = mid_game()
    seat = game.state.turn.player
    game.state.players[seat].name = "<script>x</script>"
    mark = game.snapshot()
    play_own_turn(game)
    text = review_html(review_turn(game, mark, level=QUICK))
    assert "<script>" not in text and "&lt;script&gt;" in text


def test_hint_suggests_a_legal_action_and_changes_nothing() -> None:
    game = mid_game()
    before = game.to_json()
    suggestion = hint(game, level=QUICK)
    assert game.to_json() == before
    assert game.can(suggestion.action)
    assert len(suggestion.lines) >= 2 and "Try:" in str(suggestion)
    assert suggestion.plan.startswith(("host the", "pass and")) and suggestion.reason
    assert suggestion.line and suggestion.line[0] == suggestion.words


def test_the_explorer_gains_a_value_column_with_its_uncertainty() -> None:
    game = mid_game()
    frame = explore_values(game, top=4, level=QUICK)
    assert len(frame) == 4
    assert list(frame["value"]) == sorted(frame["value"], reverse=True)
    assert (frame["value_error"] >= 0).all()
    assert {"actions", "money", "score"} <= set(frame.columns)


def test_a_whole_practice_game_with_the_coach_undo_and_save() -> None:
    practice = Practice(players=2, seat=2, opponents="heuristic", seed=5, level=QUICK)
    me = make_player("heuristic", 11)
    undone = False
    while not practice.over:
        practice.play_opponents()
        if practice.over:
            break
        assert practice.your_move()
        practice.apply(me.choose(practice.game))
        if len(practice.reviews) == 3 and not undone:
            length = len(practice.game.log)
            assert practice.undo()
            undone = True
            assert len(practice.reviews) == 2 and len(practice.game.log) < length
            turn = practice.game.state.turn
            assert turn.player == practice.seat and turn.step == "begin"
    assert practice.game.state.finished
    assert len(practice.reviews) >= 8
    worst = practice.post_game(3)
    assert [r.cost for r in worst] == sorted((r.cost for r in practice.reviews), reverse=True)[:3]
    replay = load_scenario_text(practice.save())
    assert replay.to_json() == practice.game.to_json()


def test_opponents_refuse_to_let_you_move_for_them() -> None:
    practice = Practice(players=2, seat=2, opponents="random", seed=1)
    before = practice.game.to_json()
    with pytest.raises(ValueError, match="not your move"):
        practice.apply(practice.game.legal_actions()[0])
    assert practice.game.to_json() == before
    with pytest.raises(ValueError, match="seat must be 1 to 2"):
        Practice(players=2, seat=3)


def test_text_game_to_the_end_on_scripted_input() -> None:
    practice = Practice(players=2, seat=1, opponents="random", seed=2, level=QUICK)
    me = make_player("heuristic", 3)
    asked = []

    def read(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) == 1:
            return "hint"
        if len(asked) == 2:
            return "bogus"
        return me.choose(practice.game).notation

    out = io.StringIO()
    assert run(practice, read, out) == 0
    text = out.getvalue()
    assert "Try:" in text and "Refused: there is no action 'bogus'" in text
    assert "Coach:" in text and "The game is over." in text
    assert "Your turns that cost the most:" in text


def test_practice_command_on_piped_stdin(tmp_path: Path) -> None:
    saved = tmp_path / "game.yaml"
    script = f"1\nundo\n1\nsave {saved}\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "practice", "--players", "2",
                           "--opponents", "random", "--seed", "4"], input=script,
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr  # quit before the end
    assert "Taken back to the start of your turn." in proc.stdout
    assert f"Saved to {saved}; go on with it later: obsession-nb practice --load" in proc.stdout
    assert not list(tmp_path.glob("practice-unfinished*"))  # saved since the last action
    assert load_scenario_text(saved.read_text()).state.players[0].family is not None


def test_simulate_strategy_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--strategy", "heuristic,random", "--games", "2",
                 "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["games"]) == 2
    assert [g["seats"] for g in data["games"]] == [["heuristic", "random"],
                                                   ["random", "heuristic"]]
    assert data["standings"]["heuristic"]["seats"] == 2


def test_simulate_strategy_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--strategy", "clever"]) == 2
    assert "unknown strategy 'clever'" in capsys.readouterr().err


def test_explore_command_with_the_value_column(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explore", "refresher-round-6", "--value", "--top", "3", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 3
    assert all("value" in r and r["value_error"] >= 0 for r in rows)
    assert [r["value"] for r in rows] == sorted((r["value"] for r in rows), reverse=True)


@pytest.mark.rule("ruling.ai-hidden-information")
def test_ruling_ai_hidden_information_is_what_every_review_rests_on() -> None:
    game = mid_game()
    mark = game.snapshot()
    play_own_turn(game)
    review = review_turn(game, mark, level=QUICK)
    assert review.basis is not None and review.basis.rule == "ruling.ai-hidden-information"
    assert "guesses" in review_html(review)


@pytest.mark.parametrize(("mode", "players"), [("team", 4), ("tableau", 3), ("tableau-duel", 2)])
def test_practice_games_in_the_other_multi_seat_modes(mode: str, players: int) -> None:
    practice = Practice(players=players, seat=2, opponents="heuristic", mode=mode, seed=4,
                        level=QUICK)
    me = make_player("heuristic", 9)
    while not practice.over:
        practice.play_opponents()
        if not practice.over:
            practice.apply(me.choose(practice.game))
    assert practice.game.state.finished and practice.reviews
    assert all(r.seat == 1 for r in practice.reviews)
