"""The coach's one plan generator: every distinct whole-turn plan of a decision, valued by
determinised playouts and compared by successive halving (ruling.ai-hidden-information).

The hint, the review, the ``search`` player and the explorer's ``value`` column all call
:func:`best_plans`, so at the same position, budget and seed they compare the same plans on the
same samples and name the same best one.

* **The plans** (:func:`candidates`).  At the start of a turn: a pass with rents, a pass hiring
  servants, and the hosting of every tile the engine allows with each of its best parties
  (:data:`PARTIES` per tile, ranked by the heuristic player's value of the position before
  step 7); each of those with no purchase and with each of the heuristic player's best
  purchases (:data:`BUYS`).  Later in the turn the plans are those still open (the tiles at
  ``host``, the parties at ``invite``, the purchases at ``buy``); at any other decision each
  legal action, followed by the heuristic player.  The guests, the servants' service and the
  favours of a plan are the heuristic player's policies; the plan fixes the tile, the party,
  the pass option and the purchase.  A plan ends with the seat's turn.
* **Cheap samples first.**  Every plan is first valued by the heuristic player's value of the
  position it reaches on one sample; the best :attr:`Level.plans` go on, always keeping the best
  plan of every hostable tile and of every pass option (so no tile is left out unseen).
* **Successive halving** over the plans that go on: each round plays every plan left on the
  next samples and drops the worse half, until one is left; each round spends an equal share of
  the level's budget in engine actions.  Sample ``i`` is the same for every plan (the same
  hidden cards, the same dice, the same random choices of the other players): common random
  numbers, so plans are compared on the same luck and their difference has a small error.
* **A playout** plays the plan to the end of the seat's turn, the other seats' turns with the
  heuristic player's quick policies, and stops when the seat's next turn begins (or the game
  ends).  It keeps the seat's estimated final score margin (``opponents.margin``), its
  scoresheet by category, its money and its reputation there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from obsession_nb.data.rules import IllegalAction, did_you_mean
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.scoring import score_player
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.practice.determinise import copy_position, sample
from obsession_nb.practice.opponents import HeuristicPlayer, margin, worth

PARTIES = 8
"""Parties kept per hostable tile (the heuristic player's best by the position they reach)."""
BUYS = 2
"""Purchases tried with every plan (the heuristic player's best), beside buying nothing."""
MIN_SAMPLES = 2
"""Samples every plan that passes the first look is played on, so that its value has a
standard error (the first round of the halving plays each plan once at least)."""
MAX_ACTIONS = 400
"""Actions a playout may take before it is read where it stands."""
TURN_STEPS = 200
"""Actions a plan may take within one turn (a bound, never reached in a real turn)."""
PASS_KINDS = ("rents", "hire")


@dataclass(frozen=True)
class Level:
    """A strength of the coach and of the ``search`` player: its budget in engine actions per
    decision (the playouts' actions; a typical playout takes 25 to 40) and the most plans it
    compares after the cheap first valuation."""

    name: str
    budget: int
    plans: int


LEVELS = {
    "easy": Level("easy", 1_500, 12),
    "normal": Level("normal", 5_000, 40),
    "strong": Level("strong", 20_000, 80),
}
"""The levels, weakest first (docs/command-line.md lists them)."""
DEFAULT_LEVEL = "normal"


def level_named(name: str | Level) -> Level:
    """The level of that name (an error naming the levels if there is none)."""
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level '{name}'; choose from {', '.join(LEVELS)}"
                         + did_you_mean(name, LEVELS)) from None


# ------------------------------------------------------------ plans


@dataclass(frozen=True)
class Plan:
    """A whole-turn plan: a pass (``rents``/``hire``) or the hosting of ``tile`` with ``party``,
    and the purchase of step 7 (``buy``; ``None``: nothing).  A plan of kind ``line`` plays
    ``actions`` first and then the heuristic player's choices (purchases included)."""

    kind: str
    tile: str | None = None
    party: tuple[str, ...] = ()
    buy: a.Action | None = None
    actions: tuple[a.Action, ...] = ()

    @property
    def decides_buy(self) -> bool:
        return self.kind != "line"

    def words(self, table: Table) -> str:
        """The plan as a player says it: the tile, the guests, the pass option, the purchase."""
        if self.kind == "line":
            return "; ".join(x.notation for x in self.actions) or "the heuristic's line"
        if self.kind == "host":
            text = f"host the {table.tile_name(self.tile or '')}"
            if self.party:
                text += " with " + _and([table.card_name(c) for c in self.party])
        elif self.kind == "rents":
            text = "pass and collect rents"
        else:
            text = "pass and hire servants"
        if self.buy is not None:
            text += f", then buy the {table.tile_name(self.buy.tile)}"  # type: ignore[attr-defined]
        elif self.decides_buy:
            text += ", and buy nothing"
        return text


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def plan_of(table: Table, played: Sequence[a.Action]) -> Plan:
    """The plan a played turn followed (its tile, party, pass option and purchase), read from
    its actions; a turn of another shape is a ``line``."""
    kinds = [type(x) for x in played]
    buys = [x for x in played if hasattr(x, "tile") and not isinstance(x, a.Host)
            and type(x).__name__ in ("Buy", "BuyInto")]
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
                action = engine.play_decided(
                    sim, lambda done=done: plan_step(sim, plan, policy, done))
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
    for _ in range(MAX_ACTIONS):
        turn = sim.state.turn
        if turn is None or sim.state.finished or (turn.player == seat and turn.step == "begin"):
            break
        try:
            action = engine.play_decided(sim, lambda: _heuristic(sim, policy, None))
        except IllegalAction:
            break
        if action is None:
            break
        played += 1
    player = sim.state.players[seat]
    return Outcome(margin(sim, seat), sheet(sim, seat), player.money, player.reputation, played)


def sheet(table: Table, seat: int) -> dict[str, float]:
    """The seat's scoresheet as it would stand now, by category (the mode's own sheet where it
    has one; scoring.categories)."""
    own = table.mode.scoresheet(table)
    if own is not None:
        return {k: float(v) for p in own.players if p.seat == seat
                for k, v in p.categories.items()}
    return {k: float(v) for k, v in score_player(table, seat, explain=False).categories.items()}


# ------------------------------------------------------------ the candidates


@dataclass(frozen=True)
class Candidate:
    """A plan and its cheap value: the heuristic player's value of the position it reaches
    before the next turn on one sample."""

    plan: Plan
    cheap: float


def candidates(table: Table, seat: int, rng: random.Random, *, most: int,
               policy: HeuristicPlayer | None = None) -> list[Candidate]:
    """The decision's plans (see the module docstring), best cheap value first: at most
    ``most``, but always the best plan of each hostable tile and of each pass option."""
    policy = policy or HeuristicPlayer(0)
    policy.rng = random.Random(rng.getrandbits(64))
    base = sample(table, seat, rng)
    turn = base.state.turn
    step = turn.step if turn is not None and turn.player == owner(base) else None
    if step in ("begin", "host", "invite", "pass-option", "step2"):
        mains = _mains(base, seat, policy)
        found = [c for main in mains for c in _with_buys(main, seat, policy)]
    elif step == "buy":
        found = [c for c in _with_buys((Plan("line"), copy_position(base)), seat, policy)]
        found = [Candidate(Plan("line", actions=(c.plan.buy or a.Done(),)), c.cheap)
                 for c in found]
    else:
        found = []
        for action in engine.legal_actions(base):
            plan = Plan("line", actions=(action,))
            sim = copy_position(base)
            own_turn(sim, seat, plan, policy, until=("buy",))
            found.append(Candidate(plan, _cheap(sim, seat)))
    return prune(found, most)


def prune(found: list[Candidate], most: int) -> list[Candidate]:
    """The ``most`` best by cheap value, and the best of each tile and pass option besides."""
    ranked = sorted(found, key=lambda c: -c.cheap)
    kept: list[Candidate] = []
    seen: set[tuple[str, str | None]] = set()
    for c in ranked:  # the best of each tile and each pass option
        key = (c.plan.kind, c.plan.tile)
        if c.plan.kind != "line" and key not in seen:
            seen.add(key)
            kept.append(c)
    for c in ranked:
        if len(kept) >= most:
            break
        if c not in kept:
            kept.append(c)
    return sorted(kept, key=lambda c: -c.cheap)


def _cheap(sim: Table, seat: int) -> float:
    return margin(sim, seat)


def _mains(base: Table, seat: int, policy: HeuristicPlayer) -> list[tuple[Plan, Table]]:
    """Each pass option and each (tile, party) still open, played to step 7 on the sample."""
    turn = base.state.turn
    out: list[tuple[Plan, Table]] = []
    if turn.step in ("begin", "pass-option") or (turn.step == "step2" and turn.passing):
        for kind in PASS_KINDS:
            plan = Plan(kind)
            sim = copy_position(base)
            own_turn(sim, seat, plan, policy, until=("buy",))
            if _reached_buy(sim, seat) and (kind == "rents" or _hired(base, sim, seat)):
                out.append((plan, sim))
    if turn.step == "pass-option" or turn.passing:
        return out
    start = copy_position(base)
    if turn.step != "invite":
        own_turn(start, seat, Plan("host"), policy, until=("host",))
        if start.state.turn is None or start.state.turn.step != "host":
            return out
        tiles = [h.tile for h in engine.legal_actions(start, (a.Host,))]
    else:
        tiles = [turn.tile]
    for tile in tiles:
        hosted = copy_position(start)
        if hosted.state.turn.step == "host":
            engine.play_decided(hosted, lambda tile=tile: a.Host(tile))
        parties = []
        for party in _parties(hosted, seat):
            plan = Plan("host", tile, party)
            sim = copy_position(hosted)
            own_turn(sim, seat, plan, policy, until=("buy",))
            if _reached_buy(sim, seat):
                parties.append((worth(sim) if sim.state.turn.player == seat else -math.inf,
                                plan, sim))
        parties.sort(key=lambda r: -r[0])
        out += [(plan, sim) for _v, plan, sim in parties[:PARTIES]]
    return out


def _hired(before: Table, after: Table, seat: int) -> bool:
    """A pass that hired: the hire plan differs from collecting rents only if it hired."""
    return len(after.state.players[seat].servants.all()) > len(
        before.state.players[seat].servants.all())


def _reached_buy(sim: Table, seat: int) -> bool:
    turn = sim.state.turn
    return turn is None or turn.player != seat or turn.step in ("buy", "begin")


PARTY_NODES = 400
"""Positions the search for parties visits at most (the hand's subsets, in card order)."""


def _parties(hosted: Table, seat: int) -> list[tuple[str, ...]]:
    """Every party the engine allows from the seat's hand (each set once, in hand order); one
    empty party if the activity invites nobody."""
    turn = hosted.state.turn
    if turn is None or turn.step != "invite":
        return [()]
    found: list[tuple[str, ...]] = []
    stack: list[tuple[Table, tuple[str, ...], int]] = [(hosted, (), -1)]
    hand = list(hosted.state.players[seat].hand)
    visited = 0
    while stack and visited < PARTY_NODES:
        sim, party, last = stack.pop()
        visited += 1
        invites = {x.card for x in engine.legal_actions(sim, (a.Invite,))}
        if engine.can(sim, a.Done()) and party:
            found.append(party)
        for i in range(len(hand) - 1, last, -1):
            card = hand[i]
            if card in invites and card not in party:
                nxt = copy_position(sim)
                engine.perform(nxt, a.Invite(card))
                if nxt.state.turn is not None and nxt.state.turn.step == "invite":
                    stack.append((nxt, (*party, card), i))
                else:
                    found.append((*party, card))
    return list(dict.fromkeys(found)) or [()]


def _with_buys(main: tuple[Plan, Table], seat: int,
               policy: HeuristicPlayer) -> list[Candidate]:
    """The plan buying nothing and buying each of the heuristic player's best purchases."""
    plan, sim = main
    turn = sim.state.turn
    if turn is None or turn.player != seat or turn.step != "buy":
        return [Candidate(plan, _cheap(sim, seat))]
    out = [Candidate(_buying(plan, None), _cheap(sim, seat))]
    for gain, buy in policy.purchases(sim)[:BUYS]:
        out.append(Candidate(_buying(plan, buy), _cheap(sim, seat) + gain))
    return out


def _buying(plan: Plan, buy: a.Action | None) -> Plan:
    return Plan(plan.kind, plan.tile, plan.party, buy, plan.actions)


# ------------------------------------------------------------ values and the comparison


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
        if self.playouts < 2:  # one sample has no standard error: say so, not "± 0.0"
            return f"{self.mean:+.1f} (1 playout)"
        return f"{self.mean:+.1f} ± {self.stderr:.1f}"


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


@dataclass
class Comparison:
    """The plans of one decision, best first (the first is the plan the coach advises), and the
    samples they were played on, for valuing another line the same way (:meth:`value_line`)."""

    samples: Samples
    ranked: list[Valued]
    budget: int
    spent: int

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
        """Another plan on the samples the best plan was played on (common random numbers)."""
        n = self.best.tally.n if samples is None else samples
        tally = Tally([run(self.samples, plan, i) for i in range(n)])
        return Valued(plan, 0.0, tally)


class Samples:
    """The decision's samples, each dealt once (``determinise.sample`` from a generator named
    by the seed and the sample's number) and copied for every plan played on it."""

    def __init__(self, table: Table, seat: int, seed: str) -> None:
        self.table, self.seat, self.seed = table, seat, seed
        self.dealt: dict[int, Table] = {}

    def copy(self, i: int) -> Table:
        if i not in self.dealt:
            self.dealt[i] = sample(self.table, self.seat, random.Random(f"{self.seed}:sample:{i}"))
        return copy_position(self.dealt[i])


def run(samples: Samples, plan: Plan, i: int) -> Outcome:
    """Play the plan on sample ``i`` of the decision: the same hidden cards, dice and random
    choices of the others for every plan."""
    seed = samples.seed
    sim = samples.copy(i)
    policy = HeuristicPlayer(0)
    policy.rng = random.Random(f"{seed}:policy:{i}")
    return playout(sim, samples.seat, plan, policy)


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
    return halve(table, seat, found, budget=lv.budget, seed=key)


FINAL = 3
"""Plans the last round of the halving compares on the same samples."""
TYPICAL_PLAYOUT = 30
"""Actions a playout is expected to take before the first one is measured."""


def halve(table: Table, seat: int, found: Sequence[Candidate], *, budget: int,
          seed: str) -> Comparison:
    """Successive halving: each round plays the plans left on more samples (an equal share of
    the budget per round) and keeps the better half, until :data:`FINAL` are left; a last round
    plays those on the same samples, and the best mean among them is the best plan."""
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
        for v in alive:
            for i in range(v.tally.n, target):
                outcome = run(samples, v.plan, i)
                v.tally.outcomes.append(outcome)
                spent += outcome.actions
                played += 1
            v.reached = r
        alive.sort(key=lambda v: (-v.tally.mean, -v.cheap))
        if r < rounds - 1:
            alive = alive[:max(FINAL, len(alive) // 2)]
    rest = sorted((v for v in out if v not in alive),
                  key=lambda v: (-v.reached, -v.tally.mean, -v.cheap))
    return Comparison(samples, [*alive, *rest], budget, spent)
