"""Issue 10, the rulings audit: one test per defect found, each named after the rule it checks.

Every test here failed on the engine before the audit's fixes and passes with them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from positions import BASE_SERVANTS, START, dealt_as_in_a_game, game, refuse, rules_of, table
from season_positions import event_round
from ud_positions import STAFF, card, legal, me, step6, ud

from obsession_nb import load_scenario
from obsession_nb.data.catalog import load_catalog
from obsession_nb.data.rules import rule
from obsession_nb.engine.setup.new_game import new_state
from obsession_nb.engine.steps.market import offers
from obsession_nb.engine.steps.seasons import begin_courtship
from obsession_nb.engine.turn.flow import enter_round
from obsession_nb.modes.solo.game import new_solo_game

CATALOG = load_catalog()


def verdicts(g, rule_id: str) -> list[str]:
    return [r["verdict"] for e in g.log for r in e.rulings if r["rule"] == rule_id]


def price_of(g, tile_id: str) -> int:
    return next(o.price for o in offers(g.table) if o.tile == tile_id)


# ----------------------------------------------------------------- 1. Builders' Holiday prices


def test_market_purchases_priced_at_start_of_shopping() -> None:
    data = table(round=event_round("builders_holiday"), me={"money": 3000})
    data["chance"]["next_tiles"] = ["music-room", "gallery", "drawing-room"]
    g = game(data, "pass", "rents")
    start = {o.tile: o.price for o in offers(g.table)}
    money = me(g).money
    for tile in ("fenced-paddock", "riding-stables", "croquet-lawn"):
        g.apply(f"buy {tile}")
    # three purchases at the prices of their spaces when the shopping began: £300, £400, £500
    assert money - me(g).money == start["fenced-paddock"] + start["riding-stables"] + (
        start["croquet-lawn"]) == 300 + 400 + 500
    assert price_of(g, "tennis-court") == start["tennis-court"] == 700
    assert "market.purchases-then-slide" in rules_of(g)
    g.apply("done")  # only now: slide left once, fill the gaps in tile-sorting-number order
    assert [s[0] for s in g.state.supply.market] == [
        "english-garden", "tennis-court", "french-garden", "drawing-room", "music-room", "gallery"]


def test_market_purchases_then_slide_shown_by_obsession_nb_play() -> None:
    """`obsession-nb play` of the packaged holiday position: three prices, each the price of its
    space when the shopping began plus the tile's modifier."""
    out = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "play",
                          "builders-holiday-three-purchases", "--json"],
                         capture_output=True, text=True, check=True)
    log = json.loads(out.stdout)["log"]
    priced = [re.fullmatch(r"(.+) in the £(\d+) space costs £(\d+) \(base price £(\d+) and "
                           r"modifier ([+-]\d+)\)\.", r["verdict"])
              for e in log for r in e["rulings"] if r["rule"] == "market.price"]
    assert [(m.group(1), int(m.group(2))) for m in priced] == [
        ("Croquet Lawn", 300), ("Morning Room", 500), ("Music Room", 700)]
    for m in priced:
        tile = next(t for t in CATALOG.tiles.values() if t.name == m.group(1))
        assert int(m.group(3)) == int(m.group(2)) + tile.cost_modifier == int(m.group(4)) + int(
            m.group(5))
    g = load_scenario("builders-holiday-three-purchases")
    assert g.state.players[0].money == 1400 + 200 - (300 + 400 + 800)
    assert [s[0] for s in g.state.supply.market] == [
        "tennis-court", "dining-room", "billiards-room", "drawing-room", "french-garden",
        "hillside-kennels"]


# ----------------------------------------------------------------- 2. no dead-end decisions


def test_favours_reclaim_discard_with_an_empty_discard_pile_takes_nothing() -> None:
    ladies = [card(f"test-lady-{i}", gender="female", prestige=1, service=[], deck="casual",
                   favours=[]) for i in (1, 2, 3, 4)]
    hand = [c["id"] for c in ladies]
    data = ud(tiles=("babbling-brook",), flipped=("babbling-brook",), level=3, hand=hand,
              custom_cards=ladies)
    g = game(data, "activity", "host babbling-brook", *(f"invite {c}" for c in hand),
             "serve tile footman")
    if g.state.turn.step == "service":
        g.apply("done")
    assert me(g).discard == []
    assert g.state.turn.step == "buy" and "done" in legal(g)
    assert any("discard pile is empty" in r["verdict"] for r in step6(g))


# ----------------------------------------------------------------- 3. the courtship log


def test_ruling_monuments_in_courtship_log_says_what_the_total_counts() -> None:
    organiser = [{"tile": t} for t in START] + [{"tile": "trophy-room"}]
    g = game(table(round=8, themes=["theme-sporting", "theme-sporting"],
                   me={"organiser": organiser}))
    g.table.automatic = []
    begin_courtship(g.table)
    said = [r.verdict for _label, rs in g.table.automatic for r in rs
            if r.rule == "ruling.monuments-in-courtship"]
    assert said and "Trophy Room" in said[0] and "sporting" in said[0]
    assert not any("add nothing" in v for v in said)


# ----------------------------------------------------------------- 4. reconstructed event rounds


def test_ruling_unstated_event_rounds_marked_reconstructed_in_the_log() -> None:
    draw = event_round("objective_draw")  # no source gives this round on the standard track
    g = game(table(round=draw - 1, me={"turns_taken": 5}, other={"turns_taken": 5}))
    g.state.first_player = 0
    g.table.automatic = []
    g.state.round = draw
    enter_round(g.table)
    said = [r for _l, rs in g.table.automatic for r in rs]
    assert any("reconstructed" in r.verdict for r in said if r.rule.startswith("round-track."))
    assert "ruling.unstated-event-rounds" in [r.rule for r in said]
    g.apply("activity")
    assert "ruling.unstated-event-rounds" in rules_of(g)
    fair = game(table(round=event_round("village_fair")), "activity")  # round 3 is stated
    assert "ruling.unstated-event-rounds" not in rules_of(fair)


def test_ruling_unstated_event_rounds_describes_the_track_data() -> None:
    summary = rule("ruling.unstated-event-rounds").summary
    for track in ("standard", "extended"):
        for space in CATALOG.round_tracks[track].rounds:
            for event in space.events:
                if not event.verified:
                    assert f"{space.round}" in summary, (track, space.round, event.kind)
    assert "must be copied" not in summary


# ----------------------------------------------------------------- 5. the Renovated Kitchen


def test_ruling_renovated_kitchen_300_is_a_cost_modifier() -> None:
    market = [["renovated-kitchen"], ["riding-stables"], ["croquet-lawn"], ["english-garden"],
              ["tennis-court"], ["french-garden"]]
    g = game(ud(money=1000, supply={"market": market}), "pass", "rents")
    assert price_of(g, "renovated-kitchen") == 300 + 300
    assert "ruling.renovated-kitchen-300" in [r.rule for r in g.check(
        "buy renovated-kitchen").rulings]
    hosted = game(ud(tiles=("renovated-kitchen",), hand=["cavendish-heir", "cavendish-daughter"]),
                  "activity", "host renovated-kitchen", "invite cavendish-heir",
                  "invite cavendish-daughter", "serve tile cook")
    if hosted.state.turn.step == "service":
        hosted.apply("done")
    assert "ruling.renovated-kitchen-300" in [r["rule"] for r in step6(hosted)]
    assert me(hosted).money == 300 + 100  # the heir's £100; the tile itself pays nothing


# ----------------------------------------------------------------- 6. the base-game pass


def test_ruling_base_pass_order_rotates_service_before_step_2() -> None:
    data = table(me={"organiser": [{"tile": t} for t in [*START, "servants-hall"]],
                     "servants": {"available": ["butler", "housekeeper"],
                                  "quarters": ["footman"], "expended": ["valet"]}})
    passed = game(data, "pass")
    assert "hall footman p2" in legal(passed)  # rotation brought the footman back first
    hosted_then_passed = game(data, "activity", "pass")
    assert sorted(legal(passed)) == sorted(legal(hosted_then_passed))
    assert passed.state.players[0].servants == hosted_then_passed.state.players[0].servants


# ----------------------------------------------------------------- 7. the box's tiles


def test_ruling_universal_tiles_with_the_box_at_five_and_six_players() -> None:
    for players in (5, 6):
        state, rulings = new_state(players, seed=1, options=_base())
        bag = state.supply.bag + [t for s in state.supply.market for t in s]
        for tile in ("carriage-house", "stocked-lake", "parish-church", "babbling-brook"):
            assert tile in bag, (players, tile)
        assert bag.count("carriage-house") == 2
        assert bag.count("gallery") == 2  # the second prestige-5 set (setup.pr5-tiles)
        assert "renovated-kitchen" not in bag and "housekeepers-room" not in bag
        assert "setup.pr5-tiles" in [r.rule for r in rulings]
    state, _ = new_state(4, seed=1, options=_base())
    bag = state.supply.bag + [t for s in state.supply.market for t in s]
    assert "carriage-house" not in bag and bag.count("gallery") == 1


@pytest.mark.rule("ud.universal-tiles")
def test_ruling_universal_tiles_carriage_house_works_without_the_expansion() -> None:
    organiser = [{"tile": t} for t in [*START, "carriage-house"]]
    g = game(table(me={"organiser": organiser,
                       "servants": {"available": [*BASE_SERVANTS, "footman"]}}),
             "activity", "host front-parlour")
    assert {"carriage footman more", "carriage footman fewer"} <= set(legal(g))
    g.apply("carriage footman fewer")
    g.apply("invite cavendish-husband")
    assert g.state.turn.step == "service"  # one guest is now the whole party


def _base():
    from obsession_nb.engine.records.options import Options

    return Options(expansion=False)


# ----------------------------------------------------------------- 8. who staffs the hiring


def test_ud_pass_hire_the_player_chooses_the_butler_or_an_underbutler() -> None:
    g = game(ud(available=[*STAFF, "underbutler"]), "pass")
    assert {"hire-servants", "hire-servants underbutler"} <= set(legal(g))
    g.apply("hire-servants underbutler")
    assert [p.servant for p in g.state.turn.placements] == ["underbutler"]
    assert "butler" in me(g).servants.available


# ----------------------------------------------------------------- 9. which servant is recruited


def test_host_recruit_any_box_the_recruiter_chooses() -> None:
    other = {"servants": {"available": [*BASE_SERVANTS], "expended": ["footman"]}}
    data = ud(tiles=("butlers-room",), flipped=("butlers-room",))
    data["players"][1].update(other)
    g = game(data, "pass", "hire-servants")
    assert {"recruit p2 footman available", "recruit p2 footman expended"} <= set(legal(g))
    refuse(g, "recruit p2 footman", "host.recruit-any-box")
    g.apply("recruit p2 footman available")
    bob = g.state.players[1].servants
    assert bob.available.count("footman") == 0 and bob.expended == ["footman"]


# ----------------------------------------------------------------- 10. VP-card reveals


def test_ruling_vp_card_reveal_timing_any_point_of_the_own_turn() -> None:
    g = game(table(me={"vp_cards": ["vp-money", "vp-reputation"]}), "activity")
    assert g.state.turn.step == "host"
    assert "reveal vp-money" in legal(g)
    g.apply("reveal vp-money")
    assert me(g).money == 600 and "ruling.vp-card-reveal-timing" in rules_of(g)
    g.apply("host gazebo")
    assert g.check("reveal vp-reputation").legal  # in step 4 as well


# ----------------------------------------------------------------- 11. the useful man's search


def test_ud_useful_man_search_with_gaps_enters_the_800_space() -> None:
    data = ud(money=3000, round=event_round("builders_holiday"))
    g = game(data, "pass", "rents", "buy fenced-paddock", "buy riding-stables",
             "useful-man-search gallery")
    market = g.state.supply.market
    assert market[5] == ["gallery"] and price_of(g, "gallery") == 800 + 100
    assert "fenced-paddock" not in g.state.supply.bag  # the £300 space was empty: nothing back
    said = verdicts(g, "ruling.useful-man-search-placement")
    assert said and "£800 space" in said[-1]
    g.apply("done")
    assert all(market for market in g.state.supply.market)


# ----------------------------------------------------------------- 12. dismissing a Fairchild


def test_ruling_fairchild_dismissal_returns_the_card_beside_the_track() -> None:
    data = table(me={"hand": ["cavendish-husband", "charles-fairchild"]},
                 supply={"fairchilds": ["elizabeth-fairchild"]},
                 turn={"player": 0, "step": "favours",
                       "choices": [{"kind": "dismiss", "source": "tile", "count": 1}]})
    g = game(data)
    verdict = g.check("dismiss charles-fairchild")
    assert verdict.legal and "ruling.fairchild-dismissal" in [r.rule for r in verdict.rulings]
    refusal = refuse(g, "dismiss cavendish-husband", "favours.dismiss")
    assert "family card" in str(refusal) and "non-family" not in str(refusal)
    g.apply("dismiss charles-fairchild")
    assert g.state.supply.fairchilds == ["charles-fairchild", "elizabeth-fairchild"]
    assert "charles-fairchild" not in me(g).hand


# ----------------------------------------------------------------- 13. the step-2 summary


def test_turn_round_track_event_step_2_summary_names_the_fair_and_the_hall() -> None:
    organiser = [{"tile": t} for t in [*START, "servants-hall"]]
    g = game(table(round=event_round("village_fair"), me={"organiser": organiser}), "activity")
    step2 = [r["verdict"] for e in g.log if e.action == "(step 2: round track and monuments)"
             for r in e.rulings]
    assert not any("No round-track event" in v for v in step2)
    assert any("Village Fair" in v for v in step2) and any("Servants' Hall" in v for v in step2)


# ----------------------------------------------------------------- 14. the expansion's deck


def test_ruling_objective_deck_composition_33_cards_with_the_expansion() -> None:
    state, _ = new_state(3, seed=2, draft=False)
    held = [o for p in state.players for o in p.objectives] + state.supply.objective_deck
    assert len(held) == len(set(held)) == 33
    assert sum(CATALOG.objectives[o].expansion == "upstairs_downstairs" for o in held) == 7
    left_out = {o for o in CATALOG.objectives if CATALOG.objectives[o].expansion == "base"} - set(
        held)
    assert len(left_out) == 4
    assert all(o in rule("ruling.objective-deck-composition").summary for o in left_out)
    base, _ = new_state(3, seed=2, options=_base())
    assert len([*base.supply.objective_deck, *(o for p in base.players
                                               for o in p.objectives)]) == 30


# ----------------------------------------------------------------- 15. wording and noise


def test_event_objective_draw_with_an_empty_deck_draws_nothing() -> None:
    g = game(table(round=event_round("objective_draw"), supply={"objective_deck": []}),
             "activity")
    said = verdicts(g, "event.objective-draw")
    assert said and "draws nothing" in said[0] and "keeps both" not in said[0]


def test_ud_useful_man_prestige_not_offered_on_a_pass() -> None:
    g = game(ud(tiles=("servants-hall",)), "pass")
    assert g.state.turn.step == "step2"
    assert not [a for a in legal(g) if a.startswith("place useful_man") and a != (
        "place useful_man study")]
    refuse(g, "place useful_man front-parlour", "ud.useful-man.prestige")


def test_option_market_reserve_line_once_in_the_solo_challenge() -> None:
    g = new_solo_game(3, family="asquith", servant="valet")
    g.table.automatic = []
    g.state.round = 4
    enter_round(g.table)
    said = [r.verdict for _l, rs in g.table.automatic for r in rs
            if r.rule == "option.market-reserve"]
    assert len(said) == len(set(said))


def test_invite_active_hand_only_says_where_the_card_is() -> None:
    g = game(table(), "activity", "host gazebo")
    verdict = refuse(g, "invite lady-suffolk", "invite.active-hand-only")
    text = str(verdict)
    assert "elsewhere" not in text and "in the prestige deck" in text


def test_ruling_servants_hall_target_floor_says_the_target_loses_nothing() -> None:
    organiser = [{"tile": t} for t in [*START, "servants-hall"]]
    g = game(table(me={"organiser": organiser},
                   other={"reputation": {"level": 1, "position": 1}}), "activity",
             "hall footman p2")
    assert not any("+0" in v for e in g.log for r in e.rulings for v in [r["verdict"]])
    assert verdicts(g, "ruling.servants-hall-target-floor")
    assert g.state.players[0].reputation == 6  # level 2 position 1, plus one


def test_ruling_net_reputation_cited_when_favours_are_summed() -> None:
    g = game(table(me={"organiser": [{"tile": t} for t in [*START, "barn"]]}),
             "activity", "host gazebo", "invite cavendish-heir", "invite cavendish-husband",
             "serve tile housekeeper")
    said = [r["verdict"] for r in step6(g) if r["rule"] == "ruling.net-reputation"]
    assert said and "+2" in said[0]  # the heir's +1 and the Barn's +1, applied once


def test_scenario_validation_reports_a_decision_without_legal_actions(tmp_path) -> None:
    """`obsession-nb validate` refuses a file whose pending decision is a dead end."""
    import yaml

    data = table(expansion=True, turn={"player": 0, "step": "favours", "tile": "gazebo",
                                       "choices": [{"kind": "reclaim", "source": "tile"}]})
    dealt_as_in_a_game(data)
    path = tmp_path / "dead-end.yaml"
    path.write_text(yaml.safe_dump({"format": "obsession-nb/scenario@1", **data}),
                    encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "validate", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 1 and ("turn.step: nothing answers step 6 (enjoy favours) for Ann "
                                    "but special actions") in out.stderr, out.stderr
    good = subprocess.run([sys.executable, "-m", "obsession_nb.cli", "validate",
                           "builders-holiday-three-purchases"], capture_output=True, text=True)
    assert good.returncode == 0, good.stderr
