"""The quiz (obsession_nb/tutor/quiz.py, the Quiz widget): over 200 generated questions, every marked
answer is checked again against the engine on the position rebuilt from its scenario YAML, and
every other choice is checked to be wrong."""

from __future__ import annotations

from collections import Counter

import pytest

from obsession_nb.tutor import quiz
from obsession_nb.tutor.views.quiz import Quiz

QUESTIONS = quiz.questions(220, seed=0)


def _earned(q: quiz.Question) -> int:
    """Play the question's action on a fresh copy of its position and count the money."""
    game = q.game()
    seat = game.state.turn.player
    before = game.state.players[seat].money
    game.apply(q.action)
    assert game.pending()["step"] != "service"  # the action did complete service
    return game.state.players[seat].money - before


def test_quiz_makes_at_least_200_questions_of_every_kind() -> None:
    assert len(QUESTIONS) >= 200
    kinds = Counter(q.kind for q in QUESTIONS)
    assert set(kinds) == set(quiz.KINDS), kinds
    legal = Counter(q.answer for q in QUESTIONS if q.kind == "legal")
    assert legal[0] and legal[1]  # both legal and illegal actions are asked about


def test_quiz_every_answer_is_the_engines() -> None:
    """Rebuilt from its YAML, each position gives the marked answer, and no other choice."""
    for q in QUESTIONS:
        game = q.game()
        if q.kind == "legal":
            legal = game.check(q.action).legal
            assert q.choices[q.answer] == ("Legal" if legal else "Not legal"), q.prompt
        elif q.kind == "servant":
            verdicts = [game.check(n).legal for n in q.notations]
            assert verdicts == [i == q.answer for i in range(len(q.choices))], q.prompt
        else:
            gained = _earned(q)
            assert q.choices[q.answer] == (f"+£{gained}" if gained >= 0 else f"−£{-gained}")
            assert len(set(q.choices)) == len(q.choices)
        assert q.rulings and all(r.citation for r in q.rulings), q.prompt


def test_quiz_is_reproducible_with_a_seed() -> None:
    again = quiz.questions(30, seed=0)
    assert [q.prompt for q in again] == [q.prompt for q in QUESTIONS[:30]]
    other = quiz.questions(30, seed=5)
    assert [q.prompt for q in other] != [q.prompt for q in again]


def test_quiz_topic_filter_keeps_only_that_topic() -> None:
    qs = quiz.questions(8, seed=1, topics=["new servants"])
    assert qs and all("new servants" in q.topics for q in qs)
    with pytest.raises(ValueError, match="unknown quiz topics"):
        quiz.questions(3, topics=["chess"])


def test_quiz_questions_come_from_scenarios_and_random_games() -> None:
    sources = {q.source.split(" ")[0] for q in QUESTIONS}
    assert "random" in sources
    assert sources - {"random"}  # packaged scenarios too


def test_quiz_widget_scores_answers_and_reveals_the_ruling() -> None:
    w = Quiz(seed=2, count=4)
    q = w.current
    assert w.view.question["prompt"] == q.prompt
    assert w.answer(q.answer) is True
    assert w.view.result["correct"] and w.view.result["rulings"]
    assert w.view.score == {"right": 1, "answered": 1, "total": 4}
    with pytest.raises(ValueError):
        w.answer(0)  # already answered
    w.next()
    wrong = next(i for i in range(len(w.current.choices)) if i != w.current.answer)
    w._message(w.view, {"event": "answer", "choice": wrong}, None)
    assert w.view.score["right"] == 1 and w.view.score["answered"] == 2
    assert w.board.view["players"]  # the position is drawn


def test_quiz_widget_topic_checkboxes_restart_the_quiz() -> None:
    w = Quiz(seed=1, count=3)
    w._message(w.view, {"event": "topics", "selected": ["new servants"]}, None)
    assert w.topics == ["new servants"]
    assert all("new servants" in q.topics for q in w.questions)
    assert w.view.score["answered"] == 0
