"""The Solo Estate Challenge market: six category stacks, their counters, prices and buying
(rules solo.sec.tile-supply, solo.sec.market-stacks, solo.sec.market-counters, solo.sec.buying,
solo.sec.tableau-limit, solo.sec.builders-holiday; rulings ruling.sec-*).

The market's six spaces hold one stack each, top tile first (``supply.market[i][0]``); a space
keeps its place when its stack runs out.
"""

from __future__ import annotations

from collections.abc import Iterable

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import CATEGORIES, Tile
from obsession_nb.data.rules import Ruling, refuse, ruling
from obsession_nb.engine.records.offer import Offer
from obsession_nb.engine.steps.market import SPACE_PRICES
from obsession_nb.engine.steps.rounds import has_event
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.records import Solo

STACKS = ("service", "sporting", "essentials", "estate", "prestige", "monument")
"""The stack of each market space, £300 to £800 (UD p.13 figure)."""
COUNTERS = {
    "service": (1, 2),
    "sporting": (3, 5),
    "essentials": (6, 8),
    "estate": (9, 11),
    "prestige": (12, 14),
    "monument": (15, 18),
}
"""The d20 range of each stack's market counter; 19-20 scavenges nothing (UD p.13 figure)."""
NO_SCAVENGING = (19, 20)
NAMED_MONUMENTS = ("trophy-room", "wine-cellar", "marble-floor", "manor-gargoyles",
                   "sculpture-garden")
HOLIDAY_DISCOUNT = 100
MIN_PRICE = 100


# ----------------------------------------------------------------- the supply and the stacks


def stack_of(tile: Tile) -> str:
    """The stack a tile goes to: its type as printed on the front (monuments in their own)."""
    return "monument" if tile.kind == "monument" else tile.front.category


def in_supply(tile: Tile, wessex: bool) -> bool:
    """One copy of every improvement tile: Suites in, hybrids out, the five named monuments
    (solo.sec.tile-supply, ruling.sec-tile-supply)."""
    if tile.start or tile.kind == "hybrid":
        return False
    if tile.kind == "monument":
        return tile.id in NAMED_MONUMENTS
    if tile.expansion == "wessex":
        return wessex
    return True


def supply_tiles(catalog: Catalog, *, wessex: bool = False,
                 exclude: Iterable[str] = ()) -> list[str]:
    skip = set(exclude)
    return sorted(t.id for t in catalog.tiles.values() if in_supply(t, wessex) and t.id not in skip)


def tsn(catalog: Catalog, tile_id: str) -> tuple[int, str]:
    return (catalog.tiles[tile_id].tsn or 0, tile_id)


def build_stacks(catalog: Catalog, tiles: Iterable[str]) -> list[list[str]]:
    """Stack the tiles by type in tile-sorting-number order, lowest on top."""
    stacks: list[list[str]] = [[] for _ in STACKS]
    for tile_id in tiles:
        stacks[STACKS.index(stack_of(catalog.tiles[tile_id]))].append(tile_id)
    return [sorted(s, key=lambda t: tsn(catalog, t)) for s in stacks]


def stack(table: Table, name: str) -> list[str]:
    market = table.state.supply.market
    i = STACKS.index(name)
    return market[i] if i < len(market) else []


def where(table: Table, tile_id: str) -> tuple[int, int] | None:
    """(space, depth from the top counting 0) of a tile in the market."""
    for i, tiles in enumerate(table.state.supply.market):
        if tile_id in tiles:
            return i, tiles.index(tile_id)
    return None


# ----------------------------------------------------------------- prices and offers


def holiday(table: Table) -> bool:
    return has_event(table, "builders_holiday")


def price(table: Table, tile_id: str, space: int, on_holiday: bool | None = None) -> int:
    """Space price plus the tile's modifier; £100 less on a Builders' Holiday, never below £100
    (solo.sec.buying, solo.sec.builders-holiday, ruling.sec-holiday-price-floor).
    ``on_holiday``: whether this round has the event, if the caller knows already."""
    base = SPACE_PRICES[space] + table.tile(tile_id).cost_modifier
    if holiday(table) if on_holiday is None else on_holiday:
        return max(MIN_PRICE, base - HOLIDAY_DISCOUNT)
    return base


def offers(table: Table) -> list[Offer]:
    """Every tile of every stack is for sale (solo.sec.buying)."""
    on_holiday = holiday(table)
    return [
        Offer(tile_id, "market", i, price(table, tile_id, i, on_holiday))
        for i, tiles in enumerate(table.state.supply.market)
        for tile_id in tiles
    ]


def take_tile(table: Table, tile_id: str) -> None:
    """Take a bought tile out of its stack; the space stays where it is."""
    found = where(table, tile_id)
    assert found is not None
    table.state.supply.market[found[0]].pop(found[1])


# ----------------------------------------------------------------- buying


def verify_purchase(table: Table, tile_id: str, column: str | None) -> list[Ruling]:
    """The Solo Estate Challenge's limits on a purchase (called by ``buying.verify_buy``)."""
    from obsession_nb.modes.solo.tableau import column_tiles, size

    tile = table.tile(tile_id)
    me = table.me
    rulings: list[Ruling] = []
    found = where(table, tile_id)
    assert found is not None
    space, depth = found
    rulings.append(ruling("solo.sec.buying", f"Any tile of any stack may be bought: "
                          f"{tile.name} is tile {depth + 1} of the {STACKS[space].title()} "
                          f"stack, for £{price(table, tile_id, space)}."))
    if holiday(table):
        base = SPACE_PRICES[space] + tile.cost_modifier
        rulings.append(ruling("solo.sec.builders-holiday", f"Builders' Holiday: £{base} becomes "
                              f"£{price(table, tile_id, space)}."))
        if base - HOLIDAY_DISCOUNT < MIN_PRICE:
            rulings.append(ruling("ruling.sec-holiday-price-floor", f"{tile.name} already costs "
                                  f"£{base}; no price drops below £{MIN_PRICE}."))
    if tile.kind == "monument":
        if column is None:
            raise refuse("ruling.sec-monument-column", f"{tile.name} is a monument: say which "
                         f"column it fills (buy-into {tile_id} COLUMN).")
        if column not in CATEGORIES:
            raise refuse("ruling.sec-monument-column", f"'{column}' is not a column; the "
                         f"columns are {', '.join(CATEGORIES)}.")
    elif column is not None and column != tile.front.category:
        raise refuse("ruling.sec-monument-column", f"Only a monument chooses its column; "
                     f"{tile.name} goes in the {tile.front.category} column.")
    target = column or tile.front.category
    filled = len(column_tiles(table, me)[target])
    if filled >= size(table):
        raise refuse("solo.sec.tableau-limit", f"The {target} column already holds {filled} "
                     f"tiles, the tableau size of this game; discard one of them first "
                     f"(discard-tile).")
    rulings.append(ruling("solo.sec.tableau-limit", f"The {target} column has room: "
                          f"{filled + 1} of {size(table)} tiles after this purchase."))
    if tile.kind == "monument":
        rulings.append(ruling("ruling.sec-monument-column", f"{tile.name} fills a place in the "
                              f"{target} column and never needs flipping."))
    return rulings


def after_purchase(table: Table, tile_id: str, column: str | None) -> list[Ruling]:
    """Record the column a monument went into (called by ``buying.apply_buy``)."""
    solo = Solo.of(table.state.solo)
    if column is None or solo is None:
        return []
    solo.columns[tile_id] = column
    return [ruling("ruling.sec-monument-column", f"{table.tile_name(tile_id)} stands in the "
                   f"{column} column.")]
