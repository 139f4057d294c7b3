"""``obsession-nb --help`` and ``--version`` start fast: they import nothing heavy (issue 25)."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest

import obsession_nb

HEAVY = ("pandas", "pydantic", "ipywidgets", "matplotlib", "numpy", "yaml", "anywidget",
         "importlib.metadata", "obsession_nb.engine.records.state", "obsession_nb.engine.turn.dispatch",
         "obsession_nb.data.catalog", "typing", "dataclasses")
"""Modules the two quick commands must not import (``typing`` alone costs ~4 ms at start)."""

PROBE = """
import sys
from obsession_nb import cli
try:
    cli.main([{arg!r}])
except SystemExit:
    pass
print("loaded:", *sorted(sys.modules))
"""


@pytest.mark.parametrize("arg", ["--help", "--version"])
def test_help_and_version_import_nothing_heavy(arg: str) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE.format(arg=arg)], capture_output=True,
                          text=True, check=True)
    printed, loaded = done.stdout.rsplit("loaded:", 1)
    assert printed.startswith("obsession-nb ") or printed.startswith("usage: obsession-nb")
    modules = set(loaded.split())
    assert "obsession_nb.cli" in modules
    assert [m for m in HEAVY if m in modules] == []
    if arg == "--version":  # answered before the parser is even loaded
        assert printed.strip() == f"obsession-nb {obsession_nb.__version__}"
        assert "argparse" not in modules


def test_the_version_written_in_the_package_is_the_installed_one() -> None:
    assert obsession_nb.__version__ == version("obsession-nb")
