"""The log of a game as the rulings widget draws it (its actions named, obsession_nb.engine.records.naming)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from obsession_nb.data.translations import ruling_json
from obsession_nb.engine.records.naming import action_label

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.state import LogEntry


def entry_json(game: Game, entry: LogEntry, lang: str = "en") -> dict[str, Any]:
    """A log entry as the rulings widget draws it; in another language than English each ruling
    carries ``text``, the ruling in it (obsession_nb/data/translations.py)."""
    auto = entry.action.startswith("(")
    who = None
    if entry.player is not None and 0 <= entry.player < len(game.state.players):
        who = game.table.seat_name(entry.player)
    return {
        "action": entry.action.strip("()") if auto else entry.action,
        "label": None if auto else action_label(game, entry.action),
        "who": None if auto else who,
        "auto": auto,
        "rulings": [ruling_json(r, lang) for r in entry.rulings],
    }
