"""Narration of log entries and verdicts for notebook cells whose output nbval checks: plain
text, and the same entries as collapsible panels (``show_entries``) with that text beside them
(the widgets show the same rulings in the browser)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from obsession_nb.game import Verdict
    from obsession_nb.state import LogEntry


def entries_text(entries: list[LogEntry]) -> str:
    lines: list[str] = []
    for entry in entries:
        auto = entry.action.startswith("(")
        lines.append(f"  {entry.action}" if auto else f"> {entry.action}")
        for r in entry.rulings:
            lines.append(f"    - {r['verdict']}")
            lines.append(f"        [{r['rule']}] {r['citation']}")
    return "\n".join(lines)


def print_entries(entries: list[LogEntry]) -> None:
    """Print what an action did: the action, then each automatic step, with every ruling."""
    print(entries_text(entries))


def print_verdict(verdict: Verdict) -> None:
    """Print a check's verdict and the rulings behind it."""
    print(f"{verdict.action}: {'LEGAL' if verdict.legal else 'ILLEGAL'}")
    for r in verdict.rulings:
        print(f"    - {r.verdict}")
        print(f"        [{r.rule}] {r.citation}")


class RulingSteps:
    """Log entries as collapsible step-by-step panels: one line per action (its first ruling),
    opened to show every ruling with its rule id and citation.  Plain text outside a notebook."""

    def __init__(self, entries: list[LogEntry]) -> None:
        self.entries = list(entries)

    def __repr__(self) -> str:
        return entries_text(self.entries)

    def _repr_html_(self) -> str:
        from obsession_nb.render import steps_html

        return steps_html(self.entries)


def show_entries(entries: list[LogEntry]) -> None:
    """Show what an action did as collapsible panels in a notebook (printed text elsewhere)."""
    from IPython.display import display

    display(RulingSteps(entries))
