"""The rule browser and ``obsession-nb rules``: search by words, id or component; entries with
their kind, reading, choices, plain-words citations, related rules and live demonstrations; the
sources legend; rule-id chips that open an entry."""

from __future__ import annotations

import json
import re

import pytest

from obsession_nb import cli
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import ask, rulebook
from obsession_nb.tutor.views import RuleBrowser, RulingsLog
from obsession_nb.tutor.views.rule_browser import open_rule


def test_search_hall_boy_lists_the_hall_boys_rules_first() -> None:
    found = [h.rule for h in ask.search("hall boy").of_kind("rule")]
    hall_boy = [i for i in rule_index() if "hall-boy" in i]
    assert len(hall_boy) >= 4
    assert set(found[: len(hall_boy)]) == set(hall_boy)


def test_search_by_exact_id_puts_it_first() -> None:
    assert ask.search("ud.cook.prestige").hits[0].id == "ud.cook.prestige"
    assert ask.search("two-purchases").hits[0].kind == "case"


def test_search_with_no_match_is_empty() -> None:
    assert ask.search("xyzzy plugh").hits == ()


def test_entry_of_a_ruling_splits_the_chosen_and_rejected_readings() -> None:
    e = rulebook.entry("ruling.reserve-price")
    assert e.rule.kind == "ruling"
    assert e.chosen and "Rejected" not in e.chosen
    assert e.rejected and e.rejected.startswith("a flat £300")


def test_entry_of_an_option_lists_its_choices_default_first() -> None:
    e = rulebook.entry("ud.servants-hall")
    assert [k for k, _v in e.rule.choices] == ["place-servant", "automatic"]
    assert "(default)" in e.rule.choices[0][1]


def test_entry_where_explains_each_citation_in_plain_words() -> None:
    e = rulebook.entry("ud.hall-boy.butler")
    plain = dict(e.where)
    assert plain["UD p.7 Hall Boy"] == ("Upstairs, Downstairs rulebook, page 7, under the heading "
                                        "“Hall Boy”")
    assert "Japanese" in plain["JA §上階下階拡張 (Hall Boy)"]
    assert rulebook.explain("Facts §4.1") == "Base-game fact sheet, §4.1 (Reputation wheel)"


def test_every_citation_prefix_is_in_the_sources_legend() -> None:
    prefixes = {s.prefix for s in rulebook.sources()}
    for r in rule_index().values():
        for cite in r.cite:
            assert re.match(r"(\w+)", cite).group(1) in prefixes, cite
            assert rulebook.explain(cite) != cite, cite


def test_related_rules_exist_and_exclude_the_rule_itself() -> None:
    related = rulebook.related("ud.hall-boy.butler")
    assert "ud.hall-boy.money" in related
    assert "ud.hall-boy.butler" not in related
    assert set(related) <= set(rule_index())


def test_demonstrations_are_positions_where_the_rule_is_ruled() -> None:
    """A scenario demonstration's action, played at its position, rules with the rule."""
    demos = rulebook.demonstrations("host.prestige")
    scen = [d for d in demos if d.kind == "scenario"]
    assert scen
    for d in scen:
        game = d.game()
        ids = [r["rule"] for e in game.apply(d.action) for r in e.rulings]
        assert "host.prestige" in ids


def test_demonstrations_include_the_casebook_cases_of_the_rule() -> None:
    demos = rulebook.demonstrations("ud.hall-boy.butler")
    assert ("case", "hall-boy-butler-on-a-card") in [(d.kind, d.name) for d in demos]


def test_entry_lists_tests_and_tutorials_from_the_checkout() -> None:
    e = rulebook.entry("ud.cook.prestige")
    assert any(t.startswith("tests/engine/test_ud_servants.py::test_ud_cook") for t in e.tests)
    assert "02-howard-supplemental-service.ipynb" in e.tutorials


def test_entry_lists_the_tests_marked_for_the_rule_first() -> None:
    """A test marked ``@pytest.mark.rule(id)`` is listed for that id though neither its name
    nor its body spells the id (and the test just above it, marked for other rules, is not)."""
    found = rulebook.entry("tableau.first-player-fixed").tests
    assert found[0] == "tests/modes/tableau/test_tableau.py::test_the_first_player_pawn_never_rotates"
    assert not any(t.endswith("test_both_market_reserves_activate_at_the_end_of_round_3")
                   for t in found)
    assert rulebook.tests("ruling.milestone-once")[0] == (
        "tests/modes/tableau/test_milestones.py::"
        "test_milestone_one_marker_per_card_and_two_markers_in_all")


def test_cli_rules_hall_boy_lists_the_hall_boys_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "hall", "boy"]) == 0
    out = capsys.readouterr().out
    for rule_id in (i for i in rule_index() if "hall-boy" in i):
        assert rule_id in out


def test_cli_rules_id_prints_the_full_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "ud.hall-boy.butler"]) == 0
    out = capsys.readouterr().out
    assert "Where to read it:" in out and "page 7" in out
    assert "Show me: case hall-boy-butler-on-a-card" in out


def test_cli_rules_json_and_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "cook", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["results"][0]["id"].startswith("ud.cook")
    assert {s["prefix"] for s in data["sources"]} == {"UD", "Refresher", "JA", "Facts"}
    assert cli.main(["rules", "xyzzy"]) == 1
    assert "No rule matches" in capsys.readouterr().err
    assert cli.main(["rules", "hal", "boi", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["did_you_mean"] == "hall boy"
    assert data["results"][0]["id"].startswith("ud.hall-boy")


def test_rule_browser_search_opens_the_best_match_and_show_me_steps_to_the_decision() -> None:
    b = RuleBrowser()
    assert b.search("hall boy")[0].startswith("ud.hall-boy")
    b.show_rule("ud.hall-boy.butler")
    demos = b.view.entry["demonstrations"]
    i = next(i for i, d in enumerate(demos) if d["name"] == "hall-boy-butler-on-a-card")
    stepper = b.show_me(i)
    assert stepper.game.pending()["step"] == "service"
    assert stepper.scripted_next == "serve standin-butler-guest hall_boy"
    assert "serve standin-butler-guest hall_boy" in [a.notation for a in
                                                     stepper.game.legal_actions()]


def test_rule_browser_show_me_a_scenario_stops_before_the_action() -> None:
    b = RuleBrowser(rule="host.prestige")
    demos = b.view.entry["demonstrations"]
    i = next(i for i, d in enumerate(demos) if d["name"] == "refresher-round-6")
    stepper = b.show_me(i)
    assert stepper.game.pending()["step"] == "host"
    assert stepper.scripted_next == "host standin-estate-pr2"


def test_rule_browser_messages_from_the_page() -> None:
    b = RuleBrowser("cook")
    b._message(b.view, {"event": "open", "rule": "ud.cook.reputation"}, None)
    assert b.view.entry["id"] == "ud.cook.reputation"
    b._message(b.view, {"event": "show", "index": 0}, None)
    assert b.stepper is not None


def test_rule_chips_carry_summaries_and_open_the_browser() -> None:
    log = RulingsLog()
    log.verdict = {"action": "x", "legal": False,
                   "rulings": [{"rule": "ud.cook.prestige", "verdict": "v", "citation": "c"}]}
    assert log.rules["ud.cook.prestige"]["summary"].startswith("If the player wishes")
    b = RuleBrowser()
    log._chip_clicked(log, {"event": "open", "rule": "ud.cook.prestige"}, None)
    assert b.view.entry["id"] == "ud.cook.prestige"
    assert open_rule("ud.hall-boy.money") and b.view.entry["id"] == "ud.hall-boy.money"


def test_rule_browser_in_japanese_translates_its_labels_and_its_entry() -> None:
    b = RuleBrowser("cook", lang="ja")
    assert b.view.labels["show-me"] == "見せて"  # content/i18n/ja/widgets.yaml browser
    english = rule_index()[b.view.entry["id"]].summary
    assert b.view.entry["summary"] != english  # the entry in Japanese (tests/data/test_translations.py)
    assert b.view.entry["english"]["summary"] == english  # the English beneath it


def test_random_game_demonstrations_replay_to_a_decision_ruled_by_the_rule() -> None:
    """Rules no case or scenario shows are demonstrated in a seeded random game, replayed live."""
    shown = [(i, d) for i in rule_index() for d in rulebook.demonstrations(i) if d.kind == "game"]
    assert len(shown) >= 20
    for rule_id, demo in shown[:: max(1, len(shown) // 6)]:
        game = demo.game()
        assert demo.action in [a.notation for a in game.legal_actions()]
        assert rule_id in [r["rule"] for e in game.apply(demo.action) for r in e.rulings]


def test_rule_browser_offers_did_you_mean_for_a_typo_and_for_no_match() -> None:
    b = RuleBrowser()
    assert b.search("hal boi")[0].startswith("ud.hall-boy")
    assert b.view.did_you_mean == "hall boy"
    hits = b.view.results
    assert hits[0]["hit"] == "term" and hits[0]["key"] == "hall boy" and hits[0]["passage"]
    assert b.search("hosekeeping") == [] and b.view.did_you_mean == "housekeeper"
    b.search("hall boy")
    assert b.view.did_you_mean == ""
