"""The coach's advice said in one language (DESIGN principle 11: advice says why).

The advice is computed once, from the seat's view, and kept as parts (``practice.advice``,
``practice.coach``): a plan's tile, guests, pass option and purchase; a value with its standard
error; the verdict between two plans (a cost, or "too close to call"); the differences by
scoresheet category, money and reputation; the actions of a line, by their notation (said in
words: a line's plan, as a setup's choice, is named by its actions' words).  A
:class:`Speech` says those parts in its language, with one table of words (:data:`WORDS`, the
English; a view in another language passes the same table in it: ``content/i18n/<lang>/
widgets.yaml`` section ``coach``, through ``tutor/views/html/practice.py`` ``coach_speech``),
the scoresheet's rows by name, the engine's words for an action and a catalog name put in that
language (``base.i18n.tr``: a name the glossary lacks stays English).  Nothing here decides or
reads a card: every sentence is built from the parts it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from obsession_nb.engine.records import naming
from obsession_nb.engine.records.scoresheet import LABELS

WORDS: dict[str, str] = {
    "rules": "Rules this line meets", "your_plan": "your plan",
    "your_plan_is": "your plan: {label}", "basis": "Lines shown are one guess each, to the end "
    "of the turn.", "only": "Rules only your line met: {yours}; only the best: {best}",
    "cost": "cost {cost} VP", "round": "Round {round}, {player}: ",
    "beside": "Your plan beside the best {count} plans found",
    "beside_one": "Your plan beside the best 1 plan found", "hint": "Hint:", "why": "Why:",
    "now": "Now:", "line": "The whole line (one guess of the cards to come)",
    "compared": "{count} plans compared", "counted": "{heading} ({count})", "list": ", ",
    # a plan in words
    "and": " and ", "steps": "; ", "host": "host the {tile}",
    "host_with": "host the {tile} with {guests}", "rents": "pass and collect rents",
    "hire": "pass and hire servants", "then_buy": "{plan}, then buy the {tile}",
    "buy_nothing": "{plan}, and buy nothing", "heuristic_line": "the heuristic's line",
    "your_line": "your line",
    # values, verdicts and differences
    "value": "{mean} ± {error}", "value_one": "{mean} (1 playout)",
    "too_close": "too close to call ({difference} ± {error} VP)",
    "close_word": "too close to call",
    "about": "about {difference} VP (± {error})", "row": "{row} {amount} VP",
    "more_money": "£{amount} more money", "less_money": "£{amount} less money",
    "higher": "reputation {amount} steps higher", "lower": "reputation {amount} steps lower",
    # the hint's reason and the plans it compared
    "only_plan": "the only plan open", "against": "against {plan}: {verdict}",
    "against_why": "against {plan}: {verdict} — {why}",
    "best_found": "the best found, {value}",
    "dropped": "dropped after a first look (one guess)",
    "close_over": "{verdict} over {samples} guesses", "gap": "{plan}: {gap}",
    "less_over": "{difference} VP less (± {error}) over {samples} guesses",
    # the review's sentence
    "followed": "You played the best plan found: {best}.",
    "close_call": "Your plan ({yours}) and the best found ({best}) are {verdict}.",
    "better": "Better: {best} instead of {yours} — {verdict}.",
    "better_why": "Better: {best} instead of {yours} — {verdict}: {why}.",
    # the advice as text (the terminal)
    "try": "Try: {plan} [{value}]", "try_action": "Try: {action}", "why_line": "why: {reason}",
    "now_line": "now: {action}", "now_said": "now: {action} ({words})",
    "example": "e.g.: {line}", "compared_text": "compared:", "you": "you ({value}): {line}",
    "plan_line": "{plan} ({value}): {line}",
    "only_text": "rules only in your line: {yours}; only in the best: {best}",
}
"""The words of the coach's advice in English, each sentence with its ``{name}`` fields (the
numbers come formatted, the same in every language: ``+2.0``, ``1.3``)."""


def _same(text: str) -> str:
    return text


class Value(Protocol):
    """A value with its standard error (``plans.Estimate``)."""

    @property
    def mean(self) -> float: ...
    @property
    def stderr(self) -> float: ...
    @property
    def playouts(self) -> int: ...


class Lead(Protocol):
    """One plan less another, with its standard error (``advice.Verdict``)."""

    @property
    def difference(self) -> float: ...
    @property
    def error(self) -> float: ...
    @property
    def samples(self) -> int: ...
    @property
    def close(self) -> bool: ...


class Gain(Protocol):
    """A difference that matters between two plans (``advice.Difference``)."""

    @property
    def what(self) -> str: ...
    @property
    def row(self) -> str: ...
    @property
    def amount(self) -> float: ...


class Purchase(Protocol):
    @property
    def tile(self) -> str: ...


class Step(Protocol):
    @property
    def notation(self) -> str: ...


class Planned(Protocol):
    """A whole-turn plan (``turn_plan.Plan``)."""

    @property
    def kind(self) -> str: ...
    @property
    def tile(self) -> str | None: ...
    @property
    def party(self) -> tuple[str, ...]: ...
    @property
    def buy(self) -> Purchase | None: ...
    @property
    def actions(self) -> tuple[Step, ...]: ...
    @property
    def decides_buy(self) -> bool: ...


def signed(x: float) -> str:
    return f"{x:+.1f}"


def plain(x: float) -> str:
    return f"{x:.1f}"


@dataclass(frozen=True)
class Speech:
    """The coach's words in one language: :data:`WORDS` in it (``words``), the scoresheet's
    rows by id (``rows``), the engine's words for an action (``engine``,
    ``engine.records.naming.WORDS`` and more) and a catalog name in it (``name``)."""

    lang: str = "en"
    words: Mapping[str, str] = field(default_factory=lambda: WORDS)
    rows: Mapping[str, str] = field(default_factory=lambda: LABELS)
    engine: naming.Words = field(default_factory=lambda: naming.WORDS)
    name: Callable[[str], str] = _same

    def say(self, key: str, **values: object) -> str:
        """The sentence ``key`` with its fields filled."""
        return self.words[key].format_map(values)

    def listed(self, items: Iterable[str], last: str | None = None) -> str:
        """Items joined as a list (``last``: the word before the last one, ``and``)."""
        items = list(items)
        sep = self.words["list"]
        if last is None or len(items) < 2:
            return sep.join(items)
        return sep.join(items[:-1]) + self.words[last] + items[-1]

    # ------------------------------------------------------------ parts

    def value(self, v: Value) -> str:
        """A value with its standard error (one sample has none: said so, not "± 0.0")."""
        if v.playouts < 2:
            return self.say("value_one", mean=signed(v.mean))
        return self.say("value", mean=signed(v.mean), error=plain(v.stderr))

    def verdict(self, v: Lead) -> str:
        """A cost ("about 2.2 VP (± 0.7)"), or "too close to call" with the difference."""
        if v.close:
            return self.say("too_close", difference=signed(v.difference), error=plain(v.error))
        return self.say("about", difference=plain(abs(v.difference)), error=plain(v.error))

    def difference(self, d: Gain) -> str:
        """A difference that matters: a scoresheet row in VP, money in £, reputation in steps."""
        if d.what == "row":
            return self.say("row", row=self.row(d.row), amount=signed(d.amount))
        if d.what == "money":
            return self.say("more_money" if d.amount > 0 else "less_money",
                            amount=f"{abs(d.amount):.0f}")
        return self.say("higher" if d.amount > 0 else "lower", amount=plain(abs(d.amount)))

    def row(self, row: str) -> str:
        """A scoresheet row as the sheet names it."""
        return self.rows.get(row) or LABELS.get(row) or row.replace("_", " ").capitalize()

    def plan(self, plan: Planned, position: naming.Named) -> str:
        """The plan as a player says it: the tile, the guests, the pass option, the purchase
        (a ``line``, as a setup's choice, by its actions in words: :meth:`line`)."""
        if plan.kind == "line":
            return (self.line(position, (x.notation for x in plan.actions))
                    or self.words["heuristic_line"])
        table = position.table
        tile = self.name(table.tile_name(plan.tile or "")) if plan.tile else ""
        if plan.kind == "follow":
            return self.words[plan.tile] if plan.tile in ("rents", "hire") else self.say(
                "host", tile=tile)
        if plan.kind == "host":
            guests = [self.name(table.card_name(c)) for c in plan.party]
            text = (self.say("host_with", tile=tile, guests=self.listed(guests, "and"))
                    if guests else self.say("host", tile=tile))
        else:
            text = self.words["rents" if plan.kind == "rents" else "hire"]
        if plan.buy is not None:
            return self.say("then_buy", plan=text, tile=self.name(table.tile_name(plan.buy.tile)))
        return self.say("buy_nothing", plan=text) if plan.decides_buy else text

    def action(self, game: naming.Named, notation: str) -> str:
        """An action in words, heading and all (``naming.describe``)."""
        return naming.describe(game, notation, self.engine, self.name)

    def line(self, game: naming.Named, notations: Iterable[str]) -> str:
        """A line's actions in words, one after the other."""
        return self.words["steps"].join(self.action(game, x) for x in notations)


ENGLISH = Speech()
"""The coach's words in English."""
