"""Seeded games play move for move as recorded (tests/golden/seeded-games.json).

The engine's speed work must not change play: the same seeds give the same moves and scores as
the recording (re-record with tests/support/record_seeded_games.py only for an intended rules change).
"""

from __future__ import annotations

import json

import pytest
from record_seeded_games import GOLDEN, SOLO, STANDARD, solo_game, standard_game

RECORDED = json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(len(STANDARD)))
def test_seeded_random_game_plays_as_recorded(index: int) -> None:
    assert standard_game(*STANDARD[index]) == RECORDED["standard"][index]


@pytest.mark.parametrize("index", range(len(SOLO)))
def test_seeded_greedy_solo_game_plays_as_recorded(index: int) -> None:
    assert solo_game(*SOLO[index]) == RECORDED["solo"][index]
