"""DESIGN principle 3: action notation parses back to the same record."""

from dataclasses import fields

import pytest

from obsession_nb.actions import ACTION_TYPES, parse
from obsession_nb.rules import BadNotation

EXAMPLES = [
    "activity", "pass", "done", "hall footman p2", "church money", "place useful_man study", "host music-room",
    "invite marquess-of-tetbury", "carriage hall_boy more", "kitchen", "serve tile:2 footman",
    "keep lady-suffolk", "lady screen", "dismiss miss-oliver", "gossip p3", "reclaim x",
    "hire valet", "recruit p2 ladys_maid", "rents", "free-refresh", "hire-servants",
    "buy barn", "buy barn useful_man", "borrow", "help valet", "refresh-market",
    "useful-man-refresh", "useful-man-search drawing-room", "family howard", "draft cook",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_notation_round_trips(text: str) -> None:
    assert parse(text).notation == text
    assert parse(parse(text).notation) == parse(text)


@pytest.mark.parametrize("verb", sorted(ACTION_TYPES))
def test_every_action_kind_round_trips(verb: str) -> None:
    cls = ACTION_TYPES[verb]
    values = {"str": "drawing-room", "Seat": 2}
    for flag in (False, True):
        kwargs = {f.name: (flag if f.type == "bool" else values[f.type]) for f in fields(cls)}
        action = cls(**kwargs)
        assert parse(action.notation) == action


@pytest.mark.parametrize(
    "text", ["", "fly", "host", "host a b", "hall footman ann", "invite <img>", "buy"]
)
def test_bad_notation_is_refused_with_a_reason(text: str) -> None:
    with pytest.raises(BadNotation):
        parse(text)
