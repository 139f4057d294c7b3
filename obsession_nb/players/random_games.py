"""Batches of seeded random games and their statistics (``obsession-nb simulate --games N``).

``simulate_games(n, players)`` plays ``n`` games with the seeded random player, each from its
own seed (``batch.game_seeds``), serially, on ``workers`` processes or on any
``concurrent.futures`` executor (``batch.run_all``), and keeps a small record of each.
``aggregate`` turns the records into win rates by seat and by family and the distribution of
every scoring category (scoring.*) and of the total, with the ``statistics`` module only, so
that the command's text and JSON output start fast; ``games_frame`` gives the same records as a
pandas DataFrame for the notebooks.  Seats are counted clockwise from the first player at setup
(seat 0 holds the first-player pawn), as in ``simulate``.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from obsession_nb.base.batch import game_seeds, run_all
from obsession_nb.engine.scoring import LABELS
from obsession_nb.players.simulate import simulate

if TYPE_CHECKING:
    import pandas as pd

TOTAL = "total"


@dataclass(frozen=True)
class GameSpec:
    """What one game of a batch is: the table size, its seed and the rules options."""

    players: int
    seed: int
    extended: bool = False
    expansion: bool = True
    rotation: str = "counterclockwise"
    low_vp_monuments: bool = False
    mode: str = "standard"
    milestones: tuple[str, ...] | str | None = None
    settings: tuple[str, ...] = ()
    """More options as ``name=value`` (``simulate --option``)."""


@dataclass(frozen=True)
class SeatResult:
    seat: int
    """Clockwise from the first player at setup (0 = the first player)."""
    family: str
    categories: dict[str, int]
    total: int
    winner: bool


@dataclass(frozen=True)
class GameRecord:
    """One finished game, small enough to send back from a worker process."""

    seed: int
    actions: int
    seats: tuple[SeatResult, ...]
    """In seat order, from the first player at setup."""


def play_record(spec: GameSpec) -> GameRecord:
    """Play one seeded random game to the end and keep what the statistics need."""
    milestones = list(spec.milestones) if isinstance(spec.milestones, tuple) else spec.milestones
    sim = simulate(spec.players, spec.seed, extended=spec.extended, expansion=spec.expansion,
                   rotation=spec.rotation, low_vp_monuments=spec.low_vp_monuments,
                   mode=spec.mode, milestones=milestones, settings=spec.settings)
    n = spec.players
    by_seat = sorted(sim.scoresheet.players, key=lambda p: (p.seat - sim.first_player) % n)
    seats = tuple(
        SeatResult(seat=(p.seat - sim.first_player) % n, family=p.family or "?",
                   categories=dict(p.categories), total=p.total,
                   winner=p.seat in sim.scoresheet.winners)
        for p in by_seat)
    return GameRecord(spec.seed, sim.actions, seats)


def simulate_games(games: int, players: int = 4, seed: int = 0, *, extended: bool = False,
                   expansion: bool = True, rotation: str = "counterclockwise",
                   low_vp_monuments: bool = False, mode: str = "standard",
                   milestones: Sequence[str] | str | None = None,
                   settings: Sequence[str] = (), workers: int = 1,
                   executor: Executor | None = None,
                   progress: bool | None = None) -> list[GameRecord]:
    """Play ``games`` random games, game ``i`` from the ``i``-th seed spawned from ``seed``;
    the records come back in that order, whatever runs them.  The options are those of
    ``simulate`` (a bad combination raises its ``ValueError``, from a worker too)."""
    chosen = milestones if milestones is None or isinstance(milestones, str) else tuple(milestones)
    specs = [GameSpec(players, s, extended, expansion, rotation, low_vp_monuments, mode, chosen,
                      tuple(settings)) for s in game_seeds(seed, games)]
    return run_all(play_record, specs, workers=workers, executor=executor, progress=progress,
                   desc=f"{players}-player games")


# ----------------------------------------------------------------- statistics


def categories(records: Sequence[GameRecord]) -> list[str]:
    """The scoring categories of these games, in scoresheet order (Tableau adds milestones)."""
    return list(dict.fromkeys(c for r in records for s in r.seats for c in s.categories))


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, minimum, quartiles (inclusive method) and maximum."""
    q1, median, q3 = (statistics.quantiles(values, n=4, method="inclusive")
                      if len(values) > 1 else (values[0],) * 3)
    return {"mean": statistics.mean(values), "min": min(values), "q1": q1, "median": median,
            "q3": q3, "max": max(values)}


def aggregate(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Win rates by seat and by family (a shared win counts for every winner) and the score
    distributions per category and total, over every player of every game."""
    if not records:
        raise ValueError("no games to aggregate")
    n = len(records)
    seats = [s for r in records for s in r.seats]
    by_seat = []
    for k in range(len(records[0].seats)):
        wins = sum(r.seats[k].winner for r in records)
        by_seat.append({"seat": k, "games": n, "wins": wins, "win_rate": wins / n,
                        "mean_total": statistics.mean(r.seats[k].total for r in records)})
    by_family = {}
    for family in sorted({s.family for s in seats}):
        played = [s for s in seats if s.family == family]
        wins = sum(s.winner for s in played)
        by_family[family] = {"games": len(played), "wins": wins,
                             "win_rate": wins / len(played)}
    scores = {c: distribution([s.categories[c] for s in seats]) for c in categories(records)}
    scores[TOTAL] = distribution([s.total for s in seats])
    return {
        "games": n,
        "players": len(records[0].seats),
        "shared_wins": sum(sum(s.winner for s in r.seats) > 1 for r in records),
        "win_rate_by_seat": by_seat,
        "win_rate_by_family": by_family,
        "scores": scores,
        "actions": distribution([r.actions for r in records]),
        "seeds": [r.seed for r in records],
    }


def aggregate_text(stats: dict[str, Any]) -> str:
    """The aggregate as a plain-text report."""
    n = stats["games"]
    lines = ["Wins by seat (p1 holds the first-player pawn at setup, then clockwise; a shared "
             "win counts for each winner):"]
    for row in stats["win_rate_by_seat"]:  # the JSON counts seats from 0; players from p1
        lines.append(f"  p{row['seat'] + 1}  {row['wins']:5}/{n}  {row['win_rate']:6.1%}  "
                     f"mean total {row['mean_total']:6.1f}")
    lines.append("Wins by family (games = times the family was at the table):")
    for family, row in stats["win_rate_by_family"].items():
        lines.append(f"  {family:10} {row['wins']:5}/{row['games']:<5} {row['win_rate']:6.1%}")
    lines.append(f"Shared wins: {stats['shared_wins']} game(s)")
    head = f"  {'VP per player':18}" + "".join(f"{k:>8}" for k in
                                               ("mean", "min", "q1", "median", "q3", "max"))
    lines += ["Score distributions (every player of every game):", head]
    labels = {**LABELS, TOTAL: "Total", "actions": "Actions per game"}
    rows = [*stats["scores"].items(), ("actions", stats["actions"])]
    for key, d in rows:
        lines.append(f"  {labels.get(key, key):18}" + f"{d['mean']:8.1f}" +
                     "".join(f"{d[k]:8g}" for k in ("min", "q1", "median", "q3", "max")))
    return "\n".join(lines)


def games_frame(records: Sequence[GameRecord]) -> pd.DataFrame:
    """One row per player per game: seed, seat, family, each category, total, winner."""
    import pandas as pd

    rows = [{"seed": r.seed, "actions": r.actions,
             **{k: v for k, v in asdict(s).items() if k != "categories"}, **s.categories}
            for r in records for s in r.seats]
    return pd.DataFrame(rows, columns=["seed", "actions", "seat", "family",
                                       *categories(records), "total", "winner"])
