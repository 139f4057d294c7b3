"""Special actions, taken at any point of one's own turn by spending reputation, and the useful
man's two one-time removals (rules special.*, ud.useful-man.refresh, ud.useful-man.search,
ruling.special-action-keeps-the-activity)."""

from __future__ import annotations

from obsession_nb.data.rules import IllegalAction, Ruling, refuse, ruling
from obsession_nb.engine.mode import Handler
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.state import Placement
from obsession_nb.engine.steps import guests, market, party_search
from obsession_nb.engine.steps.step2 import fair_useful_man_possible
from obsession_nb.engine.table import Table, per_decision

BORROW_COST, HELP_COST, REFRESH_COST = 2, 3, 4

ANY_STEP = frozenset({"begin", "step2", "host", "invite", "service", "favours", "pass-option", "buy"})
"""The steps of a turn at which a special action may be taken (turn.special-actions-any-time)."""


def _afford(table: Table, cost: int, rule_id: str, what: str) -> None:
    me = table.me
    if not can_afford(table, cost):
        raise IllegalAction([
            ruling(rule_id, f"{what} costs {cost} reputation; {me.name} has only "
                   f"{me.reputation} above level 1 position 1."),
            ruling("ruling.special-action-full-cost", "A special action needs its whole cost; "
                   "the floor excuses penalties, not voluntary costs."),
        ])


def _keeps_the_activity(table: Table, what: str, cost: int, *, useful_man: bool = False) -> None:
    """Refuse a special action that would leave the hosted activity impossible to finish
    (:func:`keeps_the_activity`)."""
    if not keeps_the_activity(table, cost, useful_man):
        tile = table.turn.tile
        party = "the party" if tile is None else f"{table.tile_name(tile)}'s party"
        raise refuse("ruling.special-action-keeps-the-activity",
                     f"{what} would leave {party} impossible to invite, serve and pay for; the "
                     "activity must still be finished.")


@per_decision
def keeps_the_activity(table: Table, cost: int, useful_man: bool = False) -> bool:
    """Whether spending ``cost`` reputation (and removing the useful man) still lets the hosted
    activity be finished: once a tile is hosted its party must be invited, served and its
    paupers paid, and reputation spent now is reputation that cannot be borrowed against later
    (ruling.special-action-keeps-the-activity).  Once per decision, text-free."""
    turn = table.state.turn
    assert turn is not None
    me = table.state.players[turn.player]
    if turn.step not in ("invite", "service") or turn.tile is None:
        return True
    party = tuple(turn.guests)
    if not useful_man and _still_affordable(table, party, cost):
        return True  # whoever is invited can still be paid for: only money could be spoilt
    if not party_search.party_possible(table, party):
        return True  # nothing this action could spoil
    available = list(me.servants.available)
    with table.supposing():
        me.reputation -= cost
        if useful_man:
            me.servants.available.remove("useful_man")
        try:
            return party_search.party_possible(table, party)
        finally:
            me.reputation += cost
            me.servants.available[:] = available


def can_afford(table: Table, cost: int) -> bool:
    """Whether the player has the whole cost of a special action (ruling.special-action-full-cost)."""
    state = table.state
    assert state.turn is not None
    return state.players[state.turn.player].reputation >= cost


def _still_affordable(table: Table, party: tuple[str, ...], cost: int) -> bool:
    """Whether every pauper still in the hand could be paid even after ``cost`` reputation is
    spent: then spending it strands no party, and no party search is needed."""
    me = table.me
    problem = party_search.party_problem(table, party)
    lost = guests.borrowing_capacity(table) - (max(me.reputation - cost, 0) // 2) * 100
    worst = sum(min(money, 0) * len(cards) for (_, money), cards in problem.groups.kinds.items())
    return problem.budget - lost + worst >= 0


def _cost(what: str, cost: int) -> Ruling:
    return ruling("ruling.special-action-costs", f"{what} costs {cost} reputation.")


def verify_borrow(table: Table) -> list[Ruling]:
    _afford(table, BORROW_COST, "special.borrow", "Borrowing £100")
    return [_cost("Borrowing £100", BORROW_COST)]


def apply_borrow(table: Table) -> list[Ruling]:
    me = table.me
    me.money += 100
    return [table.lose_reputation(me, BORROW_COST, "special.borrow",
                                  f"Special action: borrow £100 (now £{me.money})")]


def verify_help(table: Table, servant: str) -> list[Ruling]:
    _afford(table, HELP_COST, "special.service-help", "Service help")
    _keeps_the_activity(table, "Service help", HELP_COST)
    if not resting(table, servant):
        raise refuse("ruling.service-help-source", f"No {_servant(table, servant)} rests in the "
                     "Servants' Quarters or Expended Service.")
    rulings = [_cost("Service help", HELP_COST),
               ruling("ruling.service-help-source", "Service help may refresh a servant from "
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
    _keeps_the_activity(table, "Refreshing the market", REFRESH_COST)
    return [_cost("Refreshing the market", REFRESH_COST)]


def apply_refresh(table: Table) -> list[Ruling]:
    me = table.me
    table.turn.market_refreshed = True
    rulings = [table.lose_reputation(me, REFRESH_COST, "special.market-refresh",
                                     "Special action: refresh the Builders' Market")]
    market.refresh(table, rulings, "special.market-refresh", "Refresh")
    return rulings


def can_borrow(table: Table) -> bool:
    """:func:`verify_borrow`'s answer, text-free (as the other ``can_*`` for their verifiers)."""
    return can_afford(table, BORROW_COST)


def resting(table: Table, servant: str) -> bool:
    """Whether such a servant rests where service help takes one from: the Servants' Quarters
    or Expended Service (ruling.service-help-source)."""
    state = table.state
    assert state.turn is not None
    servants = state.players[state.turn.player].servants
    return servant in servants.quarters or servant in servants.expended


def can_help(table: Table, servant: str) -> bool:
    return (can_afford(table, HELP_COST) and keeps_the_activity(table, HELP_COST, False)
            and resting(table, servant))


def can_refresh(table: Table) -> bool:
    turn = table.state.turn
    assert turn is not None
    return (not turn.market_refreshed and can_afford(table, REFRESH_COST)
            and keeps_the_activity(table, REFRESH_COST, False))


def useful_man_at_hand(table: Table) -> bool:
    """Whether the useful man is in the game and in Available Service, to be used
    (ruling.useful-man-one-time-availability)."""
    return table.state.options.expansion and "useful_man" in table.me.servants.available


@per_decision
def can_remove_useful_man(table: Table) -> bool:
    """Whether the useful man may leave the game now (either removal; :func:`_verify_removal`
    and ruling.special-action-keeps-the-activity), once per decision."""
    return useful_man_at_hand(table) and keeps_the_activity(table, 0, True)


def fetchable(table: Table, tile_id: str) -> bool:
    """Whether the useful man's search may fetch this tile: one in the bag, not a monument
    (ud.useful-man.search)."""
    return tile_id in table.state.supply.bag and table.tile(tile_id).kind != "monument"


def can_um_search(table: Table, tile_id: str) -> bool:
    return can_remove_useful_man(table) and fetchable(table, tile_id)


def _verify_removal(table: Table, rule_id: str) -> None:
    if useful_man_at_hand(table):
        return
    if not table.state.options.expansion:
        raise refuse(rule_id, "The useful man belongs to the expansion.")
    raise refuse("ruling.useful-man-one-time-availability",
                 "The useful man must be in Available Service to be used.")


def _remove_useful_man(table: Table) -> None:
    me = table.me
    me.servants.available.remove("useful_man")
    me.removed.append("useful_man")
    table.turn.placements.append(Placement.model_construct(servant="useful_man", target="removed"))


def verify_um_refresh(table: Table) -> list[Ruling]:
    _verify_removal(table, "ud.useful-man.refresh")
    _keeps_the_activity(table, "Removing the useful man", 0, useful_man=True)
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
    _keeps_the_activity(table, "Removing the useful man", 0, useful_man=True)
    bag = table.state.supply.bag
    if tile_id not in bag:
        raise refuse("ud.useful-man.search", f"No {_tile(table, tile_id)} is in the tile bag.")
    tile = table.tile(tile_id)
    if not fetchable(table, tile_id):  # a monument
        if not any(fetchable(table, t) for t in bag):
            raise refuse("ruling.useful-man-search-bag-empty", "The tile bag holds no tile "
                         "the useful man could fetch, so he stays.")
        raise refuse("ud.useful-man.search", "The useful man cannot fetch a monument.")
    return [ruling("ud.useful-man.search", f"The useful man leaves the game to fetch "
                   f"{tile.name} from the bag into the £800 space.")]


def apply_um_search(table: Table, tile_id: str) -> list[Ruling]:
    """The £300 space's tile returns to the bag, every other space moves one left and the
    fetched tile enters the £800 space (ud.useful-man.search).  On a turn of several purchases
    the spaces emptied by purchases move left with the rest and are filled after the last
    purchase (market.purchases-then-slide, ruling.useful-man-search-bag-empty)."""
    supply = table.state.supply
    _remove_useful_man(table)
    supply.bag.remove(tile_id)
    rulings: list[Ruling] = []
    name = table.tile_name(tile_id)
    spaces = supply.market
    if market.has_gaps(table):
        spaces += [[] for _ in range(market.SPACES - len(spaces))]
        returned = spaces.pop(0)
        if returned:
            supply.bag.extend(returned)
            rulings.append(ruling("ud.useful-man.search", f"{table.tile_name(returned[0])} "
                                  "leaves the £300 space for the bag; every other space moves "
                                  "one to the left."))
        else:
            rulings.append(ruling("ruling.useful-man-search-bag-empty", "The £300 space was "
                                  "emptied by a purchase this turn, so nothing returns to the "
                                  "bag; every other space moves one to the left."))
        spaces.append([tile_id])
        rulings.append(ruling("market.purchases-then-slide", "The spaces emptied by this turn's "
                              "purchases stay empty until the last purchase."))
    else:
        if len(spaces) >= market.SPACES:
            returned = spaces.pop(0)
            supply.bag.extend(returned)
            rulings.append(ruling("ud.useful-man.search",
                                  f"{table.tile_name(returned[0])} leaves the £300 space for the "
                                  "bag; the other tiles slide left."))
        spaces.append([tile_id])
    where = f"£{market.SPACE_PRICES[len(spaces) - 1]}"
    rulings.append(ruling("ruling.useful-man-search-placement",
                          f"{name} enters the {where} space and is priced there "
                          "(no reserve takes it)."))
    return rulings


def _servant(table: Table, kind: str) -> str:
    return table.servant_name(kind) if kind in table.catalog.servants else f"'{kind}'"


def _tile(table: Table, tile_id: str) -> str:
    return table.tile_name(tile_id) if tile_id in table.catalog.tiles else f"tile '{tile_id}'"


KINDS: dict[type[a.Action], Handler] = {
    a.Borrow: Handler.at(ANY_STEP, verify_borrow, apply_borrow, test=can_borrow),  # special.borrow
    a.Help: Handler.at(ANY_STEP, verify_help, apply_help,  # special.service-help,
                       test=can_help),  # ruling.service-help-source
    a.RefreshMarket: Handler.at(ANY_STEP, verify_refresh, apply_refresh,
                                test=can_refresh),  # special.market-refresh
    a.UsefulManRefresh: Handler.at(ANY_STEP, verify_um_refresh, apply_um_refresh,
                                   test=can_remove_useful_man),  # ud.useful-man.refresh
    a.UsefulManSearch: Handler.at(ANY_STEP, verify_um_search, apply_um_search,
                                  test=can_um_search),  # ud.useful-man.search
}
"""The action kinds whose rules live here, each registered once (engine/turn/dispatch.py
gathers them)."""

SPECIALS = (a.Borrow(), a.RefreshMarket())


def any_time_choices(table: Table) -> list[a.Action]:
    """The special actions and the useful man's one-time removals, open at any decision of a
    turn (turn.special-actions-any-time)."""
    state = table.state
    assert state.turn is not None
    servants = state.players[state.turn.player].servants
    found: list[a.Action] = list(SPECIALS)
    found += [a.Help(k) for k in dict.fromkeys([*servants.quarters, *servants.expended])]
    if "useful_man" in servants.available:  # his one-time removals need him available
        found.append(a.UsefulManRefresh())
        found += [a.UsefulManSearch(t) for t in sorted(set(table.state.supply.bag))]
    return found
