"""Classic solitaire's AI card: after every turn a d20 decides what the AI scavenges from the
Builders' Market (rules solo.classic.ai, solo.classic.ai-columns, solo.classic.no-purchase,
solo.classic.refresh, solo.classic.stacked-duplicate, solo.classic.reserves-ignored; rulings
ruling.classic-roll-floor, ruling.classic-standin-cards).

The die comes from the seeded source or the pinned ``chance.next_rolls`` (``Table.roll_d20``,
shared with the Solo Estate Challenge and the cliffhanger variant).  A roll of 1-15 names a
market position through the AI card's Standard column, or its Monument column while a monument
shows in the open market; the
tile there (both copies of a stacked duplicate) leaves the game, the rest slide left and a new
tile is drawn into the rightmost space.  16-19 buys nothing, 20 refreshes the market; either
takes 5 off the next roll.  Every roll is recorded in ``state.classic_solo.rolls``.
"""

from __future__ import annotations

from typing import Literal

from obsession_nb.data.catalog_cards import AICard
from obsession_nb.data.rules import Ruling, ruling
from obsession_nb.engine.steps.market import SPACE_PRICES, fill, refresh
from obsession_nb.engine.table import Table
from obsession_nb.modes.classic.records import AIRoll, ClassicSolo

AI_CARD = "ai-card"
NO_PURCHASE = (16, 19)
REFRESH = 20
MINUS = 5


def ai_card(table: Table) -> AICard:
    return table.catalog.ai_cards[AI_CARD]


def record(table: Table) -> ClassicSolo:
    state = table.state
    classic = ClassicSolo.of(state.classic_solo)
    if classic is None:
        classic = state.classic_solo = ClassicSolo()
    return classic


def monument_positions(table: Table) -> list[int]:
    """Positions (1 = £300) of the open market holding a monument, cheapest first; the
    reserves are not looked at (solo.classic.reserves-ignored)."""
    return [i + 1 for i, stack in enumerate(table.state.supply.market)
            if stack and table.tile(stack[0]).kind == "monument"]


def column(table: Table) -> Literal["standard", "monument"]:
    return "monument" if monument_positions(table) else "standard"


def modified(raw: int, minus_five: bool) -> int:
    """The roll after the −5 that follows a no-purchase roll, never below 1
    (ruling.classic-roll-floor)."""
    return max(1, raw - MINUS) if minus_five else raw


def scavenge(table: Table, raw: int) -> tuple[AIRoll, list[Ruling]]:
    """Resolve one roll of the AI card and say what it did."""
    state = table.state
    classic = record(table)
    result = modified(raw, classic.minus_five)
    col = column(table)
    rulings: list[Ruling] = []
    if classic.minus_five:
        rulings.append(ruling("solo.classic.no-purchase", f"The AI rolls {raw}; the last roll "
                              f"bought nothing, so 5 comes off: {result}."))
        if raw - MINUS < 1:
            rulings.append(ruling("ruling.classic-roll-floor", f"{raw} − 5 is below 1; the "
                                  "result counts as 1."))
    else:
        rulings.append(ruling("solo.classic.ai", f"The AI rolls {raw}."))
    classic.minus_five = False
    base = AIRoll(round=state.round, roll=raw, result=result, column=col, reason="taken")
    if result == REFRESH:
        refresh(table, rulings, "solo.classic.refresh", "20: the AI refreshes the market and "
                "buys nothing")
        classic.minus_five = True
        rulings.append(ruling("solo.classic.refresh", "The next roll has 5 taken off."))
        return base.model_copy(update={"reason": "refresh"}), rulings
    low, high = NO_PURCHASE
    if low <= result <= high:
        classic.minus_five = True
        rulings.append(ruling("solo.classic.no-purchase", f"{result}: no purchase this turn; the "
                              "next roll has 5 taken off."))
        return base.model_copy(update={"reason": "no-purchase"}), rulings
    target = ai_card(table).target(col, result)
    label = "Monument Turn" if col == "monument" else "Standard Turn"
    if target == "monument":
        position = monument_positions(table)[0]
        rulings.append(ruling("solo.classic.ai-columns", f"A monument shows, so the {label} "
                              f"column is read: {result} targets the cheapest monument, in "
                              f"position {position}."))
    else:
        position = int(target)
        rulings.append(ruling("solo.classic.ai-columns", f"{label} column: {result} targets "
                              f"market position {position}."))
    card = ai_card(table)
    if card.standin:
        rulings.append(ruling("ruling.classic-standin-cards", f"{card.name}: its roll-to-position "
                              "table is a stand-in, as the sources do not give it."))
    market = state.supply.market
    if position > len(market):
        rulings.append(ruling("solo.classic.ai", f"Position {position} is empty; nothing is "
                              "scavenged."))
        return base.model_copy(update={"position": position, "reason": "empty-position"}), rulings
    taken = market.pop(position - 1)
    state.supply.removed.extend(taken)
    name = table.tile_name(taken[0])
    rulings.append(ruling("solo.classic.ai", f"The AI scavenges the {name} from the "
                          f"£{SPACE_PRICES[position - 1]} space: it is removed from the game."))
    if len(taken) > 1:
        rulings.append(ruling("solo.classic.stacked-duplicate", f"The {name} was stacked "
                              f"with its twin: all {len(taken)} copies leave the game."))
    fill(table, rulings, in_tsn_order=False)
    if state.options.market_reserve:
        rulings.append(ruling("solo.classic.reserves-ignored", "The reserves are never "
                              "scavenged."))
    return base.model_copy(update={"position": position, "tiles": list(taken)}), rulings


def scavenge_turn(table: Table) -> list[Ruling]:
    """Roll once after the player's turn and record the roll."""
    roll, rulings = scavenge(table, table.roll_d20())
    record(table).rolls.append(roll)
    return rulings
