"""The ``search`` opponent and the rollouts the coach and the explorer's ``value`` column share:
determinised Monte Carlo over the engine (ruling.ai-hidden-information).

A *line* is a start of the turn (actions) and a plan for the rest (the heuristic player's: a
tile to host, ``rents`` or ``hire``; ``None``: its policy decides).  :func:`line_values` plays
every line out on the same samples of the position (``determinise.sample``: hidden cards dealt
again, future chance guessed; the same samples for every line, so that they are compared on
the same luck).  A playout plays the line's actions while they are legal in the sample (a card a
real draw showed may not be there), finishes the turn with the heuristic player's policies,
plays the other seats' turns with its quick policies (no turn planning) until the seat's next
turn begins or the game ends, and reads the seat's estimated final score margin there
(``opponents.margin``).  Each line gets the mean margin with its standard error.

:class:`SearchPlayer` chooses so at the start of each of its turns (among the heuristic
player's best plans) and in step 7 (among its best purchases and no purchase); every other
decision is the heuristic player's.  Its budget is ``playouts`` samples per decision, each
playing every candidate line, and at most :data:`ACTIONS_PER_PLAYOUT` engine actions per sample
asked for: a position whose playouts run long gets fewer samples (never fewer than
:data:`MIN_PLAYOUTS`).  The budget counts actions, not seconds, so that a move's time is bounded
and a seeded game is still the same on any machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.practice.determinise import copy_position, sample
from obsession_nb.practice.opponents import HeuristicPlayer, margin

PLAYOUTS = 6
"""Playouts per candidate at the default budget."""
CANDIDATES = 4
"""Turn plans (and purchases) the search compares: the heuristic player's best ones."""
MAX_ACTIONS = 400
"""Actions a playout may take before it is cut short and read where it stands."""
ACTIONS_PER_PLAYOUT = 100
"""The action budget of a decision, per sample asked for: at the default :data:`PLAYOUTS`,
600 engine actions over all its playouts (a typical decision takes about 330)."""
MIN_PLAYOUTS = 2
"""Samples played whatever the budget (when that many are asked for), so that every value has
a standard error."""


@dataclass(frozen=True)
class Line:
    """The start of a turn and the plan for the rest of it."""

    actions: tuple[a.Action, ...]
    plan: str | None = None


@dataclass(frozen=True)
class Estimate:
    """A line's value: the mean estimated final score margin over its playouts."""

    mean: float
    stderr: float
    playouts: int

    def __str__(self) -> str:
        if self.playouts < 2:  # one sample has no standard error: say so, not "± 0.0"
            return f"{self.mean:+.1f} (1 playout)"
        return f"{self.mean:+.1f} ± {self.stderr:.1f}"


def plan_line(plan: str) -> Line:
    """A heuristic turn plan as a line: a pass for ``rents``/``hire``, else an activity."""
    return Line((a.Pass(),) if plan in ("rents", "hire") else (a.Activity(),), plan)


def line_values(table: Table, seat: int, lines: Sequence[Line], *, playouts: int = PLAYOUTS,
                rng: random.Random, budget: int | None = None,
                policy: HeuristicPlayer | None = None) -> list[Estimate]:
    """Each line's mean margin for ``seat`` over ``playouts`` samples, or fewer: a sample is
    played only while the actions spent so far, plus one more sample's worth at their average,
    stay within ``budget`` (default ``ACTIONS_PER_PLAYOUT * playouts``); at least
    :data:`MIN_PLAYOUTS`."""
    policy = policy or HeuristicPlayer(rng.getrandbits(32))
    limit = ACTIONS_PER_PLAYOUT * playouts if budget is None else budget
    scores: list[list[float]] = [[] for _ in lines]
    spent = 0
    for i in range(playouts):
        if i >= MIN_PLAYOUTS and spent + spent / i > limit:
            break
        base = sample(table, seat, rng)
        for k, line in enumerate(lines):
            value, actions = playout(copy_position(base), seat, line, policy)
            scores[k].append(value)
            spent += actions
    return [_estimate(s) for s in scores]


def _estimate(values: list[float]) -> Estimate:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return Estimate(mean, math.sqrt(var / n), n)


def playout(sim: Table, seat: int, line: Line, policy: HeuristicPlayer) -> tuple[float, int]:
    """Play ``line`` on the sample, then on to the seat's next turn; the margin there, and the
    number of actions played."""
    played = 0
    for action in line.actions:
        if not engine.can(sim, action):
            break
        engine.perform(sim, action)
        played += 1
    mine = True
    for _ in range(MAX_ACTIONS):
        turn = sim.state.turn
        if turn is None or sim.state.finished:
            break
        if turn.player != seat:
            mine = False
        elif not mine and turn.step == "begin":
            break
        plan = line.plan if mine else None
        try:
            action = engine.play_decided(sim, lambda plan=plan: quick_step(sim, policy, plan))
        except IllegalAction:
            break
        if action is None:
            break
        played += 1
    return margin(sim, seat), played


def quick_step(table: Table, policy: HeuristicPlayer, plan: str | None) -> a.Action | None:
    """The heuristic player's decision without turn planning: an activity when one can be
    hosted (the plan's tile, else the best by its favours), a teammate's answer by its fallback."""
    turn = table.state.turn
    if table.mode.decision_owner(table) is not None:
        return policy.fallback(engine.legal_actions(table))
    if turn.step == "begin":
        first = a.Pass() if plan in ("rents", "hire") else a.Activity()
        if engine.can(table, first):
            return first
        legal = engine.legal_actions(table)
        return policy.fallback(legal) if legal else None
    if turn.step == "draft":
        legal = engine.legal_actions(table)
        return (policy.step_draft(table, legal) or policy.fallback(legal)) if legal else None
    return policy.decide(table, plan)


class SearchPlayer(HeuristicPlayer):
    """Compares the heuristic player's best turn plans and purchases by determinised rollouts;
    plays the best mean margin."""

    name = "search"

    def __init__(self, seed: int = 0, *, playouts: int = PLAYOUTS, budget: int | None = None,
                 candidates: int = CANDIDATES) -> None:
        super().__init__(seed)
        self.playouts = playouts
        self.budget = budget
        self.candidates = candidates
        self.last: list[tuple[Line, Estimate]] = []
        """The lines compared at the last searched decision, with their values."""

    def choose(self, game: Game) -> a.Action | None:
        table = game.table
        turn = game.state.turn
        if turn is None or table.mode.decision_owner(table) is not None:
            return super().choose(game)
        if turn.step == "begin":
            lines = self.turn_lines(table)
        elif turn.step == "buy":
            lines = self.purchase_lines(table)
        else:
            return super().choose(game)
        if len(lines) < 2:
            return super().choose(game)
        values = line_values(table, turn.player, lines, playouts=self.playouts, rng=self.rng,
                             budget=self.budget, policy=self)
        self.last = list(zip(lines, values, strict=True))
        best = max(range(len(lines)), key=lambda k: (values[k].mean, -k))
        if turn.step == "begin":
            self.plan = lines[best].plan
        return lines[best].actions[0]

    def turn_lines(self, table: Table) -> list[Line]:
        """The heuristic player's best plans for this turn, best first."""
        results, _hosts = self.plan_results(sample(table, table.turn.player, self.rng))
        ranked = sorted(results, key=lambda r: (-r[0], r[1]))[:self.candidates]
        return [plan_line(plan) for _value, plan in ranked
                if engine.can(table, plan_line(plan).actions[0])]

    def purchase_lines(self, table: Table) -> list[Line]:
        """The best purchases of step 7 and no purchase."""
        buys = [Line((buy,)) for _gain, buy in self.purchases(table)[:self.candidates - 1]]
        return [*buys, Line((a.Done(),))] if buys else []
