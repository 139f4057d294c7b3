"""Names a player knows for what the notation spells with ids: a tile, card, servant or seat
named, an action in words (its verb's heading and its arguments named).  Used wherever an
action is shown rather than typed: the widgets, the quiz, the CLI's text output.

Presentation only: nothing here decides whether an action is legal or what it does.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from obsession_nb.engine.records.actions import SPECIAL, Action, specs
from obsession_nb.engine.records.notation import ACTION_TYPES
from obsession_nb.engine.records.registry import mode_kinds

if TYPE_CHECKING:
    from obsession_nb.data.catalog import Catalog
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


SPECIAL_HEADING = SPECIAL
SPECIAL_VERBS = tuple(verb for verb, kind in ACTION_TYPES.items() if kind.heading == SPECIAL)
"""The special actions' verbs (their kinds' heading: :data:`SPECIAL_HEADING`)."""


def kind_of(verb: str) -> type[Action] | None:
    """The action kind of a verb: the standard game's and variants', else a mode's own."""
    return ACTION_TYPES.get(verb) or mode_kinds().get(verb)


def heading(verb: str) -> str:
    """The heading of a verb's group of choices: its kind's own (``Action.heading``; the
    special actions' together), or the verb itself for a kind with none."""
    kind = kind_of(verb)
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
    kind = kind_of(verb)
    # The useful man is a flag where a kind has one (buying); elsewhere he is the servant.
    flag = args[-1:] == ["useful_man"] and kind is not None and "useful_man" in _flags(kind)
    args = args[:-1] if flag else args
    named = [name_of(game, x) for x in args]
    words = None if kind is None else kind.label
    if words is not None and words.count("{") == len(named):
        return words.format(*named)
    if not named:
        return verb
    if verb == "family" and args[0] in game.table.catalog.families:  # its bonus, to choose by
        return f"{named[0]} ({game.table.catalog.families[args[0]].bonus.rstrip('.')})"
    label = ", ".join(named)
    return f"{label} (with the useful man)" if flag else label


def describe(game: Named, action: Action | str) -> str:
    """An action in words, heading and all: "Keep a guest: Lady Suffolk"."""
    notation = action if isinstance(action, str) else action.notation
    verb = notation.split()[0]
    label = action_label(game, notation)
    title = heading(verb)
    kind = kind_of(verb)
    bare = None if kind is None or kind.label is None or "{" in kind.label else kind.label
    return label if label in (title, bare) or title == verb else f"{title}: {label}"


def _flags(kind: type[Action]) -> list[str]:
    """The names of a kind's flags (its fields written as a bare word when true)."""
    return [name for name, written, _ in specs(kind) if written == "bool"]
