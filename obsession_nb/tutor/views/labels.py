"""The log of a game as the rulings widget draws it (its actions named, obsession_nb.engine.records.naming),
and the rules' hover text, in the view's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from obsession_nb.data.rules import rule
from obsession_nb.data.translations import rule_text, ruling_json
from obsession_nb.tutor.views.engine_words import auto_label, label

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.state import LogEntry


def rule_words(rule_id: str, lang: str = "en") -> tuple[str, str]:
    """A rule's title and summary in ``lang`` (English where it has no translation): the hover
    text of its id."""
    said = rule_text(rule_id, lang) or rule(rule_id)
    return said.title, said.summary


def entry_json(game: Game, entry: LogEntry, lang: str = "en") -> dict[str, Any]:
    """A log entry as the rulings widget draws it; in another language than English each ruling
    carries ``text``, the ruling in it (obsession_nb/data/translations.py)."""
    auto = entry.action.startswith("(")
    who = None
    if entry.player is not None and 0 <= entry.player < len(game.state.players):
        who = game.table.seat_name(entry.player)
    return {
        "action": entry.action.strip("()") if auto else entry.action,
        "label": auto_label(entry.action.strip("()"), lang) if auto else label(
            game, entry.action, lang),
        "who": None if auto else who,
        "auto": auto,
        "rulings": [ruling_json(r, lang) for r in entry.rulings],
    }


def rule_info(rule_id: str, lang: str = "en") -> dict[str, str]:
    """A rule's title and summary in ``lang``: the name a screen reader reads for its rule-id
    chip, and the chip's hover text and card (``widgets/common.js`` ``ruleChip``)."""
    title, summary = rule_words(rule_id, lang)
    return {"title": title, "summary": summary}
