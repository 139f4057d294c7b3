"""Names a player knows for what the notation spells with ids: a tile, card, servant or seat
named, an action in words (its verb's heading and its arguments named).  Used wherever an
action is shown rather than typed: the widgets, the quiz, the CLI's text output.

Presentation only: nothing here decides whether an action is legal or what it does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.actions import Action

# Headings for the groups of choices, in the order a turn meets them.
VERB_HEADINGS: dict[str, str] = {
    "family": "Choose a family board",
    "start-tile": "Wessex: choose the extra starting tile",
    "draft": "Draft a servant",
    "activity": "Host an activity or pass",
    "pass": "Host an activity or pass",
    "hall": "Servants' Hall",
    "church": "Parish Church",
    "host": "Host a tile (step 3)",
    "invite": "Invite a guest (step 4)",
    "carriage": "Carriage House",
    "kitchen": "Renovated Kitchen",
    "serve": "Provide service (step 5)",
    "place": "Supplemental service",
    "keep": "Keep a guest",
    "lady": "The lady of the house",
    "dismiss": "Dismiss a guest",
    "gossip": "Gossip about",
    "reclaim": "Reclaim a guest",
    "hire": "Hire a servant",
    "recruit": "Recruit a servant",
    "rents": "Pass option",
    "free-refresh": "Pass option",
    "hire-servants": "Pass option",
    "double": "Queen's Suite: the favour to double",
    "buy": "Buy a tile (step 7)",
    "done": "Finish this step",
    "fairchild": "Courtship: choose a Fairchild",
    "discard-objective": "End of season: discard an objective",
    "keep-objective": "Keep an objective card",
    "keep-vp-cards": "Keep your VP cards",
    "discard-prestige": "Six-guest limit: discard a prestige guest",
    "reveal": "Reveal a VP card for its favour",
    "reveal-hire": "Reveal a VP card for its favour",
    "reveal-reclaim": "Reveal a VP card for its favour",
    "ball": "Grand Ball: keep a prestige guest",
    "buy-into": "Buy a monument into a column",
    "discard-tile": "Discard a tile to make room",
    "starter": "Starter-guest draft: take a card",
    "milestone": "Claim a milestone",
    "ask-gift": "Team play: ask the teammate for a gift",
    "ask-servant": "Team play: ask to borrow the teammate's servant",
    "team-guest": "Team play: bring the teammate's guest (favours to…)",
    "accept": "The teammate answers",
    "decline": "The teammate answers",
    "team-borrow": "The teammate answers",
    "team-help": "The teammate answers",
}
SPECIAL_VERBS = ("borrow", "help", "refresh-market", "useful-man-refresh", "useful-man-search")
SPECIAL_HEADING = "Special actions"
_USEFUL_MAN_FLAG = ("buy", "buy-into")

_BARE: dict[str, str] = {
    "activity": "Host an activity",
    "pass": "Pass",
    "done": "Done",
    "kitchen": "Use the kitchen",
    "rents": "Collect rents",
    "free-refresh": "Free market refresh",
    "hire-servants": "Hire with the Butler's Room",
    "borrow": "Borrow",
    "refresh-market": "Refresh the market",
    "useful-man-refresh": "Useful man: refresh the market",
    "accept": "Accept",
    "decline": "Decline",
    "team-borrow": "Borrow £100 for the gift (special action)",
}


def heading(verb: str) -> str:
    return SPECIAL_HEADING if verb in SPECIAL_VERBS else VERB_HEADINGS.get(verb, verb)


HIDDEN_TOKEN = "hidden-"
"""How an action read by a seat names a card that seat could not see: ``hidden-`` and the back
it shows (obsession_nb/engine/seat/log.py)."""
BACKS = {"casual": "casual guest", "prestige": "prestige guest", "objective": "objective card",
         "vp": "VP card", "theme": "theme card"}
"""Each back in words (a starter guest shows the casual back: it is shuffled into that deck)."""


def name_of(game: Game, token: str) -> str:
    """The display name of one notation token (a tile, card, servant, player, a card hidden
    from the reader by its back, or as written)."""
    table = game.table
    if token.startswith(HIDDEN_TOKEN) and token[len(HIDDEN_TOKEN):] in BACKS:
        return f"a hidden {BACKS[token[len(HIDDEN_TOKEN):]]}"
    if token == "tile":
        return "the activity tile"
    seat = re.fullmatch(r"p([1-9])", token)
    if seat and int(seat.group(1)) <= len(game.state.players):
        return table.seat_name(int(seat.group(1)) - 1)
    if token in table.catalog.tiles:
        return table.tile_name(token)
    if table.has_card(token):
        return table.card_name(token)
    if token in table.catalog.servants:
        return table.servant_name(token)
    if token in table.catalog.families:
        return f"House of {table.catalog.families[token].name}"
    if token in table.catalog.objectives:
        return table.catalog.objectives[token].name
    if token in table.catalog.vp_cards:
        card = table.catalog.vp_cards[token]
        return f"VP card: {card.favour.replace('_', ' ').replace('-', ' ')} ({card.vp} VP)"
    return token


def action_label(game: Game, action: Action | str) -> str:
    """Short words for a choice button: the verb's group heading says the rest."""
    notation = action if isinstance(action, str) else action.notation
    verb, *args = notation.split()
    # Only buying takes the useful man as a flag; elsewhere "useful_man" is the servant.
    flag = verb in _USEFUL_MAN_FLAG and args[-1:] == ["useful_man"]
    args = args[:-1] if flag else args
    named = [name_of(game, x) for x in args]
    if not named:
        return _BARE.get(verb, verb)
    if verb == "serve" and len(named) == 2:
        return f"{named[1]} → {named[0]}"
    if verb in ("place", "hall") and len(named) == 2:
        return f"{named[0]} → {named[1]}"
    if verb == "recruit" and len(named) == 2:
        return f"{named[1]} from {named[0]}"
    if verb == "carriage" and len(named) == 2:
        return f"{named[0]}: {'one guest more' if args[1] == 'more' else 'one guest fewer'}"
    if verb == "help":
        return f"Refresh {named[0]}"
    if verb == "team-help":
        return f"Refresh {named[0]} before lending (special action)"
    if verb == "ask-gift":
        return f"£{args[0]}"
    if verb == "team-guest" and len(named) == 2:
        return f"{named[0]} → {'host' if args[1] == 'host' else 'teammate'}"
    if verb == "useful-man-search":
        return f"Useful man: fetch {named[0]}"
    label = ", ".join(named)
    return f"{label} (with the useful man)" if flag else label


def describe(game: Game, action: Action | str) -> str:
    """An action in words, heading and all: "Keep a guest: Lady Suffolk"."""
    notation = action if isinstance(action, str) else action.notation
    verb = notation.split()[0]
    label = action_label(game, notation)
    title = heading(verb)
    return label if label in (title, _BARE.get(verb)) or title == verb else f"{title}: {label}"
