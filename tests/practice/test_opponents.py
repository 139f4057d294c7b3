"""Issue 29: the AI opponents in three strengths — whole games in every mode with more than one
seat, reproducible from their seeds, and never reading what their seat cannot see
(ruling.ai-hidden-information)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from obsession_nb.engine.game import Game, load_json, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.state import State
from obsession_nb.players.random_player import play_to_round
from obsession_nb.practice.arena import (
    ArenaGame,
    arena,
    lineup,
    make_player,
    play_arena_game,
    play_with,
    standings,
    wilson,
)
from obsession_nb.practice.determinise import sample
from obsession_nb.practice.opponents import margin
from obsession_nb.practice.plans import Estimate, Level, best_plans
from obsession_nb.practice.search import SearchPlayer

QUICK = Level("quick", 300, 4)
"""A small budget: these tests check what the search does, not how well it plays."""

MODES = [("standard", 2), ("standard", 5), ("team", 4), ("tableau", 3), ("tableau-duel", 2)]


def mid_game(players: int = 4, seed: int = 3, round_: int = 4) -> Game:
    return play_to_round(new_game(players, seed=seed), round_)


def permuted(game: Game, seat: int, seed: int) -> Game:
    """The same position as ``seat`` sees it, with everything it cannot see dealt otherwise:
    the other players' casual and prestige guests (not those every player saw go into the hand:
    ruling.seat-known-cards) swapped with deck cards, objectives and VP
    cards swapped with their decks, every deck reshuffled, another source of chance."""
    state = State.model_validate_json(game.to_json())
    rng = random.Random(seed)
    supply = state.supply
    for i, p in enumerate(state.players):
        if i == seat:
            continue
        for k, card in enumerate(p.hand):
            if card in p.known:
                continue
            deck = game.table.card(card).deck
            pile = supply.casual_deck if deck in ("casual", "starter") else (
                supply.prestige_deck if deck == "prestige" else None)
            if pile:
                j = rng.randrange(len(pile))
                p.hand[k], pile[j] = pile[j], card
        for field, pile in (("objectives", supply.objective_deck), ("vp_cards", supply.vp_deck)):
            cards = getattr(p, field)
            for k, card in enumerate(cards):
                if pile:
                    j = rng.randrange(len(pile))
                    cards[k], pile[j] = pile[j], card
    for name in ("casual_deck", "prestige_deck", "objective_deck", "vp_deck", "theme_deck"):
        rng.shuffle(getattr(supply, name))
    state.chance.seed += 12345
    return load_json(state.model_dump_json())


@pytest.mark.parametrize(("mode", "players"), MODES)
@pytest.mark.parametrize("strategy", ["random", "heuristic"])
def test_whole_games_in_every_multi_seat_mode(mode: str, players: int, strategy: str) -> None:
    spec = ArenaGame(players, 7, (strategy,) * players, mode)
    result = play_arena_game(spec)
    assert len(result.totals) == players and result.winners
    assert result.actions > 50


@pytest.mark.parametrize(("mode", "players"), [("standard", 2), ("team", 4), ("tableau-duel", 2)])
def test_search_plays_whole_games(mode: str, players: int) -> None:
    game = new_game(players, seed=2, options=Options(mode=mode))
    seats = [SearchPlayer(1, level=QUICK)] + [
        make_player("heuristic", s) for s in range(2, players + 1)]
    assert play_with(game, seats) > 50
    assert game.state.finished


@pytest.mark.parametrize("strategy", ["heuristic", "search"])
def test_seeded_games_are_reproducible(strategy: str) -> None:
    def actions() -> list[str]:
        spec = ArenaGame(3, 21, (strategy, "heuristic", "random"), level=QUICK)
        game = new_game(3, seed=21)
        from obsession_nb.practice.arena import seat_players

        play_with(game, seat_players(spec))
        return [e.action for e in game.log]

    assert actions() == actions()


def test_heuristic_beats_random_on_a_few_seeded_games() -> None:
    """Not the bench's figure (bench/arena.py): a check that it plays to win at all."""
    results = arena(4, 4, ["heuristic", "random"], seed=5, progress=False)
    assert standings(results)["heuristic"]["wins"] >= 2


def test_the_sample_keeps_what_the_seat_sees_and_deals_the_rest_again() -> None:
    game = mid_game()
    seat = game.state.turn.player
    real = game.state
    guess = sample(game.table, seat, random.Random(1)).state
    assert guess.players[seat] == real.players[seat]
    for field in ("money", "reputation", "servants", "organiser", "discard"):
        assert [getattr(p, field) for p in guess.players] == [getattr(p, field) for p in real.players]
    assert [len(p.hand) for p in guess.players] == [len(p.hand) for p in real.players]
    assert guess.supply.market == real.supply.market
    assert sorted(guess.supply.bag) == sorted(real.supply.bag)

    def hidden(state: State) -> Counter[str]:
        cards = Counter(state.supply.casual_deck + state.supply.prestige_deck)
        for i, p in enumerate(state.players):
            if i != seat:
                cards.update(c for c in p.hand if game.table.card(c).deck in ("casual", "starter", "prestige"))
        return cards

    assert hidden(guess) == hidden(real)
    assert guess.supply.casual_deck != real.supply.casual_deck
    assert guess.chance.seed != real.chance.seed


def test_the_sample_does_not_depend_on_the_hidden_cards() -> None:
    game = mid_game()
    seat = game.state.turn.player
    other = permuted(game, seat, 9)
    assert other.to_json() != game.to_json()
    one = sample(game.table, seat, random.Random(4)).state.model_dump_json()
    two = sample(other.table, seat, random.Random(4)).state.model_dump_json()
    assert one == two


@pytest.mark.parametrize("strategy", ["heuristic", "search"])
def test_the_choice_stays_the_same_when_the_hidden_cards_are_permuted(strategy: str) -> None:
    for seed, round_ in ((3, 4), (8, 6)):
        game = mid_game(seed=seed, round_=round_)
        seat = game.state.turn.player
        choices = set()
        values = set()
        for permutation in (None, 1, 2):
            g = game if permutation is None else permuted(game, seat, permutation)
            player = make_player(strategy, 5, **({"level": QUICK} if strategy == "search" else {}))
            choices.add(player.choose(g).notation)
            if isinstance(player, SearchPlayer):
                assert player.last is not None
                values.add(tuple((v.plan, v.tally.mean) for v in player.last.ranked))
            else:
                values.add(tuple(player.considered))
        assert len(choices) == 1
        assert len(values) == 1


def test_the_search_compares_plans_by_mean_margin_with_an_error() -> None:
    game = mid_game()
    seat = game.state.turn.player
    found = best_plans(game.table, seat, level=QUICK, seed=1)
    assert len(found.ranked) >= 2
    assert all(v.tally.n >= 1 and v.estimate.stderr >= 0 for v in found.ranked)
    assert found.best.tally.n >= 2
    assert game.to_json() == mid_game().to_json()  # the game itself is untouched


def test_the_action_budget_gives_the_same_comparison_every_time() -> None:
    """The budget counts engine actions, not seconds, so the same seed gives the same values
    on any machine; a bigger budget plays more."""
    game = mid_game()
    seat = game.state.turn.player

    def values(budget: int) -> tuple[list[tuple[object, float, int]], int]:
        found = best_plans(game.table, seat, level=Level("b", budget, 6), seed=7)
        return [(v.plan, v.tally.mean, v.tally.n) for v in found.ranked], found.spent

    small, spent_small = values(200)
    assert values(200) == (small, spent_small)
    big, spent_big = values(3000)
    assert spent_big > spent_small
    assert sum(n for _p, _m, n in big) > sum(n for _p, _m, n in small)


def test_a_value_from_one_playout_claims_no_error() -> None:
    assert str(Estimate(2.5, 0.0, 1)) == "+2.5 (1 playout)"
    assert str(Estimate(-1.25, 0.5, 3)) == "-1.2 ± 0.5"


def test_margin_is_own_value_against_the_best_other_seat() -> None:
    game = mid_game()
    margins = [margin(game.table, s) for s in range(4)]
    assert max(margins) >= 0 and min(margins) <= 0
    assert sum(m > 0 for m in margins) <= 1
    leader = max(range(4), key=lambda s: margins[s])
    second = sorted(margins)[-2]
    assert margins[leader] == pytest.approx(-second)


def test_lineups_and_intervals() -> None:
    assert lineup(["search", "heuristic"], 4) == ("search", "heuristic", "heuristic", "heuristic")
    with pytest.raises(ValueError, match="unknown strategy 'clever'"):
        lineup(["clever"], 4)
    with pytest.raises(ValueError, match="3 strategies for 2 seats"):
        lineup(["random"] * 3, 2)
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and round(hi - lo, 2) == 0.19
    assert wilson(0, 10)[0] == 0.0


def test_arena_results_are_the_same_on_any_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    serial = arena(3, 2, ["heuristic", "random"], seed=8, progress=False)
    with ThreadPoolExecutor(2) as pool:
        pooled = arena(3, 2, ["heuristic", "random"], seed=8, executor=pool, progress=False)
    assert pooled == serial
    assert [r.seats for r in serial] == [("heuristic", "random"), ("random", "heuristic"),
                                         ("heuristic", "random")]


def board_choices(mode: str, players: int, seats: tuple[str, ...], seed: int) -> dict[int, str | None]:
    """Each seat's family board once the boards are chosen, every seat played by its AI."""
    game = new_game(players, seed=seed, options=Options(mode=mode))
    ai = [make_player(name, seed * 8 + s) for s, name in enumerate(seats)]
    while any(p.family is None for p in game.state.players):
        game.apply(ai[game.pending()["owner"]].choose(game))
    return dict(enumerate(p.family for p in game.state.players))


@pytest.mark.rule("tableau.end")
@pytest.mark.parametrize(("mode", "players"), [("tableau", 3), ("tableau-duel", 2)])
def test_in_a_race_to_max_the_search_takes_the_board_that_starts_furthest_up(
        mode: str, players: int) -> None:
    """Choosing first (or second), the search takes Cavendish, reputation position 4, which the
    heuristic's order leaves to the first player; a heuristic seat in its place does not."""
    for seed in range(4):
        first = new_game(players, seed=seed, options=Options(mode=mode)).state.first_player
        chooser = (first + 1) % players  # the first to choose (setup.family-choice)
        seats = tuple("search" if s == chooser else "heuristic" for s in range(players))
        assert board_choices(mode, players, seats, seed)[chooser] == "cavendish"
        heuristics = ("heuristic",) * players
        assert board_choices(mode, players, heuristics, seed)[chooser] != "cavendish"


def test_outside_a_race_the_search_chooses_boards_as_the_heuristic_does() -> None:
    for seed in range(3):
        seats = ("search", "heuristic", "heuristic", "heuristic")
        assert (board_choices("standard", 4, seats, seed)
                == board_choices("standard", 4, ("heuristic",) * 4, seed))
