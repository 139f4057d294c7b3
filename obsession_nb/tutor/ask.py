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

from obsession_nb.base import i18n, wordsearch
from obsession_nb.base.japanese import JAPANESE_KANA, has_japanese
from obsession_nb.base.wordforms import normalise
from obsession_nb.base.wordsearch import WordIndex
from obsession_nb.data.rules import rule, rule_index
from obsession_nb.tutor.ask_index import Term, glossary, synonyms
from obsession_nb.tutor.ask_index import case_rule as _case_rule
from obsession_nb.tutor.ask_index import english_index as _index
from obsession_nb.tutor.ask_index import entries as _meta
from obsession_nb.tutor.ask_index import japanese_index as _japanese_index
from obsession_nb.tutor.ask_index import japanese_text as _ja
from obsession_nb.tutor.ask_index import modes as _modes
from obsession_nb.tutor.ask_index import parents as _parents
from obsession_nb.tutor.ask_index import term as _term
from obsession_nb.tutor.casebook import Case, engine_answer
from obsession_nb.tutor.rulebook import Demonstration, demonstrations, reading, where_to_read
from obsession_nb.tutor.understand import STANDARD, allowed, label, named_mode, rule_mode

__all__ = ["Answer", "Hit", "Term", "answer_sentence", "answer_text", "glossary", "search",
           "show_me", "synonyms"]


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


KIND_WEIGHT = {"rule": 1.0, "case": 0.95, "term": 0.6}
"""A rule answers most questions; a case answers its own question (its words weigh three times
in its index); a glossary term only says what a word means, so it comes first for a question
that asks just that (:func:`_asks_a_word`)."""


def _asks_a_word(question: str) -> bool:
    """Whether the question only asks what a word means or does: "what is a pauper", "what
    happens when I pass", a bare name of up to three words ("boots", "1st edition changes");
    in Japanese "ハウスマンとは", "メイド長って何？", a bare name written without kana
    ("使用人部屋") or a glossary term's name ("パスの手番")."""
    if has_japanese(question):
        said = question.strip().rstrip("？?。")
        return bool(_WHAT_IS_JA.search(question) or not JAPANESE_KANA.search(said)
                    or said in _japanese_names())
    words = normalise(question).split()
    return len(words) <= 3 or bool(re.match(r"(what|whats|who|whos) (is|are|happens)\b", " ".join(words)))


@cache
def _japanese_names() -> frozenset[str]:
    """The glossary terms' Japanese names and other names."""
    return frozenset(n for t in glossary() if (j := _ja("term", t.term))
                     for n in (j.term, *j.also))


_WHAT_IS_JA = re.compile(r"(とは|って何|ってなに|は何|はなに|の意味|ってどういう意味)[？?。]*$")
"""A Japanese question asking what a word means."""

MODE_TOPIC = 2.0
"""A question naming no mode is about one when a mode's entry scores this many times the
standard game's best ("what does the AI take on a 6": only the solo modes have an AI)."""


def _about_a_mode(index: WordIndex, question: str) -> bool:
    """Whether a question naming no mode asks about something only a mode has."""
    modes = _modes()
    best = {STANDARD: 0.0, "mode": 0.0}
    for key, score in index.scores(question).items():
        group = STANDARD if modes[key] == STANDARD else "mode"
        best[group] = max(best[group], score)
    return best["mode"] > MODE_TOPIC * best[STANDARD]


def _weight(mode: str | None, question: str, about_a_mode: bool = False
            ) -> Callable[[str], float]:
    """How much each document weighs for this question: its kind's weight
    (:data:`KIND_WEIGHT`), times its mode's (0 for another mode's entries when the question
    names one, :data:`NAMED_MODE_BOOST` for that mode's, :data:`OTHER_MODE_WEIGHT` when it
    names none, unless it asks about something only a mode has: :func:`_about_a_mode`)."""
    kept = allowed(mode)
    modes = _modes()
    kinds = dict(KIND_WEIGHT, term=1.0) if _asks_a_word(question) else KIND_WEIGHT

    def weight(key: str) -> float:
        of = modes[key]
        kind = kinds[key.partition(":")[0]]
        if of == STANDARD:
            return kind
        if of not in kept:
            return 0.0
        if mode is None:
            return kind * (1.0 if about_a_mode else OTHER_MODE_WEIGHT)
        return kind * NAMED_MODE_BOOST

    return weight


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
    found = index.search(query, None if limit is None else max(limit, CLOSE),
                         _weight(mode, query, _about_a_mode(index, query)))
    hits = [_hit(meta[h.key], h.passage, h.score, modes[h.key], lang)
            for h in _rules_first(found.hits, query)]
    exact = query.strip()
    first = [h for h in hits if h.id == exact and h.kind in ("rule", "case")]
    if not first and exact in rule_index():
        key = f"rule:{exact}"
        first = [_hit(meta[key], "", float("inf"), modes[key], lang)]
    hits = first + [h for h in hits if h not in first]
    suggestions: tuple[str, ...] = ()
    if not hits and normalise(query):
        from rapidfuzz import fuzz, process  # here: only a question nothing answers needs it

        names = {n: t.term for t in glossary() for n in (t.term, *t.also)}
        near = process.extract(normalise(query), list(names), scorer=fuzz.WRatio,
                               score_cutoff=70, limit=3)
        suggestions = tuple(dict.fromkeys(names[n] for n, _s, _i in near))
    return Answer(query, tuple(hits[:limit] if limit else hits), found.corrected, suggestions,
                  mode, lang)


PARENT_MARGIN = 0.1
"""A ruling, casebook case or glossary term scoring less than 10 % above a rule it stands on
(:func:`obsession_nb.tutor.ask_index.parents`) comes after that rule, see :func:`_rules_first`
(issue 45, third sitting: English top-1 84.0 -> 84.4 %, on the fresh part 75.6 -> 80.0 %;
Japanese top-1 65.9 -> 68.3 %)."""


def _rules_first(hits: tuple[wordsearch.Hit, ...], asked: str) -> list[wordsearch.Hit]:
    """The hits with each rule moved before a ruling, case or term that stands on it, scores
    about as well (within :data:`PARENT_MARGIN`) and whose name holds as many of the question's
    words: the rule answers the question, the others illustrate or refine it.  But a casebook
    case whose question holds as many of the asked words as the rule's name answers it itself
    ("can the hall boy stand in for the butler"), and a glossary term keeps its place when
    the question only asks what a word means (:func:`_asks_a_word`: "hall boy", "what
    happens when I pass")."""
    of = _parents()
    words = _asks_a_word(asked)
    out = list(hits)
    i = 0
    while i < len(out):
        least = out[i].score * (1 - PARENT_MARGIN)
        term = out[i].key.startswith("term:")
        stands_on = () if term and words else of.get(out[i].key, ())
        case = out[i].key.startswith("case:")
        parent = next((j for j in range(i + 1, len(out)) if out[j].key in stands_on
                       and out[j].score >= least and (out[j].named > out[i].named if case
                                                      else out[j].named >= out[i].named)), None)
        if parent is None:
            i += 1
        else:
            out.insert(i, out.pop(parent))
    return out


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
    if kind == "rule" and (r := _ja("rule", key)):
        return r.title, passage if has_japanese(passage) else _first_sentence(r.summary)
    if kind == "case" and (c := _ja("case", key)):
        return c.question, passage if has_japanese(passage) else c.answer
    if kind == "term" and (t := _ja("term", key)):
        return t.says, passage if has_japanese(passage) else t.says
    return title, passage


def _closest_sentence(text: str, question: str) -> str:
    """The sentence of ``text`` that holds most of the question's words (the first of equals)."""
    sentences = [x for x in re.split(r"(?<=[.!?])\s+|(?<=[。！？])", " ".join(text.split())) if x]
    if len(sentences) < 2:
        return text
    index = _japanese_index() if has_japanese(question) else _index()
    asked = set(index.tokens(question))
    return max(sentences, key=lambda x: len(asked & set(index.tokens(x))))


def _first_sentence(text: str) -> str:
    found = re.match(r".+?(?:[。！？]|[.!?](?=\s|$))", text.strip())
    return found.group(0) if found else text.strip()


def answer_sentence(answer: Answer) -> str:
    """One plain sentence answering the question, from its best hit: a case's answer, the
    sentence of a rule's summary that holds most of the question's words, a term's sentence;
    another mode's entry names its mode."""
    if not answer.hits:
        return ""
    best = answer.hits[0]
    ja = answer.lang == "ja"
    if best.kind == "case":
        cj = _ja("case", best.id) if ja else None
        text = cj.answer if cj else _case(best.id).answer
    elif best.kind == "term":
        tj = _ja("term", best.id) if ja else None
        text = tj.says if tj else _term(best.id).says
    else:
        rj = _ja("rule", best.id) if ja else None
        text = _closest_sentence(rj.summary if rj else rule(best.id).summary, answer.query)
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
    r = rule(rule_id)
    chosen, rejected = reading(r)
    words = HEADINGS[lang]
    ja = _ja("rule", r.id) if lang == "ja" else None
    where = label(rule_mode(r.id), lang)
    tag = f" ({where})" if where else ""
    lines = [f"  [{r.id}] {ja.title if ja else r.title}{tag}", f"    {ja.summary if ja else r.summary}"]
    if r.kind == "ruling":
        lines.append(f"    {words['reading']}" + (chosen or ""))
        if rejected:
            lines.append(f"    {words['alternative']}{rejected}")
    lines.append(f"    {words['where']}" + "; ".join(p for _c, p in where_to_read(r)))
    return lines


def _case_lines(case_id: str, lang: str = "en") -> list[str]:
    c = _case(case_id)
    words = HEADINGS[lang]
    cj = _ja("case", c.id) if lang == "ja" else None
    result = engine_answer(c.id)
    verdict = words["legal"] if result.legal else words["refused"]
    where = label(rule_mode(_case_rule(c)), lang)
    tag = f" ({where})" if where else ""
    lines = [f"  [{c.id}] {cj.question if cj else c.question}{tag}",
             f"    {cj.answer if cj else c.answer}",
             "    " + words["engine"].format(ask=c.ask, verdict=verdict)]
    lines += [f"      - {said} [{rule_id}]" for rule_id, said in result.rulings[:3]]
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
    best = answer.hits[0]
    behind = list(_case(best.id).expect_rules) if best.kind == "case" else []
    rule_ids = list(dict.fromkeys(behind + [h.rule for h in answer.hits if h.kind == "rule"]
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
