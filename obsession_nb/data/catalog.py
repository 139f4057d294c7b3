"""The component catalog: typed, frozen records loaded from ``content/catalog/*.yaml``.

Every record says where it comes from (``source``).  A value that no rule source states is
listed in ``unverified`` (and the record is then ``verified: false``); components invented so
that complete games can be played are flagged ``standin``.  Views show both markers.
"""

from __future__ import annotations

import gc
import warnings
from collections.abc import Callable
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Protocol, TypeVar

from obsession_nb.base.checked import problem, pydantic_hook, validator_files
from obsession_nb.base.resources import content_dir
from obsession_nb.data import catalog_cards, catalog_records, content_cache
from obsession_nb.data.catalog_cards import (
    AICard,
    MilestoneCard,
    ObjectiveCard,
    OpponentCard,
    RoundTrack,
    ThemeCard,
    VPCard,
)
from obsession_nb.data.catalog_records import Family, Frozen, GentryCard, ServantKind, Tile


class _Clearable(Protocol):
    """A cached function (``functools.cache``)."""

    def cache_clear(self) -> None: ...


_Cached = TypeVar("_Cached", bound=_Clearable)

# ---------------------------------------------------------------- the catalog


class Catalog(Frozen):
    """All components, keyed by id."""

    servants: dict[str, ServantKind]
    families: dict[str, Family]
    gentry: dict[str, GentryCard]
    tiles: dict[str, Tile]
    round_tracks: dict[str, RoundTrack]
    objectives: dict[str, ObjectiveCard] = field(default_factory=dict)
    vp_cards: dict[str, VPCard] = field(default_factory=dict)
    themes: dict[str, ThemeCard] = field(default_factory=dict)
    milestones: dict[str, MilestoneCard] = field(default_factory=dict)
    opponents: dict[str, OpponentCard] = field(default_factory=dict)
    ai_cards: dict[str, AICard] = field(default_factory=dict)

    @pydantic_hook("model_validator", mode="after")
    def _references_resolve(self) -> Catalog:
        problems: list[str] = []
        for fam in self.families.values():
            problems += [
                f"families.{fam.id}.family_cards: unknown card '{c}'"
                for c in fam.family_cards
                if c not in self.gentry
            ]
            problems += [
                f"families.{fam.id}.extra_servants: unknown servant '{s}'"
                for s in fam.extra_servants
                if s not in self.servants
            ]
        for card in self.gentry.values():
            problems += [
                f"gentry.{card.id}.service: unknown servant '{s}'"
                for s in card.service
                if s not in self.servants
            ]
        for tile in self.tiles.values():
            for side in (tile.front, tile.back):
                if side is not None:
                    problems += [
                        f"tiles.{tile.id}.servants: unknown servant '{s}'"
                        for s in side.servants
                        if s not in self.servants
                    ]
        if problems:
            raise ValueError("; ".join(problems))
        return self


RECORDS: dict[str, type[Frozen]] = {
    "servants": ServantKind,
    "families": Family,
    "gentry": GentryCard,
    "tiles": Tile,
    "round_tracks": RoundTrack,
    "objectives": ObjectiveCard,
    "vp_cards": VPCard,
    "themes": ThemeCard,
    "milestones": MilestoneCard,
    "opponents": OpponentCard,
    "ai_cards": AICard,
}
OVERLAY_SECTIONS = ("opponents", "ai_cards")
"""The sections a user's own cards may replace or add to (:func:`overlay`)."""


def read_catalog(directory: Path) -> Catalog:
    """Load every ``*.yaml`` file of a catalog directory (safe YAML).

    Each file holds one or more top-level sections named as in :class:`Catalog`, each a list
    of entries with an ``id``.  Later files may not redefine an id.
    """
    from obsession_nb.base import yamlio  # here: the catalog is mostly read from its cache

    merged: dict[str, dict[str, object]] = {name: {} for name in RECORDS}
    for path in sorted(directory.glob("*.yaml")):
        data = yamlio.load(path.read_text(encoding="utf-8")) or {}
        for section, entries in data.items():
            if section not in RECORDS:
                raise ValueError(f"{path.name}: unknown section '{section}'")
            for entry in entries:
                key = entry["id"]
                if key in merged[section]:
                    raise ValueError(f"{path.name}: {section} '{key}' defined twice")
                merged[section][key] = entry
    return Catalog.model_validate(merged)


class CardsError(ValueError):
    """A user's card file with problems, each with its path in the file."""

    def __init__(self, problems: list[str], source: str) -> None:
        self.problems, self.source = problems, source
        super().__init__(f"{source}: " + "; ".join(problems))


MAX_CARDS_BYTES = 2_000_000
"""A cards file larger than this (2 MB) is refused before it is parsed."""


def overlay(catalog: Catalog, path: str | Path) -> Catalog:
    """The catalog with a user's own cards (YAML, sections ``opponents`` and ``ai_cards``)
    replacing the entries of the same id or joining them; every problem is reported at once
    with its path (``opponents[2].chart.3: ...``), and nothing is changed then."""
    from pydantic import ValidationError
    from yaml import YAMLError

    from obsession_nb.base import yamlio

    source = str(path)
    try:
        with Path(path).open("rb") as f:
            raw = f.read(MAX_CARDS_BYTES + 1)  # never more: /dev/zero is a "file" too
    except OSError as exc:
        raise CardsError([str(exc)], source) from None
    if len(raw) > MAX_CARDS_BYTES:
        raise CardsError([f"the file is larger than {MAX_CARDS_BYTES // 1_000_000} MB, the "
                          "limit for a cards file"], source)
    try:
        data = yamlio.load(raw.decode("utf-8")) or {}
    except (ValueError, YAMLError) as exc:
        raise CardsError([str(exc)], source) from None
    problems: list[str] = []
    if not isinstance(data, dict):
        raise CardsError([f"the file must map {' / '.join(OVERLAY_SECTIONS)} to lists"], source)
    update: dict[str, dict[str, object]] = {}
    for section, entries in data.items():
        if section not in OVERLAY_SECTIONS:
            problems.append(f"{section}: unknown section (use {', '.join(OVERLAY_SECTIONS)})")
            continue
        if not isinstance(entries, list):
            problems.append(f"{section}: must be a list of cards")
            continue
        found = dict(getattr(catalog, section))
        for i, entry in enumerate(entries):
            try:
                card = RECORDS[section].model_validate(entry)
            except ValidationError as exc:
                problems += [f"{section}[{i}]" + "".join(f".{x}" for x in e["loc"]) +
                             f": {problem(e)}" for e in exc.errors()]
                continue
            found[card.id] = card  # type: ignore[attr-defined]  # every section's record has an id
        update[section] = found
    if problems:
        raise CardsError(problems, source)
    return catalog.model_copy(update=update)


@cache
def load_catalog() -> Catalog:
    """The catalog in use: the stated content (:func:`stated_catalog`) overlaid by the card
    pack in use, if the owner keeps one (``obsession-nb cards use``, obsession_nb/data/pack.py).
    Loaded once per process; :func:`reload_catalog` reads it again.

    Its records live as long as the process, so they are moved out of the garbage collector's
    reach (``gc.freeze``): whole games allocate many short-lived objects, and each collection
    would otherwise walk the catalog's thousands of records again."""
    from obsession_nb.data import pack_store

    catalog = stated_catalog()
    path = pack_store.in_use()
    if path is not None:
        from obsession_nb.data import pack

        try:
            catalog = pack.overlay(catalog, pack.read(path), str(path))
        except pack.PackError as exc:
            warnings.warn(f"the card pack in use is not used: {exc} (see `obsession-nb cards "
                          "check`)", stacklevel=2)
    gc.freeze()
    return catalog


@cache
def stated_catalog() -> Catalog:
    """The packaged catalog (``content/catalog``), loaded once per process: from its parsed
    copy in the user's cache while the files and this module are unchanged, else from the
    YAML (obsession_nb/data/content_cache.py)."""
    return cached_catalog(content_dir() / "catalog")


_ON_RELOAD: list[Callable[[], None]] = []


def on_reload(cached: _Cached) -> _Cached:
    """Mark a cached function whose results are made with the catalog in use (positions,
    names): :func:`reload_catalog` clears it."""
    _ON_RELOAD.append(cached.cache_clear)
    return cached


def reload_catalog() -> Catalog:
    """The catalog in use, read again (after the pack in use changed), and the caches marked
    :func:`on_reload` cleared; positions made before keep the catalog they were made with."""
    load_catalog.cache_clear()
    for clear in _ON_RELOAD:
        clear()
    return load_catalog()


def cached_catalog(directory: Path) -> Catalog:
    """:func:`read_catalog`, or its checked copy kept for these very files (the YAML and the
    modules defining the records): read back without validating again
    (obsession_nb/data/content_cache.py), so no validator is built."""
    modules = [Path(m.__file__ or "") for m in (catalog_records, catalog_cards)]
    return content_cache.checked("catalog", [*sorted(directory.glob("*.yaml")), Path(__file__),
                                             *modules, *validator_files()],
                                 lambda: read_catalog(directory))
