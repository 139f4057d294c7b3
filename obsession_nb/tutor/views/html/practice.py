"""The practice table's own HTML: its status line, the coach's box and the block a finished game
shows first (the result chart, the teams, the turns that cost the most, the scoresheet).  The
coach's review and hint are the practice layer's (practice/coach_html.py), shown inside these.
Every text escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from obsession_nb.base.render import element, item_list
from obsession_nb.engine.scoring import Scoresheet
from obsession_nb.practice.coach_html import WORDS as COACH_WORDS
from obsession_nb.practice.coach_html import TurnReview, review_html
from obsession_nb.tutor.views.html.result import result_html
from obsession_nb.tutor.views.words import words


def coach_words(lang: str | None = None) -> dict[str, str]:
    """The words around the coach's advice (``practice/coach_html.py`` ``WORDS``) in ``lang``
    (``content/i18n/<lang>/widgets.yaml``, section ``coach``)."""
    return words(lang, {"coach": COACH_WORDS})["coach"]


def status_html(text: str, *, note: str = "", ready: bool = False, log: int | None = None,
                position: int | None = None) -> str:
    """The status line: ``text``, then ``note`` in italics; ``ready`` once the buttons of your
    move are out, with the log's length and those buttons' ``position`` (the page waits on
    them)."""
    extra = f" {element('i', escape(note))}" if note else ""
    return element("div", escape(text) + extra,
                   class_="onb-practice-status-text" + (" onb-ready" if ready else ""),
                   data_log=log, data_position=position)


def coach_box_html(last: TurnReview | None, words: Mapping[str, str], coach: Mapping[str, str],
                   lang: str = "en") -> str:
    """The coach's box: the review of your last turn (none yet before your first), in the
    table's ``words`` and the ``coach`` 's (``obsession_nb/tutor/views/words.py`` PANELS)."""
    said = (f"{_text(words['last_turn'])}{review_html(last, coach, lang)}" if last else
            _text(words["first_turn"]))
    return element("div", f"<b>{_text(words['coach'])}</b>{said}", class_="onb-coach")


def _text(words: str) -> str:
    """Words as HTML text (quotes need no escaping outside an attribute)."""
    return escape(words, quote=False)


def final_html(sheet: Scoresheet, worst: Sequence[TurnReview], teams: Sequence[str],
               words: Mapping[str, str]) -> str:
    """A finished game: the result, each team's total (Competitive Team Play), your costliest
    turns, and the scoresheet behind a click (headings in the table's ``words``)."""
    turns = [escape(words["turn_round"].format(round=r.round))
             + ("" if r.close else f"<b>{r.cost:.1f} VP</b> — ")
             + escape(r.summary()) for r in worst]
    parts = [result_html(sheet)]
    if teams:
        parts.append(element("h3", escape(words["teams"]))
                     + item_list(map(escape, teams), class_="onb-teams"))
    if turns:
        parts.append(element("h3", escape(words["costliest"])) + item_list(turns, "ol"))
    table = sheet._repr_html_() or escape(str(sheet))
    parts.append(element("details", element("summary", escape(words["scoresheet"])) + table))
    return element("div", "".join(parts), class_="onb-final")
