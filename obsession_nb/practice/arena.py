"""Arena runs: whole games between AI opponents of chosen strengths, one per seat, and their win
rates with confidence intervals (``obsession-nb simulate --strategy random,heuristic,search``).

A line-up names each seat's strategy in seat order (the last one repeats for the seats left).
With ``rotate`` the line-up turns one seat per game (game ``i`` starts it at seat ``i mod N``),
so every strategy sits in every seat as often as the games allow and the first player's edge is
shared.  Games run through ``batch.run_all`` (serially, on local processes or on any executor,
with a tqdm bar), each from its own seed spawned from the root seed; each player's seed is
derived from the game's seed and its seat, so a game is the same wherever it runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from obsession_nb.base.batch import game_seeds, run_all
from obsession_nb.data.rules import did_you_mean
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.positions.option_index import options_with
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.modes.team.seating import teams
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import MAX_ACTIONS, play_to_end
from obsession_nb.practice.opponents import HeuristicPlayer
from obsession_nb.practice.plans import Level
from obsession_nb.practice.search import SearchPlayer

STRATEGIES = ("random", "heuristic", "search")
Player = RandomPlayer | HeuristicPlayer


def make_player(strategy: str, seed: int = 0, **budget: Any) -> Player:
    """A player of this strength (:data:`STRATEGIES`); the keywords set the search player's
    ``level`` (``plans.LEVELS``)."""
    if strategy == "random":
        return RandomPlayer(seed)
    if strategy == "heuristic":
        return HeuristicPlayer(seed)
    if strategy == "search":
        return SearchPlayer(seed, **budget)
    raise ValueError(f"unknown strategy '{strategy}'; choose from {', '.join(STRATEGIES)}"
                     + did_you_mean(strategy, STRATEGIES))


def lineup(strategies: Sequence[str], players: int) -> tuple[str, ...]:
    """Each seat's strategy: the names in seat order, the last repeated for the seats left."""
    names = [s.strip() for s in strategies if s.strip()]
    if not names:
        raise ValueError("name at least one strategy")
    if len(names) > players:
        raise ValueError(f"{len(names)} strategies for {players} seats")
    for name in names:
        if name not in STRATEGIES:
            raise ValueError(f"unknown strategy '{name}'; choose from {', '.join(STRATEGIES)}"
                             + did_you_mean(name, STRATEGIES))
    return tuple(names + [names[-1]] * (players - len(names)))


@dataclass(frozen=True)
class ArenaGame:
    """One arena game to play."""

    players: int
    seed: int
    seats: tuple[str, ...]
    """Each seat's strategy (seat 0 moves first)."""
    mode: str = "standard"
    settings: tuple[str, ...] = ()
    level: str | Level | None = None
    """The search players' level (``None``: their default)."""


@dataclass(frozen=True)
class ArenaResult:
    seed: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    teams: tuple[tuple[int, ...], ...] = ()
    """Competitive Team Play: each team's seats (a team wins or loses as one)."""


def seat_players(spec: ArenaGame) -> list[Player]:
    budget = {} if spec.level is None else {"level": spec.level}
    return [make_player(name, spec.seed * 8 + s, **(budget if name == "search" else {}))
            for s, name in enumerate(spec.seats)]


def play_arena_game(spec: ArenaGame) -> ArenaResult:
    """Set the game up, let each seat's player choose its decisions, score the end."""
    options = options_with(spec.settings, Options.model_validate({"mode": spec.mode}))
    game = new_game(spec.players, seed=spec.seed, options=options)
    played = play_with(game, seat_players(spec))
    sheet = score(game)
    totals = {p.seat: p.total for p in sheet.players}
    sides = tuple(tuple(t) for t in teams(game.state)) if game.state.team is not None else ()
    return ArenaResult(spec.seed, spec.seats, tuple(totals.get(s, 0) for s in range(spec.players)),
                       tuple(sheet.winners), played, sides)


def play_with(game: Game, players: Sequence[Player], max_actions: int = MAX_ACTIONS) -> int:
    """Play to the end, each decision by its owner's player; the number of actions."""
    return play_to_end(game, lambda g: players[g.pending()["owner"]].choose(g), max_actions)


def arena(games: int, players: int, strategies: Sequence[str], seed: int = 0, *,
          mode: str = "standard", settings: Sequence[str] = (), rotate: bool = True,
          level: str | Level | None = None, workers: int = 1, executor: Executor | None = None,
          progress: bool | None = None) -> list[ArenaResult]:
    """Play ``games`` seeded games of this line-up (turned one seat per game if ``rotate``)."""
    seats = lineup(strategies, players)
    specs = []
    for i, s in enumerate(game_seeds(seed, games)):
        turn = i % players if rotate else 0
        order = seats[-turn:] + seats[:-turn] if turn else seats
        specs.append(ArenaGame(players, s, order, mode, tuple(settings), level))
    return run_all(play_arena_game, specs, workers=workers, executor=executor,
                   progress=progress, desc=f"arena {'/'.join(seats)}")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def standings(results: Sequence[ArenaResult]) -> dict[str, dict[str, Any]]:
    """Per strategy: seats played (in team play: teams, named by their seats' strategies, a
    team winning or losing as one), wins (a shared win counts as a fraction), the win rate and
    its 95 % interval, and the mean total (per seat)."""
    out: dict[str, dict[str, Any]] = {}
    for r in results:
        sides = r.teams or tuple((seat,) for seat in range(len(r.seats)))
        winning = [t for t in sides if set(t) & set(r.winners)]
        for side in sides:
            name = "+".join(dict.fromkeys(r.seats[s] for s in side))
            row = out.setdefault(name, {"seats": 0, "wins": 0.0, "total": 0, "unit": (
                "teams" if r.teams else "seats")})
            row["seats"] += 1
            row["total"] += sum(r.totals[s] for s in side) / len(side)
            if side in winning:
                row["wins"] += 1 / len(winning)
    for row in out.values():
        n = row["seats"]
        row["win_rate"] = row["wins"] / n
        row["interval"] = wilson(row["wins"], n)
        row["mean_total"] = row.pop("total") / n
    return out


def standings_text(results: Sequence[ArenaResult]) -> str:
    """The arena's standings in words: wins per strategy with a 95 % interval."""
    lines = [f"{len(results)} games; wins by strategy (a shared win split among the winners; "
             "95 % Wilson interval):"]
    for name, row in standings(results).items():
        lo, hi = row["interval"]
        lines.append(f"  {name:10} {row['unit']} {row['seats']:4}  wins {row['wins']:6.1f}  "
                     f"{row['win_rate']:6.1%}  [{lo:.1%}, {hi:.1%}]  mean total "
                     f"{row['mean_total']:5.1f}")
    return "\n".join(lines)
