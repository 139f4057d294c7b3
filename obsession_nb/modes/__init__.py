"""Game modes beyond the standard competitive game (DESIGN layout: ``modes/``).

The Solo Estate Challenge (UD p.13-14) lives in ``solo_*.py``:

* ``solo_market`` — the six category stacks, their market counters and prices, buying;
* ``solo_tableau`` — the columns of the organiser, what a complete tableau is;
* ``solo_ai`` — the d20 scavenging and its critical rule;
* ``solo_rules`` — the hooks the engine calls (step 2, the end of a turn, refusals), setup;
* ``solo`` — a new game, scoring against the target, playing whole games, JSON;
* ``solo_strategy`` — a greedy and a random solo player.

The engine reaches a mode only through the functions below, and only when
``options.mode != "standard"``, so the standard game never imports this package.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from obsession_nb.actions import Action
    from obsession_nb.catalog import Catalog
    from obsession_nb.rules import Ruling
    from obsession_nb.state import State
    from obsession_nb.table import Table

SOLO = "solo-estate-challenge"


def verify_mode(table: Table, action: Action) -> None:
    """Refuse an action the mode does not allow (raises ``IllegalAction``)."""
    from obsession_nb.modes.solo_rules import verify_action

    verify_action(table, action)


def mode_candidates(table: Table) -> Iterator[Action]:
    """The mode's own actions worth checking at the pending decision."""
    from obsession_nb.modes.solo_rules import candidates

    yield from candidates(table)


def step2(table: Table) -> list[Ruling]:
    """Step-2 effects of the mode (the Servants' Hall's plain reputation, the Grand Ball)."""
    from obsession_nb.modes.solo_rules import step2_effects

    return step2_effects(table)


def step2_pending(table: Table) -> bool:
    from obsession_nb.modes.solo_rules import ball_pending

    return ball_pending(table)


def end_of_turn(table: Table) -> None:
    """What follows a finished turn instead of the next seat: end check, scavenging, pawn."""
    from obsession_nb.modes.solo_rules import after_turn

    after_turn(table)


def offers(table: Table) -> list:
    from obsession_nb.modes.solo_market import offers as solo_offers

    return solo_offers(table)


def take(table: Table, tile_id: str) -> None:
    from obsession_nb.modes.solo_market import take_tile

    take_tile(table, tile_id)


def verify_purchase(table: Table, tile_id: str, column: str | None) -> list[Ruling]:
    from obsession_nb.modes.solo_market import verify_purchase as verify

    return verify(table, tile_id, column)


def after_purchase(table: Table, tile_id: str, column: str | None) -> list[Ruling]:
    from obsession_nb.modes.solo_market import after_purchase as after

    return after(table, tile_id, column)


def finish_setup(table: Table, rulings: list[Ruling]) -> list[Ruling]:
    """The mode's central area, after the player area (called by ``setup.finish_player_areas``)."""
    from obsession_nb.modes.solo_rules import central_setup

    return central_setup(table, rulings)


def check_position(state: State, catalog: Catalog) -> list[str]:
    """Scenario checks of the mode's records, each problem with its path."""
    from obsession_nb.modes.solo_rules import check_position as check

    return check(state, catalog)


def view(table: Table) -> dict:
    from obsession_nb.modes.solo_rules import solo_view

    return solo_view(table)
