"""Suite-wide reporting: which entries of the rule index the tests check.

DESIGN principle 2 asks for a report of index entries no test exercises; it is printed at the
end of the run and written to test-artifacts/rule-coverage.txt: the entries no engine ruling
cited (engine rulings made in this process only; notebooks and browser tests run in other
processes), and the tests marked ``@pytest.mark.rule("id", ...)`` for each entry — the exact
mapping from a rule id to the tests that check it (an id not in the index stops collection).
"""

from pathlib import Path

import pytest

from obsession_nb.data.rules import APPLIED, rule_index

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

# rule id -> node ids of the collected tests marked for it
MARKED: dict[str, list[str]] = {}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    index = rule_index()
    for item in items:
        for mark in item.iter_markers("rule"):
            if not mark.args:
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule() names no rule id")
            for rule_id in mark.args:
                if rule_id not in index:
                    raise pytest.UsageError(
                        f"{item.nodeid}: @pytest.mark.rule({rule_id!r}) is not an id of "
                        "content/rules.yaml")
                MARKED.setdefault(rule_id, []).append(item.nodeid)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not APPLIED and not MARKED:
        return
    index = rule_index()
    never = sorted(set(index) - APPLIED)
    engine = [r for r in never if index[r].kind != "option"]
    unmarked = [r for r in engine if r not in MARKED]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "rule-coverage.txt").write_text(
        "Rule index entries no engine ruling cited during the tests"
        " (+ when a test is marked for it):\n"
        + "".join(f"  {'+' if r in MARKED else ' '} {r}  ({index[r].kind}) {index[r].title}\n"
                  for r in engine)
        + "\nTests marked for each entry (@pytest.mark.rule):\n"
        + "".join(f"  {r}\n" + "".join(f"      {t}\n" for t in MARKED[r])
                  for r in sorted(MARKED)),
        encoding="utf-8",
    )
    terminalreporter.write_line(
        f"rule index: {len(APPLIED & set(index))} of {len(index)} entries ruled with in tests; "
        f"{len(engine)} rules/rulings never, {len(unmarked)} of them with no test marked for "
        f"them; {len(MARKED)} entries with marked tests (see test-artifacts/rule-coverage.txt)"
    )
