"""The tiles of a new game: which go into the bag, the monuments, and the opening market
(rules setup.tile-bag, setup.pr5-tiles, setup.monuments-by-count, ud.monuments.low-vp,
market.initial-fill, market.tsn-order; options option.universal-tiles, option.monuments,
option.garden-maze, option.intensive-service).
"""

from __future__ import annotations

import random

from obsession_nb.data.catalog import Catalog
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.steps.market import SPACES, tsn_key
from obsession_nb.engine.table import Table

INTENSIVE_SERVICE = ("butlers-pantry", "barn", "brushing-room")
"""Intensive Service's three tiles (Facts §6.5 Minor Rule Variations)."""
OPENING_SERVICE_TILES = ("barn", "brushing-room", "butlers-pantry", "servants-quarters")
SCULPTURE_GARDEN = {False: "sculpture-garden", True: "sculpture-garden-low-vp"}
UD_UNIVERSAL_TILES = ("carriage-house", "stocked-lake", "parish-church", "babbling-brook")


def box_in_use(expansion: bool, players: int) -> bool:
    """Whether the expansion box's integrated components (the second set of prestige-5 tiles and
    the universal tiles) are in play: with the expansion's servants, or at five or six players,
    which need the box's START tiles and servants (setup.pr5-tiles,
    ruling.universal-tiles-with-expansion)."""
    return expansion or players >= 5


def qualifies_for_opening(catalog: Catalog, tile_id: str) -> bool:
    """Opening market: prestige 1–3 or one of four named service tiles (market.initial-fill,
    ruling.initial-fill-new-service-tiles)."""
    tile = catalog.tiles[tile_id]
    if tile_id in OPENING_SERVICE_TILES:
        return True
    if tile.kind in ("service", "monument"):
        return False
    return tile.front.prestige is not None and 1 <= tile.front.prestige <= 3


def tile_in_game(catalog: Catalog, tile_id: str, expansion: bool, universal: bool,
                  wessex: bool) -> bool:
    tile = catalog.tiles[tile_id]
    if tile.start or tile.kind == "monument":
        return False
    if tile.expansion == "wessex":
        return wessex
    if tile.expansion == "upstairs_downstairs":
        return universal if tile_id in UD_UNIVERSAL_TILES else expansion
    return True


def universal_tiles_in(options: Options, players: int) -> bool:
    """The universal tiles: the players' choice, else whenever the box is in use
    (option.universal-tiles, ruling.universal-tiles-with-expansion)."""
    chosen = options.universal_tiles
    return box_in_use(options.expansion, players) if chosen is None else chosen


def monument_pool(catalog: Catalog, low_vp: bool) -> list[str]:
    return sorted(
        t.id for t in catalog.tiles.values()
        if t.kind == "monument" and (t.expansion == "upstairs_downstairs") == low_vp
    )


def choose_monuments(catalog: Catalog, players: int, low_vp: bool,
                     rng: random.Random, garden: str = "sculpture-garden") -> list[str]:
    """Two players: the Sculpture Garden and two others; three: it and three others; four or
    more: any five (setup.monuments-by-count, ruling.five-six-monuments-base,
    ruling.low-vp-monument-count).  The players' choice is made at random here.  With the
    Garden Maze in its place (option.garden-maze) the Sculpture Garden stays out."""
    pool = monument_pool(catalog, low_vp)
    required = SCULPTURE_GARDEN[low_vp] if garden == "sculpture-garden" else garden
    if players <= 3:
        others = [m for m in pool if m not in (required, SCULPTURE_GARDEN[low_vp])]
        wanted = min(len(others), players)
        return [required, *rng.sample(others, wanted)]
    return sorted(rng.sample(pool, min(5, len(pool))))


def chosen_monuments(catalog: Catalog, players: int, options: Options) -> list[str]:
    """The monuments the players named (option.monuments), checked against the same rules as a
    random choice: the set in use, how many, and the garden two or three players must take."""
    if options.garden == "garden-maze" and options.low_vp_monuments:
        raise ValueError("the Garden Maze is a base-game monument; the low-VP set is never mixed "
                         "with it (option.garden-maze, ud.monuments.low-vp)")
    if options.monuments == "random":
        return choose_monuments(catalog, players, options.low_vp_monuments, random.Random(0),
                                options.garden)
    chosen = list(options.monuments)
    pool = monument_pool(catalog, options.low_vp_monuments)
    model = chosen_monuments(catalog, players, options.model_copy(update={"monuments": "random"}))
    wrong = [m for m in chosen if m not in pool]
    if wrong or len(set(chosen)) != len(chosen) or len(chosen) != len(model):
        raise ValueError(f"monuments: {players} players take {len(model)} different monuments "
                         f"from {', '.join(pool)}; not {', '.join(chosen) or 'none'} "
                         "(setup.monuments-by-count, option.monuments)")
    if players <= 3 and model[0] not in chosen:
        raise ValueError(f"monuments: {players} players must include {model[0]} "
                         "(setup.monuments-by-count, option.garden-maze)")
    return chosen


def intensive_service(table: Table) -> list[str]:
    """The service tiles Intensive Service puts in the opening market: the three named, or the
    three or four the players chose, never the Servants' Hall (option.intensive-service)."""
    chosen = table.state.options.intensive_service
    if chosen == "off":
        return []
    tiles = list(INTENSIVE_SERVICE if chosen == "standard" else chosen)
    bag = table.state.supply.bag
    wrong = [t for t in tiles if t not in table.catalog.tiles or t == "servants-hall"
             or table.catalog.tiles[t].kind != "service" or t not in bag]
    if wrong or len(set(tiles)) != len(tiles) or not 3 <= len(tiles) <= 4:
        raise ValueError("intensive_service: three or four different service tiles in this "
                         "game's bag, never the Servants' Hall; not " + ", ".join(tiles)
                         + " (option.intensive-service)")
    return tiles


def opening_market(table: Table) -> list[Ruling]:
    """Draw until six spaces hold qualifying tiles (stacking twins), return the others to the
    bag, and order the spaces by tile sorting number."""
    supply = table.state.supply
    seeded = intensive_service(table)
    for tile_id in seeded:
        supply.bag.remove(tile_id)
    market: list[list[str]] = [[t] for t in seeded]
    held: list[str] = []
    while len(market) < SPACES:
        drawn = table.draw_from_bag()
        if drawn is None:
            break
        tile_id = drawn
        if not qualifies_for_opening(table.catalog, tile_id):
            held.append(tile_id)
            continue
        twin = next((s for s in market if s[0] == tile_id), None)
        if twin is not None:
            twin.append(tile_id)
        else:
            market.append([tile_id])
    market.sort(key=lambda s: tsn_key(table, s[0]))
    supply.market = market
    supply.bag = sorted([*supply.bag, *held])
    names = ", ".join(table.tile_name(s[0]) + (" (×2)" if len(s) > 1 else "") for s in market)
    rulings = [ruling("option.intensive-service", "Intensive Service: the opening market starts "
                      "with " + ", ".join(table.tile_name(t) for t in seeded) + ".")] if seeded else []
    rulings += [
        ruling("market.initial-fill", f"Opening market from qualifying tiles ({len(held)} "
               "others drawn went back to the bag)."),
        ruling("market.tsn-order", f"In tile-sorting-number order: {names}."),
    ]
    new_service = sorted({t for t in held if table.catalog.tiles[t].kind == "service"
                          and table.catalog.tiles[t].expansion == "upstairs_downstairs"})
    if new_service:
        rulings.append(ruling("ruling.initial-fill-new-service-tiles", ", ".join(
            table.tile_name(t) for t in new_service) + ": the opening fill names four service "
            "tiles, and the expansion's are not among them."))
    return rulings
