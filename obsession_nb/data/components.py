"""Every component the catalog holds, with its count and its provenance (rule
ruling.component-counts): ``stated`` when every value comes from a source, ``unverified`` when
some are not stated (they are named), ``stand-in`` for the components invented so that whole
games can be played.  ``obsession-nb components`` prints :func:`components`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from obsession_nb.data.sections import SECTIONS

if TYPE_CHECKING:  # the catalog (pydantic) loads only when listed: `obsession-nb --help` stays quick
    from obsession_nb.data.catalog import Catalog
    from obsession_nb.data.catalog_records import Sourced


class Component(NamedTuple):
    """One catalog entry: how many the boxes hold and where that comes from."""

    kind: str
    id: str
    name: str
    count: int
    """Copies in the base game's box (or in the box the component comes in)."""
    ud_count: int
    """Further copies in the Upstairs, Downstairs box."""
    provenance: str  # "stated", "unverified", "stand-in" or "from your box"
    unverified: tuple[str, ...]
    source: str
    printing: str | None = None
    """Why an owner's card differs from a stated value (a card pack's ``printing``)."""

    @property
    def total(self) -> int:
        return self.count + self.ud_count

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "name": self.name, "count": self.count,
                "ud_count": self.ud_count, "total": self.total, "provenance": self.provenance,
                "unverified": list(self.unverified), "source": self.source,
                "printing": self.printing}


PROVENANCES = ("stated", "unverified", "stand-in", "from your box")


def provenance(entry: Sourced) -> str:
    """``stand-in``, ``from your box`` (a card pack's card), ``unverified`` or ``stated``."""
    if entry.standin:
        return "stand-in"
    if entry.entered:
        return "from your box"
    return "unverified" if entry.unverified else "stated"


def _counts(entry: Sourced) -> tuple[int, int]:
    copies = int(getattr(entry, "copies", 1))
    return copies, int(getattr(entry, "ud_copies", 0))


def components(catalog: Catalog | None = None) -> list[Component]:
    """Every catalog entry, section by section, in the catalog's order."""
    from obsession_nb.data.catalog import load_catalog

    catalog = catalog or load_catalog()
    out = []
    for section, _what in SECTIONS:
        for entry in getattr(catalog, section).values():
            count, ud_count = _counts(entry)
            out.append(Component(kind=section, id=entry.id, name=getattr(entry, "name", entry.id),
                                 count=count, ud_count=ud_count, provenance=provenance(entry),
                                 unverified=tuple(entry.unverified), source=entry.source,
                                 printing=entry.printing))
    return out


def text(rows: list[Component]) -> str:
    """The list as ``obsession-nb components`` prints it: a block per section with its total,
    each line the count, the name, the id and the provenance, then the tally."""
    lines: list[str] = []
    what = dict(SECTIONS)
    for section, _w in SECTIONS:
        block = [c for c in rows if c.kind == section]
        if not block:
            continue
        lines.append(f"{what[section]}: {sum(c.total for c in block)} ({len(block)} entries)")
        for c in block:
            count = f"{c.count}+{c.ud_count}" if c.ud_count else str(c.count)
            note = f" ({', '.join(c.unverified)} not stated)" if c.unverified else ""
            note += f" (your printing: {c.printing})" if c.printing else ""
            lines.append(f"  {count:>5}  {c.name} [{c.id}] — {c.provenance}{note}")
    tally = Counter(c.provenance for c in rows)
    lines.append(f"{len(rows)} components: " + ", ".join(
        f"{tally[p]} {p}" for p in PROVENANCES if p != "from your box" or tally[p]) + ". A+B = A in the "
        "base box, B more in the Upstairs, Downstairs box; sources: `--json` gives each "
        "entry's citation.")
    return "\n".join(lines)
