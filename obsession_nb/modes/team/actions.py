"""Competitive Team Play's own action kinds (UD p.12), registered in
:attr:`CompetitiveTeamPlay.handlers` (modes/team/mode.py): refused in every other mode."""

from __future__ import annotations

from obsession_nb.engine.records.actions import Action


class AskGift(Action):
    verb = "ask-gift"
    heading = "Team play: ask the teammate for a gift"
    label = "£{0}"
    summary = "Team play: ask your teammate for a gift of £100 or £200."
    amount: str


class AskServant(Action):
    verb = "ask-servant"
    heading = "Team play: ask to borrow the teammate's servant"
    summary = "Team play: ask your teammate to lend a servant from Available Service."
    servant: str


class Accept(Action):
    verb = "accept"
    heading = "The teammate answers"
    label = "Accept"
    summary = "Team play (the teammate): grant the request."


class Decline(Action):
    verb = "decline"
    heading = "The teammate answers"
    label = "Decline"
    summary = "Team play (the teammate): refuse the request."


class TeamBorrow(Action):
    verb = "team-borrow"
    heading = "The teammate answers"
    label = "Borrow £100 for the gift (special action)"
    summary = "Team play (the teammate): special action, two reputation for £100 towards a gift."


class TeamHelp(Action):
    verb = "team-help"
    heading = "The teammate answers"
    label = "Refresh {0} before lending (special action)"
    summary = "Team play (the teammate): special action, three reputation to refresh a servant "
    "before lending it."
    servant: str


class TeamGuest(Action):
    verb = "team-guest"
    heading = "Team play: bring the teammate's guest (favours to…)"
    label = "{0} → {1}"
    summary = "Team play: bring a teammate's family card or starter guest from their active hand "
    "to your activity (who gets the favours that may go to either: host or teammate)."
    card: str
    route: str = "host"
