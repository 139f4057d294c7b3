"""The engine's words in a view's language: the pending prompt, each choice group's heading and
each choice's label, as the stepper, its choices and the practice table show them.  The English
is the engine's own (``engine.positions.view.PROMPT_WORDS``, ``engine.records.naming.WORDS``,
each action kind's ``heading``); the Japanese is in ``content/i18n/ja/widgets.yaml`` under the
same sections and keys (:func:`engine_words`), and a catalog name inside a label is put in the
view's language as the board puts it (``obsession_nb.base.i18n.tr``)."""

from __future__ import annotations

from functools import cache, partial
from typing import TYPE_CHECKING

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.engine.positions.view import PROMPT_WORDS
from obsession_nb.engine.records import naming
from obsession_nb.engine.records.notation import action_types
from obsession_nb.modes.tableau.rules import STEP_WORDS as TABLEAU_STEPS
from obsession_nb.tutor.views.words import words

if TYPE_CHECKING:
    from obsession_nb.engine.game import Game
    from obsession_nb.engine.records.actions import Action

VP_FAVOURS = ("hire_or_recruit_1", "invite_prestige", "money_300", "objective_draw_2_keep_1",
              "reclaim_guest", "refresh_all_service", "refresh_market", "reputation_2",
              "unlimited_purchases")
"""The favours a VP card grants, by id (the catalog's ``vp_cards``): said as spelt in English."""
TOKENS = ("screen", "dismiss", "available", "expended", "quarters", "study", "hall")
"""The arguments that are words, not names (the lady's choice, a servant's box or place):
said as written in English."""


@cache
def english() -> dict[str, dict[str, str]]:
    """The engine's words in English, by section: the prompt's (``prompt``, ``step``, ``kind``),
    the choices' (``action``, ``shape``, ``named``, ``hidden``), each verb's ``heading``
    (``special``: the special actions together), each ``vp_favour``, the ``token`` s said as
    words and Tableau Obsession's decisions before the turns (``mode_step``)."""
    headings = {verb: kind.heading for verb, kind in action_types().items() if kind.heading}
    return {**{k: dict(v) for k, v in PROMPT_WORDS.items()},
            **{k: dict(v) for k, v in naming.WORDS.items()},
            "heading": {**headings, "special": naming.SPECIAL_HEADING},
            "vp_favour": {f: f.replace("_", " ") for f in VP_FAVOURS},
            "token": {t: t for t in TOKENS}, "mode_step": dict(TABLEAU_STEPS)}


@cache
def engine_words(lang: str) -> dict[str, dict[str, str]]:
    """:func:`english` in ``lang`` (``content/i18n/<lang>/widgets.yaml``)."""
    return words(lang, english())


def prompt(game: Game, lang: str | None = None) -> str:
    """The pending decision in words (``Game.pending``'s prompt) in ``lang``."""
    lang = resolve(lang)
    return str(game.pending(None if lang == "en" else engine_words(lang))["prompt"])


def title(verb: str, lang: str | None = None) -> str:
    """The heading of ``verb``'s group of choices in ``lang``."""
    lang = resolve(lang)
    english = naming.heading(verb)
    if lang == "en":
        return english
    key = "special" if verb in naming.SPECIAL_VERBS else verb
    return engine_words(lang)["heading"].get(key, english)


def label(game: Game, action: Action | str, lang: str | None = None) -> str:
    """A choice button's words in ``lang`` (``naming.action_label``)."""
    lang = resolve(lang)
    if lang == "en":
        return naming.action_label(game, action)
    return naming.action_label(game, action, engine_words(lang), partial(tr, lang=lang))


def described(game: Game, action: Action | str, lang: str | None = None) -> str:
    """An action in words, heading and all, in ``lang`` (``naming.describe``)."""
    lang = resolve(lang)
    if lang == "en":
        return naming.describe(game, action)
    return naming.describe(game, action, engine_words(lang), partial(tr, lang=lang))
