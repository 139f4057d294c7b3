"""``obsession-nb --help`` and ``--version`` start fast: they import nothing heavy (issue 25);
``play --json`` imports only what it uses (issue 48)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import obsession_nb
from obsession_nb.engine.records.registry import RECORDS

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


PLAY_PROBE = """
import sys
from obsession_nb import cli
code = cli.main(["play", "refresher-round-6", "--json"])
print("loaded:", code, *sorted(sys.modules))
"""

NOT_FOR_PLAY = ("pandas", "numpy", "matplotlib", "ipywidgets", "anywidget", "sudachipy",
                "snowballstemmer", "obsession_nb.practice", "obsession_nb.tutor.views",
                "obsession_nb.data.translations")
"""What ``play --json`` of a standard-game position never uses: the notebook libraries, the
Japanese analyser and texts, the word search's stemmer, the practice table and the widgets."""


def test_play_json_imports_only_what_it_uses() -> None:
    """A standard game's ``play --json`` loads no game mode (the modes load by name when a
    position is in one; only their records, which a position's file format names) and none of
    :data:`NOT_FOR_PLAY` (issue 48 item 5)."""
    done = subprocess.run([sys.executable, "-c", PLAY_PROBE], capture_output=True, text=True,
                          check=True)
    printed, loaded = done.stdout.rsplit("loaded:", 1)
    code, *modules = loaded.split()
    assert code == "0"
    assert json.loads(printed)["pending"]["step"] == "begin"
    records = {target.partition(":")[0] for target in RECORDS.values()}
    packages = {module.rpartition(".")[0] for module in records}
    assert [m for m in modules if m.startswith("obsession_nb.modes.")
            and m not in records | packages] == []
    assert [m for m in modules if m.split(".")[0] in NOT_FOR_PLAY or m in NOT_FOR_PLAY
            or m.startswith(NOT_FOR_PLAY)] == []


def test_play_json_of_a_packaged_scenario_reads_no_yaml_once_cached(tmp_path: Path) -> None:
    """With the packaged scenario's position and the catalog in the content cache (the first
    run fills it), ``play --json`` loads no YAML parser, no word search, no card-pack checks and
    no pydantic: nothing is validated (obsession_nb/base/checked.py)."""
    env = {**os.environ, "OBSESSION_NB_CACHE": str(tmp_path)}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", PLAY_PROBE], capture_output=True,
                              text=True, check=True, env=env)
    modules = set(done.stdout.rsplit("loaded:", 1)[1].split()[1:])
    assert "obsession_nb.engine.records.names" in modules  # the actions' names were read
    assert {"yaml", "obsession_nb.base.yamlio", "obsession_nb.base.wordsearch",
            "obsession_nb.data.pack", "pydantic", "pydantic_core", "importlib.metadata"
            } & modules == set()
