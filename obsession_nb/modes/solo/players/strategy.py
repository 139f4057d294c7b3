"""Two solo players for the Solo Estate Challenge: a greedy one that aims at a complete tableau
and Max reputation as early as it can, and a seeded random one (``random_player.RandomPlayer``
with weights for the solo actions).

Both only choose among legal actions.  The greedy player plans each turn by playing it out on a
copy of the position: a pass (with rents or with hiring) and the hosting of every tile the
engine allows, each followed by the same small policies for guests, service and favours; the
position each reaches before step 7 is valued (reputation until Max, money the tableau still
needs, tiles still to flip, guests, servants ready for the next turn) and the best is played.
Purchases are valued the same way (a monument's reputation every turn, a tile's flip and its
favours, VP, price) and checked by the engine one at a time instead of listing every legal
purchase (the market holds some fifty tiles), which keeps whole games fast enough for the
tutorial's Monte Carlo section.
"""

from __future__ import annotations

from collections.abc import Iterable

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.actions import BuyInto, DiscardTile
from obsession_nb.modes.solo.market import STACKS, offers
from obsession_nb.modes.solo.players.shopping import Shopper
from obsession_nb.modes.solo.players.values import (
    DRAFT,
    FAMILIES,
    FINISH,
    FLIP,
    HAND,
    HAND_CAP,
    HIRE,
    LESSER,
    MAX_STEPS,
    MONEY_RATE,
    READY,
    READY_CAP,
    REP,
    REP_RATE,
    SERVANT,
    SPARE_MONEY,
    SPARE_REP,
    VP,
    favours_value,
    guest_value,
    is_legal,
    rep_value,
    trial_copy,
)
from obsession_nb.modes.solo.tableau import at_max, needs, unflipped
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.random_player import weight as base_weight


class GreedySolo(Shopper):
    """Plan each turn by playing the candidates out on a copy of the position; buy the tiles
    that fill the columns best for their price (monuments and the Servants' Hall early, for
    their reputation every turn); flip every tile by hosting it once; end at Max."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rep_weight = REP
        self.money_weight = 1.0
        """The worth of a reputation step and of £100 this turn: the one that limits the
        finish more is worth more (:meth:`weigh`)."""
        self.plan: str | None = None
        """This turn's plan: a tile to host, ``rents`` or ``hire`` (a pass)."""

    # ------------------------------------------------------------ the decision

    def choose(self, game: Game) -> a.Action | None:
        table = game.table
        turn = game.state.turn
        if turn is None:
            return None
        if turn.step == "draft":
            legal = game.legal_actions()
            return self.step_draft(table, legal) or self.fallback(legal)
        if turn.step == "begin":
            self.plan = self.plan_turn(table)
            action: a.Action = a.Pass() if self.plan in ("rents", "hire") else a.Activity()
            return action if is_legal(table, action) else self.fallback(game.legal_actions())
        return self.decide(table, self.plan)

    def decide(self, table: Table, plan: str | None) -> a.Action | None:
        """Every decision after the start of the turn, in play and in the simulated turns."""
        step = table.turn.step
        if step == "buy":
            return self.buy(table) or a.Done()
        if step == "invite":
            return self.invite(table)
        if step == "host":
            if plan not in (None, "rents", "hire") and is_legal(table, a.Host(plan)):
                return a.Host(plan)
            return self.host(table)
        legal = engine.legal_actions(table)
        if not legal:
            return None
        if step == "pass-option":
            return self.step_pass_option(table, legal, plan)
        pick = getattr(self, f"step_{step.replace('-', '_')}", None)
        choice = pick(table, legal) if pick is not None else None
        return choice or self.fallback(legal)

    @staticmethod
    def fallback(legal: list[a.Action]) -> a.Action:
        quiet = [x for x in legal if isinstance(x, a.Done | a.Pass | a.KeepVPCards)]
        plain = [x for x in legal if not isinstance(
            x, a.Borrow | a.Help | a.Reveal | a.RevealHire | a.RevealReclaim | DiscardTile
            | a.Place | a.Carriage | a.Kitchen)]
        return (quiet or plain or legal)[0]

    @staticmethod
    def first(legal: Iterable[a.Action], kind: type[a.SomeAction]) -> list[a.SomeAction]:
        return [x for x in legal if isinstance(x, kind)]

    # ------------------------------------------------------------ planning a turn

    def plan_turn(self, table: Table) -> str | None:
        """Play the turn out on copies: a pass with rents, a pass with hiring, and the hosting
        of every tile the engine allows; keep the plan whose position before step 7 is worth
        most."""
        results, hosts = self.plan_results(table)
        if not results:
            return None
        if self.only_flips_left(table, hosts) and any(r[1] == "rents" for r in results):
            return "rents"
        return max(results, key=lambda r: r[0])[1]

    def plan_results(self, table: Table) -> tuple[list[tuple[float, str]], list[str]]:
        """Every plan of the turn with the value of the position it reaches before step 7, and
        the tiles the engine allows to host."""
        self.weigh(table)
        results: list[tuple[float, str]] = []
        for plan in ("rents", "hire"):
            sim = self.simulate(table, a.Pass(), plan)
            if sim is not None:
                results.append((self.value(sim), plan))
        start = self.simulate(table, a.Activity(), None, until="host")
        hosts: list[str] = []
        if start is not None and start.turn.step == "host":
            for host in engine.legal_actions(start, (a.Host,)):
                sim = self.simulate(start, host, host.tile)
                if sim is not None:
                    results.append((self.value(sim), host.tile))
                    hosts.append(host.tile)
        return results, hosts

    @staticmethod
    def only_flips_left(table: Table, hosts: list[str]) -> bool:
        """At Max with every column full, only flips are left: if no tile still to flip can be
        hosted now, a pass with rents (which refreshes the servants and the hand, where hiring
        would expend the butler) comes first."""
        me = table.me
        left = unflipped(table, me)
        return (bool(left) and at_max(table, me) and not any(needs(table, me).values())
                and not set(left) & set(hosts))

    def simulate(self, table: Table, action: a.Action, plan: str | None,
                 until: str = "buy") -> Table | None:
        sim = trial_copy(table)
        sim.automatic = []
        try:
            engine.play(sim, action)
            for _ in range(MAX_STEPS):
                turn = sim.state.turn
                if turn is None or turn.step in (until, "buy", "begin"):
                    return sim
                if engine.play_decided(sim, lambda: self.decide(sim, plan)) is None:
                    return None
        except IllegalAction:
            return None
        return None

    def money_needed(self, table: Table) -> int:
        """About what the missing tiles will cost: the cheapest ones of each column's stack."""
        missing = needs(table, table.me)
        prices: dict[str, list[int]] = {s: [] for s in STACKS}
        for offer in offers(table):
            if offer.space is not None:  # a stack of the market (the challenge has no reserves)
                prices[STACKS[offer.space]].append(offer.price)
        total = 0
        for column, n in missing.items():
            if n:
                pool = sorted(prices.get(column, []))[:n]
                total += sum(pool) + 1000 * (n - len(pool))
        return total

    def weigh(self, table: Table) -> None:
        """Turns still needed for Max (at the reputation monuments and activities bring) and
        for the money the tableau needs: the scarcer of the two is worth more."""
        me = table.me
        wheel = table.wheel
        top = wheel.steps(wheel.max_level, 1)
        monuments = sum(1 for x in table.abilities(me)
                        if x in ("monument", "suite_monument", "servants_hall"))
        rep_turns = max(0, top - me.reputation) / (REP_RATE + monuments)
        money_turns = max(0, self.money_needed(table) - me.money) / (100 * MONEY_RATE)
        if rep_turns >= money_turns:
            self.rep_weight, self.money_weight = REP, 1.0
        else:
            self.rep_weight, self.money_weight = REP * LESSER, 1.0 / LESSER

    def value(self, table: Table) -> float:
        """What a position before step 7 is worth, in £100s."""
        me = table.me
        wheel = table.wheel
        top = wheel.steps(wheel.max_level, 1)
        v = (self.rep_weight * min(me.reputation, top)
             + SPARE_REP * max(0, me.reputation - top))
        need = self.money_needed(table)
        v += (self.money_weight * min(me.money, need) / 100
              + SPARE_MONEY * max(0, me.money - need) / 100)
        turn = table.turn
        left = [t for t in unflipped(table, me) if t != turn.tile]
        v -= FLIP * len(left)
        if not left and at_max(table, me) and not any(needs(table, me).values()):
            v += FINISH
        cards = [*me.hand, *me.discard, *turn.guests]
        v += VP * sum(table.card(c).vp for c in cards)
        v += VP * sum(table.catalog.vp_cards[c].vp for c in me.vp_cards)
        good = sum(1 for c in me.hand if guest_value(table.card(c)) >= 0)
        v += HAND * min(good, HAND_CAP)
        placed = [p for p in turn.placements if p.target != "removed"]
        v += SERVANT * (len(me.servants.all()) + len(placed))
        ready = len(me.servants.available) + len(me.servants.quarters)
        if turn.passing:
            ready = len(me.servants.available)
        v += READY * min(ready, READY_CAP)
        return v

    # ------------------------------------------------------------ setup

    def step_draft(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        families = {x.family: x for x in self.first(legal, a.Family)}
        for f in FAMILIES:
            if f in families:
                return families[f]
        drafts = {x.servant: x for x in self.first(legal, a.Draft)}
        return next((drafts[s] for s in DRAFT if s in drafts), None)

    # ------------------------------------------------------------ the turn

    def step_step2(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        balls = self.first(legal, va.Ball)
        if balls:
            return max(balls, key=lambda x: (table.card(x.card).rating <= table.level(table.me),
                                             guest_value(table.card(x.card))))
        churches = {x.choice: x for x in self.first(legal, a.Church)}
        if churches:
            return churches["money" if at_max(table, table.me) else "reputation"]
        return a.Done() if a.Done() in legal else None

    def host(self, table: Table) -> a.Action:
        """Without a plan: the legal tile whose favours are worth most (an unflipped one
        first; of equal worths the first in the organiser), else pass.  The tiles are checked
        best first, so the engine searches the parties of those tried only."""
        me = table.me
        rep = rep_value(table)
        ranked: list[tuple[float, int, str]] = []
        for i, owned in enumerate(me.organiser):
            face = table.face(owned)
            if not face.playable:
                continue
            worth = favours_value(face.favours, rep)
            if table.tile(owned.tile).flips and not owned.flipped:
                worth += FLIP
            ranked.append((-worth, i, owned.tile))
        for _, _, tile in sorted(ranked):
            if is_legal(table, a.Host(tile)):
                return a.Host(tile)
        return a.Pass()

    def invite(self, table: Table) -> a.Action:
        """The best guest that keeps a full party possible; stop when only poor guests remain
        and the party is already big enough."""
        done = is_legal(table, a.Done())
        rep = rep_value(table)
        ranked = sorted(dict.fromkeys(table.me.hand),
                        key=lambda c: -guest_value(table.card(c), rep))
        for card in ranked:
            if done and guest_value(table.card(card), rep) <= HAND:
                break
            if is_legal(table, a.Invite(card)):
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
        rep = rep_value(table)
        keeps = self.first(legal, a.Keep)
        if keeps:
            return max(keeps, key=lambda x: guest_value(table.card(x.card), rep))
        if a.Lady("screen") in legal:
            return a.Lady("screen")
        dismiss = [x for x in self.first(legal, a.Dismiss)
                   if guest_value(table.card(x.card), rep) < 0]
        if dismiss:
            return min(dismiss, key=lambda x: guest_value(table.card(x.card), rep))
        hires = {x.servant: x for x in self.first(legal, a.Hire)}
        for kind in HIRE:
            if kind in hires:
                return hires[kind]
        reclaims = self.first(legal, a.Reclaim)
        if reclaims:
            return max(reclaims, key=lambda x: guest_value(table.card(x.card), rep))
        return a.Done() if a.Done() in legal else None

    def step_pass_option(self, table: Table, legal: list[a.Action],
                         plan: str | None = None) -> a.Action | None:
        if plan == "hire" and a.HireServants() in legal:
            return a.HireServants()
        if a.Rents() in legal:
            return a.Rents()
        return None

    def step_keep_objective(self, table: Table, legal: list[a.Action]) -> a.Action | None:
        return self.first(legal, a.KeepObjective)[0] if legal else None

    # ------------------------------------------------------------ step 7


class RandomSolo(RandomPlayer):
    """The seeded random player, with the solo actions weighted so that games look like games:
    discarding a tile from the tableau is rare, buying is likely."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, weights=solo_weight)


def solo_weight(action: a.Action) -> float:
    if isinstance(action, DiscardTile):
        return 0.05
    if isinstance(action, BuyInto):
        return 0.4
    return base_weight(action)
