"""Benchmark: the engine-side cost of one turn-stepper action, JSON view included.

For each worked turn (a scenario's recorded actions), every action is timed as the stepper
pays for it:

* ``engine``  — ``game.apply(action)``, then ``game.legal_actions()`` (the next buttons) and
  ``json.dumps(game.view())`` (the board's trait, serialised as the comm would);
* ``stepper`` — ``Stepper.choose(action)`` with no front end attached: the engine part above
  plus the undo snapshot, the choice buttons, the rulings log and the traits (widget state is
  set, but no comm message is sent without a kernel), plus serialising the board's view.

Run by hand (not part of ``make test``)::

    .venv/bin/python bench/stepper.py [--repeat 30] [SCENARIO ...]

Prints the median and 95th percentile per scenario, and per action for the slowest ones.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections import defaultdict

import obsession_nb as onb
from obsession_nb.tutor.views import Stepper

DEFAULT = ["howard-supplemental-service", "howard-drawing-room", "refresher-round-6"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def time_engine(name: str, repeat: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = defaultdict(list)
    for _ in range(repeat):
        game = onb.load_position(name)
        for i, action in enumerate(game.recorded):
            start = time.perf_counter()
            game.apply(action)
            game.legal_actions()
            json.dumps(game.view())
            timings[f"{i + 1:2}. {action}"].append((time.perf_counter() - start) * 1000)
    return timings


def time_stepper(name: str, repeat: int) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = defaultdict(list)
    for _ in range(repeat):
        stepper = Stepper.from_scenario(name)
        for i, action in enumerate(list(stepper.script)):
            start = time.perf_counter()
            stepper.choose(action)
            json.dumps(stepper.board.view)
            timings[f"{i + 1:2}. {action}"].append((time.perf_counter() - start) * 1000)
    return timings


def report(label: str, timings: dict[str, list[float]]) -> None:
    every = [t for ts in timings.values() for t in ts]
    print(f"  {label:8} {len(timings):2} actions x {len(every) // max(1, len(timings))} runs: "
          f"median {statistics.median(every):6.2f} ms, p95 {percentile(every, 0.95):6.2f} ms, "
          f"max {max(every):6.2f} ms")
    slow = sorted(timings.items(), key=lambda kv: -statistics.median(kv[1]))[:3]
    for action, ts in slow:
        print(f"           {statistics.median(ts):6.2f} ms median  {action}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", default=DEFAULT)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    print(f"obsession-nb stepper benchmark — Python {platform.python_version()}, "
          f"{platform.machine()}, {platform.processor() or 'cpu ?'}; repeat {args.repeat}")
    for name in args.scenarios:
        onb.load_position(name)  # warm the catalog and rule index caches
        print(name)
        report("engine", time_engine(name, args.repeat))
        report("stepper", time_stepper(name, args.repeat))


if __name__ == "__main__":
    main()
