"""The ``search`` Solo Estate Challenge player (modes/solo/players/search.py): it plays only legal actions
to the end of a seeded game, the same game for a seed, and its decisions never depend on the real
future d20 rolls (solo.sec.scavenge) or the real order of the hidden decks.  No timing or win-rate
assertions (bench/solo_strategy.py and bench/solo_oracle.py measure those)."""

from __future__ import annotations

import pytest

from obsession_nb.engine.game import Game
from obsession_nb.engine.table import Table
from obsession_nb.modes.solo.game import STRATEGIES, make_player, new_solo_game, play_solo
from obsession_nb.modes.solo.players.search import HIDDEN_DECKS, SearchSolo, sample
from obsession_nb.modes.solo.players.values import trial_copy


def start(seed: int = 5) -> Game:
    return new_solo_game(seed, family="ponsonby", servant="useful_man")


def other_future(game: Game) -> Game:
    """The same position with other future dice: another chance seed and draw count, pinned
    d20 rolls, and the hidden decks in reverse order."""
    table = trial_copy(game.table)
    chance = table.state.chance
    chance.seed += 12345
    chance.draws += 7
    chance.next_rolls = [1, 20, 7, 13, 2, 2, 18]
    supply = table.state.supply
    for name in HIDDEN_DECKS:
        setattr(supply, name, list(reversed(getattr(supply, name))))
    return Game(table)


def test_search_is_a_registered_strategy() -> None:
    assert "search" in STRATEGIES
    assert isinstance(make_player("search", 3), SearchSolo)


def test_a_sample_guesses_the_future_chance_solo_sec_scavenge() -> None:
    game = start()
    changed = other_future(game)
    assert changed.state.model_dump_json() != game.state.model_dump_json()
    one, two = sample(game.table, 99), sample(changed.table, 99)
    assert one.state.model_dump_json() == two.state.model_dump_json()
    assert one.state.chance.next_rolls == [] and one.state.chance.seed == 99
    assert sorted(one.state.supply.casual_deck) == sorted(game.state.supply.casual_deck)
    # the position itself is untouched
    assert changed.state.chance.next_rolls == [1, 20, 7, 13, 2, 2, 18]


def first_decisions(game: Game, player: SearchSolo) -> tuple[str, str | None, bool]:
    action = player.choose(game)
    assert action is not None
    return action.notation, player.plan, player.frugal


def judged_turns(game: Game, player: SearchSolo) -> list[tuple[object, float]]:
    """Every whole turn the search tries from this position, with what it judged it worth."""
    return [(move, round(player.worth(end), 6))
            for move, end in player.turns(player.root(game.table))]


@pytest.mark.parametrize("seed", [5, 11])
def test_search_decisions_ignore_the_real_future_dice_solo_sec_scavenge(seed: int) -> None:
    game = start(seed)
    changed = other_future(game)
    assert first_decisions(game, SearchSolo(3)) == first_decisions(changed, SearchSolo(3))
    # every turn tried is judged the same: the search never saw the scavenging to come ...
    assert judged_turns(game, SearchSolo(3)) == judged_turns(changed, SearchSolo(3))
    # ... which the peeking bound (bench/solo_oracle.py) does see
    peeking = SearchSolo(3, honest=False)
    assert judged_turns(game, peeking) != judged_turns(changed, peeking)


def test_search_purchases_ignore_the_real_future_dice_solo_sec_buying() -> None:
    game = start(5)
    player = SearchSolo(3)
    # play the first turn up to step 7 (buy)
    while game.state.turn.step != "buy":
        game.apply(player.choose(game))
    changed = other_future(game)
    assert SearchSolo(3).buy(game.table) == SearchSolo(3).buy(changed.table)


def test_the_bound_sees_the_real_dice_but_a_player_does_not() -> None:
    game = start(5)
    peeking = SearchSolo(3, honest=False).root(game.table)
    honest = SearchSolo(3).root(game.table)
    assert peeking.state.chance == game.state.chance
    assert honest.state.chance != game.state.chance
    assert isinstance(peeking, Table) and peeking is not game.table


def test_search_plays_a_seeded_game_to_the_end_with_legal_actions_solo_sec_end_conditions() -> None:
    # logged play goes through Game.apply, which refuses an illegal action with its rule
    run = play_solo(4, strategy="search")
    assert run.game.state.finished and run.result.finished
    assert run.result.verdict in ("won", "lost")
    # the search judges a finished line by its final score against the target
    assert SearchSolo(4).worth(run.game.table) == run.result.adjusted
    again = play_solo(4, strategy="search", logged=False)
    assert again.actions == run.actions
    assert again.result.to_json() == run.result.to_json()
