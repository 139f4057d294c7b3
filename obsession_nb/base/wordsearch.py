"""Searching short texts in players' words: stop words dropped, words stemmed (Snowball),
synonyms folded onto one spelling, typos corrected against the texts' own vocabulary
(RapidFuzz) but never a word of the language or a negation, and the texts ranked by BM25
(:mod:`obsession_nb.base.bm25`).  :class:`JapaneseIndex` does the same for Japanese texts, cut into words by a
morphological analyser (:mod:`obsession_nb.base.japanese`).

A :class:`WordIndex` is built from documents, each a key, weighted fields and the passages a hit
may quote; ``index.search("hal boi")`` returns a :class:`Found`: the ranked hits with their best
passage, and the corrected query when a word was not in the vocabulary ("did you mean").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from obsession_nb.base import japanese
from obsession_nb.base.bm25 import Okapi
from obsession_nb.base.wordforms import normalise

_STOP_TEXT = """
a about after all also am an and any are as at be been before being but by can could did do
does doing done for from get gets getting go goes had happen happens has have having he her
here him his how i if in into is it its just many me might more most must my need needs of on or our out over own
please same she should so some such than that the their them then there these they this those
to too under up us was way we were what whats when where which while who whom why will with
would you your yours
each every ever still even already yet else though ok okay exactly really actually basically much may
like thing things something anything anyone someone somebody anybody guy guys hey hi thanks
wondering wonder know tell say said says think mean means question quick
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Words that carry no rule: dropped from questions and texts alike (numbers and negations are
kept: "two purchases" and "not available" mean something)."""

NEGATIONS = frozenset([
    "not", "no", "nor", "never", "none", "nothing", "nobody", "without", "cannot", "cant",
    "dont", "doesnt", "didnt", "wont", "isnt", "arent", "wasnt", "werent", "shouldnt",
    "couldnt", "wouldnt", "mustnt", "neednt", "havent", "hasnt", "hadnt", "aint",
])
"""Words never corrected (a "did you mean" must not turn "pauper cant pay" into "can pay")."""

NUMBERS = {w: str(i) for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"])}
"""Number words searched as their digits ("six players" finds "6 players" and the reverse)."""

_IRREGULAR = """
lose lost | draw drew drawn | take took taken | give gave given | choose chose chosen |
throw threw thrown | hide hid hidden | begin began begun | fall fell fallen | deal dealt |
steal stole stolen | lend lent | spend spent | sell sold
"""
IRREGULAR = {form: verb.split()[0] for verb in _IRREGULAR.split("|")
             for form in verb.split()[1:]}
"""English verbs' irregular forms -> the verb, which the stemmer does not fold ("lost" finds
"lose", "drawn" finds "draw"); forms the glossary's synonyms already fold ("bought", "won",
"held", "paid" as a price) are not here."""

NAME_WEIGHT = 2
"""A field of this weight or more names its document (:class:`WordIndex`)."""
NAME_BONUS = 0.4
"""How much a document whose name holds all of a question's stems gains (40 %), one that holds
half of them 20 % (issue 45, second sitting: the English questions' top-1 rose from 79 % to 82 %,
on the part held back from 75 % to 78 %)."""

PARTICLES = frozenset(["back", "down", "up", "on", "off", "out", "over", "away", "in"])
"""The particles of phrasal verbs ("give back", "turn on"), which players split around an
object ("give the Fairchild back", "turn the reserves on")."""


def _split_verbs(synonyms: Mapping[str, str]) -> re.Pattern[str] | None:
    """A pattern finding a synonym's phrasal verb split by up to three words: the verb (any
    regular ending), the words between, the particle."""
    pairs = [k.split() for k in synonyms if len(k.split()) == 2 and k.split()[1] in PARTICLES]
    if not pairs:
        return None
    verbs = "|".join(sorted({re.escape(v) for v, _p in pairs}, key=len, reverse=True))
    particles = "|".join(sorted({p for _v, p in pairs}))
    return re.compile(rf"\b({verbs})(?:s|es|ed|d|ing)?((?: (?!(?:{particles})\b)\w+){{1,3}}?)"
                      rf" ({particles})\b")


@cache
def _stemmer() -> Any:
    """The English Snowball stemmer, loaded when an index is first built."""
    import snowballstemmer

    return snowballstemmer.stemmer("english")


@dataclass(frozen=True)
class Document:
    """One searchable text: ``fields`` are (text, weight) — a weight of 3 counts its words three
    times (titles and names weigh more than bodies); ``passages`` are what a hit may quote."""

    key: str
    fields: tuple[tuple[str, int], ...]
    passages: tuple[str, ...]


@dataclass(frozen=True)
class Hit:
    key: str
    score: float
    passage: str
    """The passage (sentence) of the document that holds most of the query's words."""
    named: float = 0.0
    """The share of the query's stems the document's name holds (see :class:`WordIndex`)."""


@dataclass(frozen=True)
class Found:
    query: str
    hits: tuple[Hit, ...]
    corrected: str | None = None
    """The query with its unknown words corrected, when it was searched that way."""


class WordIndex:
    """BM25 over documents, with synonyms, stemming, stop words and typo correction.

    ``synonyms`` maps a phrase players use to the spelling the texts use (``purchase`` → ``buy``,
    ``boots`` → ``hall boy``): the texts' spelling is added after it, in the documents and the
    queries alike, so that either finds the other.  ``phrases`` are
    multi-word names (``hall boy``) a misspelt pair of words is matched against as a whole.
    ``language`` tells a word of the language (``able``, ``done``): such a word, a negation, a
    number or a word of the texts is never corrected.

    A document's name (its fields of weight :data:`NAME_WEIGHT` or more: a rule's id and title,
    a case's question, a term and its other names) says what it is about: each score is raised by ``name_bonus``
    times the share of the question's stems its name holds (BM25 over the fields run together
    cannot tell a title's words from a body's).
    """

    name_bonus = NAME_BONUS

    def __init__(self, documents: Sequence[Document], synonyms: Mapping[str, str],
                 phrases: Sequence[str] = (), language: Callable[[str], bool] | None = None,
                 state: Mapping[str, Any] | None = None) -> None:
        self.documents = tuple(documents)
        self._language = language
        self._synonyms = {normalise(k): normalise(v) for k, v in synonyms.items()}
        phrases_ = sorted((k for k in self._synonyms if " " in k), key=len, reverse=True)
        self._alias = (re.compile(r"\b(" + "|".join(map(re.escape, phrases_)) + r")s?\b")
                       if phrases_ else None)
        self._stem_alias = {_stemmer().stemWord(k): _stemmer().stemWords(v.split())
                            for k, v in self._synonyms.items() if " " not in k}
        self._split = _split_verbs(self._synonyms)
        self._phrases = tuple(dict.fromkeys(normalise(p) for p in phrases if " " in p.strip()))
        if state is None:
            state = {"counts": [dict(Counter(self._field_tokens(d))) for d in self.documents],
                     "names": [sorted({t for text, weight in d.fields if weight >= NAME_WEIGHT
                                       for t in self.tokens(text)})
                               for d in self.documents],
                     "vocabulary": self._words()}
        self.state = state
        """What building the index worked out (plain data: the user's cache may keep it)."""
        self._bm25 = Okapi(state["counts"])
        self._vocabulary: dict[str, int] = state["vocabulary"]
        self._vocab_list = list(self._vocabulary)
        self._sentence_cache: dict[str, list[tuple[str, set[str]]]] = {}

    # ------------------------------------------------------------ words

    def _words(self) -> dict[str, int]:
        """The texts' words (and the synonyms'), with how often each occurs."""
        words: Counter[str] = Counter()
        for d in self.documents:
            for text, _weight in d.fields:
                words.update(normalise(text).split())
        for alias, target in self._synonyms.items():
            words.update([*alias.split(), *target.split()])
        return dict(words)

    def fold(self, text: str) -> str:
        """``text`` normalised, each multi-word synonym followed by the texts' spelling (one-word
        synonyms are expanded on their stems, so that plurals expand too)."""
        text = normalise(text)
        if self._split is not None:
            text = self._split.sub(self._split_verb, text)
        if self._alias is None:
            return text
        return self._alias.sub(lambda m: f"{m.group(0)} {self._synonyms[m.group(1)]}", text)

    def _split_verb(self, m: re.Match[str]) -> str:
        """A phrasal verb with its object inside ("give the fairchild back"): the texts' word
        for "give back" after it."""
        said = self._synonyms.get(f"{m.group(1)} {m.group(3)}")
        return f"{m.group(0)} {said}" if said else m.group(0)

    def tokens(self, text: str) -> list[str]:
        """The stems BM25 compares: words with their synonyms, stop words dropped."""
        out: list[str] = []
        stems = _stemmer().stemWords([NUMBERS.get(w) or IRREGULAR.get(w, w)
                                    for w in self.fold(text).split() if w not in STOP_WORDS])
        for stem in stems:
            out += [stem, *(t for t in self._stem_alias.get(stem, ()) if t != stem)]
        return out

    def query_tokens(self, text: str) -> list[str]:
        """The stems a question is searched by (as a text's, here)."""
        return self.tokens(text)

    def _field_tokens(self, doc: Document) -> list[str]:
        out: list[str] = []
        for text, weight in doc.fields:
            out += self.tokens(text) * weight
        return out

    def _known(self, word: str) -> bool:
        """A word that is not a misspelling: the texts', a stop word, a negation, a number, a
        word of the language (or too short to tell)."""
        return (word in self._vocabulary or word in STOP_WORDS or word in NEGATIONS
                or word.isdigit() or len(word) < 3
                or (self._language is not None and self._language(word)))

    def _closest_word(self, word: str) -> str | None:
        """The vocabulary word nearest ``word`` by edits (one edit for words of up to six
        letters, two for longer), the more frequent of equally near ones."""
        from rapidfuzz import process
        from rapidfuzz.distance import Levenshtein

        limit = 1 if len(word) <= 6 else 2
        near = process.extract(word, self._vocab_list, scorer=Levenshtein.distance,
                               score_cutoff=limit, limit=None)
        if not near:
            return None
        best: str = min(near, key=lambda m: (m[1], -self._vocabulary[m[0]], m[0]))[0]
        return best

    def correct(self, query: str) -> str | None:
        """``query`` with unknown words corrected, or None when every word is known (or none
        can be corrected).  A misspelt run of words is first matched against the multi-word
        names as a whole (``hal boi`` → ``hall boy``)."""
        words = normalise(query).split()
        out: list[str] = []
        changed = False
        i = 0
        while i < len(words):
            fixed = self._phrase_at(words, i)
            if fixed is not None:
                phrase, used = fixed
                out.append(phrase)
                changed = True
                i += used
                continue
            word = words[i]
            better = None if self._known(word) else self._closest_word(word)
            out.append(better or word)
            changed |= better is not None
            i += 1
        return " ".join(out) if changed else None

    def _phrase_at(self, words: list[str], i: int) -> tuple[str, int] | None:
        from rapidfuzz import fuzz, process

        for size in (3, 2):
            run = words[i:i + size]
            if len(run) < size or all(self._known(w) for w in run) \
                    or any(w in STOP_WORDS for w in run):
                continue
            best = process.extractOne(" ".join(run), self._phrases, scorer=fuzz.ratio,
                                      score_cutoff=78)
            if best is None or len(best[0].split()) != size:
                continue
            changed = [w for w, v in zip(run, best[0].split(), strict=True) if w != v]
            if not any(self._known(w) for w in changed):  # only misspellings are replaced
                return best[0], size
        return None

    # ------------------------------------------------------------ searching

    def scores(self, query: str) -> dict[str, float]:
        """Each matching document's BM25 score for ``query`` (its typos corrected), by key."""
        stems = self.query_tokens(self.correct(query) or query)
        return {self.documents[i].key: s for i, s in self._bm25.scores(stems).items()}

    def search(self, query: str, limit: int | None = None,
               weight: Callable[[str], float] | None = None) -> Found:
        """The documents ranked by BM25 for ``query`` (its typos corrected first), each score
        multiplied by ``weight(key)`` if given (0 leaves the document out); the passages are
        found for the first ``limit`` only."""
        corrected = self.correct(query)
        stems = self.query_tokens(corrected or query)
        if not stems:
            return Found(query, (), corrected)
        keys = [d.key for d in self.documents]
        asked, names = set(stems), self.state["names"]
        scores = self._bm25.scores(stems)
        named = {i: len(asked.intersection(names[i])) / len(asked) for i in scores}
        weighted = {i: s * (weight(keys[i]) if weight else 1.0) * (1 + self.name_bonus * named[i])
                    for i, s in scores.items()}
        ranked = sorted((i for i, s in weighted.items() if s > 0), key=lambda i: (-weighted[i], i))
        if limit is not None:
            ranked = ranked[:limit]
        hits = tuple(Hit(keys[i], weighted[i], self._passage(self.documents[i], set(stems)),
                         named[i]) for i in ranked)
        return Found(query, hits, corrected)

    def _passage(self, doc: Document, stems: set[str]) -> str:
        best, best_score = "", -1
        for sentence, words in self._sentences(doc):
            score = len(stems & words)
            if score > best_score:
                best, best_score = sentence, score
        return best

    def _sentences(self, doc: Document) -> list[tuple[str, set[str]]]:
        """The document's sentences with their stems, worked out once."""
        found = self._sentence_cache.get(doc.key)
        if found is None:
            found = [(sentence, set(self.tokens(sentence))) for passage in doc.passages
                     for sentence in re.split(r"(?<=[.;!?])\s+|(?<=[。！？])", passage)
                     if sentence.strip()]
            self._sentence_cache[doc.key] = found
        return found


_LATIN = re.compile(r"([A-Za-z][A-Za-z'’`-]*(?:\s+[A-Za-z][A-Za-z'’`-]*)*)")


class JapaneseIndex(WordIndex):
    """BM25 over Japanese documents (and questions mixing Japanese with English).

    Japanese runs are cut into words by the analyser (:func:`obsession_nb.base.japanese.words`);
    runs of latin letters are English words, stemmed and folded as in :class:`WordIndex`.
    ``names`` maps the game's names in English to the texts' Japanese (``hall boy`` →
    ``ホールボーイ``): a question's English names are searched in both languages.  No typo
    correction: the analyser has no notion of a misspelt Japanese word.  ``japanese_synonyms``
    maps a Japanese word players use to the texts' (``ターン`` → ``手番``), both cut into words
    as the texts are, so that any conjugation of either finds the other.  No bonus for names:
    a Japanese question's words (compounds and their parts, verb stems) share a title's too
    unevenly (the held-back Japanese questions lost in the top 3 with it).
    """

    name_bonus = 0.0

    def __init__(self, documents: Sequence[Document], synonyms: Mapping[str, str],
                 names: Mapping[str, str], state: Mapping[str, Any] | None = None,
                 japanese_synonyms: Mapping[str, str] | None = None) -> None:
        self._japanese_synonyms = {
            said[0]: [w for w in japanese.words(target) if w != said[0]]
            for word, target in (japanese_synonyms or {}).items()
            if len(said := japanese.words(word)) == 1}
        ordered = sorted(((normalise(k), v) for k, v in names.items() if normalise(k)),
                         key=lambda kv: -len(kv[0]))
        self._names = dict(ordered)
        self._name_pattern = (re.compile(r"\b(" + "|".join(re.escape(k) for k, _v in ordered)
                                         + r")s?\b") if ordered else None)
        super().__init__(documents, synonyms, state=state)

    def tokens(self, text: str) -> list[str]:
        out: list[str] = []
        for i, part in enumerate(_LATIN.split(text)):
            if i % 2:  # a run of latin words
                out += super().tokens(part)
                named = self._name_pattern.findall(normalise(part)) if self._name_pattern else []
                out += [w for name in named for w in japanese.words(self._names[name])]
            elif part.strip():
                out += [t for w in japanese.words(part)
                        for t in (w, *self._japanese_synonyms.get(w, ()))]
        return out

    def query_tokens(self, text: str) -> list[str]:
        """A question's words, the texts' katakana words a player typed in hiragana written in
        katakana first (:func:`obsession_nb.base.japanese.kana_readings`: ``はうすまんで値引き``
        is searched as ``ハウスマンで値引き``, not as the analyser's ``はうす`` + ``まん``); a
        reading of a run mixing kanji and kana that no spelling of the question has is
        searched beside its words."""
        known = sorted((w for w in japanese.kana_readings(text) if self._knows(w)),
                       key=len, reverse=True)
        apart = []
        for word in known:
            spelt = japanese.hiragana(word)
            if spelt in text:
                text = text.replace(spelt, word)
            elif word not in text:
                apart.append(word)
        return [*self.tokens(text), *apart]

    def _knows(self, katakana: str) -> bool:
        """Whether the texts have every word of ``katakana`` (as the analyser normalises
        them: ``メイド`` is the texts' ``メード``)."""
        found = japanese.words(katakana)
        return bool(found) and all(self._bm25.knows(w) for w in found)

    def correct(self, query: str) -> str | None:
        return None
