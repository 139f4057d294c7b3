"""The log of a game as the rulings widget draws it (its actions named, obsession_nb.engine.naming)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import rule
from obsession_nb.engine.naming import action_label

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.state import LogEntry


def entry_json(game: Game, entry: LogEntry) -> dict[str, Any]:
    """A log entry as the rulings widget draws it."""
    auto = entry.action.startswith("(")
    who = None
    if entry.player is not None and 0 <= entry.player < len(game.state.players):
        who = game.table.seat_name(entry.player)
    return {
        "action": entry.action.strip("()") if auto else entry.action,
        "label": None if auto else action_label(game, entry.action),
        "who": None if auto else who,
        "auto": auto,
        "rulings": [dict(r) for r in entry.rulings],
    }


def rule_info(rule_id: str) -> dict[str, str]:
    """A rule's title and summary: the name a screen reader reads for its rule-id chip, and the
    chip's hover text and card (``widgets/common.js`` ``ruleChip``)."""
    entry = rule(rule_id)
    return {"title": entry.title, "summary": entry.summary}
