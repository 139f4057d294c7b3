"""What classic solitaire adds to a position (Facts §6.2-6.3): its ``classic_solo`` record,
registered in :attr:`ClassicSolitaire.records` (modes/classic/mode.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import Component, ModeRecord, Record, record


@record
class AIRoll(Record):
    """One d20 roll of the classic-solitaire AI card after the player's turn (Facts §6.2)."""

    round: int
    roll: int
    """The die as rolled."""
    result: int
    """The roll after the −5 that follows a no-purchase roll (never below 1)."""
    column: Literal["standard", "monument"]
    position: int | None = None
    """The market position hit (1 = the £300 space); ``None`` on 16-20."""
    tiles: list[str] = field(default_factory=list)
    """The tiles removed from the game (two when a stacked duplicate is scavenged)."""
    reason: Literal["taken", "empty-position", "no-purchase", "refresh"]


@record
class CourtshipResult(Record):
    """One courtship of classic solitaire against the opponent card (Facts §6.3)."""

    season: int
    themes: list[str]
    player: int
    """The solo player's courtship total."""
    opponent: int
    """The opponent chart's value (at the final courtship: its four themes added)."""
    outcome: Literal["win", "loss", "tie"]


@record
class ClassicSolo(ModeRecord):
    """What classic solitaire adds to a position (obsession_nb/modes/classic/game*.py)."""

    opponent: str | None = None
    """The opponent card (``opponents`` in the catalog), chosen at setup."""
    rolls: list[AIRoll] = field(default_factory=list)
    minus_five: bool = False
    """The next roll has 5 subtracted (after a roll of 16-20)."""
    opponent_vp: list[str] = field(default_factory=list)
    """VP cards the opponent took, face down beside its card."""
    opponent_fairchild: str | None = None
    """The Fairchild the opponent took at the final courtship (8 VP)."""
    courtships: list[CourtshipResult] = field(default_factory=list)

    def components(self, field: str) -> Iterator[Component]:
        """The tiles the AI card's rolls took; the opponent's VP cards and Fairchild."""
        for j, ai_roll in enumerate(self.rolls):
            for k, tile in enumerate(ai_roll.tiles):
                yield "tile-named", (f"{field}.rolls[{j}].tiles", k), tile
        for j, card in enumerate(self.opponent_vp):
            yield "vp", (f"{field}.opponent_vp", j), card
        if self.opponent_fairchild is not None:
            yield "card", f"{field}.opponent_fairchild", self.opponent_fairchild
