"""Narration of log entries and verdicts for notebook cells whose output nbval checks: plain
text, and the same entries as collapsible panels (``show_entries``) with that text beside them
(the widgets show the same rulings in the browser); a player's purse and servants, the market
and the legal actions as text, by name."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from obsession_nb.data.rules import Ruling
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.state import LogEntry
    from obsession_nb.engine.records.verdict import Verdict


def _only(entries: list[LogEntry], only: str | Iterable[str] | None) -> list[LogEntry]:
    """The entries of these actions (e.g. ``"(AI scavenging)"``); all of them for ``None``."""
    if only is None:
        return list(entries)
    keep = {only} if isinstance(only, str) else set(only)
    return [e for e in entries if e.action in keep]


def entries_text(entries: list[LogEntry], rules: tuple[str, ...] | None = None) -> str:
    """The entries and their rulings as text (only rulings whose id starts with one of
    ``rules``, and the entries that have one, if given)."""
    lines: list[str] = []
    for entry in entries:
        shown = [r for r in entry.rulings if rules is None or r["rule"].startswith(rules)]
        if rules is not None and not shown:
            continue
        auto = entry.action.startswith("(")
        lines.append(f"  {entry.action}" if auto else f"> {entry.action}")
        for r in shown:
            lines.append(f"    - {r['verdict']}")
            lines.append(f"        [{r['rule']}] {r['citation']}")
    return "\n".join(lines)


def print_entries(entries: list[LogEntry], *, only: str | Iterable[str] | None = None,
                  rules: tuple[str, ...] | None = None) -> None:
    """Print what an action did: the action, then each automatic step, with every ruling
    (``only`` these actions' entries; ``rules``: only rulings whose id starts so)."""
    print(entries_text(_only(entries, only), rules))


def print_rulings(rulings: Iterable[Ruling]) -> None:
    """Print rulings one a line: the verdict, then the rule id."""
    for r in rulings:
        print(f"- {r.verdict}  [{r.rule}]")


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
        from obsession_nb.tutor.views.html import steps_html

        return steps_html(self.entries)


def show_entries(entries: list[LogEntry], *, only: str | Iterable[str] | None = None) -> None:
    """Show what an action did as collapsible panels in a notebook (printed text elsewhere);
    ``only`` these actions' entries (``"(AI scavenging)"``), if given."""
    from IPython.display import display

    display(RulingSteps(_only(entries, only)))


def print_legal(game: Game) -> None:
    """Print the pending decision's legal actions: the notation to type, then what each does."""
    for action in game.legal_actions():
        print(f"{action.notation:45} {action.summary}")


def print_player(game: Game, seat: int = 0) -> None:
    """Print one player's money, reputation and servants (by zone, named)."""
    p = game.state.players[seat]
    table = game.table
    print(f"{table.seat_name(seat)}: £{p.money}, reputation {table.wheel.describe(p.reputation)}")
    for zone, title in (("available", "Available Service"), ("quarters", "Servants' Quarters"),
                        ("expended", "Expended Service")):
        print(f"  {title}: " + (", ".join(map(table.servant_name, p.servants.zone(zone)))
                                or "none"))


def print_market(game: Game) -> None:
    """Print the Builders' Market (each space's top tile, £300 space first) and the service
    reserve, by name."""
    view = game.view()["supply"]
    print("market:", ", ".join(space["tiles"][0]["name"] if space["tiles"] else "(empty)"
                               for space in view["market"]))
    print("service reserve:", ", ".join(t["name"] for t in view["service_reserve"]["tiles"])
          or "(empty)")
