"""How well the greedy Solo Estate Challenge player plays (run by hand; never asserted).

``.venv/bin/python bench/solo_greedy.py [GAMES] [FIRST_SEED]`` plays GAMES seeded games
(default 20, seeds FIRST_SEED.. , default 0) of each length with ``--strategy greedy``, exactly
as ``obsession-nb solo --seed S [--extended] --strategy greedy`` does, and prints the share of
games that beat the target, the mean scorepad, final score and finishing round.
"""

from __future__ import annotations

import statistics
import sys

from obsession_nb.modes.solo import play_solo


def measure(seeds: range, *, extended: bool, strategy: str = "greedy") -> str:
    runs = [play_solo(seed, extended=extended, strategy=strategy, logged=False).result
            for seed in seeds]
    n = len(runs)
    won = sum(r.won for r in runs)
    finished = sum(r.finished for r in runs)
    rounds = [r.round for r in runs]
    return (f"{'extended' if extended else 'standard':8} {strategy:6} {n:3} games  "
            f"beat the target {won}/{n}  finished {finished}/{n}  "
            f"scorepad {statistics.mean(r.total for r in runs):6.1f}  "
            f"final {statistics.mean(r.adjusted for r in runs):6.1f}  "
            f"round {statistics.mean(rounds):5.2f} (median {statistics.median(rounds)}, "
            f"{min(rounds)}-{max(rounds)})")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    for extended in (False, True):
        print(measure(range(first, first + n), extended=extended), flush=True)


if __name__ == "__main__":
    main()
