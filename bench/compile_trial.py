"""Issue 25 item 6, considered: would compiling the hot kernel with mypyc make games faster?

Not part of the package or of CI.  The script copies the committed tree (``git archive``) twice
into a scratch folder, applies ``compile_trial.patch`` to both (the few changes mypy and mypyc
need: exact annotations, no star-unpacking inside ``in``, a cache key that does not name the
closure itself — none changes what the engine does), compiles the chosen modules of one copy
with mypyc, and then times the same seeded random 4-player games on each copy in turn, in fresh
processes, as ``bench/run.py`` does (CPU time).

It needs a C compiler and an interpreter with mypy (which brings mypyc), setuptools and the
package's dependencies but not the package itself (the project's editable install would shadow
the copies)::

    python3 -m venv /tmp/trial && /tmp/trial/bin/pip install mypy setuptools pydantic pyyaml \
        pandas tqdm numpy rank-bm25 snowballstemmer rapidfuzz psutil
    /tmp/trial/bin/python bench/compile_trial.py                 # the search kernel (6 modules)
    /tmp/trial/bin/python bench/compile_trial.py --modules all   # every step, the table, the flow
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATCH = Path(__file__).with_name("compile_trial.patch")
KERNEL = ["engine/steps/guests.py", "engine/steps/service.py", "engine/steps/hosting.py",
          "engine/steps/serving.py", "engine/steps/buying.py", "engine/turn/movegen.py"]
ALL = ["engine/steps/*.py", "engine/turn/movegen.py", "engine/table.py", "engine/turn/flow.py",
       "engine/turn/opening.py", "engine/turn/handlers.py"]

SETUP = """
import glob
from setuptools import setup
from mypyc.build import mypycify
files = sorted(f for pattern in {patterns!r} for f in glob.glob("obsession_nb/" + pattern))
setup(name="compile-trial", packages=[], py_modules=[],
      ext_modules=mypycify(["--follow-imports=silent", *files], opt_level="3"))
"""

GAMES = """
import time
import obsession_nb as onb
import obsession_nb.engine.steps.guests as kernel
from obsession_nb.players.random_player import RandomPlayer
seeds = range({first}, {first} + {games})
start = time.process_time()
actions = 0
for seed in seeds:
    game, player = onb.new_game(4, seed=seed), RandomPlayer(seed)
    while not game.state.finished:
        game.apply(player.choose(game))
        actions += 1
print(time.process_time() - start, actions, kernel.__file__)
"""


def copy_tree(target: Path) -> None:
    """The committed tree, with the trial's patch applied."""
    target.mkdir()
    archive = subprocess.run(["git", "archive", "HEAD", "obsession_nb", "content"], cwd=ROOT,
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    subprocess.run(["git", "apply", str(PATCH)], cwd=target, check=True)


def time_games(tree: Path, games: int) -> tuple[float, int]:
    """CPU seconds per game and actions played, seeds 2 onwards (after one untimed game)."""
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", GAMES.format(first=0, games=1)], env=env, cwd=tree,
                   check=True, capture_output=True)
    out = subprocess.run([sys.executable, "-c", GAMES.format(first=2, games=games)], env=env,
                         cwd=tree, check=True, capture_output=True, text=True).stdout.split()
    if not out[2].startswith(str(tree)):  # e.g. an editable install of the project
        raise SystemExit(f"the games ran {out[2]}, not the copy in {tree}: use an interpreter "
                         "without obsession-nb installed (see the module docstring)")
    return float(out[0]) / games, int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", choices=("kernel", "all"), default="kernel")
    parser.add_argument("--games", type=int, default=8, help="games per timing")
    parser.add_argument("--rounds", type=int, default=3, help="timings of each copy, in turn")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        pure, compiled = Path(scratch, "pure"), Path(scratch, "compiled")
        copy_tree(pure)
        copy_tree(compiled)
        patterns = KERNEL if args.modules == "kernel" else ALL
        Path(compiled, "setup_trial.py").write_text(SETUP.format(patterns=patterns))
        print(f"compiling {', '.join(patterns)} with mypyc ...", flush=True)
        built = subprocess.run([sys.executable, "setup_trial.py", "build_ext", "--inplace"],
                               cwd=compiled, capture_output=True, text=True)
        if built.returncode:
            raise SystemExit(f"mypyc failed:\n{built.stderr[-3000:] or built.stdout[-3000:]}")
        times: dict[str, list[float]] = {"pure Python": [], "mypyc": []}
        counts = set()
        for _ in range(args.rounds):
            for label, tree in (("pure Python", pure), ("mypyc", compiled)):
                seconds, actions = time_games(tree, args.games)
                times[label].append(seconds)
                counts.add(actions)
        assert len(counts) == 1, f"the copies played different games: {counts}"
        print(f"\n{args.games} seeded random 4-player games ({counts.pop()} actions), "
              f"{args.rounds} timings each, CPU ms per game:\n")
        print("| copy | median | all timings |\n| --- | --- | --- |")
        for label, found in times.items():
            listed = ", ".join(f"{t * 1e3:.0f}" for t in found)
            print(f"| {label} | {statistics.median(found) * 1e3:.1f} | {listed} |")


if __name__ == "__main__":
    main()
