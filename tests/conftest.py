"""Suite-wide reporting: which entries of the rule index the engine ruled with during the tests.

DESIGN principle 2 asks for a report of index entries no test exercises; it is printed at the
end of the run and written to test-artifacts/rule-coverage.txt (engine rulings made in this
process only; notebooks and browser tests run in other processes).
"""

from pathlib import Path

import pytest

from obsession_nb.data.rules import APPLIED, rule_index

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not APPLIED:
        return
    index = rule_index()
    never = sorted(set(index) - APPLIED)
    engine = [r for r in never if index[r].kind != "option"]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "rule-coverage.txt").write_text(
        "Rule index entries no engine ruling cited during the tests:\n"
        + "".join(f"  {r}  ({index[r].kind}) {index[r].title}\n" for r in engine),
        encoding="utf-8",
    )
    terminalreporter.write_line(
        f"rule index: {len(APPLIED & set(index))} of {len(index)} entries ruled with in tests; "
        f"{len(engine)} rules/rulings never (see test-artifacts/rule-coverage.txt)"
    )
