"""obsession_nb.base.bm25 scores as ``rank_bm25.BM25Okapi`` does (the library it replaces, kept
as a development dependency to check against)."""

from __future__ import annotations

from collections import Counter

import pytest
from rank_bm25 import BM25Okapi

from obsession_nb.base.bm25 import Okapi
from obsession_nb.tutor.ask_index import english_index


def _compare(corpus: list[list[str]], query: list[str]) -> None:
    ours = Okapi([Counter(d) for d in corpus]).scores(query)
    theirs = BM25Okapi(corpus).get_scores(query)
    assert set(ours) == {i for i, s in enumerate(theirs) if s > 0}
    for i, s in ours.items():
        assert s == pytest.approx(float(theirs[i]), rel=1e-9)


def test_scores_match_rank_bm25_on_a_small_corpus() -> None:
    corpus = [["hall", "boy", "money"], ["cook", "prestig", "cook"], ["hall", "servant"],
              ["pass", "rent", "200"], ["hall", "hall", "hall", "gossip"]]
    _compare(corpus, ["hall", "cook", "cook", "unknown"])  # "hall" is in over half: its floor


def test_scores_match_rank_bm25_on_the_ask_index() -> None:
    index = english_index()
    corpus = [[w for w, n in counts.items() for _ in range(n)] for counts in index.state["counts"]]
    for question in ("can the hall boy pay for a pauper", "solo ai rolls a 19", "pass rents"):
        _compare(corpus, index.tokens(question))
