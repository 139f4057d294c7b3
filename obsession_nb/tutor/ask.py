"""Ask the tutor in players' words: one search over the rule index, the rulings casebook and the
glossary (``content/glossary.yaml``), ranked by BM25 with stemming, stop words, the game's
synonyms and typo correction (:mod:`obsession_nb.base.wordsearch`).

``search("can I buy two tiles in one turn")`` returns an :class:`Answer`: ranked :class:`Hit`
records (a rule, a casebook case or a glossary term, each with its matching passage and the rule
it opens) and the corrected question when a word was misspelt ("did you mean").  ``Answer.text()``
is what ``obsession-nb ask`` prints: the best rules (a ruling as "our reading" with the
alternative), the casebook cases answered live by the engine, and a **Show me** position.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rapidfuzz import fuzz, process

from obsession_nb.base import i18n, yamlio
from obsession_nb.base.japanese import has_japanese
from obsession_nb.base.resources import content_dir
from obsession_nb.base.wordsearch import Document, JapaneseIndex, WordIndex, normalise
from obsession_nb.data.lexicon import is_english
from obsession_nb.data.rules import rule, rule_index
from obsession_nb.data.translations import case_text, rule_text, term_text
from obsession_nb.tutor.casebook import Case, cases
from obsession_nb.tutor.rulebook import Demonstration, demonstrations, entry
from obsession_nb.tutor.understand import STANDARD, allowed, label, named_mode, rule_mode


@dataclass(frozen=True)
class Term:
    """One glossary term: its name, what players call it instead, a sentence, its rules."""

    term: str
    also: tuple[str, ...]
    says: str
    rules: tuple[str, ...]


@cache
def _glossary_data() -> dict[str, Any]:
    return yamlio.load((content_dir() / "glossary.yaml").read_text(encoding="utf-8"))


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


@dataclass(frozen=True)
class Hit:
    """One search result: a rule, a casebook case or a glossary term."""

    kind: str  # "rule", "case" or "term"
    id: str
    title: str
    passage: str
    rule: str
    """The rule this hit opens in the rule browser (the rule itself, or the first one a case
    or a term names)."""
    score: float
    mode: str = STANDARD
    """The way of playing the entry belongs to (:mod:`obsession_nb.tutor.understand`)."""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "title": self.title, "passage": self.passage,
                "rule": self.rule, "score": round(self.score, 3), "mode": self.mode}


def _id_words(rule_id: str) -> str:
    return rule_id.replace(".", " ").replace("-", " ")


def _case_rule(c: Case) -> str:
    return c.expect_rules[0] if c.expect_rules else "service.mandatory"


Meta = dict[str, tuple[str, str, str, str]]
"""Per document key: (kind, id, English title, rule opened)."""


@cache
def _meta() -> Meta:
    meta: Meta = {f"rule:{r.id}": ("rule", r.id, r.title, r.id) for r in rule_index().values()}
    meta |= {f"case:{c.id}": ("case", c.id, c.question, _case_rule(c)) for c in cases()}
    meta |= {f"term:{t.term}": ("term", t.term, t.says, t.rules[0]) for t in glossary()}
    return meta


@cache
def _index() -> WordIndex:
    """The English index of the rules, the casebook and the glossary."""
    docs: list[Document] = []
    for r in rule_index().values():
        body = (r.summary, r.reading or "", *(f"{k}: {v}" for k, v in r.choices))
        docs.append(Document(f"rule:{r.id}", ((_id_words(r.id), 2), (r.title, 3),
                                              *((text, 1) for text in body)),
                             (r.summary, r.reading or "")))
    for c in cases():
        docs.append(Document(f"case:{c.id}", ((c.question, 3), (_id_words(c.id), 1),
                                              (c.answer, 1), (c.topic, 1)), (c.answer,)))
    for t in glossary():
        docs.append(Document(f"term:{t.term}", ((t.term, 3), (" ".join(t.also), 2),
                                                (t.says, 1)), (t.says,)))
    phrases = [t.term for t in glossary()] + [a for t in glossary() for a in t.also]
    return WordIndex(docs, synonyms(), phrases, language=is_english)


@cache
def _japanese_index() -> JapaneseIndex:
    """The Japanese index: the entries' Japanese text (``content/i18n/ja/``, those written so
    far), each with its English title too, so that a question mixing the languages finds it."""
    docs: list[Document] = []
    for r in rule_index().values():
        ja = rule_text(r.id, "ja")
        fields = ((ja.title, 3), (" ".join(ja.terms), 3), (ja.summary, 1)) if ja else ()
        docs.append(Document(f"rule:{r.id}", (*fields, (r.title, 1)),
                             (ja.summary,) if ja else (r.summary,)))
    for c in cases():
        cj = case_text(c.id, "ja")
        fields = ((cj.question, 3), (cj.answer, 1)) if cj else ()
        docs.append(Document(f"case:{c.id}", (*fields, (c.question, 1)),
                             (cj.answer,) if cj else (c.answer,)))
    for t in glossary():
        tj = term_text(t.term, "ja")
        fields = ((tj.term, 3), (" ".join(tj.also), 2), (tj.says, 1)) if tj else ()
        docs.append(Document(f"term:{t.term}", (*fields, (" ".join((t.term, *t.also)), 1)),
                             (tj.says,) if tj else (t.says,)))
    return JapaneseIndex(docs, synonyms(), _japanese_names())


def _japanese_names() -> dict[str, str]:
    """The game's names in English -> in Japanese (the glossary's terms and their other names,
    the widgets' labels): an English name in a Japanese question is searched in Japanese too."""
    names = {str(k): str(v) for k, v in i18n.glossary("ja").items()
             if k.isascii() and has_japanese(str(v))}
    for t in glossary():
        tj = term_text(t.term, "ja")
        if tj is not None:
            names |= {name: tj.term for name in (t.term, *t.also)}
    return names


@dataclass(frozen=True)
class Answer:
    """The hits for one question, best first."""

    query: str
    hits: tuple[Hit, ...]
    corrected: str | None = None
    """The question as searched, its misspelt words corrected ("did you mean")."""
    suggestions: tuple[str, ...] = ()
    """Glossary terms close to the question, offered when nothing matched."""
    mode: str | None = None
    """The way of playing the question names, if any (then every hit is of it or standard)."""
    lang: str = "en"
    """The language the hits are written in."""

    def of_kind(self, kind: str, within: int | None = None) -> list[Hit]:
        """The hits of one kind, among the first ``within`` hits (all by default)."""
        return [h for h in self.hits[:within] if h.kind == kind]

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "answer": answer_sentence(self),
                "did_you_mean": self.corrected, "mode": self.mode, "lang": self.lang,
                "suggestions": list(self.suggestions), "hits": [h.to_json() for h in self.hits]}

    def text(self, rules: int = 3, case_count: int = 2) -> str:
        """The answer as ``obsession-nb ask`` prints it."""
        return answer_text(self, rules, case_count)


NAMED_MODE_BOOST = 1.5
"""A question naming a mode: that mode's entries weigh this much more than the standard game's."""
OTHER_MODE_WEIGHT = 0.6
"""A question naming no mode: another mode's entries weigh this much of the standard game's."""


def _mode_weight(mode: str | None) -> Callable[[str], float]:
    """How much each document weighs for a question naming ``mode`` (or none): 0 for another
    mode's entries when one is named (:data:`NAMED_MODE_BOOST`, :data:`OTHER_MODE_WEIGHT`)."""
    kept = allowed(mode)
    modes = _modes()

    def weight(key: str) -> float:
        of = modes[key]
        if of == STANDARD:
            return 1.0
        if of not in kept:
            return 0.0
        return NAMED_MODE_BOOST if mode is not None else OTHER_MODE_WEIGHT

    return weight


@cache
def _modes() -> dict[str, str]:
    """Per document key: the mode of its entry (a case's or a term's is its first rule's)."""
    return {key: rule_mode(opens if kind == "case" else _term(key_id).rules[0]
                           if kind == "term" else key_id)
            for key, (kind, key_id, _title, opens) in _meta().items()}


def search(query: str, limit: int | None = 20, lang: str | None = None) -> Answer:
    """Rules, casebook cases and glossary terms for ``query`` in players' words, best first.

    A question with Japanese in it is searched in the Japanese texts (and answered in
    Japanese); ``lang="ja"`` also writes an English question's hits in Japanese where they are
    translated.  An exact rule id or case id comes first; a misspelt word is corrected
    (``hal boi`` → ``hall boy``) and the correction reported; nothing found gives near glossary
    terms instead.  The mode a question names restricts the hits to it
    (:func:`obsession_nb.tutor.understand.named_mode`).
    """
    japanese = has_japanese(query)
    lang = "ja" if japanese else i18n.resolve(lang)
    index: WordIndex = _japanese_index() if japanese else _index()
    meta, modes = _meta(), _modes()
    mode = named_mode(index.correct(query) or query)
    found = index.search(query, limit, _mode_weight(mode))
    hits = [_hit(meta[h.key], h.passage, h.score, modes[h.key], lang) for h in found.hits]
    exact = query.strip()
    first = [h for h in hits if h.id == exact and h.kind in ("rule", "case")]
    if not first and exact in rule_index():
        key = f"rule:{exact}"
        first = [_hit(meta[key], "", float("inf"), modes[key], lang)]
    hits = first + [h for h in hits if h not in first]
    suggestions: tuple[str, ...] = ()
    if not hits and normalise(query):
        names = {n: t.term for t in glossary() for n in (t.term, *t.also)}
        near = process.extract(normalise(query), list(names), scorer=fuzz.WRatio,
                               score_cutoff=70, limit=3)
        suggestions = tuple(dict.fromkeys(names[n] for n, _s, _i in near))
    return Answer(query, tuple(hits[:limit] if limit else hits), found.corrected, suggestions,
                  mode, lang)


def _hit(meta: tuple[str, str, str, str], passage: str, score: float, mode: str,
         lang: str) -> Hit:
    kind, key, title, opens = meta
    if lang == "ja":
        title, passage = _japanese_title(kind, key, title, passage)
    if not passage:
        passage = rule(key).summary if kind == "rule" else title
    return Hit(kind, key, title, passage, opens, score, mode)


def _japanese_title(kind: str, key: str, title: str, passage: str) -> tuple[str, str]:
    """The hit's title and passage in Japanese where they are translated (else as given)."""
    if kind == "rule" and (r := rule_text(key, "ja")):
        return r.title, passage if has_japanese(passage) else _first_sentence(r.summary)
    if kind == "case" and (c := case_text(key, "ja")):
        return c.question, passage if has_japanese(passage) else c.answer
    if kind == "term" and (t := term_text(key, "ja")):
        return t.says, passage if has_japanese(passage) else t.says
    return title, passage


def _first_sentence(text: str) -> str:
    found = re.match(r".+?(?:[。！？]|[.!?](?=\s|$))", text.strip())
    return found.group(0) if found else text.strip()


def answer_sentence(answer: Answer) -> str:
    """One plain sentence answering the question, from its best hit: a case's answer, a rule's
    summary (a ruling: our reading), a term's sentence; another mode's entry names its mode."""
    if not answer.hits:
        return ""
    best = answer.hits[0]
    ja = answer.lang == "ja"
    if best.kind == "case":
        cj = case_text(best.id, "ja") if ja else None
        text = cj.answer if cj else _case(best.id).answer
    elif best.kind == "term":
        tj = term_text(best.id, "ja") if ja else None
        text = tj.says if tj else _term(best.id).says
    else:
        rj = rule_text(best.id, "ja") if ja else None
        r = rule(best.id)
        text = rj.summary if rj else (r.reading if r.kind == "ruling" and r.reading
                                      else r.summary)
    sentence = _first_sentence(" ".join(text.split()))
    where = label(best.mode, answer.lang)
    if not where:
        return sentence
    return f"{where}：{sentence}" if ja else f"In {_the(where)}: {sentence}"


def _the(mode_label: str) -> str:
    return mode_label if mode_label.startswith(("Classic", "Milestones")) else f"the {mode_label}"


def _case(case_id: str) -> Case:
    from obsession_nb.tutor.casebook import case

    return case(case_id)


# ------------------------------------------------------------------ the answer in words


HEADINGS = {
    "en": {"rules": "Rules:", "cases": "Casebook:", "show": "Show me", "mean": "Did you mean",
           "reading": "The sources do not settle this. Our reading: ",
           "alternative": "The alternative: ", "where": "Where to read it: ",
           "engine": "The engine, asked `{ask}` in that position: {verdict}",
           "legal": "legal", "refused": "refused",
           "none": "Nothing in the rules, the casebook or the glossary answers '{query}'."},
    "ja": {"rules": "ルール：", "cases": "ケースブック：", "show": "実演", "mean": "もしかして",
           "reading": "ルールに明記がないため、このツールの解釈：", "alternative": "別の解釈：",
           "where": "出典：", "engine": "この局面でエンジンに `{ask}` を尋ねると：{verdict}",
           "legal": "合法", "refused": "不可",
           "none": "ルール・ケースブック・用語集に「{query}」への答えが見つかりません。"},
}
"""The answer's headings in each language."""


def _rule_lines(rule_id: str, lang: str = "en") -> list[str]:
    e = entry(rule_id)
    r = e.rule
    words = HEADINGS[lang]
    ja = rule_text(r.id, "ja") if lang == "ja" else None
    where = label(rule_mode(r.id), lang)
    tag = f" ({where})" if where else ""
    lines = [f"  [{r.id}] {ja.title if ja else r.title}{tag}", f"    {ja.summary if ja else r.summary}"]
    if r.kind == "ruling":
        lines.append(f"    {words['reading']}" + (e.chosen or ""))
        if e.rejected:
            lines.append(f"    {words['alternative']}{e.rejected}")
    lines.append(f"    {words['where']}" + "; ".join(p for _c, p in e.where))
    return lines


def _case_lines(case_id: str, lang: str = "en") -> list[str]:
    c = _case(case_id)
    words = HEADINGS[lang]
    cj = case_text(c.id, "ja") if lang == "ja" else None
    result = c.ruling()
    verdict = words["legal"] if result.verdict.legal else words["refused"]
    lines = [f"  [{c.id}] {cj.question if cj else c.question}",
             f"    {cj.answer if cj else c.answer}",
             "    " + words["engine"].format(ask=c.ask, verdict=verdict)]
    lines += [f"      - {r.verdict} [{r.rule}]" for r in result.cited_first[:3]]
    return lines


CLOSE = 6
"""Casebook cases and Show me positions are offered from the first six hits only: further down
they answer another question."""


def show_me(answer: Answer) -> Demonstration | None:
    """The position to show for the answer: its best casebook case, else the first
    demonstration of its best rule (or the rule a term names), among the first hits."""
    cases_found = answer.of_kind("case", CLOSE)
    if cases_found:
        c = cases_found[0]
        return Demonstration("case", c.id, c.title, _case(c.id).ask)
    for h in answer.hits[:CLOSE]:
        demos = demonstrations(h.rule)
        if demos:
            return demos[0]
    return None


def answer_text(answer: Answer, rules: int = 3, case_count: int = 2) -> str:
    """The answer in one sentence first, then the rules and casebook cases behind it (the
    cases answered live by the engine), then a Show me position."""
    words = HEADINGS[answer.lang]
    if not answer.hits:
        lines = [words["none"].format(query=answer.query)]
        if answer.suggestions:
            lines.append(f"{words['mean']}: " + ", ".join(answer.suggestions) + "?")
        return "\n".join(lines)
    lines = [answer_sentence(answer)]
    if answer.corrected:
        lines.append(f"({words['mean']}: {answer.corrected}?)")
    terms = answer.of_kind("term", CLOSE)[:1]
    rule_ids = list(dict.fromkeys([h.rule for h in answer.hits if h.kind == "rule"]
                                  + [r for t in terms for r in _term(t.id).rules]))[:rules]
    if terms:
        lines.append(f"{terms[0].id}: {terms[0].title}")
    lines.append(words["rules"])
    for rule_id in rule_ids:
        lines += _rule_lines(rule_id, answer.lang)
    found_cases = answer.of_kind("case", CLOSE)[:case_count]
    if found_cases:
        lines.append(words["cases"])
        for h in found_cases:
            lines += _case_lines(h.id, answer.lang)
    demo = show_me(answer)
    if demo is not None:
        lines.append(f"{words['show']}: {demo.kind} {demo.name}: {demo.title} — `{demo.action}`")
    return "\n".join(lines)


def _term(name: str) -> Term:
    return next(t for t in glossary() if t.term == name)
