"""Names a player knows for what the notation spells with ids: a tile, card, servant or seat
named, an action in words (its verb's heading and its arguments named).  Used wherever an
action is shown rather than typed: the widgets, the quiz, the CLI's text output.

Presentation only: nothing here decides whether an action is legal or what it does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
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

HIDDEN_TOKEN = "hidden-"
"""How an action read by a seat names a card that seat could not see: ``hidden-`` and the back
it shows (obsession_nb/engine/seat/log.py)."""
BACKS = {"casual": "casual guest", "prestige": "prestige guest", "objective": "objective card",
         "vp": "VP card", "theme": "theme card"}
"""Each back in words (a starter guest shows the casual back: it is shuffled into that deck)."""


Words = Mapping[str, Mapping[str, str]]
"""Words to name actions with, by section (:data:`WORDS`)."""

WORDS: dict[str, dict[str, str]] = {
    "action": {
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
    },
    "shape": {
        "family": "{0} ({bonus})", "serve": "{1} → {0}", "place": "{0} → {1}",
        "hall": "{0} → {1}", "recruit": "{1} from {0}",
        "carriage_more": "{0}: one guest more", "carriage_fewer": "{0}: one guest fewer",
        "help": "Refresh {0}", "team-help": "Refresh {0} before lending (special action)",
        "ask-gift": "£{0}", "team-guest_host": "{0} → host",
        "team-guest_teammate": "{0} → teammate", "useful-man-search": "Useful man: fetch {0}",
        "useful_man": "{0} (with the useful man)", "list": ", "},
    "named": {"hidden": "a hidden {back}", "activity_tile": "the activity tile",
              "house": "House of {family}", "vp_card": "VP card: {favour} ({vp} VP)",
              "described": "{heading}: {label}"},
    "hidden": BACKS,
}
"""The words :func:`action_label` and :func:`name_of` build with, in English: a choice with no
argument (``action``, by verb), the shapes around the arguments named (``shape``: by verb, or
verb and argument; ``{0}``, ``{1}`` the arguments), the names that are no catalog name
(``named``; ``described``: a label after its heading) and the backs of hidden cards
(``hidden``).  A view in another language passes the same sections in it and may add ``token``
(an argument that is a word, as ``available``), ``heading`` (by verb, ``special`` for the
special actions) and ``vp_favour`` (a VP card's favour by id)
(``obsession_nb/tutor/views/engine_words.py``)."""


def _same(text: str) -> str:
    return text


def heading(verb: str) -> str:
    """The heading of a verb's group of choices: its kind's own (``Action.heading``), the
    special actions' together, or the verb itself for a kind with none."""
    if verb in SPECIAL_VERBS:
        return SPECIAL_HEADING
    kind = action_types().get(verb)
    return verb if kind is None or kind.heading is None else kind.heading


def name_of(game: Named, token: str, words: Words = WORDS,
            name: Callable[[str], str] = _same) -> str:
    """The display name of one notation token (a tile, card, servant, player, a card hidden
    from the reader by its back, or as written); ``words`` and ``name`` (a catalog name in the
    view's language) for a view in another language."""
    table = game.table
    said = words["named"]
    if token.startswith(HIDDEN_TOKEN) and token[len(HIDDEN_TOKEN):] in BACKS:
        back = token[len(HIDDEN_TOKEN):]
        return said["hidden"].format(back=words["hidden"][back])
    if token == "tile":
        return said["activity_tile"]
    seat = re.fullmatch(r"p([1-9])", token)
    if seat and int(seat.group(1)) <= len(table.state.players):
        return table.seat_name(int(seat.group(1)) - 1)
    if token in table.catalog.tiles:
        return name(table.tile_name(token))
    if table.has_card(token):
        return name(table.card_name(token))
    if token in table.catalog.servants:
        return name(table.servant_name(token))
    if token in table.catalog.families:
        return said["house"].format(family=name(table.catalog.families[token].name))
    if token in table.catalog.objectives:
        return name(table.catalog.objectives[token].name)
    if token in table.catalog.vp_cards:
        card = table.catalog.vp_cards[token]
        favour = words.get("vp_favour", {}).get(card.favour) or card.favour.replace(
            "_", " ").replace("-", " ")
        return said["vp_card"].format(favour=favour, vp=card.vp)
    return words.get("token", {}).get(token, token)


def action_label(game: Named, action: Action | str, words: Words = WORDS,
                 name: Callable[[str], str] = _same) -> str:
    """Short words for a choice button: the verb's group heading says the rest (``words`` and
    ``name`` as for :func:`name_of`)."""
    notation = action if isinstance(action, str) else action.notation
    verb, *args = notation.split()
    # Only buying takes the useful man as a flag; elsewhere "useful_man" is the servant.
    flag = verb in _USEFUL_MAN_FLAG and args[-1:] == ["useful_man"]
    args = args[:-1] if flag else args
    named = [name_of(game, x, words, name) for x in args]
    if not named:
        return words["action"].get(verb, verb)
    shape = words["shape"]
    if verb == "family" and args[0] in game.table.catalog.families:  # its bonus, to choose by
        bonus = game.table.catalog.families[args[0]].bonus.rstrip(".")
        return shape["family"].format(named[0], bonus=name(bonus))
    if verb in ("serve", "place", "hall", "recruit") and len(named) == 2:
        return shape[verb].format(*named)
    if verb == "carriage" and len(named) == 2:
        return shape["carriage_more" if args[1] == "more" else "carriage_fewer"].format(named[0])
    if verb in ("help", "team-help", "useful-man-search"):
        return shape[verb].format(named[0])
    if verb == "ask-gift":
        return shape[verb].format(args[0])
    if verb == "team-guest" and len(named) == 2:
        side = "host" if args[1] == "host" else "teammate"
        return shape[f"team-guest_{side}"].format(named[0])
    label = shape["list"].join(named)
    return shape["useful_man"].format(label) if flag else label


def describe(game: Named, action: Action | str, words: Words = WORDS,
             name: Callable[[str], str] = _same) -> str:
    """An action in words, heading and all: "Keep a guest: Lady Suffolk" (``words`` and
    ``name`` as for :func:`name_of`)."""
    notation = action if isinstance(action, str) else action.notation
    verb = notation.split()[0]
    label = action_label(game, notation, words, name)
    english = heading(verb)
    title = words.get("heading", {}).get("special" if verb in SPECIAL_VERBS else verb, english)
    if label in (title, words["action"].get(verb)) or english == verb:
        return label
    return words["named"]["described"].format(heading=title, label=label)
