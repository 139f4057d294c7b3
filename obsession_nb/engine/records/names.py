"""The names players see, read back as the ids the notation uses, and "did you mean" over both.

A card, tile, servant, family, objective, VP card, milestone or player may be written as it is
printed, in any case, with hyphens or spaces, and with or without a title when that leaves it
unambiguous: ``invite Lady Cavendish``, ``invite lady-cavendish`` and ``invite cavendish-wife``
are one action; ``host bowling green`` is ``host bowling-green``.  A notation made of ids is
read exactly as written.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from obsession_nb.base.wordforms import normalise
from obsession_nb.data.catalog import Catalog
from obsession_nb.data.catalog_records import GentryCard
from obsession_nb.data.rules import BadNotation, nearest

TITLES = frozenset({
    "the", "lady", "lord", "sir", "mr", "mrs", "miss", "ms", "master", "madam", "dame",
    "earl", "countess", "viscount", "viscountess", "duke", "duchess", "baron", "baroness",
    "marquess", "marchioness", "dowager", "captain", "colonel", "major", "admiral",
    "general", "dr", "doctor", "reverend", "rev", "honourable", "hon",
})
"""Words of address a player may leave out (``Cavendish`` for ``Lady Cavendish`` when no other
name reads the same without its title)."""
LONGEST = 10
"""The most words a name is read from."""
_SEAT = re.compile(r"p[1-9]")


@dataclass(frozen=True)
class Names:
    """Each normalised way of writing a thing (``keys``) and each id's printed name."""

    keys: Mapping[str, str]
    printed: Mapping[str, str]

    def read(self, text: str) -> str:
        """The notation ``text`` means: every run of words naming a thing replaced by its id
        (the longest run first); the verb and words that are ids already are kept."""
        words = text.split()
        if len(words) < 2:
            return text
        out = [words[0]]
        i = 1
        while i < len(words):
            word = words[i]
            if word.lower() in self.printed or _SEAT.fullmatch(word.lower()) or ":" in word:
                out.append(word)
                i += 1
                continue
            for j in range(min(len(words), i + LONGEST), i, -1):
                found = self.keys.get(normalise(" ".join(words[i:j])))
                if found is not None:
                    out.append(found)
                    i = j
                    break
            else:
                out.append(word)
                i += 1
        return " ".join(out)

    def near(self, word: str, ids: Iterable[str]) -> list[str]:
        """The ids among ``ids`` whose names or ids are nearest to a mistyped ``word``."""
        wanted = set(ids)
        keys = [k for k, v in self.keys.items() if v in wanted]
        found = nearest(normalise(word), keys, n=6)
        return list(dict.fromkeys(self.keys[k] for k in found))[:3]

    def unknown(self, what: str, word: str, ids: Iterable[str]) -> BadNotation:
        """The error for a word that names no ``what``: the nearest ones by name or id."""
        known = sorted(ids)
        near = self.near(word, known)
        error = BadNotation("unknown", what=what, word=word)
        if not near:  # nothing near: every one, when there are few
            return error.also("known", known=known) if len(known) <= 12 else error
        return error.also("near", near=[f"'{self.printed[x]}' ({x})" if self.printed[x] != x
                                        else f"'{x}'" for x in near])


_MADE: dict[tuple[int, tuple[tuple[str, str], ...], tuple[str, ...]],
            tuple[Catalog, Names]] = {}
"""The names made so far, by catalog, scenario cards and seats (the catalog is kept, so that
its id is never another's)."""


def names(catalog: Catalog, custom: Mapping[str, GentryCard], seats: Sequence[str]) -> Names:
    """The names of this game's things: the catalog's, the scenario's own cards, the seats'."""
    key = (id(catalog), tuple((c.id, c.name) for c in custom.values()), tuple(seats))
    made = _MADE.get(key)
    if made is None or made[0] is not catalog:
        if len(_MADE) > 64:
            _MADE.clear()
        made = _MADE[key] = (catalog, _names(catalog, key[1], key[2]))
    return made[1]


def _names(catalog: Catalog, custom: tuple[tuple[str, str], ...],
           seats: tuple[str, ...]) -> Names:
    printed: dict[str, str] = {}
    for table in (catalog.gentry, catalog.tiles, catalog.servants, catalog.objectives,
                  catalog.milestones):
        printed.update({k: getattr(v, "name", k) for k, v in table.items()})
    printed.update({k: k for k in catalog.vp_cards})
    printed.update({k: f"House of {v.name}" for k, v in catalog.families.items()})
    printed.update(dict(custom))
    printed.update({f"p{i + 1}": name for i, name in enumerate(seats)})
    full: dict[str, set[str]] = defaultdict(set)
    short: dict[str, set[str]] = defaultdict(set)
    for thing, name in printed.items():
        for written in (name, thing, *([catalog.families[thing].name]
                                       if thing in catalog.families else [])):
            key = normalise(written)
            full[key].add(thing)
            bare = " ".join(w for w in key.split() if w not in TITLES)
            if bare and bare != key:
                short[bare].add(thing)
    keys = {k: next(iter(v)) for k, v in short.items() if len(v) == 1 and k not in full}
    keys.update({k: next(iter(v)) for k, v in full.items() if len(v) == 1})
    return Names(keys, printed)
