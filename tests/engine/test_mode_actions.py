"""Modes own their words (issue 48 item 3, issue 47 item 11): a mode's action kinds live in its
package (``modes/<mode>/actions.py``), registered through ``Mode.handlers``; the notation reads
them in any game, and every mode that did not register a kind refuses it, naming the rule of
the mode that did, with the position unchanged."""

from __future__ import annotations

from typing import get_type_hints

import pytest
from mode_games import Kind, start

from obsession_nb.data.rules import IllegalAction
from obsession_nb.engine.game import Game
from obsession_nb.engine.mode import mode_named
from obsession_nb.engine.records.notation import action_types, parse
from obsession_nb.engine.records.registry import RECORDS, ModeSlot, mode_records, registered
from obsession_nb.engine.records.state import State
from obsession_nb.modes.solo.actions import DiscardTile
from obsession_nb.modes.team.actions import AskGift

NOT_SOLO = [Kind("team", 4), Kind("tableau", 3), Kind("tableau-duel", 2),
            Kind("classic-solo", 1), Kind("standard", 3)]


def at_buy_step(kind: Kind, seed: int = 7) -> Game:
    """A seeded game of ``kind`` at a purchase (step 7) whose player owns a tile not hosted
    this turn: where the Solo Estate Challenge would let a tile be discarded."""
    game, player = start(kind, seed)
    for _ in range(3000):
        turn = game.state.turn
        if turn is not None and turn.step == "buy" and any(
                owned.tile != turn.tile for owned in game.table.me.organiser):
            return game
        game.apply(player.choose(game))
    raise AssertionError(f"{kind}: no purchase step reached")


@pytest.mark.parametrize("kind", NOT_SOLO, ids=str)
def test_solo_sec_discard_tile_is_refused_in_every_mode_but_the_solo_estate_challenge(
        kind: Kind) -> None:
    game = at_buy_step(kind)
    turn = game.state.turn
    tile = next(o.tile for o in game.table.me.organiser if o.tile != turn.tile)
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(f"discard-tile {tile}")
    assert [r.rule for r in refused.value.rulings] == ["solo.sec.overview"]
    assert "Solo Estate Challenge" in str(refused.value)
    assert game.to_json() == before and game.state.turn.step == "buy"
    assert game.table.me.owned(tile) is not None  # the tile is still in the estate
    assert not game.check(f"discard-tile {tile}").legal


def test_solo_sec_discard_tile_is_the_solo_estate_challenges_own_kind() -> None:
    """In the solo challenge the kind is its own: its verifier answers (solo.sec.tableau-limit
    and the rest), never the refusal of a kind from another mode."""
    game = at_buy_step(Kind("solo-estate-challenge", 1))
    turn = game.state.turn
    tile = next(o.tile for o in game.table.me.organiser if o.tile != turn.tile)
    verdict = game.check(f"discard-tile {tile}")
    assert "solo.sec.overview" not in [r.rule for r in verdict.rulings]
    assert DiscardTile in mode_named("solo-estate-challenge").handlers


def test_team_format_team_requests_are_refused_outside_team_play() -> None:
    game = at_buy_step(Kind("standard", 3))
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply("ask-gift 100")
    assert [r.rule for r in refused.value.rulings] == ["team.format"]
    assert game.to_json() == before


def test_every_kind_a_mode_registers_is_read_by_the_notation_in_any_game() -> None:
    """The core never imports a mode, yet ``parse`` reads every mode's verbs (found through
    the modes' registrations by name) and only those modes list them."""
    assert type(parse("ask-gift 100")) is AskGift and type(parse("discard-tile barn")) is DiscardTile
    for name in registered():
        for kind in mode_named(name).handlers:
            assert action_types()[kind.verb] is kind


def test_each_mode_field_of_a_position_is_read_as_the_record_its_mode_registers() -> None:
    """``State``'s mode fields load their record class from ``RECORDS`` (the mode's records
    module alone, so that reading a standard game's file loads no mode): the same classes the
    modes register in ``Mode.records``, for every field marked ``ModeSlot``."""
    registered_records = {field: cls for name in registered()
                          for field, cls in mode_named(name).records.items()}
    assert mode_records() == registered_records
    hints = get_type_hints(State, include_extras=True)
    slots = {name for name, hint in hints.items()
             if any(isinstance(m, ModeSlot) for m in getattr(hint, "__metadata__", ()))}
    assert set(RECORDS) == slots
