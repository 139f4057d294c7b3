"""The ``search`` opponent: at the start of each of its turns it compares every whole-turn plan
with the coach's plan generator (``plans.best_plans``, ruling.ai-hidden-information) and plays
the best one to the end of the turn: its tile, its party, its pass option and its purchase; the
service and the favours are the heuristic player's.  Every other decision (setup, a teammate's
answer) is the heuristic player's, but for one: where the game ends as soon as someone reaches
Max (``Mode.sudden_end``, Tableau Obsession and its Duel), it chooses the family board that
starts furthest up the reputation wheel (:func:`race_family`).

Its strength is a level (``plans.LEVELS``: ``easy``, ``normal``, ``strong``), a budget in
engine actions per turn rather than in seconds, so that a seeded game is the same on any
machine; ``strong`` ranks the plans by an information-set tree search over the seat's next turns
too (``practice.tree``).  The comparison at a turn is seeded by the player's seed and the position
(:func:`decision_seed`), so the coach's hint at the same position, level and seed names the
same plan.
"""

from __future__ import annotations

from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.plans import DEFAULT_LEVEL, Comparison, Level, best_plans, level_named
from obsession_nb.practice.turn_plan import Plan, plan_step


def decision_seed(seed: int | str, table: Table) -> str:
    """The seed of the comparison at a decision: the player's (or the coach's) seed and where
    the game stands (round, seat, its turns taken, step), read from the position alone, so
    that the review of a turn finds it again from its snapshot and a position loaded from a
    file gives the same comparison."""
    state = table.state
    turn = state.turn
    if turn is None:
        return f"{seed}:end"
    return (f"{seed}:{state.round}:{turn.player}:{state.players[turn.player].turns_taken}:"
            f"{turn.step}:{len(turn.guests)}:{turn.purchases}")


def race_family(table: Table, legal: list[a.Action]) -> a.Family | None:
    """In a race to Max (``Mode.sudden_end``, tableau.end) the family board among ``legal`` whose
    reputation marker starts furthest along (Cavendish: position 4, setup.family.cavendish);
    ``None`` when no board offered starts ahead of another (the heuristic's order decides).

    Measured (bench/RESULTS.md, 3-player Tableau): with every AI choosing boards in the solo
    order, the first player, who chooses last, was left Cavendish and won 71 % of 125 games."""
    if not table.mode.sudden_end:
        return None
    boards = [x for x in legal if isinstance(x, a.Family)]
    start = {x.family: table.catalog.families[x.family].start_position for x in boards}
    if len(set(start.values())) < 2:
        return None
    return max(boards, key=lambda x: start[x.family])


class SearchPlayer(HeuristicPlayer):
    """Plays, at each of its turns, the best plan the plan generator finds at its level."""

    name = "search"

    def __init__(self, seed: int = 0, *, level: str | Level = DEFAULT_LEVEL) -> None:
        super().__init__(seed)
        self.level = level_named(level)
        self.current: Plan | None = None
        """The plan of the turn under way."""
        self.last: Comparison | None = None
        """The comparison made at the start of the last turn."""

    def choose(self, game: Game) -> a.Action | None:
        table = game.table
        turn = game.state.turn
        if turn is None or table.mode.decision_owner(table) is not None:
            return super().choose(game)
        if turn.step == "begin":
            self.last = best_plans(table, turn.player, level=self.level,
                                   seed=decision_seed(self.seed, table))
            self.current = self.last.best.plan
        elif turn.step == "draft":
            return race_family(table, game.legal_actions()) or super().choose(game)
        elif self.current is None:
            return super().choose(game)
        return plan_step(table, self.current, self)
