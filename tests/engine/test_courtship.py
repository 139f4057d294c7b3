"""Seasons and courtship (issue 4): courtship totals, winners and both kinds of tie, the
Fairchilds, objective discards, the first-player pawn, reserve activation, theme reveals, and
VP cards revealed for their favours.  Tests are named after the rules they check."""

from __future__ import annotations

from positions import game, refuse, rules_of, table
from season_positions import before_round, courtship_rounds, end_round, organiser

STANDARD = courtship_rounds("standard")
FINAL = STANDARD[-1]


def steps(g) -> str:
    return g.pending()["step"]


def estate_position(next_round: int = STANDARD[0], **kw):
    """Ann estate 4 (Gazebo 1 + flipped English Garden 3), Bob 3 (+ French Garden 2), Cat 1."""
    people = kw.pop("people", [
        {"organiser": organiser(("english-garden", True))},
        {"organiser": organiser("french-garden")},
        {},
    ])
    return before_round(next_round, people=people, **kw)


# ----------------------------------------------------------------- courtships 1-3


def test_event_courtship_round_nobody_takes_a_turn() -> None:
    g = end_round(estate_position())
    assert g.state.round == STANDARD[0]
    assert steps(g) == "fairchild"
    assert "event.courtship-round" in rules_of(g)
    assert {a.verb for a in g.legal_actions()} == {"fairchild"}
    assert [p.turns_taken for p in g.state.players] == [STANDARD[0] - 1] * 2 + [STANDARD[0]]


def test_courtship_scoring_totals_the_theme_column() -> None:
    g = end_round(estate_position())
    verdicts = [r["verdict"] for e in g.log for r in e.rulings if r["rule"] == "courtship.scoring"]
    assert verdicts == ["Courtship on ESTATE: Ann 4, Bob 3, Cat 1."]


def test_courtship_winner_takes_a_fairchild_into_the_hand_and_a_vp_card() -> None:
    g = end_round(estate_position())
    ann = g.state.players[0]
    assert g.pending()["player"] == 0
    assert ann.vp_cards == ["vp-reputation"]
    assert sorted(a.notation for a in g.legal_actions()) == [
        "fairchild charles-fairchild", "fairchild elizabeth-fairchild"]
    g.apply("fairchild elizabeth-fairchild")
    assert "elizabeth-fairchild" in g.state.players[0].hand
    assert g.state.supply.fairchilds == ["charles-fairchild"]
    assert steps(g) == "discard"
    assert "courtship.winner" in rules_of(g)


def test_courtship_tie_every_tied_player_draws_a_vp_card_and_no_fairchild() -> None:
    people = [{"organiser": organiser(("english-garden", True))},
              {"organiser": organiser(("french-garden", True))}, {}]
    g = end_round(estate_position(people=people))
    assert steps(g) == "discard"
    ann, bob, cat = g.state.players
    assert (ann.vp_cards, bob.vp_cards, cat.vp_cards) == (["vp-reputation"], ["vp-money"], [])
    assert g.state.supply.fairchilds == ["charles-fairchild", "elizabeth-fairchild"]
    assert "courtship.tie" in rules_of(g)


def test_courtship_tie_is_not_broken_by_reputation_before_the_final() -> None:
    people = [{"organiser": organiser(("english-garden", True)),
               "reputation": {"level": 4, "position": 1}},
              {"organiser": organiser(("french-garden", True))}, {}]
    g = end_round(estate_position(people=people))
    assert steps(g) == "discard"
    assert g.state.players[0].vp_cards and g.state.players[1].vp_cards


def test_courtship_fairchild_return_before_the_second_courtship() -> None:
    people = [{"organiser": organiser(("drawing-room", True))},
              {"discard": ["charles-fairchild"]}, {}]
    data = before_round(STANDARD[1], people=people,
                        supply={"fairchilds": ["elizabeth-fairchild"]})
    g = end_round(data)
    assert "charles-fairchild" not in g.state.players[1].discard
    returned = [r["verdict"] for e in g.log for r in e.rulings
                if r["rule"] == "courtship.fairchild-return"]
    assert returned == ["Bob returns Charles Fairchild, Esq to the track."]
    assert sorted(a.notation for a in g.legal_actions()) == [
        "fairchild charles-fairchild", "fairchild elizabeth-fairchild"]


def test_courtship_vp_card_none_left_draws_nothing() -> None:
    g = end_round(estate_position(supply={"vp_deck": []}))
    assert g.state.players[0].vp_cards == []
    assert "ruling.vp-deck-empty" in rules_of(g)


# ----------------------------------------------------------------- the final courtship


def final_position(people, themes=("theme-estate", "theme-estate", "theme-prestige",
                                   "theme-sporting")):
    return before_round(FINAL, people=people, themes=list(themes))


def test_courtship_final_scoring_counts_a_repeated_theme_twice() -> None:
    # Ann: estate 3 (twice) + prestige 1 = 7; Bob: estate 1 (twice) + prestige 4 = 6.
    # Counting estate once would give Ann 4 and Bob 5.
    people = [{"organiser": organiser(("fenced-paddock", True))},
              {"organiser": organiser(("drawing-room", True))}, {}]
    g = end_round(final_position(people))
    verdicts = [r["verdict"] for e in g.log for r in e.rulings
                if r["rule"] == "courtship.final-scoring"]
    assert verdicts == ["Courtship on ESTATE + ESTATE + PRESTIGE + SPORTING: Ann 7, Bob 6, Cat 3."]
    assert steps(g) == "fairchild" and g.pending()["player"] == 0


def test_courtship_final_winner_adds_a_fairchild_to_the_deck_then_the_game_ends() -> None:
    people = [{"organiser": organiser(("fenced-paddock", True))}, {}, {}]
    g = end_round(final_position(people), "fairchild charles-fairchild")
    assert "charles-fairchild" in g.state.players[0].hand
    assert steps(g) == "discard"
    for _ in range(3):
        g.apply(f"discard-objective {g.state.players[g.pending()['player']].objectives[0]}")
    assert steps(g) == "reveal" and g.pending()["player"] == 0  # Ann holds the VP card
    g.apply("keep-vp-cards")
    assert g.state.finished and g.state.turn is None and g.legal_actions() == []
    assert "courtship.final-winner" in rules_of(g)
    assert "ruling.vp-card-final-window" in rules_of(g)
    assert "scoring.categories" in rules_of(g)


def test_courtship_final_tie_goes_to_the_higher_reputation() -> None:
    people = [{"organiser": organiser(("fenced-paddock", True)),
               "reputation": {"level": 2, "position": 3}},
              {"organiser": organiser("french-garden"),
               "reputation": {"level": 2, "position": 4}}, {}]
    g = end_round(final_position(people))
    assert steps(g) == "fairchild" and g.pending()["player"] == 1
    assert "courtship.final-tie" in rules_of(g)
    assert "ruling.reputation-comparison" in rules_of(g)


def test_courtship_final_tie_still_tied_every_tied_player_draws_a_vp_card() -> None:
    people = [{"organiser": organiser(("fenced-paddock", True))},
              {"organiser": organiser("french-garden")}, {}]
    g = end_round(final_position(people))
    assert steps(g) == "discard"
    ann, bob, cat = g.state.players
    assert len(ann.vp_cards) == 1 and len(bob.vp_cards) == 1 and not cat.vp_cards
    assert g.state.supply.fairchilds == ["charles-fairchild", "elizabeth-fairchild"]


# ----------------------------------------------------------------- the end of a season


def discard_all(g) -> list[str]:
    gone = []
    while steps(g) == "discard":
        me = g.state.players[g.pending()["player"]]
        gone.append(me.objectives[-1])
        g.apply(f"discard-objective {me.objectives[-1]}")
    return gone


def test_season_objective_discard_one_each_under_the_deck() -> None:
    g = end_round(estate_position(), "fairchild charles-fairchild")
    deck_before = list(g.state.supply.objective_deck)
    held = [len(p.objectives) for p in g.state.players]
    order = []
    while steps(g) == "discard":
        order.append(g.pending()["player"])
        me = g.state.players[g.pending()["player"]]
        g.apply(f"discard-objective {me.objectives[-1]}")
    assert order == [0, 1, 2]
    deck = g.state.supply.objective_deck
    assert deck[:len(deck_before)] == deck_before and len(deck) == len(deck_before) + 3
    assert [len(p.objectives) for p in g.state.players] == [n - 1 for n in held]
    assert [p.objectives_discarded for p in g.state.players] == [1, 1, 1]
    assert "season.objective-discard" in rules_of(g)


def test_season_objective_discard_must_be_a_held_card() -> None:
    g = end_round(estate_position(), "fairchild charles-fairchild")
    refuse(g, f"discard-objective {g.state.players[1].objectives[0]}", "season.objective-discard")


def test_ruling_objective_discard_none_skips_a_player_without_objectives() -> None:
    """A safeguard: no game reaches a discard with a player holding none (one discard per
    courtship from at least four dealt, ruling.objective-count), so the position is changed in
    play rather than loaded from a file, which would be refused."""
    people = [{"organiser": organiser(("english-garden", True))}, {}, {}]
    g = end_round(estate_position(people=people))
    g.state.players[1].objectives = []
    g.apply("fairchild charles-fairchild")
    order = []
    while steps(g) == "discard":
        order.append(g.pending()["player"])
        g.apply(f"discard-objective {g.state.players[order[-1]].objectives[0]}")
    assert order == [0, 2]


def test_ud_first_player_counterclockwise_after_a_courtship() -> None:
    g = end_round(estate_position(first_player=1), "fairchild charles-fairchild")
    discard_all(g)
    assert g.state.first_player == 0 and g.state.round == STANDARD[0] + 1
    assert g.pending() == {"player": 0, "step": "begin", "owner": 0,
                           "prompt": "Ann (p1): the start of the turn (host an activity or pass)"}
    assert "ud.first-player-counterclockwise" in rules_of(g)


def test_ud_first_player_clockwise_option_first_printing() -> None:
    data = estate_position(first_player=1)
    data["options"]["first_player_rotation"] = "clockwise"
    g = end_round(data, "fairchild charles-fairchild")
    discard_all(g)
    assert g.state.first_player == 2


def test_season_theme_reveal_at_the_start_of_the_next_season() -> None:
    g = end_round(estate_position(), "fairchild charles-fairchild")
    discard_all(g)
    assert g.state.themes == ["theme-estate", "theme-essentials"]
    assert "season.theme-reveal" in rules_of(g)


def test_market_reserve_activation_after_the_first_courtship_and_diversion() -> None:
    supply = {"market": [["brushing-room"], ["barn", "barn"], ["fenced-paddock"],
                         ["riding-stables"], ["english-garden"], ["french-garden"]],
              "bag": ["servants-quarters", "drawing-room", "music-room", "dining-room"]}
    data = estate_position(supply=supply)
    data["chance"]["next_tiles"] = ["music-room", "servants-quarters", "drawing-room"]
    g = end_round(data, "fairchild charles-fairchild")
    discard_all(g)
    s = g.state.supply
    assert s.service_reserve_active and not s.pr1_reserve_active
    assert s.service_reserve == ["brushing-room", "barn", "barn", "servants-quarters"]
    # the four left slide left; the two drawn fill the gaps in tile-sorting-number order
    assert s.market == [["fenced-paddock"], ["riding-stables"], ["english-garden"],
                        ["french-garden"], ["drawing-room"], ["music-room"]]
    assert {"market.reserve-activation", "market.reserve-divert",
            "ruling.reserve-activation-refill"} <= set(rules_of(g))


def test_market_reserve_activation_pr1_after_the_second_courtship() -> None:
    people = [{"organiser": organiser(("drawing-room", True))}, {}, {}]
    supply = {"service_reserve_active": True, "service_reserve": ["barn"],
              "bag": ["drawing-room", "music-room", "dining-room", "hillside-kennels"]}
    data = before_round(STANDARD[1], people=people, supply=supply)
    data["chance"]["next_tiles"] = ["hillside-kennels", "dining-room"]
    g = end_round(data, "fairchild charles-fairchild")
    discard_all(g)
    s = g.state.supply
    assert s.pr1_reserve_active and s.pr1_reserve == ["fenced-paddock", "riding-stables"]
    assert s.service_reserve == ["barn"]
    assert s.market == [["croquet-lawn"], ["english-garden"], ["tennis-court"],
                        ["french-garden"], ["dining-room"], ["hillside-kennels"]]


def test_option_market_reserve_off_no_activation() -> None:
    supply = {"market": [["brushing-room"], ["barn"], ["fenced-paddock"], ["riding-stables"],
                         ["english-garden"], ["french-garden"]]}
    data = estate_position(supply=supply)
    data["options"]["market_reserve"] = False
    g = end_round(data, "fairchild charles-fairchild")
    discard_all(g)
    assert not g.state.supply.service_reserve_active
    assert g.state.supply.market[0] == ["brushing-room"]
    assert "option.market-reserve" in rules_of(g)


def test_market_refresh_never_touches_the_reserves() -> None:
    data = table(me={"reputation": {"level": 2, "position": 1}},
                 supply={"service_reserve_active": True, "service_reserve": ["barn"],
                         "bag": ["drawing-room", "music-room", "dining-room", "hillside-kennels",
                                 "billiards-room", "gallery", "brushing-room"]})
    g = game(data, "refresh-market")
    assert g.state.supply.service_reserve[0] == "barn"
    assert all(stack[0] != "brushing-room" for stack in g.state.supply.market)


# ----------------------------------------------------------------- VP cards


def test_courtship_vp_card_use_reveal_for_reputation_gives_up_the_points() -> None:
    g = game(table(me={"vp_cards": ["vp-reputation"]}), "reveal vp-reputation")
    ann = g.state.players[0]
    assert ann.vp_cards == [] and g.state.supply.vp_discard == ["vp-reputation"]
    assert g.view()["players"][0]["reputation"] == {"level": 2, "position": 3}
    assert "courtship.vp-card-use" in rules_of(g)


def test_courtship_vp_card_use_objective_draw_two_keep_one() -> None:
    data = table(me={"vp_cards": ["vp-objective"]},
                 supply={"objective_deck": ["objective-monuments", "objective-wealth-1200",
                                            "objective-max-reputation"]})
    g = game(data, "reveal vp-objective")
    assert steps(g) == "keep-objective"
    assert sorted(a.notation for a in g.legal_actions()) == [
        "keep-objective objective-monuments", "keep-objective objective-wealth-1200"]
    g.apply("keep-objective objective-wealth-1200")
    assert g.state.players[0].objectives[-1] == "objective-wealth-1200"
    assert g.state.supply.objective_deck == ["objective-max-reputation", "objective-monuments"]
    assert steps(g) == "begin"


def test_ruling_vp_card_hire_new_servants_one_servant_to_expended_service() -> None:
    data = table(expansion=True, me={"vp_cards": ["vp-hire"]})
    g = game(data, "reveal-hire vp-hire cook")
    assert g.state.players[0].servants.expended == ["cook"]
    assert g.state.supply.servants_for_hire["cook"] == 1
    refuse(game(data), "reveal-hire vp-hire underbutler", "ruling.vp-card-hire-new-servants")


def test_courtship_vp_card_use_unlimited_purchases_like_a_builders_holiday() -> None:
    data = table(me={"vp_cards": ["vp-unlimited-purchases"], "money": 2000})
    data["chance"]["next_tiles"] = ["music-room", "drawing-room"]
    g = game(data, "reveal vp-unlimited-purchases", "pass", "rents", "buy fenced-paddock",
             "buy riding-stables")
    # no slide-and-draw until the end: the two bought spaces stay empty (market.purchases-then-slide)
    assert [bool(s) for s in g.state.supply.market] == [False, False, True, True, True, True]
    g.apply("done")
    assert [s[0] for s in g.state.supply.market][-2:] == ["drawing-room", "music-room"]
