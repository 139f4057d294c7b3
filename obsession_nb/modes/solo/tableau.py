"""The tableau of the Solo Estate Challenge: the organiser's five columns and when they are
complete (rules solo.sec.tableau-complete, solo.sec.tableau-limit; rulings
ruling.sec-start-tiles-count, ruling.sec-monument-column, ruling.sec-flippable).

A tile's column is the category on its front (it stays there when its rose side shows another
type, as the Parish Church's and the Suites' do); a monument's column is the one the player
chose when buying it (``state.solo.columns``).
"""

from __future__ import annotations

from dataclasses import dataclass

from obsession_nb.data.catalog_records import CATEGORIES
from obsession_nb.engine.records.state import OwnedTile, Player
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.records import Solo

SIZES = {"standard": 3, "extended": 4}


def size(table: Table) -> int:
    """Tiles per column: three in a standard game, four in an extended one."""
    return SIZES[table.state.options.length]


def column_of(table: Table, owned: OwnedTile) -> str:
    tile = table.tile(owned.tile)
    if tile.kind == "monument":
        solo = Solo.of(table.state.solo)
        return solo.columns.get(owned.tile, "") if solo is not None else ""
    return tile.front.category


def column_tiles(table: Table, player: Player) -> dict[str, list[OwnedTile]]:
    columns: dict[str, list[OwnedTile]] = {c: [] for c in CATEGORIES}
    for owned in player.organiser:
        column = column_of(table, owned)
        if column in columns:
            columns[column].append(owned)
    return columns


def needs(table: Table, player: Player) -> dict[str, int]:
    """Tiles each column still lacks (START tiles and monuments placed there count)."""
    n = size(table)
    return {c: max(0, n - len(tiles)) for c, tiles in column_tiles(table, player).items()}


def unflipped(table: Table, player: Player) -> list[str]:
    """Tiles that have a rose side and do not show it yet (ruling.sec-flippable)."""
    return [o.tile for o in player.organiser if table.tile(o.tile).flips and not o.flipped]


@dataclass(frozen=True)
class TableauCheck:
    complete: bool
    needs: dict[str, int]
    unflipped: tuple[str, ...]
    over: dict[str, int]

    def describe(self, table: Table) -> str:
        if self.complete:
            return "the tableau is complete (five full columns, every flippable tile flipped)"
        parts = [f"{c} needs {n}" for c, n in self.needs.items() if n]
        parts += [f"{c} holds {n} too many" for c, n in self.over.items() if n]
        if self.unflipped:
            parts.append("still to flip: " + ", ".join(table.tile_name(t) for t in self.unflipped))
        return "the tableau is not complete (" + "; ".join(parts) + ")"


def check(table: Table, player: Player) -> TableauCheck:
    """Exactly five columns of the game's size, every flippable tile on its rose side
    (solo.sec.tableau-complete)."""
    n = size(table)
    columns = column_tiles(table, player)
    over = {c: max(0, len(t) - n) for c, t in columns.items()}
    missing = needs(table, player)
    flip = tuple(unflipped(table, player))
    complete = not any(missing.values()) and not any(over.values()) and not flip
    return TableauCheck(complete, missing, flip, over)


def at_max(table: Table, player: Player) -> bool:
    return table.wheel.label(player.reputation) == "max"
