"""Golden playthroughs (DESIGN "Tests worth having"): for each worked scenario, the pending
decision, the legal actions and the rulings at every recorded step, compared with a stored record.

A change in move generation or in a ruling shows up here.  After a deliberate change, regenerate
with ``ONB_REGOLD=1 pytest tests/engine/test_golden_playthroughs.py`` and review the diff.
"""

import json
import os
from pathlib import Path

import pytest

from obsession_nb import load_position
from obsession_nb.base.resources import content_dir

GOLDEN = Path(__file__).parents[1] / "golden"
WORKED = ["refresher-round-6", "howard-drawing-room", "howard-supplemental-service",
          "servant-draft-5p", "first-player-rotation-5p", "builders-holiday-three-purchases",
          "team-play-4p"]


def playthrough(name: str) -> list[dict]:
    game = load_position(content_dir() / "scenarios" / f"{name}.yaml")
    steps = []
    for action in game.recorded:
        pending = game.pending()["prompt"]
        legal = sorted(a.notation for a in game.legal_actions())
        entries = game.apply(action)
        steps.append({
            "pending": pending,
            "legal": legal,
            "action": action,
            "rulings": [[r["rule"], r["verdict"]] for e in entries for r in e.rulings],
        })
    steps.append({"final_pending": game.pending()["prompt"],
                  "legal": sorted(a.notation for a in game.legal_actions())})
    return steps


@pytest.mark.parametrize("name", WORKED)
def test_golden_playthrough(name: str) -> None:
    if not (content_dir() / "scenarios" / f"{name}.yaml").exists():
        pytest.fail(f"worked scenario {name} is missing")
    path = GOLDEN / f"{name}.json"
    actual = playthrough(name)
    if os.environ.get("ONB_REGOLD"):
        path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert len(actual) == len(expected)
    for i, (got, want) in enumerate(zip(actual, expected, strict=True)):
        assert got == want, f"{name}: step {i} ({want.get('action')}) differs"
