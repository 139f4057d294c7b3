"""Record the seeded random and greedy-solo games that tests/engine/test_seeded_games.py replays.

Run by hand (``.venv/bin/python tests/support/record_seeded_games.py``) only when a rules change is meant
to change play; the engine refactors must leave these games move-for-move the same.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from obsession_nb.modes.solo.game import play_solo
from obsession_nb.players.simulate import simulate

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "seeded-games.json"

STANDARD = [  # players, seed, extended, expansion
    (2, 1, False, True), (3, 2, True, True), (4, 3, False, True),
    (4, 4, False, False), (5, 5, True, True), (6, 6, False, True),
]
SOLO = [(1, False), (2, True)]  # seed, extended


def digest(moves: list[str]) -> str:
    return hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]


def standard_game(players: int, seed: int, extended: bool, expansion: bool) -> dict[str, Any]:
    sim = simulate(players, seed, extended=extended, expansion=expansion)
    moves = [e.action for e in sim.game.log]
    return {"players": players, "seed": seed, "extended": extended, "expansion": expansion,
            "actions": sim.actions, "moves": digest(moves),
            "totals": [s["total"] for s in sim.scoresheet.to_json()]}


def solo_game(seed: int, extended: bool) -> dict[str, Any]:
    run = play_solo(seed, extended=extended, strategy="greedy")
    result = run.to_json()
    return {"seed": seed, "extended": extended, "actions": len(run.actions),
            "moves": digest(run.actions), "score": result["score"],
            "adjusted": result["adjusted"]}


def record() -> dict[str, Any]:
    return {"standard": [standard_game(*g) for g in STANDARD],
            "solo": [solo_game(*g) for g in SOLO]}


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")
