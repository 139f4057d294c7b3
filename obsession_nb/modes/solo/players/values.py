"""What the greedy Solo Estate Challenge player values, in units of £100, and the small helpers
its planning shares (modes/solo/players/strategy.py, modes/solo/players/shopping.py).

The weights were tuned by hand on seeded games (bench/solo_strategy.py); money the tableau still
needs counts at its face value.
"""

from __future__ import annotations

from collections.abc import Iterable

from obsession_nb.data.catalog_records import Favour, GentryCard
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.tableau import at_max

FAMILIES = ("ponsonby", "york", "cavendish", "asquith", "howard", "wessex")
DRAFT = ("useful_man", "hall_boy", "cook", "head_housemaid", "footman", "valet", "ladys_maid")
HIRE = ("valet", "ladys_maid", "footman", "hall_boy", "cook", "head_housemaid")

# Values, in units of £100 (money the tableau still needs is worth its face value).
REP = 1.5
"""One reputation step below Max."""
SPARE_REP = 0.4
"""One step above Max position 1 (two of them borrow £100)."""
FLIP = 8.0
"""A tile still to flip: one more hosting before the game can end."""
VP = 0.45
"""One VP on the scorepad."""
HAND = 0.4
"""A guest in the active hand, ready for the next activity (up to HAND_CAP of them)."""
HAND_CAP = 8
SERVANT = 1.0
"""A servant owned (2 VP and one more icon filled every other turn)."""
READY = 0.3
"""A servant that will be available next turn (up to READY_CAP of them)."""
READY_CAP = 6
SPARE_MONEY = 0.25
"""£100 beyond what the tableau still needs."""
ABILITY = 0.5
"""A service tile's permanent ability."""
SAVE_MARGIN = {"standard": 3.0, "extended": None}
"""Skip a purchase to save for a tile valued this much more, affordable next turn (never in an
extended game, whose fifteen purchases leave no turn to wait: measured with
bench/solo_strategy.py)."""
INCOME = 400
"""Money expected from one turn, for saving up."""
FINISH = 30.0
"""The game ends with this turn (Max, every column full, every tile flipped)."""
REP_RATE = 3.0
"""Reputation steps an activity brings on average, before monuments."""
MONEY_RATE = 4.5
"""£100s an activity brings on average."""
LESSER = 0.6
"""The worth of the resource that does not limit the finish, against the one that does."""
MAX_STEPS = 120
"""Actions a simulated turn may take before it is abandoned."""


def is_legal(table: Table, action: a.Action) -> bool:
    return engine.can(table, action)


def trial_copy(table: Table) -> Table:
    """A copy of the position to try a line on (``State.clone``)."""
    return Table(table.state.clone(), table.catalog, table.custom)


def rep_value(table: Table) -> float:
    """What one more reputation step is worth now."""
    return SPARE_REP if at_max(table, table.me) else REP


def guest_value(card: GentryCard, rep: float = REP) -> float:
    value = card.vp * VP
    for f in card.favours:
        if f.kind == "reputation":
            value += rep * f.amount
        elif f.kind == "money":
            value += f.amount / 100
        elif f.kind in ("invite", "lady", "vp_card"):
            value += 0.8
    if "penalty" in card.traits or "gossip" in card.traits:
        value -= 1
    return value


def favours_value(favours: Iterable[Favour], rep: float = REP) -> float:
    value = 0.0
    for f in favours:
        if f.kind == "reputation":
            value += rep * f.amount
        elif f.kind == "money":
            value += f.amount / 100
        elif f.kind in ("invite", "vp_card", "vp_card_draw", "objective"):
            value += 0.8
        elif f.kind == "hire":
            value += SERVANT * f.amount
    return value
