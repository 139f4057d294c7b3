"""The parsed catalog is cached under the user's cache directory, keyed by the files' hashes
(obsession_nb/data/content_cache.py): read back equal, and never stale once a content file changes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from obsession_nb.base.resources import content_dir
from obsession_nb.data import catalog as catalog_module
from obsession_nb.data import content_cache
from obsession_nb.data.catalog import cached_catalog, read_catalog
from obsession_nb.data.rules import rule_index

PACKAGED = content_dir() / "catalog"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(content_cache.CACHE_ENV, str(folder))
    return folder


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("catalog-*.pickle"))


def parsing_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(directory: Path) -> None:
        raise AssertionError("the YAML was parsed again")

    monkeypatch.setattr(catalog_module, "read_catalog", fail)


def test_the_cached_catalog_equals_the_yaml_one(cache: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    built = cached_catalog(PACKAGED)
    assert len(entries(cache)) == 1
    parsing_forbidden(monkeypatch)
    assert cached_catalog(PACKAGED) == built == read_catalog(PACKAGED)  # the module's own


def test_a_content_change_invalidates_the_cache(cache: Path, tmp_path: Path) -> None:
    files = tmp_path / "catalog"
    shutil.copytree(PACKAGED, files)
    card = next(iter(cached_catalog(files).gentry.values()))
    first = entries(cache)
    path = next(p for p in files.glob("*.yaml") if f"id: {card.id}\n" in p.read_text("utf-8"))
    text = path.read_text("utf-8")
    path.write_text(text.replace(f"name: {card.name}\n", "name: A Renamed Guest\n", 1), "utf-8")
    assert "A Renamed Guest" in path.read_text("utf-8")
    assert cached_catalog(files).gentry[card.id].name == "A Renamed Guest"
    assert entries(cache) != first and len(entries(cache)) == 1  # the stale entry is gone
    assert cached_catalog(files).gentry[card.id].name == "A Renamed Guest"


def test_a_damaged_entry_is_parsed_again(cache: Path) -> None:
    built = cached_catalog(PACKAGED)
    entries(cache)[0].write_bytes(entries(cache)[0].read_bytes()[:-40])  # cut short
    assert cached_catalog(PACKAGED) == built
    assert cached_catalog(PACKAGED) == built  # and written again, whole


def test_no_cache_when_turned_off_or_unwritable(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(content_cache.CACHE_ENV, "off")
    built = cached_catalog(PACKAGED)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory", "utf-8")
    monkeypatch.setenv(content_cache.CACHE_ENV, str(blocker / "cache"))
    assert cached_catalog(PACKAGED) == built
    assert list(tmp_path.iterdir()) == [blocker]


def test_the_key_follows_the_versions_and_the_bytes(tmp_path: Path) -> None:
    one = tmp_path / "a.yaml"
    one.write_text("x: 1\n", "utf-8")
    before = content_cache.key([one], "2.0")
    assert content_cache.key([one], "2.1") != before
    one.write_text("x: 2\n", "utf-8")
    assert content_cache.key([one], "2.0") != before


def test_the_rule_index_from_the_cache_equals_the_yaml_one(cache: Path) -> None:
    rule_index.cache_clear()
    first = rule_index()
    assert len(list(cache.glob("rules-*.pickle"))) == 1
    rule_index.cache_clear()
    again = rule_index()  # read from the entry
    rule_index.cache_clear()
    assert again == first and len(first) > 300


def test_plain_data_is_parsed_again_after_an_edit_and_only_json_safe_data_is_kept(
        cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n", "utf-8")
    calls: list[int] = []

    def parse(data: object) -> object:
        calls.append(1)
        return data

    assert content_cache.plain("data", [source], lambda: parse({"a": 1})) == {"a": 1}
    assert content_cache.plain("data", [source], lambda: parse({"a": 1})) == {"a": 1}
    assert len(calls) == 1
    source.write_text("a: 2\n", "utf-8")
    assert content_cache.plain("data", [source], lambda: parse({"a": 2})) == {"a": 2}
    assert len(calls) == 2
    for _ in range(2):  # an int key would come back as text: never kept, parsed each time
        assert content_cache.plain("keys", [source], lambda: parse({1: "x"})) == {1: "x"}
    assert len(calls) == 4 and not list(cache.glob("keys-*.json"))
    import datetime

    for _ in range(2):  # a date (YAML reads one) is not JSON at all: parsed each time
        assert content_cache.plain("dates", [source], lambda: parse(
            {"on": datetime.date(2026, 12, 5)})) == {"on": datetime.date(2026, 12, 5)}
    assert len(calls) == 6 and not list(cache.glob("dates-*.json"))


def test_a_packaged_scenario_is_parsed_once_and_checked_each_time(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A packaged scenario's YAML is parsed and typed once and kept in the cache; what is read
    from there is the same position, still checked against the catalog in use (a check that
    fails refuses it), and a damaged entry is parsed again."""
    from obsession_nb.engine.positions import scenario

    first = scenario.read("refresher-round-6")
    stored = list(cache.glob("scenario-refresher-round-6-*.pickle"))
    assert len(stored) == 1

    def fail(text: str, source: str) -> None:
        raise AssertionError("the YAML was parsed again")

    load = scenario._load
    monkeypatch.setattr(scenario, "_load", fail)
    again = scenario.read("refresher-round-6")
    assert scenario.dump(again) == scenario.dump(first)
    assert again.actions == first.actions and again.actions
    assert again.state is not first.state
    with pytest.raises(scenario.ScenarioError, match="a check of the position"):
        scenario.read("refresher-round-6", decision=lambda *args, **kwargs: [
            "a check of the position"])
    stored[0].write_bytes(b"not a pickle")
    monkeypatch.setattr(scenario, "_load", load)
    assert scenario.dump(scenario.read("refresher-round-6")) == scenario.dump(first)
    assert stored[0].read_bytes() != b"not a pickle"  # and kept again


def test_records_that_do_not_pickle_are_made_each_time(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "data.yaml"
    source.write_text("a: 1\n", "utf-8")
    made: list[int] = []

    def make() -> object:
        made.append(1)
        return lambda: None  # a function defined here does not pickle

    for _ in range(2):
        assert callable(content_cache.checked("made", [source], make))
    assert len(made) == 2 and not list(cache.glob("made-*"))
