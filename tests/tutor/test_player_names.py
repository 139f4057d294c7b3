"""Issue 47 item 1: the ruling panel and the action parser read the names players see — any
case, hyphens or spaces, with or without a title when that is unambiguous — and every kind of
name (card, tile, servant, family, player, option value) gets a "did you mean"."""

from __future__ import annotations

import pytest

from obsession_nb.data.rules import BadNotation
from obsession_nb.engine.game import load_position
from obsession_nb.tutor.views.rulings import RulingPanel

GAME = "refresher-round-6"


@pytest.mark.parametrize(("typed", "read"), [
    ("invite Lady Cavendish", "invite cavendish-wife"),
    ("INVITE lady cavendish", "invite cavendish-wife"),
    ("invite lady-cavendish", "invite cavendish-wife"),
    ("invite cavendish-wife", "invite cavendish-wife"),
    ("invite Earl Asquith", "invite asquith-husband"),
    ("host Bowling Green", "host bowling-green"),
    ("buy Butler's Room", "buy butlers-room"),
    ("hall Lady's Maid Left", "hall ladys_maid p2"),
    ("family House of York", "family york"),
])
def test_actions_accept_the_names_players_see(typed: str, read: str) -> None:
    game = load_position(GAME)
    assert game.check(typed).action == read
    assert game.read(typed).notation == read


def test_a_notation_of_ids_is_read_exactly_as_written() -> None:
    game = load_position(GAME)
    for action in game.legal_actions():
        assert game.read(action.notation) == action


def test_the_ruling_panel_takes_the_names_on_the_board() -> None:
    game = load_position(GAME)
    panel = RulingPanel(game)
    verdict = panel.check("invite Lady Cavendish")
    assert verdict is not None and verdict.action == "invite cavendish-wife"
    assert "not an action" not in str(panel.result.verdict)


@pytest.mark.parametrize(("typed", "suggested"), [
    ("invite Lady Cavendysh", "'invite Lady Cavendish'"),
    ("host Bowlng Green", "'host Bowling Green'"),
    ("host bowlng-green", "'Bowling Green' (bowling-green)"),
    ("hall hal-boi p2", "'Hall Boy' (hall_boy)"),
    ("family Hovard", "'House of Howard' (howard)"),
    ("hots gazebo", "'host'"),
])
def test_every_kind_of_name_gets_a_did_you_mean(typed: str, suggested: str) -> None:
    game = load_position(GAME)
    try:
        verdict = game.check(typed)
    except BadNotation as exc:
        text = str(exc)
    else:  # refused by its rule: the verdict says what was meant
        text = " ".join(r.verdict for r in verdict.rulings)
    assert f"did you mean {suggested}" in text


def test_the_refusal_of_an_unknown_guest_names_the_nearest_card() -> None:
    game = load_position(GAME)
    while game.state.turn.step != "invite":
        actions = game.legal_actions()
        game.apply(next((a for a in actions if a.verb == "host"), actions[0]))
    verdict = game.check("invite lady-cavendysh")
    assert not verdict.legal
    assert verdict.rulings[0].rule == "invite.active-hand-only"
    assert "did you mean 'Lady Cavendish' (cavendish-wife)" in verdict.rulings[0].verdict
