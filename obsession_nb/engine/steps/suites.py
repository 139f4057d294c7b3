"""Suites tiles: one overnight guest whose favours are doubled (rules tile.suites,
tile.heritage-suite, tile.queens-suite, tile.lionheart-suite).

The Heritage Suite doubles every favour of a casual guest from the hand (penalties too); the
Queen's Suite doubles the one favour its owner picks of a prestige guest from the hand; the
Lionheart Suite brings the top prestige guest of the supply, unserved, and doubles all of that
guest's favours.  The guest ends in the discard pile like any other.
"""

from __future__ import annotations

from obsession_nb.data.catalog_records import Favour
from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.mode import Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table, per_decision

DOUBLING = {"heritage_suite": "all", "lionheart_suite": "all", "queens_suite": "one"}
RULE = {
    "heritage_suite": "tile.heritage-suite",
    "queens_suite": "tile.queens-suite",
    "lionheart_suite": "tile.lionheart-suite",
}
REPEATED = ("invite", "lady", "reclaim")
"""Favours doubled by taking them twice; the others double their amount."""


@per_decision
def hosted(table: Table) -> str | None:
    """The suite ability of the hosted face, if a suite is hosted."""
    face = table.hosted_face()
    return face.ability if face is not None and face.ability in DOUBLING else None


def unserved(table: Table) -> bool:
    """The Lionheart Suite's guest needs no service."""
    return hosted(table) == "lionheart_suite"


def guest_from_supply(table: Table) -> list[Ruling]:
    """The Lionheart Suite's guest: the top card of the prestige deck."""
    deck = table.state.supply.prestige_deck
    if not deck:
        return [ruling("ruling.guest-deck-empty", "The prestige deck is empty; no guest arrives.")]
    card_id = deck.pop(0)
    table.turn.guests.append(card_id)
    return [ruling("tile.lionheart-suite", f"{table.card_name(card_id)} arrives from the top of "
                   "the prestige deck; no service is needed and every favour is doubled.",
                   (card_id,))]


def _twice(favour: Favour) -> tuple[Favour, ...]:
    if favour.kind in REPEATED:
        return (favour, favour)
    return (favour.model_copy(update={"amount": favour.amount * 2}),)


def favours_of_guest(table: Table, favours: tuple[Favour, ...]) -> tuple[Favour, ...]:
    """A guest's favours as the hosted suite (if any) doubles them."""
    suite = hosted(table)
    if suite is None:
        return favours
    if DOUBLING[suite] == "all":
        return tuple(f for favour in favours for f in _twice(favour))
    chosen = table.turn.doubled
    return tuple(
        f for i, favour in enumerate(favours, start=1)
        for f in (_twice(favour) if i == chosen else (favour,))
    )


def double_pending(table: Table) -> bool:
    """The Queen's Suite waits for its owner to pick the favour to double."""
    turn = table.state.turn
    assert turn is not None
    return (
        hosted(table) == "queens_suite"
        and turn.doubled is None
        and bool(turn.guests)
        and bool(table.card(turn.guests[0]).favours)
    )


def verify_double(table: Table, favour: str) -> list[Ruling]:
    if not double_pending(table):
        raise refuse("tile.queens-suite", "Only the Queen's Suite asks which favour to double, "
                     "once its guest has arrived.")
    favours = table.card(table.turn.guests[0]).favours
    if not favour.isdigit() or not 1 <= int(favour) <= len(favours):
        raise refuse("tile.queens-suite", f"Choose a favour by its position, 1 to {len(favours)}.")
    chosen = favours[int(favour) - 1]
    return [ruling("tile.queens-suite", f"The Queen's Suite doubles the guest's {chosen.kind} "
                   "favour.")]


def apply_double(table: Table, favour: str) -> list[Ruling]:
    table.turn.doubled = int(favour)
    table.then("service")
    return []


KINDS: dict[type[a.Action], Handler] = {
    a.Double: Handler.at({"service"}, verify_double, apply_double),
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""
