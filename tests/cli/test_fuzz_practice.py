"""Issue 47: the practice command's inputs fuzzed.  Seeded answers — numbers in and out of
range, digits of other scripts, mutated action notations, stray text, ``save`` to names that
cannot be written, ``undo``, ``board`` — are each played or refused with a message, never a
traceback, the game still saved and loaded whole; and seeded mutations of a saved practice
game are refused by ``Practice.load`` with a message naming the place (or the settings line is
read as far as it can be), or loaded and played on.

``FUZZ_ANSWERS`` (default 300) answers and ``FUZZ_SAVES`` (default 100) mutated saved games
are tried; ``FUZZ_SEED`` changes the run.  The counts printed say how many of each were played,
refused and loaded.
"""

from __future__ import annotations

import io
import os
import random
import traceback
from pathlib import Path

import pytest
from scenario_mutations import mutate

from obsession_nb import ScenarioError
from obsession_nb.cli.practice_text import run
from obsession_nb.practice.session import Practice

ANSWERS = int(os.environ.get("FUZZ_ANSWERS", "300"))
SAVES = int(os.environ.get("FUZZ_SAVES", "100"))
SEED = int(os.environ.get("FUZZ_SEED", "20261205"))
ODD = ["²", "١", "٣", "0", "-1", "+1", "1.0", "1e3", "99999999999999999999", " 1 ", "\t",
       "ｆａｍｉｌｙ", "family", "draft", "save", "save ", "save /proc/no/such.yaml",
       "save a\x00b.yaml", "save " + "x" * 300 + ".yaml", "save .", "undo", "board", "hint?",
       "quit now", "é", "\u202e1", "<script>", "' or 1=1", "{", "%s", "\\", "None"]


def answer(rng: random.Random, practice: Practice) -> str:
    legal = practice.game.legal_actions() if practice.your_move() else []
    kind = rng.random()
    if kind < 0.3 and legal:
        return str(rng.randint(1, len(legal)))  # a legal choice by number
    if kind < 0.45 and legal:
        return rng.choice(legal).notation  # a legal choice by notation
    if kind < 0.65 and legal:  # a notation with a typo
        text = list(rng.choice(legal).notation)
        i = rng.randrange(len(text))
        text[i] = rng.choice(["", text[i].upper(), "_", "é", " ", text[i] * 2])
        return "".join(text)
    if kind < 0.75:
        return str(rng.randint(-5, len(legal) + 5))
    return rng.choice(ODD)


def test_fuzz_practice_answers_are_played_or_refused_never_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    rng = random.Random(SEED)
    counts = {"answers": 0, "games": 0, "finished": 0}
    while counts["answers"] < ANSWERS:
        practice = Practice(players=rng.choice([2, 3]), seat=1, opponents="random",
                            seed=rng.randrange(10**6), coach=False)
        counts["games"] += 1
        given = 0

        def read(_prompt: str, practice: Practice = practice) -> str:
            nonlocal given
            if given >= 60 or counts["answers"] >= ANSWERS:
                raise EOFError
            given += 1
            counts["answers"] += 1
            return answer(rng, practice)

        out = io.StringIO()
        try:
            code = run(practice, read, out)
        except Exception:
            pytest.fail(f"answers of game {counts['games']} raised:\n{traceback.format_exc()}\n"
                        f"{out.getvalue()[-2000:]}")
        counts["finished"] += code == 0
        text = practice.save()
        assert Practice.load(io_path(tmp_path, text)).game.to_json() == practice.game.to_json()
    with capsys.disabled():
        print("\npractice answers fuzz: " + ", ".join(f"{k} {v}" for k, v in counts.items()))


def io_path(folder: Path, text: str) -> Path:
    path = folder / "saved.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_fuzz_saved_practice_games_are_refused_with_a_place_or_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = Practice(players=2, seat=2, opponents="random", seed=9, coach=False)
    mover = random.Random(1)
    while len([e for e in base.game.log if e.player == base.seat]) < 12:
        base.play_opponents()
        base.apply(mover.choice(base.game.legal_actions()))
    saved = base.save()
    counts = {"files": 0, "refused": 0, "loaded": 0}
    for i in range(SAVES):
        rng = random.Random(SEED + i)
        raw, what = mutate(rng, saved)
        if rng.random() < 0.3:  # the settings line too
            raw = rng.choice([b"# obsession-nb practice: seat=9 opponents=nope\n",
                              b"# obsession-nb practice: seat=-1 level=none seed=x\n",
                              b"# obsession-nb practice: \xff\n"]) + raw
        path = tmp_path / f"saved-{i}.yaml"
        path.write_bytes(raw)
        counts["files"] += 1
        try:
            loaded = Practice.load(path)
        except (ScenarioError, ValueError) as exc:
            counts["refused"] += 1
            assert str(exc), what
            continue
        except Exception:
            pytest.fail(f"file {i} ({what}) raised:\n{traceback.format_exc()}")
        counts["loaded"] += 1
        for _ in range(5):
            loaded.play_opponents()
            if loaded.over:
                break
            loaded.apply(rng.choice(loaded.game.legal_actions()))
    with capsys.disabled():
        print("\nsaved practice fuzz: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
