"""The cards of a catalog as the log names them, found fast (obsession_nb/engine/seat/log.py):
every guest and objective id, the words the rulings call each by, one pattern finding those
words in a ruling, and the guests known to everyone wherever they lie (family guests and
Fairchilds: ruling.ai-hidden-information).  Worked out once per catalog and set of custom
cards."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
    by_words: dict[str, tuple[str, ...]]
    """The words the rulings name a card by, and the cards they may mean."""
    by_first: dict[str, tuple[str, ...]]
    """Those words by their first word, to find them in a ruling without trying them all."""
    open: frozenset[str]
    """Guests in :data:`OPEN_DECKS`."""
    read: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    """The cards each text read so far names: a game's rulings repeat their words (three
    random games write some 3,800 rulings in 1,350 texts)."""

    def named_in(self, text: str) -> frozenset[str]:
        """The cards ``text`` names (each card the words it contains may mean)."""
        found = self.read.get(text)
        if found is None:
            cards: set[str] = set()
            for first in set(WORD.findall(text)).intersection(self.by_first):
                for words in self.by_first[first]:
                    if words in text:
                        cards.update(self.by_words[words])
            if len(self.read) >= READ_TEXTS:
                self.read.clear()
            found = self.read[text] = frozenset(cards)
        return found


_MADE: dict[int, tuple[object, CardWords]] = {}


def card_words(table: Table) -> CardWords:
    """The :class:`CardWords` of the table's catalog and custom cards."""
    key = id(table.catalog)
    found = _MADE.get(key) if not table.custom else None
    if found is not None and found[0] is table.catalog:
        return found[1]
    made = _make(table)
    if not table.custom:
        _MADE[key] = (table.catalog, made)
    return made


def words_for(table: Table, card: str) -> str | None:
    """How the rulings name a card: a guest by its name, an objective as "objective NAME" (its
    names are everyday words: "Monuments"); VP cards are named by their favour only when
    revealed and theme cards only when turned up, so never while hidden."""
    if table.has_card(card):
        return table.card_name(card)
    objective = table.catalog.objectives.get(card)
    return f"objective {objective.name}" if objective is not None else None


def _make(table: Table) -> CardWords:
    gentry = {**table.catalog.gentry, **table.custom}
    ids = frozenset([*gentry, *table.catalog.objectives])
    by_words: dict[str, list[str]] = {}
    for card in sorted(ids):
        words = words_for(table, card)
        if words:
            by_words.setdefault(words, []).append(card)
    by_first: dict[str, list[str]] = {}
    for words in by_words:
        by_first.setdefault(WORD.findall(words)[0], []).append(words)
    return CardWords(ids, {w: tuple(c) for w, c in by_words.items()},
                     {w: tuple(names) for w, names in by_first.items()},
                     frozenset(c for c, card in gentry.items() if card.deck in OPEN_DECKS))
