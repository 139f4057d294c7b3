"""The actions the modes and variants add: the Solo Estate Challenge (UD p.14), Tableau
Obsession and milestones (UD p.15, Facts §6.5), Competitive Team Play (UD p.12).  Each is a
small frozen record with the notation of :class:`~obsession_nb.engine.records.actions.Action`."""

from __future__ import annotations

from dataclasses import dataclass

from obsession_nb.engine.records.actions import Action, Seat

# ----------------------------------------------------------------- Solo Estate Challenge


@dataclass(frozen=True)
class Ball(Action):
    verb = "ball"
    summary = "Grand Ball (solo, Tableau Obsession): keep one of the three prestige guests seen."
    card: str


@dataclass(frozen=True)
class BuyInto(Action):
    verb = "buy-into"
    summary = "Solo: buy a monument into the tableau column of your choice."
    tile: str
    column: str
    useful_man: bool = False


@dataclass(frozen=True)
class DiscardTile(Action):
    verb = "discard-tile"
    summary = "Solo: remove a tile of a full column from the game to make room."
    tile: str


# ----------------------------------------------------------------- Tableau Obsession, milestones


@dataclass(frozen=True)
class Starter(Action):
    verb = "starter"
    summary = "Starter-guest draft: take one starter guest from the deck passed to you."
    card: str


@dataclass(frozen=True)
class Rumour(Action):
    verb = "rumour"
    summary = "1st-printing Servants' Hall: steal one reputation from another player, no servant."
    target: Seat


@dataclass(frozen=True)
class OpeningMarket(Action):
    verb = "opening-market"
    summary = "Vote to redraw the opening market ('redraw') or to keep it ('keep')."
    choice: str


@dataclass(frozen=True)
class ChooseObjective(Action):
    verb = "choose-objective"
    summary = "1st printing: keep one of the objective cards dealt at setup (two in all)."
    card: str


@dataclass(frozen=True)
class Milestone(Action):
    verb = "milestone"
    summary = "Claim a milestone whose requirement you meet (one per turn)."
    card: str


# ----------------------------------------------------------------- Competitive Team Play


@dataclass(frozen=True)
class AskGift(Action):
    verb = "ask-gift"
    summary = "Team play: ask your teammate for a gift of £100 or £200."
    amount: str


@dataclass(frozen=True)
class AskServant(Action):
    verb = "ask-servant"
    summary = "Team play: ask your teammate to lend a servant from Available Service."
    servant: str


@dataclass(frozen=True)
class Accept(Action):
    verb = "accept"
    summary = "Team play (the teammate): grant the request."


@dataclass(frozen=True)
class Decline(Action):
    verb = "decline"
    summary = "Team play (the teammate): refuse the request."


@dataclass(frozen=True)
class TeamBorrow(Action):
    verb = "team-borrow"
    summary = "Team play (the teammate): special action, two reputation for £100 towards a gift."


@dataclass(frozen=True)
class TeamHelp(Action):
    verb = "team-help"
    summary = "Team play (the teammate): special action, three reputation to refresh a servant "
    "before lending it."
    servant: str


@dataclass(frozen=True)
class TeamGuest(Action):
    verb = "team-guest"
    summary = "Team play: bring a teammate's family card or starter guest from their active hand "
    "to your activity (who gets the favours that may go to either: host or teammate)."
    card: str
    route: str = "host"
