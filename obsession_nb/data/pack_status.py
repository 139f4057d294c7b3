"""How much of each deck is stated, unverified, a stand-in or from your box: ``cards status``
and the card-entry widget's progress (one row per deck and box)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from obsession_nb.data.components import PROVENANCES, provenance
from obsession_nb.data.pack_fields import BOXES, DECKS, PRINTED, deck_of


def rows(catalog: Any) -> list[dict[str, Any]]:
    """One row per deck and box, in the catalog's order: how many cards of each provenance."""
    tally: dict[tuple[str, str], Counter[str]] = {}
    for section in PRINTED:
        for entry in getattr(catalog, section).values():
            key = (deck_of(section, entry), getattr(entry, "expansion", "base"))
            tally.setdefault(key, Counter())[provenance(entry)] += 1
    decks, boxes = list(DECKS), list(dict.fromkeys(BOXES.values()))
    order = sorted(tally, key=lambda k: (decks.index(k[0]), boxes.index(k[1])))
    return [{"deck": deck, "box": box.replace("_", " "), **{p: counts[p] for p in PROVENANCES},
             "cards": sum(counts.values())} for deck, box in order for counts in [tally[(deck, box)]]]


def summary() -> str:
    """The status of the catalog in use, under a line saying which pack is in use
    (``obsession-nb cards status``; tutorial 12)."""
    from obsession_nb.data import pack_store
    from obsession_nb.data.catalog import load_catalog

    path = pack_store.in_use()
    line = (f"The pack in use: {path}" if path else
            "No card pack in use: `obsession-nb cards use FILE` or `cards enter` adds one.")
    return text(load_catalog(), line)


def text(catalog: Any, pack_line: str) -> str:
    """The table ``cards status`` prints, under a line saying which pack is in use."""
    table = rows(catalog)
    head = f"{'deck':<10} {'box':<20} " + " ".join(f"{p:>13}" for p in PROVENANCES)
    lines = [pack_line, "", head]
    for r in table:
        lines.append(f"{r['deck']:<10} {r['box']:<20} " +
                     " ".join(f"{r[p]:>13}" for p in PROVENANCES))
    total = Counter({p: sum(r[p] for r in table) for p in PROVENANCES})
    lines.append(f"{'all':<10} {'':<20} " + " ".join(f"{total[p]:>13}" for p in PROVENANCES))
    return "\n".join(lines)
