"""UI labels in another language (``content/i18n/<lang>.yaml``): ``lang="ja"`` on the widgets,
``--lang ja`` on the CLI.

Only labels are translated: step names, zones, headings and the component names the Japanese
summary names.  Text with no translation stays in English (never an id); rulings stay English.
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
    from obsession_nb import yamlio
    from obsession_nb.resources import content_dir  # here: pathlib is not needed for --help

    return yamlio.load((content_dir() / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))


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


def tr(text: str, lang: str | None = "en") -> str:
    """``text`` in ``lang``: the whole label if the glossary has it, else each component name
    inside it translated (``Hall Boy → the activity tile`` -> ``ホールボーイ → the activity tile``);
    anything else stays English."""
    lang = resolve(lang)
    words = glossary(lang)
    if not words or not text:
        return text
    if text in words:
        return words[text]
    pattern = _pattern(lang)
    return pattern.sub(lambda m: words[m.group(0)], text) if pattern else text


def ui_labels(labels: dict[str, str], lang: str | None = "en") -> dict[str, str]:
    """A widget's label table (key -> English) in ``lang``."""
    return {key: tr(text, lang) for key, text in labels.items()}
