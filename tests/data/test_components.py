"""`obsession-nb components` (issue 27): every catalog component with its count and provenance
(stated, unverified or stand-in); rule ruling.component-counts."""

from __future__ import annotations

import json

import pytest

from obsession_nb import cli
from obsession_nb.data import components
from obsession_nb.data.catalog import load_catalog


@pytest.mark.rule("ruling.component-counts")
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


@pytest.mark.rule("ruling.component-counts", "ud.components.servants")
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


def _row(name: str) -> components.BoxRow:
    return next(r for r in components.by_box() if r.row == name)


@pytest.mark.rule("ruling.component-counts")
def test_by_box_puts_the_boxes_side_by_side_with_the_stated_totals() -> None:
    """Issue 45: "is it 80 tiles?" — base, expansion, promos and Wessex apart, the sources'
    totals beside the catalog's count, START tiles in their own row, stand-ins apart."""
    start = _row("start-tiles")
    assert start.counts == {"base": 20, "expansion": 10}
    assert start.stated["expansion"] == 10 and "base" in start.inferred
    tiles = _row("tiles")
    catalog = load_catalog()
    real = [t for t in catalog.tiles.values() if not t.start and not t.standin]
    assert sum(tiles.counts.values()) == sum(t.copies + t.ud_copies for t in real)
    assert tiles.standins == sum(t.copies for t in catalog.tiles.values() if t.standin)
    assert tiles.stated["expansion"] == 18 and tiles.counts["expansion"] == 18
    assert _row("servants").counts == {"base": 39, "expansion": 35}
    gentry = _row("gentry")
    assert gentry.stated == {"base": 95, "expansion": 37, "promos": 16, "wessex": None}
    assert gentry.standins == sum(g.copies for g in catalog.gentry.values() if g.standin)


def test_cli_components_by_box(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["components", "--by-box"]) == 0
    out = capsys.readouterr().out
    assert "START tiles" in out and "20 / 20*" in out and "10 / 10" in out
    assert cli.main(["components", "--by-box", "--json"]) == 0
    rows = {r["row"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["start-tiles"]["boxes"]["expansion"] == {
        "catalog": 10, "stated": 10, "inferred": False, "cite": "UD p.2 START Tiles (10)"}
    assert cli.main(["components"]) == 0
    assert "By box:" in capsys.readouterr().out
