"""The first-player pawn over a whole game (tutorial 03; rules ud.first-player-counterclockwise,
option.first-player-rotation): play a game out with the seeded random player and tabulate each
player's place in every season's turn order, with the pawn's passes as the engine ruled them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from obsession_nb.engine.game import Game, load_scenario, new_game
from obsession_nb.engine.records.options import Options, Rotation
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import run

if TYPE_CHECKING:
    import pandas as pd

PASS_RULE = "ud.first-player-counterclockwise"
NAMES = ("Purple", "Second", "Third", "Fourth", "Fifth", "Sixth")


@dataclass
class SeasonOrder:
    """A game played out: ``places`` (players by season, 1 = first to play) and ``passes``
    (the verdict of each pass of the pawn)."""

    rotation: str
    places: pd.DataFrame
    passes: list[str]

    def print_passes(self) -> None:
        """Print each pass of the first-player pawn, as ruled."""
        print(f"{self.rotation}:")
        for verdict in self.passes:
            print("  ", verdict)


def season_order(game: Game, seed: int = 11) -> SeasonOrder:
    """Play ``game`` to its end with the random player of ``seed``; each player's place in each
    season's turn order (counted from the first player at setup)."""
    import pandas as pd

    first, n = game.state.first_player, len(game.state.players)
    names = [p.name for p in game.state.players]
    _actions, recorder = run(game, RandomPlayer(seed))
    places = pd.DataFrame({f"season {i + 1}": [order.index((seat - first) % n) + 1
                                               for seat in range(n)]
                           for i, order in enumerate(recorder.by_season(game))}, index=names)
    passes = [r["verdict"] for e in game.log for r in e.rulings if r["rule"] == PASS_RULE]
    return SeasonOrder(game.state.options.first_player_rotation, places, passes)


def scenario_season_order(scenario: str, rotation: Rotation, seed: int = 11) -> SeasonOrder:
    """:func:`season_order` of a scenario file, played with the pawn passing ``rotation``."""
    game = load_scenario(scenario)
    game.state.options.first_player_rotation = rotation
    return season_order(game, seed)


def new_season_order(players: int, rotation: Rotation, first: int = 0, seed: int = 5
                     ) -> SeasonOrder:
    """:func:`season_order` of a new game of ``players`` (named Purple, Second, ...) with the pawn
    starting at seat ``first`` (0: Purple) and passing ``rotation``."""
    game = new_game(players, seed=seed, names=list(NAMES[:players]), first_player=first,
                    options=Options(first_player_rotation=rotation))
    return season_order(game)


def side_by_side(orders: dict[str, SeasonOrder]) -> pd.DataFrame:
    """Several season orders in one table, under the given headings."""
    import pandas as pd

    return pd.concat({title: o.places for title, o in orders.items()}, axis=1)


def play_until(game: Game, *, round: int, seat: int, seed: int = 11) -> RandomPlayer:
    """Let the random player of ``seed`` play until ``seat``'s turn begins in ``round``
    (``ValueError`` if the game ends first); the player, to play on as it would have."""
    player = RandomPlayer(seed)
    while not (game.state.round == round and game.pending()["player"] == seat
               and game.pending()["step"] == "begin"):
        if game.state.finished:
            raise ValueError(f"the game ended before round {round}, seat {seat}")
        game.apply(player.next_action(game))
    return player
