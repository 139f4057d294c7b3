"""DESIGN principle 3: action notation parses back to the same record."""

import json
from dataclasses import fields
from pathlib import Path

import pytest

from obsession_nb import cli
from obsession_nb.data.rules import BadNotation
from obsession_nb.engine.game import Game, load_scenario
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


# ------------------------------------------------------------- one kind in one place (issue 48)

def _subclasses(kind: type) -> list[type]:
    return [sub for direct in kind.__subclasses__() for sub in (direct, *_subclasses(direct))]


def test_every_action_kind_the_package_defines_is_read_by_the_notation_with_no_list() -> None:
    """A record with a verb is all the notation needs: the standard game's and the variants'
    kinds are read from the modules that define them, each mode's from its registrations (which
    load every mode's actions), so the parser knows every kind defined anywhere."""
    from obsession_nb.engine.records.actions import Action

    known = action_types()  # loads every mode's actions module
    defined = [kind for kind in _subclasses(Action) if "verb" in vars(kind)
               and kind.__module__.startswith("obsession_nb.")]
    assert len(defined) >= 54 and len({kind.verb for kind in defined}) == len(defined)
    assert {kind.verb: kind for kind in defined} == known


def test_a_module_imported_into_the_records_is_not_counted_as_its_kind() -> None:
    from obsession_nb.engine.records import variant_actions
    from obsession_nb.engine.records.notation import kinds_of

    assert "Action" in vars(variant_actions)  # imported there, the base, with no verb
    assert set(kinds_of(variant_actions)) == {"ball", "starter", "milestone", "rumour",
                                              "opening-market", "choose-objective"}


def test_a_modes_words_are_its_records_own_not_the_engines() -> None:
    """A choice's words come from its kind (``Action.label``): the team's requests carry
    theirs in modes/team/actions.py, and the engine's naming module names no mode's verb."""
    from obsession_nb.engine.records import naming
    from obsession_nb.engine.records.registry import mode_kinds
    from obsession_nb.modes.team.actions import AskGift, TeamGuest

    game = load_scenario("refresher-round-6")
    source = Path(naming.__file__).read_text(encoding="utf-8")
    assert [verb for verb in mode_kinds() if f'"{verb}"' in source] == []
    assert AskGift.label == "£{0}" and TeamGuest.label == "{0} → {1}"
    assert naming.action_label(game, "ask-gift 200") == "£200"
    assert naming.action_label(game, "team-guest lady-suffolk teammate") == (
        "Lady (Alexandra) Suffolk → teammate")
    assert naming.action_label(game, "accept") == "Accept"
    assert naming.describe(game, "team-borrow") == "Borrow £100 for the gift (special action)"
