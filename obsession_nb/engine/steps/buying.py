"""Step 7: buying from the Builders' Market and its reserves (rules market.*, tile.butlers-pantry,
ud.useful-man.market-discount)."""

from __future__ import annotations

from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Decision, Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.offer import Offer
from obsession_nb.engine.records.state import OwnedTile, Placement
from obsession_nb.engine.steps import market
from obsession_nb.engine.steps.rounds import has_event, is_courtship
from obsession_nb.engine.table import Table, per_decision

MIN_PRICE = 100


def find_offer(table: Table, tile_id: str) -> Offer | None:
    return _offers_by_tile(table).get(tile_id)


@per_decision
def _offers_by_tile(table: Table) -> dict[str, Offer]:
    """The offers by tile, the first offer of a tile kept (market before reserves)."""
    found: dict[str, Offer] = {}
    for offer in market.offers(table):
        found.setdefault(offer.tile, offer)
    return found


@per_decision
def _shopping_closed(table: Table) -> str | None:
    """The rule that forbids any purchase now (a courtship round, the turn's one purchase
    made), once per decision; ``None`` while tiles may be bought."""
    if is_courtship(table):
        return "event.courtship-round"
    limit = purchase_limit(table)
    if limit is not None and table.turn.purchases >= limit:
        return "market.one-purchase"
    return None


def _useful_man_missing(table: Table) -> str | None:
    """Why the useful man cannot discount a purchase now (ud.useful-man.market-discount), in
    words; ``None`` when he can: the one statement of the condition, for the text-free test
    (:func:`purchase_barrier`) and the verifier's refusal alike."""
    if not table.state.options.expansion:
        return "The useful man belongs to the expansion."
    if "useful_man" not in table.me.servants.available:
        return "No useful man is in Available Service."
    return None


def price(table: Table, offer: Offer, useful_man: bool) -> int:
    return max(MIN_PRICE, offer.price - 100) if useful_man else offer.price


def purchase_barrier(table: Table, tile_id: str, useful_man: bool,
                     column: str | None = None) -> str | None:
    """What forbids this purchase, text-free (the rule id that :func:`verify_buy` cites,
    ``mode`` when the mode's own limits refuse), or ``None`` when it is allowed."""
    state = table.state
    assert state.turn is not None
    me = state.players[state.turn.player]
    closed = _shopping_closed(table)
    if closed is not None:
        return closed
    offer = find_offer(table, tile_id)
    if offer is None:
        return "market.slide-and-draw"
    if me.owned(tile_id) is not None:
        return "market.no-duplicates"
    try:
        in_mode = table.mode.verify_purchase(table, tile_id, column)  # the solo limits
    except IllegalAction:
        return "mode"
    if in_mode is None and column is not None:
        return "market.organiser-placement"
    if useful_man:
        if _useful_man_missing(table) is not None:
            return "ud.useful-man.market-discount"
        if offer.price <= MIN_PRICE:
            return "ruling.useful-man-discount-floor"
    if price(table, offer, useful_man) > me.money:
        return "market.price"
    return None


def can_buy(table: Table, tile_id: str, useful_man: bool, column: str | None = None) -> bool:
    return purchase_barrier(table, tile_id, useful_man, column) is None


def verify_buy(table: Table, tile_id: str, useful_man: bool,
               column: str | None = None) -> list[Ruling]:
    """The rulings of a purchase (:func:`purchase_barrier` decides; this says why)."""
    me = table.me
    barrier = purchase_barrier(table, tile_id, useful_man, column)
    if barrier == "event.courtship-round":
        raise refuse(barrier, "No purchases on a courtship round.")
    if barrier == "market.one-purchase":
        raise refuse(barrier, f"{me.name} has already bought a tile this turn; only one "
                     "purchase is allowed outside a Builders' Holiday.")
    if barrier == "market.slide-and-draw":
        raise refuse(barrier, f"No {_name(table, tile_id)} is for sale in the market or an "
                     "active reserve.")
    name = table.tile_name(tile_id)
    if barrier == "market.no-duplicates":
        raise refuse(barrier, f"{me.name} already owns a {name}; no player may own two copies "
                     "of a tile.")
    offer = find_offer(table, tile_id)
    assert offer is not None
    rulings = [ruling(
        "ruling.reserve-price" if offer.space is None else "market.price",
        f"{market.offer_place(table, offer)} costs £{offer.price} (base price "
        f"{'£300' if offer.space is None else f'£{market.SPACE_PRICES[offer.space]}'} and "
        f"modifier {table.tile(tile_id).cost_modifier:+d}).",
    )]
    if tile_id == "renovated-kitchen":
        rulings.append(ruling("ruling.renovated-kitchen-300", "The +£300 printed in the Renovated "
                              "Kitchen's title line is its cost modifier."))
    in_mode = table.mode.verify_purchase(table, tile_id, column)  # raises its own refusal
    if in_mode is not None:
        rulings += in_mode
    elif barrier == "market.organiser-placement":
        raise refuse(barrier, "Only the Solo Estate Challenge lets a monument choose its column.")
    if useful_man:
        if barrier == "ud.useful-man.market-discount":
            raise refuse(barrier, _useful_man_missing(table) or "")
        if barrier == "ruling.useful-man-discount-floor":
            raise refuse(barrier, f"{name} already costs £{offer.price}; the useful man's "
                         "discount can never bring a price to £0.")
        rulings.append(ruling("ud.useful-man.market-discount",
                              f"The useful man takes £100 off, never below £{MIN_PRICE}: "
                              f"£{price(table, offer, True)}."))
        if offer.space is None:
            rulings.append(ruling("ruling.useful-man-discount-reserve", "The discount applies "
                                  "to a tile bought from a reserve too."))
    cost = price(table, offer, useful_man)
    if barrier == "market.price":
        raise refuse(barrier, f"{name} costs £{cost}; {me.name} has £{me.money}.")
    rulings.append(ruling("market.any-reputation", "Any tile may be bought whatever the "
                          "reputation."))
    return rulings


def apply_buy(table: Table, tile_id: str, useful_man: bool,
              column: str | None = None) -> list[Ruling]:
    me, turn = table.me, table.turn
    offer = find_offer(table, tile_id)
    assert offer is not None
    cost = price(table, offer, useful_man)
    me.money -= cost
    several = purchase_limit(table) is None
    market.take(table, offer, keep_gap=several)
    me.organiser.append(OwnedTile.model_construct(tile=tile_id))
    turn.purchases += 1
    tile = table.tile(tile_id)
    rulings = [ruling("market.organiser-placement",
                      f"{me.name} pays £{cost} (now £{me.money}) and places {tile.name} in the "
                      f"{column or tile.front.category} column, front side up.")]
    if useful_man:
        me.servants.available.remove("useful_man")
        turn.placements.append(Placement.model_construct(servant="useful_man", target="market"))
    if tile.front.ability == "butlers_pantry":
        hire = table.state.supply.servants_for_hire
        if hire.get("underbutler", 0) > 0:
            hire["underbutler"] -= 1
            me.servants.expended.append("underbutler")
            rulings.append(ruling("tile.butlers-pantry",
                                  "The Butler's Pantry brings an underbutler into Expended Service."))
        else:
            rulings.append(ruling("tile.butlers-pantry", "No underbutler is left in the supply."))
    if tile.front.ability in ("monument", "servants_hall") and not me.reminder:
        me.reminder = True
        rulings.append(ruling("market.reminder-tile", f"{me.name} takes a reminder tile."))
    if offer.where == "market" and not several:
        if offer.space is not None and len(table.state.supply.market) < market.SPACES:
            rulings.append(ruling("market.slide-and-draw", "The tiles to the right slide left."))
            market.fill(table, rulings, in_tsn_order=False)
    elif offer.where == "market" and table.mode.refills_market:
        rulings.append(ruling("market.purchases-then-slide", f"The £"
                              f"{market.SPACE_PRICES[offer.space or 0]} space stays empty until "
                              "the last purchase: the other tiles keep their prices, then slide "
                              "left once and the gaps fill in tile-sorting-number order."))
    elif offer.where != "market":
        rulings.append(ruling("market.reserve-purchase", "Reserve tiles may be bought like "
                              "market tiles, one purchase a turn outside a Builders' Holiday."))
        rulings.append(ruling("ruling.reserve-purchase-no-slide",
                              "Bought from a reserve: the open market does not slide."))
    rulings += table.mode.after_purchase(table, tile_id, column)
    return rulings


def purchase_limit(table: Table) -> int | None:
    """One purchase per turn; any number on the Builders' Holiday, after a VP card's favour,
    or in a mode that allows more (market.one-purchase)."""
    turn = table.state.turn
    assert turn is not None
    if has_event(table, "builders_holiday") or turn.unlimited_purchases:
        return None
    if table.mode.unlimited_purchases:  # solo: as many as she can afford (UD p.14)
        return None
    return 1


def _name(table: Table, tile_id: str) -> str:
    return table.tile_name(tile_id) if tile_id in table.catalog.tiles else f"tile '{tile_id}'"


KINDS: dict[type[a.Action], Handler] = {
    a.Buy: Handler.at({"buy"}, verify_buy, apply_buy,
                      test=can_buy),  # market.*, ud.useful-man.market-discount
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

DONE = a.Done()


def buy_choices(table: Table) -> list[a.Action]:
    """Each tile on offer (also with the useful man's discount while he is available), then
    buying nothing more (market.*, ud.useful-man.market-discount)."""
    discount = "useful_man" in table.me.servants.available
    found: list[a.Action] = []
    for offer in market.offers(table):
        found.append(a.Buy(offer.tile))
        if discount:
            found.append(a.Buy(offer.tile, useful_man=True))
    found.append(DONE)
    return found


DECISIONS = {"buy": Decision(buy_choices)}
"""The decisions whose choices are listed here (engine/turn/dispatch.py gathers them)."""
