"""The expansion's pass and hiring rule and the servant limits (UD p.9): refresh and reclaim first,
then step 2, then £200 / hire / free market refresh, then shop; hiring with the Butler's Room and
the butler or an underbutler; recruiting on its flipped side; one of each new servant per player;
the base game's pass without the expansion.
"""

from __future__ import annotations

from typing import Any

import pytest
from positions import BASE_SERVANTS, START, game, refuse, rules_of, table

from obsession_nb import Game
from obsession_nb.engine.records.state import Player

NEW = ["cook", "hall_boy", "head_housemaid", "useful_man"]


def position(*, expansion: bool = True, available: list[str] | None = None,
             tiles: tuple[str, ...] = (), flipped: tuple[str, ...] = (),
             other: dict[str, Any] | None = None, supply: dict[str, Any] | None = None,
             **me: Any) -> dict[str, Any]:
    """Ann (Cavendish) to play in round 6; ``me`` updates her record."""
    servants = {"available": list(BASE_SERVANTS if available is None else available)}
    for zone in ("quarters", "expended"):
        if zone in me:
            servants[zone] = me.pop(zone)
    organiser = [{"tile": t, "flipped": t in flipped} for t in START]
    organiser += [{"tile": t, "flipped": t in flipped} for t in tiles]
    data = table(expansion=expansion, other=other, supply=supply,
                 me={"servants": servants, "organiser": organiser, **me})
    return data


def me(g: Game) -> Player:
    return g.state.players[0]


def legal(g: Game) -> list[str]:
    return [a.notation for a in g.legal_actions()]


def entry(g: Game, action: str) -> list[str]:
    return [r["rule"] for e in g.log if e.action == action for r in e.rulings]


def hiring(data: dict[str, Any] | None = None) -> Game:
    """Ann passes and chooses to hire."""
    return game(data or position(), "pass", "hire-servants")


# ================================================================= the order of the UD pass


@pytest.mark.rule("pass.step-two", "ud.servants-hall.changes")
def test_ud_pass_refreshes_service_and_reclaims_the_deck_before_step_2() -> None:
    data = position(available=[], quarters=["valet", "footman"],
                    expended=["butler", "housekeeper", "ladys_maid"], tiles=("servants-hall",),
                    hand=["cavendish-husband"],
                    discard=["cavendish-wife", "cavendish-heir", "cavendish-daughter"])
    g = game(data, "pass")
    assert entry(g, "pass")[:2] == ["ud.pass", "pass.base"]
    assert sorted(me(g).servants.available) == sorted(BASE_SERVANTS)
    assert me(g).servants.quarters == [] and me(g).servants.expended == []
    assert len(me(g).hand) == 4 and me(g).discard == []
    # step 2 comes after: the Servants' Hall can already use the refreshed butler
    assert g.pending()["step"] == "step2"
    assert "hall butler p2" in legal(g)


@pytest.mark.rule("pass.step-two")
def test_ud_pass_step_2_then_the_three_options() -> None:
    g = game(position(), "pass")
    assert g.pending()["step"] == "pass-option"
    options = {a for a in legal(g) if a in ("rents", "free-refresh", "hire-servants")}
    assert options == {"rents", "free-refresh", "hire-servants"}
    assert rules_of(g).index("ud.pass") < rules_of(g).index("turn.round-track-event")


def test_ud_pass_rents_then_shop() -> None:
    g = game(position(), "pass", "rents")
    assert me(g).money == 500
    assert g.pending()["step"] == "buy"
    g.apply("buy riding-stables")
    assert me(g).money == 100


def test_ud_pass_free_refresh_then_shop() -> None:
    g = game(position(), "pass")
    before = [s[0] for s in g.state.supply.market]
    g.apply("free-refresh")
    assert [s[0] for s in g.state.supply.market] != before
    assert g.pending()["step"] == "buy"
    # the free refresh is not the once-per-turn paid one (ruling.pass-refresh-not-special)
    assert "ruling.pass-refresh-not-special" in entry(g, "free-refresh")
    assert not g.state.turn.market_refreshed


def test_ud_pass_servants_used_on_a_pass_go_to_expended_service() -> None:
    g = game(position(tiles=("servants-hall",)), "pass", "hall footman p2", "rents", "done")
    assert me(g).servants.expended == ["footman"]


# ================================================================= hiring on a pass


@pytest.mark.rule("host.hired-servants-expended")
def test_ud_pass_hire_two_from_the_supply_into_expended_with_the_butler() -> None:
    g = hiring()
    assert entry(g, "hire-servants") == ["ud.pass.butler-available", "ud.pass.hire"]
    assert g.pending()["step"] == "favours"
    g.apply("hire valet")
    g.apply("hire cook")
    assert g.pending()["step"] == "buy"  # then shop
    supply = g.state.supply.servants_for_hire
    assert (supply["valet"], supply["cook"]) == (1, 1)
    g.apply("done")
    assert sorted(me(g).servants.expended) == ["butler", "cook", "valet"]
    assert "butler" not in me(g).servants.available
    room = me(g).owned("butlers-room")
    assert room is not None and room.flipped  # the next hire may recruit instead


def test_ud_pass_hire_the_butler_is_always_available() -> None:
    data = position(available=["housekeeper", "valet", "ladys_maid", "footman"],
                    expended=["butler"])
    g = hiring(data)
    assert g.state.turn.placements[0].servant == "butler"


def test_ud_pass_hire_with_the_underbutler() -> None:
    # the butler gossips on the Servants' Hall in step 2; the underbutler hires instead
    data = position(available=[*BASE_SERVANTS, "underbutler"], tiles=("servants-hall",))
    g = game(data, "pass", "hall butler p2")
    refuse(g, "hire-servants", "ud.pass.hire")  # the butler is on the Hall: name the underbutler
    g.apply("hire-servants underbutler")
    assert [p.servant for p in g.state.turn.placements] == ["butler", "underbutler"]


def test_ud_pass_hire_needs_the_butler_or_an_underbutler() -> None:
    g = game(position(tiles=("servants-hall",)), "pass", "hall butler p2")
    refuse(g, "hire-servants", "ud.pass.hire")
    assert g.check("rents").legal


def test_ud_pass_hire_needs_the_butlers_room() -> None:
    data = position()
    data["players"][0]["organiser"] = [{"tile": t} for t in START if t != "butlers-room"]
    g = game(data, "pass")
    refuse(g, "hire-servants", "ud.pass.hire")


def test_ud_pass_hire_may_stop_after_one() -> None:
    g = hiring()
    g.apply("hire footman")
    g.apply("done")
    assert entry(g, "done") == ["host.butlers-room"]
    assert g.pending()["step"] == "buy"


def test_ud_pass_hire_then_no_rents() -> None:
    g = hiring()
    g.play(["hire valet", "hire footman"])
    assert me(g).money == 300
    refuse(g, "rents", "ud.pass")  # the pass already took its option


# ================================================================= servant limits


@pytest.mark.parametrize("kind", NEW)
def test_ud_servant_limit_one_of_each_new_servant(kind: str) -> None:
    g = hiring(position(available=[*BASE_SERVANTS, kind]))
    refuse(g, f"hire {kind}", "ud.servant-limit")


@pytest.mark.parametrize("kind", NEW)
def test_ud_servant_limit_counts_every_zone(kind: str) -> None:
    g = hiring(position(expended=[kind]))  # refreshed by the pass, but still hers
    refuse(g, f"hire {kind}", "ud.servant-limit")


@pytest.mark.parametrize("kind", NEW)
def test_ud_servant_limit_not_two_in_one_hire(kind: str) -> None:
    g = hiring()
    g.apply(f"hire {kind}")
    refuse(g, f"hire {kind}", "ud.servant-limit")


def test_ud_servant_limit_none_for_valets_ladys_maids_footmen() -> None:
    g = hiring(position(available=[*BASE_SERVANTS, "footman", "valet"]))
    g.apply("hire footman")
    g.apply("hire footman")
    assert me(g).servants.all().count("footman") == 4
    g2 = hiring()
    g2.play(["hire ladys_maid", "hire ladys_maid"])
    assert me(g2).servants.all().count("ladys_maid") == 3


@pytest.mark.parametrize("kind", ["butler", "housekeeper", "underbutler"])
def test_ud_hire_never_butler_housekeeper_or_underbutler(kind: str) -> None:
    g = hiring()
    refuse(g, f"hire {kind}", "host.butlers-room")


def test_ud_useful_man_no_replacement_after_removal() -> None:
    g = game(position(available=[*BASE_SERVANTS, "useful_man"]), "pass", "useful-man-refresh",
             "hire-servants")
    assert me(g).removed == ["useful_man"]
    refuse(g, "hire useful_man", "ud.useful-man.no-replacement")
    assert g.check("hire cook").legal


def test_ud_useful_man_no_replacement_on_later_turns() -> None:
    g = hiring(position(removed=["useful_man"]))
    refuse(g, "hire useful_man", "ud.useful-man.no-replacement")


def test_ud_hire_supply_running_short() -> None:
    supply = {"servants_for_hire": {"underbutler": 2, "valet": 1, "cook": 0, "hall_boy": 1}}
    g = hiring(position(supply=supply))
    refuse(g, "hire cook", "host.butlers-room-supply-short")
    refuse(g, "hire footman", "host.butlers-room-supply-short")
    g.apply("hire valet")
    refuse(g, "hire valet", "host.butlers-room-supply-short")
    assert [a for a in legal(g) if a.startswith("hire ")] == ["hire hall_boy"]


def test_ud_hire_supply_empty_only_done() -> None:
    g = hiring(position(supply={"servants_for_hire": {"underbutler": 2}}))
    assert [a for a in legal(g) if a.startswith(("hire ", "recruit "))] == []
    g.apply("done")
    assert g.pending()["step"] == "buy"


# ================================================================= recruiting (flipped Butler's Room)


def _recruiting(other: dict[str, Any] | None = None) -> Game:
    return hiring(position(flipped=("butlers-room",), other=other))


@pytest.mark.rule("host.hired-servants-expended")
@pytest.mark.parametrize("kind", ["valet", "ladys_maid", "footman"])
def test_ud_recruit_a_valet_ladys_maid_or_footman_from_another_player(kind: str) -> None:
    g = _recruiting(other={"servants": {"available": BASE_SERVANTS,
                                        "expended": [kind]}})
    refuse(g, f"recruit p2 {kind}", "host.recruit-any-box")  # in two boxes: the recruiter names one
    verdict = g.check(f"recruit p2 {kind} expended")
    assert verdict.legal and [r.rule for r in verdict.rulings] == ["ud.pass.recruit",
                                                                   "host.recruit-any-box"]
    g.apply(f"recruit p2 {kind} expended")
    bob = g.state.players[1]
    assert bob.servants.expended == []  # taken from the box the recruiter named
    assert bob.servants.available.count(kind) == 1
    assert g.pending()["step"] == "buy"  # one recruit replaces the whole hire
    g.apply("done")
    assert sorted(me(g).servants.expended) == sorted(["butler", kind])


def test_host_recruit_any_box_every_legal_recruit_is_listed_once() -> None:
    """The box is named only when the other player has the servant in more than one, so that
    each legal recruit is one listed notation (issue 26: a box-less recruit was applied but not
    listed)."""
    g = _recruiting(other={"servants": {"available": BASE_SERVANTS, "expended": ["footman"]}})
    listed = [x for x in legal(g) if x.startswith("recruit ")]
    assert "recruit p2 valet" in listed and "recruit p2 valet available" not in listed
    assert {"recruit p2 footman available", "recruit p2 footman expended"} <= set(listed)
    assert all(g.check(x).legal for x in listed)
    refuse(g, "recruit p2 valet available", "host.recruit-any-box")


@pytest.mark.parametrize("kind", NEW)
def test_ud_recruit_never_a_new_servant(kind: str) -> None:
    g = _recruiting(other={"servants": {"available": [*BASE_SERVANTS, kind]}})
    refuse(g, f"recruit p2 {kind}", "ud.pass.recruit")


@pytest.mark.parametrize("kind", ["butler", "housekeeper", "underbutler"])
def test_ud_recruit_never_butler_housekeeper_or_underbutler(kind: str) -> None:
    g = _recruiting(other={"servants": {"available": [*BASE_SERVANTS, "underbutler"]}})
    refuse(g, f"recruit p2 {kind}", "ud.pass.recruit")


def test_ud_recruit_only_on_the_flipped_butlers_room() -> None:
    g = hiring()
    refuse(g, "recruit p2 footman", "host.butlers-room-recruit")


def test_ud_recruit_or_hire_not_both() -> None:
    g = _recruiting()
    g.apply("hire valet")
    refuse(g, "recruit p2 footman", "host.butlers-room-recruit")


def test_ud_recruit_from_another_player_only() -> None:
    g = _recruiting()
    refuse(g, "recruit p1 footman", "ud.pass.recruit")
    g2 = _recruiting(other={"servants": {"available": ["butler", "housekeeper", "valet"]}})
    refuse(g2, "recruit p2 footman", "ud.pass.recruit")  # Bob has none


# ================================================================= hiring on a normal turn


@pytest.mark.rule("ud.hiring-without-passing")
def test_ud_hiring_on_a_normal_turn_is_allowed_and_ruled() -> None:
    g = game(position(), "activity")
    verdict = g.check("host butlers-room")
    assert verdict.legal
    assert "ruling.hiring-normal-turn" in [r.rule for r in verdict.rulings]
    g.play(["host butlers-room", "serve tile butler", "hire valet", "hire hall_boy", "done"])
    assert sorted(me(g).servants.expended) == ["butler", "hall_boy", "valet"]
    # no refresh and no reclaim as a pass would have given


def test_ud_hiring_on_a_normal_turn_keeps_the_servant_limit() -> None:
    g = game(position(available=[*BASE_SERVANTS, "cook"]), "activity", "host butlers-room",
             "serve tile butler")
    refuse(g, "hire cook", "ud.servant-limit")


def test_ud_hiring_on_a_normal_turn_takes_no_supplemental_servant() -> None:
    g = game(position(available=[*BASE_SERVANTS, *NEW]), "activity", "host butlers-room")
    refuse(g, "place cook tile", "ruling.supplemental-not-on-hiring")
    refuse(g, "place head_housemaid tile", "ruling.supplemental-not-on-hiring")
    refuse(g, "serve tile hall_boy", "ud.hall-boy.butler")  # a tile, not a gentry card


# ================================================================= the base game without the expansion


def test_base_pass_offers_only_rents_or_refresh() -> None:
    g = game(position(expansion=False), "pass")
    assert g.pending()["step"] == "pass-option"
    assert {a for a in legal(g) if a in ("rents", "free-refresh", "hire-servants")} == {
        "rents", "free-refresh"}
    refuse(g, "hire-servants", "pass.base")


@pytest.mark.rule("pass.step-two")
def test_base_pass_order_step_2_before_the_refresh() -> None:
    data = position(expansion=False, available=["housekeeper"],
                    expended=["butler", "valet", "ladys_maid", "footman"],
                    tiles=("servants-hall",))
    g = game(data, "pass")
    assert entry(g, "pass") == ["ruling.base-pass-order"]
    assert g.pending()["step"] == "step2"
    # step 2 comes first: only the servant already available can gossip
    assert [a for a in legal(g) if a.startswith("hall ")] == ["hall housekeeper p2"]
    g.apply("done")
    assert "pass.base" in entry(g, "(pass: refresh and reclaim)")
    assert sorted(me(g).servants.available) == sorted(BASE_SERVANTS)


def test_base_game_may_adopt_the_hiring_pass() -> None:
    data = position(expansion=False)
    data["options"]["pass_hire"] = True
    g = game(data, "pass")
    assert "hire-servants" in legal(g)


def test_base_hiring_on_a_normal_turn_is_the_plain_butlers_room() -> None:
    g = game(position(expansion=False), "activity")
    rules = [r.rule for r in g.check("host butlers-room").rulings]
    assert "host.butlers-room" in rules and "ruling.hiring-normal-turn" not in rules
