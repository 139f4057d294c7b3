"""Cards face down, or shown to some seats only, as a plain record: a :class:`Holding`
(what ``engine.seat.places`` lists for a position, and a mode adds through
``Mode.private_places``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, NamedTuple

Kind = Literal["guest", "objective", "vp", "theme"]


class Holding(NamedTuple):
    """Cards face down, or shown only to ``seats`` (empty: to nobody, as a shuffled deck); a
    named tuple, as one is made for every such place each time a log entry is marked."""

    cards: list[str]
    """The live list in the position (a re-deal writes into it)."""
    seats: tuple[int, ...]
    kind: Kind
    rule: str
    """The rule id that keeps these cards from the other seats."""
    public: frozenset[str] = frozenset()
    """Cards of the list that every seat knows all the same (ruling.seat-known-cards)."""

    def slots(self) -> Iterator[int]:
        """Indices of the cards that stay hidden from the seats not in ``seats``."""
        public = self.public
        return (i for i, c in enumerate(self.cards) if c not in public)
