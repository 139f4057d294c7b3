"""Every component the catalog holds, with its count and its provenance (rule
ruling.component-counts): ``stated`` when every value comes from a source, ``unverified`` when
some are not stated (they are named), ``stand-in`` for the components invented so that whole
games can be played.  ``obsession-nb components`` prints :func:`components`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from obsession_nb.data.sections import SECTIONS

if TYPE_CHECKING:  # the catalog (pydantic) loads only when listed: `obsession-nb --help` stays quick
    from obsession_nb.data.catalog import Catalog
    from obsession_nb.data.catalog_records import Sourced


@dataclass(frozen=True)
class Component:
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
        entries = "1 entry" if len(block) == 1 else f"{len(block)} entries"
        lines.append(f"{what[section]}: {sum(c.total for c in block)} ({entries})")
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


# ---------------------------------------------------------------- by box (issue 45)

BOXES = (("base", "base box"), ("expansion", "Upstairs Downstairs"), ("promos", "promo cards"),
         ("wessex", "Wessex"))
"""The boxes side by side: the base game (with its suites and hybrid tiles), the Upstairs,
Downstairs expansion, its promotional gentry cards, and the Wessex mini-expansion."""

ROWS = (("servants", "servant meeples"), ("families", "family boards"),
        ("start-tiles", "START tiles"), ("tiles", "improvement tiles (not START)"),
        ("gentry", "gentry cards"), ("round_tracks", "round-track sides"),
        ("objectives", "objective cards"), ("vp_cards", "VP cards"), ("themes", "theme cards"),
        ("milestones", "milestone cards"), ("opponents", "solitaire opponent cards"),
        ("ai_cards", "solitaire AI cards"))

_BOX_OF = {"base": "base", "suites": "base", "hybrid": "base", "upstairs_downstairs": "expansion",
           "wessex": "wessex", "promo": "promos"}
_ALL_IN = {"milestones": "expansion", "opponents": "base", "ai_cards": "base",
           "vp_cards": "base", "themes": "base"}
"""Sections whose every card is in one box (the expansion's larger VP and theme cards are the
same cards again and are not counted twice)."""


class BoxRow(NamedTuple):
    """One kind of component across the boxes: the catalog's copies that are not stand-ins, the
    sources' stated totals (``None``: not stated), and the stand-ins counted apart."""

    row: str
    what: str
    counts: dict[str, int]
    stated: dict[str, int | None]
    inferred: frozenset[str]
    """Boxes whose stated total the fact sheet adds up itself."""
    cites: dict[str, str]
    standins: int

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "what": self.what, "standins": self.standins,
                "boxes": {box: {"catalog": self.counts.get(box, 0),
                                "stated": self.stated.get(box), "inferred": box in self.inferred,
                                "cite": self.cites.get(box)} for box, _name in BOXES}}


def _in_boxes(section: str, entry: Sourced) -> dict[str, int]:
    """The copies of one catalog entry per box."""
    count, ud_count = _counts(entry)
    if section == "round_tracks":
        return {"expansion" if entry.id == "tableau" else "base": 1}  # type: ignore[attr-defined]  # a track has an id
    box = _ALL_IN.get(section) or _BOX_OF.get(getattr(entry, "expansion", "base"), "base")
    out = {box: count}
    if ud_count:
        out["expansion"] = out.get("expansion", 0) + ud_count
    return out


def by_box(catalog: Catalog | None = None) -> list[BoxRow]:
    """Each kind of component per box, the catalog's count beside the sources' stated total
    (``content/box-totals.yaml``), START tiles in a row of their own, stand-ins apart."""
    from obsession_nb.base import yamlio
    from obsession_nb.base.resources import content_dir
    from obsession_nb.data.catalog import load_catalog

    catalog = catalog or load_catalog()
    totals = {r["row"]: r for r in yamlio.load(
        (content_dir() / "box-totals.yaml").read_text(encoding="utf-8"))["rows"]}
    counts: dict[str, Counter[str]] = {row: Counter() for row, _w in ROWS}
    standins: Counter[str] = Counter()
    for section, _what in SECTIONS:
        for entry in getattr(catalog, section).values():
            row = "start-tiles" if getattr(entry, "start", False) else section
            if entry.standin:
                standins[row] += sum(_counts(entry))
            else:
                counts[row].update(_in_boxes(section, entry))
    out = []
    for row, what in ROWS:
        stated = totals.get(row, {})
        out.append(BoxRow(row, what, dict(counts[row]),
                          {box: (stated.get(box) or {}).get("stated") for box, _n in BOXES},
                          frozenset(box for box, _n in BOXES
                                    if (stated.get(box) or {}).get("inferred")),
                          {box: stated[box]["cite"] for box, _n in BOXES if stated.get(box)},
                          standins[row]))
    return out


def box_text(rows: list[BoxRow]) -> str:
    """The boxes side by side: per kind and box, the catalog's count / the stated total."""
    def cell(r: BoxRow, box: str) -> str:
        stated = r.stated.get(box)
        count = r.counts.get(box, 0)
        if stated is None and not count:
            return "–"
        mark = "*" if box in r.inferred else ""
        return f"{count} / {'?' if stated is None else stated}{mark}"

    width = max(len(r.what) for r in rows)
    head = f"{'':<{width}}  " + "".join(f"{name:>20}" for _b, name in BOXES) + f"{'stand-ins':>11}"
    lines = ["By box: the catalog's count / the sources' stated total (stand-ins counted apart).",
             head]
    for r in rows:
        lines.append(f"{r.what:<{width}}  " + "".join(f"{cell(r, b):>20}" for b, _n in BOXES)
                     + f"{r.standins or '–':>11}")
    lines.append("* added up by the fact sheet, not read off a list; ? no source gives the "
                 "total.\nThe expansion's VP and theme cards are larger copies of the base "
                 "game's, counted once; `--by-box --json` gives each total's citation.")
    return "\n".join(lines)
