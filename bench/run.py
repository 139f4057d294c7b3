"""Every speed figure of issue 9's Targets table, measured here (run by hand; never asserted).

    .venv/bin/python bench/run.py [--quick] [--json] [--pytest] [--commands | --ratio]
                                  [--runs N] [--against REV [--rounds N]]

Prints one row per figure: the measured median, the target, whether it is met, and the figure
the issue measured before the engine work.  Engine figures are CPU time (``time.process_time``)
so that other processes on the shared 2-core machine disturb them less; command-line figures
are the wall time of a subprocess running the venv's ``obsession-nb`` script (that is what a
person waits for), after one untimed run (bytecode compiled, catalog cache filled); the pytest
figure is one wall-clock run.  The load average is printed before and after: figures taken
under a high load are slower than the machine can do.

* whole games: median over seeds of one ``simulate`` (random player) or ``play_solo`` (greedy
  player, the fast path of ``obsession-nb solo``) game, catalog loading excluded; a simulation
  writes no rulings (``Game.explain``), so the 4-player game is also timed with every ruling
  written, beside it;
* random playouts beside python-chess (issue 25), in one run: our random 4-player games'
  actions per CPU second against python-chess's random games' plies per CPU second (each ply:
  list the legal moves, pick one, push it, ask whether the game is over), two of theirs after
  each of ours, and the ratio of the CPU time per action to the CPU time per ply;
* per-call figures: medians over mid-game positions, every 10th decision of seeded random
  4-player games.  At each such position, in this order: the first ``legal_actions()``; a
  ``check()`` of an illegal action (a candidate ``legal_actions`` refused, else an action legal
  earlier in the game), its ruling text built with ``str``; a dump and load of the position
  (``Game.to_json``/``load_json`` when the engine has them, else the scenario YAML, labelled so);
  a ``State.clone()`` (the explorer's copy-on-branch); then ``apply()`` of the random
  player's choice (log included), which moves the game on.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from trees import ROOT, markdown, run_on, worktree

import obsession_nb as onb
from obsession_nb.modes.solo.game import SoloRun, play_solo
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.players.simulate import simulate

SCRIPT = Path(sys.executable).with_name("obsession-nb")
SAMPLE_EVERY = 10
MS, US = 1e-3, 1e-6


@dataclass
class Figure:
    figure: str
    median: float
    """Seconds, or as ``unit`` says."""
    target: float | None
    """``None``: a figure shown beside another, with no target of its own."""
    was: str
    """What the issue measured on the engine before the work (its 'now' column)."""
    samples: int
    how: str
    unit: str = "s"
    """``s`` (seconds), ``/s`` (a rate: more is better) or ``×`` (a ratio)."""

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        return self.median >= self.target if self.unit == "/s" else self.median <= self.target


def cpu(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    """CPU seconds of ``fn(*args, **kwargs)``, and its result."""
    start = time.process_time()
    result = fn(*args, **kwargs)
    return time.process_time() - start, result


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


# ----------------------------------------------------------------- whole games


def random_game_times(players: int, seeds: range, *, extended: bool = False,
                      explain: bool = False) -> list[float]:
    """CPU time of whole ``simulate`` games (``explain``: with every ruling written into the
    log, as a game played in the tutor writes them; ``simulate`` writes none by default; an
    engine older than ``Game.explain`` always writes them)."""
    known = "explain" in inspect.signature(simulate).parameters
    options = {"explain": explain} if known else {}
    return [cpu(simulate, players, s, extended=extended, **options)[0] for s in seeds]


def solo_game_times(seeds: range, *, extended: bool, strategy: str = "greedy",
                    logged: bool = False) -> list[tuple[float, SoloRun]]:
    """CPU time of whole challenges, as ``obsession-nb solo`` plays them (``logged=False``)."""
    return [cpu(play_solo, s, extended=extended, strategy=strategy, logged=logged)
            for s in seeds]


def chess_rates(seed: int) -> Iterator[float]:
    """Plies per CPU second of each of an endless run of random python-chess games."""
    import chess  # a dev dependency, for this comparison only

    pick = random.Random(seed)
    while True:
        start, plies = time.process_time(), 0
        board = chess.Board()
        while not board.is_game_over():
            board.push(pick.choice(list(board.legal_moves)))
            plies += 1
        yield plies / (time.process_time() - start)


def playout_rates(seeds: range, chess_per_game: int = 2) -> tuple[list[float], list[float]]:
    """Actions per CPU second of each seeded random 4-player game (``simulate``), and plies per
    CPU second of ``chess_per_game`` random python-chess games after each: the two kinds of
    game alternate, so that the machine's drift during a run falls on both alike."""
    ours: list[float] = []
    chess: list[float] = []
    theirs = chess_rates(0)
    for seed in seeds:
        seconds, sim = cpu(simulate, 4, seed)
        ours.append(sim.actions / seconds)
        chess += [next(theirs) for _ in range(chess_per_game)]
    return ours, chess


# ----------------------------------------------------------------- mid-game positions


def round_trip() -> tuple[str, Callable[[onb.Game], Any]]:
    """The JSON API once the engine has it; until then the scenario YAML."""
    load_json = getattr(onb, "load_json", None)
    if load_json is not None and hasattr(onb.Game, "to_json"):
        return "JSON dump + load of a position", lambda g: load_json(g.to_json())
    return ("YAML dump + load of a position (no Game.to_json/load_json yet)",
            lambda g: onb.load_scenario_text(g.to_scenario()))


def ruled(game: onb.Game, action: onb.Action) -> tuple[bool, str]:
    """``check`` with the ruling text a person would read."""
    verdict = game.check(action)
    return verdict.legal, str(verdict)


def position_times(seeds: range) -> dict[str, list[float]]:
    """Per-call CPU times at every ``SAMPLE_EVERY``-th decision of seeded random games."""
    label, trip = round_trip()
    times: dict[str, list[float]] = {"legal": [], "check": [], "apply": [], "clone": [],
                                     label: []}
    for seed in seeds:
        game = onb.new_game(4, seed=seed)
        player, pick = RandomPlayer(seed), random.Random(seed)
        seen: dict[str, onb.Action] = {}
        decision = 0
        while not game.state.finished:
            if decision % SAMPLE_EVERY == 0:
                t, legal = cpu(game.legal_actions)
                times["legal"].append(t)
                notations = {x.notation for x in legal}
                candidates = game.candidates() if hasattr(game, "candidates") else []
                refused = [x for x in candidates if x.notation not in notations]
                refused = refused or [x for n, x in seen.items() if n not in notations]
                if refused:
                    t, (legal_too, _text) = cpu(ruled, game, pick.choice(refused))
                    assert not legal_too
                    times["check"].append(t)
                times[label].append(cpu(trip, game)[0])
                times["clone"].append(cpu(game.state.clone)[0])
                seen.update((x.notation, x) for x in legal)
            action = player.choose(game)
            assert action is not None
            t, _ = cpu(game.apply, action)
            if decision % SAMPLE_EVERY == 0:
                times["apply"].append(t)
            decision += 1
    return times


# ----------------------------------------------------------------- the command line


def command_times(args: list[str], runs: int) -> list[float]:
    """Wall time of ``obsession-nb ARGS`` in a fresh process, ``runs`` times, after one run
    untimed: as an installed command starts, with its bytecode compiled (Python may write it
    here even where ``PYTHONDONTWRITEBYTECODE`` is set) and the catalog cache filled."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for n in range(runs + 1):
        start = time.perf_counter()
        subprocess.run([str(SCRIPT), *args], check=True, cwd=ROOT, stdout=subprocess.DEVNULL,
                       env=env)
        if n:
            times.append(time.perf_counter() - start)
    return times


def pytest_time() -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run([str(SCRIPT.with_name("pytest")), "-m", "not browser", "-q",
                           "-p", "no:randomly"], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    summary = [line for line in done.stdout.splitlines() if " in " in line and "passed" in line]
    return seconds, (summary[-1].strip("= ") if summary else f"exit {done.returncode}")


# ----------------------------------------------------------------- the table


def measure(quick: bool, with_pytest: bool, *, commands: bool = False, ratio: bool = False,
            runs: int | None = None) -> list[Figure]:
    """Every figure; ``commands``: the command line's only, each the median of ``runs`` runs
    (default 3 with ``quick``, else 7); ``ratio``: the random playouts beside python-chess
    only (a second or two a run, so that ``--against`` can alternate the trees many times)."""
    games = range(3) if quick else range(7)
    runs = runs or (3 if quick else 7)
    figures = []

    def add(figure: str, values: list[float], target: float | None, was: str, how: str,
            unit: str = "s") -> None:
        figures.append(Figure(figure, statistics.median(values), target, was, len(values), how,
                              unit))
        print(f"  measured: {figure}", file=sys.stderr, flush=True)

    if commands:
        command_figures(add, runs)
        return figures
    simulate(2, 0)  # load the catalog and the rule index once, outside the figures
    ours, chess = playout_rates(range(10, 10 + len(games) * 2))
    add("random playouts: our actions per CPU second (4 players)", ours, 21_713 / 2.5,
        "2,644/s (issue 25)", "median over seeds", "/s")
    add("random playouts: python-chess plies per CPU second", chess, None, "21,713/s (issue 25)",
        "median over random games", "/s")
    add("random playouts: our CPU per action ÷ python-chess's per ply",
        [statistics.median(chess) / statistics.median(ours)], 2.5, "8.2 (issue 25)",
        "the two medians above, one run", "×")
    if ratio:
        return figures

    add("random 4-player standard game (expansion on)", random_game_times(4, games),
        33 * MS, "~330 ms", "CPU, median over seeds")
    add("random 4-player standard game, every ruling written", random_game_times(
        4, games, explain=True), None, "(new row)", "CPU, median over seeds (Game.explain)")
    add("random 6-player extended game", random_game_times(6, games, extended=True),
        75 * MS, "~745 ms", "CPU, median over seeds")
    per_call = position_times(range(2) if quick else range(4))
    label = next(k for k in per_call if k not in ("legal", "check", "apply", "clone"))
    where = f"CPU, median over positions (every {SAMPLE_EVERY}th decision)"
    add("Game.legal_actions()", per_call["legal"], 50 * US, "~420 µs", where)
    add("Game.apply(legal) incl. log", per_call["apply"], 40 * US, "~323 µs", where)
    add("Game.check(illegal) with its ruling text", per_call["check"], 30 * US, "~288 µs",
        where)
    add(label, per_call[label], 300 * US, "~3.5 ms (YAML)", where)
    add("State.clone() of a position", per_call["clone"], 15 * US, "~114 µs (JSON)", where)
    command_figures(add, runs)
    for extended, target, was in ((False, 60 * MS, "~260 ms"), (True, 120 * MS, "~570 ms")):
        times = [t for t, _ in solo_game_times(games, extended=extended)]
        add(f"greedy solo game, {'extended' if extended else 'standard'}", times, target, was,
            "CPU, median over seeds")
    if with_pytest:
        seconds, summary = pytest_time()
        add('pytest -m "not browser"', [seconds], 60, "~105 s", f"wall, one run: {summary}")
    return figures


def command_figures(add: Callable[..., None], runs: int) -> None:
    """The ``obsession-nb`` command's start: wall time, each the median of ``runs`` runs."""
    add("obsession-nb --help", command_times(["--help"], runs), 60 * MS, "~235 ms",
        f"wall, median of {runs} runs")
    add("obsession-nb --version", command_times(["--version"], runs), 60 * MS, "(new row)",
        f"wall, median of {runs} runs")
    add("obsession-nb play refresher-round-6 --json",
        command_times(["play", "refresher-round-6", "--json"], runs), 150 * MS, "~308 ms",
        f"wall, median of {runs} runs")


def shown(seconds: float, unit: str = "s") -> str:
    if unit == "/s":
        return f"{seconds:,.0f}/s"
    if unit == "×":
        return f"{seconds:.2f}"
    if seconds >= 1:
        return f"{seconds:.1f} s"
    if seconds >= 1 * MS:
        return f"{seconds / MS:.1f} ms"
    return f"{seconds / US:.0f} µs"


def _target(f: Figure) -> str:
    if f.target is None:
        return "–"
    return f"{'≥' if f.unit == '/s' else '≤'} {shown(f.target, f.unit)}"


def table(figures: list[Figure]) -> str:
    rows = [("figure", "measured median", "target", "met?", "before (issue)", "samples, how")]
    rows += [(f.figure, shown(f.median, f.unit), _target(f),
              {True: "yes", False: "NO", None: "–"}[f.met],
              f.was, f"{f.samples}, {f.how}") for f in figures]
    return markdown(rows)


def side_by_side(rev: str, rounds: int, options: list[str]) -> dict[str, Any]:
    """This script run (with ``options``) on the engine at git revision ``rev`` and on this tree
    (bench/trees.py), alternately, ``rounds`` times each: the same measuring code on both, so
    that the machine's drift falls on both alike."""
    runs: dict[str, list[dict[str, Any]]] = {rev: [], "this tree": []}
    with worktree(rev) as old:
        for _ in range(rounds):
            for label, tree in ((rev, old), ("this tree", ROOT)):
                runs[label].append(json.loads(run_on(tree, "run.py", "--json", *options)))
    return {"against": rev, "runs": runs}


def compared(result: dict[str, Any]) -> str:
    """The side-by-side table: each figure's median in every run of both trees (more than five
    runs: the median of the runs' medians, and how many)."""
    runs = result["runs"]
    rows = [("figure", *(f"{label} (each run)" for label in runs), "target")]
    for i, f in enumerate(next(iter(runs.values()))[0]["figures"]):
        figure = Figure(**{k: v for k, v in f.items() if k != "met"})
        cells = []
        for tree_runs in runs.values():
            medians = [run["figures"][i]["median"] for run in tree_runs]
            cells.append(", ".join(shown(m, figure.unit) for m in medians) if len(medians) <= 5
                         else f"{shown(statistics.median(medians), figure.unit)} (median of "
                              f"{len(medians)} runs)")
        rows.append((figure.figure, *cells, _target(figure)))
    return markdown(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and runs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--pytest", action="store_true",
                        help='also time one `pytest -m "not browser"` run (about two minutes)')
    parser.add_argument("--commands", action="store_true",
                        help="only the command line's figures (obsession-nb's start)")
    parser.add_argument("--ratio", action="store_true",
                        help="only the random playouts beside python-chess (the ratio row)")
    parser.add_argument("--runs", type=int, metavar="N",
                        help="runs of each command (default 3 with --quick, else 7)")
    parser.add_argument("--against", metavar="REV",
                        help="side by side: the engine at git revision REV and this tree, "
                             "measured alternately (this script's code measures both)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="with --against: runs of each tree (default 2)")
    args = parser.parse_args()
    if args.against:
        options = [*(["--quick"] if args.quick else []), *(["--commands"] if args.commands else []),
                   *(["--ratio"] if args.ratio else []),
                   *([f"--runs={args.runs}"] if args.runs else [])]
        result = side_by_side(args.against, args.rounds, options)
        if args.json:
            json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
            print()
        else:
            print(f"obsession-nb bench side by side: {args.against} against this tree, "
                  f"{args.rounds} runs each, alternately\n")
            print(compared(result))
        return
    before = load()
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    figures = measure(args.quick, args.pytest, commands=args.commands, ratio=args.ratio,
                      runs=args.runs)
    machine = (f"Python {platform.python_version()}, {platform.machine()}, "
               f"{os.cpu_count()} cores; load average {before} before, {load()} after")
    if args.json:
        json.dump({"date": started, "machine": machine, "figures": [
            {**asdict(f), "met": f.met} for f in figures]}, sys.stdout, indent=2,
            ensure_ascii=False)
        print()
        return
    print(f"obsession-nb bench, {started}; {machine}\n")
    print(table(figures))
    missed = [f.figure for f in figures if f.met is False]
    targets = [f for f in figures if f.target is not None]
    print(f"\n{len(targets) - len(missed)} of {len(targets)} targets met"
          + (f"; missed: {', '.join(missed)}" if missed else ""))


if __name__ == "__main__":
    main()
