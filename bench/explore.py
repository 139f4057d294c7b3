"""How fast the explorer compares every line of a turn (run by hand; never asserted).

``.venv/bin/python bench/explore.py [POSITIONS] [REPEATS]`` times ``obsession_nb.engine.explore.explorer`` on

* Howard's supplemental-service position (UD p.6), the whole table and the Music Room only;
* the refresher's round-6 position;
* POSITIONS (default 10) mid-game positions of seeded random 4-player games: each game is played
  by the random player to the start of a turn in round 6 (or the first activity round after it).

and prints, per position kind, the median and 95th percentile of the wall time and of the CPU
time (the steadier figure on a shared machine) for the whole table (purchases not explored, as by
default, unless the label says so), with the number of rows and of lines before merging.  The
issue's targets: median <= 100 ms, p95 <= 300 ms.
"""

from __future__ import annotations

import statistics
import sys
import time

from obsession_nb.engine.explore.explorer import ExploreLimit, explore, lines
from obsession_nb.engine.game import Game, load_position, new_game
from obsession_nb.players.random_player import RandomPlayer, play_to_round


def mid_game(seed: int, round_: int = 6) -> Game:
    return play_to_round(new_game(4, seed=seed), round_, RandomPlayer(seed))


def timed(game: Game, **options: object) -> tuple[float, float, int, int] | None:
    """Wall and CPU seconds of one exploration, its rows and its lines before merging
    (``None`` if the turn has more positions than the explorer searches)."""
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        frame = explore(game, **options)  # type: ignore[arg-type]
    except ExploreLimit:
        return None
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu, len(frame), int(frame["merged"].sum()) if len(frame) else 0


def _median_p95(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    return statistics.median(values), values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def report(label: str, timings: list[tuple[float, float, int, int] | None]) -> None:
    results = [r for r in timings if r is not None]
    if len(results) < len(timings):
        label += f" ({len(timings) - len(results)} over the limit, left out)"
    wall, wall95 = _median_p95([r[0] for r in results])
    cpu, cpu95 = _median_p95([r[1] for r in results])
    rows = statistics.median(r[2] for r in results)
    merged = statistics.median(r[3] for r in results)
    print(f"{label:48} n={len(results):3}  wall median {1000 * wall:6.0f} ms p95 "
          f"{1000 * wall95:6.0f} ms  CPU median {1000 * cpu:6.0f} ms p95 {1000 * cpu95:6.0f} ms  "
          f"rows {rows:5.0f}  lines {merged:5.0f}", flush=True)


def main() -> None:
    positions = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    lines(load_position("refresher-round-6"))  # warm the catalog and caches
    report("refresher round 6 (whole table)",
           [timed(load_position("refresher-round-6")) for _ in range(repeats)])
    report("refresher round 6, with purchases",
           [timed(load_position("refresher-round-6"), purchases=True) for _ in range(repeats)])
    howard = "howard-supplemental-service"
    report("Howard supplemental service, Music Room only",
           [timed(load_position(howard), host="music-room") for _ in range(repeats)])
    report("Howard supplemental service (whole table)",
           [timed(load_position(howard)) for _ in range(repeats)])
    games = [mid_game(seed) for seed in range(positions)]
    report("random 4-player games, round 6 (whole table)", [timed(g) for g in games])
    report("random 4-player games, round 6, with purchases",
           [timed(g, purchases=True) for g in games])


if __name__ == "__main__":
    main()
