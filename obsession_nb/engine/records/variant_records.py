"""What the rules variants add to a position, as plain records: milestones (UD p.15) and the
Queen Victoria removals of the building-boom market (Facts §6.5 Variation #3), which Tableau
Obsession's record keeps too.  Each mode's own record is in its package
(``modes/<mode>/records.py``)."""

from __future__ import annotations

from dataclasses import field

from obsession_nb.engine.records.record import Record, record


@record(frozen=True)
class QueenVictoria(Record):
    """One Queen Victoria removal at the end of a round (Facts §6.5 Variation #3).  A value,
    never changed once made, so copies of a position share these records
    (obsession_nb/base/cloning.py)."""

    round: int
    removed: tuple[str, ...]
    """The tile(s) taken from the £300 space and returned to the bag."""
    drawn: tuple[str, ...] = ()
    """Tiles drawn to refill the market (diverted ones included)."""


@record
class MilestoneClaim(Record):
    """A crest marker on a milestone (UD p.15 Milestones)."""

    card: str
    seat: int
    place: int
    """1 or 2: the first or second place of the card."""
    round: int
    turn: int
    """The claimer's turns taken before this turn (identifies the turn of the claim)."""


@record
class Milestones(Record):
    """The milestones in play and their claims (obsession_nb/engine/steps/milestones.py)."""

    cards: list[str] = field(default_factory=list)
    claims: list[MilestoneClaim] = field(default_factory=list)
