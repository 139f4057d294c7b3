"""Odds for the Solo Estate Challenge: many seeded games, their results as pandas tables, and
the plots of the tutorial (notebooks/05-solo-estate-challenge.ipynb).

``run_games`` plays ``games`` games (by default new games; ``start`` may build any position from a
seed instead, for a what-if), each from its own seed spawned from a root seed
(``obsession_nb.base.batch``), serially, on ``workers`` processes or on any ``concurrent.futures``
executor (a Dask cluster's ``Client.get_executor()``), with the same outcomes whichever runs
them; ``results_frame`` has one row per game; ``compare_strategies`` puts strategies side by
side on the same seeds; ``top_loss_frame`` says, round by round, in what
share of the games the AI had taken the top tile of each stack; ``summary_frame`` gives the odds
of beating the target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from obsession_nb.base.batch import game_seeds, run_all
from obsession_nb.base.figures import Described, described
from obsession_nb.engine.game import Game
from obsession_nb.modes.solo.game import (
    make_player,
    new_solo_game,
    play,
    solo_position,
    solo_result,
)
from obsession_nb.modes.solo.market import COUNTERS, STACKS, price
from obsession_nb.modes.solo.records import Solo

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

LAST_ROUND = 20
EXTENDED_SEEDS = 10_000
"""The root seed of default extended games, so that their dice differ from the standard ones."""
COLOURS = {"service": "#7f7f7f", "sporting": "#2ca02c", "essentials": "#8c564b",
           "estate": "#1f77b4", "prestige": "#9467bd", "monument": "#d4a017"}
"""One colour per stack, close to the printed tile colours."""


@dataclass(frozen=True)
class GameOutcome:
    """What the odds need from one finished game."""

    seed: int
    length: str
    strategy: str
    finished: bool
    round: int
    score: int
    modifier: int
    adjusted: int
    target: int
    won: bool
    scavenged: tuple[dict[str, Any], ...]


def default_start(extended: bool) -> Callable[[int], Game]:
    """New games (Ponsonby, the useful man drafted); picklable, for worker processes."""
    return partial(new_solo_game, extended=extended, family="ponsonby", servant="useful_man")


def play_out(game: Game, seed: int, strategy: str = "greedy") -> GameOutcome:
    """Play a position to the end with the strategy (fast path: no per-action log)."""
    play(game, make_player(strategy, seed), logged=False)
    result = solo_result(game)
    solo = Solo.of(game.state.solo) or Solo()
    return GameOutcome(seed, result.length, strategy, result.finished, result.round,
                       result.total, result.modifier, result.adjusted, result.target,
                       result.won, tuple(s.model_dump() for s in solo.scavenged))


def play_job(job: tuple[Callable[[int], Game], int, str]) -> GameOutcome:
    """One game of a batch: (start, seed, strategy) → its outcome."""
    start, seed, strategy = job
    return play_out(start(seed), seed, strategy)


def from_position(**position: Any) -> Callable[[int], Game]:
    """A ``start`` for :func:`run_games`: ``solo_position(seed, **position)`` for each seed
    (round, money, reputation, organiser, columns, stacks ...); it pickles, for workers."""
    return partial(solo_position, **position)


def run_games(games: int, *, extended: bool = False, strategy: str = "greedy",
              start: Callable[[int], Game] | None = None, seeds: Iterable[int] | None = None,
              root: int | None = None, workers: int = 1, executor: Executor | None = None,
              progress: bool = True, label: str | None = None) -> list[GameOutcome]:
    """Play ``games`` seeded games and collect their outcomes, in seed order.  The seeds are
    ``seeds`` if given, else ``games`` seeds spawned from ``root`` (default 0, or
    ``EXTENDED_SEEDS`` for new extended games).  With ``workers`` > 1 or an ``executor``,
    ``start`` must pickle (a module-level function or a ``functools.partial`` of one)."""
    make = start or default_start(extended)
    if root is None:
        root = EXTENDED_SEEDS if extended and start is None else 0
    if seeds is None:
        seeds = game_seeds(root, games)
    desc = label or f"{'extended' if extended else 'standard'} games ({strategy})"
    jobs = [(make, seed, strategy) for seed in seeds]
    return run_all(play_job, jobs, workers=workers, executor=executor, progress=progress,
                   desc=desc)


# ----------------------------------------------------------------- tables


def results_frame(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    import pandas as pd

    return pd.DataFrame([{
        "seed": o.seed, "length": o.length, "strategy": o.strategy, "finished": o.finished,
        "round": o.round, "scorepad": o.score, "modifier": o.modifier, "final": o.adjusted,
        "target": o.target, "beat target": o.won,
    } for o in outcomes])


def summary_frame(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """Per length: games, share finished, share beating the target, median finishing round,
    mean scorepad and final score."""
    frame = results_frame(outcomes)
    done = frame[frame["finished"]]
    groups = frame.groupby("length", sort=False)
    summary = groups.agg(games=("seed", "size"), finished=("finished", "mean"),
                         beat_target=("beat target", "mean"), scorepad=("scorepad", "mean"),
                         final=("final", "mean"), target=("target", "max"))
    summary["median finishing round"] = done.groupby("length")["round"].median()
    summary = summary.rename(columns={"beat_target": "beat target"})
    return summary[["games", "finished", "beat target", "median finishing round", "scorepad",
                    "final", "target"]].round(2)


def compare_strategies(games: int = 3, *, strategies: Sequence[str] = ("greedy", "planner"),
                       extended: bool = False, workers: int = 1,
                       progress: bool = True) -> pd.DataFrame:
    """The same seeded games played by each strategy: one row per strategy, with the share of
    games beating the target, the median finishing round and the mean scorepad and final
    score (bench/solo_strategy.py plays 200 of them for the figures of record).  A progress
    bar per strategy unless ``progress`` is false."""
    outcomes = [o for name in strategies
                for o in run_games(games, extended=extended, strategy=name, workers=workers,
                                   progress=progress, label=f"{name} strategy")]
    frame = results_frame(outcomes)
    table = frame.groupby("strategy", sort=False).agg(
        games=("seed", "size"), beat_target=("beat target", "mean"),
        finishing_round=("round", "median"), scorepad=("scorepad", "mean"),
        final=("final", "mean"), target=("target", "max"))
    return table.rename(columns={"beat_target": "beat target",
                                 "finishing_round": "median finishing round"}).round(2)


def top_loss_frame(outcomes: Sequence[GameOutcome], rounds: int = LAST_ROUND) -> pd.DataFrame:
    """Share of games in which the AI had taken the top tile of each stack by each round."""
    import pandas as pd

    first: dict[str, list[int | None]] = {s: [] for s in STACKS}
    for o in outcomes:
        for s in STACKS:
            hit = next((e["round"] for e in o.scavenged
                        if e["stack"] == s and e["depth"] == 1 and e["reason"] == "taken"), None)
            first[s].append(hit)
    n = max(1, len(outcomes))
    data = {s: [sum(1 for r in first[s] if r is not None and r <= k) / n
                for k in range(1, rounds + 1)] for s in STACKS}
    return pd.DataFrame(data, index=pd.RangeIndex(1, rounds + 1, name="round"))


def no_rule_top_loss(rounds: int = LAST_ROUND) -> list[float]:
    """Chance that one given counter number comes up by round k: 1 − (19/20)^k."""
    return [1 - (19 / 20) ** k for k in range(1, rounds + 1)]


def reasons_frame(outcomes: Sequence[GameOutcome]) -> pd.DataFrame:
    """How the rolls ended, per stack: taken, empty depth, critical rule (and 19-20)."""
    import pandas as pd

    rows = [{"stack": e["stack"] or "(19-20)", "reason": e["reason"]}
            for o in outcomes for e in o.scavenged]
    frame = pd.DataFrame(rows, columns=["stack", "reason"])
    table = frame.value_counts().unstack(fill_value=0)
    order = [s for s in (*STACKS, "(19-20)") if s in table.index]
    return table.reindex(order)


# ----------------------------------------------------------------- the market as a table


def stacks_frame(game: Game) -> pd.DataFrame:
    """The six stacks as the player sees them: one column per space, tiles top first, with
    each tile's price now."""
    import pandas as pd

    table = game.table
    market = game.state.supply.market
    columns = {}
    for i, name in enumerate(STACKS):
        low, high = COUNTERS[name]
        head = f"£{300 + 100 * i} {name.upper()} ({low}-{high})"
        tiles = market[i] if i < len(market) else []
        columns[head] = [f"{table.tile_name(t)} · £{price(table, t, i)}" for t in tiles]
    depth = max((len(v) for v in columns.values()), default=0)
    padded = {k: v + [""] * (depth - len(v)) for k, v in columns.items()}
    return pd.DataFrame(padded, index=pd.RangeIndex(1, depth + 1, name="depth"))


def print_stack(game: Game, name: str, when: str = "") -> None:
    """Print one of the six stacks by name (``"essentials"``), tiles top first."""
    if name not in STACKS:
        raise ValueError(f"no stack '{name}'; the stacks are {', '.join(STACKS)}")
    market = game.state.supply.market[STACKS.index(name)]
    print(f"{name.capitalize()} stack{when}, top first:",
          ", ".join(game.table.tile_name(t) for t in market) or "(empty)")


def counters_frame() -> pd.DataFrame:
    """Every d20 result: the stack it points at and the depth (1 = top tile)."""
    import pandas as pd

    from obsession_nb.modes.solo.ai import locate

    rows = []
    for roll in range(1, 21):
        place = locate(roll)
        rows.append({"roll": roll, "stack": place[0] if place else "no scavenging",
                     "depth": place[1] if place else None})
    return pd.DataFrame(rows).set_index("roll")


# ----------------------------------------------------------------- plots


def plot_top_loss(frame: pd.DataFrame, ax: Axes | None = None, title: str = "") -> Axes:
    """Per round, the share of games in which the AI had taken each stack's top tile (a line per
    stack, beside the chance with no critical rule)."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(7, 4))[1]
    for stack in frame.columns:
        ax.plot(frame.index, frame[stack] * 100, marker="o", markersize=3,
                color=COLOURS.get(stack), label=stack)
    ax.plot(frame.index, [p * 100 for p in no_rule_top_loss(len(frame))], "k--", linewidth=1,
            label="1 − (19/20)ⁿ")
    ax.set_xlabel("round")
    ax.set_ylabel("% of games")
    ax.set_ylim(0, 100)
    ax.set_xticks(list(frame.index)[::2])
    ax.grid(alpha=0.3)
    ax.set_title(title or "The AI has taken the stack's top tile by this round")
    ax.legend(fontsize=8, ncol=2, loc="upper left")
    return ax


def plot_finals(outcomes: Sequence[GameOutcome], axes: Sequence[Axes] | None = None) -> Any:
    """Per length: each game's scorepad against its finishing round, and the scorepad needed to
    beat the target on each round (the target minus the round modifier, plus one)."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from obsession_nb.modes.solo.end import TARGETS, modifier

    frame = results_frame(outcomes)
    lengths = list(dict.fromkeys(frame["length"]))
    if axes is None:
        _fig, grid = plt.subplots(1, len(lengths), figsize=(5.2 * len(lengths), 3.8),
                                  squeeze=False)
        axes = list(grid[0])
    for ax, length in zip(axes, lengths, strict=False):
        part = frame[frame["length"] == length]
        target, at = TARGETS[length]
        done = part[part["finished"]]
        won = done[done["beat target"]]
        ax.scatter(done["round"], done["scorepad"], color="#1f77b4", alpha=0.7,
                   label="lost", zorder=3)
        if len(won):
            ax.scatter(won["round"], won["scorepad"], color="#2ca02c", label="beat the target",
                       zorder=4)
        low = int(min([at - 3, *done["round"]]))
        high = int(max([at + 3, *done["round"]]))
        rounds = list(range(low, high + 1))
        needed = [target - modifier(r, at) + 1 for r in rounds]
        ax.plot(rounds, needed, color="#d62728", linewidth=2,
                label=f"scorepad needed (target {target})")
        ax.axvline(at, color="#d62728", linestyle=":", linewidth=1)
        top = max([*done["scorepad"], target + 20])
        ax.set_ylim(0, top * 1.15)
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        share = part["beat target"].mean() * 100
        unfinished = int((~part["finished"]).sum())
        extra = f", {unfinished} unfinished" if unfinished else ""
        ax.set_title(f"{length}: beat the target in {share:.0f}% of {len(part)} games{extra}")
        ax.set_xlabel("finishing round")
        ax.set_ylabel("scorepad total")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower left")
    return axes


# ----------------------------------------------------------------- the tutorial's charts, described


def top_loss_table(frame: pd.DataFrame,
                   rounds: Sequence[int] = (1, 3, 6, 9, 12, 15, 18)) -> Any:
    """``top_loss_frame`` at a few rounds, as percentages (a pandas Styler)."""
    shown = [r for r in rounds if r in frame.index]
    return frame.loc[shown].style.format("{:.0%}")


def top_loss_chart(frame: pd.DataFrame, title: str = "") -> Described:
    """``plot_top_loss`` as a chart with the words a screen reader reads in its place."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.2))
    plot_top_loss(frame, ax, title=title)
    fig.tight_layout()
    return described(fig, "Line chart: for each stack, the share of games in which the AI has "
                          "taken its top tile by each round, beside the dashed line "
                          "1 − (19/20)ⁿ (no critical rule, no purchases).")


def finals_chart(outcomes: Sequence[GameOutcome]) -> Described:
    """``plot_finals`` as a chart with the words a screen reader reads in its place."""
    fig = plot_finals(outcomes)[0].figure
    fig.tight_layout()
    return described(fig, "Scatter charts, one per game length: each game's scorepad total "
                          "against its finishing round, green if it beat the target, with the "
                          "red line of the scorepad needed to beat the target on each round.")
