"""Whether an engine change kept every game the same (run by hand, beside bench/run.py --against).

    .venv/bin/python bench/identical.py --against REV [--games N]

Seeded random games of every kind of ``tests/mode_games.py`` (the standard game at every size,
length and box, its variant option sets, team play, Tableau Obsession and Duel, the Solo Estate
Challenge, classic solitaire) are played to their end on the engine at git revision ``REV`` (a
temporary worktree, first on ``PYTHONPATH``) and on this tree, each in a fresh process.  Both
sides play the same games with the same players: this tree's ``tests/mode_games.py``.  For each
kind the script prints the actions played on each side and whether one digest agrees: every
action's notation, every log entry (who, what, and each ruling's rule, verdict and citation)
and the final position's JSON.  It exits 1 if any kind differs, so a speed change that altered
a single ruling's wording is caught as surely as one that altered a move.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play(games: int) -> dict[str, tuple[int, str]]:
    """Each kind's actions and digest over ``games`` seeded games, on the importable engine."""
    sys.path.insert(0, str(ROOT / "tests"))
    from mode_games import every_kind, start

    found = {}
    for i, kind in enumerate(every_kind()):
        digest, actions = hashlib.sha256(), 0
        for seed in range(games):
            game, player = start(kind, 1000 * seed + i)
            while not game.state.finished:
                action = player.choose(game)
                game.apply(action)
                actions += 1
                digest.update(f"{action}\n".encode())
            for entry in game.log:
                digest.update(json.dumps([entry.player, entry.action, entry.rulings]).encode())
            digest.update(game.state.model_dump_json().encode())
        found[str(kind)] = (actions, digest.hexdigest()[:16])
    return found


def both(rev: str, games: int) -> dict[str, dict[str, tuple[int, str]]]:
    """:func:`play` on the engine at ``rev`` and on this tree, each in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="identical-") as tmp:
        old = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--quiet", "--detach", str(old), rev],
                       cwd=ROOT, check=True)
        try:
            sides = {}
            for label, tree in ((rev, old), ("this tree", ROOT)):
                print(f"playing on {label} ...", file=sys.stderr, flush=True)
                done = subprocess.run(
                    [sys.executable, str(Path(__file__).resolve()), "--play", str(games)],
                    env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree,
                    capture_output=True, text=True, check=True)
                sides[label] = json.loads(done.stdout)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT,
                           check=False)
    return sides


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", metavar="REV", help="the older engine's git revision")
    parser.add_argument("--games", type=int, default=2, help="games of every kind (default 2)")
    parser.add_argument("--play", type=int, metavar="N", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play is not None:  # one side, in its own process
        json.dump(play(args.play), sys.stdout)
        return 0
    if not args.against:
        parser.error("--against REV is required")
    sides = both(args.against, args.games)
    old, new = sides.values()
    rows = [f"| kind | actions on {args.against} | actions on this tree | identical |",
            "| --- | --- | --- | --- |"]
    differ = [kind for kind in old if old[kind] != new.get(kind)]
    rows += [f"| {kind} | {old[kind][0]:,} | {new.get(kind, (0, ''))[0]:,} | "
             f"{'NO' if kind in differ else 'yes'} |" for kind in old]
    print("\n".join(rows))
    total = sum(n for n, _ in old.values())
    print(f"\n{len(old)} kinds, {args.games} games each, {total:,} actions on {args.against}: "
          + (f"{len(differ)} differ" if differ else "every game identical"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
