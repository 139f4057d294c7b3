"""The provenance table: how many guest cards and tiles in play are stand-ins or carry values no
source states (catalog conventions; shown beside the solo odds in tutorials 05 and 09)."""

from __future__ import annotations

import pytest

import obsession_nb as onb
from obsession_nb.engine.positions.provenance import cards_in_play, tiles_in_play
from obsession_nb.tutor.solo_odds import default_start


@pytest.fixture(scope="module")
def solo() -> onb.Game:
    return default_start(False)(0)


@pytest.mark.rule("ruling.component-counts")
def test_every_component_in_play_is_counted_once_as_standin_unverified_or_verified(solo) -> None:
    frame = solo.provenance()
    for group in ("guest cards", "tiles"):
        row = frame.loc[group]
        assert row["in play"] > 0
        assert row["stand-ins"] + row["with an unverified value"] + row["verified"] == row["in play"]


def test_standins_are_the_components_named_as_standins(solo) -> None:
    """The catalog names every invented component ``standin-…``: the count agrees with the names."""
    frame = solo.provenance()
    assert frame.loc["guest cards", "stand-ins"] == sum(
        c.startswith("standin-") for c in cards_in_play(solo.table))
    assert frame.loc["tiles", "stand-ins"] == sum(
        t.startswith("standin-") for t in tiles_in_play(solo.table))


def test_copies_are_counted_where_they_are() -> None:
    game = onb.load_position("refresher-round-6")
    before = game.provenance().loc["guest cards", "in play"]
    me = game.state.players[game.state.turn.player]
    me.hand.append(game.state.supply.casual_deck.pop(0))  # a card drawn: still in play
    assert game.provenance().loc["guest cards", "in play"] == before
    game.state.supply.casual_deck.pop(0)  # a card out of the game
    assert game.provenance().loc["guest cards", "in play"] == before - 1


def test_the_fields_most_often_unverified_are_named_with_their_counts(solo) -> None:
    text = solo.provenance().loc["tiles", "most often unverified"]
    named = [part.rsplit(" (", 1) for part in text.split(", ")]
    counts = [int(n.rstrip(")")) for _, n in named]
    assert len(named) == 3 and counts == sorted(counts, reverse=True) and counts[0] > 0
