"""Simulated games: set up, let the seeded random player play to the end, score.

``simulate(players, seed)`` is what ``obsession-nb simulate`` runs.  The turn order of each
season is observed from the turns actually taken, with seats numbered clockwise from the first
player's seat (seat 0 holds the first-player pawn at setup).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.facts import season_of
from obsession_nb.engine.positions.option_index import options_with
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import Scoresheet, score
from obsession_nb.players.random_player import RandomPlayer, StalledGame


@dataclass
class Simulation:
    game: Game
    """The finished game; its log holds the actions and automatic steps, without their rulings
    unless ``simulate(..., explain=True)`` (``Game.explain``)."""
    seed: int
    actions: int
    seconds: float
    first_player: int
    turn_order_by_season: list[list[int]]
    """Per season, the seats in the order they took their turns (relative to the first player)."""
    scoresheet: Scoresheet

    def to_json(self) -> dict[str, Any]:
        state = self.game.state
        return {
            "players": len(state.players),
            "seed": self.seed,
            "options": state.options.model_dump(mode="json"),
            "actions": self.actions,
            "first_player": self.first_player,
            "scores": self.scoresheet.to_json(),
            "winners": [state.players[s].name for s in self.scoresheet.winners],
            "turn_order_by_season": self.turn_order_by_season,
            **_mode_json(self.game),
        }


def _mode_json(game: Game) -> dict[str, Any]:
    """The mode's own results (Tableau Obsession's end, the teams' sheet) and the milestone
    claims, if any."""
    state = game.state
    out = game.table.mode.result_json(game.table)
    if state.milestones is not None:
        out["milestones"] = {
            "cards": list(state.milestones.cards),
            "claims": [{**c.model_dump(), "player": state.players[c.seat].name}
                       for c in state.milestones.claims]}
    return out


class TurnOrderRecorder:
    """Watches a game and notes, for every round, the seats in the order their turns begin."""

    def __init__(self, game: Game) -> None:
        self.first = game.state.first_player
        self.rounds: dict[int, list[int]] = {}

    def observe(self, game: Game) -> None:
        turn = game.state.turn
        if turn is None or turn.step != "begin":
            return
        seats = self.rounds.setdefault(game.state.round, [])
        if turn.player not in seats:
            seats.append(turn.player)

    def by_season(self, game: Game) -> list[list[int]]:
        """The order of each season's first round, relative to the first player at setup."""
        n = len(game.state.players)
        seasons: dict[int, list[int]] = {}
        for round_number in sorted(self.rounds):
            season = season_of(game.table, round_number)
            if season not in seasons:
                seasons[season] = [(s - self.first) % n for s in self.rounds[round_number]]
        return [seasons[s] for s in sorted(seasons)]


MAX_ACTIONS = 20_000
"""More actions than any finished game takes: a game still going is stalled."""


def play_to_end(game: Game, choose: Callable[[Game], Action | None],
                max_actions: int = MAX_ACTIONS,
                observe: Callable[[Game], None] | None = None) -> int:
    """Play ``game`` to its end, each decision by ``choose`` (``observe`` sees each position
    first); the number of actions.  ``StalledGame`` when no action is legal or the game does not
    end."""
    played = 0
    while not game.state.finished:
        if observe is not None:
            observe(game)
        action = choose(game)
        if action is None:
            raise StalledGame(f"no legal action at {game.pending()['prompt']}")
        game.apply(action)
        played += 1
        if played >= max_actions:
            raise StalledGame(f"not finished after {played} actions")
    return played


def run(game: Game, player: RandomPlayer,
        max_actions: int = MAX_ACTIONS) -> tuple[int, TurnOrderRecorder]:
    """Play ``game`` to its end with ``player``; returns the actions played and the turn order."""
    recorder = TurnOrderRecorder(game)
    return play_to_end(game, player.choose, max_actions, recorder.observe), recorder


def simulate(
    players: int,
    seed: int = 0,
    *,
    extended: bool = False,
    expansion: bool = True,
    rotation: str = "counterclockwise",
    low_vp_monuments: bool = False,
    mode: str = "standard",
    milestones: list[str] | str | None = None,
    settings: Sequence[str] = (),
    explain: bool = False,
) -> Simulation:
    """``settings``: more options as ``name=value`` (``courtship=closed``; option_index.py).
    ``explain``: write every ruling into the game's log (``Game.explain``); a simulation is
    played for its result, so by default its log keeps the actions and automatic steps only."""
    options = options_with(settings, Options.model_validate({  # the names checked here
        "expansion": expansion, "length": "extended" if extended else "standard",
        "first_player_rotation": rotation, "low_vp_monuments": low_vp_monuments,
        "mode": mode, "milestones": milestones}))
    start = time.perf_counter()
    game = new_game(players, seed=seed, options=options)
    game.explain = explain
    first = game.state.first_player
    played, recorder = run(game, RandomPlayer(seed))
    return Simulation(
        game=game,
        seed=seed,
        actions=played,
        seconds=time.perf_counter() - start,
        first_player=first,
        turn_order_by_season=recorder.by_season(game),
        scoresheet=score(game),
    )
