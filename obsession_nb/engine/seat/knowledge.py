"""Cards that became public knowledge (ruling.seat-known-cards): a guest that every player saw
go into a hand — returned face up from a discard pile (pass.base), reclaimed (favours.reclaim),
taken back from the activity — stays known to every seat while that hand holds it
(``Player.known``); once it leaves the hand it is wherever it went (face up, or hidden again in
a deck).  :func:`watch` notes what is face up before an action and :func:`settle` updates the
known cards after it (``Game.apply``)."""

from __future__ import annotations

from dataclasses import dataclass

from obsession_nb.engine.records.state import State


@dataclass(frozen=True)
class Watch:
    """The hands and the face-up guests before an action."""

    hands: tuple[tuple[str, ...], ...]
    face_up: frozenset[str]


def face_up_guests(state: State) -> frozenset[str]:
    """Guests every seat sees where they lie: the discard piles and this activity's guests."""
    cards = [c for p in state.players for c in p.discard]
    if state.turn is not None:
        cards += state.turn.guests
    return frozenset(cards)


def watch(state: State) -> Watch:
    return Watch(tuple(tuple(p.hand) for p in state.players), face_up_guests(state))


def settle(state: State, before: Watch) -> None:
    """After an action: a card that went into a hand from a face-up place joins that hand's
    known cards; a known card no longer in the hand leaves them."""
    for player, hand in zip(state.players, before.hands, strict=False):
        if len(player.hand) == len(hand) and not player.known and tuple(player.hand) == hand:
            continue
        held = set(hand)
        came = [c for c in player.hand if c not in held and c in before.face_up]
        if came or player.known:
            now = set(player.hand)
            player.known = [c for c in dict.fromkeys([*player.known, *came]) if c in now]
