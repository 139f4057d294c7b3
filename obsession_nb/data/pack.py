"""A card pack: an owner's printed card values, one YAML file, overlaid on the catalog.

The file holds ``format`` (:data:`FORMAT`), an optional ``name`` and ``cards``: a list of cards,
each named as it is printed (``name``, ``deck``, ``kind``, ``reputation``, ``service``,
``favours``, ``vp``, ``copies``, ``box`` …, see :mod:`obsession_nb.data.pack_fields`).  A card
fills the catalog entry of the same name, or the one it ``replaces`` (a stand-in, by id or
name), or joins the catalog as a new card.  It is checked by the catalog's own records, against
the values the sources state (a card that differs must say why, in ``printing``) and against the
deck sizes they state (``content/deck-sizes.yaml``); every problem is listed with its path
(``cards[3].reputation: …``) and a pack with any problem changes nothing.

A file is refused before it is parsed when it is larger than :data:`MAX_PACK_BYTES` or uses
YAML anchors, aliases or tags (a "billion laughs" file expands aliases into gigabytes).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import ValidationError

from obsession_nb.base import yamlio
from obsession_nb.base.checked import problem
from obsession_nb.base.resources import content_dir
from obsession_nb.data import pack_fields
from obsession_nb.data.catalog_records import Sourced
from obsession_nb.data.pack_fields import DECKS, PRINTED, deck_of, printed_name, section_of
from obsession_nb.data.rules import nearest

FORMAT = "obsession-nb card pack 1"
MAX_PACK_BYTES = 2_000_000
"""A pack larger than this (2 MB) is refused before it is read."""
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class PackError(ValueError):
    """A card pack with problems, each with its path in the file; nothing was changed."""

    def __init__(self, problems: list[str], source: str) -> None:
        self.problems, self.source = problems, source
        super().__init__(f"{source}: " + "; ".join(problems))


# ---------------------------------------------------------------- reading, safely


def read_bytes(path: str | Path) -> bytes:
    """The file's bytes, refused unread past :data:`MAX_PACK_BYTES` (``/dev/zero`` is a file too)."""
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_PACK_BYTES + 1)
    except OSError as exc:
        raise PackError([exc.strerror or str(exc)], str(path)) from None
    if len(raw) > MAX_PACK_BYTES:
        raise PackError([f"the file is larger than {MAX_PACK_BYTES // 1_000_000} MB, the limit "
                         "for a card pack"], str(path))
    return raw


def parse(raw: bytes | str, source: str = "card pack") -> dict[str, Any]:
    """A pack's data: size, anchors, aliases and tags refused before parsing; safe YAML; the
    top level checked (``format``, ``name``, ``cards``)."""
    text = raw.decode("utf-8", errors="strict") if isinstance(raw, bytes) else raw
    if len(text.encode()) > MAX_PACK_BYTES:
        raise PackError([f"the text is larger than {MAX_PACK_BYTES // 1_000_000} MB, the limit "
                         "for a card pack"], source)
    try:
        for token in yaml.scan(text, Loader=_LOADER):
            if isinstance(token, (yaml.AnchorToken, yaml.AliasToken, yaml.TagToken)):
                line = token.start_mark.line + 1
                raise PackError([f"line {line}: YAML anchors, aliases and tags are not allowed "
                                 "in a card pack (write each value out)"], source)
        data = yamlio.load(text)
    except yaml.YAMLError as exc:
        raise PackError([f"not YAML: {exc}"], source) from None
    if data is None:
        data = {"cards": []}
    if not isinstance(data, dict):
        raise PackError(["the file must be a mapping with 'format', 'name' and 'cards'"], source)
    problems = [f"{key}: unknown field (a pack has format, name and cards)"
                for key in data if key not in ("format", "name", "cards")]
    if data.get("format", FORMAT) != FORMAT:
        problems.append(f"format: this tutor reads {FORMAT!r}, not {data['format']!r}")
    if not isinstance(data.get("name", ""), str):
        problems.append("name: must be text")
    if not isinstance(data.get("cards", []), list):
        problems.append("cards: must be a list of cards")
    if problems:
        raise PackError(problems, source)
    data.setdefault("cards", [])
    return data


def read(path: str | Path) -> dict[str, Any]:
    """:func:`parse` of a file."""
    raw = read_bytes(path)
    try:
        return parse(raw, str(path))
    except UnicodeDecodeError as exc:
        raise PackError([f"not UTF-8 text: {exc.reason} at byte {exc.start}"], str(path)) from None


# ---------------------------------------------------------------- overlaying


@cache
def stated_counts() -> tuple[dict[str, Any], ...]:
    """The deck sizes the sources state (``content/deck-sizes.yaml``)."""
    data = yamlio.load((content_dir() / "deck-sizes.yaml").read_text(encoding="utf-8"))
    return tuple(data["counts"])


def _leaves(value: Any, prefix: str) -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            out |= _leaves(v, f"{prefix}.{k}")
        return out
    return {prefix: value}


def _stated(path: str, unverified: tuple[str, ...]) -> bool:
    return not any(path == u or path.startswith(u + ".") for u in unverified)


def contradictions(entry: Sourced, record: Sourced, fields: list[str]) -> list[tuple[str, Any, Any]]:
    """``(field, stated, yours)`` for each value a source states that the pack's card changes
    (a stand-in's too: the refresher's worked turn states some of its guests' values)."""
    old, new = entry.model_dump(mode="json"), record.model_dump(mode="json")
    out = []
    for field in fields:
        was, now = _leaves(old.get(field), field), _leaves(new.get(field), field)
        out += [(path, was[path], now.get(path)) for path in was
                if _stated(path, entry.unverified) and was[path] != now.get(path)]
    return out


def _words(catalog: Any, section: str, field: str, value: Any) -> str:
    """A catalog value as a pack writes it (``Valet``, ``£200``, ``lady``)."""
    names = {s.id: s.name for s in catalog.servants.values()}
    printed = pack_fields.from_catalog(section, {field: value}, names)
    shown = next(iter(printed.values()))
    return ", ".join(map(str, shown)) if isinstance(shown, list) else repr(shown)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-") or "card"


def _find(section: str, entries: Mapping[str, Any], word: str) -> Any | None:
    key = word.strip().casefold()
    return entries.get(word) or next(
        (e for e in entries.values() if getattr(e, "name", e.id).casefold() == key), None)


def _target(section: str, card: Mapping[str, Any], entries: Mapping[str, Any], path: str
            ) -> tuple[Any | None, str | None]:
    """The catalog entry a card fills (``replaces``, else the same name), or a problem."""
    replaces = card.get("replaces")
    if replaces is not None:
        found = _find(section, entries, str(replaces))
        if found is None:
            names = [getattr(e, "name", e.id) for e in entries.values()]
            near = nearest(str(replaces), names) or nearest(str(replaces), list(entries))
            hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            return None, f"{path}.replaces: no {card.get('deck')} card is called {replaces!r}{hint}"
        return found, None
    return _find(section, entries, str(card.get("name", ""))), None


def _errors(exc: ValidationError, section: str, path: str) -> list[str]:
    out = []
    for e in exc.errors():
        loc = [str(x) for x in e["loc"]]
        where = printed_name(section, ".".join(loc)) if loc else ""
        out.append(f"{path}{'.' + where if where else ''}: {problem(e)}")
    return out


def _counted(section: str, entry: Any) -> tuple[str, str | None, str | None, int]:
    copies = int(getattr(entry, "copies", 1))
    kind = getattr(entry, "difficulty", None)
    return deck_of(section, entry), getattr(entry, "expansion", "base"), kind, copies


def count_problems(sections: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The deck sizes the sources state that these sections would break."""
    tally: Counter[tuple[str, str | None, str | None]] = Counter()
    for section in ("gentry", "objectives", "milestones", "opponents", "ai_cards", "vp_cards"):
        for entry in sections[section].values():
            deck, box, kind, copies = (("vp", "base", None, entry.copies) if section == "vp_cards"
                                       else _counted(section, entry))
            tally[(deck, box, kind)] += copies
    problems = []
    for stated in stated_counts():
        have = sum(n for (deck, box, kind), n in tally.items() if deck == stated["deck"]
                   and stated.get("box", box) == box and stated.get("kind", kind) == kind)
        if have != stated["cards"]:
            where = " ".join(x for x in (stated.get("kind"), stated["deck"]) if x)
            box = f" of the {stated['box'].replace('_', ' ')} box" if "box" in stated else ""
            problems.append(f"deck sizes: the {where} cards{box} would number {have}; "
                            f"{stated['source']} states {stated['cards']}")
    return problems


def _record_class(catalog: Any, section: str) -> type[Sourced]:
    """The record a catalog section holds (``dict[str, GentryCard]`` → ``GentryCard``)."""
    record: type[Sourced] = get_args(type(catalog).model_fields[section].annotation)[1]
    return record


def overlay(catalog: Any, data: Mapping[str, Any], source: str = "card pack") -> Any:
    """The catalog with the pack's cards in it (see the module docstring); raises
    :class:`PackError` listing every problem, and then nothing is changed."""
    servants = {s.name.casefold(): s.id for s in catalog.servants.values()}
    servants |= {s.id: s.id for s in catalog.servants.values()}
    updated = {section: dict(getattr(catalog, section)) for section in PRINTED}
    problems: list[str] = []
    claimed: dict[tuple[str, str], int] = {}
    for i, card in enumerate(data.get("cards") or []):
        path = f"cards[{i}]"
        if not isinstance(card, dict):
            problems.append(f"{path}: a card is a mapping of its printed fields")
            continue
        section = section_of(card.get("deck"))
        if section is None:
            near = nearest(str(card.get("deck")), DECKS)
            hint = f"; did you mean {' or '.join(near)}?" if near else f" (known: {', '.join(DECKS)})"
            problems.append(f"{path}.deck: unknown deck {card.get('deck')!r}{hint}")
            continue
        name = card.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{path}.name: every card needs its printed name")
            continue
        entries = updated[section]
        entry, problem = _target(section, card, getattr(catalog, section), path)
        if problem:
            problems.append(problem)
            continue
        fields, bad = pack_fields.to_catalog(section, card, servants)
        problems += [f"{path}.{field}: {message}" for field, message in bad]
        if section == "gentry":
            fields["deck"] = str(card["deck"]).strip().casefold()
        printing = card.get("printing")
        if printing is not None and not (isinstance(printing, str) and printing.strip()):
            problems.append(f"{path}.printing: say in words why your card differs")
            printing = None
        if entry is None:
            key = _slug(name)
            while key in entries:
                key += "-x"
            record_data: dict[str, Any] = {"id": key, "source": "your box", **fields}
            unverified: tuple[str, ...] = ()
        else:
            key = entry.id
            if entry.standin:
                missing = sorted({printed_name(section, u.split(".")[0]) for u in entry.unverified}
                                 - set(card))
                if missing:
                    problems.append(f"{path}: replacing {entry.name!r}, a stand-in whose values "
                                    f"are invented, needs every one of them: {', '.join(missing)} "
                                    "missing")
            unverified = tuple(u for u in entry.unverified if u.split(".")[0] not in fields)
            record_data = {**entry.model_dump(), **fields, "note": None if entry.standin else entry.note,
                           "source": "your box" if entry.standin else f"your box; {entry.source}"}
        if (section, key) in claimed:
            problems.append(f"{path}: the same card as cards[{claimed[(section, key)]}] ({name})")
            continue
        claimed[(section, key)] = i
        record_data |= {"unverified": unverified, "verified": not unverified, "standin": False,
                        "entered": tuple(fields), "printing": printing}
        try:
            record = _record_class(catalog, section).model_validate(record_data)
        except ValidationError as exc:
            problems += _errors(exc, section, path)
            continue
        if entry is not None and printing is None:
            problems += [f"{path}.{printed_name(section, field)}: {entry.name!r} is stated as "
                         f"{_words(catalog, section, field, was)} ({entry.source}), yours says "
                         f"{_words(catalog, section, field, now)}; if your printing differs, "
                         "say why in 'printing'" for field, was, now in
                         contradictions(entry, record, list(fields))]
        entries[key] = record
    problems += count_problems({"vp_cards": catalog.vp_cards, **updated})  # of the cards read
    if problems:
        raise PackError(problems, source)
    return catalog.model_copy(update=updated)


PROVENANCE_FIELDS = ("id", "source", "verified", "unverified", "standin", "note", "entered",
                     "printing")


def printed_card(catalog: Any, section: str, entry: Any) -> dict[str, Any]:
    """A catalog entry as a pack writes it: its printed fields (``kind``, ``reputation`` …)."""
    names = {s.id: s.name for s in catalog.servants.values()}
    fields = {k: v for k, v in entry.model_dump(mode="json").items()
              if k not in PROVENANCE_FIELDS and k != "deck"}
    return {"name": getattr(entry, "name", entry.id), "deck": deck_of(section, entry),
            **pack_fields.from_catalog(section, fields, names)}
