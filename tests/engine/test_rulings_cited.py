"""Issue 10: the documented rulings the engine applies, each cited where it applies (the
rule-coverage report lists every ``ruling.*`` entry as exercised).  One test per ruling, named
after it."""

from __future__ import annotations

import pytest
from positions import START, game, refuse, rules_of, table
from season_positions import event_round
from ud_positions import card, ud

from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.setup.new_game import new_state
from obsession_nb.engine.setup.tiles import opening_market


def rule_ids(rulings) -> list[str]:
    return [r.rule for r in rulings]


def test_ruling_available_means_box_when_the_housekeeper_covers() -> None:
    lady = card("test-lady", gender="female", prestige=1, service=["ladys_maid"], favours=[],
                deck="casual")
    data = table(me={"servants": {"available": ["butler", "housekeeper", "valet", "footman"],
                                  "expended": ["ladys_maid"]},
                     "hand": ["cavendish-husband", "test-lady"]}, custom_cards=[lady])
    g = game(data, "activity", "host front-parlour", "invite cavendish-husband",
             "invite test-lady", "serve tile footman")
    verdict = g.check("serve test-lady housekeeper")
    assert verdict.legal
    assert "ruling.available-means-box" in rule_ids(verdict.rulings)


def test_ruling_underbutler_scope_when_he_stands_in() -> None:
    data = table(me={"servants": {"available": ["butler", "housekeeper", "underbutler"]}})
    g = game(data, "activity", "host front-parlour", "invite cavendish-husband",
             "invite cavendish-heir")
    verdict = g.check("serve tile underbutler")
    assert verdict.legal and "ruling.underbutler-scope" in rule_ids(verdict.rulings)


def test_ruling_dismissal_timing_an_attending_guest_goes_under_the_deck() -> None:
    guest = card("test-casual", prestige=1, service=[], favours=[], deck="casual")
    data = table(me={"hand": ["cavendish-husband"]}, custom_cards=[guest],
                 turn={"player": 0, "step": "favours", "tile": "front-parlour",
                       "guests": ["test-casual"],
                       "choices": [{"kind": "dismiss", "source": "tile", "count": 1}]})
    g = game(data)
    verdict = g.check("dismiss test-casual")
    assert verdict.legal and "ruling.dismissal-timing" in rule_ids(verdict.rulings)
    g.apply("dismiss test-casual")
    assert g.state.supply.casual_deck[-1] == "test-casual"


def test_ruling_end_reputation_conversion_leftover_reputation_is_not_money() -> None:
    g = game(table(me={"reputation": {"level": 3, "position": 4}, "money": 300}))
    sheet = score(g)
    assert sheet.players[0].categories["wealth"] == 1
    assert "ruling.end-reputation-conversion" in rule_ids(sheet.players[0].rulings)


def test_ruling_extended_national_holiday_on_round_11() -> None:
    nh = event_round("national_holiday", "extended")
    assert nh == 11
    g = game(table(round=nh, options={"expansion": False, "length": "extended"}), "activity")
    assert "ruling.extended-national-holiday" in rules_of(g)


def test_ruling_initial_fill_new_service_tiles_go_back_to_the_bag() -> None:
    state, _ = new_state(2, seed=4, draft=False)
    g = game(table(expansion=True))
    g.state.supply.market = []
    g.state.supply.bag = ["carriage-house", "renovated-kitchen", *[
        "fenced-paddock", "riding-stables", "croquet-lawn", "english-garden", "tennis-court",
        "french-garden"]]
    g.state.chance.next_tiles = ["carriage-house", "renovated-kitchen"]
    rulings = opening_market(g.table)
    assert "ruling.initial-fill-new-service-tiles" in rule_ids(rulings)
    assert "carriage-house" in g.state.supply.bag and len(g.state.supply.market) == 6
    assert state.supply.market  # an ordinary setup fills its market too


def test_ruling_monument_reputation_timing_after_rotation() -> None:
    organiser = [{"tile": t} for t in [*START, "trophy-room"]]
    g = game(table(me={"organiser": organiser}), "activity")
    ids = rules_of(g)
    assert ids.index("turn.rotate-service") < ids.index("ruling.monument-reputation-timing")


def test_ruling_pass_used_servants_end_in_expended_service() -> None:
    organiser = [{"tile": t} for t in [*START, "servants-hall"]]
    g = game(table(me={"organiser": organiser}), "pass", "hall footman p2", "rents", "done")
    assert "ruling.pass-used-servants" in rules_of(g)
    assert g.state.players[0].servants.expended == ["footman"]


def test_ruling_prestige_deck_size_from_the_catalogue() -> None:
    _state, rulings = new_state(2, seed=1, draft=False)
    assert "ruling.prestige-deck-size" in rule_ids(rulings)


def test_ruling_reserve_capacity_takes_any_number() -> None:
    data = table(me={"money": 1000}, supply={"service_reserve_active": True,
                                             "service_reserve": ["barn"],
                                             "bag": ["butlers-pantry", "drawing-room"]})
    data["chance"]["next_tiles"] = ["butlers-pantry", "drawing-room"]
    g = game(data, "pass", "rents", "buy fenced-paddock")
    assert "ruling.reserve-capacity" in rules_of(g)
    assert g.state.supply.service_reserve == ["barn", "butlers-pantry"]


def test_ruling_servants_hall_optional_step_2_may_end_unused() -> None:
    organiser = [{"tile": t} for t in [*START, "servants-hall"]]
    g = game(table(me={"organiser": organiser}), "activity")
    assert "ruling.servants-hall-optional" in rules_of(g)
    g.apply("done")
    assert g.state.turn.step == "host" and not g.state.turn.hall_used


def test_ruling_six_player_objective_count() -> None:
    _state, rulings = new_state(6, seed=1, draft=False)
    assert "ruling.six-player-objective-count" in rule_ids(rulings)


def test_ruling_special_action_costs_and_full_cost() -> None:
    g = game(table(me={"reputation": {"level": 1, "position": 3}}))
    assert "ruling.special-action-costs" in rule_ids(g.check("borrow").rulings)
    refuse(g, "refresh-market", "ruling.special-action-full-cost")


def test_ruling_useful_man_search_bag_empty_when_only_monuments_remain() -> None:
    g = game(ud(supply={"bag": ["trophy-room", "wine-cellar"]}))
    refuse(g, "useful-man-search trophy-room", "ruling.useful-man-search-bag-empty")


def test_base_game_with_five_players_offers_the_compensation_option() -> None:
    default, rulings = new_state(5, seed=1, first_player=0, options=Options(expansion=False))
    literal, lit_rulings = new_state(5, seed=1, first_player=0, options=Options(
        expansion=False, compensation_seat="last"))
    # default: the seat on the first player's left never holds the pawn; literal: the last seat
    assert default.players[1].money - literal.players[1].money == 200
    assert literal.players[4].money - default.players[4].money == 200
    assert "ruling.compensation-recipient" in rule_ids(rulings)
    assert "option.compensation-seat" in rule_ids(lit_rulings)
    six, _ = new_state(6, seed=1, first_player=0, options=Options(
        expansion=False, compensation_seat="last"))
    base, _ = new_state(6, seed=1, first_player=0, options=Options(expansion=False))
    extra = [a.money - b.money for a, b in zip(six.players, base.players)]
    assert extra[5] == 300 and extra[4] == 200


def test_ruling_estate_start_tile_name_is_marked_unverified() -> None:
    from obsession_nb.data.catalog import load_catalog

    _state, rulings = new_state(2, seed=1, draft=False)
    assert "ruling.estate-start-tile-name" in rule_ids(rulings)
    gazebo = load_catalog().tiles["gazebo"]
    assert gazebo.start and "name" in gazebo.unverified and "MAIN HALL" in gazebo.note


@pytest.mark.rule("ruling.lady-dismiss-nobody", "favours.mandatory-except-dismiss")
def test_ruling_lady_dismiss_nobody_when_only_family_could_go() -> None:
    """The lady's dismissal chosen with nobody to send away (family guests never go, the
    discard pile is empty): the dismissal passes, her favour is spent and no screen is given."""
    data = table(me={"hand": ["cavendish-wife", "cavendish-husband", "cavendish-heir"],
                     "discard": []})
    g = game(data, "activity", "host bowling-green", "invite cavendish-wife",
             "invite cavendish-husband", "serve tile footman", "lady dismiss")
    deck = list(g.state.supply.casual_deck)
    refuse(g, "dismiss cavendish-heir", "favours.dismiss")
    assert not [a for a in g.legal_actions() if a.verb in ("dismiss", "keep", "lady")]
    g.apply("done")
    assert g.pending()["step"] == "buy"
    assert g.state.supply.casual_deck == deck
    assert sorted(g.state.players[0].hand) == ["cavendish-heir"]
