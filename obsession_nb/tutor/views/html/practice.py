"""The practice table's own HTML: its status line, the coach's box and the block a finished game
shows first (the result chart, the teams, the turns that cost the most, the scoresheet).  The
coach's review and hint are the practice layer's (practice/coach_html.py), shown inside these.
Every text escaped."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, partial
from html import escape

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.base.render import element, item_list
from obsession_nb.engine.scoring import Scoresheet
from obsession_nb.practice.coach_html import TurnReview, review_html
from obsession_nb.practice.speech import ENGLISH, Speech
from obsession_nb.practice.speech import WORDS as COACH_WORDS
from obsession_nb.tutor.views.engine_words import engine_words
from obsession_nb.tutor.views.html.result import result_html, sheet_html
from obsession_nb.tutor.views.words import panel_words, words


def coach_words(lang: str | None = None) -> dict[str, str]:
    """The words of the coach's advice (``practice/speech.py`` ``WORDS``) in ``lang``
    (``content/i18n/<lang>/widgets.yaml``, section ``coach``)."""
    return words(lang, {"coach": COACH_WORDS})["coach"]


def coach_speech(lang: str | None = None) -> Speech:
    """The coach's advice said in ``lang``: its words (:func:`coach_words`), the scoresheet's
    rows (PANELS ``scoresheet``), the engine's words for an action and the catalog's names in
    ``lang`` (``base.i18n.tr``: a name the glossary lacks stays English)."""
    return _speech(resolve(lang))


@cache
def _speech(lang: str) -> Speech:
    if lang == "en":
        return ENGLISH
    return Speech(lang, coach_words(lang), panel_words("scoresheet", lang), engine_words(lang),
                  partial(tr, lang=lang))


def status_html(text: str, *, note: str = "", ready: bool = False, log: int | None = None,
                position: int | None = None) -> str:
    """The status line: ``text``, then ``note`` in italics; ``ready`` once the buttons of your
    move are out, with the log's length and those buttons' ``position`` (the page waits on
    them)."""
    extra = f" {element('i', escape(note))}" if note else ""
    return element("div", escape(text) + extra,
                   class_="onb-practice-status-text" + (" onb-ready" if ready else ""),
                   data_log=log, data_position=position)


def coach_box_html(last: TurnReview | None, words: Mapping[str, str],
                   speech: Speech = ENGLISH) -> str:
    """The coach's box: the review of your last turn (none yet before your first), in the
    table's ``words`` (``obsession_nb/tutor/views/words.py`` PANELS) and said by ``speech``."""
    said = (f"{_text(words['last_turn'])}{review_html(last, speech)}" if last else
            _text(words["first_turn"]))
    return element("div", f"<b>{_text(words['coach'])}</b>{said}", class_="onb-coach")


def _text(words: str) -> str:
    """Words as HTML text (quotes need no escaping outside an attribute)."""
    return escape(words, quote=False)


def final_html(sheet: Scoresheet, worst: Sequence[TurnReview], teams: Sequence[str],
               words: Mapping[str, str], speech: Speech = ENGLISH) -> str:
    """A finished game: the result, each team's total (Competitive Team Play), your costliest
    turns, and the scoresheet behind a click (headings in the table's ``words``, the result
    and the reviews in ``speech`` 's language)."""
    turns = [escape(words["turn_round"].format(round=r.round))
             + ("" if r.close else f"<b>{r.cost:.1f} VP</b> — ")
             + escape(r.summary(speech)) for r in worst]
    parts = [result_html(sheet, speech.lang)]
    if teams:
        parts.append(element("h3", escape(words["teams"]))
                     + item_list(map(escape, teams), class_="onb-teams"))
    if turns:
        parts.append(element("h3", escape(words["costliest"])) + item_list(turns, "ol"))
    table = sheet_html(sheet, speech.lang)
    parts.append(element("details", element("summary", escape(words["scoresheet"])) + table))
    return element("div", "".join(parts), class_="onb-final")
