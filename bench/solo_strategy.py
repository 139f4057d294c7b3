"""How well the solo strategies play the Solo Estate Challenge, and how fast (run by hand; never
asserted).

``nice -n 5 .venv/bin/python bench/solo_strategy.py --games 200 --workers 2 [--strategy NAME ...]
[--length standard|extended|both]``
plays GAMES seeded games of each length per strategy (the seeds of ``solo_odds.run_games``:
spawned from root 0 for standard games and from ``EXTENDED_SEEDS`` for extended ones; Ponsonby
with the useful man drafted, as the tutorials' odds), on ``obsession_nb.base.batch`` workers, and
prints per strategy and length: the share of games that beat the target, finished games, the
mean and median finishing round, scorepad and final score, and the CPU seconds per game
(median and maximum).  The issue's targets for the new strategy: beat 132 in at least 25 % and
188 in at least 15 % of 200 games, at most 2 s per game.
"""

from __future__ import annotations

import argparse
import statistics
import time

from obsession_nb.base.batch import game_seeds, run_all
from obsession_nb.modes.solo.game import STRATEGIES
from obsession_nb.tutor.solo_odds import EXTENDED_SEEDS, GameOutcome, default_start, play_out


def timed_game(job: tuple[bool, int, str]) -> tuple[GameOutcome, float]:
    """One game: (extended, seed, strategy) → its outcome and CPU seconds."""
    extended, seed, strategy = job
    start = time.process_time()
    outcome = play_out(default_start(extended)(seed), seed, strategy)
    return outcome, time.process_time() - start


def line(strategy: str, extended: bool, results: list[tuple[GameOutcome, float]]) -> str:
    outcomes = [o for o, _ in results]
    seconds = sorted(s for _, s in results)
    n = len(outcomes)
    won = sum(o.won for o in outcomes)
    rounds = [o.round for o in outcomes]
    return (f"{strategy:8} {'extended' if extended else 'standard':8} target "
            f"{outcomes[0].target:3}  beat {won:3}/{n} ({100 * won / n:5.1f} %)  finished "
            f"{sum(o.finished for o in outcomes)}/{n}  round mean {statistics.mean(rounds):5.2f} "
            f"median {statistics.median(rounds):4.1f}  scorepad "
            f"{statistics.mean(o.score for o in outcomes):6.1f}  final "
            f"{statistics.mean(o.adjusted for o in outcomes):7.1f}  CPU s/game median "
            f"{statistics.median(seconds):5.2f} max {seconds[-1]:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--strategy", action="append", choices=STRATEGIES,
                        help="repeat for several (default: planner and greedy)")
    parser.add_argument("--length", choices=("standard", "extended", "both"), default="both")
    args = parser.parse_args()
    lengths = {"standard": (False,), "extended": (True,), "both": (False, True)}[args.length]
    for strategy in args.strategy or ["planner", "greedy"]:
        for extended in lengths:
            seeds = game_seeds(EXTENDED_SEEDS if extended else 0, args.games)
            jobs = [(extended, seed, strategy) for seed in seeds]
            wall = time.perf_counter()
            results = run_all(timed_game, jobs, workers=args.workers, progress=False)
            print(line(strategy, extended, results)
                  + f"  wall {time.perf_counter() - wall:6.1f}s on {args.workers} worker(s)",
                  flush=True)


if __name__ == "__main__":
    main()
