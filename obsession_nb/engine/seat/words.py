"""The cards of a catalog as the log names them, found fast (obsession_nb/engine/seat/log.py):
every guest and objective id, the words the rulings call each by, one pattern finding those
words in a ruling, and the guests known to everyone wherever they lie (family guests and
Fairchilds: ruling.ai-hidden-information).  Worked out once per catalog and set of custom
cards."""

from __future__ import annotations

import re
from collections import Counter
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
    by_key: dict[str, tuple[tuple[str, str], ...]]
    """Those words (with their first word) by a word every text naming them holds whole: their
    first word, or a word inside them (neither at their start nor at their end), whichever the
    fewest of them share (some 90 stand-ins start with "Stand"), to find them in a ruling
    without trying them all."""
    open: frozenset[str]
    """Guests in :data:`OPEN_DECKS`."""
    read: dict[str, frozenset[str]] = field(default_factory=dict, repr=False, compare=False)
    """The cards each text read so far names: a game's rulings repeat their words (three
    random games write some 3,800 rulings in 1,350 texts)."""

    def named_in(self, text: str) -> frozenset[str]:
        """The cards ``text`` names: each card that the words it contains may mean, where those
        words start with a whole word of the text."""
        found = self.read.get(text)
        if found is None:
            cards: set[str] = set()
            whole = set(WORD.findall(text))
            by_key = self.by_key
            for key in whole.intersection(by_key):
                for first, words in by_key[key]:
                    if first in whole and words in text:
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
    inner = {words: _inner(words) for words in by_words}
    shared = Counter([word for whole in inner.values() for word in whole])
    # the rarest, the longest of those (a short word, a number, is common in rulings)
    rank = {word: (n, -len(word)) for word, n in shared.items()}.__getitem__
    by_key: dict[str, list[tuple[str, str]]] = {}
    for words, whole in inner.items():
        by_key.setdefault(min(whole, key=rank), []).append((whole[0], words))
    return CardWords(ids, {w: tuple(c) for w, c in by_words.items()},
                     {w: tuple(found) for w, found in by_key.items()},
                     frozenset(c for c, card in gentry.items() if card.deck in OPEN_DECKS))


def _inner(words: str) -> list[str]:
    """The first word of ``words`` and each word inside them: the words a text that holds
    ``words`` holds whole (their last word may run on in the text: "Ann" in "Anne")."""
    found = WORD.findall(words)
    return found[:-1] if len(found) > 1 and words.endswith(found[-1]) else found
