"""Cards that became public knowledge (ruling.seat-known-cards): a guest that every player saw
go into a hand -- returned face up from a discard pile (pass.base, favours.reclaim-discard, a
VP card's reclaim favour: :func:`take_back`, the one way a card goes from a face-up place into
a hand) -- stays known to every seat while that hand holds it (``Player.known``); once it leaves
the hand (:func:`leaves`, where a card leaves a hand) it is wherever it went (face up, or hidden
again in a deck).  Noted where the cards move, while ``Game.apply`` plays an action
(:func:`watch`, then :func:`settle`): nothing is looked at for an action that moves none."""

from __future__ import annotations

from obsession_nb.engine.records.state import Player
from obsession_nb.engine.table import Table


def take_back(table: Table, cards: list[str]) -> None:
    """``cards`` go from the discard pile of the player whose turn it is into that player's
    hand, face up for everyone (noted for :func:`settle` while ``Game.apply`` plays)."""
    me = table.me
    for card in cards:
        me.discard.remove(card)
    me.hand += cards
    if table.taken_back is not None:
        table.taken_back.append((me, cards))


def leaves(table: Table, player: Player, card: str) -> None:
    """``card`` has left ``player``'s hand: no longer known there (while ``Game.apply`` plays)."""
    if table.taken_back is not None and card in player.known:
        player.known.remove(card)


def watch(table: Table) -> None:
    """Before an action: note the cards it takes back (:func:`take_back`) and the known cards
    that leave their hand (:func:`leaves`)."""
    table.taken_back = []


def settle(table: Table) -> None:
    """After an action: the cards it took back that are still in their hand join its known
    cards, in the order they came."""
    taken, table.taken_back = table.taken_back, None
    if not taken:
        return
    for player in table.state.players:
        came = [c for holder, cards in taken if holder is player for c in cards]
        if came:
            now = set(player.hand)
            player.known = [c for c in dict.fromkeys([*player.known, *came]) if c in now]
