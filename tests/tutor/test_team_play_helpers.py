"""Tutorial 06's helpers (tutor/team_play.py): the seating as rows and the team-play rulings
of a turn (team.seating, team.*, ruling.team-*)."""

from __future__ import annotations

import pytest

import obsession_nb as onb
from obsession_nb.modes.team.seating import TEAM_RULINGS


@pytest.mark.rule("team.seating")
def test_team_seating_rows_put_partners_across_the_table() -> None:
    game = onb.load_position("team-play-4p")
    rows = onb.seating(game.state)
    assert [row["seat"] for row in rows] == ["p1", "p2", "p3", "p4"]
    names = [row["player"] for row in rows]
    assert [row["partner"] for row in rows] == [names[2], names[3], names[0], names[1]]
    assert [row["team"] for row in rows] == [1, 2, 1, 2]


def test_team_rulings_keep_only_team_plays_rulings_with_their_action() -> None:
    game = onb.load_position("team-play-4p")
    start = game.snapshot()
    game.play(game.recorded)
    entries = game.turn_summary(since=start).entries
    rows = onb.team_rulings(entries)
    every = [(e.action, r["rule"]) for e in entries for r in e.rulings]
    assert rows and len(rows) < len(every)
    assert all(row["rule"].startswith("team.") or row["rule"] in TEAM_RULINGS for row in rows)
    assert {(row["action"], row["rule"]) for row in rows} <= set(every)
    assert any(row["action"].startswith("ask-servant") for row in rows)
