"""Move generation against its oracle (issue 25): at every decision, the legal actions the
generator lists (``engine.legal_actions``, obsession_nb/engine/turn/movegen.py) are exactly the candidates
the verifiers allow, in the same order — on the golden playthroughs, the packaged scenarios and
seeded random games of every mode.  The oracle verifies each candidate in full, as the engine
listed its choices before move generation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from mode_games import GROUPS, Kind, start

from obsession_nb import Game, load_json, load_position, new_game
from obsession_nb.base.resources import content_dir
from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.records import actions as a
from obsession_nb.engine.records.actions import Action
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.turn import dispatch as engine
from obsession_nb.modes.classic.game import new_classic_game
from obsession_nb.modes.classic.strategy import make_player as classic_player
from obsession_nb.modes.solo.actions import BuyInto
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.modes.solo.players.strategy import RandomSolo
from obsession_nb.players.random_player import RandomPlayer

MAX_ACTIONS = 3_000


def verified(game: Game) -> list[Action]:
    """The oracle: every candidate that passes its verifier, in the candidates' order."""
    table = game.table
    if table.state.turn is None:
        return []
    result = []
    with table.reading():
        for action in dict.fromkeys(engine.candidates(table)):
            try:
                engine.verify(table, action)
            except IllegalAction:
                continue
            result.append(action)
    return result


def agrees(game: Game, where: str) -> list[Action]:
    """Assert the generator matches the oracle here; the generator's list."""
    generated = game.legal_actions()
    expected = verified(game)
    assert [x.notation for x in generated] == [x.notation for x in expected], (
        f"{where}: {game.pending()['prompt']}: generated only "
        f"{sorted({x.notation for x in generated} - {x.notation for x in expected})}, verified "
        f"only {sorted({x.notation for x in expected} - {x.notation for x in generated})}")
    return generated


def play_checked(game: Game, choose: Callable[[Game], Action | None], where: str) -> int:
    """Play to the end, comparing at every decision; the number of decisions compared."""
    decisions = 0
    while not game.state.finished and decisions < MAX_ACTIONS:
        agrees(game, f"{where}, decision {decisions}")
        decisions += 1
        action = choose(game)
        assert action is not None, f"{where}: no legal action"
        game.apply(action)
    assert game.state.finished, f"{where}: not finished after {MAX_ACTIONS} decisions"
    assert agrees(game, f"{where}, the end") == []
    return decisions


SCENARIOS = sorted(p.stem for p in (content_dir() / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("name", SCENARIOS)
def test_generator_equals_oracle_on_every_recorded_step_of_a_scenario(name: str) -> None:
    """The golden playthroughs are the worked scenarios: every recorded step, then the end."""
    game = load_position(content_dir() / "scenarios" / f"{name}.yaml")
    for i, action in enumerate(game.recorded):
        agrees(game, f"{name}, step {i}")
        game.apply(action)
    agrees(game, f"{name}, after the recorded actions")


STANDARD = [  # players, seed, options
    (2, 101, {}), (3, 102, {}), (4, 103, {}), (5, 104, {}), (6, 105, {}),
    (3, 106, {"length": "extended"}), (4, 107, {"expansion": False}),
    (5, 108, {"expansion": False, "length": "extended"}),
    (4, 109, {"mode": "team", "teams": [[0, 2], [1, 3]]}),
    (6, 110, {"mode": "team", "teams": [[0, 3], [1, 4], [2, 5]]}),
    (3, 111, {"mode": "tableau"}), (2, 112, {"mode": "tableau-duel"}),
]


@pytest.mark.parametrize(("players", "seed", "options"), STANDARD,
                         ids=[f"{p}p-{s}-{'-'.join(map(str, o.values())) or 'standard'}"
                              for p, s, o in STANDARD])
def test_generator_equals_oracle_in_a_seeded_random_game(players: int, seed: int,
                                                         options: dict) -> None:
    game = new_game(players, seed=seed, options=Options(**options))
    player = RandomPlayer(seed)
    assert play_checked(game, player.choose, f"{players}p seed {seed} {options}") > 100


@pytest.mark.parametrize(("players", "seed", "options"), [STANDARD[2], STANDARD[10]])
def test_a_check_kept_while_reading_is_the_oracles_answer(players: int, seed: int,
                                                          options: dict) -> None:
    """``engine.can`` keeps each answer while the position is read (a player's check, then
    play_decided's): asked twice there, and again once an action changed the position, it is
    the oracle's answer for every candidate."""
    game = new_game(players, seed=seed, options=Options(**options))
    player = RandomPlayer(seed)
    table = game.table
    for _ in range(150):
        if game.state.finished:
            break
        expected = set(verified(game))
        with table.reading():
            for action in engine.candidates(table):
                answer = engine.can(table, action)
                assert answer == (action in expected) == engine.can(table, action)
        action = player.choose(game)
        assert action is not None
        game.apply(action)


@pytest.mark.parametrize("seed", [121, 122])
def test_generator_equals_oracle_in_a_solo_estate_challenge(seed: int) -> None:
    game = new_solo_game(seed, extended=seed % 2 == 0)
    assert play_checked(game, RandomSolo(seed).choose, f"solo seed {seed}") > 50


@pytest.mark.parametrize(("seed", "expansion"), [(131, True), (132, False)])
def test_generator_equals_oracle_in_classic_solitaire(seed: int, expansion: bool) -> None:
    game = new_classic_game(seed, "eden", expansion=expansion)
    assert play_checked(game, classic_player("random", seed).choose, f"classic seed {seed}") > 50


def listed(game: Game, action: Action) -> bool:
    """Whether ``game.apply(action)`` would take the trusted fast path now."""
    found = game._listed
    return found is not None and found[0] is game.state and action in found[1]


def test_trusted_fast_path_writes_the_same_log_as_a_full_verification() -> None:
    """An action from the current legal list is applied with the facts its listing found
    (Game._trusted); a copy of the position that never listed its actions verifies in full.
    Both write the same log entries, word for word, at every decision of a seeded game."""
    game = new_game(3, seed=141)
    player = RandomPlayer(141)
    trusted = 0
    while not game.state.finished:
        copy = load_json(game.to_json())
        action = player.choose(game)
        assert action is not None
        trusted += listed(game, action)
        assert game.apply(action) == copy.apply(action)
    assert trusted > 100


def test_an_action_not_listed_now_is_verified_in_full() -> None:
    """A listed action applied after the position moved on, or after an undo, is not trusted:
    it is checked again and refused with its rule, the position unchanged."""
    game = new_game(2, seed=142)
    start = game.snapshot()
    first = game.legal_actions()[0]  # a family, taken by the first seat to choose
    game.apply(first)
    assert not listed(game, first) and not game.check(first).legal
    game.legal_actions()
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.apply(first)
    assert game.to_json() == before
    again = game.legal_actions()[0]
    assert listed(game, again)
    game.restore(start)
    assert not listed(game, again)


@pytest.mark.parametrize("kind", [GROUPS["standard"][2], GROUPS["team"][0],
                                  GROUPS["tableau-duel"][0]], ids=str)
def test_kinds_listed_without_what_is_open_at_any_time_are_the_same(kind: Kind) -> None:
    """A player listing its hosts, guests, purchases or service (kinds never open at any time
    of a turn) gets the same list, in the same order, without the any-time candidates
    (``engine.legal_actions(..., any_time=False)``)."""
    game, player = start(kind, 7)
    found = 0
    for _ in range(400):
        if game.state.finished:
            break
        for kinds in ((a.Host,), (a.Invite,), (a.Buy, BuyInto), (a.Serve, a.Place)):
            listed = engine.legal_actions(game.table, kinds)
            assert engine.legal_actions(game.table, kinds, any_time=False) == listed
            found += bool(listed)
        game.apply(player.choose(game))
    assert found > 20  # hosts, guests, purchases and service were met
