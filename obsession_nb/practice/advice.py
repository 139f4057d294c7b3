"""Advice in a player's words: how two plans compare, told by the scoresheet's categories, money
and reputation, with the uncertainty said plainly (DESIGN principle 11).

* :func:`verdict` — the difference between two plans with its standard error, on the samples
  both were played on; within :data:`CLOSE` standard errors it is "too close to call";
* :func:`gains` — the one to three figures that differ most between two plans where their
  playouts ended: a scoresheet category (in VP), money (in £) or reputation (in steps), as
  :class:`Difference` s (:func:`differences`: the same in English words);
* :func:`rule_names` — the rules a line met, by name, each with its id (shown behind a click).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from obsession_nb.data.rules import rule
from obsession_nb.data.translations import rule_text
from obsession_nb.practice.plans import CLEAR, Valued
from obsession_nb.practice.speech import ENGLISH
from obsession_nb.practice.turn_plan import Outcome

CLOSE = CLEAR
"""Standard errors within which two plans are "too close to call" (the halving's clear lead,
``plans.CLEAR``)."""
MATTERS = 0.5
"""VP (or VP-worth) a difference must reach to be told."""
MONEY_VP = 0.005
"""VP-worth of £1, for ranking a money difference beside the categories (£200 is a wealth
point)."""
REPUTATION_VP = 0.6
"""VP-worth of a reputation step, for ranking (opponents.REPUTATION_STEP at level 1)."""
SAID = 3
"""Differences told at most."""


@dataclass(frozen=True)
class Verdict:
    """How much better one plan is than another, with the standard error of that difference."""

    difference: float
    error: float
    samples: int

    @property
    def close(self) -> bool:
        """Too close to call: within :data:`CLOSE` standard errors (or no difference at all)."""
        return abs(self.difference) <= CLOSE * self.error or self.samples < 2

    def __str__(self) -> str:
        return ENGLISH.verdict(self)


@dataclass(frozen=True)
class Difference:
    """One figure that differs between two plans where their playouts ended: a scoresheet
    ``row`` (``what`` ``"row"``, in VP), ``"money"`` (in £) or ``"reputation"`` (in steps);
    ``amount`` is the better plan's less the other's."""

    what: str
    amount: float
    row: str = ""


def _paired(one: Valued, other: Valued) -> int:
    return min(one.tally.n, other.tally.n)


def verdict(better: Valued, other: Valued) -> Verdict:
    """``better`` less ``other`` in estimated final score margin, paired sample by sample (the
    luck both met cancels), with the standard error of the paired differences."""
    return Verdict(*better.tally.lead(other.tally))


def gains(better: Valued, other: Valued) -> list[Difference]:
    """The one to three differences that matter between the two plans, biggest first, on the
    samples both were played on."""
    n = _paired(better, other)
    if not n:
        return []

    def mean(v: Valued, read: Callable[[Outcome], float]) -> float:
        return sum(read(v.tally.outcomes[i]) for i in range(n)) / n

    def row_mean(v: Valued, row: str) -> float:
        return mean(v, lambda o: o.sheet.get(row, 0.0))

    found: list[tuple[float, Difference]] = []
    rows = dict.fromkeys([*better.tally.outcomes[0].sheet, *other.tally.outcomes[0].sheet])
    for row in rows:
        d = row_mean(better, row) - row_mean(other, row)
        if abs(d) >= MATTERS:
            found.append((abs(d), Difference("row", d, row)))
    money = mean(better, lambda o: o.money) - mean(other, lambda o: o.money)
    if abs(money) * MONEY_VP >= MATTERS:
        found.append((abs(money) * MONEY_VP, Difference("money", money)))
    steps = mean(better, lambda o: o.reputation) - mean(other, lambda o: o.reputation)
    if abs(steps) * REPUTATION_VP >= MATTERS:
        found.append((abs(steps) * REPUTATION_VP, Difference("reputation", steps)))
    found.sort(key=lambda r: -r[0])
    return [d for _w, d in found[:SAID]]


def differences(better: Valued, other: Valued) -> list[str]:
    """:func:`gains` in English words: e.g. "Gentry +2.0 VP", "£150 less money", "reputation
    1.5 steps higher"."""
    return [ENGLISH.difference(d) for d in gains(better, other)]


def rule_names(ids: tuple[str, ...] | list[str], lang: str = "en") -> list[tuple[str, str]]:
    """Each rule's name (its title, in ``lang`` where it has a translation) with its id, in
    order."""
    out = []
    for rule_id in ids:
        try:
            said = rule_text(rule_id, lang) if lang != "en" else None
            out.append(((said or rule(rule_id)).title, rule_id))
        except KeyError:
            out.append((rule_id, rule_id))
    return out
