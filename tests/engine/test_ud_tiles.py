"""The expansion's tiles (UD p.16, p.2): Carriage House, Renovated Kitchen (front and back),
Housekeeper's Room, Parish Church, Babbling Brook, Stocked Lake and the low-VP monuments.
"""

from __future__ import annotations

from typing import Any

import pytest
from positions import BASE_SERVANTS, game, refuse, rules_of
from ud_positions import FAMILY, NEW, card, last_rules, legal, me, step6, ud

from obsession_nb import Game
from obsession_nb.data.catalog import load_catalog

CATALOG = load_catalog()
GENTLEMEN = [card(f"test-gentleman-{c}", prestige=1, service=[], deck="casual",
                  favours=[{"kind": "reputation", "amount": 1}]) for c in "abcd"]
LADIES = [card(f"test-lady-{c}", gender="female", prestige=1, service=[], deck="casual",
               favours=[{"kind": "reputation", "amount": 1}]) for c in "abcd"]


def entry(g: Game, action: str) -> list[str]:
    return [r["rule"] for e in g.log if e.action == action for r in e.rulings]


def finish_service(g: Game) -> None:
    if g.pending()["step"] == "service":
        g.apply("done")


# ================================================================= Carriage House


def carriage(*actions: str, tile: str = "front-parlour", hand: list[str] | None = None,
             available: list[str] | None = None, **kw: Any) -> Game:
    tiles = ("carriage-house", *kw.pop("tiles", ()))
    data = ud(tiles=tiles, hand=hand, available=available,
              custom_cards=[*GENTLEMEN, *LADIES], **kw)
    return game(data, "activity", f"host {tile}", *actions)


def test_ud_tile_carriage_house_adds_one_guest_with_the_hall_boy() -> None:
    g = carriage()
    assert "footman" in me(g).servants.available
    verdict = g.check("carriage hall_boy more")  # even with a footman available
    assert verdict.legal
    assert [r.rule for r in verdict.rulings] == ["ud.hall-boy.carriage-house",
                                                 "ud.tile.carriage-house"]
    g.play(["carriage hall_boy more", "invite cavendish-husband", "invite cavendish-heir",
            "invite cavendish-wife"])
    assert len(g.state.turn.guests) == 3 and g.pending()["step"] == "service"


def test_ud_tile_carriage_house_with_a_footman() -> None:
    g = carriage(available=[*BASE_SERVANTS, "footman"])
    verdict = g.check("carriage footman more")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["service.mandatory",
                                                                   "ud.tile.carriage-house"]
    g.play(["carriage footman more", "invite cavendish-husband", "invite cavendish-heir",
            "invite cavendish-daughter", "serve tile footman"])
    g.apply("done")
    assert me(g).servants.expended.count("footman") == 2  # step 8: the Carriage House footman too


def test_ud_tile_carriage_house_with_an_underbutler_removes_one_guest() -> None:
    g = carriage(available=[*BASE_SERVANTS, "underbutler"])
    verdict = g.check("carriage underbutler fewer")
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "service.underbutler", "ruling.underbutler-scope", "ud.tile.carriage-house"]
    g.play(["carriage underbutler fewer", "invite cavendish-husband"])
    assert g.pending()["step"] == "service"  # one guest is now the full party


def test_ud_tile_carriage_house_only_a_footman_hall_boy_or_underbutler() -> None:
    g = carriage()
    refuse(g, "carriage valet more", "ud.tile.carriage-house")
    refuse(g, "carriage head_housemaid more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_needs_the_servant_available() -> None:
    g = carriage(available=BASE_SERVANTS)
    refuse(g, "carriage hall_boy more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_not_when_the_footman_is_needed_for_the_tile() -> None:
    # the Front Parlour's own footman icon would be left without a servant
    g = carriage(available=BASE_SERVANTS)
    refuse(g, "carriage footman more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_once_per_activity() -> None:
    g = carriage("carriage hall_boy more", available=[*BASE_SERVANTS, "hall_boy", "underbutler"])
    refuse(g, "carriage underbutler more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_is_activated_in_step_4() -> None:
    g = carriage("invite cavendish-husband", "invite cavendish-heir", "done")
    assert g.pending()["step"] == "service"
    refuse(g, "carriage hall_boy more", "turn.order-of-play")


def test_ud_tile_carriage_house_never_to_zero() -> None:
    g = carriage(tile="parish-church", tiles=("parish-church",), level=4)  # one gentleman
    refuse(g, "carriage hall_boy fewer", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_not_on_suites() -> None:
    g = carriage(tile="heritage-suite", tiles=("heritage-suite",),
                 hand=[*FAMILY, "standin-casual-19"])
    refuse(g, "carriage hall_boy more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_not_when_only_family_are_required() -> None:
    g = carriage(tile="private-study")  # the Study's one family member
    refuse(g, "carriage hall_boy more", "ud.tile.carriage-house")


def test_ud_tile_carriage_house_added_guests_must_qualify() -> None:
    # the stand-in estate tile asks for two gentlemen; only two are in hand
    g = carriage(tile="standin-estate-pr2", tiles=("standin-estate-pr2",))
    refuse(g, "carriage hall_boy more", "ud.tile.carriage-house")
    g2 = carriage(tile="standin-estate-pr2", tiles=("standin-estate-pr2",),
                  hand=[*FAMILY, "test-gentleman-a"])
    g2.apply("carriage hall_boy more")
    refuse(g2, "invite cavendish-wife", "invite.kind")  # a lady cannot be the third
    g2.play(["invite cavendish-husband", "invite cavendish-heir", "invite test-gentleman-a"])
    assert len(g2.state.turn.guests) == 3


def test_ud_tile_carriage_house_in_a_base_game_takes_no_hall_boy() -> None:
    data = ud(tiles=("carriage-house",), available=[*BASE_SERVANTS, "footman"])
    data["options"]["expansion"] = False
    g = game(data, "activity", "host front-parlour")
    assert g.check("carriage footman more").legal  # a universal tile (ud.universal-tiles)
    data["players"][0]["servants"]["available"].append("hall_boy")
    refuse(game(data, "activity", "host front-parlour"), "carriage hall_boy more",
           "ud.tile.carriage-house")


# ================================================================= Renovated Kitchen: front


def kitchen_front(*actions: str, **kw: Any) -> Game:
    tiles = ("renovated-kitchen", *kw.pop("tiles", ()))
    hand = kw.pop("hand", [*FAMILY, "standin-prestige-12", "standin-prestige-ud-13"])
    return game(ud(tiles=tiles, hand=hand, **kw), "activity", "host renovated-kitchen", *actions)


def test_ud_tile_renovated_kitchen_front_guests_of_any_prestige_rating() -> None:
    g = kitchen_front()  # level 2; both guests are prestige 6
    verdict = g.check("invite standin-prestige-12")
    assert verdict.legal
    assert "ud.tile.renovated-kitchen.front" in [r.rule for r in verdict.rulings]
    g.play(["invite standin-prestige-12", "invite standin-prestige-ud-13"])
    assert g.pending()["step"] == "service"


def test_ud_tile_renovated_kitchen_front_the_cook_one_reputation_and_no_money() -> None:
    g = kitchen_front("invite cavendish-husband", "invite cavendish-daughter", "serve tile cook")
    finish_service(g)
    verdicts = [r["verdict"] for r in step6(g)]
    assert "Renovated Kitchen gives £300." not in verdicts  # +£300 is its cost modifier
    assert "Money: £300 → £500 (+200 this activity)." in verdicts  # the husband's £200 only
    assert "Reputation: the cook +1." in verdicts


def test_ud_tile_renovated_kitchen_front_needs_the_cook() -> None:
    g = game(ud(tiles=("renovated-kitchen",), available=[*BASE_SERVANTS, "hall_boy"]),
             "activity")
    refuse(g, "host renovated-kitchen", "host.servant-available")


def test_ud_tile_renovated_kitchen_front_no_stand_in_for_the_cook() -> None:
    g = kitchen_front("invite cavendish-husband", "invite cavendish-heir",
                      tiles=("housekeepers-room",))
    refuse(g, "serve tile head_housemaid", "service.mandatory")
    refuse(g, "serve tile housekeeper", "service.mandatory")


def test_ud_tile_renovated_kitchen_flips_to_its_permanent_side() -> None:
    g = kitchen_front("invite cavendish-husband", "invite cavendish-heir", "serve tile cook")
    finish_service(g)
    g.apply("done")
    owned = me(g).owned("renovated-kitchen")
    assert owned is not None and owned.flipped
    assert "cleanup.flip-first-use" in rules_of(g)
    assert g.table.has_ability(me(g), "renovated_kitchen_cook")
    face = CATALOG.tiles["renovated-kitchen"].side(True)
    assert not face.playable and face.prestige is None


# ================================================================= Renovated Kitchen: back


def kitchen_back(*actions: str, tile: str = "front-parlour", **kw: Any) -> Game:
    tiles = ("renovated-kitchen", *kw.pop("tiles", ()))
    data = ud(tiles=tiles, flipped=("renovated-kitchen",), custom_cards=[*GENTLEMEN, *LADIES],
              **kw)
    return game(data, "activity", f"host {tile}", *actions)


def test_ud_tile_renovated_kitchen_back_cook_adds_one_guest() -> None:
    g = kitchen_back("place cook tile")
    verdict = g.check("kitchen")
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.tile.renovated-kitchen.back"]
    g.play(["kitchen", "invite cavendish-husband", "invite cavendish-heir",
            "invite cavendish-daughter"])
    assert len(g.state.turn.guests) == 3 and g.pending()["step"] == "service"


def test_ud_tile_renovated_kitchen_back_needs_the_cook_placed_first() -> None:
    g = kitchen_back()
    refuse(g, "kitchen", "ud.tile.renovated-kitchen.back")


def test_ud_tile_renovated_kitchen_back_needs_the_flipped_tile() -> None:
    g = game(ud(tiles=("renovated-kitchen",)), "activity", "host front-parlour",
             "place cook tile")
    refuse(g, "kitchen", "ud.tile.renovated-kitchen.back")


def test_ud_tile_renovated_kitchen_back_one_extra_guest_only() -> None:
    g = kitchen_back("place cook tile", "kitchen")
    refuse(g, "kitchen", "ud.tile.renovated-kitchen.back")


def test_ud_tile_renovated_kitchen_back_stacks_with_the_carriage_house() -> None:
    g = kitchen_back("place cook tile", "kitchen", "carriage hall_boy more",
                     tiles=("carriage-house",))
    g.play(["invite cavendish-husband", "invite cavendish-heir", "invite cavendish-daughter",
            "invite cavendish-wife"])
    assert len(g.state.turn.guests) == 4  # the Front Parlour's two, plus two


def test_ud_tile_renovated_kitchen_back_added_guest_must_qualify() -> None:
    g = kitchen_back("place cook tile", tile="standin-estate-pr2",  # two gentlemen in hand
                     tiles=("standin-estate-pr2",))
    refuse(g, "kitchen", "ud.tile.renovated-kitchen.back")


def test_ud_tile_renovated_kitchen_back_not_on_suites() -> None:
    g = kitchen_back("place cook tile", tile="heritage-suite", tiles=("heritage-suite",),
                     hand=[*FAMILY, "standin-casual-19", "standin-casual-21"])
    refuse(g, "kitchen", "ud.tile.renovated-kitchen.back")


# ================================================================= Housekeeper's Room


@pytest.mark.rule("ud.tile.housekeepers-room")
def test_ud_tile_housekeepers_room_head_housemaid_for_the_housekeeper_on_a_tile() -> None:
    g = game(ud(tiles=("housekeepers-room",)), "activity", "host gazebo",
             "invite cavendish-husband", "invite cavendish-heir")
    assert "housekeeper" in me(g).servants.available
    verdict = g.check("serve tile head_housemaid")  # even with the housekeeper available
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.head-housemaid.housekeepers-room", "ud.standin-no-ability"]
    g.apply("serve tile head_housemaid")
    finish_service(g)
    rules = [r["rule"] for r in step6(g)]
    assert "ud.head-housemaid.screen" not in rules and "favours.invite" in rules  # no screening


def test_ud_tile_housekeepers_room_head_housemaid_for_a_ladys_maid() -> None:
    g = game(ud(tiles=("housekeepers-room",), level=3,
                hand=[*FAMILY, "lady-marianne-turner"]),
             "activity", "host front-parlour", "invite cavendish-husband",
             "invite lady-marianne-turner", "serve tile footman")
    assert "ladys_maid" in me(g).servants.available
    verdict = g.check("serve lady-marianne-turner head_housemaid")
    assert verdict.legal and [r.rule for r in verdict.rulings] == [
        "ud.head-housemaid.housekeepers-room", "ud.standin-no-ability"]
    g.apply("serve lady-marianne-turner head_housemaid")
    finish_service(g)
    assert "duke-of-langford" in me(g).hand  # her blind draw is not screened


@pytest.mark.rule("ud.tile.housekeepers-room")
def test_ud_tile_housekeepers_room_is_a_permanent_service_tile() -> None:
    tile = CATALOG.tiles["housekeepers-room"]
    assert tile.kind == "service" and not tile.front.playable and tile.back is None
    g = game(ud(tiles=("housekeepers-room",)), "activity")
    refuse(g, "host housekeepers-room", "host.not-service-or-monument")


# ================================================================= Parish Church


def church(*actions: str, flipped: bool = True, **kw: Any) -> Game:
    tiles = ("parish-church", *kw.pop("tiles", ()))
    data = ud(tiles=tiles, flipped=("parish-church",) if flipped else (), **kw)
    return game(data, *actions)


def test_ud_tile_parish_church_front_is_an_activity_without_a_servant() -> None:
    g = church("activity", flipped=False, level=4)
    verdict = g.check("host parish-church")
    assert verdict.legal and "host.servant-available" not in [r.rule for r in verdict.rulings]
    g.play(["host parish-church", "invite cavendish-husband"])
    assert g.pending()["step"] == "service"  # nothing to serve; only supplemental service left
    g.apply("done")
    assert [c.deck for c in g.state.turn.choices] == []  # two blind prestige invitations
    assert [r["rule"] for r in step6(g)].count("favours.invite") == 2


def test_ud_tile_parish_church_front_asks_for_one_gentleman() -> None:
    g = church("activity", "host parish-church", flipped=False, level=4)
    refuse(g, "invite cavendish-wife", "invite.kind")


def test_ud_tile_parish_church_then_becomes_a_monument() -> None:
    g = church("activity", "host parish-church", "invite cavendish-husband", "done", "done",
               flipped=False, level=4)
    owned = me(g).owned("parish-church")
    assert owned is not None and owned.flipped
    face = CATALOG.tiles["parish-church"].side(True)
    assert face.category == "monument"  # it counts as a monument
    assert face.ability == "parish_church_monument" and not face.playable


def test_ud_tile_parish_church_monument_is_not_hosted() -> None:
    g = church("activity")
    g.apply("church money")
    refuse(g, "host parish-church", "host.not-service-or-monument")


def test_ud_tile_parish_church_step_2_money() -> None:
    g = church("activity")
    assert g.pending()["step"] == "step2"
    refuse(g, "done", "ruling.parish-church-choice")  # the choice must be made in step 2
    before, rep = me(g).money, me(g).reputation
    g.apply("church money")
    assert entry(g, "church money") == ["ruling.parish-church-choice", "ud.tile.parish-church"]
    assert (me(g).money, me(g).reputation) == (before + 100, rep)
    assert g.pending()["step"] == "host"


def test_ud_tile_parish_church_step_2_reputation() -> None:
    g = church("activity")
    before, rep = me(g).money, me(g).reputation
    g.apply("church reputation")
    assert (me(g).money, me(g).reputation) == (before, rep + 1)


def test_ud_tile_parish_church_replaces_the_usual_monument_reputation() -> None:
    g = church("activity")
    assert "turn.monument-reputation" not in rules_of(g)
    g2 = church("activity", tiles=("trophy-room",))  # with another monument: +1 for it only
    assert "turn.monument-reputation" in rules_of(g2)
    assert g2.pending()["step"] == "step2"


def test_ud_tile_parish_church_choice_only_once_and_only_with_the_church() -> None:
    g = church("activity", "church money", tiles=("servants-hall",))
    assert g.pending()["step"] == "step2"  # the Hall may still be used
    refuse(g, "church reputation", "ud.tile.parish-church")
    g2 = game(ud(), "activity")
    refuse(g2, "church money", "turn.order-of-play")  # step 2 is over: no church to ask


def test_ud_tile_parish_church_choice_is_money_or_reputation() -> None:
    g = church("activity")
    refuse(g, "church vp", "ruling.parish-church-choice")


def test_ud_tile_parish_church_choice_on_a_pass() -> None:
    g = church("pass")
    assert g.pending()["step"] == "step2"
    g.apply("church money")
    assert g.pending()["step"] == "pass-option"


# ================================================================= Babbling Brook


def brook(*actions: str, flipped: bool = False, **kw: Any) -> Game:
    hand = kw.pop("hand", [*(c["id"] for c in GENTLEMEN), *(c["id"] for c in LADIES)])
    data = ud(tiles=("babbling-brook",), flipped=("babbling-brook",) if flipped else (),
              hand=hand, custom_cards=[*GENTLEMEN, *LADIES], level=3, **kw)
    return game(data, "activity", "host babbling-brook", *actions)


def _host_all(g: Game, who: list[dict[str, Any]]) -> None:
    g.play([f"invite {c['id']}" for c in who])
    g.apply("serve tile footman")
    finish_service(g)


@pytest.mark.rule("tile.hybrid", "ud.tile.babbling-brook")
def test_ud_tile_babbling_brook_enters_on_its_sporting_side() -> None:
    tile = CATALOG.tiles["babbling-brook"]
    assert tile.kind == "hybrid"
    assert (tile.front.category, tile.front.guests.kind) == ("sporting", "gentlemen")
    assert (tile.back.category, tile.back.guests.kind) == ("estate", "ladies")


@pytest.mark.rule("ud.tile.babbling-brook")
def test_ud_tile_babbling_brook_flips_every_use_and_changes_column() -> None:
    g = brook()
    refuse(g, "invite test-lady-a", "invite.kind")
    _host_all(g, GENTLEMEN)
    assert "Babbling Brook gives £400." in [r["verdict"] for r in step6(g)]
    g.apply("done")
    owned = me(g).owned("babbling-brook")
    assert owned is not None and owned.flipped
    assert g.table.face(owned).category == "estate"
    assert "cleanup.hybrid-flip" in rules_of(g)
    g2 = brook(flipped=True, discard=["cavendish-husband"])
    _host_all(g2, LADIES)
    g2.apply("reclaim cavendish-husband")
    g2.apply("done")
    owned = me(g2).owned("babbling-brook")
    assert owned is not None and not owned.flipped  # back to the sporting side
    assert g2.table.face(owned).category == "sporting"


@pytest.mark.rule("ud.tile.babbling-brook")
def test_ud_tile_babbling_brook_reclaim_takes_a_card_from_the_discard_pile() -> None:
    g = brook(flipped=True, discard=["cavendish-husband", "cavendish-wife"])
    _host_all(g, LADIES)
    assert g.state.turn.choices[0].kind == "reclaim"
    verdict = g.check("reclaim cavendish-wife")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["favours.reclaim-discard"]
    g.apply("reclaim cavendish-wife")
    assert "cavendish-wife" in me(g).hand and me(g).discard == ["cavendish-husband"]


def test_ud_tile_babbling_brook_reclaim_not_this_activitys_guests() -> None:
    g = brook(flipped=True, discard=["cavendish-husband"])
    _host_all(g, LADIES)
    refuse(g, "reclaim test-lady-a", "favours.reclaim-discard")  # attending: not yet discarded
    refuse(g, "reclaim cavendish-heir", "favours.reclaim-discard")  # in the hand


# ================================================================= Stocked Lake and monuments


@pytest.mark.rule("ud.tile.stocked-lake")
def test_ud_tile_stocked_lake_is_a_prestige_6_sporting_tile() -> None:
    tile = CATALOG.tiles["stocked-lake"]
    assert (tile.front.category, tile.front.prestige) == ("sporting", 6)
    g = game(ud(tiles=("stocked-lake",), level=5), "activity")
    refuse(g, "host stocked-lake", "host.prestige")
    g.apply("place useful_man stocked-lake")  # 6 → 5 for this turn
    assert g.check("host stocked-lake").legal


@pytest.mark.rule("ud.tile.stocked-lake")
def test_ud_tile_stocked_lake_hosted_at_level_6() -> None:
    g = game(ud(tiles=("stocked-lake",), level=6), "activity", "host stocked-lake",
             "invite cavendish-husband", "invite cavendish-wife", "invite cavendish-heir",
             "invite cavendish-daughter", "serve tile footman")
    finish_service(g)
    assert "Stocked Lake gives £600." in [r["verdict"] for r in step6(g)]


@pytest.mark.parametrize("tile_id", ["trophy-room-low-vp", "marble-floor-low-vp",
                                     "manor-gargoyles-low-vp", "sculpture-garden-low-vp"])
def test_ud_monuments_low_vp_are_monuments_worth_less(tile_id: str) -> None:
    tile = CATALOG.tiles[tile_id]
    base = CATALOG.tiles[tile_id.removesuffix("-low-vp")]
    assert tile.kind == "monument" and tile.front.ability == "monument"
    assert tile.front.vp < base.front.vp
    g = game(ud(tiles=(tile_id,)), "activity")
    assert "turn.monument-reputation" in rules_of(g)


def test_ud_hall_boy_on_the_carriage_house_grants_no_money_ability() -> None:
    # the Carriage House footman is not a supplemental servant: no new-servant ability
    g = carriage("carriage hall_boy more", "invite cavendish-husband", "invite cavendish-heir",
                 "invite cavendish-wife", "serve tile footman")
    assert "hall_boy" not in me(g).servants.available
    refuse(g, "place hall_boy cavendish-husband", "ud.supplemental-service")
    assert set(NEW) - {"hall_boy"} <= set(me(g).servants.available)
    assert "place cook tile" in legal(g) and last_rules(g) == ["service.mandatory"]


def test_ud_tile_carriage_house_listing_the_choices_changes_nothing() -> None:
    # checking a Carriage House or supplemental placement must leave the position as it was
    g = carriage(available=[*BASE_SERVANTS, "hall_boy", "underbutler", "cook"])
    before = g.to_scenario()
    assert "carriage hall_boy more" in legal(g)
    assert g.to_scenario() == before
    g.play(["invite cavendish-husband", "invite cavendish-heir"])
    before = g.to_scenario()
    legal(g)
    assert g.to_scenario() == before
