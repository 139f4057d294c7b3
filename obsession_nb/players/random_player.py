"""A seeded random player: it plays whole games through ``Game.legal_actions()`` only.

It chooses among the legal actions with weights, so that games look like games: special actions
(spending reputation), VP-card reveals and useful-man removals are rare; buying is likely when
possible; the rest is uniform.  The same seed and position give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from obsession_nb.engine.game import Game
from obsession_nb.engine.records import actions as a

RARE = (a.Borrow, a.Help, a.RefreshMarket, a.UsefulManRefresh, a.UsefulManSearch)
REVEALS = (a.Reveal, a.RevealHire, a.RevealReclaim)
TEAM_REQUESTS = ("ask-gift", "ask-servant", "team-guest")
"""Team play's requests and loans (UD p.12), by verb (the players layer sits below the modes):
now and then, so that turns still look like turns."""
TEAM_SPECIALS = ("team-borrow", "team-help")
"""A teammate's special action to fund a gift or refresh a servant: offered only while answering
a request, and then one answer in a few."""


WEIGHTS: dict[str, float] = {
    **dict.fromkeys((kind.verb for kind in RARE), 0.02),
    **dict.fromkeys((kind.verb for kind in REVEALS), 0.05),
    **dict.fromkeys(TEAM_REQUESTS, 0.1), **dict.fromkeys(TEAM_SPECIALS, 0.5), a.Activity.verb: 3.0}
"""The weight of each kind of action by verb (1 for the rest); a purchase weighs 2, or 1 with
the useful man's discount."""


_BY_KIND: dict[type[a.Action], float] = {}
""":data:`WEIGHTS` by kind, filled as kinds are met (a lookup by class, as fast as before the
team kinds moved into their mode's package)."""


def weight(action: a.Action) -> float:
    found = _BY_KIND.get(type(action))  # one lookup for every kind met before but a purchase
    if found is None:
        if type(action) is a.Buy:
            return 2.0 if not action.useful_man else 1.0
        found = _BY_KIND[type(action)] = WEIGHTS.get(action.verb, 1.0)
    return found


class RandomPlayer:
    """Chooses one legal action at random (weighted), from its own seeded generator."""

    def __init__(self, seed: int = 0, weights: Callable[[a.Action], float] = weight) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, game: Game) -> a.Action | None:
        legal = game.legal_actions()
        if not legal:
            return None
        return self.rng.choices(legal, weights=list(map(self.weights, legal)))[0]

    def next_action(self, game: Game) -> a.Action:
        """:meth:`choose`, where the game must go on (``StalledGame`` if nothing is legal)."""
        action = self.choose(game)
        if action is None:
            raise StalledGame(f"no legal action at {game.pending()['prompt']}")
        return action


class StalledGame(RuntimeError):
    """The game did not finish within the action budget."""


def play_out(
    game: Game,
    player: RandomPlayer | None = None,
    *,
    max_actions: int = 20_000,
    after_each: Callable[[Game], None] | None = None,
) -> int:
    """Play until the game is over; returns the number of actions played."""
    player = player or RandomPlayer(game.state.chance.seed)
    played = 0
    while not game.state.finished:
        game.apply(player.next_action(game))
        played += 1
        if after_each is not None:
            after_each(game)
        if played >= max_actions:
            raise StalledGame(f"not finished after {played} actions")
    return played


def play_to_round(game: Game, round_: int, player: RandomPlayer | None = None) -> Game:
    """Play at random to the start of the first turn in round ``round_`` or later (a
    mid-game position for the explorer's checks and benchmarks); returns ``game``."""
    player = player or RandomPlayer(game.state.chance.seed)
    while not game.state.finished:
        turn = game.state.turn
        if turn is not None and turn.step == "begin" and game.state.round >= round_:
            return game
        game.apply(player.next_action(game))
    raise StalledGame(f"the game ended before round {round_}")


def line_to_round(game: Game, round_: int, player: RandomPlayer | None = None) -> list[str]:
    """The actions ``player`` plays from this position to the first turn of round ``round_``,
    as notations (a worked example that a stepper's Next plays); the position is unchanged."""
    point = game.snapshot()
    start = len(game.log)
    try:
        play_to_round(game, round_, player)
        return [e.action for e in game.log[start:] if not e.action.startswith("(")]
    finally:
        game.restore(point)
