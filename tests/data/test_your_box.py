"""Your own box everywhere: with the synthetic pack that replaces every stand-in in use, the
components, every packaged position's board, ``simulate``, ``practice``, ``solo`` and the solo
odds play with the pack's cards (obsession_nb/data/catalog.py ``load_catalog``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from card_packs import BOXED, named, synthetic_pack

from obsession_nb.base.resources import content_dir
from obsession_nb.data import pack_store
from obsession_nb.data.catalog import load_catalog
from obsession_nb.engine.game import load_scenario


@pytest.fixture(scope="module")
def boxed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The synthetic pack in use, in a config folder of this module's own."""
    folder = tmp_path_factory.mktemp("config")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(pack_store.CONFIG_ENV, str(folder))
        pack_store.use(synthetic_pack())
        load_catalog.cache_clear()
        yield folder
    load_catalog.cache_clear()


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "obsession_nb.cli", *argv], capture_output=True,
                          text=True, timeout=300, env=os.environ.copy())


def test_components_shows_no_standin(boxed):
    rows = json.loads(cli("components", "--json").stdout)
    assert sum(r["provenance"] == "stand-in" for r in rows) == 0
    assert sum(r["provenance"] == "from your box" for r in rows) == 155


def test_every_packaged_board_shows_the_packs_names(boxed):
    boxed_names = 0
    for path in sorted((content_dir() / "scenarios").glob("*.yaml")):
        shown = list(named(load_scenario(path.stem).view()))
        assert not [x["name"] for x in shown if x["standin"] or x["name"].startswith("Stand-in")]
        boxed_names += sum(x["name"].startswith(BOXED) for x in shown)
        for x in shown:  # the "?" badge lifts for what was entered
            assert not set(x.get("entered", ())) & set(x["unverified"])
    assert boxed_names > 0


def test_a_worked_example_names_the_card_that_replaces_its_standin(boxed):
    out = cli("show", "refresher-round-6").stdout
    assert "Boxed estate tile (−£100)" in out and "Stand-in" not in out
    view = json.loads(cli("show", "refresher-round-6", "--json").stdout)
    names = {x["name"] for x in named(view)}
    assert "Boxed casual gentleman (£200)" in names


def test_simulate_runs_on_the_pack(boxed):
    proc = cli("simulate", "--players", "3", "--seed", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["players"]


def test_solo_and_classic_solitaire_run_on_the_pack(boxed):
    proc = cli("solo", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert "Final score" in proc.stdout and "Stand-in" not in proc.stdout
    proc = cli("solo", "--classic", "--seed", "1", "--opponent", "standin-beginner-2")
    assert proc.returncode == 0, proc.stderr
    assert "Boxed beginner opponent 2" in proc.stdout


def test_practice_runs_on_the_pack(boxed, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "practice", "--players", "2",
                           "--opponents", "random", "--seed", "4"], input="board\n1\nquit\n",
                          capture_output=True, text=True, timeout=300, env=os.environ.copy(),
                          cwd=tmp_path)  # quitting keeps the unfinished game in the folder
    assert proc.returncode == 1, proc.stderr  # quit before the end
    assert list(tmp_path.glob("practice-unfinished*.yaml")), proc.stdout
    from obsession_nb.engine.positions.provenance import cards_in_play
    from obsession_nb.practice.arena import make_player
    from obsession_nb.practice.session import Practice

    game = Practice(players=2, seat=1, opponents="random", seed=2, level="easy").game
    me = make_player("random", 1)
    while not cards_in_play(game):  # the setup's choices, until the decks are dealt
        game.apply(me.choose(game))
    names = [game.table.card(c).name for c in cards_in_play(game)]
    assert sum(n.startswith(BOXED) for n in names) > 50
    assert not [n for n in names if n.startswith("Stand-in")]


def test_the_solo_odds_run_on_the_pack(boxed):
    from obsession_nb.tutor import solo_odds as odds

    outcomes = odds.run_games(3, progress=False)
    assert len(outcomes) == 3 and all(o.target > 0 for o in outcomes)
    scavenged = {t["name"] for o in outcomes for t in o.scavenged if "name" in t}
    assert not [n for n in scavenged if n.startswith("Stand-in")]


def test_lab_copies_the_your_own_box_tutorial(tmp_path):
    proc = cli("lab", "--copy-only", "--dir", str(tmp_path / "tutorials"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "tutorials" / "12-your-own-box.ipynb").is_file()


@pytest.mark.parametrize("name", ["01-a-base-game-turn.ipynb", "10-rulings-casebook.ipynb"])
def test_a_tutorial_run_with_the_pack_shows_its_names(boxed, name):
    import re

    import nbformat
    from nbclient import NotebookClient

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    nb = nbformat.read(notebooks / name, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(notebooks)}}).execute()
    shown = "\n".join(
        str(part) for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs
        for part in (out.get("text", ""), out.get("data", {}).get("text/plain", ""),
                     out.get("data", {}).get("text/html", "")))
    assert BOXED in shown
    assert not re.findall(r"Stand-in (?:casual|prestige|starter|estate|service) ", shown)
