"""The four new servants of Upstairs, Downstairs (UD pp.6-8): supplemental service, each ability,
its timing and targets, the stand-in roles that grant no ability, and the useful man's touch-move
rule and one-time removals.
"""

from __future__ import annotations

from typing import Any

from positions import BASE_SERVANTS, game, refuse, rules_of
from ud_positions import (
    BUTLER_GUEST,
    FAMILY,
    HOUSEKEEPER_GUEST,
    STAFF,
    last_rules,
    legal,
    me,
    step6,
    ud,
)

from obsession_nb import Game

# ================================================================= supplemental service in general


def test_ud_supplemental_service_is_optional_and_done_ends_it() -> None:
    g = game(ud(), "activity", "host front-parlour", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman")
    assert g.pending()["step"] == "service"
    assert "place hall_boy cavendish-husband" in legal(g)
    assert g.check("done").legal
    g.apply("done")
    assert last_rules(g) == ["ud.supplemental-service"]
    assert g.pending()["step"] == "buy"


def test_ud_supplemental_service_belongs_to_the_expansion() -> None:
    data = ud()
    data["options"]["expansion"] = False
    g = game(data, "activity", "host front-parlour")
    refuse(g, "place cook tile", "ud.supplemental-service")


def test_ud_supplemental_service_only_the_four_new_servants() -> None:
    g = game(ud(), "activity", "host front-parlour")
    refuse(g, "place footman tile", "ud.supplemental-service")


def test_ud_supplemental_service_needs_the_servant_in_available_service() -> None:
    # resting in Expended Service, the cook rotates only to the Servants' Quarters
    g = game(ud(available=BASE_SERVANTS, expended=["cook"]), "activity", "host front-parlour")
    assert "cook" in me(g).servants.quarters
    refuse(g, "place cook tile", "ud.supplemental-service")


# ================================================================= cook


def _parlour(*actions: str, cook: bool = True, **kw: Any) -> Game:
    g = game(ud(**kw), "activity", "host front-parlour")
    if cook:
        g.apply("place cook tile")
    g.play(list(actions))
    return g


def test_ud_cook_reputation_adds_one_in_step_6() -> None:
    actions = ["invite cavendish-husband", "invite cavendish-heir", "serve tile footman", "done"]
    plain = _parlour(*actions, cook=False)
    with_cook = _parlour(*actions)
    assert me(with_cook).reputation == me(plain).reputation + 1
    cook = [r for r in step6(with_cook) if r["rule"] == "ud.cook.reputation"]
    assert [r["verdict"] for r in cook] == ["Reputation: the cook +1."]
    # taken with the other favours, after the money
    rules = [r["rule"] for r in step6(with_cook)]
    assert rules.index("ud.cook.reputation") > rules.index("favours.money")
    with_cook.apply("done")
    assert "cook" in me(with_cook).servants.expended


def test_ud_cook_lets_guests_two_levels_above_the_reputation_attend() -> None:
    hand = [*FAMILY, "standin-prestige-06", "standin-prestige-09"]  # prestige 4 and 5
    g = _parlour(hand=hand)  # level 2
    verdict = g.check("invite standin-prestige-06")
    assert verdict.legal
    assert "ud.cook.prestige" in [r.rule for r in verdict.rulings]
    refuse(g, "invite standin-prestige-09", "ud.cook.prestige")  # three above: still refused


def test_ud_cook_without_her_a_guest_above_the_level_is_refused() -> None:
    g = _parlour(cook=False, hand=[*FAMILY, "standin-prestige-06"])
    refuse(g, "invite standin-prestige-06", "invite.prestige")


def test_ud_cook_is_optional_for_a_guest_within_the_level() -> None:
    g = _parlour("invite cavendish-husband", cook=False)
    assert g.state.turn.guests == ["cavendish-husband"]


def test_ud_cook_does_not_lower_the_tiles_own_rating() -> None:
    g = game(ud(tiles=("drawing-room",)), "activity")  # level 2, Drawing Room prestige 3
    refuse(g, "place cook tile", "ud.supplemental-timing")  # no activity tile yet (step 3)
    refuse(g, "host drawing-room", "host.prestige")


def test_ud_cook_goes_only_on_the_current_activity_tile() -> None:
    g = _parlour("invite cavendish-husband", cook=False)
    refuse(g, "place cook cavendish-husband", "ud.cook.reputation")
    refuse(g, "place cook gazebo", "ud.cook.reputation")


def test_ud_cook_may_be_placed_in_step_5_for_her_reputation() -> None:
    g = _parlour("invite cavendish-husband", "invite cavendish-heir", "serve tile footman",
                 cook=False)
    assert g.check("place cook tile").legal
    g.play(["place cook tile", "done"])
    assert "ud.cook.reputation" in [r["rule"] for r in step6(g)]


def test_ud_cook_not_on_the_butlers_room() -> None:
    g = game(ud(), "activity", "host butlers-room")
    refuse(g, "place cook tile", "ruling.supplemental-not-on-hiring")


def test_ud_cook_on_renovated_kitchen_front_still_gives_one_reputation() -> None:
    g = game(ud(tiles=("renovated-kitchen",)), "activity", "host renovated-kitchen",
             "invite cavendish-husband", "invite cavendish-heir")
    before = me(g).reputation
    g.apply("serve tile cook")
    assert last_rules(g) == ["service.mandatory"]
    if g.pending()["step"] == "service":
        g.apply("done")
    cook = [r for r in step6(g) if r["rule"] == "ud.cook.reputation"]
    assert len(cook) == 1
    assert me(g).reputation == before + 1 + 1  # the heir's +1 and the cook's +1


def test_ud_cook_is_not_placed_twice_when_she_is_the_kitchens_mandatory_servant() -> None:
    g = game(ud(tiles=("renovated-kitchen",)), "activity", "host renovated-kitchen")
    refuse(g, "place cook tile", "service.mandatory")


# ================================================================= hall boy


def _served_parlour(hand_extra: tuple[str, ...] = (), **kw: Any) -> Game:
    return game(ud(hand=[*FAMILY, *hand_extra], **kw), "activity", "host front-parlour",
                "invite cavendish-husband", "invite cavendish-heir", "serve tile footman")


def test_ud_hall_boy_money_adds_100_to_a_gentry_pound_favour() -> None:
    plain = _served_parlour()
    plain.apply("done")
    g = _served_parlour()
    g.apply("place hall_boy cavendish-husband")  # a family card (ruling.hall-boy-family-cards)
    assert last_rules(g) == ["ud.hall-boy.money", "ruling.hall-boy-family-cards"]
    if g.pending()["step"] == "service":
        g.apply("done")
    assert me(g).money == me(plain).money + 100
    verdicts = [r["verdict"] for r in step6(g)]
    assert "Earl Cavendish gives £200." in verdicts or any("gives £200" in v for v in verdicts)
    assert any(r["rule"] == "ud.hall-boy.money" and "adds £100" in r["verdict"]
               for r in step6(g))


def test_ud_hall_boy_on_a_family_card_with_a_pound_favour() -> None:
    g = _served_parlour()
    verdict = g.check("place hall_boy cavendish-heir")  # the heir's £100
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.hall-boy.money", "ruling.hall-boy-family-cards"]


def test_ud_hall_boy_only_on_an_attending_card_with_a_pound_favour() -> None:
    g = game(ud(), "activity", "host front-parlour", "invite cavendish-husband",
             "invite cavendish-wife", "serve tile footman")
    refuse(g, "place hall_boy cavendish-wife", "ud.hall-boy.money")  # the lady: no £ favour
    refuse(g, "place hall_boy cavendish-heir", "ud.hall-boy.money")  # not attending
    refuse(g, "place hall_boy tile", "ud.hall-boy.money")  # cards, not tiles


def test_ud_hall_boy_cannot_reduce_a_paupers_cost() -> None:
    g = game(ud(hand=[*FAMILY, "standin-pauper-gentleman"]), "activity", "host gazebo",
             "invite cavendish-husband", "invite standin-pauper-gentleman",
             "serve tile housekeeper", "serve standin-pauper-gentleman footman")
    refuse(g, "place hall_boy standin-pauper-gentleman", "ruling.hall-boy-pauper")


def test_ud_hall_boy_is_placed_in_step_5() -> None:
    g = game(ud(), "activity", "host front-parlour", "invite cavendish-husband")
    assert g.pending()["step"] == "invite"
    refuse(g, "place hall_boy cavendish-husband", "ud.supplemental-timing")


def test_ud_hall_boy_stands_in_for_the_butler_on_a_card_even_with_the_butler_available() -> None:
    data = ud(hand=[*FAMILY, "test-butler-guest"], custom_cards=[BUTLER_GUEST])
    g = game(data, "activity", "host front-parlour", "invite cavendish-heir",
             "invite test-butler-guest", "serve tile footman")
    assert "butler" in me(g).servants.available
    verdict = g.check("serve test-butler-guest hall_boy")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.hall-boy.butler", "ud.standin-no-ability"]
    g.apply("serve test-butler-guest hall_boy")
    if g.pending()["step"] == "service":
        g.apply("done")
    # as the butler he adds no £100: £300 from the guest and £100 from the heir only
    assert "Money: £300 → £700 (+400 this activity)." in [r["verdict"] for r in step6(g)]
    assert "ud.hall-boy.money" not in [r["rule"] for r in step6(g)]


def test_ud_hall_boy_as_the_butler_grants_no_money_ability_afterwards() -> None:
    data = ud(hand=[*FAMILY, "test-butler-guest"], custom_cards=[BUTLER_GUEST])
    g = game(data, "activity", "host front-parlour", "invite cavendish-husband",
             "invite test-butler-guest", "serve tile footman", "serve test-butler-guest hall_boy")
    assert g.pending()["step"] == "service"  # the cook could still be placed
    refuse(g, "place hall_boy cavendish-husband", "ud.supplemental-service")


def test_ud_hall_boy_cannot_stand_in_for_the_butler_on_a_tile() -> None:
    g = game(ud(), "activity", "host private-study", "invite cavendish-husband")
    refuse(g, "serve tile hall_boy", "ud.hall-boy.butler")


def test_ud_hall_boy_is_not_placed_for_money_when_he_is_needed_for_the_butler_icon() -> None:
    data = ud(hand=[*FAMILY, "test-butler-guest"], custom_cards=[BUTLER_GUEST],
              available=[s for s in STAFF if s != "butler"], expended=["butler"])
    g = game(data, "activity", "host front-parlour", "invite cavendish-heir",
             "invite test-butler-guest", "serve tile footman")
    refuse(g, "place hall_boy test-butler-guest", "service.mandatory")
    g.apply("serve test-butler-guest hall_boy")
    assert last_rules(g) == ["ud.hall-boy.butler", "ud.standin-no-ability"]


# ================================================================= head housemaid


def _turner(*, level: int = 3) -> Game:
    hand = [*FAMILY, "lady-marianne-turner"]
    return game(ud(hand=hand, level=level), "activity", "host front-parlour",
                "invite cavendish-husband", "invite lady-marianne-turner", "serve tile footman",
                "serve lady-marianne-turner ladys_maid")


def test_ud_head_housemaid_turns_a_blind_draw_into_see_2_keep_1() -> None:
    g = _turner()
    g.apply("place head_housemaid lady-marianne-turner")
    assert last_rules(g) == ["ud.head-housemaid.screen"]
    if g.pending()["step"] == "service":
        g.apply("done")
    choice = g.state.turn.choices[0]
    assert (choice.kind, choice.cards, choice.keep) == (
        "screen", ["duke-of-langford", "marchioness-of-easton"], 1)
    assert any(r["rule"] == "ud.head-housemaid.screen" and "see 2, keep 1" in r["verdict"]
               for r in step6(g))
    g.apply("keep marchioness-of-easton")
    assert "marchioness-of-easton" in me(g).hand
    assert g.state.supply.prestige_deck[-1] == "duke-of-langford"


def test_ud_head_housemaid_without_her_the_draw_is_blind() -> None:
    g = _turner()
    g.apply("done")
    assert "duke-of-langford" in me(g).hand
    assert "favours.invite" in [r["rule"] for r in step6(g)]


def test_ud_head_housemaid_screening_a_see_2_keep_1_makes_see_3_keep_1() -> None:
    g = game(ud(), "activity", "host front-parlour", "invite cavendish-husband",
             "invite cavendish-wife", "serve tile footman", "place head_housemaid cavendish-wife")
    if g.pending()["step"] == "service":
        g.apply("done")
    g.apply("lady screen")
    assert "ud.head-housemaid.screen" in last_rules(g)
    choice = g.state.turn.choices[0]
    assert (choice.kind, len(choice.cards), choice.keep) == ("screen", 3, 1)


def test_ud_head_housemaid_screens_a_printed_see_2_keep_1_as_see_3_keep_1() -> None:
    hand = [*FAMILY, "standin-prestige-10"]  # casual invite, see 2 keep 1; prestige 5
    g = game(ud(hand=hand, level=5), "activity", "host front-parlour",
             "invite cavendish-husband", "invite standin-prestige-10", "serve tile footman",
             "serve standin-prestige-10 valet", "place head_housemaid standin-prestige-10")
    if g.pending()["step"] == "service":
        g.apply("done")
    choice = g.state.turn.choices[0]
    assert (choice.kind, len(choice.cards), choice.keep) == ("screen", 3, 1)


def test_ud_head_housemaid_on_the_activity_tile_with_an_invite_favour() -> None:
    g = game(ud(), "activity", "host gazebo")  # the Gazebo: a blind prestige invitation
    verdict = g.check("place head_housemaid tile")  # step 4 is allowed too
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.head-housemaid.screen"]
    g.play(["place head_housemaid tile", "invite cavendish-husband", "invite cavendish-heir",
            "serve tile housekeeper"])
    if g.pending()["step"] == "service":
        g.apply("done")
    choice = g.state.turn.choices[0]
    assert (choice.kind, choice.deck, len(choice.cards), choice.keep) == (
        "screen", "prestige", 2, 1)


def test_ud_head_housemaid_screens_once_per_turn() -> None:
    # the flipped Gazebo has two blind casual invitations: only one is screened
    g = game(ud(flipped=("gazebo",), tiles=("gazebo",)), "activity", "host gazebo",
             "place head_housemaid tile")
    assert last_rules(g) == ["ud.head-housemaid.screen", "ud.head-housemaid.once-per-turn"]
    g.play(["invite cavendish-husband", "invite cavendish-heir", "serve tile housekeeper"])
    if g.pending()["step"] == "service":
        g.apply("done")
    rules = [r["rule"] for r in step6(g)]
    assert rules.count("ud.head-housemaid.screen") == 1
    assert rules.count("favours.invite") == 1  # the second invitation stays a blind draw
    assert len(g.state.turn.choices) == 1 and len(g.state.turn.choices[0].cards) == 2


def test_ud_head_housemaid_needs_an_invitation_favour() -> None:
    g = game(ud(), "activity", "host front-parlour", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman")
    refuse(g, "place head_housemaid tile", "ud.head-housemaid.screen")
    refuse(g, "place head_housemaid cavendish-husband", "ud.head-housemaid.screen")
    refuse(g, "place head_housemaid cavendish-daughter", "ud.head-housemaid.screen")  # absent


def test_ud_head_housemaid_not_on_the_butlers_room() -> None:
    g = game(ud(), "activity", "host butlers-room")
    refuse(g, "place head_housemaid tile", "ruling.supplemental-not-on-hiring")


def test_ud_head_housemaid_stands_in_for_the_housekeeper_on_a_card_and_screens_nothing() -> None:
    data = ud(hand=[*FAMILY, "test-housekeeper-guest"], custom_cards=[HOUSEKEEPER_GUEST])
    g = game(data, "activity", "host front-parlour", "invite cavendish-husband",
             "invite test-housekeeper-guest", "serve tile footman")
    assert "housekeeper" in me(g).servants.available
    verdict = g.check("serve test-housekeeper-guest head_housemaid")
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.head-housemaid.housekeeper", "ud.standin-no-ability"]
    g.apply("serve test-housekeeper-guest head_housemaid")
    if g.pending()["step"] == "service":
        g.apply("done")
    rules = [r["rule"] for r in step6(g)]
    assert "ud.head-housemaid.screen" not in rules
    assert "favours.invite" in rules  # still a blind draw
    assert "duke-of-langford" in me(g).hand


def test_ud_head_housemaid_cannot_stand_in_for_the_housekeeper_on_a_tile_without_the_room() -> None:
    g = game(ud(), "activity", "host gazebo", "invite cavendish-husband",
             "invite cavendish-heir")
    refuse(g, "serve tile head_housemaid", "ud.head-housemaid.housekeeper")


def test_ud_head_housemaid_cannot_stand_in_for_the_ladys_maid_without_the_room() -> None:
    g = game(ud(hand=[*FAMILY, "lady-marianne-turner"], level=3), "activity",
             "host front-parlour", "invite cavendish-husband", "invite lady-marianne-turner",
             "serve tile footman")
    refuse(g, "serve lady-marianne-turner head_housemaid", "service.mandatory")


# ================================================================= useful man: the Village Fair


def test_ud_round_3_is_a_village_fair_on_the_standard_track() -> None:
    from obsession_nb.engine.steps.rounds import has_event

    g = game(ud(round=3))
    assert has_event(g.table, "village_fair")


def _fair(*, flipped: bool = False, **kw: Any) -> Game:
    study = ("private-study",)
    return game(ud(round=3, tiles=study, flipped=study if flipped else (), **kw), "activity")


def test_ud_useful_man_fair_adds_200_with_the_study_unflipped() -> None:
    g = _fair()
    assert g.pending()["step"] == "step2"
    before, rep = me(g).money, me(g).reputation
    g.apply("place useful_man study")
    assert last_rules(g) == ["ud.useful-man.village-fair"]
    assert me(g).money == before + 200  # £0 → £200
    assert me(g).reputation == rep
    assert "ud.useful-man.village-fair" in rules_of(g)


def test_ud_useful_man_fair_adds_200_with_the_study_flipped() -> None:
    g = _fair(flipped=True)
    before, rep = me(g).money, me(g).reputation
    g.apply("place useful_man study")
    assert me(g).money == before + 500  # £300 → £500
    assert me(g).reputation == rep + 2  # the flipped Study's two reputation, unchanged


def test_ud_useful_man_fair_without_him_the_unflipped_study_pays_nothing() -> None:
    g = _fair()
    before = me(g).money
    g.apply("done")
    assert me(g).money == before


def test_ud_useful_man_at_the_fair_ends_the_turn_in_expended_service() -> None:
    g = _fair()
    g.play(["place useful_man study", "host front-parlour", "invite cavendish-husband",
            "invite cavendish-heir", "serve tile footman", "done", "done"])
    assert "useful_man" in me(g).servants.expended


def test_ud_useful_man_special_action_refresh_for_the_fair() -> None:
    # he rests in Expended Service, so after rotation he is in the Servants' Quarters
    g = _fair(available=BASE_SERVANTS, expended=["useful_man"], position=5)
    assert "useful_man" in me(g).servants.quarters
    assert g.pending()["step"] == "step2"
    refuse(g, "place useful_man study", "ud.supplemental-service")
    rep = me(g).reputation
    g.apply("help useful_man")
    assert "ud.useful-man.special-action-refresh" in last_rules(g)
    assert me(g).reputation == rep - 3
    money = me(g).money
    g.apply("place useful_man study")
    assert me(g).money == money + 200


def test_ud_useful_man_goes_to_the_study_only_on_a_fair_round() -> None:
    g = game(ud(round=6), "activity")
    assert g.pending()["step"] == "host"
    refuse(g, "place useful_man study", "ud.useful-man.village-fair")


def test_ud_useful_man_goes_to_the_study_only_in_step_2() -> None:
    g = _fair()
    g.apply("done")
    assert g.pending()["step"] == "host"
    refuse(g, "place useful_man study", "ud.useful-man.village-fair")


def test_ud_useful_man_fair_on_a_pass_turn() -> None:
    g = game(ud(round=3), "pass")
    assert g.pending()["step"] == "step2"
    money = me(g).money
    g.apply("place useful_man study")
    assert me(g).money == money + 200
    g.play(["rents", "done"])
    assert "useful_man" in g.state.players[0].servants.expended  # ruling.pass-used-servants


# ================================================================= useful man: prestige rating


def test_ud_useful_man_lowers_a_tiles_prestige_by_one() -> None:
    g = game(ud(tiles=("drawing-room",)), "activity")  # level 2, Drawing Room 3
    refuse(g, "host drawing-room", "host.prestige")
    g.apply("place useful_man drawing-room")
    assert last_rules(g) == ["ud.useful-man.prestige", "ruling.useful-man-prestige-timing"]
    verdict = g.check("host drawing-room")
    assert verdict.legal
    assert "Prestige rating 2 ≤ level 2." in [r.verdict for r in verdict.rulings]


def test_ud_useful_man_prestige_may_be_placed_in_step_2() -> None:
    g = game(ud(round=3, tiles=("drawing-room",)), "activity")
    assert g.pending()["step"] == "step2"
    g.apply("place useful_man drawing-room")
    assert g.pending()["step"] == "host"  # nothing else to decide in step 2
    assert g.check("host drawing-room").legal


def test_ud_useful_man_prestige_lasts_this_turn_only() -> None:
    # level 4 position 1; the Gallery (prestige 5, +4 reputation) leaves Ann at level 4
    hand = ["cavendish-husband", "cavendish-daughter", "standin-starter-01"]
    data = ud(tiles=("gallery",), level=4, hand=hand, discard=["cavendish-wife", "cavendish-heir"])
    data["supply"]["bag"].remove("gallery")
    g = game(data,
             "activity", "place useful_man gallery", "host gallery", "invite cavendish-husband",
             "invite cavendish-daughter", "invite standin-starter-01", "serve tile butler",
             "serve standin-starter-01 valet", "done", "done")
    assert g.table.level(me(g)) == 4
    g.play(["pass", "rents", "done"])  # Bob; then round 7 begins with Ann
    assert (g.state.round, g.pending()["player"]) == (7, 0)
    g.apply("activity")
    refuse(g, "host gallery", "host.prestige")


def test_ud_useful_man_prestige_only_on_playable_organiser_tiles() -> None:
    g = game(ud(tiles=("carriage-house", "private-study"), flipped=("private-study",)),
             "activity")
    refuse(g, "place useful_man carriage-house", "ud.useful-man.prestige")  # no rating shown
    refuse(g, "place useful_man private-study", "ud.useful-man.prestige")  # a flipped Study
    refuse(g, "place useful_man riding-stables", "ud.useful-man.prestige")  # not in organiser


def test_ud_useful_man_is_not_placed_in_steps_4_and_5() -> None:
    g = game(ud(tiles=("drawing-room",)), "activity", "host front-parlour")
    refuse(g, "place useful_man front-parlour", "ud.supplemental-timing")


def test_ud_useful_man_touch_move_when_another_tile_is_hosted() -> None:
    g = game(ud(tiles=("drawing-room",)), "activity", "place useful_man drawing-room")
    assert "useful_man" not in me(g).servants.available
    g.apply("host front-parlour")
    assert "ud.useful-man.touch-move" in last_rules(g)
    assert "useful_man" in me(g).servants.available
    assert not [p for p in g.state.turn.placements if p.servant == "useful_man"]


def test_ud_useful_man_touch_move_when_passing() -> None:
    g = game(ud(tiles=("drawing-room",)), "activity", "place useful_man drawing-room", "pass")
    assert "ud.useful-man.touch-move" in rules_of(g)
    assert "useful_man" in me(g).servants.available
    # he is free again at once: the pass's shop may use his discount
    g.apply("rents")
    assert g.check("buy riding-stables useful_man").legal
    g.apply("done")
    assert "useful_man" in g.state.players[0].servants.available
    assert "useful_man" not in g.state.players[0].servants.expended


# ================================================================= useful man: market discount


def _shop(*, money: int = 300, **kw: Any) -> Game:
    return game(ud(money=money, **kw), "pass", "rents")


def test_ud_useful_man_market_discount_takes_100_off() -> None:
    g = _shop()  # £500 after rents
    verdict = g.check("buy riding-stables useful_man")  # £400 space
    assert verdict.legal
    assert "ud.useful-man.market-discount" in [r.rule for r in verdict.rulings]
    g.apply("buy riding-stables useful_man")
    assert me(g).money == 500 - 300
    assert [p.target for p in g.state.turn.placements if p.servant == "useful_man"] == ["market"]
    g.apply("done")
    assert "useful_man" in g.state.players[0].servants.expended


def test_ud_useful_man_discount_never_to_zero() -> None:
    supply = {"market": [["brushing-room"], ["barn"], ["croquet-lawn"], ["english-garden"],
                         ["tennis-court"], ["french-garden"]]}
    g = _shop(supply=supply)
    # the Brushing Room costs £300 - £200 = £100: no discount is possible
    refuse(g, "buy brushing-room useful_man", "ruling.useful-man-discount-floor")
    assert g.check("buy brushing-room").legal


def test_ud_useful_man_discount_stops_at_100() -> None:
    supply = {"market": [["barn"], ["brushing-room"], ["croquet-lawn"], ["english-garden"],
                         ["tennis-court"], ["french-garden"]]}
    g = _shop(supply=supply)
    g.apply("buy barn useful_man")  # £300 - £100 modifier = £200, less £100
    assert me(g).money == 500 - 100


def test_ud_useful_man_discount_from_a_reserve() -> None:
    supply = {"service_reserve": ["butlers-pantry"], "service_reserve_active": True}
    g = _shop(supply=supply)
    verdict = g.check("buy butlers-pantry useful_man")  # £300 + £100 modifier = £400
    assert verdict.legal
    assert "ruling.useful-man-discount-reserve" in [r.rule for r in verdict.rulings]
    g.apply("buy butlers-pantry useful_man")
    assert me(g).money == 500 - 300


def test_ud_useful_man_touch_move_when_not_buying() -> None:
    g = _shop(money=0)  # £200 after rents
    refuse(g, "buy english-garden useful_man", "market.price")  # £600 - £100 > £200
    assert "useful_man" in me(g).servants.available
    g.apply("done")
    assert "useful_man" in g.state.players[0].servants.available


def test_ud_useful_man_discount_needs_him_available() -> None:
    # on a fair round he went to the Private Study: he cannot also discount the purchase
    g = game(ud(round=3), "pass", "place useful_man study", "rents")
    refuse(g, "buy riding-stables useful_man", "ud.useful-man.market-discount")
    assert g.check("buy riding-stables").legal


# ================================================================= useful man: one-time removals


def test_ud_useful_man_refresh_removes_him_from_the_game() -> None:
    g = game(ud(), "activity")
    before = [s[0] for s in g.state.supply.market]
    verdict = g.check("useful-man-refresh")
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.useful-man.refresh", "ruling.useful-man-refresh-separate"]
    g.apply("useful-man-refresh")
    assert me(g).removed == ["useful_man"]
    assert "useful_man" not in me(g).servants.all()
    assert [s[0] for s in g.state.supply.market] != before
    assert set(before) <= set(g.state.supply.bag)
    # not the once-per-turn special refresh (ruling.useful-man-refresh-separate)
    assert not g.state.turn.market_refreshed
    g.play(["host front-parlour", "invite cavendish-husband", "invite cavendish-heir",
            "serve tile footman", "done", "done"])
    assert "useful_man" not in g.state.players[0].servants.all()


def test_ud_useful_man_search_fetches_a_tile_into_the_800_space() -> None:
    g = game(ud(), "activity")
    market = [s[0] for s in g.state.supply.market]
    verdict = g.check("useful-man-search gallery")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.useful-man.search"]
    g.apply("useful-man-search gallery")
    assert "ruling.useful-man-search-placement" in last_rules(g)
    assert [s[0] for s in g.state.supply.market] == [*market[1:], "gallery"]
    assert market[0] in g.state.supply.bag  # the £300 tile goes back to the bag
    assert "gallery" not in g.state.supply.bag
    assert me(g).removed == ["useful_man"]


def test_ud_useful_man_search_returns_a_stacked_pair_from_the_300_space() -> None:
    market = [["carriage-house", "carriage-house"], ["riding-stables"], ["croquet-lawn"],
              ["english-garden"], ["tennis-court"], ["french-garden"]]
    g = game(ud(supply={"market": market}), "activity", "useful-man-search gallery")
    assert g.state.supply.bag.count("carriage-house") == 2
    assert [s[0] for s in g.state.supply.market] == [
        "riding-stables", "croquet-lawn", "english-garden", "tennis-court", "french-garden",
        "gallery"]


def test_ud_useful_man_searched_service_tile_stays_in_the_800_space() -> None:
    # with the Service Tile Reserve active, a searched service tile is still placed at £800
    supply = {"service_reserve_active": True,
              "bag": ["barn", "drawing-room", "dining-room", "gallery"]}
    g = game(ud(supply=supply), "activity", "useful-man-search barn")
    assert g.state.supply.market[-1] == ["barn"]
    assert g.state.supply.service_reserve == []


def test_ud_useful_man_searched_tile_is_bought_normally_in_the_800_space() -> None:
    g = game(ud(money=900), "pass", "useful-man-search gallery", "rents")
    verdict = g.check("buy gallery")
    assert verdict.legal
    assert any("£800 space costs £900" in r.verdict for r in verdict.rulings)  # +£100 modifier


def test_ud_useful_man_search_refuses_monuments() -> None:
    data = ud()
    data["supply"]["bag"].append("sculpture-garden")
    g = game(data, "activity")
    refuse(g, "useful-man-search sculpture-garden", "ud.useful-man.search")


def test_ud_useful_man_search_only_tiles_in_the_bag() -> None:
    g = game(ud(), "activity")
    refuse(g, "useful-man-search stocked-lake", "ud.useful-man.search")


def test_ud_useful_man_removal_needs_him_available() -> None:
    g = game(ud(available=BASE_SERVANTS, expended=["useful_man"]), "pass")
    # after the pass refresh he is available; before it (an activity turn) he rests
    g2 = game(ud(available=BASE_SERVANTS, expended=["useful_man"]), "activity")
    refuse(g2, "useful-man-refresh", "ruling.useful-man-one-time-availability")
    refuse(g2, "useful-man-search gallery", "ruling.useful-man-one-time-availability")
    assert g.check("useful-man-refresh").legal


def test_ud_useful_man_is_removed_only_once() -> None:
    g = game(ud(), "activity", "useful-man-search gallery")
    refuse(g, "useful-man-refresh", "ruling.useful-man-one-time-availability")
