"""The action kinds of the rules variants and of the round track's Grand Ball: the starter-guest
draft, the 1st printing's rumour and objectives, the opening-market vote and milestones (UD p.15,
Facts §6.5), which the standard game plays under an option; the Grand Ball's keep, which the Solo
Estate Challenge and Tableau Obsession each register and play their own way.  A mode's own kinds
live in its package (``modes/<mode>/actions.py``).  Each is a small frozen record with the
notation of :class:`~obsession_nb.engine.records.actions.Action`."""

from __future__ import annotations

from obsession_nb.engine.records.actions import Action, Seat


class Ball(Action):
    verb = "ball"
    heading = "Grand Ball: keep a prestige guest"
    summary = "Grand Ball (solo, Tableau Obsession): keep one of the three prestige guests seen."
    card: str


class Starter(Action):
    verb = "starter"
    heading = "Starter-guest draft: take a card"
    summary = "Starter-guest draft: take one starter guest from the deck passed to you."
    card: str


class Rumour(Action):
    verb = "rumour"
    summary = "1st-printing Servants' Hall: steal one reputation from another player, no servant."
    target: Seat


class OpeningMarket(Action):
    verb = "opening-market"
    summary = "Vote to redraw the opening market ('redraw') or to keep it ('keep')."
    choice: str


class ChooseObjective(Action):
    verb = "choose-objective"
    summary = "1st printing: keep one of the objective cards dealt at setup (two in all)."
    card: str


class Milestone(Action):
    verb = "milestone"
    heading = "Claim a milestone"
    summary = "Claim a milestone whose requirement you meet (one per turn)."
    card: str
