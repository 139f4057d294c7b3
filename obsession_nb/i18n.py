"""UI labels in another language (``content/i18n/<lang>.yaml``): ``lang="ja"`` on the widgets,
``--lang ja`` on the CLI.

Only labels are translated: step names, zones, headings and the component names the Japanese
summary names.  Text with no translation stays in English (never an id); rulings stay English.
"""

from __future__ import annotations

import re
from functools import cache

from obsession_nb import yamlio
from obsession_nb.resources import content_dir

LANGUAGES = ("en", "ja")


@cache
def glossary(lang: str) -> dict[str, str]:
    """English label -> translation for ``lang`` (empty for English)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language '{lang}'; choose from {', '.join(LANGUAGES)}")
    if lang == "en":
        return {}
    data = yamlio.load((content_dir() / "i18n" / f"{lang}.yaml").read_text(encoding="utf-8"))
    return {str(k): str(v) for section in data["sections"] for k, v in section["terms"].items()}


@cache
def _pattern(lang: str) -> re.Pattern[str] | None:
    terms = sorted(glossary(lang), key=len, reverse=True)
    if not terms:
        return None
    return re.compile("|".join(rf"(?<![\w']){re.escape(t)}(?![\w'])" for t in terms))


def tr(text: str, lang: str = "en") -> str:
    """``text`` in ``lang``: the whole label if the glossary has it, else each component name
    inside it translated (``Hall Boy → the activity tile`` -> ``ホールボーイ → the activity tile``);
    anything else stays English."""
    words = glossary(lang)
    if not words or not text:
        return text
    if text in words:
        return words[text]
    pattern = _pattern(lang)
    assert pattern is not None
    return pattern.sub(lambda m: words[m.group(0)], text)


def ui_labels(labels: dict[str, str], lang: str = "en") -> dict[str, str]:
    """A widget's label table (key -> English) in ``lang``."""
    return {key: tr(text, lang) for key, text in labels.items()}
