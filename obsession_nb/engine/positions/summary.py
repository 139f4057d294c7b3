"""What a turn did, in one call: ``game.turn_summary(since=snapshot)``.

Reads the position before and after and the log in between; it decides nothing (every number
comes from the engine's state and rulings).  The supplemental servants are the ones placed with
``place`` actions (UD p.6, ``service.supplemental``); what each changed later in the turn is every
later ruling that names it, as the engine worded it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pandas as pd

from obsession_nb.engine.records.state import State

if TYPE_CHECKING:
    from obsession_nb.engine.records.state import LogEntry
    from obsession_nb.engine.table import Table


@dataclass(frozen=True)
class Contribution:
    """One supplemental servant: where it stood and what the rulings say it did."""

    servant: str
    placed_on: str
    rule: str
    placement: str
    later: tuple[str, ...]


@dataclass(frozen=True)
class TurnSummary:
    """The change in one player's money, reputation and hand over a stretch of play."""

    player: str
    money: int
    reputation: int
    new_guests: tuple[str, ...]
    entries: tuple[LogEntry, ...]
    contributions: tuple[Contribution, ...] = field(default=())

    def totals(self) -> dict[str, str]:
        """Money, reputation and new guests as short text (a column of a side-by-side table)."""
        sign = "+" if self.money >= 0 else "−"
        return {
            "money": f"{sign}£{abs(self.money)}",
            "reputation": f"{self.reputation:+d}",
            "new guests in hand": ", ".join(self.new_guests) or "—",
        }

    def servants(self) -> pd.DataFrame:
        """One row per supplemental servant: where it was placed and what it did."""
        rows = [{"servant": c.servant, "placed on": c.placed_on, "rule": c.rule,
                 "placement": c.placement, "later in the turn": " / ".join(c.later) or "—"}
                for c in self.contributions]
        columns = ["servant", "placed on", "rule", "placement", "later in the turn"]
        return pd.DataFrame(rows, columns=columns).set_index("servant")

    def __str__(self) -> str:
        totals = "; ".join(f"{k} {v}" for k, v in self.totals().items())
        return f"{self.player}: {totals}"


def _placed_on(table: Table, target: str) -> str:
    if target == "tile":
        return "the activity tile"
    if target in table.catalog.tiles:
        return table.tile_name(target)
    return table.card_name(target) if table.has_card(target) else target


def _contributions(table: Table, entries: list[LogEntry]) -> list[Contribution]:
    found = []
    for i, entry in enumerate(entries):
        verb, *args = entry.action.split()
        if verb != "place" or len(args) < 2 or not entry.rulings:
            continue
        kind, target = args[0], args[1]
        name = table.servant_name(kind)
        later = [r["verdict"] for e in entries[i + 1:] for r in e.rulings
                 if name.lower() in r["verdict"].lower()
                 and not e.action.startswith(("place", "(step 8"))]
        found.append(Contribution(name, _placed_on(table, target), entry.rulings[0]["rule"],
                                  entry.rulings[0]["verdict"],
                                  tuple(dict.fromkeys(later))[:2]))
    return found


def turn_summary(table: Table, position: str, entries: list[LogEntry]) -> TurnSummary:
    """What changed for the player to move in ``position`` (a position's JSON,
    ``Game.snapshot``) between then and ``table``'s position, ``entries`` the log in between."""
    before = State.model_validate_json(position)
    seat = before.turn.player if before.turn is not None else 0
    old, new = before.players[seat], table.state.players[seat]
    known = set(old.hand)
    return TurnSummary(
        player=new.name,
        money=new.money - old.money,
        reputation=new.reputation - old.reputation,
        new_guests=tuple(table.card_name(c) for c in new.hand if c not in known),
        entries=tuple(entries),
        contributions=tuple(_contributions(table, entries)),
    )
