"""The base game's published variations and the players' set-up choices as options (Facts §6.5,
§2.3; UD p.2): each test is named after the option it switches."""

from __future__ import annotations

import pytest
from positions import game, refuse, table

from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.setup.starter_draft import draft_order
from obsession_nb.engine.setup.tiles import INTENSIVE_SERVICE, UD_UNIVERSAL_TILES
from obsession_nb.engine.steps.market import end_of_round
from obsession_nb.players.random_player import RandomPlayer


def play_to_round(g: Game, round_number: int, seed: int = 1) -> None:
    player = RandomPlayer(seed)
    while g.state.round < round_number and not g.state.finished:
        g.apply(player.choose(g))


def log_rules(g: Game) -> list[str]:
    return [r["rule"] for e in g.log for r in e.rulings]


# ----------------------------------------------------------------- Queen Victoria


def test_queen_victoria_market_removes_the_300_tile_and_slides_the_rest() -> None:
    g = game({**table(round=6), "options": {"expansion": False, "market": "building-boom"}})
    before = [list(s) for s in g.state.supply.market]
    rulings = end_of_round(g.table, courtship=False)
    market = g.state.supply.market
    assert [s[0] for s in market[:5]] == [s[0] for s in before[1:]]
    assert before[0][0] in g.state.supply.bag and len(market) == 6
    assert {r.rule for r in rulings} == {"option.queen-victoria-market", "market.draw"} or (
        "option.queen-victoria-market" in {r.rule for r in rulings})


def test_queen_victoria_market_after_every_round_including_courtships() -> None:
    g = new_game(2, seed=3, options=Options(expansion=False, market="building-boom"))
    play_to_round(g, 9, seed=3)
    ends = [e.action for e in g.log if any(r["rule"] == "option.queen-victoria-market"
                                           for r in e.rulings)]
    assert len(ends) == 8  # rounds 1-8, the courtship round 4 among them
    assert sum(e == "(end of season)" for e in ends) == 2  # rounds 4 and 8


def test_standard_market_has_no_end_of_round_step() -> None:
    g = new_game(2, seed=3, options=Options(expansion=False))
    play_to_round(g, 9, seed=3)
    assert not {"option.queen-victoria-market", "option.seasonal-market"} & set(log_rules(g))


# ----------------------------------------------------------------- Emily Brontë


def test_seasonal_market_refreshes_after_the_first_three_courtships_only() -> None:
    g = new_game(2, seed=5, options=Options(expansion=False, market="seasonal"))
    play_to_round(g, 16, seed=5)
    while not g.state.finished:
        g.apply(RandomPlayer(5).choose(g))
    refreshes = [e for e in g.log if any(r["rule"] == "option.seasonal-market" for r in e.rulings)]
    assert len(refreshes) == 3 and all(e.action == "(end of season)" for e in refreshes)


def test_seasonal_market_refreshes_the_open_market_and_leaves_the_reserves_alone() -> None:
    supply = {"service_reserve": ["barn"], "service_reserve_active": True,
              "pr1_reserve": ["breakfast-room"], "pr1_reserve_active": True}
    g = game({**table(round=4, supply=supply), "options": {"expansion": False,
                                                            "market": "seasonal"}})
    before = [list(s) for s in g.state.supply.market]
    rulings = end_of_round(g.table, courtship=True)
    assert "option.seasonal-market" in {r.rule for r in rulings}
    assert g.state.supply.market != before
    assert (g.state.supply.service_reserve, g.state.supply.pr1_reserve) == (["barn"], ["breakfast-room"])
    assert end_of_round(g.table, courtship=False) == []  # not after an activity round


def test_seasonal_market_combines_with_the_cliffhanger() -> None:
    g = new_game(2, seed=7, options=Options(expansion=False, market="seasonal",
                                            theme_reveal="cliffhanger"))
    while not g.state.finished:
        g.apply(RandomPlayer(7).choose(g))
    rules = log_rules(g)
    assert rules.count("option.cliffhanger") == 4 and rules.count("option.seasonal-market") >= 3


# ----------------------------------------------------------------- Intensive Service


def market_tiles(g: Game) -> list[str]:
    return [t for s in g.state.supply.market for t in s]


def test_intensive_service_seeds_pantry_barn_and_brushing_room() -> None:
    for seed in range(4):
        g = new_game(2, seed=seed, options=Options(expansion=False, intensive_service="standard"))
        assert set(INTENSIVE_SERVICE) <= set(market_tiles(g))
        assert len(g.state.supply.market) == 6
    assert "option.intensive-service" in log_rules(g)


def test_intensive_service_experienced_players_name_four() -> None:
    chosen = ["butlers-pantry", "barn", "brushing-room", "servants-quarters"]
    g = new_game(2, seed=1, options=Options(expansion=False, intensive_service=chosen))
    assert set(chosen) <= set(market_tiles(g))


@pytest.mark.parametrize("chosen", [["servants-hall", "barn", "brushing-room"],
                                    ["barn", "brushing-room"], ["barn", "barn", "brushing-room"],
                                    ["barn", "brushing-room", "drawing-room"]])
def test_intensive_service_refuses_the_hall_and_wrong_counts(chosen: list[str]) -> None:
    with pytest.raises(ValueError, match=r"option\.intensive-service"):
        new_game(2, seed=1, options=Options(expansion=False, intensive_service=chosen))


# ----------------------------------------------------------------- monuments and gardens


def monuments_in_bag(g: Game) -> set[str]:
    return {t for t in g.state.supply.bag if g.table.catalog.tiles[t].kind == "monument"}


def test_garden_maze_replaces_the_sculpture_garden_for_two_players() -> None:
    for seed in range(6):
        g = new_game(2, seed=seed, options=Options(expansion=False, garden="garden-maze"))
        assert "garden-maze" in monuments_in_bag(g)
        assert "sculpture-garden" not in monuments_in_bag(g)
        assert len(monuments_in_bag(g)) == 3


def test_garden_maze_is_not_mixed_with_the_low_vp_set() -> None:
    with pytest.raises(ValueError, match="never mixed"):
        new_game(2, options=Options(expansion=False, garden="garden-maze",
                                    low_vp_monuments=True))


def test_monuments_chosen_by_the_players_go_in_the_bag() -> None:
    chosen = ["sculpture-garden", "trophy-room", "wine-cellar"]
    g = new_game(2, seed=1, options=Options(expansion=False, monuments=chosen))
    assert monuments_in_bag(g) == set(chosen)
    assert "option.monuments" in log_rules(g)


@pytest.mark.parametrize("chosen", [["trophy-room", "wine-cellar", "marble-floor"],
                                    ["sculpture-garden", "trophy-room"],
                                    ["sculpture-garden", "trophy-room", "no-such-monument"]])
def test_monuments_chosen_follow_the_count_and_garden_rules(chosen: list[str]) -> None:
    with pytest.raises(ValueError, match="monuments: 2 players"):
        new_game(2, seed=1, options=Options(expansion=False, monuments=chosen))


def test_monuments_random_by_default_is_unchanged() -> None:
    a = new_game(4, seed=9, options=Options(expansion=False))
    b = new_game(4, seed=9, options=Options(expansion=False, monuments="random"))
    assert monuments_in_bag(a) == monuments_in_bag(b) and len(monuments_in_bag(a)) == 5


# ----------------------------------------------------------------- universal tiles


def universal_in_game(g: Game) -> set[str]:
    s = g.state.supply
    everywhere = [*s.bag, *market_tiles(g), *s.service_reserve, *s.pr1_reserve]
    return set(UD_UNIVERSAL_TILES) & set(everywhere)


def test_universal_tiles_with_the_box_by_default() -> None:
    assert universal_in_game(new_game(2, seed=1, options=Options(expansion=False))) == set()
    assert universal_in_game(new_game(2, seed=1, draft=False)) == set(UD_UNIVERSAL_TILES)


@pytest.mark.rule("ud.universal-tiles")
def test_universal_tiles_added_to_a_base_game() -> None:
    g = new_game(2, seed=1, options=Options(expansion=False, universal_tiles=True))
    assert universal_in_game(g) == set(UD_UNIVERSAL_TILES)
    assert "option.universal-tiles" in log_rules(g)


def test_universal_tiles_left_out_of_an_expansion_game() -> None:
    g = new_game(2, seed=1, draft=False, options=Options(universal_tiles=False))
    assert universal_in_game(g) == set()


# ----------------------------------------------------------------- the opening-market redraw


def vote(g: Game, *choices: str) -> None:
    for choice in choices:
        assert g.pending()["step"] == "opening-market"
        g.apply(f"opening-market {choice}")


def test_market_redraw_happens_only_if_every_player_agrees() -> None:
    options = Options(expansion=False, market_redraw="offer")
    kept = new_game(3, seed=2, options=options)
    opening = [list(s) for s in kept.state.supply.market]
    vote(kept, "redraw", "keep")
    assert kept.state.supply.market == opening and kept.pending()["step"] == "begin"
    redrawn = new_game(3, seed=2, options=options)
    vote(redrawn, "redraw", "redraw", "redraw")
    assert redrawn.pending()["step"] == "begin"
    assert redrawn.state.supply.market != opening and len(redrawn.state.supply.market) == 6
    assert "option.market-redraw" in log_rules(redrawn)


def test_market_redraw_is_offered_once_at_setup_only() -> None:
    g = new_game(2, seed=2, options=Options(expansion=False, market_redraw="offer"))
    vote(g, "redraw", "redraw")
    assert not any(x.verb == "opening-market" for x in g.legal_actions())


def test_market_redraw_keep_by_default_asks_nothing() -> None:
    g = new_game(2, seed=2, options=Options(expansion=False))
    assert g.pending()["step"] == "begin"


# ----------------------------------------------------------------- the starter-guest draft


def starters(g: Game, cards: list[str]) -> list[str]:
    return [c for c in cards if g.table.card(c).deck == "starter"]


def test_starter_guest_draft_last_player_first_then_back_clockwise() -> None:
    g = new_game(3, seed=4, options=Options(expansion=False, starter_guests="draft"))
    first = g.state.first_player
    assert all(starters(g, p.hand) == [] for p in g.state.players)
    deck = list(g.state.turn.offer)
    assert len(deck) == 8 and g.pending()["step"] == "starter-draft"
    seats = []
    while g.pending()["step"] == "starter-draft":
        seats.append(g.state.turn.player)
        g.apply(g.legal_actions()[0])
    assert seats == draft_order(3, first) == [(first + 2) % 3, (first + 1) % 3, first, first,
                                              (first + 1) % 3, (first + 2) % 3]
    assert all(len(starters(g, p.hand)) == 2 for p in g.state.players)
    left = [c for c in deck if not any(c in p.hand for p in g.state.players)]
    assert len(left) == 2 and all(c in g.state.supply.casual_deck for c in left)
    assert g.pending()["step"] == "begin" and g.state.turn.player == first


def test_starter_guest_draft_refuses_a_card_not_in_the_deck() -> None:
    g = new_game(2, seed=4, options=Options(expansion=False, starter_guests="draft"))
    other = next(c for c in g.state.supply.casual_deck if c not in g.state.turn.offer)
    refuse(g, f"starter {other}", "option.starter-guest-draft")


def test_starter_guests_dealt_by_default() -> None:
    g = new_game(3, seed=4, options=Options(expansion=False))
    assert all(len(starters(g, p.hand)) == 2 for p in g.state.players)
