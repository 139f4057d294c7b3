"""Whole Solo Estate Challenges per CPU second, by length and strategy (run by hand; never
asserted).  The greedy figures of the Targets table are in ``bench/run.py``; this shows more.

``.venv/bin/python bench/solo_speed.py [GAMES]`` plays GAMES seeded games (default 20) of each
kind on the fast path used by the tutorial's Monte Carlo (no per-action snapshot or log), then a
few through ``Game.apply`` (snapshot and log, as ``obsession-nb play`` does), and prints games
per CPU second, actions per game and the finishing rounds.
"""

from __future__ import annotations

import statistics
import sys

from run import solo_game_times

from obsession_nb.modes.solo.game import play_solo


def measure(n: int, *, extended: bool, strategy: str, logged: bool) -> str:
    timed = solo_game_times(range(n), extended=extended, strategy=strategy, logged=logged)
    seconds = sum(t for t, _ in timed)
    runs = [r for _, r in timed]
    rounds = [r.result.round for r in runs]
    won = sum(r.result.won for r in runs)
    return (f"{'extended' if extended else 'standard':8} {strategy:6} "
            f"{'logged' if logged else 'fast':6} {n:3} games  {n / seconds:6.2f} games/s  "
            f"{statistics.mean(len(r.actions) for r in runs):6.0f} actions/game  "
            f"rounds {min(rounds)}-{max(rounds)} (median {statistics.median(rounds)})  "
            f"beat the target {won}/{n}")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    play_solo(0, logged=False)  # load the catalog and the rule index once, outside the figures
    for extended in (False, True):
        for strategy in ("greedy", "random"):
            print(measure(n, extended=extended, strategy=strategy, logged=False), flush=True)
    print(measure(max(2, n // 5), extended=False, strategy="greedy", logged=True), flush=True)


if __name__ == "__main__":
    main()
