"""Two solo players for the Solo Estate Challenge: a greedy one that aims at a complete tableau
and Max reputation as early as it can, and a seeded random one (``random_player.RandomPlayer``
with weights for the solo actions).

Both only choose among legal actions; the greedy player asks the engine to verify the few
purchases it considers instead of listing every legal purchase (the market holds some fifty
tiles), which keeps whole games fast enough for the tutorial's Monte Carlo section.
"""

from __future__ import annotations

from collections.abc import Iterable

from obsession_nb import actions as a
from obsession_nb import engine
from obsession_nb.catalog import GentryCard, Tile
from obsession_nb.game import Game
from obsession_nb.modes.solo_market import offers
from obsession_nb.modes.solo_tableau import at_max, needs
from obsession_nb.random_player import RandomPlayer
from obsession_nb.random_player import weight as base_weight
from obsession_nb.rules import IllegalAction
from obsession_nb.table import Table

FAMILIES = ("ponsonby", "york", "cavendish", "asquith", "howard", "wessex")
DRAFT = ("useful_man", "hall_boy", "cook", "head_housemaid", "footman", "valet", "ladys_maid")
HIRE = ("valet", "ladys_maid", "footman", "hall_boy", "cook", "head_housemaid")
SERVANT_TARGET = 9
"""Below this many servants a pass hires rather than collecting rents."""


def _legal(table: Table, action: a.Action) -> bool:
    try:
        engine.verify(table, action)
    except IllegalAction:
        return False
    return True


def guest_value(card: GentryCard) -> float:
    value = card.vp * 0.5
    for f in card.favours:
        if f.kind == "reputation":
            value += 2 * f.amount
        elif f.kind == "money":
            value += f.amount / 100
        elif f.kind in ("invite", "lady", "vp_card"):
            value += 0.5
    if "penalty" in card.traits or "gossip" in card.traits:
        value -= 2
    return value


def tile_value(table: Table, tile: Tile, flipped: bool) -> float:
    face = tile.side(flipped)
    value = 0.0
    for f in face.favours:
        if f.kind == "reputation":
            value += 2 * f.amount
        elif f.kind == "money":
            value += f.amount / 100
        elif f.kind == "invite":
            value += 0.5
    return value


class GreedySolo:
    """Fill the columns cheaply with tiles it can host soon (and monuments), flip every tile by
    hosting it once, then collect money and reputation until Max."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.last_pass = -1
        """The round of the last pass this player chose (it does not pass twice running to
        wait for a tile)."""

    # ------------------------------------------------------------ the decision

    def choose(self, game: Game) -> a.Action | None:
        table = game.table
        turn = game.state.turn
        if turn is None:
            return None
        step = turn.step
        if step == "buy":
            return self.buy(table) or a.Done()
        if step == "invite":
            return self.invite(table)
        if step == "host":
            return self.host(table)
        legal = game.legal_actions()
        if not legal:
            return None
        pick = getattr(self, f"step_{step.replace('-', '_')}", None)
        choice = pick(table, legal) if pick is not None else None
        return choice or self.fallback(legal)

    @staticmethod
    def fallback(legal: list[a.Action]) -> a.Action:
        quiet = [x for x in legal if isinstance(x, a.Done | a.Pass | a.KeepVPCards)]
        plain = [x for x in legal if not isinstance(
            x, a.Borrow | a.Help | a.Reveal | a.RevealHire | a.RevealReclaim | a.DiscardTile
            | a.Place | a.Carriage | a.Kitchen)]
        return (quiet or plain or legal)[0]

    @staticmethod
    def first(legal: Iterable[a.Action], kind: type) -> list:
        return [x for x in legal if isinstance(x, kind)]

    # ------------------------------------------------------------ setup

    def step_draft(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        families = {x.family: x for x in self.first(legal, a.Family)}
        for f in FAMILIES:
            if f in families:
                return families[f]
        drafts = {x.servant: x for x in self.first(legal, a.Draft)}
        return next((drafts[s] for s in DRAFT if s in drafts), None)

    # ------------------------------------------------------------ the turn

    def step_begin(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        me = table.me
        if len(me.hand) < 2 and me.discard:
            return self.pass_now(table)
        return a.Activity()

    def step_step2(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        balls = self.first(legal, a.Ball)
        if balls:
            return max(balls, key=lambda x: (table.card(x.card).rating <= table.level(table.me),
                                             guest_value(table.card(x.card))))
        churches = {x.choice: x for x in self.first(legal, a.Church)}
        if churches:
            return churches["money" if at_max(table, table.me) else "reputation"]
        return a.Done() if a.Done() in legal else None

    def host(self, table: Table) -> a.Action:
        """An unflipped tile first (every tile must be flipped); if none can be hosted but a
        pass would free servants and guests for one, pass; else the flipped tile with the best
        favours (reputation before Max, money after); passing beats hosting the Butler's
        Room, which a pass uses to hire."""
        me = table.me
        level = table.level(me)
        playable = [o for o in me.organiser if table.face(o).playable and o.tile != "butlers-room"]
        fresh = [o for o in playable if table.tile(o.tile).flips and not o.flipped]
        fresh.sort(key=lambda o: -tile_value(table, table.tile(o.tile), False))
        for owned in fresh:
            if _legal(table, a.Host(owned.tile)):
                return a.Host(owned.tile)
        reachable = [o for o in fresh if (table.face(o).prestige or 1) <= level]
        if reachable and self.last_pass != table.state.round - 1:
            return self.pass_now(table)
        top = at_max(table, me)

        def value(owned: object) -> float:
            face = table.face(owned)  # type: ignore[arg-type]
            rep = sum(f.amount for f in face.favours if f.kind == "reputation")
            money = sum(f.amount for f in face.favours if f.kind == "money")
            return money / 100 + (0 if top else 3 * rep)

        for owned in sorted((o for o in playable if o not in fresh), key=lambda o: -value(o)):
            if _legal(table, a.Host(owned.tile)):
                return a.Host(owned.tile)
        return self.pass_now(table)

    def pass_now(self, table: Table) -> a.Action:
        self.last_pass = table.state.round
        return a.Pass()

    def invite(self, table: Table) -> a.Action:
        """The best guest that keeps a full party possible; stop when only poor guests remain
        and the party is already big enough."""
        done = _legal(table, a.Done())
        ranked = sorted(dict.fromkeys(table.me.hand), key=lambda c: -guest_value(table.card(c)))
        for card in ranked:
            if done and guest_value(table.card(card)) <= 0:
                break
            if _legal(table, a.Invite(card)):
                return a.Invite(card)
        if done:
            return a.Done()
        return a.Pass()

    def step_service(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        serves = self.first(legal, a.Serve)
        if serves:
            return serves[0]
        for servant in ("cook", "hall_boy"):
            place = [x for x in self.first(legal, a.Place) if x.servant == servant]
            if place:
                return place[0]
        return a.Done() if a.Done() in legal else None

    def step_favours(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        keeps = self.first(legal, a.Keep)
        if keeps:
            return max(keeps, key=lambda x: guest_value(table.card(x.card)))
        if a.Lady("screen") in legal:
            return a.Lady("screen")
        dismiss = [x for x in self.first(legal, a.Dismiss) if guest_value(table.card(x.card)) < 0]
        if dismiss:
            return min(dismiss, key=lambda x: guest_value(table.card(x.card)))
        hires = {x.servant: x for x in self.first(legal, a.Hire)}
        for kind in HIRE:
            if kind in hires:
                return hires[kind]
        reclaims = self.first(legal, a.Reclaim)
        if reclaims:
            return max(reclaims, key=lambda x: guest_value(table.card(x.card)))
        return a.Done() if a.Done() in legal else None

    def step_pass_option(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        me = table.me
        room = me.owned("butlers-room")
        hire = a.HireServants() in legal
        if hire and ((room is not None and not room.flipped)
                     or len(me.servants.all()) < SERVANT_TARGET - 2):
            return a.HireServants()
        return a.Rents()

    def step_keep_objective(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        return self.first(legal, a.KeepObjective)[0] if legal else None

    # ------------------------------------------------------------ step 7

    def purchase_value(self, table: Table, tile_id: str, price: int) -> float:
        """Cheap first (money is time), monuments (no hosting, a reputation every turn), tiles
        the player can host soon; the rose side's VP only break ties."""
        me = table.me
        tile = table.tile(tile_id)
        level = table.level(me)
        rose = tile.back if tile.back is not None else tile.front
        value = 10.0 - price / 100 + 0.3 * rose.vp
        if tile.kind == "monument":
            value += 3.0
        elif tile.flips:
            value -= 3.0 * max(0, (tile.front.prestige or 1) - level)
        return value

    def buy(self, table: Table) -> a.Action | None:
        me = table.me
        missing = needs(table, me)
        if not any(missing.values()):
            return None
        options: list[tuple[float, a.Action]] = []
        for offer in offers(table):
            tile = table.tile(offer.tile)
            if offer.price > me.money + 100:
                continue
            value = self.purchase_value(table, offer.tile, offer.price)
            if tile.kind == "monument":
                open_columns = [c for c, n in missing.items() if n > 0]
                if not open_columns:
                    continue
                column = max(open_columns, key=lambda c: (missing[c], c))
                options.append((value + 0.5, a.BuyInto(offer.tile, column, useful_man=True)))
                options.append((value, a.BuyInto(offer.tile, column)))
            elif missing.get(tile.front.category, 0) > 0:
                options.append((value + 0.5, a.Buy(offer.tile, useful_man=True)))
                options.append((value, a.Buy(offer.tile)))
        ranked = [action for value, action in sorted(options, key=lambda o: -o[0]) if value > 0]
        for action in ranked:
            if _legal(table, action):
                return action
        return self.raise_money(table, ranked)

    def raise_money(self, table: Table, wanted: list[a.Action]) -> a.Action | None:
        """Short of money for a wanted tile: reveal a £300 VP card, or borrow while the
        reputation stays at Max (special.borrow)."""
        me = table.me
        if not wanted:
            return None
        cheapest = min(offers(table), key=lambda o: o.price if o.tile in {
            getattr(x, "tile", "") for x in wanted} else 10**6)
        short = cheapest.price - me.money
        if short <= 0:
            return None
        money_cards = [c for c in me.vp_cards
                       if table.catalog.vp_cards[c].favour == "money_300"]
        if money_cards and _legal(table, a.Reveal(money_cards[0])):
            return a.Reveal(money_cards[0])
        wheel = table.wheel
        spare = me.reputation - wheel.steps(wheel.max_level, 1)
        if at_max(table, me) and short <= 100 * (spare // 2) and _legal(table, a.Borrow()):
            return a.Borrow()
        return None


class RandomSolo(RandomPlayer):
    """The seeded random player, with the solo actions weighted so that games look like games:
    discarding a tile from the tableau is rare, buying is likely."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, weights=solo_weight)


def solo_weight(action: a.Action) -> float:
    if isinstance(action, a.DiscardTile):
        return 0.05
    if isinstance(action, a.BuyInto):
        return 0.4
    return base_weight(action)
