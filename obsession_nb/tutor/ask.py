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

from dataclasses import dataclass
from functools import cache
from typing import Any

from rapidfuzz import fuzz, process

from obsession_nb.base import yamlio
from obsession_nb.base.resources import content_dir
from obsession_nb.base.wordsearch import Document, WordIndex, normalise
from obsession_nb.data.rules import rule, rule_index
from obsession_nb.tutor.casebook import Case, cases
from obsession_nb.tutor.rulebook import Demonstration, demonstrations, entry


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

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "title": self.title, "passage": self.passage,
                "rule": self.rule, "score": round(self.score, 3)}


def _id_words(rule_id: str) -> str:
    return rule_id.replace(".", " ").replace("-", " ")


def _case_rule(c: Case) -> str:
    return c.expect_rules[0] if c.expect_rules else "service.mandatory"


@cache
def _index() -> tuple[WordIndex, dict[str, tuple[str, str, str, str]]]:
    """The index, and per key: (kind, id, title, rule opened)."""
    docs: list[Document] = []
    meta: dict[str, tuple[str, str, str, str]] = {}
    for r in rule_index().values():
        key = f"rule:{r.id}"
        body = (r.summary, r.reading or "", *(f"{k}: {v}" for k, v in r.choices))
        docs.append(Document(key, ((_id_words(r.id), 2), (r.title, 3),
                                   *((text, 1) for text in body)), (r.summary, r.reading or "")))
        meta[key] = ("rule", r.id, r.title, r.id)
    for c in cases():
        key = f"case:{c.id}"
        docs.append(Document(key, ((c.question, 3), (_id_words(c.id), 1), (c.answer, 1),
                                   (c.topic, 1)), (c.answer,)))
        meta[key] = ("case", c.id, c.question, _case_rule(c))
    for t in glossary():
        key = f"term:{t.term}"
        docs.append(Document(key, ((t.term, 3), (" ".join(t.also), 2), (t.says, 1)), (t.says,)))
        meta[key] = ("term", t.term, t.says, t.rules[0])
    phrases = [t.term for t in glossary()] + [a for t in glossary() for a in t.also]
    return WordIndex(docs, synonyms(), phrases), meta


@dataclass(frozen=True)
class Answer:
    """The hits for one question, best first."""

    query: str
    hits: tuple[Hit, ...]
    corrected: str | None = None
    """The question as searched, its misspelt words corrected ("did you mean")."""
    suggestions: tuple[str, ...] = ()
    """Glossary terms close to the question, offered when nothing matched."""

    def of_kind(self, kind: str, within: int | None = None) -> list[Hit]:
        """The hits of one kind, among the first ``within`` hits (all by default)."""
        return [h for h in self.hits[:within] if h.kind == kind]

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query, "did_you_mean": self.corrected,
                "suggestions": list(self.suggestions), "hits": [h.to_json() for h in self.hits]}

    def text(self, rules: int = 3, case_count: int = 2) -> str:
        """The answer as ``obsession-nb ask`` prints it."""
        return answer_text(self, rules, case_count)


def search(query: str, limit: int | None = 20) -> Answer:
    """Rules, casebook cases and glossary terms for ``query`` in players' words, best first.

    An exact rule id or case id comes first; a misspelt word is corrected (``hal boi`` → ``hall
    boy``) and the correction reported; nothing found gives near glossary terms instead.
    """
    index, meta = _index()
    found = index.search(query, limit=limit)
    hits = [Hit(*meta[h.key][:3], h.passage, meta[h.key][3], h.score) for h in found.hits]
    exact = query.strip()
    first = [h for h in hits if h.id == exact and h.kind in ("rule", "case")]
    if not first and exact in rule_index():
        r = rule(exact)
        first = [Hit("rule", r.id, r.title, r.summary, r.id, float("inf"))]
    hits = first + [h for h in hits if h not in first]
    suggestions: tuple[str, ...] = ()
    if not hits and normalise(query):
        names = {n: t.term for t in glossary() for n in (t.term, *t.also)}
        near = process.extract(normalise(query), list(names), scorer=fuzz.WRatio,
                               score_cutoff=70, limit=3)
        suggestions = tuple(dict.fromkeys(names[n] for n, _s, _i in near))
    return Answer(query, tuple(hits[:limit] if limit else hits), found.corrected, suggestions)


# ------------------------------------------------------------------ the answer in words


def _rule_lines(rule_id: str) -> list[str]:
    e = entry(rule_id)
    r = e.rule
    lines = [f"  [{r.id}] {r.title}", f"    {r.summary}"]
    if r.kind == "ruling":
        lines.append("    The sources do not settle this. Our reading: " + (e.chosen or ""))
        if e.rejected:
            lines.append(f"    The alternative: {e.rejected}")
    lines.append("    Where to read it: " + "; ".join(p for _c, p in e.where))
    return lines


def _case_lines(case_id: str) -> list[str]:
    from obsession_nb.tutor.casebook import case

    c = case(case_id)
    result = c.ruling()
    verdict = "legal" if result.verdict.legal else "refused"
    lines = [f"  [{c.id}] {c.question}", f"    {c.answer}",
             f"    The engine, asked `{c.ask}` in that position: {verdict}"]
    lines += [f"      - {r.verdict} [{r.rule}]" for r in result.verdict.rulings[:3]]
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
        return Demonstration("case", c.id, c.title, _case_ask(c.id))
    for h in answer.hits[:CLOSE]:
        demos = demonstrations(h.rule)
        if demos:
            return demos[0]
    return None


def _case_ask(case_id: str) -> str:
    from obsession_nb.tutor.casebook import case

    return case(case_id).ask


def answer_text(answer: Answer, rules: int = 3, case_count: int = 2) -> str:
    """The best rules, casebook cases and a Show me position, in words."""
    lines: list[str] = []
    if answer.corrected:
        lines.append(f"Did you mean: {answer.corrected}?")
    if not answer.hits:
        lines.append(f"Nothing in the rules, the casebook or the glossary answers "
                     f"'{answer.query}'.")
        if answer.suggestions:
            lines.append("Did you mean: " + ", ".join(answer.suggestions) + "?")
        return "\n".join(lines)
    terms = answer.of_kind("term", CLOSE)[:1]
    rule_ids = list(dict.fromkeys([h.rule for h in answer.hits if h.kind == "rule"]
                                  + [r for t in terms for r in _term(t.id).rules]))[:rules]
    if terms:
        lines.append(f"{terms[0].id}: {terms[0].title}")
    lines.append("Rules:")
    for rule_id in rule_ids:
        lines += _rule_lines(rule_id)
    found_cases = answer.of_kind("case", CLOSE)[:case_count]
    if found_cases:
        lines.append("Casebook:")
        for h in found_cases:
            lines += _case_lines(h.id)
    demo = show_me(answer)
    if demo is not None:
        lines.append(f"Show me: {demo.kind} {demo.name}: {demo.title} — `{demo.action}`")
    return "\n".join(lines)


def _term(name: str) -> Term:
    return next(t for t in glossary() if t.term == name)
