"""The starter-guest draft (option.starter-guest-draft; Facts §6.5 Minor Rule Variations): the
picking order and the draft deck.  Tableau Obsession always drafts (modes/tableau/); a standard
game drafts with ``options.starter_guests == "draft"`` (decisions.py)."""

from __future__ import annotations

from obsession_nb.engine.table import Table


def draft_order(players: int, first: int) -> list[int]:
    """Seats in picking order: the last in turn order first, counterclockwise to the first
    player, who picks twice; then back clockwise to the last (option.starter-guest-draft)."""
    back = [(first + k) % players for k in range(players - 1, 0, -1)]
    return [*back, first, first, *reversed(back)]


def deal_draft_deck(table: Table) -> tuple[list[str], int]:
    """Gather every starter guest (from the hands and the casual deck), shuffle, and return a
    draft deck of two per player plus two; the rest join the casual deck, shuffled, as undealt
    starters do.  Returns the deck and how many went to the casual deck."""
    state, catalog = table.state, table.catalog
    supply = state.supply
    starters = {c.id for c in catalog.gentry.values() if c.deck == "starter"}
    pool = [c for p in state.players for c in p.hand if c in starters]
    pool += [c for c in supply.casual_deck if c in starters]
    for player in state.players:
        player.hand = [c for c in player.hand if c not in starters]
    casual = [c for c in supply.casual_deck if c not in starters]
    pool = sorted(pool)
    table.rng().shuffle(pool)
    size = 2 * len(state.players) + 2
    deck, rest = pool[:size], pool[size:]
    supply.casual_deck = sorted([*casual, *rest])
    table.rng().shuffle(supply.casual_deck)
    return deck, len(rest)


def return_undrafted(table: Table, left: list[str]) -> None:
    """The starter guests nobody took are shuffled into the casual deck."""
    supply = table.state.supply
    supply.casual_deck = sorted([*supply.casual_deck, *left])
    table.rng().shuffle(supply.casual_deck)
