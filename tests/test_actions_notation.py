"""DESIGN principle 3: action notation parses back to the same record."""

import pytest

from obsession_nb.actions import ACTION_TYPES, parse
from obsession_nb.rules import BadNotation

EXAMPLES = [
    "activity", "pass", "done", "hall footman p2", "church money", "place useful_man study", "host music-room",
    "invite marquess-of-tetbury", "carriage hall_boy more", "kitchen", "serve tile:2 footman",
    "keep lady-suffolk", "lady screen", "dismiss miss-oliver", "gossip p3", "reclaim x",
    "hire valet", "recruit p2 ladys_maid", "rents", "free-refresh", "hire-servants",
    "buy barn", "buy barn useful_man", "borrow", "help valet", "refresh-market",
    "useful-man-refresh", "useful-man-search drawing-room",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trips(text: str) -> None:
    assert parse(text).notation == text
    assert parse(parse(text).notation) == parse(text)


def test_every_action_kind_has_an_example() -> None:
    assert {t.split()[0] for t in EXAMPLES} == set(ACTION_TYPES)


@pytest.mark.parametrize(
    "text", ["", "fly", "host", "host a b", "hall footman ann", "invite <img>", "buy"]
)
def test_bad_notation_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(BadNotation):
        parse(text)
