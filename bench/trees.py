"""An older engine beside this tree, for the bench's side-by-side scripts (``run.py --against``,
``identical.py``, ``instructions.py``): the revision checked out in a temporary git worktree,
and a bench script run in a fresh process with that tree first on ``PYTHONPATH`` (ahead of the
editable install), so that the same script measures or plays both engines.  Also the Markdown
tables they print."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """The repository at git revision ``rev``, checked out in a temporary folder while in use."""
    with tempfile.TemporaryDirectory(prefix="bench-tree-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "worktree", "add", "--quiet", "--detach", str(tree), rev],
                       cwd=ROOT, check=True)
        try:
            yield tree
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT,
                           check=False)


def run_on(tree: Path, script: str, *args: str) -> str:
    """The standard output of ``script ARGS`` (a file of this folder) run on ``tree``'s
    engine in a fresh process."""
    print(f"{script} on {tree}", *args, file=sys.stderr, flush=True)
    done = subprocess.run([sys.executable, str(Path(__file__).with_name(script)), *args],
                          env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree,
                          capture_output=True, text=True, check=True)
    return done.stdout


def markdown(rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table, the first row its header."""
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "| " + " | ".join("---" for _ in rows[0]) + " |")
    return "\n".join(lines)
