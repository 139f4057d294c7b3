"""The coach's one plan generator: every distinct whole-turn plan of a decision, valued by
determinised playouts and compared by successive halving (ruling.ai-hidden-information).

The hint, the review, the ``search`` player and the explorer's ``value`` column all call
:func:`best_plans`, so at the same position, budget and seed they compare the same plans on the
same samples and name the same best one.

* **The plans** and their cheap first value: ``practice.candidates``; a plan and its playout:
  ``practice.turn_plan``.  The best :attr:`Level.plans` go on to the halving.
* **Successive halving** over the plans that go on: each round plays every plan left on the
  next samples and drops the worse half, until three are left; each round spends an equal share
  of the level's budget in engine actions, a ceiling: the halving stops early once the best
  plan leads every other still compared by a clear margin.  Sample ``i`` is the same for every
  plan (the same hidden cards, the same dice, the same random choices of the other players):
  common random numbers, so plans are compared on the same luck and their difference has a
  small error.
* **The tree search** of the ``strong`` level (:attr:`Level.depth` above 1) ranks the same
  plans by determinised UCT instead (``practice.tree``), its playouts choosing the seat's later
  turns as well; a line it did not compare is valued by the same search (:meth:`value_line`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from obsession_nb.data.rules import did_you_mean
from obsession_nb.engine.table import Table
from obsession_nb.practice.candidates import Candidate, candidates
from obsession_nb.practice.determinise import MIN_SAMPLES, Samples
from obsession_nb.practice.speech import ENGLISH
from obsession_nb.practice.tree import Tree, search
from obsession_nb.practice.turn_plan import Outcome, Plan, playout, same_plan, sample_policy


@dataclass(frozen=True)
class Level:
    """A strength of the coach and of the ``search`` player: its budget in engine actions per
    decision (the playouts' actions; a typical playout to the seat's next turn takes 25 to 40),
    the most plans it compares after the cheap first valuation, and how many of the seat's turns
    a playout searches: 1, the plans compared by successive halving (:func:`halve`), each
    played to the seat's next turn; more, the information-set search of ``practice.tree``,
    whose playouts choose the seat's next ``depth - 1`` turns too."""

    name: str
    budget: int
    plans: int
    depth: int = 1


LEVELS = {
    "easy": Level("easy", 1_500, 12),
    "normal": Level("normal", 3_500, 40),
    "strong": Level("strong", 20_000, 80, depth=2),
}
"""The levels, weakest first (docs/command-line.md lists them): ``easy`` and ``normal`` compare
the plans by successive halving, ``strong`` searches a tree of the seat's next turns."""
DEFAULT_LEVEL = "normal"


def level_help() -> str:
    """The levels and their budgets in a sentence (the practice table's level menu)."""
    return "; ".join(f"{lv.name}: {lv.budget:,} engine actions a decision, " + (
        f"a tree search over {lv.depth} of your turns" if lv.depth > 1 else
        "plans compared by successive halving") for lv in LEVELS.values())


def level_named(name: str | Level) -> Level:
    """The level of that name (an error naming the levels if there is none)."""
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level '{name}'; choose from {', '.join(LEVELS)}"
                         + did_you_mean(name, LEVELS)) from None



@dataclass
class Tally:
    """A plan's outcomes, sample by sample (``outcomes[i]`` was played on sample ``i``)."""

    outcomes: list[Outcome] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.outcomes)

    @property
    def mean(self) -> float:
        return sum(o.margin for o in self.outcomes) / self.n

    @property
    def stderr(self) -> float:
        return _stderr([o.margin for o in self.outcomes])

    def average(self, read: Callable[[Outcome], float]) -> float:
        return sum(read(o) for o in self.outcomes) / self.n

    def lead(self, other: Tally) -> tuple[float, float, int]:
        """This tally less ``other`` on the samples both were played on, paired sample by
        sample (the luck both met cancels): the mean difference, its standard error and the
        number of samples."""
        n = min(self.n, other.n)
        diffs = [self.outcomes[i].margin - other.outcomes[i].margin for i in range(n)]
        return (sum(diffs) / n if n else 0.0), _stderr(diffs), n


def _stderr(values: list[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


@dataclass(frozen=True)
class Estimate:
    """A plan's value: the mean estimated final score margin over its playouts, with its
    standard error."""

    mean: float
    stderr: float
    playouts: int

    def __str__(self) -> str:
        return ENGLISH.value(self)


@dataclass
class Valued:
    """A plan with its tally and the round of the halving it reached."""

    plan: Plan
    cheap: float
    tally: Tally
    reached: int = 0

    @property
    def estimate(self) -> Estimate:
        return Estimate(self.tally.mean, self.tally.stderr, self.tally.n)


TREE_LINE = 48
"""Samples the tree search values another line on at most (its best plan may have hundreds)."""


@dataclass
class Comparison:
    """The plans of one decision, best first (the first is the plan the coach advises), and the
    samples they were played on, for valuing another line the same way (:meth:`value_line`)."""

    samples: Samples
    ranked: list[Valued]
    budget: int
    spent: int
    tree: Tree | None = None
    """The information-set search that ranked the plans (the ``strong`` level), which values
    another line the same way."""

    @property
    def table(self) -> Table:
        return self.samples.table

    @property
    def seat(self) -> int:
        return self.samples.seat

    @property
    def best(self) -> Valued:
        return self.ranked[0]

    def find(self, plan: Plan) -> Valued | None:
        return next((v for v in self.ranked if same_plan(v.plan, plan)), None)

    def value_line(self, plan: Plan, samples: int | None = None) -> Valued:
        """Another plan on the samples the best plan was played on (common random numbers);
        the playouts the comparison already made of that very plan are not played again (a
        playout on sample ``i`` always ends the same).  After the tree search, a plan is valued
        on the first :data:`TREE_LINE` samples at most, by the same search."""
        n = self.best.tally.n if samples is None else samples
        if self.tree is not None:
            return Valued(plan, 0.0, Tally(self.tree.fresh(plan, min(n, TREE_LINE))))
        known = next((v.tally.outcomes[:n] for v in self.ranked if v.plan == plan), [])
        tally = Tally([*known, *(run(self.samples, plan, i) for i in range(len(known), n))])
        return Valued(plan, 0.0, tally)


def run(samples: Samples, plan: Plan, i: int) -> Outcome:
    """Play the plan on sample ``i`` of the decision: the same hidden cards, dice and random
    choices of the others for every plan."""
    return playout(samples.copy(i), samples.seat, plan, sample_policy(samples.seed, i))


def best_plans(table: Table, seat: int, *, level: str | Level = DEFAULT_LEVEL,
               seed: int | str = 0, extra: Sequence[Plan] = ()) -> Comparison:
    """The decision's plans compared by successive halving within the level's budget, best
    first (``extra``: plans to compare besides the generated ones).  The same position, level
    and seed always give the same comparison."""
    lv = level_named(level)
    key = f"plans:{seed}"
    found = candidates(table, seat, random.Random(f"{key}:candidates"), most=lv.plans)
    for plan in extra:
        if not any(same_plan(c.plan, plan) for c in found):
            found.append(Candidate(plan, -math.inf))
    if lv.depth > 1:
        return searched(table, seat, found, budget=lv.budget, seed=key, depth=lv.depth)
    return halve(table, seat, found, budget=lv.budget, seed=key)


def searched(table: Table, seat: int, found: Sequence[Candidate], *, budget: int, seed: str,
             depth: int) -> Comparison:
    """The plans ranked by the information-set search (``practice.tree``)."""
    if not found:
        raise ValueError("no plan to compare: nothing to decide")
    samples = Samples(table, seat, seed)
    tree = Tree(samples, depth)
    lines, spent = search(tree, [(c.plan, c.cheap) for c in found], budget)
    ranked = [Valued(x.plan, x.cheap, Tally(x.outcomes)) for x in lines]
    return Comparison(samples, ranked, budget, spent, tree)


FINAL = 3
"""Plans the last round of the halving compares on the same samples."""
TYPICAL_PLAYOUT = 30
"""Actions a playout is expected to take before the first one is measured."""
CLEAR = 2.0
"""Standard errors by which the best plan must lead every plan still compared for the
halving to stop before its budget is spent (the coach's "too close to call" is the same
bound, ``advice.CLOSE``)."""
CLEAR_AFTER = 6
"""Samples the plans still compared must have been played on before a lead counts as clear
(fewer give too rough a standard error)."""


def clear_lead(alive: Sequence[Valued]) -> bool:
    """The best mean leads every other plan by more than :data:`CLEAR` standard errors of
    the paired difference."""
    top = max(alive, key=lambda v: v.tally.mean)
    return all(d > CLEAR * e for d, e, _n in (top.tally.lead(v.tally) for v in alive
                                              if v is not top))


def halve(table: Table, seat: int, found: Sequence[Candidate], *, budget: int,
          seed: str) -> Comparison:
    """Successive halving: each round plays the plans left on more samples (an equal share of
    the budget per round) and keeps the better half, until :data:`FINAL` are left; a last round
    plays those on the same samples, and the best mean among them is the best plan.  It stops
    early, with budget to spare, once the best plan still compared leads all the others by a
    clear margin (:data:`CLEAR` standard errors on :data:`CLEAR_AFTER` samples or more)."""
    samples = Samples(table, seat, seed)
    alive = [Valued(c.plan, c.cheap, Tally()) for c in found]
    if not alive:
        raise ValueError("no plan to compare: nothing to decide")
    out = list(alive)
    rounds, left = 1, len(alive)
    while left > FINAL:
        rounds, left = rounds + 1, max(FINAL, left // 2)
    spent = played = 0
    for r in range(rounds):
        per = spent / played if played else TYPICAL_PLAYOUT
        share = (budget - spent) / (rounds - r) / len(alive)
        start = max(v.tally.n for v in alive)
        floor = 1 if r == 0 and rounds > 1 else MIN_SAMPLES  # a first, cheap look
        target = max(floor, start + 1, start + int(share / per))
        clear = False
        for i in range(start, target):  # sample by sample, so that a clear lead stops it
            for v in alive:
                outcome = run(samples, v.plan, i)
                v.tally.outcomes.append(outcome)
                spent += outcome.actions
                played += 1
            clear = i + 1 >= CLEAR_AFTER and len(alive) > 1 and clear_lead(alive)
            if clear:
                break
        for v in alive:
            v.reached = r
        alive.sort(key=lambda v: (-v.tally.mean, -v.cheap))
        if clear:
            break
        if r < rounds - 1:
            alive = alive[:max(FINAL, len(alive) // 2)]
    rest = sorted((v for v in out if v not in alive),
                  key=lambda v: (-v.reached, -v.tally.mean, -v.cheap))
    return Comparison(samples, [*alive, *rest], budget, spent)
