"""The rules layer in another language: rule entries, glossary terms and casebook cases
(``content/i18n/<lang>/rules.yaml``, ``glossary.yaml``, ``casebook.yaml``).

Each file maps an English key to its text in that language, written in our own words from the
sources with the Japanese players' summary's names for the game's terms:

- ``rules.yaml``:    rule id -> ``{title, summary, terms}`` (``terms``: what players call the
  topic, searched as names of the rule);
- ``glossary.yaml``: English glossary term -> ``{term, also, says}``;
- ``casebook.yaml``: case id -> ``{question, answer}``.

``rule_text(rule_id, lang)``, ``term_text(term, lang)`` and ``case_text(case_id, lang)`` give one
entry (``None`` where it has no translation yet); ``rule_texts(lang)`` and friends give them
all.  English has no files here: its text is the rule index, the glossary and the casebook
themselves.  The files are loaded safely and checked (pydantic): unknown fields, empty text and
text with no Japanese in it are errors naming the file and the key.  That every key names an
existing rule, term or case is checked by ``tests/test_translations.py``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from obsession_nb.base import yamlio
from obsession_nb.base.i18n import LANGUAGES, resolve
from obsession_nb.base.resources import content_dir
from obsession_nb.data import content_cache

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _japanese(text: str) -> str:
    if not _JAPANESE.search(text):
        raise ValueError("has no Japanese in it")
    return " ".join(text.split())


Japanese = Annotated[str, Field(min_length=1), AfterValidator(_japanese)]
"""Non-empty text with Japanese in it (folded YAML's line breaks made single spaces)."""
Name = Annotated[str, Field(min_length=1)]


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RuleText(_Entry):
    """A rule entry's title and summary in another language, and the names players use for it."""

    title: Japanese
    summary: Japanese
    terms: tuple[Name, ...] = ()


class TermText(_Entry):
    """A glossary term in another language: its name, other names players use, a sentence."""

    term: Japanese
    also: tuple[Name, ...] = ()
    says: Japanese


class CaseText(_Entry):
    """A casebook case's question and one-sentence answer in another language."""

    question: Japanese
    answer: Japanese


FILES = {"rules": RuleText, "glossary": TermText, "casebook": CaseText}
"""File name (without ``.yaml``) -> the record each of its entries is."""


def path(lang: str, name: str) -> Path:
    """``content/i18n/<lang>/<name>.yaml``."""
    return content_dir() / "i18n" / lang / f"{name}.yaml"


@cache
def _texts(lang: str, name: str) -> dict[str, Any]:
    """Every entry of one file, checked; ``{}`` for English or a file not written yet."""
    if resolve(lang) == "en" or not path(lang, name).exists():
        return {}
    file = path(lang, name)
    try:
        plain = content_cache.plain(f"i18n-{lang}-{name}", [file, Path(__file__)],
                                    lambda: yamlio.load(file.read_text(encoding="utf-8")) or {})
        return TypeAdapter(dict[str, FILES[name]]).validate_python(plain)  # type: ignore[valid-type]
    except (yaml.YAMLError, ValidationError) as exc:
        raise ValueError(f"content/i18n/{lang}/{name}.yaml: {exc}") from None


def rule_texts(lang: str) -> dict[str, RuleText]:
    """Rule id -> its text in ``lang`` (empty for English)."""
    return _texts(lang, "rules")


def term_texts(lang: str) -> dict[str, TermText]:
    """English glossary term -> its text in ``lang`` (empty for English)."""
    return _texts(lang, "glossary")


def case_texts(lang: str) -> dict[str, CaseText]:
    """Casebook case id -> its question and answer in ``lang`` (empty for English)."""
    return _texts(lang, "casebook")


def rule_text(rule_id: str, lang: str) -> RuleText | None:
    """The rule's title, summary and players' names in ``lang``; ``None`` if not translated
    (and always for English: read ``obsession_nb.data.rules.rule`` instead)."""
    return rule_texts(lang).get(rule_id)


def term_text(term: str, lang: str) -> TermText | None:
    """The glossary term (its English name) in ``lang``; ``None`` if not translated."""
    return term_texts(lang).get(term)


def case_text(case_id: str, lang: str) -> CaseText | None:
    """The casebook case's question and answer in ``lang``; ``None`` if not translated."""
    return case_texts(lang).get(case_id)


TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
"""The languages this module has files for."""
