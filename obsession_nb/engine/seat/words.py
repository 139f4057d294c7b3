"""The cards of a catalog as the log names them, found fast (obsession_nb/engine/seat/log.py):
every guest and objective id, the words the rulings call each by, one pattern finding those
words in a ruling, and the guests known to everyone wherever they lie (family guests and
Fairchilds: ruling.ai-hidden-information).  Worked out once per catalog and set of custom
cards, the words when first needed."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.engine.table import Table

OPEN_DECKS = ("family", "fairchild")
"""Guests no hidden pool holds: known to everyone wherever they are."""


WORD = re.compile(r"\w+")
READ_TEXTS = 4096
"""How many texts :meth:`CardWords.named_in` remembers (then it starts again)."""


@dataclass(frozen=True)
class CardWords:
    ids: frozenset[str]
    """Every guest and objective card of the catalog."""
    open: frozenset[str]
    """Guests in :data:`OPEN_DECKS`."""
    catalog: Catalog = field(repr=False, compare=False)
    custom: Mapping[str, GentryCard] = field(repr=False, compare=False)
    """The cards' catalog and the scenario's own cards: the words below are worked out from
    them when first asked for (a game whose rulings are not written never reads them)."""
    read: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    """The cards each text read so far names: a game's rulings repeat their words (three
    random games write some 3,800 rulings in 1,350 texts)."""

    @cached_property
    def by_words(self) -> dict[str, tuple[str, ...]]:
        """The words the rulings name a card by, and the cards they may mean."""
        found: dict[str, list[str]] = {}
        for card in sorted(self.ids):
            words = _words_of(self.catalog, self.custom, card)
            if words:
                found.setdefault(words, []).append(card)
        return {words: tuple(cards) for words, cards in found.items()}

    @cached_property
    def by_first(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """Those words by their first word, which a text naming them holds whole, then by a
        word every such text holds whole: their first word, or a word inside them (neither at
        their start nor at their end), whichever the fewest of that first word's share (some 90
        stand-ins start with "Stand" and share numbers, which most rulings hold), to find them
        in a ruling without trying them all."""
        inner = {words: _inner(words) for words in self.by_words}
        shared = Counter([(whole[0], word) for whole in inner.values() for word in whole])
        # the rarest among those of the same first word, the longest of those (a short word,
        # a number, is common in rulings)
        rank = {key: (n, -len(key[1])) for key, n in shared.items()}.__getitem__
        found: dict[str, dict[str, list[str]]] = {}
        for words, whole in inner.items():
            key = min([(whole[0], word) for word in whole], key=rank)[1]
            found.setdefault(whole[0], {}).setdefault(key, []).append(words)
        return {first: {key: tuple(words) for key, words in by_key.items()}
                for first, by_key in found.items()}

    def named_in(self, text: str) -> frozenset[str]:
        """The cards ``text`` names: each card that the words it contains may mean, where those
        words start with a whole word of the text."""
        found = self.read.get(text)
        if found is None:
            cards: set[str] = set()
            whole = set(WORD.findall(text))
            by_first = self.by_first
            for first in whole.intersection(by_first):
                by_key = by_first[first]
                for key in whole.intersection(by_key):
                    for words in by_key[key]:
                        if words in text:
                            cards.update(self.by_words[words])
            if len(self.read) >= READ_TEXTS:
                self.read.clear()
            found = self.read[text] = frozenset(cards)
        return found


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
                     frozenset(c for c, card in gentry.items() if card.deck in OPEN_DECKS),
                     table.catalog, dict(table.custom))


def _inner(words: str) -> list[str]:
    """The first word of ``words`` and each word inside them: the words a text that holds
    ``words`` holds whole (their last word may run on in the text: "Ann" in "Anne")."""
    found = WORD.findall(words)
    return found[:-1] if len(found) > 1 and words.endswith(found[-1]) else found
