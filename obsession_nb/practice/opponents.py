"""AI opponents for every game with more than one seat (standard 2–6, team, tableau, duel), in
three strengths with the solo players' interface (``choose(game) -> Action | None``, a seed):

* ``random`` — the seeded random player (``random_player.RandomPlayer``);
* ``heuristic`` — the greedy solo player's ideas, generalised (modes/solo/players/strategy.py): each
  turn it plays its options out on a copy (a pass with rents, a pass with hiring, the hosting of
  every tile the engine allows, each followed by the same small policies for guests, service and
  favours), values the position each reaches before step 7 by :func:`worth` and plays the best;
  in step 7 it buys the tile that raises that value most, if any does;
* ``search`` — the coach's plan generator at a level (practice/search.py; ``strong``: a tree
  search, practice/tree.py).

Every trial line is played on a sample of the position (``determinise.sample``,
ruling.ai-hidden-information), never the position itself, so no choice depends on a card the
seat cannot see.  The value of a position to a seat is the estimated final score margin: the
scoresheet as it would stand now (scoring.categories, or the mode's own sheet), plus what money
and reputation already earned will probably bring, against the best other seat (the best other
team in team play, team.scoring).
"""

from __future__ import annotations

import random

from obsession_nb.engine.game import Game
from obsession_nb.engine.positions.facts import last_round
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.table import Table
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.modes.solo.players.strategy import GreedySolo
from obsession_nb.modes.solo.players.values import favours_value, is_legal
from obsession_nb.modes.team.seating import teams
from obsession_nb.practice.determinise import copy_position, sample
from obsession_nb.practice.scores import Known, seat_totals

MONEY = 0.25
"""VP a spare £100 is worth beyond its wealth points (what it may still buy)."""
REPUTATION_STEP = 0.6
"""VP one reputation step short of the next level is worth, times the level reached."""
TILE_USE = 0.35
"""VP per favour point of a bought tile's front, per eighth of the game still to play."""
BUY_MARGIN = 0.2
"""A purchase must add this much value to be made."""


def margin(table: Table, seat: int, like: Known | None = None) -> float:
    """The seat's estimated final score margin: its value less the best other seat's (in team
    play each team counts its seats' mean); ``like``: a position this one was copied from and
    its seat totals (``scores.seat_totals``)."""
    values = position_values(table, like)
    if table.state.team is not None:
        sides = teams(table.state)
        mine = next(t for t in sides if seat in t)
        means = [sum(values[s] for s in t) / len(t) for t in sides]
        own = sum(values[s] for s in mine) / len(mine)
        rivals = [m for t, m in zip(sides, means, strict=True) if t is not mine]
        return own - max(rivals) if rivals else own  # a position with one team only
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(others) if others else values[seat]


def position_values(table: Table, like: Known | None = None) -> list[float]:
    """Each seat's scoresheet total now, plus the likely worth of its spare money and of the
    reputation steps towards its next level (finished games: the totals only)."""
    points = seat_totals(table, like)
    if table.state.finished:
        return [float(points.get(s, 0)) for s in range(len(table.state.players))]
    wheel = table.wheel
    out = []
    for s, player in enumerate(table.state.players):
        level = wheel.level(player.reputation)
        steps = wheel.position(player.reputation) - 1
        out.append(points.get(s, 0) + MONEY * player.money / 100
                   + REPUTATION_STEP * steps * (level + 1) / 5)
    return out


def worth(table: Table) -> float:
    """What the position is worth to the player whose turn it is (:func:`margin`)."""
    return margin(table, table.turn.player)


class HeuristicPlayer(GreedySolo):
    """The greedy solo player's turn planning with a table's values: plan each turn on a
    sample of the position, value each plan by :func:`worth`, buy what raises it most."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(f"heuristic:{seed}")
        self.considered: list[tuple[float, str]] = []
        """The plans valued at the last start of a turn, with their values."""

    def choose(self, game: Game) -> a.Action | None:
        turn = game.state.turn
        if turn is None:
            return None
        if turn.step == "begin" and game.table.mode.decision_owner(game.table) is None:
            self.plan = self.plan_turn(sample(game.table, turn.player, self.rng))
            action: a.Action = a.Pass() if self.plan in ("rents", "hire") else a.Activity()
            return action if is_legal(game.table, action) else self.fallback(game.legal_actions())
        if game.table.mode.decision_owner(game.table) is not None:  # a teammate answers
            return self.fallback(game.legal_actions())
        return super().choose(game)

    # the greedy player's hooks, with a table's values
    def plan_results(self, table: Table) -> tuple[list[tuple[float, str]], list[str]]:
        results, hosts = super().plan_results(table)
        self.considered = results
        return results, hosts

    def weigh(self, table: Table) -> None:
        """Nothing to weigh: :func:`worth` values money and reputation as points."""

    def value(self, table: Table) -> float:
        return worth(table)

    @staticmethod
    def only_flips_left(table: Table, hosts: list[str]) -> bool:
        return False

    def buy(self, table: Table) -> a.Action | None:
        """Step 7: the purchase that raises :func:`worth` (and the tile's favours to come) most,
        tried on a sample; ``None`` if none is worth its price."""
        ranked = self.purchases(table)
        return ranked[0][1] if ranked else None

    def purchases(self, table: Table) -> list[tuple[float, a.Buy | BuyInto]]:
        """The purchases worth making, best first, each with what it adds, tried on a sample of
        the position (the engine's check again there: the sample may differ)."""
        options = self._offers(table)
        if not options:
            return []
        trial = sample(table, table.turn.player, self.rng)
        with trial.reading():  # one reading: step 7's facts serve every option's check
            allowed = [option for option in options if engine.can(trial, option)]
        return self._ranked(trial, allowed)

    @staticmethod
    def _offers(table: Table) -> list[a.Buy | BuyInto]:
        kinds: tuple[type[a.Buy | BuyInto], ...] = (a.Buy, BuyInto)
        return [x for x in engine.legal_actions(table, kinds, any_time=False) if not x.useful_man]

    @staticmethod
    def _ranked(trial: Table, allowed: list[a.Buy | BuyInto]
                ) -> list[tuple[float, a.Buy | BuyInto]]:
        """Each allowed purchase played on a copy of ``trial``, ranked by what it adds (the
        seats a purchase leaves alone keep their totals on ``trial``)."""
        seat = trial.turn.player
        known = (trial, seat_totals(trial))
        before = margin(trial, seat, known)
        left = max(0, last_round(trial) - trial.state.round) / 8
        ranked = []
        for option in allowed:
            sim = copy_position(trial)  # the same position, so the same check
            engine.perform(sim, option)
            front = trial.tile(option.tile).front
            gain = margin(sim, seat, known) - before + TILE_USE * left * favours_value(front.favours)
            if gain > BUY_MARGIN:
                ranked.append((gain, option))
        ranked.sort(key=lambda r: (-r[0], r[1].notation))
        return ranked


class PlayoutPolicy(HeuristicPlayer):
    """The heuristic player inside a playout or a plan's trial, where the position is already
    a guess (``determinise.sample``): its purchases are tried on copies of that guess, with no
    second re-deal and no second check (the engine allowed them on that very position).  Never
    for a real game's decision: there :class:`HeuristicPlayer` guesses first."""

    def purchases(self, table: Table) -> list[tuple[float, a.Buy | BuyInto]]:
        options = self._offers(table)
        return self._ranked(table, options) if options else []

    def decide(self, table: Table, plan: str | None) -> a.Action | None:
        if table.turn.step == "service":  # the heuristic's choice, without the whole list
            choice = self._service(table)
            if choice is not None:
                return choice
        return super().decide(table, plan)

    @staticmethod
    def _service(table: Table) -> a.Action | None:
        """``step_service``'s choice — the first servant to serve, else a cook or a hall boy
        to place, else done — checking those candidates only, in that order, rather than
        listing every legal action (the same choice: the list keeps the candidates' order;
        what is open at any point of a turn is neither a service nor a placement)."""
        found = engine.candidates(table, any_time=False)
        places = [x for x in found if isinstance(x, a.Place)]
        for group in ([x for x in found if isinstance(x, a.Serve)],
                      [x for x in places if x.servant == "cook"],
                      [x for x in places if x.servant == "hall_boy"], [a.Done()]):
            legal = engine.allowed(table, group) if group else []
            if legal:
                return legal[0]
        return None
