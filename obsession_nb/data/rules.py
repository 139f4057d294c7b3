"""The rule index (``content/rules.yaml``) and the rulings the engine makes with it.

Every decision of the engine yields :class:`Ruling` records: a rule id from the index, a
plain-English verdict about this position, the rule's citation, and the ids of the cards the
verdict names (which the seat log reads, ruling.seat-log).  Illegal actions raise
:class:`IllegalAction` carrying the rulings that forbid them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from obsession_nb.base.resources import content_dir
from obsession_nb.data import content_cache


@dataclass(frozen=True)
class Rule:
    """One entry of the rule index."""

    id: str
    title: str
    kind: str
    summary: str
    cite: tuple[str, ...]
    reading: str | None = None
    terms: tuple[str, ...] = ()
    """What players call the topic (other names, searched by ``ask`` as names of the rule)."""
    choices: tuple[tuple[str, str], ...] = ()
    """An option's choices: (name, where it is written), the default first."""
    field: str | None = None
    """An option's ``Options`` field (``selects.field``; obsession_nb/engine/positions/option_index.py)."""
    values: tuple[tuple[str, object], ...] = ()
    """(choice, the field's value that selects it); a choice missing here selects the value of
    its own name (``selects.values``)."""

    @property
    def citation(self) -> str:
        return "; ".join(self.cite)


@cache
def rule_index() -> dict[str, Rule]:
    """All rules by id, loaded once from ``content/rules.yaml`` (the index kept pickled in the
    user's cache while the file and this module are unchanged:
    obsession_nb/data/content_cache.py)."""
    path = content_dir() / "rules.yaml"
    return content_cache.checked("rules", [path, Path(__file__)], lambda: _index(path))


def _index(path: Path) -> dict[str, Rule]:
    return {
        entry["id"]: Rule(
            id=entry["id"],
            title=entry["title"],
            kind=entry["kind"],
            summary=" ".join(entry["summary"].split()),
            cite=tuple(entry["cite"]),
            reading=entry.get("reading"),
            terms=tuple(entry.get("terms") or ()),
            choices=tuple((str(k), str(v)) for k, v in (entry.get("choices") or {}).items()),
            field=(entry.get("selects") or {}).get("field"),
            values=tuple((entry.get("selects") or {}).get("values", {}).items()),
        )
        for entry in _entries(path)
    }


def _entries(path: Path) -> list[dict[str, Any]]:
    from obsession_nb.base import yamlio  # here: read only when the user's cache has no copy

    entries: list[dict[str, Any]] = yamlio.load(path.read_text(encoding="utf-8"))["rules"]
    return entries


def rule(rule_id: str) -> Rule:
    """The index entry for ``rule_id``; a ``KeyError`` names an id missing from the index."""
    try:
        return rule_index()[rule_id]
    except KeyError:
        raise KeyError(f"rule id '{rule_id}' is not in content/rules.yaml") from None


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision about this position: which rule, what it means here, where it is written."""

    rule: str
    verdict: str
    cards: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The guests and objectives the verdict names, by id, given by whoever writes it: the seat
    log notes which seats could see them (ruling.seat-log) without reading the words."""

    @property
    def citation(self) -> str:
        return rule(self.rule).citation

    @property
    def title(self) -> str:
        return rule(self.rule).title

    @property
    def summary(self) -> str:
        """The rule's title and summary (the hover text of its rule id)."""
        entry = rule(self.rule)
        return f"{entry.title}: {entry.summary}"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "verdict": self.verdict, "citation": citation(self.rule)}

    def __str__(self) -> str:
        return f"{self.verdict} [{self.rule}: {self.citation}]"

    def _repr_html_(self) -> str:
        from obsession_nb.base.render import ruling_html
        from obsession_nb.data.translations import ruling_text

        said = ruling_text(self.rule, self.verdict, None)
        return ruling_html(self, None if said == self.verdict else said)


@cache
def citation(rule_id: str) -> str:
    """Where the rule is written (``Rule.citation``), joined once per rule."""
    return rule(rule_id).citation


APPLIED: set[str] = set()
"""Rule ids the engine has ruled with in this process (read by the test suite's coverage report)."""


def ruling(rule_id: str, verdict: str, cards: tuple[str, ...] = ()) -> Ruling:
    """Make a ruling, failing at once if the rule id is not in the index (looked up the first
    time only: an id once applied is known to be there); ``cards``: the ids of every guest and
    objective card the verdict names.  The same record as ``Ruling(rule_id, verdict, cards)``,
    its slots filled without the frozen class's ``__init__`` (which sets each field through
    ``object.__setattr__``): the engine makes a few rulings at every action, even those nobody
    reads."""
    if rule_id not in APPLIED:
        rule(rule_id)
        APPLIED.add(rule_id)
    made = _new_ruling(Ruling)
    _set_rule(made, rule_id)
    _set_verdict(made, verdict)
    _set_cards(made, cards)
    return made


_new_ruling = object.__new__
_set_rule = vars(Ruling)["rule"].__set__
_set_verdict = vars(Ruling)["verdict"].__set__
_set_cards = vars(Ruling)["cards"].__set__


NOTATION_WORDS: dict[str, dict[str, str]] = {
    "bad_notation": {"empty": "empty action", "unknown": "there is no {what} '{word}'",
                     "shape": "'{text}' does not match '{shape}'",
                     "token": "'{token}' is not a valid {field}",
                     "seat_token": "players are written p1…p6, not '{token}'",
                     "no_player": "there is no player p{seat} in this game (p1 to p{players})",
                     "near": "; did you mean {near}?", "or": " or ", "known": "; known: {known}",
                     "list": ", "},
    "notation_what": {what: what for what in (
        "action", "servant", "tile", "family", "family board", "objective card", "VP card",
        "milestone card", "gentry card", "market stack")},
}
"""Why a text is no action, in English: each reason of :class:`BadNotation` with its
``{name}`` fields (``bad_notation``; ``near``: the nearest known ones, joined by ``or``;
``known``: every one, when there are few; ``field``: an argument by its name in the notation)
and the things a word may fail to name (``notation_what``).  A view in another language passes the same sections in
it (``content/i18n/<lang>/widgets.yaml``)."""


class BadNotation(ValueError):
    """Text that is not the notation of any action: why, kept as parts (``parts``: each a reason
    of :data:`NOTATION_WORDS` with its fields, or a sentence of its own, said as written), said
    in English by ``str`` and in another language by :meth:`said`."""

    def __init__(self, reason: str, /, **fields: object) -> None:
        self.parts: tuple[tuple[str, dict[str, object]], ...] = ((reason, fields),)
        super().__init__(reason)

    def also(self, reason: str, /, **fields: object) -> BadNotation:
        """This error with one more part after it (``near``: did you mean …)."""
        more = BadNotation(reason, **fields)
        more.parts = (*self.parts, *more.parts)
        return more

    def said(self, words: Mapping[str, Mapping[str, str]] = NOTATION_WORDS) -> str:
        """Why, in ``words`` (:data:`NOTATION_WORDS` in a language): what was typed and the
        names to type as they are."""
        frames, things = words["bad_notation"], words["notation_what"]

        def value(key: str, v: object) -> object:
            if isinstance(v, (list, tuple)):
                return frames["or" if key == "near" else "list"].join(map(str, v))
            return things.get(str(v), v) if key == "what" else v

        return "".join(reason if reason not in frames else frames[reason].format_map(
            {k: value(k, v) for k, v in fields.items()}) for reason, fields in self.parts)

    def __str__(self) -> str:
        return self.said()


def nearest(word: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates nearest to a mistyped ``word``, best first (none if nothing is near)."""
    import difflib  # here: only a mistyped word needs it

    return difflib.get_close_matches(word, list(candidates), n=n, cutoff=0.6)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'x' or 'y'?"`` for a mistyped word, ``""`` if nothing is near."""
    near = nearest(word, known)
    return str(BadNotation("near", near=[repr(x) for x in near])) if near else ""


def unknown(what: str, word: str, known: Iterable[str]) -> BadNotation:
    """A word that names no ``what``: the error names it and the nearest known ones (or, if
    none is near, every one when there are few)."""
    known = sorted(known)
    error = BadNotation("unknown", what=what, word=word)
    near = nearest(word, known)
    if near:
        return error.also("near", near=[repr(x) for x in near])
    return error.also("known", known=known) if len(known) <= 12 else error


class IllegalAction(ValueError):
    """A well-formed action that the rules forbid here; carries the forbidding rulings."""

    def __init__(self, rulings: list[Ruling] | Ruling) -> None:
        self.rulings = [rulings] if isinstance(rulings, Ruling) else list(rulings)
        super().__init__()

    def __str__(self) -> str:  # written only when shown: move generation refuses many
        return "; ".join(str(r) for r in self.rulings)


def refuse(rule_id: str, verdict: str, cards: tuple[str, ...] = ()) -> IllegalAction:
    """An :class:`IllegalAction` with one ruling (``raise refuse(...)``)."""
    return IllegalAction(ruling(rule_id, verdict, cards))
