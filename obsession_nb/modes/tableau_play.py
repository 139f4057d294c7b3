"""Playing Tableau Obsession from a notebook or a test: a new game, the servant draft played at
random, passing a turn, playing on to a round, the Duel's reputation VP table (UD p.15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from obsession_nb import actions as a
from obsession_nb.game import Game, new_game
from obsession_nb.random_player import RandomPlayer
from obsession_nb.reputation import Wheel
from obsession_nb.scoring import triangular
from obsession_nb.state import LogEntry, Options

if TYPE_CHECKING:
    import pandas as pd

PASSING = (a.Pass(), a.Rents(), a.Done())
TUTORIAL_RULES = ("tableau.", "option.", "milestone.", "ruling.tableau", "ruling.milestone")
"""The rule ids notebook 07 prints by default."""


def new_tableau_game(players: int = 3, seed: int = 7, *, duel: bool = False,
                     milestones: list[str] | str | None = None, **kwargs: object) -> Game:
    """A Tableau Obsession game (a Duel with ``duel``) at the servant draft."""
    options = Options(mode="tableau-duel" if duel else "tableau", milestones=milestones)
    return new_game(players, seed=seed, options=options, **kwargs)


def servant_draft_at_random(game: Game, seed: int = 0) -> None:
    """Play the servant draft (families and servants, UD p.10) with the seeded random player."""
    player = RandomPlayer(seed)
    while game.state.turn is not None and game.state.turn.step == "draft":
        game.apply(player.choose(game))


def pass_turn(game: Game) -> None:
    """End the current turn by passing (pass, rents, done)."""
    seat = game.state.turn.player if game.state.turn else None
    while game.state.turn is not None and game.state.turn.player == seat and (
        game.state.turn.step != "mode"
    ):
        legal = game.legal_actions()
        game.apply(next((x for x in PASSING if x in legal), legal[0]))


def play_to_round(game: Game, round_number: int, seed: int = 0) -> None:
    """Let the seeded random player play until the round begins (or the game ends)."""
    player = RandomPlayer(seed)
    while not game.state.finished and game.state.round < round_number:
        game.apply(player.choose(game))


def reputation_vp_frame() -> pd.DataFrame:
    """Reputation VP at each level on the standard wheel and on the Duel's (9/10 counters):
    triangular numbers, Max counting as the level above the highest numbered one."""
    import pandas as pd

    standard, duel = Wheel(6), Wheel(10)
    labels = [*(str(n) for n in range(1, duel.levels + 1)), "Max"]

    def vp(wheel: Wheel, label: str) -> str:
        level = wheel.max_level if label == "Max" else int(label)
        return str(triangular(level)) if level <= wheel.max_level and (
            label == "Max" or level <= wheel.levels) else "–"

    return pd.DataFrame({"standard wheel": [vp(standard, x) for x in labels],
                         "Tableau Duel": [vp(duel, x) for x in labels]},
                        index=pd.Index(labels, name="level")).T


def market_names(game: Game) -> list[str]:
    """The Builders' Market, £300 space first, as tile names (×2 for a stacked pair)."""
    return [game.table.tile_name(s[0]) + (" ×2" if len(s) > 1 else "")
            for s in game.state.supply.market]


def print_rulings(entries: list[LogEntry], prefixes: tuple[str, ...] = TUTORIAL_RULES) -> None:
    """Print the rulings of these log entries whose rule id starts with one of ``prefixes``."""
    for entry in entries:
        for r in entry.rulings:
            if r["rule"].startswith(prefixes):
                print(f"- {r['verdict']}\n      [{r['rule']}] {r['citation']}")
