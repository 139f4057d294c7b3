"""The words of English, for telling a misspelling from a word a player meant (issue 45:
"must I be able to pay" keeps "able" although no rule says it).

The list is pyspellchecker's English word frequencies, kept to the common words (seen at
least :data:`COMMON` times in its corpus: rare names such as "hal" or "wat" stay correctable),
apostrophes dropped as questions are normalised (``don't`` → ``dont``), with the British
spellings the rules use (``favour``, ``colour``) accepted through their American forms.
Parsed once and kept in the user's cache (obsession_nb/data/content_cache.py).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from obsession_nb.data import content_cache

COMMON = 1000
"""Fewest occurrences in the frequency list for a word to count as a word of English."""

_BRITISH = ((re.compile(r"our(s|ed|ing|ite|ites|able)?$"), r"or\1"),
            (re.compile(r"is(e|es|ed|ing|ation|ations)$"), r"iz\1"),
            (re.compile(r"tre(s)?$"), r"ter\1"),
            (re.compile(r"ogue(s)?$"), r"og\1"))


def _frequencies() -> Path:
    import spellchecker  # here: only its data file is read

    return Path(spellchecker.__file__).parent / "resources" / "en.json.gz"


def _common_words() -> list[str]:
    import gzip  # here: read only when the user's cache has no copy

    counts: dict[str, int] = json.loads(gzip.decompress(_frequencies().read_bytes()))
    return sorted({w.replace("'", "") for w, n in counts.items() if n >= COMMON})


@cache
def english() -> frozenset[str]:
    """The common words of English, lower case, apostrophes dropped."""
    return frozenset(content_cache.plain("lexicon-en", [_frequencies(), Path(__file__)],
                                         _common_words))


def is_english(word: str) -> bool:
    """Whether ``word`` (lower case, apostrophes dropped) is a common word of English, in the
    American or the British spelling."""
    words = english()
    if word in words:
        return True
    return any(pattern.search(word) and pattern.sub(american, word) in words for pattern, american in _BRITISH)
