"""A re-deal of everything one seat cannot know (ruling.ai-hidden-information,
ruling.seat-undo): the position as that seat might believe it to be.

The cards hidden from the seat (``places.hidden_slots``: the other players' hands, objectives
and VP cards, every deck, what another seat is looking at) are pooled by their back — casual
and starter guests together, prestige guests, objectives, VP cards, theme cards — sorted so that
no real order can leak, shuffled with the caller's generator and dealt back into the same places
and counts.  Everything the seat sees stays where it is: its own cards, every face-up zone and
the cards every player saw go into a hand (``Player.known``).  The source of chance is reseeded
from the same generator and its pinned results dropped, so future rolls and bag draws are
guessed too.  Two positions the seat cannot tell apart therefore give the same re-deal for the
same generator (tests/engine/test_seat_indistinguishable.py).
"""

from __future__ import annotations

import random

from obsession_nb.engine.seat.places import back, hidden_slots
from obsession_nb.engine.table import Table


def redeal(table: Table, seat: int, rng: random.Random) -> None:
    """Deal again, in place, every card ``seat`` cannot see and reseed the future chance, all
    from ``rng``; the AI players, the coach and the explorer call it on a copy
    (``practice.determinise.sample``), the practice table's undo on the game itself."""
    pools: dict[str, list[tuple[list[str], int]]] = {}
    for holding, i in hidden_slots(table, seat):
        pools.setdefault(back(table, holding, holding.cards[i]), []).append((holding.cards, i))
    for name in sorted(pools):
        slots = pools[name]
        cards = sorted(cards[i] for cards, i in slots)
        rng.shuffle(cards)
        for (place, i), card in zip(slots, cards, strict=True):
            place[i] = card
    chance = table.state.chance
    chance.seed, chance.draws = rng.getrandbits(53), 0
    chance.next_rolls, chance.next_tiles = [], []
