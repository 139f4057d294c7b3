"""Where cards lie face down or shown to some seats only, and who may look at them
(ruling.seat-own-cards, ruling.seat-face-down, ruling.seat-looked-at, ruling.seat-known-cards).

A :class:`Holding` is a live list of the position (a hand, a deck, the guests a screen shows)
with the seats that may see its cards; every card of the position in no holding, or in a
holding's ``public`` set, is face up for everyone: the boards, discard piles, the activity, the
market, the tiles left in the bag, the theme cards turned up, the Fairchilds beside the track,
family guests and won Fairchilds in a hand (they come from no hidden pool), and the cards every
player saw go into a hand (``Player.known``).  A mode adds its own holdings
(``Mode.private_places``); which seats share a player's cards is ``Mode.allies`` (teammates,
ruling.seat-team-hands).
"""

from __future__ import annotations

from collections.abc import Iterator

from obsession_nb.engine.records.holding import Holding, Kind
from obsession_nb.engine.seat.words import NONE, card_words
from obsession_nb.engine.table import Table


def holdings(table: Table) -> list[Holding]:
    """Every holding of the position, in a fixed order that depends on no card's identity."""
    return list(each_holding(table))


def each_holding(table: Table, among: frozenset[str] | None = None) -> Iterator[Holding]:
    """The holdings of :func:`holdings` one by one (a reader looking for a few cards stops
    when it has met them all: each guest and objective lies in one place); ``among``: only
    those that may hold one of these cards (a player's, a deck or a choice holding none of them
    is not made)."""
    state = table.state
    mode = table.mode
    open_cards = card_words(table).open
    everyone = tuple(range(len(state.players)))
    for seat, player in enumerate(state.players):
        if among is not None and among.isdisjoint(player.hand) and among.isdisjoint(
                player.objectives) and among.isdisjoint(player.vp_cards):
            continue
        # the final scoring shows every player's cards (ruling.seat-own-cards)
        seen = everyone if state.finished else mode.allies(state, seat)
        public = open_cards.intersection(player.hand).union(player.known)
        yield _new(Holding, (player.hand, seen, "guest", "ruling.seat-own-cards", public))
        yield _new(Holding, (player.objectives, seen, "objective", "ruling.seat-own-cards", NONE))
        yield _new(Holding, (player.vp_cards, seen, "vp", "ruling.seat-own-cards", NONE))
    supply = state.supply
    decks: tuple[tuple[list[str], Kind], ...] = (
        (supply.casual_deck, "guest"), (supply.prestige_deck, "guest"),
        (supply.objective_deck, "objective"), (supply.vp_deck, "vp"), (supply.theme_deck, "theme"))
    for deck, kind in decks:
        if among is None or not among.isdisjoint(deck):
            yield _new(Holding, (deck, (), kind, "ruling.seat-face-down", NONE))
    turn = state.turn
    if turn is not None:
        for choice in turn.choices:
            owner = turn.player if choice.seat is None else choice.seat
            yield Holding(choice.cards, mode.allies(state, owner), "guest",
                          "ruling.seat-looked-at")
        offered: Kind = "guest" if turn.step == "starter-draft" else "objective"
        yield Holding(turn.offer, mode.allies(state, turn.player), offered,
                      "ruling.seat-looked-at")
    yield from mode.private_places(table)


_new = tuple.__new__
"""A :class:`Holding` of its five fields without the named tuple's Python-level constructor
(the places every position has are made for each log entry that names a card)."""


def back(table: Table, holding: Holding, card: str) -> str:
    """The back a card shows, which is the pool a re-deal deals it from: ``casual`` (casual and
    starter guests, which are shuffled into the casual deck), ``prestige``, ``objective``, ``vp``
    or ``theme``."""
    if holding.kind != "guest":
        return holding.kind
    return "prestige" if table.has_card(card) and table.card(card).deck == "prestige" else "casual"


def hidden_slots(table: Table, seat: int | None) -> list[tuple[Holding, int]]:
    """The places of every card ``seat`` cannot see (none for the open view, ``None``)."""
    if seat is None:
        return []
    return [(h, i) for h in holdings(table) if seat not in h.seats for i in h.slots()]


def hidden_cards(table: Table, seat: int | None) -> dict[str, str]:
    """The cards ``seat`` cannot see, each with its back (:func:`back`)."""
    return {h.cards[i]: back(table, h, h.cards[i]) for h, i in hidden_slots(table, seat)}


def card_seats(table: Table) -> dict[str, tuple[int, ...]]:
    """Every card not face up for all, with the seats that may see it."""
    return {h.cards[i]: h.seats for h in holdings(table) for i in h.slots()}
