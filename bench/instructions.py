"""Instructions the engine executes for a fixed piece of work, on this tree and on an older one
(run by hand, beside ``run.py --against``).

    .venv/bin/python bench/instructions.py [--against REV] [--work games howard solo]

A count, not a time: valgrind's callgrind counts the machine instructions of one run, so the
figure is the same on a quiet or a busy machine (the timings of ``run.py`` can drift by a third
within minutes on a shared host).  Each piece of work is counted as the run that does it minus
the same run that stops before it (imports, the catalog and the rule index loaded in both), after
an untimed run that compiles the bytecode and fills the tree's catalog cache; hash seeds are
fixed, so a count repeats to within a few parts in a thousand.

* ``games``: three seeded random 4-player games (``simulate(4, seed)``, seeds 0–2);
* ``howard``: the explorer on Howard's supplemental-service position, the whole table;
* ``solo``: greedy Solo Estate Challenges, seeds 0–1, standard and extended.

Needs ``valgrind`` (Debian's package); each count takes a minute or two.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from trees import ROOT, markdown, worktree

WORK = ("games", "howard", "solo")


def do(work: str, run: bool) -> None:
    """Load what every piece of work needs, then (``run``) do ``work`` itself."""
    from obsession_nb.data.catalog import load_catalog
    from obsession_nb.data.rules import rule_index
    from obsession_nb.engine.explore.explorer import explore, lines
    from obsession_nb.engine.game import load_position
    from obsession_nb.modes.solo.game import play_solo
    from obsession_nb.players.simulate import simulate

    load_catalog()
    rule_index()
    if work == "howard":
        lines(load_position("refresher-round-6"))  # the explorer's caches, as bench/explore.py
        position = load_position("howard-supplemental-service")
    if not run:
        return
    if work == "games":
        for seed in range(3):
            simulate(4, seed)
    elif work == "howard":
        explore(position)
    else:
        for seed in range(2):
            for extended in (False, True):
                play_solo(seed, extended=extended)


def count(tree: Path, work: str, run: bool) -> int:
    """Instructions of one run of :func:`do` on ``tree``'s engine, in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         str(Path(__file__)), "--do", work, *(["--run"] if run else [])],
        env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def work_on(tree: Path, work: str) -> int:
    """The instructions of ``work`` alone on ``tree`` (see the module docstring)."""
    print(f"counting {work} on {tree}", file=sys.stderr, flush=True)
    count(tree, work, run=False)  # untimed: bytecode compiled, the catalog cache filled
    return count(tree, work, run=True) - count(tree, work, run=False)


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
        rows += [[w, f"{work_on(ROOT, w) / 1e6:,.0f}"] for w in args.work]
    else:
        with worktree(args.against) as old:
            rows = [["work", f"{args.against} (millions)", "this tree (millions)", "change"]]
            for w in args.work:
                before, after = work_on(old, w), work_on(ROOT, w)
                rows.append([w, f"{before / 1e6:,.0f}", f"{after / 1e6:,.0f}",
                             f"{100 * (after - before) / before:+.1f} %"])
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
