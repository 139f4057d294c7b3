"""Words as the searches and the names in actions compare them: :func:`normalise` (lower case,
apostrophes dropped, ranges of small numbers spelt out).  Apart from the searches
(:mod:`obsession_nb.base.wordsearch`), so that reading a name in an action loads no index,
stemmer or Japanese analyser."""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+")

_FRAMES = re.compile(r"\b(how (?:do|does|did|will|would)\b(?: \w+){1,4}?) (?:work|works)\b")
"""The frame of "how does X work": its "work" asks nothing about working servants."""

_RANGE = re.compile(r"\b(\d{1,2}) ?(?:–|-|to) ?(\d{1,2})\b")
"""A range of small numbers ("16–19", "15 to 18"): a die roll in it finds the range."""


def _ranges(text: str) -> str:
    def spelt(m: re.Match[str]) -> str:
        low, high = int(m.group(1)), int(m.group(2))
        if not low < high <= low + 10:
            return m.group(0)
        return " ".join(str(n) for n in range(low, high + 1))

    return _RANGE.sub(spelt, text)


def normalise(text: str) -> str:
    """Lower case, apostrophes dropped (``lady's`` → ``ladys``), everything else not a letter or
    digit made a space."""
    text = _ranges(re.sub(r"['’‘`]", "", text.lower()))
    return _FRAMES.sub(r"\1", " ".join(_WORD.findall(text)))
