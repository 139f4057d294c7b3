"""What Tableau Obsession adds to a position (UD p.15, Facts §6.5): its ``tableau`` record,
registered in :attr:`TableauObsession.records` (modes/tableau/mode.py)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import ModeRecord, record
from obsession_nb.engine.records.variant_records import QueenVictoria


@record
class Tableau(ModeRecord):
    """What Tableau Obsession adds to a position (UD p.15; obsession_nb/modes/tableau/rules*.py)."""

    draft_deck: list[str] = field(default_factory=list)
    """Starter guests still to be picked in the starter-guest draft (Facts §6.5)."""
    draft_order: list[int] = field(default_factory=list)
    """Seats still to pick in the starter-guest draft, in order."""
    ball_offer: list[str] = field(default_factory=list)
    """Prestige guests the player in ``ball_order[0]`` sees at the Grand Ball."""
    ball_order: list[int] = field(default_factory=list)
    """Seats still to keep a guest at the Grand Ball (round 5), in turn order."""
    queen_victoria: list[QueenVictoria] = field(default_factory=list)
    reached_max: int | None = None
    """The seat whose turn ended at Max reputation (tableau.end)."""
    end_reason: Literal["max", "track-end"] | None = None
