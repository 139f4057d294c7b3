"""The AI's remembered seat totals (practice/scores.py) are the scoresheet's (scoring.totals)."""

from __future__ import annotations

import pytest
from mode_games import GROUPS, Kind, start

from obsession_nb.engine.game import Game
from obsession_nb.engine.scoring import WEALTH_UNIT, score, totals
from obsession_nb.engine.table import Table
from obsession_nb.practice import scores
from obsession_nb.practice.scores import seat_totals
from obsession_nb.practice.turn_plan import sheet

KINDS = [GROUPS["standard"][0], GROUPS["standard"][-1], *GROUPS["team"][:1],
         *GROUPS["tableau"][:1], *GROUPS["tableau-duel"], *[k for k in GROUPS["variants"]
                                   if any(s.startswith(("objectives=milestones",
                                                        "prestige_guest_limit")) for s in
                                          k.settings)]]


def played(kind: Kind, seed: int, actions: int) -> Game:
    """A seeded random game of ``kind`` after ``actions`` actions (or at its end)."""
    game, player = start(kind, seed)
    for _ in range(actions):
        if game.state.finished:
            break
        game.apply(player.choose(game))
    return game


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_remembered_totals_are_the_scoresheets_at_every_decision(kind: Kind) -> None:
    """At every decision of a seeded game (guests mid-activity, milestones, the six-guest
    limit, team play, Tableau's own sheet), asked twice: the second answer comes from memory."""
    scores._TOTALS.clear()
    game, player = start(kind, 7)
    checked = 0
    while not game.state.finished and checked < 400:
        expected = totals(game.table)
        assert seat_totals(game.table) == expected
        assert seat_totals(game.table) == expected
        game.apply(player.choose(game))
        checked += 1
    assert seat_totals(game.table) == totals(game.table)


@pytest.mark.parametrize("kind", [GROUPS["standard"][2], GROUPS["team"][0],
                                  GROUPS["tableau"][1], GROUPS["tableau-duel"][0]], ids=str)
def test_a_change_to_one_seat_is_scored_again_and_the_others_are_remembered(kind: Kind) -> None:
    """The standard sheet, a partner's own sheet in team play and Tableau's line of a seat
    (Mode.seat_score) are remembered seat by seat."""
    table = played(kind, 3, 120).table
    before = seat_totals(table)
    copy = Table(table.state.clone(), table.catalog)
    player = copy.state.players[1]
    if kind.mode.startswith("tableau"):  # tableau.scoring: money does not count, reputation does
        player.reputation += 5  # one level up
    else:
        player.money += 5 * WEALTH_UNIT  # five more wealth points, seat 1 only
    remembered = len(scores._TOTALS)
    after = seat_totals(copy)
    assert after == totals(copy)
    assert after[1] != before[1]
    assert {s: v for s, v in after.items() if s != 1} == {
        s: v for s, v in before.items() if s != 1}
    assert len(scores._TOTALS) == remembered + 1  # only seat 1 was scored again


def test_the_same_estates_under_other_options_are_scored_again() -> None:
    """With the six-prestige-guest limit on, a seventh prestige guest costs VP
    (option.six-prestige-guest-limit): the same player records score differently, and the
    memory must not answer for the other option."""
    table = played(GROUPS["standard"][0], 5, 100).table
    prestige = [c.id for c in table.catalog.gentry.values() if c.deck == "prestige"][:8]
    table.state.players[0].hand = prestige
    table.state.options.prestige_guest_limit = False
    limited = Table(table.state.clone(), table.catalog)
    limited.state.options.prestige_guest_limit = True
    assert totals(limited) != totals(table)
    assert seat_totals(table) == totals(table)
    assert seat_totals(limited) == totals(limited)


@pytest.mark.parametrize("kind", [GROUPS["standard"][2], GROUPS["team"][0],
                                  GROUPS["tableau"][1]], ids=str)
def test_a_copy_scored_like_its_original_keys_only_the_seat_that_changed(
        kind: Kind, monkeypatch: pytest.MonkeyPatch) -> None:
    """``like``: a purchase tried on a copy keeps the totals of the seats it left alone, their
    records compared rather than keyed; the answer is still the scoresheet's."""
    table = played(kind, 4, 120).table
    before = seat_totals(table)
    copy = Table(table.state.clone(), table.catalog)
    last = len(copy.state.players) - 1
    copy.state.players[last].reputation += 5  # one level up, the last seat only
    keyed: list[str] = []
    player_key = scores._player_key
    monkeypatch.setattr(scores, "_player_key", lambda p: keyed.append(p.name) or player_key(p))
    after = seat_totals(copy, like=(table, before))
    assert after == totals(copy)
    assert after[last] != before[last]
    assert keyed == [copy.state.players[last].name]
    keyed.clear()
    copy.state.options.prestige_guest_limit = not copy.state.options.prestige_guest_limit
    assert seat_totals(copy, like=(table, before)) == totals(copy)
    assert len(keyed) == len(copy.state.players)  # other options: no seat kept


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_a_playouts_sheet_is_the_seats_line_of_the_scoresheet(kind: Kind) -> None:
    """``turn_plan.sheet`` reads the line its margin remembered (``scores.seat_line``): the
    categories of the seat's line on the mode's scoresheet, numbers as floats."""
    table = played(kind, 6, 150).table
    for line in score(table).players:
        assert sheet(table, line.seat) == {k: float(v) for k, v in line.categories.items()}
