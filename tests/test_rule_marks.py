"""A rule id maps to its tests exactly (issue 48, item 7): every rule and ruling of
``content/rules.yaml`` is either cited in the code that applies the rules or checked by at least
one test marked ``@pytest.mark.rule("<id>")``.

Both sides are read from the source, never from a test run, so the check is fast, does not
depend on which tests ran or in which order, and gives the same answer on every machine:

* *cited by the engine*: a string constant equal to a rule id in ``obsession_nb/engine/`` or
  ``obsession_nb/modes/`` (the layers that apply the rules: their rulings, refusals and the
  seat view's holdings cite ids as literals), or the literal first argument of a ``ruling(...)``
  or ``refuse(...)`` call anywhere in the package (the coach's ruling on hidden information).
  An id the engine only builds at run time (``f"round-track.{length}"``) is not a literal, so
  its entry needs a marked test;
* *marked*: the ids named by ``@pytest.mark.rule(...)`` on the test functions of ``tests/``,
  read with :mod:`ast` (``tests/conftest.py`` refuses an id that is not in the index when the
  tests are collected).

Options (``kind: option``) are choices of the game's settings, checked by the option index's
own tests (tests/engine/test_option_index.py), and are not counted. :data:`NOTHING_TO_CHECK`
names the entries no code can check, each with the reason; an entry there must stay uncited
and unmarked, so the list only shrinks.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

import obsession_nb
from obsession_nb.data.rules import rule_index
from obsession_nb.tutor import rulebook

PACKAGE = Path(obsession_nb.__file__).parent
TESTS = Path(__file__).resolve().parent
RULE_APPLYING = ("engine", "modes")
RULING_CALLS = {"ruling", "refuse"}

NOTHING_TO_CHECK = {
    "ud.components.boards": "the expansion's fifth organiser, scorepad, round chits and supply "
    "board extension: physical parts with no rule of their own, which the catalog does not "
    "hold (the milestone chits are the tableau/milestone rules' markers, checked there)",
}


def _calls_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else (
        func.attr if isinstance(func, ast.Attribute) else None)


@cache
def engine_cited() -> frozenset[str]:
    """The rule ids the rule-applying code cites as literals (see the module's docstring)."""
    ids = set(rule_index())
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        applying = path.relative_to(PACKAGE).parts[0] in RULE_APPLYING
        text = path.read_text(encoding="utf-8")
        if not applying and not any(f"{name}(" in text for name in RULING_CALLS):
            continue
        for node in ast.walk(ast.parse(text)):
            if applying and isinstance(node, ast.Constant) and node.value in ids:
                found.add(node.value)
            elif (isinstance(node, ast.Call) and _calls_name(node) in RULING_CALLS and node.args
                  and isinstance(node.args[0], ast.Constant) and node.args[0].value in ids):
                found.add(node.args[0].value)
    return frozenset(found)


def _is_rule_mark(node: ast.expr) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and ast.unparse(node.func) == "pytest.mark.rule")


@cache
def marked() -> dict[str, tuple[str, ...]]:
    """Rule id -> the test functions marked for it (``path::name``), from the source."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if "mark.rule(" not in text:
            continue
        tree = ast.parse(text)
        where = path.relative_to(TESTS.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                for mark in filter(_is_rule_mark, node.decorator_list):
                    assert isinstance(mark, ast.Call)
                    for arg in mark.args:
                        assert isinstance(arg, ast.Constant), f"{where}::{node.name}"
                        found.setdefault(arg.value, []).append(f"{where}::{node.name}")
    return {rule_id: tuple(tests) for rule_id, tests in found.items()}


def checkable() -> list[str]:
    """The rules and rulings of the index (options left out)."""
    return sorted(r.id for r in rule_index().values() if r.kind != "option")


def test_every_rule_and_ruling_is_cited_by_the_engine_or_has_a_marked_test() -> None:
    cited, tests = engine_cited(), marked()
    assert len(cited) > 250 and len(tests) > 50  # both scans found what they look for
    loose = [r for r in checkable()
             if r not in cited and r not in tests and r not in NOTHING_TO_CHECK]
    assert not loose, (
        f"{len(loose)} rule(s) neither cited in engine/ or modes/ nor checked by a test marked "
        f"@pytest.mark.rule(...): {loose}")


def test_an_entry_with_nothing_to_check_is_still_uncited_and_unmarked() -> None:
    index = rule_index()
    for rule_id in NOTHING_TO_CHECK:
        assert index[rule_id].kind != "option"
        assert rule_id not in engine_cited() and rule_id not in marked(), (
            f"{rule_id} is now cited or marked: take it out of NOTHING_TO_CHECK")


@pytest.mark.parametrize("rule_id", ["pass.step-two", "ruling.seat-view", "tile.monuments"])
def test_the_rule_browser_lists_the_marked_tests_first(rule_id: str) -> None:
    """The rule browser's list (``rulebook.tests``) reads the same marks: the tests marked for
    a rule open it, in any order."""
    tests = marked()[rule_id]
    listed = rulebook.tests(rule_id)
    assert sorted(listed[:len(tests)]) == sorted(tests)
