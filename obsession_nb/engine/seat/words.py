"""The cards of a catalog as the log names them (obsession_nb/engine/seat/log.py): every guest
and objective id, the guests known to everyone wherever they lie (family guests and Fairchilds:
ruling.ai-hidden-information), worked out once per catalog and set of custom cards; and the
words a ruling calls a card by, which a seat that may not see the card reads as its back (a
ruling says which cards it names by their ids, ``Ruling.cards``: the words are only replaced,
never searched for cards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.engine.table import Table

OPEN_DECKS = ("family", "fairchild")
"""Guests no hidden pool holds: known to everyone wherever they are."""


NONE: frozenset[str] = frozenset()
"""No card: what most log entries name, kept once."""

KEPT_NOTATIONS = 100_000
"""How many notations :class:`NamedIn` keeps (more than a long session of games meets)."""


class NamedIn(dict[str, frozenset[str]]):
    """The cards of ``ids`` an action's notation names after its verb (``NONE`` for most),
    looked up by the notation and worked out the first time it is met (``__missing__``): a
    log entry is marked for each action played, and most notations recur."""

    __slots__ = ("ids",)

    def __init__(self, ids: frozenset[str]) -> None:
        super().__init__()
        self.ids = ids

    def __missing__(self, notation: str) -> frozenset[str]:
        words = notation.split()
        named = NONE if self.ids.isdisjoint(words) else self.ids.intersection(words[1:])
        if len(self) < KEPT_NOTATIONS:
            self[notation] = named
        return named


@dataclass(frozen=True)
class CardWords:
    """A catalog's guest and objective cards and the words the rulings name them by (see the
    module docstring)."""

    ids: frozenset[str]
    """Every guest and objective card of the catalog (the cards an action's notation may name
    that a seat may not see)."""
    open: frozenset[str]
    """Guests in :data:`OPEN_DECKS`."""
    named_in: NamedIn = field(init=False, repr=False, compare=False)
    """The cards of :attr:`ids` each notation names after its verb."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "named_in", NamedIn(self.ids))


_MADE: dict[int, tuple[object, CardWords]] = {}


def card_words(table: Table) -> CardWords:
    """The :class:`CardWords` of the table's catalog and custom cards."""
    catalog = table.catalog
    if table.custom:
        return _make(table)
    found = _MADE.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    made = _MADE[id(catalog)] = (catalog, _make(table))
    return made[1]


def words_for(table: Table, card: str) -> str | None:
    """How the rulings name a card: a guest by its name, an objective as "objective NAME" (its
    names are everyday words: "Monuments"); VP cards are named by their favour only when
    revealed and theme cards only when turned up, so never while hidden."""
    return _words_of(table.catalog, table.custom, card)


def _words_of(catalog: Catalog, custom: Mapping[str, GentryCard], card: str) -> str | None:
    guest = custom[card] if card in custom else catalog.gentry.get(card)
    if guest is not None:
        return guest.name
    objective = catalog.objectives.get(card)
    return f"objective {objective.name}" if objective is not None else None


def _make(table: Table) -> CardWords:
    gentry = {**table.catalog.gentry, **table.custom}
    return CardWords(frozenset([*gentry, *table.catalog.objectives]),
                     frozenset(c for c, card in gentry.items() if card.deck in OPEN_DECKS))

