"""Plain-text narration of log entries and verdicts, for notebook cells whose output nbval
checks (the widgets show the same rulings in the browser)."""

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
