"""How much of a game's components the rule sources fix: for the guest cards and the tiles in
play, how many are stand-ins (invented, named as such) and how many carry a value no source
states (each catalog entry's ``standin`` and ``unverified``; conventions in catalog.py).

Odds measured on a position (the Solo Estate Challenge's, tutorials 05 and 09) rest on these
values, so the tutorials show this table (``Game.provenance()``) beside them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from obsession_nb.data.catalog_records import Sourced

if TYPE_CHECKING:
    import pandas as pd

    from obsession_nb.engine.table import Table

COMMON = 3
"""How many of the most often unverified fields a row names."""


def cards_in_play(table: Table) -> list[str]:
    """Every guest card in the hands, discard piles, the turn's party, the decks and the
    Fairchilds, one entry per copy."""
    state = table.state
    supply = state.supply
    party = state.turn.guests if state.turn is not None else []
    return [*(c for p in state.players for c in (*p.hand, *p.discard)), *party,
            *supply.casual_deck, *supply.prestige_deck, *supply.fairchilds]


def tiles_in_play(table: Table) -> list[str]:
    """Every tile in the organisers, the market, the reserves and the bag, one entry per copy."""
    state = table.state
    supply = state.supply
    return [*(o.tile for p in state.players for o in p.organiser),
            *(t for stack in supply.market for t in stack),
            *supply.service_reserve, *supply.pr1_reserve, *supply.bag]


def _row(group: str, entries: Iterable[Sourced]) -> dict[str, object]:
    entries = list(entries)
    fields = Counter(f for e in entries if not e.standin for f in e.unverified)
    return {
        "components": group,
        "in play": len(entries),
        "stand-ins": sum(e.standin for e in entries),
        "with an unverified value": sum(not e.standin and not e.verified for e in entries),
        "verified": sum(e.verified for e in entries),
        "most often unverified": ", ".join(f"{f} ({n})" for f, n in fields.most_common(COMMON)),
    }


def provenance_frame(table: Table) -> pd.DataFrame:
    """One row per kind of component in play (guest cards, tiles): how many there are, how
    many are stand-ins, how many others carry an unverified value, how many are verified, and
    the fields most often unverified among the non-stand-ins."""
    import pandas as pd

    rows = [_row("guest cards", (table.card(c) for c in cards_in_play(table))),
            _row("tiles", (table.tile(t) for t in tiles_in_play(table)))]
    return pd.DataFrame(rows).set_index("components")
