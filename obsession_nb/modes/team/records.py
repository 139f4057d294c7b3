"""What Competitive Team Play adds to a position (UD p.12): its ``team`` record, registered in
:attr:`CompetitiveTeamPlay.records` (modes/team/mode.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import Component, ModeRecord, Record, record


@record
class Loan(Record):
    """A servant or gentry card a teammate lends for the current activity (UD p.12)."""

    kind: Literal["servant", "guest"]
    item: str
    lender: int
    route: Literal["host", "teammate"] = "host"
    """Who receives a lent family card's favours that may go to either (team.family-favours)."""


@record
class TeamRequest(Record):
    """A request of the active player that her teammate answers (team.money-gift,
    team.servant-loan)."""

    kind: Literal["gift", "servant"]
    owner: int
    """The teammate, whose decision it is."""
    amount: int = 0
    servant: str | None = None


@record
class TeamPlay(ModeRecord):
    """What Competitive Team Play adds to a position (obsession_nb/modes/team/seating*.py)."""

    request: TeamRequest | None = None
    loans: list[Loan] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    """Requests already made this turn (``gift``, ``servant:<kind>``): each is made once."""

    def components(self, field: str) -> Iterator[Component]:
        """The servant a request asks for; what each loan lends (a lent card is counted where it
        is, so only named here)."""
        request = self.request
        if request is not None and request.servant is not None:
            yield "servant", f"{field}.request.servant", request.servant
        for j, loan in enumerate(self.loans):
            yield ("servant" if loan.kind == "servant" else "card-named",
                   f"{field}.loans[{j}].item", loan.item)
