"""The ``planner`` Solo Estate Challenge player: the greedy player's small policies for guests,
service and favours (modes/solo/players/strategy.py), with every choice judged by how the challenge will
probably end — the finishing round and the final score against the target
(modes/solo/players/estimate.py) — instead of by hand-set weights of money and reputation.

Each turn it plays out, on copies, a pass with rents, a pass with hiring and the hosting of
every tile the engine allows, each both with as many good guests as the policy invites and with
the fewest the tile accepts (servants kept for the next turn); it looks one turn further, to
see whether the servants left will allow an activity then (if not, a pass is forced and costs a
round), and keeps the best.  In step 7 it tries the cheapest tiles of each column and every
monument on copies and buys while a purchase improves the outlook (a tie buys: a tile bought
cannot be scavenged).  Only legal actions are played; nothing is random, so a seed gives the
same game every time.
"""

from __future__ import annotations

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.modes.solo.market import offers
from obsession_nb.modes.solo.players.estimate import Pace, outlook
from obsession_nb.modes.solo.players.strategy import GreedySolo
from obsession_nb.modes.solo.players.values import is_legal, trial_copy
from obsession_nb.modes.solo.tableau import needs

CHEAPEST = 3
"""Tiles per column tried in step 7 (the cheapest ones; every monument is tried too)."""
SHORTLIST = 3
"""Plans looked at one turn further (the best by their outlook alone)."""
TIE = 0.01
DEFAULT_PACE = Pace()


class PlannerSolo(GreedySolo):
    """Turn plans and purchases chosen by their outlook (finishing round and final score)."""

    name = "planner"

    def __init__(self, seed: int = 0, pace: Pace = DEFAULT_PACE) -> None:
        super().__init__(seed)
        self.pace = pace
        self.frugal = False
        """This turn's plan invites only the guests the tile requires."""

    def value(self, table: Table) -> float:
        return outlook(table, self.pace).final

    # ------------------------------------------------------------ the turn

    def turn_plans(self, table: Table) -> list[tuple[str, bool, Table]]:
        """Every plan of this turn played out on copies up to step 7: (plan, frugal, the
        position reached) for a pass with rents, a pass with hiring and each tile the engine
        allows, hosted with the policy's guests and with the fewest the tile accepts."""
        results: list[tuple[str, bool, Table]] = []
        for plan in ("rents", "hire"):
            self.frugal = False
            sim = self.simulate(table, a.Pass(), plan)
            if sim is not None:
                results.append((plan, False, sim))
        start = self.simulate(table, a.Activity(), None, until="host")
        if start is not None and start.turn.step == "host":
            for host in engine.legal_actions(start, (a.Host,)):
                for frugal in (False, True):
                    self.frugal = frugal
                    sim = self.simulate(start, host, host.tile)
                    if sim is not None:
                        results.append((host.tile, frugal, sim))
        self.frugal = False
        return results

    def plan_turn(self, table: Table) -> str | None:
        results = [(self.value(sim), plan, frugal, sim)
                   for plan, frugal, sim in self.turn_plans(table)]
        if not results:
            return None
        results.sort(key=lambda r: -r[0])
        looked = [(worth - self.turn_value(sim) * self.forced_pass(sim), plan, frugal)
                  for worth, plan, frugal, sim in results[:SHORTLIST]]
        _worth, plan, self.frugal = max(looked, key=lambda r: r[0])
        return plan

    def turn_value(self, table: Table) -> float:
        """What one more turn before the end costs, in final VP."""
        return self.value(table) - outlook(table, self.pace, extra=1.0).final

    def invite(self, table: Table) -> a.Action:
        if self.frugal and is_legal(table, a.Done()):
            return a.Done()
        return super().invite(table)

    def forced_pass(self, table: Table) -> float:
        """1 if, once this turn ends, no tile can be hosted on the next one (the servants
        left are too few), else 0."""
        turn = table.state.turn  # Table.turn raises once the game is over
        if turn is None or turn.passing or not turn.tile:
            return 0.0
        sim = trial_copy(table)
        sim.automatic = []
        seat = sim.turn.player
        turns = sim.state.players[seat].turns_taken
        try:
            for _ in range(40):
                turn = sim.state.turn
                if sim.state.finished or turn is None:
                    return 0.0
                if sim.state.players[seat].turns_taken > turns and turn.step == "begin":
                    break
                if engine.play_decided(sim, lambda: self._quickest(sim)) is None:
                    return 0.0
            else:
                return 0.0
            if not is_legal(sim, a.Activity()):
                return 1.0
            engine.play(sim, a.Activity())
            hosts = engine.legal_actions(sim, (a.Host,))
        except IllegalAction:
            return 0.0
        return 0.0 if hosts else 1.0

    def _quickest(self, table: Table) -> a.Action | None:
        """The lookahead's choice: ``done`` where it may be taken, else the fallback."""
        if is_legal(table, a.Done()):
            return a.Done()
        legal = engine.legal_actions(table)
        return self.fallback(legal) if legal else None

    # ------------------------------------------------------------ step 7

    def buy(self, table: Table) -> a.Action | None:
        """The purchase that improves the outlook most, if any."""
        best = None
        best_value = outlook(table, self.pace, shopping_done=True).final - TIE
        for action in self.purchase_tries(table):
            sim = trial_copy(table)
            sim.automatic = []
            try:
                engine.play(sim, action)
            except IllegalAction:
                continue
            worth = outlook(sim, self.pace).final
            if worth > best_value:
                best, best_value = action, worth
        return best

    def purchase_tries(self, table: Table) -> list[a.Action]:
        """The purchases worth trying now: the cheapest affordable tiles of each column that
        still needs one, and every affordable monument into each such column (not yet
        checked by the engine)."""
        me = table.me
        missing = needs(table, me)
        if not any(missing.values()):
            return []
        useful = "useful_man" in me.servants.available
        by_column: dict[str, list[tuple[int, str]]] = {}
        tries: list[a.Action] = []
        for offer in offers(table):
            if offer.price > me.money + (100 if useful else 0):
                continue
            tile = table.tile(offer.tile)
            if tile.kind == "monument":
                tries += [BuyInto(offer.tile, c, useful_man=useful)
                          for c, n in missing.items() if n]
            elif missing.get(tile.front.category):
                by_column.setdefault(tile.front.category, []).append((offer.price, offer.tile))
        for column in by_column.values():
            tries += [a.Buy(t, useful_man=useful) for _, t in sorted(column)[:CHEAPEST]]
        return tries
