"""DESIGN principle 2: every rule id the code cites is in the rule index."""

import ast
import re
from pathlib import Path

import pytest

import obsession_nb
from obsession_nb.data.rules import rule_index

PACKAGE = Path(obsession_nb.__file__).parent
PREFIXES = [
    "turn", "host", "invite", "service", "favours", "reputation", "market", "cleanup", "pass",
    "special", "tile", "event", "ud", "ruling", "setup", "round-track", "season", "courtship",
    "scoring", "six-player", "team", "solo", "tableau", "milestone", "option",
]
# An id ends in a letter or digit: "solo.classic." is a prefix naming a family of ids, not one.
RULE_ID = re.compile(rf"^({'|'.join(map(re.escape, PREFIXES))})\.[a-z0-9]([a-z0-9.\-]*[a-z0-9])?$")


def cited_ids() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and RULE_ID.match(node.value):
                found.setdefault(node.value, []).append(f"{path.name}:{node.lineno}")
    return found


def test_every_rule_id_cited_in_the_code_is_in_the_index() -> None:
    cited = cited_ids()
    assert len(cited) > 80
    missing = {rule: where for rule, where in cited.items() if rule not in rule_index()}
    assert not missing, f"rule ids cited but not in content/rules.yaml: {missing}"


def test_a_ruling_with_an_id_missing_from_the_index_fails_every_time() -> None:
    """``ruling`` looks an id up the first time it rules only: an unknown id is never
    remembered, so it fails on every call, after known ids have ruled too."""
    from obsession_nb.data.rules import ruling

    assert ruling("host.choose-tile", "x").rule == "host.choose-tile"
    for _ in range(2):
        with pytest.raises(KeyError, match=r"host\.no-such-rule"):
            ruling("host.no-such-rule", "x")


def test_a_ruling_made_by_the_engine_is_the_record_its_class_makes() -> None:
    """``ruling`` fills the slots of the frozen record directly: the same value, hash, text
    and JSON as ``Ruling(...)``, and as frozen."""
    from dataclasses import FrozenInstanceError

    from obsession_nb.data.rules import Ruling, ruling

    made, plain = ruling("host.choose-tile", "Hosts the Ballroom."), Ruling(
        "host.choose-tile", "Hosts the Ballroom.")
    assert (made, hash(made), str(made), repr(made)) == (plain, hash(plain), str(plain), repr(plain))
    assert made.to_json() == plain.to_json() and made.verdict == "Hosts the Ballroom."
    with pytest.raises(FrozenInstanceError):
        made.verdict = "changed"
