"""Special actions, taken at any point of one's own turn by spending reputation, and the useful
man's two one-time removals (rules special.*, ud.useful-man.refresh, ud.useful-man.search)."""

from __future__ import annotations

from obsession_nb import market
from obsession_nb.rules import Ruling, refuse, ruling
from obsession_nb.state import Placement
from obsession_nb.step2 import fair_useful_man_possible
from obsession_nb.table import Table

BORROW_COST, HELP_COST, REFRESH_COST = 2, 3, 4


def _afford(table: Table, cost: int, rule_id: str, what: str) -> None:
    me = table.me
    if me.reputation < cost:
        raise refuse(rule_id, f"{what} costs {cost} reputation; {me.name} has only "
                     f"{me.reputation} above level 1 position 1.")


def verify_borrow(table: Table) -> list[Ruling]:
    _afford(table, BORROW_COST, "special.borrow", "Borrowing £100")
    return []


def apply_borrow(table: Table) -> list[Ruling]:
    me = table.me
    me.money += 100
    return [table.lose_reputation(me, BORROW_COST, "special.borrow",
                                  f"Special action: borrow £100 (now £{me.money})")]


def verify_help(table: Table, servant: str) -> list[Ruling]:
    me = table.me
    _afford(table, HELP_COST, "special.service-help", "Service help")
    if servant not in me.servants.quarters and servant not in me.servants.expended:
        raise refuse("ruling.service-help-source", f"No {_servant(table, servant)} rests in the "
                     "Servants' Quarters or Expended Service.")
    rulings = [ruling("ruling.service-help-source", "Service help may refresh a servant from "
                      "the Servants' Quarters or Expended Service.")]
    if servant == "useful_man" and table.turn.step == "step2" and fair_useful_man_possible(table):
        rulings.append(ruling("ud.useful-man.special-action-refresh", "Refreshed now, the "
                              "useful man can still go to the Village Fair this step."))
    return rulings


def apply_help(table: Table, servant: str) -> list[Ruling]:
    me = table.me
    zone = me.servants.quarters if servant in me.servants.quarters else me.servants.expended
    zone.remove(servant)
    me.servants.available.append(servant)
    return [table.lose_reputation(me, HELP_COST, "special.service-help",
                                  f"Special action: the {table.servant_name(servant)} is "
                                  "refreshed to Available Service")]


def verify_refresh(table: Table) -> list[Ruling]:
    if table.turn.market_refreshed:
        raise refuse("special.market-refresh", "The market may be refreshed with reputation "
                     "only once per turn.")
    _afford(table, REFRESH_COST, "special.market-refresh", "Refreshing the market")
    return []


def apply_refresh(table: Table) -> list[Ruling]:
    me = table.me
    table.turn.market_refreshed = True
    rulings = [table.lose_reputation(me, REFRESH_COST, "special.market-refresh",
                                     "Special action: refresh the Builders' Market")]
    market.refresh(table, rulings, "special.market-refresh", "Refresh")
    return rulings


def _verify_removal(table: Table, rule_id: str) -> None:
    if not table.state.options.expansion:
        raise refuse(rule_id, "The useful man belongs to the expansion.")
    if "useful_man" not in table.me.servants.available:
        raise refuse("ruling.useful-man-one-time-availability",
                     "The useful man must be in Available Service to be used.")


def _remove_useful_man(table: Table) -> None:
    me = table.me
    me.servants.available.remove("useful_man")
    me.removed.append("useful_man")
    table.turn.placements.append(Placement(servant="useful_man", target="removed"))


def verify_um_refresh(table: Table) -> list[Ruling]:
    _verify_removal(table, "ud.useful-man.refresh")
    return [
        ruling("ud.useful-man.refresh", "The useful man leaves the game to refresh the market "
               "(once only; he is never replaced)."),
        ruling("ruling.useful-man-refresh-separate", "This is not the once-per-turn special "
               "refresh nor the pass's free refresh; either may still be taken."),
    ]


def apply_um_refresh(table: Table) -> list[Ruling]:
    _remove_useful_man(table)
    rulings: list[Ruling] = []
    market.refresh(table, rulings, "ud.useful-man.refresh", "The useful man refreshes the market")
    return rulings


def verify_um_search(table: Table, tile_id: str) -> list[Ruling]:
    _verify_removal(table, "ud.useful-man.search")
    if tile_id not in table.state.supply.bag:
        raise refuse("ud.useful-man.search", f"No {_tile(table, tile_id)} is in the tile bag.")
    tile = table.tile(tile_id)
    if tile.kind == "monument":
        raise refuse("ud.useful-man.search", "The useful man cannot fetch a monument.")
    return [ruling("ud.useful-man.search", f"The useful man leaves the game to fetch "
                   f"{tile.name} from the bag into the £800 space.")]


def apply_um_search(table: Table, tile_id: str) -> list[Ruling]:
    supply = table.state.supply
    _remove_useful_man(table)
    supply.bag.remove(tile_id)
    rulings: list[Ruling] = []
    if len(supply.market) >= market.SPACES:
        returned = supply.market.pop(0)
        supply.bag.extend(returned)
        rulings.append(ruling("ud.useful-man.search",
                              f"{table.tile_name(returned[0])} leaves the £300 space for the bag; "
                              "the other tiles slide left."))
    supply.market.append([tile_id])
    rulings.append(ruling("ruling.useful-man-search-placement",
                          f"{table.tile_name(tile_id)} enters the £800 space and is priced there "
                          "(no reserve takes it)."))
    return rulings


def _servant(table: Table, kind: str) -> str:
    return table.servant_name(kind) if kind in table.catalog.servants else f"'{kind}'"


def _tile(table: Table, tile_id: str) -> str:
    return table.tile_name(tile_id) if tile_id in table.catalog.tiles else f"tile '{tile_id}'"
