"""The explorer's position keys: a search never revisits a position (``position_key``), and
lines that end on the same position up to the order of cards in hand and of servants in a zone
are merged into one row (``end_position_key``)."""

from __future__ import annotations

from typing import Any

from obsession_nb.base.cloning import keyer
from obsession_nb.engine.explore.choices import order_free, order_matters
from obsession_nb.engine.records.state import State, Turn
from obsession_nb.engine.table import Table

_POSITION = keyer(State)
_BESIDE_THE_TURN = keyer(State, frozenset({"turn"}))
_TURN_BUT_ORDERS = keyer(Turn, frozenset({"level_at_host", "placements", "guests"}))


def position_key(table: Table) -> tuple[Any, ...]:
    """The position mid-turn as a key (obsession_nb/base/cloning.py), the same whatever order the
    same placements and guests came in."""
    state = table.state
    turn = state.turn
    assert turn is not None
    # step 3's level only matters to hosting (ruling.level-at-step-3)
    level = None if turn.passing else turn.level_at_host
    # icons are filled in a fixed order, so the filled ones are known by their number: which
    # servant covered which icon is set aside (the same servants, the same rest of the turn)
    placements = tuple(sorted(
        (p.servant, "served", p.from_quarters) if p.covers is not None
        else (p.servant, p.target, p.from_quarters)
        for p in turn.placements))
    if order_matters(table):
        guests: tuple[Any, ...] = tuple(turn.guests)
    else:  # the order of guests whose favours touch nothing set aside
        guests = (tuple(sorted(c for c in turn.guests if order_free(table, c))),
                  tuple(c for c in turn.guests if not order_free(table, c)))
    return _BESIDE_THE_TURN(state), _TURN_BUT_ORDERS(turn), level, placements, guests


def end_position_key(state: State) -> tuple[Any, ...]:
    """An end position as a key (sorted in place, which no figure depends on) with the order
    of hands, discards and servant zones set aside."""
    for p in state.players:
        p.hand.sort()
        p.discard.sort()
        for zone in ("available", "quarters", "expended"):
            p.servants.zone(zone).sort()
    return _POSITION(state)
