"""The scoresheet of a finished game as plain records: each player's points by category, the
objective cards' results, the winners and the rulings behind them (what ``engine.scoring`` works
out, and a mode's own scoring answers through ``Mode.scoresheet``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import Ruling

if TYPE_CHECKING:
    import pandas as pd

CATEGORIES = ("tiles", "gentry", "objectives", "reputation", "servants", "wealth", "vp_cards")
LABELS = {
    "tiles": "Improvement tiles",
    "gentry": "Gentry",
    "objectives": "Objective cards",
    "reputation": "Reputation",
    "servants": "Servants",
    "wealth": "Wealth",
    "vp_cards": "VP cards",
    "milestones": "Milestones",
}


@dataclass(frozen=True)
class ObjectiveResult:
    card: str
    name: str
    met: bool
    vp: int
    detail: str


@dataclass(frozen=True)
class PlayerScore:
    seat: int
    name: str
    family: str | None
    categories: dict[str, int]
    objectives: tuple[ObjectiveResult, ...]
    rulings: tuple[Ruling, ...]

    @property
    def total(self) -> int:
        return sum(self.categories.values())


class Scorepad:
    """A sheet shown as its scorepad (:meth:`to_dataframe`): an HTML table in a notebook, text
    elsewhere (the standard game's :class:`Scoresheet`, a mode's own sheet)."""

    def to_dataframe(self) -> pd.DataFrame:
        raise NotImplementedError

    def _repr_html_(self) -> str | None:
        """The sheet as an HTML table (``None`` where pandas' HTML display is turned off)."""
        frame = self.to_dataframe()
        table: str | None = frame._repr_html_()  # type: ignore[operator]  # not in pandas-stubs
        return table

    def __str__(self) -> str:
        return self.to_dataframe().to_string()


@dataclass(frozen=True)
class Scoresheet(Scorepad):
    players: tuple[PlayerScore, ...]
    winners: tuple[int, ...]
    rulings: tuple[Ruling, ...] = field(default=())

    def to_dataframe(self) -> pd.DataFrame:
        """The scorepad: one row per category and a total row, one column per player."""
        import pandas as pd

        rows = list(self.players[0].categories) if self.players else list(CATEGORIES)
        data = {p.name: [*(p.categories[c] for c in rows), p.total] for p in self.players}
        return pd.DataFrame(data, index=[*(LABELS[c] for c in rows), "Total"])

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": p.name, "seat": p.seat, "family": p.family,
                 "categories": dict(p.categories), "total": p.total,
                 "winner": p.seat in self.winners} for p in self.players]

    @property
    def winner_names(self) -> str:
        """The winners by name ("Ada, Bea" on a shared win)."""
        return ", ".join(p.name for p in self.players if p.seat in self.winners)

    @property
    def result(self) -> str:
        """"Ada wins with 87 VP." (or a shared win), then the tie-break that decided, if one did
        (scoring.tie-break)."""
        best = max((p.total for p in self.players), default=0)
        winners = [p.name for p in self.players if p.seat in self.winners]
        line = (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best} VP"
                + (" (a shared win)" if len(winners) > 1 else "") + ".")
        broken = [r.verdict for r in self.rulings if r.rule == "scoring.tie-break"]
        return line + (f" {broken[0]}" if broken else "")
