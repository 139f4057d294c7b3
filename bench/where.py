"""Where a random game's time goes (run by hand; never asserted).

    .venv/bin/python bench/where.py [--games N] [--players P]

Plays seeded random games (seeds 0 to N-1, after two untimed warm-up games) and prints two
tables, per game:

* each decision step: how many decisions, the wall time listing the legal actions
  (``Game.legal_actions``) and applying the random player's choice (``Game.apply``), and each
  per decision;
* each action kind move generation checks while listing: how many candidates of it, and the
  time of their text-free tests or verifiers (``engine/turn/movegen.py``'s plan for the kind, timed
  by wrapping it; about half a microsecond of each figure is the wrapper's own), in the
  timed listings only.

Wall time, so read it beside ``instructions.py``'s counts on a busy machine: the shares are
what this is for (which decisions and which checks a faster engine has to make cheaper).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import obsession_nb as onb
from obsession_nb.engine.turn import movegen
from obsession_nb.players.random_player import RandomPlayer

Tally = dict[str, list[float]]
LISTING = [False]
"""Whether the timed listing is running (the player's own listing is not tallied)."""


def timed_plans(kinds: Tally) -> None:
    """Make move generation time each kind's check into ``kinds`` (count, seconds)."""
    plan = movegen._plan

    def timing_plan(*args: Any) -> movegen.Plan:
        count, get, steps, test, text_free = plan(*args)
        if test is None:
            return count, get, steps, test, text_free
        tally = kinds[args[1].__name__]

        def check(*arguments: Any, _test: Callable[..., Any] = test) -> Any:
            if not LISTING[0]:
                return _test(*arguments)
            start = time.perf_counter()
            try:
                return _test(*arguments)
            finally:
                tally[0] += 1
                tally[1] += time.perf_counter() - start

        return count, get, steps, check, text_free

    movegen._plan = timing_plan  # type: ignore[assignment]
    movegen._PLANS.clear()


def play(seeds: range, players: int, steps: Tally) -> None:
    """Seeded random games, each decision's listing and applying timed into ``steps``."""
    for seed in seeds:
        game, player = onb.new_game(players, seed=seed), RandomPlayer(seed)
        while not game.state.finished:
            step = game.state.turn.step  # type: ignore[union-attr]
            LISTING[0] = True
            start = time.perf_counter()
            game.legal_actions()
            listed = time.perf_counter()
            LISTING[0] = False
            action = player.choose(game)  # lists again: not timed
            applying = time.perf_counter()
            game.apply(action)
            tally = steps[step]
            tally[0] += 1
            tally[1] += listed - start
            tally[2] += time.perf_counter() - applying


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    play(range(100, 102), args.players, defaultdict(lambda: [0, 0.0, 0.0]))  # warm-up
    steps: Tally = defaultdict(lambda: [0, 0.0, 0.0])
    kinds: Tally = defaultdict(lambda: [0, 0.0])
    timed_plans(kinds)
    play(range(args.games), args.players, steps)
    n = args.games
    total = sum(t[1] + t[2] for t in steps.values())
    print(f"{n} random {args.players}-player games: listing and applying "
          f"{1000 * total / n:.1f} ms a game (wall)\n")
    print("| step | decisions a game | listing, ms a game | applying, ms a game "
          "| µs a listing | µs an apply | share |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for step, (count, listing, applying) in sorted(steps.items(),
                                                    key=lambda kv: -(kv[1][1] + kv[1][2])):
        print(f"| {step} | {count / n:.0f} | {1000 * listing / n:.2f} | "
              f"{1000 * applying / n:.2f} | {1e6 * listing / count:.0f} | "
              f"{1e6 * applying / count:.0f} | {100 * (listing + applying) / total:.0f} % |")
    print("\n| action kind checked | checks a game | ms a game | µs a check | share |")
    print("| --- | --- | --- | --- | --- |")
    for kind, (count, seconds) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
        if 1000 * seconds / n >= 0.05:
            print(f"| {kind} | {count / n:.0f} | {1000 * seconds / n:.2f} | "
                  f"{1e6 * seconds / count:.1f} | {100 * seconds / total:.1f} % |")


if __name__ == "__main__":
    main()
