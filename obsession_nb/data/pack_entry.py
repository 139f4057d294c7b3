"""Entering one card: the fields asked per deck, the values shown to start from, a check of one
field as it is typed, and the pack with the card in it.  ``obsession-nb cards enter`` and the
card-entry widget (``tutor/views/card_entry.py``) both enter cards through here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from obsession_nb.data import pack, pack_fields, pack_store
from obsession_nb.data.pack_fields import DECKS, deck_of, range_of, section_of
from obsession_nb.data.rules import nearest

ASKED: dict[str, tuple[str, ...]] = {
    "gentry": ("kind", "reputation", "vp", "service", "favours", "traits", "copies", "box"),
    "objectives": ("kind", "vp", "condition", "box"),
    "milestones": ("measure", "at_least", "vp", "box"),
}
"""The printed fields asked for a card of each section, after its deck and name.  Tiles,
opponent charts and the AI card are longer: they are written in the pack file (the catalog's
own fields) and brought in with ``cards import``."""

WHOLE = {"reputation": (1, 6), "copies": (1, 99), "at_least": (0, 99)}
"""Whole-number fields and the values the form takes (a deck's stated size is checked with the
whole pack)."""


def decks() -> list[str]:
    """The decks a card can be entered for, one at a time."""
    return [d for d, section in DECKS.items() if section in ASKED]


def standins(catalog: Any, deck: str) -> list[Any]:
    """The stand-ins still in a deck (of every box), in the catalog's order."""
    section = section_of(deck)
    if section is None:
        return []
    return [e for e in getattr(catalog, section).values()
            if e.standin and deck_of(section, e) == deck]


def find(catalog: Any, deck: str, word: str) -> tuple[Any | None, list[str]]:
    """The deck's card a word names (its id, its name, or a stand-in's number such as ``17``),
    or the nearest names ("did you mean")."""
    section = section_of(deck)
    if section is None:
        return None, []
    entries = [e for e in getattr(catalog, section).values() if deck_of(section, e) == deck]
    key = word.strip().casefold()
    for e in entries:
        name = getattr(e, "name", e.id).casefold()
        if key in (e.id, name) or (key.isdigit() and e.standin and e.id.endswith(f"-{int(key):02d}")):
            return e, []
    names = [getattr(e, "name", e.id) for e in entries]
    folded = {n.casefold(): n for n in names}
    return None, [folded[n] for n in nearest(key, folded)]


def start_values(catalog: Any, section: str, entry: Any | None) -> dict[str, Any]:
    """The printed values a card starts from: the catalog entry's, else a new card's defaults."""
    if entry is None:
        return {"copies": 1, "box": "base"} if section == "gentry" else {"box": "base"}
    printed = pack.printed_card(catalog, section, entry)
    return {k: printed[k] for k in ASKED[section] if k in printed}


def shown(value: Any) -> str:
    """A value as typed back: lists comma-separated, empty as nothing."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return "" if value is None else str(value)


def typed(section: str, field: str, text: str) -> Any:
    """A typed answer as the pack stores it (numbers as numbers, lists as lists)."""
    text = text.strip()
    if field in ("service", "favours", "traits"):
        return pack_fields.split_list(text)
    if field == "vp" and section == "milestones":
        return [int(x) if x.lstrip("-").isdigit() else x
                for x in pack_fields.split_list(text.replace("/", ",").replace(" ", ","))]
    if field in WHOLE or field == "vp":
        if text == "" and field == "reputation":
            return None
        return int(text) if text.lstrip("-").isdigit() else text
    return text


def check_field(catalog: Any, section: str, field: str, value: Any) -> str | None:
    """What is wrong with one typed field, or ``None``: the same reading as a pack's."""
    if field in WHOLE or (field == "vp" and section != "milestones"):
        if value is None and field == "reputation":
            return None
        if not isinstance(value, int):
            return f"{field} is a whole number ({range_of(section, field)})"
        low, high = WHOLE.get(field, (-99, 99))
        if not low <= value <= high:
            return f"{field} is {low} to {high}"
    if field == "vp" and section == "milestones" and (
            len(value) != 2 or not all(isinstance(v, int) for v in value)):
        return "a milestone prints two VP: first and second place, e.g. 5 3"
    servants = {s.name.casefold(): s.id for s in catalog.servants.values()}
    servants |= {s.id: s.id for s in catalog.servants.values()}
    _fields, problems = pack_fields.to_catalog(section, {field: value}, servants)
    return "; ".join(message for _f, message in problems) or None


def with_card(data: Mapping[str, Any], card: Mapping[str, Any]) -> dict[str, Any]:
    """The pack with the card in it: in place of the same card, else at the end."""
    key = pack_store.card_key(card)
    cards = [c for c in data.get("cards") or [] if pack_store.card_key(c) != key]
    at = next((i for i, c in enumerate(data.get("cards") or []) if pack_store.card_key(c) == key),
              len(cards))
    cards.insert(at, pack_store.card_text(card))
    return {**data, "cards": cards}


def in_use() -> dict[str, Any]:
    """The pack in use, or an empty one."""
    path = pack_store.in_use()
    return pack.read(path) if path else {"cards": []}
