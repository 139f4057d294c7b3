"""The quiz widget for teaching a group: multiple-choice questions from real positions, each
answer computed by the engine (``obsession_nb.tutor.quiz``), revealed with its ruling and citation.

``Quiz(seed=3, count=10, topics=["new servants"])``; ``quiz.answer(i)`` does what a click on
choice ``i`` does and returns whether it was right; ``quiz.next()`` moves on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.base.resources import widget_module, widget_style
from obsession_nb.data.translations import ruling_json
from obsession_nb.tutor import quiz
from obsession_nb.tutor.views.board import Board
from obsession_nb.tutor.views.labels import rule_info
from obsession_nb.tutor.views.words import widget_labels


class QuizView(anywidget.AnyWidget):
    """The quiz's drawing (``widgets/quiz.js``)."""

    _esm = widget_module("quiz.js")
    _css = widget_style("quiz.css")

    question = traitlets.Dict().tag(sync=True)
    result = traitlets.Dict().tag(sync=True)
    score = traitlets.Dict().tag(sync=True)
    topics = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)


class Quiz(widgets.VBox):
    """Questions one at a time, a score, topic filters; the same seed gives the same quiz."""

    def __init__(self, *, seed: int = 0, count: int = 10, topics: Iterable[str] | None = None,
                 kinds: Iterable[str] = quiz.KINDS, lang: str | None = None) -> None:
        self.seed, self.count, self.kinds = seed, count, tuple(kinds)
        self.lang = resolve(lang)
        self.view = QuizView(topics=[tr(t, self.lang) for t in quiz.TOPICS],
                             labels=widget_labels("quiz", self.lang))
        self._topic_names = dict(zip(self.view.topics, quiz.TOPICS, strict=True))
        self.board = Board(None, parts=["pending", "players"], lang=self.lang)
        self.view.on_msg(self._message)
        super().__init__([self.view, self.board], layout=widgets.Layout(width="100%", max_width="890px"))
        self.add_class("onb-quiz-box")
        self.set_topics(list(topics or ()))

    # ------------------------------------------------------------ playing

    def set_topics(self, topics: list[str]) -> None:
        """Keep only questions on these topics (none: every topic); the quiz starts again."""
        self.topics = list(topics)
        self.view.selected = [tr(t, self.lang) for t in self.topics]
        self.questions = quiz.questions(self.count, seed=self.seed, topics=self.topics or None,
                                        kinds=self.kinds)
        self.index, self.right, self.answered = 0, 0, 0
        self._draw()

    @property
    def current(self) -> quiz.Question | None:
        return self.questions[self.index] if self.index < len(self.questions) else None

    def answer(self, choice: int) -> bool:
        """Answer the current question with choice ``choice``; the ruling is then shown."""
        q = self.current
        if q is None or self.view.result:
            raise ValueError("no question is waiting for an answer")
        correct = choice == q.answer
        self.answered += 1
        self.right += correct
        self.view.result = {
            "chosen": choice, "correct": correct, "answer": q.answer,
            "rulings": [{**ruling_json(r.to_json(), self.lang), **rule_info(r.rule, self.lang)}
                        for r in q.rulings],
        }
        self._score()
        return correct

    def next(self) -> None:
        """Move on to the next question."""
        if self.index < len(self.questions):
            self.index += 1
        self._draw()

    # ------------------------------------------------------------ drawing

    def _score(self) -> None:
        self.view.score = {"right": self.right, "answered": self.answered,
                           "total": len(self.questions)}

    def _draw(self) -> None:
        q = self.current
        self.view.result = {}
        self._score()
        if q is None:
            self.view.question = {"index": self.index, "total": len(self.questions),
                                  "done": True}
            self.board.game = None
            return
        self.view.question = {
            "index": self.index, "total": len(self.questions), "prompt": q.prompt,
            "choices": list(q.choices), "kind": q.kind, "source": q.source,
            "topics": [tr(t, self.lang) for t in q.topics],
        }
        game = q.game()
        turn = game.state.turn
        self.board.seats = [turn.player] if turn is not None else []
        self.board.game = game

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        event = content.get("event")
        if event == "answer" and not self.view.result:
            self.answer(int(content["choice"]))
        elif event == "next":
            self.next()
        elif event == "topics":
            names = [self._topic_names[t] for t in content.get("selected", [])
                     if t in self._topic_names]
            self.set_topics(names)

    def __repr__(self) -> str:
        return (f"<Quiz seed {self.seed}: question {self.index + 1} of {len(self.questions)}, "
                f"{self.right}/{self.answered} right>")
