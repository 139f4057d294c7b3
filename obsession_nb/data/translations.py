"""The rules layer in another language: rule entries, glossary terms and casebook cases
(``content/i18n/<lang>/rules.yaml``, ``glossary.yaml``, ``casebook.yaml``).

Each file maps an English key to its text in that language, written in our own words from the
sources with the Japanese players' summary's names for the game's terms:

- ``rules.yaml``:    rule id -> ``{title, summary, terms, reading}`` (``terms``: what players call
  the topic, searched as names of the rule; ``reading``: a ruling's or an option's reading, the
  readings set aside after ``採らない読み方：``);
- ``glossary.yaml``: English glossary term -> ``{term, also, says}``;
- ``casebook.yaml``: case id -> ``{question, answer}``.

``rule_text(rule_id, lang)``, ``term_text(term, lang)`` and ``case_text(case_id, lang)`` give one
entry (``None`` where it has no translation yet); ``rule_texts(lang)`` and friends give them
all.  English has no files here: its text is the rule index, the glossary and the casebook
themselves.  The files are loaded safely and checked (pydantic): unknown fields, empty text and
text with no Japanese in it are errors naming the file and the key.  That every key names an
existing rule, term or case is checked by ``tests/data/test_translations.py``.

**Rulings** (``ruling_text``): the engine writes its verdicts in English, and that text stays the
record (the log, ``--json``'s ``verdict``, saved games).  In another language a ruling is shown as
the rule's title in that language, quoted after ``できません：`` when the ruling refuses an action,
followed in brackets by the particulars the English verdict names: servants and tiles in the
Japanese summary's words (``base/i18n.py``'s component names) and sums of money.  Views show the
English verdict beside it, so nothing the engine said is lost (``ruling_json`` adds the shown
text as ``text``; ``refusal_text`` is the one line of a refused action).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Annotated, Any, ClassVar

from annotated_types import MinLen

from obsession_nb.base.i18n import LANGUAGES, names, resolve
from obsession_nb.base.resources import content_dir
from obsession_nb.data import content_cache

REJECTED = "採らない読み方："
"""Where a reading's alternatives set aside begin (the English index says ``Rejected:``)."""
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


_WIDE = r"[\u3000-\u303f\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]"
_BETWEEN_WIDE = re.compile(rf"(?<={_WIDE})\s+(?={_WIDE})")


def _japanese(text: str) -> str:
    if not _JAPANESE.search(text):
        raise ValueError("has no Japanese in it")
    return _BETWEEN_WIDE.sub("", " ".join(text.split()))


Name = Annotated[str, MinLen(1)]


@dataclass(frozen=True)
class _Entry:
    """An entry of a translation file, checked by pydantic when the file is parsed (unknown
    fields refused); its ``JAPANESE`` fields must have Japanese in them, and a folded YAML line
    break is a space between English words and nothing between Japanese characters (Japanese
    is written without spaces).  Records are plain dataclasses so that reading them from the
    user's cache does not import pydantic."""

    __pydantic_config__: ClassVar[dict[str, str]] = {"extra": "forbid"}
    JAPANESE: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self.JAPANESE:
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _japanese(value))


@dataclass(frozen=True)
class RuleText(_Entry):
    """A rule entry's title and summary in another language, the names players use for it, and
    for a ruling or an option its reading (the alternatives set aside after ``採らない読み方：``)."""

    JAPANESE: ClassVar[tuple[str, ...]] = ("title", "summary", "reading")
    title: Name
    summary: Name
    terms: tuple[Name, ...] = ()
    reading: Name | None = None

    def reading_parts(self) -> tuple[str | None, str | None]:
        """The reading chosen and the readings set aside (``None`` where there is none)."""
        if self.reading is None:
            return None, None
        chosen, marker, rejected = self.reading.partition(REJECTED)
        return chosen.strip() or None, (rejected.strip() or None) if marker else None


@dataclass(frozen=True)
class TermText(_Entry):
    """A glossary term in another language: its name, other names players use, a sentence."""

    JAPANESE: ClassVar[tuple[str, ...]] = ("term", "says")
    term: Name
    says: Name
    also: tuple[Name, ...] = ()


@dataclass(frozen=True)
class CaseText(_Entry):
    """A casebook case's question and one-sentence answer in another language."""

    JAPANESE: ClassVar[tuple[str, ...]] = ("question", "answer")
    question: Name
    answer: Name


FILES: dict[str, type[_Entry]] = {"rules": RuleText, "glossary": TermText, "casebook": CaseText}
"""File name (without ``.yaml``) -> the record each of its entries is."""


def path(lang: str, name: str) -> Path:
    """``content/i18n/<lang>/<name>.yaml``."""
    return content_dir() / "i18n" / lang / f"{name}.yaml"


def _checked(lang: str, name: str) -> dict[str, dict[str, Any]]:
    """The file's entries, checked by pydantic, as plain data (the user's cache keeps it)."""
    import yaml
    from pydantic import TypeAdapter, ValidationError

    from obsession_nb.base import yamlio

    try:
        data = yamlio.load(path(lang, name).read_text(encoding="utf-8")) or {}
        records = TypeAdapter(dict[str, FILES[name]]).validate_python(data)  # type: ignore[valid-type]  # by file
    except (yaml.YAMLError, ValidationError) as exc:
        raise ValueError(f"content/i18n/{lang}/{name}.yaml: {exc}") from None
    return {key: {f.name: list(v) if isinstance(v := getattr(r, f.name), tuple) else v
                  for f in fields(r)} for key, r in records.items()}


@cache
def _texts(lang: str, name: str) -> dict[str, Any]:
    """Every entry of one file, checked; ``{}`` for English or a file not written yet."""
    if resolve(lang) == "en" or not path(lang, name).exists():
        return {}
    file = path(lang, name)
    plain = content_cache.plain(f"i18n-{lang}-{name}", [file, Path(__file__)],
                                lambda: _checked(lang, name))
    record = FILES[name]
    return {key: record(**{k: tuple(v) if isinstance(v, list) else v for k, v in value.items()})
            for key, value in plain.items()}


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


_TERM = re.compile(r"\{term:([^}]+)\}")


@cache
def widget_words(lang: str) -> dict[str, dict[str, str]]:
    """The widgets' words for game things in ``lang`` (``content/i18n/<lang>/widgets.yaml``:
    section -> id -> text, as ``obsession_nb.tutor.views.words.WORDS``), each ``{term:NAME}``
    written as that glossary term in ``lang``, so a term is spelt once; ``{}`` for English."""
    file = path(lang, "widgets")
    if resolve(lang) == "en" or not file.exists():
        return {}
    from obsession_nb.base import yamlio

    def term(found: re.Match[str]) -> str:
        said = term_text(found[1], lang)
        if said is None:
            raise ValueError(f"content/i18n/{lang}/widgets.yaml: no glossary term {found[1]!r}")
        return said.term

    data = yamlio.load(file.read_text(encoding="utf-8")) or {}
    return {str(section): {str(key): _TERM.sub(term, str(text)) for key, text in table.items()}
            for section, table in data.items()}


def case_text(case_id: str, lang: str) -> CaseText | None:
    """The casebook case's question and answer in ``lang``; ``None`` if not translated."""
    return case_texts(lang).get(case_id)


REFUSED = {"ja": "できません"}
"""What a refusal says before the rule (the summary's own phrase for what may not be done)."""
ALLOWED = {"ja": "できます"}
"""A legal verdict's word in each language."""
_MONEY = re.compile(r"£\d[\d,]*")


def verdict_word(legal: bool, lang: str | None) -> str:
    """``legal`` / ``illegal`` in ``lang``."""
    lang = resolve(lang)
    if lang == "en":
        return "legal" if legal else "illegal"
    return (ALLOWED if legal else REFUSED)[lang]


def particulars(verdict: str, lang: str) -> list[str]:
    """The servants and tiles (in ``lang``) and the sums of money an English verdict names, in
    the order it names them, each once."""
    pattern, names = _component_names(lang)
    found = [(m.start(), names[m.group(0).lower()]) for m in pattern.finditer(verdict)]
    found += [(m.start(), m.group(0)) for m in _MONEY.finditer(verdict)]
    return list(dict.fromkeys(text for _, text in sorted(found)))


@cache
def _component_names(lang: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """A pattern finding the component names the label glossary translates (any case: a verdict
    says "the underbutler"), and each name in lower case -> its translation."""
    known = {k.lower(): v for k, v in names(lang).items()}
    words = "|".join(re.escape(k) for k in sorted(known, key=len, reverse=True))
    return re.compile(rf"(?<![\w'])(?:{words})(?![\w'])" if words else r"(?!)",
                      re.IGNORECASE), known


def ruling_text(rule_id: str, verdict: str, lang: str | None, *, refused: bool = False) -> str:
    """A ruling in ``lang``: the English ``verdict`` itself for English (or a rule with no
    translation); otherwise the rule's translated title, quoted after ``できません：`` when
    ``refused``, with the verdict's particulars in brackets
    (``できません：「ホールボーイ：ゲストカードで執事の代わりになれる」（アクティビティタイル）``)."""
    lang = resolve(lang)
    entry = None if lang == "en" else rule_text(rule_id, lang)  # English: the verdict itself
    if entry is None:
        return verdict
    head = f"{REFUSED[lang]}：「{entry.title}」" if refused else entry.title
    shown = [p for p in particulars(verdict, lang) if p not in entry.title]
    return head + (f"（{'、'.join(shown)}）" if shown else "")


def ruling_json(ruling: dict[str, Any], lang: str | None, *, refused: bool = False
                ) -> dict[str, Any]:
    """A ruling's JSON (``rule``, ``verdict``, ``citation``) with ``text``, the ruling in
    ``lang``, added when that is not English; the English ``verdict`` stays."""
    if resolve(lang) == "en":
        return dict(ruling)
    return {**ruling, "text": ruling_text(ruling["rule"], ruling["verdict"], lang,
                                          refused=refused)}


def refusal_text(notation: str, rulings: Iterable[Any], lang: str | None) -> str:
    """One line for a refused action (its rulings: :class:`~obsession_nb.data.rules.Ruling`):
    ``Refused: NOTATION — verdict; …`` in English; in another language each ruling in it, then
    the English verdicts in brackets."""
    rulings = list(rulings)
    english = "; ".join(r.verdict for r in rulings)
    if resolve(lang) == "en":
        return f"Refused: {notation} — {english}"
    said = "；".join(ruling_text(r.rule, r.verdict, lang, refused=True) for r in rulings)
    return f"{notation} — {said} ({english})"


TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")
"""The languages this module has files for."""
