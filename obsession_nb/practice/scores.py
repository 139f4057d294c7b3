"""Each seat's scoresheet total for the AI's values, remembered seat by seat (scoring.categories).

A playout values many positions that differ in one seat only: each purchase the heuristic
player tries in step 7 changes the buyer's estate, never another seat's.  A seat's total
(``scoring.score_player``) reads only that seat's player record, the guests of the activity
under way when the turn is that seat's, the options (reputation wheel, prestige-guest limit),
the milestones claimed and the catalog; those, as a key, find the total worked out before.
A mode with a scoresheet of its own is remembered the same way when it scores each seat's line
by that seat's record alone (``Mode.seat_score``: Tableau Obsession and its Duel, tableau.scoring;
each partner's own sheet in team play, team.scoring-averaged); another is scored whole, as
``scoring.totals`` does.
"""

from __future__ import annotations

from typing import Any

from obsession_nb.base.cloning import keyer
from obsession_nb.data.catalog import Catalog
from obsession_nb.engine.mode import Mode
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import Player
from obsession_nb.engine.records.variant_records import Milestones
from obsession_nb.engine.scoring import PlayerScore, score_player, totals
from obsession_nb.engine.table import Table

REMEMBERED = 4096
"""Totals kept at most (a few kilobytes each); past it the memory starts again.  What pays is
remembering within one decision: the purchases tried on one sample share its other seats."""

_player_key = keyer(Player)
_options_key = keyer(Options)
_milestones_key = keyer(Milestones)
_TOTALS: dict[tuple[Any, ...], tuple[Catalog, int]] = {}
"""Key → (the catalog it was scored with, kept so that its id cannot be reused, the total)."""


def seat_totals(table: Table) -> dict[int, int]:
    """Each seat's scoresheet total, the numbers only: ``scoring.totals``, with each seat's
    total remembered by everything it reads (see the module docstring)."""
    state = table.state
    mode = type(table.mode)
    standard = mode.scoresheet is Mode.scoresheet
    if table.custom or not (standard or mode.seat_score is not Mode.seat_score):
        return totals(table)
    if len(_TOTALS) > REMEMBERED:
        _TOTALS.clear()
    shared = (id(table.catalog), _options_key(state.options),
              None if state.milestones is None else _milestones_key(state.milestones))
    turn = state.turn
    active, guests = (None, None) if turn is None else (turn.player, tuple(turn.guests))
    found = {}
    for seat, player in enumerate(state.players):
        key = (*shared, seat, _player_key(player), guests if seat == active else None)
        known = _TOTALS.get(key)
        if known is None or known[0] is not table.catalog:
            known = _TOTALS[key] = (table.catalog, _line(table, seat, standard).total)
        found[seat] = known[1]
    return found


def _line(table: Table, seat: int, standard: bool) -> PlayerScore:
    """The seat's line, numbers only: the standard one, else the mode's (``Mode.seat_score``,
    which :func:`seat_totals` asks only of a mode that gives it)."""
    found = (score_player(table, seat, explain=False) if standard
             else table.mode.seat_score(table, seat))
    assert found is not None
    return found
