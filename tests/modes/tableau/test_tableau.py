"""Tableau Obsession (UD p.15): setup, the starter-guest draft, the Queen Victoria market, the
reserves after round 3, the Grand Ball, the immediate end at Max, scoring and tie-breaks."""

from __future__ import annotations

from collections import Counter

import pytest

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records import variant_actions as va
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.scoring import score
from obsession_nb.engine.setup.starter_draft import draft_order
from obsession_nb.modes.tableau import rules as tableau
from obsession_nb.players.random_player import RandomPlayer
from obsession_nb.tutor.tableau_play import pass_turn as finish_turn


def tableau_game(players: int = 3, seed: int = 5, mode: str = "tableau", **options) -> Game:
    return new_game(players, seed=seed, options=Options(mode=mode, **options))


def through_setup(game: Game, seed: int = 5) -> list[tuple[int, str]]:
    """Play the servant draft and the starter-guest draft at random; returns the starter picks
    as (seat, card)."""
    player = RandomPlayer(seed)
    picks = []
    while game.state.turn.step in ("draft", "mode"):
        action = player.choose(game)
        if isinstance(action, va.Starter):
            picks.append((game.state.turn.player, action.card))
        game.apply(action)
    return picks


def rules_logged(game: Game) -> list[str]:
    return [r["rule"] for e in game.log for r in e.rulings]


def starters(game: Game) -> set[str]:
    return {c.id for c in game.table.catalog.gentry.values() if c.deck == "starter"}


# ----------------------------------------------------------------- setup


def test_tableau_player_setup_deals_no_objective_cards() -> None:
    game = tableau_game()
    through_setup(game)
    assert all(p.objectives == [] for p in game.state.players)
    assert "tableau.player-setup" in rules_logged(game)


def test_tableau_central_setup_removes_group_bonus_objectives() -> None:
    game = tableau_game()
    through_setup(game)
    cat = game.table.catalog
    deck = game.state.supply.objective_deck
    assert deck and all(cat.objectives[o].category != "group_bonus" for o in deck)
    assert any(o.category == "group_bonus" for o in cat.objectives.values())


def test_tableau_central_setup_uses_the_low_vp_monuments() -> None:
    game = tableau_game(players=4)
    through_setup(game)
    cat = game.table.catalog
    tiles = [*game.state.supply.bag, *(t for s in game.state.supply.market for t in s)]
    monuments = [t for t in tiles if cat.tiles[t].kind == "monument"]
    assert monuments and all(cat.tiles[t].expansion == "upstairs_downstairs" for t in monuments)


def test_tableau_central_setup_track_without_themes_or_fairchilds() -> None:
    game = tableau_game()
    through_setup(game)
    state = game.state
    assert state.options.track == "tableau" and state.round == 1
    assert state.themes == [] and state.supply.theme_deck == [] and state.supply.fairchilds == []
    assert state.supply.vp_deck and len(state.supply.market) == 6


def test_milestones_are_chosen_at_the_start_of_player_setup() -> None:
    game = tableau_game()
    assert game.state.turn.step == "draft"  # before any family is chosen
    assert game.state.milestones is not None and len(game.state.milestones.cards) == 2


def test_starter_guest_draft_order_last_counterclockwise_then_back_clockwise() -> None:
    assert draft_order(4, 0) == [3, 2, 1, 0, 0, 1, 2, 3]
    assert draft_order(3, 1) == [0, 2, 1, 1, 2, 0]
    assert draft_order(2, 1) == [0, 1, 1, 0]


def test_starter_guest_draft_is_played_in_that_order_from_a_deck_of_2n_plus_2() -> None:
    game = tableau_game(players=3, seed=8)
    player = RandomPlayer(8)
    while game.state.turn.step == "draft":
        game.apply(player.choose(game))
    tab = game.state.tableau
    assert len(tab.draft_deck) == 2 * 3 + 2
    assert game.pending()["prompt"].endswith("the starter-guest draft (take one card from the "
                                             "deck passed to you)")
    assert all(set(p.hand).isdisjoint(starters(game)) for p in game.state.players)
    deck = list(tab.draft_deck)
    picks = through_setup(game, 8)
    assert [s for s, _ in picks] == draft_order(3, game.state.first_player)
    assert Counter(c for _, c in picks) <= Counter(deck)
    for seat, player_ in enumerate(game.state.players):
        assert sorted(c for c in player_.hand if c in starters(game)) == sorted(
            c for s, c in picks if s == seat)
    left = Counter(deck) - Counter(c for _, c in picks)
    assert sum(left.values()) == 2
    assert Counter(game.state.supply.casual_deck) >= left  # the two left over go to casual
    assert game.state.turn.step == "begin" and game.state.turn.player == game.state.first_player


def test_starter_guest_draft_refuses_a_card_not_in_the_deck_and_other_actions() -> None:
    game = tableau_game(players=2, seed=3)
    player = RandomPlayer(3)
    while game.state.turn.step == "draft":
        game.apply(player.choose(game))
    before = game.to_json()
    outside = next(c for c in starters(game) if c not in game.state.tableau.draft_deck)
    for bad in (va.Starter(outside), a.Pass()):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    assert game.to_json() == before


# ----------------------------------------------------------------- the market


def at_first_turn(players: int = 3, seed: int = 5, **options) -> Game:
    game = tableau_game(players, seed, **options)
    through_setup(game, seed)
    return game


@pytest.mark.rule("tableau.market")
def test_queen_victoria_removes_the_300_tile_slides_and_draws() -> None:
    game = at_first_turn()
    supply = game.state.supply
    first, rest = supply.market[0], [s[0] for s in supply.market[1:]]
    rulings = tableau.queen_victoria(game.table)
    assert [s[0] for s in supply.market[:5]] == rest
    assert len(supply.market) == 6 and first[0] in supply.bag
    assert "option.queen-victoria-market" in [r.rule for r in rulings]
    assert game.state.tableau.queen_victoria[-1].removed == tuple(first)


@pytest.mark.rule("tableau.market")
def test_queen_victoria_removes_both_stacked_copies() -> None:
    game = at_first_turn()
    supply = game.state.supply
    twin = supply.market[0][0]
    if twin in supply.bag:  # the second copy comes out of the bag, as a stacked draw would
        supply.bag.remove(twin)
    supply.market[0] = [twin, twin]
    bag_count = supply.bag.count(twin)
    tableau.queen_victoria(game.table)
    assert all(s[0] != twin for s in supply.market)
    assert supply.bag.count(twin) == bag_count + 2


@pytest.mark.rule("tableau.market")
def test_queen_victoria_leaves_active_reserves_alone_and_diverts_draws() -> None:
    game = at_first_turn()
    supply = game.state.supply
    cat = game.table.catalog
    supply.service_reserve_active = supply.pr1_reserve_active = True
    service = next(t for t in supply.bag if cat.tiles[t].front.category == "service")
    supply.service_reserve = [service]
    supply.bag.remove(service)
    game.state.chance.next_tiles = [
        next(t for t in supply.bag if cat.tiles[t].front.category == "service"),
        next(t for t in supply.bag if cat.tiles[t].front.category == "estate"
             and cat.tiles[t].front.prestige != 1)]
    diverted = game.state.chance.next_tiles[0]
    rulings = tableau.queen_victoria(game.table)
    assert supply.service_reserve == [service, diverted]  # untouched, plus the diverted draw
    assert "market.reserve-divert" in [r.rule for r in rulings]


@pytest.mark.rule("tableau.market")
def test_queen_victoria_happens_at_the_end_of_every_round() -> None:
    game = at_first_turn(players=2)
    start = game.state.supply.market[0]
    finish_turn(game)
    assert game.state.tableau.queen_victoria == []  # not after the first seat
    finish_turn(game)
    assert game.state.round == 2
    assert [q.round for q in game.state.tableau.queen_victoria] == [1]
    assert game.state.tableau.queen_victoria[0].removed == tuple(start)


def play_until(game: Game, done, seed: int = 5) -> None:
    player = RandomPlayer(seed)
    while not done(game):
        assert not game.state.finished
        game.apply(player.choose(game))


@pytest.mark.rule("tableau.market", "ruling.tableau-track-events")
def test_both_market_reserves_activate_at_the_end_of_round_3() -> None:
    game = at_first_turn()
    play_until(game, lambda g: g.state.round == 3)
    assert not game.state.supply.service_reserve_active
    play_until(game, lambda g: g.state.round == 4)
    supply = game.state.supply
    assert supply.service_reserve_active and supply.pr1_reserve_active


@pytest.mark.rule("tableau.first-player-fixed")
def test_the_first_player_pawn_never_rotates() -> None:
    game = at_first_turn(players=3)
    first = game.state.first_player
    play_until(game, lambda g: g.state.round == 9)
    assert game.state.first_player == first
    assert "season.end-sequence" not in rules_logged(game)  # no courtship, no pawn passing


# ----------------------------------------------------------------- the Grand Ball


@pytest.mark.rule("tableau.grand-ball")
def test_grand_ball_in_turn_order_before_any_turn_of_round_5() -> None:
    game = at_first_turn(players=3, seed=11)
    play_until(game, lambda g: g.state.round == 5, 11)
    state = game.state
    first = state.first_player
    order = []
    hands = {s: len(p.hand) for s, p in enumerate(state.players)}
    taken_before = [p.turns_taken for p in state.players]
    while state.turn.step == "mode":
        offer = list(state.tableau.ball_offer)
        assert len(offer) == 3
        seat = state.turn.player
        assert game.pending()["prompt"].endswith("the Grand Ball (keep one of the prestige "
                                                 "guests you see)")
        order.append(seat)
        with pytest.raises(IllegalAction):
            game.apply(a.Activity())
        game.apply(va.Ball(offer[1]))
        assert offer[1] in state.players[seat].hand
        assert state.supply.prestige_deck[-2:] == [offer[0], offer[2]]  # to the bottom
    assert order == [(first + k) % 3 for k in range(3)]
    assert [p.turns_taken for p in state.players] == taken_before  # nobody played in between
    assert all(len(p.hand) == hands[s] + 1 for s, p in enumerate(state.players))
    assert state.turn.step == "begin" and state.turn.player == first


@pytest.mark.rule("tableau.grand-ball")
def test_grand_ball_returns_the_two_others_to_the_bottom_of_the_deck() -> None:
    game = at_first_turn(players=2, seed=4)
    play_until(game, lambda g: g.state.round == 5, 4)
    state = game.state
    offer = list(state.tableau.ball_offer)
    game.apply(va.Ball(offer[0]))
    # the next player's three were drawn from the top after the first two went under
    assert state.supply.prestige_deck[-2:] == offer[1:]


# ----------------------------------------------------------------- the end


def to_max(game: Game, seat: int) -> None:
    wheel = game.table.wheel
    game.state.players[seat].reputation = wheel.steps(wheel.max_level, 1)


@pytest.mark.rule("tableau.overview")
def test_tableau_end_immediately_when_a_turn_ends_at_max_mid_round() -> None:
    game = at_first_turn(players=4)
    first = game.state.first_player
    finish_turn(game)  # the first seat
    second = (first + 1) % 4
    assert game.state.turn.player == second
    to_max(game, second)
    others = [p.turns_taken for p in game.state.players]
    finish_turn(game)
    state = game.state
    assert state.finished and state.turn is None and game.legal_actions() == []
    assert state.tableau.reached_max == second and state.tableau.end_reason == "max"
    after = [p.turns_taken for p in state.players]
    assert after[second] == others[second] + 1
    assert all(after[s] == others[s] for s in range(4) if s != second)  # no further turns
    assert "tableau.end" in rules_logged(game)


@pytest.mark.rule("tableau.end")
def test_tableau_the_game_goes_on_when_nobody_is_at_max() -> None:
    game = at_first_turn(players=2)
    first = game.state.first_player
    finish_turn(game)
    assert not game.state.finished and game.state.turn.player == (first + 1) % 2


@pytest.mark.rule("tableau.end")
def test_tableau_other_player_at_max_does_not_end_your_turn() -> None:
    game = at_first_turn(players=3)
    first = game.state.first_player
    to_max(game, (first + 2) % 3)  # reached (say) by a scenario edit; checked at his turn's end
    finish_turn(game)
    assert not game.state.finished
    finish_turn(game)
    assert not game.state.finished
    finish_turn(game)
    assert game.state.finished and game.state.tableau.reached_max == (first + 2) % 3


# ----------------------------------------------------------------- scoring


def scoring_position(players: int = 2, mode: str = "tableau") -> Game:
    game = at_first_turn(players=players, mode=mode)
    for p in game.state.players:
        p.hand, p.discard, p.vp_cards, p.objectives = [], [], [], []
        p.reputation = 0
        p.money = 0
    return game


def test_tableau_scoring_counts_tiles_reputation_negative_gentry_objectives_vp_cards() -> None:
    game = scoring_position()
    table = game.table
    cat = table.catalog
    p = game.state.players[0]
    plus = next(c.id for c in cat.gentry.values() if c.vp > 0)
    minus = next(c.id for c in cat.gentry.values() if c.vp < 0)
    vp_card = next(iter(cat.vp_cards))
    p.hand = [plus, minus]
    p.vp_cards = [vp_card]
    p.money = 5000
    p.reputation = table.wheel.steps(3, 2)
    sheet = score(game)
    mine = sheet.players[0].categories
    assert mine["gentry"] == cat.gentry[minus].vp  # positive gentry VP does not count
    assert mine["reputation"] == 6
    assert mine["vp_cards"] == cat.vp_cards[vp_card].vp
    assert mine["tiles"] == sum(table.face(o).vp for o in p.organiser)
    assert "wealth" not in mine and "servants" not in mine  # money and servants do not count
    assert set(mine) == {"tiles", "gentry", "objectives", "reputation", "vp_cards", "milestones"}
    assert "tableau.scoring" in [r.rule for r in sheet.players[0].rulings]


def test_tableau_scoring_counts_objectives_held() -> None:
    game = scoring_position()
    table = game.table
    p = game.state.players[0]
    p.objectives = list(game.state.supply.objective_deck[:3])
    from obsession_nb.engine.steps.objectives import evaluate

    assert score(game).players[0].categories["objectives"] == sum(
        evaluate(table, p, o).vp for o in p.objectives)


def _tie(game: Game, tiles_extra: bool) -> None:
    cat = game.table.catalog
    tiles = {t.front.vp: t for t in cat.tiles.values() if not t.start and t.kind != "monument"}
    card = next(v for v in cat.vp_cards.values() if v.vp > 0 and v.vp in tiles)
    tile = tiles[card.vp] if tiles_extra else None  # its front (unflipped) VP = the card's
    p0, p1 = game.state.players
    for p in (p0, p1):
        p.organiser = [o for o in p.organiser if cat.tiles[o.tile].start]
    if tile is not None:
        from obsession_nb.engine.records.state import OwnedTile

        p0.organiser.append(OwnedTile(tile=tile.id))
        p1.vp_cards = [card.id]


def test_tableau_tie_break_higher_tableau_score() -> None:
    game = scoring_position()
    _tie(game, tiles_extra=True)
    sheet = score(game)
    assert sheet.players[0].total == sheet.players[1].total
    assert sheet.winners == (0,)
    assert "tableau.tie-break" in [r.rule for r in sheet.rulings]


def test_tableau_tie_break_then_the_player_who_reached_max() -> None:
    game = scoring_position()
    _tie(game, tiles_extra=False)
    game.state.tableau.reached_max = 1
    sheet = score(game)
    assert sheet.players[0].total == sheet.players[1].total
    assert sheet.winners == (1,)
    game.state.tableau.reached_max = None
    assert score(game).winners == (0, 1)  # still tied: shared


# ----------------------------------------------------------------- the Duel


@pytest.mark.parametrize(("level", "vp"), [(9, 45), (10, 55), (11, 66)])
def test_tableau_duel_reputation_vp(level: int, vp: int) -> None:
    game = scoring_position(mode="tableau-duel")
    wheel = game.table.wheel
    assert wheel.levels == 10 and wheel.max_level == 11
    game.state.players[0].reputation = wheel.steps(level, 3)
    assert score(game).players[0].categories["reputation"] == vp


def test_tableau_duel_max_is_above_level_10() -> None:
    game = at_first_turn(players=2, mode="tableau-duel")
    seat = game.state.first_player
    game.state.players[seat].reputation = game.table.wheel.steps(7, 1)  # Max of a normal wheel
    finish_turn(game)
    assert not game.state.finished  # level 7 is not Max in the Duel
    assert "tableau.duel" in rules_logged(game)


def test_tableau_duel_needs_two_players() -> None:
    with pytest.raises(ValueError, match="two players"):
        tableau_game(players=3, mode="tableau-duel")
