"""Okapi BM25 over an inverted index, in plain Python.

The scores are those of ``rank_bm25.BM25Okapi`` (k1 = 1.5, b = 0.75, an idf floor of
0.25 × the mean idf for words in more than half the documents; ``tests/base/test_bm25.py``
compares the two), computed from each query word's postings only.  ``rank_bm25`` scores every
document with numpy arrays: importing numpy alone cost `obsession-nb ask` ~90 ms of its ~300 ms,
for a few hundred short documents whose postings a dictionary walks in well under a millisecond.

``Okapi(counts)`` takes each document's word counts (plain data: the user's cache keeps them);
``okapi.scores(words)`` gives the documents a query's words match, by their index.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

K1 = 1.5
B = 0.75
EPSILON = 0.25


class Okapi:
    """BM25 scores of documents given as word counts (``[{"hall": 2, "boy": 2}, …]``)."""

    def __init__(self, counts: Sequence[Mapping[str, int]]) -> None:
        lengths = [sum(c.values()) for c in counts]
        average = sum(lengths) / len(lengths) if lengths else 1.0
        self._norm = [K1 * (1 - B + B * n / average) for n in lengths]
        postings: dict[str, list[tuple[int, int]]] = {}
        for i, c in enumerate(counts):
            for word, n in c.items():
                postings.setdefault(word, []).append((i, n))
        self._postings = postings
        size = len(counts)
        idf = {w: math.log(size - len(p) + 0.5) - math.log(len(p) + 0.5)
               for w, p in postings.items()}
        floor = EPSILON * (sum(idf.values()) / len(idf)) if idf else 0.0
        self._idf = {w: (floor if v < 0 else v) for w, v in idf.items()}

    def knows(self, word: str) -> bool:
        """Whether any document has the word."""
        return word in self._postings

    def scores(self, words: Iterable[str]) -> dict[int, float]:
        """Each matching document's score for the query ``words`` (a word given twice counts
        twice), by the document's index; documents matching no word are left out."""
        out: dict[int, float] = {}
        for word in words:
            idf = self._idf.get(word)
            if not idf:
                continue
            norm = self._norm
            for i, n in self._postings[word]:
                out[i] = out.get(i, 0.0) + idf * n * (K1 + 1) / (n + norm[i])
        return out
