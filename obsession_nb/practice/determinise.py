"""What one seat may know of a position, and guesses at the rest: the determinised samples the
AI opponents plan on (ruling.ai-hidden-information, setup.casual-deck, setup.prestige-deck).

A seat sees the board, every player's money, reputation, servants, organiser and discard pile,
the market and the tiles left in the bag, and its own hand, objectives and VP cards.  It does
not see the order of any deck, the other players' hands, objectives and VP cards, nor the
future d20 rolls and bag draws.  :func:`sample` keeps what the seat sees and deals everything
hidden again at random: the unseen cards of each kind are pooled (the other players' casual
and starter guests with the casual deck, their prestige guests with the prestige deck, their objectives
with the objective deck, their VP cards with the VP deck), sorted so that no real order can
leak, shuffled with the seat's own generator and dealt back into the same places and counts;
the source of chance is reseeded and its pinned results dropped.  Guests whose deck has no
hidden pool (family cards, the Fairchilds won at courtship) are known to everyone and stay
where they are.

Every trial line of an AI player is played on such a sample, never on the position itself, so
a player's choice cannot depend on a card it could not see (tests/test_opponents.py permutes
the hidden cards and checks that the choice stays the same).
"""

from __future__ import annotations

import random

from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.values import trial_copy

HIDDEN_DECKS = {("casual", "starter"): "casual_deck", ("prestige",): "prestige_deck"}
"""Guest decks whose cards may sit unseen in another player's hand, by the cards' ``deck``
(the starter guests are dealt at random and the rest shuffled into the casual deck)."""
SHUFFLED = ("theme_deck", "fairchilds")
"""Decks whose order nobody knows but whose cards no player holds face down."""


def copy_position(table: Table) -> Table:
    """A copy of the position to try a line on: the one place the AI players copy a position
    (``State.clone`` through ``solo_values.trial_copy``)."""
    copy = trial_copy(table)
    copy.automatic = []
    return copy


def sample(table: Table, seat: int, rng: random.Random) -> Table:
    """A copy of the position as ``seat`` might believe it to be: what it sees kept, every
    hidden card dealt again and the future chance reseeded, all from ``rng``."""
    copy = copy_position(table)
    state = copy.state
    supply = state.supply
    others = [p for i, p in enumerate(state.players) if i != seat]
    for kinds, name in HIDDEN_DECKS.items():
        slots = [(p, i) for p in others for i, c in enumerate(p.hand)
                 if copy.card(c).deck in kinds]
        pool = sorted([p.hand[i] for p, i in slots] + getattr(supply, name))
        rng.shuffle(pool)
        for (p, i), card in zip(slots, pool, strict=False):
            p.hand[i] = card
        setattr(supply, name, pool[len(slots):])
    for field, deck_name in (("objectives", "objective_deck"), ("vp_cards", "vp_deck")):
        pool = sorted([c for p in others for c in getattr(p, field)] + getattr(supply, deck_name))
        rng.shuffle(pool)
        for p in others:
            k = len(getattr(p, field))
            setattr(p, field, pool[:k])
            pool = pool[k:]
        setattr(supply, deck_name, pool)
    for name in SHUFFLED:
        deck = sorted(getattr(supply, name))
        rng.shuffle(deck)
        setattr(supply, name, deck)
    chance = state.chance
    chance.seed, chance.draws = rng.getrandbits(53), 0
    chance.next_rolls, chance.next_tiles = [], []
    return copy
