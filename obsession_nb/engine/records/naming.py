"""Names a player knows for what the notation spells with ids: a tile, card, servant or seat
named, an action in words (its verb's heading and its arguments named).  Used wherever an
action is shown rather than typed: the widgets, the quiz, the CLI's text output.

Presentation only: nothing here decides whether an action is legal or what it does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
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

Words = Mapping[str, Mapping[str, str]]
"""Words to name actions with, by section (:data:`WORDS`)."""

WORDS: dict[str, dict[str, str]] = {
    "shape": {"family": "{0} ({bonus})", "useful_man": "{0} (with the useful man)",
              "list": ", "},
    "named": {"hidden": "a hidden {back}", "activity_tile": "the activity tile",
              "house": "House of {family}", "vp_card": "VP card: {favour} ({vp} VP)",
              "described": "{heading}: {label}"},
    "hidden": BACKS,
}
"""The words :func:`action_label`, :func:`name_of` and :func:`describe` build with besides each
kind's own (``Action.label``, ``Action.heading``), in English: the shapes around the arguments
named (``shape``), the names that are no catalog name (``named``; ``described``: a label after
its heading) and the backs of hidden cards (``hidden``).  A view in another language passes the
same sections in it and adds each kind's ``choice`` (its label) and ``heading`` (by verb), ``token`` (an
argument that is a word, as ``available``), ``vp_favour`` (a VP card's favour by id) and
``family_bonus`` (a family's bonus by id; else the catalog's English)
(``obsession_nb/tutor/views/engine_words.py``)."""


def _same(text: str) -> str:
    return text


def name_of(game: Named, token: str, words: Words = WORDS,
            name: Callable[[str], str] = _same) -> str:
    """The display name of one notation token (a tile, card, servant, player, a card hidden
    from the reader by its back, or as written); ``words`` and ``name`` (a catalog name in the
    view's language) for a view in another language."""
    table = game.table
    said = words["named"]
    if token.startswith(HIDDEN_TOKEN) and token[len(HIDDEN_TOKEN):] in BACKS:
        return said["hidden"].format(back=words["hidden"][token[len(HIDDEN_TOKEN):]])
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


def _label(verb: str, words: Words) -> str | None:
    """The kind's own words for a choice (``Action.label``), in ``words`` if they have them."""
    kind = kind_of(verb)
    english = None if kind is None else kind.label
    return words.get("choice", {}).get(verb, english) if english is not None else None


def action_label(game: Named, action: Action | str, words: Words = WORDS,
                 name: Callable[[str], str] = _same) -> str:
    """Short words for a choice button: the verb's group heading says the rest (``words`` and
    ``name`` as for :func:`name_of`)."""
    notation = action if isinstance(action, str) else action.notation
    verb, *args = notation.split()
    kind = kind_of(verb)
    # The useful man is a flag where a kind has one (buying); elsewhere he is the servant.
    flag = args[-1:] == ["useful_man"] and kind is not None and "useful_man" in _flags(kind)
    args = args[:-1] if flag else args
    named = [name_of(game, x, words, name) for x in args]
    own = None if kind is None else kind.label
    if own is not None and own.count("{") == len(named):
        return (_label(verb, words) or own).format(*named)
    if not named:
        return verb
    shape = words["shape"]
    if verb == "family" and args[0] in game.table.catalog.families:  # its bonus, to choose by
        bonus = (words.get("family_bonus", {}).get(args[0])
                 or game.table.catalog.families[args[0]].bonus.rstrip("."))
        return shape["family"].format(named[0], bonus=bonus)
    listed = shape["list"].join(named)
    return shape["useful_man"].format(listed) if flag else listed


def describe(game: Named, action: Action | str, words: Words = WORDS,
             name: Callable[[str], str] = _same) -> str:
    """An action in words, heading and all: "Keep a guest: Lady Suffolk" (``words`` and
    ``name`` as for :func:`name_of`)."""
    notation = action if isinstance(action, str) else action.notation
    verb = notation.split()[0]
    label = action_label(game, notation, words, name)
    english = heading(verb)
    title = words.get("heading", {}).get(verb, english)
    bare = _label(verb, words)
    bare = None if bare is None or "{" in bare else bare
    if label in (title, bare) or english == verb:
        return label
    return words["named"]["described"].format(heading=title, label=label)


def _flags(kind: type[Action]) -> list[str]:
    """The names of a kind's flags (its fields written as a bare word when true)."""
    return [name for name, written, _ in specs(kind) if written == "bool"]
