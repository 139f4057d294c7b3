"""What the Solo Estate Challenge adds to a position (UD p.14): its ``solo`` record, registered
in :attr:`SoloEstateChallenge.records` (modes/solo/mode.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import Component, ModeRecord, Record, record


@record
class Scavenge(Record):
    """One AI scavenging roll of the Solo Estate Challenge (UD p.14) and what it did."""

    round: int
    roll: int
    stack: str | None = None
    """The market stack the roll points at (``service`` … ``monument``); ``None`` on 19-20."""
    depth: int | None = None
    """Which tile from the top (1 = the top tile)."""
    tile: str | None = None
    """The tile removed from the game, or ``None``."""
    reason: Literal["taken", "empty-depth", "critical-rule", "no-scavenging"]


@record
class Solo(ModeRecord):
    """What the Solo Estate Challenge adds to a position (obsession_nb/modes/solo/game*.py)."""

    opponent: str | None = None
    """The opponent card whose base score is the target (``options.solo_target`` opponent or
    opponent-monuments; UD p.14 Target Score Variants)."""

    columns: dict[str, str] = field(default_factory=dict)
    """Monuments in the organiser and the column the player put each in."""
    scavenged: list[Scavenge] = field(default_factory=list)
    ball_offer: list[str] = field(default_factory=list)
    """Prestige guests seen at the Grand Ball, one to keep (step 2 of round 5)."""
    ball_done: bool = False
    discarded: list[str] = field(default_factory=list)
    """Tiles the player removed from the tableau to make room."""
    finished_round: int | None = None
    """The round whose turn ended with the end conditions met; ``None`` while playing or when
    the track ran out first."""

    def components(self, field: str) -> Iterator[Component]:
        """The Grand Ball's guests on offer; the tiles discarded and scavenged."""
        for j, card in enumerate(self.ball_offer):
            yield "card", (f"{field}.ball_offer", j), card
        for j, tile in enumerate(self.discarded):
            yield "tile-named", (f"{field}.discarded", j), tile
        for j, roll in enumerate(self.scavenged):
            if roll.tile is not None:
                yield "tile-named", f"{field}.scavenged[{j}].tile", roll.tile
