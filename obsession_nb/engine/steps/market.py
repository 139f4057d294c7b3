"""The Builders' Market and its reserves: prices, draws, sliding, refreshing (rules market.*)."""

from __future__ import annotations

from typing import Literal

from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.records.offer import Offer, Where
from obsession_nb.engine.records.variant_records import QueenVictoria
from obsession_nb.engine.table import Table, per_decision

SPACE_PRICES = (300, 400, 500, 600, 700, 800)
RESERVE_PRICE = 300
SPACES = len(SPACE_PRICES)


def offer_place(table: Table, offer: Offer) -> str:
    """The tile of an offer and where it lies, in words ("Garden in the £400 space")."""
    name = table.tile_name(offer.tile)
    if offer.space is None:
        place = "the Service Tile Reserve" if offer.where == "service-reserve" else (
            "the PR1 Tile Reserve"
        )
        return f"{name} in {place}"
    return f"{name} in the £{SPACE_PRICES[offer.space]} space"


def tsn_key(table: Table, tile_id: str) -> tuple[int, str]:
    return (table.tile(tile_id).tsn or 0, tile_id)


@per_decision
def offers(table: Table) -> list[Offer]:
    """Every tile a player could buy now: open market first, then active reserves.

    Applies market.price (space price + modifier) and ruling.reserve-price (£300 + modifier).
    """
    in_mode = table.mode.offers(table)  # the solo stacks
    if in_mode is not None:
        return in_mode
    supply = table.state.supply
    result = [
        Offer(stack[0], "market", i, SPACE_PRICES[i] + table.tile(stack[0]).cost_modifier)
        for i, stack in enumerate(supply.market)
        if stack
    ]
    reserves: tuple[tuple[Where, list[str], bool], ...] = (
        ("service-reserve", supply.service_reserve, supply.service_reserve_active),
        ("pr1-reserve", supply.pr1_reserve, supply.pr1_reserve_active),
    )
    for where, tiles, active in reserves:
        if active:
            for tile_id in dict.fromkeys(tiles):
                price = RESERVE_PRICE + table.tile(tile_id).cost_modifier
                result.append(Offer(tile_id, where, None, price))
    return result


def reserve_for(table: Table, tile_id: str) -> Literal["service", "pr1"] | None:
    """Which active reserve a drawn tile is diverted to (market.reserve-divert)."""
    supply = table.state.supply
    front = table.tile(tile_id).front
    if not table.state.options.market_reserve:
        return None
    if supply.service_reserve_active and front.category == "service":
        return "service"
    if supply.pr1_reserve_active and front.prestige == 1:
        return "pr1"
    return None


def _draw_for_space(table: Table, rulings: list[Ruling]) -> str | None:
    """Draw until a tile needs a space of its own; divert and stack on the way."""
    supply = table.state.supply
    while True:
        tile_id = table.draw_from_bag()
        if tile_id is None:
            rulings.append(ruling("market.never-empty", "The tile bag is empty; a space stays empty."))
            return None
        reserve = reserve_for(table, tile_id)
        if reserve is not None:
            held: list[str] = getattr(supply, f"{reserve}_reserve")
            if held:
                rulings.append(ruling("ruling.reserve-capacity", f"The reserve already holds "
                                      f"{len(held)} tile(s); it takes any number."))
            held.append(tile_id)
            label = "Service Tile Reserve" if reserve == "service" else "PR1 Tile Reserve"
            rulings.append(
                ruling(
                    "market.reserve-divert",
                    f"{table.tile_name(tile_id)} is drawn and goes to the {label}; "
                    "another tile is drawn in its place.",
                )
            )
            continue
        twin = next((s for s in supply.market if s and s[0] == tile_id), None)
        if twin is not None:
            twin.append(tile_id)
            rulings.append(
                ruling(
                    "market.duplicates-stack",
                    f"{table.tile_name(tile_id)} is drawn and stacks on its twin.",
                )
            )
            continue
        return tile_id


def has_gaps(table: Table) -> bool:
    """Whether a space was emptied by a purchase this turn and waits for the slide
    (market.purchases-then-slide)."""
    return any(not stack for stack in table.state.supply.market)


def fill(table: Table, rulings: list[Ruling], *, in_tsn_order: bool) -> None:
    """Slide the tiles left over any emptied spaces, then fill the empty spaces at the right end.

    With ``in_tsn_order`` the newly drawn tiles take the gaps lowest TSN first (refresh,
    Builders' Holiday); otherwise each tile goes to the rightmost space as drawn.
    """
    market = table.state.supply.market
    market[:] = [stack for stack in market if stack]
    drawn: list[str] = []
    while len(market) + len(drawn) < SPACES:
        tile_id = _draw_for_space(table, rulings)
        if tile_id is None:
            break
        drawn.append(tile_id)
        if not in_tsn_order:
            market.append([tile_id])
            rulings.append(
                ruling(
                    "market.slide-and-draw",
                    f"{table.tile_name(tile_id)} is drawn into the £{SPACE_PRICES[len(market) - 1]}"
                    " space.",
                )
            )
    if in_tsn_order and drawn:
        drawn.sort(key=lambda t: tsn_key(table, t))
        market.extend([t] for t in drawn)


def take(table: Table, offer: Offer, *, keep_gap: bool = False) -> None:
    """Remove one copy of the offered tile from where it lies (stacked twins stay).

    With ``keep_gap`` (a turn of several purchases) an emptied space stays empty, so the tiles to
    its right keep their prices until the last purchase (market.purchases-then-slide)."""
    supply = table.state.supply
    if table.mode.take(table, offer.tile):  # any tile of a solo stack; the space stays
        return
    if offer.where == "market":
        assert offer.space is not None
        stack = supply.market[offer.space]
        stack.pop()
        if not stack and not keep_gap:
            del supply.market[offer.space]
    else:
        getattr(supply, offer.where.replace("-reserve", "_reserve")).remove(offer.tile)


def refresh(table: Table, rulings: list[Ruling], rule_id: str, why: str) -> None:
    """Refresh the open market (market.refresh-procedure); the reserves are never touched."""
    supply = table.state.supply
    set_aside = [t for stack in supply.market for t in stack]
    supply.market = []
    rulings.append(
        ruling(rule_id, f"{why}: the {len(set_aside)} market tiles are set aside.")
    )
    fill(table, rulings, in_tsn_order=True)
    supply.bag.extend(set_aside)
    names = ", ".join(table.tile_name(s[0]) for s in supply.market)
    rulings.append(
        ruling(
            "market.refresh-procedure",
            f"New tiles drawn in tile-sorting-number order ({names}); the set-aside tiles "
            "return to the bag and the reserves stay as they were.",
        )
    )


# ----------------------------------------------------------------- market variants


def end_of_round(table: Table, *, courtship: bool) -> list[Ruling]:
    """What the market variant in play does as a round ends, before the pawn moves on: Queen
    Victoria's building boom after every round (option.queen-victoria-market), Emily Brontë's
    refresh after each of the first three courtships (option.seasonal-market)."""
    variant = table.state.options.market
    if variant == "building-boom":
        return building_boom(table)[0]
    if variant == "seasonal" and courtship:
        rulings: list[Ruling] = []
        refresh(table, rulings, "option.seasonal-market", "Emily Brontë: the season is over")
        return rulings
    return []


def building_boom(table: Table) -> tuple[list[Ruling], QueenVictoria | None]:
    """Set aside the £300 tile (both if stacked), slide left, draw one space's tile (diverted
    into an active reserve as usual), return the set-aside tiles to the bag; the reserves are
    untouched (option.queen-victoria-market).  Returns the rulings and what was removed."""
    state = table.state
    supply = state.supply
    if not supply.market:
        return [ruling("option.queen-victoria-market", "Queen Victoria: the market is empty; "
                       "nothing is removed.")], None
    removed = supply.market.pop(0)
    rulings = [ruling("option.queen-victoria-market", f"Queen Victoria: "
                      f"{table.tile_name(removed[0])}" + (f" (×{len(removed)})" if len(removed) > 1
                                                          else "")
                      + f" leaves the £{SPACE_PRICES[0]} space; the other tiles slide left.")]
    bag_before = list(supply.bag)
    fill(table, rulings, in_tsn_order=False)
    drawn = _drawn(bag_before, supply.bag)
    supply.bag = sorted([*supply.bag, *removed])
    rulings.append(ruling("option.queen-victoria-market", "The set-aside tile(s) return to the "
                          "bag; the reserves are not affected."))
    return rulings, QueenVictoria(round=state.round, removed=tuple(removed),
                                   drawn=tuple(drawn))


def _drawn(before: list[str], after: list[str]) -> list[str]:
    left = list(after)
    out = []
    for t in before:
        if t in left:
            left.remove(t)
        else:
            out.append(t)
    return out
