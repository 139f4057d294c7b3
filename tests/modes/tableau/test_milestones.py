"""Milestones (UD p.15): two per game, set out before the player areas; one claim per turn, at
any time of one's own turn; two crest markers each; claims never lost; scored at the end."""

from __future__ import annotations

import pytest

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.steps.milestones import MEASURES, allowed
from obsession_nb.tutor.tableau_play import pass_turn

WEALTHY = "standin-milestone-wealthy"
FAVOURED = "standin-milestone-favoured"
UD_CARD = "standin-milestone-upstairs-downstairs"


def standard_with(cards, players: int = 2, **options) -> Game:
    game = new_game(players, seed=3, options=Options(milestones=cards, **options), draft=False)
    return game


def test_milestone_setup_two_named_cards_in_any_game() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    assert game.state.milestones.cards == [WEALTHY, FAVOURED]
    assert "milestone.setup" in [r["rule"] for r in game.log[0].rulings]


def test_milestone_setup_random_picks_two() -> None:
    game = standard_with("random")
    assert len(set(game.state.milestones.cards)) == 2


def test_no_milestones_unless_asked_in_the_standard_game() -> None:
    assert standard_with(None).state.milestones is None


def test_milestone_setup_refuses_bad_choices() -> None:
    with pytest.raises(ValueError, match="two different cards"):
        standard_with([WEALTHY])
    with pytest.raises(ValueError, match="two different cards"):
        standard_with([WEALTHY, "no-such-card"])


@pytest.mark.rule("milestone.ud-card", "ud.components-only-with-expansion")
def test_milestone_ud_card_is_not_used_in_a_base_only_game() -> None:
    base = standard_with([WEALTHY, FAVOURED], expansion=False)
    assert UD_CARD not in allowed(base.table)
    assert UD_CARD in allowed(standard_with([WEALTHY, FAVOURED]).table)
    with pytest.raises(ValueError, match="not usable"):
        standard_with([WEALTHY, UD_CARD], expansion=False)


@pytest.mark.rule("ruling.milestone-standins")
def test_every_catalog_milestone_names_a_known_measure_and_is_a_marked_standin() -> None:
    cards = standard_with(None).table.catalog.milestones
    assert len(cards) == 10
    assert sum(c.expansion == "upstairs_downstairs" for c in cards.values()) == 1
    for card in cards.values():
        assert card.measure in MEASURES
        assert card.standin and not card.verified and "vp" in card.unverified


def test_milestone_claim_needs_the_requirement() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    me = game.state.players[game.state.turn.player]
    me.money = 1499
    before = game.to_json()
    verdict = game.check(va.Milestone(WEALTHY))
    assert not verdict.legal and "milestone.claim" in [r.rule for r in verdict.rulings]
    with pytest.raises(IllegalAction):
        game.apply(va.Milestone(WEALTHY))
    assert game.to_json() == before
    me.money = 1500
    game.apply(va.Milestone(WEALTHY))
    claim = game.state.milestones.claims[0]
    assert (claim.card, claim.seat, claim.place) == (WEALTHY, game.state.turn.player, 1)


def test_milestone_claim_only_one_per_turn() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    me = game.state.players[game.state.turn.player]
    me.money = 2000
    me.vp_cards = list(game.state.supply.vp_deck[:2])
    game.state.supply.vp_deck = game.state.supply.vp_deck[2:]
    game.apply(va.Milestone(WEALTHY))
    assert va.Milestone(FAVOURED) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="only one"):
        game.apply(va.Milestone(FAVOURED))


def test_milestone_claim_at_any_step_of_ones_own_turn() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    me = game.state.players[game.state.turn.player]
    me.money = 2000
    game.apply("activity")
    assert game.state.turn.step in ("step2", "host")
    assert va.Milestone(WEALTHY) in game.legal_actions()


@pytest.mark.rule("ruling.milestone-place", "milestone.permanent", "milestone.scoring")
def test_milestone_second_place_then_full_and_claims_never_lost() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    first = game.state.turn.player
    game.state.players[first].money = 1600
    game.apply(va.Milestone(WEALTHY))
    pass_turn(game)
    second = game.state.turn.player
    assert second != first
    game.state.players[second].money = 1700
    game.apply(va.Milestone(WEALTHY))
    assert [(c.seat, c.place) for c in game.state.milestones.claims] == [(first, 1), (second, 2)]
    game.state.players[first].money = 0  # no longer meets it: the marker stays
    sheet = score(game)
    vp = game.table.catalog.milestones[WEALTHY].vp
    assert sheet.players[first].categories["milestones"] == vp[0]
    assert sheet.players[second].categories["milestones"] == vp[1]
    assert "milestone.scoring" in [r.rule for r in sheet.players[first].rulings]


@pytest.mark.rule("ruling.milestone-once")
def test_milestone_one_marker_per_card_and_two_markers_in_all() -> None:
    game = standard_with([WEALTHY, FAVOURED])
    seat = game.state.turn.player
    me = game.state.players[seat]
    me.money = 2000
    game.apply(va.Milestone(WEALTHY))
    pass_turn(game)
    pass_turn(game)
    assert game.state.turn.player == seat
    with pytest.raises(IllegalAction, match="already has a marker"):
        game.apply(va.Milestone(WEALTHY))


def test_milestones_always_in_tableau_and_scored_there() -> None:
    game = new_game(2, seed=1, options=Options(mode="tableau"))
    assert game.state.milestones is not None and len(game.state.milestones.cards) == 2
