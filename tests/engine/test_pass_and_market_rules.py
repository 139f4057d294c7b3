"""Rules of the index the engine applies without a ruling of their own, checked through what
they do: a pass still plays step 2 (pass.step-two), the six prices of the market
(market.space-prices) and the market refresh on one's own turn only (market.refresh-etiquette)."""

from __future__ import annotations

import re

import pytest
from positions import game, rules_of, table

FAIR_ROUND = 3  # the standard track's first Village Fair (round-track.standard-events)
ORGANISER = [{"tile": "private-study", "flipped": True}, {"tile": "butlers-room"},
             {"tile": "sculpture-garden"}, {"tile": "trophy-room"}]


@pytest.mark.rule("pass.step-two")
@pytest.mark.parametrize("expansion", [False, True], ids=["base", "expansion"])
def test_pass_step_two_the_fair_and_the_monuments_pay_on_a_pass(expansion: bool) -> None:
    """A pass on a Village Fair round: the flipped Private Study still earns the fair's £300
    and two reputation, and each of the two monuments one reputation."""
    data = table(expansion=expansion, round=FAIR_ROUND, me={"organiser": ORGANISER})
    g = game(data, "pass")
    me = g.view()["players"][0]
    assert me["money"] == 300 + 300
    assert me["reputation"] == {"level": 2, "position": 1 + 2 + 2}
    assert {"event.village-fair", "turn.monument-reputation"} <= set(rules_of(g))
    assert rules_of(g).count("turn.monument-reputation") == 1  # one ruling for both


@pytest.mark.rule("market.space-prices")
def test_market_space_prices_run_from_300_to_800_left_to_right() -> None:
    """Each of the six market spaces, left to right, costs £300 to £800 plus its tile's
    modifier, as the purchase's ruling says."""
    g = game(table(me={"money": 2000}), "activity", "host bowling-green",
             "invite cavendish-husband", "invite cavendish-heir", "serve tile footman")
    prices = []
    for space, stack in enumerate(g.state.supply.market):
        tile = stack[0]
        verdict = g.check(f"buy {tile}")
        assert verdict.legal, verdict
        said = re.search(r"£(\d+) space costs £(\d+)", verdict.rulings[0].verdict)
        assert said, verdict.rulings[0].verdict
        prices.append(int(said[1]))
        assert int(said[2]) == int(said[1]) + g.table.tile(tile).cost_modifier, space
    assert prices == [300, 400, 500, 600, 700, 800]


@pytest.mark.rule("market.refresh-etiquette", "turn.special-actions-any-time")
def test_market_refresh_etiquette_only_the_player_whose_turn_it_is_refreshes() -> None:
    """The part of the etiquette the engine enforces: a refresh is paid for by the player
    whose turn it is; once Ann's turn is over, a refresh is Bob's and costs Ann nothing."""
    data = table(me={"reputation": {"level": 3, "position": 1}},
                 other={"reputation": {"level": 3, "position": 1}})
    g = game(data, "activity", "host bowling-green", "invite cavendish-husband",
             "invite cavendish-heir", "serve tile footman", "done")
    assert g.pending()["player"] == 1
    before = [p["reputation"] for p in g.view()["players"]]
    g.apply("refresh-market")
    ann, bob = (p["reputation"] for p in g.view()["players"])
    assert ann == before[0] and bob != before[1]
    assert "special.market-refresh" in rules_of(g)
