"""Card packs written for the tests: a synthetic pack that replaces every stand-in of the
catalog with a card of the same values under a new name ("Boxed …"), and a helper to write
one (obsession_nb/data/pack.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from obsession_nb.data import pack, pack_store
from obsession_nb.data.catalog import stated_catalog
from obsession_nb.data.pack_fields import PRINTED

BOXED = "Boxed"


def synthetic_pack() -> dict[str, Any]:
    """Every stand-in replaced by a "Boxed …" card with the stand-in's values (its texts
    renamed)."""
    catalog = stated_catalog()
    cards = []
    for section in PRINTED:
        for entry in getattr(catalog, section).values():
            if entry.standin:
                card = _renamed(pack.printed_card(catalog, section, entry))
                cards.append({**card, "replaces": entry.id})
    return {"name": "synthetic test box", "cards": cards}


def _renamed(value: Any) -> Any:
    """Every "Stand-in …" text (a name, a tile's activity) as "Boxed …"."""
    if isinstance(value, str):
        return value.replace("Stand-in", BOXED)
    if isinstance(value, dict):
        return {k: _renamed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v) for v in value]
    return value


def write_pack(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(pack_store.dump(data), encoding="utf-8")
    return path


def named(view: Any) -> Iterator[dict[str, Any]]:
    """Every card and tile a board view draws (the dicts with a name and a provenance)."""
    if isinstance(view, dict):
        if "name" in view and "standin" in view:
            yield view
        for value in view.values():
            yield from named(value)
    elif isinstance(view, list):
        for value in view:
            yield from named(value)
