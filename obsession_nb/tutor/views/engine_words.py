"""The engine's words in a view's language: the pending prompt, each choice group's heading and
each choice's label, as the stepper, its choices and the practice table show them, and why a
text is no action (:func:`notation_words`).  The English
is the engine's own (``engine.positions.view.PROMPT_WORDS``, ``engine.records.naming.WORDS``,
each action kind's ``heading``); the Japanese is in ``content/i18n/ja/widgets.yaml`` under the
same sections and keys (:func:`engine_words`), and a catalog name inside a label is put in the
view's language as the board puts it (``obsession_nb.base.i18n.tr``)."""

from __future__ import annotations

import re
from functools import cache, partial
from typing import TYPE_CHECKING

from obsession_nb.base.i18n import resolve, tr
from obsession_nb.data.catalog import stated_catalog
from obsession_nb.data.rules import NOTATION_WORDS
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
TOKENS = ("screen", "dismiss", "available", "expended", "quarters", "study", "hall", "more",
          "fewer", "host", "teammate")
"""The arguments that are words, not names (the lady's choice, a servant's box or place, the
Carriage House's change, who enjoys a teammate's guest's favours): said as written in
English."""
AUTO = {"setup": "setup", "rotate": "step 1: rotate service",
        "pass_reclaim": "pass: refresh and reclaim", "step2": "step 2: round track and monuments",
        "step2_draw": "step 2: round track", "village_fair": "step 2: village fair",
        "favours": "step 6: enjoy favours", "clear": "step 8: clear the board",
        "round_end": "end of round {round}", "round_begins": "round {round} begins",
        "prestige_limit": "six-prestige-guest limit", "courtship": "courtship {number}",
        "season_end": "end of season", "game_end": "end of the game",
        "tableau_round_end": "end of the round", "ai_card": "AI card",
        "ai_scavenging": "AI scavenging", "challenge_stops": "the challenge stops"}
"""What the engine did by itself, as its log names it (``Table.auto``; ``(setup)`` first):
the log keeps the English, a view in another language shows its words beside it."""


@cache
def english() -> dict[str, dict[str, str]]:
    """The engine's words in English, by section: the prompt's (``prompt``, ``step``, ``kind``),
    each kind's ``heading`` and label (``choice``, by verb), the shapes and names around the
    choices' arguments (``shape``, ``named``, ``hidden``), each ``vp_favour``, each packaged
    family's bonus (``family_bonus``, by family id), the ``token`` s
    said as words, Tableau Obsession's decisions before the turns (``mode_step``) and what the
    engine did by itself (``auto``)."""
    kinds = action_types().items()
    return {**{k: dict(v) for k, v in PROMPT_WORDS.items()},
            **{k: dict(v) for k, v in naming.WORDS.items()},
            "heading": {verb: kind.heading for verb, kind in kinds if kind.heading},
            "choice": {verb: kind.label for verb, kind in kinds if kind.label},
            "vp_favour": {f: f.replace("_", " ") for f in VP_FAVOURS},
            "family_bonus": {f.id: f.bonus.rstrip(".")
                             for f in stated_catalog().families.values()},
            "token": {t: t for t in TOKENS}, "mode_step": dict(TABLEAU_STEPS), "auto": AUTO}


@cache
def engine_words(lang: str) -> dict[str, dict[str, str]]:
    """:func:`english` in ``lang`` (``content/i18n/<lang>/widgets.yaml``)."""
    return words(lang, english())


@cache
def notation_words(lang: str) -> dict[str, dict[str, str]]:
    """Why a text is no action (``data.rules.NOTATION_WORDS``: ``BadNotation.said``) in
    ``lang`` (``content/i18n/<lang>/widgets.yaml``, the same sections)."""
    return words(lang, NOTATION_WORDS)


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
    return engine_words(lang)["heading"].get(verb, english)


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


@cache
def _auto_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((key, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>\\d+)", re.escape(text))))
                 for key, text in AUTO.items())


def auto_label(text: str, lang: str | None = None) -> str | None:
    """What the engine did by itself (a log entry's ``(…)`` text, :data:`AUTO`) in ``lang``;
    ``None`` in English (the log's own words) or for a text it does not know."""
    lang = resolve(lang)
    if lang == "en":
        return None
    for key, pattern in _auto_patterns():
        found = pattern.fullmatch(text)
        if found:
            return engine_words(lang)["auto"][key].format_map(found.groupdict())
    return None
