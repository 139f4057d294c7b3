"""Scenario fuzzing (issues 11 and 26): seeded mutations of every packaged scenario and of
positions of every mode and option set (``tests/support/mode_games.py``: the standard game 2–6, extended
and without the expansion, its variants, team play 4/6, Tableau Obsession 2–6, Tableau Duel, the
Solo Estate Challenge, classic solitaire; each at its first decision and after 40 and 150
random actions) are refused with a message naming a path (or a line and column, or the whole
file), or accepted; an accepted position survives ``legal_actions``, ``view``, ``str``,
``_repr_html_``, a round trip and 100 random legal actions, the position saved and reloaded
through every file check after every action.  ``validate``, ``play --json`` and
``load_scenario_text`` are all asked.

At least ``FUZZ_FILES`` files (1,000) are tried; the random play of accepted positions stops at
``FUZZ_SECONDS`` (120 s), and the counts printed say how many positions were played how far,
and how many files failed how: a traceback (refused or accepted, a file made something raise),
accepted then crashed, a dead end (no legal action), a round trip refused or changed.
Environment variables ``FUZZ_FILES``, ``FUZZ_SECONDS`` and ``FUZZ_SEED`` change the run; a
failing file is saved under ``test-artifacts/fuzz/`` with its seed and mutation.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import time
import traceback
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from game_invariants import file_round_trip
from mode_games import every_kind, positions
from scenario_mutations import mutate

from obsession_nb import ScenarioError, load_scenario, load_scenario_text
from obsession_nb.base.resources import content_dir
from obsession_nb.cli import main
from obsession_nb.players.random_player import RandomPlayer

FILES = int(os.environ.get("FUZZ_FILES", "1000"))
SECONDS = float(os.environ.get("FUZZ_SECONDS", "120"))
SEED = int(os.environ.get("FUZZ_SEED", "20261201"))
ACTIONS = 100
SCENARIOS = sorted((content_dir() / "scenarios").glob("*.yaml"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "fuzz"
KEY = r"\[(?:'.*?'|\".*?\")\]"  # an odd key, as Python writes it: ['a b'] or ["it's"]
NAMES_A_PLACE = re.compile(
    rf"^(?:[A-Za-z_][\w\-]*(?:\.[\w\-]+|\[\d+\]|{KEY})*: "  # a path: players[1].money: ...
    rf"|{KEY}: "  # a top-level key that is not a plain word
    r"|line \d+, column \d+: "  # a place in the text
    r"|not valid YAML: (?s:.*)line \d+, column \d+"  # the parser's own mark
    r"|not valid YAML: nested too deeply$"
    r"|the file )"  # the file as a whole: its size, its top level, its expansion
)


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def refused_or_accepted(path: Path, raw: bytes):  # type: ignore[no-untyped-def]
    """Ask ``load_scenario_text`` (where the bytes are text), ``validate`` and ``play --json``;
    all three must agree.  Returns the game, or ``None`` when refused."""
    try:
        game = load_scenario(path)
        problems: list[str] = []
    except ScenarioError as exc:
        game, problems = None, exc.problems
    assert problems or game is not None
    for p in problems:
        assert NAMES_A_PLACE.match(p), f"a problem that names no place: {p!r}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None:
        try:
            again = load_scenario_text(text)
            assert game is not None, "load_scenario_text accepted what load_scenario refused"
            assert again.to_scenario() == game.to_scenario()
        except ScenarioError as exc:
            assert game is None, "load_scenario_text refused what load_scenario accepted"
            assert exc.problems == problems
    code, _out, err = cli("validate", str(path))
    assert code == (1 if problems else 0), err
    code, out, _err = cli("play", str(path), "--json")
    data = json.loads(out)
    if problems:
        assert code == 1 and data["problems"] == problems
    else:
        assert code == 0 and "players" in data and "log" in data
    return game


def survives(game, seed: int, actions: int) -> int:  # type: ignore[no-untyped-def]
    """The checks an accepted position must pass; returns the random actions played."""
    game.legal_actions()
    json.dumps(game.view())
    str(game)
    html = game._repr_html_()
    assert "<script>" not in html, "scenario text reached the HTML unescaped"
    text = game.to_scenario()
    assert load_scenario_text(text).to_scenario() == text
    with_actions = game.to_scenario(with_actions=True)
    assert load_scenario_text(with_actions).to_scenario() == text
    player = RandomPlayer(seed)
    played = 0
    while played < actions and not game.state.finished:
        action = player.choose(game)
        if action is None:
            raise DeadEnd(f"no legal action at {game.pending()['prompt']}")
        game.apply(action)
        played += 1
        try:
            file_round_trip(game, text=False)
        except AssertionError as exc:
            raise RoundTrip(f"after '{action}': {exc}") from None
    str(game)
    game._repr_html_()
    text = game.to_scenario()
    assert load_scenario_text(text).to_scenario() == text
    return played


class DeadEnd(AssertionError):
    """An accepted position reached a decision with no legal action."""


class RoundTrip(AssertionError):
    """A position reached from an accepted one was refused, or changed, when saved and
    reloaded."""


def sources() -> list[tuple[str, str]]:
    """The packaged scenarios and the positions of every kind of game, interleaved so that any
    number of files covers every mode."""
    packaged = [(p.stem, p.read_text(encoding="utf-8")) for p in SCENARIOS]
    kinds = every_kind()
    made = positions(kinds, SEED)
    per_kind = len(made) // len(kinds)
    modes = [(f"{kind}@{j}".replace(" ", "_"), made[i * per_kind + j])
             for j in range(per_kind) for i, kind in enumerate(kinds)]
    return [x for pair in zip(modes, packaged * len(modes)) for x in pair]


def failure_kind(exc: BaseException) -> str:
    return {DeadEnd: "dead ends", RoundTrip: "round-trip failures"}.get(
        type(exc), "accepted then crashed")


def test_fuzz_mutated_scenarios_are_refused_with_a_path_or_survive_play(tmp_path, capsys):
    files = sources()
    counts = {"files tried": 0, "refused": 0, "accepted": 0, "distinct positions": 0,
              "survived": 0, f"played {ACTIONS} actions or to the end": 0,
              "played fewer (time box)": 0, "tracebacks": 0, "accepted then crashed": 0,
              "dead ends": 0, "round-trip failures": 0}
    failures: list[str] = []
    accepted: dict[str, tuple[int, str, str]] = {}  # position -> (seed, source, mutation)
    begun, cpu = time.perf_counter(), time.process_time()
    for i in range(FILES):
        seed = SEED + i
        name, text = files[i % len(files)]
        raw, what = mutate(random.Random(seed), text)
        path = tmp_path / f"fuzz-{seed}.yaml"
        path.write_bytes(raw)
        counts["files tried"] += 1
        try:
            game = refused_or_accepted(path, raw)
        except Exception:
            counts["tracebacks"] += 1
            failures.append(_save(seed, name, what, raw, traceback.format_exc()))
            continue
        if game is None:
            counts["refused"] += 1
            continue
        counts["accepted"] += 1
        accepted.setdefault(game.to_scenario(with_actions=True), (seed, name, what))
    counts["distinct positions"] = len(accepted)
    deadline = begun + SECONDS
    for text, (seed, name, what) in accepted.items():
        budget = ACTIONS if time.perf_counter() < deadline else 5
        try:
            played = survives(load_scenario_text(text), seed, budget)
        except Exception as exc:
            counts[failure_kind(exc)] += 1
            failures.append(_save(seed, name, what, text.encode(), traceback.format_exc()))
            continue
        counts["survived"] += 1
        full = budget == ACTIONS or played < budget
        counts[f"played {ACTIONS} actions or to the end" if full else "played fewer (time box)"] += 1
    counts["seconds"] = round(time.perf_counter() - begun, 1)
    counts["cpu seconds"] = round(time.process_time() - cpu, 1)
    with capsys.disabled():
        print(f"\nscenario fuzz (seed {SEED}): " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    assert counts["files tried"] >= FILES
    assert not failures, f"{len(failures)} file(s) crashed:\n" + "\n".join(failures[:5])


def _save(seed: int, name: str, what: str, raw: bytes, trace: str) -> str:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"fuzz-{seed}-{name}.yaml"
    path.write_bytes(raw)
    return f"--- seed {seed} ({name}: {what}) saved as {path}\n{trace}"
