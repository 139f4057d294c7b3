"""The cards of a catalog as the log names them, found fast (obsession_nb/engine/seat/log.py):
every guest and objective id, the words the rulings call each by, one pattern finding those
words in a ruling, and the guests known to everyone wherever they lie (family guests and
Fairchilds: ruling.ai-hidden-information).  Worked out once per catalog and set of custom
cards, the words when first needed."""

from __future__ import annotations

import re
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
NONE: frozenset[str] = frozenset()
"""No card: what most texts name, kept once."""


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
    def by_first(self) -> tuple[re.Pattern[str], dict[str, Starting]]:
        """Those words by their first word, which a text naming them holds whole, and one
        pattern finding those first words in a text, whole or not (some 25 words:
        "Lady", "Stand", "objective", ...): a ruling is read without splitting it into words or
        trying every card's words in it."""
        found: dict[str, list[str]] = {}
        for words in self.by_words:
            found.setdefault(WORD.findall(words)[0], []).append(words)
        # \w+ words, nothing to escape; no assertions, which would make the pattern try every
        # letter of a text rather than only those a first word starts with
        firsts = re.compile("|".join(sorted(found, key=len, reverse=True)))
        return firsts, {first: Starting.of(first, words) for first, words in found.items()}

    def named_in(self, text: str) -> frozenset[str]:
        """The cards ``text`` names: each card that the words it contains may mean, where those
        words start with a whole word of the text."""
        found = self.read.get(text)
        if found is None:
            pattern, by_first = self.by_first
            cards: set[str] = set()
            for first in set(pattern.findall(text)):
                for words in by_first[first].found_in(text):
                    cards.update(self.by_words[words])
            if len(self.read) >= READ_TEXTS:
                self.read.clear()
            found = self.read[text] = frozenset(cards) if cards else NONE
        return found


@dataclass(frozen=True)
class Starting:
    """The words that start with one first word (some 90 stand-ins start "Stand-in"), by as
    many of their first letters as the shortest has: where the first word stands in a text,
    only those that start as the text does there are tried."""

    first: str
    length: int
    by_start: dict[str, tuple[str, ...]]
    """Those of the words that start with the first word, by their first ``length`` letters."""
    inside: tuple[str, ...]
    """Those whose first word comes after a sign ("(The) ..."): each looked for in the text."""

    @classmethod
    def of(cls, first: str, words: list[str]) -> Starting:
        starting = [w for w in words if w.startswith(first)]
        length = min(map(len, starting), default=0)
        by_start: dict[str, list[str]] = {}
        for w in starting:
            by_start.setdefault(w[:length], []).append(w)
        return cls(first, length, {k: tuple(v) for k, v in by_start.items()},
                   tuple(w for w in words if not w.startswith(first)))

    def found_in(self, text: str) -> list[str]:
        """Those of the words that ``text`` holds (anywhere), if the first word stands whole
        somewhere in it (else none)."""
        first, length, by_start = self.first, self.length, self.by_start
        found: list[str] = []
        whole = False
        at = text.find(first)
        while at >= 0:
            if not whole:  # no letter, digit or "_" (what \w matches) on either side
                before = text[at - 1] if at else " "
                after = text[at + len(first):at + len(first) + 1] or " "
                whole = not (before.isalnum() or before == "_" or after.isalnum()
                             or after == "_")
            for words in by_start.get(text[at:at + length], ()):
                if text.startswith(words, at):
                    found.append(words)
            at = text.find(first, at + 1)
        if not whole:
            return []
        return found + [words for words in self.inside if words in text]


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

