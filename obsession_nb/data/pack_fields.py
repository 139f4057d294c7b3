"""A card pack's words: the decks a card may belong to and its fields named as the card prints
them (``kind``, ``reputation``, ``service``, ``cost``, ``box`` …), translated to the catalog's
(``gender``, ``prestige``, servant ids, ``cost_modifier``, ``expansion`` …), and back.

Only the words live here; reading, checking and overlaying a pack is :mod:`obsession_nb.data.pack`.
Every problem is returned as ``(field, message)`` so the caller can put its path in front.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from obsession_nb.data.rules import nearest

DECKS: dict[str, str] = {
    "starter": "gentry", "casual": "gentry", "prestige": "gentry", "family": "gentry",
    "fairchild": "gentry", "tile": "tiles", "objective": "objectives", "milestone": "milestones",
    "opponent": "opponents", "ai": "ai_cards",
}
"""Each deck a pack card may name, and the catalog section its cards live in."""

SECTION_DECK = {"tiles": "tile", "objectives": "objective", "milestones": "milestone",
                "opponents": "opponent", "ai_cards": "ai"}
"""The deck of a catalog entry outside the gentry (whose entries carry their deck)."""

BOXES = {"base": "base", "upstairs downstairs": "upstairs_downstairs", "ud": "upstairs_downstairs",
         "wessex": "wessex", "suites": "suites", "hybrid": "hybrid", "promo": "promo"}
"""How a pack may name the box a card comes in, and the catalog's word for it."""

PRINTED: dict[str, dict[str, str]] = {
    "gentry": {"kind": "gender", "reputation": "prestige", "box": "expansion"},
    "tiles": {"cost": "cost_modifier", "box": "expansion"},
    "objectives": {"kind": "category", "box": "expansion"},
    "milestones": {"box": "expansion"},
    "opponents": {"kind": "difficulty"},
    "ai_cards": {},
}
"""Per section: a printed field's name → the catalog field it fills (the others keep their
catalog name: ``name``, ``vp``, ``service``, ``favours``, ``copies``, ``front`` …)."""

RANGES: dict[str, str] = {
    "name": "the name as printed",
    "deck": " / ".join(DECKS),
    "reputation": "1 to 6, or empty for a crest",
    "vp": "a whole number, e.g. -1 or 3",
    "service": "servant names, comma-separated, e.g. Valet, Lady's Maid (empty: none)",
    "favours": "comma-separated, e.g. £200, reputation 2, invite casual, gossip 1 (empty: none)",
    "traits": "comma-separated, e.g. pauper, gossip (empty: none)",
    "copies": "1 or more",
    "box": " / ".join(dict.fromkeys(BOXES)),
    "cost": "the printed cost change in pounds, e.g. -100",
    "printing": "why your card differs from a value the rulebooks state (your printing)",
}
"""What each printed field allows, as ``cards enter`` and the widget show it."""

LABELS: dict[str, str] = {
    "name": "Name", "kind": "Kind", "reputation": "Reputation", "vp": "VP",
    "service": "Service icons", "favours": "Favours", "traits": "Traits", "copies": "Copies",
    "box": "Box", "condition": "Condition", "measure": "Measure", "at_least": "At least",
    "printing": "Printing (only if your card differs from the rulebooks)",
}
"""Each printed field's name as the card-entry form labels it."""

SECTION_RANGES: dict[str, dict[str, str]] = {
    "gentry": {"kind": "gentleman / lady"},
    "tiles": {"kind": "improvement / service / monument / suite / hybrid"},
    "objectives": {"kind": "the category printed, e.g. room_bonus, guest_bonus"},
    "milestones": {"vp": "first and second place, e.g. 5 3", "at_least": "0 to 99",
                   "measure": "what the card counts (see obsession_nb/engine/steps/milestones.py)"},
    "opponents": {"kind": "beginner / intermediate / expert"},
    "ai_cards": {},
}


def range_of(section: str, field: str) -> str:
    """What a field allows on a card of this section."""
    return SECTION_RANGES[section].get(field) or RANGES.get(field, "as printed")

GENDERS = {"gentleman": "male", "lady": "female", "male": "male", "female": "female"}
FAVOUR_KINDS = ("money", "reputation", "invite", "lady", "dismiss", "vp_card", "gossip", "admirer",
                "objective", "vp_card_draw", "reclaim", "hire", "recruit")
_MONEY = re.compile(r"^(-?)£\s*(\d+)$")


def section_of(deck: object) -> str | None:
    return DECKS.get(str(deck).strip().casefold()) if deck is not None else None


def deck_of(section: str, entry: Any) -> str:
    """The pack's deck word for a catalog entry."""
    return entry.deck if section == "gentry" else SECTION_DECK[section]


def split_list(value: object) -> list[Any]:
    """A list as written (``[a, b]``) or typed (``a, b``); empty text is an empty list."""
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def favour(value: object) -> dict[str, Any] | str:
    """One favour as the catalog records it, from ``£200``, ``-£100``, ``reputation 2``,
    ``invite casual``, ``invite prestige see 2 keep 1`` or the catalog's own mapping; a
    message when it cannot be read."""
    if isinstance(value, Mapping):
        return dict(value)
    words = str(value).strip().casefold().replace("−", "-").split()
    if not words:
        return "an empty favour"
    money = _MONEY.match("".join(words))
    if money:
        return {"kind": "money", "amount": int(money.group(1) + money.group(2))}
    kind = words[0].replace(" ", "_")
    if kind not in FAVOUR_KINDS:
        near = nearest(kind, FAVOUR_KINDS)
        hint = f"; did you mean {' or '.join(near)}?" if near else f" (known: {', '.join(FAVOUR_KINDS)})"
        return f"unknown favour {words[0]!r}{hint}"
    out: dict[str, Any] = {"kind": kind}
    rest = words[1:]
    if kind == "invite":
        if not rest or rest[0] not in ("casual", "prestige"):
            return "an invite favour names its deck: invite casual or invite prestige"
        out["deck"], rest = rest[0], rest[1:]
        while len(rest) >= 2 and rest[0] in ("see", "keep"):
            if not rest[1].lstrip("-").isdigit():
                return f"{rest[0]} needs a number"
            out[rest[0]], rest = int(rest[1]), rest[2:]
    elif rest:
        if not rest[0].lstrip("+-").isdigit():
            return f"{kind} takes a whole number, not {rest[0]!r}"
        out["amount"], rest = int(rest[0]), rest[1:]
    if rest:
        return f"cannot read {' '.join(rest)!r} in the favour {value!r}"
    return out


def favour_text(f: Mapping[str, Any]) -> str:
    """A favour as a pack writes it (the inverse of :func:`favour`)."""
    kind, amount = f["kind"], f.get("amount", 1)
    if kind == "money":
        return f"-£{-amount}" if amount < 0 else f"£{amount}"
    if kind == "invite":
        extra = "".join(f" {k} {f[k]}" for k in ("see", "keep") if f.get(k, 1) != 1)
        return f"invite {f['deck']}{extra}"
    return kind if amount == 1 else f"{kind} {amount}"


def servant_ids(value: object, servants: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """Servant ids from their printed names or ids (``servants``: name or id → id), and the
    problems with the words that name no servant."""
    found, problems = [], []
    for word in split_list(value):
        key = str(word).strip().casefold()
        if key in servants:
            found.append(servants[key])
        else:
            near = nearest(key, servants)
            hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            problems.append(f"no servant is called {word!r}{hint}")
    return found, problems


def to_catalog(section: str, card: Mapping[str, Any], servants: Mapping[str, str]
               ) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """A pack card's fields under the catalog's names with the catalog's values (``deck``,
    ``replaces`` and ``printing`` left out), and the problems met, each with its printed field."""
    names = PRINTED[section]
    catalog_names = {v: k for k, v in names.items()}
    out: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for field, value in card.items():
        if field in ("deck", "replaces", "printing"):
            continue
        if field in catalog_names:
            problems.append((field, f"write it as {catalog_names[field]!r}, as the card prints it"))
            continue
        target = names.get(field, field)
        if field == "kind" and section == "gentry":
            gender = GENDERS.get(str(value).strip().casefold())
            if gender is None:
                problems.append((field, f"a guest is a gentleman or a lady, not {value!r}"))
                continue
            value = gender
        elif field == "box":
            box = BOXES.get(str(value).strip().casefold().replace("_", " ").replace(",", ""))
            if box is None:
                problems.append((field, f"unknown box {value!r} (known: {RANGES['box']})"))
                continue
            value = box
        elif field in ("service", "servants") and section == "gentry":
            value, bad = servant_ids(value, servants)
            problems += [(field, p) for p in bad]
        elif field == "favours":
            read = [favour(f) for f in split_list(value)]
            problems += [(f"{field}[{i}]", f) for i, f in enumerate(read) if isinstance(f, str)]
            value = [f for f in read if not isinstance(f, str)]
        elif field == "traits":
            value = [str(t).strip().casefold().replace(" ", "_") for t in split_list(value)]
        elif field == "vp" and section == "milestones" and isinstance(value, str):
            value = split_list(value.replace("/", ",").replace(" ", ","))
        out[target] = value
    return out, problems


def printed_name(section: str, field: str) -> str:
    """The printed name of a catalog field (``gender`` → ``kind``), for problem paths."""
    head, dot, rest = field.partition(".")
    back = {v: k for k, v in PRINTED[section].items()}
    return back.get(head, head) + dot + rest


def from_catalog(section: str, fields: Mapping[str, Any], servant_names: Mapping[str, str]
                 ) -> dict[str, Any]:
    """Catalog fields as a pack writes them (the inverse of :func:`to_catalog`)."""
    back = {v: k for k, v in PRINTED[section].items()}
    out: dict[str, Any] = {}
    for field, value in fields.items():
        if field == "gender" and section == "gentry":
            value = "gentleman" if value == "male" else "lady"
        elif field == "expansion":
            value = value.replace("_", " ")
        elif field == "service" and section == "gentry":
            value = [servant_names.get(s, s) for s in value]
        elif field == "favours":
            value = [favour_text(f) for f in value]
        elif field == "traits":
            value = [t.replace("_", " ") for t in value]
        out[back.get(field, field)] = value
    return out
