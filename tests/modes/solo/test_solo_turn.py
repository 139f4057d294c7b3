"""The solo turn (UD p.14): step 7's buying rules (any tile, several tiles, prices, the holiday
discount, the tableau size and discarding to make room, monuments' columns), the Grand Ball,
and the base solo exceptions (Butler's Room, Servants' Hall, gossip)."""

from __future__ import annotations

import pytest
from positions import GOSSIP_TURN

from obsession_nb.modes.solo.game import solo_position
from obsession_nb.modes.solo.market import STACKS
from obsession_nb.modes.solo.tableau import column_tiles

START = ["bowling-green", "butlers-room", "front-parlour", "gazebo", "private-study"]
FLIPPED = [(t, True) for t in START]


def rules_of(game) -> list[str]:
    return [r["rule"] for e in game.log for r in e.rulings]


def refused(game, action: str, rule: str) -> None:
    before = game.state.model_copy(deep=True)
    verdict = game.check(action)
    assert not verdict.legal, f"{action} should be refused"
    assert rule in [r.rule for r in verdict.rulings], [str(r) for r in verdict.rulings]
    with pytest.raises(ValueError):
        game.apply(action)
    assert game.state == before


# ----------------------------------------------------------------- buying


def test_solo_buying_any_tile_of_any_stack_at_space_price_plus_modifier() -> None:
    game = solo_position(1, round=3, step="buy", money=2000)
    offers = {o["tile"]: o["price"] for o in game.view()["supply"]["offers"]}
    assert offers["stocked-lake"] == 400 + 200  # bottom of the sporting stack
    assert offers["brushing-room"] == 300 - 200
    assert offers["great-hall"] == 500 + 200
    assert offers["sculpture-garden"] == 800 + 600
    game.apply("buy stocked-lake")
    assert game.state.players[0].money == 1400
    assert "stocked-lake" not in game.state.supply.market[STACKS.index("sporting")]
    assert len(game.state.supply.market) == 6  # spaces never slide
    assert "solo.sec.buying" in rules_of(game)


def test_solo_buying_several_tiles_in_one_turn() -> None:
    game = solo_position(1, round=3, step="buy", money=2000)
    for tile in ("brushing-room", "riding-stables", "breakfast-room", "fenced-paddock"):
        game.apply(f"buy {tile}")
    me = game.state.players[0]
    assert me.money == 2000 - (100 + 400 + 500 + 600)
    assert game.state.turn.purchases == 4 and game.pending()["step"] == "buy"


def test_solo_buying_refused_beyond_money() -> None:
    game = solo_position(1, round=3, step="buy", money=500)
    refused(game, "buy great-hall", "market.price")


def test_solo_builders_holiday_takes_100_off_every_tile() -> None:
    game = solo_position(1, round=11, step="buy", money=3000)
    offers = {o["tile"]: o["price"] for o in game.view()["supply"]["offers"]}
    assert offers["stocked-lake"] == 500
    assert offers["great-hall"] == 600
    assert offers["barn"] == 100
    assert offers["brushing-room"] == 100  # never below £100
    game.apply("buy stocked-lake")
    game.apply("buy brushing-room")
    assert game.state.players[0].money == 3000 - 500 - 100
    rules = rules_of(game)
    assert "solo.sec.builders-holiday" in rules and "ruling.sec-holiday-price-floor" in rules
    normal = solo_position(1, round=10, step="buy", money=3000)
    assert {o["tile"]: o["price"] for o in normal.view()["supply"]["offers"]}["barn"] == 200


def test_solo_useful_man_discount_still_applies() -> None:
    game = solo_position(1, round=3, step="buy", money=600)
    game.apply("buy fenced-paddock useful_man")
    assert game.state.players[0].money == 100


def test_solo_tableau_limit_refuses_a_fourth_tile_in_a_column() -> None:
    organiser = [*FLIPPED, "barn", "brushing-room"]  # Butler's Room + two: service is full
    game = solo_position(1, round=6, step="buy", money=2000, organiser=organiser)
    refused(game, "buy butlers-pantry", "solo.sec.tableau-limit")
    game.apply("buy riding-stables")  # another column has room


def test_solo_discarding_makes_room_and_loses_the_benefit() -> None:
    organiser = [*FLIPPED, "barn", "brushing-room"]
    game = solo_position(1, round=6, step="buy", money=2000, organiser=organiser)
    assert game.table.has_ability(game.state.players[0], "brushing_room")
    game.apply("discard-tile brushing-room")
    me = game.state.players[0]
    assert me.owned("brushing-room") is None
    assert not game.table.has_ability(me, "brushing_room")
    assert "brushing-room" in game.state.supply.removed
    assert game.state.solo.discarded == ["brushing-room"]
    game.apply("buy butlers-pantry")
    assert len(column_tiles(game.table, me)["service"]) == 3
    assert "ruling.sec-discard-to-make-room" in rules_of(game)


def test_solo_discarding_only_from_a_full_column() -> None:
    game = solo_position(1, round=6, step="buy", money=2000, organiser=[*FLIPPED, "barn"])
    refused(game, "discard-tile barn", "ruling.sec-discard-to-make-room")


def test_solo_monument_needs_a_column_and_fills_it() -> None:
    game = solo_position(1, round=6, step="buy", money=3000, organiser=FLIPPED)
    refused(game, "buy trophy-room", "ruling.sec-monument-column")
    refused(game, "buy-into trophy-room kitchen", "ruling.sec-monument-column")
    refused(game, "buy-into barn sporting", "ruling.sec-monument-column")
    game.apply("buy-into trophy-room sporting")
    me = game.state.players[0]
    assert game.state.solo.columns == {"trophy-room": "sporting"}
    assert [o.tile for o in column_tiles(game.table, me)["sporting"]] == [
        "bowling-green", "trophy-room"]
    assert me.money == 3000 - 1000
    game.apply("buy-into wine-cellar sporting")
    refused(game, "buy riding-stables", "solo.sec.tableau-limit")


def test_solo_actions_are_refused_outside_the_challenge() -> None:
    """The kinds are the challenge's own (modes/solo/actions.py): another game refuses them by
    naming the mode they belong to (solo.sec.overview), before any rule of the purchase."""
    from positions import game as standard_game
    from positions import table

    g = standard_game(table(round=6))
    g.apply("pass")
    g.apply("rents")
    g.state.supply.market[0] = ["trophy-room"]
    refused(g, "buy-into trophy-room sporting", "solo.sec.overview")
    refused(g, "discard-tile gazebo", "solo.sec.overview")


def test_solo_market_is_never_refreshed() -> None:
    game = solo_position(1, round=6, step="buy", money=200, reputation=20)
    refused(game, "refresh-market", "ruling.sec-no-market-refresh")
    refused(game, "useful-man-refresh", "ruling.sec-no-market-refresh")
    passing = solo_position(1, round=6)
    passing.apply("pass")
    assert "free-refresh" not in {a.notation for a in passing.legal_actions()}
    refused(passing, "free-refresh", "ruling.sec-no-market-refresh")


def test_solo_vp_cards_without_use_are_refused() -> None:
    game = solo_position(1, round=6, step="buy", money=200)
    game.state.players[0].vp_cards = ["vp-refresh-market", "vp-unlimited-purchases", "vp-money"]
    refused(game, "reveal vp-refresh-market", "ruling.sec-vp-cards")
    refused(game, "reveal vp-unlimited-purchases", "ruling.sec-vp-cards")
    game.apply("reveal vp-money")
    assert game.state.players[0].money == 500


# ----------------------------------------------------------------- the Grand Ball


def test_solo_grand_ball_three_seen_one_kept_rest_to_the_bottom() -> None:
    game = solo_position(1, round=5)
    deck = list(game.state.supply.prestige_deck)
    game.apply("activity")
    assert game.pending()["step"] == "step2"
    assert game.state.solo.ball_offer == deck[:3]
    balls = [a.notation for a in game.legal_actions() if a.verb == "ball"]
    assert balls == [f"ball {c}" for c in deck[:3]]
    refused(game, "done", "solo.sec.grand-ball")
    refused(game, "pass", "solo.sec.grand-ball")
    game.apply(f"ball {deck[1]}")
    me = game.state.players[0]
    assert deck[1] in me.hand
    assert game.state.supply.prestige_deck == [*deck[3:], deck[0], deck[2]]
    assert game.pending()["step"] == "host"
    assert rules_of(game).count("solo.sec.grand-ball") >= 2


def test_solo_grand_ball_also_when_passing() -> None:
    game = solo_position(1, round=5)
    game.apply("pass")
    assert game.pending()["step"] == "step2" and len(game.state.solo.ball_offer) == 3
    card = game.state.solo.ball_offer[0]
    game.apply(f"ball {card}")
    assert game.pending()["step"] == "pass-option"
    assert card in game.state.players[0].hand


def test_solo_grand_ball_only_on_round_5() -> None:
    for round_number in (4, 6):
        game = solo_position(1, round=round_number)
        game.apply("activity")
        assert game.state.solo.ball_offer == [] and game.pending()["step"] == "host"


# ----------------------------------------------------------------- solo exceptions


def test_solo_exception_servants_hall_simply_gives_one_reputation() -> None:
    game = solo_position(1, round=6, organiser=[*START, "servants-hall"], reputation=5)
    game.state.players[0].turns_taken = 5
    game.apply("activity")
    assert game.state.players[0].reputation == 6
    assert "solo.exception.servants-hall" in rules_of(game)
    assert not any(a.verb == "hall" for a in game.legal_actions())


def test_solo_exception_butlers_room_never_recruits() -> None:
    game = solo_position(1, round=6, organiser=[(t, True) for t in START])
    game.apply("pass")
    game.apply("hire-servants")
    assert not any(a.verb == "recruit" for a in game.legal_actions())
    refused(game, "recruit p1 valet", "solo.exception.butlers-room")
    game.apply("hire valet")


def test_solo_exception_gossip_attacks_do_nothing() -> None:
    game = solo_position(1, round=6, reputation=7)
    me = game.state.players[0]
    me.hand = ["miss-oliver", "ponsonby-husband"]
    for action in GOSSIP_TURN:
        game.apply(action)
    assert "solo.exception.gossip" in rules_of(game)
    assert game.pending()["step"] == "buy"  # no target to choose
    assert me.reputation == 6  # only Miss Oliver's own −1 to her host


def test_solo_discarding_refused_for_the_tile_hosted_this_turn() -> None:
    organiser = [*FLIPPED, "barn", "brushing-room"]
    game = solo_position(1, round=6, step="buy", money=2000, organiser=organiser)
    game.state.turn.tile = "butlers-room"
    refused(game, "discard-tile butlers-room", "ruling.sec-discard-to-make-room")
