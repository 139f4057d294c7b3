"""Card packs (obsession_nb/data/pack.py): read safely, checked by the catalog's own records,
against stated values and stated deck sizes, every problem listed; overlaid on the catalog with
provenance "from your box"; the ``cards`` commands, sharing and merging."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from card_packs import BOXED, named, synthetic_pack, write_pack

from obsession_nb import cli
from obsession_nb.base.resources import user_dir
from obsession_nb.data import content_cache, pack, pack_store
from obsession_nb.data.catalog import load_catalog, stated_catalog
from obsession_nb.data.components import components


@pytest.fixture
def config(tmp_path, monkeypatch):
    """A config folder of this test's own (the suite's is already not the user's)."""
    folder = tmp_path / "config"
    monkeypatch.setenv(pack_store.CONFIG_ENV, str(folder))
    yield folder
    load_catalog.cache_clear()  # read again under the suite's own (empty) folder


def run(capsys, *argv):
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def guest(**fields):
    return {"name": "Lady Agatha Smythe", "deck": "casual", "replaces": "standin-casual-17",
            "kind": "lady", "reputation": 2, "vp": -1, "service": ["Lady's Maid"],
            "favours": ["£400"], "traits": ["american heiress"], **fields}


def overlay(*cards):
    return pack.overlay(stated_catalog(), {"cards": list(cards)})


# ---------------------------------------------------------------- the overlay


def test_the_tests_never_see_the_users_config_folder():
    assert Path(os.environ[pack_store.CONFIG_ENV]) != Path.home() / ".config" / "obsession-nb"
    assert "onb-config-" in os.environ[pack_store.CONFIG_ENV]


def test_the_pack_and_the_cache_live_in_the_users_folders(monkeypatch):
    monkeypatch.delenv(pack_store.CONFIG_ENV)
    monkeypatch.delenv(content_cache.CACHE_ENV, raising=False)
    assert pack_store.config_dir() == user_dir("config")
    assert content_cache.cache_dir() == user_dir("cache")


def test_a_card_replaces_a_standin_from_your_box():
    catalog = overlay(guest())
    card = catalog.gentry["standin-casual-17"]
    assert card.name == "Lady Agatha Smythe" and not card.standin and card.verified
    assert card.service == ("ladys_maid",) and card.gender == "female" and card.prestige == 2
    assert card.favours[0].kind == "money" and card.favours[0].amount == 400
    assert card.traits == ("american_heiress",) and card.note is None
    assert set(card.entered) >= {"name", "gender", "prestige", "service"}
    row = next(c for c in components(catalog) if c.id == "standin-casual-17")
    assert row.provenance == "from your box"
    assert stated_catalog().gentry["standin-casual-17"].standin  # the stated content is untouched


def test_a_card_fills_an_unverified_value_and_keeps_the_stated_ones():
    before = stated_catalog().gentry["marquess-of-tetbury"]
    assert "vp" in before.unverified
    card = overlay({"name": "Marquess of Tetbury", "deck": before.deck, "vp": 4}).gentry[
        "marquess-of-tetbury"]
    assert card.vp == 4 and set(card.entered) == {"name", "deck", "vp"}  # a card prints all three
    assert set(card.unverified) == set(before.unverified) - {"name", "deck", "vp"}
    assert card.service == before.service and card.source.startswith("your box; ")


def test_a_card_the_catalog_lacks_joins_it():
    catalog = overlay({"name": "Sir Promo", "deck": "casual", "box": "promo", "kind": "gentleman",
                       "reputation": 1, "vp": 1, "service": ["valet"]})
    assert catalog.gentry["sir-promo"].expansion == "promo"
    assert catalog.gentry["sir-promo"].source == "your box"


def test_the_synthetic_pack_replaces_every_standin():
    catalog = pack.overlay(stated_catalog(), synthetic_pack())
    rows = components(catalog)
    assert not [c for c in rows if c.provenance == "stand-in"]
    assert sum(c.provenance == "from your box" for c in rows) == 155
    assert catalog.gentry["standin-casual-17"].name.startswith(BOXED)


# ---------------------------------------------------------------- bad packs


def test_every_problem_is_listed_with_its_path():
    bad = [guest(reputation="high", vp="lots"),
           {"name": "X", "deck": "casul"},
           guest(replaces="standin-casual-99", name="Y"),
           {"name": "Z", "deck": "casual", "replaces": "standin-casual-03", "kind": "lady"}]
    with pytest.raises(pack.PackError) as err:
        overlay(*bad)
    problems = err.value.problems
    assert any(p.startswith("cards[0].reputation:") for p in problems)
    assert any(p.startswith("cards[0].vp:") for p in problems)
    assert any(p.startswith("cards[1].deck: unknown deck 'casul'; did you mean casual") for p in problems)
    assert any(p.startswith("cards[2].replaces: no casual card") for p in problems)
    assert any(p.startswith("cards[3]: replacing") and "reputation" in p for p in problems)


def test_unknown_servants_favours_and_fields_are_named():
    with pytest.raises(pack.PackError) as err:
        overlay(guest(service=["Ladys Made"], favours=["£400", "charm 2"], colour="blue"))
    text = "\n".join(err.value.problems)
    assert "cards[0].service: no servant is called 'Ladys Made'; did you mean" in text
    assert "cards[0].favours[1]: unknown favour 'charm'" in text
    assert "cards[0].colour: Extra inputs are not permitted" in text


def test_impossible_counts_are_refused():
    with pytest.raises(pack.PackError) as err:
        overlay(guest(copies=0))
    assert any(p.startswith("cards[0].copies:") for p in err.value.problems)
    with pytest.raises(pack.PackError) as err:
        overlay({"name": "One too many", "deck": "casual", "kind": "lady", "reputation": 1,
                 "vp": 1})
    assert err.value.problems == [
        "deck sizes: the casual cards of the base box would number 36; Facts §1.1 Component "
        "list (Casual guest cards 35) states 35"]
    with pytest.raises(pack.PackError) as err:
        overlay(guest(), guest(name="Again"))
    assert any("the same card as cards[0]" in p for p in err.value.problems)


def test_a_contradiction_with_a_stated_value_names_the_source():
    butlers = stated_catalog().tiles["butlers-room"]
    front = butlers.front.model_dump(mode="json") | {"vp": butlers.front.vp + 1}
    card = {"name": "Butler's Room", "deck": "tile", "front": front}
    with pytest.raises(pack.PackError) as err:
        overlay(card)
    [problem] = err.value.problems
    assert problem.startswith("cards[0].front.vp: \"Butler's Room\" is stated as")
    assert butlers.source in problem and "'printing'" in problem
    why = "my second printing shows one more VP"
    catalog = overlay({**card, "printing": why})
    assert catalog.tiles["butlers-room"].front.vp == butlers.front.vp + 1
    row = next(c for c in components(catalog) if c.id == "butlers-room")
    assert row.printing == why and f"(your printing: {why})" in __import__(
        "obsession_nb.data.components", fromlist=["text"]).text([row])


def test_files_over_2_mb_are_refused_unread(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("cards: []\n" + "#" * pack.MAX_PACK_BYTES, encoding="utf-8")
    with pytest.raises(pack.PackError, match="larger than 2 MB"):
        pack.read(big)


def test_yaml_bombs_are_refused_before_parsing(tmp_path):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    lines += [f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]"
              for p, c in zip("abcdefgh", "bcdefghi", strict=True)]
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("\n".join(lines) + "\ncards: []\n", encoding="utf-8")
    with pytest.raises(pack.PackError, match="line 1: YAML anchors, aliases and tags"):
        pack.read(bomb)
    with pytest.raises(pack.PackError, match="tags"):
        pack.parse("cards: !!python/object:os.system []")


def test_bad_packs_write_nothing(tmp_path, config, capsys):
    good = write_pack(tmp_path / "good.yaml", {"cards": [guest()]})
    assert run(capsys, "cards", "use", str(good))[0] == 0
    kept = (config / "cards.yaml").read_bytes()
    bad = write_pack(tmp_path / "bad.yaml", {"cards": [guest(vp="x"), {"name": "Q", "deck": "?"}]})
    code, _out, err = run(capsys, "cards", "use", str(bad))
    assert code == 1 and "refused, nothing was written (2 problems)" in err
    assert "cards[0].vp" in err and "cards[1].deck" in err
    code, _out, err = run(capsys, "cards", "import", str(bad))
    assert code == 1 and (config / "cards.yaml").read_bytes() == kept
    big = tmp_path / "big.yaml"
    big.write_text("cards: []\n" + "#" * pack.MAX_PACK_BYTES, encoding="utf-8")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [x, x]\nb: [*a, *a]\ncards: []\n", encoding="utf-8")
    for refused, why in ((big, "larger than 2 MB"), (bomb, "anchors, aliases and tags")):
        for command in ("use", "import", "check"):
            code, _out, err = run(capsys, "cards", command, str(refused))
            assert code == 1 and why in err, (command, err)
    assert (config / "cards.yaml").read_bytes() == kept
    assert sorted(p.name for p in config.iterdir()) == ["cards.yaml"]


# ---------------------------------------------------------------- the commands


def test_use_status_forget(tmp_path, config, capsys):
    path = write_pack(tmp_path / "box.yaml", synthetic_pack())
    code, out, _ = run(capsys, "cards", "check", str(path))
    assert code == 0 and "155 components from your box and 0 stand-ins left" in out
    assert not config.exists()  # check writes nothing
    assert run(capsys, "cards", "use", str(path))[0] == 0
    assert (config / "cards.yaml").is_file()
    from obsession_nb.data.catalog import reload_catalog

    reload_catalog()
    code, out, _ = run(capsys, "cards", "status", "--json")
    import json

    decks = json.loads(out)["decks"]
    assert sum(r["stand-in"] for r in decks) == 0
    assert sum(r["from your box"] for r in decks) == 155
    assert run(capsys, "cards", "forget")[0] == 0 and not (config / "cards.yaml").exists()
    reload_catalog()


def test_export_import_round_trip_byte_identically(tmp_path, config, capsys):
    path = write_pack(tmp_path / "box.yaml", synthetic_pack())
    assert run(capsys, "cards", "use", str(path))[0] == 0
    first = tmp_path / "first.yaml"
    assert run(capsys, "cards", "export", str(first))[0] == 0
    assert run(capsys, "cards", "forget")[0] == 0
    assert run(capsys, "cards", "import", str(first))[0] == 0
    second = tmp_path / "second.yaml"
    assert run(capsys, "cards", "export", str(second))[0] == 0
    assert first.read_bytes() == second.read_bytes() == path.read_bytes()
    assert run(capsys, "cards", "export", str(second))[0] == 1  # no overwriting without --force


def test_two_packs_merge_with_conflicts_listed_card_by_card(tmp_path, config, capsys):
    mine = write_pack(tmp_path / "mine.yaml", {"cards": [guest()]})
    theirs = write_pack(tmp_path / "theirs.yaml", {"cards": [
        guest(vp=2), {"name": "Marquess of Tetbury", "deck": "prestige", "vp": 4}]})
    assert run(capsys, "cards", "use", str(mine))[0] == 0
    code, _out, err = run(capsys, "cards", "import", str(theirs))
    assert code == 1
    assert ("casual card 'Lady Agatha Smythe', replacing 'standin-casual-17': vp mine -1, "
            "theirs 2") in err
    code, _out, _ = run(capsys, "cards", "import", str(theirs), "--prefer", "mine")
    assert code == 0
    merged = pack.read(config / "cards.yaml")["cards"]
    assert [c["name"] for c in merged] == ["Lady Agatha Smythe", "Marquess of Tetbury"]
    assert merged[0]["vp"] == -1
    assert run(capsys, "cards", "import", str(theirs), "--prefer", "theirs")[0] == 0
    assert pack.read(config / "cards.yaml")["cards"][0]["vp"] == 2


def test_enter_one_card_from_the_keyboard_within_30_keystrokes(config, capsys, monkeypatch):
    import io

    values = ["casual", "Lady Agatha Smythe", "17", "lady", "2", "-1", "Lady's Maid", "£400",
              "american heiress", "", ""]  # copies and box keep their shown values (1, base)
    typed = "\n".join(values) + "\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))  # then Ctrl-D (end of input) stops
    from obsession_nb.data.catalog import reload_catalog

    reload_catalog()
    code, out, _ = run(capsys, "cards", "enter")
    assert code == 0 and "saved: 1 cards in your pack" in out
    assert "(1 to 6, or empty for a crest)" in out  # each field shows its allowed range
    beyond = typed.count("\n") + len("17")  # Enter after each field, and the stand-in's number
    assert beyond <= 30, beyond
    [card] = pack.read(config / "cards.yaml")["cards"]
    assert card["replaces"] == "standin-casual-17" and card["service"] == ["Lady's Maid"]
    assert reload_catalog().gentry["standin-casual-17"].name == "Lady Agatha Smythe"


def test_enter_offers_did_you_mean_for_names(config, capsys, monkeypatch):
    import io

    typed = "prestige\nMarques of Tetbury\n\n\n\n4\nvalet\n\n\n\n\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    from obsession_nb.data.catalog import reload_catalog

    reload_catalog()
    code, out, _ = run(capsys, "cards", "enter")
    assert code == 0 and "did you mean 'Marquess of Tetbury'?" in out
    [card] = pack.read(config / "cards.yaml")["cards"]
    assert card["name"] == "Marquess of Tetbury" and card["vp"] == 4 and "replaces" not in card
    reload_catalog()


def test_a_type_error_and_an_impossible_count_are_listed_together():
    with pytest.raises(pack.PackError) as err:
        overlay(guest(vp="lots"), {"name": "One too many", "deck": "casual", "kind": "lady",
                                   "reputation": 1, "vp": 1})
    assert [p.split(":")[0] for p in err.value.problems] == ["cards[0].vp", "deck sizes"]


def test_the_card_entry_widget_saves_imports_and_exports(tmp_path, config):
    from obsession_nb.tutor.views import CardEntry

    entry = CardEntry(deck="casual")
    assert entry.view.target == "standin-casual-gentleman-200"  # the deck's first stand-in
    assert entry.set("reputation", "high") == "reputation is a whole number (1 to 6, or empty for a crest)"
    assert not entry.save() and not (config / "cards.yaml").exists()
    entry.set("reputation", "1")
    assert entry.set("name", "Sir Test Boxley") is None
    assert entry.save()
    board_names = {c["name"] for c in named(entry.board.view)}
    assert "Sir Test Boxley" in board_names
    row = next(r for r in entry.view.progress if (r["deck"], r["box"]) == ("casual", "base"))
    assert row["from your box"] == 1
    exported = entry.export_text()
    assert exported == (config / "cards.yaml").read_text(encoding="utf-8")
    theirs = pack_store.dump({"cards": [{**pack.read(config / "cards.yaml")["cards"][0], "vp": 3}]})
    assert not entry.import_text(theirs, "friend.yaml")
    assert "vp mine 1, theirs 3" in entry.view.problems["_"]
    assert entry.view.message == "Not imported (1 problem): nothing written."
    assert (config / "cards.yaml").read_text(encoding="utf-8") == exported  # nothing written
    entry.choose("prestige", "marquess-of-tetbury")
    entry.set("reputation", "3")
    assert not entry.save() and "is stated as 5" in entry.view.problems["reputation"]
    entry.set("printing", "my copy prints 3")
    assert entry.save()
    assert load_catalog().gentry["marquess-of-tetbury"].printing == "my copy prints 3"


def differing_gentleman(**fields):
    return {"name": "Sir Different", "deck": "casual", "replaces": "standin-casual-gentleman-200",
            "kind": "gentleman", "reputation": 3, "vp": 2, "service": ["Footman", "Footman"],
            "favours": ["£100"], "box": "base", **fields}


def test_a_standins_values_the_refresher_states_are_checked_too():
    with pytest.raises(pack.PackError) as err:
        overlay(differing_gentleman())
    assert [p.split(":")[0] for p in err.value.problems] == [
        "cards[0].reputation", "cards[0].service", "cards[0].favours"]
    assert "is stated as Valet (Refresher §A turn, played out), yours says Footman, Footman" in \
        err.value.problems[1]


def test_a_worked_example_your_printing_breaks_is_shown_with_the_stated_cards(tmp_path, config):
    from obsession_nb.engine.game import load_scenario

    pack_store.use({"cards": [differing_gentleman(printing="my copy is a later printing")]})
    load_catalog.cache_clear()
    assert load_catalog().gentry["standin-casual-gentleman-200"].name == "Sir Different"
    with pytest.warns(UserWarning, match=r"shown with the stated cards.*actions\[1\]"):
        game = load_scenario("refresher-round-6")
    assert game.table.catalog is stated_catalog()  # the example replays as the refresher wrote it
    assert game.table.card("standin-casual-gentleman-200").name.startswith("Stand-in")


def test_enter_asks_why_when_a_card_differs_from_a_stated_value(config, capsys, monkeypatch):
    import io

    typed = "prestige\nMarquess of Tetbury\n\n3\n4\nvalet\n\n\n\n\nmy copy prints 3\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    load_catalog.cache_clear()
    code, out, _ = run(capsys, "cards", "enter")
    assert code == 0 and "is stated as 5 (UD p.6 Supplemental Service" in out
    [card] = pack.read(config / "cards.yaml")["cards"]
    assert card["reputation"] == 3 and card["printing"] == "my copy prints 3"
    code, out, _ = run(capsys, "components", "--kind", "gentry")
    assert "Marquess of Tetbury [marquess-of-tetbury] — from your box" in out
    assert "(your printing: my copy prints 3)" in out
