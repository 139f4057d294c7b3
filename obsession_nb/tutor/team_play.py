"""Tutorial 06's helpers for Competitive Team Play: the seating as rows, and the team-play
rulings of some log entries (rules team.*; rulings ruling.team-*).  The rules themselves are in
``modes/team/``."""

from __future__ import annotations

from typing import Any

from obsession_nb.engine.records.state import LogEntry, State
from obsession_nb.modes.team.seating import TEAM_RULINGS, team_of, teammate


def seating(state: State) -> list[dict[str, Any]]:
    """One row per seat, clockwise: the player, the team and the partner (team.seating)."""
    return [{"seat": f"p{s + 1}", "player": p.name, "team": team_of(state, s) + 1,
             "partner": state.players[teammate(state, s)].name}
            for s, p in enumerate(state.players)]


def team_rulings(entries: list[LogEntry]) -> list[dict[str, str]]:
    """The team-play rulings of some log entries, with the action that gave them: who lent
    what, and where each visiting favour went (team.*)."""
    return [{"action": e.action, "rule": r["rule"], "verdict": r["verdict"]}
            for e in entries for r in e.rulings
            if r["rule"].startswith("team.") or r["rule"] in TEAM_RULINGS]
