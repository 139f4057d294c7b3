"""DESIGN principle 3: action notation parses back to the same record."""

import json
from dataclasses import fields
from pathlib import Path

import pytest

from obsession_nb import cli
from obsession_nb.data.rules import BadNotation
from obsession_nb.engine.game import Game
from obsession_nb.engine.records.notation import action_types, parse
from obsession_nb.tutor import casebook

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


@pytest.mark.parametrize("verb", sorted(action_types()))
def test_every_action_kind_round_trips(verb: str) -> None:
    cls = action_types()[verb]
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


# ------------------------------------------------------------------ natural serve (issue 27)

def _dowager_at_service() -> Game:
    game = casebook._position({
        "base": "ud", "me": {"reputation": {"level": 5, "position": 1}},
        "hand": ["cavendish-husband", "cavendish-wife", "cavendish-heir", "cavendish-daughter",
                 "dowager-countess-holt"]})
    game.play(["activity", "host front-parlour", "invite cavendish-husband",
               "invite dowager-countess-holt", "serve tile footman"])
    return game  # her icons: lady's maid (dowager-countess-holt), housekeeper (...:2)


def test_serve_card_servant_picks_the_free_icon_that_servant_can_fill() -> None:
    game = _dowager_at_service()
    verdict = game.check("serve dowager-countess-holt head_housemaid")
    assert verdict.legal and verdict.action == "serve dowager-countess-holt:2 head_housemaid"
    assert game.check("serve dowager-countess-holt ladys_maid").action == \
        "serve dowager-countess-holt ladys_maid"  # the first icon, as before
    game.apply("serve dowager-countess-holt ladys_maid")
    entry = game.apply("serve dowager-countess-holt housekeeper")[0]
    assert entry.action == "serve dowager-countess-holt:2 housekeeper"


def test_serve_card_2_stays_valid_and_a_serve_no_icon_fits_is_refused_as_written() -> None:
    game = _dowager_at_service()
    assert game.check("serve dowager-countess-holt:2 housekeeper").legal
    refused = game.check("serve dowager-countess-holt valet")
    assert not refused.legal and refused.action == "serve dowager-countess-holt valet"


def test_cli_legal_shows_the_exact_and_the_natural_form(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "dowager.yaml"
    path.write_text(_dowager_at_service().to_scenario(), encoding="utf-8")
    assert cli.main(["legal", str(path)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("  serve dowager-countess-holt:2 "))
    assert line.split()[:3] == ["serve", "dowager-countess-holt:2", "housekeeper"]
    assert line.endswith("(or: serve dowager-countess-holt housekeeper)")
    assert cli.main(["legal", str(path), "--json"]) == 0
    rows = {r["notation"]: r["natural"] for r in json.loads(capsys.readouterr().out)}
    assert rows["serve dowager-countess-holt:2 head_housemaid"] == \
        "serve dowager-countess-holt head_housemaid"
    assert rows["serve dowager-countess-holt ladys_maid"] is None


@pytest.mark.parametrize("text", EXAMPLES)
def test_an_action_hands_its_fields_in_order_to_its_verifier(text: str) -> None:
    """``arguments``: the fields in declaration order, for kinds of none, one or several."""
    from obsession_nb.engine.records.actions import arguments

    action = parse(text)
    assert arguments(action) == tuple(getattr(action, f.name) for f in fields(action))
