"""The practice table's own HTML: its status line, the coach's box and the block a finished game
shows first (the result chart, the teams, the turns that cost the most, the scoresheet).  The
coach's review and hint are the practice layer's (practice/coach_html.py), shown inside these.
Every text escaped."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from obsession_nb.base.render import element, item_list
from obsession_nb.engine.scoring import Scoresheet
from obsession_nb.practice.coach_html import TurnReview, review_html
from obsession_nb.tutor.views.html.result import result_html


def status_html(text: str, *, note: str = "", ready: bool = False, log: int | None = None,
                position: int | None = None) -> str:
    """The status line: ``text``, then ``note`` in italics; ``ready`` once the buttons of your
    move are out, with the log's length and those buttons' ``position`` (the page waits on
    them)."""
    extra = f" {element('i', escape(note))}" if note else ""
    return element("div", escape(text) + extra,
                   class_="onb-practice-status-text" + (" onb-ready" if ready else ""),
                   data_log=log, data_position=position)


def coach_box_html(last: TurnReview | None) -> str:
    """The coach's box: the review of your last turn (none yet before your first)."""
    said = (f" — your last turn:{review_html(last)}" if last else
            ": your first turn's review will appear here.")
    return element("div", f"<b>Coach</b>{said}", class_="onb-coach")


def final_html(sheet: Scoresheet, worst: Sequence[TurnReview], teams: Sequence[str]) -> str:
    """A finished game: the result, each team's total (Competitive Team Play), your costliest
    turns, and the scoresheet behind a click."""
    turns = [f"Round {r.round}: " + ("" if r.close else f"<b>{r.cost:.1f} VP</b> — ")
             + escape(r.summary()) for r in worst]
    parts = [result_html(sheet)]
    if teams:
        parts.append(element("h3", "Teams")
                     + item_list(map(escape, teams), class_="onb-teams"))
    if turns:
        parts.append(element("h3", "The turns that cost you the most") + item_list(turns, "ol"))
    table = sheet._repr_html_() or escape(str(sheet))
    parts.append(element("details", element("summary", "Final scoresheet") + table))
    return element("div", "".join(parts), class_="onb-final")
