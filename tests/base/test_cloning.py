"""``clone()`` copies a position: equal to it, sharing no mutable part; its key is equal exactly
when the position is (obsession_nb/base/cloning.py)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, field
from typing import Any

import pytest

from obsession_nb import load_scenario
from obsession_nb.base.cloning import keyer
from obsession_nb.engine.game import Game, new_game
from obsession_nb.engine.records.options import Options
from obsession_nb.engine.records.record import Record, record
from obsession_nb.engine.records.state import OwnedTile, Player, State, Turn
from obsession_nb.modes.classic.game import new_classic_game
from obsession_nb.modes.solo.game import new_solo_game
from obsession_nb.players.random_player import RandomPlayer

GAMES = [  # players, options: every mode, so that each mode's records are met
    (4, {}),
    (3, {"length": "extended", "objectives": "milestones"}),
    (2, {"mode": "tableau-duel"}),
    (3, {"mode": "tableau"}),
    (4, {"mode": "team"}),
    (1, "classic"),
    (1, "solo"),
]


def shared_mutables(a: Any, b: Any, path: str = "state") -> list[str]:
    """Paths where the copy ``b`` holds the very same mutable object as ``a``."""
    if isinstance(a, Record):
        frozen = type(a).__dataclass_params__.frozen  # type: ignore[attr-defined]
        found = [] if frozen or a is not b else [path]
        for name in type(a).model_fields:
            found += shared_mutables(getattr(a, name), getattr(b, name), f"{path}.{name}")
        return found
    if isinstance(a, list | dict):
        found = [path] if a is b else []
        pairs = zip(a.values(), b.values(), strict=True) if isinstance(a, dict) else zip(
            a, b, strict=True)
        for i, (x, y) in enumerate(pairs):
            found += shared_mutables(x, y, f"{path}[{i}]")
        return found
    assert not isinstance(a, set), path
    return []


def assert_clone(state: State) -> None:
    copy = state.clone()
    assert type(copy) is State
    assert copy == state
    assert copy.model_dump_json() == state.model_dump_json()
    assert shared_mutables(state, copy) == []
    assert hash(keyer(State)(copy)) == hash(keyer(State)(state))


def play(players: int, options: dict[str, Any] | str, seed: int = 3) -> Game:
    if options == "classic":
        return new_classic_game(seed)
    if options == "solo":
        return new_solo_game(seed)
    return new_game(players, seed=seed, options=Options(**options))


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_a_clone_equals_its_position_and_shares_nothing_mutable(
        players: int, options: dict[str, Any] | str) -> None:
    game = play(players, options)
    chooser = RandomPlayer(3)
    decisions = 0
    met: dict[tuple[Any, ...], str] = {}  # every position's key, and its JSON
    while not game.state.finished and decisions < 2000:
        if decisions % 5 == 0:
            assert_clone(game.state)
        text = game.to_json()
        assert met.setdefault(keyer(State)(game.state), text) == text  # equal keys: equal
        action = chooser.choose(game)
        assert action is not None
        game.apply(action)
        decisions += 1
    assert_clone(game.state)
    assert decisions > 20
    assert len(met) == len(set(met.values()))  # different positions: different keys


@pytest.mark.parametrize("name", ["howard-supplemental-service", "team-play-4p",
                                  "solo-scavenge-roll-6", "servant-draft-5p"])
def test_packaged_scenarios_clone(name: str) -> None:
    assert_clone(load_scenario(name).state)


def test_a_change_to_the_clone_leaves_the_position_alone() -> None:
    game = load_scenario("refresher-round-6")
    before = game.to_json()
    copy = game.state.clone()
    copy.players[0].hand.append("x")
    copy.players[0].servants.available.clear()
    copy.supply.market[0].append("y")
    copy.supply.servants_for_hire.clear()
    copy.players[0].flip(copy.players[0].organiser[0].tile)
    copy.turn.guests.append("z")  # type: ignore[union-attr]
    assert game.to_json() == before


def test_options_unions_are_copied_by_their_runtime_kind() -> None:
    options = Options(teams=[[0, 2], [1, 3]], monuments=["sculpture-garden"],
                      intensive_service="standard", milestones="random")
    copy = options.clone()
    assert copy == options and shared_mutables(options, copy) == []
    assert copy.intensive_service == "standard" and copy.milestones == "random"


def test_organiser_tiles_are_values_turned_over_by_flip() -> None:
    player = Player(name="Ted", organiser=[OwnedTile(tile="butlers-room")])
    tile = player.organiser[0]
    with pytest.raises(FrozenInstanceError):
        tile.flipped = True  # type: ignore[misc]
    assert tile.clone() is tile  # a value: shared, never copied
    assert player.flip("butlers-room") == OwnedTile(tile="butlers-room", flipped=True)
    assert player.organiser[0].flipped and not tile.flipped
    assert not player.flip("butlers-room", False).flipped


def test_a_key_leaves_out_the_fields_named() -> None:
    turn = Turn(player=1, guests=["a", "b"], tile="gazebo")
    key = keyer(Turn, frozenset({"guests"}))
    assert key(turn) == key(Turn(player=1, guests=["b"], tile="gazebo"))
    assert key(turn) != key(Turn(player=2, guests=["a", "b"], tile="gazebo"))
    assert keyer(Turn)(turn) != keyer(Turn)(Turn(player=1, guests=["b", "a"], tile="gazebo"))


def test_a_field_it_cannot_copy_is_refused_by_name() -> None:
    @record
    class Tagged(Record):
        tags: set[str] = field(default_factory=set)

    with pytest.raises(TypeError, match=r"Tagged\.tags: cannot copy"):
        Tagged().clone()
    with pytest.raises(TypeError, match=r"Tagged\.tags: cannot copy"):
        keyer(Tagged)


def test_a_frozen_record_with_a_mutable_field_is_refused() -> None:
    @record(frozen=True)
    class Hand(Record):
        cards: list[str] = field(default_factory=list)

    with pytest.raises(TypeError, match="Hand: a frozen record with mutable fields"):
        Hand(cards=["a"]).clone()


def records_in(value: Any) -> list[Any]:
    """Every record inside a value (itself included)."""
    if isinstance(value, Record):
        return [value, *(r for name in type(value).model_fields
                         for r in records_in(getattr(value, name)))]
    if isinstance(value, list | dict):
        return [r for x in (value.values() if isinstance(value, dict) else value)
                for r in records_in(x)]
    return []


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_every_record_of_a_position_is_slotted(players: int, options: dict[str, Any] | str
                                               ) -> None:
    """The compact layer (issue 25 item 4): no record of a position carries a ``__dict__``,
    in any mode."""
    game = play(players, options)
    chooser = RandomPlayer(3)
    for _ in range(60):
        if game.state.finished:
            break
        game.apply(chooser.choose(game))
    found = records_in(game.state)
    assert len({type(r) for r in found}) >= 6
    assert [type(r).__name__ for r in found if hasattr(r, "__dict__")] == []


def test_records_a_caller_builds_are_still_checked() -> None:
    """Pydantic validates at the boundary: a record made from outside is checked field by
    field; one the engine builds from trusted values (``model_construct``) is not."""
    with pytest.raises(ValueError, match="length"):
        Options(length="short")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="name"):
        Player(name="")
    assert Turn.model_construct(player=2).guests == []


def test_a_trusted_record_takes_its_defaults_and_nothing_unknown() -> None:
    """``model_construct`` (a constructor written per record class): the fields not given take
    their defaults, each list a new one; a frozen record is built too and stays frozen; a name
    that is no field is refused rather than dropped."""
    first, second = Turn.model_construct(player=2), Turn.model_construct(player=3)
    assert first == Turn(player=2)
    assert first.guests == [] and first.guests is not second.guests
    tile = OwnedTile.model_construct(tile="library")
    assert tile == OwnedTile(tile="library") and tile.flipped is False
    with pytest.raises(FrozenInstanceError):
        tile.flipped = True  # type: ignore[misc]
    with pytest.raises(TypeError, match="gests"):
        Turn.model_construct(player=1, gests=["x"])
