"""Engine figures that a busy machine blurs less than ``run.py``'s medians (run by hand).

    .venv/bin/python bench/steady.py [--calls]

* ``legal_actions`` and ``apply`` at every 5th decision of two seeded random 4-player games:
  the minimum CPU time of 5 repeats at each position (each from a fresh load of its JSON, the
  legal list taken first so that ``apply`` takes the trusted path), the median over positions;
  a whole random 4-player game: the minimum of 3 runs per seed, the median over 5 seeds;
* ``--calls``: Python and C function calls (``sys.setprofile``) in random 4-player games (seeds
  1 and 2), per game and per decision of each step, listing and applying apart.  A count, not
  a time: the same on a quiet or a busy machine, for comparing two versions of the engine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from typing import Any

import obsession_nb as onb
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import simulate


def positions() -> list[tuple[str, onb.Action]]:
    """(position JSON, the random player's choice) at every 5th decision of two games."""
    found = []
    for seed in range(2):
        game, player = onb.new_game(4, seed=seed), RandomPlayer(seed)
        decision = 0
        while not game.state.finished:
            action = player.choose(game)
            assert action is not None
            if decision % 5 == 0:
                found.append((game.to_json(), action))
            game.apply(action)
            decision += 1
    return found


def least(fn: Any, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def timing() -> None:
    listing, applying = [], []
    for text, action in positions():
        best_legal = best_apply = float("inf")
        for _ in range(5):
            game = onb.load_json(text)
            start = time.process_time()
            game.legal_actions()
            listed = time.process_time()
            game.apply(action)
            best_legal = min(best_legal, listed - start)
            best_apply = min(best_apply, time.process_time() - listed)
        listing.append(best_legal)
        applying.append(best_apply)
    games = [least(lambda s=seed: simulate(4, s), 3) for seed in range(1, 6)]
    print(f"{len(listing)} positions: legal_actions {statistics.median(listing) * 1e6:.0f} µs, "
          f"apply {statistics.median(applying) * 1e6:.0f} µs (medians of the minimum of 5); "
          f"4-player game {statistics.median(games) * 1e3:.1f} ms (median of the minimum of 3)")


def calls() -> None:
    count = [0]

    def tally(_frame: Any, event: str, _arg: Any) -> None:
        if event in ("call", "c_call"):
            count[0] += 1

    by_step: Counter[tuple[str, str]] = Counter()
    decisions: Counter[str] = Counter()
    for seed in (1, 2):
        game, player = onb.new_game(4, seed=seed), RandomPlayer(seed)
        while not game.state.finished:
            step = game.state.turn.step  # type: ignore[union-attr]
            for phase in ("listing", "applying"):
                count[0] = 0
                sys.setprofile(tally)
                if phase == "listing":
                    action = player.choose(game)
                else:
                    game.apply(action)  # type: ignore[arg-type]
                sys.setprofile(None)
                by_step[(phase, step)] += count[0]
            decisions[step] += 1
    total = sum(by_step.values())
    print(f"function calls per random 4-player game: {total // 2:,}")
    for (phase, step), n in by_step.most_common(12):
        print(f"  {phase} at {step}: {n // decisions[step]:,} per decision, {n / total:.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", action="store_true", help="count function calls instead")
    args = parser.parse_args()
    calls() if args.calls else timing()


if __name__ == "__main__":
    main()
