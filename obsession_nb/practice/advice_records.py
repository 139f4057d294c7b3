"""The coach's advice as records (``practice.coach`` makes them): a line of a turn, a turn's
review and a hint, each kept as parts (the plans, their values with their standard errors, the
verdict between two plans, the differences that matter by scoresheet category, money and
reputation, the actions by notation) and said in a language by a
:class:`~obsession_nb.practice.speech.Speech` (English by default; DESIGN principle 11).  Each
record keeps the position it was advised at, to name the tiles and cards its parts name: a card
the seat could not see is already its back there (ruling.ai-hidden-information).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from obsession_nb.data.rules import Ruling
from obsession_nb.engine.records.naming import Named
from obsession_nb.practice.advice import Difference, Verdict, rule_names
from obsession_nb.practice.coach_html import review_html
from obsession_nb.practice.plans import Estimate
from obsession_nb.practice.speech import ENGLISH, Speech, plain
from obsession_nb.practice.turn_plan import Plan


@dataclass(frozen=True)
class LineReview:
    """One plan of a turn: the plan, its value, one guess of its actions to the end of the turn
    (notations; a card the seat could not see by its back), and the rules they met; said in
    a language by a :class:`~obsession_nb.practice.speech.Speech` (``position`` names the
    tiles and cards, nothing else is read there)."""

    plan: Plan
    actions: tuple[str, ...]
    value: Estimate
    rules: tuple[str, ...]
    position: Named
    mine: bool = False
    """The line played (a turn of no plan's shape is "your line")."""

    def label_in(self, speech: Speech) -> str:
        if self.mine and self.plan.kind == "line":
            return speech.words["your_line"]
        return speech.plan(self.plan, self.position)

    @property
    def label(self) -> str:
        """The plan in English words."""
        return self.label_in(ENGLISH)

    def read(self, speech: Speech = ENGLISH) -> str:
        """The actions as a player reads them (names, not ids)."""
        return speech.line(self.position, self.actions)

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "actions": list(self.actions), "value": self.value.mean,
                "error": self.value.stderr, "playouts": self.value.playouts,
                "rules": list(self.rules)}


@dataclass(frozen=True)
class TurnReview:
    """A player's turn beside the best plans found from the same position, kept as parts (the
    plans, their values, the verdict, the differences) and said in a language by
    :meth:`summary` and :meth:`text` (English by default)."""

    seat: int
    player: str
    round: int
    yours: LineReview
    best: tuple[LineReview, ...]
    cost: float
    """How much value the plan played gave up against the best found (0 if none is better or
    the difference is too close to call)."""
    only_yours: tuple[str, ...] = field(default=())
    only_best: tuple[str, ...] = field(default=())
    """Rule ids only the line played (only the best line) met."""
    basis: Ruling | None = None
    """What the values rest on (ruling.ai-hidden-information)."""
    verdict: Verdict | None = None
    """The best plan found less yours, with its standard error."""
    why: tuple[Difference, ...] = ()
    """The differences that matter between the best plan and yours."""
    followed: bool = False
    """Your plan is the best found."""

    @property
    def close(self) -> bool:
        return self.followed or self.verdict is None or self.verdict.close

    def summary(self, speech: Speech = ENGLISH) -> str:
        """The turn in a sentence: the mistake, named as a plan, or why there is none."""
        best = self.best[0].label_in(speech) if self.best else "—"
        if self.followed:
            return speech.say("followed", best=best)
        yours = self.yours.label_in(speech)
        said = speech.verdict(self.verdict) if self.verdict else speech.words["close_word"]
        if self.close:
            return speech.say("close_call", yours=yours, best=best, verdict=said)
        if not self.why:
            return speech.say("better", best=best, yours=yours, verdict=said)
        return speech.say("better_why", best=best, yours=yours, verdict=said,
                          why=speech.listed(speech.difference(d) for d in self.why))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "player": self.player, "round": self.round,
                "yours": self.yours.to_json(), "best": [b.to_json() for b in self.best],
                "cost": self.cost, "close": self.close,
                "error": self.verdict.error if self.verdict else None,
                "why": [ENGLISH.difference(d) for d in self.why], "summary": self.summary(),
                "only_yours": list(self.only_yours), "only_best": list(self.only_best),
                "basis": self.basis.to_json() if self.basis else None}

    def text(self, speech: Speech = ENGLISH) -> str:
        """The review as text: the sentence, then each line with its value, then the rules
        only one of the two lines met."""
        lines = [speech.say("round", round=self.round, player=self.player)
                 + self.summary(speech),
                 "  " + speech.say("you", value=speech.value(self.yours.value),
                                   line=self.yours.read(speech))]
        for b in self.best:
            lines.append("  " + speech.say("plan_line", plan=b.label_in(speech),
                                           value=speech.value(b.value), line=b.read(speech)))
        if self.only_yours or self.only_best:
            def names(ids: tuple[str, ...]) -> str:
                return speech.listed(n for n, _ in rule_names(ids, speech.lang)) or "—"

            lines.append("  " + speech.say("only_text", yours=names(self.only_yours),
                                           best=names(self.only_best)))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return review_html(self)


@dataclass(frozen=True)
class Compared:
    """A plan the hint compared: its value, and the best plan less it on the guesses both were
    played on (``None`` for the best itself)."""

    plan: Plan
    value: Estimate
    lead: Verdict | None = None

    def gap(self, speech: Speech, best: Estimate) -> str:
        """The plan against the best (``best``: the best's value), in words."""
        said = self.lead
        if said is None:
            return speech.say("best_found", value=speech.value(best))
        if said.samples < 2:
            return speech.words["dropped"]
        if said.close:
            return speech.say("close_over", verdict=speech.verdict(said), samples=said.samples)
        return speech.say("less_over", difference=plain(said.difference),
                          error=plain(said.error), samples=said.samples)


@dataclass(frozen=True)
class Hint:
    """The best plan of the pending decision, kept as parts: its first action (``action``, its
    notation), the plan, one guess of its line to the end of the turn (notations; a card the
    seat could not see by its back), its value, why (the next best plan, the verdict and the
    differences that matter) and the plans compared; said in a language by the ``*_in``
    methods and :meth:`text` (the properties say it in English; ``position`` names the tiles
    and cards, nothing else is read there)."""

    action: str
    position: Named
    best: Plan
    compared: tuple[Compared, ...]
    shown: tuple[str, ...] = ()
    value: Estimate | None = None
    rules: tuple[str, ...] = ()
    against: Plan | None = None
    """The next best plan (``None``: the only plan open)."""
    verdict: Verdict | None = None
    why: tuple[Difference, ...] = ()

    def words_in(self, speech: Speech) -> str:
        """The first action in words."""
        return speech.action(self.position, self.action)

    def plan_in(self, speech: Speech) -> str:
        return speech.plan(self.best, self.position)

    def line_in(self, speech: Speech) -> tuple[str, ...]:
        return tuple(speech.action(self.position, x) for x in self.shown)

    def lines_in(self, speech: Speech) -> tuple[tuple[str, Estimate], ...]:
        """Each plan compared in words, with its value (the best first)."""
        return tuple((speech.plan(c.plan, self.position), c.value) for c in self.compared)

    def gaps_in(self, speech: Speech) -> tuple[str, ...]:
        """Each compared plan against the best (:meth:`lines_in` 's order; their values rest
        on different numbers of guesses)."""
        best = self.value or self.compared[0].value
        return tuple(c.gap(speech, best) for c in self.compared)

    def reason_in(self, speech: Speech) -> str:
        """Why this plan rather than the next best: by how much (or too close to call) and the
        differences that matter."""
        if self.against is None or self.verdict is None:
            return speech.words["only_plan"]
        plan, said = speech.plan(self.against, self.position), speech.verdict(self.verdict)
        if not self.why or self.verdict.close:
            return speech.say("against", plan=plan, verdict=said)
        return speech.say("against_why", plan=plan, verdict=said,
                          why=speech.listed(speech.difference(d) for d in self.why))

    @property
    def words(self) -> str:
        return self.words_in(ENGLISH)

    @property
    def plan(self) -> str:
        return self.plan_in(ENGLISH)

    @property
    def line(self) -> tuple[str, ...]:
        return self.line_in(ENGLISH)

    @property
    def lines(self) -> tuple[tuple[str, Estimate], ...]:
        return self.lines_in(ENGLISH)

    @property
    def gaps(self) -> tuple[str, ...]:
        return self.gaps_in(ENGLISH)

    @property
    def reason(self) -> str:
        return self.reason_in(ENGLISH)

    def text(self, speech: Speech = ENGLISH) -> str:
        """The hint as text: the plan and its value, why, the first action, one guess of the
        line, the plans compared."""
        plan, words = self.plan_in(speech), self.words_in(speech)
        out = [speech.say("try", plan=plan, value=speech.value(self.value)) if self.value
               else speech.say("try_action", action=plan),
               speech.say("why_line", reason=self.reason_in(speech)),
               speech.say("now_said", action=self.action, words=words)
               if words != self.action else speech.say("now_line", action=self.action)]
        if self.shown:
            out.append(speech.say("example", line=speech.words["steps"].join(
                self.line_in(speech))))
        compared = ["  " + speech.say("gap", plan=label, gap=gap) for (label, _v), gap in
                    zip(self.lines_in(speech), self.gaps_in(speech), strict=True)]
        if compared:
            out += [speech.words["compared_text"], *compared]
        return "\n  ".join(out)

    def __str__(self) -> str:
        return self.text()
