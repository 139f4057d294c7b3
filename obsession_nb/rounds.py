"""The round track: which round it is, its events, and moving on (rules turn.round-track-event,
event.*)."""

from __future__ import annotations

from obsession_nb.catalog import RoundSpace
from obsession_nb.table import Table


def space(table: Table) -> RoundSpace:
    """The round-track space of the current round."""
    track = table.catalog.round_tracks[table.state.options.length]
    return next(s for s in track.rounds if s.round == table.state.round)


def has_event(table: Table, kind: str) -> bool:
    return any(e.kind == kind for e in space(table).events)


def is_courtship(table: Table) -> bool:
    return space(table).courtship


def end_round(table: Table) -> None:
    """The round is over: the white pawn advances and the first player begins the next round.

    Courtship rounds, seasons and end-game scoring are resolved by the whole-game modules; a
    round beyond the track ends the game (``state.turn`` becomes ``None``).
    """
    from obsession_nb.flow import start_turn

    state = table.state
    track = table.catalog.round_tracks[state.options.length]
    state.round += 1
    if state.round > max(s.round for s in track.rounds):
        state.turn = None
        return
    start_turn(table, state.first_player)
