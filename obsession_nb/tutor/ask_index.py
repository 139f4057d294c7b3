"""What `ask` searches: the rule index, the casebook and the glossary as documents in English and
in Japanese (``content/i18n/ja/``), each entry's kind, title, rule and mode, and the two indexes
built from them (:mod:`obsession_nb.base.wordsearch`), kept in the user's cache while the content
and this code are unchanged (:mod:`obsession_nb.data.content_cache`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from obsession_nb.base import i18n, wordsearch
from obsession_nb.base import japanese as japanese_words
from obsession_nb.base.japanese import has_japanese
from obsession_nb.base.resources import content_dir
from obsession_nb.base.wordsearch import Document, JapaneseIndex, WordIndex
from obsession_nb.data import content_cache
from obsession_nb.data.lexicon import is_english
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import understand
from obsession_nb.tutor.casebook import Case, cases
from obsession_nb.tutor.understand import STANDARD, label, rule_mode


@dataclass(frozen=True)
class Term:
    """One glossary term: its name, what players call it instead, a sentence, its rules."""

    term: str
    also: tuple[str, ...]
    says: str
    rules: tuple[str, ...]


@cache
def _glossary_data() -> dict[str, Any]:
    path = content_dir() / "glossary.yaml"

    def parse() -> dict[str, Any]:
        from obsession_nb.base import yamlio

        data: dict[str, Any] = yamlio.load(path.read_text(encoding="utf-8"))
        return data

    return content_cache.plain("glossary", [path, Path(__file__)], parse)


@cache
def glossary() -> tuple[Term, ...]:
    """Every glossary term, in the file's order."""
    return tuple(Term(term=t["term"], also=tuple(t.get("also") or ()), says=t["says"],
                      rules=tuple(t["rules"])) for t in _glossary_data()["terms"])


def synonyms() -> dict[str, str]:
    """Word or phrase players use → the word the texts use: each term's ``also`` names, then
    the glossary's ``synonyms`` list."""
    out = {alias: t.term for t in glossary() for alias in t.also}
    out.update({str(k): str(v) for k, v in (_glossary_data().get("synonyms") or {}).items()})
    return out


def japanese_synonyms() -> dict[str, str]:
    """Japanese word players use → the word the Japanese texts use (the glossary's
    ``synonyms_ja`` list)."""
    return {str(k): str(v) for k, v in (_glossary_data().get("synonyms_ja") or {}).items()}


def japanese_text(kind: str, key: str) -> Any:
    """The entry's Japanese text (``obsession_nb.data.translations``), or None; loaded when
    first wanted, so that an English question never reads the Japanese files."""
    from obsession_nb.data import translations

    found = {"rule": translations.rule_text, "case": translations.case_text,
             "term": translations.term_text}[kind]
    return found(key, "ja")


def _id_words(rule_id: str) -> str:
    return rule_id.replace(".", " ").replace("-", " ")


def case_rule(c: Case) -> str:
    return c.expect_rules[0] if c.expect_rules else "service.mandatory"


Meta = dict[str, tuple[str, str, str, str]]
"""Per document key: (kind, id, English title, rule opened)."""


def _sources() -> list[Path]:
    """What the search is built from: the rule index, the casebook, the glossary, their
    Japanese text, and the code that cuts and weighs their words (content_cache keys)."""
    content = content_dir()
    japanese = content / "i18n" / "ja"
    return [content / "rules.yaml", content / "casebook.yaml", content / "glossary.yaml",
            content / "i18n" / "ja.yaml", *sorted(japanese.glob("*.yaml")), Path(__file__),
            Path(wordsearch.__file__), Path(japanese_words.__file__), Path(understand.__file__)]


@cache
def _facts() -> dict[str, Any]:
    """Per document key its (kind, id, title, rule opened) and its mode, worked out once and
    kept in the user's cache while the content is unchanged."""
    def work_out() -> dict[str, Any]:
        meta = {f"rule:{r.id}": ["rule", r.id, r.title, r.id] for r in rule_index().values()}
        meta |= {f"case:{c.id}": ["case", c.id, c.question, case_rule(c)] for c in cases()}
        meta |= {f"term:{t.term}": ["term", t.term, t.says, t.rules[0]] for t in glossary()}
        of = {key: rule_mode(opens if kind == "case" else term(key_id).rules[0]
                             if kind == "term" else key_id)
              for key, (kind, key_id, _title, opens) in meta.items()}
        return {"meta": meta, "modes": of, "parents": _work_out_parents()}

    facts: dict[str, Any] = content_cache.plain("ask-entries", _sources(), work_out)
    return facts


def _work_out_parents() -> dict[str, list[str]]:
    """Per document key of a ruling, a casebook case or a glossary term: the keys of the rules
    it stands on (a case's expected rules, a term's rules, the rules citing the same heading
    of a source as a ruling)."""
    rules = [r for r in rule_index().values() if r.kind == "rule"]
    out = {f"case:{c.id}": [f"rule:{r}" for r in c.expect_rules] for c in cases()}
    out |= {f"term:{t.term}": [f"rule:{r}" for r in t.rules] for t in glossary()}
    out |= {f"rule:{r.id}": [f"rule:{p.id}" for p in rules if set(p.cite) & set(r.cite)]
            for r in rule_index().values() if r.kind == "ruling"}
    return {key: keys for key, keys in out.items() if keys}


def parents() -> dict[str, list[str]]:
    """Per document key of a ruling, a case or a term: the rules it stands on
    (:func:`_work_out_parents`)."""
    found: dict[str, list[str]] = _facts()["parents"]
    return found


def entries() -> Meta:
    """Per document key: (kind, id, English title, rule opened)."""
    return {key: tuple(value) for key, value in _facts()["meta"].items()}


def modes() -> dict[str, str]:
    """Per document key: the mode of its entry (a case's or a term's is its first rule's)."""
    found: dict[str, str] = _facts()["modes"]
    return found


def _built(name: str, documents: Callable[[], list[Document]],
           make: Callable[[list[Document], dict[str, Any] | None], WordIndex]) -> WordIndex:
    """An index made from ``documents``, its tokens kept in the user's cache
    (obsession_nb/data/content_cache.py) so that a command does not cut every text again."""
    made: list[WordIndex] = []

    def build() -> dict[str, Any]:
        docs = documents()
        made.append(make(docs, None))
        return {"docs": [[d.key, [list(f) for f in d.fields], list(d.passages)] for d in docs],
                **made[0].state}

    plain = content_cache.plain(f"ask-index-{name}", _sources(), build)
    if made:
        return made[0]
    docs = [Document(key, tuple((text, weight) for text, weight in fields), tuple(passages))
            for key, fields, passages in plain["docs"]]
    return make(docs, plain)


@cache
def english_index() -> WordIndex:
    """The English index of the rules, the casebook and the glossary."""
    return _built("en", _english_documents,
                  lambda docs, state: WordIndex(docs, synonyms(), _phrases(), is_english, state))


@cache
def _phrases() -> list[str]:
    return [t.term for t in glossary()] + [a for t in glossary() for a in t.also]


def _english_documents() -> list[Document]:
    docs: list[Document] = []
    for r in rule_index().values():
        body = (r.summary, r.reading or "", *(f"{k}: {v}" for k, v in r.choices))
        docs.append(Document(f"rule:{r.id}", ((_id_words(r.id), 2), (r.title, 3),
                                              (" ".join(r.terms), 2),
                                              *((text, 1) for text in body)),
                             (r.summary, r.reading or "")))
    for c in cases():
        docs.append(Document(f"case:{c.id}", ((c.question, 3), (_id_words(c.id), 1),
                                              (c.answer, 1), (c.topic, 1)), (c.answer,)))
    for t in glossary():
        docs.append(Document(f"term:{t.term}", ((t.term, 3), (" ".join(t.also), 2),
                                                (t.says, 1)), (t.says,)))
    return _named(docs, "en")


def _named(docs: list[Document], lang: str) -> list[Document]:
    """Each document of a mode with the mode's name as one more field: "solo" finds the Solo
    Estate Challenge's entries although their text never says the word."""
    of = modes()
    return [Document(d.key, (*d.fields, (label(of[d.key], lang), 1)), d.passages)
            if of[d.key] != STANDARD else d for d in docs]


@cache
def japanese_index() -> WordIndex:
    """The Japanese index: the entries' Japanese text (``content/i18n/ja/``, those written so
    far), each with its English title too, so that a question mixing the languages finds it."""
    return _built("ja", _japanese_documents,
                  lambda docs, state: JapaneseIndex(docs, synonyms(), _japanese_names(), state,
                                                    japanese_synonyms()))


def _japanese_documents() -> list[Document]:
    docs: list[Document] = []
    for r in rule_index().values():
        ja = japanese_text("rule", r.id)
        fields: tuple[tuple[str, int], ...] = (
            ((ja.title, 2), (" ".join(ja.terms), 3), (ja.summary, 1)) if ja else ())
        docs.append(Document(f"rule:{r.id}", (*fields, (r.title, 1), (_id_words(r.id), 1)),
                             (ja.summary,) if ja else (r.summary,)))
    for c in cases():
        cj = japanese_text("case", c.id)
        fields = ((cj.question, 3), (cj.answer, 1)) if cj else ()
        docs.append(Document(f"case:{c.id}", (*fields, (c.question, 1)),
                             (cj.answer,) if cj else (c.answer,)))
    for t in glossary():
        tj = japanese_text("term", t.term)
        fields = ((tj.term, 3), (" ".join(tj.also), 2), (tj.says, 1)) if tj else ()
        docs.append(Document(f"term:{t.term}", (*fields, (" ".join((t.term, *t.also)), 1)),
                             (tj.says,) if tj else (t.says,)))
    return _named(docs, "ja")


def _japanese_names() -> dict[str, str]:
    """The game's names in English -> in Japanese (the glossary's terms and their other names,
    the widgets' labels): an English name in a Japanese question is searched in Japanese too.
    Kept in the user's cache with the indexes."""
    return content_cache.plain("ask-names-ja", _sources(), _work_out_names)


def _work_out_names() -> dict[str, str]:
    names = {str(k): str(v) for k, v in i18n.glossary("ja").items()
             if k.isascii() and has_japanese(str(v))}
    for t in glossary():
        tj = japanese_text("term", t.term)
        if tj is not None:
            names |= {name: tj.term for name in (t.term, *t.also)}
    return names


def term(name: str) -> Term:
    return next(t for t in glossary() if t.term == name)
