"""The base-game turn, step by step (issue 2): each test is named after the rule it checks."""

import pytest
from positions import game, refuse, rules_of, table

from obsession_nb.engine.positions.scenario import dump, parse


def bowling(**me):
    """Host the Bowling Green (2 gentry, a footman, £300) with the husband and the heir."""
    return game(table(me=me or None), "activity", "host bowling-green", "invite cavendish-husband",
                "invite cavendish-heir")


# ----------------------------------------------------------------- steps 1 and 2


def test_turn_rotate_service_moves_quarters_up_and_expended_to_rest() -> None:
    g = game(table(me={"servants": {"available": ["butler"], "quarters": ["footman"],
                                    "expended": ["valet"]}}), "activity")
    me = g.state.players[0].servants
    assert (me.available, me.quarters, me.expended) == (["butler", "footman"], ["valet"], [])
    assert "turn.rotate-service" in rules_of(g)


def test_turn_first_turn_no_rotation() -> None:
    g = game(table(me={"turns_taken": 0, "servants": {"available": ["butler"],
                                                      "quarters": ["footman"]}}), "activity")
    assert g.state.players[0].servants.quarters == ["footman"]
    assert "turn.first-turn-no-rotation" in rules_of(g)


@pytest.mark.rule("tile.monuments")
def test_turn_monument_reputation_one_per_monument_in_step_2() -> None:
    organiser = [{"tile": "private-study"}, {"tile": "sculpture-garden"}, {"tile": "trophy-room"}]
    g = game(table(me={"organiser": organiser}), "activity")
    assert g.view()["players"][0]["reputation"] == {"level": 2, "position": 3}
    assert "turn.monument-reputation" in rules_of(g)


@pytest.mark.rule("ud.servants-hall.changes")
def test_turn_servants_hall_moves_one_reputation_and_expends_the_servant() -> None:
    data = table(me={"organiser": [{"tile": "private-study"}, {"tile": "servants-hall"}]})
    g = game(data, "activity")
    assert g.pending()["step"] == "step2"
    g.apply("hall valet p2")
    me, bob = g.view()["players"]
    assert me["reputation"] == {"level": 2, "position": 2}
    assert bob["reputation"] == {"level": 1, "position": 5}
    assert g.pending()["step"] == "host"
    refuse(g, "hall footman p2", "turn.order-of-play")
    g.play(["host private-study", "invite cavendish-husband", "serve tile butler", "done"])
    assert "valet" in g.state.players[0].servants.expended


def test_turn_servants_hall_never_after_step_3_begins() -> None:
    data = table(me={"organiser": [{"tile": "private-study"}, {"tile": "servants-hall"}]})
    g = game(data, "activity", "done")
    refuse(g, "hall valet p2", "turn.order-of-play")


def test_turn_servants_hall_cannot_target_oneself() -> None:
    data = table(me={"organiser": [{"tile": "private-study"}, {"tile": "servants-hall"}]})
    refuse(game(data, "activity"), "hall valet p1", "turn.servants-hall")


@pytest.mark.rule("tile.private-study")
def test_event_village_fair_pays_a_flipped_study_two_reputation_and_300() -> None:
    organiser = [{"tile": "private-study", "flipped": True}, {"tile": "bowling-green"}]
    g = game(table(round=3, me={"organiser": organiser}), "activity")
    me = g.view()["players"][0]
    assert me["money"] == 600
    assert me["reputation"] == {"level": 2, "position": 3}
    assert "event.village-fair" in rules_of(g)


@pytest.mark.rule("tile.private-study")
def test_event_village_fair_pays_nothing_to_an_unflipped_study() -> None:
    g = game(table(round=3), "activity")
    assert g.view()["players"][0]["money"] == 300


# ----------------------------------------------------------------- step 3: host


def test_host_prestige_level_must_reach_the_tiles_rating() -> None:
    data = table(me={"organiser": [{"tile": "croquet-lawn"}],
                     "reputation": {"level": 1, "position": 5}})
    refuse(game(data, "activity"), "host croquet-lawn", "host.prestige")


def test_host_prestige_is_the_level_at_the_start_of_step_3() -> None:
    data = table(me={"organiser": [{"tile": "croquet-lawn"}], "hand": [
        "cavendish-husband", "cavendish-heir", "cavendish-wife"]})
    g = game(data, "activity", "borrow")  # in step 3: level 2 position 1 → level 1 position 4
    assert g.view()["players"][0]["reputation"]["level"] == 1
    verdict = g.check("host croquet-lawn")
    assert verdict.legal
    assert "ruling.level-at-step-3" in [r.rule for r in verdict.rulings]
    g.play(["host croquet-lawn", "invite cavendish-husband", "invite cavendish-heir",
            "invite cavendish-wife"])
    assert g.pending()["step"] == "service"


def test_host_servant_available_the_tiles_servant_must_be_available() -> None:
    data = table(me={"servants": {"available": ["butler", "valet"], "expended": ["footman"]}})
    refuse(game(data, "activity"), "host bowling-green", "host.servant-available")


@pytest.mark.rule("tile.monuments", "tile.service-tiles")
def test_host_not_service_or_monument() -> None:
    data = table(me={"organiser": [{"tile": "barn"}, {"tile": "sculpture-garden"}]})
    g = game(data, "activity")
    refuse(g, "host barn", "host.not-service-or-monument")
    refuse(g, "host sculpture-garden", "host.not-service-or-monument")


def test_host_choose_tile_only_from_ones_own_organiser() -> None:
    refuse(game(table(), "activity"), "host croquet-lawn", "host.choose-tile")


@pytest.mark.rule("host.hired-servants-expended")
def test_host_butlers_room_hires_two_servants_into_expended_service() -> None:
    g = game(table(), "activity", "host butlers-room", "serve tile butler", "hire valet",
             "hire footman", "done")
    me = g.state.players[0]
    assert sorted(me.servants.expended) == ["butler", "footman", "valet"]
    assert g.state.supply.servants_for_hire["valet"] == 1
    assert "host.butlers-room" in rules_of(g)


def test_host_butlers_room_never_hires_an_underbutler() -> None:
    g = game(table(), "activity", "host butlers-room", "serve tile butler")
    refuse(g, "hire underbutler", "host.butlers-room")
    refuse(g, "hire butler", "host.butlers-room")


def test_host_butlers_room_recruit_on_the_flipped_side_only_valets_maids_footmen() -> None:
    organiser = [{"tile": "butlers-room", "flipped": True}]
    g = game(table(me={"organiser": organiser}), "activity", "host butlers-room",
             "serve tile butler")
    refuse(g, "recruit p2 butler", "host.butlers-room-recruit")
    g.apply("recruit p2 valet")
    assert "valet" not in g.state.players[1].servants.all()
    assert g.state.players[0].servants.expended.count("valet") == 1


def test_host_butlers_room_recruit_needs_the_flipped_side() -> None:
    g = game(table(), "activity", "host butlers-room", "serve tile butler")
    refuse(g, "recruit p2 valet", "host.butlers-room-recruit")


# ----------------------------------------------------------------- step 4: invite


def test_invite_exact_count_no_more_than_the_tile_asks() -> None:
    g = game(table(), "activity", "host bowling-green", "invite cavendish-husband")
    refuse(g, "done", "invite.exact-count")


def test_invite_kind_gentlemen_only_tile_refuses_a_lady() -> None:
    data = table(me={"organiser": [{"tile": "fenced-paddock"}],
                     "hand": ["cavendish-husband", "cavendish-heir", "cavendish-wife"]})
    refuse(game(data, "activity", "host fenced-paddock"), "invite cavendish-wife", "invite.kind")


def test_invite_active_hand_only_not_the_discard_pile() -> None:
    data = table(me={"hand": ["cavendish-husband", "cavendish-heir", "cavendish-wife"],
                     "discard": ["cavendish-daughter"]})
    g = game(data, "activity", "host bowling-green")
    refuse(g, "invite cavendish-daughter", "invite.active-hand-only")


def test_invite_prestige_guest_rating_above_level_is_refused() -> None:
    data = table(me={"hand": ["cavendish-husband", "hon-albert-plantagenet", "duke-of-langford"]},
                 supply={"prestige_deck": ["lady-suffolk"]})
    g = game(data, "activity", "host bowling-green")
    refuse(g, "invite duke-of-langford", "invite.prestige")
    assert g.check("invite hon-albert-plantagenet").legal


def test_invite_family_fairchild_prestige_one_attend_at_level_one() -> None:
    data = table(me={"reputation": {"level": 1, "position": 1},
                     "hand": ["charles-fairchild", "cavendish-husband"]})
    g = game(data, "activity", "host bowling-green", "invite charles-fairchild",
             "invite cavendish-husband")
    assert g.pending()["step"] == "service"


# ----------------------------------------------------------------- step 5: service


def test_service_mandatory_a_guest_without_a_servant_cannot_attend() -> None:
    data = table(me={"servants": {"available": ["butler", "footman"]},
                     "hand": ["cavendish-husband", "hon-albert-plantagenet", "cavendish-heir"]})
    g = game(data, "activity", "host bowling-green")
    refuse(g, "invite hon-albert-plantagenet", "service.mandatory")


def test_service_mandatory_every_icon_filled_before_favours() -> None:
    g = bowling()
    assert g.pending()["step"] == "service"
    refuse(g, "done", "service.mandatory")


def test_service_underbutler_stands_in_for_a_footman_even_when_one_is_free() -> None:
    data = table(me={"servants": {"available": [*table()["players"][0]["servants"]["available"],
                                                "underbutler"]}})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile underbutler")
    assert "service.underbutler" in rules_of(g)


def test_service_housekeeper_for_ladys_maid_only_when_none_is_available() -> None:
    data = table(me={"hand": ["miss-anne-harlow", "cavendish-husband"]})
    g = game(data, "activity", "host bowling-green", "invite miss-anne-harlow",
             "invite cavendish-husband", "serve tile footman")
    refuse(g, "serve miss-anne-harlow housekeeper", "service.housekeeper-for-ladys-maid")
    data["players"][0]["servants"] = {"available": ["butler", "housekeeper", "footman"],
                                      "expended": ["ladys_maid"]}
    g = game(data, "activity", "host bowling-green", "invite miss-anne-harlow",
             "invite cavendish-husband", "serve tile footman",
             "serve miss-anne-harlow housekeeper")
    assert "service.housekeeper-for-ladys-maid" in rules_of(g)


@pytest.mark.rule("tile.brushing-room")
def test_service_footman_for_valet_needs_the_brushing_room_and_no_valet() -> None:
    hand = ["hon-albert-plantagenet", "cavendish-husband", "cavendish-heir"]
    servants = {"available": ["butler", "footman", "footman"], "expended": ["valet"]}
    data = table(me={"hand": hand, "servants": servants})
    refuse(game(data, "activity", "host bowling-green"), "invite hon-albert-plantagenet",
           "service.mandatory")
    data["players"][0]["organiser"].append({"tile": "brushing-room"})
    g = game(data, "activity", "host bowling-green", "invite hon-albert-plantagenet",
             "invite cavendish-husband", "serve tile footman",
             "serve hon-albert-plantagenet footman")
    assert "service.footman-for-valet" in rules_of(g)


def test_service_footman_for_valet_not_while_a_valet_is_available() -> None:
    hand = ["hon-albert-plantagenet", "cavendish-husband"]
    data = table(me={"hand": hand, "organiser": [{"tile": "bowling-green"},
                                                 {"tile": "brushing-room"}],
                     "servants": {"available": ["footman", "footman", "valet"]}})
    g = game(data, "activity", "host bowling-green", "invite hon-albert-plantagenet",
             "invite cavendish-husband", "serve tile footman")
    refuse(g, "serve hon-albert-plantagenet footman", "service.footman-for-valet")


@pytest.mark.rule("tile.servants-quarters", "tile.service-tiles")
def test_service_servants_quarters_lets_one_resting_servant_serve() -> None:
    data = table(me={"organiser": [{"tile": "bowling-green"}, {"tile": "servants-quarters"}],
                     "servants": {"available": ["butler"], "expended": ["footman"]}})
    g = game(data, "activity")  # the footman rotates into the Servants' Quarters
    g.play(["host bowling-green", "invite cavendish-husband", "invite cavendish-heir",
            "serve tile footman"])
    assert "service.servants-quarters" in rules_of(g)


# ----------------------------------------------------------------- step 6: favours


def test_favours_money_and_reputation_from_tile_and_guests() -> None:
    g = bowling()
    g.play(["serve tile footman"])
    me = g.view()["players"][0]
    assert me["money"] == 300 + 300 + 200 + 100
    assert me["reputation"] == {"level": 2, "position": 2}
    assert g.pending()["step"] == "buy"
    assert rules_of(g).count("favours.money") >= 3


def test_favours_pauper_is_paid_from_money_held_or_cannot_attend() -> None:
    hand = ["standin-casual-01", "cavendish-wife", "cavendish-heir"]  # pauper: −£200, +3 rep.
    data = table(me={"hand": hand, "money": 0, "reputation": {"level": 1, "position": 1},
                     "servants": {"available": ["butler", "footman", "footman"]}},
                 supply={"casual_deck": ["standin-casual-18"]})
    g = game(data, "activity", "host front-parlour")
    refuse(g, "invite standin-casual-01", "favours.pauper")
    data["players"][0]["money"] = 200
    g = game(data, "activity", "host front-parlour", "invite standin-casual-01",
             "invite cavendish-wife", "serve tile footman", "serve standin-casual-01 footman")
    assert g.view()["players"][0]["money"] == 0
    assert "favours.pauper" in rules_of(g)


def test_ruling_pauper_payment_shortfall_is_borrowed() -> None:
    hand = ["standin-casual-01", "cavendish-wife"]
    data = table(me={"hand": hand, "money": 100, "reputation": {"level": 2, "position": 1},
                     "servants": {"available": ["footman", "footman", "butler"]}},
                 supply={"casual_deck": ["standin-casual-18"]})
    g = game(data, "activity", "host front-parlour", "invite standin-casual-01",
             "invite cavendish-wife", "serve tile footman", "serve standin-casual-01 footman")
    me = g.view()["players"][0]
    assert me["money"] == 0
    # +3 (pauper) +1 (Front Parlour) = +4 steps, less 2 for borrowing £100: level 2 position 3.
    assert me["reputation"] == {"level": 2, "position": 3}
    assert "ruling.pauper-payment" in rules_of(g)


def test_reputation_penalty_crosses_down_and_is_paid_as_far_as_possible() -> None:
    hand = ["miss-hawkins", "cavendish-husband"]  # Miss Hawkins −2
    data = table(me={"hand": hand, "reputation": {"level": 2, "position": 1}})
    g = game(data, "activity", "host bowling-green", "invite miss-hawkins",
             "invite cavendish-husband", "serve tile footman", "serve miss-hawkins ladys_maid")
    assert g.view()["players"][0]["reputation"] == {"level": 1, "position": 4}
    assert "reputation.penalty" in rules_of(g)


def test_reputation_floor_level_one_position_one_ignores_penalties() -> None:
    hand = ["miss-hawkins", "cavendish-husband"]
    data = table(me={"hand": hand, "reputation": {"level": 1, "position": 1}})
    g = game(data, "activity", "host bowling-green", "invite miss-hawkins",
             "invite cavendish-husband", "serve tile footman", "serve miss-hawkins ladys_maid")
    assert g.view()["players"][0]["reputation"] == {"level": 1, "position": 1}
    assert "reputation.floor" in rules_of(g)


def test_reputation_max_stops_at_position_five() -> None:
    data = table(me={"reputation": {"level": "max", "position": 5},
                     "hand": ["cavendish-heir", "cavendish-husband"]})
    g = game(data, "activity", "host front-parlour", "invite cavendish-heir",
             "invite cavendish-husband", "serve tile footman")
    assert g.view()["players"][0]["reputation"] == {"level": "max", "position": 5}
    assert "reputation.max" in rules_of(g)


def test_favours_invite_blind_draw_goes_to_the_active_hand() -> None:
    data = table(me={"organiser": [{"tile": "gazebo"}]})  # Gazebo: a prestige invitation
    g = game(data, "activity", "host gazebo", "invite cavendish-husband", "invite cavendish-heir",
             "serve tile housekeeper")
    assert "duke-of-langford" in g.state.players[0].hand
    assert g.state.supply.prestige_deck[0] == "marchioness-of-easton"
    assert "favours.invite" in rules_of(g)


def test_favours_lady_screen_sees_two_keeps_one_other_to_the_bottom() -> None:
    data = table(me={"hand": ["cavendish-wife", "cavendish-husband"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-wife",
             "invite cavendish-husband", "serve tile footman")
    assert g.pending()["step"] == "favours"
    refuse(g, "done", "favours.dismiss")
    g.play(["lady screen"])
    assert [a.notation for a in g.legal_actions() if a.verb == "keep"] == [
        "keep standin-casual-01", "keep standin-casual-02"]
    g.apply("keep standin-casual-02")
    assert "standin-casual-02" in g.state.players[0].hand
    assert g.state.supply.casual_deck[-1] == "standin-casual-01"
    assert "ud.guests-to-bottom" in rules_of(g)


@pytest.mark.rule("favours.mandatory-except-dismiss", "ruling.lady-dismiss-nobody")
def test_favours_lady_dismiss_and_dismissal_is_optional() -> None:
    data = table(me={"hand": ["cavendish-wife", "cavendish-husband", "miss-hawkins"],
                     "discard": ["miss-oliver"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-wife",
             "invite cavendish-husband", "serve tile footman", "lady dismiss")
    refuse(g, "dismiss cavendish-heir", "favours.dismiss")  # family are never dismissed
    g.apply("dismiss miss-oliver")  # from the discard pile
    assert "miss-oliver" not in g.state.players[0].discard
    assert g.state.supply.casual_deck[-1] == "miss-oliver"
    g2 = game(data, "activity", "host bowling-green", "invite cavendish-wife",
              "invite cavendish-husband", "serve tile footman", "lady dismiss", "done")
    assert g2.pending()["step"] == "buy"


@pytest.mark.rule("favours.mandatory-except-dismiss")
def test_favours_dismiss_an_attending_guest_after_its_favours() -> None:
    hand = ["standin-casual-08", "cavendish-husband"]  # a cad: £200, −1 reputation
    data = table(me={"hand": hand, "organiser": [{"tile": "fenced-paddock"}]})
    g = game(data, "activity", "host fenced-paddock", "invite standin-casual-08",
             "invite cavendish-husband", "serve tile footman", "serve standin-casual-08 valet")
    assert g.view()["players"][0]["money"] == 300 + 200 + 200
    g.apply("dismiss standin-casual-08")
    g.apply("done")
    me = g.state.players[0]
    assert "standin-casual-08" not in me.discard + me.hand
    assert "cavendish-husband" in me.discard


def test_favours_vp_card_drawn_from_the_round_track_deck() -> None:
    data = table(me={"reputation": {"level": 6, "position": 1},
                     "hand": ["duke-of-langford", "cavendish-husband"]},
                 supply={"vp_deck": ["vp-reputation", "vp-money"],
                         "prestige_deck": ["lady-suffolk"]})
    g = game(data, "activity", "host bowling-green", "invite duke-of-langford",
             "invite cavendish-husband", "serve tile footman", "serve duke-of-langford valet")
    assert g.state.players[0].vp_cards == ["vp-reputation"]
    assert "favours.vp-card" in rules_of(g)


def test_favours_gossip_targets_another_player() -> None:
    hand = ["miss-oliver", "cavendish-husband"]  # gossip 1, and −1 to her host
    data = table(me={"hand": hand, "reputation": {"level": 2, "position": 3}},
                 other={"reputation": {"level": 2, "position": 2}})
    g = game(data, "activity", "host bowling-green", "invite miss-oliver",
             "invite cavendish-husband", "serve tile footman", "serve miss-oliver ladys_maid")
    refuse(g, "gossip p1", "favours.gossip")
    g.apply("gossip p2")
    me, bob = g.view()["players"]
    assert bob["reputation"] == {"level": 2, "position": 1}
    assert me["reputation"] == {"level": 2, "position": 2}


def test_favours_admirer_bonus_only_with_a_male_prestige_guest() -> None:
    base = {"reputation": {"level": 6, "position": 1}}
    with_duke = table(me={**base, "hand": ["cavendish-daughter", "duke-of-langford"]},
                      supply={"vp_deck": ["vp-reputation"], "prestige_deck": ["lady-suffolk"]})
    g = game(with_duke, "activity", "host bowling-green", "invite cavendish-daughter",
             "invite duke-of-langford", "serve tile footman", "serve duke-of-langford valet")
    assert "favours.admirer" in rules_of(g)
    with_husband = table(me={**base, "hand": ["cavendish-daughter", "cavendish-husband"]})
    g2 = game(with_husband, "activity", "host bowling-green", "invite cavendish-daughter",
              "invite cavendish-husband", "serve tile footman")
    assert "favours.admirer" not in rules_of(g2)
    assert g.state.players[0].reputation - g2.state.players[0].reputation == 3 + 2


def test_favours_barn_one_reputation_for_hosting_an_estate_tile() -> None:
    organiser = [{"tile": "gazebo"}, {"tile": "barn"}, {"tile": "bowling-green"}]
    g = game(table(me={"organiser": organiser}), "activity", "host gazebo",
             "invite cavendish-husband", "invite cavendish-heir", "serve tile housekeeper")
    assert "favours.barn" in rules_of(g)
    g2 = game(table(me={"organiser": organiser}), "activity", "host bowling-green",
              "invite cavendish-husband", "invite cavendish-heir", "serve tile footman")
    assert "favours.barn" not in rules_of(g2)


@pytest.mark.rule("tile.main-library")
def test_favours_objective_card_from_the_main_library() -> None:
    data = table(me={"reputation": {"level": 5, "position": 1},
                     "organiser": [{"tile": "main-library"}],
                     "hand": ["cavendish-husband", "cavendish-wife"]},
                 supply={"objective_deck": ["objective-max-reputation", "objective-wealth-1200"]})
    held = game(data).state.players[0].objectives
    g = game(data, "activity", "host main-library", "invite cavendish-husband",
             "invite cavendish-wife", "serve tile butler", "lady dismiss", "done")
    assert g.state.players[0].objectives == [*held, "objective-max-reputation"]
    assert "favours.objective-card" in rules_of(g)


# ----------------------------------------------------------------- step 7: buy


def to_buy(**me) -> object:
    g = bowling(**me)
    g.apply("serve tile footman")
    return g


def test_market_price_is_the_space_price_plus_the_modifier() -> None:
    g = to_buy()
    verdict = g.check("buy croquet-lawn")
    assert verdict.legal
    assert "£500 space costs £500" in verdict.rulings[0].verdict


def test_market_one_purchase_per_turn() -> None:
    g = to_buy()
    g.apply("buy fenced-paddock")
    refuse(g, "buy croquet-lawn", "market.one-purchase")


def test_market_no_duplicates() -> None:
    refuse(to_buy(), "buy bowling-green", "market.slide-and-draw")  # not for sale at all
    data = table(supply={"market": [["fenced-paddock"], ["riding-stables"], ["croquet-lawn"],
                                    ["english-garden"], ["tennis-court"], ["french-garden"]]},
                 me={"organiser": [{"tile": "bowling-green"}, {"tile": "tennis-court"}]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman")
    refuse(g, "buy tennis-court", "market.no-duplicates")


def test_market_price_refused_when_money_is_short() -> None:
    g = to_buy(money=0)  # £600 after the activity
    refuse(g, "buy french-garden", "market.price")  # £800


def test_market_any_reputation_buys_a_tile_above_the_level() -> None:
    g = to_buy()
    assert g.check("buy french-garden").legal  # prestige 3 at level 2


def test_market_slide_and_draw_after_a_purchase() -> None:
    data = table(chance={"seed": 1, "next_tiles": ["music-room"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy riding-stables")
    market = [s[0] for s in g.state.supply.market]
    assert market == ["fenced-paddock", "croquet-lawn", "english-garden", "tennis-court",
                      "french-garden", "music-room"]
    assert g.state.players[0].owned("riding-stables").flipped is False


def test_market_duplicates_stack_and_buying_one_leaves_the_other() -> None:
    data = table(supply={"market": [["fenced-paddock"], ["riding-stables", "riding-stables"],
                                    ["croquet-lawn"], ["english-garden"], ["tennis-court"],
                                    ["french-garden"]]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy riding-stables")
    assert g.state.supply.market[1] == ["riding-stables"]


def test_market_duplicates_stack_when_drawn() -> None:
    data = table(chance={"seed": 1, "next_tiles": ["croquet-lawn", "music-room"]},
                 supply={"bag": ["croquet-lawn", "music-room", "gallery"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy riding-stables")
    assert ["croquet-lawn", "croquet-lawn"] in g.state.supply.market
    assert "market.duplicates-stack" in rules_of(g)


def test_market_reminder_tile_for_a_monument() -> None:
    data = table(me={"money": 2000},
                 supply={"market": [["fenced-paddock"], ["riding-stables"], ["croquet-lawn"],
                                    ["english-garden"], ["tennis-court"], ["sculpture-garden"]]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy sculpture-garden")
    assert g.state.players[0].reminder is True
    assert "market.reminder-tile" in rules_of(g)


def test_tile_butlers_pantry_brings_an_underbutler_into_expended_service() -> None:
    data = table(supply={"service_reserve": ["butlers-pantry"], "service_reserve_active": True})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy butlers-pantry")
    assert "underbutler" in g.state.players[0].servants.expended
    assert g.state.supply.servants_for_hire["underbutler"] == 1


def test_market_reserve_purchase_costs_300_plus_modifier_and_does_not_slide() -> None:
    data = table(supply={"service_reserve": ["barn"], "service_reserve_active": True})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman")
    before = [list(s) for s in g.state.supply.market]
    g.apply("buy barn")
    assert g.view()["players"][0]["money"] == 900 - 200
    assert g.state.supply.market == before
    assert {"ruling.reserve-price", "ruling.reserve-purchase-no-slide"} <= set(rules_of(g))


def test_market_reserve_divert_a_drawn_service_tile_and_draw_again() -> None:
    data = table(supply={"service_reserve_active": True,
                         "bag": ["servants-quarters", "music-room"]},
                 chance={"seed": 1, "next_tiles": ["servants-quarters", "music-room"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "buy fenced-paddock")
    assert g.state.supply.service_reserve == ["servants-quarters"]
    assert g.state.supply.market[-1] == ["music-room"]


# ----------------------------------------------------------------- step 8 and passing


def test_cleanup_servants_guests_and_tile_flip_on_first_use() -> None:
    g = to_buy()
    g.apply("done")
    me = g.state.players[0]
    assert me.servants.expended == ["footman"]
    assert sorted(me.discard) == ["cavendish-heir", "cavendish-husband"]
    assert me.owned("bowling-green").flipped is True
    assert g.pending()["player"] == 1
    assert {"cleanup.servants-expended", "cleanup.guests-discard",
            "cleanup.flip-first-use"} <= set(rules_of(g))


def test_cleanup_tile_return_never_flips_back() -> None:
    data = table(me={"organiser": [{"tile": "bowling-green", "flipped": True}]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "done")
    assert g.state.players[0].owned("bowling-green").flipped is True
    assert "cleanup.tile-return" in rules_of(g)


@pytest.mark.rule("tile.hybrid")
def test_cleanup_hybrid_flip_every_use_changes_column() -> None:
    data = table(me={"organiser": [{"tile": "green-room"}],
                     "hand": ["cavendish-husband", "cavendish-heir", "miss-anne-harlow",
                              "cavendish-daughter", "hon-albert-plantagenet"]})
    g = game(data, "activity", "host green-room", "invite cavendish-husband",
             "invite cavendish-heir", "invite miss-anne-harlow", "invite cavendish-daughter",
             "invite hon-albert-plantagenet", "serve tile housekeeper",
             "serve hon-albert-plantagenet valet", "serve miss-anne-harlow ladys_maid", "done")
    owned = g.state.players[0].owned("green-room")
    assert owned.flipped is True
    assert g.view()["players"][0]["organiser"][0]["category"] == "prestige"
    assert "cleanup.hybrid-flip" in rules_of(g)


def test_pass_base_step_2_then_servants_refresh_and_discard_returns() -> None:
    data = table(me={"servants": {"available": ["butler"], "quarters": ["valet"],
                                  "expended": ["footman"]},
                     "hand": ["cavendish-husband"], "discard": ["cavendish-wife"]})
    g = game(data, "pass")
    me = g.state.players[0]
    assert sorted(me.servants.available) == ["butler", "footman", "valet"]
    assert sorted(me.hand) == ["cavendish-husband", "cavendish-wife"]
    assert g.pending()["step"] == "pass-option"
    refuse(g, "hire-servants", "pass.base")
    g.apply("rents")
    assert g.view()["players"][0]["money"] == 500
    assert g.pending()["step"] == "buy"
    assert "ruling.base-pass-order" in rules_of(g)


def test_pass_free_refresh_instead_of_rents_then_one_purchase() -> None:
    data = table(supply={"bag": ["drawing-room", "music-room", "dining-room", "hillside-kennels",
                                 "billiards-room", "gallery", "west-terrace"]})
    g = game(data, "pass", "free-refresh")
    assert g.view()["players"][0]["money"] == 300
    assert "pass.free-refresh" in rules_of(g)
    g.apply("special" if False else "refresh-market")  # the special refresh is still available
    assert "ruling.pass-refresh-not-special" in rules_of(g)


# ----------------------------------------------------------------- special actions


def test_special_borrow_two_reputation_per_100() -> None:
    g = game(table(), "activity", "borrow", "borrow")
    me = g.view()["players"][0]
    assert me["money"] == 500
    assert me["reputation"] == {"level": 1, "position": 2}
    refuse(g, "borrow", "special.borrow")  # one step left: not enough


def test_special_service_help_three_reputation_refreshes_one_servant() -> None:
    data = table(me={"reputation": {"level": 2, "position": 4},
                     "servants": {"available": ["butler"], "expended": ["footman"]}})
    g = game(data, "activity")  # the footman rests in the Quarters
    refuse(g, "help valet", "ruling.service-help-source")
    g.apply("help footman")
    me = g.state.players[0]
    assert me.servants.available == ["butler", "footman"]
    assert g.view()["players"][0]["reputation"] == {"level": 2, "position": 1}


def test_special_market_refresh_once_per_turn_in_tsn_order_reserves_untouched() -> None:
    data = table(me={"reputation": {"level": 3, "position": 1}},
                 supply={"service_reserve": ["barn"], "service_reserve_active": True,
                         "bag": ["gallery", "music-room", "drawing-room", "dining-room",
                                 "hillside-kennels", "billiards-room", "servants-quarters"]})
    g = game(data, "activity", "refresh-market")
    market = g.state.supply.market
    assert len(market) == 6
    tsns = [g.table.tile(s[0]).tsn for s in market]
    assert tsns == sorted(tsns)
    assert g.state.supply.service_reserve[0] == "barn"
    assert "fenced-paddock" in g.state.supply.bag  # the set-aside tiles return to the bag
    refuse(g, "refresh-market", "special.market-refresh")


@pytest.mark.rule("turn.special-actions-any-time")
def test_turn_special_actions_any_time_but_only_on_ones_own_turn() -> None:
    g = to_buy()
    g.apply("done")  # Bob's turn now
    assert g.pending()["player"] == 1
    g.apply("borrow")
    assert g.view()["players"][1]["money"] == 400  # Bob borrowed, not Ann
    assert g.view()["players"][0]["money"] == 900


# ----------------------------------------------------------------- positions as files


def test_scenario_round_trip_at_every_step_of_a_turn() -> None:
    g = game(table())
    for action in ["activity", "host bowling-green", "invite cavendish-husband",
                   "invite cavendish-heir", "serve tile footman", "buy fenced-paddock", "done"]:
        text = g.to_scenario()
        assert parse(text).state == g.state
        assert dump(parse(text)) == text
        g.apply(action)


def test_illegal_action_leaves_the_dumped_position_identical() -> None:
    g = to_buy()
    before = g.to_scenario()
    for action in ["buy bowling-green", "host gazebo", "invite x", "hire valet", "rents"]:
        assert not g.check(action).legal
    assert g.to_scenario() == before


def test_pass_after_step_2_does_not_repeat_step_2() -> None:
    organiser = [{"tile": "private-study"}, {"tile": "sculpture-garden"}]
    g = game(table(me={"organiser": organiser}), "activity", "pass", "rents")
    assert g.view()["players"][0]["reputation"] == {"level": 2, "position": 2}  # one monument
    assert rules_of(g).count("turn.monument-reputation") == 1


def test_ruling_screen_deck_short_sees_what_is_left() -> None:
    data = table(me={"hand": ["cavendish-wife", "cavendish-husband"]},
                 supply={"casual_deck": ["standin-casual-18"]})
    g = game(data, "activity", "host bowling-green", "invite cavendish-wife",
             "invite cavendish-husband", "serve tile footman", "lady screen")
    assert "standin-casual-18" in g.state.players[0].hand
    assert g.pending()["step"] == "buy"
    assert "ruling.screen-deck-short" in rules_of(g)


def test_ruling_guest_deck_empty_no_invitation() -> None:
    data = table(me={"hand": ["cavendish-wife", "cavendish-husband"]}, supply={"casual_deck": []})
    g = game(data, "activity", "host bowling-green", "invite cavendish-wife",
             "invite cavendish-husband", "serve tile footman", "lady screen")
    assert "ruling.guest-deck-empty" in rules_of(g)
