"""The rulings casebook (content/casebook.yaml, notebook 10): every case is asked of the engine
live and must bear out its answer sentence; the casebook cites only indexed rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import ask, casebook

CASES = casebook.cases()
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "10-rulings-casebook.ipynb"


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_casebook_case(case: casebook.Case) -> None:
    """The engine's live verdict agrees with the case's answer (legality and the rules cited)."""
    before = case.game().to_scenario()
    result = case.ruling()
    assert result.verdict.legal is case.expect_legal, result.text()
    assert set(case.expect_rules) <= set(result.rule_ids), result.text()
    assert all(r.citation for r in result.rulings)
    # asking changes nothing: the position is rebuilt identically
    assert case.game().to_scenario() == before


def test_casebook_has_at_least_60_questions_each_ending_with_a_question_mark() -> None:
    assert len(CASES) >= 60
    assert len({c.id for c in CASES}) == len(CASES)
    assert all(c.question.endswith("?") for c in CASES)


def test_casebook_expected_rules_are_in_the_index() -> None:
    index = rule_index()
    assert {r for c in CASES for r in c.expect_rules} <= set(index)


def test_casebook_covers_both_verdicts_and_the_kinds_of_questions_players_ask() -> None:
    """Issue 27: reputation timing, stand-ins, market pricing, ties, passing, courtship, each
    new servant, team play, tableau and the solo challenge."""
    assert {c.expect_legal for c in CASES} == {True, False}
    topics = {c.topic for c in CASES}
    assert {"new servants", "tiles", "passing", "draft", "market", "solo", "reputation",
            "stand-ins", "courtship", "team play", "tableau", "service"} <= topics
    asked = " ".join(c.ask for c in CASES if c.topic == "new servants")
    assert all(s in asked for s in ("cook", "hall_boy", "head_housemaid", "useful_man"))
    assert any(r in c.expect_rules for c in CASES for r in ("courtship.tie", "scoring.tie-break"))


def test_casebook_a_case_that_disagrees_is_caught() -> None:
    """The agreement check can fail: a case claiming the opposite verdict is refuted."""
    real = casebook.case("hall-boy-butler-on-a-tile")
    flipped = casebook.Case(**{**real.__dict__, "expect_legal": True})
    assert not flipped.ruling().agrees()
    assert real.ruling().agrees()


def test_casebook_notebook_asks_every_case_under_its_question() -> None:
    """Notebook 10: each case is a markdown heading that is the question, then a cell that
    asks the engine about it."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells]
    for case in CASES:
        heading = next((i for i, s in enumerate(sources) if s.startswith(f"## {case.question}")),
                       None)
        assert heading is not None, f"no heading for {case.id}"
        assert f'show_case("{case.id}")' in sources[heading + 1]


@pytest.mark.parametrize("case", casebook.cases(), ids=lambda c: c.id)
def test_each_case_exercises_the_rule_it_cites(case: casebook.Case) -> None:
    """The engine's answer rules with every rule the case cites, and `ask` shows those rulings
    first (a scavenging case shows the scavenge, not only that `done` is legal)."""
    result = case.ruling()
    assert case.expect_rules, case.id
    assert set(case.expect_rules) <= {r.rule for r in result.rulings}, result.rule_ids
    assert result.cited_first[0].rule in case.expect_rules
    assert f"[{case.expect_rules[0]}]" in "\n".join(ask._case_lines(case.id)[3:])


def test_a_second_pass_option_or_hosting_on_a_pass_is_refused_for_the_pass_rule() -> None:
    verdicts = {c: casebook.case(c).ruling().verdict for c in
                ("pass-hire-then-rents", "pass-then-host")}
    assert not any(v.legal for v in verdicts.values())
    assert [r.rule for r in verdicts["pass-hire-then-rents"].rulings] == ["ud.pass"]
    assert [r.rule for r in verdicts["pass-then-host"].rulings] == ["turn.host-or-pass"]
