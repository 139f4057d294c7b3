"""Cards that became public knowledge (ruling.seat-known-cards): a guest that every player saw
go into a hand — returned face up from a discard pile (pass.base), reclaimed (favours.reclaim),
taken back from the activity — stays known to every seat while that hand holds it
(``Player.known``); once it leaves the hand it is wherever it went (face up, or hidden again in
a deck).  :func:`watch` notes what is face up before an action and :func:`settle` updates the
known cards after it (``Game.apply``)."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, ne

from obsession_nb.engine.records.state import State

Watch = tuple[list[list[str]], list[list[str]], list[str]]
"""Copies of the hands, the discard piles and the activity's guests before an action (copying
a list is one native call, made for every player without a Python loop; what was face up is
worked out only for a hand that changed)."""

_hand = attrgetter("hand")
_discard = attrgetter("discard")
_copy = list.copy


def watch(state: State) -> Watch:
    players = state.players
    turn = state.turn
    return ([*map(_copy, map(_hand, players))], [*map(_copy, map(_discard, players))],
            turn.guests[:] if turn is not None else [])


def settle(state: State, before: Watch) -> None:
    """After an action: a card that went into a hand from a face-up place joins that hand's
    known cards; a known card no longer in the hand leaves them (a hand unchanged keeps its
    known cards, all still in it)."""
    hands, discards, guests = before
    players = state.players
    changed = map(ne, map(_hand, players), hands)  # the hands to look at, found natively
    for player, hand in compress(zip(players, hands, strict=True), changed):
        came = [c for c in player.hand if c not in hand
                and (c in guests or any(c in pile for pile in discards))]
        if came or player.known:
            now = set(player.hand)
            player.known = [c for c in dict.fromkeys([*player.known, *came]) if c in now]
