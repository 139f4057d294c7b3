"""`obsession-nb ask` imports only what answering needs once the user's cache is warm (issue 45's
speed): no numpy, pandas, pydantic, ipywidgets or YAML parser in either language, and the
Japanese analyser (SudachiPy) only for a question with Japanese in it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import contextlib, io, sys
from obsession_nb import cli
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(["ask", {question!r}])
print("loaded:", *sorted(sys.modules))
"""
HEAVY = ("numpy", "pandas", "pydantic", "ipywidgets", "yaml", "obsession_nb.engine.game")


@pytest.mark.parametrize(("question", "japanese"), [
    ("can I buy two tiles in one turn?", False),
    ("ハウスマンの割引はいくら？", True),
])
def test_ask_imports_nothing_heavy_once_the_cache_is_warm(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, question: str, japanese: bool) -> None:
    monkeypatch.setenv("OBSESSION_NB_CACHE", str(tmp_path))
    command = [sys.executable, "-c", PROBE.format(question=question)]
    subprocess.run(command, capture_output=True, text=True, check=True)  # warms the cache
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    modules = set(done.stdout.rsplit("loaded:", 1)[1].split())
    assert "obsession_nb.tutor.ask" in modules
    assert [m for m in HEAVY if m in modules] == []
    assert ("sudachipy" in modules) == japanese
