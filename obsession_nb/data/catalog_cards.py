"""The catalog's card records: round tracks and their events, objective, VP, theme and
milestone cards, and the classic-solitaire opponent and AI cards (Facts §5.6, §6.2).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Annotated, Literal

from obsession_nb.base.checked import Limits, pydantic_hook
from obsession_nb.data.catalog_records import CATEGORIES, Category, Expansion, Frozen, Sourced

if TYPE_CHECKING:
    from pydantic import ValidationInfo

# ---------------------------------------------------------------- round tracks

EventKind = Literal[
    "village_fair",
    "objective_draw",
    "builders_holiday",
    "national_holiday",
    "grand_ball",
    "reserves_activate",
]


class RoundEvent(Sourced):
    """An event printed on a space of a round track (a village fair, an objective draw …)."""

    kind: EventKind


class RoundSpace(Frozen):
    """One space of a round track: its round and season, whether a courtship follows, and the
    events printed on it."""

    round: int
    season: int
    courtship: bool = False
    events: tuple[RoundEvent, ...] = ()
    modifier: int | None = None
    """Solo Estate Challenge score modifier printed by this space (tableau track)."""


class RoundTrack(Sourced):
    """A round track: its spaces in order, and the reputation wheel's highest numbered level."""

    id: str
    name: str
    rounds: tuple[RoundSpace, ...]
    reputation_levels: int
    """Highest numbered level before Max (6 standard, 8 extended)."""

    @cached_property
    def by_round(self) -> dict[int, RoundSpace]:
        """Each printed space by its round number, the first if two share one (worked out
        once per track)."""
        return {space.round: space for space in reversed(self.rounds)}


# ---------------------------------------------------------------- other cards


class ObjectiveCard(Sourced):
    """An objective card: its category, its VP and the condition that scores them."""

    id: str
    name: str
    category: str
    vp: int
    condition: str
    expansion: Expansion = "base"


class VPCard(Sourced):
    """A VP card: its points, or the favour it gives instead when revealed."""

    id: str
    vp: int
    favour: str
    copies: int = 1


class ThemeCard(Sourced):
    """A theme card and the category it names."""

    id: str
    category: Category
    copies: int = 1


class MilestoneCard(Sourced):
    """A public objective (UD p.15 Milestones): a requirement that ``measure`` (one of
    ``obsession_nb.engine.steps.milestones.MEASURES``) reaches ``at_least``, and the VP of its two places."""

    id: str
    name: str
    measure: str
    at_least: int
    vp: tuple[int, int]
    """VP of the first and the second place."""
    expansion: Literal["base", "upstairs_downstairs"] = "base"
    """``upstairs_downstairs``: needs the four new servants (not in a base-only game)."""


# ---------------------------------------------------------------- classic solitaire cards

Difficulty = Literal["beginner", "intermediate", "expert"]
SEASONS = (1, 2, 3, 4)


class OpponentCard(Sourced):
    """A classic-solitaire opponent (Facts §5.6): a base score and, per season and theme, the
    VP of its estate that the player's courtship total is compared with."""

    id: str
    name: str
    difficulty: Difficulty
    base: int
    chart: dict[int, dict[Category, int]]
    """Season (1-4) → theme → the opponent's estate VP in that theme at that courtship."""

    @pydantic_hook("field_validator", "chart")
    @classmethod
    def _chart_complete(cls, chart: dict[int, dict[Category, int]]) -> dict[int, dict[Category, int]]:
        if sorted(chart) != list(SEASONS):
            raise ValueError(f"the chart needs seasons 1 to 4, not {sorted(chart)}")
        for season, row in chart.items():
            missing = [c for c in CATEGORIES if c not in row]
            if missing:
                raise ValueError(f"season {season} of the chart lacks {', '.join(missing)}")
        return chart


class AIRange(Frozen):
    """Rolls ``low``-``high`` of one AI-card column and the market position they scavenge
    (1 = the £300 space), or ``monument``: the cheapest monument showing."""

    low: Annotated[int, Limits(ge=1, le=15)]
    high: Annotated[int, Limits(ge=1, le=15)]
    target: int | Literal["monument"]

    @pydantic_hook("model_validator", mode="after")
    def _ordered(self) -> AIRange:
        if self.low > self.high:
            raise ValueError("low must not exceed high")
        if isinstance(self.target, int) and not 1 <= self.target <= 6:
            raise ValueError("a market position is 1 to 6")
        return self


class AICard(Sourced):
    """The classic-solitaire AI card (Facts §6.2): rolls 1-15 to market positions, one column
    with no monument in the market and one with a monument showing."""

    id: str
    name: str
    standard: tuple[AIRange, ...]
    monument: tuple[AIRange, ...]

    @pydantic_hook("field_validator", "standard", "monument")
    @classmethod
    def _column_covers_1_to_15(cls, ranges: tuple[AIRange, ...],
                               info: ValidationInfo) -> tuple[AIRange, ...]:
        rolls = sorted(r for x in ranges for r in range(x.low, x.high + 1))
        if rolls != list(range(1, 16)):
            raise ValueError("the column must give each roll 1 to 15 exactly once")
        if info.field_name == "standard" and any(x.target == "monument" for x in ranges):
            raise ValueError("the standard column is read when no monument shows, so it cannot "
                             "target one")
        return ranges

    def target(self, column: Literal["standard", "monument"], roll: int) -> int | str:
        """The position (or ``monument``) a roll of 1-15 names in a column."""
        ranges: tuple[AIRange, ...] = getattr(self, column)
        return next(x.target for x in ranges if x.low <= roll <= x.high)
