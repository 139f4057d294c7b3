"""The coach's advice as HTML: the hint and the review, every text escaped; rule names in
front, their ids behind a click.

What is rendered is read through the :class:`typing.Protocol` s below (what
``practice.coach``'s ``Hint``, ``TurnReview`` and ``LineReview`` provide), so that the records
show themselves through this module without it importing them back.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Protocol

from obsession_nb.base.render import folded_list
from obsession_nb.practice.advice import rule_names

WORDS: dict[str, str] = {
    "rules": "Rules this line meets", "your_plan": "your plan",
    "your_plan_is": "your plan: {label}", "basis": "Lines shown are one guess each, to the end "
    "of the turn.", "only": "Rules only your line met: {yours}; only the best: {best}",
    "cost": "cost {cost} VP", "round": "Round {round}, {player}: ",
    "beside": "Your plan beside the best {count} plans found",
    "beside_one": "Your plan beside the best 1 plan found", "hint": "Hint:", "why": "Why:",
    "now": "Now:", "line": "The whole line (one guess of the cards to come)",
    "compared": "{count} plans compared", "counted": "{heading} ({count})", "list": ", ",
}
"""The words around the coach's advice, in English: a view in another language passes them in
it (``obsession_nb/tutor/views/words.py`` PANELS, key ``coach``)."""


class ReviewedLine(Protocol):
    """One plan of a review: its label, its value, its line in words and the rules it met."""

    @property
    def label(self) -> str: ...
    @property
    def value(self) -> object: ...
    @property
    def rules(self) -> tuple[str, ...]: ...
    def read(self) -> str: ...


class TurnReview(Protocol):
    """A turn beside the best plans found (``practice.coach.TurnReview``)."""

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
    def basis(self) -> object: ...
    def summary(self) -> str: ...


class Hint(Protocol):
    """The best plan of the pending decision (``practice.coach.Hint``)."""

    @property
    def action(self) -> str: ...
    @property
    def words(self) -> str: ...
    @property
    def plan(self) -> str: ...
    @property
    def line(self) -> tuple[str, ...]: ...
    @property
    def lines(self) -> Sequence[tuple[str, object]]: ...
    @property
    def gaps(self) -> tuple[str, ...]: ...
    @property
    def value(self) -> object: ...
    @property
    def reason(self) -> str: ...
    @property
    def rules(self) -> tuple[str, ...]: ...


def rules_html(ids: tuple[str, ...], heading: str | None = None, words: Mapping[str, str] = WORDS,
               lang: str = "en") -> str:
    """The rules a line meets, behind a click: each by its name (in ``lang``), its id beside
    it."""
    if not ids:
        return ""
    e = html.escape
    said = words["counted"].format(heading=words["rules"] if heading is None else heading,
                                   count=len(ids))
    return folded_list(e(said), [f"{e(name)} <code class='coach-rule-id'>{e(rid)}</code>"
                                 for name, rid in rule_names(ids, lang)], class_="coach-rules")


def review_html(review: TurnReview, words: Mapping[str, str] = WORDS, lang: str = "en") -> str:
    """The review as HTML (every text escaped): the sentence in front (a few lines, so that a
    laptop's screen keeps it beside the decision); behind a click, the plans with their values
    and one guess of their lines, the rules by name (ids behind a further click); ``words``
    and the rules' names in ``lang``."""
    e = html.escape
    rows = [(words["your_plan"], review.yours)] + [(b.label, b) for b in review.best]
    cell = "padding:2px 8px;vertical-align:top;text-align:left"
    body = "".join(
        f"<tr class='{'coach-yours' if i == 0 else 'coach-best'}'>"
        f"<th style='{cell}'>{e(label if i else words['your_plan_is'].format(label=line.label))}"
        f"</th>"
        f"<td style='{cell};white-space:nowrap'>{e(str(line.value))}</td>"
        f"<td style='{cell}'>{e(line.read())}{rules_html(line.rules, None, words, lang)}"
        f"</td></tr>"
        for i, (label, line) in enumerate(rows))
    basis = (f"<p class='coach-basis' style='font-size:90%;color:#555'>"
             f"{e(str(review.basis))} {e(words['basis'])}</p>" if review.basis else "")
    only = ""
    if review.only_yours or review.only_best:
        def names(ids: tuple[str, ...]) -> str:
            return words["list"].join(n for n, _ in rule_names(ids, lang)) or "—"

        only = (f"<p class='coach-rulings'>"
                f"{e(words['only'].format(yours=names(review.only_yours), best=names(review.only_best)))}"
                f"</p>")
    cost = ("" if review.close else f"<b>{e(words['cost'].format(cost=f'{review.cost:.1f}'))}</b> ")
    beside = (words["beside_one"] if len(review.best) == 1 else
              words["beside"].format(count=len(review.best)))
    return (f"<div class='coach-review'><p>"
            f"{e(words['round'].format(round=review.round, player=review.player))}{cost}"
            f"{e(review.summary())}</p>"
            f"<details class='coach-lines'><summary>{e(beside)}</summary>"
            f"<table style='border-collapse:collapse'>{body}</table>"
            f"{only}{basis}</details></div>")


def hint_html(found: Hint, words: Mapping[str, str] = WORDS, lang: str = "en",
              now: str | None = None) -> str:
    """The hint as HTML (every text escaped): the plan and why in front; the first action, one
    guess of the whole line, the rules it meets and the plans compared behind clicks;
    ``words`` and the rules' names in ``lang``, ``now`` the first action in words in that
    language (by default the hint's own)."""
    e = html.escape
    compared = [f"{e(label)}: {e(gap)}"
                for (label, _v), gap in zip(found.lines, found.gaps, strict=True)]
    value = f" <span class='coach-value'>[{e(str(found.value))}]</span>" if found.value else ""
    return (f"<div class='onb-hint'><b>{e(words['hint'])}</b> <span class='onb-hint-plan'>"
            f"{e(found.plan or found.words or found.action)}</span>{value}"
            + (f"<div class='onb-hint-why'>{e(words['why'])} {e(found.reason)}</div>"
               if found.reason else "")
            + f"<div class='onb-hint-now'>{e(words['now'])} <span class='onb-hint-action'>"
            f"{e(now or found.words or found.action)}</span> <code>{e(found.action)}</code></div>"
            + folded_list(e(words["line"]), [e(x) for x in found.line], "ol")
            + rules_html(found.rules, None, words, lang)
            + folded_list(e(words["compared"].format(count=len(found.lines))), compared, "ol")
            + "</div>")
