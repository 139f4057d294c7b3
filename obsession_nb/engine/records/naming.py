"""Names a player knows for what the notation spells with ids: a tile, card, servant or seat
named, an action in words (its verb's heading and its arguments named).  Used wherever an
action is shown rather than typed: the widgets, the quiz, the CLI's text output.

Presentation only: nothing here decides whether an action is legal or what it does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from obsession_nb.engine.records.notation import action_types

if TYPE_CHECKING:
    from obsession_nb.data.catalog import Catalog
    from obsession_nb.engine.records.actions import Action
    from obsession_nb.engine.records.state import State


class Namer(Protocol):
    """What naming reads of a position with its catalog (an ``engine.table.Table``)."""

    @property
    def catalog(self) -> Catalog: ...
    @property
    def state(self) -> State: ...
    def seat_name(self, seat: int) -> str: ...
    def tile_name(self, tile_id: str) -> str: ...
    def has_card(self, card_id: str) -> bool: ...
    def card_name(self, card_id: str) -> str: ...
    def servant_name(self, kind: str) -> str: ...


class Named(Protocol):
    """A game: anything holding such a position (``Game.table``)."""

    @property
    def table(self) -> Namer: ...

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
    "keep-vp-cards": "Keep my VP cards face down",
}


def heading(verb: str) -> str:
    """The heading of a verb's group of choices: its kind's own (``Action.heading``), the
    special actions' together, or the verb itself for a kind with none."""
    if verb in SPECIAL_VERBS:
        return SPECIAL_HEADING
    kind = action_types().get(verb)
    return verb if kind is None or kind.heading is None else kind.heading


HIDDEN_TOKEN = "hidden-"
"""How an action read by a seat names a card that seat could not see: ``hidden-`` and the back
it shows (obsession_nb/engine/seat/log.py)."""
BACKS = {"casual": "casual guest", "prestige": "prestige guest", "objective": "objective card",
         "vp": "VP card", "theme": "theme card"}
"""Each back in words (a starter guest shows the casual back: it is shuffled into that deck)."""


def name_of(game: Named, token: str) -> str:
    """The display name of one notation token (a tile, card, servant, player, a card hidden
    from the reader by its back, or as written)."""
    table = game.table
    if token.startswith(HIDDEN_TOKEN) and token[len(HIDDEN_TOKEN):] in BACKS:
        return f"a hidden {BACKS[token[len(HIDDEN_TOKEN):]]}"
    if token == "tile":
        return "the activity tile"
    seat = re.fullmatch(r"p([1-9])", token)
    if seat and int(seat.group(1)) <= len(table.state.players):
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


def action_label(game: Named, action: Action | str) -> str:
    """Short words for a choice button: the verb's group heading says the rest."""
    notation = action if isinstance(action, str) else action.notation
    verb, *args = notation.split()
    # Only buying takes the useful man as a flag; elsewhere "useful_man" is the servant.
    flag = verb in _USEFUL_MAN_FLAG and args[-1:] == ["useful_man"]
    args = args[:-1] if flag else args
    named = [name_of(game, x) for x in args]
    if not named:
        return _BARE.get(verb, verb)
    if verb == "family" and args[0] in game.table.catalog.families:  # its bonus, to choose by
        return f"{named[0]} ({game.table.catalog.families[args[0]].bonus.rstrip('.')})"
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


def describe(game: Named, action: Action | str) -> str:
    """An action in words, heading and all: "Keep a guest: Lady Suffolk"."""
    notation = action if isinstance(action, str) else action.notation
    verb = notation.split()[0]
    label = action_label(game, notation)
    title = heading(verb)
    return label if label in (title, _BARE.get(verb)) or title == verb else f"{title}: {label}"
