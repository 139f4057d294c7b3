"""The explorer's ``value`` column (``coach.explore_values``): each row of the explorer's table
valued as the plan its actions follow, on the comparison's samples (ruling.ai-hidden-information).

A turn of at most :data:`VALUE_LIMIT` positions is explored whole; the rows of the plans the
comparison did not compare are valued too, among the first ``top`` rows only.  A larger turn
(a tile seating four of nine guests whose favours each choose among the deck's guests, say) is
listed by its compared plans only: each compared party of a tile (``explore``'s ``host`` and
``party``) and the pass searched on its own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from obsession_nb.engine.explore.explorer import ExploreLimit, explore, line_table, lines
from obsession_nb.engine.records.notation import parse
from obsession_nb.practice.determinise import MIN_SAMPLES
from obsession_nb.practice.plans import Comparison, Estimate
from obsession_nb.practice.turn_plan import PASS_KINDS, Plan, plan_of

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.engine.explore.explorer import Line
    from obsession_nb.engine.game import Game

EXPLORE_SAMPLES = 4
"""Samples behind a value of the column that the comparison did not give one (a plan it
dropped after its first look, or did not compare): played on its first samples."""
VALUE_LIMIT = 2_000
"""Positions of a whole turn the column explores; a larger turn is listed by its compared
plans (see the module docstring)."""


class Values:
    """The plans' values: the comparison's where it played a plan on :data:`MIN_SAMPLES` or
    more, else on :data:`EXPLORE_SAMPLES` of its samples (a plan it did not compare only when
    asked to, ``listed``)."""

    def __init__(self, found: Comparison) -> None:
        self.found = found
        self.known: dict[Plan, Estimate] = {}

    def of(self, plan: Plan, listed: bool) -> Estimate | None:
        if plan not in self.known:
            compared = self.found.find(plan)
            if compared is not None and compared.tally.n >= MIN_SAMPLES:
                self.known[plan] = compared.estimate
            elif compared is not None or listed:
                self.known[plan] = self.found.value_line(plan, EXPLORE_SAMPLES).estimate
        return self.known.get(plan)


def value_column(guess: Game, found: Comparison, top: int | None,
                 options: Mapping[str, Any]) -> pd.DataFrame:
    """The explorer's table of ``guess`` (``explore`` with ``options``) valued, the best first,
    its first ``top`` rows (see the module docstring)."""
    values = Values(found)
    try:
        frame = explore(guess, **{"limit": VALUE_LIMIT, **options})
    except ExploreLimit:
        frame, listed = _compared_rows(guess, values, top, options), 0
    else:
        listed = len(frame) if top is None else top
    return _valued(guess, frame, values, listed, top)


def _valued(guess: Game, frame: pd.DataFrame, values: Values, listed: int,
            top: int | None) -> pd.DataFrame:
    """The rows with a value (those of compared plans, and of any plan among the first
    ``listed`` rows), sorted by value, the first ``top``."""
    if frame.empty:
        return frame.assign(value=[], value_error=[])
    plans = [plan_of(guess.table, [parse(x) for x in row]) for row in frame["actions"]]
    keep = [i for i, plan in enumerate(plans) if values.of(plan, i < listed) is not None]
    frame = frame.iloc[keep].reset_index(drop=True)
    estimates = [values.known[plans[i]] for i in keep]
    frame["value"] = [round(v.mean, 2) for v in estimates]
    frame["value_error"] = [round(v.stderr, 2) for v in estimates]
    frame = frame.sort_values("value", ascending=False, kind="stable").reset_index(drop=True)
    return frame.head(top) if top is not None else frame


def _compared_rows(guess: Game, values: Values, top: int | None,
                   options: Mapping[str, Any]) -> pd.DataFrame:
    """The explorer's table of the compared plans' lines, one row per end position: each
    compared (tile, party) and the pass searched on its own (within the caller's ``host``), the
    best valued first, until no plan left could reach the first ``top`` rows."""
    search = {k: v for k, v in options.items() if k in ("purchases", "peek")}
    shown = {k: v for k, v in options.items() if k in ("sort", "ascending", "uses", "query")}
    host = options.get("host")
    groups: dict[tuple[str | None, frozenset[str]], float] = {}
    for compared in values.found.ranked:
        plan = compared.plan
        if plan.kind in PASS_KINDS and host is None:
            key: tuple[str | None, frozenset[str]] = (None, frozenset())
        elif plan.kind == "host" and host in (None, plan.tile):
            key = (plan.tile, frozenset(plan.party))
        else:
            continue
        value = values.of(plan, False)
        if value is not None:  # always, for a compared plan
            groups[key] = max(groups.get(key, -math.inf), round(value.mean, 2))
    found: list[Line] = []
    met: list[float] = []  # the values of the rows met so far, the best first
    for (tile, party), best in sorted(groups.items(), key=lambda group: -group[1]):
        if top is not None and len(met) >= top and best < met[top - 1]:
            break  # none of its rows could come among the first ``top``
        more = (lines(guess, passing=True, **search) if tile is None
                else lines(guess, host=tile, party=party, **search))
        found += more
        rows = _valued(guess, line_table(guess, more, **shown), values, 0, None)
        met = sorted([*met, *rows["value"]], reverse=True)
    return line_table(guess, found, **shown)
