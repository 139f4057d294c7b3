"""The base game's solo rule exceptions, shared by both solo modes — classic solitaire and the
Solo Estate Challenge, which "uses the standard solo rule exceptions" (rules
solo.exception.butlers-room, solo.exception.servants-hall; solo.exception.gossip is the core's,
in ``favours``, since a gossip has no one to target at a one-player table).
"""

from __future__ import annotations

from obsession_nb.data.rules import Ruling, refuse
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table


def refuse_exceptions(table: Table, action: a.Action) -> None:
    """Refuse a Servants' Hall placement and a recruitment (Facts §6.4)."""
    if isinstance(action, a.Hall):
        raise refuse("solo.exception.servants-hall", "In solo play the Servants' Hall simply "
                     "gives one reputation in step 2; no servant is placed on it.")
    if isinstance(action, a.Recruit):
        raise refuse("solo.exception.butlers-room", "In solo play the Butler's Room hires but "
                     "never recruits.")


def servants_hall(table: Table) -> list[Ruling]:
    """Step 2: the Servants' Hall gives its owner one reputation, like a monument."""
    me = table.me
    if not table.has_ability(me, "servants_hall"):
        return []
    return [table.gain_reputation(me, 1, "solo.exception.servants-hall",
                                  "The Servants' Hall in solo play")]
