"""What the layers above the engine may read of a position beyond ``Game`` (CONTRIBUTING.md,
"The public API and the engine's public modules"): the round track's facts (its last round,
courtships, events, seasons) and the turn order, the open service slots, whether the Servants'
Hall may be used, and the actions that answer the pending decision itself
(``decision_actions``: the legal actions without those open at any point of a turn).

The steps and dispatch own these answers; this module names the ones the command line, a tutor,
a player or the practice table reads, so that nothing above the engine imports the steps or the
turn's machinery (the ``forbidden`` contract in ``pyproject.toml``).
"""

from __future__ import annotations

from obsession_nb.engine.steps.rounds import has_event, is_courtship, last_round
from obsession_nb.engine.steps.seasons import season_of, turn_order
from obsession_nb.engine.steps.service import open_slots
from obsession_nb.engine.steps.step2 import can_use_hall
from obsession_nb.engine.turn.dispatch import decision_actions

__all__ = [
    "can_use_hall", "decision_actions", "has_event", "is_courtship", "last_round", "open_slots",
    "season_of", "turn_order",
]
