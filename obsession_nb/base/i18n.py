"""UI labels in another language (``content/i18n/<lang>.yaml``): ``lang="ja"`` on the widgets,
``--lang ja`` on the CLI.

Here only labels are translated: step names, zones, headings and the component names the
Japanese summary names.  A label with no translation stays in English (never an id).  The rules
layer (rule entries, glossary, casebook) has its own files, ``content/i18n/<lang>/``, read by
``obsession_nb/data/translations.py``; rulings and refusals show in the chosen language there
(the rule's title, the verdict's particulars named with :func:`names`), while the engine's English
verdict stays the record beside them.
"""

from __future__ import annotations

import os
import re
from functools import cache

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (the CLI's fast start)
if TYPE_CHECKING:
    from typing import Any

LANGUAGES = ("en", "ja")
LANG_ENV = "OBSESSION_NB_LANG"
"""Environment variable for the default language (``obsession-nb lab --lang ja`` sets it)."""


def resolve(lang: str | None) -> str:
    """``lang``, or the default from ``OBSESSION_NB_LANG``, or English."""
    lang = lang or os.environ.get(LANG_ENV) or "en"
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}'; choose from {', '.join(LANGUAGES)}")
    return lang


@cache
def glossary(lang: str) -> dict[str, str]:
    """English label -> translation for ``lang`` (empty for English)."""
    if resolve(lang) == "en":
        return {}
    return {
        str(k): str(v) for section in _data(lang)["sections"] for k, v in section["terms"].items()
    }


@cache
def _data(lang: str) -> dict[str, Any]:
    from obsession_nb.base import yamlio
    from obsession_nb.base.resources import content_dir  # here: pathlib is not needed for --help

    data: dict[str, Any] = yamlio.load(
        (content_dir() / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
    return data


@cache
def names(lang: str) -> dict[str, str]:
    """The component names also translated inside longer labels (sections ``in_phrases``)."""
    if resolve(lang) == "en":
        return {}
    return {
        str(k): str(v)
        for section in _data(lang)["sections"]
        if section.get("in_phrases")
        for k, v in section["terms"].items()
    }


@cache
def _pattern(lang: str) -> re.Pattern[str] | None:
    terms = sorted(names(lang), key=len, reverse=True)
    if not terms:
        return None
    return re.compile("|".join(rf"(?<![\w']){re.escape(t)}(?![\w'])" for t in terms))


_JAPANESE = r"[\u3040-\u30ff\u4e00-\u9fff]"
_LATIN_RUN = r"[A-Za-z][A-Za-z' ]*"
"""Patterns compiled on first use (``re``'s cache), not at import: ``--help`` reads this module."""


@cache
def phrases(lang: str) -> dict[str, str]:
    """English label template (``"Refresh {}"``) -> the template in ``lang``."""
    if resolve(lang) == "en":
        return {}
    return {str(k): str(v) for section in _data(lang).get("phrases", [])
            for k, v in section["terms"].items()}


def mixed(text: str) -> bool:
    """Whether ``text`` mixes Japanese with English words: a lowercase English word that is
    not inside a name ("of" in "Marquess of Tetbury" is; "for" in "for ホールボーイ" is not)."""
    if not re.search(_JAPANESE, text):
        return False
    for run in re.findall(_LATIN_RUN, text):
        words = run.split()
        capital = [w[0].isupper() for w in words]
        for i, word in enumerate(words):
            if word[0].islower() and len(word) > 1 and not (
                    any(capital[:i]) and any(capital[i + 1:])):
                return True
    return False


def tr(text: str, lang: str | None = "en") -> str:
    """``text`` in ``lang``: the whole label if the glossary has it, a phrase template around a
    translated name, else each component name inside it translated
    (``Cook → the activity tile`` -> ``コック → アクティビティタイル``).  A label that would
    mix languages (``Refresh メイド``, ``for ホールボーイ``) stays English, as does anything else."""
    lang = resolve(lang)
    words = glossary(lang)
    if not words or not text:
        return text
    if text in words:
        return words[text]
    for english, translated in phrases(lang).items():
        head, _, tail = english.partition("{}")
        if text.startswith(head) and text.endswith(tail) and len(text) > len(head + tail):
            inner = tr(text[len(head):len(text) - len(tail)], lang)
            if re.search(_JAPANESE, inner) and not mixed(inner):
                return translated.replace("{}", inner)
    pattern = _pattern(lang)
    done = pattern.sub(lambda m: words[m.group(0)], text) if pattern else text
    return text if mixed(done) else done

