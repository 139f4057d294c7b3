"""What Tableau Obsession adds to a position (UD p.15, Facts §6.5): its ``tableau`` record,
registered in :attr:`TableauObsession.records` (modes/tableau/mode.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import Component, ModeRecord, record
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

    set_out_with_market = True  # the starter-guest draft's deck is dealt after the servants'

    def components(self, field: str) -> Iterator[Component]:
        """The starter-guest draft's deck, the Grand Ball's guests, the tiles Queen Victoria's
        visits removed and drew."""
        for pile, cards in (("draft_deck", self.draft_deck), ("ball_offer", self.ball_offer)):
            for j, card in enumerate(cards):
                yield "card", (f"{field}.{pile}", j), card
        for j, visit in enumerate(self.queen_victoria):
            for k, tile in enumerate(visit.removed):
                yield "tile-named", (f"{field}.queen_victoria[{j}].removed", k), tile
            for k, tile in enumerate(visit.drawn):
                yield "tile-named", (f"{field}.queen_victoria[{j}].drawn", k), tile
