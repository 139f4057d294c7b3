"""The card pack in use, kept in the user's config folder, and a pack's canonical text.

The folder is ``$OBSESSION_NB_CONFIG`` if set, else the platform's config folder for
obsession-nb (``base.resources.user_dir``: ``~/.config/obsession-nb`` on Linux).  ``cards use FILE`` stores
the pack there as ``cards.yaml``, written in its canonical form (:func:`dump`), so exporting and
importing it again gives the same bytes; ``cards forget`` removes it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from obsession_nb.base.resources import user_dir

CONFIG_ENV = "OBSESSION_NB_CONFIG"
PACK_FILE = "cards.yaml"
FIELD_ORDER = ("name", "deck", "replaces", "kind", "reputation", "cost", "vp", "service",
               "favours", "traits", "copies", "box", "printing")
"""A card's fields in the order a pack writes them; any other field follows, as given."""


def config_dir() -> Path:
    """The folder where the pack in use is remembered."""
    chosen = os.environ.get(CONFIG_ENV)
    return Path(chosen) if chosen else user_dir("config")


def pack_path() -> Path:
    return config_dir() / PACK_FILE


def in_use() -> Path | None:
    """The pack in use, if there is one."""
    path = pack_path()
    return path if path.is_file() else None


def card_text(card: Mapping[str, Any]) -> dict[str, Any]:
    """A card's fields in :data:`FIELD_ORDER`, the empty ones left out."""
    ordered = {k: card[k] for k in FIELD_ORDER if k in card}
    ordered |= {k: v for k, v in card.items() if k not in ordered}
    return {k: v for k, v in ordered.items() if v is not None and v != ""}


def dump(data: Mapping[str, Any]) -> str:
    """A pack's canonical text: the format, its name, then its cards, each in field order."""
    # here: finding the pack in use (every catalog load) needs neither YAML nor the pack's checks
    from obsession_nb.base import yamlio
    from obsession_nb.data.pack import FORMAT

    out: dict[str, Any] = {"format": FORMAT}
    if data.get("name"):
        out["name"] = data["name"]
    out["cards"] = [card_text(c) for c in data.get("cards") or []]
    return ("# An obsession-nb card pack: printed values from your own box.\n"
            + yamlio.dump(out, inline_lists=True))


def write(path: Path, text: str) -> None:
    """Write a file atomically: a reader sees the old text or the new, never part of one."""
    import tempfile  # here: reading which pack is in use (every game) needs none of it

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".cards-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)


def use(data: Mapping[str, Any]) -> Path:
    """Make a (checked) pack the one in use."""
    path = pack_path()
    write(path, dump(data))
    return path


def forget() -> bool:
    """Stop using a pack; whether there was one."""
    path = pack_path()
    existed = path.is_file()
    path.unlink(missing_ok=True)
    return existed


# ---------------------------------------------------------------- merging two packs


def card_key(card: Mapping[str, Any]) -> tuple[str, str]:
    """Which card a pack entry is: its deck's section and the card it replaces, else its name."""
    from obsession_nb.data.pack_fields import section_of

    which = card.get("replaces") or card.get("name") or ""
    return section_of(card.get("deck")) or str(card.get("deck")), str(which).strip().casefold()


def _describe(card: Mapping[str, Any]) -> str:
    also = f", replacing {card['replaces']!r}" if card.get("replaces") else ""
    return f"{card.get('deck')} card {card.get('name')!r}{also}"


def merge(mine: Mapping[str, Any], theirs: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Both packs' cards in one (mine first, then theirs not in mine), and the conflicts: each
    card both hold with different values, field by field."""
    cards = [card_text(c) for c in mine.get("cards") or []]
    known = {card_key(c): c for c in cards}
    conflicts = []
    for card in theirs.get("cards") or []:
        card = card_text(card)
        other = known.get(card_key(card))
        if other is None:
            cards.append(card)
            known[card_key(card)] = card
        elif other != card:
            fields = [f for f in dict.fromkeys([*other, *card]) if other.get(f) != card.get(f)]
            conflicts.append(f"{_describe(other)}: " + "; ".join(
                f"{f} mine {other.get(f)!r}, theirs {card.get(f)!r}" for f in fields))
    return {"name": mine.get("name") or theirs.get("name"), "cards": cards}, conflicts
