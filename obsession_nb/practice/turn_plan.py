"""A whole-turn plan of the coach (``practice.plans``): what it fixes, how a player says it, and
how it is played (ruling.ai-hidden-information).

The plan fixes the tile, the party, the pass option and the purchase; the guests, the servants'
service and the favours are the heuristic player's policies.  A plan ends with the seat's turn.
A **playout** plays the plan to the end of the seat's turn, the other seats' turns with the
heuristic player's quick policies, and stops when the seat's next turn begins (or the game ends).
It keeps the seat's estimated final score margin (``opponents.margin``), its scoresheet by
category, its money and its reputation there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.naming import Named
from obsession_nb.engine.records.state import Turn
from obsession_nb.engine.scoring import score_player
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.practice.opponents import HeuristicPlayer, PlayoutPolicy, margin
from obsession_nb.practice.scores import seat_line
from obsession_nb.practice.speech import ENGLISH, Speech

MAX_ACTIONS = 400
"""Actions a playout may take before it is read where it stands."""
GAME_ACTIONS = 2_000
"""Actions a playout to the end of the game may take before it is read where it stands."""
TURN_STEPS = 200
"""Actions a plan may take within one turn (a bound, never reached in a real turn)."""
PASS_KINDS = ("rents", "hire")


@dataclass(frozen=True)
class Plan:
    """A whole-turn plan: a pass (``rents``/``hire``) or the hosting of ``tile`` with ``party``,
    and the purchase of step 7 (``buy``; ``None``: nothing).  A plan of kind ``line`` plays
    ``actions`` first and then the heuristic player's choices (purchases included); a plan of
    kind ``follow`` is the heuristic player's quick turn with ``tile`` as its plan (a tile to
    host, ``rents`` or ``hire``): the option the search tries at the seat's later turns."""

    kind: str
    tile: str | None = None
    party: tuple[str, ...] = ()
    buy: a.Buy | BuyInto | None = None
    actions: tuple[a.Action, ...] = ()

    @property
    def decides_buy(self) -> bool:
        return self.kind != "line"

    def words(self, position: Named, speech: Speech = ENGLISH) -> str:
        """The plan as a player says it (in ``speech`` 's language) at ``position`` (a game):
        the tile, the guests, the pass option, the purchase."""
        return speech.plan(self, position)


def plan_of(table: Table, played: Sequence[a.Action]) -> Plan:
    """The plan a played turn followed (its tile, party, pass option and purchase), read from
    its actions; a turn of another shape is a ``line``."""
    kinds = [type(x) for x in played]
    buys = [x for x in played if isinstance(x, (a.Buy, BuyInto))]
    buy = buys[0] if len(buys) == 1 else None
    if len(buys) > 1:
        return Plan("line", actions=tuple(played))
    if a.Activity in kinds:
        hosts = [x for x in played if isinstance(x, a.Host)]
        if len(hosts) == 1:
            party = tuple(x.card for x in played if isinstance(x, a.Invite))
            return Plan("host", hosts[0].tile, party, buy)
    elif a.Pass in kinds:
        if a.HireServants in kinds:
            return Plan("hire", buy=buy)
        if a.Rents in kinds:
            return Plan("rents", buy=buy)
    return Plan("line", actions=tuple(played))


def same_plan(one: Plan, other: Plan) -> bool:
    """The same plan: the same tile, the same party (in any order), the same purchase."""
    if one.kind == "line" or other.kind == "line":
        return one == other
    return (one.kind, one.tile, sorted(one.party), one.buy) == (
        other.kind, other.tile, sorted(other.party), other.buy)


# ------------------------------------------------------------ playing a plan


def owner(table: Table) -> int | None:
    """The seat that decides now: a teammate answering a request, else the active player."""
    turn = table.state.turn
    if turn is None:
        return None
    answering = table.mode.decision_owner(table)
    return turn.player if answering is None else answering


def plan_step(table: Table, plan: Plan, policy: HeuristicPlayer,
              done: int = 0) -> a.Action | None:
    """The plan's choice at the seat's pending decision (``done``: how many of a ``line``'s
    actions were played already); the heuristic player's where the plan says nothing."""
    turn = table.turn
    if plan.kind == "follow":
        return _heuristic(table, policy, plan.tile)
    if plan.kind == "line":
        if done < len(plan.actions) and engine.can(table, plan.actions[done]):
            return plan.actions[done]
        return _heuristic(table, policy, None)
    if table.mode.decision_owner(table) is not None:
        return _heuristic(table, policy, None)
    step = turn.step
    if step == "begin":
        first = a.Activity() if plan.kind == "host" else a.Pass()
        if engine.can(table, first):
            return first
    elif step == "host" and plan.tile and engine.can(table, a.Host(plan.tile)):
        return a.Host(plan.tile)
    elif step == "invite":
        for card in plan.party:
            if card not in turn.guests and engine.can(table, a.Invite(card)):
                return a.Invite(card)
        if engine.can(table, a.Done()):
            return a.Done()
    elif step == "pass-option":
        option = a.HireServants() if plan.kind == "hire" else a.Rents()
        if engine.can(table, option):
            return option
    elif step == "buy":
        if plan.buy is not None and not turn.purchases and engine.can(table, plan.buy):
            return plan.buy
        if engine.can(table, a.Done()):
            return a.Done()
    return _heuristic(table, policy, plan.tile if plan.kind == "host" else plan.kind)


def _heuristic(table: Table, policy: HeuristicPlayer, plan: str | None) -> a.Action | None:
    """The heuristic player's quick choice (no turn planning; a teammate's answer by its
    fallback)."""
    turn = table.turn
    if table.mode.decision_owner(table) is not None:
        legal = engine.legal_actions(table)
        return policy.fallback(legal) if legal else None
    if turn.step == "begin":
        first = a.Pass() if plan in PASS_KINDS else a.Activity()
        if engine.can(table, first):
            return first
        legal = engine.legal_actions(table)
        return policy.fallback(legal) if legal else None
    if turn.step == "draft":
        legal = engine.legal_actions(table)
        return (policy.step_draft(table, legal) or policy.fallback(legal)) if legal else None
    return policy.decide(table, plan)


def own_turn(sim: Table, seat: int, plan: Plan, policy: HeuristicPlayer,
             until: Iterable[str] = (), apply: Callable[[a.Action], object] | None = None) -> int:
    """Play the plan on ``sim`` to the end of the seat's turn (or to a step of ``until``); the
    number of actions played (``apply``: how to play an action, e.g. a game's ``apply`` to keep
    its log; by default the engine's, reading no rulings)."""
    stop = set(until)
    played = done = 0
    for _ in range(TURN_STEPS):
        turn = sim.state.turn
        if (turn is None or sim.state.finished or owner(sim) != seat
                or turn.step in stop or (played and turn.step == "begin")):
            break
        try:
            if apply is None:
                action = engine.play_decided(sim, partial(plan_step, sim, plan, policy, done))
            else:
                action = plan_step(sim, plan, policy, done)
                if action is not None:
                    apply(action)
        except IllegalAction:
            break
        if action is None:
            break
        if plan.kind == "line" and done < len(plan.actions) and action == plan.actions[done]:
            done += 1
        played += 1
    return played


@dataclass(frozen=True)
class Outcome:
    """Where one playout of a plan ended, for the seat: the estimated final score margin, the
    scoresheet by category, money and reputation there, and the actions the playout took."""

    margin: float
    sheet: dict[str, float]
    money: int
    reputation: int
    actions: int


def playout(sim: Table, seat: int, plan: Plan, policy: HeuristicPlayer) -> Outcome:
    """The plan to the end of the seat's turn, then the other seats until its next turn."""
    played = own_turn(sim, seat, plan, policy)
    played += others(sim, seat, policy)
    return outcome(sim, seat, played)


def others(sim: Table, seat: int, policy: HeuristicPlayer) -> int:
    """The other seats' turns with the heuristic player's quick policies (and the seat's
    answers to them), until the seat's next turn begins or the game ends; the actions played."""
    return _quick(sim, policy, lambda turn: turn.player == seat and turn.step == "begin",
                  MAX_ACTIONS)


def to_the_end(sim: Table, policy: HeuristicPlayer, *, planned: bool = False) -> int:
    """Every seat's turns with the heuristic player's quick policies until the game ends; the
    actions played (``planned``: each turn planned first, :func:`_quick`)."""
    return _quick(sim, policy, lambda turn: False, GAME_ACTIONS, planned)


def _quick(sim: Table, policy: HeuristicPlayer, stop: Callable[[Turn], bool], most: int,
           planned: bool = False) -> int:
    """Play the heuristic player's quick choices for whoever decides, until ``stop`` says so
    at a decision or the game ends (``most`` actions at most); the actions played.

    ``planned``: at the start of each turn the policy plans it as the heuristic player does in
    a game (``plan_turn``: a pass with rents, with hiring, each hostable tile, played out on
    copies and valued), and the turn follows that plan; without, a turn hosts the tile whose
    favours are worth most whenever it can.  The quick turns race to Max about two rounds
    slower than the heuristic players do (10.3 against 10.4 rounds planned, 12.9 quick, in
    3-player Tableau games of three such players: bench/RESULTS.md); the search's playouts
    are quick all the same (planned ones took 4x the CPU for no measured gain, bench/race.py)."""
    played = 0
    plan: str | None = None
    for _ in range(most):
        turn = sim.state.turn
        if turn is None or sim.state.finished or stop(turn):
            break
        if planned and turn.step == "begin" and sim.mode.decision_owner(sim) is None:
            plan = policy.plan_turn(sim)
        try:
            action = engine.play_decided(sim, partial(_heuristic, sim, policy, plan))
        except IllegalAction:
            break
        if action is None:
            break
        played += 1
    return played


def outcome(sim: Table, seat: int, played: int) -> Outcome:
    """Where a playout of ``played`` actions ended, for the seat."""
    player = sim.state.players[seat]
    return Outcome(margin(sim, seat), sheet(sim, seat), player.money, player.reputation, played)


def sample_policy(seed: str, i: int) -> PlayoutPolicy:
    """The heuristic player that plays every line on sample ``i`` of a decision: the same
    random choices for every plan played there (common random numbers)."""
    policy = PlayoutPolicy(0)
    policy.rng = random.Random(f"{seed}:policy:{i}")
    return policy


def sheet(table: Table, seat: int) -> dict[str, float]:
    """The seat's scoresheet as it would stand now, by category (the mode's own sheet where it
    has one; scoring.categories): its line as the margin remembered it (``scores.seat_line``)
    where the sheet is scored seat by seat."""
    line = seat_line(table, seat)
    if line is not None:
        return {k: float(v) for k, v in line.categories.items()}
    own = table.mode.scoresheet(table)
    if own is not None:
        return {k: float(v) for p in own.players if p.seat == seat
                for k, v in p.categories.items()}
    return {k: float(v) for k, v in score_player(table, seat, explain=False).categories.items()}
