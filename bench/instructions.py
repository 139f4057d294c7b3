"""Instructions the engine executes for a fixed piece of work, on this tree and on an older one
(run by hand, beside ``run.py --against``).

    .venv/bin/python bench/instructions.py [--against REV] [--work games howard solo]

A count, not a time: valgrind's callgrind counts the machine instructions of one run, so the
figure is the same on a quiet or a busy machine (the timings of ``run.py`` can drift by a third
within minutes on a shared host).  Each piece of work is counted as the run that does it minus
the same run that stops before it (imports, the catalog and the rule index loaded in both), after
an untimed run that compiles the bytecode and fills the tree's catalog cache; hash seeds are
fixed, so a count repeats to within a few parts in a thousand.

* ``games``: three seeded random 4-player games (``new_game(4, seed=s)`` played by
  ``RandomPlayer(s)``, seeds 0–2) written without rulings, as ``simulate`` plays them
  (``Game.explain`` off); ``explained``: the same games with every ruling written;
* ``howard``: the explorer on Howard's supplemental-service position, the whole table;
* ``solo``: greedy Solo Estate Challenges, seeds 0–1, standard and extended.

The games also show the instructions per applied action (listing the legal actions included).
Needs ``valgrind`` (Debian's package); each count takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from trees import ROOT, markdown, worktree

WORK = ("games", "explained", "howard", "solo")


def do(work: str, run: bool) -> None:
    """Load what every piece of work needs, then (``run``) do ``work`` itself and print how many
    actions it applied.  Only the public API (``obsession_nb``'s names) and the random player,
    whose paths every older tree shares, so that ``--against`` runs on any revision."""
    import obsession_nb as onb
    from obsession_nb.players.random_player import RandomPlayer

    onb.new_game(4, seed=99)  # the catalog and the rule index loaded
    if work == "howard":
        onb.explore(onb.load_position("refresher-round-6"))  # the explorer's caches
        position = onb.load_position("howard-supplemental-service")
    if not run:
        return
    applied = 0
    if work in ("games", "explained"):
        for seed in range(3):
            game = onb.new_game(4, seed=seed)
            game.explain = work == "explained"
            player = RandomPlayer(seed)
            while not game.state.finished:
                game.apply(player.choose(game))
                applied += 1
    elif work == "howard":
        onb.explore(position)
    else:
        for seed in range(2):
            for extended in (False, True):
                onb.play_solo(seed, extended=extended)
    print(f"applied {applied}")


def count(tree: Path, work: str, run: bool, cache: Path) -> tuple[int, int]:
    """Instructions of one run of :func:`do` on ``tree``'s engine, in a fresh process, and the
    actions it applied.  ``cache``: the tree's own content cache (the parsed catalog and
    rules): the user's cache keeps one entry per name, so another tree's or another user's run
    in between would evict it, and one run of a pair would parse the YAML again (some 300
    million instructions)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(tree), PYTHONHASHSEED="0", OBSESSION_NB_CACHE=str(cache))
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         str(Path(__file__)), "--do", work, *(["--run"] if run else [])],
        env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    applied = re.search(r"applied (\d+)", done.stdout)
    return int(found.group(1)), int(applied.group(1)) if applied else 0


def work_on(tree: Path, work: str) -> tuple[int, int]:
    """The instructions of ``work`` alone on ``tree`` (see the module docstring), and the
    actions it applied."""
    print(f"counting {work} on {tree}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="instructions-cache-") as cache:
        count(tree, work, False, Path(cache))  # untimed: bytecode compiled, the cache filled
        done, applied = count(tree, work, True, Path(cache))
        return done - count(tree, work, False, Path(cache))[0], applied


def cell(spent: int, applied: int) -> str:
    """Millions of instructions, and thousands per applied action for the games."""
    return f"{spent / 1e6:,.0f}" + (f" ({spent / applied / 1e3:,.0f} k per action)"
                                    if applied else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="the older engine's git revision")
    parser.add_argument("--work", nargs="+", choices=WORK, default=list(WORK))
    parser.add_argument("--do", choices=WORK, help=argparse.SUPPRESS)
    parser.add_argument("--run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.do:
        do(args.do, args.run)
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    if args.against is None:
        rows = [["work", "instructions (millions)"]]
        rows += [[w, cell(*work_on(ROOT, w))] for w in args.work]
    else:
        with worktree(args.against) as old:
            rows = [["work", f"{args.against} (millions)", "this tree (millions)", "change"]]
            for w in args.work:
                before, after = work_on(old, w), work_on(ROOT, w)
                rows.append([w, cell(*before), cell(*after),
                             f"{100 * (after[0] - before[0]) / before[0]:+.1f} %"])
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
