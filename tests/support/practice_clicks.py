"""Playing a practice table without a browser: the first plain choice of the stepper, as a click
on its button sends it."""

from __future__ import annotations

from obsession_nb.tutor.views import PracticeTable


def click_first(table: PracticeTable) -> None:
    """Choose the stepper's first choice that is neither refused nor a special action."""
    choices = table.stepper.choices
    notation = next(c["notation"] for g in choices.groups for c in g["choices"]
                    if not c["refused"] and not c["special"])
    choices._message(None, {"event": "choose", "notation": notation,
                            "position": choices.position}, None)
