"""What each mode adds to a position, as plain records: the Solo Estate Challenge (UD p.14),
classic solitaire (Facts §6.2-6.3), Tableau Obsession (UD p.15, Facts §6.5), Competitive Team
Play (UD p.12) and milestones (UD p.15).  The rules that change them live in the mode modules."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from obsession_nb.engine.records.record import Record, record


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
class ClassicSolo(Record):
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


@record
class Solo(Record):
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


@record
class QueenVictoria(Record):
    """One Queen Victoria removal at the end of a round (Facts §6.5 Variation #3)."""

    round: int
    removed: list[str]
    """The tile(s) taken from the £300 space and returned to the bag."""
    drawn: list[str] = field(default_factory=list)
    """Tiles drawn to refill the market (diverted ones included)."""


@record
class Tableau(Record):
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
class TeamPlay(Record):
    """What Competitive Team Play adds to a position (obsession_nb/modes/team/seating*.py)."""

    request: TeamRequest | None = None
    loans: list[Loan] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    """Requests already made this turn (``gift``, ``servant:<kind>``): each is made once."""


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
