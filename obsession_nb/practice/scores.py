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

A purchase tried on a copy of a position (``opponents.HeuristicPlayer``) is scored against the
position it was tried on (``like``): a seat whose inputs there are equal keeps that total
without being keyed at all (comparing records is cheaper than keying and hashing them).
"""

from __future__ import annotations

from typing import Any

from obsession_nb.base.cloning import keyer
from obsession_nb.data.catalog import Catalog
from obsession_nb.engine.mode import Mode
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import Player, State
from obsession_nb.engine.records.variant_records import Milestones
from obsession_nb.engine.scoring import PlayerScore, score_player, totals
from obsession_nb.engine.table import Table

REMEMBERED = 4096
"""Totals kept at most (a few kilobytes each); past it the memory starts again.  What pays is
remembering within one decision: the purchases tried on one sample share its other seats."""

_player_key = keyer(Player)
_options_key = keyer(Options)
_milestones_key = keyer(Milestones)
_TOTALS: dict[tuple[Any, ...], tuple[Catalog, PlayerScore]] = {}
"""Key → (the catalog it was scored with, kept so that its id cannot be reused, the line)."""


Known = tuple[Table, dict[int, int]]
"""A position and its seat totals (:func:`seat_totals`'s ``like``)."""


def seat_totals(table: Table, like: Known | None = None) -> dict[int, int]:
    """Each seat's scoresheet total, the numbers only: ``scoring.totals``, with each seat's
    total remembered by everything it reads (see the module docstring); ``like``: another
    position and its totals, whose seats with equal inputs keep their totals."""
    if not _by_seat(table):
        return totals(table)
    kept = {} if like is None else _kept(table, like)
    lines = _Lines(table)
    return {seat: kept[seat] if seat in kept else lines.line(seat).total
            for seat in range(len(table.state.players))}


def seat_line(table: Table, seat: int) -> PlayerScore | None:
    """The seat's line of the scoresheet, numbers only, remembered as its total is (the
    standard line, or the mode's, ``Mode.seat_score``); ``None`` where the mode scores its
    sheet whole."""
    return _Lines(table).line(seat) if _by_seat(table) else None


def _by_seat(table: Table) -> bool:
    """Each seat's line reads that seat's inputs alone (module docstring)."""
    mode = type(table.mode)
    return not table.custom and (mode.scoresheet is Mode.scoresheet
                                 or mode.seat_score is not Mode.seat_score)


class _Lines:
    """The seats' lines of one position, each found by its key or scored and remembered."""

    def __init__(self, table: Table) -> None:
        if len(_TOTALS) > REMEMBERED:
            _TOTALS.clear()
        state = table.state
        self.table = table
        self.shared = (id(table.catalog), _options_key(state.options),
                       None if state.milestones is None else _milestones_key(state.milestones))

    def line(self, seat: int) -> PlayerScore:
        table = self.table
        state = table.state
        key = (*self.shared, seat, _player_key(state.players[seat]), _guests(state, seat))
        known = _TOTALS.get(key)
        if known is None or known[0] is not table.catalog:
            known = _TOTALS[key] = (table.catalog, _line(table, seat))
        return known[1]


def _kept(table: Table, like: Known) -> dict[int, int]:
    """The totals of ``like`` for the seats whose every input (module docstring) is equal
    in ``table``: the same catalog, options, milestones and player record, and the same
    activity's guests for the seat whose turn it is."""
    other, known = like
    state, before = table.state, other.state
    if (other.catalog is not table.catalog or other.custom != table.custom
            or before.options != state.options or before.milestones != state.milestones
            or len(before.players) != len(state.players)):
        return {}
    return {seat: known[seat] for seat, player in enumerate(state.players)
            if _guests(state, seat) == _guests(before, seat)
            and player == before.players[seat]}


def _guests(state: State, seat: int) -> tuple[str, ...] | None:
    """The guests of the activity under way if the turn is the seat's (its total reads
    them), else ``None``."""
    turn = state.turn
    return tuple(turn.guests) if turn is not None and turn.player == seat else None


def _line(table: Table, seat: int) -> PlayerScore:
    """The seat's line, numbers only: the standard one, else the mode's (``Mode.seat_score``,
    which :func:`seat_totals` asks only of a mode that gives it)."""
    found = (score_player(table, seat, explain=False)
             if type(table.mode).scoresheet is Mode.scoresheet
             else table.mode.seat_score(table, seat))
    assert found is not None
    return found
