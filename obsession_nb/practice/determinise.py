"""Guesses at what a seat cannot see: the determinised samples the AI opponents, the coach and
the explorer's ``value`` column plan on (ruling.ai-hidden-information, ruling.seat-view).

:func:`sample` copies the position and re-deals on the copy everything the seat cannot know
(``obsession_nb.engine.seat.redeal``): the other players' hands, objectives and VP cards, what
another seat is looking at, every deck's order and the future chance.  It keeps what the seat
sees — its own cards, every face-up zone, family guests and won Fairchilds, and the cards every
player saw go into a hand (``Player.known``).  The hidden cards are pooled by back and sorted
before being shuffled with the seat's own generator, so two positions the seat cannot tell
apart give the same sample.

Every trial line of an AI player is played on such a sample, never on the position itself, so
a player's choice cannot depend on a card it could not see (tests/practice/test_opponents.py permutes
the hidden cards and checks that the choice stays the same; tests/engine/test_seat_indistinguishable.py
re-deals every mode's positions).
"""

from __future__ import annotations

import random

from obsession_nb.engine.seat.redeal import redeal
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.players.values import trial_copy

MIN_SAMPLES = 2
"""Samples every plan that passes the first look is played on, so that its value has a
standard error (the first round of the halving plays each plan once at least)."""


def copy_position(table: Table) -> Table:
    """A copy of the position to try a line on: the one place the AI players copy a position
    (``State.clone`` through ``values.trial_copy``)."""
    copy = trial_copy(table)
    copy.automatic = []
    return copy


def sample(table: Table, seat: int, rng: random.Random) -> Table:
    """A copy of the position as ``seat`` might believe it to be: what it sees kept, every
    hidden card dealt again and the future chance reseeded, all from ``rng``."""
    copy = copy_position(table)
    redeal(copy, seat, rng)
    return copy


class Samples:
    """A decision's samples, each dealt once (:func:`sample` from a generator named by the seed
    and the sample's number) and copied for every line played on it: sample ``i`` is the same
    for every plan compared (common random numbers)."""

    def __init__(self, table: Table, seat: int, seed: str) -> None:
        self.table, self.seat, self.seed = table, seat, seed
        self.dealt: dict[int, Table] = {}

    def copy(self, i: int) -> Table:
        if i not in self.dealt:
            self.dealt[i] = sample(self.table, self.seat, random.Random(f"{self.seed}:sample:{i}"))
        return copy_position(self.dealt[i])
