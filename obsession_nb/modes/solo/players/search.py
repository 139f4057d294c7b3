"""The ``search`` Solo Estate Challenge player: a beam search over whole turns (rules
solo.sec.turn, solo.sec.buying, solo.sec.scavenge, solo.sec.end-conditions,
solo.sec.round-modifiers).

A node of the search is a position at the start of the player's turn.  Its children are whole
turns: every plan the planner considers (modes/solo/players/planner.py: a pass with rents, a pass with
hiring, each tile the engine allows hosted with the policy's guests or with the fewest), each
crossed with several purchase lines in step 7 (none; the greedy player's own purchases; the
planner's; each single tile worth trying; with ``pairs``, each single followed by the greedy's), then
played through the AI's scavenging to the next turn.  The best ``width`` children of each round
are kept, judged by how the challenge will probably end (``estimate.outlook``) or, once it
is over, by the final score against the target.

The search never peeks: it runs on a *sample* of the position (:func:`sample`), a copy whose
source of chance is reseeded from the player's own seed and the round, whose pinned rolls and
tiles are dropped and whose hidden decks are reshuffled, so that the scavenging and the draws it
plays through are guesses, not the game's future.  It plans again at each decision (a receding
horizon): at the start of the turn for the plan, in step 7 for the purchases.

With ``honest=False`` the search runs on the position itself and so sees the real future dice
and decks: ``bench/solo_oracle.py`` uses that as an optimistic bound, not as a player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from obsession_nb.base.cloning import keyer
from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.notation import parse
from obsession_nb.engine.records.state import State
from obsession_nb.engine.scoring import score
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.end import modifier, target
from obsession_nb.modes.solo.players.estimate import outlook
from obsession_nb.modes.solo.players.planner import PlannerSolo
from obsession_nb.modes.solo.players.shopping import Shopper
from obsession_nb.modes.solo.players.strategy import GreedySolo
from obsession_nb.modes.solo.players.values import MAX_STEPS, is_legal, trial_copy
from obsession_nb.modes.solo.records import Solo
from obsession_nb.modes.solo.tableau import at_max, needs, unflipped

HIDDEN_DECKS = ("casual_deck", "prestige_deck", "vp_deck", "objective_deck", "theme_deck")
"""Decks whose order the player does not know: a sample reshuffles them."""
PASSES = ("rents", "hire")
POSITION_KEY = keyer(State)
"""Positions met twice in a search are searched once (equal keys: equal positions)."""
WIDTH = 1
"""Positions kept per round by the playing search."""
HORIZON = 1
"""Turns the playing search looks ahead (the one being chosen included): a wider or deeper
search (2 and 2) cost 3-5 times the CPU for about the same games (bench/RESULTS.md)."""


@dataclass(frozen=True)
class Move:
    """One whole turn: the plan (a tile to host, ``rents`` or ``hire``), whether the party is
    frugal (only the guests the tile requires) and the purchases of step 7, by notation."""

    plan: str | None
    frugal: bool
    buys: tuple[str, ...]


@dataclass(frozen=True)
class Marks:
    """When a line reached each part of the goal (rounds) and how many of its turns were
    passes, for the bound's analysis."""

    max_reputation: int | None = None
    columns_full: int | None = None
    all_flipped: int | None = None
    passes: int = 0

    def after(self, table: Table, played: int, passed: bool) -> Marks:
        """These marks once the turn of round ``played`` has led to ``table``."""
        me = table.state.players[0]
        full = not any(needs(table, me).values())
        return Marks(
            self.max_reputation or (played if at_max(table, me) else None),
            self.columns_full or (played if full else None),
            self.all_flipped or (played if full and not unflipped(table, me) else None),
            self.passes + passed)


@dataclass
class Node:
    table: Table
    first: Move | None
    """The root's move that leads here (what the playing search plays)."""
    worth: float
    line: tuple[Move, ...] = ()
    marks: Marks = field(default_factory=Marks)


def sample(table: Table, seed: int) -> Table:
    """A copy of the position whose future chance is a guess: the d20 and the draws reseeded
    with ``seed``, pinned results dropped, hidden decks reshuffled (their order sorted first, so
    the real order cannot leak)."""
    copy = trial_copy(table)
    copy.automatic = []
    chance = copy.state.chance
    chance.seed, chance.draws = seed, 0
    chance.next_rolls, chance.next_tiles = [], []
    rng = random.Random(f"sample:{seed}")
    supply = copy.state.supply
    for name in HIDDEN_DECKS:
        deck = sorted(getattr(supply, name))
        rng.shuffle(deck)
        setattr(supply, name, deck)
    return copy


class SearchSolo(PlannerSolo):
    """Choose each turn's plan and purchases by a beam search over whole turns played on a
    sampled copy of the position (never the real dice)."""

    name = "search"

    def __init__(self, seed: int = 0, *, width: int = WIDTH, horizon: int | None = HORIZON,
                 honest: bool = True, evaluation: str = "outlook", pairs: bool = False,
                 rollouts: int = 0) -> None:
        super().__init__(seed)
        self.width = width
        self.horizon = horizon
        self.honest = honest
        self.evaluation = evaluation
        self.pairs = pairs
        """Also try each single purchase followed by the greedy player's."""
        self.rollouts = rollouts
        """Children per round (the best by their outlook) judged instead by the final score
        the greedy player reaches from them; 0: none."""
        self.played_out: list[Node] = []
        """The finished lines of those playouts (the bound counts them: they are lines too)."""
        self.shopping: list[str] | None = None
        """This turn's purchases still to make (``None``: not chosen yet)."""

    # ------------------------------------------------------------ judging

    def worth(self, table: Table) -> float:
        """A position at the start of a turn: the final score against the target if the
        challenge is over, else its outlook (or the greedy player's value)."""
        if table.state.finished:
            # the scorepad and the round modifier, as solo.solo_result adds them up
            # (solo.sec.scoring, solo.sec.round-modifiers); an unfinished challenge is lost
            solo = Solo.of(table.state.solo)
            if solo is None or solo.finished_round is None:
                return -1000.0
            _goal, at = target(table)
            return float(score(table).players[0].total + modifier(solo.finished_round, at))
        if self.evaluation == "greedy":
            self.weigh(table)
            return super(PlannerSolo, self).value(table)
        return outlook(table, self.pace, this_turn_done=False).final

    # ------------------------------------------------------------ the moves

    def purchase_lines(self, table: Table) -> list[tuple[tuple[str, ...], Table]]:
        """From step 7: the positions after each purchase line and Done, played through the AI's
        scavenging to the next turn (or the end); lines that reach the same position are one."""
        lines: list[tuple[str, ...]] = [()]
        lines.append(self.shop(table, (), Shopper.buy))
        lines.append(self.shop(table, (), PlannerSolo.buy))
        for action in self.purchase_tries(table):
            if is_legal(table, action):
                lines.append((action.notation,))
                if self.pairs:
                    lines.append(self.shop(table, (action.notation,), Shopper.buy))
        seen: set[tuple[Any, ...]] = set()
        out = []
        for line in dict.fromkeys(lines):
            end = self.finish_turn(table, line)
            if end is None:
                continue
            key = POSITION_KEY(end.state)
            if key not in seen:
                seen.add(key)
                out.append((line, end))
        return out

    def shop(self, table: Table, start: tuple[str, ...],
             policy: Callable[[SearchSolo, Table], a.Action | None]) -> tuple[str, ...]:
        """``start`` then the purchases ``policy`` (a ``buy`` method) makes, by notation."""
        sim = trial_copy(table)
        sim.automatic = []
        line = list(start)
        try:
            for notation in start:
                engine.play(sim, parse(notation))
            for _ in range(12):
                action = engine.play_decided(sim, lambda: self._purchase(sim, policy))
                if action is None:
                    break
                line.append(action.notation)
        except IllegalAction:
            pass
        return tuple(line)

    def _purchase(self, sim: Table,
                  policy: Callable[[SearchSolo, Table], a.Action | None]) -> a.Action | None:
        """``policy``'s purchase while step 7 lasts, else ``None``."""
        action = policy(self, sim)
        turn = sim.state.turn  # Table.turn raises once the game is over
        if action is None or turn is None or turn.step != "buy":
            return None
        return action

    def finish_turn(self, table: Table, line: Iterable[str]) -> Table | None:
        """Play the purchases, end step 7 and play on to the next turn's start (or the end)."""
        sim = trial_copy(table)
        sim.automatic = []
        try:
            for notation in line:
                engine.play(sim, parse(notation))
        except IllegalAction:
            return None
        return self.simulate(sim, a.Done(), None, until="begin")

    def turns(self, table: Table) -> list[tuple[Move, Table]]:
        """Every whole turn from the start of a turn: the plans crossed with the purchase
        lines."""
        out = []
        for plan, frugal, at_buy in self.turn_plans(table):
            turn = at_buy.state.turn  # Table.turn raises once the game is over
            if turn is None or turn.step != "buy":
                continue
            for buys, end in self.purchase_lines(at_buy):
                out.append((Move(plan, frugal, buys), end))
        return out

    # ------------------------------------------------------------ the search

    def beam(self, nodes: list[Node], rounds: int | None) -> tuple[list[Node], list[Node]]:
        """Expand the positions turn by turn, keeping the best ``width`` of each round, for
        ``rounds`` more turns (``None``: to the end).  Returns (finished lines, the last
        positions kept)."""
        finished: list[Node] = [n for n in nodes if n.table.state.finished]
        nodes = [n for n in nodes if not n.table.state.finished]
        nodes = sorted(nodes, key=lambda n: -n.worth)[:self.width]
        done = 0
        while nodes and (rounds is None or done < rounds):
            children: list[Node] = []
            seen: set[tuple[Any, ...]] = set()
            for node in nodes:
                played = node.table.state.round
                for move, end in self.turns(node.table):
                    key = POSITION_KEY(end.state)
                    if key in seen:
                        continue
                    seen.add(key)
                    child = Node(end, node.first or move, self.worth(end), (*node.line, move),
                                 node.marks.after(end, played, move.plan in PASSES))
                    (finished if end.state.finished else children).append(child)
            children.sort(key=lambda n: -n.worth)
            if self.rollouts:
                children = sorted((self.play_out(n) for n in children[:self.rollouts]),
                                  key=lambda n: -n.worth)
            nodes = children[:self.width]
            done += 1
        return finished, nodes

    def play_out(self, node: Node) -> Node:
        """The node judged by the final score the greedy player reaches from it (on the same
        copy's chance); the finished line is kept in :attr:`played_out`."""
        sim = trial_copy(node.table)
        sim.automatic = []
        game = Game(sim)
        player = GreedySolo(self.seed)
        marks = node.marks
        passed: bool | None = None
        for _ in range(20 * MAX_STEPS):
            if sim.state.finished:
                break
            turn = sim.state.turn
            begin = turn is not None and turn.step == "begin"
            if begin and passed is not None:
                marks = marks.after(sim, sim.state.round - 1, passed)
            action = engine.play_decided(sim, lambda: player.choose(game))
            if action is None:
                break
            if begin:
                passed = isinstance(action, a.Pass)
        worth = self.worth(sim)
        if sim.state.finished:
            solo = Solo.of(sim.state.solo)
            end = solo.finished_round if solo is not None and solo.finished_round else 0
            self.played_out.append(Node(sim, node.first, worth, node.line,
                                        marks.after(sim, end, bool(passed))))
        return Node(node.table, node.first, worth, node.line, node.marks)

    def root(self, table: Table) -> Table:
        if not self.honest:
            copy = trial_copy(table)
            copy.automatic = []
            return copy
        state = table.state
        step = state.turn.step if state.turn is not None else ""
        seed = random.Random(f"search:{self.seed}:{state.round}:{step}").getrandbits(32)
        return sample(table, seed)

    def best(self, roots: list[Node]) -> Node | None:
        rest = None if self.horizon is None else self.horizon - 1
        finished, frontier = self.beam(roots, rest)
        pool = finished + frontier
        return max(pool, key=lambda n: n.worth) if pool else None

    # ------------------------------------------------------------ playing

    def plan_turn(self, table: Table) -> str | None:
        """The first turn of the best line from a sample of this position (the planner's
        choice, on a sample too, if no whole turn could be played out)."""
        self.shopping = None
        roots = [Node(end, move, self.worth(end), (move,))
                 for move, end in self.turns(self.root(table))]
        node = self.best(roots)
        if node is None or node.first is None:
            return super().plan_turn(self.root(table))
        self.frugal = node.first.frugal
        return node.first.plan

    def buy(self, table: Table) -> a.Action | None:
        """Step 7: the purchases of the best line from a sample of this position, one at a
        time (each checked by the engine; a refused one ends the shopping)."""
        if self.shopping is None:
            roots = [Node(end, Move(self.plan, self.frugal, line), self.worth(end),
                          (Move(self.plan, self.frugal, line),))
                     for line, end in self.purchase_lines(self.root(table))]
            node = self.best(roots)
            self.shopping = list(node.first.buys) if node is not None and node.first else []
        while self.shopping:
            action = parse(self.shopping.pop(0))
            if is_legal(table, action):
                return action
            self.shopping = []
        return None

    def choose(self, game: Game) -> a.Action | None:
        if game.state.turn is not None and game.state.turn.step == "begin":
            self.shopping = None
        return super().choose(game)
