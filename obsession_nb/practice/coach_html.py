"""The coach's advice as HTML: the hint and the review, every text escaped; rule names in
front, their ids behind a click; every word said by a :class:`~obsession_nb.practice.speech.
Speech` (English by default; a view in another language passes its own).

What is rendered is read through the :class:`typing.Protocol` s below (what
``practice.advice_records``' ``Hint``, ``TurnReview`` and ``LineReview`` provide), so that the
records show themselves through this module without it importing them back.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

from obsession_nb.base.render import folded_list
from obsession_nb.data.rules import Ruling
from obsession_nb.data.translations import ruling_text
from obsession_nb.practice.advice import rule_names
from obsession_nb.practice.speech import ENGLISH, Speech, Value
from obsession_nb.practice.speech import WORDS as WORDS


class ReviewedLine(Protocol):
    """One plan of a review: its label, its value, its line in words and the rules it met."""

    @property
    def value(self) -> Value: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    def label_in(self, speech: Speech) -> str: ...
    def read(self, speech: Speech = ...) -> str: ...


class TurnReview(Protocol):
    """A turn beside the best plans found (``practice.advice_records.TurnReview``)."""

    @property
    def round(self) -> int: ...
    @property
    def player(self) -> str: ...
    @property
    def yours(self) -> ReviewedLine: ...
    @property
    def best(self) -> Sequence[ReviewedLine]: ...
    @property
    def cost(self) -> float: ...
    @property
    def close(self) -> bool: ...
    @property
    def only_yours(self) -> tuple[str, ...]: ...
    @property
    def only_best(self) -> tuple[str, ...]: ...
    @property
    def basis(self) -> Ruling | None: ...
    def summary(self, speech: Speech = ...) -> str: ...


class Hint(Protocol):
    """The best plan of the pending decision (``practice.advice_records.Hint``)."""

    @property
    def action(self) -> str: ...
    @property
    def value(self) -> Value | None: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    def words_in(self, speech: Speech) -> str: ...
    def plan_in(self, speech: Speech) -> str: ...
    def line_in(self, speech: Speech) -> tuple[str, ...]: ...
    def lines_in(self, speech: Speech) -> Sequence[tuple[str, object]]: ...
    def gaps_in(self, speech: Speech) -> tuple[str, ...]: ...
    def reason_in(self, speech: Speech) -> str: ...


def rules_html(ids: tuple[str, ...], heading: str | None = None,
               speech: Speech = ENGLISH) -> str:
    """The rules a line meets, behind a click: each by its name (in ``speech`` 's language),
    its id beside it."""
    if not ids:
        return ""
    e = html.escape
    words = speech.words
    said = words["counted"].format(heading=words["rules"] if heading is None else heading,
                                   count=len(ids))
    return folded_list(e(said), [f"{e(name)} <code class='coach-rule-id'>{e(rid)}</code>"
                                 for name, rid in rule_names(ids, speech.lang)],
                       class_="coach-rules")


def basis_html(basis: Ruling, lang: str = "en") -> str:
    """What the values rest on (ruling.ai-hidden-information): the ruling with its citation in
    English; in another language the rule's title there, its id beside it."""
    if lang == "en":
        return html.escape(str(basis))
    return (f"{html.escape(ruling_text(basis.rule, basis.verdict, lang))} "
            f"<code class='coach-rule-id'>{html.escape(basis.rule)}</code>")


def review_html(review: TurnReview, speech: Speech = ENGLISH) -> str:
    """The review as HTML (every text escaped): the sentence in front (a few lines, so that a
    laptop's screen keeps it beside the decision); behind a click, the plans with their values
    and one guess of their lines, the rules by name (ids behind a further click); every word
    said by ``speech``."""
    e = html.escape
    words = speech.words
    rows = [(words["your_plan_is"].format(label=review.yours.label_in(speech)), review.yours)]
    rows += [(b.label_in(speech), b) for b in review.best]
    cell = "padding:2px 8px;vertical-align:top;text-align:left"
    body = "".join(
        f"<tr class='{'coach-yours' if i == 0 else 'coach-best'}'>"
        f"<th style='{cell}'>{e(label)}</th>"
        f"<td style='{cell};white-space:nowrap'>{e(speech.value(line.value))}</td>"
        f"<td style='{cell}'>{e(line.read(speech))}{rules_html(line.rules, None, speech)}"
        f"</td></tr>"
        for i, (label, line) in enumerate(rows))
    basis = (f"<p class='coach-basis' style='font-size:90%;color:#555'>"
             f"{basis_html(review.basis, speech.lang)} {e(words['basis'])}</p>"
             if review.basis else "")
    only = ""
    if review.only_yours or review.only_best:
        def names(ids: tuple[str, ...]) -> str:
            return words["list"].join(n for n, _ in rule_names(ids, speech.lang)) or "—"

        only = (f"<p class='coach-rulings'>"
                f"{e(words['only'].format(yours=names(review.only_yours), best=names(review.only_best)))}"
                f"</p>")
    cost = ("" if review.close else f"<b>{e(words['cost'].format(cost=f'{review.cost:.1f}'))}</b> ")
    beside = (words["beside_one"] if len(review.best) == 1 else
              words["beside"].format(count=len(review.best)))
    return (f"<div class='coach-review'><p>"
            f"{e(words['round'].format(round=review.round, player=review.player))}{cost}"
            f"{e(review.summary(speech))}</p>"
            f"<details class='coach-lines'><summary>{e(beside)}</summary>"
            f"<table style='border-collapse:collapse'>{body}</table>"
            f"{only}{basis}</details></div>")


def hint_html(found: Hint, speech: Speech = ENGLISH) -> str:
    """The hint as HTML (every text escaped): the plan and why in front; the first action, one
    guess of the whole line, the rules it meets and the plans compared behind clicks; every
    word said by ``speech``."""
    e = html.escape
    words = speech.words
    compared = [e(speech.say("gap", plan=label, gap=gap)) for (label, _v), gap in
                zip(found.lines_in(speech), found.gaps_in(speech), strict=True)]
    value = (f" <span class='coach-value'>[{e(speech.value(found.value))}]</span>"
             if found.value else "")
    return (f"<div class='onb-hint'><b>{e(words['hint'])}</b> <span class='onb-hint-plan'>"
            f"{e(found.plan_in(speech))}</span>{value}"
            f"<div class='onb-hint-why'>{e(words['why'])} {e(found.reason_in(speech))}</div>"
            f"<div class='onb-hint-now'>{e(words['now'])} <span class='onb-hint-action'>"
            f"{e(found.words_in(speech))}</span> <code>{e(found.action)}</code></div>"
            + folded_list(e(words["line"]), [e(x) for x in found.line_in(speech)], "ol")
            + rules_html(found.rules, None, speech)
            + folded_list(e(words["compared"].format(count=len(compared))), compared, "ol")
            + "</div>")
