"""The ``strong`` level's information-set search: determinised UCT over whole turns with
progressive widening (ISMCTS, after Cowling, Powley and Whitehouse 2012; ruling.ai-hidden-
information).

* **The root** is the decision's plans from the shared plan generator (``practice.candidates``),
  so the hint, the review and the explorer compare the same plans as the ``search`` player.
  Every plan is first played once, on sample 0; the plans then enter the search in that first
  look's order, ``PW_C * sqrt(visits)`` of them at a time (progressive widening), and UCB1 picks
  which one to play next.  The ``j``-th playout of every plan is on sample ``j`` (the same hidden
  cards, dice and random choices of the others: common random numbers), so two plans' values
  are compared sample by sample.
* **Below the root** a playout goes on past the seat's next turn: each later turn of the seat
  (``depth - 1`` of them) is a node of the tree, whose options are the heuristic player's quick
  turns with a plan (each tile the engine allows it to host there, a pass with rents, a pass
  hiring), the heuristic player's own choice first; UCB1 over the options available in that
  sample (availability counts) picks one, widened progressively as well.  The other seats play
  the heuristic player's quick policies.  A playout is read where the seat's turn after the
  last searched one begins (or where the game ends): its estimated final score margin.  In a
  mode whose game may end after any turn (``Mode.sudden_end``: Tableau Obsession ends when a
  turn ends at Max, tableau.end) an estimate that far ahead misses the race, so every seat then
  plays on with the heuristic player's quick policies to the end of the game, and the playout
  is read there: its final score margin.  The first look at each plan is then the cheap one,
  read at the seat's next turn: it orders the plans' entry into the search, taken in turns with
  the order of the reputation that look reached (so the plans that climb fastest are searched
  early), and it is the value only of a plan the search never played.
* **Only the seat's information set** is searched: every playout starts from a re-deal of what
  the seat cannot see (``determinise.Samples``), never the position itself.
* **The budget** is in engine actions, as the other levels': the search stops once its playouts
  have taken that many, or earlier once the rest of the budget could no longer change the plan
  it ranks first (:func:`settled`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.practice.determinise import MIN_SAMPLES, Samples, copy_position
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.turn_plan import (
    PASS_KINDS,
    Outcome,
    Plan,
    others,
    outcome,
    own_turn,
    playout,
    sample_policy,
    to_the_end,
)

PW_C = 2.0
"""Root plans in the search: ``PW_C * sqrt(playouts so far)`` (at least :data:`FINAL`)."""
SUB_PW_C = 1.0
"""Options of a later turn in the search: ``SUB_PW_C * sqrt(visits of that turn)``."""
UCB_C = 0.7
"""The exploration constant of UCB1, in units of the playouts' spread of margins."""
FINAL = 3
"""Root plans always in the search once every plan had its first look."""
SETTLED = 6
"""Samples a decision's only plan is played on (its value's standard error) before the search
stops."""


@dataclass
class Edge:
    """An option of a later turn (a tile, ``rents`` or ``hire``): its playouts' margins, how
    often it was available, the turn it leads to."""

    option: str
    n: int = 0
    total: float = 0.0
    available: int = 0
    node: Node = field(default_factory=lambda: Node())

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0


@dataclass
class Node:
    """A later turn of the seat along a line, as the seat knows it: its options' statistics."""

    visits: int = 0
    options: dict[str, Edge] = field(default_factory=dict)


@dataclass
class Line:
    """A root plan under search: its playouts in sample order, its subtree, and its first look
    (what orders the plans' entry into the search)."""

    plan: Plan
    cheap: float
    outcomes: list[Outcome] = field(default_factory=list)
    node: Node = field(default_factory=Node)
    first: Outcome | None = None
    _mean: tuple[int, float] = field(default=(0, 0.0), init=False, repr=False, compare=False)
    """:attr:`mean` as worked out for the first so many outcomes (the search reads it for
    every line of its pool at every playout)."""

    @property
    def mean(self) -> float:
        n = len(self.outcomes)
        if not n:  # never searched: its first look
            return self.first.margin if self.first is not None else -math.inf
        if self._mean[0] != n:
            self._mean = (n, sum(o.margin for o in self.outcomes) / n)
        return self._mean[1]


class Tree:
    """The search of one decision: its samples, how many of the seat's turns a playout
    searches (``depth``), and the spread of margins the exploration is scaled by."""

    def __init__(self, samples: Samples, depth: int) -> None:
        self.samples, self.depth = samples, depth
        self.margins: list[float] = []
        self._scale = (0, 1.0)
        """:attr:`scale` as worked out for the first so many margins."""
        self.to_end = samples.table.mode.sudden_end
        """Playouts go on to the end of the game (a race to end it, ``Mode.sudden_end``)."""

    def glance(self, line: Line) -> Outcome:
        """The line's first look, on sample 0: the playout itself, or where the game races to
        an end, a cheap one read at the seat's next turn (:func:`turn_plan.playout`)."""
        if self.to_end:
            line.first = playout(self.samples.copy(0), self.samples.seat, line.plan,
                                 sample_policy(self.samples.seed, 0))
        else:
            line.first = self.visit(line)
        return line.first

    def entry(self, lines: Sequence[Line]) -> list[Line]:
        """The order the plans enter the search: by their first look's margin; where the game
        races to an end, that order taken in turns with the racers' (the reputation the first
        look reaches, then its margin), so the plans that climb fastest are searched early even
        when a purchase's points make another plan look better two turns ahead (tableau.end)."""
        by_margin = sorted(lines, key=lambda x: (-x.mean, -x.cheap))
        if not self.to_end:
            return by_margin
        by_race = sorted(lines, key=lambda x: (-_reached(x), -x.mean, -x.cheap))
        order: dict[int, Line] = {}
        for pair in zip(by_margin, by_race, strict=True):
            for line in pair:
                order.setdefault(id(line), line)
        return list(order.values())

    @property
    def scale(self) -> float:
        """The spread of the playouts' margins so far (1 VP before there is one), worked out
        once per playout (every choice of a playout's turns reads it)."""
        xs = self.margins
        if len(xs) < 2:
            return 1.0
        if self._scale[0] != len(xs):
            mean = sum(xs) / len(xs)
            self._scale = (len(xs), max(0.5, math.sqrt(sum((x - mean) ** 2 for x in xs)
                                                       / (len(xs) - 1))))
        return self._scale[1]

    def visit(self, line: Line) -> Outcome:
        """One playout of the line, on its next sample, down its subtree."""
        i = len(line.outcomes)
        seat = self.samples.seat
        sim = self.samples.copy(i)
        policy = sample_policy(self.samples.seed, i)
        played = own_turn(sim, seat, line.plan, policy)
        played += others(sim, seat, policy)
        path: list[Edge] = []
        node = line.node
        for _ in range(self.depth - 1):
            options = self.options(sim, seat, policy)
            if not options:
                break
            edge = self.select(node, options)
            path.append(edge)
            played += own_turn(sim, seat, Plan("follow", edge.option), policy)
            played += others(sim, seat, policy)
            node = edge.node
        if sim.mode.sudden_end:
            played += to_the_end(sim, policy)
        result = outcome(sim, seat, played)
        for edge in path:
            edge.n += 1
            edge.total += result.margin
        line.outcomes.append(result)
        self.margins.append(result.margin)
        return result

    @staticmethod
    def options(sim: Table, seat: int, policy: HeuristicPlayer) -> list[str]:
        """The seat's options at the start of its turn on this sample, the heuristic player's
        own choice first: each tile the engine allows it to host, a pass with rents or hiring
        (none once the game is over or the turn is not the seat's)."""
        turn = sim.state.turn
        if turn is None or sim.state.finished or turn.player != seat or turn.step != "begin":
            return []
        tiles: list[str] = []
        if engine.can(sim, a.Activity()):
            start = copy_position(sim)
            own_turn(start, seat, Plan("host"), policy, until=("host",))
            if start.state.turn is not None and start.state.turn.step == "host":
                with start.reading():  # the listing's facts serve the heuristic's checks
                    tiles = [h.tile for h in engine.legal_actions(start, (a.Host,),
                                                                  any_time=False)]
                    first = policy.host(start)
                if isinstance(first, a.Host) and first.tile in tiles:
                    tiles.remove(first.tile)
                    tiles.insert(0, first.tile)
        passes = list(PASS_KINDS) if engine.can(sim, a.Pass()) else []
        return [*tiles, *passes]

    def select(self, node: Node, options: Sequence[str]) -> Edge:
        """UCB1 over the options available here, the first ``SUB_PW_C * sqrt(visits)`` of them;
        an option never tried first."""
        node.visits += 1
        allowed = options[:max(1, math.ceil(SUB_PW_C * math.sqrt(node.visits)))]
        edges = []
        for key in allowed:
            edge = node.options.setdefault(key, Edge(key))
            edge.available += 1
            edges.append(edge)
        fresh = [e for e in edges if e.n == 0]
        if fresh:
            return fresh[0]
        c = UCB_C * self.scale
        return max(edges, key=lambda e: e.mean + c * math.sqrt(math.log(e.available) / e.n))

    def fresh(self, plan: Plan, n: int) -> list[Outcome]:
        """Another plan on the first ``n`` samples, with its own subtree (the review's and the
        explorer's lines the search did not compare)."""
        line = Line(plan, 0.0)
        for _ in range(n):
            self.visit(line)
        return line.outcomes


def _reached(line: Line) -> int:
    """The reputation the line's first look reached."""
    return line.first.reputation if line.first is not None else -1


def search(tree: Tree, plans: Sequence[tuple[Plan, float]], budget: int) -> tuple[
        list[Line], int]:
    """The root's plans searched within ``budget`` engine actions, in the plans' order: the
    lines (the best first, :func:`ranking`) and the actions spent.  The search stops early
    once the rest of the budget could not change its best line (:func:`settled`)."""
    lines = [Line(plan, cheap) for plan, cheap in plans]
    spent = 0
    for line in lines:  # the first look: every plan on sample 0
        spent += tree.glance(line).actions
    order = tree.entry(lines)
    total = len(lines)
    shortest = min(x.first.actions for x in lines if x.first is not None)
    while spent < budget and not settled(lines, budget - spent, shortest):
        wide = max(FINAL, math.ceil(PW_C * math.sqrt(total)))
        pool = order[:wide]
        short = [x for x in pool if len(x.outcomes) < MIN_SAMPLES]
        if short:
            pick = short[0]
        else:
            c = UCB_C * tree.scale
            log = math.log(total)
            pick = max(pool, key=lambda x: x.mean + c * math.sqrt(log / len(x.outcomes)))
        played = tree.visit(pick).actions
        spent += played
        shortest = min(shortest, played)
        total += 1
    for line in lines:  # a plan the search never played: its first look
        if not line.outcomes and line.first is not None:
            line.outcomes.append(line.first)
    return ranking(lines), spent


def ranking(lines: Sequence[Line]) -> list[Line]:
    """The lines best first: the best mean among the lines played on at least half as many
    samples as the most played one (and on :data:`MIN_SAMPLES`), then the others by mean."""
    most = max(len(x.outcomes) for x in lines)
    floor = max(MIN_SAMPLES, most // 2)
    return sorted(lines, key=lambda x: (len(x.outcomes) >= floor, x.mean, x.cheap),
                  reverse=True)


def settled(lines: Sequence[Line], left: int, shortest: int) -> bool:
    """The rest of the budget (``left`` actions, at most ``left / shortest`` playouts, the
    shortest playout so far taking ``shortest`` actions) could not change the best line: it is
    the only line played on half as many samples as the most played one, and no other line
    could reach half of its samples with every playout left (:func:`ranking` picks among
    those only).  A decision with one plan settles once that plan has been played on
    :data:`SETTLED` samples."""
    most = max(lines, key=lambda x: len(x.outcomes))
    if len(most.outcomes) < SETTLED:
        return False
    more = -(-left // max(1, shortest))  # playouts left at most: ceil(left / shortest)
    half = len(most.outcomes) // 2
    return all(len(x.outcomes) + more < half for x in lines if x is not most)
