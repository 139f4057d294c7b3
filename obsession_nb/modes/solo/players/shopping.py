"""Step 7 for the greedy Solo Estate Challenge player: which tile to buy, when to save up, and
the last purchases that end the game (valued as in modes/solo/players/values.py).

Purchases are checked by the engine one at a time instead of listing every legal purchase (the
market holds some fifty tiles), which keeps whole games fast.
"""

from __future__ import annotations

from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.modes.solo.end import TARGETS
from obsession_nb.modes.solo.market import offers
from obsession_nb.modes.solo.players.values import (
    ABILITY,
    FLIP,
    INCOME,
    SAVE_MARGIN,
    VP,
    favours_value,
    is_legal,
    rep_value,
)
from obsession_nb.modes.solo.tableau import at_max, needs, unflipped


class Shopper:
    """The greedy player's purchases (a mixin of ``strategy.GreedySolo``)."""

    def turns_left(self, table: Table) -> int:
        """Turns the rest of the game will probably last (the target round, at least two)."""
        _score, at = TARGETS[table.state.options.length]
        return max(2, at + 1 - table.state.round)

    def purchase_value(self, table: Table, tile_id: str, price: int) -> float:
        """What a tile brings for its price: its VP; a monument's (or the Servants' Hall's)
        reputation every turn; a flippable tile's flip to come, less what hosting it gives
        and more if its prestige is out of reach."""
        me = table.me
        tile = table.tile(tile_id)
        level = table.level(me)
        left = self.turns_left(table)
        rep = rep_value(table)
        final = tile.back if tile.back is not None else tile.front
        value = VP * final.vp - price / 100
        if tile.kind == "monument" or final.ability in ("suite_monument", "servants_hall"):
            value += rep * min(left, 10)
        elif tile.front.ability or (tile.back is not None and tile.back.ability):
            value += ABILITY
        if tile.flips:
            value -= FLIP
            value += favours_value(tile.front.favours, rep)
            if tile.back is not None and tile.back.playable:
                value += 0.5 * favours_value(tile.back.favours, rep)
            gap = (tile.front.prestige or 1) - 1 - level
            value -= 3.0 * max(0, gap)
        return value

    def buy(self, table: Table) -> a.Action | None:
        me = table.me
        missing = needs(table, me)
        if not any(missing.values()):
            return None
        options: list[tuple[float, int, a.Action]] = []
        useful = "useful_man" in me.servants.available
        for offer in offers(table):
            tile = table.tile(offer.tile)
            price = offer.price - (100 if useful and offer.price > 100 else 0)
            if tile.kind == "monument":
                open_columns = [c for c, n in missing.items() if n > 0]
                if not open_columns:
                    continue
                column = max(open_columns, key=lambda c: (missing[c], c))
                value = self.purchase_value(table, offer.tile, price)
                options.append((value, price, BuyInto(offer.tile, column, useful_man=useful)))
            elif missing.get(tile.front.category, 0) > 0:
                value = self.purchase_value(table, offer.tile, price)
                options.append((value, price, a.Buy(offer.tile, useful_man=useful)))
        options.sort(key=lambda o: -o[0])
        last = self.last_purchase(table, missing)
        if last is not None:
            return last
        affordable = [o for o in options if o[1] <= me.money]
        margin = SAVE_MARGIN[table.state.options.length]
        for value, price, action in options:
            if price <= me.money:
                if is_legal(table, action):
                    return action
                continue
            best_now = next((o[0] for o in affordable), None)
            if (margin is not None and price <= me.money + INCOME and
                    (best_now is None or value - best_now > margin)):
                return None
        return None

    def last_purchase(self, table: Table, missing: dict[str, int]) -> a.Action | None:
        """At Max with every tile flipped (or flipping this turn): if the missing tiles that
        need no flip are affordable now, buy the cheapest to end the game this turn,
        borrowing or revealing a VP card if short."""
        me = table.me
        if not at_max(table, me) or [t for t in unflipped(table, me) if t != table.turn.tile]:
            return None
        useful = "useful_man" in me.servants.available
        fits: list[tuple[int, a.Buy | BuyInto]] = []
        for offer in offers(table):
            tile = table.tile(offer.tile)
            if tile.flips:
                continue
            price = offer.price - (100 if useful and offer.price > 100 else 0)
            if tile.kind == "monument":
                for column in (c for c, n in missing.items() if n):
                    fits.append((price, BuyInto(offer.tile, column, useful_man=useful)))
            elif missing.get(tile.front.category, 0):
                fits.append((price, a.Buy(offer.tile, useful_man=useful)))
        fits.sort(key=lambda f: f[0])
        plan: list[tuple[int, a.Buy | BuyInto]] = []
        left = dict(missing)
        used: set[str] = set()
        for price, action in fits:
            column = getattr(action, "column", None) or table.tile(action.tile).front.category
            if left.get(column, 0) and action.tile not in used:
                plan.append((price, action))
                left[column] -= 1
                used.add(action.tile)
        if any(left.values()):
            return None
        cost = sum(p for p, _ in plan) + 100 * (len(plan) - 1 if useful else 0)
        wheel = table.wheel
        spare = max(0, me.reputation - wheel.steps(wheel.max_level, 1))
        if cost > me.money + 100 * (spare // 2) + 300 * len(me.vp_cards):
            return None
        price, action = plan[0]
        if is_legal(table, action):
            return action
        return self.raise_money(table, price)

    def raise_money(self, table: Table, price: int) -> a.Action | None:
        """Short of money for the tile: reveal a £300 VP card, or borrow while the reputation
        stays at Max (special.borrow)."""
        me = table.me
        short = price - me.money
        if short <= 0:
            return None
        money_cards = [c for c in me.vp_cards
                       if table.catalog.vp_cards[c].favour == "money_300"]
        if money_cards and is_legal(table, a.Reveal(money_cards[0])):
            return a.Reveal(money_cards[0])
        wheel = table.wheel
        spare = me.reputation - wheel.steps(wheel.max_level, 1)
        if at_max(table, me) and short <= 100 * (spare // 2) and is_legal(table, a.Borrow()):
            return a.Borrow()
        return None
