"""`obsession-nb components` (issue 27): every catalog component with its count and provenance
(stated, unverified or stand-in); rule ruling.component-counts."""

from __future__ import annotations

import json

import pytest

from obsession_nb import cli
from obsession_nb.data import components
from obsession_nb.data.catalog import load_catalog


def test_every_catalog_entry_is_listed_once_with_a_provenance() -> None:
    rows = components.components()
    catalog = load_catalog()
    expected = {(section, key) for section, _w in components.SECTIONS
                for key in getattr(catalog, section)}
    assert {(c.kind, c.id) for c in rows} == expected
    assert len(rows) == len(expected)
    assert {c.provenance for c in rows} == {"stated", "unverified", "stand-in"}
    for c in rows:
        entry = getattr(catalog, c.kind)[c.id]
        assert (c.provenance == "stand-in") == entry.standin
        assert c.unverified == tuple(entry.unverified)
        assert c.source


def test_servant_counts_are_the_boxes_stated_counts() -> None:
    """Facts §1.1 (base box) and UD p.3 (Basic Servants, Upstairs, Downstairs Servants)."""
    servants = {c.id: (c.count, c.ud_count) for c in components.components()
                if c.kind == "servants"}
    assert servants == {"butler": (4, 2), "housekeeper": (4, 2), "valet": (8, 3),
                        "ladys_maid": (8, 3), "footman": (13, 4), "underbutler": (2, 0),
                        "cook": (0, 6), "hall_boy": (0, 5), "head_housemaid": (0, 5),
                        "useful_man": (0, 5)}
    assert sum(b for b, _u in servants.values()) == 39  # Facts §1.1: 4+8+4+8+2+13
    assert sum(u for _b, u in servants.values()) == 35  # UD p.3: 14 basic + 21 new


def test_tile_counts_include_the_expansion_box_copies() -> None:
    tiles = {c.id: c for c in components.components() if c.kind == "tiles"}
    catalog = load_catalog()
    for tile_id, tile in catalog.tiles.items():
        assert tiles[tile_id].total == tile.copies + tile.ud_copies


def test_cli_components_text_json_and_one_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["components"]) == 0
    out = capsys.readouterr().out
    assert "    4+2  Butler [butler] — stated" in out
    assert "Stand-in AI card [ai-card] — stand-in" in out
    assert "(vp, name not stated)" in out
    assert cli.main(["components", "--kind", "servants", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["kind"] for r in data} == {"servants"} and len(data) == 10
    assert next(r for r in data if r["id"] == "cook")["total"] == 6
