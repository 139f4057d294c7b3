"""Searching short texts in players' words: stop words dropped, words stemmed (Snowball),
synonyms folded onto one spelling, typos corrected against the texts' own vocabulary
(RapidFuzz), and the texts ranked by BM25 (``rank_bm25``).

A :class:`WordIndex` is built from documents, each a key, weighted fields and the passages a hit
may quote; ``index.search("hal boi")`` returns a :class:`Found`: the ranked hits with their best
passage, and the corrected query when a word was not in the vocabulary ("did you mean").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import snowballstemmer
from rank_bm25 import BM25Okapi
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

_STOP_TEXT = """
a about after all also am an and any are as at be been before being but by can could did do
does doing done for from get gets getting go goes had happen happens has have having he her
here him his how i if in into is it its just many me might more most must my need needs of on or our out over own
please same she should so some such than that the their them then there these they this those
to too under up us was way we were what whats when where which while who whom why will with
would you your yours
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Words that carry no rule: dropped from questions and texts alike (numbers and negations are
kept: "two purchases" and "not available" mean something)."""

_STEMMER = snowballstemmer.stemmer("english")
_WORD = re.compile(r"[a-z0-9]+")


def normalise(text: str) -> str:
    """Lower case, apostrophes dropped (``lady's`` → ``ladys``), everything else not a letter or
    digit made a space."""
    text = re.sub(r"['’‘`]", "", text.lower())
    return " ".join(_WORD.findall(text))


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
    """

    def __init__(self, documents: Sequence[Document], synonyms: Mapping[str, str],
                 phrases: Sequence[str] = ()) -> None:
        self.documents = tuple(documents)
        self._synonyms = {normalise(k): normalise(v) for k, v in synonyms.items()}
        phrases_ = sorted((k for k in self._synonyms if " " in k), key=len, reverse=True)
        self._alias = (re.compile(r"\b(" + "|".join(map(re.escape, phrases_)) + r")s?\b")
                       if phrases_ else None)
        self._stem_alias = {_STEMMER.stemWord(k): _STEMMER.stemWords(v.split())
                            for k, v in self._synonyms.items() if " " not in k}
        self._phrases = tuple(dict.fromkeys(normalise(p) for p in phrases if " " in p.strip()))
        corpus = [self._field_tokens(d) for d in self.documents]
        self._bm25 = BM25Okapi(corpus)
        words: Counter[str] = Counter()
        for d in self.documents:
            for text, _weight in d.fields:
                words.update(normalise(text).split())
        for alias, target in self._synonyms.items():
            words.update([*alias.split(), *target.split()])
        self._vocabulary = dict(words)
        self._vocab_list = list(self._vocabulary)
        self._sentence_cache: dict[str, list[tuple[str, set[str]]]] = {}

    # ------------------------------------------------------------ words

    def fold(self, text: str) -> str:
        """``text`` normalised, each multi-word synonym followed by the texts' spelling (one-word
        synonyms are expanded on their stems, so that plurals expand too)."""
        text = normalise(text)
        if self._alias is None:
            return text
        return self._alias.sub(lambda m: f"{m.group(0)} {self._synonyms[m.group(1)]}", text)

    def tokens(self, text: str) -> list[str]:
        """The stems BM25 compares: words with their synonyms, stop words dropped."""
        out: list[str] = []
        for stem in _STEMMER.stemWords([w for w in self.fold(text).split()
                                        if w not in STOP_WORDS]):
            out += [stem, *(t for t in self._stem_alias.get(stem, ()) if t != stem)]
        return out

    def _field_tokens(self, doc: Document) -> list[str]:
        out: list[str] = []
        for text, weight in doc.fields:
            out += self.tokens(text) * weight
        return out

    def _known(self, word: str) -> bool:
        return word in self._vocabulary or word in STOP_WORDS or word.isdigit() or len(word) < 3

    def _closest_word(self, word: str) -> str | None:
        """The vocabulary word nearest ``word`` by edits (one edit for words of up to six
        letters, two for longer), the more frequent of equally near ones."""
        limit = 1 if len(word) <= 6 else 2
        near = process.extract(word, self._vocab_list, scorer=Levenshtein.distance,
                               score_cutoff=limit, limit=None)
        if not near:
            return None
        return min(near, key=lambda m: (m[1], -self._vocabulary[m[0]], m[0]))[0]

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
        for size in (3, 2):
            run = words[i:i + size]
            if len(run) < size or all(self._known(w) for w in run) \
                    or any(w in STOP_WORDS for w in run):
                continue
            best = process.extractOne(" ".join(run), self._phrases, scorer=fuzz.ratio,
                                      score_cutoff=78)
            if best is not None and len(best[0].split()) == size:
                return best[0], size
        return None

    # ------------------------------------------------------------ searching

    def search(self, query: str, limit: int | None = None) -> Found:
        """The documents ranked by BM25 for ``query`` (its typos corrected first)."""
        corrected = self.correct(query)
        asked = corrected or query
        stems = self.tokens(asked)
        if not stems:
            return Found(query, (), corrected)
        scores = self._bm25.get_scores(stems)
        ranked = sorted((i for i, s in enumerate(scores) if s > 0), key=lambda i: -scores[i])
        if limit is not None:
            ranked = ranked[:limit]
        hits = tuple(Hit(self.documents[i].key, float(scores[i]),
                         self._passage(self.documents[i], set(stems))) for i in ranked)
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
                     for sentence in re.split(r"(?<=[.;!?])\s+", passage) if sentence]
            self._sentence_cache[doc.key] = found
        return found
